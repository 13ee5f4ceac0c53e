//! A club's tables folder as one file to share (`laager tables export | import`, the
//! window's Set up): a JSON document holding each chart and house file by its path in the
//! folder. Importing checks every file as the folder would load, and writes nothing over a
//! file already there.

use super::disk::{self, Existing, Input};
use super::tables::{read_club_folder, write_chart_file};
use crate::charts::{ChartSource, Charts};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The bundle's `format`, naming what the file is.
pub const FORMAT: &str = "laager-club-tables";
/// The bundle's version.
pub const VERSION: u32 = 1;

/// A club's tables folder in one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bundle {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// Each file's text by its `/`-separated path in the folder
    /// (`micro_colonial/house.toml`).
    pub files: BTreeMap<String, String>,
}

/// Every error of a folder or a bundle's files, one per line.
fn lines(errors: &[impl ToString]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files, checked as a club folder of them would load over the shipped tables.
fn check(files: &[ChartSource]) -> Result<(), String> {
    let mut charts = Charts::shipped().map_err(|e| lines(&e))?;
    charts
        .overlay_sources(files.to_vec())
        .map_err(|e| lines(&e))
}

/// Writes the club's tables folder `dir` as one bundle file `to` (over an existing file
/// only with `existing` `Replace`). A folder that does not load is refused with its errors.
/// Returns how many files the bundle holds.
pub fn export(dir: &Path, to: &Path, existing: Existing) -> Result<usize, String> {
    let folder = read_club_folder(dir).map_err(|e| e.to_string())?;
    if !folder.unreadable.is_empty() {
        return Err(lines(&folder.unreadable));
    }
    check(&folder.files)?;
    let bundle = Bundle {
        format: FORMAT.to_owned(),
        version: VERSION,
        files: folder
            .files
            .into_iter()
            .map(|f| (f.relative, f.source))
            .collect(),
    };
    let count = bundle.files.len();
    disk::write_file(to, bundle.to_text().as_bytes(), existing).map_err(|e| e.to_string())?;
    Ok(count)
}

/// A bundle's path, checked: `RULESET_FOLDER/NAME.toml`, nothing else; its ruleset and
/// file stem.
fn checked_path(path: &str) -> Result<(Ruleset, &str), String> {
    let parts: Vec<&str> = path.split('/').collect();
    let [folder, name] = parts.as_slice() else {
        return Err(format!(
            "'{path}' is not a club file's path: expected RULESET_FOLDER/NAME.toml"
        ));
    };
    let Some(ruleset) = Ruleset::ALL.into_iter().find(|r| r.folder() == *folder) else {
        return Err(format!("'{path}': '{folder}' is not a ruleset folder"));
    };
    let stem = name.strip_suffix(".toml").unwrap_or_default();
    if stem.is_empty()
        || !stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(format!(
            "'{path}': a chart file is named NAME.toml, of letters, digits, _ and -"
        ));
    }
    Ok((ruleset, stem))
}

/// Reads a bundle file, every file in it checked: its path, its size and that the folder
/// they make loads over the shipped tables. Errors name the bundle and the file in it.
pub fn read(file: &Path) -> Result<Bundle, String> {
    let text = disk::read_text(file, Input::Bundle).map_err(|e| e.to_string())?;
    parse(&text, &file.display().to_string())
}

/// Reads a bundle's text (an upload in the browser, named `name`), checked as [`read`]
/// checks a file.
pub fn parse(text: &str, name: &str) -> Result<Bundle, String> {
    if text.len() as u64 > Input::Bundle.limit() {
        return Err(format!(
            "{name}: larger than the {} MB {} may be",
            Input::Bundle.limit() / disk::MB,
            Input::Bundle.noun()
        ));
    }
    let bundle: Bundle = serde_json::from_str(text).map_err(|e| {
        format!(
            "{name}:{}:{}: not a club tables bundle: {e}",
            e.line(),
            e.column()
        )
    })?;
    if bundle.format != FORMAT || bundle.version != VERSION {
        return Err(format!(
            "{name}: format '{}' version {}: expected '{FORMAT}' version {VERSION}",
            bundle.format, bundle.version
        ));
    }
    for (path, source) in &bundle.files {
        checked_path(path).map_err(|e| format!("{name}: {e}"))?;
        if source.len() as u64 > Input::Chart.limit() {
            return Err(format!(
                "{name}: {path} is {} bytes, more than {} may be",
                source.len(),
                Input::Chart.noun()
            ));
        }
    }
    check(&bundle.sources(name))?;
    Ok(bundle)
}

impl Bundle {
    /// The bundle's files as the charts read a club folder's, each named `NAME:PATH`.
    pub fn sources(&self, name: &str) -> Vec<ChartSource> {
        self.files
            .iter()
            .map(|(path, source)| ChartSource {
                relative: path.clone(),
                file: format!("{name}:{path}"),
                source: source.clone(),
            })
            .collect()
    }

    /// The bundle as the text of its file (what `laager tables export` writes).
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// Writes a bundle's files into the club's tables folder `into` (created if needed). A file
/// already there is never replaced: the import is refused before anything is written, naming
/// each. Returns the paths written.
pub fn import(file: &Path, into: &Path) -> Result<Vec<PathBuf>, String> {
    let bundle = read(file)?;
    let taken: Vec<String> = bundle
        .files
        .keys()
        .map(|path| into.join(path))
        .filter(|path| path.exists())
        .map(|path| path.display().to_string())
        .collect();
    if !taken.is_empty() {
        return Err(format!(
            "not imported: these files are already in the folder (import into a new folder, or move them): {}",
            taken.join(", ")
        ));
    }
    let mut written = Vec::new();
    for (path, text) in &bundle.files {
        let (ruleset, stem) = checked_path(path)?;
        written.push(write_chart_file(
            into,
            ruleset,
            stem,
            text,
            Existing::Refuse,
        )?);
    }
    Ok(written)
}
