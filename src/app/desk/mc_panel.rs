//! The Micro Colonial resolver forms. Movement: the troop type and mode, the terrain
//! crossed, changes of formation, interpenetrations, last move's volley losses (the D
//! column) and squares — the engine reads the charts and answers in mm.

use super::mc_fire::{GivenField, INITIAL_FF, PRESENT_FF, decided, whole_field};
use crate::rules::micro_colonial::morale::{Charge, MoraleInput};
use crate::rules::micro_colonial::movement::{
    Change, Crossing, Interpenetration, Mode, MoveInput, Square, Terrain, Troop,
};
use crate::rules::situation::Origins;
use crate::rules::words::readable;

/// The movement form: the engine's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveForm {
    /// The move, as the engine resolves it.
    pub input: MoveInput,
}

impl Default for MoveForm {
    fn default() -> Self {
        MoveForm {
            input: MoveInput::new(Troop::ALL[0]),
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
    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let input = &mut self.input;
        egui::ComboBox::from_label("troop")
            .selected_text(readable(input.troop.name()))
            .show_ui(ui, |ui| {
                for t in Troop::ALL {
                    ui.selectable_value(&mut input.troop, *t, readable(t.name()));
                }
            });
        egui::ComboBox::from_label("mode")
            .selected_text(readable(input.mode.name()))
            .show_ui(ui, |ui| {
                for m in Mode::ALL {
                    ui.selectable_value(&mut input.mode, *m, readable(m.name()));
                }
            });
        egui::CollapsingHeader::new("terrain crossed")
            .id_salt("mc_terrain")
            .show(ui, |ui| {
                for kind in Terrain::ALL {
                    let at = input.terrain.iter().position(|c| c.kind == *kind);
                    let mut count = at.map_or(0, |i| input.terrain[i].count);
                    // A counted crossing (contours, areas) takes a number; a track is
                    // followed or not (the engine's `Terrain::counted`).
                    let changed = if kind.counted() {
                        super::bounded::count(ui, &readable(kind.name()), &mut count).changed()
                    } else {
                        let mut on = count > 0;
                        let changed = ui.checkbox(&mut on, readable(kind.name())).changed();
                        count = u32::from(on);
                        changed
                    };
                    if changed {
                        input.terrain.retain(|c| c.kind != *kind);
                        if count > 0 {
                            input.terrain.push(Crossing { kind: *kind, count });
                        }
                        // The terrain in the order the form lists it.
                        input
                            .terrain
                            .sort_by_key(|c| Terrain::ALL.iter().position(|t| *t == c.kind));
                    }
                }
            });
        egui::CollapsingHeader::new("changes and interpenetrations")
            .id_salt("mc_changes")
            .show(ui, |ui| {
                for c in Change::ALL {
                    toggle(ui, &mut input.changes, *c, c.name());
                }
                for i in Interpenetration::ALL {
                    toggle(ui, &mut input.interpenetrations, *i, i.name());
                }
            });
        super::hints::hinted(
            super::bounded::strength(ui, "volley losses last move (D)", &mut input.volley_losses),
            "volley losses last move (D)",
        );
        ui.horizontal(|ui| {
            ui.label("square");
            ui.selectable_value(&mut input.square, None, "none");
            for s in Square::ALL {
                ui.selectable_value(&mut input.square, Some(*s), s.name());
            }
        });
    }
}

/// Which Micro Colonial procedure the desk resolves: the engine's list.
pub type McProcedure = crate::rules::micro_colonial::ProcedureId;

/// The desk's layout of the procedures: a row for each group.
pub struct McGroups;

impl McGroups {
    /// The procedures in the desk's groups, each group a row of its own.
    pub const GROUPS: [(&'static str, &'static [McProcedure]); 6] = [
        (
            "move",
            &[
                McProcedure::Move,
                McProcedure::Charge,
                McProcedure::Pursuit,
                McProcedure::Evade,
                McProcedure::Initiative,
            ],
        ),
        (
            "fire",
            &[
                McProcedure::Fire,
                McProcedure::Jam,
                McProcedure::Artillery,
                McProcedure::RandomFactor,
            ],
        ),
        ("melee", &[McProcedure::Melee]),
        (
            "morale",
            &[
                McProcedure::MoraleDue,
                McProcedure::Morale,
                McProcedure::LossFactor,
                McProcedure::Rally,
                McProcedure::RoutLoss,
            ],
        ),
        (
            "Rorke's Drift",
            &[
                McProcedure::BreakIn,
                McProcedure::RdFiringParty,
                McProcedure::RdCombine,
                McProcedure::RdMelee,
                McProcedure::RdFire,
                McProcedure::RdMove,
                McProcedure::ZMarker,
                McProcedure::RdVictory,
                McProcedure::RdSetup,
            ],
        ),
        ("game", &[McProcedure::Victory]),
    ];
}

/// The morale-test form: the engine's input. Troop type and class are the row and column
/// names of the club's morale charts (their printed headers are lost), so they are typed.
#[derive(Debug, Clone, PartialEq)]
pub struct MoraleForm {
    /// The test, as the engine resolves it.
    pub input: MoraleInput,
    /// The IF field: asked for until typed or read from the unit's record.
    pub initial: GivenField,
    /// The PF field: likewise.
    pub present: GivenField,
}

/// What the troop type and class fields say while empty.
const TROOP_ASK: &str = "type Morale Table 3's row as the club's chart names it, or select the unit on the table (its troop type from the records)";
const CLASS_ASK: &str = "type the result table's column as the club's chart names it, or select the unit on the table (its class from the records)";

impl Default for MoraleForm {
    fn default() -> Self {
        MoraleForm {
            initial: GivenField::empty(),
            present: GivenField::empty(),
            input: MoraleInput {
                initial_ff: 0,
                present_ff: 0,
                troop: String::new(),
                class: String::new(),
                cavalry: false,
                charge: None,
                factors: Vec::new(),
                origins: Origins::default(),
            },
        }
    }
}

impl MoraleForm {
    /// The engine's input, the typed names trimmed.
    pub fn input(&self) -> MoraleInput {
        let mut input = self.input.clone();
        input.troop = input.troop.trim().to_owned();
        input.class = input.class.trim().to_owned();
        input
    }

    /// What the form asks for and nothing gave, named (none is assumed): the IF, the PF,
    /// the troop type and the class.
    pub fn error(&self) -> Option<String> {
        let named = |text: &str, label: &str, ask: &str| {
            text.trim()
                .is_empty()
                .then(|| format!("{label}: not given: {ask}"))
        };
        self.initial
            .missing(&INITIAL_FF)
            .or_else(|| self.present.missing(&PRESENT_FF))
            .or_else(|| named(&self.input.troop, "troop type", TROOP_ASK))
            .or_else(|| named(&self.input.class, "class", CLASS_ASK))
    }

    /// Draws the form; `factor_names` are Table 4's factors in the charts in force.
    pub fn ui(&mut self, ui: &mut egui::Ui, factor_names: &[String]) {
        let Self {
            input,
            initial,
            present,
        } = self;
        let from = decided(&input.origins, crate::field!(MoraleInput: initial_ff));
        whole_field(ui, initial, &INITIAL_FF, &mut input.initial_ff, from);
        let from = decided(&input.origins, crate::field!(MoraleInput: present_ff));
        whole_field(ui, present, &PRESENT_FF, &mut input.present_ff, from);
        for (label, text, hint, ask) in [
            (
                "troop type",
                &mut input.troop,
                "Morale Table 3's row, as the club's chart names it",
                TROOP_ASK,
            ),
            (
                "class",
                &mut input.class,
                "The result table's column, as the club's chart names it",
                CLASS_ASK,
            ),
        ] {
            ui.horizontal(|ui| {
                let label_id = ui.label(label).id;
                ui.add(egui::TextEdit::singleline(text).desired_width(140.0))
                    .labelled_by(label_id)
                    .on_hover_text(hint);
            });
            if text.trim().is_empty() {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{label}: not given: {ask}"),
                );
            }
        }
        super::hints::check(
            ui,
            &mut input.cavalry,
            "cavalry (go to ground reads as fall back)",
        );
        ui.horizontal(|ui| {
            ui.selectable_value(&mut input.charge, None, "no charge");
            ui.selectable_value(&mut input.charge, Some(Charge::Charging), "charging");
            ui.selectable_value(
                &mut input.charge,
                Some(Charge::BeingCharged),
                "being charged",
            );
        });
        let factors = &mut input.factors;
        egui::CollapsingHeader::new("tactical factors")
            .id_salt("mc_morale_factors")
            .show(ui, |ui| {
                for name in factor_names {
                    let at = factors.iter().position(|(f, _)| f == name);
                    ui.horizontal(|ui| {
                        let mut on = at.is_some();
                        if ui.checkbox(&mut on, name).changed() {
                            if on {
                                factors.push((name.clone(), 1));
                            } else {
                                factors.retain(|(f, _)| f != name);
                            }
                        }
                        // "per ..." factors count units (looked up again: the box may
                        // just have removed it).
                        if let Some(at) = factors.iter().position(|(f, _)| f == name)
                            && name.starts_with("per-")
                        {
                            ui.add(
                                egui::DragValue::new(&mut factors[at].1)
                                    .range(1..=20)
                                    .suffix(" units"),
                            );
                        }
                    });
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::{McGroups, McProcedure};

    // Every procedure is on the desk once, in one group.
    #[test]
    fn each_procedure_is_in_one_group() {
        for p in McProcedure::ALL.iter().copied() {
            let n = McGroups::GROUPS
                .iter()
                .flat_map(|(_, ps)| ps.iter())
                .filter(|q| **q == p)
                .count();
            assert_eq!(n, 1, "{p:?}");
        }
    }
}
