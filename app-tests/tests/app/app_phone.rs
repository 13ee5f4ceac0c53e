//! Issue 22: on a phone (a screen under 600 logical px wide) the desk is a sheet over the
//! bottom of the table, text is at least 14 px and, in touch mode, every control at least
//! 40 px tall. Tried at 390 × 844, a phone held upright.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use laager::app::{LaagerApp, NARROW_TEXT_SIZE, State, TOUCH_CONTROL_HEIGHT};

fn phone(touch: bool) -> Harness<'static, LaagerApp> {
    let state = State {
        touch: Some(touch),
        ..State::default()
    };
    let app = LaagerApp::new(state, None);
    // At that size from the first frame, as a phone's page is: the panels take their first
    // sizes from it.
    let mut harness = Harness::builder()
        .with_size(egui::vec2(390.0, 844.0))
        .build_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.run();
    harness.run();
    harness
}

#[test]
fn on_a_phone_the_desk_is_a_sheet_below_the_table_across_its_width() {
    let harness = phone(true);
    let canvas = harness.state().canvas.rect;
    let desk = harness.get_by_label("Desk").rect();
    assert!(
        desk.top() >= canvas.bottom() - 1.0,
        "desk {desk:?} not below the table {canvas:?}"
    );
    // The table keeps the whole width, and a fair share of the height.
    assert!(canvas.width() >= 370.0, "table {canvas:?}");
    assert!(canvas.height() >= 150.0, "table {canvas:?}");
}

/// Issue 22: the menu bar ran off the right edge of a phone; every item of it is within the
/// width, the ruleset, tools and unit in a Tools menu.
#[test]
fn on_a_phone_the_menu_bar_fits_the_width() {
    let mut harness = phone(true);
    for label in ["File", "View", "Help", "Set up", "Play", "Tools"] {
        let rect = harness.get_by_label(label).rect();
        assert!(rect.right() <= 390.0, "{label} at {rect:?}");
    }
    harness.get_by_label("Tools").click();
    harness.run();
    harness.get_by_label("Ruler").click();
    harness.run();
    assert_eq!(
        harness.state().state.canvas.tool,
        laager::app::canvas::tools::Tool::Ruler
    );
}

/// Issue 22: with the desk and the roster open in Play, the table keeps about half of a
/// phone's height (the roster's rows of buttons left it about 200 px).
#[test]
fn on_a_phone_in_play_the_table_keeps_about_half_the_height() {
    let harness = phone(true);
    let canvas = harness.state().canvas.rect;
    assert!(canvas.height() >= 0.45 * 844.0, "table {canvas:?}");
    let records = harness.get_by_label("Records").rect();
    assert!(records.bottom() <= 844.0, "the Records tab {records:?}");
}

#[test]
fn on_a_phone_text_is_at_least_14_px() {
    let harness = phone(false);
    let sizes: Vec<f32> = harness
        .ctx
        .global_style()
        .text_styles
        .values()
        .map(|font| font.size)
        .collect();
    assert!(
        sizes.iter().all(|&size| size >= NARROW_TEXT_SIZE),
        "{sizes:?}"
    );
}

#[test]
fn in_touch_mode_on_a_phone_buttons_are_at_least_40_px_tall() {
    let harness = phone(true);
    let mut seen = 0;
    for button in harness.query_all_by_role(Role::Button) {
        let rect = button.rect();
        // A button cut by a panel's edge or scrolled off is not measured.
        if rect.height() > 1.0 && rect.top() >= 0.0 && rect.bottom() <= 844.0 {
            assert!(
                rect.height() >= TOUCH_CONTROL_HEIGHT - 0.5,
                "{:?} is {} px tall",
                button.accesskit_node().label(),
                rect.height()
            );
            seen += 1;
        }
    }
    assert!(seen >= 5, "only {seen} buttons measured");
}

#[test]
fn a_wide_window_keeps_the_desk_beside_the_table() {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1280.0, 800.0));
    harness.run();
    let canvas = harness.state().canvas.rect;
    let desk = harness.get_by_label("Desk").rect();
    assert!(
        desk.left() >= canvas.right() - 1.0,
        "desk {desk:?} not beside {canvas:?}"
    );
    let body = harness.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    let plain = egui::Style::default().text_styles[&egui::TextStyle::Body].size;
    assert!((body - plain).abs() < 1e-3, "{body} px, not {plain} px");
}
