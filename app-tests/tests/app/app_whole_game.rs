//! A game file is the whole game (issue 17, item 3), in the real window: a base moved in
//! play is an event, undone and redone like any other; a destroyed base leaves the table;
//! saved and reopened in a fresh window, the game comes back with its ruleset, table,
//! roster, log and move; a game not saved is never put away without asking.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{Command, LaagerApp, Mode, State};
use laager::game::{Event, UnitEdit};
use laager::ruleset::Ruleset;

const ZULU: &str = "uMcijo front";
const REGULARS: &str = "24th 4";

fn window() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    harness
}

fn centre(harness: &Harness<'_, LaagerApp>, unit: &str) -> (f32, f32) {
    let base = harness
        .state()
        .document
        .layout
        .base(unit)
        .expect("on the table");
    (base.centre().x, base.centre().y)
}

/// Moves a base in play as a drag does: the poses as the pointer goes, then the release.
fn drag(harness: &mut Harness<'_, LaagerApp>, unit: &str, to: (f32, f32)) {
    let app = harness.state_mut();
    app.push(Command::MoveUnit {
        unit_id: unit.to_owned(),
        centre: laager::geometry::Point::new(to.0 - 5.0, to.1),
    });
    app.push(Command::MoveUnit {
        unit_id: unit.to_owned(),
        centre: laager::geometry::Point::new(to.0, to.1),
    });
    app.push(Command::DragEnded);
    harness.run();
    harness.run();
}

#[test]
fn a_base_moved_in_play_is_one_event_undone_and_redone() {
    let mut harness = window();
    assert_eq!(harness.state().state.mode, Mode::Play);
    let before = centre(&harness, ZULU);
    let events = harness.state().session.game().events().len();
    drag(&mut harness, ZULU, (200.0, 300.0));
    assert_eq!(centre(&harness, ZULU), (200.0, 300.0));
    // Two poses on the way, one event when let go.
    let game = harness.state().session.game();
    assert_eq!(game.events().len(), events + 1);
    assert!(matches!(
        game.events().last().map(|e| &e.event),
        Some(Event::Edit {
            edit: UnitEdit::Moved { .. }
        })
    ));
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(centre(&harness, ZULU), before);
    harness.get_by_label("Redo").click();
    harness.run();
    assert_eq!(centre(&harness, ZULU), (200.0, 300.0));
    // Undo stops at the start of play: the move, then nothing more.
    harness.get_by_label("Undo").click();
    harness.run();
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(harness.state().session.game().state().units.len(), 25);
    assert!(
        harness
            .state()
            .messages
            .iter()
            .any(|m| m.contains("nothing to undo")),
        "{:?}",
        harness.state().messages
    );
}

#[test]
fn a_saved_game_reopens_with_its_ruleset_table_roster_log_and_move() {
    let mut harness = window();
    drag(&mut harness, ZULU, (200.0, 300.0));
    harness.get_by_label("Next move").click();
    harness.run();
    // A base removed in play leaves the table.
    harness
        .state_mut()
        .push(Command::DeleteUnits(vec![REGULARS.to_owned()]));
    harness.run();
    harness.run();
    assert!(harness.state().document.layout.base(REGULARS).is_none());
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("night.laager");
    crate::support::through_file_menu(&mut harness, "Save game as…", &path);
    assert!(path.exists(), "{:?}", harness.state().messages);

    // A fresh window on another ruleset and its own table.
    let mut other = window();
    other.get_by_label("Ruleset").click();
    other.run();
    other.get_by_label(Ruleset::MicroColonial.title()).click();
    other.run();
    crate::support::through_file_menu(&mut other, "Open game…", &path);
    other.run();
    let app = other.state();
    assert_eq!(app.state.ruleset, Ruleset::DbaZulu);
    assert_eq!(app.state.mode, Mode::Play);
    assert_eq!(centre(&other, ZULU), (200.0, 300.0));
    assert!(other.state().document.layout.base(REGULARS).is_none());
    let game = other.state().session.game();
    assert_eq!(game.state().move_number, 2);
    assert_eq!(
        game.events().len(),
        harness.state().session.game().events().len()
    );
}

#[test]
fn opening_a_demo_over_a_game_not_saved_asks_first() {
    let mut harness = window();
    let start = centre(&harness, ZULU);
    drag(&mut harness, ZULU, (200.0, 300.0));
    harness.state_mut().push(Command::OpenDemo(0));
    harness.run();
    harness.run();
    // Nothing was put away: the question is asked.
    assert!(
        harness
            .query_by_label("The game in play is not saved")
            .is_some()
    );
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(centre(&harness, ZULU), (200.0, 300.0));
    assert!(
        harness
            .query_by_label("The game in play is not saved")
            .is_none()
    );
    // Asked again, and told to discard: the demo opens afresh.
    harness.state_mut().push(Command::OpenDemo(0));
    harness.run();
    harness.run();
    harness.get_by_label("Discard the game").click();
    harness.run();
    harness.run();
    assert_eq!(centre(&harness, ZULU), start);
    let moved = harness.state().session.game().events().iter().any(|e| {
        matches!(
            e.event,
            Event::Edit {
                edit: UnitEdit::Moved { .. }
            }
        )
    });
    assert!(!moved);
}

/// Issue 17, item 5: "End game" records the result, the winner a side of the game; "Next
/// game" starts the campaign's next game with the forces carried over.
#[test]
fn a_game_ends_in_the_window_and_the_next_one_starts() {
    let mut harness = window();
    harness.get_by_label("End game…").click();
    harness.run();
    // No base lost: the victory condition decides nothing; the referee names the winner.
    assert!(
        harness
            .query_by_label_contains("the victory condition decides nothing yet")
            .is_some()
    );
    harness.get_by_label("result").click();
    harness.run();
    harness.get_by_label("zulu won").click();
    harness.run();
    harness.get_by_label("Record the result").click();
    harness.run();
    let result = harness
        .state()
        .session
        .game()
        .state()
        .result
        .clone()
        .expect("ended");
    assert_eq!(result.winner.as_deref(), Some("zulu"));
    assert_eq!(result.note, "the referee's call");
    harness.get_by_label("Next game").click();
    harness.run();
    // Issue 41: the window asks who plays each side before the next game starts.
    harness.get_by_label("zulu player").focus();
    harness.run();
    harness.get_by_label("zulu player").type_text("Bea");
    harness.run();
    harness.get_by_label("Start the game").click();
    harness.run();
    assert_eq!(harness.state().session.game_number, 2);
    let next = harness.state().session.game();
    assert!(next.state().result.is_none());
    assert_eq!(next.state().units.len(), 25);
    assert_eq!(
        next.state().players,
        vec![laager::game::Player::new("zulu", "Bea").expect("a player")]
    );
    assert!(
        next.state().started.is_some(),
        "the next game's start is dated"
    );
}
