//! A club's tables folder as one file to share (`laager tables export | import`, the
//! window's Set up): a JSON document holding each chart and house file by its path in the
//! folder. Importing checks every file as the folder would load, and writes nothing over a
//! file already there.

use super::disk::{self, Existing, Input};
use super::tables::read_club_folder;
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
    /// (`micro_colonial/house.toml`); a path given twice is refused, not the last taken.
    #[serde(deserialize_with = "unique_files")]
    pub files: BTreeMap<String, String>,
}

/// The bundle's `files`, refusing a path given twice (JSON would keep the last silently).
fn unique_files<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    struct Files;
    impl<'de> serde::de::Visitor<'de> for Files {
        type Value = BTreeMap<String, String>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object of file paths and their texts")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut files = BTreeMap::new();
            while let Some((path, text)) = map.next_entry::<String, String>()? {
                if files.contains_key(&path) {
                    return Err(serde::de::Error::custom(format!(
                        "the file '{path}' is given twice in `files`"
                    )));
                }
                files.insert(path, text);
            }
            Ok(files)
        }
    }
    deserializer.deserialize_map(Files)
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
    refuse_inside(dir, to)?;
    if existing == Existing::Replace {
        refuse_replacing_other(to)?;
    }
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

/// Refuses a bundle written inside the folder it is made of (over one of its own chart or
/// house files, or beside them, where the folder would then load it), even with `--force`.
fn refuse_inside(dir: &Path, to: &Path) -> Result<(), String> {
    let Ok(dir) = std::fs::canonicalize(dir) else {
        return Ok(()); // a folder that is not there is refused by the read that follows
    };
    let folder = match to.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let target = std::fs::canonicalize(&folder).map_or_else(
        |_| to.to_owned(),
        |f| f.join(to.file_name().unwrap_or_default()),
    );
    if target.starts_with(&dir) {
        return Err(format!(
            "{}: is inside the tables folder {} being exported; the bundle is never written into its own folder (even with --force): choose a file outside it",
            to.display(),
            dir.display()
        ));
    }
    Ok(())
}

/// With `--force`, only a bundle is replaced: never a campaign, a chart file or any other.
fn refuse_replacing_other(to: &Path) -> Result<(), String> {
    let Ok(meta) = std::fs::symlink_metadata(to) else {
        return Ok(());
    };
    let is_bundle = meta.is_file()
        && disk::read_text(to, Input::Bundle).is_ok_and(|text| {
            serde_json::from_str::<serde_json::Value>(&text)
                .is_ok_and(|v| v.get("format").and_then(serde_json::Value::as_str) == Some(FORMAT))
        });
    if is_bundle {
        Ok(())
    } else {
        Err(format!(
            "{}: is not a club tables bundle; --force replaces only a bundle written by `laager tables export` (never a campaign, a chart file or another file): choose another file name",
            to.display()
        ))
    }
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

/// Writes a bundle's files into the club's tables folder `into` (created if needed): the
/// whole bundle is checked first, then every file is written or none. The files are
/// written into a temporary folder and moved into place: a new `into`, or a ruleset folder
/// `into` does not have yet, is renamed into place whole; into a ruleset folder already
/// there each file is renamed in, and any moved is taken out again if one fails. A file
/// already in the folder (a dangling link included) is never replaced, and a ruleset
/// folder that is a symbolic link is never written through: the import is refused before
/// anything is written, naming each. Returns the paths written.
pub fn import(file: &Path, into: &Path) -> Result<Vec<PathBuf>, String> {
    let bundle = read(file)?;
    let mut plan = Vec::new();
    let mut refused = Vec::new();
    for path in bundle.files.keys() {
        let (ruleset, stem) = checked_path(path)?;
        let folder = into.join(ruleset.folder());
        match std::fs::symlink_metadata(&folder) {
            Ok(meta) if meta.file_type().is_symlink() => refused.push(format!(
                "{}: is a symbolic link; the import never writes through one",
                folder.display()
            )),
            Ok(meta) if !meta.is_dir() => {
                refused.push(format!("{}: is not a folder", folder.display()));
            }
            _ => {}
        }
        let target = folder.join(format!("{stem}.toml"));
        if std::fs::symlink_metadata(&target).is_ok() {
            refused.push(format!("{}: already in the folder", target.display()));
        }
        plan.push((ruleset.folder(), format!("{stem}.toml"), path));
    }
    refused.dedup();
    if !refused.is_empty() {
        return Err(format!(
            "not imported, nothing was written (import into a new folder, or move these away):\n{}",
            refused.join("\n")
        ));
    }
    if std::fs::symlink_metadata(into).is_err() {
        return import_new_folder(&bundle, &plan, into);
    }
    if !into.is_dir() {
        return Err(format!("{}: is not a folder", into.display()));
    }
    let _lock = disk::FolderLock::acquire(into, disk::LOCK_WAIT).map_err(|e| e.to_string())?;
    let stage = Stage::create(into)?;
    for (folder, name, path) in &plan {
        stage.write(folder, name, &bundle.files[*path])?;
    }
    let mut moved = Moved::default();
    let mut folders: Vec<&str> = plan.iter().map(|(folder, _, _)| *folder).collect();
    folders.dedup();
    for folder in folders {
        let target = into.join(folder);
        if std::fs::symlink_metadata(&target).is_err() {
            moved.rename(&stage.path.join(folder), &target, true)?;
            continue;
        }
        for (_, name, _) in plan.iter().filter(|(f, _, _)| *f == folder) {
            let to = target.join(name);
            if std::fs::symlink_metadata(&to).is_ok() {
                return Err(format!(
                    "{}: appeared in the folder while it was imported; nothing was written",
                    to.display()
                ));
            }
            moved.rename(&stage.path.join(folder).join(name), &to, false)?;
        }
    }
    Ok(moved.finish())
}

/// An import into a folder that is not there: the whole folder is made beside it and
/// renamed into place.
fn import_new_folder(
    bundle: &Bundle,
    plan: &[(&str, String, &String)],
    into: &Path,
) -> Result<Vec<PathBuf>, String> {
    let parent = match into.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    if !parent.is_dir() {
        return Err(format!(
            "{}: the folder {} does not exist",
            into.display(),
            parent.display()
        ));
    }
    let stage = Stage::create(&parent)?;
    for (folder, name, path) in plan {
        stage.write(folder, name, &bundle.files[*path])?;
    }
    std::fs::rename(&stage.path, into).map_err(|e| {
        format!(
            "cannot move {} into place: {}; nothing was written",
            into.display(),
            disk::plain_io(&e)
        )
    })?;
    Ok(plan
        .iter()
        .map(|(folder, name, _)| into.join(folder).join(name))
        .collect())
}

/// A temporary folder the bundle's files are written into first, removed when dropped.
struct Stage {
    path: PathBuf,
}

impl Stage {
    fn create(beside: &Path) -> Result<Stage, String> {
        let path = beside.join(format!(".laager-import-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir(&path)
            .map_err(|e| format!("cannot create {}: {}", path.display(), disk::plain_io(&e)))?;
        Ok(Stage { path })
    }

    fn write(&self, folder: &str, name: &str, text: &str) -> Result<(), String> {
        use std::io::Write as _;
        let dir = self.path.join(folder);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {}", dir.display(), disk::plain_io(&e)))?;
        let path = dir.join(name);
        let written = std::fs::File::create_new(&path).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        written.map_err(|e| format!("cannot write {}: {}", path.display(), disk::plain_io(&e)))
    }
}

impl Drop for Stage {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// What an import has moved into place, taken out again if the import fails before the
/// end.
#[derive(Default)]
struct Moved {
    done: Vec<(PathBuf, bool)>,
    finished: bool,
}

impl Moved {
    fn rename(&mut self, from: &Path, to: &Path, folder: bool) -> Result<(), String> {
        std::fs::rename(from, to).map_err(|e| {
            format!(
                "cannot move {} into place: {}; nothing was written",
                to.display(),
                disk::plain_io(&e)
            )
        })?;
        self.done.push((to.to_owned(), folder));
        Ok(())
    }

    /// The files written (each file of a folder moved whole included).
    fn finish(mut self) -> Vec<PathBuf> {
        self.finished = true;
        let mut written = Vec::new();
        for (path, folder) in &self.done {
            if *folder {
                let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                    .map(|entries| entries.flatten().map(|e| e.path()).collect())
                    .unwrap_or_default();
                files.sort();
                written.extend(files);
            } else {
                written.push(path.clone());
            }
        }
        written
    }
}

impl Drop for Moved {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        for (path, folder) in self.done.iter().rev() {
            let _ = if *folder {
                std::fs::remove_dir_all(path)
            } else {
                std::fs::remove_file(path)
            };
        }
    }
}
