//! The Micro Colonial small arms fire form, and the range and arc fields it shares with the
//! artillery form. The form holds the engine's input: the table's situation fills it, a
//! value typed here is just a changed field, and the engine's steps say which won.

use super::mc_combat::{number_field, pick};
use crate::rules::field::FieldId;
use crate::rules::micro_colonial::fire::{Engaged, FireInput, FireType, Firer, Target, Weapon};
use crate::rules::situation::{Origins, Source};

/// A distance for the eye: to the hundredth of a mm, without trailing zeros.
fn mm_text(mm: f64) -> String {
    let text = format!("{mm:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// What one number field of a form is: its label and help, how its text reads, and how
/// the table or the records can give it.
#[derive(Debug, Clone, Copy)]
pub struct FieldKind {
    /// Its label on the form (and the name a refusal gives it).
    pub label: &'static str,
    /// One line of help.
    pub hint: &'static str,
    /// Where else it can come from, said when it is asked for.
    pub ask: &'static str,
    /// Reads the text typed (`Err`: why it is not a value of its kind).
    pub parse: fn(&str) -> Result<f64, String>,
}

/// Small arms and artillery range: "Centre of the firer to the nearest point of the
/// target".
pub const RANGE: FieldKind = FieldKind {
    label: "range mm",
    hint: "Centre of the firer to the nearest point of the target; a typed range wins over the measured one",
    ask: "type it, or select the firer and then the target on the table",
    parse: |text| {
        crate::bounds::Millimetres::parse(text)
            .map(crate::bounds::Millimetres::get)
            .map_err(|_| format!("range: '{text}' is not a distance in mm"))
    },
};

/// The firing unit's fighting figures.
pub const FIRER_FF: FieldKind = FieldKind {
    label: "firer FF",
    hint: "The firing unit's fighting figures (FF) that fire; the records give them for the firer selected, and an FF typed here wins over them",
    ask: "type it, or select the firer on the table (its FF from the records)",
    parse: |text| strength("firer FF", text),
};

/// The unit's initial fighting figures.
pub const INITIAL_FF: FieldKind = FieldKind {
    label: "initial FF",
    hint: "The unit's IF (initial fighting figures); the records give it for the unit selected, and an FF typed here wins over them",
    ask: "type it, or select the unit on the table (its IF from the records)",
    parse: |text| strength("initial FF", text),
};

/// The unit's present fighting figures.
pub const PRESENT_FF: FieldKind = FieldKind {
    label: "present FF",
    hint: "The unit's PF (present fighting figures); the records give it for the unit selected, and an FF typed here wins over them",
    ask: "type it, or select the unit on the table (its PF from the records)",
    parse: |text| strength("present FF", text),
};

/// The Zulu unit's present FF (a Z marker, a Rorke's Drift melee).
pub const ZULU_PRESENT_FF: FieldKind = FieldKind {
    label: "Zulu unit's present FF",
    hint: "The Zulu unit's present fighting figures (PF); the records give them for the Zulu unit selected, and an FF typed here wins over them",
    ask: "type it, or select the Zulu unit on the table (its PF from the records)",
    parse: |text| strength("Zulu unit's present FF", text),
};

/// The gun's fighting figures (artillery fire).
pub const GUN_FF: FieldKind = FieldKind {
    label: "gun FF",
    hint: "The gun's fighting figures (FF); the records give them for the gun selected, and an FF typed here wins over them",
    ask: "type it, or select the gun on the table (its FF from the records)",
    parse: |text| strength("gun FF", text),
};

/// The target unit's fighting figures.
pub const TARGET_FF: FieldKind = FieldKind {
    label: "target FF",
    hint: "The target unit's fighting figures (FF); the records give them for the target selected, and an FF typed here wins over them",
    ask: "type it, or select the target on the table (its FF from the records)",
    parse: |text| strength("target FF", text),
};

/// Fighting figures typed in a field labelled `label`.
pub(super) fn strength(label: &str, text: &str) -> Result<f64, String> {
    crate::bounds::Strength::parse(text)
        .map(|ff| f64::from(ff.get()))
        .map_err(|e| format!("{label}: {e}"))
}

/// A number the table or the records can give and the referee can type over: empty, and
/// asked for by name, until one of them has given it. It never holds a value of its own.
#[derive(Debug, Clone, PartialEq)]
pub struct GivenField {
    /// The text in the field.
    pub text: String,
    /// The number the field gives the input (`None`: not given yet, asked for).
    given: Option<f64>,
    /// The referee typed it (over the table's or the records' value, or with none).
    typed: bool,
    /// The field does not read as a value of its kind.
    pub error: Option<String>,
}

impl Default for GivenField {
    fn default() -> Self {
        GivenField::empty()
    }
}

impl GivenField {
    /// A field nothing has given yet.
    pub fn empty() -> GivenField {
        GivenField {
            text: String::new(),
            given: None,
            typed: false,
            error: None,
        }
    }

    /// Why the form cannot be resolved on this field: it does not read, or nothing gave it.
    pub fn missing(&self, kind: &FieldKind) -> Option<String> {
        self.error.clone().or_else(|| {
            self.given
                .is_none()
                .then(|| format!("{}: not given: {}", kind.label, kind.ask))
        })
    }

    /// Follows the input: `value` is the input's number, `decided` what the table or the
    /// records gave it (the input's origin). A value they give fills the field; a value
    /// they no longer give, and the referee did not type, empties it again.
    fn follow(&mut self, value: f64, decided: Option<f64>) {
        if self.error.is_some() {
            return;
        }
        let same = |a: f64, b: f64| (a - b).abs() <= f64::EPSILON;
        match decided {
            Some(d) => {
                self.typed = !same(d, value);
                self.show(value);
            }
            None if self.typed => self.show(value),
            None => {
                self.given = None;
                self.text.clear();
            }
        }
    }

    fn show(&mut self, value: f64) {
        if self.given.is_none_or(|g| (g - value).abs() > f64::EPSILON) {
            self.given = Some(value);
            self.text = mm_text(value);
        }
    }

    /// Draws the field of `kind` for the input's `value`; `decided` is what the table or
    /// the records gave it and from where, which a value typed here replaces.
    pub(super) fn ui(
        &mut self,
        ui: &mut egui::Ui,
        kind: &FieldKind,
        value: &mut f64,
        decided: Option<(f64, Source)>,
    ) {
        self.follow(*value, decided.map(|(d, _)| d));
        if number_field(ui, kind.label, &mut self.text, kind.hint) {
            let text = self.text.trim();
            if text.is_empty() {
                *self = GivenField::empty();
            } else {
                match (kind.parse)(text) {
                    Ok(v) => {
                        *value = v;
                        self.given = Some(v);
                        self.typed = true;
                        self.error = None;
                    }
                    Err(e) => self.error = Some(e),
                }
            }
        }
        ui.horizontal_wrapped(|ui| match decided {
            Some((d, source)) if self.given.is_some_and(|g| (g - d).abs() <= f64::EPSILON) => {
                ui.label(format!("{} from {}", kind.label, source.words()));
            }
            Some((d, source)) => {
                ui.label(format!(
                    "{} typed by hand ({} gives {})",
                    kind.label,
                    source.words(),
                    mm_text(d)
                ));
                if ui
                    .button(format!("use {}", source.words()))
                    .on_hover_text(format!(
                        "Take the {} from {} again",
                        kind.label,
                        source.words()
                    ))
                    .clicked()
                {
                    *value = d;
                    self.error = None;
                }
            }
            None if self.given.is_some() => {
                ui.label(format!(
                    "{} typed by hand (nothing on the table gives it)",
                    kind.label
                ));
            }
            None => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{}: not given: {}", kind.label, kind.ask),
                );
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

/// What the table or the records gave the input's field at `pointer`, and from where.
pub(super) fn decided(origins: &Origins, pointer: FieldId) -> Option<(f64, Source)> {
    origins
        .of(pointer)
        .and_then(|o| o.value.as_f64().map(|v| (v, o.source)))
}

/// A whole-number field of the input (an FF), drawn as a [`GivenField`].
pub(super) fn whole_field(
    ui: &mut egui::Ui,
    field: &mut GivenField,
    kind: &FieldKind,
    value: &mut u32,
    decided: Option<(f64, Source)>,
) {
    let mut number = f64::from(*value);
    field.ui(ui, kind, &mut number, decided);
    // The field reads only whole numbers of the strength's domain.
    if let Ok(whole) = crate::bounds::Strength::parse(&number.to_string()) {
        *value = whole.get();
    }
}

/// The arc of fire: "If any of the target counter is within the arc it may be engaged."
/// The table's reading (the input's origin) or the referee's call, which wins; the engine
/// refuses a target out of the arc.
pub(super) fn arc_ui(ui: &mut egui::Ui, in_arc: &mut Option<bool>, origins: &Origins) {
    let table = origins
        .of(crate::field!(FireInput: in_arc))
        .and_then(|o| o.value.as_bool());
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
    let reading = match origins.of(crate::field!(FireInput: in_arc)) {
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
    pub range: GivenField,
    /// The firer's FF field.
    pub firer_ff: GivenField,
    /// The target's FF field.
    pub target_ff: GivenField,
    /// A partial jam is ticked: its penalty must be typed, as the jam check read it.
    pub jammed: bool,
    /// The jam penalty as typed.
    pub jam_text: String,
}

impl Default for FireForm {
    fn default() -> Self {
        // The FFs and the range are asked for until the table, the records or the referee
        // gives them (their fields start empty): the zeros here are never resolved.
        let input = FireInput {
            firer: Firer::RegularInfantry,
            firer_ff: 0,
            weapon: Weapon::Rifle,
            fire: FireType::Volley,
            range_mm: 0.0,
            target_ff: 0,
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
            range: GivenField::empty(),
            firer_ff: GivenField::empty(),
            target_ff: GivenField::empty(),
            input,
            jammed: false,
            jam_text: String::new(),
        }
    }
}

impl FireForm {
    /// Why the fire cannot be resolved as the form stands: a field that does not read or
    /// that nothing gave, or a partial jam without its penalty.
    pub fn error(&self) -> Option<String> {
        self.firer_ff
            .missing(&FIRER_FF)
            .or_else(|| self.range.missing(&RANGE))
            .or_else(|| self.target_ff.missing(&TARGET_FF))
            .or_else(|| {
                (self.jammed && self.input.jam_penalty.is_none()).then(|| {
                    format!(
                        "jam penalty: '{}' is not a whole number: give the penalty the jam check read",
                        self.jam_text.trim()
                    )
                })
            })
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let Self {
            input,
            range,
            firer_ff,
            target_ff,
            jammed,
            jam_text,
        } = self;
        pick(ui, "firer", &mut input.firer, Firer::ALL, Firer::name);
        let from = decided(&input.origins, crate::field!(FireInput: firer_ff));
        whole_field(ui, firer_ff, &FIRER_FF, &mut input.firer_ff, from);
        pick(ui, "weapon", &mut input.weapon, Weapon::ALL, Weapon::name);
        pick(
            ui,
            "type of fire",
            &mut input.fire,
            FireType::ALL,
            FireType::name,
        );
        let measured = decided(&input.origins, crate::field!(FireInput: range_mm));
        range.ui(ui, &RANGE, &mut input.range_mm, measured);
        let from = decided(&input.origins, crate::field!(FireInput: target_ff));
        whole_field(ui, target_ff, &TARGET_FF, &mut input.target_ff, from);
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
                super::bounded::strength(ui, "rear unit FF", rear),
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
                super::bounded::place(ui, "melee round", &mut input.melee_round),
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
    use super::{FIRER_FF, GivenField, mm_text};

    // "a field neither the table, the records nor the user has filled is asked for by
    // name; it is never defaulted" (issue 39): the firer's FF is empty until the records
    // give it, and empty again when they no longer do.
    #[test]
    fn a_field_nothing_gave_is_asked_for_by_name() {
        let mut field = GivenField::empty();
        assert_eq!(
            field.missing(&FIRER_FF).as_deref(),
            Some(
                "firer FF: not given: type it, or select the firer on the table (its FF from the records)"
            )
        );
        field.follow(100.0, Some(100.0));
        assert_eq!(
            (field.text.as_str(), field.missing(&FIRER_FF)),
            ("100", None)
        );
        // Another firer is selected, whose strength is not on the records.
        field.follow(0.0, None);
        assert_eq!(field.text, "");
        assert!(field.missing(&FIRER_FF).is_some());
        // Text that is not fighting figures is refused, naming the field.
        assert!((FIRER_FF.parse)("many").is_err_and(|e| e.starts_with("firer FF: ")));
        assert_eq!((FIRER_FF.parse)("250"), Ok(250.0));
    }

    // "round off to the nearest 100 upwards": the field shows the measured range to the
    // hundredth, so 300.04 mm reads as itself, not as 300.
    #[test]
    fn a_range_reads_to_the_hundredth_of_a_mm() {
        assert_eq!(mm_text(300.04), "300.04");
        assert_eq!(mm_text(250.0), "250");
    }
}
