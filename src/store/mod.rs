//! Everything Laager reads from or writes to disk outside the CLI: `.laager` campaign files
//! (SQLite via rusqlite, bundled), JSON and CSV import and export, record sheets as PDF, a
//! club's tables folder, and the window's layout files, photos and exports. The layers
//! below parse text.
//!
//! Each event commits in its own transaction, so a crash loses at most the action in
//! progress; durability is SQLite's own (rollback journal, `synchronous = FULL`). A file
//! from a newer Laager, a file that is not a Laager file, or a damaged one is refused
//! with a clear message and never modified.

pub mod bundle;
pub mod bytes;
pub mod clock;
pub mod csv;
pub mod disk;
pub mod domains;
pub mod export;
pub mod file;
pub mod json;
pub mod layout_file;
pub mod packed;
pub mod pdf;
pub mod projection;
pub mod report;
pub mod schema;
pub mod tables;
pub mod verify;

pub use bytes::{campaign_from_bytes, campaign_to_bytes, table_from_bytes};
pub use disk::{Existing, Input};
pub use file::{CampaignFile, Mode, read_table};
pub use json::{
    JsonError, campaign_from_json, campaign_import, campaign_to_json, game_from_json, game_import,
    game_to_json,
};
pub use verify::{CampaignCheck, GameCheck, HeadFound, SealFound};

use crate::game::{GameError, GateError};
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
    /// The record's gate refused the write: nothing was written.
    #[error("{path}: {error}")]
    Gate {
        /// The file.
        path: PathBuf,
        /// Why.
        error: GateError,
    },
    /// The file was opened to read only.
    #[error("{0}: opened to read only")]
    ReadOnly(PathBuf),
    /// The database failed while writing, in a way no user or system could cause: a
    /// failure of Laager itself.
    #[error("{path}: cannot write: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// SQLite's message.
        message: String,
    },
    /// The system refused the write: a read-only file or folder, a missing folder,
    /// permissions, a full disk.
    #[error("{path}: cannot write: {reason}")]
    Unwritable {
        /// The file.
        path: PathBuf,
        /// Why, in plain words.
        reason: String,
    },
    /// Another program holds the file locked, or wrote to it since it was opened.
    #[error("{path}: {reason}")]
    Conflict {
        /// The file.
        path: PathBuf,
        /// What happened and what to do.
        reason: String,
    },
    /// An input that is not a regular file.
    #[error("{path}: {kind}, not a regular file: give a file")]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is instead ("a named pipe (FIFO)").
        kind: &'static str,
    },
    /// An input larger than its kind may be.
    #[error("{path}: larger than the {limit_mb} MB {what} may be")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The kind of file ("a layout").
        what: &'static str,
        /// The limit in megabytes.
        limit_mb: u64,
    },
    /// An existing file that a write would replace without `--force`.
    #[error("{0}: already exists; give --force to replace it")]
    WouldOverwrite(PathBuf),
    /// A write whose target is a `.laager` campaign: never replaced, even with `--force`.
    #[error(
        "{0}: is a Laager campaign file; it is never written over (even with --force): choose another file name"
    )]
    Campaign(PathBuf),
}

impl StoreError {
    /// Whether the user or the system caused it (a bad file, a read-only folder, a lock
    /// held), rather than a failure of Laager itself.
    pub fn is_environment(&self) -> bool {
        !matches!(self, StoreError::Write { .. })
    }

    /// What an SQLite failure on `path` means, in plain words: a lock held or a race lost
    /// ([`StoreError::Conflict`]), a write the system refused ([`StoreError::Unwritable`]),
    /// a damaged file, or else a failure of Laager itself ([`StoreError::Write`]).
    pub fn from_sqlite(path: &std::path::Path, e: &rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode;
        let path = path.to_owned();
        let code = match e {
            rusqlite::Error::SqliteFailure(failure, _) => Some(failure.code),
            _ => None,
        };
        let unwritable = |reason: &str| StoreError::Unwritable {
            path: path.clone(),
            reason: reason.to_owned(),
        };
        match code {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Conflict {
                path,
                reason: "another program is writing to the file and holds it locked (is it open in another Laager?); nothing was written: try again when it is done".to_owned(),
            },
            Some(ErrorCode::ConstraintViolation) => StoreError::Conflict {
                path,
                reason: "another program wrote to the file at the same time; nothing was written: run the command again".to_owned(),
            },
            Some(ErrorCode::ReadOnly) => unwritable("the file or its folder is read-only"),
            Some(ErrorCode::CannotOpen) => unwritable(
                "the file or its journal cannot be created: is the folder missing or read-only?",
            ),
            Some(ErrorCode::PermissionDenied) => unwritable("permission denied"),
            Some(ErrorCode::DiskFull) => unwritable("the disk is full"),
            Some(ErrorCode::SystemIoFailure) => {
                unwritable("the system could not write (an input/output error)")
            }
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
                path,
                reason: e.to_string(),
            },
            _ => StoreError::Write {
                path,
                message: e.to_string(),
            },
        }
    }
}

/// The store's result type.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
