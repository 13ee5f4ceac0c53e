//! The game file is the whole game (issue 17, item 3): the table as played is the layout
//! the game began on with every move, base put down, removal and terrain edit of the log;
//! undo stops at the start of play; the tables in force are recorded and not undone.

use laager::Ruleset;
use laager::game::{Event, Game, GameError, UnitEdit, UnitId, UnitSpec, table_as_played};
use serde_json::json;

fn spec(id: &str, side: &str) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId::from(id),
        name: id.to_owned(),
        side: side.to_owned(),
        troop_type: "zulus".to_owned(),
        initial: 1,
        present: 1,
        class: None,
        strength_note: None,
        formation: None,
    }
}

fn game() -> Game {
    let layout = json!({
        "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
        "table": {"preset": "3x2ft"},
        "units": [
            {"id": "Z1", "side": "zulu", "type": "zulus", "x": 300, "y": 300, "facing": 180},
            {"id": "B1", "side": "british", "type": "british-regulars", "x": 100, "y": 100, "facing": 0}
        ],
        "terrain": []
    });
    let mut game = Game::new(Ruleset::DbaZulu, "g", layout);
    game.append(Event::UnitAdded {
        unit: spec("Z1", "zulu"),
    })
    .expect("joins");
    game.append(Event::UnitAdded {
        unit: spec("B1", "british"),
    })
    .expect("joins");
    game
}

#[test]
fn moves_removals_bases_put_down_and_terrain_make_the_table_as_played() {
    let mut game = game();
    game.append(Event::Edit {
        edit: UnitEdit::Moved {
            unit_id: UnitId::from("Z1"),
            to: json!({"x": 250.0, "y": 200.0, "facing": 90.0}),
        },
    })
    .expect("moves");
    game.append(Event::Edit {
        edit: UnitEdit::Removed {
            unit_id: UnitId::from("B1"),
        },
    })
    .expect("removed");
    game.append(Event::BasePlaced {
        unit: spec("Z2", "zulu"),
        base: json!({"id": "Z2", "side": "zulu", "type": "zulus", "x": 400, "y": 300, "facing": 180}),
    })
    .expect("put down");
    let rocks = json!([{"id": "rocks", "kind": "rough", "polygon": [[0, 0], [30, 0], [30, 30]]}]);
    game.append(Event::TerrainSet {
        terrain: rocks.clone(),
    })
    .expect("terrain");
    let table = table_as_played(&game.layout, game.state());
    let units = table["units"].as_array().expect("units");
    let ids: Vec<&str> = units.iter().filter_map(|u| u["id"].as_str()).collect();
    assert_eq!(ids, ["Z1", "Z2"]);
    assert_eq!(units[0]["x"], 250.0);
    assert_eq!(units[0]["facing"], 90.0);
    assert_eq!(table["terrain"], rocks);

    // Undo the terrain edit and the base put down: the table goes back with them.
    game.undo().expect("undo terrain");
    game.undo().expect("undo base");
    let table = table_as_played(&game.layout, game.state());
    let ids: Vec<&str> = table["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter_map(|u| u["id"].as_str())
        .collect();
    assert_eq!(ids, ["Z1"]);
    assert_eq!(table["terrain"], json!([]));
}

#[test]
fn undo_stops_at_the_start_of_play() {
    let mut game = game();
    // Nothing played yet: the units joining are the set-up, not undone.
    assert_eq!(game.undo(), Err(GameError::NothingToUndo));
    game.append(Event::MoveAdvanced).expect("play");
    game.undo().expect("the move undone");
    assert_eq!(game.undo(), Err(GameError::NothingToUndo));
    assert_eq!(game.state().units.len(), 2);
}

#[test]
fn the_tables_in_force_are_recorded_and_not_undone() {
    let mut game = game();
    game.append(Event::MoveAdvanced).expect("play");
    game.append(Event::TablesInForce {
        tables_hash: "abc".to_owned(),
        club_cells: vec!["dba_zulu/settings:ties=reroll".to_owned()],
        club_tables: None,
    })
    .expect("recorded");
    // Undo skips the record and undoes the move.
    game.undo().expect("undo");
    assert_eq!(game.state().move_number, 1);
    assert_eq!(
        game.state().tables,
        Some((
            "abc".to_owned(),
            vec!["dba_zulu/settings:ties=reroll".to_owned()]
        ))
    );
}

#[test]
fn a_base_put_down_must_carry_its_units_id() {
    let mut game = game();
    let wrong = Event::BasePlaced {
        unit: spec("Z2", "zulu"),
        base: json!({"id": "Z3", "side": "zulu", "type": "zulus", "x": 0, "y": 0, "facing": 0}),
    };
    assert_eq!(
        game.append(wrong).err(),
        Some(GameError::BaseMismatch(UnitId::from("Z2")))
    );
}

// The log says which charts a game was played with: a club's tables folder is named, not
// called "as printed".
#[test]
fn the_log_names_the_club_tables_folder_in_force() {
    let event = Event::TablesInForce {
        tables_hash: "abc".to_owned(),
        club_cells: vec!["dba_zulu/settings:ties=reroll".to_owned()],
        club_tables: Some("club".to_owned()),
    };
    assert_eq!(
        event.describe(),
        "the charts in force: the club's tables folder club, with 1 club value"
    );
    let printed = Event::TablesInForce {
        tables_hash: "abc".to_owned(),
        club_cells: Vec::new(),
        club_tables: None,
    };
    assert_eq!(printed.describe(), "the charts in force: as printed");
    // A log written before the folder was recorded reads as it did.
    let old: Event =
        serde_json::from_str(r#"{"kind":"tables_in_force","tables_hash":"abc","club_cells":[]}"#)
            .expect("an old tables event reads");
    assert_eq!(old, printed);
}
