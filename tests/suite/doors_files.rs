//! Issue 36, "Every door parses", deliver 2, 4 and 5: imports are checked as layouts, a
//! campaign file an older Laager wrote with values now refused opens read-only, club
//! tables are exported and imported whole or not at all, and the exit codes and messages
//! tell the truth.

use crate::support::{run, stderr, stdout, tables_dir};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Output;

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[track_caller]
fn assert_exit_2(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}{}", stdout(out));
    for needle in needles {
        assert!(err.contains(needle), "'{needle}' not in: {err}");
    }
}

#[track_caller]
fn assert_ok(out: &Output) {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A campaign file with one DBA game on the overlap fixture's table.
fn campaign_with_a_table(dir: &Path) -> PathBuf {
    let file = dir.join("c.laager");
    assert_ok(&run(&["campaign", "new", s(&file), "--name", "Zulu War"]));
    assert_ok(&run(&[
        "campaign",
        "add-game",
        s(&file),
        "--ruleset",
        "dba-zulu",
        "--layout",
        s(&fixture("dba_overlap.json")),
    ]));
    file
}

/// A DBA layout of one unit, with `edit` applied to it.
fn one_unit_layout(edit: impl FnOnce(&mut Value)) -> Value {
    let mut layout = json!({
        "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
        "table": { "width": 1000, "depth": 800 },
        "units": [{ "id": "uMbonambi", "side": "zulu", "type": "zulus",
                    "x": 300, "y": 300, "facing": 180 }],
    });
    edit(&mut layout);
    layout
}

/// The layouts issue 36 names ("width −5, x "NaN", type "martians", facing 9999 or a bare
/// string"), each with the path `laager layout check` names.
fn bad_layouts() -> Vec<(Value, &'static str)> {
    vec![
        (
            one_unit_layout(|l| l["table"]["width"] = json!(-5)),
            "table.width",
        ),
        (
            one_unit_layout(|l| l["units"][0]["x"] = json!("NaN")),
            "units[0].x",
        ),
        (
            one_unit_layout(|l| l["units"][0]["type"] = json!("martians")),
            "units[0].type",
        ),
        (
            one_unit_layout(|l| l["units"][0]["facing"] = json!(9999)),
            "units[0].facing",
        ),
        (json!("a bare string"), ""),
    ]
}

/// What `laager layout check` says of `layout`: each error's message after its path.
fn layout_check_messages(dir: &Path, layout: &Value) -> Vec<String> {
    let file = dir.join("alone.json");
    std::fs::write(&file, layout.to_string()).expect("write");
    let out = run(&["layout", "check", s(&file)]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    stderr(&out)
        .lines()
        .map(|line| {
            let rest = line
                .strip_prefix(&format!("{}: ", s(&file)))
                .unwrap_or(line);
            rest.to_owned()
        })
        .collect()
}

// Issue 36: "`campaign add-game --from-json` (a game JSON) and `campaign import` store a
// layout with width −5, x "NaN", type "martians", facing 9999 or a bare string, with exit 0."
#[test]
fn imports_check_a_games_layout_exactly_as_layout_check_does() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign_with_a_table(dir.path());
    let exported = dir.path().join("c.json");
    assert_ok(&run(&["campaign", "export", s(&file), s(&exported)]));
    let campaign: Value =
        serde_json::from_str(&std::fs::read_to_string(&exported).expect("read")).expect("json");
    for (layout, path) in bad_layouts() {
        let game = json!({ "laager": "game", "format": 1, "ruleset": "dba-zulu",
                           "name": "bad", "layout": layout, "events": [] });
        let game_file = dir.path().join("game.json");
        std::fs::write(&game_file, game.to_string()).expect("write");
        let expected = layout_check_messages(dir.path(), &layout);
        let at = |prefix: &str| {
            expected
                .iter()
                .map(|m| {
                    let m = m.strip_prefix(&format!("{path}: ")).unwrap_or(m);
                    let full = if path.is_empty() {
                        prefix.to_owned()
                    } else {
                        format!("{prefix}.{path}")
                    };
                    format!("{full}: {m}")
                })
                .collect::<Vec<_>>()
        };
        let out = run(&[
            "campaign",
            "add-game",
            s(&file),
            "--ruleset",
            "dba-zulu",
            "--from-json",
            s(&game_file),
            "--unfinished",
        ]);
        let lines = at("$.layout");
        let needles: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_exit_2(&out, &needles);
        let mut with_game = campaign.clone();
        with_game["games"] = json!([game]);
        let import = dir.path().join("import.json");
        std::fs::write(&import, with_game.to_string()).expect("write");
        let new_file = dir.path().join("new.laager");
        let out = run(&["campaign", "import", s(&import), s(&new_file)]);
        let lines = at("$.games[0].layout");
        let needles: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_exit_2(&out, &needles);
        assert!(!new_file.exists(), "nothing created for {path}");
    }
    // The campaign file was not touched: still one game.
    let out = run(&["campaign", "standings", s(&file), "--json"]);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["games"].as_array().map(Vec::len), Some(1));
}

/// Writes `layout` over game 1's stored layout, as an older Laager could have stored it.
fn store_layout(file: &Path, layout: &Value) {
    let conn = rusqlite::Connection::open(file).expect("open");
    conn.execute(
        "UPDATE game SET layout = ?1 WHERE number = 1",
        [layout.to_string()],
    )
    .expect("update");
}

// Issue 36: "A `.laager` file written earlier that holds a value the new domains refuse
// opens read-only, naming the value and where it is. Writes to it are refused, saying why."
#[test]
fn a_campaign_file_holding_a_value_outside_its_domain_opens_read_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign_with_a_table(dir.path());
    let mut layout: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("dba_overlap.json")).expect("read"))
            .expect("json");
    layout["units"][0]["x"] = json!(1e299);
    store_layout(&file, &layout);
    let named = "game 1 \"Game 1\": layout.units[0].x: 1e299 mm is not a coordinate on the table";
    // Reading works, with a warning naming the value and where it is.
    let out = run(&["records", s(&file), "--allow-broken"]);
    assert_ok(&out);
    assert!(
        stderr(&out).contains("open to read only"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains(named), "{}", stderr(&out));
    // A write is refused, saying why, the file named once.
    let out = run(&["campaign", "end-game", s(&file), "--winner", "zulu"]);
    assert_exit_2(&out, &["open to read only", named]);
    assert_eq!(
        stderr(&out).matches(s(&file)).count(),
        1,
        "{}",
        stderr(&out)
    );
    let opened =
        laager::store::CampaignFile::open(&file, laager::store::Mode::Write).expect("opens");
    assert!(opened.refused_values().is_some_and(|v| v.contains(named)));
}

// Issue 36: "`campaign add-game` on a file whose schema was damaged exits 1 ('internal
// error: … duplicate column name: head')."
#[test]
fn a_file_whose_schema_does_not_match_its_version_is_damaged_not_an_internal_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign_with_a_table(dir.path());
    let conn = rusqlite::Connection::open(&file).expect("open");
    conn.execute_batch("PRAGMA user_version = 2;")
        .expect("pragma");
    drop(conn);
    let out = run(&[
        "campaign",
        "add-game",
        s(&file),
        "--ruleset",
        "dba-zulu",
        "--unfinished",
    ]);
    assert_exit_2(&out, &[s(&file), "damaged", "schema version 2"]);
    assert!(!stderr(&out).contains("internal error"), "{}", stderr(&out));
    // A file of no Laager, and one from a newer Laager, are refused naming the file.
    let foreign = dir.path().join("foreign.laager");
    std::fs::write(&foreign, b"not a database at all").expect("write");
    assert_exit_2(
        &run(&["records", s(&foreign)]),
        &[s(&foreign), "not an SQLite database"],
    );
    let newer = campaign_with_a_table(&dir.path().join("newer").tap_dir());
    let conn = rusqlite::Connection::open(&newer).expect("open");
    conn.execute_batch("PRAGMA user_version = 99;")
        .expect("pragma");
    drop(conn);
    assert_exit_2(&run(&["records", s(&newer)]), &[s(&newer), "99"]);
}

/// A folder made on the way.
trait TapDir {
    fn tap_dir(self) -> PathBuf;
}

impl TapDir for PathBuf {
    fn tap_dir(self) -> PathBuf {
        std::fs::create_dir_all(&self).expect("mkdir");
        self
    }
}

// Issue 36: "`laager nosuch.laager` and `laager nosuchcmd` exit 1 with a winit error; the
// path is never checked."
#[test]
fn laager_file_checks_the_file_before_any_window_and_an_unknown_word_gets_the_usage() {
    let dir = tempfile::tempdir().expect("tempdir");
    for missing in [
        "nosuch.laager".to_owned(),
        "nosuch.json".to_owned(),
        s(&dir.path().join("nosuch")).to_owned(),
    ] {
        let out = run(&[&missing]);
        assert_exit_2(&out, &[&missing]);
        assert!(!stderr(&out).contains("window"), "{}", stderr(&out));
    }
    let damaged = dir.path().join("damaged.laager");
    std::fs::write(&damaged, b"SQLite format 3\0 but not really").expect("write");
    assert_exit_2(&run(&[s(&damaged)]), &[s(&damaged)]);
    let out = run(&["nosuchcmd"]);
    assert_exit_2(&out, &["nosuchcmd", "Usage"]);
}

// Issue 36: "`dba combat … --odds --apply` exits 0 and applies nothing, saying nothing."
#[test]
fn odds_with_apply_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign_with_a_table(dir.path());
    let out = run(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--odds",
        "--campaign",
        s(&file),
        "--unit",
        "a=uMbonambi",
        "--unit",
        "b=dragoons",
        "--apply",
    ]);
    assert_exit_2(&out, &["--odds --apply", "--dice", "--seed"]);
    let out = run(&[
        "vc",
        "random-fire",
        "--battle",
        "isandlwana",
        "--odds",
        "--campaign",
        s(&file),
        "--apply",
    ]);
    assert_exit_2(&out, &["--odds --apply"]);
}

// Issue 36: "`log head` on a campaign with no games names a `--game 0` that was never given."
#[test]
fn a_campaign_with_no_games_says_so_without_naming_a_flag_not_given() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("empty.laager");
    assert_ok(&run(&["campaign", "new", s(&file), "--name", "Empty"]));
    // `log head` without `--game` prints the campaign's seal, which an empty campaign has.
    let out = run(&["log", "head", s(&file)]);
    assert_ok(&out);
    for args in [
        vec!["log", "replay", s(&file)],
        vec!["campaign", "end-game", s(&file), "--winner", "zulu"],
    ] {
        let out = run(&args);
        assert_exit_2(&out, &[s(&file), "no games"]);
        assert!(
            !stderr(&out).contains("--game"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// A club folder with a house cell and a chart file.
fn club(root: &Path) -> PathBuf {
    let club = root.join("club");
    assert_ok(&run(&[
        "tables",
        "set",
        "micro_colonial/small_arms_range_factors:101-200:volley-200=30",
        "--into",
        s(&club),
    ]));
    assert_ok(&run(&[
        "tables",
        "template",
        "micro-colonial/weapon_ranges",
        "--into",
        s(&club),
    ]));
    club
}

// Issue 36: "`tables export clubF --to clubF/dba_zulu/house.toml --force` writes the bundle
// over the club's own house file, with exit 0."
#[test]
fn tables_export_never_writes_into_its_own_folder_nor_over_a_chart_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club(dir.path());
    let house = club.join("micro_colonial/house.toml");
    let before = std::fs::read_to_string(&house).expect("house");
    for to in [house.clone(), club.join("bundle.json")] {
        let out = run(&["tables", "export", s(&club), "--to", s(&to), "--force"]);
        assert_exit_2(
            &out,
            &[s(&to), "inside the tables folder", "even with --force"],
        );
    }
    assert_eq!(std::fs::read_to_string(&house).expect("house"), before);
    assert!(!club.join("bundle.json").exists());
    assert_ok(&run(&["tables", "check", s(&club)]));
    // Elsewhere, --force replaces a bundle, and nothing else.
    let chart = dir.path().join("elsewhere.toml");
    std::fs::copy(tables_dir().join("dba_zulu/troop_types.toml"), &chart).expect("copy");
    let out = run(&["tables", "export", s(&club), "--to", s(&chart), "--force"]);
    assert_exit_2(&out, &[s(&chart), "not a club tables bundle"]);
    let bundle = dir.path().join("club.json");
    assert_ok(&run(&["tables", "export", s(&club), "--to", s(&bundle)]));
    assert_ok(&run(&[
        "tables",
        "export",
        s(&club),
        "--to",
        s(&bundle),
        "--force",
    ]));
}

fn bundle_of(dir: &Path) -> PathBuf {
    let club = club(dir);
    let bundle = dir.join("club.json");
    assert_ok(&run(&["tables", "export", s(&club), "--to", s(&bundle)]));
    bundle
}

/// Every file under `dir`, relative.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() && !path.is_symlink() {
                stack.push(path);
            } else {
                found.push(s(path.strip_prefix(dir).expect("under")).to_owned());
            }
        }
    }
    found.sort();
    found
}

// Issue 36: "`tables import` writes some files and then refuses another, where a dangling
// symlink stands. It follows a symlinked ruleset folder out of the target folder."
#[cfg(unix)]
#[test]
fn tables_import_writes_every_file_or_none_and_never_through_a_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bundle = bundle_of(dir.path());
    // A dangling link where the second file would go: nothing is written, not even the
    // first file.
    let into = dir.path().join("into");
    std::fs::create_dir_all(into.join("micro_colonial")).expect("mkdir");
    std::os::unix::fs::symlink(
        dir.path().join("nowhere.toml"),
        into.join("micro_colonial/weapon_ranges.toml"),
    )
    .expect("link");
    let out = run(&["tables", "import", s(&bundle), "--into", s(&into)]);
    assert_exit_2(
        &out,
        &[
            "weapon_ranges.toml",
            "already in the folder",
            "nothing was written",
        ],
    );
    assert_eq!(files_under(&into), ["micro_colonial/weapon_ranges.toml"]);
    assert!(!stderr(&out).contains("--force"), "{}", stderr(&out));
    // A ruleset folder that is a link out of the target: refused, nothing written there.
    let outside = dir.path().join("outside").tap_dir();
    let linked = dir.path().join("linked").tap_dir();
    std::os::unix::fs::symlink(&outside, linked.join("micro_colonial")).expect("link");
    let out = run(&["tables", "import", s(&bundle), "--into", s(&linked)]);
    assert_exit_2(&out, &["micro_colonial", "symbolic link"]);
    assert!(files_under(&outside).is_empty());
    assert!(!stderr(&out).contains("--force"), "{}", stderr(&out));
    // Into a folder holding another ruleset's files, every file is written.
    let shared = dir.path().join("shared");
    std::fs::create_dir_all(shared.join("dba_zulu")).expect("mkdir");
    std::fs::write(shared.join("dba_zulu/notes.txt"), "ours").expect("write");
    std::fs::create_dir_all(shared.join("micro_colonial")).expect("mkdir");
    assert_ok(&run(&[
        "tables",
        "import",
        s(&bundle),
        "--into",
        s(&shared),
    ]));
    assert_eq!(
        files_under(&shared),
        [
            "dba_zulu/notes.txt",
            "micro_colonial/house.toml",
            "micro_colonial/weapon_ranges.toml"
        ]
    );
}

// Issue 36: "Duplicate keys in `files` are accepted, and the last one wins. Its error
// suggests a `--force` it does not have."
#[test]
fn tables_import_refuses_a_path_given_twice_and_names_no_option_it_lacks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bundle = dir.path().join("twice.json");
    std::fs::write(
        &bundle,
        r#"{ "format": "laager-club-tables", "version": 1, "files": {
            "micro_colonial/house.toml": "",
            "micro_colonial/house.toml": "[[cell]]\naddress = \"weapon_ranges:rifle\"\nvalue = \"far\"\n"
        } }"#,
    )
    .expect("write");
    let into = dir.path().join("into");
    let out = run(&["tables", "import", s(&bundle), "--into", s(&into)]);
    assert_exit_2(
        &out,
        &["twice.json", "'micro_colonial/house.toml' is given twice"],
    );
    assert!(!into.exists());
    let good = bundle_of(dir.path());
    assert_ok(&run(&["tables", "import", s(&good), "--into", s(&into)]));
    let again = run(&["tables", "import", s(&good), "--into", s(&into)]);
    assert_exit_2(&again, &["already in the folder"]);
    assert!(!stderr(&again).contains("--force"), "{}", stderr(&again));
}
