//! Issue 16: every resolving command takes `--campaign FILE.laager [--game N]`, those about
//! no unit too (an entry zone, the solitaire charts, the hex range and the melee odds, the
//! Rorke's Drift set-up) and the hospital's fire track with no counter named: with
//! `--apply` their result is logged in the game as the desk's Apply logs it, and replays; a
//! `--unit` in a role they do not have is refused (the hospital's roles, the counters in it,
//! are issue 38's: `rules_as_written::victoria_cross`).

use crate::support::{run, stderr, stdout};
use serde_json::{Value, json};

fn ok_json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)))
}

/// A campaign with one game of `ruleset` (on `layout`, when given).
fn campaign(dir: &std::path::Path, ruleset: &str, layout: Option<&str>) -> String {
    let file = dir.join(format!("{ruleset}.laager"));
    let file = file.to_str().expect("utf-8").to_owned();
    assert!(
        run(&["campaign", "new", &file, "--name", "Club night"])
            .status
            .success()
    );
    let mut add = vec!["campaign", "add-game", &file, "--ruleset", ruleset];
    if let Some(layout) = layout {
        add.extend(["--layout", layout]);
    }
    let out = run(&add);
    assert!(out.status.success(), "{}", stderr(&out));
    file
}

/// Resolves `command` on the campaign with `--apply`, checks its outcome, that the log
/// replays it, and that a `--unit` is refused.
fn logged(file: &str, command: &[&str], outcome: &Value) {
    let mut args = command.to_vec();
    args.extend(["--campaign", file, "--apply", "--json"]);
    let resolved = ok_json(&args);
    assert_eq!(&resolved["outcome"], outcome, "{command:?}");
    let replay = run(&["log", "replay", file]);
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
    assert!(
        stdout(&replay).contains("1 applied resolution(s) replayed, 0 differ"),
        "{command:?}: {}",
        stdout(&replay)
    );
    let mut with_unit = command.to_vec();
    with_unit.extend(["--campaign", file, "--unit", "unit=someone"]);
    let refused = run(&with_unit);
    assert_eq!(refused.status.code(), Some(2), "{command:?}");
    assert!(stderr(&refused).contains("--unit"), "{}", stderr(&refused));
}

// "on a roll of 6 it jumps three spots"; "The hospital is considered burned down when it
// reaches the 5 box on the track": from box 3 a 6 burns it.
#[test]
fn the_hospital_fire_is_logged_in_a_campaign_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path(), "victoria-cross", None);
    let command = ["vc", "hospital", "--track", "3", "--dice", "6"];
    let out = ok_json(&[&command[..], &["--json"]].concat());
    logged(&file, &command, &out["outcome"]);
    assert_eq!(out["outcome"]["burned"], json!(true), "{}", out["outcome"]);
}

// The Zulu Entry Chart: "4 – Entire force enters the game from zone 21."
#[test]
fn a_solitaire_entry_is_logged_in_a_campaign_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path(), "victoria-cross", None);
    logged(
        &file,
        &["vc", "solitaire-entry", "--dice", "4"],
        &json!({"zones": ["21"], "split": false}),
    );
}

// PART 12 B: 24 against 3 is 8 to 1.
#[test]
fn the_melee_odds_are_logged_in_a_campaign_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path(), "soldiers-of-the-queen", None);
    let out = ok_json(&["sotq", "odds", "--attack", "24", "--defence", "3", "--json"]);
    assert_eq!(out["outcome"]["column"], json!("8-1"), "{}", out["outcome"]);
    logged(
        &file,
        &["sotq", "odds", "--attack", "24", "--defence", "3"],
        &out["outcome"],
    );
}

// Rorke's Drift, SETTING UP THE GAME: "use only two Zulu regiments from each of the basic
// game Impis".
#[test]
fn the_rorkes_drift_set_up_is_logged_in_a_campaign_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let layout = format!(
        "{}/tests/fixtures/rd_situation.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = campaign(dir.path(), "micro-colonial", Some(&layout));
    let out = ok_json(&["mc", "rd", "setup", "--json"]);
    assert_eq!(out["outcome"]["zulu_regiments_per_impi"], json!(2));
    logged(&file, &["mc", "rd", "setup"], &out["outcome"]);
}
