//! Adding and removing units: the active ruleset's troop types (DBA) or counter types
//! (Micro Colonial), sized from the tables by src/geometry.

use crate::app::command::Command;
use crate::charts::Charts;
use crate::geometry::{Layout, MC_COUNTER_TYPES, Point};
use crate::ruleset::Ruleset;
use egui::Ui;

/// The types a ruleset's units may be added as: (key, label).
pub fn unit_types(charts: &Charts, ruleset: Ruleset) -> Vec<(String, String)> {
    match ruleset {
        Ruleset::DbaZulu => {
            let Some(chart) = charts.chart(ruleset, "troop_types") else {
                return Vec::new();
            };
            let mut keys: Vec<String> = Vec::new();
            for (key, _) in chart.cells() {
                if !keys.contains(&key[0]) {
                    keys.push(key[0].clone());
                }
            }
            keys.into_iter()
                .map(|k| {
                    let label = chart
                        .cell(&[&k, "label"])
                        .and_then(|c| c.value.as_ref())
                        .and_then(|v| v.as_text().map(str::to_owned))
                        .unwrap_or_else(|| k.clone());
                    (k, label)
                })
                .collect()
        }
        Ruleset::MicroColonial => MC_COUNTER_TYPES
            .iter()
            .map(|k| ((*k).to_owned(), (*k).to_owned()))
            .collect(),
        Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => Vec::new(),
    }
}

/// The add-unit panel's fields.
#[derive(Debug, Clone)]
pub struct UnitsPanel {
    side: String,
    unit_type: String,
    unit_id: String,
}

impl Default for UnitsPanel {
    fn default() -> Self {
        UnitsPanel {
            side: "british".to_owned(),
            unit_type: String::new(),
            unit_id: String::new(),
        }
    }
}

/// The first free id of the form `side n`.
pub fn free_id(layout: &Layout, side: &str) -> String {
    (1..=layout.bases().len() + 1)
        .map(|n| format!("{side} {n}"))
        .find(|id| layout.base(id).is_none())
        .unwrap_or_else(|| side.to_owned())
}

impl UnitsPanel {
    #[allow(
        clippy::too_many_arguments,
        reason = "one panel over the table, the charts and the selection"
    )]
    /// Draws the panel; `at` is where a new unit goes (the middle of the view).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        charts: &Charts,
        ruleset: Ruleset,
        layout: &Layout,
        at: Point,
        selected: &[String],
        commands: &mut Vec<Command>,
    ) {
        let types = unit_types(charts, ruleset);
        if types.is_empty() {
            ui.label(format!(
                "{} has no troop types to place on a measured table.",
                ruleset.title()
            ));
        } else {
            if !types.iter().any(|(k, _)| *k == self.unit_type) {
                self.unit_type.clone_from(&types[0].0);
            }
            egui::ComboBox::from_label("Side")
                .selected_text(self.side.as_str())
                .show_ui(ui, |ui| {
                    for side in ["british", "zulu"] {
                        ui.selectable_value(&mut self.side, side.to_owned(), side);
                    }
                });
            let current = types
                .iter()
                .find(|(k, _)| *k == self.unit_type)
                .map_or("", |(_, l)| l.as_str());
            egui::ComboBox::from_label("Troop type")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (key, label) in &types {
                        ui.selectable_value(&mut self.unit_type, key.clone(), label);
                    }
                });
            ui.horizontal(|ui| {
                let l = ui.label("Unit id");
                ui.add(
                    egui::TextEdit::singleline(&mut self.unit_id)
                        .hint_text(free_id(layout, &self.side))
                        .desired_width(100.0),
                )
                .labelled_by(l.id);
            });
            if ui
                .button("Add unit")
                .on_hover_text(
                    "Add a unit of this type at the middle of the view, sized from the tables (A)",
                )
                .clicked()
                || ui.input(|i| i.key_pressed(egui::Key::A))
                    && !ui.ctx().egui_wants_keyboard_input()
            {
                let unit_id = if self.unit_id.trim().is_empty() {
                    free_id(layout, &self.side)
                } else {
                    self.unit_id.trim().to_owned()
                };
                self.unit_id.clear();
                commands.push(Command::AddUnit {
                    unit_id,
                    side: self.side.clone(),
                    unit_type: self.unit_type.clone(),
                    centre: at,
                    facing_deg: if self.side == "zulu" { 180.0 } else { 0.0 },
                });
            }
        }
        if ui
            .add_enabled(!selected.is_empty(), egui::Button::new("Delete selected"))
            .on_hover_text("Remove the selected units (Delete)")
            .clicked()
        {
            commands.push(Command::DeleteUnits(selected.to_vec()));
        }
    }
}
