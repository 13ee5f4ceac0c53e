//! The Micro Colonial forms of the procedures around a melee and a move: the charge, the
//! pursuit, a sub-commander's initiative, the Loss table, a Z marker and a Rorke's Drift
//! move; and which morale tests are due, a random factor thrown, and the Rorke's Drift
//! game's set-up and conditions of victory. Each holds the engine's input, which the table's situation fills for the units
//! selected; what the referee types stays his.

use super::mc_combat::{number_field, pick};
use super::mc_fire::{GivenField, INITIAL_FF, PRESENT_FF, ZULU_PRESENT_FF, decided, whole_field};
use crate::rules::micro_colonial::charge::{ChargeInput, InitiativeInput, Pursuer, PursuitInput};
use crate::rules::micro_colonial::loss::LossFactorInput;
use crate::rules::micro_colonial::morale_due::{MoraleClass, MoraleDueInput, Quality};
use crate::rules::micro_colonial::random::RandomFactorInput;
use crate::rules::micro_colonial::rorkes_drift::{
    PerimeterWall, RdMoveInput, RdVictoryInput, Side, ZMarkerInput,
};
use crate::rules::micro_colonial::victory::VictoryInput;
use crate::rules::situation::Origins;

/// The forms, each the engine's input.
#[derive(Debug, Clone, PartialEq)]
pub struct McMore {
    /// A charge: the charger first, its target second.
    pub charge: ChargeInput,
    /// The charge move distance as typed: the rules give a rate per troop type the
    /// referee reads, never one assumed for him.
    pub charge_text: String,
    /// A pursuit: the pursuer first, the unit pursued second.
    pub pursuit: PursuitInput,
    /// A sub-commander's initiative test.
    pub initiative: InitiativeInput,
    /// A unit's loss factor.
    pub loss_factor: LossFactorInput,
    /// The loss factor's IF and PF fields: asked for until typed or read from the records.
    pub loss_ff: [GivenField; 2],
    /// A Z marker's FF.
    pub z_marker: ZMarkerInput,
    /// The Z marker's Zulu PF field: likewise.
    pub z_ff: GivenField,
    /// A move at Rorke's Drift.
    pub rd_move: RdMoveInput,
    /// What happened to a unit this move, for the morale tests it makes due.
    pub morale_due: MoraleDueInput,
    /// A random factor's black and red dice.
    pub random: RandomFactorInput,
    /// The Rorke's Drift conditions of victory.
    pub rd_victory: RdVictoryInput,
    /// The basic game's DECIDING THE WINNER.
    pub victory: VictoryInput,
}

impl Default for McMore {
    fn default() -> Self {
        McMore {
            charge: ChargeInput {
                moves_since_last_charge: None,
                pursuing: false,
                charge_mm: 0.0,
                target_mm: 0.0,
                volley_losses: 0,
                cause_during_move: false,
                origins: Origins::default(),
            },
            charge_text: String::new(),
            pursuit: PursuitInput {
                pursuer: Pursuer::Native,
                round: 1,
                infantry_in_prepared_position: false,
                origins: Origins::default(),
            },
            initiative: InitiativeInput {
                origins: Origins::default(),
            },
            loss_factor: LossFactorInput {
                initial_ff: 0,
                present_ff: 0,
                origins: Origins::default(),
            },
            loss_ff: [GivenField::empty(), GivenField::empty()],
            z_ff: GivenField::empty(),
            z_marker: ZMarkerInput {
                zulu_present_ff: 0,
                origins: Origins::default(),
            },
            rd_move: RdMoveInput {
                side: Side::Zulu,
                inside_perimeter: false,
                internal_walls: 0,
                climb: None,
                origins: Origins::default(),
            },
            morale_due: MoraleDueInput {
                class: MoraleClass::Other,
                lost_this_move: 0,
                won_melee: false,
                melee_lost_by: None,
                being_charged: false,
                flank_broke_within_mm: None,
                flank_quality: Quality::Equal,
                flank_fell_back_within_mm: None,
                origins: Origins::default(),
            },
            random: RandomFactorInput { black: 1, red: 1 },
            rd_victory: RdVictoryInput {
                sections_lost: 0,
                commanders_lost: 0,
                attacks_beaten_off: false,
                origins: Origins::default(),
            },
            victory: VictoryInput {
                regular_infantry: 0,
                regular_infantry_destroyed: 0,
                driven_from_start_line: false,
                assaults_beaten_off: false,
                origins: Origins::default(),
            },
        }
    }
}

impl McMore {
    /// The charge form.
    pub fn charge_ui(&mut self, ui: &mut egui::Ui) {
        let c = &mut self.charge;
        if self.charge_text.is_empty() && c.charge_mm > 0.0 {
            self.charge_text = c.charge_mm.to_string();
        }
        number_field(
            ui,
            "charge move mm",
            &mut self.charge_text,
            "The charger's charge move distance in mm, as the movement chart gives it for its type",
        );
        if let Some(mm) = read_mm(&self.charge_text) {
            c.charge_mm = mm;
        }
        ui.add(
            egui::DragValue::new(&mut c.target_mm)
                .range(0.0..=5000.0)
                .suffix(" mm to the target"),
        );
        let mut charged = c.moves_since_last_charge.is_some();
        ui.checkbox(&mut charged, "has charged before");
        if charged {
            let mut moves = c.moves_since_last_charge.unwrap_or(0);
            super::bounded::count(ui, "moves since its last charge", &mut moves);
            c.moves_since_last_charge = Some(moves);
        } else {
            c.moves_since_last_charge = None;
        }
        ui.checkbox(
            &mut c.pursuing,
            "pursuing a unit it broke, or one evading it",
        );
        super::bounded::strength(ui, "FF lost to volley fire", &mut c.volley_losses);
        ui.checkbox(
            &mut c.cause_during_move,
            "a cause for a morale test occurs during the charge",
        );
    }

    /// The pursuit form.
    pub fn pursuit_ui(&mut self, ui: &mut egui::Ui) {
        let p = &mut self.pursuit;
        pick(ui, "pursuer", &mut p.pursuer, Pursuer::ALL, Pursuer::name);
        super::bounded::place(ui, "round of pursuit", &mut p.round);
        ui.checkbox(
            &mut p.infantry_in_prepared_position,
            "infantry in prepared positions",
        );
    }

    /// The Loss table form.
    pub fn loss_factor_ui(&mut self, ui: &mut egui::Ui) {
        let l = &mut self.loss_factor;
        let [initial, present] = &mut self.loss_ff;
        let from = decided(&l.origins, crate::field!(LossFactorInput: initial_ff));
        whole_field(ui, initial, &INITIAL_FF, &mut l.initial_ff, from);
        let from = decided(&l.origins, crate::field!(LossFactorInput: present_ff));
        whole_field(ui, present, &PRESENT_FF, &mut l.present_ff, from);
    }

    /// The Z marker form.
    pub fn z_marker_ui(&mut self, ui: &mut egui::Ui) {
        let z = &mut self.z_marker;
        let from = decided(&z.origins, crate::field!(ZMarkerInput: zulu_present_ff));
        whole_field(
            ui,
            &mut self.z_ff,
            &ZULU_PRESENT_FF,
            &mut z.zulu_present_ff,
            from,
        );
    }

    /// What the Loss table form asks for and nothing gave: the IF and the PF.
    pub fn loss_factor_error(&self) -> Option<String> {
        let [initial, present] = &self.loss_ff;
        initial
            .missing(&INITIAL_FF)
            .or_else(|| present.missing(&PRESENT_FF))
    }

    /// What the Z marker form asks for and nothing gave: the Zulu unit's PF.
    pub fn z_marker_error(&self) -> Option<String> {
        self.z_ff.missing(&ZULU_PRESENT_FF)
    }

    /// The Rorke's Drift move form.
    pub fn rd_move_ui(&mut self, ui: &mut egui::Ui) {
        let m = &mut self.rd_move;
        pick(ui, "side", &mut m.side, Side::ALL, Side::name);
        ui.checkbox(&mut m.inside_perimeter, "inside the perimeter");
        super::bounded::count(ui, "internal walls crossed", &mut m.internal_walls);
        let mut climbing = m.climb.is_some();
        ui.checkbox(&mut climbing, "climbing the perimeter wall");
        if climbing {
            let mut wall = m.climb.unwrap_or(PerimeterWall::Unoccupied);
            pick(
                ui,
                "perimeter wall",
                &mut wall,
                PerimeterWall::ALL,
                PerimeterWall::name,
            );
            m.climb = Some(wall);
        } else {
            m.climb = None;
        }
    }

    /// The morale-due form: what happened to the unit this move.
    pub fn morale_due_ui(&mut self, ui: &mut egui::Ui) {
        let d = &mut self.morale_due;
        pick(
            ui,
            "class",
            &mut d.class,
            MoraleClass::ALL,
            MoraleClass::name,
        );
        super::bounded::strength(ui, "FF lost this move", &mut d.lost_this_move);
        ui.checkbox(&mut d.won_melee, "won a melee this move");
        optional_strength(ui, &mut d.melee_lost_by, "lost a melee this move", "by FF");
        ui.checkbox(&mut d.being_charged, "being charged");
        optional_mm(
            ui,
            &mut d.flank_broke_within_mm,
            "a flanking unit broke near by",
            "mm away",
        );
        if d.flank_broke_within_mm.is_some() {
            pick(
                ui,
                "its quality against this unit's",
                &mut d.flank_quality,
                Quality::ALL,
                Quality::name,
            );
        }
        optional_mm(
            ui,
            &mut d.flank_fell_back_within_mm,
            "a flanking unit fell back near by",
            "mm away",
        );
    }

    /// The random factor form: its black and red dice.
    pub fn random_ui(&mut self, ui: &mut egui::Ui) {
        let r = &mut self.random;
        super::bounded::dice(ui, "black dice (plus)", &mut r.black);
        super::bounded::dice(ui, "red dice (minus)", &mut r.red);
    }

    /// The Rorke's Drift conditions of victory form.
    pub fn rd_victory_ui(&mut self, ui: &mut egui::Ui) {
        let v = &mut self.rd_victory;
        super::bounded::count(ui, "British sections lost", &mut v.sections_lost);
        super::bounded::count(ui, "command counters lost", &mut v.commanders_lost);
        ui.checkbox(&mut v.attacks_beaten_off, "every Zulu attack beaten off");
    }

    /// The basic game's winner form.
    pub fn victory_ui(&mut self, ui: &mut egui::Ui) {
        let v = &mut self.victory;
        super::bounded::strength(
            ui,
            "regular infantry at the start (FF)",
            &mut v.regular_infantry,
        );
        super::bounded::strength(
            ui,
            "of it destroyed (FF)",
            &mut v.regular_infantry_destroyed,
        );
        ui.checkbox(
            &mut v.driven_from_start_line,
            "the regulars were forced to retire from their start line",
        );
        ui.checkbox(
            &mut v.assaults_beaten_off,
            "the regulars beat off every native assault",
        );
    }

    /// What is wrong with the charge form's typed distance, if it does not read.
    pub fn charge_error(&self) -> Option<String> {
        read_mm(&self.charge_text).is_none().then(|| {
            format!(
                "charge move mm: '{}' is not a distance in mm: give the charger's charge move",
                self.charge_text.trim()
            )
        })
    }
}

/// A checkbox for a strength that may not be there, and its field when it is.
fn optional_strength(ui: &mut egui::Ui, value: &mut Option<u32>, label: &str, unit: &str) {
    let mut on = value.is_some();
    ui.checkbox(&mut on, label);
    if on {
        let mut n = value.unwrap_or(0);
        super::bounded::strength(ui, unit, &mut n);
        *value = Some(n);
    } else {
        *value = None;
    }
}

/// A checkbox for a distance that may not be there, and its field in mm when it is.
fn optional_mm(ui: &mut egui::Ui, value: &mut Option<f64>, label: &str, unit: &str) {
    let mut on = value.is_some();
    ui.checkbox(&mut on, label);
    if on {
        let mut mm = value.unwrap_or(0.0);
        ui.add(
            egui::DragValue::new(&mut mm)
                .range(0.0..=5000.0)
                .suffix(format!(" {unit}")),
        );
        *value = Some(mm);
    } else {
        *value = None;
    }
}

/// A distance in mm as typed: a finite number, 0 or more.
fn read_mm(text: &str) -> Option<f64> {
    crate::bounds::Millimetres::parse(text).ok().map(f64::from)
}
