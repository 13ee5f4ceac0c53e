//! The record's gate (issue 35): every write to a game goes through one engine function
//! that verifies the file first, checks the units in their roles, applies a throw once and
//! writes all of an action or none of it; replay checks the throw and the effects; the
//! campaign's name and the numbering of its games are sealed.

use crate::support::{ok, run, stderr, stdout};
use laager::game::gate::{Action, Apply};
use laager::game::{Event, LoggedEvent, ThrowId};
use laager::store::{CampaignFile, Mode};
use std::path::{Path, PathBuf};

const DBA_DEMO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/demos/dba_zulu_battle.json"
);

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// A campaign with one DBA game on the demo table.
pub(super) fn dba_campaign(dir: &Path) -> PathBuf {
    let path = dir.join("r.laager");
    ok(&["campaign", "new", s(&path), "--name", "Gate"]);
    ok(&[
        "campaign",
        "add-game",
        s(&path),
        "--ruleset",
        "dba-zulu",
        "--layout",
        DBA_DEMO,
    ]);
    path
}

/// Runs a command that must be refused (exit 2) with nothing written: the file's bytes are
/// the same after it. Returns its standard error.
fn refused_untouched(path: &Path, args: &[&str]) -> String {
    let before = std::fs::read(path).expect("read");
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
    assert_eq!(
        std::fs::read(path).expect("read"),
        before,
        "{args:?} wrote to the file"
    );
    stderr(&out)
}

fn close_combat<'a>(path: &'a Path, a: &'a str, b: &'a str, dice: &'a str) -> Vec<String> {
    vec![
        "dba".into(),
        "combat".into(),
        "--kind".into(),
        "close".into(),
        "--campaign".into(),
        s(path).into(),
        "--unit".into(),
        format!("a={a}"),
        "--unit".into(),
        format!("b={b}"),
        "--dice".into(),
        dice.into(),
        "--in-contact".into(),
        "--apply".into(),
    ]
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn one_unit_in_two_roles_is_refused_with_nothing_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    let combat = close_combat(&path, "24th 3", "24th 3", "5,3");
    let err = refused_untouched(&path, &args(&combat));
    assert!(
        err.contains("'24th 3' is already a: a unit takes one role"),
        "{err}"
    );
}

#[test]
fn a_close_combat_between_two_british_bases_is_refused_with_nothing_written() {
    // DBA: "close combat" is fought between the two armies; 24th 3 and 24th 4 are both
    // British regulars of the demo table.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    let combat = close_combat(&path, "24th 3", "24th 4", "5,3");
    let err = refused_untouched(&path, &args(&combat));
    assert!(
        err.contains("--unit b=24th 4: '24th 4' is british"),
        "{err}"
    );
    assert!(err.contains("must be of opposing sides"), "{err}");
    assert!(err.contains("nothing written"), "{err}");
}

#[test]
fn a_unit_counted_twice_is_refused_by_every_procedure_that_names_units() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    let p = s(&path);
    // Micro Colonial melee with one unit on both sides; Victoria Cross fire with one
    // leader as all eight firers; a Soldiers of the Queen fire at its own firer; a
    // Victoria Cross melee counting a counter twice.
    for command in [
        vec![
            "mc",
            "melee",
            "--campaign",
            p,
            "--unit",
            "a=24th 1",
            "--unit",
            "b=24th 1",
            "--dice",
            "B1,R1,B1,R1",
            "--apply",
        ],
        vec![
            "vc",
            "fire",
            "--battle",
            "isandlwana",
            "--range",
            "1",
            "--campaign",
            p,
            "--unit",
            "firer-1=24th 2",
            "--unit",
            "firer-2=24th 2",
            "--unit",
            "firer-8=24th 2",
            "--dice",
            "6",
            "--apply",
        ],
        vec![
            "sotq",
            "fire",
            "--game",
            "isandhlwana",
            "--firer",
            "strength=4,weapon=T,range=3",
            "--campaign",
            p,
            "--unit",
            "firer-1=24th 2",
            "--unit",
            "target=24th 2",
            "--dice",
            "6,6",
            "--apply",
        ],
        vec![
            "vc",
            "melee",
            "--battle",
            "isandlwana",
            "--campaign",
            p,
            "--unit",
            "unit-1=24th 5",
            "--unit",
            "unit-2=24th 5",
            "--dice",
            "6",
            "--apply",
        ],
    ] {
        let err = refused_untouched(&path, &command);
        assert!(err.contains("a unit takes one role"), "{command:?}: {err}");
    }
}

#[test]
fn no_write_launders_a_log_cut_short() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    ok(&args(&close_combat(&path, "uMcijo front", "24th 4", "5,1")));
    // The last event deleted behind Laager's back.
    rusqlite::Connection::open(&path)
        .expect("open")
        .execute(
            "DELETE FROM event WHERE game = 1 AND seq = (SELECT MAX(seq) FROM event WHERE game = 1)",
            [],
        )
        .expect("delete");
    assert_eq!(run(&["log", "verify", s(&path)]).status.code(), Some(2));
    let err = refused_untouched(
        &path,
        &["campaign", "end-game", s(&path), "--winner", "draw"],
    );
    assert!(
        err.contains("the log no longer holds the event the file records as its last"),
        "{err}"
    );
    assert!(
        err.contains("run `laager log verify`; nothing written"),
        "{err}"
    );
    let err = refused_untouched(
        &path,
        &args(&close_combat(&path, "uMbonambi front", "24th 3", "5,1")),
    );
    assert!(err.contains("nothing written"), "{err}");
    let err = refused_untouched(
        &path,
        &[
            "campaign",
            "add-game",
            s(&path),
            "--ruleset",
            "dba-zulu",
            "--unfinished",
        ],
    );
    assert!(err.contains("nothing written"), "{err}");
    // Still broken: nothing made it verify again.
    assert_eq!(run(&["log", "verify", s(&path)]).status.code(), Some(2));
}

/// A campaign of two DBA games, the first ended.
fn two_games(dir: &Path) -> PathBuf {
    let path = dba_campaign(dir);
    ok(&args(&close_combat(&path, "uMcijo front", "24th 4", "5,1")));
    ok(&["campaign", "end-game", s(&path), "--winner", "zulu"]);
    ok(&[
        "campaign",
        "add-game",
        s(&path),
        "--ruleset",
        "dba-zulu",
        "--layout",
        DBA_DEMO,
    ]);
    ok(&args(&close_combat(
        &path,
        "uMbonambi front",
        "24th 3",
        "4,3",
    )));
    path
}

#[test]
fn swapped_game_numbers_fail_verification() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = two_games(dir.path());
    let head_of_2 = ok(&["log", "head", s(&path), "--game", "2"]);
    let head_of_2 = head_of_2
        .trim()
        .rsplit(' ')
        .next()
        .expect("a hash")
        .to_owned();
    let conn = rusqlite::Connection::open(&path).expect("open");
    conn.execute_batch(
        "PRAGMA foreign_keys = OFF;
         UPDATE event SET game = 99 WHERE game = 1;
         UPDATE game SET number = 99 WHERE number = 1;
         UPDATE event SET game = 1 WHERE game = 2;
         UPDATE game SET number = 1 WHERE number = 2;
         UPDATE event SET game = 2 WHERE game = 99;
         UPDATE game SET number = 2 WHERE number = 99;
         UPDATE game SET head = (SELECT hash FROM event WHERE event.game = game.number ORDER BY seq DESC LIMIT 1);",
    )
    .expect("swap");
    drop(conn);
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains(
            "campaign: the campaign's seal does not match its name and the numbering of its games"
        ),
        "{}",
        stderr(&out)
    );
    // The noted head of game 2 is now game 1's: the check fails all the same.
    let out = run(&["log", "verify", s(&path), "--head", &head_of_2]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn renaming_the_campaign_fails_verification() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = two_games(dir.path());
    rusqlite::Connection::open(&path)
        .expect("open")
        .execute("UPDATE campaign SET name = 'Another club'", [])
        .expect("rename");
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("renamed"), "{}", stderr(&out));
}

#[test]
fn the_campaign_seal_is_printed_and_found_after_later_play() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    ok(&args(&close_combat(&path, "uMcijo front", "24th 4", "5,1")));
    let noted: serde_json::Value =
        serde_json::from_str(&ok(&["log", "head", s(&path), "--json"])).expect("json");
    let seal = noted["seal"]
        .as_str()
        .expect("the campaign's seal")
        .to_owned();
    assert_eq!(noted["head"], noted["seal"]);
    // Its first 10 hex digits are enough, now and after more is played.
    ok(&["log", "verify", s(&path), "--head", &seal[..10]]);
    ok(&args(&close_combat(
        &path,
        "uMbonambi front",
        "24th 3",
        "4,3",
    )));
    let out = ok(&["log", "verify", s(&path), "--head", &seal]);
    assert!(
        out.contains("the noted seal is the campaign's seal when its games held"),
        "{out}"
    );
    let out = run(&["log", "verify", s(&path), "--head", "0123456789abcdef"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Rewrites a file's logs as a forger who knows the format would: `edit` changes the
/// events, then every hash, head, the campaign's seal and each seal it has had are
/// computed again, so `log verify` passes.
fn forge(path: &Path, edit: impl FnOnce(&mut Vec<Vec<LoggedEvent>>)) {
    let file = CampaignFile::open(path, Mode::Read).expect("open");
    let mut games: Vec<Vec<LoggedEvent>> = file
        .campaign()
        .games
        .iter()
        .map(|g| g.events().to_vec())
        .collect();
    drop(file);
    edit(&mut games);
    let conn = rusqlite::Connection::open(path).expect("open");
    for (i, events) in games.iter().enumerate() {
        for logged in events {
            conn.execute(
                "UPDATE event SET payload = ?1 WHERE game = ?2 AND seq = ?3",
                rusqlite::params![
                    laager::game::chain::canonical_json(&logged.event),
                    i as i64 + 1,
                    logged.seq as i64
                ],
            )
            .expect("payload");
        }
    }
    drop(conn);
    super::record_tamper::recompute_everything(path);
}

/// The last applied result of game 1.
fn last_applied(games: &mut [Vec<LoggedEvent>]) -> &mut laager::game::AppliedResolution {
    games[0]
        .iter_mut()
        .rev()
        .find_map(|e| match &mut e.event {
            Event::ResolutionApplied(applied) => Some(applied.as_mut()),
            _ => None,
        })
        .expect("an applied result")
}

#[test]
fn replay_refuses_a_file_that_fails_verification() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = two_games(dir.path());
    rusqlite::Connection::open(&path)
        .expect("open")
        .execute("DELETE FROM event WHERE game = 1 AND seq = 3", [])
        .expect("delete");
    let out = run(&["log", "replay", s(&path), "--game", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("fails verification"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_reports_faces_changed_with_every_hash_recomputed() {
    // DBA combat: 4,3 typed; a forger changes the faces to 6,1 (the throw's record too),
    // and to 9,9, which no die shows.
    for (faces, said) in [("6,1", "outcome"), ("9,9", "is not a die face")] {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dba_campaign(dir.path());
        ok(&args(&close_combat(
            &path,
            "uMbonambi front",
            "24th 3",
            "4,3",
        )));
        forge(&path, |games| {
            let applied = last_applied(games);
            let new: Vec<u8> = faces.split(',').map(|f| f.parse().expect("face")).collect();
            for (face, value) in applied.resolution.rolls[0].faces.iter_mut().zip(&new) {
                face.face = *value;
            }
            applied.dice = laager::game::DiceOrigin::Typed {
                faces: faces.to_owned(),
            };
        });
        ok(&["log", "verify", s(&path)]);
        let out = run(&["log", "replay", s(&path)]);
        assert_eq!(out.status.code(), Some(2), "{faces}: {}", stdout(&out));
        assert!(stderr(&out).contains(said), "{faces}: {}", stderr(&out));
    }
}

#[test]
fn replay_reports_faces_that_are_not_the_throw_typed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    ok(&args(&close_combat(
        &path,
        "uMbonambi front",
        "24th 3",
        "4,3",
    )));
    forge(&path, |games| {
        let applied = last_applied(games);
        applied.resolution.rolls[0].faces[0].face = 6;
    });
    let out = run(&["log", "replay", s(&path)]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("the faces logged (6,3) are not those of the throw typed (4,3)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_reports_effects_the_outcome_does_not_give() {
    // A tie changes no unit: uMbonambi front (warband, 4) throws 4 against 24th 3
    // (regulars, 5) throwing 3, 8 against 8. The forger adds the removal of 24th 3.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    ok(&args(&close_combat(
        &path,
        "uMbonambi front",
        "24th 3",
        "4,3",
    )));
    forge(&path, |games| {
        last_applied(games)
            .effects
            .push(laager::game::UnitEdit::Removed {
                unit_id: "24th 3".into(),
            });
    });
    ok(&["log", "verify", s(&path)]);
    let out = run(&["log", "replay", s(&path)]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("24th 3 removed) are not what applying its outcome gives"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn each_invocation_is_a_new_throw_and_a_throw_is_applied_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    // The same faces typed twice on the command line are two throws.
    ok(&args(&close_combat(
        &path,
        "uMbonambi front",
        "24th 3",
        "3,3",
    )));
    ok(&args(&close_combat(
        &path,
        "uMbonambi front",
        "24th 3",
        "3,3",
    )));
    // One throw applied twice through the gate: the second is refused, naming the event.
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open");
    let game = &file.campaign().games[0];
    let last = game
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            Event::ResolutionApplied(applied) => Some((e.seq, applied.as_ref().clone())),
            _ => None,
        })
        .expect("applied");
    let (seq, applied) = last;
    let throw = applied.throw.clone().expect("a throw's identity");
    let apply_with = |throw: ThrowId| {
        Action::Apply(Box::new(Apply {
            request: applied.request.clone().expect("request"),
            resolution: applied.resolution.clone(),
            roles: serde_json::from_value(applied.inputs["roles"].clone()).expect("roles"),
            cells: Vec::new(),
            throw,
            tables: None,
            table: None,
        }))
    };
    let refused = file
        .act(1, apply_with(throw))
        .expect_err("a throw applied twice");
    assert!(
        refused.to_string().contains(&format!(
            "this throw was already applied in game 1, event {seq}"
        )),
        "{refused}"
    );
    // A new throw of the same faces is a new throw.
    let acted = file
        .act(1, apply_with(ThrowId::new()))
        .expect("a new throw applies");
    assert_eq!(acted.last_seq(), Some(seq + 1));
}

#[test]
fn an_applied_result_records_its_throw_and_its_engine() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dba_campaign(dir.path());
    let out: serde_json::Value = serde_json::from_str(&ok(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--campaign",
        s(&path),
        "--unit",
        "a=uMcijo front",
        "--unit",
        "b=24th 4",
        "--dice",
        "5,1",
        "--apply",
        "--json",
    ]))
    .expect("json");
    let event = &out["applied"]["events"][0]["event"];
    assert_eq!(event["engine"], laager::game::ENGINE_VERSION);
    assert_eq!(event["throw"].as_str().map(str::len), Some(32));
}
