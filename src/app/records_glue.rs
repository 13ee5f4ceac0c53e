//! The glue between the records and the game's file: the foot's and the Records tab's
//! actions, the file prompts' paths acted on and confirmed, a game reopened or ended, the
//! campaign's next game and an earlier game opened to read, the exports, and the strengths
//! written on the bases. Every write goes through the session's gate.

use super::prompts::PromptKind;
use super::records_panel::{ExportKind, RecordsAction};
use super::session::Session;
use super::{Command, LaagerApp};
use crate::game::RecordSheet;
use crate::game::{Event, UnitEdit};

impl LaagerApp {
    /// A game reopened: its ruleset, the club cells it was played with, and its table as
    /// played, in play mode, exactly as it was left.
    pub(crate) fn reopened(&mut self, path: &std::path::Path) {
        let game = self.session.game();
        self.state.ruleset = game.ruleset;
        if let Some((hash, cells)) = game.state().tables.clone() {
            let text = cells.join("\n");
            if text != self.state.club_cells {
                self.messages.push(format!(
                    "the club cells this game was played with are back in force: {}",
                    if cells.is_empty() {
                        "none".to_owned()
                    } else {
                        cells.join("; ")
                    }
                ));
                self.push(Command::SetClubCells(text));
                self.run_commands();
            }
            if self.charts().is_some_and(|c| c.hash() != hash) {
                self.messages.push(
                    "this game was played with other charts than those in force now: load the club's tables folder it was played with (Set up), or its results will not replay".to_owned(),
                );
            }
        }
        self.document.name = path.display().to_string();
        self.document.path = None;
        self.state.mode = super::Mode::Play;
        self.desk.clear();
        self.canvas.selected.clear();
        self.canvas.fit_next_frame();
        self.synced_head.clear();
        self.sync_table_from_game();
    }

    /// Logs the game's result: the winner named, or the victory condition's, the note
    /// saying which (the engine's `game::settle`).
    fn end_game(
        &mut self,
        winner: Option<&crate::game::Verdict>,
        note: &str,
    ) -> Result<(), String> {
        let proposal = self
            .charts()
            .and_then(|charts| crate::game::propose(self.session.game(), charts));
        let (winner, source) = crate::game::settle(proposal.as_ref(), winner)?;
        let note = if note.is_empty() {
            source.to_owned()
        } else {
            format!("{note} — {source}")
        };
        self.session
            .act(crate::game::Action::End(crate::game::GameResult {
                winner,
                note,
                date: Some(crate::store::clock::now()),
            }))
            .map(|_| ())
    }

    /// Puts a `.laager` file at the top of the recent games.
    pub(crate) fn remember_game(&mut self, path: &std::path::Path) {
        remember_recent(&mut self.state.recent_games, path);
    }

    /// Puts a layout file at the top of the recent layouts.
    pub(crate) fn remember_layout(&mut self, path: &std::path::Path) {
        remember_recent(&mut self.state.recent_layouts, path);
    }

    /// Carries out what the records panel asked for.
    pub(crate) fn run_records_actions(&mut self, actions: Vec<RecordsAction>) {
        for action in actions {
            // Nothing puts away a game in play that is not saved without asking.
            let asked = match &action {
                RecordsAction::StartGame {
                    next: false,
                    players,
                } => Some(Command::NewGame(players.clone())),
                RecordsAction::Open(path) => Some(Command::OpenGame(path.clone())),
                _ => None,
            };
            match asked {
                Some(command) if self.game_at_risk() => self.asking = Some(command),
                _ => self.run_records_action(action),
            }
        }
    }

    /// Carries out one action of the records panel, the referee having been asked where
    /// it would put away a game not saved.
    pub(crate) fn run_records_action(&mut self, action: RecordsAction) {
        let result = match action {
            RecordsAction::Undo => self.session.undo(),
            RecordsAction::Redo => self.session.redo(),
            RecordsAction::Log(action) => self.session.act(action).map(|_| ()),
            RecordsAction::Select(units) => {
                self.canvas.selected = units;
                Ok(())
            }
            RecordsAction::NewGame | RecordsAction::NextGame => {
                let next = matches!(action, RecordsAction::NextGame);
                self.windows.players_prompt = Some(super::club_prompts::PlayersPrompt::new(
                    next,
                    self.sides_to_ask(next),
                ));
                Ok(())
            }
            RecordsAction::StartGame {
                next: false,
                players,
            } => {
                self.session = self.new_session_started(&players);
                self.records.roster = super::roster::Roster::default();
                Ok(())
            }
            RecordsAction::SaveAs(path) => self.session.save_as(&path).map(|()| {
                self.messages.push(format!(
                    "saved the game to {}: every action saves itself there",
                    path.display()
                ));
                self.remember_game(&path);
            }),
            #[cfg(not(target_arch = "wasm32"))]
            RecordsAction::Prompt(kind) => {
                self.open_prompt(kind);
                Ok(())
            }
            #[cfg(target_arch = "wasm32")]
            RecordsAction::Prompt(_) => Ok(()),
            RecordsAction::Open(path) => Session::open(&path).map(|session| {
                self.session = session;
                self.reopened(&path);
                self.remember_game(&path);
            }),
            RecordsAction::ExportCsv(path) => self.export_to(&path, ExportKind::Csv).map(|()| {
                self.messages.push(format!(
                    "exported the record sheet as CSV to {}",
                    path.display()
                ));
            }),
            RecordsAction::EndGame { winner, note } => self.end_game(winner.as_ref(), &note),
            RecordsAction::StartGame {
                next: true,
                players,
            } => self.start_next_game(players).map(|()| {
                self.desk.clear();
                self.synced_head.clear();
            }),
            RecordsAction::ViewGame(number) => self.session.view_game(number).map(|()| {
                self.state.ruleset = self.session.game().ruleset;
                self.desk.clear();
                self.canvas.selected.clear();
                self.synced_head.clear();
            }),
            RecordsAction::ExportPdf(path) => self.export_to(&path, ExportKind::Pdf).map(|()| {
                self.messages.push(format!(
                    "printed the record sheet to {} (PDF, to print)",
                    path.display()
                ));
            }),
            RecordsAction::ExportJson(path) => self.export_to(&path, ExportKind::Json).map(|()| {
                self.messages
                    .push(format!("exported the game as JSON to {}", path.display()));
            }),
            #[cfg(target_arch = "wasm32")]
            RecordsAction::Download(kind) => {
                let stem = self.game_file_name();
                let stem = stem.strip_suffix(".laager").unwrap_or(&stem);
                let name = format!("{stem}.{}", kind.extension());
                crate::app::web::download(&name, &self.export_bytes(kind), kind.mime())
                    .map(|()| self.messages.push(format!("downloaded {name}")))
            }
        };
        if let Err(e) = result {
            self.messages.push(e);
        }
    }

    /// An export of the game's records: the record sheet as CSV or as a PDF to print, or
    /// the game as JSON.
    fn export_bytes(&self, kind: ExportKind) -> Vec<u8> {
        let game = self.session.game();
        let sheet = || RecordSheet::project(self.session.game_number, game);
        match kind {
            ExportKind::Csv => crate::store::csv::to_csv(&sheet().table()).into_bytes(),
            ExportKind::Pdf => crate::store::pdf::record_sheet(&sheet(), game.head()),
            ExportKind::Json => crate::store::game_to_json(game).into_bytes(),
        }
    }

    /// Writes each unit's present strength and status from the records onto its base.
    pub(crate) fn show_strengths_on_bases(&mut self) {
        let words = crate::game::RecordWords::of(self.session.game().ruleset);
        self.canvas.strengths = self
            .session
            .game()
            .state()
            .units
            .iter()
            .map(|unit| {
                let status = if unit.removed {
                    " removed".to_owned()
                } else {
                    unit.status
                        .as_ref()
                        .map(|s| format!(" {s}"))
                        .unwrap_or_default()
                };
                (
                    unit.spec.unit_id.to_string(),
                    format!("{}{status}", words.strength(unit.present)),
                )
            })
            .collect();
    }

    /// Opens the file prompt of `kind` with a name ready: in the games folder, named by
    /// date and table (the game's own file for an export, beside it). The browser has no
    /// files: its File menu uploads and downloads instead.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn open_prompt(&mut self, kind: PromptKind) {
        let dir = self
            .autosave_dir
            .clone()
            .or_else(super::autosave::games_dir)
            .unwrap_or_else(|| std::path::PathBuf::from("."));
        let path = match (kind, self.session.path()) {
            (PromptKind::SaveGame | PromptKind::OpenGame, _) | (_, None) => {
                super::autosave::new_game_path(&dir, &self.game_file_name())
                    .with_extension(kind.extension())
            }
            (_, Some(game)) => {
                let stem = game
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let name = match kind {
                    PromptKind::PrintPdf => format!("{stem} record sheet.pdf"),
                    PromptKind::ExportCsv => format!("{stem} records.csv"),
                    _ => format!("{stem}.json"),
                };
                game.with_file_name(name)
            }
        };
        self.windows.prompt = Some(super::prompts::FilePrompt::new(kind, &path));
    }

    /// Carries out what a file prompt confirmed.
    pub(crate) fn run_prompt(&mut self, kind: PromptKind, path: std::path::PathBuf) {
        let action = match kind {
            PromptKind::SaveGame => RecordsAction::SaveAs(path),
            PromptKind::OpenGame => RecordsAction::Open(path),
            PromptKind::ExportCsv => RecordsAction::ExportCsv(path),
            PromptKind::PrintPdf => RecordsAction::ExportPdf(path),
            PromptKind::ExportJson => RecordsAction::ExportJson(path),
        };
        self.run_records_actions(vec![action]);
    }

    /// Writes an export of the game's records to `path`, whole or not at all (the prompt
    /// asked before an existing file was replaced).
    fn export_to(&self, path: &std::path::Path, kind: ExportKind) -> Result<(), String> {
        crate::store::export::write_whole(path, &self.export_bytes(kind), true)
            .map_err(|e| e.to_string())
    }

    /// What moved the game's log since `head`, in words, for a result resolved there: the
    /// first change to the table or a unit's record after it ("the base moved", "a status
    /// was set"), or an undo; `None` when the log is at `head` or `head` is not in it.
    pub(crate) fn log_since(&self, head: &str) -> Option<String> {
        let game = self.session.game();
        if game.head() == head {
            return None;
        }
        let events = game.events();
        let after = if head == game.genesis() {
            0
        } else {
            events.iter().position(|e| e.hash == head)? + 1
        };
        let words = events[after..].iter().find_map(|logged| {
            Some(match &logged.event {
                Event::Edit { edit } => match edit {
                    UnitEdit::Moved { unit_id, .. } => format!("{unit_id} moved"),
                    UnitEdit::StatusSet { unit_id, .. } => format!("{unit_id}'s status was set"),
                    UnitEdit::FormationSet { unit_id, .. } => {
                        format!("{unit_id}'s formation was set")
                    }
                    UnitEdit::Removed { unit_id } => format!("{unit_id} was removed"),
                    UnitEdit::StrengthChanged { unit_id, .. }
                    | UnitEdit::StrengthSet { unit_id, .. } => {
                        format!("{unit_id}'s strength changed")
                    }
                },
                Event::BasePlaced { unit, .. } => format!("{} was put down", unit.unit_id),
                Event::TerrainSet { .. } => "the terrain changed".to_owned(),
                Event::ResolutionApplied(_) => "a result was applied".to_owned(),
                Event::Voided { .. } => "an action was undone".to_owned(),
                Event::Restored { .. } => "an action was redone".to_owned(),
                Event::MoveAdvanced => "the next move began".to_owned(),
                Event::GameEnded { .. } => "the game ended".to_owned(),
                _ => return None,
            })
        });
        Some(words.unwrap_or_else(|| "the records changed".to_owned()))
    }
}

/// Puts `path` at the top of a list of recent files, eight kept.
fn remember_recent(recent: &mut Vec<std::path::PathBuf>, path: &std::path::Path) {
    recent.retain(|p| p != path);
    recent.insert(0, path.to_owned());
    recent.truncate(8);
}
