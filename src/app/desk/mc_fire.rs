//! The Micro Colonial small arms fire form, and the range and arc fields it shares with the
//! artillery form. The form holds the engine's input: the table's situation fills it, a
//! value typed here is just a changed field, and the engine's steps say which won.

use super::mc_combat::{number_field, pick};
use crate::rules::micro_colonial::fire::{Engaged, FireInput, FireType, Firer, Target, Weapon};
use crate::rules::situation::Origins;

/// A distance for the eye: to the hundredth of a mm, without trailing zeros.
fn mm_text(mm: f64) -> String {
    let text = format!("{mm:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The text of a range field, kept apart from the input's number it edits.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeField {
    /// The text in the field.
    pub text: String,
    /// The number the text was last set from or read as.
    shown: f64,
    /// The field does not read as a distance.
    pub error: Option<String>,
}

impl RangeField {
    pub(super) fn new(mm: f64) -> RangeField {
        RangeField {
            text: mm_text(mm),
            shown: mm,
            error: None,
        }
    }

    /// Draws the field for `range_mm`; `measured` is the table's range (the input's origin),
    /// which a range typed here replaces.
    pub(super) fn ui(&mut self, ui: &mut egui::Ui, range_mm: &mut f64, measured: Option<f64>) {
        // The situation may have filled the input since the text was last set.
        if self.error.is_none() && (*range_mm - self.shown).abs() > f64::EPSILON {
            self.text = mm_text(*range_mm);
            self.shown = *range_mm;
        }
        if number_field(
            ui,
            "range mm",
            &mut self.text,
            "Centre of the firer to the nearest point of the target; a typed range wins over the measured one",
        ) {
            match crate::bounds::Millimetres::parse(&self.text) {
                Ok(v) => {
                    *range_mm = v.get();
                    self.shown = v.get();
                    self.error = None;
                }
                Err(_) => {
                    self.error = Some(format!("range: '{}' is not a distance in mm", self.text));
                }
            }
        }
        ui.horizontal(|ui| match measured {
            Some(m) if (m - *range_mm).abs() <= f64::EPSILON => {
                ui.label("range measured on the table");
            }
            Some(m) => {
                ui.label(format!(
                    "range typed by hand (the table measures {} mm)",
                    mm_text(m)
                ));
                if ui
                    .button("use the measured range")
                    .on_hover_text("Take the range from the table again")
                    .clicked()
                {
                    *range_mm = m;
                    self.error = None;
                }
            }
            None => {
                ui.label("range as set on the form (nothing measured)");
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

/// The range the table measured, from an input's origins.
pub(super) fn measured_range(origins: &Origins) -> Option<f64> {
    origins.of("/range_mm").and_then(|o| o.value.as_f64())
}

/// The arc of fire: "If any of the target counter is within the arc it may be engaged."
/// The table's reading (the input's origin) or the referee's call, which wins; the engine
/// refuses a target out of the arc.
pub(super) fn arc_ui(ui: &mut egui::Ui, in_arc: &mut Option<bool>, origins: &Origins) {
    let table = origins.of("/in_arc").and_then(|o| o.value.as_bool());
    ui.horizontal(|ui| {
        ui.label("arc of fire");
        if ui
            .selectable_label(*in_arc == table, "from the table")
            .clicked()
        {
            *in_arc = table;
        }
        for (call, word) in [(true, "in arc"), (false, "out of arc")] {
            if ui
                .selectable_label(*in_arc == Some(call) && table != Some(call), word)
                .clicked()
            {
                *in_arc = Some(call);
            }
        }
    });
    let reading = match origins.of("/in_arc") {
        Some(origin) => format!("the table: {}", origin.why),
        None => origins
            .undecided
            .iter()
            .find(|u| u.starts_with("the arc of fire"))
            .cloned()
            .unwrap_or_else(|| "nothing measured: select the firer, then the target".to_owned()),
    };
    ui.weak(reading);
}

/// The small arms fire form: the engine's input and the range field's text.
#[derive(Debug, Clone, PartialEq)]
pub struct FireForm {
    /// The fire, as the engine resolves it.
    pub input: FireInput,
    /// The range field.
    pub range: RangeField,
    /// A partial jam is ticked: its penalty must be typed, as the jam check read it.
    pub jammed: bool,
    /// The jam penalty as typed.
    pub jam_text: String,
}

impl Default for FireForm {
    fn default() -> Self {
        let input = FireInput {
            firer: Firer::RegularInfantry,
            firer_ff: 250,
            weapon: Weapon::Rifle,
            fire: FireType::Volley,
            range_mm: 250.0,
            target_ff: 300,
            target: Target::NativeCloseOrderInOpen,
            in_building: false,
            initial_volley: false,
            two_unit_rear_ff: None,
            target_in_melee: None,
            melee_round: 1,
            changing_to_volley: false,
            jam_penalty: None,
            in_arc: None,
            origins: Origins::default(),
        };
        FireForm {
            range: RangeField::new(input.range_mm),
            input,
            jammed: false,
            jam_text: String::new(),
        }
    }
}

impl FireForm {
    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let Self {
            input,
            range,
            jammed,
            jam_text,
        } = self;
        pick(ui, "firer", &mut input.firer, Firer::ALL, Firer::name);
        super::hints::hinted(
            ui.add(egui::Slider::new(&mut input.firer_ff, 0..=2000).text("firer FF")),
            "firer FF",
        );
        pick(ui, "weapon", &mut input.weapon, Weapon::ALL, Weapon::name);
        pick(
            ui,
            "type of fire",
            &mut input.fire,
            FireType::ALL,
            FireType::name,
        );
        range.ui(ui, &mut input.range_mm, measured_range(&input.origins));
        super::hints::hinted(
            ui.add(egui::Slider::new(&mut input.target_ff, 0..=2000).text("target FF")),
            "target FF",
        );
        pick(ui, "target", &mut input.target, Target::ALL, Target::name);
        super::hints::check(ui, &mut input.in_building, "firers in a building");
        super::hints::check(
            ui,
            &mut input.initial_volley,
            "initial volley of the battle",
        );
        super::hints::check(
            ui,
            &mut input.changing_to_volley,
            "changing to volley fire this move",
        );
        let mut two_unit = input.two_unit_rear_ff.is_some();
        super::hints::check(ui, &mut two_unit, "two-unit formation");
        input.two_unit_rear_ff = two_unit.then(|| input.two_unit_rear_ff.unwrap_or(0));
        if let Some(rear) = &mut input.two_unit_rear_ff {
            super::hints::hinted(
                ui.add(egui::Slider::new(rear, 0..=2000).text("rear unit FF")),
                "rear unit FF",
            );
        }
        ui.horizontal(|ui| {
            ui.label("target in melee");
            ui.selectable_value(&mut input.target_in_melee, None, "no");
            for e in Engaged::ALL {
                ui.selectable_value(&mut input.target_in_melee, Some(*e), e.name());
            }
        });
        if input.target_in_melee.is_some() {
            super::hints::hinted(
                ui.add(egui::Slider::new(&mut input.melee_round, 1..=10).text("melee round")),
                "melee round",
            );
        }
        // A partial jam's penalty is the one the jam check read: typed, never assumed.
        *jammed |= input.jam_penalty.is_some();
        super::hints::check(ui, jammed, "partial jam (from the jam check)");
        if *jammed {
            if jam_text.is_empty()
                && let Some(p) = input.jam_penalty
            {
                *jam_text = p.to_string();
            }
            number_field(
                ui,
                "jam penalty",
                jam_text,
                "The penalty the jam check read for a partial jam (a minus figure)",
            );
            input.jam_penalty = crate::bounds::Factor::parse(jam_text)
                .ok()
                .map(crate::bounds::Factor::get);
        } else {
            input.jam_penalty = None;
            jam_text.clear();
        }
        arc_ui(ui, &mut input.in_arc, &input.origins);
    }
}

#[cfg(test)]
mod tests {
    use super::mm_text;

    // "round off to the nearest 100 upwards": the field shows the measured range to the
    // hundredth, so 300.04 mm reads as itself, not as 300.
    #[test]
    fn a_range_reads_to_the_hundredth_of_a_mm() {
        assert_eq!(mm_text(300.04), "300.04");
        assert_eq!(mm_text(250.0), "250");
    }
}
