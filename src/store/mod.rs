//! Everything Laager reads from or writes to disk outside the CLI: `.laager` campaign files
//! (SQLite via rusqlite, bundled), JSON and CSV import and export, record sheets as PDF, a
//! club's tables folder, and the window's layout files, photos and exports. The layers
//! below parse text.
//!
//! Each event commits in its own transaction, so a crash loses at most the action in
//! progress; durability is SQLite's own (rollback journal, `synchronous = FULL`). A file
//! from a newer Laager, a file that is not a Laager file, or a damaged one is refused
//! with a clear message and never modified.

pub mod csv;
pub mod export;
pub mod file;
pub mod json;
pub mod layout_file;
pub mod pdf;
pub mod schema;
pub mod tables;

pub use file::{CampaignFile, Mode};
pub use json::{JsonError, campaign_from_json, campaign_to_json, game_from_json, game_to_json};

use crate::game::GameError;
use std::path::PathBuf;

/// Why a `.laager` file could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be read or written at all.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// Not an SQLite file, or an SQLite file of another application.
    #[error("{path}: not a Laager file ({reason}); it was not changed")]
    NotLaager {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Written by a newer Laager.
    #[error(
        "{path}: written by a newer Laager (schema version {found}; this one reads up to {supported}); it was not changed"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i32,
        /// The newest this build reads.
        supported: i32,
    },
    /// Damaged: truncated, corrupted, or holding what no Laager wrote.
    #[error("{path}: damaged ({reason}); it was not changed")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The target of a new file already exists.
    #[error("{0}: already exists; choose a new file name")]
    Exists(PathBuf),
    /// A game number that is not in the campaign.
    #[error("there is no game {number} (the campaign has {count})")]
    NoSuchGame {
        /// The number asked for, from 1.
        number: usize,
        /// How many games there are.
        count: usize,
    },
    /// The event was refused by the game's rules of logging.
    #[error("{0}")]
    Game(#[from] GameError),
    /// The file was opened to read only.
    #[error("{0}: opened to read only")]
    ReadOnly(PathBuf),
    /// The database failed while writing.
    #[error("{path}: cannot write: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// SQLite's message.
        message: String,
    },
}

/// The store's result type.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
