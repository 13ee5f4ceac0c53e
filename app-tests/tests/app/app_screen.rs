//! The referee's screen (issue 18): help inside (F1 and the Help menu), the dice history,
//! the record sheet printed from the records bar, and a theme switch in words.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::help::GUIDE_HEADING;
use laager::app::{LaagerApp, State};
use laager::dice::DiceChoice;
use laager::game::{Action, ThrowId, gate};
use laager::rules::situation::{NoRecords, Roles};
use laager::rules::{Request, dba_zulu};

const ZULU: &str = "uMcijo front";
const REGULARS: &str = "24th 4";

/// The window on the DBA demo, in play.
fn window() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1600.0, 1200.0));
    harness.run();
    harness
}

/// A close combat of the Zulus against the regulars with `faces` typed, applied to the game
/// as the desk applies it.
fn apply_combat(harness: &mut Harness<'_, LaagerApp>, faces: &str) {
    let app = harness.state_mut();
    let charts = app.charts().expect("charts").clone();
    let roles = Roles(vec![
        ("a".to_owned(), ZULU.to_owned()),
        ("b".to_owned(), REGULARS.to_owned()),
    ]);
    let input = dba_zulu::situation::combat(
        &app.document.layout,
        &NoRecords,
        &roles,
        dba_zulu::CombatKind::Close,
    )
    .expect("the demo's bases are in contact");
    let request = Request::DbaZulu(dba_zulu::Request::Combat(input));
    let resolution = request
        .resolve_with(&charts, &DiceChoice::Typed(faces.to_owned()))
        .expect("resolves");
    let layout = app.document.layout.clone();
    app.session
        .act(Action::Apply(Box::new(gate::Apply {
            request,
            resolution,
            roles,
            cells: Vec::new(),
            throw: ThrowId::new(),
            tables: None,
            table: Some(layout),
        })))
        .expect("applied");
    harness.run();
}

#[test]
fn f1_opens_the_help_with_the_guide_and_the_shortcuts() {
    let mut harness = window();
    assert!(harness.query_by_label(GUIDE_HEADING).is_none());
    harness.key_press(egui::Key::F1);
    harness.run();
    assert!(harness.state().windows.help);
    assert!(harness.query_by_label(GUIDE_HEADING).is_some());
    for shortcut in ["Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Enter", "Home"] {
        assert!(
            harness.query_by_label(shortcut).is_some(),
            "{shortcut} listed"
        );
    }
    harness.key_press(egui::Key::F1);
    harness.run();
    assert!(
        harness.query_by_label(GUIDE_HEADING).is_none(),
        "F1 closes it"
    );
}

#[test]
fn the_help_menu_opens_the_help() {
    let mut harness = window();
    harness.get_by_label("Help").click();
    harness.run();
    harness.get_by_label("Help and shortcuts (F1)").click();
    harness.run();
    assert!(harness.query_by_label(GUIDE_HEADING).is_some());
}

#[test]
fn the_dice_history_lists_each_throw_and_marks_the_undone_one() {
    let mut harness = window();
    apply_combat(&mut harness, "5,1");
    harness.get_by_label("View").click();
    harness.run();
    harness.get_by_label("Dice history").click();
    harness.run();
    assert!(harness.state().windows.dice);
    assert!(harness.query_by_label_contains("1 throw of dice").is_some());
    assert!(harness.query_by_label(" 5 ").is_some(), "the 5 thrown");
    assert!(harness.query_by_label("typed").is_some());
    assert!(harness.query_by_label("undone").is_none());

    harness.state_mut().session.undo().expect("undo");
    harness.run();
    assert!(harness.query_by_label_contains("1 undone").is_some());
    assert!(harness.query_by_label("undone").is_some());
}

/// Issue 40: "Print and export confirm with the path, and ask before replacing a file."
/// File > Print record sheet (PDF)… writes the PDF where the prompt says and says so; a
/// second print to the same file asks first, and keeping the file writes nothing.
#[test]
fn print_record_sheet_writes_a_pdf_says_where_and_asks_before_replacing_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("sheet.pdf");
    let mut harness = window();
    crate::support::through_file_menu(&mut harness, "Print record sheet (PDF)…", &path);
    let bytes = std::fs::read(&path).expect("pdf written");
    assert!(
        bytes.starts_with(b"%PDF-"),
        "{:?}",
        harness.state().messages
    );
    assert_eq!(
        harness.state().messages.last().map(String::as_str),
        Some(
            format!(
                "printed the record sheet to {} (PDF, to print)",
                path.display()
            )
            .as_str()
        )
    );
    std::fs::write(&path, b"the club's own sheet").expect("overwritten by hand");
    crate::support::through_file_menu(&mut harness, "Print record sheet (PDF)…", &path);
    assert!(
        harness
            .query_by_label(&format!("{} exists. Replace it?", path.display()))
            .is_some(),
        "the prompt asks"
    );
    harness.get_by_label("Keep it").click();
    harness.run();
    assert_eq!(std::fs::read(&path).expect("kept"), b"the club's own sheet");
    harness.get_by_label("Print").click();
    harness.run();
    harness.get_by_label("Replace").click();
    harness.run();
    assert!(
        std::fs::read(&path)
            .expect("replaced")
            .starts_with(b"%PDF-")
    );
    assert!(
        harness.state().windows.prompt.is_none(),
        "the prompt closes"
    );
}

#[test]
fn the_theme_switch_is_in_words() {
    let mut harness = window();
    harness.get_by_label("View").click();
    harness.run();
    for theme in ["Light", "Dark", "System"] {
        assert!(harness.query_by_label(theme).is_some(), "{theme} offered");
    }
    harness.get_by_label("Light").click();
    harness.run();
    assert_eq!(
        harness.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Light
    );
}

/// The help as a new referee reads it (its own picture, apart from the window behind it).
#[test]
fn help_snapshot() {
    let Some(renderer) = crate::gpu::renderer("help_snapshot") else {
        return;
    };
    let mut harness = Harness::builder()
        .renderer(renderer)
        .with_size(egui::vec2(620.0, 960.0))
        .with_theme(egui::Theme::Dark)
        .with_render_cursor(false)
        .with_options(
            egui_kittest::SnapshotOptions::new()
                .threshold(2.0)
                .max_failed_pixels(400),
        )
        .build_ui(|ui| {
            egui::Frame::central_panel(ui.style()).show(ui, laager::app::help::ui);
        });
    harness.run();
    harness.snapshot("help");
}

/// "The result and Apply are visible without scrolling at 1280×800": after a close combat
/// is resolved from the desk, the answer card's Apply button lies inside the window, in
/// the desk beside the table, and the table keeps at least half the window's width.
#[test]
fn the_result_card_and_apply_lie_inside_the_visible_desk_at_1280x800() {
    result_card_and_apply_in_view(1280.0, 800.0);
}

/// The same at the larger supported sizes: the answer card in view, the table at least half
/// the window.
#[test]
fn the_result_card_and_apply_lie_inside_the_visible_desk_at_1920x1080_and_2560x1440() {
    result_card_and_apply_in_view(1920.0, 1080.0);
    result_card_and_apply_in_view(2560.0, 1440.0);
}

fn result_card_and_apply_in_view(width: f32, height: f32) {
    let mut app = LaagerApp::new(State::default(), None);
    app.canvas.selected = vec![ZULU.to_owned(), REGULARS.to_owned()];
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(width, height));
    harness.run();
    // The referee scrolls down to the dice and Resolve...
    harness.get_by_label("Type faces").scroll_to_me();
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "dice faces");
    field.focus();
    field.type_text("6,1");
    harness.run();
    harness.get_by_label("Resolve").scroll_to_me();
    harness.run();
    harness.get_by_label("Resolve").click();
    // ...and the answer comes into view at the top of the desk by itself.
    harness.run();
    harness.run();
    assert!(matches!(harness.state().desk.result, Some(Ok(_))));
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, height));
    let apply = harness.get_by_label("Apply to the game").rect();
    assert!(window.contains_rect(apply), "Apply at {apply:?}");
    // The desk is the right-hand panel; the table keeps the left half at least.
    assert!(apply.min.x >= width / 2.0, "Apply at {apply:?}");
    // The desk stands between the menu bar and the roster, as high as the table: Apply lies
    // in that band, not under the roster or the status bar.
    let table = harness.state().canvas.rect;
    assert!(
        apply.min.y >= table.min.y && apply.max.y <= table.max.y,
        "Apply at {apply:?}, the desk's visible band {table:?}"
    );
    assert!(harness.state().canvas.rect.width() >= width / 2.0);
    // The outcome in words stands above Apply.
    let said = harness
        .query_all_by_label_contains("uMcijo front")
        .map(|node| node.rect())
        .find(|r| r.min.x >= width / 2.0 && window.contains_rect(*r) && r.max.y <= apply.min.y);
    assert!(
        said.is_some(),
        "no outcome in words above Apply at {apply:?}"
    );
}

/// F2 folds the panel beside the table away, giving the table the window; F3 turns it to
/// the records (the roster over the game log) and back to the desk.
#[test]
fn f2_folds_the_desk_away_and_f3_turns_to_the_records() {
    let mut harness = window();
    let narrow = harness.state().canvas.rect.width();
    assert!(harness.query_by_label("Desk").is_some());
    assert!(harness.query_by_label("Roster").is_none());
    harness.key_press(egui::Key::F2);
    harness.run();
    harness.run();
    assert!(!harness.state().state.show_desk);
    assert!(harness.query_by_label("Desk").is_none());
    assert!(harness.state().canvas.rect.width() > narrow + 200.0);
    harness.key_press(egui::Key::F3);
    harness.run();
    harness.run();
    assert!(harness.state().state.show_desk, "F3 shows the panel");
    assert!(harness.query_by_label("Roster").is_some());
    assert!(harness.query_by_label("Game log").is_some());
    assert!(harness.query_by_label("Resolve").is_none());
    harness.key_press(egui::Key::F3);
    harness.run();
    assert!(harness.query_by_label("Roster").is_none());
    assert!(harness.query_by_label("Resolve").is_some());
}

/// Touch mode (View menu): every button is at least 40 px high, as a finger needs.
#[test]
fn touch_mode_makes_every_control_at_least_40_px_high() {
    let mut harness = window();
    let before = harness.get_by_label("Next move").rect().height();
    assert!(before < 40.0, "{before}");
    harness.state_mut().state.touch = Some(true);
    harness.run();
    harness.run();
    for label in ["Next move", "Undo", "Resolve"] {
        let height = harness.get_by_label(label).rect().height();
        assert!(
            height >= laager::app::TOUCH_CONTROL_HEIGHT,
            "{label}: {height}"
        );
    }
}
