//! Every change the window makes to the table, as data. Panels push commands while they
//! draw; `LaagerApp` applies them once at the end of the frame, so nothing changes under
//! a panel mid-frame. The desk (resolvers, dice, log) adds its own variants here.

use crate::geometry::{Point, Real, Table, Terrain};
use std::path::PathBuf;

/// One change to the table or the window.
#[derive(Debug, Clone)]
pub enum Command {
    /// Select these units, in order: the first is the firer, the second the target.
    Select(Vec<String>),
    /// Move a unit's centre, keeping its facing.
    MoveUnit {
        /// The unit.
        unit_id: String,
        /// Its new centre, table mm.
        centre: Point,
    },
    /// Turn a unit to a facing (degrees clockwise from the far edge).
    TurnUnit {
        /// The unit.
        unit_id: String,
        /// The new facing.
        facing_deg: Real,
    },
    /// Add a unit of one of the active ruleset's troop (or counter) types.
    AddUnit {
        /// Its id, unique on the table.
        unit_id: String,
        /// The side it fights for.
        side: String,
        /// The troop or counter type its size is read from.
        unit_type: String,
        /// Where its centre goes.
        centre: Point,
        /// Its facing.
        facing_deg: Real,
    },
    /// Remove units.
    DeleteUnits(Vec<String>),
    /// Add a piece of terrain.
    AddTerrain(Box<Terrain>),
    /// Move one point of a terrain outline or line.
    MoveTerrainPoint {
        /// The terrain.
        terrain_id: String,
        /// The point's position in the outline.
        index: usize,
        /// Where it goes, table mm.
        to: Point,
    },
    /// Remove a piece of terrain by its id.
    DeleteTerrain(String),
    /// Start an empty table of this size.
    NewTable(Table),
    /// Open a layout file.
    OpenLayout(PathBuf),
    /// Open one of the demo battles by its index in [`super::demos::DEMOS`].
    OpenDemo(usize),
    /// Open a layout from its text (an upload in the page, a file dropped on the window).
    OpenLayoutText {
        /// The file's name.
        name: String,
        /// Its JSON.
        text: String,
    },
    /// Save the layout (and photo placement) to a file.
    SaveLayout(PathBuf),
    /// Load a photo of the real table as the background.
    LoadPhoto(PathBuf),
    /// Load a photo from its bytes (an upload in the page, a file dropped on the window).
    LoadPhotoBytes {
        /// The file's name.
        name: String,
        /// Its PNG or JPEG bytes.
        bytes: Vec<u8>,
    },
    /// Remove the photo.
    ClearPhoto,
    /// Calibrate the photo: two image pixels and their real distance in mm.
    CalibratePhoto {
        /// The first clicked pixel.
        a: egui::Pos2,
        /// The second clicked pixel.
        b: egui::Pos2,
        /// Their distance on the real table.
        distance_mm: Real,
    },
    /// Check the calibration on a second pair of pixels.
    CheckCalibration {
        /// The first clicked pixel.
        a: egui::Pos2,
        /// The second clicked pixel.
        b: egui::Pos2,
        /// Their distance on the real table.
        distance_mm: Real,
    },
    /// Supply chart cells typed by the club (`CHART:KEY=VALUE`, one a line) and reload.
    SetClubCells(String),
    /// Lay a club's tables folder over the shipped tables (`None`: the shipped tables
    /// alone) and reload.
    SetClubTables(Option<PathBuf>),
    /// Write the club's tables folder in force as one bundle file to share.
    ExportClubTables(PathBuf),
    /// Unpack a bundle file into a club's tables folder (nothing there replaced) and lay
    /// it over the shipped tables.
    ImportClubTables {
        /// The bundle file.
        file: PathBuf,
        /// The club's tables folder to unpack it into.
        into: PathBuf,
    },
    /// Lay a club's tables bundle over the tables in force without a folder (`None`: no
    /// bundle) and reload.
    SetClubBundle(Option<super::keep::ClubBundle>),
    /// Fit the units on the table in the canvas, with a margin.
    FitView,
    /// Play under another ruleset: a game nothing has happened in yet follows it; a game
    /// in play is asked about first, and the ruleset is then a new game of the campaign.
    SetRuleset(crate::ruleset::Ruleset),
    /// A drag of a base, its handle or a terrain point let go (or a keyed turn done): in
    /// play, the new poses and terrain are logged as one event each.
    DragEnded,
    /// A drag of a base taken back (a long press that selected a target): the poses it
    /// changed are not logged.
    DragCancelled,
    /// Switch between setting up the table and playing on it.
    SetMode(super::Mode),
    /// Start a new game log for the table as it stands (File, New game, once
    /// the referee has said who plays).
    NewGame(Vec<crate::game::Player>),
    /// Merge tables' `.laager` files into the campaign open (File, Merge table files…).
    MergeTables(Vec<PathBuf>),
    /// Write the campaign's report (File, Campaign report…).
    WriteReport(super::report_prompt::ReportRequest),
    /// Open a `.laager` game file.
    OpenGame(PathBuf),
    /// Open a campaign read from a `.laager` file's bytes (an upload in the browser), held
    /// in memory.
    OpenCampaign {
        /// The file's name, for the status bar.
        name: String,
        /// The campaign it holds.
        campaign: Box<crate::game::Campaign>,
    },
    /// Carry out a command that would put away a game not saved, now that the referee has
    /// said to.
    Confirmed(Box<Command>),
}

impl Command {
    /// The command's kind, by which a message it failed with is cleared once a command of
    /// the same kind succeeds.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::SetClubCells(_) => "club cells",
            Command::SetClubTables(_) | Command::SetClubBundle(_) => "club tables",
            Command::ExportClubTables(_) | Command::ImportClubTables { .. } => "club bundle",
            Command::OpenLayout(_)
            | Command::OpenLayoutText { .. }
            | Command::OpenDemo(_)
            | Command::NewTable(_) => "table",
            Command::SaveLayout(_) => "save layout",
            Command::LoadPhoto(_)
            | Command::LoadPhotoBytes { .. }
            | Command::ClearPhoto
            | Command::CalibratePhoto { .. }
            | Command::CheckCalibration { .. } => "photo",
            Command::Confirmed(inner) => inner.kind(),
            Command::MoveUnit { .. }
            | Command::TurnUnit { .. }
            | Command::AddUnit { .. }
            | Command::DeleteUnits(_)
            | Command::AddTerrain(_)
            | Command::MoveTerrainPoint { .. }
            | Command::DeleteTerrain(_)
            | Command::DragEnded => "table edit",
            _ => "other",
        }
    }
}
