//! The JSON forms of Soldiers of the Queen requests and outcomes: a request written by the
//! log reads back as the same request, spelled as the command line spells it, and a logged
//! resolution reads back with its typed outcome.

use super::{club, dice};
use laager::rules::AnyResolution;
use laager::rules::soldiers_of_the_queen::{
    self as sotq, FireInput, FireOutcome, Firer, Game, IsandhlwanaCounts, Morale, Nationality,
    StackUnit, Target, VictoryInput,
};
use laager::rules::{Outcome, Procedure as _, Request};
use serde_json::json;

fn fire_input() -> FireInput {
    FireInput {
        game: Game::Isandhlwana,
        phase: sotq::Phase::Defensive,
        firers: vec![Firer {
            name: "A/1/24".to_owned(),
            strength: 4,
            weapon: "T".to_owned(),
            range: 3,
            nationality: Nationality::Regular,
            arm: sotq::Arm::Foot,
            mounted: false,
            limbered: false,
            moved: false,
            changed_formation: false,
            out_of_ammo: false,
            pinned: false,
            routed: false,
            rear: false,
            zoc_elsewhere: false,
        }],
        target: Target {
            units: vec![StackUnit {
                name: "uMbonambi".to_owned(),
                morale: Some(Morale::B),
                gun: false,
                zariba: false,
            }],
            ..Target::default()
        },
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    }
}

#[test]
fn a_fire_request_reads_back_from_its_json_spelled_as_on_the_command_line() {
    let request = Request::SoldiersOfTheQueen(sotq::Request::Fire(fire_input()));
    let value = serde_json::to_value(&request).expect("json");
    assert_eq!(value["ruleset"], "soldiers-of-the-queen");
    assert_eq!(value["procedure"], "fire");
    assert_eq!(value["input"]["game"], "isandhlwana");
    assert_eq!(value["input"]["phase"], "defensive");
    assert_eq!(value["input"]["firers"][0]["nationality"], "regular");
    assert_eq!(value["input"]["firers"][0]["arm"], "foot");
    assert_eq!(value["input"]["target"]["units"][0]["morale"], "B");
    let back: Request = serde_json::from_value(value).expect("reads back");
    assert_eq!(back, request);
}

#[test]
fn a_short_request_takes_the_defaults_and_an_unknown_field_is_refused() {
    let short = json!({
        "ruleset": "soldiers-of-the-queen",
        "procedure": "fire",
        "input": {
            "game": "isandhlwana",
            "firers": [{ "name": "A/1/24", "strength": 4, "weapon": "T", "range": 3, "nationality": "regular" }],
            "target": { "units": [{ "name": "uMbonambi", "morale": "B" }] }
        }
    });
    let read: Request = serde_json::from_value(short).expect("defaults fill the rest");
    assert_eq!(
        read,
        Request::SoldiersOfTheQueen(sotq::Request::Fire(fire_input()))
    );
    let victory = json!({
        "ruleset": "soldiers-of-the-queen",
        "procedure": "victory",
        "input": { "game": "isandhlwana", "british_regulars_remaining": 0, "zulu_units_eliminated": 3 }
    });
    let read: Request = serde_json::from_value(victory).expect("victory");
    assert_eq!(
        read,
        Request::SoldiersOfTheQueen(sotq::Request::Victory(VictoryInput::Isandhlwana(
            IsandhlwanaCounts {
                british_regulars_remaining: 0,
                zulu_units_eliminated: 3,
                origins: laager::rules::situation::Origins::default(),
            }
        )))
    );
    let typo = json!({
        "ruleset": "soldiers-of-the-queen",
        "procedure": "range",
        "input": { "from": "0328", "to": "0329", "shifted": "odd" }
    });
    assert!(serde_json::from_value::<Request>(typo).is_err());
}

#[test]
fn a_logged_fire_resolution_reads_back_with_its_typed_outcome() {
    // Test club: 4T at range 3 is the 3-4 column shifted 1L to 1-2; die 4: PN.
    let resolution = sotq::Fire::resolve(&club(), &fire_input(), &mut dice(&[4]))
        .expect("resolves")
        .map_outcome(|o| Outcome::SoldiersOfTheQueen(sotq::Outcome::Fire(o)));
    let text = serde_json::to_string(&resolution).expect("json");
    let back: AnyResolution = serde_json::from_str(&text).expect("reads back");
    assert_eq!(back, resolution);
    let Outcome::SoldiersOfTheQueen(sotq::Outcome::Fire(FireOutcome { result, pinned, .. })) =
        back.outcome
    else {
        panic!("not a typed fire outcome: {:?}", back.outcome);
    };
    assert_eq!(result, sotq::CombatResult::Pin);
    assert!(pinned);
}
