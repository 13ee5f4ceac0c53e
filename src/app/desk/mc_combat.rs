//! The Micro Colonial combat forms: small arms fire, the machine-gun jam check, melee,
//! rally, artillery and the Rorke's Drift break-in. Each form builds the engine's input;
//! the engine reads the charts, gives the exact odds and counts the dice.

// `Result<_, Refusal>` is the rules' contract (see rules::micro_colonial).
#![allow(clippy::result_large_err)]

use super::mc_panel::McProcedure;
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, RuleRef, Step};
use crate::rules::micro_colonial::Failure;
use crate::rules::micro_colonial::artillery::{self, Ammo, ArtilleryFire, ArtilleryTarget, Gun};
use crate::rules::micro_colonial::fire::{
    self, Engaged, FireRequest, FireType, Firer, Target, Weapon,
};
use crate::rules::micro_colonial::jam::{self, Crew};
use crate::rules::micro_colonial::lost_keys::LostKeyCells;
use crate::rules::micro_colonial::melee::{self, Melee, Side, TYPES};
use crate::rules::micro_colonial::rally::{self, Command, RallyAttempt, RallyClass};
use crate::rules::micro_colonial::rorkes_drift::{self, Room};
use crate::ruleset::Ruleset;

/// Artillery Table 3's cells that are not tactical factors (the random factor's multiplier
/// and maximum), as the engine names them.
const NOT_FACTORS: [&str; 2] = ["random-factor-multiplier", "random-factor-maximum"];

/// A combo box over a closed set of names. Returns whether the value changed.
fn pick<T: Copy + PartialEq>(
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
fn number_field(ui: &mut egui::Ui, label: &str, text: &mut String, hover: &str) -> bool {
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

/// A measured range: plotted on the table, or typed by hand (which wins).
#[derive(Debug, Clone, PartialEq)]
pub struct RangeInput {
    /// The range used (mm).
    pub range_mm: f64,
    /// Typed by hand; a plotted range no longer replaces it.
    pub range_typed: bool,
    /// Taken from the table's measurement.
    pub plotted: bool,
    /// The text in the field.
    pub text: String,
    /// The field does not read as a distance.
    pub error: Option<String>,
}

impl RangeInput {
    fn new(mm: f64) -> RangeInput {
        RangeInput {
            range_mm: mm,
            range_typed: false,
            plotted: false,
            text: mm.to_string(),
            error: None,
        }
    }

    /// The range measured on the table; ignored once a range is typed by hand.
    pub fn plot(&mut self, mm: f64) {
        if self.range_typed {
            return;
        }
        let mm = (mm * 10.0).round() / 10.0;
        self.plotted = true;
        if (mm - self.range_mm).abs() > f64::EPSILON {
            self.range_mm = mm;
            self.text = mm.to_string();
            self.error = None;
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        if number_field(
            ui,
            "range mm",
            &mut self.text,
            "Centre of the firer to the nearest point of the target; a typed range wins over the plotted one",
        ) {
            self.range_typed = true;
            match self.text.trim().parse::<f64>() {
                Ok(v) if v.is_finite() && v >= 0.0 => {
                    self.range_mm = v;
                    self.error = None;
                }
                _ => {
                    self.error = Some(format!("range: '{}' is not a distance in mm", self.text));
                }
            }
        }
        ui.horizontal(|ui| {
            ui.label(self.source());
            if self.range_typed
                && ui
                    .button("use the plotted range")
                    .on_hover_text("Take the range from the table again")
                    .clicked()
            {
                self.range_typed = false;
                self.plotted = false;
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    /// Where the range came from, in words.
    fn source(&self) -> &'static str {
        if self.range_typed {
            "range typed by hand"
        } else if self.plotted {
            "range plotted on the table"
        } else {
            "range as set on the form (nothing plotted or typed)"
        }
    }

    /// The step saying which range was used.
    fn step(&self, section: &str) -> Step {
        Step::note(
            RuleRef::section(Ruleset::MicroColonial, section),
            format!(
                "measured range {} mm: {}",
                self.range_mm,
                if self.range_typed {
                    "typed by hand at the desk (it wins over the plotted range)"
                } else if self.plotted {
                    "plotted on the table, centre of the firer to the nearest point of the target"
                } else {
                    "as set on the form; nothing was plotted or typed"
                }
            ),
        )
    }
}

/// The small arms fire form.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq)]
pub struct FireForm {
    /// Who fires.
    pub firer: Firer,
    /// The firing unit's present FF.
    pub firer_ff: u32,
    /// The weapon.
    pub weapon: Weapon,
    /// Volley or independent.
    pub fire: FireType,
    /// The measured range.
    pub range: RangeInput,
    /// The target's present FF.
    pub target_ff: u32,
    /// The target's section of Table 2.
    pub target: Target,
    /// The firers are in a building.
    pub in_building: bool,
    /// The regulars' initial volley.
    pub initial_volley: bool,
    /// The rear unit's FF of a two-unit formation, if any.
    pub two_unit_rear_ff: Option<u32>,
    /// The target is in a melee, engaged on this side.
    pub target_in_melee: Option<Engaged>,
    /// The round of that melee.
    pub melee_round: u32,
    /// Changing from independent to volley fire this move.
    pub changing_to_volley: bool,
    /// A partial jam's minus figure.
    pub jam_penalty: Option<i64>,
}

impl Default for FireForm {
    fn default() -> Self {
        FireForm {
            firer: Firer::RegularInfantry,
            firer_ff: 250,
            weapon: Weapon::Rifle,
            fire: FireType::Volley,
            range: RangeInput::new(250.0),
            target_ff: 300,
            target: Target::NativeCloseOrderInOpen,
            in_building: false,
            initial_volley: false,
            two_unit_rear_ff: None,
            target_in_melee: None,
            melee_round: 1,
            changing_to_volley: false,
            jam_penalty: None,
        }
    }
}

impl FireForm {
    /// The engine's request.
    pub fn request(&self) -> FireRequest {
        FireRequest {
            firer: self.firer,
            firer_ff: self.firer_ff,
            weapon: self.weapon,
            fire: self.fire,
            range_mm: self.range.range_mm,
            target_ff: self.target_ff,
            target: self.target,
            in_building: self.in_building,
            initial_volley: self.initial_volley,
            two_unit_rear_ff: self.two_unit_rear_ff,
            target_in_melee: self.target_in_melee,
            melee_round: self.melee_round,
            changing_to_volley: self.changing_to_volley,
            jam_penalty: self.jam_penalty,
        }
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        pick(ui, "firer", &mut self.firer, Firer::ALL, Firer::name);
        ui.add(egui::Slider::new(&mut self.firer_ff, 0..=2000).text("firer FF"));
        pick(ui, "weapon", &mut self.weapon, Weapon::ALL, Weapon::name);
        pick(
            ui,
            "type of fire",
            &mut self.fire,
            FireType::ALL,
            FireType::name,
        );
        self.range.ui(ui);
        ui.add(egui::Slider::new(&mut self.target_ff, 0..=2000).text("target FF"));
        pick(ui, "target", &mut self.target, Target::ALL, Target::name);
        ui.checkbox(&mut self.in_building, "firers in a building");
        ui.checkbox(&mut self.initial_volley, "initial volley of the battle");
        ui.checkbox(
            &mut self.changing_to_volley,
            "changing to volley fire this move",
        );
        let mut two_unit = self.two_unit_rear_ff.is_some();
        ui.checkbox(&mut two_unit, "two-unit formation");
        self.two_unit_rear_ff = two_unit.then(|| self.two_unit_rear_ff.unwrap_or(0));
        if let Some(rear) = &mut self.two_unit_rear_ff {
            ui.add(egui::Slider::new(rear, 0..=2000).text("rear unit FF"));
        }
        ui.horizontal(|ui| {
            ui.label("target in melee");
            ui.selectable_value(&mut self.target_in_melee, None, "no");
            for e in Engaged::ALL {
                ui.selectable_value(&mut self.target_in_melee, Some(*e), e.name());
            }
        });
        if self.target_in_melee.is_some() {
            ui.add(egui::Slider::new(&mut self.melee_round, 1..=10).text("melee round"));
        }
        let mut jammed = self.jam_penalty.is_some();
        ui.checkbox(&mut jammed, "partial jam (from the jam check)");
        self.jam_penalty = jammed.then(|| self.jam_penalty.unwrap_or(-5));
        if let Some(p) = &mut self.jam_penalty {
            ui.add(egui::Slider::new(p, -30..=0).text("jam penalty"));
        }
    }
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
            b: side(200, "regular-infantry"),
        }
    }
}

impl MeleeForm {
    /// The engine's melee.
    pub fn melee(&self) -> Melee {
        Melee {
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
    /// The engine's attempt.
    pub fn attempt(&self) -> RallyAttempt {
        RallyAttempt {
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
            range: RangeInput::new(400.0),
            gun_ff: 30,
            target: ArtilleryTarget::CloseOrderNative,
            factors: Vec::new(),
            overhead: None,
            skirmish_screen: false,
        }
    }
}

impl ArtilleryForm {
    /// The engine's fire.
    pub fn fire(&self) -> ArtilleryFire {
        ArtilleryFire {
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
            McProcedure::Rally | McProcedure::Morale => "one die, e.g. 3",
            _ => "black and red, e.g. B4,R2",
        }
    }

    /// Draws the form of a combat procedure.
    pub fn ui(&mut self, ui: &mut egui::Ui, procedure: McProcedure, charts: &Charts) {
        match procedure {
            McProcedure::Fire => self.fire.ui(ui),
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
            }
            McProcedure::BreakIn => {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.occupied, true, "occupied room");
                    ui.selectable_value(&mut self.occupied, false, "empty room");
                });
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

    /// The exact odds of a combat procedure, before the roll.
    pub fn odds(
        &self,
        procedure: McProcedure,
        charts: &Charts,
        typed: &LostKeyCells,
    ) -> Option<Result<Odds, Refusal>> {
        Some(match procedure {
            McProcedure::Fire => fire::odds(charts, &self.fire.request(), typed),
            McProcedure::Jam => jam::odds(charts, self.jam.crew),
            McProcedure::Melee => melee::odds(charts, &self.melee.melee(), typed),
            McProcedure::Rally => rally::odds(charts, &self.rally.attempt()),
            McProcedure::Artillery => artillery::odds(charts, &self.artillery.fire(), typed),
            McProcedure::BreakIn => rorkes_drift::break_in_odds(charts, self.room()),
            McProcedure::Movement | McProcedure::Morale => return None,
        })
    }

    /// Resolves a combat procedure with the dice given (None for movement and morale).
    pub fn resolve(
        &self,
        procedure: McProcedure,
        charts: &Charts,
        typed: &LostKeyCells,
        dice: &mut dyn DiceSource,
    ) -> Option<Result<Resolution, Failure>> {
        Some(match procedure {
            McProcedure::Fire => {
                fire::resolve(charts, &self.fire.request(), typed, dice).map(|mut r| {
                    r.steps.insert(0, self.fire.range.step("SMALL ARMS FIRE"));
                    r
                })
            }
            McProcedure::Jam => jam::resolve(charts, self.jam.crew, dice),
            McProcedure::Melee => melee::resolve(charts, &self.melee.melee(), typed, dice),
            McProcedure::Rally => rally::resolve(charts, &self.rally.attempt(), dice),
            McProcedure::Artillery => {
                artillery::resolve(charts, &self.artillery.fire(), typed, dice).map(|mut r| {
                    r.steps
                        .insert(0, self.artillery.range.step("ARTILLERY FIRE"));
                    r
                })
            }
            McProcedure::BreakIn => rorkes_drift::break_in(charts, self.room(), dice),
            McProcedure::Movement | McProcedure::Morale => return None,
        })
    }
}
