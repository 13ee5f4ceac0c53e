//! The app's own file prompts (File menu): save the game as, open a game, export the
//! records as CSV, print the record sheet as a PDF, export the game as JSON. Each opens with
//! a name ready in the games folder, takes a typed path where no system dialog is, asks
//! before replacing a file, and hands the path back for the app to act on and confirm.

use std::path::PathBuf;

/// What a prompt is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// Save the campaign to a new `.laager` file.
    SaveGame,
    /// Open a `.laager` file.
    OpenGame,
    /// The record sheet as CSV.
    ExportCsv,
    /// The record sheet as a PDF to print.
    PrintPdf,
    /// The game, its layout and its log, as JSON.
    ExportJson,
}

impl PromptKind {
    /// The prompt's title, as the File menu names it.
    pub fn title(self) -> &'static str {
        match self {
            PromptKind::SaveGame => "Save game as",
            PromptKind::OpenGame => "Open game",
            PromptKind::ExportCsv => "Export records CSV",
            PromptKind::PrintPdf => "Print record sheet (PDF)",
            PromptKind::ExportJson => "Export game JSON",
        }
    }

    /// What it does, in a line.
    fn what(self) -> &'static str {
        match self {
            PromptKind::SaveGame => {
                "The game is written to this file, and every action then saves itself."
            }
            PromptKind::OpenGame => "The game in this .laager file opens on its last game.",
            PromptKind::ExportCsv => "The casualty record sheet of this game, as CSV.",
            PromptKind::PrintPdf => {
                "Each unit's casualty record as the rules keep it, one A4 page per 20 units, to print."
            }
            PromptKind::ExportJson => "The game, its layout and its log, as JSON.",
        }
    }

    /// The button that carries it out.
    fn verb(self) -> &'static str {
        match self {
            PromptKind::SaveGame => "Save",
            PromptKind::OpenGame => "Open",
            PromptKind::ExportCsv | PromptKind::ExportJson => "Export",
            PromptKind::PrintPdf => "Print",
        }
    }

    /// The file's extension.
    pub fn extension(self) -> &'static str {
        match self {
            PromptKind::SaveGame | PromptKind::OpenGame => "laager",
            PromptKind::ExportCsv => "csv",
            PromptKind::PrintPdf => "pdf",
            PromptKind::ExportJson => "json",
        }
    }

    /// Whether it writes a file the referee may already have (asked before it is replaced).
    fn writes_over(self) -> bool {
        matches!(
            self,
            PromptKind::ExportCsv | PromptKind::PrintPdf | PromptKind::ExportJson
        )
    }
}

/// An open prompt: what for, the path typed so far, and whether the referee is being asked
/// to replace the file there.
#[derive(Debug, Clone, PartialEq)]
pub struct FilePrompt {
    /// What it is for.
    pub kind: PromptKind,
    /// The path typed (opened with a name ready).
    pub typed: String,
    /// The file exists: the prompt asks before replacing it.
    pub replacing: bool,
}

impl FilePrompt {
    /// A prompt of `kind` opening on `path`.
    pub fn new(kind: PromptKind, path: &std::path::Path) -> FilePrompt {
        FilePrompt {
            kind,
            typed: path.display().to_string(),
            replacing: false,
        }
    }

    /// Draws the prompt. Returns the path once the referee confirms it (and, for a file
    /// that exists, agreed to replace it), and whether the prompt stays open.
    pub fn ui(&mut self, ctx: &egui::Context) -> (Option<PathBuf>, bool) {
        let mut open = true;
        let mut chosen = None;
        let mut close = false;
        let kind = self.kind;
        egui::Window::new(kind.title())
            .open(&mut open)
            .collapsible(false)
            .default_width(520.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label(kind.what());
                let label = ui.label("file");
                let response = ui
                    .add(egui::TextEdit::singleline(&mut self.typed).desired_width(480.0))
                    .labelled_by(label.id);
                if response.changed() {
                    self.replacing = false;
                }
                let entered =
                    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let path = self.typed.trim().to_owned();
                if self.replacing {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{path} exists. Replace it?"),
                    );
                    ui.horizontal(|ui| {
                        if ui.button("Replace").clicked() {
                            chosen = Some(PathBuf::from(&path));
                        }
                        if ui.button("Keep it").clicked() {
                            self.replacing = false;
                        }
                    });
                    return;
                }
                ui.horizontal(|ui| {
                    if (ui
                        .add_enabled(!path.is_empty(), egui::Button::new(kind.verb()))
                        .clicked()
                        || entered)
                        && !path.is_empty()
                    {
                        let target = PathBuf::from(&path);
                        if kind.writes_over() && target.exists() {
                            self.replacing = true;
                        } else {
                            chosen = Some(target);
                        }
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Browse…")
                        .on_hover_text(
                            "Choose the file with the system's dialog, where there is one",
                        )
                        .clicked()
                    {
                        let dialog =
                            rfd::FileDialog::new().add_filter(kind.title(), &[kind.extension()]);
                        let picked = if kind == PromptKind::OpenGame {
                            dialog.pick_file()
                        } else {
                            dialog.save_file()
                        };
                        if let Some(path) = picked {
                            self.typed = path.display().to_string();
                            self.replacing = false;
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        close = true;
                    }
                });
            });
        let stays = open && !close && chosen.is_none();
        (chosen, stays)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exports_ask_before_replacing_and_a_game_opens_as_it_is() {
        assert!(PromptKind::PrintPdf.writes_over());
        assert!(!PromptKind::OpenGame.writes_over());
        assert_eq!(PromptKind::PrintPdf.extension(), "pdf");
        let prompt = FilePrompt::new(PromptKind::ExportCsv, std::path::Path::new("a.csv"));
        assert_eq!(prompt.typed, "a.csv");
        assert!(!prompt.replacing);
    }
}
