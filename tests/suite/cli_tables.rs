//! `laager tables ...` end to end, as a process.

use crate::support::{copy_tree, run, stderr, stdout, tables_dir};

#[test]
fn tables_check_on_the_shipped_folder_exits_0_with_a_summary() {
    let dir = tables_dir();
    let out = run(&["tables", "check", dir.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("charts:"), "{text}");
    assert!(text.contains("printed:"), "{text}");
    assert!(text.contains("charts not supplied:"), "{text}");
}

#[test]
fn tables_check_with_one_broken_file_exits_2_naming_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_tree(&tables_dir(), dir.path());
    let broken = dir.path().join("victoria_cross/hit_numbers.toml");
    let text = std::fs::read_to_string(&broken).expect("read");
    std::fs::write(&broken, text.replace("value = 4", "value = \"four\"")).expect("write");
    let out = run(&["tables", "check", dir.path().to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let line = err.lines().next().expect("an error line");
    assert!(line.contains("hit_numbers.toml:"), "{err}");
    // The wrong value sits on line 25 of the shipped file.
    let expected_line = text
        .lines()
        .position(|l| l.trim() == "value = 4")
        .expect("the 2-zone value")
        + 1;
    assert!(line.contains(&format!(":{expected_line}:")), "{err}");
    assert!(line.contains("whole number"), "{err}");
}

#[test]
fn tables_show_prints_marks_and_json() {
    let out = run(&["tables", "show", "hit_numbers"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("range_zones"));
    let out = run(&["tables", "show", "troop_types", "--json"]);
    // troop_types is also a name no other ruleset ships yet; json parses either way.
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(value["name"], "troop_types");
}

#[test]
fn tables_set_writes_a_house_value_that_the_folder_then_supplies() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let out = run(&[
        "tables",
        "set",
        "hit_numbers:3=6",
        "--into",
        club.to_str().expect("utf-8"),
        "--by",
        "Referee",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let house = std::fs::read_to_string(club.join("victoria_cross/house.toml")).expect("written");
    assert!(
        house.contains("hit_numbers:3") && house.contains("Referee"),
        "{house}"
    );
    let out = run(&[
        "tables",
        "show",
        "hit_numbers",
        "--tables",
        club.to_str().expect("utf-8"),
    ]);
    assert!(stdout(&out).contains("6*"), "{}", stdout(&out));
}

#[test]
fn tables_set_refuses_a_bad_value_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let out = run(&[
        "tables",
        "set",
        "hit_numbers:3=six",
        "--into",
        club.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("whole number"));
    assert!(!club.join("victoria_cross/house.toml").exists());
}

#[test]
fn help_lists_the_subcommands() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("tables"));
}

/// A club folder with one band cell and one chart file, as `laager tables set` and
/// `laager tables template` write them.
fn club_folder(root: &std::path::Path) -> String {
    let club = root.join("club");
    let club = club.to_str().expect("utf-8").to_owned();
    let set = run(&[
        "tables",
        "set",
        "micro_colonial/small_arms_range_factors:101-200:volley-200=30",
        "--into",
        &club,
    ]);
    assert_eq!(set.status.code(), Some(0), "{}", stderr(&set));
    let template = run(&[
        "tables",
        "template",
        "micro-colonial/weapon_ranges",
        "--into",
        &club,
    ]);
    assert_eq!(template.status.code(), Some(0), "{}", stderr(&template));
    club
}

// Issue 19: "a club folder is exported and imported as one file to share". The folder
// unpacked from the bundle is the folder packed: the same files, the same tables hash.
#[test]
fn a_club_folder_exports_to_one_file_and_imports_as_it_was() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_folder(dir.path());
    let bundle = dir.path().join("club.json");
    let bundle = bundle.to_str().expect("utf-8");
    let out = run(&["tables", "export", &club, "--to", bundle]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("2 files"), "{}", stdout(&out));
    let copy = dir.path().join("copy");
    let copy = copy.to_str().expect("utf-8");
    let out = run(&["tables", "import", bundle, "--into", copy]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for file in [
        "micro_colonial/house.toml",
        "micro_colonial/weapon_ranges.toml",
    ] {
        assert_eq!(
            std::fs::read_to_string(dir.path().join("club").join(file)).expect("original"),
            std::fs::read_to_string(dir.path().join("copy").join(file)).expect("copy"),
            "{file}"
        );
    }
    let hash = |folder: &str| {
        let out = run(&["tables", "check", folder, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
        v["tables_hash"].clone()
    };
    assert_eq!(hash(&club), hash(copy));
    // A second import into the same folder is refused before anything is written.
    let house = dir.path().join("copy/micro_colonial/house.toml");
    std::fs::write(&house, "# the club's own edits\n").expect("edit");
    let again = run(&["tables", "import", bundle, "--into", copy]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("already in the folder"),
        "{}",
        stderr(&again)
    );
    assert_eq!(
        std::fs::read_to_string(&house).expect("kept"),
        "# the club's own edits\n"
    );
    // Exporting over an existing bundle needs --force.
    let over = run(&["tables", "export", &club, "--to", bundle]);
    assert_eq!(over.status.code(), Some(2), "{}", stdout(&over));
}

// A bundle is checked before it is unpacked: a path out of the ruleset folders, or a file
// that would not load, is refused naming the bundle and the file in it; nothing is written.
#[test]
fn a_bundle_with_a_bad_path_or_a_broken_file_is_refused_naming_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let into = dir.path().join("into");
    let into_text = into.to_str().expect("utf-8");
    for (path, text, expected) in [
        ("../evil.toml", "", "'..' is not a ruleset folder"),
        (
            "micro_colonial/../../x.toml",
            "",
            "is not a club file's path",
        ),
        (
            "nowhere/house.toml",
            "",
            "'nowhere' is not a ruleset folder",
        ),
        (
            "micro_colonial/house.toml",
            "[[cell]]\naddress = \"weapon_ranges:rifle\"\nvalue = \"far\"\n",
            "micro_colonial/house.toml:3",
        ),
    ] {
        let bundle = dir.path().join("bad.json");
        let document = serde_json::json!({
            "format": "laager-club-tables",
            "version": 1,
            "files": { path: text },
        });
        std::fs::write(&bundle, document.to_string()).expect("write");
        let out = run(&[
            "tables",
            "import",
            bundle.to_str().expect("utf-8"),
            "--into",
            into_text,
        ]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = stderr(&out);
        assert!(err.contains(expected), "{path}: {err}");
        assert!(err.contains("bad.json"), "the bundle is named: {err}");
        assert!(!into.exists(), "{path}: nothing written");
    }
}
