//! The referee's desk in the real window, on the DBA demo: pick firer and target, see the
//! odds, resolve with typed dice, apply, see the record change, undo, redo, save, reopen.

use crate::support::OutcomeKeys;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{LaagerApp, State};
use laager::game::UnitId;

const ZULU: &str = "uMcijo front";
const REGULARS: &str = "24th 4";

fn app_harness() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    harness
}

fn present(app: &LaagerApp, unit: &str) -> (u32, bool) {
    let state = app.session.game().state();
    let unit = state
        .unit(&UnitId(unit.to_owned()))
        .expect("unit on the roster");
    (unit.present, unit.removed)
}

#[test]
fn dba_combat_resolved_applied_undone_redone_saved_and_reopened() {
    let mut harness = app_harness();
    // The first start opens the DBA demo; every base joins the roster with 1 base.
    assert_eq!(present(harness.state(), REGULARS), (1, false));
    // Select the firer, then the target, as a click and a shift-click on the canvas do.
    harness.state_mut().canvas.selected = vec![ZULU.to_owned(), REGULARS.to_owned()];
    harness.run();
    // The form is filled from the table: the two troop types.
    assert_eq!(harness.state().desk.dba_combat.input.a.troop.id(), "zulus");
    assert_eq!(
        harness.state().desk.dba_combat.input.b.troop.id(),
        "british-regulars"
    );
    // The odds before the roll, exact over the 36 rolls.
    assert!(harness.query_by_label("Odds before the roll").is_some());
    // Each outcome in words, for the units selected.
    assert!(harness.query_by_label("24th 4 destroyed").is_some());

    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "dice faces");
    field.focus();
    field.type_text("5,1");
    harness.run();
    harness.get_by_label("Resolve").scroll_to_me();
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // Zulus +4 with a 5 make 9; regulars +5 with a 1 make 6: beaten in close combat by Zulus,
    // "Destroyed if beat by Zulus, Zulu Rifles (Melee only)".
    let result = harness
        .state()
        .desk
        .result
        .clone()
        .expect("resolved")
        .expect("not refused");
    assert_eq!(result.out("result"), "destroyed");

    harness.get_by_label("Apply to the game").scroll_to_me();
    harness.run();
    harness.get_by_label("Apply to the game").click();
    harness.run();
    assert_eq!(present(harness.state(), REGULARS), (0, true));
    // The base on the canvas shows its record.
    assert_eq!(
        harness.state().canvas.strengths[REGULARS],
        "0 bases removed"
    );

    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(present(harness.state(), REGULARS), (1, false));
    // The voided roll stays in the log.
    let events = harness.state().session.game().events().len();
    assert!(events >= 2);

    harness.get_by_label("Redo").click();
    harness.run();
    assert_eq!(present(harness.state(), REGULARS), (0, true));

    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("isandlwana.laager");
    crate::support::through_file_menu(&mut harness, "Save game as…", &path);
    assert!(path.exists(), "saved: {:?}", harness.state().messages);
    assert_eq!(harness.state().state.recent_games, vec![path.clone()]);

    // The record sheet exports as CSV, with the destroyed base at 0.
    let csv = dir.path().join("records.csv");
    crate::support::through_file_menu(&mut harness, "Export records CSV…", &csv);
    let text = std::fs::read_to_string(&csv).expect("csv written");
    assert!(text.lines().any(|l| l.contains(REGULARS)), "{text}");
    // The export says where it went.
    assert!(
        harness
            .state()
            .messages
            .iter()
            .any(|m| m.contains("exported the record sheet as CSV to") && m.contains("records.csv")),
        "{:?}",
        harness.state().messages
    );

    // Reopen in a fresh window: the same log and the same records.
    let mut reopened = app_harness();
    crate::support::through_file_menu(&mut reopened, "Open game…", &path);
    assert_eq!(present(reopened.state(), REGULARS), (0, true));
    assert_eq!(
        reopened.state().session.game().events().len(),
        harness.state().session.game().events().len()
    );
}

#[test]
fn ctrl_z_undoes_a_manual_strength_change() {
    let mut harness = app_harness();
    let before = present(harness.state(), REGULARS);
    harness
        .state_mut()
        .session
        .act(
            laager::game::Event::Edit {
                edit: laager::game::UnitEdit::StrengthChanged {
                    unit_id: UnitId(REGULARS.to_owned()),
                    amount: 1,
                    cause: laager::game::Cause::Other,
                },
            }
            .try_into()
            .expect("a manual event"),
        )
        .expect("logged");
    harness.run();
    assert_eq!(present(harness.state(), REGULARS).0, 0);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run();
    assert_eq!(present(harness.state(), REGULARS), before);
}

#[test]
fn lost_this_move_counts_the_current_move_only() {
    let mut harness = app_harness();
    let unit = UnitId(REGULARS.to_owned());
    let loss = |amount| laager::game::Event::Edit {
        edit: laager::game::UnitEdit::StrengthChanged {
            unit_id: unit.clone(),
            amount,
            cause: laager::game::Cause::Other,
        },
    };
    // A DBA base has 1 to lose; the roster counts it against the move it happened in.
    harness
        .state_mut()
        .session
        .act(loss(1).try_into().expect("a manual event"))
        .expect("logged");
    harness.run();
    assert_eq!(
        harness.state().session.game().state().lost_this_move(&unit),
        1
    );
    harness.get_by_label("Next move").click();
    harness.run();
    assert_eq!(
        harness.state().session.game().state().lost_this_move(&unit),
        0
    );
}

/// "This or better" on the desk counts from uMcijo front's side, as `laager dba combat
/// --odds` does: the combat's outcomes run from a destroyed to b destroyed, so the best
/// for the attacker (24th 4 destroyed, 10 of the 36 rolls) stands alone at 10/36 = 27.8%,
/// and its worst (uMcijo front destroyed, 2 of 36) at 100%. With "no result" (5 of 36)
/// and a recoil (19 of 36) between them: 15/36 = 41.7% and 34/36 = 94.4%.
#[test]
fn this_or_better_is_counted_for_the_attacker_as_the_command_line_counts_it() {
    let mut harness = app_harness();
    harness.state_mut().canvas.selected = vec![ZULU.to_owned(), REGULARS.to_owned()];
    harness.run();
    for share in ["27.8%", "41.7%", "94.4%", "100.0%"] {
        // 27.8% stands twice: the row's probability and its "this or better".
        assert!(
            harness.query_all_by_label(share).count() >= 1,
            "no 'this or better' of {share}"
        );
    }
    // The wrong way round would read 5.6% + 52.8% = 58.3% and 72.2% for the middle rows.
    assert!(harness.query_by_label("58.3%").is_none());
    assert!(harness.query_by_label("72.2%").is_none());
}
