//! Files exported for use elsewhere: a game's record sheet as CSV or PDF, the game as JSON,
//! the canvas as PNG. The window and the CLI make the contents; this writes them.

use super::StoreError;
use std::path::Path;

/// Writes an export to `path`, replacing what was there. The error names the file.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(path, contents).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes a file whole or not at all: the bytes go to a temporary file beside `path`, then
/// are renamed onto it, so a failure never leaves half a file under its name. An existing
/// file is refused ([`StoreError::Exists`]) unless `overwrite`.
pub fn write_whole(path: &Path, contents: &[u8], overwrite: bool) -> super::Result<()> {
    if !overwrite && path.exists() {
        return Err(StoreError::Exists(path.to_owned()));
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".partial-{}", std::process::id()));
    let partial = std::path::PathBuf::from(partial);
    let written = (|| {
        let mut file = std::fs::File::create(&partial)?;
        std::io::Write::write_all(&mut file, contents)?;
        file.sync_all()?;
        std::fs::rename(&partial, path)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        StoreError::Io {
            path: path.to_owned(),
            message: format!("cannot write: {e}"),
        }
    })
}
