//! The eframe window: menu bar, ruleset picker, status bar, the table canvas in the middle,
//! the table's tools on the left and the measurement on the right (where the desk will go).
//!
//! The only layer that imports egui. It computes nothing of its own: every number comes
//! from the engine below it. Panels push [`Command`]s; [`LaagerApp::run_commands`]
//! applies them once at the end of each frame.

#[cfg(not(target_arch = "wasm32"))]
mod autosave;
pub mod canvas;
pub mod club_prompts;
pub mod command;
pub mod demos;
pub mod desk;
mod desk_glue;
mod dice_view;
pub mod document;
#[cfg(not(target_arch = "wasm32"))]
mod fonts;
pub mod help;
pub mod keep;
mod log_view;
mod play;
pub mod records_panel;
pub mod report_prompt;
pub mod roster;
mod roster_rows;
mod run;
pub mod session;
mod side_panel;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod windows;

use crate::charts::Charts;
use crate::ruleset::Ruleset;
use canvas::placement::PlacementPanel;
use canvas::units_panel::UnitsPanel;
use canvas::{Canvas, CanvasSettings};
pub use command::Command;
use document::Document;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Setting up the table, or playing on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// The table, units, terrain, photo, club charts and layout files are edited; no game
    /// is played.
    SetUp,
    /// The table, the desk, the roster and the log: every change to the table is an
    /// event of the game, undone like any other.
    #[default]
    Play,
}

/// The least height of a control in touch mode (issue: a finger needs 40 px).
pub const TOUCH_CONTROL_HEIGHT: f32 = 40.0;

/// Below this width (logical px) the screen is a phone's: the desk is a sheet over the
/// bottom of the table instead of a panel beside it, and text is at least
/// [`NARROW_TEXT_SIZE`] (issue 22).
pub const NARROW_WIDTH: f32 = 600.0;

/// The least size of text on a narrow screen, in logical px.
pub const NARROW_TEXT_SIZE: f32 = 14.0;

/// What the window remembers between runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    /// Set up or play.
    pub mode: Mode,
    /// The ruleset in use.
    pub ruleset: Ruleset,
    /// The canvas's settings and camera.
    pub canvas: CanvasSettings,
    /// The layout file last opened or saved (`None`: open the first demo).
    pub layout_path: Option<PathBuf>,
    /// Chart cells the club has typed in, `RULESET/CHART:KEY=VALUE` one a line (house values).
    pub club_cells: String,
    /// A club's tables folder laid over the shipped tables (as the CLI's `--tables DIR`).
    pub club_tables: Option<PathBuf>,
    /// The `.laager` files opened or saved lately, newest first.
    pub recent_games: Vec<PathBuf>,
    /// The layout files opened or saved lately, newest first.
    pub recent_layouts: Vec<PathBuf>,
    /// Whether the desk (measure, desk) is shown beside the table in Play.
    pub show_desk: bool,
    /// Whether the roster and the log are shown below the table in Play.
    pub show_records: bool,
    /// Touch mode: `Some` when the referee chose it in the View menu; `None` follows the
    /// screen (on once a touch is seen).
    pub touch: Option<bool>,
}

impl Default for State {
    fn default() -> Self {
        State {
            mode: Mode::Play,
            ruleset: Ruleset::DbaZulu,
            canvas: CanvasSettings::default(),
            layout_path: None,
            club_cells: String::new(),
            club_tables: None,
            recent_games: Vec::new(),
            recent_layouts: Vec::new(),
            show_desk: true,
            show_records: true,
            touch: None,
        }
    }
}

impl State {
    /// Whether the window is in touch mode: as chosen, or on once `touch_seen`.
    pub fn touch_mode(&self, touch_seen: bool) -> bool {
        self.touch.unwrap_or(touch_seen)
    }
}

/// The text fields of the left panel.
#[derive(Debug, Clone, Default)]
pub struct Fields {
    /// The layout file path to open or save.
    pub layout_path: String,
    /// The photo file path to load.
    pub photo_path: String,
    /// The typed distance between the first two calibration points.
    pub calibration_distance: String,
    /// The typed distance between the check pair.
    pub check_distance: String,
    /// The club cells being edited.
    pub club_cells: String,
    /// The club's tables folder being edited.
    pub club_tables: String,
    /// The club tables bundle file to export to or import from.
    pub club_bundle: String,
}

/// The application: persisted state plus what is rebuilt each start.
pub struct LaagerApp {
    /// Persisted between runs.
    pub state: State,
    /// The table on the canvas.
    pub document: Document,
    /// The canvas's selection, ruler and tool state.
    pub canvas: Canvas,
    /// The left panel's text fields.
    pub fields: Fields,
    /// Problems to show the referee (load errors, refused placements), newest last.
    pub messages: Vec<String>,
    charts: Result<Charts, String>,
    file: Option<PathBuf>,
    placement: PlacementPanel,
    units: UnitsPanel,
    commands: Vec<Command>,
    /// The outcome of a PNG export, filled in when the screenshot arrives.
    exported: std::sync::Arc<std::sync::Mutex<Option<String>>>,
    /// The referee's desk: resolvers, odds, dice and results.
    pub desk: desk::Desk,
    /// The game's log and records (in memory, or autosaved to a `.laager` file).
    pub session: session::Session,
    records: records_panel::RecordsPanel,
    /// The selection the desk's forms were last filled from.
    desk_selection: Vec<String>,
    /// The game and table the desk's forms were last filled from (ruleset, log head,
    /// layout revision).
    desk_records_key: String,
    /// The units moved or turned in play since the last event (logged when let go).
    pending_poses: std::collections::BTreeSet<String>,
    /// Whether a touch has been seen on this screen (touch mode follows it unless chosen).
    touch_seen: bool,
    /// Terrain edited in play since the last event (logged when let go).
    pending_terrain: bool,
    /// The log head the table on the canvas was last rebuilt from.
    synced_head: String,
    /// A command that would put away a game not saved, waiting for the referee to say.
    pub asking: Option<Command>,
    /// The help and dice history windows.
    pub windows: windows::Windows,
    /// A club's tables bundle laid over the tables in force without a folder (the
    /// browser's upload).
    pub club_bundle: Option<keep::ClubBundle>,
    /// Where a game not saved elsewhere is written at its first event in play, one file
    /// per game named by date and table (the desktop app's data folder; none in tests and
    /// in the browser, which keeps its game itself).
    pub autosave_dir: Option<PathBuf>,
}

/// The shipped charts, the club's tables folder and then its bundle (the browser's, which
/// has no folders) laid over them, and the club's typed cells.
fn load_charts(
    club_tables: Option<&Path>,
    bundle: Option<&keep::ClubBundle>,
    club_cells: &str,
) -> Result<Charts, String> {
    let mut charts = crate::store::tables::load(club_tables).map_err(|errors| {
        let text = errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ");
        match club_tables {
            Some(dir) => format!("club tables folder {}: {text}", dir.display()),
            None => text,
        }
    })?;
    if let Some(club) = bundle {
        charts
            .overlay_sources(club.bundle.sources(&club.name))
            .map_err(|errors| {
                let text = errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ");
                format!("club tables bundle {}: {text}", club.name)
            })?;
    }
    for line in club_cells.lines().map(str::trim).filter(|l| !l.is_empty()) {
        charts.apply_club_line(line)?;
    }
    Ok(charts)
}

impl LaagerApp {
    /// A new app on the shipped tables, opened on `file` if given (else the last layout,
    /// else the first demo battle).
    pub fn new(state: State, file: Option<PathBuf>) -> LaagerApp {
        let mut messages = Vec::new();
        let charts = match load_charts(state.club_tables.as_deref(), None, &state.club_cells) {
            Err(e) if state.club_tables.is_some() => {
                // A club folder moved or broken since the last run: say so, and open on
                // the shipped tables rather than on no charts at all.
                messages.push(format!("{e}; the shipped tables are in force"));
                load_charts(None, None, &state.club_cells)
            }
            loaded => loaded,
        };
        let fields = Fields {
            layout_path: state
                .layout_path
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            club_cells: state.club_cells.clone(),
            club_tables: state
                .club_tables
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            ..Fields::default()
        };
        let mut app = LaagerApp {
            document: Document::empty(crate::geometry::Table::THREE_BY_TWO),
            canvas: Canvas::default(),
            fields,
            messages,
            charts,
            placement: PlacementPanel::default(),
            units: UnitsPanel::default(),
            commands: Vec::new(),
            exported: std::sync::Arc::default(),
            file: file.clone(),
            desk: desk::Desk::new(seed_from_clock()),
            session: session::Session::new(
                state.ruleset,
                "game",
                serde_json::Value::Null,
                Vec::new(),
                None,
            ),
            records: records_panel::RecordsPanel::default(),
            desk_selection: Vec::new(),
            desk_records_key: String::new(),
            pending_poses: std::collections::BTreeSet::new(),
            touch_seen: false,
            pending_terrain: false,
            synced_head: String::new(),
            asking: None,
            windows: windows::Windows::default(),
            club_bundle: None,
            autosave_dir: None,
            state,
        };
        // `laager game.laager` opens the campaign's game, as a dropped `.laager` file does;
        // any other file named is a layout.
        let game = file
            .as_ref()
            .filter(|path| path.extension().is_some_and(|e| e == "laager"))
            .cloned();
        let opening = file
            .filter(|_| game.is_none())
            .or_else(|| app.state.layout_path.clone());
        match opening {
            Some(path) => app.commands.push(Command::OpenLayout(path)),
            None => app.commands.push(Command::OpenDemo(demos::FIRST_START)),
        }
        if let Some(path) = game {
            app.commands.push(Command::OpenGame(path));
        }
        app.run_commands();
        if !app.messages.is_empty() && app.document.layout.bases().is_empty() {
            // The last layout could not be read (moved, or no longer valid): say so, and
            // show the demo rather than an empty table.
            app.commands.push(Command::OpenDemo(demos::FIRST_START));
            app.run_commands();
        }
        app
    }

    /// The charts in force, if they loaded.
    pub fn charts(&self) -> Option<&Charts> {
        self.charts.as_ref().ok()
    }

    /// Queues a command, applied at the end of the next frame (or by `run_commands`).
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The ruleset the table is measured under: the picker's when it measures, else the
    /// layout's own.
    pub fn measuring_ruleset(&self) -> Ruleset {
        match self.state.ruleset {
            r @ (Ruleset::MicroColonial | Ruleset::DbaZulu) => r,
            _ => self.document.layout.ruleset.unwrap_or(self.state.ruleset),
        }
    }

    /// The firer → target measurement of the first two selected units, from src/geometry.
    pub fn measurement(&self) -> Option<canvas::measure::Measurement> {
        let [firer, target, ..] = self.canvas.selected.as_slice() else {
            return None;
        };
        canvas::measure::measure(
            &self.document.layout,
            self.charts()?,
            self.measuring_ruleset(),
            firer,
            target,
        )
    }

    /// Draws the whole window into `ui`, then applies the frame's commands.
    /// F2 and F3 fold the desk and the roster away; touch mode sizes every control for a
    /// finger.
    fn touch_style(&mut self, ui: &egui::Ui, narrow: bool) {
        let (f2, f3, touched) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::F2),
                i.consume_key(egui::Modifiers::NONE, egui::Key::F3),
                i.has_touch_screen(),
            )
        });
        if f2 {
            self.state.show_desk = !self.state.show_desk;
        }
        if f3 {
            self.state.show_records = !self.state.show_records;
        }
        // In the browser a phone-sized page is a touch screen until shown otherwise (View >
        // Touch mode): egui hears of the touch screen only at the first touch.
        self.touch_seen |= touched || (cfg!(target_arch = "wasm32") && narrow);
        let text_sizes = egui::Style::default().text_styles;
        let least = if narrow { NARROW_TEXT_SIZE } else { 0.0 };
        let body = ui
            .style()
            .text_styles
            .get(&egui::TextStyle::Body)
            .map(|f| f.size);
        let body_wanted = text_sizes
            .get(&egui::TextStyle::Body)
            .map(|f| f.size.max(least));
        if body != body_wanted {
            ui.ctx().all_styles_mut(|style| {
                for (text_style, font) in &mut style.text_styles {
                    if let Some(plain) = text_sizes.get(text_style) {
                        font.size = plain.size.max(least);
                    }
                }
            });
        }
        let plain = egui::Style::default().spacing;
        let (height, padding) = if self.state.touch_mode(self.touch_seen) {
            (TOUCH_CONTROL_HEIGHT, 10.0)
        } else {
            (plain.interact_size.y, plain.button_padding.y)
        };
        if (ui.spacing().interact_size.y - height).abs() > 0.5 {
            ui.ctx().all_styles_mut(|style| {
                style.spacing.interact_size.y = height;
                style.spacing.button_padding.y = padding;
            });
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        if let Some(result) = self.exported.lock().ok().and_then(|mut slot| slot.take()) {
            self.messages.push(result);
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.open_dropped_files(ui);
        self.windows.keys(ui);
        self.menu_bar(ui, ui.available_width() < NARROW_WIDTH);
        self.status_bar(ui, ui.available_width() < NARROW_WIDTH);
        self.ask_ui(ui);
        self.sync_table_from_game();
        let playing = self.state.mode == Mode::Play;
        let narrow = ui.available_width() < NARROW_WIDTH;
        self.touch_style(ui, narrow);
        if playing && self.state.show_records {
            self.records_bar(ui, narrow);
        }
        self.show_strengths_on_bases();
        let measurement = self.measurement();
        self.prefill_desk();
        // What every result on the desk depends on besides its form: the units selected,
        // the table, the records and the tables in force.
        self.desk.selection.clone_from(&self.desk_selection);
        self.desk.context = format!(
            "{}|{}|{}|{}",
            self.state.ruleset.id(),
            self.session.game().head(),
            self.document.revision,
            self.charts.as_ref().map_or("", |c| c.hash())
        );
        self.preview_apply();
        let mut desk_actions = Vec::new();
        // The desk never takes more than about half the window from the table; on a phone
        // it is a sheet over the bottom of the table, opening on under a third of the room
        // the roster left (the table keeps about half the screen), pulled up by its edge.
        let panel = if narrow {
            let tallest = (ui.available_height() * 0.8).max(200.0);
            egui::Panel::bottom("desk_sheet")
                .resizable(true)
                .default_size((ui.available_height() * 0.3).max(160.0))
                .max_size(tallest)
        } else {
            let widest = (ui.available_width() * 0.5).max(320.0);
            egui::Panel::right("measure_panel")
                .default_size(380.0)
                .max_size(widest)
        };
        // In Play the desk may be folded away (View menu) to give the table the window.
        if !playing || self.state.show_desk {
            panel.show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("desk_scroll")
                    .show(ui, |ui| {
                        canvas::measure_panel::ui(
                            ui,
                            measurement.as_ref(),
                            &self.canvas.selected,
                            self.canvas.ruler,
                        );
                        if playing {
                            ui.separator();
                            ui.heading("Desk");
                            if let Ok(charts) = &self.charts {
                                desk_actions = self.desk.ui(ui, charts, self.state.ruleset);
                            }
                        }
                    });
            });
        }
        self.run_desk_actions(desk_actions);
        let (undo, redo) = ui.input_mut(|i| {
            let redo = i.consume_key(
                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                egui::Key::Z,
            );
            let undo = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z);
            (undo, redo)
        });
        if playing && redo {
            self.run_records_actions(vec![records_panel::RecordsAction::Redo]);
        } else if playing && undo {
            self.run_records_actions(vec![records_panel::RecordsAction::Undo]);
        }
        if !playing {
            let panel = if narrow {
                egui::Panel::bottom("table_sheet")
                    .resizable(true)
                    .default_size((ui.available_height() * 0.5).max(160.0))
            } else {
                egui::Panel::left("table_panel").default_size(280.0)
            };
            panel.show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.side_panel(ui));
            });
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                let Self {
                    state,
                    document,
                    canvas,
                    commands,
                    ..
                } = self;
                canvas.ui(
                    ui,
                    &mut state.canvas,
                    document,
                    measurement.as_ref(),
                    commands,
                );
            });
        self.windows.show(ui, self.session.game());
        if let Some(path) = self.windows.save_prompt_ui(ui) {
            self.run_records_actions(vec![records_panel::RecordsAction::SaveAs(path)]);
        }
        self.club_prompts_ui(ui);
        self.report_prompt_ui(ui);
        #[cfg(not(target_arch = "wasm32"))]
        self.autosave();
        if !self.commands.is_empty() {
            // The frame was drawn before these changes: draw the next one with them.
            ui.ctx().request_repaint();
        }
        self.run_commands();
    }

    /// The menu bar. On a narrow screen the ruleset, the tools and the unit go into a Tools
    /// menu, so File to Play stay within the width.
    fn menu_bar(&mut self, ui: &mut egui::Ui, narrow: bool) {
        egui::Panel::top("menu_bar").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    #[cfg(target_arch = "wasm32")]
                    web::file_menu(self, ui);
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Open game…")
                        .on_hover_text("Open a .laager game file")
                        .clicked()
                        && let Some(path) = rfd::FileDialog::new()
                            .add_filter("Laager game", &["laager"])
                            .pick_file()
                    {
                        self.run_records_actions(vec![records_panel::RecordsAction::Open(path)]);
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Save game as…")
                        .on_hover_text("Save the game to a new .laager file; every action then saves itself")
                        .clicked()
                    {
                        self.run_records_actions(vec![records_panel::RecordsAction::PromptSaveAs]);
                        ui.close();
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Merge table files…")
                        .on_hover_text("A club night: bring the games the tables played on copies of this campaign back into it")
                        .clicked()
                    {
                        self.windows.merge_prompt = Some(club_prompts::MergePrompt::default());
                        ui.close();
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Campaign report…")
                        .on_hover_text("The campaign's story for the club's noticeboard, as a PDF to print or one web page, as `laager campaign report` writes it")
                        .clicked()
                    {
                        self.windows.report_prompt = Some(report_prompt::ReportPrompt::default());
                        ui.close();
                    }
                    // The browser has no layout files: its table comes from the demos and
                    // the game kept or uploaded.
                    #[cfg(not(target_arch = "wasm32"))]
                    {
                        if ui
                            .button("Open layout…")
                            .on_hover_text("Open a table layout (.json)")
                            .clicked()
                            && let Some(path) = rfd::FileDialog::new()
                                .add_filter("Layout", &["json"])
                                .pick_file()
                        {
                            self.commands.push(Command::OpenLayout(path));
                        }
                        let current = self.state.layout_path.clone();
                        if ui
                            .add_enabled(current.is_some(), egui::Button::new("Save layout"))
                            .on_hover_text(current.as_ref().map_or_else(
                                || "The table came from a demo or a new table: use Save layout as…".to_owned(),
                                |path| format!("Save the table's layout to {}", path.display()),
                            ))
                            .clicked()
                            && let Some(path) = current
                        {
                            self.commands.push(Command::SaveLayout(path));
                        }
                        if ui
                            .button("Save layout as…")
                            .on_hover_text("Save the table's layout to a new file (.json)")
                            .clicked()
                            && let Some(path) = rfd::FileDialog::new()
                                .add_filter("Layout", &["json"])
                                .set_file_name("table.json")
                                .save_file()
                        {
                            self.commands.push(Command::SaveLayout(path));
                        }
                    }
                    ui.separator();
                    for (i, (title, _)) in demos::DEMOS.iter().enumerate() {
                        if ui.button(format!("Open demo: {title}")).clicked() {
                            self.commands.push(Command::OpenDemo(i));
                        }
                    }
                    if !self.state.recent_games.is_empty() {
                        ui.separator();
                        ui.label("Recent games");
                        for path in self.state.recent_games.clone() {
                            if ui
                                .button(path.display().to_string())
                                .on_hover_text("Open this .laager file")
                                .clicked()
                            {
                                self.run_records_actions(vec![records_panel::RecordsAction::Open(
                                    path,
                                )]);
                            }
                        }
                        ui.separator();
                    }
                    if !self.state.recent_layouts.is_empty() {
                        ui.label("Recent layouts");
                        for path in self.state.recent_layouts.clone() {
                            if ui
                                .button(path.display().to_string())
                                .on_hover_text("Open this layout")
                                .clicked()
                            {
                                self.commands.push(Command::OpenLayout(path));
                            }
                        }
                        ui.separator();
                    }
                    if ui.button("Quit").clicked() {
                        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                    }
                });
                ui.menu_button("View", |ui| {
                    windows::theme_buttons(ui);
                    ui.separator();
                    self.windows.view_menu(ui);
                    ui.separator();
                    ui.checkbox(&mut self.state.show_desk, "Desk")
                        .on_hover_text("Show the measure panel and the desk beside the table in Play (F2)");
                    ui.checkbox(&mut self.state.show_records, "Roster and log")
                        .on_hover_text("Show the roster, the log and the game's files below the table in Play (F3)");
                    let mut touch = self.state.touch_mode(self.touch_seen);
                    if ui
                        .checkbox(&mut touch, "Touch mode")
                        .on_hover_text("Controls at least 40 px high; long-press a unit to select it as the target, pinch to zoom, two fingers to pan. On by default once the screen is touched.")
                        .changed()
                    {
                        self.state.touch = Some(touch);
                    }
                    ui.separator();
                    let settings = &mut self.state.canvas;
                    ui.checkbox(&mut settings.grid, "Grid")
                        .on_hover_text("Draw the grid (G)");
                    ui.checkbox(&mut settings.snap, "Snap")
                        .on_hover_text("Moves snap to 5 mm or 1/4\", turns to 15°");
                    ui.checkbox(&mut settings.labels, "Unit ids")
                        .on_hover_text("Write each unit's id on its base");
                    if ui
                        .button("Fit table")
                        .on_hover_text("Show the whole table (Home)")
                        .clicked()
                    {
                        self.commands.push(Command::FitView);
                    }
                });
                self.windows.help_menu(ui);
                ui.separator();
                for (mode, label, hover) in [
                    (Mode::SetUp, "Set up", "Edit the table: units, terrain, photo, club charts, layout files"),
                    (Mode::Play, "Play", "Play on the table: the desk, the roster and the log; every change to the table is logged"),
                ] {
                    if ui
                        .selectable_label(self.state.mode == mode, label)
                        .on_hover_text(hover)
                        .clicked()
                        && self.state.mode != mode
                    {
                        self.commands.push(Command::SetMode(mode));
                    }
                }
                ui.separator();
                if narrow {
                    ui.menu_button("Tools", |ui| self.table_controls(ui, true))
                        .response
                        .on_hover_text("The ruleset, the table's tools and the unit of length");
                } else {
                    self.table_controls(ui, false);
                }
            });
        });
    }

    /// The ruleset picker, the canvas's tools, the unit of length and the keys' help: in the
    /// menu bar, or (`in_menu`) listed down a menu.
    fn table_controls(&mut self, ui: &mut egui::Ui, in_menu: bool) {
        let before = self.state.ruleset;
        if in_menu {
            ui.label("Ruleset");
            for ruleset in Ruleset::ALL {
                ui.selectable_value(&mut self.state.ruleset, ruleset, ruleset.title());
            }
        } else {
            egui::ComboBox::from_label("Ruleset")
                .selected_text(self.state.ruleset.title())
                .show_ui(ui, |ui| {
                    for ruleset in Ruleset::ALL {
                        ui.selectable_value(&mut self.state.ruleset, ruleset, ruleset.title());
                    }
                })
                .response
                .on_hover_text("The ruleset whose charts and procedures are in use");
        }
        // A game nothing has happened in yet follows the picker; a game in play keeps its
        // ruleset until the referee starts a new one.
        if self.state.ruleset != before {
            // A result of one ruleset never stays under another's forms.
            self.desk.clear();
            if !self.game_in_play() {
                self.session = self.new_session();
            }
        }
        ui.separator();
        let settings = &mut self.state.canvas;
        for tool in canvas::tools::Tool::ALL {
            ui.selectable_value(&mut settings.tool, tool, tool.label())
                .on_hover_text(tool.tooltip());
        }
        ui.separator();
        for unit in [
            canvas::length::LengthUnit::Mm,
            canvas::length::LengthUnit::Inches,
        ] {
            ui.selectable_value(&mut settings.unit, unit, unit.symbol())
                .on_hover_text("The grid's unit and the unit distances are typed in");
        }
        ui.label("Keys").on_hover_text(canvas::tools::VIEW_KEYS);
    }

    /// The status bar. From a laptop's width up it wraps, so a long message or folder name
    /// takes a second line and is never cut off; on a phone it keeps to one line, the
    /// game's file left to the records panel, and a message opens in full on hover.
    fn status_bar(&mut self, ui: &mut egui::Ui, narrow: bool) {
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            let contents = |ui: &mut egui::Ui| {
                let ruleset = self.state.ruleset;
                ui.label(ruleset.title())
                    .on_hover_text(format!("The rules: {}", ruleset.publication()));
                ui.separator();
                match &self.charts {
                    Ok(c) => {
                        let house = c
                            .summary()
                            .by_confidence
                            .get(crate::charts::Confidence::House.name())
                            .copied()
                            .unwrap_or(0);
                        let words = match house {
                            0 => "charts as printed".to_owned(),
                            1 => "charts with 1 club value".to_owned(),
                            n => format!("charts with {n} club values"),
                        };
                        ui.label(words).on_hover_text(
                            "Every result records which charts it was worked from, so a club value changed later shows when the game is checked",
                        )
                    }
                    Err(e) => ui.colored_label(ui.visuals().error_fg_color, format!("charts: {e}")),
                };
                ui.separator();
                // The seal players note after a result: a log cut short or rewritten later
                // no longer holds it (issue 21: the window shows the head).
                let head = self.session.game().head();
                // A game is known by its identity (the hash of its first event) in every
                // copy; its number is its place in this file.
                let identity = self.session.game().identity().map_or_else(
                    || "no identity yet (nothing logged)".to_owned(),
                    |id| format!("identity {}", &id[..id.len().min(12)]),
                );
                ui.label(format!("seal {}", &head[..head.len().min(12)]))
                    .on_hover_text(format!("Game {}, {identity}. The game log's seal after its last action. Note it down: if the game file is later cut short or rewritten, checking the file against this seal shows it.", self.session.game_number));
                ui.separator();
                if !self.session.game().events().is_empty()
                    && let Some(note) = self.tables_pending()
                {
                    let charts = note.club_tables.as_deref().map_or_else(
                        || "the charts as printed".to_owned(),
                        |dir| format!("the club's tables folder {dir}"),
                    );
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("in force now: {charts}, not the charts this game last recorded; the next result applied records them"),
                    );
                    ui.separator();
                }
                if !narrow {
                    match self.session.path() {
                        Some(path) => ui.label(format!("game file {}", path.display())),
                        None => ui.weak("game not saved yet"),
                    };
                    ui.separator();
                }
                ui.label(&self.document.name);
                if let Some(file) = &self.file {
                    ui.separator();
                    ui.label(format!("opened with {}", file.display()));
                }
                if let Some(message) = self.messages.last() {
                    ui.separator();
                    let first = message.lines().next().unwrap_or_default();
                    ui.colored_label(ui.visuals().warn_fg_color, first)
                        .on_hover_text(message);
                }
            };
            if narrow {
                ui.horizontal(contents);
            } else {
                ui.horizontal_wrapped(contents);
            }
        });
    }
}

impl eframe::App for LaagerApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state);
    }
}

/// A first seed for the desk's dice. The app may read the clock; resolutions never do, and
/// every roll stores its seed.
fn seed_from_clock() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    use std::time::{SystemTime, UNIX_EPOCH};
    #[cfg(target_arch = "wasm32")]
    use web_time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// Opens the window and runs until it is closed.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(file: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Laager")
            .with_inner_size([1200.0, 800.0]),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "Laager",
        options,
        Box::new(move |cc| {
            fonts::add_system_fallbacks(&cc.egui_ctx);
            let state = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                .unwrap_or_default();
            let mut app = LaagerApp::new(state, file);
            app.autosave_dir = autosave::games_dir();
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}
