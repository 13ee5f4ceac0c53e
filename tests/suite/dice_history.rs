//! The dice history (issue 18, item 7): every throw of a game's log, newest first, what it
//! was for and by whom, typed or rolled, its faces with their colours, its seed, and the
//! undone ones marked.

use crate::records::{unit, volley};
use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::{DiceChoice, DiceSource, EnteredDice};
use laager::game::{
    AppliedResolution, DiceOrigin, Event, Game, UnitId, apply, dice_history, units_from_layout,
};
use laager::geometry::file;
use laager::resolution::{Colour, Face, Resolution, RollSource};
use laager::rules::situation::{NoRecords, Roles};
use laager::rules::{Request, dba_zulu};
use serde_json::json;
use std::path::Path;

/// A Micro Colonial fire resolution with faces typed from the table.
fn typed_fire(faces: &str, target: &str) -> Event {
    let mut dice = EnteredDice::parse(faces).expect("faces parse");
    let roll = dice
        .throw(&[Some(Colour::Black), Some(Colour::Red)])
        .expect("typed throw");
    let mut resolution =
        Resolution::<()>::new(Ruleset::MicroColonial, "small-arms-fire", "tables-hash-0")
            .with_outcome(laager::rules::Outcome::MicroColonial(
                laager::rules::micro_colonial::Outcome::Fire(
                    laager::rules::micro_colonial::fire::FireOutcome {
                        range_rounded_mm: 200,
                        total: i64::from(0_u32),
                        ff_lost: 0_u32,
                        volley_losses: 0_u32,
                    },
                ),
            ));
    resolution.rolls.push(roll);
    Event::ResolutionApplied(Box::new(AppliedResolution {
        request: None,
        cells: Vec::new(),
        throw: None,
        engine: None,
        inputs: json!({ "procedure": "fire", "units": ["24-a", target] }),
        dice: DiceOrigin::Typed {
            faces: faces.to_owned(),
        },
        resolution,
        effects: Vec::new(),
    }))
}

fn mc_game() -> Game {
    let mut game = Game::new(Ruleset::MicroColonial, "Isandlwana", json!({ "bases": [] }));
    for event in [
        unit("24-a", "British", 100),
        unit("umcijo", "Zulu", 600),
        volley(11, "umcijo", 30),
        Event::MoveAdvanced,
        typed_fire("B4,R2", "umcijo"),
        volley(12, "umcijo", 15),
    ] {
        game.append(event).expect("valid event");
    }
    game
}

#[test]
fn every_throw_is_listed_newest_first_with_its_source_seed_and_coloured_faces() {
    let history = dice_history(&mc_game());
    let seqs: Vec<u64> = history.iter().map(|t| t.seq).collect();
    assert_eq!(seqs, [6, 5, 3]);
    let moves: Vec<u32> = history.iter().map(|t| t.move_number).collect();
    assert_eq!(moves, [2, 2, 1]);

    let typed = &history[1];
    assert_eq!(typed.source, RollSource::Entered);
    assert_eq!(typed.seed, None);
    assert_eq!(
        typed.faces,
        [
            Face {
                face: 4,
                colour: Some(Colour::Black)
            },
            Face {
                face: 2,
                colour: Some(Colour::Red)
            }
        ]
    );
    assert_eq!(typed.faces_text(), "B4 R2");
    assert_eq!(
        (typed.ruleset, typed.procedure.as_str()),
        (Ruleset::MicroColonial, "small-arms-fire")
    );
    assert_eq!(
        typed.units,
        [
            (String::new(), UnitId::from("24-a")),
            (String::new(), UnitId::from("umcijo"))
        ]
    );

    let rolled = &history[2];
    assert_eq!(rolled.source, RollSource::Seeded);
    assert_eq!(rolled.seed, Some(11));
    let colours: Vec<Option<Colour>> = rolled.faces.iter().map(|f| f.colour).collect();
    assert_eq!(colours, [Some(Colour::Black), Some(Colour::Red)]);
    assert!(
        history
            .iter()
            .all(|t| !t.voided && t.index == 1 && t.of == 1)
    );
}

#[test]
fn an_undone_throw_stays_listed_marked_and_a_redo_clears_the_mark() {
    let mut game = mc_game();
    game.undo().expect("undo the last volley");
    let history = dice_history(&game);
    assert_eq!(history.len(), 3, "a voided throw is still listed");
    assert!(history[0].voided);
    assert_eq!(history[0].seed, Some(12));
    assert!(!history[1].voided && !history[2].voided);

    game.redo().expect("redo it");
    assert!(dice_history(&game).iter().all(|t| !t.voided));
}

#[test]
fn an_undone_next_move_no_longer_counts_in_the_moves_of_later_throws() {
    let mut game = mc_game();
    game.undo().expect("undo the volley");
    game.undo().expect("undo the typed fire");
    game.undo().expect("undo the next move");
    game.append(volley(13, "umcijo", 5)).expect("a new volley");
    let history = dice_history(&game);
    assert_eq!(history[0].seed, Some(13));
    assert_eq!(history[0].move_number, 1);
}

#[test]
fn a_game_without_dice_has_no_history() {
    let mut game = Game::new(Ruleset::DbaZulu, "quiet", json!({ "bases": [] }));
    game.append(unit("24-a", "British", 1)).expect("joins");
    game.append(Event::MoveAdvanced).expect("next move");
    assert!(dice_history(&game).is_empty());
}

/// A DBA close combat on the overlap fixture, applied as the desk applies it: the throw
/// names the units in their roles.
#[test]
fn an_applied_dba_combat_names_its_units_in_their_roles() {
    let charts = Charts::shipped().expect("shipped tables");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dba_overlap.json");
    let text = std::fs::read_to_string(path).expect("layout");
    let layout_json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let table = file::read(&text, &charts).layout.expect("layout reads");
    let mut game = Game::new(Ruleset::DbaZulu, "overlap", layout_json.clone());
    for spec in units_from_layout(&table, Ruleset::DbaZulu, Some(&charts)) {
        game.append(Event::UnitAdded { unit: spec }).expect("joins");
    }
    let roles = Roles(vec![
        ("a".into(), "dragoons".into()),
        ("b".into(), "uMbonambi".into()),
    ]);
    let input =
        dba_zulu::situation::combat(&table, &NoRecords, &roles, dba_zulu::CombatKind::Close)
            .expect("situation");
    let request = Request::DbaZulu(dba_zulu::Request::Combat(input));
    let resolution = request
        .resolve_with(&charts, &DiceChoice::Seeded(77))
        .expect("resolves");
    let applied = apply(
        Some(&request),
        &resolution,
        &roles,
        game.state(),
        Some(&table),
    );
    game.append(applied.event).expect("applied");
    let history = dice_history(&game);
    assert!(!history.is_empty());
    let first = &history[0];
    assert_eq!(first.procedure, "combat");
    assert_eq!(first.seed, Some(77));
    assert_eq!(
        first.units,
        [
            ("a".to_owned(), UnitId::from("dragoons")),
            ("b".to_owned(), UnitId::from("uMbonambi"))
        ]
    );
    assert!(first.faces.iter().all(|f| f.colour.is_none()));
}
