//! Each game's state as its log leaves it, kept in the file beside the log (from schema 7):
//! the projection. It is written in the same transaction as every event ([`write`]), so a
//! command that only reads (a resolution from a campaign without `--apply`) takes the state
//! from it ([`read_game`]) instead of replaying the whole log; `laager log verify` checks
//! each against a full replay ([`check`]), and a write refuses a file whose stored state is
//! not its log's.
//!
//! A projection is trusted only where it is the state of the log as it stands (its head is
//! the game's head, the file's last event is that head) and was replayed by this build's
//! game code ([`STATE_VERSION`]): anything else is read the long way, and rebuilt by the
//! file's next write.

use super::file::precheck;
use super::schema::{self, APPLICATION_ID, CURRENT_VERSION};
use crate::game::{GameState, HistoryStep};
use rusqlite::{Connection, OpenFlags, OptionalExtension, Transaction, params};
use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// The build of the game code that replayed a stored projection: a digest of the engine's
/// and the game's sources, so a projection another build stored is rebuilt, not trusted.
pub const STATE_VERSION: &str = env!("LAAGER_STATE_VERSION");

/// Writes game `number`'s projection, inside the caller's transaction: the state of
/// `events` events ending at `head`, without its history, and the history each action
/// from `from` on added (the steps before it are stored already; `None`: no history
/// changed).
pub(super) fn write(
    tx: &Transaction<'_>,
    number: usize,
    events: usize,
    head: &str,
    state: &GameState,
    from: Option<u64>,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT OR REPLACE INTO projection (game, events, head, version, state) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        number as i64,
        events as i64,
        head,
        STATE_VERSION,
        super::packed::stored(state.without_history()),
    ])?;
    let Some(from) = from else {
        return Ok(());
    };
    tx.prepare_cached("DELETE FROM projection_step WHERE game = ?1 AND seq >= ?2")?
        .execute(params![number as i64, from as i64])?;
    let mut insert =
        tx.prepare_cached("INSERT INTO projection_step (game, seq, step) VALUES (?1, ?2, ?3)")?;
    for (seq, step) in state.history_from(from) {
        // A step is plain data: serializing it cannot fail.
        let json = serde_json::to_string(&step).unwrap_or_default();
        insert.execute(params![number as i64, seq as i64, json])?;
    }
    Ok(())
}

/// Game `number`'s projection row as stored: its state's JSON without its history,
/// inflated (or why it does not inflate).
struct Stored {
    events: i64,
    head: String,
    version: String,
    state: Result<String, String>,
}

fn stored(conn: &Connection, number: usize) -> rusqlite::Result<Option<Stored>> {
    conn.query_row(
        "SELECT events, head, version, state FROM projection WHERE game = ?1",
        [number as i64],
        |r| {
            Ok(Stored {
                events: r.get(0)?,
                head: r.get(1)?,
                version: r.get(2)?,
                state: super::packed::unpack(r.get_ref(3)?),
            })
        },
    )
    .optional()
}

/// Game `number`'s stored state: the state without its history (`json`) and each step of
/// its history added in order; `Err` says what does not read.
fn assemble(conn: &Connection, number: usize, json: &str) -> Result<GameState, String> {
    let mut state: GameState =
        serde_json::from_str(json).map_err(|e| format!("its stored state does not read: {e}"))?;
    // One JSON array of `[seq, step]` pairs, read and parsed at once.
    let history: Option<String> = conn
        .prepare_cached(
            "SELECT '[' || group_concat('[' || seq || ',' || step || ']', ',') || ']'
             FROM projection_step WHERE game = ?1",
        )
        .and_then(|mut statement| statement.query_row([number as i64], |r| r.get(0)))
        .map_err(|e| format!("its stored history does not read: {e}"))?;
    let mut steps: Vec<(u64, HistoryStep)> = match history {
        Some(json) => serde_json::from_str(&json)
            .map_err(|e| format!("its stored history does not read: {e}"))?,
        None => Vec::new(),
    };
    // In the log's order whatever order SQLite concatenated them in.
    steps.sort_by_key(|(seq, _)| *seq);
    for (seq, step) in steps {
        state.push_history(seq, step);
    }
    Ok(state)
}

/// A game read from its projection, without its log.
#[derive(Debug, Clone)]
pub struct ProjectedGame {
    /// How many games the campaign holds.
    pub games: usize,
    /// The game's number, from 1.
    pub number: usize,
    /// Its table's layout, as stored.
    pub layout: Value,
    /// Its state as its log leaves it.
    pub state: GameState,
}

/// Reads game `number` (the latest when `None`) from its projection, writing nothing:
/// `None` when the file has no projection this build trusts for it (an older file, a
/// projection another build stored, one not at the log's end) or anything about the file
/// is not as Laager writes it. The caller then opens the file the long way
/// ([`super::CampaignFile::open`]), which reads what this refused or says why it cannot.
pub fn read_game(path: &Path, number: Option<usize>) -> Option<ProjectedGame> {
    precheck(path).ok()?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).ok()?;
    read_from(&conn, number).ok().flatten()
}

fn read_from(conn: &Connection, number: Option<usize>) -> rusqlite::Result<Option<ProjectedGame>> {
    conn.execute_batch("PRAGMA query_only = 1;")?;
    let pragma = |name: &str| -> rusqlite::Result<i32> {
        conn.query_row(&format!("PRAGMA {name}"), [], |row| row.get(0))
    };
    let version = pragma("user_version")?;
    if pragma("application_id")? != APPLICATION_ID
        || !(schema::STEPPED..=CURRENT_VERSION).contains(&version)
    {
        return Ok(None);
    }
    // One read transaction, so the game, its projection and its last event are of one
    // moment even while another program writes.
    conn.execute_batch("BEGIN")?;
    let result = read_game_rows(conn, number);
    conn.execute_batch("COMMIT")?;
    result
}

fn read_game_rows(
    conn: &Connection,
    number: Option<usize>,
) -> rusqlite::Result<Option<ProjectedGame>> {
    let games: i64 = conn.query_row("SELECT COUNT(*) FROM game", [], |r| r.get(0))?;
    let games = usize::try_from(games).unwrap_or(0);
    let number = number.unwrap_or(games);
    if number == 0 || number > games {
        return Ok(None);
    }
    let Some((layout, head)) = conn
        .query_row(
            "SELECT layout, head FROM game WHERE number = ?1",
            [number as i64],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?)),
        )
        .optional()?
    else {
        return Ok(None);
    };
    let Some(head) = head else {
        return Ok(None);
    };
    let Some(Stored {
        events,
        head: stored_head,
        version,
        state,
    }) = stored(conn, number)?
    else {
        return Ok(None);
    };
    if version != STATE_VERSION || stored_head != head {
        return Ok(None);
    }
    // The log's last event is the one the projection and the game's head name.
    let last: Option<(i64, String)> = conn
        .query_row(
            "SELECT seq, hash FROM event WHERE game = ?1 ORDER BY seq DESC LIMIT 1",
            [number as i64],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let at_end = match &last {
        Some((seq, hash)) => *seq == events && *hash == head,
        None => events == 0,
    };
    if !at_end {
        return Ok(None);
    }
    let layout = serde_json::from_str::<Value>(&layout).ok();
    let state = state
        .ok()
        .and_then(|json| assemble(conn, number, &json).ok());
    Ok(layout.zip(state).map(|(layout, state)| ProjectedGame {
        games,
        number,
        layout,
        state,
    }))
}

/// Which stored state a game has (`stored` in `log verify --json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoredState {
    /// Stored by this build, and checked.
    Current,
    /// None stored: a file from an older Laager, built by its next write (in a file of
    /// schema 7, a break).
    Missing,
    /// Stored by another build of Laager, whose game code may replay differently: rebuilt
    /// by the next write.
    OtherBuild,
}

/// What checking a game's stored projection against a full replay of its log found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProjectionCheck {
    /// Which stored state the game has.
    pub stored: StoredState,
    /// How it differs from the replay, if it does, or why it is missing from a file that
    /// should hold it.
    #[serde(rename = "break")]
    pub broken: Option<String>,
}

impl ProjectionCheck {
    /// A note on a projection not checked, in words, or `None`.
    pub fn note(&self) -> Option<&'static str> {
        match self.stored {
            StoredState::Missing if self.broken.is_none() => Some(
                "no stored state yet (a file from an older Laager): it is built by the next write",
            ),
            StoredState::OtherBuild => Some(
                "its stored state was written by another build of Laager: it is rebuilt by the next write",
            ),
            _ => None,
        }
    }
}

/// Checks game `number`'s stored projection (read from `conn`, a file of schema `version`)
/// against `state`, the full replay of its log of `events` events ending at `head`.
pub(super) fn check(
    conn: &Connection,
    version: i32,
    number: usize,
    events: usize,
    head: &str,
    state: &GameState,
) -> ProjectionCheck {
    let found = |stored: StoredState, broken: Option<String>| ProjectionCheck { stored, broken };
    if version < schema::PROJECTED {
        return found(StoredState::Missing, None);
    }
    let row = stored(conn, number);
    let Stored {
        events: stored_events,
        head: stored_head,
        version: stored_version,
        state: json,
    } = match row {
        Ok(Some(row)) => row,
        // Every write from schema 7 on stores every game's state: none is a removal.
        Ok(None) => {
            return found(
                StoredState::Missing,
                Some("its stored state is missing: it was removed outside Laager".to_owned()),
            );
        }
        Err(e) => {
            return found(
                StoredState::Current,
                Some(format!("its stored state does not read: {e}")),
            );
        }
    };
    // A state stored whole (schema 7) is another build's, however it was replayed.
    if stored_version != STATE_VERSION || version < schema::STEPPED {
        return found(StoredState::OtherBuild, None);
    }
    if stored_head != head || usize::try_from(stored_events).ok() != Some(events) {
        return found(
            StoredState::Current,
            Some(format!(
                "its stored state is of a log of {stored_events} events ending at {}, not of its log of {events} events: the stored state or the log was changed outside Laager",
                short(&stored_head)
            )),
        );
    }
    let broken = match json.map_err(|e| format!("its stored state does not read: {e}")).and_then(|json| assemble(conn, number, &json)) {
        Err(e) => Some(e),
        Ok(stored) if stored != *state => Some(
            "its stored state differs from a replay of its log: the stored state was changed outside Laager"
                .to_owned(),
        ),
        Ok(_) => None,
    };
    found(StoredState::Current, broken)
}

/// A hash shortened for a message: its first 10 hex digits.
fn short(hash: &str) -> &str {
    hash.get(..10).unwrap_or(hash)
}
