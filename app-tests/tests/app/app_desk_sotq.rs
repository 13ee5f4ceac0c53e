//! The Soldiers of the Queen fire and melee forms on the desk, driven headless with
//! egui_kittest: refused with the shipped tables (the document does not print the results
//! tables), resolved end to end with the test-only club folder (tests/fixtures/sotq_club,
//! invented charts quoted in tests/suite/sotq/fire.rs and melee.rs).

use super::app_desk::{resolve_with_typed_faces, ruleset_desk, type_into};
use super::sotq::{club, shipped};
use crate::support::{OutcomeKeys, cell_label};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::desk::Desk;
use laager::charts::Charts;
use laager::resolution::{Refusal, RefusalKind};
use laager::rules::AnyResolution;
use serde_json::json;

/// The Soldiers of the Queen desk on `charts`, with `procedure` chosen.
fn sotq_desk(charts: Charts, procedure: &str) -> Harness<'static, Desk> {
    let mut harness = ruleset_desk(charts, Ruleset::SoldiersOfTheQueen, 1);
    harness.set_size(egui::vec2(900.0, 3000.0));
    harness.run();
    harness.get_by_label(procedure).click();
    harness.run();
    harness
}

fn resolved(harness: &Harness<'_, Desk>) -> AnyResolution {
    assert_eq!(harness.state().message, None);
    harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect("resolved")
}

fn refused(harness: &Harness<'_, Desk>) -> Refusal {
    assert_eq!(harness.state().message, None);
    harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("refused")
}

/// Empties a form field (as a referee selects its text) and types `text` into it.
fn retype(
    harness: &mut Harness<'_, Desk>,
    label: &str,
    text: &str,
    field: fn(&mut Desk) -> &mut String,
) {
    field(harness.state_mut()).clear();
    harness.run();
    type_into(harness, label, text);
    harness.run();
}

// The Range Effects Chart and the Fire Combat Results Table are among the "Charts and
// Tables Not Included in This Transcription". PART 10 B reads both before the die ("He then
// takes the total and finds the corresponding column on the Fire Combat Results Table.
// Referring then to the Range Effects Chart..."). The default fire (A/1/24, strength 4,
// weapon T at 3 hexes) needs headings the document does not print — the column of 3 hexes,
// the column of strength 4 — which are not cells anyone can type: the refusal names them
// and the charts, and offers no field (a field for `range_effects:T:range 3` was one no
// value could fill).
#[test]
fn sotq_fire_with_shipped_tables_shows_the_refusal_naming_the_missing_charts() {
    let mut harness = sotq_desk(shipped(), "Fire");
    harness.get_by_label("Resolve").click();
    harness.run();
    let refusal = refused(&harness);
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    for part in [
        "Range Effects Chart (range_effects) is not in the document",
        "Fire Combat Results Table (fire_combat_results) is not in the document",
        "a range of 3 hexes is under no column of range_effects whose heading is known",
        "a total Fire Strength of 4 is under no column of fire_combat_results whose heading is known",
    ] {
        assert!(refusal.reason.contains(part), "{}", refusal.reason);
    }
    assert!(
        harness
            .query_by_label(&format!("Refused: {}", refusal.reason))
            .is_some()
    );
    assert!(refusal.needs_cells.is_empty(), "{:?}", refusal.needs_cells);
    assert!(
        harness
            .query_by_label("Type the values from your printed chart:")
            .is_none()
    );
}

// A field gun (S) at 2 hexes, strength 2: every heading is printed, so each refusal names
// cells, typed in place: the Range Effects cell, then the six cells of the 1-2 column
// (PART 10 D names the "1-2 Strength Column"), and the fire resolves.
#[test]
fn sotq_fire_refusal_cells_typed_in_place_lead_to_a_resolution() {
    let mut harness = sotq_desk(shipped(), "Fire");
    retype(&mut harness, "firer 1 weapon", "S", |d| {
        &mut d.sotq.fire.firers[0].weapon
    });
    retype(&mut harness, "firer 1 range", "2", |d| {
        &mut d.sotq.fire.firers[0].range
    });
    retype(&mut harness, "firer 1 strength", "2", |d| {
        &mut d.sotq.fire.firers[0].strength
    });
    harness.get_by_label("Resolve").click();
    harness.run();
    let cells: Vec<String> = refused(&harness)
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect();
    assert_eq!(cells, ["range_effects:S:1-2"]);
    type_into(
        &harness,
        &cell_label(Ruleset::SoldiersOfTheQueen, "range_effects:S:1-2"),
        "0",
    );
    harness.run();
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    let refusal = refused(&harness);
    assert!(
        refusal
            .reason
            .contains("Fire Combat Results Table (fire_combat_results) is not in the document"),
        "{}",
        refusal.reason
    );
    let want: Vec<String> = (1..=6)
        .map(|d| format!("fire_combat_results:{d}:1-2"))
        .collect();
    let got: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect();
    assert_eq!(got, want);
    for cell in &want {
        type_into(
            &harness,
            &cell_label(Ruleset::SoldiersOfTheQueen, cell),
            "PN",
        );
        harness.run();
    }
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    let result = resolved(&harness);
    assert_eq!(result.out("column"), "1-2");
    assert_eq!(result.out("result"), "PN");
    assert_eq!(
        result.out("units"),
        json!([{ "name": "uMbonambi", "fate": "pinned" }])
    );
}

// Worked from the club's test charts and the text (Isandhlwana, Defensive Fire Phase):
// A/1/24, a regular unit of Fire Strength 6, weapon T at 3 hexes, fires at uMbonambi (B).
// PART 10 B: "He then takes the total and finds the corresponding column": 6 is the 5-6
// column. The test Range Effects Chart gives T at 3-4 hexes "1L", and PART 10 D: "The
// letter indicates the direction of the shift (L = left...)": the 3-4 column. Die 4 under
// 3-4 on the test table: M. PART 10 G: "M = The defender rolls the die and finds the result
// on his Morale Check Table under the column that corresponds to the Morale Rating":
// die 1 under B on the test Zulu table: PN, so uMbonambi is pinned. And "If the Isandhlwana
// Game is being played, the firing player marks one box on the firing unit's Ammunition
// Supply Roster".
#[test]
fn sotq_fire_resolves_end_to_end_with_a_club_folder_and_typed_dice() {
    let mut harness = sotq_desk(club(), "Fire");
    retype(&mut harness, "firer 1 strength", "6", |d| {
        &mut d.sotq.fire.firers[0].strength
    });
    retype(&mut harness, "firer 1 weapon", "T", |d| {
        &mut d.sotq.fire.firers[0].weapon
    });
    retype(&mut harness, "firer 1 range", "3", |d| {
        &mut d.sotq.fire.firers[0].range
    });
    retype(&mut harness, "target 1 name", "uMbonambi", |d| {
        &mut d.sotq.fire.targets[0].name
    });
    resolve_with_typed_faces(&mut harness, "4,1");
    let result = resolved(&harness);
    assert_eq!(result.out("total_strength"), 6);
    assert_eq!(result.out("range_column"), "3-4");
    assert_eq!(result.out("shift"), -1);
    assert_eq!(result.out("column"), "3-4");
    assert_eq!(result.out("die"), 4);
    assert_eq!(result.out("result"), "M");
    assert_eq!(
        result.out("units"),
        json!([{ "name": "uMbonambi", "fate": "pinned" }])
    );
    assert_eq!(result.out("pinned"), true);
    assert_eq!(result.out("ammunition_boxes_marked"), json!(["A/1/24"]));
    // The club's cells are house values: the desk warns of each one read.
    assert!(!result.warnings.is_empty());
}

// Worked from the club's test charts and the text (Isandhlwana): uMbonambi, a Zulu unit
// of Melee Strength 6, attacks A/1/24, Melee Strength 2 and Morale Rating C.
// PART 12 E: "all defending units with Morale Ratings of C or D must undergo a Morale
// Check before the attack is resolved ... subtracting 2 from the die roll": 4 - 2 = 2,
// under C on the test British table: PN. PART 12 B: "Remainders, if any, are rounded in
// favor of the defender": 6 to 2 is 3-1; die 3 under 3-1 on the test table: RT. PART 10 G:
// "any Pinned unit that becomes Routed is no longer Pinned". The hex is vacant, so
// "Advance After Combat: If the defender's hex is vacant after Melee Combat, the attacker
// can advance into the vacant hex with up to two attacking units".
#[test]
fn sotq_melee_resolves_end_to_end_with_a_club_folder_and_typed_dice() {
    let mut harness = sotq_desk(club(), "Melee");
    retype(&mut harness, "attacker 1 strength", "6", |d| {
        &mut d.sotq.melee.attackers[0].strength
    });
    retype(&mut harness, "defender 1 strength", "2", |d| {
        &mut d.sotq.melee.defenders[0].strength
    });
    harness.get_by_label("defender 1 morale").click();
    harness.run();
    harness.get_by_label("C").click();
    harness.run();
    // Enter in the dice field resolves, as on every form.
    harness.get_by_label("Type faces").click();
    harness.run();
    type_into(&harness, "dice faces", "4,3");
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    let result = resolved(&harness);
    assert!(
        result
            .steps
            .iter()
            .any(|s| s.text == "A/1/24 checks morale: die 4 -2"),
        "the pre-melee check is a step"
    );
    assert_eq!(result.out("attack"), 6);
    assert_eq!(result.out("defence"), 2);
    assert_eq!(result.out("odds"), "3-1");
    assert_eq!(result.out("column"), "3-1");
    assert_eq!(result.out("die"), 3);
    assert_eq!(result.out("result"), "RT");
    assert_eq!(
        result.out("units"),
        json!([{ "name": "A/1/24", "fate": "routed" }])
    );
    assert_eq!(result.out("pinned"), false);
    assert_eq!(result.out("hex_vacant"), true);
    assert_eq!(result.out("may_advance"), json!(["uMbonambi"]));
}

// "No panics on user input; a bad field gets a clear message naming the field."
#[test]
fn sotq_fire_field_that_does_not_read_is_named_and_nothing_is_rolled() {
    let mut harness = sotq_desk(club(), "Fire");
    retype(&mut harness, "firer 1 strength", "four", |d| {
        &mut d.sotq.fire.firers[0].strength
    });
    let seed = harness.state().dice.next_seed;
    harness.get_by_label("Resolve").click();
    harness.run();
    assert_eq!(
        harness.state().message.as_deref(),
        Some("firer 1 strength: 'four' is not a whole number")
    );
    assert!(harness.state().result.is_none());
    assert_eq!(harness.state().dice.next_seed, seed, "no seed used up");
}

// PART 10 E: "the firing units must combine their Fire Strengths into one attack": a
// second firer added on the form joins the total (2 + 4 = 6, the 5-6 column).
#[test]
fn sotq_fire_adds_a_second_firer_to_the_total() {
    let mut harness = sotq_desk(club(), "Fire");
    harness.get_by_label("add firer").click();
    harness.run();
    retype(&mut harness, "firer 2 name", "B/1/24", |d| {
        &mut d.sotq.fire.firers[1].name
    });
    retype(&mut harness, "firer 2 strength", "2", |d| {
        &mut d.sotq.fire.firers[1].strength
    });
    resolve_with_typed_faces(&mut harness, "1");
    let result = resolved(&harness);
    // Test chart, die 1 under 3-4 (5-6 shifted 1L): —, no morale die.
    assert_eq!(result.out("total_strength"), 6);
    assert_eq!(result.out("result"), "—");
    assert_eq!(
        result.out("ammunition_boxes_marked"),
        json!(["A/1/24", "B/1/24"])
    );
}

/// The window switched to Soldiers of the Queen, the club folder typed in the left panel
/// and loaded.
fn window_with_club_tables(folder: &str) -> Harness<'static, laager::app::LaagerApp> {
    use laager::app::{LaagerApp, Mode, State};
    // The club's tables folder is loaded in set-up; the desk is used in play.
    let app = LaagerApp::new(
        State {
            mode: Mode::SetUp,
            ..State::default()
        },
        None,
    );
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1600.0));
    harness.run();
    harness.get_by_label("Ruleset").click();
    harness.run();
    harness
        .get_by_label(Ruleset::SoldiersOfTheQueen.title())
        .click();
    harness.run();
    let field =
        harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "club tables folder");
    field.focus();
    field.type_text(folder);
    harness.run();
    harness.get_by_label("Load club tables").click();
    harness.run();
    harness.get_by_label("Play").click();
    harness.run();
    harness
}

// The window takes a club's tables folder as the CLI's `--tables DIR` does, and the desk
// resolves with it. The default fire: A/1/24, Fire Strength 4, weapon T at 3 hexes, is the
// 3-4 column (PART 10 B); the test Range Effects Chart gives T at 3-4 "1L", so the 1-2
// column (PART 10 D); die 4 under 1-2 on the test table: PN, "The defending unit, and all
// remaining units in the hex, are Pinned" (PART 10 G).
#[test]
fn sotq_fire_resolves_in_the_window_on_a_club_tables_folder() {
    let folder = super::sotq::club_dir();
    let mut harness = window_with_club_tables(&folder.display().to_string());
    assert_eq!(
        harness.state().state.club_tables.as_deref(),
        Some(folder.as_path())
    );
    let fire_table = harness
        .state()
        .charts()
        .expect("charts")
        .chart(Ruleset::SoldiersOfTheQueen, "fire_combat_results")
        .expect("the fire table")
        .status;
    assert_ne!(fire_table, laager::charts::Status::NotSupplied);
    harness.get_by_label("Fire").click();
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    let dice = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "dice faces");
    dice.focus();
    dice.type_text("4");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let desk = &harness.state().desk;
    assert_eq!(desk.message, None);
    let result = desk.result.clone().expect("ran").expect("resolved");
    assert_eq!(result.out("column"), "1-2");
    assert_eq!(result.out("result"), "PN");
    assert_eq!(
        result.out("units"),
        json!([{ "name": "uMbonambi", "fate": "pinned" }])
    );
}

// A folder that does not load is named, and the charts in force stay as they were.
#[test]
fn a_club_tables_folder_that_does_not_load_is_named_and_changes_nothing() {
    let harness = window_with_club_tables("/no/such/club");
    assert_eq!(harness.state().state.club_tables, None);
    assert!(
        harness
            .state()
            .messages
            .iter()
            .any(|m| m.starts_with("club tables folder /no/such/club: ")),
        "{:?}",
        harness.state().messages
    );
    let fire_table = harness
        .state()
        .charts()
        .expect("charts")
        .chart(Ruleset::SoldiersOfTheQueen, "fire_combat_results")
        .expect("the fire table")
        .status;
    assert_eq!(fire_table, laager::charts::Status::NotSupplied);
}

// The desk sends the same request the CLI does, with the same dice rule: the leader's roll
// shows its odds before the dice (2 in 36, PART 13 D), typed faces the roll does not read
// are the dice field's message, and a procedure that throws no dice uses up no seed.
#[test]
fn sotq_leader_death_shows_its_odds_and_refuses_leftover_dice() {
    let mut harness = sotq_desk(shipped(), "Leader death");
    assert!(harness.query_by_label("Odds before the roll").is_some());
    resolve_with_typed_faces(&mut harness, "1,1,4");
    let message = harness.state().message.clone().expect("a dice message");
    assert!(message.contains("1 typed face(s) left unused"), "{message}");
    assert!(harness.state().result.is_none());

    // The faces still typed are not read by the range, which throws no dice.
    harness.get_by_label("Hex range").click();
    harness.run();
    type_into(&harness, "from hex", "0328");
    harness.run();
    type_into(&harness, "to hex", "0525");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // PART 10 A's hexes, 0328 to 0525, typed.
    assert_eq!(resolved(&harness).out("hexes"), 4);
    harness.state_mut().dice.mode = laager::app::desk::DiceMode::Roll;
    let seed = harness.state().dice.next_seed;
    harness.get_by_label("Resolve").click();
    harness.run();
    assert_eq!(resolved(&harness).out("hexes"), 4);
    assert_eq!(harness.state().dice.next_seed, seed, "no seed used up");
}
