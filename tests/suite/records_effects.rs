//! What an applied resolution writes to the units (issue 9: "Apply writes the result to the
//! units as events: losses, statuses ..., volley losses to D"), a strength set by hand, and
//! the layout's unit records.

use laager::Ruleset;
use laager::charts::Charts;
use laager::game::{Cause, Event, Game, GameError, GameState, UnitEdit, UnitId, effects, mc_unit};
use laager::resolution::Resolution;
use laager::rules::AnyResolution;
use laager::rules::Outcome;
use laager::rules::situation::Roles;
use serde_json::{Value, json};

use super::records::{loss, unit};

/// A resolution with this outcome, read as its procedure's typed outcome (its `--json`
/// keys, every one given).
fn resolved(ruleset: Ruleset, procedure: &str, outcome: &Value) -> AnyResolution {
    let resolution = Resolution::<()>::new(ruleset, procedure, "hash").with_outcome(
        Outcome::from_parts(ruleset, procedure, outcome.clone()).expect("a typed outcome"),
    );
    assert!(
        !matches!(resolution.outcome, Outcome::Unrecognised(_)),
        "{procedure} has a typed outcome"
    );
    resolution
}

/// The units in roles `unit-1`, `unit-2` ..., as the desk names a selection.
fn ids(names: &[&str]) -> Roles {
    Roles(
        names
            .iter()
            .enumerate()
            .map(|(i, n)| (format!("unit-{}", i + 1), (*n).to_owned()))
            .collect(),
    )
}

fn lost(unit: &str, amount: u32, cause: Cause) -> UnitEdit {
    UnitEdit::StrengthChanged {
        unit_id: UnitId::from(unit),
        amount,
        cause,
    }
}

fn status(unit: &str, status: Option<&str>) -> UnitEdit {
    UnitEdit::StatusSet {
        unit_id: UnitId::from(unit),
        status: status.and_then(laager::record::Status::parse),
    }
}

// "record all volley fire losses under the column headed 'D' on the casualty record sheet.
// Record all other losses under the column headed 'K'." The target (second) loses them.
#[test]
fn micro_colonial_fire_losses_go_to_the_target_d_for_volleys_k_otherwise() {
    let units = ids(&["1/24 A", "uNodwengu 1"]);
    let volley = resolved(
        Ruleset::MicroColonial,
        "small-arms-fire",
        &json!({"range_rounded_mm": 300, "total": 34, "ff_lost": 34, "volley_losses": 34}),
    );
    assert_eq!(
        effects::of(&volley, &units, &GameState::default()),
        [lost("uNodwengu 1", 34, Cause::Volley)]
    );
    let independent = resolved(
        Ruleset::MicroColonial,
        "small-arms-fire",
        &json!({"range_rounded_mm": 300, "total": 12, "ff_lost": 12, "volley_losses": 0}),
    );
    assert_eq!(
        effects::of(&independent, &units, &GameState::default()),
        [lost("uNodwengu 1", 12, Cause::Other)]
    );
    // "Ignore any minus results": nothing lost, nothing written.
    let nil = resolved(
        Ruleset::MicroColonial,
        "small-arms-fire",
        &json!({"range_rounded_mm": 300, "total": -3, "ff_lost": 0, "volley_losses": 0}),
    );
    assert!(effects::of(&nil, &units, &GameState::default()).is_empty());
}

// Artillery: "Any plus factor indicates the number of fighting factors lost by the target";
// against a skirmish screen "divided in the ratio of 1 to 5": the screen is the third unit.
#[test]
fn micro_colonial_artillery_losses_split_between_close_order_and_screen() {
    let plain = resolved(
        Ruleset::MicroColonial,
        "artillery-fire",
        &json!({"total": 39, "ff_lost": 39}),
    );
    assert_eq!(
        effects::of(
            &plain,
            &ids(&["N/5 RA", "uNokhenke"]),
            &GameState::default()
        ),
        [lost("uNokhenke", 39, Cause::Other)]
    );
    let screened = resolved(
        Ruleset::MicroColonial,
        "artillery-fire",
        &json!({"total": 36, "ff_lost": 36, "screen_losses": 6, "close_order_losses": 30}),
    );
    assert_eq!(
        effects::of(
            &screened,
            &ids(&["N/5 RA", "uNokhenke", "skirmishers"]),
            &GameState::default()
        ),
        [
            lost("uNokhenke", 30, Cause::Other),
            lost("skirmishers", 6, Cause::Other)
        ]
    );
}

// Melee: "Any plus result will be the number of fighting factors lost by the opposing
// unit"; the loser who must test ("Loser of more fighting factors in a melee and the
// difference is more than 20") is marked.
#[test]
fn micro_colonial_melee_losses_to_both_sides_and_the_loser_marked() {
    let melee = resolved(
        Ruleset::MicroColonial,
        "melee",
        &json!({"a_losses": 10, "b_losses": 45, "winner": "a", "margin": 35, "loser_must_test": true}),
    );
    assert_eq!(
        effects::of(
            &melee,
            &ids(&["uNodwengu 1", "1/24 A"]),
            &GameState::default()
        ),
        [
            lost("uNodwengu 1", 10, Cause::Other),
            lost("1/24 A", 45, Cause::Other),
            status("1/24 A", Some("morale test due")),
        ]
    );
}

// MORALE RESULTS: FALL BACK, GO TO GROUND, BREAK are the unit's actions; GOOD clears any
// status. A rallied unit's break is over; "A breaking unit will lose one dice x 10 fighting
// factors per move of rout."
#[test]
fn micro_colonial_morale_rally_and_rout_write_statuses_and_losses() {
    let units = ids(&["uNodwengu 1"]);
    for (result, word) in [
        ("fall-back", Some("falling back")),
        ("go-to-ground", Some("gone to ground")),
        ("break", Some("broken")),
        ("good", None),
    ] {
        let morale = resolved(
            Ruleset::MicroColonial,
            "morale",
            &json!({"automatic_rout": false, "total": 50, "result": result}),
        );
        assert_eq!(
            effects::of(&morale, &units, &GameState::default()),
            [status("uNodwengu 1", word)]
        );
    }
    let rallied = resolved(
        Ruleset::MicroColonial,
        "rally",
        &json!({"minimum": 4, "rallied": true}),
    );
    assert_eq!(
        effects::of(&rallied, &units, &GameState::default()),
        [status("uNodwengu 1", None)]
    );
    let not = resolved(
        Ruleset::MicroColonial,
        "rally",
        &json!({"minimum": 4, "rallied": false}),
    );
    assert!(effects::of(&not, &units, &GameState::default()).is_empty());
    let rout = resolved(Ruleset::MicroColonial, "rout-loss", &json!({"ff_lost": 40}));
    assert_eq!(
        effects::of(&rout, &units, &GameState::default()),
        [lost("uNodwengu 1", 40, Cause::Other)]
    );
    // With no unit selected nothing is written.
    assert!(effects::of(&rout, &ids(&[]), &GameState::default()).is_empty());
}

// A strength set by hand: the unit joined with 280 of 300; a loss already recorded
// still counts against the new figure.
#[test]
fn a_strength_set_by_hand_keeps_the_losses_already_recorded() {
    let mut game = Game::new(Ruleset::MicroColonial, "g", json!(null));
    game.append(unit("NNC 1", "British", 0)).expect("joins");
    game.append(unit("uNodwengu 1", "Zulu", 950))
        .expect("joins");
    game.append(loss("uNodwengu 1", 34, Cause::Volley))
        .expect("loss");
    let set = |id: &str, initial, present| Event::Edit {
        edit: UnitEdit::StrengthSet {
            unit_id: UnitId::from(id),
            initial,
            present,
        },
    };
    game.append(set("NNC 1", 300, 280)).expect("set");
    let nnc = game.state().unit(&UnitId::from("NNC 1")).expect("unit");
    assert_eq!(
        (nnc.spec.initial, nnc.spec.present, nnc.present),
        (300, 280, 280)
    );
    game.append(set("uNodwengu 1", 1000, 1000)).expect("set");
    let zulus = game
        .state()
        .unit(&UnitId::from("uNodwengu 1"))
        .expect("unit");
    assert_eq!((zulus.spec.initial, zulus.present), (1000, 966));
    // The D figure stays on the sheet.
    assert_eq!(mc_unit(game.state(), zulus).forward_move_cut_mm, 34);
    // A strength on joining above the initial is refused by name; the log is unchanged.
    let before = game.events().len();
    assert!(matches!(
        game.append(set("NNC 1", 100, 280)),
        Err(GameError::PresentAboveInitial { .. })
    ));
    assert_eq!(game.events().len(), before);
    // Undo restores the strength before the edit.
    game.undo().expect("undo");
    let zulus = game
        .state()
        .unit(&UnitId::from("uNodwengu 1"))
        .expect("unit");
    assert_eq!((zulus.spec.initial, zulus.present), (950, 916));
}

// The layout's unit records round-trip, and a bad one is named by its JSON path.
#[test]
fn layout_unit_records_round_trip_and_bad_ones_are_named() {
    let charts = Charts::shipped().expect("shipped");
    let text = json!({
        "format": "laager-layout", "version": 1, "ruleset": "micro-colonial",
        "table": {"preset": "1000mm"},
        "units": [
            {"id": "NNC 1", "side": "british", "x": 200, "y": 300, "facing": 0,
             "frontage": 30, "depth": 15, "army_list": "nnc", "class": "other"},
            {"id": "1/24 A", "side": "british", "x": 300, "y": 300, "facing": 0,
             "frontage": 30, "depth": 15, "strength": 100, "class": "european-regular",
             "formation": "square"}
        ]
    })
    .to_string();
    let report = laager::geometry::file::read(&text, &charts);
    let layout = report.layout.as_ref().expect("reads");
    let written = laager::geometry::file::write(layout);
    assert_eq!(written["units"][0]["army_list"], "nnc");
    assert_eq!(written["units"][1]["strength"], 100);
    assert_eq!(written["units"][1]["class"], "european-regular");
    assert_eq!(written["units"][1]["formation"], "square");
    let again = laager::geometry::file::read(&written.to_string(), &charts);
    assert_eq!(
        again.layout.expect("reads").bases()[1].record(),
        layout.bases()[1].record()
    );

    let bad = text
        .replace("\"nnc\"", "\"nnx\"")
        .replace("\"other\"", "\"levy\"")
        .replace("\"strength\":100", "\"strength\":-5")
        .replace("\"square\"", "\"column\"");
    let report = laager::geometry::file::read(&bad, &charts);
    let paths: Vec<&str> = report.errors.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "units[0].class",
            "units[0].army_list",
            "units[1].strength",
            "units[1].formation"
        ]
    );
}

/// A Micro Colonial table for the morale factors: counters 30 x 15 mm on a line.
fn morale_table(charts: &Charts) -> laager::geometry::Layout {
    let unit = |id: &str, side: &str, kind: &str, x: u32, y: u32| {
        json!({"id": id, "side": side, "type": kind, "x": x, "y": y, "facing": 0,
               "frontage": 30, "depth": 15})
    };
    let text = json!({
        "format": "laager-layout", "version": 1, "ruleset": "micro-colonial",
        "table": {"preset": "1000mm"},
        "units": [
            unit("1/24 A", "british", "infantry", 300, 330),
            unit("1/24 C", "british", "infantry", 340, 330),
            unit("1/24 F", "british", "infantry", 260, 330),
            unit("2/24 G", "british", "infantry", 400, 330),
            unit("Pulleine", "british", "commander", 300, 420),
            unit("Durnford", "british", "commander", 500, 330),
            unit("uNodwengu 1", "zulu", "infantry", 300, 360),
        ]
    })
    .to_string();
    laager::geometry::file::read(&text, charts)
        .layout
        .expect("the table reads")
}

fn melee_won_by_a(a: &str, b: &str) -> Event {
    let resolution = resolved(
        Ruleset::MicroColonial,
        "melee",
        &json!({"a_losses": 10, "b_losses": 45, "winner": "a", "margin": 35, "loser_must_test": true}),
    );
    Event::ResolutionApplied(Box::new(laager::game::AppliedResolution {
        request: None,
        cells: Vec::new(),
        throw: None,
        engine: None,
        inputs: json!({"procedure": "melee", "units": [a, b]}),
        dice: laager::game::DiceOrigin::Typed {
            faces: String::new(),
        },
        resolution,
        effects: Vec::new(),
    }))
}

// Morale Table 4's factors the table and the records decide: "C-IN-C WITHIN 100MM" (Pulleine
// 90 - 15 = 75 mm behind 1/24 A; Durnford 200 - 30 = 170 mm off), "PER FRIENDLY UNIT BROKEN
// WITHIN 50MM" (1/24 C and 1/24 F, 10 mm either side, are broken; 2/24 G, 70 mm off, is
// broken too but too far), and the winner or loser of a melee this move.
#[test]
fn morale_factors_from_the_table_and_the_records() {
    use laager::rules::micro_colonial::morale::MoraleInput;
    use laager::rules::micro_colonial::situation;
    use laager::rules::situation::Roles;
    let morale_factors = |layout: &laager::geometry::Layout, game: &Game, id: &str| {
        let roles = Roles(vec![("unit".to_owned(), id.to_owned())]);
        let base = MoraleInput {
            initial_ff: 0,
            present_ff: 0,
            troop: "zulu".to_owned(),
            class: "native".to_owned(),
            cavalry: false,
            charge: None,
            factors: Vec::new(),
            origins: laager::rules::situation::Origins::default(),
        };
        situation::morale(layout, game.state(), &roles, base)
            .expect("the unit is on the table")
            .factors
    };
    let charts = Charts::shipped().expect("shipped");
    let layout = morale_table(&charts);
    let mut game = Game::new(Ruleset::MicroColonial, "g", json!(null));
    for (id, side) in [
        ("1/24 A", "British"),
        ("1/24 C", "British"),
        ("1/24 F", "British"),
        ("2/24 G", "British"),
        ("uNodwengu 1", "Zulu"),
    ] {
        game.append(unit(id, side, 100)).expect("joins");
    }
    for id in ["1/24 C", "1/24 F", "2/24 G"] {
        game.append(Event::Edit {
            edit: status(id, Some("broken")),
        })
        .expect("status");
    }
    let names = |found: Vec<(String, u32)>| found;
    assert_eq!(
        names(morale_factors(&layout, &game, "1/24 A")),
        [
            ("c-in-c-within-100mm".to_owned(), 1),
            ("per-friendly-unit-broken-within-50mm".to_owned(), 2)
        ]
    );
    game.append(melee_won_by_a("uNodwengu 1", "1/24 A"))
        .expect("melee");
    assert_eq!(
        names(morale_factors(&layout, &game, "uNodwengu 1")),
        [("winner-of-melee".to_owned(), 1)]
    );
    assert!(
        names(morale_factors(&layout, &game, "1/24 A")).contains(&("loser-of-melee".to_owned(), 1))
    );
    // Undone, the melee no longer counts.
    game.undo().expect("undo");
    assert!(names(morale_factors(&layout, &game, "uNodwengu 1")).is_empty());
    game.redo().expect("redo");
    // "+15 If winner of melee round this move or last": the win still counts next move;
    // the loser's factor was this move's only. Two moves on, neither.
    game.append(Event::MoveAdvanced).expect("next move");
    assert_eq!(
        names(morale_factors(&layout, &game, "uNodwengu 1")),
        [("winner-of-melee".to_owned(), 1)]
    );
    assert!(
        !names(morale_factors(&layout, &game, "1/24 A"))
            .contains(&("loser-of-melee".to_owned(), 1))
    );
    game.append(Event::MoveAdvanced).expect("next move");
    assert!(names(morale_factors(&layout, &game, "uNodwengu 1")).is_empty());
}

// A strength set by hand must leave the losses and replacements already recorded possible:
// a unit that lost 200 and had 150 restored has a net loss of 50.
#[test]
fn a_strength_set_by_hand_must_fit_the_changes_already_recorded() {
    let mut game = Game::new(Ruleset::MicroColonial, "g", json!(null));
    game.append(unit("uNodwengu 1", "Zulu", 300))
        .expect("joins");
    game.append(loss("uNodwengu 1", 200, Cause::Other))
        .expect("loss");
    game.append(Event::Edit {
        edit: lost("uNodwengu 1", 150, Cause::Replacement),
    })
    .expect("restored");
    let set = |initial, present| Event::Edit {
        edit: UnitEdit::StrengthSet {
            unit_id: UnitId::from("uNodwengu 1"),
            initial,
            present,
        },
    };
    // Joined with 30: the 50 net lost cannot have been taken.
    assert!(matches!(
        game.append(set(100, 30)),
        Err(GameError::LossAbovePresent { .. })
    ));
    game.append(set(100, 100)).expect("fits");
    let unit = game
        .state()
        .unit(&UnitId::from("uNodwengu 1"))
        .expect("unit");
    assert_eq!((unit.spec.initial, unit.present), (100, 50));
}
