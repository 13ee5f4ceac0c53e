//! The user guide (docs/guide) and the README against what they describe (issue 37): the
//! command reference is the command line's own help, the pictures are the snapshot tests'
//! own files, the README stays short. `guide_links` follows every link.
//!
//! `LAAGER_BLESS=1 cargo test --no-default-features --test suite guide` writes the reference
//! page and the pictures' copies again.

use crate::support;
use laager::cli::reference;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether this run writes the generated files instead of checking them.
fn blessing() -> bool {
    std::env::var_os("LAAGER_BLESS").is_some_and(|v| v == "1")
}

/// The first line where `committed` and `generated` part, both sides shown.
fn first_difference(committed: &str, generated: &str) -> String {
    let mut committed_lines = committed.lines();
    let mut generated_lines = generated.lines();
    for number in 1.. {
        match (committed_lines.next(), generated_lines.next()) {
            (None, None) => break,
            (a, b) if a == b => {}
            (a, b) => {
                return format!(
                    "line {number}: the page has {:?}, the command line gives {:?}",
                    a.unwrap_or("(end of page)"),
                    b.unwrap_or("(end of help)")
                );
            }
        }
    }
    "they differ only in line endings".to_owned()
}

#[test]
fn the_command_reference_is_what_the_command_line_prints() {
    let path = root().join(reference::PAGE);
    let generated = reference::markdown();
    if blessing() {
        std::fs::write(&path, &generated).expect("write the command reference");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is not the command line's help: {}\nregenerate it with: {}",
        reference::PAGE,
        first_difference(&committed, &generated),
        reference::REGENERATE
    );
}

/// Each section of the page is what the built binary prints for `--help`, so the page
/// is the help a user gets, not a second rendering of it.
#[test]
fn each_command_of_the_reference_prints_that_help() {
    let paths = reference::command_paths();
    // The rulesets' groups and the record's commands at least: a tree walk that lost a
    // level would leave them out.
    for expected in [
        &["tables", "set"][..],
        &["dba", "combat"],
        &["mc", "rd", "melee"],
        &["vc", "fire"],
        &["sotq", "fire"],
        &["campaign", "end-game"],
        &["log", "verify"],
        &["records"],
    ] {
        assert!(
            paths.iter().any(|p| p == expected),
            "laager {} is missing from the reference",
            expected.join(" ")
        );
    }
    for path in std::iter::once(Vec::new()).chain(paths) {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let output = support::run(&args);
        assert!(output.status.success(), "laager {} failed", args.join(" "));
        let printed = support::stdout(&output);
        let page = reference::help(&path);
        assert!(
            printed == page,
            "laager {}: {}",
            args.join(" "),
            first_difference(&page, &printed)
        );
    }
}

/// The guide's pictures folder: copies of snapshot tests' files, for the built book (mdBook
/// publishes only what is under `src/`).
const PICTURES: &str = "docs/guide/src/pictures";

/// Where the window's snapshot tests write their pictures.
const SNAPSHOTS: &str = "app-tests/tests/snapshots";

/// Where the engine's tests write theirs (the campaign report's first page).
const TEST_PICTURES: &str = "tests/pictures";

#[test]
fn the_guides_pictures_are_the_snapshot_tests_own() {
    let pictures = root().join(PICTURES);
    let mut count = 0;
    for entry in std::fs::read_dir(&pictures).expect("read the guide's pictures") {
        let path = entry.expect("a picture").path();
        let name = path.file_name().expect("a name").to_owned();
        let snapshot = [SNAPSHOTS, TEST_PICTURES]
            .iter()
            .map(|folder| root().join(folder).join(&name))
            .find(|p| p.is_file())
            .unwrap_or_else(|| root().join(SNAPSHOTS).join(&name));
        let original = std::fs::read(&snapshot).unwrap_or_else(|_| {
            panic!(
                "{}: no test writes {} (only tests' pictures go in the guide)",
                path.display(),
                snapshot.display()
            )
        });
        if blessing() {
            std::fs::copy(&snapshot, &path).expect("copy the snapshot");
        } else {
            assert!(
                std::fs::read(&path).expect("read the picture") == original,
                "{} is not {} as the snapshot tests left it: copy it again with {}",
                path.display(),
                snapshot.display(),
                reference::REGENERATE
            );
        }
        count += 1;
    }
    assert!(count > 0, "the guide has no pictures");
}

#[test]
fn the_readme_is_at_most_150_lines() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 150,
        "README.md has {lines} lines; at most 150 (issue 37), the rest goes in docs/guide"
    );
}

/// The README's test command is the one CI runs, word for word, so "the tests pass" means
/// the same thing to a newcomer and to CI.
#[test]
fn the_readmes_test_command_is_the_one_ci_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    let command = readme
        .lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .find(|line| line.starts_with("cargo test"))
        .expect("README.md gives a `cargo test` command");
    assert!(
        ci.lines().any(|line| line.trim() == command),
        "README.md's test command `{command}` is not a line of .ci/run"
    );
}

#[test]
fn every_page_of_the_guide_is_in_its_summary() {
    let src = root().join("docs/guide/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("SUMMARY.md");
    for page in markdown_files(&src) {
        let relative = page
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if relative == "SUMMARY.md" {
            continue;
        }
        assert!(
            summary.contains(&format!("]({relative})")),
            "docs/guide/src/{relative} is not listed in SUMMARY.md: mdBook would leave it out"
        );
    }
}

/// Every `.md` file under `dir`, sorted.
pub fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}
