//! The DBA combat form filled from the table (issue #9, item 1): select two bases and the
//! modifiers the table decides — here an overlap and rough ground — are set, shown with the
//! base or terrain that decides them, resolved with the values the rules give; a value
//! changed by hand wins over the table, and the first step says which was used.

use crate::support::OutcomeKeys;
use egui::accesskit::{Role, Toggled};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use laager::app::{LaagerApp, State};
use laager::resolution::Step;
use laager::rules::AnyResolution;
use serde_json::json;

const CAVALRY: &str = "dragoons";
const ZULUS: &str = "uMbonambi";
const NNC: &str = "nnc 1";
const REGULARS: &str = "24th 1";
const SCOUTS: &str = "scouts";

/// 15 mm bases on a 3 × 2 ft table. The Zulus face the near edge, front edge at y = 292.5.
/// The dragoons (40 × 30) meet them front to front and stand partly in rough ground. The
/// NNC (40 × 20) stand beside the dragoons, front edge in line, front corner on the Zulus'
/// front corner: an overlap. The regulars do the same on the Zulus' other flank, but
/// "British regulars ... cannot use this modifier". The light horse (40 × 30) face the
/// Zulus' rear from 40 mm off.
const LAYOUT: &str = r#"{
  "format": "laager-layout",
  "version": 1,
  "ruleset": "dba-zulu",
  "figure_scale_mm": 15,
  "table": { "preset": "3x2ft" },
  "units": [
    { "id": "uMbonambi", "side": "zulu", "type": "zulus", "x": 300, "y": 300, "facing": 180 },
    { "id": "dragoons", "side": "british", "type": "cavalry", "x": 300, "y": 277.5, "facing": 0 },
    { "id": "nnc 1", "side": "british", "type": "nnc", "x": 340, "y": 282.5, "facing": 0 },
    { "id": "24th 1", "side": "british", "type": "british-regulars", "x": 260, "y": 285, "facing": 0 },
    { "id": "scouts", "side": "british", "type": "light-horse", "x": 300, "y": 362.5, "facing": 180 }
  ],
  "terrain": [
    { "id": "rocks", "kind": "rough", "polygon": [[285, 250], [315, 250], [315, 275], [285, 275]] }
  ]
}"#;

fn harness_on_layout(dir: &tempfile::TempDir) -> Harness<'static, LaagerApp> {
    let path = dir.path().join("overlap.json");
    std::fs::write(&path, LAYOUT).expect("layout written");
    let app = LaagerApp::new(State::default(), Some(path));
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 2400.0));
    harness.run();
    assert!(
        harness.state().messages.is_empty(),
        "{:?}",
        harness.state().messages
    );
    harness
}

/// Selects the attacker, then the defender, as a click and a shift-click do.
fn select(harness: &mut Harness<'_, LaagerApp>, a: &str, b: &str) {
    harness.state_mut().canvas.selected = vec![a.to_owned(), b.to_owned()];
    harness.run();
}

fn resolve(harness: &mut Harness<'_, LaagerApp>, faces: &str) -> AnyResolution {
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "dice faces");
    field.focus();
    field.type_text(faces);
    harness.run();
    harness.get_by_label("Resolve").scroll_to_me();
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    harness
        .state()
        .desk
        .result
        .clone()
        .expect("resolved")
        .expect("not refused")
}

fn step_with<'r>(resolution: &'r AnyResolution, text: &str) -> Option<&'r Step> {
    resolution.steps.iter().find(|s| s.text.contains(text))
}

fn checkbox_ticked(harness: &Harness<'_, LaagerApp>, label: &str) -> bool {
    harness
        .get_by_role_and_label(Role::CheckBox, label)
        .accesskit_node()
        .toggled()
        == Some(Toggled::True)
}

#[test]
fn overlap_and_rough_ground_are_filled_from_the_table_and_resolved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = harness_on_layout(&dir);
    select(&mut harness, CAVALRY, ZULUS);
    let form = &harness.state().desk.dba_combat.input;
    assert_eq!(form.a.troop.id(), "cavalry");
    assert_eq!(form.b.troop.id(), "zulus");
    // "A base partly in rough is considered to be as if it were completely in rough."
    assert!(form.a.mods.rough);
    assert!(!form.b.mods.rough);
    // One overlap: the NNC's; the regulars on the other flank give none.
    assert_eq!(form.b.mods.overlaps, 1);
    assert_eq!(form.a.mods.overlaps, 0);

    // The form's own widgets show the same values, and say where they came from.
    harness
        .get_by_role_and_label(Role::DisclosureTriangle, "modifiers")
        .click();
    harness.run();
    assert!(checkbox_ticked(&harness, "a: rough"));
    assert!(!checkbox_ticked(&harness, "b: rough"));
    let overlaps = harness
        .get_by_role_and_label(Role::SpinButton, "b: overlaps")
        .accesskit_node()
        .numeric_value();
    assert_eq!(overlaps, Some(1.0));
    assert!(
        harness
            .query_by_label_contains(
                "dragoons rough on from the table — dragoons is (at least partly) in rough 'rocks'"
            )
            .is_some()
    );
    let overlap_line = harness
        .get_by_label_contains(
            "uMbonambi overlaps 1 from the table — uMbonambi is overlapped by 'nnc 1'",
        )
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(
        overlap_line.contains("not counted: '24th 1'") && overlap_line.contains(NNC),
        "{overlap_line}"
    );
    assert!(overlap_line.contains(REGULARS), "{overlap_line}");

    // a: Cavalry +2, rolls 3; b: Zulus +4, rolls 2.
    let resolution = resolve(&mut harness, "3,2");
    // The first step says what came from the table.
    let first = &resolution.steps[0];
    assert!(first.text.starts_with("from the table"), "{}", first.text);
    assert!(first.text.contains("dragoons rough on"), "{}", first.text);
    assert!(
        first.text.contains("uMbonambi overlaps 1"),
        "{}",
        first.text
    );
    // "Rough Terrain : - 2 to all mounted troop types (Light Horse, Cavalry but not
    // dismounted Light Horse ) in rough": 2 - 2 = 0.
    let rough = step_with(&resolution, "(mounted) in rough").expect("a rough step");
    assert_eq!(rough.value, Some(json!(-2)));
    assert_eq!(rough.total, Some(json!(0)));
    // "Each flank overlapped in close combat : - 1": 4 - 1 = 3.
    let overlap = step_with(&resolution, "b: 1 flank(s) overlapped").expect("an overlap step");
    assert_eq!(overlap.value, Some(json!(-1)));
    assert_eq!(overlap.total, Some(json!(3)));
    // 0 + 3 = 3 against 3 + 2 = 5: the dragoons lose, by less than half. Cavalry are
    // "Destroyed if beat by any and in rough; otherwise recoil" — and they are in rough.
    assert_eq!(resolution.out("a_total"), json!(3));
    assert_eq!(resolution.out("b_total"), json!(5));
    assert_eq!(resolution.out("result"), "destroyed");
}

#[test]
fn a_modifier_changed_by_hand_wins_over_the_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = harness_on_layout(&dir);
    select(&mut harness, CAVALRY, ZULUS);
    harness
        .get_by_role_and_label(Role::DisclosureTriangle, "modifiers")
        .click();
    harness.run();
    // The referee judges the dragoons clear of the rocks and unticks the flag.
    harness
        .get_by_role_and_label(Role::CheckBox, "a: rough")
        .click();
    harness.run();
    // Later frames do not fill it again: the selection has not changed.
    harness.run();
    harness.run();
    assert!(!harness.state().desk.dba_combat.input.a.mods.rough);
    assert!(!checkbox_ticked(&harness, "a: rough"));
    assert!(
        harness
            .query_by_label_contains("dragoons rough off given by hand; the table gives on")
            .is_some()
    );

    let resolution = resolve(&mut harness, "3,2");
    let given = step_with(&resolution, "given by hand").expect("a step for the hand edit");
    assert!(
        given
            .text
            .contains("given by hand, winning over the table and the records: dragoons rough off"),
        "{}",
        given.text
    );
    // No rough step: Cavalry +2 and 3 make 5; Zulus +4, one overlap (-1) and 2 make 5.
    assert!(step_with(&resolution, "(mounted) in rough").is_none());
    assert_eq!(resolution.out("a_total"), json!(5));
    assert_eq!(resolution.out("b_total"), json!(5));
}

#[test]
fn a_new_selection_fills_the_form_again_from_the_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = harness_on_layout(&dir);
    select(&mut harness, CAVALRY, ZULUS);
    harness.state_mut().desk.dba_combat.input.b.mods.overlaps = 0;
    harness.run();
    assert_eq!(harness.state().desk.dba_combat.input.b.mods.overlaps, 0);
    // The NNC attack the Zulus' front corner only: no contact, so no overlap is read and
    // nothing is in rough; then the dragoons again, and the table's values come back.
    select(&mut harness, NNC, ZULUS);
    let form = &harness.state().desk.dba_combat.input;
    assert!(!form.a.mods.rough);
    select(&mut harness, CAVALRY, ZULUS);
    let form = &harness.state().desk.dba_combat.input;
    assert_eq!(form.b.mods.overlaps, 1);
    assert!(form.a.mods.rough);
}

#[test]
fn ranged_combat_takes_the_plotted_range_and_a_typed_one_wins() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = harness_on_layout(&dir);
    select(&mut harness, SCOUTS, ZULUS);
    harness.get_by_label("ranged").click();
    harness.run();
    // The Zulus' rear edge is at y = 307.5, the light horse's front edge at 347.5.
    assert_eq!(harness.state().desk.dba_combat.input.range_mm, Some(40.0));
    assert!(harness.query_by_label("range from the table").is_some());
    let resolution = resolve(&mut harness, "4,4");
    assert!(
        resolution.steps[0]
            .text
            .contains("range mm 40 — measured between the nearest points of the two bases"),
        "{}",
        resolution.steps[0].text
    );
    // Light Horse "+ 2 2" 5"": "Bases may engage in fire combat up to the limit of their
    // listed range", 2" = 50.8 mm at 15 mm.
    assert!(
        step_with(
            &resolution,
            "40 mm apart, within its listed range 2\" = 50.8 mm at 15mm"
        )
        .is_some(),
        "{:#?}",
        resolution.steps
    );

    // The referee measures 60 mm with his own tape: the typed range wins, and is too far.
    harness.state_mut().desk.dba_combat.range_text.clear();
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "range mm");
    field.focus();
    field.type_text("60");
    harness.run();
    harness.run();
    assert_eq!(harness.state().desk.dba_combat.input.range_mm, Some(60.0));
    assert!(
        harness
            .query_by_label("range given by hand (the table measured 40 mm)")
            .is_some()
    );
    harness.get_by_label("Resolve").click();
    harness.run();
    let refusal = harness
        .state()
        .desk
        .result
        .clone()
        .expect("ran")
        .expect_err("out of range");
    assert!(
        refusal
            .reason
            .contains("the bases are 60 mm apart, beyond its listed range 2\" = 50.8 mm"),
        "{}",
        refusal.reason
    );
}

// "If you use 25mm, I suggest multiplying all of these dimensions by 1.5" and, with
// scale_distances = yes (the shipped setting), ranges scale with the board: a layout played
// at 25 mm checks the light horse's 2" at 76.2 mm, so 60 mm is within it (at 15 mm it is
// not: 50.8 mm). The Zulus (60 x 22.5 at 25 mm) face the near edge, rear edge at
// y = 311.25; the light horse (60 x 45) face them, front edge at 371.25.
#[test]
fn ranged_combat_reads_the_figure_scale_from_the_layout() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("scale25.json");
    std::fs::write(
        &path,
        json!({
            "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
            "figure_scale_mm": 25, "table": {"preset": "6x4ft"},
            "units": [
                {"id": ZULUS, "side": "zulu", "type": "zulus", "x": 300, "y": 300, "facing": 180},
                {"id": SCOUTS, "side": "british", "type": "light-horse", "x": 300, "y": 393.75, "facing": 180}
            ]
        })
        .to_string(),
    )
    .expect("layout written");
    let app = LaagerApp::new(State::default(), Some(path));
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 2400.0));
    harness.run();
    assert_eq!(harness.state().document.layout.figure_scale_mm, Some(25));
    select(&mut harness, SCOUTS, ZULUS);
    harness.get_by_label("ranged").click();
    harness.run();
    assert_eq!(
        harness.state().desk.dba_combat.input.scale.as_deref(),
        Some("25mm")
    );
    let resolution = resolve(&mut harness, "4,4");
    assert!(
        step_with(
            &resolution,
            "60 mm apart, within its listed range 2\" = 76.2 mm at 25mm"
        )
        .is_some(),
        "{:#?}",
        resolution.steps
    );
}
