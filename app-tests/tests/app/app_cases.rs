//! Issue 17's DBA cases replayed in the window: a close combat between bases apart (case
//! 5) and a "destroyed" against a two-base amabutho (case 6).

use crate::app_records_mc::click_roster_edit;
use crate::support::OutcomeKeys;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{LaagerApp, State};
use laager::game::UnitId;

fn window() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 2000.0));
    harness.run();
    harness
}

/// Clicks `label`, turning the panel beside the table to its other tab first where it is
/// not on this one.
fn click(harness: &mut Harness<'_, LaagerApp>, label: &str) {
    if harness.query_by_label(label).is_none() {
        let other = harness.state().side_tab.toggled();
        crate::support::side_tab(harness, other);
    }
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
}

fn type_into(harness: &Harness<'_, LaagerApp>, label: &str, text: &str) {
    let field = harness.get_by_role_and_label(Role::TextInput, label);
    field.focus();
    field.type_text(text);
}

/// Types `text` over what a field holds (its cursor at the end once focused).
fn replace_text(harness: &mut Harness<'_, LaagerApp>, label: &str, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .focus();
    harness.run();
    for _ in 0..6 {
        harness.key_press(egui::Key::Backspace);
    }
    harness.run();
    type_into(harness, label, text);
    harness.run();
}

fn resolve(harness: &mut Harness<'_, LaagerApp>, dice: &str) {
    harness.state_mut().desk.dice.typed.clear();
    harness.run();
    click(harness, "Type faces");
    type_into(harness, "dice faces", dice);
    harness.run();
    click(harness, "Resolve");
}

/// Case 5: "A DBA close combat between bases 12.5\" apart resolves and applies with no
/// word". On the demo uVe front stands apart from 24th 2: the close combat is refused,
/// naming how far apart they are, and nothing can be applied; called in contact by the
/// referee it resolves, and a step records the call.
#[test]
fn a_close_combat_between_bases_apart_waits_for_the_referees_call() {
    let mut harness = window();
    harness.state_mut().canvas.selected = vec!["uVe front".to_owned(), "24th 2".to_owned()];
    harness.run();
    assert!(!harness.state().desk.dba_combat.input.in_contact);
    resolve(&mut harness, "5,1");
    let refusal = harness
        .state()
        .desk
        .result
        .clone()
        .expect("ran")
        .expect_err("refused");
    assert!(
        refusal
            .reason
            .starts_with("close combat needs the bases in contact: the bases do not touch: "),
        "{}",
        refusal.reason
    );
    assert!(harness.query_by_label("Apply to the game").is_none());
    click(&mut harness, "in contact");
    resolve(&mut harness, "5,1");
    let resolution = harness
        .state()
        .desk
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert!(
        resolution.steps.iter().any(|s| s
            .text
            .contains("in contact on given by hand; the table gives off")),
        "{:?}",
        resolution.steps
    );
}

/// Case 6: "A DBA 'destroyed' against a two-base amabutho of strength 2 removes the whole
/// unit, though the steps say only the forward base goes." uMcijo front is given 2 bases
/// on the roster; doubled by 24th 4 (Zulus +4 with a 1 make 5, regulars +5 with a 6 make
/// 11) it loses one base, 2 → 1, and stays in play.
#[test]
fn a_destroyed_two_base_amabutho_loses_one_base() {
    const ZULU: &str = "uMcijo front";
    let mut harness = window();
    click_roster_edit(&mut harness, ZULU);
    // DBA counts bases: the unit's record in the ruleset's words.
    let words = laager::game::RecordWords::of(laager::Ruleset::DbaZulu);
    replace_text(&mut harness, words.initial, "2");
    replace_text(&mut harness, words.joining, "2");
    let unit = |harness: &Harness<'_, LaagerApp>| {
        let state = harness.state().session.game().state();
        let unit = state.unit(&UnitId(ZULU.to_owned())).expect("on the roster");
        (unit.present, unit.removed)
    };
    click(&mut harness, "Set strength");
    assert_eq!(unit(&harness), (2, false));
    harness.state_mut().canvas.selected = vec![ZULU.to_owned(), "24th 4".to_owned()];
    harness.run();
    resolve(&mut harness, "1,6");
    let resolution = harness
        .state()
        .desk
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert_eq!(resolution.out("loser"), "a");
    assert_eq!(resolution.out("result"), "destroyed");
    click(&mut harness, "Apply to the game");
    assert_eq!(unit(&harness), (1, false));
}
