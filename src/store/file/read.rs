//! Opening a `.laager` file to read: what is refused from its first bytes, what SQLite
//! finds, and the campaign read back with what the file records of its seals. Each event
//! is checked against the text it is stored as while that text is at hand, so the gate's
//! verification before a write hashes each stored event once.

use super::super::packed::Inflater;
use super::super::schema::{self, CURRENT_VERSION, Header};
use super::super::{Result, StoreError, disk};
use crate::game::chain::text_hash;
use crate::game::seals::Stored;
use crate::game::{Campaign, CampaignSettings, Event, GENESIS, Game, LoggedEvent};
use crate::ruleset::Ruleset;
use rusqlite::Connection;
use serde_json::Value;
use std::io::Read as _;
use std::path::Path;

/// Checks an open database as [`CampaignFile::open`] does, changing nothing (a Laager
/// file, not from a newer Laager, not damaged), and reads it: its schema version, the
/// campaign and what it records of the seals.
pub(in crate::store) fn read_checked(
    conn: &Connection,
    path: &Path,
) -> Result<(i32, Campaign, Stored)> {
    let damaged = |reason: String| StoreError::Damaged {
        path: path.to_owned(),
        reason,
    };
    // A lock another program holds is not damage: say so.
    let read_error = |e: rusqlite::Error| match StoreError::from_sqlite(path, &e) {
        conflict @ StoreError::Conflict { .. } => conflict,
        _ => damaged(e.to_string()),
    };
    // Nothing may write while the file is checked. SQLite's own recovery (rolling back
    // the journal a crash left) still runs: that is its durability, not a change.
    conn.execute_batch("PRAGMA query_only = 1;")
        .map_err(read_error)?;
    let check: String = conn
        .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
        .map_err(read_error)?;
    if check != "ok" {
        return Err(damaged(check));
    }
    let pragma = |name: &str| -> Result<i32> {
        conn.query_row(&format!("PRAGMA {name}"), [], |row| row.get(0))
            .map_err(read_error)
    };
    if pragma("application_id")? != schema::APPLICATION_ID {
        return Err(StoreError::NotLaager {
            path: path.to_owned(),
            reason: "an SQLite database of another program".to_owned(),
        });
    }
    let version = pragma("user_version")?;
    if version > CURRENT_VERSION {
        return Err(StoreError::Newer {
            path: path.to_owned(),
            found: version,
            supported: CURRENT_VERSION,
        });
    }
    if version < 1 {
        return Err(damaged(format!("schema version {version}")));
    }
    let (campaign, heads, trusted) = load(conn, version).map_err(damaged)?;
    let campaign_seal: Option<String> = if version >= schema::SEALED_CAMPAIGN {
        conn.query_row("SELECT seal FROM campaign WHERE id = 1", [], |r| r.get(0))
            .map_err(|e| damaged(format!("campaign seal: {e}")))?
    } else {
        None
    };
    let stored = Stored {
        heads,
        campaign_seal,
        seal_required: version >= schema::SEALED_CAMPAIGN,
        trusted,
    };
    Ok((version, campaign, stored))
}

/// The head each game's projection is stored at by this build (`None`: none, or another
/// build's), read from a file of schema `version` holding `games` games.
pub(super) fn projected_heads(
    conn: &Connection,
    version: i32,
    games: usize,
) -> rusqlite::Result<Vec<Option<String>>> {
    let mut heads = vec![None; games];
    if version < schema::STEPPED {
        return Ok(heads);
    }
    let mut statement = conn.prepare("SELECT game, head, version FROM projection")?;
    let rows = statement.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (game, head, version) = row?;
        let slot = usize::try_from(game)
            .ok()
            .and_then(|g| g.checked_sub(1))
            .and_then(|g| heads.get_mut(g));
        if let Some(slot) = slot
            && version == crate::store::projection::STATE_VERSION
        {
            *slot = Some(head);
        }
    }
    Ok(heads)
}

/// Refuses, from the raw bytes alone, what SQLite should not be given.
pub(in crate::store) fn precheck(path: &Path) -> Result<()> {
    let io = |e: std::io::Error| StoreError::Io {
        path: path.to_owned(),
        message: disk::plain_io(&e),
    };
    let mut file = disk::open_regular(path)?;
    let len = file.metadata().map_err(io)?.len();
    let mut head = Vec::with_capacity(100);
    file.by_ref().take(100).read_to_end(&mut head).map_err(io)?;
    let hot_journal = std::fs::metadata(disk::journal_of(path)).is_ok_and(|m| m.len() > 0);
    check_head(path, &head, len, hot_journal)
}

/// Refuses, from a file's first 100 bytes (`head`) and its length, what SQLite should not
/// be given; `hot_journal`: a journal a crash left is beside it (it may hold the rest).
pub(in crate::store) fn check_head(
    path: &Path,
    head: &[u8],
    len: u64,
    hot_journal: bool,
) -> Result<()> {
    let not_laager = |reason: &str| StoreError::NotLaager {
        path: path.to_owned(),
        reason: reason.to_owned(),
    };
    match schema::read_header(head) {
        Header::NotSqlite if len == 0 => Err(not_laager("the file is empty")),
        Header::NotSqlite => Err(not_laager("not an SQLite database")),
        Header::ForeignSqlite => Err(not_laager("an SQLite database of another program")),
        Header::Laager { version, .. } if version > CURRENT_VERSION => Err(StoreError::Newer {
            path: path.to_owned(),
            found: version,
            supported: CURRENT_VERSION,
        }),
        Header::Laager { stated_len, .. } => {
            // Laager writes rollback-journal files only (header bytes 18 and 19 are 1).
            if head[18] != 1 || head[19] != 1 {
                return Err(StoreError::Damaged {
                    path: path.to_owned(),
                    reason: "its header names a journal mode Laager never writes".to_owned(),
                });
            }
            match stated_len {
                Some(stated) if !hot_journal && len < stated => Err(StoreError::Damaged {
                    path: path.to_owned(),
                    reason: format!("truncated: {len} bytes of {stated}"),
                }),
                _ => Ok(()),
            }
        }
    }
}

/// Each game's stored head, `None` before schema version 3.
type Heads = Vec<Option<String>>;

/// Reads the whole campaign, each game's stored head, and how many of each game's first
/// events were found linked and matching their hashes as their text is stored (see
/// [`Checked`]); `Err` is the reason the file is damaged.
fn load(
    conn: &Connection,
    version: i32,
) -> std::result::Result<(Campaign, Heads, Vec<usize>), String> {
    let sql = |e: rusqlite::Error| e.to_string();
    let (name, settings_text): (String, String) = if version >= 2 {
        conn.query_row(
            "SELECT name, settings FROM campaign WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    } else {
        conn.query_row("SELECT name FROM campaign WHERE id = 1", [], |r| {
            Ok((r.get(0)?, "{}".to_owned()))
        })
    }
    .map_err(|e| format!("campaign: {e}"))?;
    let settings: CampaignSettings =
        serde_json::from_str(&settings_text).map_err(|e| format!("campaign settings: {e}"))?;
    let games_sql = match version {
        1 => "SELECT number, ruleset, name, 'null', NULL FROM game ORDER BY number",
        2 => "SELECT number, ruleset, name, layout, NULL FROM game ORDER BY number",
        _ => "SELECT number, ruleset, name, layout, head FROM game ORDER BY number",
    };
    let mut statement = conn.prepare(games_sql).map_err(sql)?;
    let rows = statement
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<String>>(4)?,
            ))
        })
        .map_err(sql)?;
    let mut heads = Vec::new();
    let mut stored_heads = Vec::new();
    for (i, row) in rows.enumerate() {
        let (number, ruleset, name, layout, head) = row.map_err(sql)?;
        if number != i as i64 + 1 {
            return Err(format!("game numbers skip from {i} to {number}"));
        }
        let ruleset = Ruleset::from_id(&ruleset)
            .ok_or_else(|| format!("game {number}: unknown ruleset `{ruleset}`"))?;
        let layout: Value =
            serde_json::from_str(&layout).map_err(|e| format!("game {number}: layout: {e}"))?;
        heads.push((ruleset, name, layout, Vec::new()));
        stored_heads.push(head);
    }
    let mut checked = vec![Checked::default(); heads.len()];
    let mut inflater = Inflater::default();
    let mut statement = conn
        .prepare("SELECT game, seq, prev_hash, hash, payload FROM event ORDER BY game, seq")
        .map_err(sql)?;
    let rows = statement
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                inflater.unpack(r.get_ref(4)?),
            ))
        })
        .map_err(sql)?;
    for row in rows {
        let (game, seq, prev_hash, hash, payload) = row.map_err(sql)?;
        let payload = payload.map_err(|e| format!("game {game}, event {seq}: {e}"))?;
        let Some((head, checked)) = usize::try_from(game)
            .ok()
            .and_then(|g| g.checked_sub(1))
            .and_then(|g| heads.get_mut(g).zip(checked.get_mut(g)))
        else {
            return Err(format!("an event of game {game}, which does not exist"));
        };
        checked.follow(&head.3, seq, &prev_hash, &hash, &payload);
        let event: Event =
            serde_json::from_str(&payload).map_err(|e| format!("game {game}, event {seq}: {e}"))?;
        head.3.push(LoggedEvent {
            seq: seq as u64,
            prev_hash,
            hash,
            event,
        });
    }
    // A game's chain starts where its first event says; an empty game's at its stored
    // head (its seal), or at the old all-zero genesis before heads were stored.
    let games = heads
        .into_iter()
        .zip(&stored_heads)
        .map(|((ruleset, name, layout, events), stored)| {
            let genesis = match events.first() {
                Some(first) => first.prev_hash.clone(),
                None => stored.clone().unwrap_or_else(|| GENESIS.to_owned()),
            };
            Game::from_parts(ruleset, &name, layout, genesis, events)
        })
        .collect();
    Ok((
        Campaign {
            name,
            settings,
            games,
        },
        stored_heads,
        checked.iter().map(|c| c.events).collect(),
    ))
}

/// How many of a game's first events hold as the file stores them: numbered 1, 2, 3..,
/// each linked to the hash before it, and each hash that of its stored text. The text is
/// the event's canonical JSON as it was hashed when logged, so these are verified as
/// [`crate::game::verify_chain`] would verify them, without serializing each event again.
/// From the first that does not hold on, the gate's own verification reads them.
#[derive(Debug, Clone, Copy, Default)]
struct Checked {
    events: usize,
    stopped: bool,
}

impl Checked {
    /// Follows the next stored event of the game, logged after `logged`.
    fn follow(&mut self, logged: &[LoggedEvent], seq: i64, prev: &str, hash: &str, text: &str) {
        let holds = !self.stopped
            && self.events == logged.len()
            && u64::try_from(seq).is_ok_and(|seq| {
                seq == logged.len() as u64 + 1
                    && logged.last().is_none_or(|before| before.hash == prev)
                    && text_hash(seq, prev, text) == hash
            });
        if holds {
            self.events += 1;
        } else {
            self.stopped = true;
        }
    }
}
