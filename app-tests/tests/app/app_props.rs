//! Issue 17, deliver 6: random sequences of window commands on the DBA demo — select a
//! pair, change an input, resolve with typed dice, apply, undo, redo, move a base, save and
//! reopen — checked after every step:
//! - no stale result can be applied (Apply on a result whose inputs changed logs nothing);
//! - a cell typed for one resolution never reaches another (none is left once it resolves,
//!   and the tables in force never change);
//! - save then reopen gives the same game (roster, log, head);
//! - undo then redo gives the same game.
//!
//! `cargo test` runs 12 sequences; `LAAGER_WINDOW_CASES=200 cargo test -p laager-app-tests
//! app_props` runs more.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::{Command, LaagerApp, State};
use laager::geometry::Point;
use proptest::prelude::*;

/// The demo's pairs: one in contact (its close combat resolves), one apart (refused).
const PAIRS: [(&str, &str); 3] = [
    ("uMcijo front", "24th 4"),
    ("uMcijo rear", "24th 3"),
    ("uVe front", "24th 2"),
];

#[derive(Debug, Clone)]
enum Step {
    Select(usize),
    ToggleRough,
    Resolve(u8, u8),
    Apply,
    Undo,
    Redo,
    UndoRedo,
    MoveBase(i8),
    SaveReopen,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0..PAIRS.len()).prop_map(Step::Select),
        Just(Step::ToggleRough),
        (1..=6u8, 1..=6u8).prop_map(|(a, b)| Step::Resolve(a, b)),
        Just(Step::Apply),
        Just(Step::Apply),
        Just(Step::Undo),
        Just(Step::Redo),
        Just(Step::UndoRedo),
        (-3..=3i8).prop_map(Step::MoveBase),
        Just(Step::SaveReopen),
    ]
}

fn window() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    harness
}

/// The game as the log leaves it, and the log itself.
fn game(app: &LaagerApp) -> (String, usize, String) {
    let game = app.session.game();
    (
        serde_json::to_string(game.state()).expect("state"),
        game.events().len(),
        game.head().to_owned(),
    )
}

fn type_into(harness: &Harness<'_, LaagerApp>, label: &str, text: &str) {
    let field = harness.get_by_role_and_label(Role::TextInput, label);
    field.focus();
    field.type_text(text);
}

fn click(harness: &mut Harness<'_, LaagerApp>, label: &str) -> bool {
    let Some(node) = harness.query_by_label(label) else {
        return false;
    };
    node.scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
    true
}

/// Plays one step, checking what it must not break.
fn play(harness: &mut Harness<'static, LaagerApp>, step: &Step, file: &std::path::Path) {
    let hash = harness.state().charts().map(|c| c.hash().to_owned());
    match step {
        Step::Select(i) => {
            let (a, b) = PAIRS[*i];
            harness
                .state_mut()
                .push(Command::Select(vec![a.to_owned(), b.to_owned()]));
            harness.state_mut().run_commands();
            harness.run();
        }
        Step::ToggleRough => {
            let rough = &mut harness.state_mut().desk.dba_combat.input.a.mods.rough;
            *rough = !*rough;
            harness.run();
        }
        Step::Resolve(a, b) => {
            harness.state_mut().desk.dice.typed.clear();
            if harness.query_by_label("Type faces").is_some() {
                click(harness, "Type faces");
            }
            if harness
                .query_by_role_and_label(Role::TextInput, "dice faces")
                .is_some()
            {
                type_into(harness, "dice faces", &format!("{a},{b}"));
                harness.run();
            }
            click(harness, "Resolve");
            // Whatever was typed for it is spent once it resolves.
            if matches!(harness.state().desk.result, Some(Ok(_))) {
                assert!(harness.state().desk.once_cells.is_empty());
            }
        }
        Step::Apply => {
            let stale = harness.state().desk.is_stale(Ruleset::DbaZulu);
            let fresh = matches!(harness.state().desk.result, Some(Ok(_)))
                && !stale
                && harness.state().desk.applied.is_none();
            let before = game(harness.state()).1;
            click(harness, "Apply to the game");
            let after = game(harness.state()).1;
            if fresh {
                assert_eq!(after, before + 1, "a fresh result applies once");
            } else {
                assert_eq!(after, before, "a stale or spent result must not apply");
            }
        }
        Step::Undo => {
            click(harness, "Undo");
        }
        Step::Redo => {
            click(harness, "Redo");
        }
        Step::UndoRedo => {
            let before = game(harness.state()).0;
            click(harness, "Undo");
            // Only an undo that took something back is redone to where it was.
            if game(harness.state()).0 != before {
                click(harness, "Redo");
                assert_eq!(game(harness.state()).0, before, "undo then redo");
            }
        }
        Step::MoveBase(dx) => {
            let unit = "24th 1";
            let Some(base) = harness.state().document.layout.base(unit) else {
                return;
            };
            let c = base.centre();
            harness.state_mut().push(Command::MoveUnit {
                unit_id: unit.to_owned(),
                centre: Point::new(c.x + f32::from(*dx), c.y),
            });
            harness.state_mut().push(Command::DragEnded);
            harness.state_mut().run_commands();
            harness.run();
        }
        Step::SaveReopen => {
            let before = game(harness.state());
            if harness.state().session.path().is_none() && !file.exists() {
                crate::support::through_file_menu(harness, "Save game as…", file);
            }
            if !file.exists() {
                return;
            }
            let mut reopened = window();
            crate::support::through_file_menu(&mut reopened, "Open game…", file);
            assert_eq!(game(reopened.state()), before, "save then reopen");
            *harness = reopened;
        }
    }
    assert_eq!(
        harness.state().charts().map(|c| c.hash().to_owned()),
        hash,
        "no typed cell reaches the tables in force"
    );
}

fn cases() -> u32 {
    std::env::var("LAAGER_WINDOW_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn window_command_sequences_keep_results_tied_to_their_inputs(
        steps in proptest::collection::vec(step(), 1..10)
    ) {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("night.laager");
        let mut harness = window();
        for step in &steps {
            play(&mut harness, step, &file);
        }
    }
}

/// The steps do what they say: a resolution on the pair in contact applies once; changed
/// inputs make it stale, and Apply then logs nothing; undo then redo and save then reopen
/// come back to the same game.
#[test]
fn the_sequence_steps_resolve_apply_and_refuse_a_stale_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("night.laager");
    let mut harness = window();
    let start = game(harness.state()).1;
    for step in [Step::Select(0), Step::Resolve(6, 1), Step::Apply] {
        play(&mut harness, &step, &file);
    }
    assert_eq!(game(harness.state()).1, start + 1, "applied once");
    for step in [Step::Resolve(6, 1), Step::ToggleRough, Step::Apply] {
        play(&mut harness, &step, &file);
    }
    assert!(harness.state().desk.is_stale(Ruleset::DbaZulu));
    assert_eq!(
        game(harness.state()).1,
        start + 1,
        "the stale result is not applied"
    );
    for step in [Step::UndoRedo, Step::MoveBase(2), Step::SaveReopen] {
        play(&mut harness, &step, &file);
    }
    assert!(file.exists());
}
