//! The Micro Colonial combat forms: small arms fire, the machine-gun jam check, melee,
//! rally, artillery, rout and the Rorke's Drift break-in. Each form holds the engine's
//! input, which the table's situation fills; the engine reads the charts, gives the exact
//! odds and counts the dice.

use super::described::DescribedForm;
use super::mc_fire::{
    FieldKind, FireForm, GUN_FF, GivenField, RANGE, arc_ui, decided, strength, whole_field,
};
use super::mc_more::McMore;
use super::mc_panel::McProcedure;
use super::mc_rd::{RdFireForm, RdMeleeForm};
use crate::charts::Charts;
use crate::rules::Procedure as _;
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::artillery::{Ammo, ArtilleryInput, ArtilleryTarget, Gun};
use crate::rules::micro_colonial::evade::{EvadeInput, Evader};
use crate::rules::micro_colonial::jam::JamInput;
use crate::rules::micro_colonial::melee::{MeleeInput, Side, TYPES};
use crate::rules::micro_colonial::rally::{RallyInput, RoutLossInput};
use crate::rules::micro_colonial::rorkes_drift::{BreakInInput, Room};
use crate::rules::micro_colonial::rorkes_drift::{Counter, RdCombineInput, RdFiringPartyInput};
use crate::rules::situation::{Origins, Source};
use crate::rules::words::readable;
use crate::ruleset::Ruleset;

/// A combo box over a closed set of names. Returns whether the value changed.
/// The guns an evading crew may limber up (`--gun`), or none picked yet.
const EVADE_GUNS: &[Option<mc::movement::Troop>] = &[
    None,
    Some(mc::movement::Troop::FieldGun),
    Some(mc::movement::Troop::HorseGun),
    Some(mc::movement::Troop::Rockets),
    Some(mc::movement::Troop::MachineGun),
    Some(mc::movement::Troop::Gatling),
];

fn gun_name(gun: Option<mc::movement::Troop>) -> &'static str {
    gun.map_or("not given", mc::movement::Troop::name)
}

pub(super) fn pick<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    all: &[T],
    name: fn(T) -> &'static str,
) -> bool {
    let mut changed = false;
    let combo = egui::ComboBox::from_label(label)
        .selected_text(readable(name(*value)))
        .show_ui(ui, |ui| {
            for v in all {
                changed |= ui.selectable_value(value, *v, readable(name(*v))).changed();
            }
        });
    super::hints::hinted(combo.response, label);
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
    titled_factor_boxes(ui, "tactical factors", id, names, chosen);
}

/// Checkboxes for the factor names of a chart, under their title.
pub(super) fn titled_factor_boxes(
    ui: &mut egui::Ui,
    title: &str,
    id: &str,
    names: &[String],
    chosen: &mut Vec<String>,
) {
    egui::CollapsingHeader::new(title)
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

/// Draws one side of the melee form.
/// Whether the two units are in contact: the table's reading, and where it shows them
/// apart the referee's call over it (the engine refuses a melee between units apart).
fn contact_ui(ui: &mut egui::Ui, in_contact: &mut Option<bool>, origins: &Origins) {
    let Some(origin) =
        origins.of(crate::field!(crate::rules::micro_colonial::melee::MeleeInput: in_contact))
    else {
        return;
    };
    if origin.value.as_bool() == Some(true) {
        ui.weak(format!("contact: {}", origin.why));
        return;
    }
    let mut called = *in_contact == Some(true);
    if super::hints::check(ui, &mut called, "in contact (the referee's call)").changed() {
        *in_contact = Some(called);
    }
    ui.weak(format!("the table: {}", origin.why));
}

/// A distance the referee types once its question applies (a fire before charging, friends
/// near an overhead fire): never a value assumed for him, since each decides a factor.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TypedMm {
    /// The box is ticked (for the melee's "fired before charging").
    pub on: bool,
    /// The distance as typed.
    pub text: String,
}

impl TypedMm {
    /// Draws the field for `value`, greyed and empty while not `on`; the value is what the
    /// text reads, `None` while it reads nothing (or the question does not apply).
    fn ui(&mut self, ui: &mut egui::Ui, on: bool, label: &str, value: &mut Option<f64>) {
        if !on {
            *value = None;
            self.text.clear();
            // The field keeps its place, greyed, so the fields under it never move.
            ui.add_enabled_ui(false, |ui| {
                number_field(
                    ui,
                    label,
                    &mut String::new(),
                    "Tick the box above: the question applies then",
                );
            });
            return;
        }
        if self.text.is_empty()
            && let Some(mm) = *value
        {
            self.text = mm.to_string();
        }
        number_field(
            ui,
            label,
            &mut self.text,
            "A distance in mm, as measured on the table",
        );
        *value = crate::bounds::Millimetres::parse(&self.text)
            .ok()
            .map(f64::from);
    }

    /// What is wrong with a field that applies but does not read.
    fn error(&self, on: bool, label: &str, value: Option<f64>) -> Option<String> {
        (on && value.is_none()).then(|| {
            format!(
                "{label}: '{}' is not a distance in mm: give it as measured",
                self.text.trim()
            )
        })
    }
}

/// The melee's A and B FF fields: asked for until typed or read from the records.
const MELEE_FF: [FieldKind; 2] = [
    FieldKind {
        label: "A FF",
        hint: "The attacker's fighting figures (FF); the records give them for the attacker selected, and an FF typed here wins over them",
        ask: "type it, or select the attacker on the table (its FF from the records)",
        parse: |text| strength("A FF", text),
    },
    FieldKind {
        label: "B FF",
        hint: "The defender's fighting figures (FF); the records give them for the defender selected, and an FF typed here wins over them",
        ask: "type it, or select the defender on the table (its FF from the records)",
        parse: |text| strength("B FF", text),
    },
];

/// The FF of the two Rorke's Drift sections combined: asked for until typed or read from
/// the records.
const COMBINE_FF: [FieldKind; 2] = [
    FieldKind {
        label: "FF of the section kept",
        hint: "The present FF of the section that stays; the records give it for the section selected first, and an FF typed here wins over them",
        ask: "type it, or select the section kept on the table (its FF from the records)",
        parse: |text| strength("FF of the section kept", text),
    },
    FieldKind {
        label: "FF of the section removed",
        hint: "The present FF of the section removed; the records give it for the section selected second, and an FF typed here wins over them",
        ask: "type it, or select the section removed on the table (its FF from the records)",
        parse: |text| strength("FF of the section removed", text),
    },
];

/// One side of the melee form: `i` 0 for A, 1 for B.
struct SideFields<'a> {
    fired: &'a mut TypedMm,
    ff: &'a mut GivenField,
    decided: Option<(f64, Source)>,
    i: usize,
}

fn side_ui(side: &mut Side, fields: SideFields<'_>, ui: &mut egui::Ui, factor_names: &[String]) {
    let SideFields {
        fired,
        ff,
        decided,
        i,
    } = fields;
    let id = ["A", "B"][i];
    whole_field(ui, ff, &MELEE_FF[i], &mut side.ff, decided);
    egui::ComboBox::from_label(format!("{id} type"))
        .selected_text(readable(&side.kind))
        .show_ui(ui, |ui| {
            for t in TYPES {
                ui.selectable_value(&mut side.kind, (*t).to_owned(), readable(t));
            }
        });
    ui.checkbox(&mut side.impact, format!("{id} throws the impact round"));
    ui.checkbox(&mut side.flank_attack, format!("{id} attacks in flank"));
    fired.on |= side.fired_at_mm.is_some();
    ui.checkbox(&mut fired.on, format!("{id} fired before charging"));
    let on = fired.on;
    fired.ui(ui, on, &format!("{id} fired at mm"), &mut side.fired_at_mm);
    ui.checkbox(
        &mut side.last_20mm_curved,
        format!("{id}: last 20 mm not straight"),
    );
    if id == "B" {
        ui.checkbox(
            &mut side.in_stationary_melee,
            "B already in a stationary melee",
        )
        .on_hover_text("Infantry other than native fanatics may only move to engage mounted troops already engaged in a stationary melee");
    }
    factor_boxes(
        ui,
        &format!("mc_melee_{id}"),
        factor_names,
        &mut side.factors,
    );
}

/// A melee side with no factors or charge.
/// The artillery form: the engine's input and the range field's text.
#[derive(Debug, Clone, PartialEq)]
pub struct ArtilleryForm {
    /// The gun's fire, as the engine resolves it.
    pub input: ArtilleryInput,
    /// The range field.
    pub range: GivenField,
    /// The gun FF field.
    pub gun_ff: GivenField,
    /// Overhead fire: the friends nearest the gun and nearest the target, as typed.
    pub friends: [TypedMm; 2],
}

impl Default for ArtilleryForm {
    fn default() -> Self {
        let input = ArtilleryInput {
            gun: Gun::SixSeven,
            ammo: Ammo::Shell,
            // Asked for until the table or the referee gives it: never resolved.
            range_mm: 0.0,
            gun_ff: 0,
            target: ArtilleryTarget::CloseOrderNative,
            factors: Vec::new(),
            overhead: false,
            friends_near_gun_mm: None,
            friends_near_target_mm: None,
            skirmish_screen: false,
            in_arc: None,
            origins: Origins::default(),
        };
        ArtilleryForm {
            range: GivenField::empty(),
            gun_ff: GivenField::empty(),
            input,
            friends: [TypedMm::default(), TypedMm::default()],
        }
    }
}

/// The overhead fire's two distances, as the form labels them.
const FRIENDS: [&str; 2] = [
    "friends nearest the gun mm",
    "friends nearest the target mm",
];

impl ArtilleryForm {
    /// What the form asks for and nothing gave, or cannot read: the range, the gun's FF,
    /// the overhead fire's distances.
    pub fn error(&self) -> Option<String> {
        let i = &self.input;
        let asked = self.range.missing(&RANGE);
        asked.or_else(|| self.gun_ff.missing(&GUN_FF)).or_else(|| {
            self.friends[0]
                .error(i.overhead, FRIENDS[0], i.friends_near_gun_mm)
                .or_else(|| self.friends[1].error(i.overhead, FRIENDS[1], i.friends_near_target_mm))
        })
    }

    fn ui(&mut self, ui: &mut egui::Ui, factor_names: &[String]) {
        let Self {
            input,
            range,
            gun_ff,
            friends,
        } = self;
        pick(ui, "gun", &mut input.gun, Gun::ALL, Gun::name);
        pick(ui, "ammunition", &mut input.ammo, Ammo::ALL, Ammo::name);
        let measured = decided(&input.origins, crate::field!(ArtilleryInput: range_mm));
        range.ui(ui, &RANGE, &mut input.range_mm, measured);
        let from = decided(&input.origins, crate::field!(ArtilleryInput: gun_ff));
        whole_field(ui, gun_ff, &GUN_FF, &mut input.gun_ff, from);
        pick(
            ui,
            "artillery target",
            &mut input.target,
            ArtilleryTarget::ALL,
            ArtilleryTarget::name,
        );
        super::hints::check(ui, &mut input.overhead, "overhead fire");
        let [near_gun, near_target] = friends;
        near_gun.ui(
            ui,
            input.overhead,
            FRIENDS[0],
            &mut input.friends_near_gun_mm,
        );
        near_target.ui(
            ui,
            input.overhead,
            FRIENDS[1],
            &mut input.friends_near_target_mm,
        );
        super::hints::check(
            ui,
            &mut input.skirmish_screen,
            "target screened by skirmishers",
        );
        factor_boxes(ui, "mc_artillery_factors", factor_names, &mut input.factors);
        arc_ui(ui, &mut input.in_arc, &input.origins);
    }
}

/// Every Micro Colonial combat form, each holding the engine's input.
#[derive(Debug, Clone, PartialEq)]
pub struct McCombat {
    /// Small arms fire.
    pub fire: FireForm,
    /// The jam check's form, made from the engine's description of its fields; the crew
    /// comes from the gun selected where its record settles it.
    pub jam: DescribedForm,
    /// Melee: attacker A, defender B.
    pub melee: MeleeInput,
    /// Melee: the range A and B fired at before charging, as typed.
    pub fired: [TypedMm; 2],
    /// Melee: the A and B FF fields.
    pub melee_ff: [GivenField; 2],
    /// Rally.
    pub rally: DescribedForm,
    /// Artillery.
    pub artillery: ArtilleryForm,
    /// One move of rout.
    pub rout: RoutLossInput,
    /// Rorke's Drift break-in.
    pub break_in: BreakInInput,
    /// An evade.
    pub evade: EvadeInput,
    /// A Rorke's Drift firing party.
    pub firing_party: RdFiringPartyInput,
    /// The Zulu unit's losses to the party's initial volley have been thrown.
    pub volley_thrown: bool,
    /// Two Rorke's Drift sections combined.
    pub combine: RdCombineInput,
    /// The FF fields of the section kept and the section removed.
    pub combine_ff: [GivenField; 2],
    /// A Rorke's Drift melee.
    pub rd_melee: RdMeleeForm,
    /// A Rorke's Drift fire's own fields, over the Fire form's.
    pub rd_fire: RdFireForm,
    /// The charge, pursuit, initiative, Loss table, Z marker and Rorke's Drift move forms.
    pub more: McMore,
}

impl Default for McCombat {
    fn default() -> Self {
        McCombat {
            fire: FireForm::default(),
            jam: DescribedForm::new(crate::rules::micro_colonial::jam::Jam::FIELDS),
            melee: MeleeInput {
                a: Side::new(0, "native-fanatic-infantry"),
                b: Side::new(0, "regular-infantry"),
                in_contact: None,
                origins: Origins::default(),
            },
            fired: [TypedMm::default(), TypedMm::default()],
            melee_ff: [GivenField::empty(), GivenField::empty()],
            rally: DescribedForm::new(mc::rally::Rally::FIELDS),
            artillery: ArtilleryForm::default(),
            rout: RoutLossInput::default(),
            break_in: BreakInInput {
                room: Room::Occupied,
                origins: Origins::default(),
            },
            evade: EvadeInput {
                evader: Evader::OpenOrder,
                cannot_limber: false,
                morale_forbids_fire: false,
                gun: None,
                origins: Origins::default(),
            },
            firing_party: RdFiringPartyInput {
                led_by_command: true,
                zulu_ff_lost: None,
                origins: Origins::default(),
            },
            volley_thrown: false,
            combine: RdCombineInput {
                into_ff: 0,
                removed_ff: 0,
                counter: Counter::Section,
                origins: Origins::default(),
            },
            combine_ff: [GivenField::empty(), GivenField::empty()],
            rd_melee: RdMeleeForm::default(),
            rd_fire: RdFireForm::default(),
            more: McMore::default(),
        }
    }
}

impl McCombat {
    /// What the dice field asks for.
    pub fn dice_hint(procedure: McProcedure) -> &'static str {
        match procedure {
            McProcedure::Fire => "random factor, e.g. B4,R2",
            McProcedure::Melee | McProcedure::RdMelee => {
                "A's random factor then B's, e.g. B4,R2,B3,R5"
            }
            McProcedure::RdFire => "random factor, e.g. B4,R2 (B4,B2,R1 for two black)",
            McProcedure::Rally
            | McProcedure::Morale
            | McProcedure::RoutLoss
            | McProcedure::Pursuit
            | McProcedure::Initiative => "one die, e.g. 3",
            _ => "black and red, e.g. B4,R2",
        }
    }

    /// Draws the form of a combat procedure.
    pub fn ui(&mut self, ui: &mut egui::Ui, procedure: McProcedure, charts: &Charts) {
        match procedure {
            McProcedure::Fire => self.fire.ui(ui),
            McProcedure::Jam => self.jam.ui(ui),
            McProcedure::Melee => {
                let names = chart_keys(charts, "melee_additional_factors");
                let origins = &self.melee.origins;
                let decided = [
                    decided(origins, crate::field!(MeleeInput: a.ff)),
                    decided(origins, crate::field!(MeleeInput: b.ff)),
                ];
                let [fired_a, fired_b] = &mut self.fired;
                let [ff_a, ff_b] = &mut self.melee_ff;
                ui.strong("A, the attacker");
                let a = SideFields {
                    fired: fired_a,
                    ff: ff_a,
                    decided: decided[0],
                    i: 0,
                };
                side_ui(&mut self.melee.a, a, ui, &names);
                ui.strong("B, the defender");
                let b = SideFields {
                    fired: fired_b,
                    ff: ff_b,
                    decided: decided[1],
                    i: 1,
                };
                side_ui(&mut self.melee.b, b, ui, &names);
                contact_ui(ui, &mut self.melee.in_contact, &self.melee.origins);
            }
            McProcedure::Rally => self.rally.ui(ui),
            McProcedure::Artillery => {
                let names = mc::artillery::tactical_factors(charts);
                self.artillery.ui(ui, &names);
            }
            McProcedure::BreakIn => {
                ui.horizontal(|ui| {
                    let room = &mut self.break_in.room;
                    ui.selectable_value(room, Room::Occupied, "occupied room");
                    ui.selectable_value(room, Room::Empty, "empty room");
                });
            }
            McProcedure::RoutLoss => {
                ui.label(
                    "A breaking unit will lose one dice x 10 fighting factors per move of rout.",
                );
            }
            McProcedure::Evade => {
                let e = &mut self.evade;
                pick(ui, "evader", &mut e.evader, Evader::ALL, Evader::name);
                if e.evader == Evader::ArtilleryCrew {
                    super::hints::check(ui, &mut e.cannot_limber, "unable to limber up");
                    super::hints::check(ui, &mut e.morale_forbids_fire, "morale forbids fire");
                    if !e.cannot_limber {
                        pick(ui, "the crew's guns", &mut e.gun, EVADE_GUNS, gun_name);
                    }
                }
            }
            McProcedure::RdFiringParty => {
                let f = &mut self.firing_party;
                super::hints::check(ui, &mut f.led_by_command, "led by a command counter");
                super::hints::check(ui, &mut self.volley_thrown, "initial volley thrown");
                if self.volley_thrown {
                    let mut lost = f.zulu_ff_lost.unwrap_or(0);
                    super::bounded::strength(ui, "Zulu FF lost to it", &mut lost);
                    f.zulu_ff_lost = Some(lost);
                } else {
                    f.zulu_ff_lost = None;
                }
            }
            McProcedure::RdCombine => {
                let c = &mut self.combine;
                pick(ui, "counters", &mut c.counter, Counter::ALL, Counter::name);
                let [kept, removed] = &mut self.combine_ff;
                let from = decided(&c.origins, crate::field!(RdCombineInput: into_ff));
                whole_field(ui, kept, &COMBINE_FF[0], &mut c.into_ff, from);
                let from = decided(&c.origins, crate::field!(RdCombineInput: removed_ff));
                whole_field(ui, removed, &COMBINE_FF[1], &mut c.removed_ff, from);
            }
            McProcedure::RdMelee => {
                let names = chart_keys(charts, "melee_additional_factors");
                self.rd_melee.ui(ui, &names);
            }
            McProcedure::RdFire => {
                self.fire.ui(ui);
                self.rd_fire.ui(ui);
            }
            McProcedure::Charge => self.more.charge_ui(ui),
            McProcedure::Pursuit => self.more.pursuit_ui(ui),
            McProcedure::Initiative => {
                ui.label("One die: 1 or 2, the unit carries on with its initial orders.");
            }
            McProcedure::LossFactor => self.more.loss_factor_ui(ui),
            McProcedure::ZMarker => self.more.z_marker_ui(ui),
            McProcedure::RdMove => self.more.rd_move_ui(ui),
            McProcedure::MoraleDue => self.more.morale_due_ui(ui),
            McProcedure::RandomFactor => self.more.random_ui(ui),
            McProcedure::RdVictory => self.more.rd_victory_ui(ui),
            McProcedure::Victory => self.more.victory_ui(ui),
            McProcedure::RdSetup => {
                ui.label(
                    "The forces of the Rorke's Drift game, as SETTING UP THE GAME gives them.",
                );
            }
            McProcedure::Move | McProcedure::Morale => {}
        }
    }

    /// A form field that does not read (a range typed as words), as a message.
    pub fn input_error(&self, procedure: McProcedure) -> Option<String> {
        match procedure {
            McProcedure::Jam => self.jam.input::<JamInput>().err(),
            McProcedure::Rally => self.rally.input::<RallyInput>().err(),
            McProcedure::RdMelee => self.rd_melee.error(),
            McProcedure::RdFire => self
                .rd_fire
                .sections
                .parse("sections combining")
                .err()
                .or_else(|| self.input_error(McProcedure::Fire)),
            McProcedure::Fire => self.fire.error(),
            McProcedure::Artillery => self.artillery.error(),
            McProcedure::Charge => self.more.charge_error(),
            McProcedure::LossFactor => self.more.loss_factor_error(),
            McProcedure::RdCombine => self.combine_ff[0]
                .missing(&COMBINE_FF[0])
                .or_else(|| self.combine_ff[1].missing(&COMBINE_FF[1])),
            McProcedure::ZMarker => self.more.z_marker_error(),
            McProcedure::Melee => self.melee_ff[0]
                .missing(&MELEE_FF[0])
                .or_else(|| self.melee_ff[1].missing(&MELEE_FF[1]))
                .or_else(|| {
                    self.fired[0].error(self.fired[0].on, "A fired at mm", self.melee.a.fired_at_mm)
                })
                .or_else(|| {
                    self.fired[1].error(self.fired[1].on, "B fired at mm", self.melee.b.fired_at_mm)
                }),
            _ => None,
        }
    }

    /// Whether a described form's values typed have changed since the table and the
    /// records were read with them, so they must be read again.
    pub fn wants_fill(&self) -> bool {
        self.jam.wants_fill() || self.rally.wants_fill()
    }

    /// The form of a procedure whose fields the engine describes, made from that
    /// description; `None` for one whose form is still written by hand.
    pub fn described(&mut self, procedure: McProcedure) -> Option<&mut DescribedForm> {
        match procedure {
            McProcedure::Jam => Some(&mut self.jam),
            McProcedure::Rally => Some(&mut self.rally),
            _ => None,
        }
    }

    /// The engine's request for a combat procedure's form (`None` for movement and
    /// morale, whose forms are apart).
    pub fn request(&self, procedure: McProcedure) -> Option<mc::Request> {
        Some(match procedure {
            McProcedure::Fire => mc::Request::Fire(self.fire.input.clone()),
            McProcedure::Jam => mc::Request::Jam(self.jam.input().ok()?),
            McProcedure::Melee => mc::Request::Melee(self.melee.clone()),
            McProcedure::Rally => mc::Request::Rally(self.rally.input().ok()?),
            McProcedure::Artillery => mc::Request::Artillery(self.artillery.input.clone()),
            McProcedure::BreakIn => mc::Request::BreakIn(self.break_in.clone()),
            McProcedure::RoutLoss => mc::Request::RoutLoss(self.rout.clone()),
            McProcedure::Evade => mc::Request::Evade(EvadeInput {
                // The crew's checkboxes are hidden for open order troops: not sent.
                cannot_limber: self.evade.evader == Evader::ArtilleryCrew
                    && self.evade.cannot_limber,
                morale_forbids_fire: self.evade.evader == Evader::ArtilleryCrew
                    && self.evade.morale_forbids_fire,
                gun: self.evade.gun.filter(|_| {
                    self.evade.evader == Evader::ArtilleryCrew && !self.evade.cannot_limber
                }),
                ..self.evade.clone()
            }),
            McProcedure::RdFiringParty => mc::Request::RdFiringParty(self.firing_party.clone()),
            McProcedure::RdCombine => mc::Request::RdCombine(self.combine.clone()),
            McProcedure::RdMelee => mc::Request::RdMelee(self.rd_melee.request()),
            McProcedure::RdFire => mc::Request::RdFire(self.rd_fire.request(&self.fire.input)),
            McProcedure::Charge => mc::Request::Charge(self.more.charge.clone()),
            McProcedure::Pursuit => mc::Request::Pursuit(self.more.pursuit.clone()),
            McProcedure::Initiative => mc::Request::Initiative(self.more.initiative.clone()),
            McProcedure::LossFactor => mc::Request::LossFactor(self.more.loss_factor.clone()),
            McProcedure::ZMarker => mc::Request::ZMarker(self.more.z_marker.clone()),
            McProcedure::RdMove => mc::Request::RdMove(self.more.rd_move.clone()),
            McProcedure::MoraleDue => mc::Request::MoraleDue(self.more.morale_due.clone()),
            McProcedure::RandomFactor => mc::Request::RandomFactor(self.more.random),
            McProcedure::RdVictory => mc::Request::RdVictory(self.more.rd_victory.clone()),
            McProcedure::Victory => mc::Request::Victory(self.more.victory.clone()),
            McProcedure::RdSetup => {
                mc::Request::RdSetup(crate::rules::micro_colonial::rorkes_drift::RdSetupInput {})
            }
            McProcedure::Move | McProcedure::Morale => return None,
        })
    }
}
