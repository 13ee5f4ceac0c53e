//! A layout file on disk (JSON, read and checked by `geometry::file`), the photo placement
//! saved beside it (`battle.photo.json` next to `battle.json`, read by the window), and the
//! photo itself. Text and bytes in and out; the layers above parse them.

use super::disk::{Input, read_bytes, read_text};
use std::path::{Path, PathBuf};

/// Where the photo placement of the layout at `layout_path` is saved: `battle.json` keeps
/// its photo in `battle.photo.json` (the layout format has no field for it).
pub fn photo_placement_path(layout_path: &Path) -> PathBuf {
    layout_path.with_extension("photo.json")
}

/// A layout file's text, and the text of the photo placement saved beside it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutText {
    /// The layout's JSON.
    pub layout: String,
    /// The photo placement's JSON, when one was saved beside the layout.
    pub photo_placement: Option<String>,
}

/// Reads a layout file and the photo placement beside it, each a regular file within the
/// 20 MB a layout may be ([`Input::Layout`]). Errors name the file.
pub fn read(path: &Path) -> Result<LayoutText, String> {
    let layout = read_text(path, Input::Layout).map_err(|e| format!("cannot read {e}"))?;
    let sidecar = photo_placement_path(path);
    let photo_placement = if sidecar.exists() {
        Some(read_text(&sidecar, Input::Layout).map_err(|e| format!("cannot read {e}"))?)
    } else {
        None
    };
    Ok(LayoutText {
        layout,
        photo_placement,
    })
}

/// Writes a layout's JSON to `path` and its photo placement beside it, each whole or not at
/// all (never over a `.laager` campaign); without a placement
/// an old one is removed, so it cannot bring back a photo taken off the table.
pub fn write(path: &Path, layout: &str, photo_placement: Option<&str>) -> Result<(), String> {
    super::export::write(path, layout)?;
    let sidecar = photo_placement_path(path);
    if let Some(placement) = photo_placement {
        super::export::write(&sidecar, placement)?;
    } else if sidecar.exists() {
        std::fs::remove_file(&sidecar)
            .map_err(|e| format!("cannot remove {}: {e}", sidecar.display()))?;
    }
    Ok(())
}

/// Reads a photo's bytes (PNG or JPEG; the window decodes them): a regular file within
/// the 50 MB a photo may be ([`Input::Photo`]).
pub fn read_photo(path: &Path) -> Result<Vec<u8>, String> {
    read_bytes(path, Input::Photo).map_err(|e| format!("cannot read photo {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_photo_placement_sits_beside_the_layout() {
        assert_eq!(
            photo_placement_path(Path::new("/tmp/battle.json")),
            PathBuf::from("/tmp/battle.photo.json")
        );
    }
}
