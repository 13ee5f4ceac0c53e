//! The Rorke's Drift game's CONDITIONS OF VICTORY proposed from a game's records when it
//! ends (issue 17, deliver 5), for a table laid out for it (`"scenario": "rorkes-drift"`).
//! L1487: "For the Zulus to claim a victory they must have eliminated more than 24 of the
//! British sections and at least two of the command counters. For the British to claim a
//! victory they must have beaten off all the Zulu attacks and not have lost more than 24
//! sections nor more than one of its command counters." The garrison of L1475: "30
//! section counters, 3 white counters, 3 commanders counters".

use laager::Ruleset;
use laager::charts::Charts;
use laager::game::{Event, Game, UnitEdit, UnitId, UnitSpec, propose};
use serde_json::json;

fn unit(id: &str, side: &str, troop_type: &str, class: &str, ff: u32) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId(id.to_owned()),
        name: id.to_owned(),
        side: side.to_owned(),
        troop_type: troop_type.to_owned(),
        initial: ff,
        present: ff,
        class: Some(class.to_owned()),
        strength_note: None,
        formation: None,
    }
}

/// The garrison and two Zulu regiments, on a table laid out for the Rorke's Drift game
/// (`scenario` given) or not.
fn garrison(scenario: bool) -> Game {
    let layout = if scenario {
        json!({ "scenario": "rorkes-drift" })
    } else {
        json!(null)
    };
    let mut game = Game::new(Ruleset::MicroColonial, "Rorke's Drift", layout);
    let mut units: Vec<UnitSpec> = (1..=30)
        .map(|n| {
            unit(
                &format!("section {n}"),
                "british",
                "infantry",
                "european-regular",
                10,
            )
        })
        .collect();
    units.extend((1..=3).map(|n| unit(&format!("white {n}"), "british", "infantry", "other", 5)));
    for name in ["Chard", "Bromhead", "CSM"] {
        units.push(unit(name, "british", "commander", "european-regular", 5));
    }
    units.push(unit("uThulwana", "zulu", "infantry", "fanatic", 300));
    units.push(unit("uDloko", "zulu", "infantry", "fanatic", 300));
    for unit in units {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    game
}

fn remove(game: &mut Game, unit: &str) {
    game.append(Event::Edit {
        edit: UnitEdit::Removed {
            unit_id: UnitId(unit.to_owned()),
        },
    })
    .expect("removed");
}

/// Removes sections 1..=`sections` and the first `commanders` of Chard, Bromhead, CSM.
fn lose(game: &mut Game, sections: usize, commanders: usize) {
    for n in 1..=sections {
        remove(game, &format!("section {n}"));
    }
    for name in ["Chard", "Bromhead", "CSM"].into_iter().take(commanders) {
        remove(game, name);
    }
}

// 25 sections ("more than 24") and 2 command counters ("at least two"): the Zulus win,
// decided by the conditions, their resolution kept.
#[test]
fn more_than_24_sections_and_two_commanders_lost_is_a_zulu_victory() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = garrison(true);
    lose(&mut game, 25, 2);
    let proposal = propose(&game, &charts).expect("Rorke's Drift proposes");
    assert!(proposal.decided);
    assert_eq!(proposal.winner.as_deref(), Some("zulu"));
    assert_eq!(
        proposal.reason,
        "british lost 25 sections and 2 command counters: a Zulu victory"
    );
    assert_eq!(proposal.resolutions.len(), 1);
    assert_eq!(proposal.resolutions[0].procedure, "rd-victory");
}

// The white counters are not sections: losing all three with 24 sections is still 24
// sections lost, not 27 — no Zulu victory.
#[test]
fn white_counters_are_not_sections() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = garrison(true);
    lose(&mut game, 24, 2);
    for n in 1..=3 {
        remove(&mut game, &format!("white {n}"));
    }
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(!proposal.decided);
    assert_eq!(proposal.winner, None);
    assert!(
        proposal
            .reason
            .starts_with("british lost 24 sections and 2 command counters"),
        "{}",
        proposal.reason
    );
}

// 24 sections and one command counter: within the British limits ("not more than 24 …
// nor more than one"), so the British win if every attack was beaten off — which only the
// referee can say: nothing is decided, and the proposal says so.
#[test]
fn within_the_british_limits_the_beaten_off_attacks_are_the_referees_call() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = garrison(true);
    lose(&mut game, 24, 1);
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(!proposal.decided);
    assert_eq!(
        proposal.reason,
        "british lost 24 sections and 1 command counters; if every Zulu attack was beaten off, british win: the referee's call"
    );
}

// 25 sections but one command counter: more than the British may lose, not yet the Zulus'
// two commanders — neither side's conditions decide it.
#[test]
fn between_the_two_conditions_nothing_is_proposed() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = garrison(true);
    lose(&mut game, 25, 1);
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(!proposal.decided);
    assert_eq!(
        proposal.reason,
        "british lost 25 sections and 1 command counters; too many for a British victory, not yet a Zulu one: the referee's call"
    );
}

// Without the scenario the same table is an ordinary Micro Colonial game: DECIDING THE
// WINNER's "at least half of the regular force's infantry" applies. 25 sections and 2
// commanders (class European regular, but commanders are not infantry) are 250 of 300 FF
// of regular infantry: the natives win by that rule, not Rorke's Drift's.
#[test]
fn without_the_scenario_the_basic_game_condition_applies() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = garrison(false);
    lose(&mut game, 25, 2);
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(proposal.decided);
    assert_eq!(proposal.winner.as_deref(), Some("zulu"));
    assert_eq!(
        proposal.reason,
        "zulu destroyed 250 of british' 300 FF of regular infantry: at least half"
    );
}
