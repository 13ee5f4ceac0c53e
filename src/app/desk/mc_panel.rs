//! The Micro Colonial resolver forms. Movement: the troop type and mode, the terrain
//! crossed, changes of formation, interpenetrations, last move's volley losses (the D
//! column) and squares — the engine reads the charts and answers in mm.

use crate::rules::micro_colonial::morale::{Charge, MoraleInput};
use crate::rules::micro_colonial::movement::{
    Change, Crossing, Interpenetration, Mode, MoveInput, Square, Terrain, Troop,
};

/// The movement form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveForm {
    /// The troop type.
    pub troop: Troop,
    /// The mode of movement.
    pub mode: Mode,
    /// Terrain crossed, with a count (contours for a hill), 0 for none.
    pub terrain: Vec<(Terrain, u32)>,
    /// Changes made during the move.
    pub changes: Vec<Change>,
    /// Interpenetrations made during the move.
    pub interpenetrations: Vec<Interpenetration>,
    /// FF lost to volley fire last move (from the D column of the record sheet).
    pub volley_losses: u32,
    /// Part of a large square, and where.
    pub square: Option<Square>,
}

impl Default for MoveForm {
    fn default() -> Self {
        MoveForm {
            troop: Troop::ALL[0],
            mode: Mode::Normal,
            terrain: Terrain::ALL.iter().map(|t| (*t, 0)).collect(),
            changes: Vec::new(),
            interpenetrations: Vec::new(),
            volley_losses: 0,
            square: None,
        }
    }
}

fn toggle<T: PartialEq + Copy>(ui: &mut egui::Ui, list: &mut Vec<T>, item: T, label: &str) {
    let mut on = list.contains(&item);
    if ui.checkbox(&mut on, label).changed() {
        if on {
            list.push(item);
        } else {
            list.retain(|x| *x != item);
        }
    }
}

impl MoveForm {
    /// The engine's input for this form.
    pub fn input(&self) -> MoveInput {
        let mut request = MoveInput::new(self.troop);
        request.mode = self.mode;
        request.terrain = self
            .terrain
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(kind, count)| Crossing {
                kind: *kind,
                count: *count,
            })
            .collect();
        request.changes.clone_from(&self.changes);
        request
            .interpenetrations
            .clone_from(&self.interpenetrations);
        request.volley_losses = self.volley_losses;
        request.square = self.square;
        request
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        egui::ComboBox::from_label("troop")
            .selected_text(self.troop.name())
            .show_ui(ui, |ui| {
                for t in Troop::ALL {
                    ui.selectable_value(&mut self.troop, *t, t.name());
                }
            });
        egui::ComboBox::from_label("mode")
            .selected_text(self.mode.name())
            .show_ui(ui, |ui| {
                for m in Mode::ALL {
                    ui.selectable_value(&mut self.mode, *m, m.name());
                }
            });
        egui::CollapsingHeader::new("terrain crossed")
            .id_salt("mc_terrain")
            .show(ui, |ui| {
                for (kind, count) in &mut self.terrain {
                    let max = if *kind == Terrain::Hill { 5 } else { 1 };
                    ui.add(egui::Slider::new(count, 0..=max).text(kind.name()));
                }
            });
        egui::CollapsingHeader::new("changes and interpenetrations")
            .id_salt("mc_changes")
            .show(ui, |ui| {
                for c in Change::ALL {
                    toggle(ui, &mut self.changes, *c, c.name());
                }
                for i in Interpenetration::ALL {
                    toggle(ui, &mut self.interpenetrations, *i, i.name());
                }
            });
        ui.add(
            egui::Slider::new(&mut self.volley_losses, 0..=200).text("volley losses last move (D)"),
        );
        ui.horizontal(|ui| {
            ui.label("square");
            ui.selectable_value(&mut self.square, None, "none");
            for s in Square::ALL {
                ui.selectable_value(&mut self.square, Some(*s), s.name());
            }
        });
    }
}

/// Which Micro Colonial procedure the desk resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum McProcedure {
    /// The move allowance.
    Movement,
    /// A morale test.
    Morale,
    /// Small arms fire.
    Fire,
    /// A machine or Gatling gun's jam check.
    Jam,
    /// A round of melee.
    Melee,
    /// A rally attempt.
    Rally,
    /// One gun's fire.
    Artillery,
    /// A Zulu attempt to break into a building at Rorke's Drift.
    BreakIn,
    /// One move of rout: "one dice x 10 fighting factors".
    Rout,
}

impl McProcedure {
    /// Every procedure, with its label.
    pub const ALL: [(McProcedure, &'static str); 9] = [
        (McProcedure::Movement, "Movement"),
        (McProcedure::Morale, "Morale test"),
        (McProcedure::Fire, "Fire"),
        (McProcedure::Jam, "Jam"),
        (McProcedure::Melee, "Melee"),
        (McProcedure::Rally, "Rally"),
        (McProcedure::Artillery, "Artillery"),
        (McProcedure::BreakIn, "Break-in"),
        (McProcedure::Rout, "Rout loss"),
    ];
}

/// The morale-test form. Troop type and class are the row and column names of the club's
/// morale charts (their printed headers are lost), so they are typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleForm {
    /// Initial FF.
    pub initial_ff: u32,
    /// Present FF.
    pub present_ff: u32,
    /// The troop type (Morale Table 3's row).
    pub troop: String,
    /// The class (the result table's column).
    pub class: String,
    /// Cavalry read GO TO GROUND as FALL BACK.
    pub cavalry: bool,
    /// Charging or being charged.
    pub charge: Option<Charge>,
    /// Table 4's factors that apply, each with its count (1, or the number of units for
    /// the factors counted per unit).
    pub factors: Vec<(String, u32)>,
}

impl Default for MoraleForm {
    fn default() -> Self {
        MoraleForm {
            initial_ff: 400,
            present_ff: 320,
            troop: "zulu".to_owned(),
            class: "native".to_owned(),
            cavalry: false,
            charge: None,
            factors: Vec::new(),
        }
    }
}

impl MoraleForm {
    /// The engine's input.
    pub fn input(&self) -> MoraleInput {
        MoraleInput {
            initial_ff: self.initial_ff,
            present_ff: self.present_ff,
            troop: self.troop.trim().to_owned(),
            class: self.class.trim().to_owned(),
            cavalry: self.cavalry,
            charge: self.charge,
            factors: self.factors.clone(),
        }
    }

    /// Draws the form; `factor_names` are Table 4's factors in the charts in force.
    pub fn ui(&mut self, ui: &mut egui::Ui, factor_names: &[String]) {
        ui.add(egui::Slider::new(&mut self.initial_ff, 1..=2000).text("initial FF"));
        ui.add(egui::Slider::new(&mut self.present_ff, 0..=2000).text("present FF"));
        ui.horizontal(|ui| {
            let label = ui.label("troop type");
            ui.add(egui::TextEdit::singleline(&mut self.troop).desired_width(140.0))
                .labelled_by(label.id)
                .on_hover_text("Morale Table 3's row, as the club's chart names it");
        });
        ui.horizontal(|ui| {
            let label = ui.label("class");
            ui.add(egui::TextEdit::singleline(&mut self.class).desired_width(140.0))
                .labelled_by(label.id)
                .on_hover_text("The result table's column, as the club's chart names it");
        });
        ui.checkbox(
            &mut self.cavalry,
            "cavalry (go to ground reads as fall back)",
        );
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.charge, None, "no charge");
            ui.selectable_value(&mut self.charge, Some(Charge::Charging), "charging");
            ui.selectable_value(
                &mut self.charge,
                Some(Charge::BeingCharged),
                "being charged",
            );
        });
        egui::CollapsingHeader::new("tactical factors")
            .id_salt("mc_morale_factors")
            .show(ui, |ui| {
                for name in factor_names {
                    let at = self.factors.iter().position(|(f, _)| f == name);
                    ui.horizontal(|ui| {
                        let mut on = at.is_some();
                        if ui.checkbox(&mut on, name).changed() {
                            if on {
                                self.factors.push((name.clone(), 1));
                            } else {
                                self.factors.retain(|(f, _)| f != name);
                            }
                        }
                        // "per ..." factors count units (looked up again: the box may
                        // just have removed it).
                        if let Some(at) = self.factors.iter().position(|(f, _)| f == name)
                            && name.starts_with("per-")
                        {
                            ui.add(
                                egui::DragValue::new(&mut self.factors[at].1)
                                    .range(1..=20)
                                    .suffix(" units"),
                            );
                        }
                    });
                }
            });
    }
}
