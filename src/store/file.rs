//! An open `.laager` file: the campaign in memory, and every change committed to the file
//! in its own transaction before it counts in memory. Every write to a game passes the
//! record's gate ([`crate::game::gate`]): [`CampaignFile::act`] and
//! [`CampaignFile::add_game`] write what it admits, all in one transaction with the game's
//! head and the campaign's seal, or nothing. Opening a file writes nothing: an older file
//! is brought to the current schema by its first write.

use super::disk::{self, Existing, Partial};
use super::schema::{self, CURRENT_VERSION};
use super::{Result, StoreError};
use crate::game::gate::{self, Acted, Action, GateError, TablesNote};
use crate::game::seals::{SealRecord, Stored};
use crate::game::{Campaign, CampaignSettings, GENESIS, Game, GameError, LoggedEvent};
use crate::ruleset::Ruleset;
use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};
use serde_json::Value;
use std::path::{Path, PathBuf};

mod merge;
mod read;

use read::projected_heads;
pub(super) use read::{check_head, precheck, read_checked};

pub use merge::read_table;

/// How a file is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// To read: nothing is written, an older schema is read as it is.
    Read,
    /// To read and write: an older schema is migrated by the first write, in its
    /// transaction.
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
    /// What the file records of the seals: each game's head, the campaign's seal.
    stored: Stored,
    /// Why the file is open to read only whatever was asked: values an older Laager
    /// wrote that are outside their domains now (`store::domains`).
    refused: Option<String>,
    /// Whether every stored projection was checked against its game's replay (before the
    /// first write) or written by this process.
    projections_checked: bool,
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
        let (version, mut campaign, stored) = read_checked(&conn, path)?;
        let refused = super::domains::campaign_refusal(&campaign);
        let mode = if refused.is_some() { Mode::Read } else { mode };
        let projected = projected_heads(&conn, version, campaign.games.len()).map_err(|e| {
            StoreError::Damaged {
                path: path.to_owned(),
                reason: format!("stored states: {e}"),
            }
        })?;
        // A game whose stored state this build wrote at its head needs only what changes
        // stored; any other has its whole state written by the next write.
        for (game, projected) in campaign.games.iter_mut().zip(&projected) {
            if projected.as_deref() == Some(game.head()) {
                game.state_stored();
            }
        }
        let mut file = CampaignFile {
            path: path.to_owned(),
            conn,
            mode,
            version,
            campaign,
            stored,
            refused,
            projections_checked: false,
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
        // An empty game from before heads were stored has nothing logged yet: it is
        // sealed under its header (in memory: the file is written by the first write), so
        // its first event starts from it.
        let settings = self.campaign.settings.clone();
        for game in &mut self.campaign.games {
            if game.events().is_empty() && game.genesis() == GENESIS {
                game.reseal(&settings);
            }
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
        self.stored
            .heads
            .get(number.checked_sub(1)?)
            .and_then(|h| h.as_deref())
    }

    /// What the file records of the seals.
    pub fn stored(&self) -> &Stored {
        &self.stored
    }

    /// Every campaign seal the file has had, oldest first, with each game's event count
    /// then (none in a file from before campaigns were sealed).
    pub fn seal_history(&self) -> Result<Vec<SealRecord>> {
        if self.version < schema::SEALED_CAMPAIGN {
            return Ok(Vec::new());
        }
        let damaged = |e: String| StoreError::Damaged {
            path: self.path.clone(),
            reason: e,
        };
        let mut statement = self
            .conn
            .prepare("SELECT seal, counts FROM seal_history ORDER BY n")
            .map_err(|e| damaged(e.to_string()))?;
        let rows = statement
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| damaged(e.to_string()))?;
        let mut records = Vec::new();
        for row in rows {
            let (seal, counts) = row.map_err(|e| damaged(e.to_string()))?;
            let counts: Vec<usize> =
                serde_json::from_str(&counts).map_err(|e| damaged(format!("seal history: {e}")))?;
            records.push(SealRecord { seal, counts });
        }
        Ok(records)
    }

    fn game_index(&self, number: usize) -> Result<usize> {
        let count = self.campaign.games.len();
        if number == 0 || number > count {
            return Err(StoreError::NoSuchGame { number, count });
        }
        Ok(number - 1)
    }

    /// Refuses a write to a file whose stored state of a game is not what its log
    /// replays to (checked once, before the first write, after the gate's own checks).
    fn check_projections(&mut self) -> Result<()> {
        if self.projections_checked {
            return Ok(());
        }
        for (i, game) in self.campaign.games.iter().enumerate() {
            let check = self.check_projection(i + 1, game);
            if let Some(reason) = check.broken {
                return Err(self.refused(GateError::Broken(format!("game {}: {reason}", i + 1))));
            }
        }
        self.projections_checked = true;
        Ok(())
    }

    /// Checks game `number`'s stored projection against a full replay of its log.
    pub(super) fn check_projection(
        &self,
        number: usize,
        game: &Game,
    ) -> super::projection::ProjectionCheck {
        super::projection::check(
            &self.conn,
            self.version,
            number,
            game.events().len(),
            game.head(),
            game.state(),
        )
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

    /// Writes an action to game `number` (from 1) through the record's gate: refused,
    /// with nothing written, when the file fails verification, the units in their roles do
    /// not stand, a throw was applied before, or the log refuses an event; otherwise every
    /// event it makes is committed in one transaction, with the game's head and the
    /// campaign's seal, and only then counted in memory.
    pub fn act(&mut self, number: usize, action: Action) -> Result<Acted> {
        self.act_all(number, vec![action])
    }

    /// Writes several actions to game `number` (from 1) through the record's gate, each
    /// checked after the ones before it, all in one transaction or none (`end-game
    /// --player`: the players named, then the end).
    pub fn act_all(&mut self, number: usize, actions: Vec<Action>) -> Result<Acted> {
        self.writable()?;
        let admitted = gate::admit_all(&self.campaign, number, &self.stored, actions)
            .map_err(|e| self.refused(e))?;
        self.check_projections()?;
        let index = number - 1;
        let before = self.campaign.games[index].events().len();
        let mut logged = Vec::new();
        for event in admitted.events {
            let game = &mut self.campaign.games[index];
            match game.prepare(event) {
                Ok(link) => {
                    game.accept(link.clone());
                    logged.push(link);
                }
                Err(e) => {
                    game.truncate(before);
                    return Err(self.refused(GateError::Game(e)));
                }
            }
        }
        let written = self.write(|tx, _| {
            let last: i64 = tx.query_row(
                "SELECT COALESCE(MAX(seq), 0) FROM event WHERE game = ?1",
                [number as i64],
                |row| row.get(0),
            )?;
            if last as usize != before {
                return Ok(Err(format!(
                    "game {number} holds {last} events where {before} were read: another program wrote to the file; reopen it"
                )));
            }
            for link in &logged {
                insert_event(tx, number, link)?;
            }
            Ok(Ok(()))
        });
        if let Err(e) = written {
            self.campaign.games[index].truncate(before);
            return Err(e);
        }
        // The game was verified before the write; its new events are this process's own.
        let events = self.campaign.games[index].events().len();
        self.stored.trust_game(number, events);
        Ok(Acted {
            game: number,
            logged,
            lines: admitted.lines,
        })
    }

    /// Undoes the last action in force in game `number`: a voiding event, through the gate.
    pub fn undo(&mut self, number: usize) -> Result<Acted> {
        self.act(number, Action::Undo)
    }

    /// Redoes the last undo in game `number`, through the gate.
    pub fn redo(&mut self, number: usize) -> Result<Acted> {
        self.act(number, Action::Redo)
    }

    /// Adds a game through the gate: the whole campaign verifies first, the charts it is
    /// played with (`tables`) are logged in it, and it is sealed under its header and this
    /// campaign's settings (a game from another campaign's JSON, or renamed, is linked
    /// anew: its hashes change). Its row, its whole log and the campaign's seal are
    /// written in one transaction. Returns its number.
    pub fn add_game(&mut self, game: Game, tables: Option<&TablesNote>) -> Result<usize> {
        self.writable()?;
        let game = gate::admit_game(&self.campaign, &self.stored, game, tables)
            .map_err(|e| self.refused(e))?;
        self.check_projections()?;
        let number = self.campaign.games.len() + 1;
        self.campaign.games.push(game);
        let written = self.write(|tx, campaign| {
            let count: i64 = tx.query_row("SELECT COUNT(*) FROM game", [], |r| r.get(0))?;
            if count as usize != number - 1 {
                return Ok(Err(format!(
                    "another program added a game at the same time (the file holds {count} games where {} were read); nothing was added: run the command again",
                    number - 1
                )));
            }
            insert_game(tx, number, &campaign.games[number - 1])?;
            Ok(Ok(()))
        });
        if let Err(e) = written {
            self.campaign.games.pop();
            return Err(e);
        }
        // Every game was verified before the game was added, and the new one is ours.
        self.stored.trust(&self.campaign);
        Ok(number)
    }

    /// Adds the next game of `ruleset`, its forces carried over from the last game under
    /// the campaign's replacement rule, through the gate; returns its number.
    pub fn new_game(
        &mut self,
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        tables: Option<&TablesNote>,
    ) -> Result<usize> {
        let game = self.campaign.next_game(ruleset, name, layout)?;
        self.add_game(game, tables)
    }

    /// Runs one write in its own transaction: the schema brought up to date first (an
    /// older file), then `write` (whose `Err` is a conflict with another program, in
    /// words), then every game's head and the campaign's seal as the campaign in memory
    /// now stands. Nothing is written when any part fails.
    fn write(
        &mut self,
        write: impl FnOnce(
            &rusqlite::Transaction<'_>,
            &Campaign,
        ) -> rusqlite::Result<std::result::Result<(), String>>,
    ) -> Result<()> {
        let path = self.path.clone();
        let seal = self.campaign.seal();
        let counts: Vec<usize> = self
            .campaign
            .games
            .iter()
            .map(|g| g.events().len())
            .collect();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::from_sqlite(&path, &e))?;
        let version = self.version;
        let stored_seal = self.stored.campaign_seal.clone();
        let mut migration_failed = false;
        let result = (|| -> rusqlite::Result<std::result::Result<(), String>> {
            let on_file: i32 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            if on_file != version {
                return Ok(Err(
                    "another program wrote to the file since it was opened (its schema changed); nothing was written: reopen it".to_owned(),
                ));
            }
            if version >= schema::SEALED_CAMPAIGN {
                let sealed: Option<String> =
                    tx.query_row("SELECT seal FROM campaign WHERE id = 1", [], |r| r.get(0))?;
                if sealed != stored_seal {
                    return Ok(Err(
                        "another program wrote to the file since it was opened (the campaign's seal moved on); nothing was written: reopen it".to_owned(),
                    ));
                }
            }
            if version < CURRENT_VERSION
                && let Err(e) = schema::migrate(&tx, version, CURRENT_VERSION)
            {
                migration_failed = true;
                return Err(e);
            }
            if let Err(conflict) = write(&tx, &self.campaign)? {
                return Ok(Err(conflict));
            }
            for (i, game) in self.campaign.games.iter().enumerate() {
                tx.execute(
                    "UPDATE game SET head = ?1 WHERE number = ?2 AND head IS NOT ?1",
                    params![game.head(), i as i64 + 1],
                )?;
                // Each game's state as its log now leaves it, where the stored one is not:
                // the history from the first action that changed (all of it where this
                // build stored none), and the rest wherever the history or the head moved
                // (a game sealed anew keeps its state under a new head).
                let from = game.unstored_from();
                let stored_head = self.stored.heads.get(i).and_then(Option::as_deref);
                if from.is_some() || stored_head != Some(game.head()) {
                    let events = game.events().len();
                    super::projection::write(&tx, i + 1, events, game.head(), game.state(), from)?;
                }
            }
            tx.execute("UPDATE campaign SET seal = ?1 WHERE id = 1", [&seal])?;
            tx.execute(
                "INSERT INTO seal_history (seal, counts) VALUES (?1, ?2)",
                params![seal, serde_json::to_string(&counts).unwrap_or_default()],
            )?;
            Ok(Ok(()))
        })();
        match result {
            Ok(Ok(())) => tx
                .commit()
                .map_err(|e| StoreError::from_sqlite(&path, &e))?,
            Ok(Err(reason)) => return Err(StoreError::Conflict { path, reason }),
            // A file that read as its version but whose tables do not take that version's
            // migration (a column already there) is damaged, not a failure of Laager.
            Err(e) => {
                return Err(match StoreError::from_sqlite(&path, &e) {
                    StoreError::Write { .. } if migration_failed => StoreError::Damaged {
                        path,
                        reason: format!(
                            "its tables do not match its schema version {version}: {e}"
                        ),
                    },
                    other => other,
                });
            }
        }
        self.version = CURRENT_VERSION;
        for game in &mut self.campaign.games {
            game.state_stored();
        }
        self.projections_checked = true;
        self.stored.heads = self
            .campaign
            .games
            .iter()
            .map(|g| Some(g.head().to_owned()))
            .collect();
        self.stored.campaign_seal = Some(seal);
        self.stored.seal_required = true;
        Ok(())
    }

    /// Replaces a game's layout: while its log is empty (the layout is sealed into the
    /// chain from the first event on), or in a game from an older Laager, whose header
    /// is outside its chain.
    pub fn set_layout(&mut self, number: usize, layout: Value) -> Result<()> {
        self.writable()?;
        let index = self.game_index(number)?;
        self.check_record(Some(number))?;
        self.check_projections()?;
        let game = &self.campaign.games[index];
        if game.genesis() != GENESIS && !game.events().is_empty() {
            return Err(GameError::HeaderSealed(game.events().len()).into());
        }
        let before = game.clone();
        let game = &mut self.campaign.games[index];
        game.layout = layout;
        if game.genesis() != GENESIS {
            game.reseal(&self.campaign.settings);
        }
        let text = game.layout.to_string();
        let written = self.write(|tx, _| {
            tx.execute(
                "UPDATE game SET layout = ?1 WHERE number = ?2",
                params![text, number as i64],
            )?;
            Ok(Ok(()))
        });
        if written.is_err() {
            self.campaign.games[index] = before;
        }
        written
    }

    /// Replaces the campaign's settings: while no sealed game has logged anything (the
    /// settings are sealed into every game's chain).
    pub fn set_settings(&mut self, settings: CampaignSettings) -> Result<()> {
        self.writable()?;
        self.check_record(None)?;
        self.check_projections()?;
        if let Some(game) = self
            .campaign
            .games
            .iter()
            .find(|g| g.genesis() != GENESIS && !g.events().is_empty())
        {
            return Err(GameError::HeaderSealed(game.events().len()).into());
        }
        let before = self.campaign.clone();
        for game in self
            .campaign
            .games
            .iter_mut()
            .filter(|g| g.genesis() != GENESIS)
        {
            game.reseal(&settings);
        }
        self.campaign.settings = settings;
        let text = serde_json::to_string(&self.campaign.settings).unwrap_or_default();
        let written = self.write(|tx, _| {
            tx.execute("UPDATE campaign SET settings = ?1 WHERE id = 1", [text])?;
            Ok(Ok(()))
        });
        if written.is_err() {
            self.campaign = before;
        }
        written
    }

    /// Refuses a write to a file that fails verification (game `number`, or every game).
    fn check_record(&self, number: Option<usize>) -> Result<()> {
        crate::game::seals::check_for_write(&self.campaign, number, &self.stored)
            .map_err(|reason| self.refused(GateError::Broken(reason)))
    }

    fn refused(&self, error: GateError) -> StoreError {
        StoreError::Gate {
            path: self.path.clone(),
            error,
        }
    }
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
        super::packed::stored(crate::game::chain::canonical_json(&logged.event)),
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

/// The page size of a new file. The event table is `WITHOUT ROWID`, whose rows SQLite keeps
/// whole on a page only up to about a sixteenth of it: with pages of 4 KiB an event's
/// stored payload (about 1.8 KB for a DBA close combat, deflated) spilled into an overflow
/// page of its own, filled in part, and a game of 2,000 resolutions took 9 MB. On pages of
/// 16 KiB it stays on its page. Older files keep their pages: SQLite reads any size.
pub const NEW_FILE_PAGE_SIZE: u32 = 16_384;

/// Writes the schema and a whole campaign into an empty database, in one transaction.
pub(super) fn fill_new(conn: &mut Connection, campaign: &Campaign) -> rusqlite::Result<()> {
    // Only an empty database takes a page size: set before the first table is made.
    conn.execute_batch(&format!("PRAGMA page_size = {NEW_FILE_PAGE_SIZE};"))?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    schema::migrate(&tx, 0, CURRENT_VERSION)?;
    let seal = campaign.seal();
    tx.execute(
        "INSERT INTO campaign (id, name, settings, seal) VALUES (1, ?1, ?2, ?3)",
        params![
            campaign.name,
            serde_json::to_string(&campaign.settings).unwrap_or_default(),
            seal
        ],
    )?;
    for (i, game) in campaign.games.iter().enumerate() {
        insert_game(&tx, i + 1, game)?;
        super::projection::write(
            &tx,
            i + 1,
            game.events().len(),
            game.head(),
            game.state(),
            Some(0),
        )?;
    }
    let counts: Vec<usize> = campaign.games.iter().map(|g| g.events().len()).collect();
    tx.execute(
        "INSERT INTO seal_history (seal, counts) VALUES (?1, ?2)",
        params![seal, serde_json::to_string(&counts).unwrap_or_default()],
    )?;
    tx.commit()
}
