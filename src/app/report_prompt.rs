//! File → Campaign report…: the campaign's story for the club's noticeboard, written as a PDF
//! to print or as one web page, from the engine's one report ([`crate::game::Campaign::report`]
//! drawn by `store::report`, as `laager campaign report` writes it). The window only asks
//! where; an existing file is replaced only when the referee ticks so.

use super::LaagerApp;
use super::club_prompts::Answer;
use std::path::PathBuf;

/// Which form of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportKind {
    /// A PDF to print.
    Pdf,
    /// One self-contained web page.
    Html,
}

impl ReportKind {
    /// The file name's ending.
    pub fn extension(self) -> &'static str {
        match self {
            ReportKind::Pdf => "pdf",
            ReportKind::Html => "html",
        }
    }

    /// The bytes of the report of `campaign` in this form, and the warnings its pages print
    /// (a name no font here has).
    pub fn bytes(self, campaign: &crate::game::Campaign) -> (Vec<u8>, Vec<String>) {
        let report = campaign.report();
        match self {
            ReportKind::Pdf => {
                let printed = crate::store::pdf::report::print(&report);
                (printed.bytes, printed.warnings)
            }
            ReportKind::Html => (crate::store::report::html(&report).into_bytes(), Vec::new()),
        }
    }
}

/// The prompt's state: the path typed so far, and whether to replace a file there.
#[derive(Debug, Clone, Default)]
pub struct ReportPrompt {
    /// Where to write.
    pub path: String,
    /// Replace a file that exists.
    pub replace: bool,
}

/// A report to write: where, in which form, replacing a file there or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRequest {
    /// Where to write.
    pub path: PathBuf,
    /// Which form.
    pub kind: ReportKind,
    /// Replace a file that exists.
    pub replace: bool,
}

impl ReportPrompt {
    /// Draws the prompt; returns the report to write once the referee picks a form.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<Answer<ReportRequest>> {
        let mut answer = None;
        egui::Window::new("Campaign report")
            .collapsible(false)
            .default_width(520.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label("The campaign's story for the club's noticeboard: the games with their players, results and seals, the standings by side and by player, each side's strength game by game, and each regiment's record.");
                let label = ui.label("write to");
                ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .hint_text("club report.pdf")
                        .desired_width(480.0),
                )
                .labelled_by(label.id);
                ui.checkbox(&mut self.replace, "replace the file if it exists");
                let path = self.path.trim();
                ui.horizontal(|ui| {
                    for (kind, text) in [
                        (ReportKind::Pdf, "Write PDF"),
                        (ReportKind::Html, "Write web page"),
                    ] {
                        if ui
                            .add_enabled(!path.is_empty(), egui::Button::new(text))
                            .clicked()
                        {
                            answer = Some(Answer::Go(ReportRequest {
                                path: PathBuf::from(path),
                                kind,
                                replace: self.replace,
                            }));
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

impl LaagerApp {
    /// Draws the report prompt while it is open and writes what it answers.
    pub(crate) fn report_prompt_ui(&mut self, ui: &egui::Ui) {
        if let Some(prompt) = &mut self.windows.report_prompt
            && let Some(answer) = prompt.ui(ui.ctx())
        {
            self.windows.report_prompt = None;
            if let Answer::Go(request) = answer {
                self.push(super::Command::WriteReport(request));
            }
        }
    }

    /// Writes the campaign's report where asked, whole or not at all, and says so.
    pub(crate) fn write_report(&mut self, request: &ReportRequest) -> Result<(), String> {
        let (bytes, warnings) = request.kind.bytes(self.session.campaign());
        crate::store::export::write_whole(&request.path, &bytes, request.replace).map_err(
            |e| match e {
                crate::store::StoreError::Exists(path) => format!(
                    "{}: already exists; tick \"replace the file if it exists\" or choose another name",
                    path.display()
                ),
                other => other.to_string(),
            },
        )?;
        self.messages.push(format!(
            "wrote the campaign report to {}",
            request.path.display()
        ));
        for warning in warnings {
            self.messages.push(warning);
        }
        Ok(())
    }
}
