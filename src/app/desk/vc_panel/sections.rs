//! The parts of the Victoria Cross II form that some procedures add: the melee exchange's
//! two sides and their ground, the replacements and the Zulu Victory Points of a turn.

use super::super::bounded;
use super::VcForm;
use crate::rules::victoria_cross::{ReplacementUnit, Side};

impl VcForm {
    /// Both sides' SP and the ground between them of a melee exchange.
    pub(super) fn exchange_ui(&mut self, ui: &mut egui::Ui, rorkes: bool) {
        numbers::EXCHANGE_ZULU_SP.ui(ui, &mut self.zulu_sp);
        numbers::EXCHANGE_BRITISH_SP.ui(ui, &mut self.sp);
        if rorkes {
            ui.checkbox(&mut self.across_wall, "across a wall, door or window");
            bounded::count(
                ui,
                "Zulus into a building zone, from zones",
                &mut self.into_building_from_zones,
            )
            .on_hover_text("The zones the Zulus melee from into the British building zone (0: not a building); the British melee out of it: at most 8 SP a zone");
        } else {
            ui.checkbox(&mut self.in_laager_camp, "the British in a laagered zone")
                .on_hover_text("British Laager Camp (an optional rule, on in the settings chart): the British melee at +1");
        }
    }

    /// The units given replacement SP: each one's SP now and full, whether it started the
    /// turn in zone G, and the SP given; the rules' limits are the engine's to refuse.
    pub(super) fn replacements_ui(&mut self, ui: &mut egui::Ui) {
        let mut remove = None;
        for (i, unit) in self.replacements.iter_mut().enumerate() {
            let who = format!("unit {}", i + 1);
            ui.horizontal(|ui| {
                let l = ui.label(format!("{who} name"));
                ui.add(egui::TextEdit::singleline(&mut unit.name).desired_width(120.0))
                    .labelled_by(l.id);
                if ui.small_button(format!("remove {who}")).clicked() {
                    remove = Some(i);
                }
            });
            bounded::strength(ui, &format!("{who} SP now"), &mut unit.sp);
            bounded::strength(ui, &format!("{who} full SP"), &mut unit.full_sp);
            bounded::strength(ui, &format!("{who} SP given"), &mut unit.gain);
            ui.checkbox(
                &mut unit.started_in_g,
                format!("{who} started the turn in zone G"),
            );
        }
        if let Some(i) = remove {
            self.replacements.remove(i);
        }
        if self.replacements.is_empty() {
            ui.colored_label(ui.visuals().warn_fg_color, REPLACED_UNITS_ASKED);
        }
        if ui.button("add unit").clicked() {
            self.replacements.push(ReplacementUnit {
                name: format!("unit {}", self.replacements.len() + 1),
                sp: 0,
                full_sp: 0,
                started_in_g: false,
                gain: 0,
            });
        }
    }

    /// The British fire: SP and range, and at Rorke's Drift the night and the wall.
    pub(super) fn fire_ui(&mut self, ui: &mut egui::Ui, rorkes: bool) {
        numbers::FIRING_SP.ui(ui, &mut self.sp);
        numbers::RANGE.ui(ui, &mut self.range);
        if rorkes {
            ui.checkbox(&mut self.night, "night turn");
            bounded::count(ui, "wall sections crossed", &mut self.walls_crossed)
                .on_hover_text("The sections of the mission's wall the fire crosses");
            ui.checkbox(&mut self.zone_before_wall, "a zone between firer and wall")
                .on_hover_text("The firer has a zone between it and the wall it fires over");
        }
    }

    /// A melee: the side, its SP, and the ground at either battle.
    pub(super) fn melee_ui(&mut self, ui: &mut egui::Ui, rorkes: bool) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.side, Side::British, "British");
            ui.selectable_value(&mut self.side, Side::Zulu, "Zulu");
        });
        numbers::MELEE_SP.ui(ui, &mut self.sp);
        if rorkes {
            ui.checkbox(&mut self.across_wall, "across a wall, door or window");
            bounded::count(
                ui,
                "into a building zone, from zones",
                &mut self.into_building_from_zones,
            )
            .on_hover_text("The zones meleeing into a building zone (0: the target is not a building): at most 8 SP a zone melee, the rest do not");
            ui.checkbox(&mut self.out_of_building, "out of a building zone")
                .on_hover_text("At most 8 SP melee out of a building zone");
        } else if self.side == Side::British {
            ui.checkbox(&mut self.in_laager_camp, "from a laagered zone")
                .on_hover_text("British Laager Camp (an optional rule, on in the settings chart): zones 14, 15 and 23 are laagered, and the British melee from them at +1");
        }
    }
}

/// What the replacements form says while it names no unit (none is assumed).
pub(super) const REPLACED_UNITS_ASKED: &str = "units: not given: select the units given replacement SP on the table (their SP from the records), or add a unit and type its SP";

/// The numbers the Victoria Cross II form asks for: empty until typed or read from the
/// records, each read as `laager vc`'s flag for it reads it.
pub mod numbers {
    use super::super::super::asked::{AskedNumber, count, strength, zone_range};

    const SELECT: &str = "type it, or select the counters on the table (their SP from the records)";

    /// `vc fire --sp`.
    pub const FIRING_SP: AskedNumber = AskedNumber {
        label: "firing SP",
        hint: "The strength points firing: one die each",
        ask: SELECT,
        parse: strength,
    };
    /// `vc fire --range`.
    pub const RANGE: AskedNumber = AskedNumber {
        label: "range (zones)",
        hint: "The range in zones, 1 to 3, as the firing zone's list on the board gives it",
        ask: "type it from the firing zone's list on the board",
        parse: zone_range,
    };
    /// `vc ammo --ones`.
    pub const ONES: AskedNumber = AskedNumber {
        label: "1s to re-roll",
        hint: "The 1s the firing SP rolled: one die re-rolled for each",
        ask: "type the 1s the fire rolled",
        parse: count,
    };
    /// `vc ammo --distance`.
    pub const DISTANCE: AskedNumber = AskedNumber {
        label: "zones to zone 15",
        hint: "The zones from the firing zone to zone 15, the ammunition (zone 15 itself counts 1)",
        ask: "count them on the board",
        parse: count,
    };
    /// `vc melee --sp`.
    pub const MELEE_SP: AskedNumber = AskedNumber {
        label: "meleeing SP",
        hint: "The strength points meleeing: one die each",
        ask: SELECT,
        parse: strength,
    };
    /// `vc melee-exchange --zulu-sp`.
    pub const EXCHANGE_ZULU_SP: AskedNumber = AskedNumber {
        label: "Zulu meleeing SP",
        hint: "The Zulu SP meleeing over the zone",
        ask: SELECT,
        parse: strength,
    };
    /// `vc melee-exchange --british-sp`.
    pub const EXCHANGE_BRITISH_SP: AskedNumber = AskedNumber {
        label: "British meleeing SP",
        hint: "The artillery counts 1 SP, a leader 1",
        ask: SELECT,
        parse: strength,
    };
}
