//! DECIDING THE WINNER proposed from a game's records when it ends (issue 17, deliver 5):
//! "The native armies will claim a victory if they destroy at least half of the regular
//! force's infantry." The demo's four British regular companies (class European regular,
//! infantry counters) are given 100 FF each by hand: 400 FF of regular infantry against the
//! Fanatics of the zulu side.

use laager::Ruleset;
use laager::charts::Charts;
use laager::game::{Cause, Event, Game, UnitEdit, UnitId, propose, units_from_layout};
use laager::geometry::file;
use serde_json::json;

const COMPANIES: [&str; 4] = ["1/24 A", "1/24 C", "1/24 F", "2/24 G"];

fn demo_game(charts: &Charts) -> Game {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/demos/micro_colonial_isandhlwana.json"
    ))
    .expect("demo");
    let layout = file::read(&text, charts).layout.expect("the demo reads");
    let mut game = Game::new(Ruleset::MicroColonial, "g", json!(null));
    for unit in units_from_layout(&layout, Ruleset::MicroColonial, Some(charts)) {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    for company in COMPANIES {
        game.append(Event::Edit {
            edit: UnitEdit::StrengthSet {
                unit_id: UnitId(company.to_owned()),
                initial: 100,
                present: 100,
            },
        })
        .expect("strength");
    }
    game
}

fn lose(game: &mut Game, unit: &str, amount: u32) {
    game.append(Event::Edit {
        edit: UnitEdit::StrengthChanged {
            unit_id: UnitId(unit.to_owned()),
            amount,
            cause: Cause::Volley,
        },
    })
    .expect("loss");
}

// 199 of 400 FF lost is less than half: the natives have not won, and whether the regulars
// held their start line and beat off every assault the records cannot say — no result yet.
#[test]
fn less_than_half_the_regular_infantry_lost_leaves_the_result_to_the_referee() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = demo_game(&charts);
    lose(&mut game, "1/24 A", 100);
    lose(&mut game, "1/24 C", 99);
    let proposal = propose(&game, &charts).expect("Micro Colonial proposes");
    assert!(!proposal.decided);
    assert_eq!(proposal.winner, None);
    assert_eq!(
        proposal.reason,
        "zulu destroyed 199 of british' 400 FF of regular infantry, less than half; whether british held their start line and beat off every assault is the referee's call"
    );
}

// 200 of 400 is "at least half": the zulu side wins, decided by the condition, its
// resolution kept.
#[test]
fn half_the_regular_infantry_destroyed_is_the_natives_victory() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = demo_game(&charts);
    lose(&mut game, "1/24 A", 100);
    lose(&mut game, "1/24 C", 100);
    let proposal = propose(&game, &charts).expect("Micro Colonial proposes");
    assert!(proposal.decided);
    assert_eq!(proposal.winner.as_deref(), Some("zulu"));
    assert_eq!(proposal.resolutions.len(), 1);
}
