//! What the record proves (issue 35): a campaign's seals noted, then its rows tampered with
//! at random — deleted, reordered, renumbered, a field edited, with and without every hash
//! recomputed — and `log verify --head` against a noted seal, or `log replay`, reports every
//! change; a killed `add-game` never leaves a partial game; a file written by an earlier
//! release opens, verifies and replays, and is brought up to date by its first write.

use crate::support::{ok, run, stderr, stdout};
use laager::charts::Charts;
use laager::game::{Event, LoggedEvent};
use laager::store::packed::{pack, unpack};
use laager::store::{CampaignFile, Mode};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// A real campaign, played once through the command line: two DBA games, results applied
/// with typed and rolled dice, the first ended. Its bytes, built once.
fn played() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = super::record_gate::dba_campaign(dir.path());
        let p = s(&path);
        let combat = |a: &str, b: &str, dice: &[&str]| {
            let a = format!("a={a}");
            let b = format!("b={b}");
            let mut args = vec![
                "dba",
                "combat",
                "--kind",
                "close",
                "--campaign",
                p,
                "--unit",
                &a,
                "--unit",
                &b,
                "--in-contact",
                "--apply",
            ];
            args.extend_from_slice(dice);
            ok(&args);
        };
        combat("uMcijo front", "24th 4", &["--dice", "5,1"]);
        combat("uMbonambi front", "24th 3", &["--seed", "41"]);
        combat("uNokhenke front", "24th 2", &["--dice", "4,3"]);
        ok(&["campaign", "end-game", p, "--winner", "zulu"]);
        ok(&[
            "campaign",
            "add-game",
            p,
            "--ruleset",
            "dba-zulu",
            "--layout",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/demos/dba_zulu_battle.json"
            ),
        ]);
        combat("uKhandempemvu front", "24th 1", &["--dice", "2,6"]);
        combat("uMcijo front", "24th 5", &["--seed", "7"]);
        std::fs::read(&path).expect("read")
    })
}

/// What the players noted: the campaign's seal and each game's.
fn seals(path: &Path) -> Vec<String> {
    let file = CampaignFile::open(path, Mode::Read).expect("open");
    let mut noted = vec![file.campaign().seal()];
    noted.extend(file.campaign().games.iter().map(|g| g.head().to_owned()));
    noted
}

/// Whether `log verify --head` against a noted seal, or `log replay` of a game, reports
/// anything: the checks a club runs on a file it doubts, made in process.
fn reported(path: &Path, noted: &[String], charts: &Charts) -> bool {
    let Ok(file) = CampaignFile::open(path, Mode::Read) else {
        return true; // refused as damaged
    };
    if !file.intact() {
        return true;
    }
    let games = file.campaign().games.len();
    if games != noted.len() - 1 {
        return true;
    }
    // The campaign's seal noted must still be found, and so must each game's.
    if file.find_campaign_seal(&noted[0]).is_none() {
        return true;
    }
    for (i, head) in noted[1..].iter().enumerate() {
        if file.find_head(head, Some(i + 1)).is_none() {
            return true;
        }
    }
    file.campaign().games.iter().any(|game| {
        laager::game::replay(game, charts)
            .differing()
            .next()
            .is_some()
    })
}

#[derive(Debug, Clone)]
enum Tamper {
    /// One event row deleted.
    Delete { game: usize, at: usize },
    /// Two events of a game swapped.
    Reorder { game: usize, a: usize, b: usize },
    /// The two games' numbers swapped.
    Renumber,
    /// One field of one event changed: a unit's strength lost, a face, an effect dropped.
    Edit { game: usize, at: usize, how: usize },
}

fn tamper() -> impl Strategy<Value = (Tamper, bool)> {
    let which = prop_oneof![
        (0..2usize, 0..40usize).prop_map(|(game, at)| Tamper::Delete { game, at }),
        (0..2usize, 0..40usize, 0..40usize).prop_map(|(game, a, b)| Tamper::Reorder { game, a, b }),
        Just(Tamper::Renumber),
        (0..2usize, 0..40usize, 0..4usize).prop_map(|(game, at, how)| Tamper::Edit {
            game,
            at,
            how
        }),
    ];
    (which, any::<bool>())
}

/// Changes one field of an event; `false` when the event has no such field to change.
fn edit_event(event: &mut Event, how: usize) -> bool {
    match event {
        Event::ResolutionApplied(applied) => match how % 3 {
            0 => {
                let Some(face) = applied
                    .resolution
                    .rolls
                    .first_mut()
                    .and_then(|r| r.faces.first_mut())
                else {
                    return false;
                };
                face.face = face.face % 6 + 1;
                true
            }
            1 => applied.effects.pop().is_some(),
            _ => {
                applied.effects.push(laager::game::UnitEdit::Removed {
                    unit_id: "24th 1".into(),
                });
                true
            }
        },
        Event::UnitAdded { unit } => {
            unit.initial += 1;
            unit.present += 1;
            true
        }
        Event::GameEnded { result } => {
            result.winner = Some("british".to_owned());
            true
        }
        Event::TablesInForce { club_cells, .. } => {
            club_cells.push("dba_zulu/troop_types:zulus:combat=5".to_owned());
            true
        }
        _ => false,
    }
}

/// Applies a tamper to the file's rows; `recompute` rewrites every hash, head and seal as a
/// forger would. Returns `false` when the tamper changes nothing (a swap of an event with
/// itself, an event with no field to edit).
fn apply_tamper(path: &Path, tamper: &Tamper, recompute: bool) -> bool {
    let conn = rusqlite::Connection::open(path).expect("open");
    let count = |game: usize| -> usize {
        conn.query_row(
            "SELECT COUNT(*) FROM event WHERE game = ?1",
            [game as i64 + 1],
            |r| r.get::<_, i64>(0),
        )
        .expect("count") as usize
    };
    let changed = match tamper {
        Tamper::Delete { game, at } => {
            let n = count(*game);
            conn.execute(
                "DELETE FROM event WHERE game = ?1 AND seq = ?2",
                [*game as i64 + 1, (at % n) as i64 + 1],
            )
            .expect("delete");
            if recompute {
                conn.execute_batch(&format!(
                    "UPDATE event SET seq = -seq WHERE game = {g} AND seq > {s};
                     UPDATE event SET seq = -seq - 1 WHERE game = {g} AND seq < 0;",
                    g = game + 1,
                    s = at % n + 1
                ))
                .expect("renumber");
            }
            true
        }
        Tamper::Reorder { game, a, b } => {
            let n = count(*game);
            let (a, b) = (a % n + 1, b % n + 1);
            if a == b {
                return false;
            }
            conn.execute_batch(&format!(
                "UPDATE event SET seq = -1 WHERE game = {g} AND seq = {a};
                 UPDATE event SET seq = {a} WHERE game = {g} AND seq = {b};
                 UPDATE event SET seq = {b} WHERE game = {g} AND seq = -1;",
                g = game + 1
            ))
            .expect("swap");
            true
        }
        Tamper::Renumber => {
            conn.execute_batch(
                "PRAGMA foreign_keys = OFF;
                 UPDATE event SET game = 99 WHERE game = 1; UPDATE game SET number = 99 WHERE number = 1;
                 UPDATE event SET game = 1 WHERE game = 2; UPDATE game SET number = 1 WHERE number = 2;
                 UPDATE event SET game = 2 WHERE game = 99; UPDATE game SET number = 2 WHERE number = 99;",
            )
            .expect("renumber");
            true
        }
        Tamper::Edit { game, at, how } => {
            let n = count(*game);
            let seq = (at % n) as i64 + 1;
            let payload: String = conn
                .query_row(
                    "SELECT payload FROM event WHERE game = ?1 AND seq = ?2",
                    [*game as i64 + 1, seq],
                    |r| Ok(unpack(r.get_ref(0)?)),
                )
                .expect("payload")
                .expect("a payload that reads");
            let mut event: Event = serde_json::from_str(&payload).expect("event");
            if !edit_event(&mut event, *how) {
                return false;
            }
            conn.execute(
                "UPDATE event SET payload = ?1 WHERE game = ?2 AND seq = ?3",
                rusqlite::params![
                    pack(&laager::game::chain::canonical_json(&event)),
                    *game as i64 + 1,
                    seq
                ],
            )
            .expect("edit");
            true
        }
    };
    drop(conn);
    if recompute {
        recompute_everything(path);
    }
    changed
}

/// Every hash, head, the campaign's seal and its history computed again from the rows as
/// they now stand: a forger's last step.
pub(super) fn recompute_everything(path: &Path) {
    let conn = rusqlite::Connection::open(path).expect("open");
    let games: Vec<(i64, Option<String>)> = {
        let mut statement = conn
            .prepare("SELECT number, head FROM game ORDER BY number")
            .expect("games");
        statement
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .map(|r| r.expect("row"))
            .collect()
    };
    for (number, _) in &games {
        let rows: Vec<(i64, String, String)> = {
            let mut statement = conn
                .prepare("SELECT seq, prev_hash, payload FROM event WHERE game = ?1 ORDER BY seq")
                .expect("events");
            statement
                .query_map([number], |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        unpack(r.get_ref(2)?).expect("a payload that reads"),
                    ))
                })
                .expect("rows")
                .map(|r| r.expect("row"))
                .collect()
        };
        let Some((_, genesis, _)) = rows.first().cloned() else {
            continue;
        };
        let mut prev = genesis;
        for (seq, _, payload) in rows {
            let event: Event = serde_json::from_str(&payload).expect("event");
            let linked = LoggedEvent::link(seq as u64, &prev, event);
            conn.execute(
                "UPDATE event SET prev_hash = ?1, hash = ?2 WHERE game = ?3 AND seq = ?4",
                rusqlite::params![linked.prev_hash, linked.hash, number, seq],
            )
            .expect("relink");
            prev = linked.hash;
        }
        conn.execute(
            "UPDATE game SET head = ?1 WHERE number = ?2",
            rusqlite::params![prev, number],
        )
        .expect("head");
    }
    drop(conn);
    let Ok(file) = CampaignFile::open(path, Mode::Read) else {
        return;
    };
    let campaign = file.campaign().clone();
    let history = file.seal_history().unwrap_or_default();
    drop(file);
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.execute("UPDATE campaign SET seal = ?1", [campaign.seal()])
        .expect("seal");
    // Each game's stored state, as its forged log now replays.
    for (i, game) in campaign.games.iter().enumerate() {
        conn.execute(
            "UPDATE projection SET events = ?1, head = ?2, version = ?3, state = ?4 WHERE game = ?5",
            rusqlite::params![
                game.events().len() as i64,
                game.head(),
                laager::store::projection::STATE_VERSION,
                laager::store::packed::pack(&game.state().without_history()),
                i as i64 + 1
            ],
        )
        .expect("projection");
        conn.execute(
            "DELETE FROM projection_step WHERE game = ?1",
            [i as i64 + 1],
        )
        .expect("history");
        for (seq, step) in game.state().history_from(0) {
            conn.execute(
                "INSERT INTO projection_step (game, seq, step) VALUES (?1, ?2, ?3)",
                rusqlite::params![
                    i as i64 + 1,
                    seq as i64,
                    serde_json::to_string(&step).expect("step")
                ],
            )
            .expect("history step");
        }
    }
    conn.execute("DELETE FROM seal_history", [])
        .expect("history");
    for record in history {
        if let Some(seal) = campaign.seal_at(&record.counts) {
            conn.execute(
                "INSERT INTO seal_history (seal, counts) VALUES (?1, ?2)",
                rusqlite::params![seal, serde_json::to_string(&record.counts).expect("json")],
            )
            .expect("history row");
        }
    }
    conn.execute(
        "INSERT INTO seal_history (seal, counts) VALUES (?1, ?2)",
        rusqlite::params![
            campaign.seal(),
            serde_json::to_string(
                &campaign
                    .games
                    .iter()
                    .map(|g| g.events().len())
                    .collect::<Vec<_>>()
            )
            .expect("json")
        ],
    )
    .expect("current seal");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Issue 35: "A property test notes a real campaign's seals, then tampers with random
    /// rows (delete, reorder, renumber, edit a field, with and without recomputing the
    /// hashes). It asserts that `log verify --head` against a noted seal, or `log replay`,
    /// reports every change."
    #[test]
    fn every_tamper_is_reported_by_a_noted_seal_or_replay((tamper, recompute) in tamper()) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("club.laager");
        std::fs::write(&path, played()).expect("write");
        let noted = seals(&path);
        let charts = laager::store::tables::load(None).expect("shipped tables");
        prop_assert!(!reported(&path, &noted, &charts), "the untouched file reports nothing");
        if apply_tamper(&path, &tamper, recompute) {
            prop_assert!(
                reported(&path, &noted, &charts),
                "{tamper:?} (hashes recomputed: {recompute}) went unreported"
            );
        }
    }
}

#[test]
fn the_command_line_reports_a_forged_file_against_the_noted_seal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("club.laager");
    std::fs::write(&path, played()).expect("write");
    let noted = seals(&path)[0].clone();
    assert!(apply_tamper(
        &path,
        &Tamper::Delete { game: 1, at: 40 },
        true
    ));
    // Every hash was recomputed: the file verifies on its own ...
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // ... but not against the seal the players noted.
    let out = run(&["log", "verify", s(&path), "--head", &noted]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("nor among the campaign's seals"),
        "{}",
        stderr(&out)
    );
}

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/campaign_schema3.laager"
);

fn fixture_copy(dir: &Path) -> PathBuf {
    let path = dir.join("old.laager");
    std::fs::copy(FIXTURE, &path).expect("copy the fixture");
    path
}

/// A file written by the release before the record's gate (schema version 3, commit
/// 1b0bcb8): three games, 45 events, results applied with typed and rolled dice.
#[test]
fn a_file_of_the_earlier_release_opens_verifies_and_replays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = fixture_copy(dir.path());
    let before = std::fs::read(&path).expect("read");
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("3 game(s), 45 events, every hash chain intact"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("the campaign is not sealed (file from an older Laager)"));
    for game in ["1", "3"] {
        let out = run(&["log", "replay", s(&path), "--game", game]);
        assert_eq!(out.status.code(), Some(0), "game {game}: {}", stderr(&out));
        assert!(stdout(&out).contains(", 0 differ"), "{}", stdout(&out));
    }
    // Opening, verifying and replaying wrote nothing.
    assert_eq!(std::fs::read(&path).expect("read"), before);
    let file = CampaignFile::open(&path, Mode::Read).expect("open");
    assert_eq!(file.schema_version(), 3);
}

#[test]
fn the_first_write_brings_an_earlier_file_up_to_date_and_it_still_verifies() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = fixture_copy(dir.path());
    let head_of_1 = CampaignFile::open(&path, Mode::Read)
        .expect("open")
        .campaign()
        .games[0]
        .head()
        .to_owned();
    ok(&[
        "campaign",
        "end-game",
        s(&path),
        "--game",
        "3",
        "--winner",
        "draw",
    ]);
    let file = CampaignFile::open(&path, Mode::Read).expect("open");
    assert_eq!(
        file.schema_version(),
        laager::store::schema::CURRENT_VERSION
    );
    assert!(file.intact());
    assert!(file.verify_campaign().sealed);
    drop(file);
    // Its earlier games are as they were: a head noted then is still held.
    ok(&[
        "log",
        "verify",
        s(&path),
        "--head",
        &head_of_1,
        "--game",
        "1",
    ]);
    let out = run(&["log", "replay", s(&path), "--game", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Issue 35: "A killed add-game never leaves a partial game, tested by killing it at random
/// points": every game the file holds after each kill has its units and its record of the
/// charts in force, and the file verifies.
#[test]
fn a_killed_add_game_never_leaves_a_partial_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("club.laager");
    ok(&["campaign", "new", s(&path), "--name", "Kills"]);
    let demo = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/demos/dba_zulu_battle.json"
    );
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut landed = 0;
    for _ in 0..60 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let delay = std::time::Duration::from_micros(state % 40_000);
        let mut child = crate::support::laager()
            .args([
                "campaign",
                "add-game",
                s(&path),
                "--ruleset",
                "dba-zulu",
                "--layout",
                demo,
                "--unfinished",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(delay);
        let _ = child.kill();
        let status = child.wait().expect("wait");
        if !status.success() {
            landed += 1;
        }
        let file = CampaignFile::open(&path, Mode::Read).expect("the file opens after a kill");
        assert!(file.intact(), "the file verifies after a kill");
        for (i, game) in file.campaign().games.iter().enumerate() {
            let units = game.state().units.len();
            let tables = game
                .events()
                .iter()
                .any(|e| matches!(e.event, Event::TablesInForce { .. }));
            assert!(
                units == 25 && tables,
                "game {}: {units} units, charts recorded: {tables}",
                i + 1
            );
        }
    }
    eprintln!("add-game killed 60 times, {landed} before it finished");
}
