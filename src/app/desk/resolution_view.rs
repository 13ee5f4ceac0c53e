//! A resolution explained step by step with its rules, and a refusal with the chart cells
//! it needs opened in place for typing.

use crate::resolution::{Colour, Refusal, Resolution};
use std::collections::BTreeMap;

fn json_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Draws the dice, every step with its rule, the outcome and the warnings.
pub fn resolution_ui(ui: &mut egui::Ui, resolution: &Resolution) {
    for roll in &resolution.rolls {
        ui.horizontal(|ui| {
            ui.label(match roll.seed {
                Some(seed) => format!("dice (seed {seed}):"),
                None => "dice (typed):".to_owned(),
            });
            for face in &roll.faces {
                let text = face.to_string();
                let colour = match face.colour {
                    Some(Colour::Black) => egui::Color32::from_gray(20),
                    Some(Colour::Red) => egui::Color32::from_rgb(170, 20, 20),
                    None => egui::Color32::from_gray(90),
                };
                egui::Frame::new()
                    .fill(colour)
                    .corner_radius(3.0)
                    .inner_margin(egui::Margin::symmetric(5, 1))
                    .show(ui, |ui| ui.colored_label(egui::Color32::WHITE, text));
            }
        });
    }
    // One block per step, wrapped to the panel's width: the step, then its value and the
    // rule it comes from (a grid of long rule texts would widen the panel over the table).
    for (i, step) in resolution.steps.iter().enumerate() {
        ui.add(egui::Label::new(format!("{}. {}", i + 1, step.text)).wrap());
        let mut cite = step.rule.section.clone();
        if let Some(cell) = &step.rule.cell {
            cite.push_str(" · ");
            cite.push_str(cell);
        }
        let value = step.value.as_ref().map(json_text).unwrap_or_default();
        let line = if value.is_empty() {
            cite
        } else {
            format!("= {value} · {cite}")
        };
        ui.indent(("step", i), |ui| {
            ui.add(egui::Label::new(egui::RichText::new(line).weak()).wrap())
                .on_hover_text(&step.rule.document);
        });
    }
    ui.separator();
    for (key, value) in &resolution.outcome.to_map() {
        ui.horizontal(|ui| {
            ui.strong(key);
            ui.label(json_text(value));
        });
    }
    for warning in &resolution.warnings {
        ui.colored_label(ui.visuals().warn_fg_color, format!("Warning: {warning}"));
    }
}

/// What the referee chose to do with a refusal's missing cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefusalAction {
    /// Nothing yet.
    None,
    /// Resolve again with these cells, for this resolution only (`CHART:KEY=VALUE`).
    UseOnce(Vec<String>),
    /// Save these cells to the club's tables folder, then resolve again.
    SaveToClub(Vec<String>),
}

/// Draws a refusal: the reason, the rule, and a field for every needed cell.
pub fn refusal_ui(
    ui: &mut egui::Ui,
    refusal: &Refusal,
    typed: &mut BTreeMap<String, String>,
) -> RefusalAction {
    ui.colored_label(
        ui.visuals().error_fg_color,
        format!("Refused: {}", refusal.reason),
    );
    ui.weak(format!(
        "{} · {}",
        refusal.rule.section, refusal.rule.document
    ));
    if refusal.needs_cells.is_empty() {
        return RefusalAction::None;
    }
    ui.label("Type the values from your printed chart:");
    egui::Grid::new("needed_cells").show(ui, |ui| {
        for cell in &refusal.needs_cells {
            let address = cell.address();
            let label = ui.label(&address);
            ui.add(
                egui::TextEdit::singleline(typed.entry(address).or_default()).desired_width(80.0),
            )
            .labelled_by(label.id);
            ui.end_row();
        }
    });
    let assignments: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(|c| {
            let address = c.address();
            format!("{address}={}", typed.get(&address).map_or("", |v| v.trim()))
        })
        .collect();
    let complete = refusal.needs_cells.iter().all(|c| {
        typed
            .get(&c.address())
            .is_some_and(|v| !v.trim().is_empty())
    });
    let mut action = RefusalAction::None;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(complete, egui::Button::new("Use for this resolution"))
            .on_hover_text("Resolve with these values once; the club's tables are not changed")
            .clicked()
        {
            action = RefusalAction::UseOnce(assignments.clone());
        }
        if ui
            .add_enabled(complete, egui::Button::new("Save to club tables"))
            .on_hover_text("Write these values (confidence: house) into the club's tables folder")
            .clicked()
        {
            action = RefusalAction::SaveToClub(assignments.clone());
        }
    });
    action
}
