//! Snapshot images of the whole window on each demo battle, rendered by wgpu (headless, on
//! a software adapter such as Mesa's lavapipe) and compared with the PNGs committed under
//! tests/snapshots/. Regenerate them with `UPDATE_SNAPSHOTS=1 cargo test app_snapshots`.

use egui::vec2;
use egui_kittest::{Harness, SnapshotOptions};
use laager::app::{Command, LaagerApp, State};

/// Software rasterisers differ a little between Mesa versions in anti-aliased edges and
/// glyph coverage: a pixel passes within the threshold, and a few hundred edge pixels of the
/// 1.26 million may differ. A moved base, a changed label or a lost layer fails by far more.
fn options() -> SnapshotOptions {
    SnapshotOptions::new().threshold(2.0).max_failed_pixels(400)
}

/// The window as a new user sees it: the real app at a fixed size, in the dark theme,
/// with no pointer drawn and the desk's dice seed fixed (the app seeds it from the clock).
fn snapshot_harness(mut app: LaagerApp) -> Harness<'static, LaagerApp> {
    app.desk.dice.next_seed = 1;
    let mut harness = Harness::builder()
        .with_size(vec2(1400.0, 900.0))
        .with_theme(egui::Theme::Dark)
        .with_render_cursor(false)
        .with_options(options())
        .build_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.run();
    harness
}

/// The first start opens the DBA-style Zulu battle.
#[test]
fn dba_zulu_demo_snapshot() {
    let app = LaagerApp::new(State::default(), None);
    assert!(app.messages.is_empty(), "{:?}", app.messages);
    let mut harness = snapshot_harness(app);
    harness.snapshot("dba_zulu_demo");
}

/// The Micro Colonial Isandhlwana skirmish. The rules do not print counter sizes, so the
/// demo opens only with a club's sizes typed in; these are test data (30 x 15 mm), not
/// values of the document.
#[test]
fn micro_colonial_isandhlwana_demo_snapshot() {
    let mut app = LaagerApp::new(State::default(), None);
    let cells = ["infantry", "artillery-machine-gun", "commander"]
        .iter()
        .flat_map(|t| {
            [
                format!("micro-colonial/counter_sizes:{t}:frontage_mm=30"),
                format!("micro-colonial/counter_sizes:{t}:depth_mm=15"),
            ]
        })
        .collect::<Vec<_>>()
        .join("\n");
    app.push(Command::SetClubCells(cells));
    app.push(Command::OpenDemo(1));
    app.run_commands();
    assert!(app.messages.is_empty(), "{:?}", app.messages);
    assert_eq!(app.document.layout.bases().len(), 11);
    let mut harness = snapshot_harness(app);
    harness.snapshot("micro_colonial_isandhlwana_demo");
}
