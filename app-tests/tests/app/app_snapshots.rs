//! Snapshot images of the whole window on each demo battle, rendered by wgpu (headless, on
//! a software adapter such as Mesa's lavapipe) and compared with the PNGs committed under
//! tests/snapshots/. Regenerate them with `UPDATE_SNAPSHOTS=1 cargo test app_snapshots`.
//! A machine with no graphics adapter skips them with a line naming the package to install,
//! and fails them under `CI=true` (see gpu.rs).

use crate::gpu::{self, WithoutAdapter};
use egui::vec2;
use egui_kittest::wgpu::WgpuTestRenderer;
use egui_kittest::{Harness, SnapshotOptions};
use laager::app::{Command, LaagerApp, State};
use std::process::Command as Process;

/// Software rasterisers differ a little between Mesa versions in anti-aliased edges and
/// glyph coverage: a pixel passes within the threshold, and a few hundred edge pixels of the
/// 1.26 million may differ. A moved base, a changed label or a lost layer fails by far more.
fn options() -> SnapshotOptions {
    SnapshotOptions::new().threshold(2.0).max_failed_pixels(400)
}

/// The window as a new user sees it: the real app at a fixed size, in the dark theme,
/// with no pointer drawn and the desk's dice seed fixed (the app seeds it from the clock).
fn snapshot_harness(mut app: LaagerApp, renderer: WgpuTestRenderer) -> Harness<'static, LaagerApp> {
    app.desk.dice.next_seed = 1;
    let mut harness = Harness::builder()
        .renderer(renderer)
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
    let Some(renderer) = gpu::renderer("dba_zulu_demo_snapshot") else {
        return;
    };
    let app = LaagerApp::new(State::default(), None);
    assert!(app.messages.is_empty(), "{:?}", app.messages);
    let mut harness = snapshot_harness(app, renderer);
    harness.snapshot("dba_zulu_demo");
}

/// The Micro Colonial Isandhlwana skirmish. The rules do not print counter sizes, so the
/// demo opens only with a club's sizes typed in; these are test data (30 x 15 mm), not
/// values of the document.
#[test]
fn micro_colonial_isandhlwana_demo_snapshot() {
    let Some(renderer) = gpu::renderer("micro_colonial_isandhlwana_demo_snapshot") else {
        return;
    };
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
    let mut harness = snapshot_harness(app, renderer);
    harness.snapshot("micro_colonial_isandhlwana_demo");
}

#[test]
fn without_an_adapter_a_snapshot_skips_naming_the_package_outside_ci() {
    let WithoutAdapter::Skip(line) = gpu::without_adapter("dba", "No adapter found", false) else {
        panic!("outside CI a missing adapter skips");
    };
    assert!(line.contains("mesa-vulkan-drivers"), "{line}");
    assert!(line.contains("No adapter found"), "{line}");
    assert_eq!(line.lines().count(), 1);
}

#[test]
fn without_an_adapter_a_snapshot_fails_under_ci() {
    let WithoutAdapter::Fail(message) = gpu::without_adapter("dba", "No adapter found", true)
    else {
        panic!("under CI a missing adapter fails");
    };
    assert!(message.contains("mesa-vulkan-drivers"), "{message}");
}

/// The snapshot test run again in a process of its own whose wgpu sees no adapter (only the
/// Metal backend, which Linux has not): it passes with the skip line outside CI and fails
/// under `CI=true`.
#[cfg(target_os = "linux")]
#[test]
fn a_machine_without_an_adapter_skips_the_snapshot_and_ci_fails_it() {
    let exe = std::env::current_exe().expect("the test binary");
    let run = |ci: Option<&str>| {
        let mut process = Process::new(&exe);
        process
            .args([
                "app_snapshots::dba_zulu_demo_snapshot",
                "--exact",
                "--test-threads=1",
            ])
            .env("WGPU_BACKEND", "metal")
            .env_remove("CI");
        if let Some(ci) = ci {
            process.env("CI", ci);
        }
        process.output().expect("the test binary runs")
    };
    let skipped = run(None);
    let stderr = String::from_utf8_lossy(&skipped.stderr);
    assert!(skipped.status.success(), "{stderr}");
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("mesa-vulkan-drivers"))
        .collect();
    assert_eq!(lines.len(), 1, "one line names the package: {stderr}");
    assert!(
        lines[0].starts_with("skipping dba_zulu_demo_snapshot"),
        "{stderr}"
    );

    let failed = run(Some("true"));
    assert!(!failed.status.success(), "CI fails without an adapter");
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&failed.stdout),
        String::from_utf8_lossy(&failed.stderr)
    );
    assert!(output.contains("mesa-vulkan-drivers"), "{output}");
}

/// The window in Play at `size`, on demo `demo`, after the referee selected `units` and
/// resolved the desk's procedure (typing `faces` when it throws dice).
fn play_after_resolution(
    renderer: WgpuTestRenderer,
    demo: usize,
    size: egui::Vec2,
    units: &[&str],
    faces: Option<&str>,
) -> Harness<'static, LaagerApp> {
    use egui_kittest::kittest::Queryable;
    let mut app = LaagerApp::new(State::default(), None);
    app.push(Command::OpenDemo(demo));
    app.run_commands();
    assert!(app.messages.is_empty(), "{:?}", app.messages);
    app.desk.dice.next_seed = 1;
    app.canvas.selected = units.iter().map(|u| (*u).to_owned()).collect();
    let mut harness = Harness::builder()
        .renderer(renderer)
        .with_size(size)
        .with_theme(egui::Theme::Dark)
        .with_render_cursor(false)
        .with_options(options())
        .build_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.run();
    if let Some(faces) = faces {
        harness.get_by_label("Type faces").scroll_to_me();
        harness.run();
        harness.get_by_label("Type faces").click();
        harness.run();
        let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "dice faces");
        field.focus();
        field.type_text(faces);
        harness.run();
    }
    harness.get_by_label("Resolve").scroll_to_me();
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    harness.run();
    assert!(
        matches!(harness.state().desk.result, Some(Ok(_))),
        "resolved: {:?}",
        harness.state().desk.result
    );
    harness
}

/// Play on the DBA demo after a close combat, at `size`.
fn dba_play_snapshot(size: egui::Vec2, name: &str) {
    let Some(renderer) = gpu::renderer(name) else {
        return;
    };
    let mut harness =
        play_after_resolution(renderer, 0, size, &["uMcijo front", "24th 4"], Some("6,1"));
    harness.snapshot(name);
}

/// Play on the Micro Colonial demo after a movement, at `size`.
fn micro_colonial_play_snapshot(size: egui::Vec2, name: &str) {
    let Some(renderer) = gpu::renderer(name) else {
        return;
    };
    let mut harness = play_after_resolution(renderer, 1, size, &["1/24 A"], None);
    harness.snapshot(name);
}

#[test]
fn dba_zulu_play_1024x700_snapshot() {
    dba_play_snapshot(vec2(1024.0, 700.0), "dba_zulu_play_1024x700");
}

#[test]
fn dba_zulu_play_1920x1080_snapshot() {
    dba_play_snapshot(vec2(1920.0, 1080.0), "dba_zulu_play_1920x1080");
}

#[test]
fn micro_colonial_play_1024x700_snapshot() {
    micro_colonial_play_snapshot(vec2(1024.0, 700.0), "micro_colonial_play_1024x700");
}

#[test]
fn micro_colonial_play_1920x1080_snapshot() {
    micro_colonial_play_snapshot(vec2(1920.0, 1080.0), "micro_colonial_play_1920x1080");
}

/// Issue 22: the DBA demo in Play on a phone held upright (390 × 844) in touch mode: the
/// menu bar within the width, the table over the desk's sheet and the roster's.
#[test]
fn dba_zulu_phone_390x844_snapshot() {
    let name = "dba_zulu_phone_390x844";
    let Some(renderer) = gpu::renderer(name) else {
        return;
    };
    let state = State {
        touch: Some(true),
        ..State::default()
    };
    let mut app = LaagerApp::new(state, None);
    app.desk.dice.next_seed = 1;
    let mut harness = Harness::builder()
        .renderer(renderer)
        .with_size(vec2(390.0, 844.0))
        .with_theme(egui::Theme::Dark)
        .with_render_cursor(false)
        .with_options(options())
        .build_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.run();
    harness.run();
    harness.snapshot(name);
}
