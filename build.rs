//! Embeds every shipped chart under `tables/` into the binary, so the app and the CLI run
//! from any folder.

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
}
