//! The browser build (wasm32): the same [`LaagerApp`] on a canvas of the page, through
//! eframe's web runner. `web/build.sh` builds it; `web/index.html` holds the canvas.
//!
//! The game in play is kept in the browser's local storage ([`GAME_KEY`], the campaign's
//! JSON as `laager campaign export` writes it) after every change and put back on the
//! table when the page is opened again; the window's settings ([`State`]) are kept there
//! by eframe's persistence. The File menu's Download game saves the game as an ordinary
//! `.laager` file and Upload opens one, a layout, a photo or a club tables bundle (the
//! page's `<input type=file>`, or a file dropped on the page); both ask
//! the store through [`LaagerApp`] (`keep.rs`). Merge a table's game uploads a table's
//! `.laager` file (its download of the campaign, played there) onto the campaign open, by
//! the engine's merge, as `laager campaign merge` does. The browser has no file dialogs:
//! [`FileDialog`] stands in for rfd's and never picks a file.
//!
//! For `web/test.py` the page also answers `window.laagerRecords()` (the record sheet as
//! CSV), `window.laagerMessage()` (the newest message in the status bar),
//! `window.laagerCanvas()` (the units selected, the zoom, where each base's centre is on
//! the page, the selection's measure, the desk's tab and result, and the photo's size in
//! pixels, JSON), `window.laagerUiTimes()` (how long the app took over each frame
//! since it was last asked, ms) and
//! `window.laagerDownloadGame()` (the File menu's Download game): text, where the canvas
//! has only pixels.

use super::{LaagerApp, State};
use std::cell::RefCell;
use std::path::PathBuf;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::Closure;

/// The id of the page's canvas (`web/index.html`).
const CANVAS_ID: &str = "laager_canvas";
/// The id of the page's hidden file input (`web/index.html`), which Upload game opens.
const UPLOAD_ID: &str = "laager_upload";
/// Where the game in play is kept in the browser's local storage.
pub const GAME_KEY: &str = "laager.game";
/// Where a kept game that no longer reads is moved, so that keeping the next one does not
/// write over it.
pub const UNREADABLE_KEY: &str = "laager.game.unreadable";
/// Where the club tables bundle in force is kept (its text), and its file's name.
pub const TABLES_KEY: &str = "laager.tables";
/// Where the name of the kept club tables bundle is kept.
pub const TABLES_NAME_KEY: &str = "laager.tables.name";

/// What the page asks of the app between frames (from a file input or a test hook).
enum Request {
    /// Save the game as a `.laager` file.
    DownloadGame,
    /// Save the club tables bundle in force.
    DownloadTables,
    /// Save one of the records' exports (the records bar's Download buttons' path).
    DownloadExport(super::records_panel::ExportKind),
    /// Open an uploaded file.
    Uploaded { name: String, bytes: Vec<u8> },
    /// Merge an uploaded table's `.laager` file into the campaign open (File, Merge a
    /// table's game…).
    UploadedToMerge { name: String, bytes: Vec<u8> },
    /// An upload that could not be read.
    Failed(String),
}

thread_local! {
    /// Requests waiting for the next frame.
    static INBOX: RefCell<Vec<Request>> = const { RefCell::new(Vec::new()) };
    /// The app's context, to wake it when a request arrives.
    static CONTEXT: RefCell<Option<egui::Context>> = const { RefCell::new(None) };
    /// The record sheet as CSV, as of the last frame.
    static RECORDS: RefCell<String> = const { RefCell::new(String::new()) };
    /// The newest message in the status bar, as of the last frame.
    static MESSAGE: RefCell<String> = const { RefCell::new(String::new()) };
    /// How long the app took to lay out each recent frame (ms), the newest last: the rest
    /// of a frame is eframe's painting.
    static UI_MS: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
    /// The units selected and the canvas's zoom, as JSON, as of the last frame.
    static CANVAS: RefCell<String> = const { RefCell::new(String::new()) };
    /// Whether the file the page's input gives next is a table's game to merge (Merge a
    /// table's game…) rather than one to open.
    static MERGE_NEXT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Queues a request and wakes the app to take it.
fn post(request: Request) {
    INBOX.with(|inbox| inbox.borrow_mut().push(request));
    CONTEXT.with(|ctx| {
        if let Some(ctx) = ctx.borrow().as_ref() {
            ctx.request_repaint();
        }
    });
}

/// The browser's local storage, if the page may use it.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Sets `window.NAME` to a function of no arguments.
fn expose(window: &web_sys::Window, name: &str, f: impl Fn() -> wasm_bindgen::JsValue + 'static) {
    let closure = Closure::<dyn Fn() -> wasm_bindgen::JsValue>::new(f);
    let _ = js_sys::Reflect::set(window, &name.into(), closure.as_ref());
    // The page keeps the function as long as it lives.
    closure.forget();
}

/// Reads the file chosen in the page's file input, and clears the input so that the same
/// file can be chosen again.
fn read_chosen_file(input: &web_sys::HtmlInputElement) {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    let merge = MERGE_NEXT.with(|m| m.replace(false));
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                post(if merge {
                    Request::UploadedToMerge { name, bytes }
                } else {
                    Request::Uploaded { name, bytes }
                });
            }
            Err(e) => post(Request::Failed(format!(
                "{name}: the browser could not read it: {e:?}"
            ))),
        }
    });
}

/// Reads each file dropped on the page (the browser reads it asynchronously), to be opened
/// as an upload of it is.
fn read_dropped_files(ui: &egui::Ui) {
    for file in ui.input(|i| i.raw.dropped_files.clone()) {
        let name = file.path().display().to_string();
        wasm_bindgen_futures::spawn_local(async move {
            match file.bytes_async().await {
                Ok(bytes) => post(Request::Uploaded { name, bytes }),
                Err(e) => post(Request::Failed(format!(
                    "{name}: the browser could not read it: {e}"
                ))),
            }
        });
    }
}

/// Listens to the page's file input and sets the test hooks on `window`.
fn wire_page(window: &web_sys::Window, document: &web_sys::Document) {
    if let Some(input) = document
        .get_element_by_id(UPLOAD_ID)
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        let target = input.clone();
        let changed = Closure::<dyn Fn()>::new(move || read_chosen_file(&target));
        let _ = input.add_event_listener_with_callback("change", changed.as_ref().unchecked_ref());
        changed.forget();
    } else {
        log::warn!("the page has no file input with id {UPLOAD_ID}: Upload game cannot work");
    }
    expose(window, "laagerRecords", || {
        RECORDS.with(|r| r.borrow().clone()).into()
    });
    expose(window, "laagerMessage", || {
        MESSAGE.with(|m| m.borrow().clone()).into()
    });
    expose(window, "laagerCanvas", || {
        CANVAS.with(|c| c.borrow().clone()).into()
    });
    expose(window, "laagerUiTimes", || {
        let times = UI_MS.with(|t| std::mem::take(&mut *t.borrow_mut()));
        times
            .into_iter()
            .map(wasm_bindgen::JsValue::from)
            .collect::<js_sys::Array>()
            .into()
    });
    expose(window, "laagerDownloadGame", || {
        post(Request::DownloadGame);
        wasm_bindgen::JsValue::UNDEFINED
    });
    expose(window, "laagerDownloadRecordsCsv", || {
        post(Request::DownloadExport(
            super::records_panel::ExportKind::Csv,
        ));
        wasm_bindgen::JsValue::UNDEFINED
    });
}

/// Opens the page's file picker (Upload game).
fn pick_upload() -> Result<(), String> {
    let input = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(UPLOAD_ID))
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .ok_or(format!("the page has no file input with id {UPLOAD_ID}"))?;
    input.click();
    Ok(())
}

/// Saves `bytes` as a download named `name`.
pub(crate) fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
    let failed = |e: wasm_bindgen::JsValue| format!("{name}: the browser did not save it: {e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document to save from")?;
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let anchor = document
        .create_element("a")
        .map_err(failed)?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| format!("{name}: the browser did not save it"))?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The File menu's entries of the page: Download game, Upload, Download club tables.
pub fn file_menu(app: &mut LaagerApp, ui: &mut egui::Ui) {
    if ui
        .button("Download game (.laager)")
        .on_hover_text("Save the campaign as a .laager file, which the desktop app and `laager records FILE` open")
        .clicked()
    {
        post(Request::DownloadGame);
    }
    if ui
        .button("Upload game, table, photo or club tables…")
        .on_hover_text("Open a .laager file (the game on the table is put away, asked first when it is in play), a layout (.json, as Save layout writes it) as the table, a photo of the table (.png, .jpg) under it, or lay a club tables bundle (.json, from `laager tables export`) over the tables in force")
        .clicked()
    {
        MERGE_NEXT.with(|m| m.set(false));
        if let Err(e) = pick_upload() {
            app.messages.push(e);
        }
    }
    if ui
        .button("Merge a table's game…")
        .on_hover_text("A club night: upload a table's .laager file (its download of this campaign, played there) and bring its games into the campaign open here, as `laager campaign merge` does")
        .clicked()
    {
        MERGE_NEXT.with(|m| m.set(true));
        if let Err(e) = pick_upload() {
            MERGE_NEXT.with(|m| m.set(false));
            app.messages.push(e);
        }
    }
    for (kind, text, mime) in [
        (
            super::report_prompt::ReportKind::Html,
            "Download campaign report (web page)",
            "text/html",
        ),
        (
            super::report_prompt::ReportKind::Pdf,
            "Download campaign report (PDF)",
            "application/pdf",
        ),
    ] {
        if ui
            .button(text)
            .on_hover_text("The campaign's story for the club's noticeboard, as `laager campaign report` writes it")
            .clicked()
        {
            let (bytes, warnings) = kind.bytes(app.session.campaign());
            let name = format!("{} report.{}", app.session.campaign().name, kind.extension());
            match download(&name, &bytes, mime) {
                Ok(()) => app.messages.push(format!("downloaded {name}")),
                Err(e) => app.messages.push(e),
            }
            for warning in warnings {
                app.messages.push(warning);
            }
        }
    }
    if ui
        .add_enabled(app.club_bundle.is_some(), egui::Button::new("Download club tables"))
        .on_hover_text("Save the club tables bundle in force, to share or to unpack on the desktop (Set up, or `laager tables import`)")
        .clicked()
    {
        post(Request::DownloadTables);
    }
}

/// Makes the canvas's WebGL 2 context before eframe asks for it (a canvas has one context,
/// made with the attributes of the first request): without multisampling, which WebGL
/// turns on by default and egui does not need (it feathers its own edges, and the desktop
/// window has none either), and without a depth buffer, which egui never uses. In headless
/// Chromium's software renderer the multisampled frame took over half of each frame's time
/// while a base was dragged (web/test.py prints both).
fn make_gl_context(canvas: &web_sys::HtmlCanvasElement) {
    let options = js_sys::Object::new();
    for (key, value) in [("antialias", false), ("depth", false)] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    if let Err(e) = canvas.get_context_with_context_options("webgl2", &options) {
        log::warn!("no WebGL 2 context made ahead of eframe: {e:?}");
    }
}

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
        if let Some(window) = web_sys::window() {
            wire_page(&window, &document);
        }
        make_gl_context(&canvas);
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    let state: State = cc
                        .storage
                        .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                        .unwrap_or_default();
                    CONTEXT.with(|ctx| *ctx.borrow_mut() = Some(cc.egui_ctx.clone()));
                    Ok(Box::new(WebApp::new(LaagerApp::new(state, None))))
                }),
            )
            .await;
        if let Some(loading) = document.get_element_by_id("loading") {
            match started {
                Ok(()) => loading.remove(),
                Err(e) => {
                    // The error's own text where it has one (a JsValue string), for a
                    // sentence in words rather than a debug value.
                    let text = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                    loading.set_text_content(Some(&crate::app::help::start_failure_words(&text)));
                }
            }
        }
    });
}

/// The app in the page: it keeps the game in play in local storage after every change,
/// takes the page's requests, and notes when its first frame was drawn
/// (`window.laagerFirstFrame`, milliseconds since navigation) for `web/test.sh`.
struct WebApp {
    app: LaagerApp,
    frames: u32,
    /// [`LaagerApp::kept_game_key`] when the game was last kept.
    kept_key: String,
    /// The club tables bundle last kept (its name and text).
    kept_tables: Option<(String, String)>,
    /// The game and head the record sheet text was last made for.
    records_key: String,
}

impl WebApp {
    /// The app, with the club tables and the game kept at the last visit put back.
    fn new(mut app: LaagerApp) -> WebApp {
        // The tables first: the game's log names the tables it was played with.
        if let Some(storage) = storage()
            && let Ok(Some(text)) = storage.get_item(TABLES_KEY)
        {
            let name = storage
                .get_item(TABLES_NAME_KEY)
                .ok()
                .flatten()
                .unwrap_or_else(|| "club-tables.json".to_owned());
            app.open_tables_bundle(&name, &text);
        }
        if let Some(storage) = storage()
            && let Ok(Some(text)) = storage.get_item(GAME_KEY)
            && let Err(e) = app.restore_kept_game(&text)
        {
            // Never lost: moved aside before anything is kept over it.
            let moved = storage.set_item(UNREADABLE_KEY, &text).is_ok()
                && storage.remove_item(GAME_KEY).is_ok();
            app.messages.push(if moved {
                format!("{e}; it is kept in the browser's local storage as {UNREADABLE_KEY}")
            } else {
                format!("{e}; it is left in the browser's local storage as {GAME_KEY}")
            });
        }
        let kept_key = app.kept_game_key();
        let kept_tables = app.club_bundle_file();
        WebApp {
            app,
            frames: 0,
            kept_key,
            kept_tables,
            records_key: String::new(),
        }
    }

    /// Takes the requests the page queued since the last frame.
    fn take_requests(&mut self) {
        for request in INBOX.with(|inbox| std::mem::take(&mut *inbox.borrow_mut())) {
            let app = &mut self.app;
            match request {
                Request::DownloadGame => {
                    let name = app.game_file_name();
                    let saved = app
                        .game_file_bytes()
                        .and_then(|bytes| download(&name, &bytes, "application/vnd.sqlite3"));
                    app.messages.push(match saved {
                        Ok(()) => format!("downloaded the game as {name}"),
                        Err(e) => e,
                    });
                }
                Request::DownloadTables => {
                    if let Some((name, text)) = app.club_bundle_file() {
                        let saved = download(&name, text.as_bytes(), "application/json");
                        app.messages.push(match saved {
                            Ok(()) => format!("downloaded the club tables as {name}"),
                            Err(e) => e,
                        });
                    }
                }
                Request::DownloadExport(kind) => app
                    .run_records_actions(vec![super::records_panel::RecordsAction::Download(kind)]),
                Request::Uploaded { name, bytes } => app.open_upload(&name, &bytes),
                Request::UploadedToMerge { name, bytes } => {
                    if let Err(e) = app.merge_table_bytes(&name, &bytes) {
                        app.messages.push(e);
                    }
                }
                Request::Failed(e) => app.messages.push(e),
            }
        }
    }

    /// Keeps the game in local storage when it has changed since it was last kept (and
    /// forgets it once nothing is in play), and refreshes the text the page answers with.
    fn keep(&mut self) {
        let app = &mut self.app;
        let key = app.kept_game_key();
        if key != self.kept_key
            && let Some(storage) = storage()
        {
            let kept = match app.kept_game() {
                Some(text) => storage.set_item(GAME_KEY, &text),
                None => storage.remove_item(GAME_KEY),
            };
            match kept {
                Ok(()) => self.kept_key = key,
                Err(e) => {
                    // Said once per change, not every frame.
                    self.kept_key = key;
                    app.messages.push(format!(
                        "the browser did not keep the game ({e:?}): download it (File > Download game) to keep it"
                    ));
                }
            }
        }
        let tables = app.club_bundle_file();
        if tables != self.kept_tables
            && let Some(storage) = storage()
        {
            let kept = match &tables {
                Some((name, text)) => storage
                    .set_item(TABLES_KEY, text)
                    .and_then(|()| storage.set_item(TABLES_NAME_KEY, name)),
                None => storage
                    .remove_item(TABLES_KEY)
                    .and_then(|()| storage.remove_item(TABLES_NAME_KEY)),
            };
            if let Err(e) = kept {
                app.messages.push(format!(
                    "the browser did not keep the club tables ({e:?}): upload them again on the next visit"
                ));
            }
            self.kept_tables = tables;
        }
        let records_key = format!("{}|{}", app.session.game_number, app.session.game().head());
        if records_key != self.records_key {
            self.records_key = records_key;
            RECORDS.with(|r| *r.borrow_mut() = app.records_text());
        }
        let screen_from_table = app.state.canvas.view.screen_from_table(app.canvas.rect);
        let bases: serde_json::Map<String, serde_json::Value> = app
            .document
            .layout
            .bases()
            .iter()
            .map(|base| {
                let at = screen_from_table * egui::pos2(base.centre().x, base.centre().y);
                (base.unit_id().to_owned(), serde_json::json!([at.x, at.y]))
            })
            .collect();
        let measure = app.measurement().map(
            |m| serde_json::json!({"firer": m.firer, "target": m.target, "range_mm": m.range.mm}),
        );
        let result = match &app.desk.result {
            Some(Ok(r)) => {
                let outcome = serde_json::to_value(&r.outcome).unwrap_or_default();
                serde_json::json!({"procedure": r.procedure, "outcome": outcome})
            }
            Some(Err(refusal)) => serde_json::json!({"refusal": refusal.reason}),
            None => serde_json::Value::Null,
        };
        let tab = match app.desk.tab {
            super::desk::panel::DeskTab::Resolve => "resolve",
            super::desk::panel::DeskTab::Charts => "charts",
        };
        let canvas = serde_json::json!({
            "selected": app.canvas.selected,
            "points_per_mm": app.state.canvas.view.points_per_mm,
            "bases": bases,
            "measure": measure,
            "desk": {"tab": tab, "result": result},
            "photo": app.document.photo.as_ref().map(|p| p.size_px),
        })
        .to_string();
        CANVAS.with(|c| {
            if *c.borrow() != canvas {
                *c.borrow_mut() = canvas;
            }
        });
        let message = app.messages.last().cloned().unwrap_or_default();
        MESSAGE.with(|m| {
            if *m.borrow() != message {
                *m.borrow_mut() = message;
            }
        });
    }
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let performance = web_sys::window().and_then(|w| w.performance());
        let started = performance.as_ref().map(web_sys::Performance::now);
        read_dropped_files(ui);
        self.take_requests();
        self.app.show(ui);
        self.keep();
        if let (Some(performance), Some(started)) = (&performance, started) {
            let took = performance.now() - started;
            UI_MS.with(|times| {
                let mut times = times.borrow_mut();
                if times.len() >= 1000 {
                    times.remove(0);
                }
                times.push(took);
            });
        }
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

    /// eframe's web runner presses the pointer where a finger lands without moving it
    /// there first, so egui looked for the pressed widget where the pointer last was
    /// (nowhere, once the last finger lifted) and never saw a long press on the canvas:
    /// the move is put in before each press.
    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        let mut events = Vec::with_capacity(raw_input.events.len());
        for event in raw_input.events.drain(..) {
            if let egui::Event::PointerButton {
                pos, pressed: true, ..
            } = &event
            {
                events.push(egui::Event::PointerMoved(*pos));
            }
            events.push(event);
        }
        raw_input.events = events;
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
