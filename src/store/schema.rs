//! The `.laager` schema, its version history and migrations, and the checks made on a
//! file's raw header before SQLite is allowed to open it.
//!
//! A `.laager` file is an SQLite database whose header carries `application_id` =
//! [`APPLICATION_ID`] ("LAAG") and `user_version` = the schema version.

use rusqlite::Connection;

/// `PRAGMA application_id` of every `.laager` file: "LAAG" in ASCII.
pub const APPLICATION_ID: i32 = 0x4C41_4147;

/// The schema version this build writes and reads.
pub const CURRENT_VERSION: i32 = 8;

/// The first schema version whose files record the campaign's seal.
pub const SEALED_CAMPAIGN: i32 = 4;

/// The first schema version whose logs may hold a game's start, its players and the date
/// of its end (a club night's games).
pub const DATED_GAMES: i32 = 5;

/// The first schema version whose events may be stored deflated ([`super::packed`]).
pub const PACKED_EVENTS: i32 = 6;

/// The first schema version whose files keep each game's state as a projection
/// ([`super::projection`]), written with every event.
pub const PROJECTED: i32 = 7;

/// The first schema version whose files store a game's state in two parts: the state
/// without its history, and one row per action of the history it added
/// ([`crate::game::HistoryStep`]), so a write stores what changed.
pub const STEPPED: i32 = 8;

/// Migration `i` takes a file from version `i` to version `i + 1`.
const MIGRATIONS: [&str; 8] = [
    // Version 1: the campaign's name, its games and their logs.
    "CREATE TABLE campaign (
         id INTEGER PRIMARY KEY CHECK (id = 1),
         name TEXT NOT NULL
     );
     CREATE TABLE game (
         number INTEGER PRIMARY KEY,
         ruleset TEXT NOT NULL,
         name TEXT NOT NULL
     );
     CREATE TABLE event (
         game INTEGER NOT NULL REFERENCES game(number),
         seq INTEGER NOT NULL,
         prev_hash TEXT NOT NULL,
         hash TEXT NOT NULL,
         payload TEXT NOT NULL,
         PRIMARY KEY (game, seq)
     ) WITHOUT ROWID;",
    // Version 2: campaign settings (replacement rule, scale) and each game's layout.
    "ALTER TABLE campaign ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
     ALTER TABLE game ADD COLUMN layout TEXT NOT NULL DEFAULT 'null';",
    // Version 3: each game's head, the hash its log ends at, written with every event, so
    // a log cut short is told from a log that ends there. An empty game's head (its seal)
    // is written by the store after this step.
    "ALTER TABLE game ADD COLUMN head TEXT;
     UPDATE game SET head = (SELECT hash FROM event WHERE event.game = game.number
                             ORDER BY seq DESC LIMIT 1);",
    // Version 4: the campaign's seal over its name and the numbering of its games, written
    // with every event, and each seal the campaign has had with each game's event count
    // then (so a seal noted on an earlier evening is still found). The store writes the
    // seal in the same transaction as this step.
    "ALTER TABLE campaign ADD COLUMN seal TEXT;
     CREATE TABLE seal_history (
         n INTEGER PRIMARY KEY,
         seal TEXT NOT NULL,
         counts TEXT NOT NULL
     );",
    // Version 5: no table changes. From this version a game's log may hold the event kinds
    // `game_started` (when and on which table it began: its first event) and
    // `players_named` (who played each side), and a result its `date`. A Laager that reads
    // up to version 4 refuses such a file as newer rather than failing on an event it does
    // not know; this one reads older files as before, and brings them to this version with
    // their first write.
    "-- no table changes: new event kinds only",
    // Version 6: no table changes. From this version an event's payload is written as its
    // canonical JSON deflated (zlib), a BLOB, which a step's repeated text shrinks to about
    // a third; a payload written as text before reads as it always did. The hashes are of
    // the JSON, so packing changes no seal. A Laager that reads up to version 5 refuses such
    // a file as newer rather than misreading a payload.
    "-- no table changes: deflated event payloads",
    // Version 7: each game's state as its log leaves it (the records, the table as played,
    // the statuses), written in the same transaction as each of its events, so a reading
    // needs no replay of the log. `events` and `head` say which log it is the state of,
    // `version` which build of Laager replayed it (`LAAGER_STATE_VERSION`); `state` is its
    // JSON deflated. The store writes every game's projection in the transaction of this
    // step. `laager log verify` checks each against a full replay.
    "CREATE TABLE projection (
         game INTEGER PRIMARY KEY REFERENCES game(number),
         events INTEGER NOT NULL,
         head TEXT NOT NULL,
         version TEXT NOT NULL,
         state BLOB NOT NULL
     );",
    // Version 8: a game's stored state in two parts, so a write stores what it changed
    // rather than the whole state again: `projection.state` holds the state without its
    // history (which grows with the log), and `projection_step` the history each action in
    // force added (its strength changes and moves, the move it was resolved in, its
    // melee), one row per action, as JSON. A state stored whole by version 7 is not read
    // as one of this version: the store writes every game's state anew in the
    // transaction of this step.
    "CREATE TABLE projection_step (
         game INTEGER NOT NULL REFERENCES game(number),
         seq INTEGER NOT NULL,
         step TEXT NOT NULL,
         PRIMARY KEY (game, seq)
     ) WITHOUT ROWID;",
];

/// Brings a connection's schema from `from` up to `to`, inside the caller's transaction.
pub fn migrate(conn: &Connection, from: i32, to: i32) -> rusqlite::Result<()> {
    for version in from..to {
        conn.execute_batch(MIGRATIONS[version as usize])?;
    }
    conn.execute_batch(&format!(
        "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {to};"
    ))
}

/// What a file's first 100 bytes say, before SQLite reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Header {
    /// A Laager file of this schema version, `pages × page_size` bytes long.
    Laager {
        /// Its schema version.
        version: i32,
        /// Its size as the header states it, if the header's count is valid.
        stated_len: Option<u64>,
    },
    /// Too short or without SQLite's magic string.
    NotSqlite,
    /// An SQLite database of another application.
    ForeignSqlite,
}

/// Reads the header fields Laager needs (SQLite file format, section 1.3).
pub fn read_header(bytes: &[u8]) -> Header {
    if bytes.len() < 100 || &bytes[..16] != b"SQLite format 3\0" {
        return Header::NotSqlite;
    }
    let be32 =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    if be32(68) as i32 != APPLICATION_ID {
        return Header::ForeignSqlite;
    }
    let page_size = match u16::from_be_bytes([bytes[16], bytes[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    // "The in-header database size is only considered to be valid if it is non-zero and
    // if the 4-byte change counter at offset 24 exactly matches the 4-byte
    // version-valid-for number at offset 92."
    let pages = u64::from(be32(28));
    let stated_len = (pages > 0 && be32(24) == be32(92)).then_some(pages * page_size);
    Header::Laager {
        version: be32(60) as i32,
        stated_len,
    }
}
