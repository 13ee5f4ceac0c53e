//! The game's records on screen: the roster with each unit's present strength and status,
//! the move counter, the log with undo and redo, and the `.laager` file.

use super::log_view::LogView;
use super::roster::Roster;
use super::session::Session;
use crate::charts::Charts;
use crate::game::Event;
use std::path::PathBuf;

/// What the records panel asks the app to do at the end of the frame.
#[derive(Debug, Clone, PartialEq)]
pub enum RecordsAction {
    /// Undo the last action.
    Undo,
    /// Redo the last undo.
    Redo,
    /// Log a manual edit.
    Log(Event),
    /// Start a new game log for the table as it stands.
    NewGame,
    /// Save the campaign to a new `.laager` file.
    SaveAs(PathBuf),
    /// Open a `.laager` file.
    Open(PathBuf),
    /// Write the record sheet as CSV.
    ExportCsv(PathBuf),
    /// Write the record sheet as a PDF to print.
    ExportPdf(PathBuf),
    /// Write the game as JSON.
    ExportJson(PathBuf),
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
}

impl RecordsPanel {
    /// Draws the roster, the log and the file controls.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        charts: Option<&Charts>,
    ) -> Vec<RecordsAction> {
        let mut actions = Vec::new();
        let game = session.game();
        let state = game.state();
        ui.horizontal(|ui| {
            ui.strong(format!("Move {}", state.move_number));
            if let Some(phase) = &state.phase {
                ui.label(phase);
            }
            if ui
                .button("Next move")
                .on_hover_text("Advance the move counter")
                .clicked()
            {
                actions.push(RecordsAction::Log(Event::MoveAdvanced));
            }
            let label = ui.label("phase");
            let entered = ui
                .add(
                    egui::TextEdit::singleline(&mut self.phase)
                        .hint_text("Zulu move, British fire")
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
                actions.push(RecordsAction::Log(Event::PhaseSet {
                    phase: self.phase.trim().to_owned(),
                }));
                self.phase.clear();
            }
            ui.separator();
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
            ui.separator();
            if ui
                .button("New game")
                .on_hover_text(
                    "A new game log for the table as it stands (a saved game stays in its file)",
                )
                .clicked()
            {
                actions.push(RecordsAction::NewGame);
            }
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
                .on_hover_text(
                    "Save the game to a new .laager file; every action then saves itself",
                )
                .clicked()
                && let Some(path) = typed.clone().or_else(|| {
                    rfd::FileDialog::new()
                        .add_filter("Laager", &["laager"])
                        .save_file()
                })
            {
                actions.push(RecordsAction::SaveAs(path));
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
        });
        ui.horizontal(|ui| {
            let label = ui.label("export to");
            ui.add(
                egui::TextEdit::singleline(&mut self.export_path)
                    .hint_text("records.csv / sheet.pdf / game.json")
                    .desired_width(220.0),
            )
            .labelled_by(label.id);
            let typed = (!self.export_path.trim().is_empty())
                .then(|| PathBuf::from(self.export_path.trim()));
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
        });
        ui.columns(2, |columns| {
            columns[0].strong("Roster");
            egui::ScrollArea::vertical()
                .id_salt("roster")
                .max_height(200.0)
                .show_viewport(&mut columns[0], |ui, viewport| {
                    for event in self.roster.ui(ui, viewport, game, charts) {
                        actions.push(RecordsAction::Log(event));
                    }
                });
            columns[1].strong("Game log");
            self.log.ui(&mut columns[1], game);
        });
        actions
    }
}
