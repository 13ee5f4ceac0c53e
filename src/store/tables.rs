//! A club's tables folder on disk: reading its chart files (the charts layer parses them)
//! and writing one value into its `house.toml` for `laager tables set`.

use crate::charts::{CellAddress, ChartSource, Charts, ErrorKind, HOUSE_FILE, LoadError};
use crate::ruleset::Ruleset;
use std::path::Path;

/// The shipped tables with a club's folder on top, if one is given.
pub fn load(club: Option<&Path>) -> Result<Charts, Vec<LoadError>> {
    let mut charts = Charts::shipped()?;
    if let Some(dir) = club {
        overlay(&mut charts, dir)?;
    }
    Ok(charts)
}

/// Lays a club's tables folder over `charts` ([`Charts::overlay_sources`]). Every error
/// in every file is reported, those of files that could not be read first.
pub fn overlay(charts: &mut Charts, dir: &Path) -> Result<(), Vec<LoadError>> {
    let ClubFolder {
        files,
        unreadable: mut errors,
    } = read_club_folder(dir).map_err(|e| vec![e])?;
    if let Err(mut e) = charts.overlay_sources(files) {
        errors.append(&mut e);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A club's tables folder as read from disk.
#[derive(Debug, Clone, Default)]
pub struct ClubFolder {
    /// The `.toml` files of its ruleset folders, in path order.
    pub files: Vec<ChartSource>,
    /// An error for each ruleset folder or file that could not be read.
    pub unreadable: Vec<LoadError>,
}

/// Reads the `.toml` files of each ruleset folder in a club's tables folder. The error is
/// for a folder that cannot be read at all.
pub fn read_club_folder(dir: &Path) -> Result<ClubFolder, LoadError> {
    let folders = std::fs::read_dir(dir).map_err(|e| io_error(dir, &e))?;
    let mut errors = Vec::new();
    let mut paths = Vec::new();
    for folder in folders.flatten() {
        let path = folder.path();
        if !path.is_dir() {
            continue;
        }
        match std::fs::read_dir(&path) {
            Ok(entries) => paths.extend(
                entries
                    .flatten()
                    .map(|entry| entry.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "toml")),
            ),
            Err(e) => errors.push(io_error(&path, &e)),
        }
    }
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        match std::fs::read_to_string(&path) {
            Ok(source) => files.push(ChartSource {
                relative: path
                    .strip_prefix(dir)
                    .map(|p| p.to_string_lossy().replace('\\', "/"))
                    .unwrap_or_default(),
                file: path.display().to_string(),
                source,
            }),
            Err(e) => errors.push(io_error(&path, &e)),
        }
    }
    Ok(ClubFolder {
        files,
        unreadable: errors,
    })
}

fn io_error(path: &Path, e: &std::io::Error) -> LoadError {
    LoadError {
        file: path.display().to_string(),
        line: 1,
        column: 1,
        kind: ErrorKind::Io,
        message: format!("cannot read: {e}"),
    }
}

/// Writes one club value into `DIR/<ruleset>/house.toml`, creating the folder if needed.
///
/// The value is checked against the charts in force (shipped, with the folder on top)
/// before anything is written; the file is replaced atomically, so a failure leaves the
/// old one intact. Returns the ruleset the cell belongs to.
pub fn write_house_cell(
    dir: &Path,
    address: &CellAddress,
    value: &str,
    by: &str,
    date: &str,
) -> Result<Ruleset, String> {
    let mut charts = Charts::shipped().map_err(|e| format!("shipped tables: {}", e[0]))?;
    if dir.exists() {
        overlay(&mut charts, dir).map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        })?;
    }
    let (ruleset, typed) = charts.check_cell(address, value)?;

    let folder = dir.join(ruleset.folder());
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let path = folder.join(HOUSE_FILE);
    let existing = if path.exists() {
        Some(
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        )
    } else {
        None
    };
    let text = crate::charts::house_file_with(
        existing.as_deref(),
        &path.display().to_string(),
        address,
        &typed,
        by,
        date,
    )?;
    let temporary = folder.join(".house.toml.tmp");
    std::fs::write(&temporary, text)
        .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, &path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(ruleset)
}
