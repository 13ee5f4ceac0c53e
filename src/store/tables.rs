//! A club's tables folder on disk: reading its chart files (the charts layer parses them)
//! and writing one value into its `house.toml` for `laager tables set`.

use super::StoreError;
use super::disk::{self, Existing, FolderLock, Input};
use crate::charts::{CellAddress, ChartSource, Charts, ErrorKind, HOUSE_FILE, LoadError};
use crate::ruleset::Ruleset;
use std::path::Path;
use std::time::Duration;

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

/// Reads the `.toml` files of each ruleset folder in a club's tables folder, each a
/// regular file within the 5 MB a chart or house file may be ([`Input::Chart`]). The error
/// is for a folder that cannot be read at all, that is itself a ruleset folder (one level
/// too deep), or that holds no ruleset folder.
pub fn read_club_folder(dir: &Path) -> Result<ClubFolder, LoadError> {
    refuse_ruleset_folder(dir)?;
    let folders = std::fs::read_dir(dir).map_err(|e| io_error(dir, &e))?;
    let mut errors = Vec::new();
    let mut paths = Vec::new();
    let mut rulesets = 0;
    for folder in folders.flatten() {
        let path = folder.path();
        if !path.is_dir() {
            continue;
        }
        if folder
            .file_name()
            .to_str()
            .is_some_and(|name| Ruleset::ALL.iter().any(|r| r.folder() == name))
        {
            rulesets += 1;
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
    if rulesets == 0 {
        return Err(folder_error(
            dir,
            format!(
                "not a club's tables folder: it holds no ruleset folder ({})",
                ruleset_folders()
            ),
        ));
    }
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        match disk::read_text(&path, Input::Chart) {
            Ok(source) => files.push(ChartSource {
                relative: path
                    .strip_prefix(dir)
                    .map(|p| p.to_string_lossy().replace('\\', "/"))
                    .unwrap_or_default(),
                file: path.display().to_string(),
                source,
            }),
            Err(e) => errors.push(store_error(&path, &e)),
        }
    }
    Ok(ClubFolder {
        files,
        unreadable: errors,
    })
}

fn ruleset_folders() -> String {
    Ruleset::ALL
        .iter()
        .map(|r| r.folder())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Makes a new club's tables folder ready to be chosen: an empty folder gets the ruleset
/// folder of `ruleset` (`club/micro_colonial`), so it loads (it holds no chart yet) and the
/// club's first value saved has its place. Returns the ruleset folder made, or `None` for
/// a folder that already holds something or does not exist (it is read as it is, and
/// refused if it is no club's tables folder: a path mistyped is never made).
pub fn ready_new_folder(
    dir: &Path,
    ruleset: Ruleset,
) -> Result<Option<std::path::PathBuf>, String> {
    refuse_ruleset_folder(dir).map_err(|e| e.to_string())?;
    let empty = match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_none(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", dir.display())),
    };
    if !empty {
        return Ok(None);
    }
    let folder = dir.join(ruleset.folder());
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    Ok(Some(folder))
}

/// Refuses a folder that is itself a ruleset folder (`club/dba_zulu`): the club's tables
/// folder is the one above it.
fn refuse_ruleset_folder(dir: &Path) -> Result<(), LoadError> {
    let real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
    let Some(name) = real.file_name().and_then(|n| n.to_str()) else {
        return Ok(());
    };
    if !Ruleset::ALL.iter().any(|r| r.folder() == name) {
        return Ok(());
    }
    let above = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() && dir.file_name().is_some() => p.to_owned(),
        _ => real
            .parent()
            .map_or_else(|| Path::new("/").to_owned(), Path::to_owned),
    };
    Err(folder_error(
        dir,
        format!(
            "is the ruleset folder '{name}', not a club's tables folder: give the folder above it, {}",
            above.display()
        ),
    ))
}

fn folder_error(dir: &Path, message: String) -> LoadError {
    LoadError {
        file: dir.display().to_string(),
        line: 0,
        column: 0,
        kind: ErrorKind::Io,
        message,
    }
}

fn store_error(path: &Path, e: &StoreError) -> LoadError {
    // The store's messages start with the path; a chart error names it once.
    let text = e.to_string();
    let shown = path.display().to_string();
    let message = text
        .strip_prefix(&shown)
        .map_or(text.as_str(), |rest| {
            rest.trim_start_matches(':').trim_start()
        })
        .to_owned();
    LoadError {
        file: shown,
        line: 0,
        column: 0,
        kind: ErrorKind::Io,
        message,
    }
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
/// The club folder is locked for the whole read, check and write, so parallel writers of
/// different cells each keep theirs (one waiting up to [`disk::LOCK_WAIT`] for another);
/// the value is checked against the charts in force (shipped, with the folder on top)
/// before anything is written; the file is written under a name no other run uses and
/// renamed into place ([`disk::write_file`]), so a failure leaves the old one intact.
/// Returns the ruleset the cell belongs to.
pub fn write_house_cell(
    dir: &Path,
    address: &CellAddress,
    value: &str,
    by: &str,
    date: &str,
) -> Result<Ruleset, String> {
    write_house_cell_waiting(dir, address, value, by, date, disk::LOCK_WAIT)
}

/// [`write_house_cell`], waiting at most `wait` for the club folder's lock.
pub fn write_house_cell_waiting(
    dir: &Path,
    address: &CellAddress,
    value: &str,
    by: &str,
    date: &str,
    wait: Duration,
) -> Result<Ruleset, String> {
    refuse_ruleset_folder(dir).map_err(|e| e.to_string())?;
    let mut charts = Charts::shipped().map_err(|e| format!("shipped tables: {}", e[0]))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let _lock = FolderLock::acquire(dir, wait).map_err(|e| e.to_string())?;
    let holds_rulesets = Ruleset::ALL.iter().any(|r| dir.join(r.folder()).is_dir());
    if holds_rulesets {
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
        Some(disk::read_text(&path, Input::Chart).map_err(|e| e.to_string())?)
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
    disk::write_file(&path, text.as_bytes(), Existing::Replace).map_err(|e| e.to_string())?;
    Ok(ruleset)
}

/// Writes a club's chart file into its tables folder as `RULESET/CHART.toml`, the folder
/// locked while it is written, as `laager tables set` writes `house.toml`. A template is
/// written with `Existing::Refuse` (a club's transcription in progress is never lost); a
/// transcription saved from the window with `Existing::Replace` (it started from the club's
/// own file of that chart). Returns the path written.
pub fn write_chart_file(
    dir: &Path,
    ruleset: Ruleset,
    chart: &str,
    text: &str,
    existing: Existing,
) -> Result<std::path::PathBuf, String> {
    refuse_ruleset_folder(dir).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let _lock = FolderLock::acquire(dir, disk::LOCK_WAIT).map_err(|e| e.to_string())?;
    let folder = dir.join(ruleset.folder());
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let path = folder.join(format!("{chart}.toml"));
    disk::write_file(&path, text.as_bytes(), existing).map_err(|e| e.to_string())?;
    Ok(path)
}

/// Today's date (UTC) as YYYY-MM-DD, for the record of who set a club value and when.
pub fn today() -> String {
    super::clock::now().day().to_owned()
}
