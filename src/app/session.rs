//! The game on the desk: its log in memory, or in a `.laager` file once saved, where every
//! action is committed in its own transaction as it happens (autosave).

use crate::game::gate::{self, Acted, Action, TablesNote};
use crate::game::merge::{self, MergedGame, TableCopy};
use crate::game::seals::Stored;
use crate::game::{Campaign, CampaignSettings, Event, Game, GameStart, UnitSpec};
use crate::ruleset::Ruleset;
use crate::store::{CampaignFile, Mode};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The campaign being played and which of its games is on the table.
#[derive(Debug)]
pub struct Session {
    memory: Campaign,
    /// What the campaign in memory has verified (it has no file to record seals in).
    stored: Stored,
    file: Option<CampaignFile>,
    /// The game on the table, numbered from 1.
    pub game_number: usize,
}

impl Session {
    /// A new, unsaved campaign of one game whose units join from the table, played with
    /// the charts `tables` names.
    pub fn new(
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        units: Vec<UnitSpec>,
        tables: Option<&TablesNote>,
    ) -> Session {
        Session::begin(ruleset, name, layout, units, tables, None)
    }

    /// A new, unsaved campaign of one game, as [`Session::new`], begun with its start and
    /// players when given (New game, once the referee has said who plays).
    pub fn begin(
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        units: Vec<UnitSpec>,
        tables: Option<&TablesNote>,
        start: Option<&GameStart>,
    ) -> Session {
        let mut game = Game::new(ruleset, name, layout);
        if let Some(start) = start {
            let _ = game.append(start.event());
        }
        for unit in units {
            // A unit id the layout repeats is refused by the log; the layout check reports it.
            let _ = game.append(Event::UnitAdded { unit });
        }
        if let Some(players) = start.and_then(GameStart::players_event) {
            // A side no unit of the table has is refused by the log: not named.
            let _ = game.append(players);
        }
        let mut memory = Campaign::new(name, CampaignSettings::default());
        let mut stored = Stored::default();
        // An empty campaign verifies and a new game has not ended: the gate admits it.
        if gate::add_in_memory(&mut memory, &mut stored, game.clone(), tables).is_err() {
            memory.games.push(game);
        }
        Session {
            memory,
            stored,
            file: None,
            game_number: 1,
        }
    }

    /// Opens a `.laager` file on its last game. Nothing is written.
    pub fn open(path: &Path) -> Result<Session, String> {
        let file = CampaignFile::open(path, Mode::Write).map_err(|e| e.to_string())?;
        let games = file.campaign().games.len();
        if games == 0 {
            return Err(format!("{}: the campaign has no game yet", path.display()));
        }
        Ok(Session {
            memory: Campaign::new("", CampaignSettings::default()),
            stored: Stored::default(),
            file: Some(file),
            game_number: games,
        })
    }

    /// A campaign read from elsewhere (an uploaded `.laager` file, the browser's keeping),
    /// held in memory, on game `game_number` (from 1), or on its last game when that is
    /// not one of its games.
    pub fn from_campaign(
        campaign: Campaign,
        game_number: Option<usize>,
    ) -> Result<Session, String> {
        let games = campaign.games.len();
        if games == 0 {
            return Err(format!("the campaign {} has no game yet", campaign.name));
        }
        let game_number = game_number
            .filter(|n| (1..=games).contains(n))
            .unwrap_or(games);
        Ok(Session {
            memory: campaign,
            stored: Stored::default(),
            file: None,
            game_number,
        })
    }

    /// The campaign, from the file when there is one.
    pub fn campaign(&self) -> &Campaign {
        self.file
            .as_ref()
            .map_or(&self.memory, CampaignFile::campaign)
    }

    /// The game on the table.
    pub fn game(&self) -> &Game {
        &self.campaign().games[self.game_number - 1]
    }

    /// The file the session autosaves to, if saved.
    pub fn path(&self) -> Option<PathBuf> {
        self.file.as_ref().map(|f| f.path().to_owned())
    }

    /// Whether the game on the table is an earlier one of the campaign, opened to read:
    /// only the campaign's last game is played, so nothing is written to this one.
    pub fn read_only(&self) -> bool {
        self.game_number < self.campaign().games.len()
    }

    /// Puts game `number` (from 1) of the campaign on the table: an earlier one to read,
    /// or the last one to play on. Nothing is written.
    pub fn view_game(&mut self, number: usize) -> Result<(), String> {
        let count = self.campaign().games.len();
        if !(1..=count).contains(&number) {
            return Err(format!(
                "there is no game {number}: the campaign has {count}"
            ));
        }
        self.game_number = number;
        Ok(())
    }

    /// Why nothing may be written to the game on the table, if nothing may.
    fn refuse_read_only(&self) -> Result<(), String> {
        if self.read_only() {
            return Err(format!(
                "game {} is open to read: only the campaign's last game, game {}, is played (Campaign, Play on game {})",
                self.game_number,
                self.campaign().games.len(),
                self.campaign().games.len()
            ));
        }
        Ok(())
    }

    /// Writes one action through the record's gate: committed to the file first when
    /// there is one. Every event it makes is written, or none. An earlier game opened to
    /// read takes none.
    pub fn act(&mut self, action: Action) -> Result<Acted, String> {
        self.refuse_read_only()?;
        match &mut self.file {
            Some(file) => file
                .act(self.game_number, action)
                .map_err(|e| e.to_string()),
            None => {
                gate::act_in_memory(&mut self.memory, &mut self.stored, self.game_number, action)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// Undoes the last action: a voiding event, never a deletion.
    pub fn undo(&mut self) -> Result<(), String> {
        self.act(Action::Undo).map(|_| ())
    }

    /// Redoes the last undo.
    pub fn redo(&mut self) -> Result<(), String> {
        self.act(Action::Redo).map(|_| ())
    }

    /// Starts the campaign's next game on this table, through the record's gate: its
    /// forces carried over under the campaign's replacement rule, the table's other units
    /// joining afresh, played with the charts `tables` names.
    pub fn next_game(
        &mut self,
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        table_units: Vec<UnitSpec>,
        tables: Option<&TablesNote>,
        start: Option<&GameStart>,
    ) -> Result<(), String> {
        self.refuse_read_only()?;
        let game = self
            .campaign()
            .next_game_on_table(ruleset, name, layout, table_units, start)
            .map_err(|e| e.to_string())?;
        self.game_number = match &mut self.file {
            Some(file) => file.add_game(game, tables).map_err(|e| e.to_string())?,
            None => gate::add_in_memory(&mut self.memory, &mut self.stored, game, tables)
                .map_err(|e| e.to_string())?,
        };
        Ok(())
    }

    /// Merges the tables' copies of the campaign into it through the record's gate (File,
    /// Merge table files…; the page's upload of a table's game): into its file in one
    /// transaction when it has one, else in memory. Every game and event, or none.
    pub fn merge(&mut self, tables: &[TableCopy]) -> Result<Vec<MergedGame>, String> {
        match &mut self.file {
            Some(file) => file.merge(tables).map_err(|e| e.to_string()),
            None => merge::merge_in_memory(&mut self.memory, &mut self.stored, tables)
                .map_err(|e| e.to_string()),
        }
    }

    /// Saves the campaign to a new `.laager` file and autosaves there from now on.
    pub fn save_as(&mut self, path: &Path) -> Result<(), String> {
        let campaign = self.campaign().clone();
        let file = CampaignFile::create_from(path, &campaign).map_err(|e| e.to_string())?;
        self.file = Some(file);
        Ok(())
    }
}
