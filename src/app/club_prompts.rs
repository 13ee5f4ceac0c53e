//! A club night in the window: who plays each side, asked at New game and Next game (and
//! the game then begun, dated by the window's clock), and File → Merge table files…, the app's own prompt for the tables' `.laager` files (with
//! the system's dialog behind Browse… where there is one). Both end in the engine: the
//! players are events of the new game, the merge is the record's gate's
//! ([`crate::game::merge::admit_merge`]), as `laager campaign merge` is.

use super::LaagerApp;
use super::records_panel::RecordsAction;
use super::session::Session;
use crate::game::Player;
use std::path::PathBuf;

/// The players question, open while the referee answers it.
#[derive(Debug, Clone, Default)]
pub struct PlayersPrompt {
    /// Whether it starts the campaign's next game (else a new campaign's first).
    pub next: bool,
    /// Each side of the table, with the players typed for it (commas between several).
    pub sides: Vec<(String, String)>,
}

/// What the referee answered a prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<T> {
    /// Go on with this.
    Go(T),
    /// Put the prompt away.
    Cancel,
}

impl PlayersPrompt {
    /// The question for a game whose sides are `sides`.
    pub fn new(next: bool, sides: Vec<String>) -> PlayersPrompt {
        PlayersPrompt {
            next,
            sides: sides
                .into_iter()
                .map(|side| (side, String::new()))
                .collect(),
        }
    }

    /// The players typed, each read by the engine's constructor (a side left empty is
    /// named later).
    pub fn players(&self) -> Vec<Player> {
        self.sides
            .iter()
            .flat_map(|(side, names)| names.split(',').map(move |name| (side, name)))
            .filter_map(|(side, name)| Player::new(side, name).ok())
            .collect()
    }

    /// Draws the question; returns the answer once given.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<Answer<Vec<Player>>> {
        let mut answer = None;
        let title = if self.next { "Next game" } else { "New game" };
        egui::Window::new(title)
            .collapsible(false)
            .default_width(420.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label("Who plays each side? Several players: commas between them. A side left empty can be named later (`laager campaign end-game --player`).");
                egui::Grid::new("players_grid").num_columns(2).show(ui, |ui| {
                    for (side, names) in &mut self.sides {
                        let label = ui.label(format!("{side} player"));
                        ui.add(egui::TextEdit::singleline(names).desired_width(260.0))
                            .labelled_by(label.id);
                        ui.end_row();
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button("Start the game").clicked() {
                        answer = Some(Answer::Go(self.players()));
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(Answer::Cancel);
                    }
                });
            });
        answer
    }
}

/// File → Merge table files…: the paths typed so far, one a line.
#[derive(Debug, Clone, Default)]
pub struct MergePrompt {
    /// The tables' `.laager` files, one a line.
    pub paths: String,
}

impl MergePrompt {
    /// The files named, one a line, blank lines left out.
    pub fn files(&self) -> Vec<PathBuf> {
        self.paths
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(PathBuf::from)
            .collect()
    }

    /// Draws the prompt; returns the files to merge once the referee confirms them.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<Answer<Vec<PathBuf>>> {
        let mut answer = None;
        egui::Window::new("Merge table files")
            .collapsible(false)
            .default_width(520.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label("The games the tables played on copies of this campaign are brought back into it: the events each copy added, and the games it started. Copies that diverged, or a unit in play in two games, are refused and nothing is written.");
                let label = ui.label("table files (one a line)");
                ui.add(
                    egui::TextEdit::multiline(&mut self.paths)
                        .desired_rows(3)
                        .desired_width(480.0),
                )
                .labelled_by(label.id);
                ui.horizontal(|ui| {
                    let files = self.files();
                    if ui
                        .add_enabled(!files.is_empty(), egui::Button::new("Merge"))
                        .clicked()
                    {
                        answer = Some(Answer::Go(files));
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Browse…")
                        .on_hover_text("Choose the files with the system's dialog, where there is one")
                        .clicked()
                        && let Some(picked) = rfd::FileDialog::new()
                            .add_filter("Laager game", &["laager"])
                            .pick_files()
                    {
                        for path in picked {
                            if !self.paths.is_empty() && !self.paths.ends_with('\n') {
                                self.paths.push('\n');
                            }
                            self.paths.push_str(&path.display().to_string());
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(Answer::Cancel);
                    }
                });
            });
        answer
    }
}

/// A game's start as the window records it: now (the window reads the clock), on no named
/// table, with the players the referee named.
pub(crate) fn started_now(players: Vec<crate::game::Player>) -> crate::game::GameStart {
    crate::game::GameStart {
        date: crate::store::clock::now(),
        table: None,
        players,
    }
}

impl LaagerApp {
    /// A new game log for the table, as [`LaagerApp::new_session`], begun with its start
    /// (the window reads the clock) and the players the referee named.
    pub(crate) fn new_session_started(&self, players: &[crate::game::Player]) -> Session {
        let ruleset = self.state.ruleset;
        let units = crate::game::units_from_layout(&self.document.layout, ruleset, self.charts());
        let layout = crate::geometry::file::write(&self.document.layout);
        let tables = self.tables_note();
        let start = started_now(players.to_vec());
        Session::begin(
            ruleset,
            &self.document.name,
            layout,
            units,
            tables.as_ref(),
            Some(&start),
        )
    }

    /// Starts the campaign's next game on the table, forces carried over, begun with its
    /// start (the window reads the clock) and the players the referee named.
    pub(crate) fn start_next_game(
        &mut self,
        players: Vec<crate::game::Player>,
    ) -> Result<(), String> {
        let game = self.session.game();
        let (ruleset, number) = (game.ruleset, self.session.campaign().games.len() + 1);
        let layout = crate::geometry::file::write(&self.document.layout);
        let units = crate::game::units_from_layout(&self.document.layout, ruleset, self.charts());
        let name = format!("Game {number}");
        let tables = self.tables_note();
        let start = started_now(players);
        self.session
            .next_game(ruleset, &name, layout, units, tables.as_ref(), Some(&start))
    }

    /// The sides a new game on the table would have: the table's, then the game's own
    /// (a next game carries its forces over).
    pub(crate) fn sides_to_ask(&self, next: bool) -> Vec<String> {
        let units = crate::game::units_from_layout(
            &self.document.layout,
            self.state.ruleset,
            self.charts(),
        );
        let mut sides: Vec<String> = Vec::new();
        let carried = next.then(|| self.session.game().state().sides());
        for side in units
            .into_iter()
            .map(|u| u.side)
            .chain(carried.into_iter().flatten())
        {
            if !sides.contains(&side) {
                sides.push(side);
            }
        }
        sides
    }

    /// Draws the club night's prompts and carries out what the referee answered.
    pub(crate) fn club_prompts_ui(&mut self, ui: &egui::Ui) {
        if let Some(prompt) = &mut self.windows.players_prompt
            && let Some(answer) = prompt.ui(ui.ctx())
        {
            let next = prompt.next;
            self.windows.players_prompt = None;
            if let Answer::Go(players) = answer {
                self.run_records_actions(vec![RecordsAction::StartGame { next, players }]);
            }
        }
        if let Some(prompt) = &mut self.windows.merge_prompt
            && let Some(answer) = prompt.ui(ui.ctx())
        {
            self.windows.merge_prompt = None;
            if let Answer::Go(files) = answer {
                self.push(super::Command::MergeTables(files));
            }
        }
    }

    /// Merges the tables' files into the campaign open in the window, through the same
    /// engine function as `laager campaign merge`, and says what it brought in.
    pub(crate) fn merge_tables(&mut self, files: &[PathBuf]) -> Result<(), String> {
        let mut tables = Vec::new();
        for path in files {
            tables.push(crate::store::read_table(path).map_err(|e| e.to_string())?);
        }
        self.merge_copies(&tables)
    }

    /// Merges a table's `.laager` file given as bytes (the page's upload of a table's
    /// game) into the campaign open, through the same engine function.
    pub fn merge_table_bytes(&mut self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let table = crate::store::table_from_bytes(bytes, std::path::Path::new(name))
            .map_err(|e| e.to_string())?;
        self.merge_copies(&[table])
    }

    /// Merges tables' copies already read (files, or the page's uploads) and says what
    /// the merge brought in.
    pub(crate) fn merge_copies(&mut self, tables: &[crate::game::TableCopy]) -> Result<(), String> {
        let merged = self.session.merge(tables)?;
        let message = if merged.is_empty() {
            "nothing to merge: the campaign holds every game and event of the tables".to_owned()
        } else {
            let lines: Vec<String> = merged
                .iter()
                .map(|m| {
                    let what = if m.new { "added" } else { "brought up to date" };
                    format!(
                        "game {} \"{}\" {what} ({} events)",
                        m.game, m.name, m.events_added
                    )
                })
                .collect();
            format!("merged: {}", lines.join("; "))
        };
        self.messages.push(message);
        self.synced_head.clear();
        Ok(())
    }
}
