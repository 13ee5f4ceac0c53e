//! The Micro Colonial small arms fire form, and the measured range it shares with the
//! artillery form: plotted on the table, or typed by hand (which wins), the step saying which.

use super::mc_combat::{number_field, pick};
use crate::resolution::{Refusal, RuleRef, Step};
use crate::rules::micro_colonial::fire::{Engaged, FireInput, FireType, Firer, Target, Weapon};
use crate::ruleset::Ruleset;

/// A distance for the eye: to the hundredth of a mm, without trailing zeros.
fn mm_text(mm: f64) -> String {
    let text = format!("{mm:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
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
    pub(super) fn new(mm: f64) -> RangeInput {
        RangeInput {
            range_mm: mm,
            range_typed: false,
            plotted: false,
            text: mm_text(mm),
            error: None,
        }
    }

    /// The range measured on the table; ignored once a range is typed by hand.
    pub fn plot(&mut self, mm: f64) {
        if self.range_typed {
            return;
        }
        // The exact measurement goes to the rule (300.04 mm rounds up to 400, not 300).
        self.plotted = true;
        if (mm - self.range_mm).abs() > f64::EPSILON {
            self.range_mm = mm;
            self.text = mm_text(mm);
            self.error = None;
        }
    }

    pub(super) fn ui(&mut self, ui: &mut egui::Ui) {
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
    pub(super) fn step(&self, section: &str) -> Step {
        Step::note(
            RuleRef::section(Ruleset::MicroColonial, section),
            format!(
                "measured range {} mm: {}",
                mm_text(self.range_mm),
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

/// Whether the target may be engaged: "If any of the target counter is within the arc it
/// may be engaged." Read from the table (the firing-arc template laid on the plot) or
/// called by the referee at the table, whose call wins.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArcInput {
    /// The table's reading: in arc or not, or why the arc cannot be drawn.
    pub plotted: Option<Result<bool, String>>,
    /// The referee's call (in arc, out of arc), which wins over the table's.
    pub typed: Option<bool>,
}

const ARCS: &str = "ARCS OF FIRE";

impl ArcInput {
    /// The table's reading, from the measurement of the selected firer and target.
    pub fn plot(&mut self, arc: Result<bool, String>) {
        self.plotted = Some(arc);
    }

    /// In arc or not, as far as anyone has said.
    pub fn in_arc(&self) -> Option<bool> {
        self.typed.or(match &self.plotted {
            Some(Ok(in_arc)) => Some(*in_arc),
            _ => None,
        })
    }

    pub(super) fn ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label("arc of fire");
            ui.selectable_value(&mut self.typed, None, "from the table");
            ui.selectable_value(&mut self.typed, Some(true), "in arc");
            ui.selectable_value(&mut self.typed, Some(false), "out of arc");
        });
        let reading = match &self.plotted {
            Some(Ok(true)) => "the table: part of the target is inside the arc".to_owned(),
            Some(Ok(false)) => "the table: no part of the target is inside the arc".to_owned(),
            Some(Err(why)) => format!("the table cannot tell: {why}"),
            None => "nothing plotted: select the firer, then the target".to_owned(),
        };
        ui.weak(reading);
    }

    /// The step saying whether the target may be engaged and who said so; a refusal when
    /// it is outside the arc.
    pub(super) fn check(&self) -> Result<Step, Refusal> {
        let rule = RuleRef::section(Ruleset::MicroColonial, ARCS);
        let source = if self.typed.is_some() {
            "the referee's call at the desk (it wins over the table)"
        } else {
            "plotted on the table with the firing-arc template"
        };
        match self.in_arc() {
            Some(false) => Err(Refusal::by_rule(
                rule,
                format!(
                    "no part of the target counter is within the firer's arc ({source}): it may not be engaged"
                ),
            )),
            Some(true) => Ok(Step::note(
                rule,
                format!(
                    "part of the target counter is within the arc, so it may be engaged: {source}"
                ),
            )),
            None => Ok(Step::note(
                rule,
                match &self.plotted {
                    Some(Err(why)) => {
                        format!("arc not checked on the table ({why}): the referee judges it")
                    }
                    _ => "arc not checked: nothing was plotted; the referee judges it".to_owned(),
                },
            )),
        }
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
    /// The engine's input.
    pub fn input(&self) -> FireInput {
        FireInput {
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

#[cfg(test)]
mod tests {
    use super::RangeInput;

    // "round off to the nearest 100 upwards": the plotted range reaches the rule unrounded,
    // so 300.04 mm still reads the 400 mm band.
    #[test]
    fn a_plotted_range_reaches_the_rule_unrounded() {
        let mut range = RangeInput::new(250.0);
        range.plot(300.04);
        assert!((range.range_mm - 300.04).abs() < 1e-12);
        assert_eq!(range.text, "300.04");
    }

    #[test]
    fn a_typed_range_is_not_replaced_by_a_plotted_one() {
        let mut range = RangeInput::new(250.0);
        range.range_typed = true;
        range.plot(180.0);
        assert!((range.range_mm - 250.0).abs() < f64::EPSILON);
    }
}
