//! A campaign's (or a game's) JSON, as `laager campaign import` reads it. What is accepted
//! must export again and read back the same.
#![no_main]

use laager::store::{campaign_from_json, campaign_to_json, game_from_json, game_to_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(campaign) = campaign_from_json(text) {
        let again = campaign_to_json(&campaign);
        let back = campaign_from_json(&again).expect("an exported campaign imports again");
        assert_eq!(
            campaign_to_json(&back),
            again,
            "export, import, export is stable"
        );
    }
    if let Ok(game) = game_from_json(text) {
        let again = game_to_json(&game);
        let back = game_from_json(&again).expect("an exported game imports again");
        assert_eq!(
            game_to_json(&back),
            again,
            "export, import, export is stable"
        );
    }
});
