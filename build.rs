//! Embeds every shipped chart under `tables/` into the binary, so the app and the CLI run
//! from any folder, and names the engine's version: the package version and a digest of
//! the source that decides a ruling (`LAAGER_ENGINE_VERSION`), which every applied result
//! records so `laager log replay` can tell a changed reading from a changed record.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=tables");
    // Read at run time, not with env!(): the compiled build script is shared between
    // checkouts that use one target directory, and must embed its own checkout's tables.
    let manifest_dir =
        std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR set by cargo");
    let root = Path::new(&manifest_dir).join("tables");
    let mut files = Vec::new();
    if let Ok(folders) = std::fs::read_dir(&root) {
        for folder in folders.flatten() {
            let Ok(entries) = std::fs::read_dir(folder.path()) else {
                continue;
            };
            println!("cargo:rerun-if-changed={}", folder.path().display());
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "toml") {
                    let relative = path
                        .strip_prefix(&root)
                        .expect("under tables/")
                        .to_string_lossy()
                        .replace('\\', "/");
                    files.push((relative, path.display().to_string()));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Every shipped chart file: (path under tables/, contents).\npub static SHIPPED: &[(&str, &str)] = &[\n",
    );
    for (relative, absolute) in &files {
        writeln!(out, "    ({relative:?}, include_str!({absolute:?})),").expect("write to string");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR set by cargo"))
        .join("shipped_tables.rs");
    std::fs::write(dest, out).expect("write shipped_tables.rs");
    println!(
        "cargo:rerun-if-changed={}",
        Path::new(&manifest_dir)
            .join("assets/shipped_charts.json")
            .display()
    );
    engine_version(Path::new(&manifest_dir));
    charts_digest(Path::new(&manifest_dir), &files);
}

/// The source files whose change can change a ruling or the effects applied from it: the
/// rules, the dice, the charts' reading, the resolution and record words, and the step
/// from an outcome to its effects. The tables are not among them: their hash is recorded
/// in every resolution on its own.
const ENGINE_SOURCES: &[&str] = &[
    "src/rules",
    "src/dice",
    "src/charts",
    "src/resolution.rs",
    "src/record.rs",
    "src/bounds.rs",
    "src/game/effects.rs",
    "src/game/apply.rs",
];

/// The sources whose change can change what replaying a log gives (a game's state), beside
/// the engine's: a projection stored by another build is not trusted, but rebuilt.
const STATE_SOURCES: &[&str] = &["src/game"];

/// Emits `LAAGER_ENGINE_VERSION`: `0.1.0+` and 12 hex digits of an FNV-1a digest over the
/// engine's source files (paths and contents, in sorted order); and
/// `LAAGER_STATE_VERSION`, the same over those and the game's (the version of a stored
/// projection of a game's state).
fn engine_version(root: &Path) {
    let package = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!(
        "cargo:rustc-env=LAAGER_ENGINE_VERSION={package}+{:012x}",
        digest(root, ENGINE_SOURCES) >> 16
    );
    let state: Vec<&str> = ENGINE_SOURCES
        .iter()
        .chain(STATE_SOURCES)
        .copied()
        .collect();
    println!(
        "cargo:rustc-env=LAAGER_STATE_VERSION={package}+{:012x}",
        digest(root, &state) >> 16
    );
}

/// The sources whose change can change the shipped charts as read (beside the tables'
/// files themselves): `assets/shipped_charts.json`, the charts read ahead, is used only
/// while it was made from these and the tables as they are.
const CHARTS_SOURCES: &[&str] = &["src/charts", "src/ruleset.rs", "src/bounds.rs"];

/// Emits `LAAGER_CHARTS_DIGEST`: 16 hex digits of an FNV-1a digest over the shipped chart
/// files (`tables`, under `root`) and the code that reads them.
fn charts_digest(root: &Path, tables: &[(String, String)]) {
    let mut files: Vec<std::path::PathBuf> = tables
        .iter()
        .map(|(_, absolute)| std::path::PathBuf::from(absolute))
        .collect();
    for source in CHARTS_SOURCES {
        let path = root.join(source);
        println!("cargo:rerun-if-changed={}", path.display());
        collect_rs(&path, &mut files);
    }
    println!(
        "cargo:rustc-env=LAAGER_CHARTS_DIGEST={:016x}",
        digest_files(root, files)
    );
}

/// An FNV-1a digest over the `.rs` files at or under `sources` (paths and contents, in
/// sorted order).
fn digest(root: &Path, sources: &[&str]) -> u64 {
    let mut files = Vec::new();
    for source in sources {
        let path = root.join(source);
        println!("cargo:rerun-if-changed={}", path.display());
        collect_rs(&path, &mut files);
    }
    digest_files(root, files)
}

/// An FNV-1a digest over `files` (their paths under `root` and contents, in sorted order).
fn digest_files(root: &Path, mut files: Vec<std::path::PathBuf>) -> u64 {
    files.sort();
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for byte in bytes {
            digest ^= u64::from(*byte);
            digest = digest.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        feed(relative.to_string_lossy().replace('\\', "/").as_bytes());
        feed(&std::fs::read(file).unwrap_or_default());
    }
    digest
}

/// Every `.rs` file at or under `path`.
fn collect_rs(path: &Path, files: &mut Vec<std::path::PathBuf>) {
    if path.is_file() {
        files.push(path.to_owned());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rs(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}
