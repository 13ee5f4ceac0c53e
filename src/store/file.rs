//! An open `.laager` file: the campaign in memory, and every change committed to the file
//! in its own transaction before it counts in memory.

use super::disk::{self, Existing, Partial};
use super::schema::{self, CURRENT_VERSION, Header};
use super::{Result, StoreError};
use crate::game::{Campaign, CampaignSettings, Event, GENESIS, Game, GameError, LoggedEvent};
use crate::ruleset::Ruleset;
use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};
use serde_json::Value;
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// How a file is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// To read: nothing is written, an older schema is read as it is.
    Read,
    /// To read and write: an older schema is migrated first, in one transaction.
    Write,
}

/// An open `.laager` file.
#[derive(Debug)]
pub struct CampaignFile {
    path: PathBuf,
    conn: Connection,
    mode: Mode,
    version: i32,
    campaign: Campaign,
    /// Each game's head as the file records it (`None` before schema version 3).
    heads: Vec<Option<String>>,
    /// Why the file is open to read only whatever was asked: values an older Laager
    /// wrote that are outside their domains now (`store::domains`).
    refused: Option<String>,
}

impl CampaignFile {
    /// Creates a new file holding an empty campaign. Refuses an existing path.
    pub fn create(path: &Path, name: &str, settings: CampaignSettings) -> Result<CampaignFile> {
        CampaignFile::create_from(path, &Campaign::new(name, settings))
    }

    /// Creates a new file holding a whole campaign (an import), in one transaction. The
    /// file is built beside the target and renamed into place, so a crash leaves no half
    /// file under the target's name. Refuses an existing path.
    pub fn create_from(path: &Path, campaign: &Campaign) -> Result<CampaignFile> {
        CampaignFile::create_new(path, campaign, Existing::Refuse).map_err(|e| match e {
            StoreError::WouldOverwrite(path) => StoreError::Exists(path),
            other => other,
        })
    }

    /// Creates a new file holding a whole campaign, as [`CampaignFile::create_from`];
    /// with [`Existing::Replace`] an existing file that is not a campaign is replaced.
    /// What a killed run left beside the target (`TARGET.partial-PID-N` and its journal)
    /// is removed first.
    pub fn create_new(
        path: &Path,
        campaign: &Campaign,
        existing: Existing,
    ) -> Result<CampaignFile> {
        disk::check_target(path, existing)?;
        let partial = Partial::create(path)?;
        write_new(partial.path(), campaign).map_err(|e| StoreError::from_sqlite(path, &e))?;
        partial.finish(existing)?;
        CampaignFile::open(path, Mode::Write)
    }

    /// Opens a file, refusing (without changing it) one that is not a Laager file, is
    /// from a newer Laager, or is damaged.
    pub fn open(path: &Path, mode: Mode) -> Result<CampaignFile> {
        precheck(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| StoreError::Io {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        let (version, campaign, heads) = read_checked(&conn, path)?;
        let refused = super::domains::campaign_refusal(&campaign);
        let mode = if refused.is_some() { Mode::Read } else { mode };
        let mut file = CampaignFile {
            path: path.to_owned(),
            conn,
            mode,
            version,
            campaign,
            heads,
            refused,
        };
        if mode == Mode::Write {
            file.begin_writing()?;
        }
        Ok(file)
    }

    fn begin_writing(&mut self) -> Result<()> {
        if self.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false) {
            return Err(StoreError::Unwritable {
                path: self.path.clone(),
                reason: "the file is read-only".to_owned(),
            });
        }
        let result = self.conn.execute_batch(
            "PRAGMA query_only = 0; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;",
        );
        result.map_err(|e| self.write_error(&e))?;
        if self.version < CURRENT_VERSION {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(|e| StoreError::from_sqlite(&self.path, &e))?;
            // An empty game from before heads were stored has nothing logged yet: it is
            // sealed now, so its first event starts from its header.
            let mut sealed = Vec::new();
            for (i, game) in self.campaign.games.iter().enumerate() {
                if game.events().is_empty() && game.genesis() == GENESIS {
                    sealed.push((i, game.seal(&self.campaign.settings)));
                }
            }
            let migrated = schema::migrate(&tx, self.version, CURRENT_VERSION)
                .and_then(|()| {
                    for (i, head) in &sealed {
                        tx.execute(
                            "UPDATE game SET head = ?1 WHERE number = ?2",
                            params![head, *i as i64 + 1],
                        )?;
                    }
                    Ok(())
                })
                .and_then(|()| tx.commit());
            // A file that read as its version but whose tables do not take that version's
            // migration (a column already there) is damaged, not a failure of Laager.
            migrated.map_err(|e| match self.write_error(&e) {
                StoreError::Write { .. } => StoreError::Damaged {
                    path: self.path.clone(),
                    reason: format!(
                        "its tables do not match its schema version {}: {e}",
                        self.version
                    ),
                },
                other => other,
            })?;
            for (i, _) in sealed {
                self.campaign.games[i].reseal(&self.campaign.settings);
            }
            self.heads = self
                .campaign
                .games
                .iter()
                .map(|g| Some(g.head().to_owned()))
                .collect();
            self.version = CURRENT_VERSION;
        }
        Ok(())
    }

    fn write_error(&self, e: &rusqlite::Error) -> StoreError {
        StoreError::from_sqlite(&self.path, e)
    }

    /// The campaign as the file holds it.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's schema version (older files opened to read keep theirs).
    pub fn schema_version(&self) -> i32 {
        self.version
    }

    /// The head of game `number` (from 1) as the file records it: the hash its log ended
    /// at when it was last written (`None` in a file from before heads were stored).
    pub fn stored_head(&self, number: usize) -> Option<&str> {
        self.heads
            .get(number.checked_sub(1)?)
            .and_then(|h| h.as_deref())
    }

    fn game_index(&self, number: usize) -> Result<usize> {
        let count = self.campaign.games.len();
        if number == 0 || number > count {
            return Err(StoreError::NoSuchGame { number, count });
        }
        Ok(number - 1)
    }

    fn writable(&self) -> Result<()> {
        match (self.mode, &self.refused) {
            (_, Some(values)) => Err(StoreError::Unwritable {
                path: self.path.clone(),
                reason: format!(
                    "it is open to read only, as it holds values Laager no longer takes: {values}"
                ),
            }),
            (Mode::Write, None) => Ok(()),
            (Mode::Read, None) => Err(StoreError::ReadOnly(self.path.clone())),
        }
    }

    /// Why the file is open to read only whatever was asked (values outside their domains,
    /// each named with its game and place), or `None`.
    pub fn refused_values(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// Logs one event in game `number` (from 1): checked, committed in its own
    /// transaction, and only then counted in memory.
    pub fn append(&mut self, number: usize, event: Event) -> Result<&LoggedEvent> {
        self.writable()?;
        let index = self.game_index(number)?;
        let logged = self.campaign.games[index].prepare(event)?;
        let committed = commit_event(&mut self.conn, number, &logged, logged.seq - 1);
        committed
            .map_err(|e| self.write_error(&e))?
            .map_err(|reason| StoreError::Conflict {
                path: self.path.clone(),
                reason,
            })?;
        if let Some(head) = self.heads.get_mut(index) {
            *head = Some(logged.hash.clone());
        }
        let game = &mut self.campaign.games[index];
        game.accept(logged);
        Ok(game.events().last().expect("just accepted"))
    }

    /// Undoes the last action in force in game `number`: a voiding event.
    pub fn undo(&mut self, number: usize) -> Result<&LoggedEvent> {
        let event = self.campaign.games[self.game_index(number)?].undo_event()?;
        self.append(number, event)
    }

    /// Redoes the last undo in game `number`.
    pub fn redo(&mut self, number: usize) -> Result<&LoggedEvent> {
        let event = self.campaign.games[self.game_index(number)?].redo_event()?;
        self.append(number, event)
    }

    /// Adds a game, its row and its whole log in one transaction; returns its number. The
    /// game is sealed under its header and this campaign's settings first (a game from
    /// another campaign's JSON, or renamed, is linked anew: its hashes change).
    pub fn add_game(&mut self, mut game: Game) -> Result<usize> {
        self.writable()?;
        game.reseal(&self.campaign.settings);
        let number = self.campaign.games.len() + 1;
        let path = self.path.clone();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::from_sqlite(&path, &e))?;
        let count: i64 = tx
            .query_row("SELECT COUNT(*) FROM game", [], |r| r.get(0))
            .map_err(|e| StoreError::from_sqlite(&path, &e))?;
        if count as usize != number - 1 {
            return Err(StoreError::Conflict {
                path,
                reason: format!(
                    "another program added a game at the same time (the file holds {count} games where {} were read); nothing was added: run the command again",
                    number - 1
                ),
            });
        }
        let inserted = insert_game(&tx, number, &game).and_then(|()| tx.commit());
        inserted.map_err(|e| StoreError::from_sqlite(&path, &e))?;
        self.heads.push(Some(game.head().to_owned()));
        self.campaign.games.push(game);
        Ok(number)
    }

    /// Adds the next game of `ruleset`, its forces carried over from the last game under
    /// the campaign's replacement rule; returns its number.
    pub fn new_game(&mut self, ruleset: Ruleset, name: &str, layout: Value) -> Result<usize> {
        let game = self.campaign.next_game(ruleset, name, layout)?;
        self.add_game(game)
    }

    /// Replaces a game's layout: while its log is empty (the layout is sealed into the
    /// chain from the first event on), or in a game from an older Laager, whose header
    /// is outside its chain.
    pub fn set_layout(&mut self, number: usize, layout: Value) -> Result<()> {
        self.writable()?;
        let index = self.game_index(number)?;
        let mut game = self.campaign.games[index].clone();
        if game.genesis() != GENESIS && !game.events().is_empty() {
            return Err(GameError::HeaderSealed(game.events().len()).into());
        }
        game.layout = layout;
        if game.genesis() != GENESIS {
            game.reseal(&self.campaign.settings);
        }
        let updated = self.conn.execute(
            "UPDATE game SET layout = ?1, head = ?2 WHERE number = ?3",
            params![game.layout.to_string(), game.head(), number as i64],
        );
        updated.map_err(|e| self.write_error(&e))?;
        self.heads[index] = Some(game.head().to_owned());
        self.campaign.games[index] = game;
        Ok(())
    }

    /// Replaces the campaign's settings: while no sealed game has logged anything (the
    /// settings are sealed into every game's chain).
    pub fn set_settings(&mut self, settings: CampaignSettings) -> Result<()> {
        self.writable()?;
        if let Some(game) = self
            .campaign
            .games
            .iter()
            .find(|g| g.genesis() != GENESIS && !g.events().is_empty())
        {
            return Err(GameError::HeaderSealed(game.events().len()).into());
        }
        let mut games = self.campaign.games.clone();
        for game in games.iter_mut().filter(|g| g.genesis() != GENESIS) {
            game.reseal(&settings);
        }
        let text = serde_json::to_string(&settings).unwrap_or_default();
        let path = self.path.clone();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::from_sqlite(&path, &e))?;
        let updated = tx
            .execute("UPDATE campaign SET settings = ?1 WHERE id = 1", [text])
            .and_then(|_| {
                for (i, game) in games.iter().enumerate() {
                    tx.execute(
                        "UPDATE game SET head = ?1 WHERE number = ?2",
                        params![game.head(), i as i64 + 1],
                    )?;
                }
                Ok(())
            })
            .and_then(|()| tx.commit());
        updated.map_err(|e| StoreError::from_sqlite(&path, &e))?;
        self.heads = games.iter().map(|g| Some(g.head().to_owned())).collect();
        self.campaign.games = games;
        self.campaign.settings = settings;
        Ok(())
    }
}

/// Commits one event, checking first that no other program logged in this game since
/// the file was opened (the log's last stored number is still `expected_last`).
fn commit_event(
    conn: &mut Connection,
    number: usize,
    logged: &LoggedEvent,
    expected_last: u64,
) -> rusqlite::Result<std::result::Result<(), String>> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let last: i64 = tx.query_row(
        "SELECT COALESCE(MAX(seq), 0) FROM event WHERE game = ?1",
        [number as i64],
        |row| row.get(0),
    )?;
    if last as u64 != expected_last {
        return Ok(Err(format!(
            "game {number} holds {last} events where {expected_last} were read: another program wrote to the file; reopen it"
        )));
    }
    insert_event(&tx, number, logged)?;
    tx.execute(
        "UPDATE game SET head = ?1 WHERE number = ?2",
        params![logged.hash, number as i64],
    )?;
    tx.commit()?;
    Ok(Ok(()))
}

fn insert_event(conn: &Connection, number: usize, logged: &LoggedEvent) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO event (game, seq, prev_hash, hash, payload) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        number as i64,
        logged.seq as i64,
        logged.prev_hash,
        logged.hash,
        crate::game::chain::canonical_json(&logged.event),
    ])?;
    Ok(())
}

fn insert_game(conn: &Connection, number: usize, game: &Game) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO game (number, ruleset, name, layout, head) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            number as i64,
            game.ruleset.id(),
            game.name,
            game.layout.to_string(),
            game.head()
        ],
    )?;
    for logged in game.events() {
        insert_event(conn, number, logged)?;
    }
    Ok(())
}

fn write_new(path: &Path, campaign: &Campaign) -> rusqlite::Result<()> {
    let mut conn = Connection::open(path)?;
    conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")?;
    fill_new(&mut conn, campaign)?;
    conn.close().map_err(|(_, e)| e)
}

/// Writes the schema and a whole campaign into an empty database, in one transaction.
pub(super) fn fill_new(conn: &mut Connection, campaign: &Campaign) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    schema::migrate(&tx, 0, CURRENT_VERSION)?;
    tx.execute(
        "INSERT INTO campaign (id, name, settings) VALUES (1, ?1, ?2)",
        params![
            campaign.name,
            serde_json::to_string(&campaign.settings).unwrap_or_default()
        ],
    )?;
    for (i, game) in campaign.games.iter().enumerate() {
        insert_game(&tx, i + 1, game)?;
    }
    tx.commit()
}

/// Checks an open database as [`CampaignFile::open`] does, changing nothing (a Laager
/// file, not from a newer Laager, not damaged), and reads it: its schema version, the
/// campaign and each game's stored head.
pub(super) fn read_checked(conn: &Connection, path: &Path) -> Result<(i32, Campaign, Heads)> {
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
    let (campaign, heads) = load(conn, version).map_err(damaged)?;
    Ok((version, campaign, heads))
}

/// Refuses, from the raw bytes alone, what SQLite should not be given.
fn precheck(path: &Path) -> Result<()> {
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
pub(super) fn check_head(path: &Path, head: &[u8], len: u64, hot_journal: bool) -> Result<()> {
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
pub(super) type Heads = Vec<Option<String>>;

/// Reads the whole campaign and each game's stored head; `Err` is the reason the file is
/// damaged.
fn load(conn: &Connection, version: i32) -> std::result::Result<(Campaign, Heads), String> {
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
                r.get::<_, String>(4)?,
            ))
        })
        .map_err(sql)?;
    for row in rows {
        let (game, seq, prev_hash, hash, payload) = row.map_err(sql)?;
        let Some(head) = usize::try_from(game)
            .ok()
            .and_then(|g| g.checked_sub(1))
            .and_then(|g| heads.get_mut(g))
        else {
            return Err(format!("an event of game {game}, which does not exist"));
        };
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
    ))
}
