//! Files exported for use elsewhere: a game's record sheet as CSV or PDF, the game as JSON,
//! the canvas as PNG. The window and the CLI make the contents; this writes them, whole or
//! not at all, through [`super::disk::write_file`].

use super::StoreError;
use super::disk::{self, Existing};
use std::path::Path;

/// Writes an export to `path`, replacing a file there (never a `.laager` campaign). The
/// error names the file.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), String> {
    disk::write_file(path, contents.as_ref(), Existing::Replace).map_err(|e| e.to_string())
}

/// Writes a file whole or not at all. An existing file is refused
/// ([`StoreError::Exists`]) unless `overwrite`; a campaign is refused always.
pub fn write_whole(path: &Path, contents: &[u8], overwrite: bool) -> super::Result<()> {
    let existing = if overwrite {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    disk::write_file(path, contents, existing).map_err(|e| match e {
        StoreError::WouldOverwrite(path) => StoreError::Exists(path),
        other => other,
    })
}
