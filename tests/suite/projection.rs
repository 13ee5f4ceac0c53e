//! Issue 43, state without a replay: from schema 7 each game's state is stored beside its
//! log, written in the same transaction as each event. A reading from a campaign (a
//! resolution without `--apply`) takes it instead of replaying the log; `log verify`
//! checks it against a full replay; a write refuses a file whose stored state is not its
//! log's; an older file reads as before, writes nothing when read, and gets its stored
//! states from its next write.

use crate::support::{ok, run, stderr, stdout};
use laager::store::packed::{pack, unpack};
use laager::store::projection::{STATE_VERSION, read_game};
use laager::store::{CampaignFile, Mode};
use std::path::Path;

/// A DBA close combat between uMcijo front and `british` on the demo table, marked in
/// contact, its dice typed.
fn combat<'a>(file: &'a str, british: &'a str, dice: &'a str) -> Vec<&'a str> {
    vec![
        "dba",
        "combat",
        "--kind",
        "close",
        "--campaign",
        file,
        "--unit",
        "a=uMcijo front",
        "--unit",
        british,
        "--dice",
        dice,
        "--in-contact",
        "--json",
    ]
}

/// A campaign of one DBA game on the demo table: two close combats applied (the first a
/// recoil of uMcijo front, the second undone), so its state holds a move and a voided
/// event.
fn played(dir: &Path) -> std::path::PathBuf {
    let file = super::record_gate::dba_campaign(dir);
    let f = file.to_str().expect("utf-8");
    let mut apply = combat(f, "b=24th 4", "3,4");
    apply.push("--apply");
    ok(&apply);
    let mut apply = combat(f, "b=24th 3", "5,2");
    apply.push("--apply");
    ok(&apply);
    ok(&["log", "undo", f, "--game", "1"]);
    file
}

/// The stored projection row of game 1: events, head, version and state JSON.
fn stored(path: &Path) -> (i64, String, String, String) {
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.query_row(
        "SELECT events, head, version, state FROM projection WHERE game = 1",
        [],
        |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                unpack(r.get_ref(3)?).expect("a state that inflates"),
            ))
        },
    )
    .expect("a projection of game 1")
}

/// Rewrites game 1's stored state with `edit`, outside Laager.
fn tamper(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let (_, _, _, json) = stored(path);
    let mut state: serde_json::Value = serde_json::from_str(&json).expect("state JSON");
    edit(&mut state);
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.execute(
        "UPDATE projection SET state = ?1 WHERE game = 1",
        [pack(&state.to_string())],
    )
    .expect("tamper");
}

#[test]
fn each_write_stores_the_state_its_log_replays_to() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = played(dir.path());
    let opened = CampaignFile::open(&file, Mode::Read).expect("open");
    let game = &opened.campaign().games[0];
    // The projection is of the whole log (units joined, the charts, two combats, the
    // undo), stored by this build, at the log's head.
    let (events, head, version, _) = stored(&file);
    assert_eq!(events as usize, game.events().len());
    assert_eq!(head, game.head());
    assert_eq!(version, STATE_VERSION);
    // Read without the log, it is the state a full replay gives: the undone combat's
    // event voided, the first combat's result in force.
    let projected = read_game(&file, None).expect("a projection this build trusts");
    assert_eq!(projected.number, 1);
    assert_eq!(projected.games, 1);
    assert_eq!(projected.state, *game.state());
    assert_eq!(projected.state.voided.len(), 1);
    assert!(opened.intact());
    let verify = ok(&["log", "verify", file.to_str().expect("utf-8"), "--json"]);
    let verify: serde_json::Value = serde_json::from_str(&verify).expect("JSON");
    assert_eq!(verify["intact"], true);
    assert_eq!(verify["games"][0]["projection"]["stored"], "current");
    let text = ok(&["log", "verify", file.to_str().expect("utf-8")]);
    assert!(
        text.contains("every hash chain intact, the campaign's seal intact, every stored state its log's replay"),
        "{text}"
    );
    assert_eq!(
        verify["games"][0]["projection"]["break"],
        serde_json::Value::Null
    );
}

#[test]
fn a_reading_uses_the_stored_state_and_a_changed_one_is_found_and_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = played(dir.path());
    let f = file.to_str().expect("utf-8");
    // The combat reads from the stored state: 24th 4 is in play there.
    ok(&combat(f, "b=24th 4", "4,3"));
    // Changed outside Laager to say 24th 4 has left the table: the reading, which
    // replays nothing, takes the stored word for it...
    tamper(&file, |state| {
        for unit in state["units"].as_array_mut().expect("units") {
            if unit["spec"]["unit_id"] == "24th 4" {
                unit["removed"] = serde_json::Value::Bool(true);
            }
        }
    });
    let read = run(&combat(f, "b=24th 4", "4,3"));
    assert!(
        !read.status.success() && stderr(&read).contains("24th 4"),
        "24th 4 read as removed: {}{}",
        stdout(&read),
        stderr(&read)
    );
    // ...but `log verify` replays the log and finds the stored state is not its log's,
    let verify = run(&["log", "verify", f, "--json"]);
    assert_eq!(verify.status.code(), Some(2), "{}", stderr(&verify));
    let report: serde_json::Value = serde_json::from_str(&stdout(&verify)).expect("JSON");
    assert_eq!(report["intact"], false);
    assert!(
        report["games"][0]["projection"]["break"]
            .as_str()
            .is_some_and(|b| b.contains("differs from a replay")),
        "{report}"
    );
    let text = run(&["log", "verify", f]);
    assert!(
        stderr(&text).contains("game 1, stored state: its stored state differs from a replay"),
        "{}",
        stderr(&text)
    );
    // and a write is refused, with nothing written.
    let before = std::fs::read(&file).expect("read");
    let mut apply = combat(f, "b=24th 4", "4,3");
    apply.push("--apply");
    let refused = run(&apply);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("stored state"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(std::fs::read(&file).expect("read"), before);
}

#[test]
fn a_state_stored_by_another_build_is_not_trusted_but_rebuilt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = played(dir.path());
    let f = file.to_str().expect("utf-8");
    let conn = rusqlite::Connection::open(&file).expect("open");
    conn.execute("UPDATE projection SET version = '0.0.9+000000000000'", [])
        .expect("an older build's projection");
    // Changed too: a reading must not take it, as another build's game code wrote it.
    drop(conn);
    tamper(&file, |state| state["move_number"] = 99.into());
    assert!(read_game(&file, None).is_none());
    // The reading replays the log instead, and `log verify` notes it without failing.
    ok(&combat(f, "b=24th 4", "4,3"));
    let verify = ok(&["log", "verify", f]);
    assert!(
        verify.contains("stored state was written by another build of Laager"),
        "{verify}"
    );
    // The next write stores this build's, which a reading then takes.
    let mut apply = combat(f, "b=24th 4", "4,3");
    apply.push("--apply");
    ok(&apply);
    let (_, _, version, _) = stored(&file);
    assert_eq!(version, STATE_VERSION);
    let opened = CampaignFile::open(&file, Mode::Read).expect("open");
    let projected = read_game(&file, None).expect("trusted again");
    assert_eq!(projected.state, *opened.campaign().games[0].state());
    assert_eq!(projected.state.move_number, 1);
}

#[test]
fn a_file_of_schema_6_reads_writing_nothing_and_its_next_write_stores_every_state() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("old.laager");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/campaign_schema6.laager"
        ),
        &file,
    )
    .expect("copy");
    let f = file.to_str().expect("utf-8");
    let before = std::fs::read(&file).expect("read");
    assert!(
        read_game(&file, None).is_none(),
        "no projection in schema 6"
    );
    ok(&combat(f, "b=24th 4", "4,3"));
    let verify = ok(&["log", "verify", f]);
    assert!(verify.contains("no stored state yet"), "{verify}");
    assert_eq!(
        std::fs::read(&file).expect("read"),
        before,
        "reading wrote nothing"
    );
    let mut apply = combat(f, "b=24th 4", "4,3");
    apply.push("--apply");
    ok(&apply);
    let opened = CampaignFile::open(&file, Mode::Read).expect("open");
    assert_eq!(
        opened.schema_version(),
        laager::store::schema::CURRENT_VERSION
    );
    assert!(opened.intact());
    // Every game's state is stored, not only the one written to.
    let games = opened.campaign().games.len();
    assert!(games >= 2, "the fixture holds {games} games");
    for number in 1..=games {
        let projected = read_game(&file, Some(number)).expect("stored");
        assert_eq!(
            projected.state,
            *opened.campaign().games[number - 1].state()
        );
    }
    ok(&["log", "verify", f]);
}

/// One step of a game played in a test: an action, an undo or a redo.
#[derive(Debug, Clone)]
enum Step {
    Loss(usize, u32),
    Replacement(usize, u32),
    Moved(usize, u16),
    Removed(usize),
    Joined,
    NextMove,
    Phase(u8),
    Terrain(u8),
    Players(u8),
    Undo,
    Redo,
}

fn step() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    prop_oneof![
        (0..4usize, 1..40u32).prop_map(|(u, n)| Step::Loss(u, n)),
        (0..4usize, 1..40u32).prop_map(|(u, n)| Step::Replacement(u, n)),
        (0..4usize, any::<u16>()).prop_map(|(u, x)| Step::Moved(u, x)),
        (0..4usize).prop_map(Step::Removed),
        Just(Step::Joined),
        Just(Step::NextMove),
        (0..3u8).prop_map(Step::Phase),
        (0..3u8).prop_map(Step::Terrain),
        (0..3u8).prop_map(Step::Players),
        Just(Step::Undo),
        Just(Step::Undo),
        Just(Step::Undo),
        Just(Step::Redo),
        Just(Step::Redo),
    ]
}

/// The action a step stands for in `game` (`None` for undo and redo); a step the log
/// refuses (a loss above what a unit has) is simply not logged.
fn action_of(step: &Step, game: &laager::game::Game) -> Option<laager::game::Event> {
    use laager::game::{Cause, Event, Player, UnitEdit, UnitId, UnitSpec};
    let unit = |u: usize| UnitId(format!("u{u}"));
    let edit = |edit| Some(Event::Edit { edit });
    match step {
        Step::Loss(u, n) | Step::Replacement(u, n) => edit(UnitEdit::StrengthChanged {
            unit_id: unit(*u),
            amount: *n,
            cause: if matches!(step, Step::Loss(..)) {
                Cause::Other
            } else {
                Cause::Replacement
            },
        }),
        Step::Moved(u, x) => edit(UnitEdit::Moved {
            unit_id: unit(*u),
            to: serde_json::json!({ "x": f64::from(*x), "y": 10.0, "facing_deg": 0.0 }),
        }),
        Step::Removed(u) => edit(UnitEdit::Removed { unit_id: unit(*u) }),
        Step::Joined => {
            let n = game.state().units.len();
            Some(Event::UnitAdded {
                unit: UnitSpec {
                    unit_id: unit(n),
                    name: format!("unit {n}"),
                    side: if n.is_multiple_of(2) {
                        "british"
                    } else {
                        "zulu"
                    }
                    .to_owned(),
                    troop_type: "zulus".to_owned(),
                    initial: 100,
                    present: 60,
                    class: None,
                    strength_note: None,
                    formation: None,
                },
            })
        }
        Step::NextMove => Some(Event::MoveAdvanced),
        Step::Phase(p) => Some(Event::PhaseSet {
            phase: format!("phase {p}"),
        }),
        Step::Terrain(t) => Some(Event::TerrainSet {
            terrain: serde_json::json!([{ "kind": "hill", "n": t }]),
        }),
        Step::Players(p) => Some(Event::PlayersNamed {
            players: vec![Player::new("british", &format!("player {p}")).expect("player")],
        }),
        Step::Undo | Step::Redo => None,
    }
}

/// A DBA game of two units (`u0` British, `u1` Zulu) joined, then a first move played
/// (units joining later alternate between the sides).
fn started_game() -> laager::game::Game {
    use laager::game::{Event, Game};
    let mut game = Game::new(laager::Ruleset::DbaZulu, "test", serde_json::json!(null));
    for step in [Step::Joined, Step::Joined] {
        let event = action_of(&step, &game).expect("a join");
        game.append(event).expect("joins");
    }
    if let Some(Event::UnitAdded { .. }) = game.events().first().map(|e| &e.event) {
        game.append(Event::MoveAdvanced).expect("a move");
    }
    game
}

fn play(game: &mut laager::game::Game, step: &Step) {
    let _ = match step {
        Step::Undo => game.undo().map(|_| ()),
        Step::Redo => game.redo().map(|_| ()),
        _ => match action_of(step, game) {
            Some(event) => game.append(event).map(|_| ()),
            None => Ok(()),
        },
    };
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// "Replaying the active events of a log from the start always gives the same
    /// state" (src/game/state.rs): undo restores what the last action in force changed
    /// and redo applies it again, without replaying; whatever the order of actions,
    /// undos and redos, the state kept is the replay's.
    #[test]
    fn undo_and_redo_keep_the_state_a_replay_gives(steps in proptest::collection::vec(step(), 1..60)) {
        let mut game = started_game();
        for step in &steps {
            play(&mut game, step);
            let replayed = laager::game::GameState::replay(game.events());
            proptest::prop_assert_eq!(game.state(), &replayed, "after {:?}", step);
        }
    }
}

/// The same through the store: each undo, redo and action written through the gate
/// stores only the history it changed, and the stored state, read back without the log,
/// is always the state a full replay gives (an undo whose event is not the last in force,
/// behind a naming of players, included).
#[test]
fn a_state_stored_piece_by_piece_is_always_the_replay() {
    use laager::game::{Action, Campaign, CampaignSettings};
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("club.laager");
    let mut campaign = Campaign::new("club", CampaignSettings::default());
    campaign.games.push(started_game());
    CampaignFile::create_from(&path, &campaign).expect("create");
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open");
    let steps = [
        Step::Loss(0, 10),
        Step::Moved(1, 5),
        Step::NextMove,
        Step::Loss(1, 20),
        Step::Undo,
        Step::Players(1),
        Step::Undo,
        Step::Loss(0, 5),
        Step::Undo,
        Step::Undo,
        Step::Redo,
        Step::Joined,
        Step::Replacement(0, 3),
        Step::Undo,
        Step::Redo,
    ];
    for step in &steps {
        let game = &file.campaign().games[0];
        let action = match step {
            Step::Undo => Action::Undo,
            Step::Redo => Action::Redo,
            _ => {
                use laager::game::Event;
                match action_of(step, game) {
                    Some(Event::Edit { edit }) => Action::Edit(edit),
                    Some(Event::UnitAdded { unit }) => Action::Join(unit),
                    Some(Event::MoveAdvanced) => Action::AdvanceMove,
                    Some(Event::PhaseSet { phase }) => Action::SetPhase(phase),
                    Some(Event::TerrainSet { terrain }) => Action::SetTerrain(terrain),
                    Some(Event::PlayersNamed { players }) => Action::Players(players),
                    _ => continue,
                }
            }
        };
        file.act(1, action)
            .unwrap_or_else(|e| panic!("{step:?}: {e}"));
        let game = &file.campaign().games[0];
        let replayed = laager::game::GameState::replay(game.events());
        assert_eq!(game.state(), &replayed, "in memory after {step:?}");
        let stored = read_game(&path, Some(1)).expect("a stored state this build trusts");
        assert_eq!(stored.state, replayed, "stored after {step:?}");
    }
    drop(file);
    let verify = ok(&["log", "verify", path.to_str().expect("utf-8"), "--json"]);
    let verify: serde_json::Value = serde_json::from_str(&verify).expect("JSON");
    assert_eq!(verify["games"][0]["projection"]["stored"], "current");
    assert_eq!(verify["intact"], true);
    // A row of the stored history changed outside Laager (a loss made smaller) is found.
    let conn = rusqlite::Connection::open(&path).expect("open");
    let changed = conn
        .execute(
            "UPDATE projection_step SET step = replace(step, '\"amount\":10', '\"amount\":1') WHERE game = 1",
            [],
        )
        .expect("tamper");
    assert!(changed > 0);
    drop(conn);
    let out = run(&["log", "verify", path.to_str().expect("utf-8"), "--json"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let verify: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let broken = verify["games"][0]["projection"]["break"]
        .as_str()
        .unwrap_or_default();
    assert!(broken.contains("differs from a replay"), "{verify}");
}
