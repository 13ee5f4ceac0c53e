//! The Micro Colonial combat forms: small arms fire, the machine-gun jam check, melee,
//! rally, artillery and the Rorke's Drift break-in. Each form builds the engine's input;
//! the engine reads the charts, gives the exact odds and counts the dice.

use super::mc_fire::{ArcInput, FireForm, RangeInput};
use super::mc_panel::McProcedure;
use crate::charts::Charts;
use crate::resolution::{Refusal, Step};
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::artillery::{Ammo, ArtilleryInput, ArtilleryTarget, Gun};
use crate::rules::micro_colonial::jam::{Crew, JamInput};
use crate::rules::micro_colonial::melee::{MeleeInput, Side, TYPES};
use crate::rules::micro_colonial::rally::{Command, RallyClass, RallyInput, RoutLossInput};
use crate::rules::micro_colonial::rorkes_drift::{BreakInInput, Room};
use crate::ruleset::Ruleset;

/// Artillery Table 3's cells that are not tactical factors (the random factor's multiplier
/// and maximum), as the engine names them.
const NOT_FACTORS: [&str; 2] = ["random-factor-multiplier", "random-factor-maximum"];

/// A combo box over a closed set of names. Returns whether the value changed.
pub(super) fn pick<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    all: &[T],
    name: fn(T) -> &'static str,
) -> bool {
    let mut changed = false;
    egui::ComboBox::from_label(label)
        .selected_text(name(*value))
        .show_ui(ui, |ui| {
            for v in all {
                changed |= ui.selectable_value(value, *v, name(*v)).changed();
            }
        });
    changed
}

/// A labelled text field holding a number; `text` is what was typed. Returns whether it
/// was edited.
pub(super) fn number_field(ui: &mut egui::Ui, label: &str, text: &mut String, hover: &str) -> bool {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(80.0))
            .labelled_by(l.id)
            .on_hover_text(hover)
            .changed()
    })
    .inner
}

/// Checkboxes for the factor names of a chart (its cell keys).
fn factor_boxes(ui: &mut egui::Ui, id: &str, names: &[String], chosen: &mut Vec<String>) {
    egui::CollapsingHeader::new("tactical factors")
        .id_salt(id)
        .show(ui, |ui| {
            for name in names {
                let mut on = chosen.contains(name);
                if ui.checkbox(&mut on, name).changed() {
                    if on {
                        chosen.push(name.clone());
                    } else {
                        chosen.retain(|f| f != name);
                    }
                }
            }
        });
}

/// The cell keys of a chart, as factor names.
fn chart_keys(charts: &Charts, chart: &str) -> Vec<String> {
    charts
        .chart(Ruleset::MicroColonial, chart)
        .map(|c| c.cells().into_iter().map(|(k, _)| k.join(":")).collect())
        .unwrap_or_default()
}

/// The machine-gun jam form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JamForm {
    /// The gun's crew.
    pub crew: Crew,
}

/// The melee form for one side.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeSideForm {
    /// Present FF.
    pub ff: u32,
    /// Troop type.
    pub kind: String,
    /// Table 4's factors.
    pub factors: Vec<String>,
    /// Throws the impact round's two black dice.
    pub impact: bool,
    /// Attacks in flank in the first round (half FF).
    pub flank_attack: bool,
    /// The range it fired at before charging (mm), if it fired.
    pub fired_at_mm: Option<u32>,
    /// The last 20 mm of its charge were not straight.
    pub last_20mm_curved: bool,
}

impl MeleeSideForm {
    fn side(&self) -> Side {
        Side {
            ff: self.ff,
            kind: self.kind.clone(),
            factors: self.factors.clone(),
            impact: self.impact,
            flank_attack: self.flank_attack,
            fired_at_mm: self.fired_at_mm.map(f64::from),
            last_20mm_curved: self.last_20mm_curved,
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, id: &str, factor_names: &[String]) {
        ui.add(egui::Slider::new(&mut self.ff, 0..=2000).text(format!("{id} FF")));
        egui::ComboBox::from_label(format!("{id} type"))
            .selected_text(self.kind.as_str())
            .show_ui(ui, |ui| {
                for t in TYPES {
                    ui.selectable_value(&mut self.kind, (*t).to_owned(), *t);
                }
            });
        ui.checkbox(&mut self.impact, format!("{id} throws the impact round"));
        ui.checkbox(&mut self.flank_attack, format!("{id} attacks in flank"));
        let mut fired = self.fired_at_mm.is_some();
        ui.checkbox(&mut fired, format!("{id} fired before charging"));
        self.fired_at_mm = fired.then(|| self.fired_at_mm.unwrap_or(100));
        if let Some(r) = &mut self.fired_at_mm {
            ui.add(egui::Slider::new(r, 0..=800).text(format!("{id} fired at mm")));
        }
        ui.checkbox(
            &mut self.last_20mm_curved,
            format!("{id}: last 20 mm not straight"),
        );
        factor_boxes(
            ui,
            &format!("mc_melee_{id}"),
            factor_names,
            &mut self.factors,
        );
    }
}

/// The melee form: attacker A, defender B.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeForm {
    /// The attacker.
    pub a: MeleeSideForm,
    /// The defender.
    pub b: MeleeSideForm,
}

impl Default for MeleeForm {
    fn default() -> Self {
        let side = |ff, kind: &str| MeleeSideForm {
            ff,
            kind: kind.to_owned(),
            factors: Vec::new(),
            impact: false,
            flank_attack: false,
            fired_at_mm: None,
            last_20mm_curved: false,
        };
        MeleeForm {
            a: side(400, "native-fanatic-infantry"),
            b: side(120, "regular-infantry"),
        }
    }
}

impl MeleeForm {
    /// The engine's input.
    pub fn input(&self) -> MeleeInput {
        MeleeInput {
            a: self.a.side(),
            b: self.b.side(),
        }
    }
}

/// The rally form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RallyForm {
    /// The Rally table's class.
    pub class: RallyClass,
    /// The command figure with the unit.
    pub command: Command,
    /// Still in melee.
    pub in_melee: bool,
    /// Under cannister fire.
    pub under_cannister: bool,
}

impl RallyForm {
    /// The engine's input.
    pub fn input(&self) -> RallyInput {
        RallyInput {
            class: self.class,
            command: self.command,
            in_melee: self.in_melee,
            under_cannister: self.under_cannister,
        }
    }
}

/// The artillery form.
#[derive(Debug, Clone, PartialEq)]
pub struct ArtilleryForm {
    /// The piece.
    pub gun: Gun,
    /// Shell or cannister.
    pub ammo: Ammo,
    /// The measured range.
    pub range: RangeInput,
    /// The gun's present FF.
    pub gun_ff: u32,
    /// The target.
    pub target: ArtilleryTarget,
    /// Table 3's tactical factors.
    pub factors: Vec<String>,
    /// Overhead fire, with the nearest friends to the gun and to the target (mm).
    pub overhead: Option<(u32, u32)>,
    /// A close order target screened by skirmishers.
    pub skirmish_screen: bool,
}

impl Default for ArtilleryForm {
    fn default() -> Self {
        ArtilleryForm {
            gun: Gun::SixSeven,
            ammo: Ammo::Shell,
            range: RangeInput::new(350.0),
            gun_ff: 40,
            target: ArtilleryTarget::CloseOrderNative,
            factors: Vec::new(),
            overhead: None,
            skirmish_screen: false,
        }
    }
}

impl ArtilleryForm {
    /// The engine's input.
    pub fn input(&self) -> ArtilleryInput {
        ArtilleryInput {
            gun: self.gun,
            ammo: self.ammo,
            range_mm: self.range.range_mm,
            gun_ff: self.gun_ff,
            target: self.target,
            factors: self.factors.clone(),
            overhead: self.overhead.is_some(),
            friends_near_gun_mm: self.overhead.map(|(g, _)| f64::from(g)),
            friends_near_target_mm: self.overhead.map(|(_, t)| f64::from(t)),
            skirmish_screen: self.skirmish_screen,
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, factor_names: &[String]) {
        pick(ui, "gun", &mut self.gun, Gun::ALL, Gun::name);
        pick(ui, "ammunition", &mut self.ammo, Ammo::ALL, Ammo::name);
        self.range.ui(ui);
        ui.add(egui::Slider::new(&mut self.gun_ff, 0..=200).text("gun FF"));
        pick(
            ui,
            "artillery target",
            &mut self.target,
            ArtilleryTarget::ALL,
            ArtilleryTarget::name,
        );
        let mut overhead = self.overhead.is_some();
        ui.checkbox(&mut overhead, "overhead fire");
        self.overhead = overhead.then(|| self.overhead.unwrap_or((100, 100)));
        if let Some((g, t)) = &mut self.overhead {
            ui.add(egui::Slider::new(g, 0..=500).text("friends nearest the gun mm"));
            ui.add(egui::Slider::new(t, 0..=500).text("friends nearest the target mm"));
        }
        ui.checkbox(&mut self.skirmish_screen, "target screened by skirmishers");
        factor_boxes(ui, "mc_artillery_factors", factor_names, &mut self.factors);
    }
}

/// Every Micro Colonial combat form.
#[derive(Debug, Clone, PartialEq)]
pub struct McCombat {
    /// Small arms fire.
    pub fire: FireForm,
    /// The jam check.
    pub jam: JamForm,
    /// Melee.
    pub melee: MeleeForm,
    /// Rally.
    pub rally: RallyForm,
    /// Artillery.
    pub artillery: ArtilleryForm,
    /// Rorke's Drift break-in: the room is occupied.
    pub occupied: bool,
    /// Whether the target is in the firer's arc, for fire and artillery.
    pub arc: ArcInput,
}

impl Default for McCombat {
    fn default() -> Self {
        McCombat {
            fire: FireForm::default(),
            jam: JamForm {
                crew: Crew::Regular,
            },
            melee: MeleeForm::default(),
            rally: RallyForm {
                class: RallyClass::Levies,
                command: Command::None,
                in_melee: false,
                under_cannister: false,
            },
            artillery: ArtilleryForm::default(),
            occupied: true,
            arc: ArcInput::default(),
        }
    }
}

impl McCombat {
    /// The range measured on the table, for the fire and artillery forms (a typed range wins).
    pub fn plot_range(&mut self, mm: f64) {
        self.fire.range.plot(mm);
        self.artillery.range.plot(mm);
    }

    /// What the dice field asks for.
    pub fn dice_hint(procedure: McProcedure) -> &'static str {
        match procedure {
            McProcedure::Fire => "random factor, e.g. B4,R2",
            McProcedure::Melee => "A's random factor then B's, e.g. B4,R2,B3,R5",
            McProcedure::Rally | McProcedure::Morale | McProcedure::Rout => "one die, e.g. 3",
            _ => "black and red, e.g. B4,R2",
        }
    }

    /// Draws the form of a combat procedure.
    pub fn ui(&mut self, ui: &mut egui::Ui, procedure: McProcedure, charts: &Charts) {
        match procedure {
            McProcedure::Fire => {
                self.fire.ui(ui);
                self.arc.ui(ui);
            }
            McProcedure::Jam => {
                pick(ui, "crew", &mut self.jam.crew, Crew::ALL, Crew::name);
            }
            McProcedure::Melee => {
                let names = chart_keys(charts, "melee_additional_factors");
                ui.strong("A, the attacker");
                self.melee.a.ui(ui, "A", &names);
                ui.strong("B, the defender");
                self.melee.b.ui(ui, "B", &names);
            }
            McProcedure::Rally => {
                let r = &mut self.rally;
                pick(ui, "class", &mut r.class, RallyClass::ALL, RallyClass::name);
                pick(ui, "command", &mut r.command, Command::ALL, Command::name);
                ui.checkbox(&mut r.in_melee, "still in melee");
                ui.checkbox(&mut r.under_cannister, "under cannister fire");
            }
            McProcedure::Artillery => {
                let names: Vec<String> = chart_keys(charts, "artillery_tactical_factors")
                    .into_iter()
                    .filter(|k| !NOT_FACTORS.contains(&k.as_str()))
                    .collect();
                self.artillery.ui(ui, &names);
                self.arc.ui(ui);
            }
            McProcedure::BreakIn => {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.occupied, true, "occupied room");
                    ui.selectable_value(&mut self.occupied, false, "empty room");
                });
            }
            McProcedure::Rout => {
                ui.label(
                    "A breaking unit will lose one dice x 10 fighting factors per move of rout.",
                );
            }
            McProcedure::Movement | McProcedure::Morale => {}
        }
    }

    fn room(&self) -> Room {
        if self.occupied {
            Room::Occupied
        } else {
            Room::Empty
        }
    }

    /// A form field that does not read (a range typed as words), as a message.
    pub fn input_error(&self, procedure: McProcedure) -> Option<String> {
        match procedure {
            McProcedure::Fire => self.fire.range.error.clone(),
            McProcedure::Artillery => self.artillery.range.error.clone(),
            _ => None,
        }
    }

    /// The steps the desk puts before the engine's: where the range came from, and whether
    /// the target is in the arc (a refusal when it is not), for fire and artillery.
    pub fn first_steps(&self, procedure: McProcedure) -> Result<Vec<Step>, Refusal> {
        Ok(match procedure {
            McProcedure::Fire => vec![self.fire.range.step("SMALL ARMS FIRE"), self.arc.check()?],
            McProcedure::Artillery => vec![
                self.artillery.range.step("ARTILLERY FIRE"),
                self.arc.check()?,
            ],
            _ => Vec::new(),
        })
    }

    /// The engine's request for a combat procedure's form (`None` for movement and
    /// morale, whose forms are apart).
    pub fn request(&self, procedure: McProcedure) -> Option<mc::Request> {
        Some(match procedure {
            McProcedure::Fire => mc::Request::Fire(self.fire.input()),
            McProcedure::Jam => mc::Request::Jam(JamInput {
                crew: self.jam.crew,
            }),
            McProcedure::Melee => mc::Request::Melee(self.melee.input()),
            McProcedure::Rally => mc::Request::Rally(self.rally.input()),
            McProcedure::Artillery => mc::Request::Artillery(self.artillery.input()),
            McProcedure::BreakIn => mc::Request::BreakIn(BreakInInput { room: self.room() }),
            McProcedure::Rout => mc::Request::RoutLoss(RoutLossInput {}),
            McProcedure::Movement | McProcedure::Morale => return None,
        })
    }
}
