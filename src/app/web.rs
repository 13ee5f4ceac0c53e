//! The browser build (wasm32): the same [`LaagerApp`] on a canvas of the page, through
//! eframe's web runner. `web/build.sh` builds it; `web/index.html` holds the canvas.
//!
//! The game lives in the page's memory; the window's settings ([`State`]) are kept in the
//! browser's local storage by eframe's persistence. The browser has no file dialogs yet:
//! [`FileDialog`] stands in for rfd's and never picks a file, so the buttons that open or
//! save files do nothing in the page.

use super::{LaagerApp, State};
use std::path::PathBuf;
use wasm_bindgen::JsCast as _;

/// The id of the page's canvas (`web/index.html`).
const CANVAS_ID: &str = "laager_canvas";

/// Starts the app on the page's canvas; a failure to start is shown in the page.
pub fn start() {
    // Lets egui's and eframe's log (and a panic, which eframe logs) reach the console.
    let _ = eframe::WebLogger::init(log::LevelFilter::Warn);
    wasm_bindgen_futures::spawn_local(async {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            log::error!("no document to draw Laager in");
            return;
        };
        let Some(canvas) = document
            .get_element_by_id(CANVAS_ID)
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            log::error!("the page has no canvas with id {CANVAS_ID}");
            return;
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    let state: State = cc
                        .storage
                        .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                        .unwrap_or_default();
                    Ok(Box::new(WebApp {
                        app: LaagerApp::new(state, None),
                        frames: 0,
                    }))
                }),
            )
            .await;
        if let Some(loading) = document.get_element_by_id("loading") {
            match started {
                Ok(()) => loading.remove(),
                Err(e) => loading.set_text_content(Some(&format!("Laager did not start: {e:?}"))),
            }
        }
    });
}

/// The app, noting in the page when its first frame was drawn (`window.laagerFirstFrame`,
/// milliseconds since navigation), for `web/test.sh`.
struct WebApp {
    app: LaagerApp,
    frames: u32,
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.show(ui);
        if self.frames < 2 {
            self.frames += 1;
            // The second call: the first frame has been painted by now.
            if self.frames == 2
                && let Some(window) = web_sys::window()
            {
                let now = window.performance().map_or(0.0, |p| p.now());
                let _ = js_sys::Reflect::set(&window, &"laagerFirstFrame".into(), &now.into());
            } else {
                ui.ctx().request_repaint();
            }
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::App::save(&mut self.app, storage);
    }
}

/// Stands in for `rfd::FileDialog` in the browser: the same builder, and no file is ever
/// picked (issue 22: games and tables are to be uploaded and downloaded instead).
#[derive(Debug, Default)]
pub struct FileDialog;

impl FileDialog {
    pub fn new() -> FileDialog {
        FileDialog
    }

    #[must_use]
    pub fn add_filter(self, _name: impl Into<String>, _extensions: &[impl ToString]) -> FileDialog {
        self
    }

    #[must_use]
    pub fn set_file_name(self, _name: impl Into<String>) -> FileDialog {
        self
    }

    pub fn pick_file(self) -> Option<PathBuf> {
        None
    }

    pub fn save_file(self) -> Option<PathBuf> {
        None
    }

    pub fn pick_folder(self) -> Option<PathBuf> {
        None
    }
}
