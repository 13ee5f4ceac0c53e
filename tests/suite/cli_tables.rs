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
