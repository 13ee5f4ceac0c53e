//! The interpretation settings (`tables/micro_colonial/settings.toml`): where the text can be
//! read two ways, the reading in force, with the step that cites it.
//!
//! A setting with a value is used and cited; a club's value is also a warning; a setting
//! with no value (one a club's file leaves unset) is asked for like a lost cell, through
//! the [`CellReader`].

use super::section;
use crate::charts::{CellReader, Charts, Confidence};
use crate::dice::micro_colonial::SameColour;
use crate::resolution::{RuleRef, Step};

/// The chart the settings live in.
pub const CHART: &str = "settings";

/// How fractions left by FF ÷ 10, FF ÷ 100 and halving are treated (`rounding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// Drop the fraction (the default: the text says nothing).
    Drop,
    /// Round to the nearest whole number, a half going up.
    Nearest,
    /// Round any fraction up.
    Up,
}

impl Rounding {
    /// `numerator / denominator` under this rounding, for non-negative numerators.
    pub fn divide(self, numerator: i64, denominator: i64) -> i64 {
        let whole = numerator.div_euclid(denominator);
        let rest = numerator.rem_euclid(denominator);
        match self {
            Rounding::Drop => whole,
            Rounding::Nearest => whole + i64::from(rest * 2 >= denominator),
            Rounding::Up => whole + i64::from(rest > 0),
        }
    }
}

/// How the Loss table's present-strength axis runs (`loss_table_orientation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// c1 is the fresh end; the factor grows with losses and is subtracted.
    A,
    /// c1 is the band just above the rout zone; the factor is added, as the text says.
    B,
}

/// What the field guns' "none" in scrub, broken ground and soft sand means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldGunsBroken {
    /// They cannot move there (the default).
    CannotMove,
    /// No penalty.
    NoPenalty,
}

/// How a crew that limbers up evades with its guns (`evading_crew_limbered`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvadingCrewLimbered {
    /// The guns' action move, which includes the limbering (the default); guns with no
    /// action move, their normal rate less the limbering cost.
    ActionMove,
    /// The guns' normal rate less the limbering cost.
    NormalLessLimber,
}

/// A setting read for one resolution: its value and the step that cites it.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting<T> {
    /// The reading in force.
    pub value: T,
    /// The step naming the setting, its value and why.
    pub step: Step,
}

fn rule(name: &str) -> RuleRef {
    let mut rule = section("Interpretation settings");
    rule.chart = Some(CHART.to_owned());
    rule.cell = Some(format!("{CHART}:{name}"));
    rule
}

/// Reads a setting's text, or notes it as needed (no value) and returns `None`.
fn read(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    name: &str,
    why: &str,
) -> Option<(String, Step)> {
    let cell = charts
        .chart(super::RULESET, CHART)
        .and_then(|c| c.cell(&[name]));
    let Some(cell) = cell.filter(|c| c.value.is_some()) else {
        // Not set: the reader records it as needed, so the refusal names it.
        reader.get(CHART, &[name]);
        return None;
    };
    let value = cell
        .value
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    let origin = match cell.confidence {
        Confidence::House => {
            let by = cell
                .by
                .as_deref()
                .map(|b| format!(" by {b}"))
                .unwrap_or_default();
            reader.warn(format!("used club setting {CHART}:{name} = {value}{by}"));
            "set by the club".to_owned()
        }
        Confidence::Printed => "stated by the document".to_owned(),
        Confidence::Reconstructed | Confidence::Unknown => {
            "Laager's default; the document does not settle it".to_owned()
        }
    };
    let step = Step::valued(rule(name), format!("{why} ({origin})"), value.clone(), None);
    Some((value, step))
}

/// `rounding`: how fractions are treated.
pub fn rounding(charts: &Charts, reader: &mut CellReader<'_>) -> Option<Setting<Rounding>> {
    let (text, step) = read(
        charts,
        reader,
        "rounding",
        "fractions of FF / 10, FF / 100 and halves",
    )?;
    let value = match text.as_str() {
        "nearest" => Rounding::Nearest,
        "up" => Rounding::Up,
        _ => Rounding::Drop,
    };
    Some(Setting { value, step })
}

/// `same_colour_dice`: whether two dice of one colour are summed or only the highest read.
pub fn same_colour_dice(
    charts: &Charts,
    reader: &mut CellReader<'_>,
) -> Option<Setting<SameColour>> {
    let (text, step) = read(
        charts,
        reader,
        "same_colour_dice",
        "how two dice of one colour count in a random factor",
    )?;
    let value = if text == "highest" {
        SameColour::Highest
    } else {
        SameColour::Sum
    };
    Some(Setting { value, step })
}

/// `loss_table_orientation`: which way the Loss table's rows run (default B, reconstructed
/// from the chart's own numbers; A stays selectable and is named in every step that uses it).
pub fn loss_table_orientation(
    charts: &Charts,
    reader: &mut CellReader<'_>,
) -> Option<Setting<Orientation>> {
    let (text, step) = read(
        charts,
        reader,
        "loss_table_orientation",
        "which present-strength band each Loss table cell covers, and the factor's sign",
    )?;
    let value = if text == "B" {
        Orientation::B
    } else {
        Orientation::A
    };
    Some(Setting { value, step })
}

/// `native_cavalry_charge_mm`: the native cavalry's charge and break rate, 240 or 140.
pub fn native_cavalry_charge_mm(
    charts: &Charts,
    reader: &mut CellReader<'_>,
) -> Option<Setting<i64>> {
    let (text, step) = read(
        charts,
        reader,
        "native_cavalry_charge_mm",
        "the chart card reads 240, the rules page 140",
    )?;
    let value = text.trim().parse().unwrap_or(240);
    Some(Setting { value, step })
}

/// `field_guns_in_broken_ground`: what the field guns' "none" means.
pub fn field_guns_in_broken_ground(
    charts: &Charts,
    reader: &mut CellReader<'_>,
) -> Option<Setting<FieldGunsBroken>> {
    let (text, step) = read(
        charts,
        reader,
        "field_guns_in_broken_ground",
        "the terrain chart's 'none' for field guns in scrub, broken ground and soft sand",
    )?;
    let value = if text == "no-penalty" {
        FieldGunsBroken::NoPenalty
    } else {
        FieldGunsBroken::CannotMove
    };
    Some(Setting { value, step })
}

/// `evading_crew_limbered`: the rate of a crew that limbers up and evades with its guns.
pub fn evading_crew_limbered(
    charts: &Charts,
    reader: &mut CellReader<'_>,
) -> Option<Setting<EvadingCrewLimbered>> {
    let (text, step) = read(
        charts,
        reader,
        "evading_crew_limbered",
        "the text gives no evade rate for a crew that limbers up its guns",
    )?;
    let value = if text == "normal-less-limber" {
        EvadingCrewLimbered::NormalLessLimber
    } else {
        EvadingCrewLimbered::ActionMove
    };
    Some(Setting { value, step })
}

#[cfg(test)]
mod tests {
    use super::Rounding;

    #[test]
    fn rounding_divides_each_way() {
        assert_eq!(Rounding::Drop.divide(95, 10), 9);
        assert_eq!(Rounding::Nearest.divide(95, 10), 10);
        assert_eq!(Rounding::Nearest.divide(94, 10), 9);
        assert_eq!(Rounding::Up.divide(91, 10), 10);
        assert_eq!(Rounding::Up.divide(90, 10), 9);
    }
}
