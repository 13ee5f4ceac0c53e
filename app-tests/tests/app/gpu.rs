//! The graphics adapter the snapshot tests render on (wgpu, headless: on a machine without
//! a GPU, Mesa's software Vulkan, lavapipe). egui_kittest creates its renderer on the first
//! snapshot and panics when there is no adapter; here the adapter is asked for first, the
//! same way, so a machine without one skips the snapshots with one line naming the package
//! to install — except under `CI=true`, where every picture must be checked and a missing
//! adapter fails the run.

use egui_kittest::wgpu::{WgpuTestRenderer, default_wgpu_setup};
use std::io::Write as _;

/// The Debian package that gives wgpu a software adapter.
pub const PACKAGE: &str = "mesa-vulkan-drivers";

/// What a snapshot test does without an adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WithoutAdapter {
    /// Pass, after printing this line.
    Skip(String),
    /// Fail with this message.
    Fail(String),
}

/// Skip outside CI, fail under it; either way say which package to install.
pub fn without_adapter(test: &str, error: &str, ci: bool) -> WithoutAdapter {
    if ci {
        WithoutAdapter::Fail(format!(
            "{test}: no graphics adapter to render the snapshot on ({error}); CI checks every picture: install {PACKAGE}"
        ))
    } else {
        WithoutAdapter::Skip(format!(
            "skipping {test}: no graphics adapter to render it on ({error}); install {PACKAGE} to check the picture"
        ))
    }
}

/// Whether the tests run under CI (`CI=true`).
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// egui's wgpu render state on the adapter egui_kittest would pick, or why there is none.
pub fn render_state() -> Result<egui_wgpu::RenderState, String> {
    let setup = default_wgpu_setup();
    let instance = pollster::block_on(setup.new_instance());
    pollster::block_on(egui_wgpu::RenderState::create(
        &egui_wgpu::WgpuConfiguration {
            wgpu_setup: setup,
            ..Default::default()
        },
        &instance,
        None,
        egui_wgpu::RendererOptions::PREDICTABLE,
    ))
    .map_err(|e| e.to_string())
}

/// The renderer for a snapshot test; `None` (with its one line printed) where the machine
/// has no adapter and the run is not CI's.
pub fn renderer(test: &str) -> Option<WgpuTestRenderer> {
    match render_state() {
        Ok(state) => Some(WgpuTestRenderer::from_render_state(state)),
        Err(error) => match without_adapter(test, &error, under_ci()) {
            WithoutAdapter::Skip(line) => {
                // Straight to the terminal: the test harness would swallow println! of a
                // test that passes.
                let _ = writeln!(std::io::stderr(), "{line}");
                None
            }
            WithoutAdapter::Fail(message) => panic!("{message}"),
        },
    }
}
