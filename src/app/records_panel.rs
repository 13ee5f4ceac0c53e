//! The game's records on screen: the foot of the window in Play (the move and its phase,
//! undo and redo, the end of the game) and the Records tab beside the table (the roster
//! with each unit's present strength and status, over the game log).

use super::log_view::LogView;
use super::prompts::PromptKind;
use super::roster::Roster;
use super::session::Session;
use crate::charts::Charts;
use crate::game::{Action, Verdict};
use std::path::PathBuf;

/// The least height the roster and the log are given, in points: a few of their rows.
const ROSTER_LEAST_HEIGHT: f32 = 120.0;

/// The three exports of a game's records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// The casualty record sheet as CSV.
    Csv,
    /// The record sheet as a PDF to print.
    Pdf,
    /// The game, its layout and its log, as JSON.
    Json,
}

impl ExportKind {
    /// The file's extension.
    pub fn extension(self) -> &'static str {
        match self {
            ExportKind::Csv => "csv",
            ExportKind::Pdf => "pdf",
            ExportKind::Json => "json",
        }
    }

    /// The file's media type, for a download.
    pub fn mime(self) -> &'static str {
        match self {
            ExportKind::Csv => "text/csv",
            ExportKind::Pdf => "application/pdf",
            ExportKind::Json => "application/json",
        }
    }
}

/// What the records panel asks the app to do at the end of the frame.
#[derive(Debug, Clone)]
pub enum RecordsAction {
    /// Undo the last action.
    Undo,
    /// Redo the last undo.
    Redo,
    /// Write a manual edit through the record's gate.
    Log(Action),
    /// Select these units (a name clicked in the roster), in this order.
    Select(Vec<String>),
    /// Ask who plays, to start a new game log for the table as it stands.
    NewGame,
    /// Start a new game (`next`: the campaign's next game on this table, forces carried
    /// over), the players named.
    StartGame {
        /// Whether it is the campaign's next game.
        next: bool,
        /// Who plays each side.
        players: Vec<crate::game::Player>,
    },
    /// Save the campaign to a new `.laager` file.
    SaveAs(PathBuf),
    /// Open one of the app's file prompts, with a name ready.
    Prompt(PromptKind),
    /// Open a `.laager` file.
    Open(PathBuf),
    /// Write the record sheet as CSV.
    ExportCsv(PathBuf),
    /// Write the record sheet as a PDF to print.
    ExportPdf(PathBuf),
    /// Write the game as JSON.
    ExportJson(PathBuf),
    /// In the browser: save an export as a download.
    #[cfg(target_arch = "wasm32")]
    Download(ExportKind),
    /// End the game: the result named (`None`: the victory condition's) and the
    /// referee's note.
    EndGame {
        /// The result named, if the referee names one.
        winner: Option<Verdict>,
        /// The referee's note.
        note: String,
    },
    /// Ask who plays, to start the campaign's next game on the table, forces carried over.
    NextGame,
    /// Put game N (from 1) of the campaign on the table: an earlier one to read, the last
    /// one to play.
    ViewGame(usize),
}

/// The end-of-game form: the winner chosen and the note.
#[derive(Debug, Clone, Default)]
pub struct EndForm {
    /// `None`: the victory condition's result; else the referee's.
    pub winner: Option<Verdict>,
    /// The referee's note.
    pub note: String,
}

/// The width of the End game form's result choice, whatever it shows: choosing a result
/// never moves the note or the buttons after it.
const RESULT_WIDTH: f32 = 230.0;

/// The panel's own state: the roster, the phase typed, the log and the end-of-game form.
#[derive(Debug, Clone, Default)]
pub struct RecordsPanel {
    /// The roster and its unit edit form.
    pub roster: Roster,
    /// The phase typed ("Zulu move").
    pub phase: String,
    /// The game log's lines, worked out once per change of the log.
    log: LogView,
    /// The end-of-game form, while it is open.
    pub ending: Option<EndForm>,
}

impl RecordsPanel {
    /// The foot of the window in Play: the move and its phase, Undo and Redo, and End game
    /// (Next game once it has ended); for an earlier game opened to read, which game it is
    /// and the way back. One row that wraps on a narrow screen.
    pub fn foot_ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        charts: Option<&Charts>,
    ) -> Vec<RecordsAction> {
        let mut actions = Vec::new();
        let game = session.game();
        let state = game.state();
        if session.read_only() {
            let last = session.campaign().games.len();
            ui.horizontal_wrapped(|ui| {
                ui.strong(format!(
                    "Game {} of {last}: {}, read only",
                    session.game_number, game.name
                ));
                if let Some(result) = &state.result {
                    ui.label(result_words(result));
                }
                if ui
                    .button(format!("Back to game {last}"))
                    .on_hover_text("The campaign's last game, the one in play")
                    .clicked()
                {
                    actions.push(RecordsAction::ViewGame(last));
                }
            });
            return actions;
        }
        ui.horizontal_wrapped(|ui| {
            Self::move_label(ui, state);
            if ui
                .button("Next move")
                .on_hover_text("Advance the move counter")
                .clicked()
            {
                actions.push(RecordsAction::Log(Action::AdvanceMove));
            }
            let label = ui.label("phase");
            let entered = ui
                .add(
                    egui::TextEdit::singleline(&mut self.phase)
                        .hint_text("Zulu move")
                        .desired_width(120.0),
                )
                .labelled_by(label.id)
                .lost_focus()
                && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui
                .button("Set phase")
                .on_hover_text("Record the phase within the move")
                .clicked()
                || entered)
                && !self.phase.trim().is_empty()
            {
                actions.push(RecordsAction::Log(Action::SetPhase(
                    self.phase.trim().to_owned(),
                )));
                self.phase.clear();
            }
            ui.separator();
            Self::undo_redo(ui, &mut actions);
            ui.separator();
            match &state.result {
                None => {
                    if ui
                        .button("End game…")
                        .on_hover_text("Record the game's result: the victory condition's, or the referee's call")
                        .clicked()
                    {
                        self.ending = Some(EndForm::default());
                    }
                }
                Some(result) => {
                    ui.strong(format!("Game over: {}", result_words(result)));
                    if ui
                        .button("Next game")
                        .on_hover_text("The campaign's next game on this table, the forces carried over under its replacement rule")
                        .clicked()
                    {
                        actions.push(RecordsAction::NextGame);
                    }
                }
            }
        });
        if state.result.is_none()
            && let Some(form) = &mut self.ending
            && end_form_ui(ui, form, game, charts, &mut actions)
        {
            self.ending = None;
        }
        actions
    }

    /// The roster over the game log, each scrolling within its own part: the Records tab
    /// beside the table.
    pub fn records_ui(
        &mut self,
        ui: &mut egui::Ui,
        game: &crate::game::Game,
        charts: Option<&Charts>,
        selected: &[String],
    ) -> Vec<RecordsAction> {
        let mut actions = Vec::new();
        // The roster takes three fifths of the height, the log the rest; each keeps a few
        // rows however short the window.
        let height = ui.available_height().max(2.0 * ROSTER_LEAST_HEIGHT);
        let roster_height = (height * 0.6).round();
        ui.strong("Roster");
        // Solid scroll bars: a floating one lies over the last row and takes its clicks.
        let floating = std::mem::replace(
            &mut ui.spacing_mut().scroll,
            egui::style::ScrollStyle::solid(),
        );
        egui::ScrollArea::both()
            .id_salt("roster")
            .max_height(roster_height)
            .auto_shrink([false, true])
            .show_viewport(ui, |ui, viewport| {
                let (edits, picked) = self.roster.ui(ui, viewport, game, charts, selected);
                actions.extend(
                    edits
                        .into_iter()
                        .map(|edit| RecordsAction::Log(Action::Edit(edit))),
                );
                actions.extend(picked.map(RecordsAction::Select));
            });
        ui.spacing_mut().scroll = floating;
        ui.separator();
        ui.strong("Game log");
        self.log.ui(ui, game);
        actions
    }

    /// The move and its phase.
    fn move_label(ui: &mut egui::Ui, state: &crate::game::GameState) {
        ui.strong(format!("Move {}", state.move_number));
        if let Some(phase) = &state.phase {
            ui.label(phase);
        }
    }

    /// Undo and Redo.
    fn undo_redo(ui: &mut egui::Ui, actions: &mut Vec<RecordsAction>) {
        if ui
            .button("Undo")
            .on_hover_text("Undo the last action (Ctrl+Z)")
            .clicked()
        {
            actions.push(RecordsAction::Undo);
        }
        if ui
            .button("Redo")
            .on_hover_text("Redo (Ctrl+Shift+Z)")
            .clicked()
        {
            actions.push(RecordsAction::Redo);
        }
    }
}

/// A game's result in words: "british won", "drawn".
pub fn result_words(result: &crate::game::GameResult) -> String {
    match &result.winner {
        Some(side) => format!("{side} won"),
        None => "drawn".to_owned(),
    }
}

/// The End game form: what the victory condition gives, the result chosen (a choice of
/// one width whatever it shows), the note and the two buttons, which never move. Returns
/// whether the form closes.
pub(crate) fn end_form_ui(
    ui: &mut egui::Ui,
    form: &mut EndForm,
    game: &crate::game::Game,
    charts: Option<&Charts>,
    actions: &mut Vec<RecordsAction>,
) -> bool {
    let state = game.state();
    let proposal = charts.and_then(|c| crate::game::propose(game, c));
    let mut close = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong("End the game:");
        if let Some(p) = &proposal {
            ui.label(if p.decided {
                format!(
                    "the victory condition gives {} ({})",
                    p.winner.as_deref().unwrap_or("a draw"),
                    p.reason
                )
            } else {
                format!("the victory condition decides nothing yet ({})", p.reason)
            });
        }
    });
    ui.horizontal_wrapped(|ui| {
        let shown = match &form.winner {
            None => "as the victory condition gives".to_owned(),
            Some(Verdict::Draw) => "a draw".to_owned(),
            Some(Verdict::Won(side)) => format!("{side} won"),
        };
        egui::ComboBox::from_label("result")
            .selected_text(shown)
            .width(RESULT_WIDTH)
            .show_ui(ui, |ui| {
                if proposal.as_ref().is_some_and(|p| p.decided) {
                    ui.selectable_value(&mut form.winner, None, "as the victory condition gives");
                }
                for side in state.sides() {
                    let text = format!("{side} won");
                    ui.selectable_value(&mut form.winner, Some(Verdict::Won(side)), text);
                }
                ui.selectable_value(&mut form.winner, Some(Verdict::Draw), "a draw");
            });
        let label = ui.label("note");
        ui.add(egui::TextEdit::singleline(&mut form.note).desired_width(160.0))
            .labelled_by(label.id);
        if ui.button("Record the result").clicked() {
            actions.push(RecordsAction::EndGame {
                winner: form.winner.clone(),
                note: form.note.trim().to_owned(),
            });
            close = true;
        }
        if ui.button("Cancel").clicked() {
            close = true;
        }
    });
    close
}
