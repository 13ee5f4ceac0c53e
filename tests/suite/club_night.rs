//! Issue 41, a club night end to end through the command line: a club file with a game
//! added for each of three tables, each with its players; three copies played by three
//! processes at once (`--apply`) and ended; merged back in every order, giving the same
//! games, events, standings and unit histories; merged again, adding nothing. A copy that
//! diverged, a tampered copy and a unit at two tables are refused, nothing written.

use crate::support::{laager, stderr, stdout};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Output;

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

fn run_ok(args: &[&str]) -> String {
    let out = laager().args(args).output().expect("laager runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&run_ok(args)).expect("json")
}

fn refused(args: &[&str]) -> Output {
    let out = laager().args(args).output().expect("laager runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    out
}

/// The DBA demo's layout with only the units named: one table's share of the club's
/// figures.
fn table_layout(dir: &Path, name: &str, units: &[&str]) -> PathBuf {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demos/dba_zulu_battle.json");
    let mut layout: Value =
        serde_json::from_str(&std::fs::read_to_string(demo).expect("demo")).expect("json");
    let all = layout["units"].as_array().expect("units").clone();
    layout["units"] = all
        .into_iter()
        .filter(|u| units.contains(&u["id"].as_str().unwrap_or_default()))
        .collect();
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, layout.to_string()).expect("write layout");
    path
}

/// The three tables: their names, units (a British pair against a Zulu regiment) and
/// players.
const TABLES: [(&str, [&str; 4], [&str; 2]); 3] = [
    (
        "Table 1",
        ["24th 1", "24th 2", "uMcijo front", "uMcijo rear"],
        ["british=Ann", "zulu=Bob"],
    ),
    (
        "Table 2",
        ["24th 3", "24th 4", "uVe front", "uVe rear"],
        ["british=Cat", "zulu=Dan"],
    ),
    (
        "Table 3",
        ["24th 5", "NNC 1", "uDloko front", "uDloko rear"],
        ["british=Bob", "zulu=Ann"],
    ),
];

/// `laager campaign add-game FILE --ruleset dba-zulu --table TABLE --layout LAYOUT`, with a
/// `--player` for each player given.
fn add_game<'a>(
    file: &'a Path,
    table: &'a str,
    layout: &'a Path,
    players: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "campaign",
        "add-game",
        s(file),
        "--ruleset",
        "dba-zulu",
        "--table",
        table,
        "--layout",
        s(layout),
    ];
    for player in players {
        args.extend(["--player", player]);
    }
    args
}

/// A club file with a game added for each table, each with its players.
fn club_with_three_tables(dir: &Path) -> PathBuf {
    let club = dir.join("club.laager");
    run_ok(&["campaign", "new", s(&club), "--name", "Club night"]);
    for (number, (table, units, players)) in TABLES.iter().enumerate() {
        let layout = table_layout(dir, table, units);
        let mut args = add_game(&club, table, &layout, players);
        args.push("--json");
        let added = json_of(&args);
        assert_eq!(added["game"], number + 1);
        assert_eq!(added["table"], *table);
        assert_eq!(added["name"], *table);
        assert_eq!(added["units"], 4);
        // The start, four units, the tables in force, the players: 7 events.
        assert_eq!(added["events"], 7);
        assert_eq!(
            added["players"][0]["name"],
            players[0].split('=').nth(1).expect("a name")
        );
    }
    club
}

/// Runs one command per table copy, all at once, and waits for every one.
fn at_once(commands: &[Vec<String>]) -> Vec<Output> {
    let children: Vec<_> = commands
        .iter()
        .map(|args| {
            laager()
                .args(args)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    children
        .into_iter()
        .zip(commands)
        .map(|(child, args)| {
            let out = child.wait_with_output().expect("wait");
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            out
        })
        .collect()
}

/// The three copies of the club's file, each played at its table by its own process at
/// once and ended.
fn play_the_tables(dir: &Path, club: &Path) -> Vec<PathBuf> {
    let copies: Vec<PathBuf> = (1..=3)
        .map(|n| {
            let copy = dir.join(format!("table{n}.laager"));
            std::fs::copy(club, &copy).expect("copy");
            copy
        })
        .collect();
    // Each table's Zulus close on its first British base: DBA "Zulus 4 + 5 against British
    // Regulars 5 + 1" (dice 5 and 1), "Destroyed if beat by Zulus (melee)".
    let combats: Vec<Vec<String>> = copies
        .iter()
        .enumerate()
        .map(|(i, copy)| {
            let units = TABLES[i].1;
            [
                "dba",
                "combat",
                "--kind",
                "close",
                "--campaign",
                s(copy),
                "--game",
                &(i + 1).to_string(),
                "--unit",
                &format!("a={}", units[2]),
                "--unit",
                &format!("b={}", units[0]),
                "--dice",
                "5,1",
                "--in-contact",
                "--apply",
                "--json",
            ]
            .map(str::to_owned)
            .to_vec()
        })
        .collect();
    for (i, out) in at_once(&combats).iter().enumerate() {
        let applied: Value = serde_json::from_str(&stdout(out)).expect("json");
        assert_eq!(applied["outcome"]["result"], "destroyed", "table {}", i + 1);
        assert_eq!(applied["applied"]["game"], i + 1);
    }
    let ends: Vec<Vec<String>> = copies
        .iter()
        .enumerate()
        .map(|(i, copy)| {
            let mut args: Vec<String> = [
                "campaign",
                "end-game",
                s(copy),
                "--game",
                &(i + 1).to_string(),
                "--winner",
                "zulu",
            ]
            .map(str::to_owned)
            .to_vec();
            if i == 1 {
                // Table 2's British had a second player, named with the result.
                args.extend(
                    ["--player", "british=Cat", "--player", "british=Eve"].map(str::to_owned),
                );
            }
            args
        })
        .collect();
    at_once(&ends);
    copies
}

/// What a campaign file holds, to compare: the whole campaign as JSON, its standings,
/// its record sheets and its seal.
fn contents(file: &Path, dir: &Path) -> (String, Value, Value, Value) {
    let out = dir.join("export.json");
    let _ = std::fs::remove_file(&out);
    run_ok(&["campaign", "export", s(file), s(&out)]);
    let export = std::fs::read_to_string(&out).expect("export");
    (
        export,
        json_of(&["campaign", "standings", s(file), "--json"]),
        json_of(&["records", s(file), "--json"]),
        json_of(&["log", "head", s(file), "--json"])["seal"].clone(),
    )
}

fn orders() -> Vec<[usize; 3]> {
    vec![
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ]
}

#[test]
fn a_club_night_merges_to_the_same_campaign_in_every_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_with_three_tables(dir.path());
    let copies = play_the_tables(dir.path(), &club);
    let mut seen: Option<(String, Value, Value, Value)> = None;
    for (k, order) in orders().into_iter().enumerate() {
        // One file at a time, in this order.
        let one_by_one = dir.path().join(format!("merged-{k}.laager"));
        std::fs::copy(&club, &one_by_one).expect("copy");
        for &i in &order {
            let merged = json_of(&["campaign", "merge", s(&one_by_one), s(&copies[i]), "--json"]);
            assert_eq!(
                merged["games_added"], 0,
                "every table's game was added at the club"
            );
            assert_eq!(merged["merged"][0]["game"], i + 1);
            // The combat, then the end (table 2: its players named, then the end).
            let expected = if i == 1 { 3 } else { 2 };
            assert_eq!(merged["events_added"], expected, "table {}", i + 1);
        }
        // All files in one command, in this order.
        let at_once = dir.path().join(format!("merged-all-{k}.laager"));
        std::fs::copy(&club, &at_once).expect("copy");
        let mut args = vec!["campaign", "merge", s(&at_once)];
        args.extend(order.iter().map(|&i| s(&copies[i])));
        run_ok(&args);
        let here = contents(&one_by_one, dir.path());
        assert_eq!(here, contents(&at_once, dir.path()), "order {order:?}");
        match &seen {
            None => seen = Some(here),
            Some(first) => assert_eq!(&here, first, "order {order:?}"),
        }
    }
    let (_, standings, records, _) = seen.expect("merged");
    // Every table's Zulus won: zulu 3 played, 3 won; british 3 lost, 3 bases lost.
    assert_eq!(
        standings["sides"],
        json!([
            {"side": "british", "played": 3, "won": 0, "drawn": 0, "lost": 3, "strength_lost": 3},
            {"side": "zulu", "played": 3, "won": 3, "drawn": 0, "lost": 0, "strength_lost": 0},
        ])
    );
    // Ann: British at table 1 (lost), Zulu at table 3 (won); Bob the other way round; Dan
    // the Zulus at table 2 (won); Cat and Eve its British, named again with the result
    // (lost). Players are listed as they appear, game by game.
    assert_eq!(
        standings["players"],
        json!([
            {"player": "Ann", "played": 2, "won": 1, "drawn": 0, "lost": 1},
            {"player": "Bob", "played": 2, "won": 1, "drawn": 0, "lost": 1},
            {"player": "Dan", "played": 1, "won": 1, "drawn": 0, "lost": 0},
            {"player": "Cat", "played": 1, "won": 0, "drawn": 0, "lost": 1},
            {"player": "Eve", "played": 1, "won": 0, "drawn": 0, "lost": 1},
        ])
    );
    let game = &standings["games"][1];
    assert_eq!(game["table"], "Table 2");
    assert_eq!(game["winner"], "zulu");
    assert!(game["started"].as_str().is_some_and(|d| d.ends_with('Z')));
    assert!(game["ended"].as_str().is_some_and(|d| d.ends_with('Z')));
    // 24th 1's history: one game, its one base lost to the Zulus, destroyed.
    let unit = standings["units"]
        .as_array()
        .and_then(|units| units.iter().find(|u| u["unit_id"] == "24th 1"))
        .expect("24th 1");
    assert_eq!(unit["games"][0]["game"], 1);
    assert_eq!(unit["games"][0]["name"], "Table 1");
    assert_eq!(unit["games"][0]["lost"], 1);
    assert_eq!(unit["games"][0]["ended"], "destroyed");
    assert_eq!(unit["games"][0]["result"], "lost");
    assert_eq!(records.as_array().map(Vec::len), Some(3));

    // Merged twice: nothing added, not a byte written.
    let merged = dir.path().join("merged-0.laager");
    let before = std::fs::read(&merged).expect("read");
    let again = json_of(&[
        "campaign",
        "merge",
        s(&merged),
        s(&copies[0]),
        s(&copies[1]),
        s(&copies[2]),
        "--json",
    ]);
    assert_eq!(again["events_added"], 0);
    assert_eq!(again["merged"], json!([]));
    assert_eq!(std::fs::read(&merged).expect("read"), before);
    // The merged file verifies, and knows each game by the identity every copy gives it.
    let verify = json_of(&["log", "verify", s(&merged), "--json"]);
    assert_eq!(verify["intact"], true);
    // `log head` and `records` give each game's number and the same identity.
    let head = json_of(&["log", "head", s(&merged), "--json"]);
    let records = json_of(&["records", s(&merged), "--json"]);
    for (i, copy) in copies.iter().enumerate() {
        let theirs = json_of(&["log", "verify", s(copy), "--json"]);
        let identity = &verify["games"][i]["identity"];
        assert!(
            identity.as_str().is_some_and(|id| id.len() == 64),
            "{identity}"
        );
        assert_eq!(*identity, theirs["games"][i]["identity"]);
        assert_eq!(head["identities"][i]["game"], i + 1);
        assert_eq!(head["identities"][i]["identity"], *identity);
        assert_eq!(records[i]["game"], i + 1);
        assert_eq!(records[i]["identity"], *identity);
    }
    // The standings as text: each game's dates and players, each player's line and each
    // unit's history.
    let text = run_ok(&["campaign", "standings", s(&merged)]);
    assert!(
        text.contains("game 2 \"Table 2\" (dba-zulu) at table Table 2: won by zulu"),
        "{text}"
    );
    assert!(
        text.contains("    started 20") && text.contains(" UTC, ended 20"),
        "{text}"
    );
    assert!(
        text.contains("played by Dan (zulu), Cat (british), Eve (british)"),
        "{text}"
    );
    assert!(
        text.contains("24th 1: game 1 \"Table 1\": 1 -> 0, lost 1, destroyed, british lost"),
        "{text}"
    );
    let ann = text
        .lines()
        .find(|l| l.trim_start().starts_with("Ann "))
        .expect("Ann's line");
    assert_eq!(
        ann.split_whitespace().collect::<Vec<_>>(),
        ["Ann", "2", "1", "0", "1"]
    );

    // The next club night: table 1's games have ended, so its units may play again, but
    // 24th 1, destroyed there, cannot.
    let lost = table_layout(dir.path(), "lost", &["24th 1", "uMcijo front"]);
    let out = refused(&add_game(&merged, "Table 1", &lost, &[]));
    assert!(
        stderr(&out).contains("unit '24th 1' was destroyed in game 1 \"Table 1\""),
        "{}",
        stderr(&out)
    );
    let again = table_layout(dir.path(), "again", &["24th 2", "uMcijo front"]);
    let mut args = add_game(&merged, "Table 1", &again, &[]);
    args.push("--json");
    let added = json_of(&args);
    assert_eq!(
        (added["game"].clone(), added["units"].clone()),
        (json!(4), json!(2))
    );
}

/// A club with one table's game, and two copies of it.
fn club_and_two_copies(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let club = dir.join("club.laager");
    run_ok(&["campaign", "new", s(&club), "--name", "Club night"]);
    let (table, units, players) = TABLES[0];
    let layout = table_layout(dir, table, &units);
    run_ok(&add_game(&club, table, &layout, &players[..1]));
    let (x, y) = (dir.join("x.laager"), dir.join("y.laager"));
    std::fs::copy(&club, &x).expect("copy");
    std::fs::copy(&club, &y).expect("copy");
    (club, x, y)
}

fn combat(file: &Path, zulu: &str, british: &str) {
    run_ok(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--campaign",
        s(file),
        "--unit",
        &format!("a={zulu}"),
        "--unit",
        &format!("b={british}"),
        "--dice",
        "5,1",
        "--in-contact",
        "--apply",
    ]);
}

#[test]
fn copies_that_diverged_are_refused_with_nothing_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (club, x, y) = club_and_two_copies(dir.path());
    // The club's game holds 7 events (its start, four units, the tables in force, its
    // player): each copy logs a different combat as event 8.
    combat(&x, "uMcijo front", "24th 1");
    combat(&y, "uMcijo rear", "24th 2");
    let before = std::fs::read(&club).expect("read");
    let out = refused(&["campaign", "merge", s(&club), s(&x), s(&y)]);
    let said = stderr(&out);
    assert!(
        said.contains("game 1 \"Table 1\"") && said.contains("part at event 8"),
        "{said}"
    );
    assert!(said.contains("nothing written"), "{said}");
    assert_eq!(std::fs::read(&club).expect("read"), before);
    // One copy merges; then the other is refused against it, and nothing more is written.
    run_ok(&["campaign", "merge", s(&club), s(&x)]);
    let merged = std::fs::read(&club).expect("read");
    let out = refused(&["campaign", "merge", s(&club), s(&y)]);
    assert!(stderr(&out).contains("part at event 8"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&club).expect("read"), merged);
}

#[test]
fn a_tampered_copy_is_refused_by_the_gate() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (club, x, _) = club_and_two_copies(dir.path());
    combat(&x, "uMcijo front", "24th 1");
    // The combat's record changed by hand after it was logged: the Zulus' total raised.
    let conn = rusqlite::Connection::open(&x).expect("open");
    let payload = conn
        .query_row(
            "SELECT payload FROM event WHERE game = 1 AND seq = 8",
            [],
            |r| Ok(laager::store::packed::unpack(r.get_ref(0)?)),
        )
        .expect("payload")
        .expect("a payload that reads");
    assert!(payload.contains("\"a_total\":9"), "{payload}");
    let forged = payload.replace("\"a_total\":9", "\"a_total\":12");
    let changed = conn
        .execute(
            "UPDATE event SET payload = ?1 WHERE game = 1 AND seq = 8",
            [laager::store::packed::pack(&forged)],
        )
        .expect("update");
    assert_eq!(changed, 1);
    drop(conn);
    let before = std::fs::read(&club).expect("read");
    let out = refused(&["campaign", "merge", s(&club), s(&x)]);
    let said = stderr(&out);
    assert!(
        said.contains(s(&x)) && said.contains("event 8") && said.contains("laager log verify"),
        "{said}"
    );
    assert_eq!(std::fs::read(&club).expect("read"), before);
}

#[test]
fn a_unit_at_two_tables_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (club, x, y) = club_and_two_copies(dir.path());
    // At the club: a second table wanting 24th 1, in play at table 1.
    let poached = table_layout(dir.path(), "poached", &["24th 1", "uVe front"]);
    let out = refused(&add_game(&club, "Table 2", &poached, &[]));
    assert!(
        stderr(&out).contains("unit '24th 1' is in play in game 1 \"Table 1\""),
        "{}",
        stderr(&out)
    );
    // At two tables' copies, each starting a game of its own with 24th 3 (free in each
    // copy): each is admitted there, and the merge of both is refused naming both games.
    let shared = table_layout(dir.path(), "shared", &["24th 3", "uVe rear"]);
    for (copy, table) in [(&x, "Table 2"), (&y, "Table 3")] {
        run_ok(&add_game(copy, table, &shared, &[]));
    }
    let before = std::fs::read(&club).expect("read");
    // In either order of the files: the same refusal, naming both games.
    for files in [[&x, &y], [&y, &x]] {
        let out = refused(&["campaign", "merge", s(&club), s(files[0]), s(files[1])]);
        let said = stderr(&out);
        assert!(
            said.contains("unit '24th 3' would be in play in game 2")
                && said.contains("and in game 3"),
            "{said}"
        );
        assert!(
            said.contains("\"Table 2\"") && said.contains("\"Table 3\""),
            "{said}"
        );
        assert_eq!(std::fs::read(&club).expect("read"), before);
    }
    // Either copy alone merges: its new game takes the next number.
    let merged = json_of(&["campaign", "merge", s(&club), s(&y), "--json"]);
    assert_eq!(merged["games_added"], 1);
    assert_eq!(merged["merged"][0]["game"], 2);
    assert_eq!(merged["merged"][0]["table"], "Table 3");
}

#[test]
fn new_games_of_several_tables_take_the_same_numbers_in_any_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (club, x, y) = club_and_two_copies(dir.path());
    let second = table_layout(dir.path(), "second", &["24th 3", "uVe front"]);
    let third = table_layout(dir.path(), "third", &["24th 4", "uVe rear"]);
    for (copy, table, layout) in [(&x, "Table 2", &second), (&y, "Table 3", &third)] {
        run_ok(&add_game(copy, table, layout, &[]));
    }
    let (a, b) = (dir.path().join("a.laager"), dir.path().join("b.laager"));
    std::fs::copy(&club, &a).expect("copy");
    std::fs::copy(&club, &b).expect("copy");
    run_ok(&["campaign", "merge", s(&a), s(&x), s(&y)]);
    run_ok(&["campaign", "merge", s(&b), s(&y), s(&x)]);
    assert_eq!(contents(&a, dir.path()), contents(&b, dir.path()));
    let standings = json_of(&["campaign", "standings", s(&a), "--json"]);
    assert_eq!(standings["games"].as_array().map(Vec::len), Some(3));
}

/// A campaign whose game 1 (the records' sample: the umcijo lost 65 of its 600 FF) ended
/// with the umcijo gone to ground, under a 50% replacement rule.
fn campaign_after_one_game() -> laager::game::Campaign {
    use laager::game::{
        Campaign, CampaignSettings, Event, GameResult, Replacement, UnitEdit, UnitId,
    };
    let settings = CampaignSettings {
        replacement: Replacement::Share { percent: 50 },
        ..CampaignSettings::default()
    };
    let mut campaign = Campaign::new("Zulu War", settings);
    let mut first = crate::records::sample_game();
    for event in [
        Event::Edit {
            edit: UnitEdit::StatusSet {
                unit_id: UnitId::from("umcijo"),
                status: Some(laager::record::Status::GoneToGround),
            },
        },
        Event::GameEnded {
            result: GameResult {
                winner: Some("Zulu".to_owned()),
                note: String::new(),
                date: None,
            },
        },
    ] {
        first.append(event).expect("event");
    }
    campaign.push_game(first);
    campaign
}

// A table's unit that fought before joins with what its last game left it, its losses made
// good under the campaign's replacement rule: the umcijo ended game 1 at 535 of 600 (lost
// 30 + 20 + 15 = 65); a 50% share restores 32 (65 / 2, rounded down), and it is still gone
// to ground. A unit new to the campaign joins as its layout gives it.
#[test]
fn a_tables_units_carry_over_strength_and_status_under_the_replacement_rule() {
    use laager::game::{GameStart, Stamp, UnitId};
    let campaign = campaign_after_one_game();
    let layout_unit = |id: &str, strength: u32| match crate::records::unit(id, "Zulu", strength) {
        laager::game::Event::UnitAdded { unit } => unit,
        _ => unreachable!("a unit"),
    };
    let start = GameStart {
        date: Stamp::parse("2026-12-03T19:30:00Z").expect("a moment"),
        table: Some("Table 2".to_owned()),
        players: Vec::new(),
    };
    let game = campaign
        .table_game(
            laager::Ruleset::MicroColonial,
            "Table 2",
            json!(null),
            vec![layout_unit("umcijo", 600), layout_unit("uve", 500)],
            &start,
        )
        .expect("a table's game");
    let state = game.state();
    let umcijo = state.unit(&UnitId::from("umcijo")).expect("carried over");
    assert_eq!(umcijo.spec.initial, 600);
    assert_eq!(umcijo.spec.present, 535);
    assert_eq!(umcijo.present, 535 + 32);
    assert_eq!(umcijo.status, Some(laager::record::Status::GoneToGround));
    let uve = state.unit(&UnitId::from("uve")).expect("new");
    assert_eq!(
        (uve.spec.initial, uve.present, uve.status.clone()),
        (500, 500, None)
    );
    assert_eq!(state.table.as_deref(), Some("Table 2"));
}
