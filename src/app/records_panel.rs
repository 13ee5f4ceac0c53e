//! The game's records on screen: the roster with each unit's present strength and status,
//! the move counter, the log with undo and redo, and the `.laager` file.

use super::log_view::LogView;
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
    /// Ask where to save the game: the app's own prompt, with a default name.
    PromptSaveAs,
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
}

/// The end-of-game form: the winner chosen and the note.
#[derive(Debug, Clone, Default)]
pub struct EndForm {
    /// `None`: the victory condition's result; else the referee's.
    pub winner: Option<Verdict>,
    /// The referee's note.
    pub note: String,
}

/// The panel's own state: the file path fields.
#[derive(Debug, Clone, Default)]
pub struct RecordsPanel {
    /// The `.laager` path typed (the fallback for the native dialogs).
    pub path: String,
    /// The path to export records (CSV, PDF) or the game (JSON) to.
    pub export_path: String,
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
    /// Draws the roster, the log and the file controls. On a phone (`narrow`) the move,
    /// Undo and Redo come first, then the roster and the log, then the rest: the panel
    /// scrolls there, and what a referee reaches for most is at its top.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        charts: Option<&Charts>,
        selected: &[String],
        narrow: bool,
    ) -> Vec<RecordsAction> {
        let mut actions = Vec::new();
        let game = session.game();
        let state = game.state();
        if narrow {
            ui.horizontal_wrapped(|ui| {
                Self::move_label(ui, state);
                Self::undo_redo(ui, &mut actions);
            });
            self.roster_and_log(ui, game, charts, selected, &mut actions);
        }
        ui.horizontal_wrapped(|ui| {
            if !narrow {
                Self::move_label(ui, state);
            }
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
            if !narrow {
                Self::undo_redo(ui, &mut actions);
                ui.separator();
            }
            if ui
                .button("New game")
                .on_hover_text(
                    "A new game log for the table as it stands (a saved game stays in its file)",
                )
                .clicked()
            {
                actions.push(RecordsAction::NewGame);
            }
            self.file_controls(ui, session, &mut actions);
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
                    ui.strong(match &result.winner {
                        Some(side) => format!("Game over: {side} won"),
                        None => "Game over: drawn".to_owned(),
                    });
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
        if let Some(form) = &mut self.ending {
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
                let shown = match &form.winner {
                    None => "as the victory condition gives".to_owned(),
                    Some(Verdict::Draw) => "a draw".to_owned(),
                    Some(Verdict::Won(side)) => format!("{side} won"),
                };
                egui::ComboBox::from_label("result")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        if proposal.as_ref().is_some_and(|p| p.decided) {
                            ui.selectable_value(
                                &mut form.winner,
                                None,
                                "as the victory condition gives",
                            );
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
            if close {
                self.ending = None;
            }
        }
        ui.horizontal_wrapped(|ui| self.export_controls(ui, &mut actions));
        if !narrow {
            self.roster_and_log(ui, game, charts, selected, &mut actions);
        }
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

    /// The roster beside the game log.
    fn roster_and_log(
        &mut self,
        ui: &mut egui::Ui,
        game: &crate::game::Game,
        charts: Option<&Charts>,
        selected: &[String],
        actions: &mut Vec<RecordsAction>,
    ) {
        // The roster takes three fifths of the width (its columns are the wider), the log
        // the rest; each scrolls within its own part, which keeps a few rows' height in a
        // panel shorter than that (on a phone, where the panel scrolls).
        let height = ui.available_height().max(ROSTER_LEAST_HEIGHT);
        let roster_width = (ui.available_width() * 0.6).round();
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(
                egui::vec2(roster_width, height),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(roster_width);
                    ui.strong("Roster");
                    // Both ways: on a narrow window the roster scrolls sideways in its own
                    // part rather than running under the log.
                    egui::ScrollArea::both()
                        .id_salt("roster")
                        .max_height(200.0)
                        .show_viewport(ui, |ui, viewport| {
                            let (edits, picked) =
                                self.roster.ui(ui, viewport, game, charts, selected);
                            actions.extend(
                                edits
                                    .into_iter()
                                    .map(|edit| RecordsAction::Log(Action::Edit(edit))),
                            );
                            actions.extend(picked.map(RecordsAction::Select));
                        });
                },
            );
            ui.separator();
            ui.allocate_ui_with_layout(
                egui::vec2(ui.available_width(), height),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.strong("Game log");
                    self.log.ui(ui, game);
                },
            );
        });
    }

    /// The export path field and the three exports (a dialog asks where when none is
    /// typed).
    #[cfg(not(target_arch = "wasm32"))]
    fn export_controls(&mut self, ui: &mut egui::Ui, actions: &mut Vec<RecordsAction>) {
        let label = ui.label("export to");
        ui.add(
            egui::TextEdit::singleline(&mut self.export_path)
                .hint_text("records.csv / sheet.pdf / game.json")
                .desired_width(220.0),
        )
        .labelled_by(label.id);
        let typed =
            (!self.export_path.trim().is_empty()).then(|| PathBuf::from(self.export_path.trim()));
        if ui
            .button("Export records CSV")
            .on_hover_text("The casualty record sheet of this game, as CSV")
            .clicked()
            && let Some(path) = typed.clone().or_else(|| {
                rfd::FileDialog::new()
                    .add_filter("CSV", &["csv"])
                    .save_file()
            })
        {
            actions.push(RecordsAction::ExportCsv(path));
        }
        if ui
            .button("Print record sheet (PDF)")
            .on_hover_text(
                "Each unit's casualty record as the rules keep it, one A4 page per 20 units, to print",
            )
            .clicked()
            && let Some(path) = typed.clone().or_else(|| {
                rfd::FileDialog::new()
                    .add_filter("PDF", &["pdf"])
                    .set_file_name("record sheet.pdf")
                    .save_file()
            })
        {
            actions.push(RecordsAction::ExportPdf(path));
        }
        if ui
            .button("Export game JSON")
            .on_hover_text("The game, its layout and its log, as JSON")
            .clicked()
            && let Some(path) = typed.or_else(|| {
                rfd::FileDialog::new()
                    .add_filter("JSON", &["json"])
                    .save_file()
            })
        {
            actions.push(RecordsAction::ExportJson(path));
        }
    }

    /// In the browser the exports have no file: each is saved as a download.
    #[cfg(target_arch = "wasm32")]
    #[allow(clippy::unused_self)]
    fn export_controls(&mut self, ui: &mut egui::Ui, actions: &mut Vec<RecordsAction>) {
        for (kind, text, hover) in [
            (
                ExportKind::Csv,
                "Download records CSV",
                "The casualty record sheet of this game, as CSV",
            ),
            (
                ExportKind::Pdf,
                "Download record sheet (PDF)",
                "Each unit's casualty record as the rules keep it, one A4 page per 20 units, to print",
            ),
            (
                ExportKind::Json,
                "Download game JSON",
                "The game, its layout and its log, as JSON",
            ),
        ] {
            if ui.button(text).on_hover_text(hover).clicked() {
                actions.push(RecordsAction::Download(kind));
            }
        }
    }

    /// The game file's field and buttons: Save game as and Open game.
    #[cfg(not(target_arch = "wasm32"))]
    fn file_controls(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        actions: &mut Vec<RecordsAction>,
    ) {
        let label = ui.label("game file");
        ui.add(
            egui::TextEdit::singleline(&mut self.path)
                .hint_text("battle.laager")
                .desired_width(180.0),
        )
        .labelled_by(label.id);
        let typed = (!self.path.trim().is_empty()).then(|| PathBuf::from(self.path.trim()));
        if ui
            .button("Save game as")
            .on_hover_text("Save the game to a new .laager file; every action then saves itself")
            .clicked()
        {
            actions.push(
                typed
                    .clone()
                    .map_or(RecordsAction::PromptSaveAs, RecordsAction::SaveAs),
            );
        }
        if ui
            .button("Open game")
            .on_hover_text("Open a .laager file")
            .clicked()
            && let Some(path) = typed.or_else(|| {
                rfd::FileDialog::new()
                    .add_filter("Laager", &["laager"])
                    .pick_file()
            })
        {
            actions.push(RecordsAction::Open(path));
        }
        match session.path() {
            Some(path) => ui.weak(format!("autosaving to {}", path.display())),
            None => ui.weak("not saved yet"),
        };
    }

    /// In the browser the game has no file: it is kept by the page, and travels as the
    /// File menu's Download game and Upload game.
    #[cfg(target_arch = "wasm32")]
    #[allow(clippy::unused_self)]
    fn file_controls(
        &mut self,
        ui: &mut egui::Ui,
        _session: &Session,
        _actions: &mut Vec<RecordsAction>,
    ) {
        ui.weak("kept in this browser; File > Download game saves it as a .laager file");
    }
}
