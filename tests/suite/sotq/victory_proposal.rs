//! Soldiers of the Queen's Victory Conditions proposed from a game's records when it ends
//! (issue 17, deliver 5). PART 5 B, Isandhlwana Game: "The Zulu player wins if he
//! eliminates all British regular red and blue combat units before he loses 14 of his own
//! combat units. British officers do not count as units for victory purposes. The British
//! Player wins if he eliminates at least 14 Zulu combat units before losing all British
//! regular units. Zulu leaders and the uKhulutshane impi do not count as units for victory
//! purposes." A unit's nationality is its class; `leader` its troop type.

use laager::Ruleset;
use laager::charts::Charts;
use laager::game::{Event, Game, UnitEdit, UnitId, UnitSpec, propose};
use serde_json::json;

fn unit(id: &str, side: &str, troop_type: &str, class: &str) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId(id.to_owned()),
        name: id.to_owned(),
        side: side.to_owned(),
        troop_type: troop_type.to_owned(),
        initial: 4,
        present: 4,
        class: Some(class.to_owned()),
        strength_note: None,
        formation: None,
    }
}

/// Two regular companies, an NNC company and Pulleine (an officer) against twenty Zulu
/// units, a Zulu leader and two units of the uKhulutshane impi.
fn isandhlwana() -> Game {
    let mut game = Game::new(Ruleset::SoldiersOfTheQueen, "Isandhlwana", json!(null));
    let mut units = vec![
        unit("A/1/24", "British", "foot", "regular"),
        unit("F/1/24", "British", "foot", "regular"),
        unit("D/1/1 NNC", "British", "foot", "nnc"),
        unit("Pulleine", "British", "leader", "regular"),
        unit("Ntshingwayo", "Zulus", "leader", "zulu"),
        unit("uKhulutshane 1", "Zulus", "foot", "zulu"),
        unit("uKhulutshane 2", "Zulus", "foot", "zulu"),
    ];
    units.extend((1..=20).map(|n| unit(&format!("Zulu {n}"), "Zulus", "foot", "zulu")));
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

// Both regular companies eliminated with 13 Zulu units lost: the Zulus win. The officer
// still standing and the NNC company do not count ("British officers do not count"; the
// NNC is not a regular unit).
#[test]
fn every_regular_unit_eliminated_is_a_zulu_victory() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = isandhlwana();
    for n in 1..=13 {
        remove(&mut game, &format!("Zulu {n}"));
    }
    remove(&mut game, "A/1/24");
    remove(&mut game, "F/1/24");
    let proposal = propose(&game, &charts).expect("Soldiers of the Queen proposes");
    assert!(proposal.decided);
    assert_eq!(proposal.winner.as_deref(), Some("Zulus"));
    assert_eq!(
        proposal.reason,
        "0 British regular combat units remaining, 13 Zulu combat units eliminated: Zulus win"
    );
    assert_eq!(proposal.resolutions[0].procedure, "victory");
}

// 13 Zulu units, the leader and both uKhulutshane units eliminated: still 13 for victory
// ("Zulu leaders and the uKhulutshane impi do not count"), so play goes on; the 14th
// unit gives the British the game.
#[test]
fn the_fourteenth_zulu_unit_is_a_british_victory_and_leaders_do_not_count() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = isandhlwana();
    for n in 1..=13 {
        remove(&mut game, &format!("Zulu {n}"));
    }
    for other in ["Ntshingwayo", "uKhulutshane 1", "uKhulutshane 2", "A/1/24"] {
        remove(&mut game, other);
    }
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(!proposal.decided);
    assert_eq!(
        proposal.reason,
        "1 British regular combat units remaining, 13 Zulu combat units eliminated: play goes on"
    );
    remove(&mut game, "Zulu 14");
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(proposal.decided);
    assert_eq!(proposal.winner.as_deref(), Some("British"));
}

// The Omdurman Game is won on exits, turns and Victory Points the records do not hold: the
// proposal decides nothing and names the command that works it out.
#[test]
fn the_omdurman_game_is_left_to_the_referee() {
    let charts = Charts::shipped().expect("shipped");
    let mut game = Game::new(Ruleset::SoldiersOfTheQueen, "Omdurman", json!(null));
    for unit in [
        unit("21st Lancers", "British", "cavalry", "regular"),
        unit("Black Flag 1", "Dervishes", "foot", "dervish"),
    ] {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    let proposal = propose(&game, &charts).expect("proposes");
    assert!(!proposal.decided);
    assert!(
        proposal.reason.contains("sotq victory --game omdurman"),
        "{}",
        proposal.reason
    );
}

// The counts themselves, as `laager sotq victory --game isandhlwana --campaign` reads them:
// with 13 Zulu units and both regular companies lost, 0 regulars remain ("British officers
// do not count") and 13 Zulu units are eliminated (the uKhulutshane impi apart); each is
// noted as read from the records, and the resolution's first step says so.
#[test]
fn the_isandhlwana_counts_are_read_from_the_records() {
    use laager::rules::Procedure as _;
    use laager::rules::soldiers_of_the_queen::victory::{Victory, VictoryInput, Winner};
    let mut game = isandhlwana();
    for n in 1..=13 {
        remove(&mut game, &format!("Zulu {n}"));
    }
    remove(&mut game, "uKhulutshane 1");
    let (counts, british, zulus) =
        laager::game::victory::sotq_counts(game.state()).expect("two sides");
    assert_eq!((british.as_str(), zulus.as_str()), ("British", "Zulus"));
    assert_eq!(
        (
            counts.british_regulars_remaining,
            counts.zulu_units_eliminated
        ),
        (2, 13)
    );
    remove(&mut game, "A/1/24");
    remove(&mut game, "F/1/24");
    let (counts, _, _) = laager::game::victory::sotq_counts(game.state()).expect("two sides");
    assert_eq!(counts.british_regulars_remaining, 0);
    let charts = Charts::shipped().expect("shipped tables");
    let mut no_dice = laager::dice::EnteredDice::parse("").expect("no dice");
    let resolution = Victory::resolve(&charts, &VictoryInput::Isandhlwana(counts), &mut no_dice)
        .expect("resolves");
    assert_eq!(resolution.outcome.winner, Winner::Zulu);
    assert!(
        resolution.steps[0]
            .text
            .starts_with("from the records: Zulu units eliminated 13"),
        "{}",
        resolution.steps[0].text
    );
}
