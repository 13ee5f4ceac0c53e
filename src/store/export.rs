//! Files the window exports for use elsewhere: a game's record sheet as CSV, the game as
//! JSON, the canvas as PNG. The window makes the contents; this writes them.

use std::path::Path;

/// Writes an export to `path`, replacing what was there. The error names the file.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(path, contents).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
