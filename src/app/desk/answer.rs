//! The desk's answer card, always in view at the desk's top: the outcome in words and large
//! type, whom it touches and Apply; or the refusal with the cells it needs. A card whose
//! inputs changed since stays, greyed, saying what changed, and cannot be applied; an
//! applied card says which event it is.

use super::panel::{Desk, DeskAction};
use super::resolution_view::{RefusalAction, refusal_ui};
use crate::charts::Charts;
use crate::rules::words;
use crate::ruleset::Ruleset;

/// The tallest the card's list of what Apply writes may grow before it scrolls, so the
/// card never pushes the desk's dice and Resolve out of a laptop's window.
const PREVIEW_HEIGHT: f32 = 110.0;

impl Desk {
    /// The answer card. Returns whether to resolve again (cells typed against a refusal).
    pub(super) fn answer_ui(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
        actions: &mut Vec<DeskAction>,
    ) -> bool {
        // An applied card stays as it was applied; "inputs changed" is for a card not yet
        // applied.
        let stale = if self.result.is_some() && self.applied.is_none() {
            self.stale_reason(ruleset)
        } else {
            None
        };
        let mut retry = false;
        match self.result.clone() {
            Some(Ok(resolution)) => {
                let roles = self.result_roles.clone();
                let said = words::words(self.request.as_ref(), &resolution, &roles);
                let card = egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.scope(|ui| {
                        if stale.is_some() {
                            ui.multiply_opacity(0.45);
                        }
                        ui.add(
                            egui::Label::new(egui::RichText::new(said).size(19.0).strong()).wrap(),
                        );
                        if !resolution.warnings.is_empty() {
                            ui.colored_label(
                                ui.visuals().warn_fg_color,
                                format!(
                                    "{} reading(s) to check: see the warnings under the steps",
                                    resolution.warnings.len()
                                ),
                            );
                        }
                        egui::ScrollArea::vertical()
                            .id_salt("apply_preview")
                            .max_height(PREVIEW_HEIGHT)
                            .show(ui, |ui| {
                                if self.apply_preview.is_empty() {
                                    ui.weak(
                                        "Applying records the result; it changes no unit's record.",
                                    );
                                } else {
                                    for line in &self.apply_preview {
                                        ui.add(egui::Label::new(format!("• {line}")).wrap());
                                    }
                                }
                            });
                    });
                    self.apply_row(ui, stale.as_deref(), actions, &resolution);
                });
                if std::mem::take(&mut self.scroll_to_answer) {
                    card.response.scroll_to_me(Some(egui::Align::TOP));
                }
            }
            Some(Err(refusal)) => {
                self.scroll_to_answer = false;
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    if let Some(why) = &stale {
                        stale_line(ui, why);
                    }
                    ui.scope(|ui| {
                        if stale.is_some() {
                            ui.multiply_opacity(0.45);
                        }
                        // The cells asked for are what the referee does now: the card takes
                        // what it needs, up to most of the desk, and scrolls beyond.
                        let tallest = (ui.available_height() * 0.75).max(200.0);
                        egui::ScrollArea::vertical()
                            .id_salt("refusal_card")
                            .max_height(tallest)
                            .show(ui, |ui| {
                                let action = refusal_ui(
                                    ui,
                                    &refusal,
                                    charts,
                                    ruleset,
                                    &mut self.typed_cells,
                                    self.cell_error.as_deref(),
                                );
                                match action {
                                    RefusalAction::None => {}
                                    RefusalAction::UseOnce(cells) => {
                                        add_cells(&mut self.once_cells, cells);
                                        retry = true;
                                    }
                                    RefusalAction::SaveToClub(cells) => {
                                        add_cells(&mut self.once_cells, cells.clone());
                                        actions.push(DeskAction::SaveClubCells(cells));
                                        retry = true;
                                    }
                                    RefusalAction::Invalid(why) => {
                                        self.cell_error = Some(why);
                                    }
                                }
                            });
                    });
                });
            }
            None => {}
        }
        retry
    }

    /// Apply, or why not: the card applied (which event), the inputs changed since, or the
    /// game opened only to read.
    fn apply_row(
        &mut self,
        ui: &mut egui::Ui,
        stale: Option<&str>,
        actions: &mut Vec<DeskAction>,
        resolution: &crate::rules::AnyResolution,
    ) {
        if let Some(event) = self.applied {
            ui.strong(format!("Applied (event {event})"));
            ui.weak("Ctrl+Z undoes it; a new resolution needs a new throw of the dice.");
            return;
        }
        if let Some(why) = stale {
            stale_line(ui, why);
        }
        let refused = stale
            .map(|why| format!("Inputs changed ({why}): resolve again before applying"))
            .or_else(|| self.read_only.clone());
        if let Some(why) = &self.read_only
            && stale.is_none()
        {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
        let apply = ui
            .add_enabled(refused.is_none(), egui::Button::new("Apply to the game"))
            .on_hover_text("Record this result in the game's log (Ctrl+Enter)")
            .on_disabled_hover_text(refused.clone().unwrap_or_default())
            .clicked();
        if apply || (refused.is_none() && apply_shortcut(ui)) {
            actions.push(DeskAction::Apply(Box::new(resolution.clone())));
        }
    }
}

/// "Inputs changed (the base moved): resolve again", at full strength on a greyed card.
fn stale_line(ui: &mut egui::Ui, why: &str) {
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!("Inputs changed ({why}): resolve again"),
    );
}

/// Adds cells typed against a refusal to those of the resolution under way; a cell typed
/// again replaces its earlier value.
pub(super) fn add_cells(cells: &mut Vec<String>, new: Vec<String>) {
    for cell in new {
        let address = cell
            .split_once('=')
            .map_or(cell.as_str(), |(a, _)| a)
            .to_owned();
        cells.retain(|c| c.split_once('=').map_or(c.as_str(), |(a, _)| a) != address);
        cells.push(cell);
    }
}

/// Ctrl+Enter applies the result shown.
fn apply_shortcut(ui: &egui::Ui) -> bool {
    ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter))
}
