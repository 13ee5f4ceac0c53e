//! A long game in the records bar: the roster and the game log draw only the rows in view
//! (benches/records_panel.rs measures why), and scrolling brings the others in at the
//! places a full list would give them.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::session::Session;
use laager::app::{LaagerApp, State};
use laager::game::{Event, UnitEdit, UnitId, UnitSpec};
use serde_json::json;

const UNITS: usize = 200;
const MOVES: usize = 300;
/// The last unit's type, wider than any other's.
const LONG_TYPE: &str = "warband of the left horn, far out";

/// The window on a game of 200 DBA units, then 300 logged moves.
fn long_game_window() -> Harness<'static, LaagerApp> {
    let units = (0..UNITS)
        .map(|u| UnitSpec {
            unit_id: UnitId(format!("u{u}")),
            name: format!("unit {u}"),
            side: "Zulu".to_owned(),
            troop_type: if u == UNITS - 1 { LONG_TYPE } else { "warband" }.to_owned(),
            initial: 1,
            present: 1,
            class: None,
            strength_note: None,
            formation: None,
        })
        .collect();
    let mut session = Session::new(Ruleset::DbaZulu, "long", json!(null), units, None);
    for i in 0..MOVES {
        session
            .act(
                Event::Edit {
                    edit: UnitEdit::Moved {
                        unit_id: UnitId(format!("u{}", i % UNITS)),
                        to: json!({ "x": i, "y": 0.0, "facing_deg": 0.0 }),
                    },
                }
                .try_into()
                .expect("a manual event"),
            )
            .expect("move logged");
    }
    let mut app = LaagerApp::new(State::default(), None);
    app.session = session;
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    crate::support::side_tab(&mut harness, laager::app::SideTab::Records);
    harness
}

#[test]
fn a_long_roster_draws_the_rows_in_view_and_scrolls_to_the_others() {
    let mut harness = long_game_window();
    assert!(harness.query_by_label("u0").is_some());
    assert!(harness.query_by_label(&format!("u{}", UNITS - 1)).is_none());
    // The type column is as wide as the last unit's type, drawn or not: the strength
    // column after it stands where it stood.
    let edit_left = |harness: &Harness<'static, LaagerApp>| {
        harness
            .get_all_by_label("1 / 1")
            .next()
            .expect("a row")
            .rect()
            .left()
    };
    let at_top = edit_left(&harness);
    // Scrolled 100 points down, a row moves up exactly 100: the rows in view sit where
    // the whole grid would put them.
    let before = harness.get_by_label("u5").rect().top();
    harness.get_by_label("u5").scroll_down();
    harness.run();
    let after = harness.get_by_label("u5").rect().top();
    assert!((before - after - 100.0).abs() < 0.5, "{before} → {after}");
    assert!(harness.query_by_label("u0").is_none());
    for _ in 0..60 {
        if harness.query_by_label(&format!("u{}", UNITS - 1)).is_some() {
            break;
        }
        harness
            .get_all_by_label("edit")
            .next()
            .expect("a row")
            .scroll_down();
        harness.run();
    }
    assert!(harness.query_by_label(&format!("u{}", UNITS - 1)).is_some());
    assert!(harness.query_by_label(LONG_TYPE).is_some());
    let at_bottom = edit_left(&harness);
    assert!((at_bottom - at_top).abs() < 0.5, "{at_top} → {at_bottom}");
    // The last unit's edit form opens beside its row.
    harness
        .get_all_by_label("edit")
        .last()
        .expect("u199's row")
        .scroll_to_me();
    harness.run();
    harness
        .get_all_by_label("edit")
        .last()
        .expect("u199's row")
        .click();
    harness.run();
    assert!(harness.query_by_label("Edit u199").is_some());
}

#[test]
fn a_long_game_log_shows_its_newest_entries() {
    let harness = long_game_window();
    let last = UNITS + MOVES;
    assert!(
        harness
            .query_by_label_contains(&format!("{last}. move 1: u99 moved"))
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("1. move 1: u0 (unit 0")
            .is_none()
    );
}

fn moved(unit: &str) -> Event {
    Event::Edit {
        edit: UnitEdit::Moved {
            unit_id: UnitId(unit.to_owned()),
            to: json!({ "x": 1.0, "y": 0.0, "facing_deg": 0.0 }),
        },
    }
}

/// Each entry carries the move it was made in, counting only the active "next move"
/// events before it, as new entries are logged, undone and redone.
#[test]
fn log_lines_follow_next_move_undo_and_redo() {
    let mut harness = long_game_window();
    let next = UNITS + MOVES + 1;
    let log = |harness: &mut Harness<'static, LaagerApp>, event: Event| {
        harness
            .state_mut()
            .session
            .act(event.try_into().expect("a manual event"))
            .expect("logged");
        harness.run();
    };
    log(&mut harness, Event::MoveAdvanced);
    log(&mut harness, moved("u1"));
    let line = |seq: usize, text: &str| format!("{seq}. move {text}");
    assert!(
        harness
            .query_by_label(&line(next + 1, "2: u1 moved"))
            .is_some()
    );
    // Undo the move, then the "next move": a unit moved now is in move 1 again.
    for _ in 0..2 {
        harness.state_mut().session.undo().expect("undone");
        harness.run();
    }
    log(&mut harness, moved("u2"));
    assert!(
        harness
            .query_by_label(&line(next + 4, "1: u2 moved"))
            .is_some()
    );
    // The undone "next move" is struck through, and its entry keeps its place.
    assert!(
        harness
            .query_by_label(&line(next, "1: next move"))
            .is_some()
    );
}
