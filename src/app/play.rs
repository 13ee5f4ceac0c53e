//! Play on the table: every change to the table in play is an event of the game (a base
//! moved, put down or removed, the terrain edited), the canvas shows the table as the log
//! leaves it, and nothing that would put away a game not saved happens without asking.

use super::{Command, LaagerApp, Mode};
use crate::game::{Action, TablesNote, UnitEdit, UnitId, table_as_played};
use crate::geometry::{Layout, file, round_mm};

/// How the referee keeps the game in play before it is put away.
#[cfg(not(target_arch = "wasm32"))]
const SAVE_FIRST: &str = "Save it first with File > Save game as…";
#[cfg(target_arch = "wasm32")]
const SAVE_FIRST: &str = "Download it first (File > Download game)";

impl LaagerApp {
    /// Whether anything has happened in the game beyond its set-up.
    pub(crate) fn game_in_play(&self) -> bool {
        let game = self.session.game();
        game.events()
            .last()
            .is_some_and(|last| !game.in_set_up(last.seq))
    }

    /// Whether putting the game away now would lose it: it is in play and not saved to a
    /// file (a saved game is in its file already).
    pub(crate) fn game_at_risk(&self) -> bool {
        self.session.path().is_none() && self.game_in_play()
    }

    /// The table the game's log leaves, read as a layout.
    fn table_of_game(&self) -> Result<(serde_json::Value, Layout), String> {
        let game = self.session.game();
        let json = table_as_played(&game.layout, game.state());
        let charts = self.charts.as_ref().map_err(Clone::clone)?;
        let report = file::read(&json.to_string(), charts);
        match report.layout {
            Some(layout) => Ok((json, layout)),
            None => Err(format!(
                "the game's table does not read: {}",
                report
                    .errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
        }
    }

    /// In play, shows the table as the game's log leaves it, whenever the log has changed
    /// (an event, an undo, a redo, another game opened).
    pub(crate) fn sync_table_from_game(&mut self) {
        if self.state.mode != Mode::Play {
            return;
        }
        let game = self.session.game();
        if game.layout.is_null() {
            return;
        }
        let head = format!(
            "{}:{}",
            self.session
                .path()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            game.head()
        );
        if head == self.synced_head {
            return;
        }
        self.synced_head = head;
        match self.table_of_game() {
            Ok((json, layout)) => {
                if file::write(&self.document.layout) != json {
                    self.document.set_layout(layout);
                    self.canvas
                        .selected
                        .retain(|id| self.document.layout.base(id).is_some());
                }
            }
            Err(e) => self.messages.push(e),
        }
    }

    /// Logs what the referee did to the table in play since the last event: each base
    /// moved or turned (one event each, at its new pose) and the terrain as it now stands.
    pub(crate) fn commit_table_edits(&mut self) -> Result<(), String> {
        if self.state.mode != Mode::Play {
            self.pending_poses.clear();
            self.pending_terrain = false;
            return Ok(());
        }
        for unit_id in std::mem::take(&mut self.pending_poses) {
            let Some(base) = self.document.layout.base(&unit_id) else {
                continue;
            };
            let to = serde_json::json!({
                "x": round_mm(base.centre().x),
                "y": round_mm(base.centre().y),
                "facing": round_mm(base.facing_deg()),
            });
            if self
                .session
                .game()
                .state()
                .unit(&UnitId(unit_id.clone()))
                .is_none()
            {
                continue;
            }
            self.session.act(Action::Edit(UnitEdit::Moved {
                unit_id: UnitId(unit_id),
                to,
            }))?;
        }
        if std::mem::take(&mut self.pending_terrain) {
            let terrain = file::write(&self.document.layout)
                .get("terrain")
                .cloned()
                .unwrap_or_else(|| serde_json::json!([]));
            self.session.act(Action::SetTerrain(terrain))?;
        }
        Ok(())
    }

    /// The charts in force: their hash, the club cells typed and the club's folder, as
    /// the game records them (none when the charts do not load).
    pub(crate) fn tables_note(&self) -> Option<TablesNote> {
        let Ok(charts) = &self.charts else {
            return None;
        };
        let club_cells: Vec<String> = self
            .state
            .club_cells
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect();
        Some(TablesNote {
            tables_hash: charts.hash().to_owned(),
            club_cells,
            club_tables: self.club_tables_name(),
        })
    }

    /// The charts in force when they are not the ones the game last recorded: shown in
    /// the status bar, and recorded by the next result applied, in the same write.
    /// Opening or viewing a game never records them.
    pub fn tables_pending(&self) -> Option<TablesNote> {
        let note = self.tables_note()?;
        let recorded = self.session.game().state().tables.as_ref();
        (recorded != Some(&(note.tables_hash.clone(), note.club_cells.clone()))).then_some(note)
    }

    /// Switches between setting up and playing. Play on a table changed in set-up starts a
    /// new game on it (asking first when the game in play is not saved).
    pub(crate) fn set_mode(&mut self, mode: Mode, confirmed: bool) -> Result<(), String> {
        if mode == Mode::Play && self.state.mode == Mode::SetUp {
            let game = self.session.game();
            let same = !game.layout.is_null()
                && table_as_played(&game.layout, game.state())
                    == file::write(&self.document.layout);
            if !same {
                if self.game_at_risk() && !confirmed {
                    self.asking = Some(Command::SetMode(mode));
                    return Ok(());
                }
                self.session = self.new_session();
                self.desk.clear();
            }
        }
        if mode == Mode::SetUp {
            self.commit_table_edits()?;
        }
        self.state.mode = mode;
        self.synced_head.clear();
        Ok(())
    }

    /// Plays under another ruleset. A game nothing has happened in yet, alone in a
    /// campaign not saved, follows the picker; otherwise a game keeps its ruleset, and the
    /// other ruleset is the campaign's next game on this table, asked first (unless
    /// `confirmed`). Set up is where a table is made for another ruleset.
    pub(crate) fn set_ruleset(
        &mut self,
        ruleset: crate::ruleset::Ruleset,
        confirmed: bool,
    ) -> Result<(), String> {
        let game = self.session.game().ruleset;
        if ruleset == game {
            self.state.ruleset = ruleset;
            return Ok(());
        }
        let fresh = !self.game_in_play()
            && self.session.path().is_none()
            && self.session.campaign().games.len() == 1;
        if fresh {
            // A result of one ruleset never stays under another's forms.
            self.desk.clear();
            self.state.ruleset = ruleset;
            self.session = self.new_session();
            self.synced_head.clear();
            return Ok(());
        }
        if !confirmed {
            self.asking = Some(Command::SetRuleset(ruleset));
            return Ok(());
        }
        let number = self.session.campaign().games.len() + 1;
        let layout = file::write(&self.document.layout);
        let units = crate::game::units_from_layout(&self.document.layout, ruleset, self.charts());
        let tables = self.tables_note();
        let last = self.session.campaign().games.len();
        self.session.view_game(last)?;
        self.session.next_game(
            ruleset,
            &format!("Game {number}"),
            layout,
            units,
            tables.as_ref(),
            // Dated now; who plays it can be named later (`laager campaign end-game --player`).
            Some(&super::club_prompts::started_now(Vec::new())),
        )?;
        self.desk.clear();
        self.state.ruleset = ruleset;
        self.synced_head.clear();
        self.messages.push(format!(
            "game {number} of the campaign is played under {}; game {last} ({}) stays as it was",
            ruleset.title(),
            game.title()
        ));
        Ok(())
    }

    /// The question put when a command would put away a game not saved, or a ruleset
    /// chosen would start the campaign's next game.
    pub(crate) fn ask_ui(&mut self, ui: &mut egui::Ui) {
        let Some(command) = &self.asking else {
            return;
        };
        if let Command::SetRuleset(ruleset) = command {
            let ruleset = *ruleset;
            self.ask_ruleset_ui(ui, ruleset);
            return;
        }
        let what = match command {
            Command::OpenDemo(_) => "open the demo",
            Command::OpenLayout(_) | Command::OpenLayoutText { .. } => "open the layout",
            Command::NewTable(_) => "start a new table",
            Command::SetMode(_) => "play a new game on the table as set up",
            Command::NewGame(_) => "start a new game",
            Command::OpenGame(_) | Command::OpenCampaign { .. } => "open the game file",
            _ => "go on",
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("game_not_saved")).show(ui.ctx(), |ui| {
            ui.heading("The game in play is not saved");
            ui.label(format!(
                "To {what}, the game in play ({} events) would be put away. {SAVE_FIRST}, or discard it.",
                self.session.game().events().len()
            ));
            ui.horizontal(|ui| {
                if ui.button("Discard the game").clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                if let Some(command) = self.asking.take() {
                    self.commands.push(Command::Confirmed(Box::new(command)));
                }
            }
            Some(false) => self.asking = None,
            None => {}
        }
    }
}

impl LaagerApp {
    /// "A game keeps its ruleset": the question put when another ruleset is chosen while a
    /// game is in play.
    fn ask_ruleset_ui(&mut self, ui: &mut egui::Ui, ruleset: crate::ruleset::Ruleset) {
        let game = self.session.game();
        let next = self.session.campaign().games.len() + 1;
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("new_game_for_ruleset")).show(ui.ctx(), |ui| {
            ui.heading(format!("Play {} as a new game?", ruleset.title()));
            ui.label(format!(
                "The game on the table is recorded under {} ({} events), and a game keeps its ruleset. Choosing {} starts game {next} of this campaign on this table; the game in play stays as it is. To make a table for another ruleset, use Set up.",
                game.ruleset.title(),
                game.events().len(),
                ruleset.title()
            ));
            ui.horizontal(|ui| {
                if ui.button(format!("Start game {next}")).clicked() {
                    answer = Some(true);
                }
                if ui.button(format!("Keep {}", game.ruleset.title())).clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                if let Some(command) = self.asking.take() {
                    self.commands.push(Command::Confirmed(Box::new(command)));
                }
            }
            Some(false) => self.asking = None,
            None => {}
        }
    }
}
