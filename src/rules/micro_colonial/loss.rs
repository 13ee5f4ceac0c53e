//! MORALE CALCULATION step 1: the loss factor from the Loss table (Morale Table 1), by the
//! unit's initial and present fighting factors.
//!
//! "From the Loss table on the Morale Chart determine the unit's loss factor, using the
//! unit's initial and present fighting factors. If, on this chart, there is an R instead of
//! a factor the unit will automatically rout without further calculations." Which present-
//! strength band each cell covers depends on `loss_table_orientation`, which the document
//! does not settle: until a club sets it, the lookup asks for it.

use super::settings::{self, Orientation};
use super::{RULESET, cell_ref, finish, resolution, section};
use crate::charts::{Body, CellReader, Charts, Value};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The Loss table's chart name.
pub const CHART: &str = "morale_losses";
const MORALE: &str = "MORALE CALCULATION";
const TABLE: &str = "MORALE CHARTS, TABLE 1 Losses";
const BAND: i64 = 50;

/// One row of the Loss table: its label, the top of its band, its cell count and R cells.
struct Row {
    label: String,
    top: i64,
    cells: i64,
    routs: i64,
}

fn find_row(charts: &Charts, initial: i64) -> Option<Row> {
    let chart = charts.chart(RULESET, CHART)?;
    let Body::TwoD { rows, cells, .. } = &chart.body else {
        return None;
    };
    let i = rows.position_of_value(initial)?;
    let band = rows.keys[i].band?;
    let row = &cells[i];
    let text = |c: &crate::charts::Cell| c.value.as_ref().map(ToString::to_string);
    let length = row
        .iter()
        .filter(|c| text(c).is_none_or(|t| t != "\u{2014}"))
        .count() as i64;
    let routs = row
        .iter()
        .filter(|c| text(c).as_deref() == Some("R"))
        .count() as i64;
    Some(Row {
        label: rows.keys[i].label.clone(),
        top: band.hi?,
        cells: length,
        routs,
    })
}

/// The cell (1-based) a present strength falls in under an orientation.
fn position(row: &Row, present: i64, orientation: Orientation) -> i64 {
    match orientation {
        // A: c_j covers (U - 50j, U - 50(j - 1)].
        Orientation::A => (row.top - present).div_euclid(BAND) + 1,
        // B: c_j covers (50(r + j - 1), 50(r + j)]; the R cells, stored last, cover 1..50r.
        Orientation::B => {
            let band = (present + BAND - 1).div_euclid(BAND);
            if band <= row.routs {
                row.cells - row.routs + band
            } else {
                band - row.routs
            }
        }
    }
}

/// A unit's strength for the Loss table: its initial and present fighting factors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LossFactorInput {
    /// The unit's initial FF.
    pub initial_ff: u32,
    /// Its present FF.
    pub present_ff: u32,
    /// The values the records decided (`situation::loss_factor`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What the Loss table gives: the `--json` outcome of `laager mc loss-factor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossFactorOutcome {
    /// The factor as printed; `null` on an R.
    pub loss_factor: Option<i64>,
    /// An R: the unit routs without further calculation.
    pub automatic_rout: bool,
    /// The factor as it goes into the morale total (its sign by the table's orientation);
    /// `null` on an R, and for the standard factor of units under 101, whose sign this
    /// lookup did not need.
    pub signed_factor: Option<i64>,
    /// The Loss table cell read (`c3`); absent for the standard factor of units under 101.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub cell: Option<String>,
}

/// The loss factor of a unit.
pub(crate) fn loss_factor(
    charts: &Charts,
    initial_ff: u32,
    present_ff: u32,
) -> Result<Resolution<LossFactorOutcome>, Refusal> {
    let (initial, present) = (i64::from(initial_ff), i64::from(present_ff));
    if present > initial {
        return Err(Refusal::by_rule(
            section(MORALE),
            format!("present strength {present} is above the initial strength {initial}"),
        ));
    }
    if present == 0 {
        return Err(Refusal::by_rule(
            section(MORALE),
            "a unit with no fighting factors left takes no morale test: it is destroyed",
        ));
    }
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, LossFactor::NAME);
    if initial < 101 {
        return standard_loss_factor(&mut reader, resolution);
    }
    let Some(row) = find_row(charts, initial) else {
        return Err(Refusal::by_rule(
            section(TABLE),
            format!(
                "the Loss table has no row for an initial strength of {initial} (it runs 101 to 1100)"
            ),
        ));
    };
    let Some(orientation) = settings::loss_table_orientation(charts, &mut reader) else {
        return Err(missing(&reader));
    };
    resolution.step(orientation.step);
    let j = position(&row, present, orientation.value);
    let column = format!("c{j}");
    let rule = cell_ref(TABLE, CHART, &[&row.label, &column]);
    let (lo, hi) = cell_band(&row, j, orientation.value);
    resolution.step(Step::note(
        rule.clone(),
        format!(
            "initial {initial} reads row {}; present {present} lies in {lo}-{hi}: cell {column} under reading {:?}",
            row.label, orientation.value
        ),
    ));
    let Some(value) = reader.get(CHART, &[&row.label, &column]) else {
        return Err(missing(&reader));
    };
    let text = value.to_string();
    let outcome = if text.trim() == "R" {
        resolution.step(Step::valued(
            rule,
            "R: the unit automatically routs without further calculation",
            "R",
            None,
        ));
        LossFactorOutcome {
            loss_factor: None,
            automatic_rout: true,
            signed_factor: None,
            cell: Some(column),
        }
    } else {
        let Some(factor) = parse(&value) else {
            return Err(Refusal::by_rule(
                rule,
                format!(
                    "cell {column} of row {} reads '{text}', not a factor",
                    row.label
                ),
            ));
        };
        let signed = match orientation.value {
            Orientation::A => -factor,
            Orientation::B => factor,
        };
        resolution.step(Step::valued(
            rule.clone(),
            format!("loss factor {factor}"),
            factor,
            None,
        ));
        resolution.step(Step::valued(
            rule,
            match orientation.value {
                Orientation::A => "reading A: the factor grows with losses, so it is subtracted from the morale total",
                Orientation::B => "reading B: the factor is added to the morale total, as the text says",
            },
            signed,
            Some(json!(signed)),
        ));
        LossFactorOutcome {
            loss_factor: Some(factor),
            automatic_rout: false,
            signed_factor: Some(signed),
            cell: Some(column),
        }
    };
    Ok(finish(resolution, &reader, section(TABLE))?.with_outcome(outcome))
}

/// The refusal for a cell of the Loss table or its settings the reader lacks.
fn missing(reader: &CellReader<'_>) -> Refusal {
    reader
        .refusal(section(TABLE))
        .unwrap_or_else(|| Refusal::by_rule(section(TABLE), "missing"))
}

/// The standard loss factor of a unit with an initial strength under 101; its sign is the
/// morale calculation's to give (by the table's orientation).
fn standard_loss_factor(
    reader: &mut CellReader<'_>,
    mut resolution: Resolution<()>,
) -> Result<Resolution<LossFactorOutcome>, Refusal> {
    let key = "loss-factor-under-101";
    let Some(factor) = reader.int("rules_thresholds", &[key]) else {
        return Err(missing(reader));
    };
    resolution.step(Step::valued(
        cell_ref(TABLE, "rules_thresholds", &[key]),
        format!("units with an initial strength of less than 101 have a standard loss factor of {factor}"),
        factor,
        None,
    ));
    let mut resolution = finish(resolution, reader, section(TABLE))?;
    resolution.warn("the sign of the standard loss factor depends on settings:loss_table_orientation, which this lookup did not need");
    Ok(resolution.with_outcome(LossFactorOutcome {
        loss_factor: Some(factor),
        automatic_rout: false,
        signed_factor: None,
        cell: None,
    }))
}

/// The present strengths cell `j` of a row covers under an orientation, lowest first.
fn cell_band(row: &Row, j: i64, orientation: Orientation) -> (i64, i64) {
    match orientation {
        Orientation::A => (row.top - BAND * j + 1, row.top - BAND * (j - 1)),
        Orientation::B if j > row.cells - row.routs => {
            let b = j - (row.cells - row.routs);
            (BAND * (b - 1) + 1, BAND * b)
        }
        Orientation::B => (BAND * (row.routs + j - 1) + 1, BAND * (row.routs + j)),
    }
}

/// MORALE CALCULATION step 1 on its own: the Loss table lookup.
pub struct LossFactor;

impl Procedure for LossFactor {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "loss-factor";
    const THROWS: bool = false;
    type Input = LossFactorInput;
    type Outcome = LossFactorOutcome;
    const ROLES: &'static [&'static str] = &["unit"];

    fn resolve(
        charts: &Charts,
        input: &LossFactorInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<LossFactorOutcome>, Refusal> {
        let mut resolution = loss_factor(charts, input.initial_ff, input.present_ff)?;
        let origins = input.origins.steps(input, &section(MORALE));
        resolution.steps.splice(0..0, origins);
        Ok(resolution)
    }
}

fn parse(value: &Value) -> Option<i64> {
    match value {
        Value::Int(n) => Some(*n),
        Value::Text(t) => t.trim().replace('\u{2212}', "-").parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Orientation, Row, position};

    fn row_301_400() -> Row {
        Row {
            label: "301-400".to_owned(),
            top: 400,
            cells: 8,
            routs: 1,
        }
    }

    // Reading A: c_j covers (U - 50j, U - 50(j-1)]; row 301-400 has U = 400.
    #[test]
    fn reading_a_puts_300_in_c3_and_40_in_the_rout_cell() {
        let row = row_301_400();
        assert_eq!(position(&row, 400, Orientation::A), 1);
        assert_eq!(position(&row, 300, Orientation::A), 3);
        assert_eq!(position(&row, 40, Orientation::A), 8);
    }

    // Reading B: c_j covers (50(r + j - 1), 50(r + j)], r = 1 R cell in row 301-400.
    #[test]
    fn reading_b_puts_300_in_c5_and_40_in_the_rout_cell() {
        let row = row_301_400();
        assert_eq!(position(&row, 300, Orientation::B), 5);
        assert_eq!(position(&row, 51, Orientation::B), 1);
        assert_eq!(position(&row, 40, Orientation::B), 8);
    }
}
