//! `.laager` files (issue 10): durability, migration, refusal of foreign, newer and damaged
//! files without touching them, the crash test, and the CLI end to end.

use crate::records::{legacy_log, loss, sample_game, unit};
use crate::support::{run, stderr, stdout};
use laager::Ruleset;
use laager::game::{Campaign, CampaignSettings, Cause, Event, verify_chain};
use laager::store::{CampaignFile, Mode, StoreError, schema};
use proptest::prelude::*;
use serde_json::json;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn campaign_file(dir: &Path) -> PathBuf {
    let path = dir.join("c.laager");
    let mut campaign = Campaign::new("Zulu War", CampaignSettings::default());
    campaign.games.push(sample_game());
    CampaignFile::create_from(&path, &campaign).expect("create");
    path
}

#[test]
fn each_appended_event_is_in_the_file_when_it_is_reopened() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_file(dir.path());
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open");
    let loss = Event::Edit {
        edit: laager::game::UnitEdit::StrengthChanged {
            unit_id: "umcijo".into(),
            amount: 10,
            cause: Cause::Volley,
        },
    };
    crate::support::log(&mut file, 1, loss).expect("append");
    file.undo(1).expect("undo");
    let expected = file.campaign().clone();
    drop(file);
    let reopened = CampaignFile::open(&path, Mode::Read).expect("reopen");
    assert_eq!(reopened.campaign(), &expected);
    assert_eq!(verify_chain(reopened.campaign().games[0].events()), None);
}

#[test]
fn a_file_opened_to_read_refuses_to_append() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_file(dir.path());
    let mut file = CampaignFile::open(&path, Mode::Read).expect("open");
    let result = crate::support::log(&mut file, 1, Event::MoveAdvanced);
    assert!(matches!(result, Err(StoreError::ReadOnly(_))));
}

/// A file as the first schema wrote it: campaign name, games and logs, no layout or settings.
fn version_1_file(path: &Path) -> Campaign {
    let events = legacy_log(sample_game().events());
    let conn = rusqlite::Connection::open(path).expect("create v1");
    schema::migrate(&conn, 0, 1).expect("v1 schema");
    conn.execute(
        "INSERT INTO campaign (id, name) VALUES (1, 'Old campaign')",
        [],
    )
    .expect("campaign");
    conn.execute(
        "INSERT INTO game (number, ruleset, name) VALUES (1, 'micro-colonial', 'Isandlwana')",
        [],
    )
    .expect("game");
    for e in &events {
        conn.execute(
            "INSERT INTO event (game, seq, prev_hash, hash, payload) VALUES (1, ?1, ?2, ?3, ?4)",
            rusqlite::params![
                e.seq as i64,
                e.prev_hash,
                e.hash,
                serde_json::to_string(&e.event).expect("payload")
            ],
        )
        .expect("event");
    }
    drop(conn);
    let mut campaign = Campaign::new("Old campaign", CampaignSettings::default());
    campaign.games.push(laager::game::Game::from_log(
        Ruleset::MicroColonial,
        "Isandlwana",
        serde_json::Value::Null,
        events,
    ));
    campaign
}

#[test]
fn a_version_1_file_is_read_as_it_is_without_being_changed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("old.laager");
    let expected = version_1_file(&path);
    let before = std::fs::read(&path).expect("bytes");
    let file = CampaignFile::open(&path, Mode::Read).expect("open v1");
    assert_eq!(file.schema_version(), 1);
    assert_eq!(file.campaign(), &expected);
    drop(file);
    assert_eq!(std::fs::read(&path).expect("bytes"), before);
}

#[test]
fn a_version_1_file_opened_to_write_is_migrated_with_its_log_intact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("old.laager");
    let expected = version_1_file(&path);
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open v1");
    // Opening writes nothing: the schema is brought up to date by the first write.
    assert_eq!(file.schema_version(), 1);
    file.set_layout(1, json!({ "bases": [] }))
        .expect("v2 column");
    assert_eq!(file.schema_version(), schema::CURRENT_VERSION);
    drop(file);
    let file = CampaignFile::open(&path, Mode::Read).expect("reopen");
    assert_eq!(file.schema_version(), schema::CURRENT_VERSION);
    assert_eq!(
        file.campaign().games[0].events(),
        expected.games[0].events()
    );
    assert_eq!(file.campaign().games[0].layout, json!({ "bases": [] }));
}

fn assert_refused_untouched(path: &Path, check: impl Fn(&StoreError) -> bool) {
    let before = std::fs::read(path).expect("bytes");
    for mode in [Mode::Read, Mode::Write] {
        let err = CampaignFile::open(path, mode).expect_err("refused");
        assert!(check(&err), "{err}");
        assert!(err.to_string().contains("it was not changed"), "{err}");
    }
    assert_eq!(std::fs::read(path).expect("bytes"), before);
}

#[test]
fn a_file_from_a_newer_laager_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_file(dir.path());
    rusqlite::Connection::open(&path)
        .expect("open")
        .execute_batch("PRAGMA user_version = 9")
        .expect("bump");
    assert_refused_untouched(&path, |e| matches!(e, StoreError::Newer { found: 9, .. }));
}

#[test]
fn another_programs_sqlite_file_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("other.db");
    rusqlite::Connection::open(&path)
        .expect("open")
        .execute_batch("CREATE TABLE t (x)")
        .expect("t");
    assert_refused_untouched(&path, |e| matches!(e, StoreError::NotLaager { .. }));
}

#[test]
fn a_text_file_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("notes.laager");
    std::fs::write(&path, "not a campaign\n").expect("write");
    assert_refused_untouched(&path, |e| matches!(e, StoreError::NotLaager { .. }));
}

fn valid_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::read(campaign_file(dir.path())).expect("bytes")
    })
}

fn open_damaged(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("damaged.laager");
    std::fs::write(&path, bytes).expect("write");
    for mode in [Mode::Read, Mode::Write] {
        if let Err(e) = CampaignFile::open(&path, mode) {
            let text = e.to_string();
            prop_assert!(text.starts_with(&path.display().to_string()), "{}", text);
        }
        prop_assert_eq!(
            std::fs::read(&path).expect("bytes"),
            bytes,
            "the file was changed"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn a_truncated_file_is_refused_untouched(len in 0usize..40_000) {
        let bytes = valid_bytes();
        open_damaged(&bytes[..len.min(bytes.len() - 1)])?;
    }

    #[test]
    fn a_bit_flipped_file_opens_or_is_refused_untouched(at in 0usize..40_000, bit in 0u8..8) {
        let mut bytes = valid_bytes().to_vec();
        let at = at % bytes.len();
        bytes[at] ^= 1 << bit;
        open_damaged(&bytes)?;
    }
}

/// The crash test's writer: appends events to the file named by `LAAGER_CRASH_FILE`,
/// printing `committed SEQ HASH` after each commit, until it is killed. Without the
/// variable (an ordinary test run) it does nothing.
#[test]
fn crash_writer_child() {
    let Ok(path) = std::env::var("LAAGER_CRASH_FILE") else {
        return;
    };
    let mut file = CampaignFile::open(Path::new(&path), Mode::Write).expect("writer opens");
    let mut out = std::io::stdout().lock();
    writeln!(out, "\nwriter ready").expect("report");
    out.flush().expect("flush");
    for i in 0..100_000u64 {
        let event = Event::PhaseSet {
            phase: format!("phase {i}"),
        };
        let logged = crate::support::log(&mut file, 1, event).expect("writer appends");
        writeln!(out, "committed {} {}", logged.seq, logged.hash).expect("report");
        out.flush().expect("flush");
    }
}

/// SIGKILLs the writer at 200 random points; after each, the file opens and holds every
/// event the writer reported committed, with the same hash.
#[test]
fn a_writer_killed_at_200_random_points_loses_no_committed_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("crash.laager");
    let mut file =
        CampaignFile::create(&path, "crash", CampaignSettings::default()).expect("create");
    file.new_game(Ruleset::DbaZulu, "crash", json!(null), None)
        .expect("game");
    drop(file);
    let exe = std::env::current_exe().expect("test binary");
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut reported: Vec<(u64, String)> = Vec::new();
    let mut mid_run_kills = 0;
    for _ in 0..200 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let early = state.is_multiple_of(4);
        let micros = (state >> 33) % if early { 60_000 } else { 40_000 };
        let delay = std::time::Duration::from_micros(micros);
        let mut child = std::process::Command::new(&exe)
            .args([
                "records_file::crash_writer_child",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("LAAGER_CRASH_FILE", &path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn writer");
        let stdout = child.stdout.take().expect("pipe");
        let (lines_tx, lines_rx) = std::sync::mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });
        // One kill in four lands anywhere from start-up on (during open and recovery);
        // the rest land at a random point after the writer has started appending.
        if !early {
            let ready = lines_rx.iter().find(|l| l == "writer ready").is_some();
            assert!(ready, "the writer started");
        }
        std::thread::sleep(delay);
        child.kill().expect("SIGKILL");
        let status = child.wait().expect("wait");
        reader.join().expect("reader");
        let lines: Vec<(u64, String)> = lines_rx
            .try_iter()
            .filter_map(|line| {
                let mut parts = line
                    .strip_prefix("committed ")?
                    .split(' ')
                    .map(str::to_owned);
                Some((parts.next()?.parse().ok()?, parts.next()?))
            })
            .collect();
        if !status.success() && !lines.is_empty() {
            mid_run_kills += 1;
        }
        reported.extend(lines);
        let file = CampaignFile::open(&path, Mode::Read).expect("the file opens after a kill");
        let events = file.campaign().games[0].events();
        for (seq, hash) in &reported {
            let stored = events
                .get(*seq as usize - 1)
                .expect("a reported event is in the file");
            assert_eq!(&stored.hash, hash, "event {seq}");
        }
        assert_eq!(verify_chain(events), None);
    }
    eprintln!(
        "crash test: 200 kills, {mid_run_kills} after commits began, {} events reported committed",
        reported.len()
    );
    assert!(!reported.is_empty(), "no kill landed after a commit");
}

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[test]
fn cli_new_add_game_records_and_verify_work_end_to_end() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("cli.laager");
    let out = run(&[
        "campaign",
        "new",
        s(&path),
        "--name",
        "Zulu War",
        "--replacement",
        "share:50",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let game = dir.path().join("game.json");
    std::fs::write(&game, laager::store::game_to_json(&sample_game())).expect("write");
    let out = run(&[
        "campaign",
        "add-game",
        s(&path),
        "--ruleset",
        "micro-colonial",
        "--from-json",
        s(&game),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let added: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(added["game"], 1);
    // Issue 17: "campaign add-game while the last game is still in play refuses, naming
    // end-game, unless --unfinished is given".
    let add = [
        "campaign",
        "add-game",
        s(&path),
        "--ruleset",
        "micro-colonial",
    ];
    let out = run(&add);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("laager campaign end-game"),
        "{}",
        stderr(&out)
    );
    let out = run(&["campaign", "end-game", s(&path), "--winner", "draw"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&add);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&["records", s(&path), "--game", "2", "--csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let csv = stdout(&out);
    // Game 2 starts from game 1's end: umcijo 535 of 600 plus half of 65 lost.
    assert!(
        csv.lines()
            .any(|l| l.starts_with("2,umcijo,") && l.contains(",600,567,")),
        "{csv}"
    );
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("intact"));
}

#[test]
fn cli_records_refuses_game_0_naming_the_flag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_file(dir.path());
    let out = run(&["records", s(&path), "--game", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("'--game <N>': 0 is not a game number"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn cli_log_verify_reports_the_first_changed_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_file(dir.path());
    let forged = serde_json::to_string(&loss("umcijo", 2, Cause::Other)).expect("json");
    rusqlite::Connection::open(&path)
        .expect("open")
        .execute(
            "UPDATE event SET payload = ?1 WHERE game = 1 AND seq = 4",
            [forged],
        )
        .expect("forge");
    let out = run(&["log", "verify", s(&path), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("game 1, event 4:"),
        "{}",
        stderr(&out)
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(report["intact"], false);
    assert_eq!(report["games"][0]["break"]["seq"], 4);
}

#[test]
fn cli_export_import_export_is_byte_identical() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_file(dir.path());
    let (first, copy, second) = (
        dir.path().join("1.json"),
        dir.path().join("copy.laager"),
        dir.path().join("2.json"),
    );
    assert_eq!(
        run(&["campaign", "export", s(&path), s(&first)])
            .status
            .code(),
        Some(0)
    );
    let out = run(&["campaign", "import", s(&first), s(&copy)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        run(&["campaign", "export", s(&copy), s(&second)])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        std::fs::read(&first).expect("1"),
        std::fs::read(&second).expect("2")
    );
}

#[test]
fn cli_import_of_bad_json_names_the_file_path_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"{"laager": "campaign", "format": 1, "name": "x", "settings": {"replacement": {"rule": "sometimes"}}, "games": []}"#).expect("write");
    let out = run(&[
        "campaign",
        "import",
        s(&bad),
        s(&dir.path().join("new.laager")),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("bad.json: $.settings.replacement.rule: unknown variant `sometimes`"),
        "{err}"
    );
    assert!(!dir.path().join("new.laager").exists());
}

#[test]
fn cli_standings_lists_sides_and_unit_histories_as_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("s.laager");
    let mut campaign = Campaign::new("Zulu War", CampaignSettings::default());
    let mut game = laager::game::Game::new(Ruleset::DbaZulu, "dba", json!(null));
    for event in [
        unit("impi", "Zulu", 4),
        unit("24th", "British", 2),
        loss("impi", 1, Cause::Other),
    ] {
        game.append(event).expect("event");
    }
    campaign.games.push(game);
    CampaignFile::create_from(&path, &campaign).expect("create");
    let out = run(&["campaign", "standings", s(&path), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(value["sides"][0]["side"], "Zulu");
    assert_eq!(value["sides"][0]["strength_lost"], 1);
    assert_eq!(value["units"][0]["games"][0]["end"], 3);
}
