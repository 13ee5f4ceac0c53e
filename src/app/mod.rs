//! The eframe window: menu bar, ruleset picker, status bar, the table canvas in the middle,
//! the table's tools on the left in Set up, the desk and the records beside it in Play, the
//! foot under it, and the campaign's view.
//!
//! The only layer that imports egui. It computes nothing of its own: every number comes
//! from the engine below it. Panels push [`Command`]s; [`LaagerApp::run_commands`]
//! applies them once at the end of each frame.

#[cfg(not(target_arch = "wasm32"))]
mod autosave;
mod campaign_view;
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
mod frame;
pub mod help;
pub mod keep;
mod log_view;
mod menu;
mod play;
pub mod prompts;
mod records_glue;
pub mod records_panel;
pub mod report_prompt;
pub mod roster;
mod roster_rows;
mod run;
pub mod session;
mod side_panel;
mod status;
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
pub use frame::{SideTab, side_width};
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
    /// The campaign: its games with their results and seals, standings by side, each
    /// unit's history; End game and Next game; an earlier game opened to read.
    Campaign,
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
    /// Whether the panel beside the table (the desk, the records) is shown in Play.
    pub show_desk: bool,
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
    /// The tab of the panel beside the table in Play: the desk or the records.
    pub side_tab: SideTab,
    /// The messages of commands that failed, by the command's kind: cleared from the
    /// messages when a command of that kind next succeeds (its cause fixed).
    failed: Vec<(&'static str, String)>,
    /// The unit whose history the Campaign view shows.
    pub campaign_unit: Option<crate::game::UnitId>,
    /// The first of the messages about the game on the table now: the status bar shows
    /// none from before it (an earlier game's file), the messages window keeps them all.
    status_from: usize,
    /// The game on the table (its file and its log's start), to see when it changes.
    status_of: (Option<PathBuf>, String),
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
            side_tab: SideTab::Desk,
            failed: Vec::new(),
            campaign_unit: None,
            status_from: 0,
            status_of: (None, String::new()),
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
