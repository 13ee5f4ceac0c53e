//! MORALE CALCULATION: the loss factor (Morale Table 1, or automatic rout on an R), the
//! Charge Morale factor when charging or being charged (Table 2), one die read on the Random
//! Factor table by troop type (Table 3), the tactical factors (Table 4), and the Morale
//! Result Table by class: GOOD, FALL BACK, GO TO GROUND (cavalry: fall back) or BREAK.
//!
//! Tables 2, 3 and the result table lost their printed troop keys, so their cells are named
//! by the `--troop` and `--class` the referee gives (`lost_keys`).

use super::lost_keys::{self, AxisKey};
use super::names::named;
use super::settings::{self, Orientation};
use super::situation::factor_view;
use super::{RULESET, bad_dice, cell_ref, finish, loss, resolution, section};
use crate::charts::{Band, Body, CellReader, Charts, Value};
use crate::dice::DiceSource;
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

const CALCULATION: &str = "MORALE CALCULATION";
const TABLE2: &str = "MORALE CHARTS, TABLE 2 Charge Morale";
const TABLE3: &str = "MORALE CHARTS, TABLE 3 Random Factor";
const TABLE4: &str = "MORALE CHARTS, TABLE 4 Tactical Factors";
const RESULTS: &str = "MORALE RESULT TABLE";
/// Table 4's chart name.
pub const TACTICAL: &str = "morale_tactical_factors";
const CHARGE_CHART: &str = "morale_charge";
const RANDOM_CHART: &str = "morale_random_factor";
const RESULT_CHART: &str = "morale_results";
/// The factors counted per unit, and the cap on supporting units.
const PER_SUPPORTING: &str = "per-supporting-unit";
const SUPPORT_CAP: &str = "supporting-units-maximum";

named!(
    /// Charging or being charged: the Charge Morale table's rows, by these names.
    Charge, "charge" {
        /// The unit is charging.
        Charging = "charging",
        /// The unit is being charged.
        BeingCharged = "being-charged",
    }
);

named!(
    /// What a morale test decides (`outcome.result`).
    MoraleResult, "morale result" {
        /// GOOD.
        Good = "good",
        /// FALL BACK.
        FallBack = "fall-back",
        /// GO TO GROUND.
        GoToGround = "go-to-ground",
        /// BREAK.
        Break = "break",
    }
);

/// A morale test, as the referee describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleInput {
    /// The unit's initial FF.
    pub initial_ff: u32,
    /// Its present FF.
    pub present_ff: u32,
    /// Its troop type: Table 3's row (named as the club's chart names it).
    pub troop: String,
    /// Its class: the result table's column (and Table 2's).
    pub class: String,
    /// The unit is cavalry: GO TO GROUND is read as FALL BACK.
    #[serde(default)]
    pub cavalry: bool,
    /// Charging or being charged.
    #[serde(default)]
    pub charge: Option<Charge>,
    /// Table 4's factors that apply, each with a count (1, or units for the per-unit ones).
    #[serde(default)]
    pub factors: Vec<(String, u32)>,
    /// The values the table and the records decided (`situation::morale`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl MoraleInput {
    /// The steps that say which values the table and the records gave and which were
    /// given by hand: the resolution's first steps. A factor is named by its place in the
    /// list of factors (`/factors/winner-of-melee`).
    pub fn origin_steps(&self) -> Vec<Step> {
        let view = factor_view(self, &self.origins, &[crate::field!(MoraleInput: factors)]);
        self.origins.steps(&view, &section(CALCULATION))
    }
}

/// Everything read before the die: the steps and the total so far, or an automatic rout.
struct Prepared {
    steps: Vec<Step>,
    /// Step 4's tactical factors, shown after the die of step 3.
    tactical: Vec<Step>,
    total: i64,
    automatic_rout: bool,
}

impl Prepared {
    /// The tactical factors' sum (already in `total`).
    fn tactical_sum(&self) -> i64 {
        self.tactical
            .iter()
            .filter_map(|s| s.value.as_ref().and_then(serde_json::Value::as_i64))
            .sum()
    }
}

/// The names of Table 4's factors a `--factor` may give.
pub fn factor_names(charts: &Charts) -> Vec<String> {
    charts
        .chart(RULESET, TACTICAL)
        .map(|c| {
            c.cells()
                .into_iter()
                .map(|(k, _)| k.join(":"))
                .filter(|k| k != SUPPORT_CAP)
                .collect()
        })
        .unwrap_or_default()
}

/// Works the morale calculation before the die: the loss factor, the charge morale factor
/// and the tactical factors, or an automatic rout.
fn prepare(
    charts: &Charts,
    test: &MoraleInput,
    reader: &mut CellReader<'_>,
) -> Result<Prepared, Refusal> {
    check_test(charts, test)?;
    let mut steps = Vec::new();
    // 1. The loss factor.
    let mut total = 0;
    if add_loss_factor(charts, test, reader, &mut steps, &mut total)? {
        return Ok(Prepared {
            steps,
            tactical: Vec::new(),
            total: 0,
            automatic_rout: true,
        });
    }
    // 2. The charge morale factor.
    add_charge_factor(charts, test, reader, &mut steps, &mut total);
    // 4. The tactical factors (added after the die in the text; the sum does not depend on
    // the order, so they are read now and shown after the die).
    let tactical = add_tactical_factors(test, reader, &mut total);
    Ok(Prepared {
        steps,
        tactical,
        total,
        automatic_rout: false,
    })
}

/// Refuses a tactical factor Table 4 does not have, and a class the result table's
/// columns do not name.
fn check_test(charts: &Charts, test: &MoraleInput) -> Result<(), Refusal> {
    let known = factor_names(charts);
    for (name, _) in &test.factors {
        if !known.contains(name) {
            return Err(Refusal::by_rule(
                section(TABLE4),
                format!(
                    "'{name}' is not a tactical factor of Table 4: expected one of {}",
                    known.join(", ")
                ),
            ));
        }
    }
    // The class is a column of the result table: once a club's chart names them, only those.
    if let Some(Body::TwoD { columns, .. }) = charts.chart(RULESET, RESULT_CHART).map(|c| &c.body)
        && columns
            .keys
            .iter()
            .all(|k| k.confidence != crate::charts::Confidence::Unknown)
        && columns.position(&test.class).is_none()
    {
        return Err(Refusal::by_rule(
            section(RESULTS),
            format!(
                "'{}' is not a class of the Morale Result Table: expected one of {}",
                test.class,
                columns.labels().join(", ")
            ),
        ));
    }
    Ok(())
}

/// Step 1: the loss factor from the Loss table, signed by the table's orientation where
/// the table leaves it; returns whether an R routs the unit without further calculation.
/// The cells the loss factor lacks are named through the reader.
fn add_loss_factor(
    charts: &Charts,
    test: &MoraleInput,
    reader: &mut CellReader<'_>,
    steps: &mut Vec<Step>,
    total: &mut i64,
) -> Result<bool, Refusal> {
    match loss::loss_factor(charts, test.initial_ff, test.present_ff) {
        Ok(found) => {
            steps.extend(found.steps);
            for warning in found.warnings {
                if !warning.contains("did not need") {
                    reader.warn(warning);
                }
            }
            if found.outcome.automatic_rout {
                steps.push(Step::valued(
                    section(CALCULATION),
                    "an R instead of a factor: the unit will automatically rout without further calculations",
                    "R",
                    None,
                ));
                return Ok(true);
            }
            let signed = match (found.outcome.signed_factor, found.outcome.loss_factor) {
                (Some(s), _) => Some(s),
                // The standard 30 for units under 101: its sign follows the orientation.
                (None, Some(f)) => settings::loss_table_orientation(charts, reader).map(|o| {
                    steps.push(o.step);
                    match o.value {
                        Orientation::A => -f,
                        Orientation::B => f,
                    }
                }),
                (None, None) => None,
            };
            if let Some(s) = signed {
                *total += s;
                steps.push(Step::valued(
                    section(CALCULATION),
                    "the loss factor",
                    s,
                    Some(json!(*total)),
                ));
            }
        }
        Err(refusal) if refusal.needs_cells.is_empty() => return Err(refusal),
        Err(refusal) => {
            for cell in &refusal.needs_cells {
                let key: Vec<&str> = cell.key.iter().map(String::as_str).collect();
                reader.get(&cell.chart, &key);
            }
        }
    }
    Ok(false)
}

/// Step 2: Table 2's charge morale factor for a unit charging or being charged, by class.
fn add_charge_factor(
    charts: &Charts,
    test: &MoraleInput,
    reader: &mut CellReader<'_>,
    steps: &mut Vec<Step>,
    total: &mut i64,
) {
    if let Some(charge) = test.charge {
        let (value, address) = lost_keys::read(
            charts,
            reader,
            CHARGE_CHART,
            AxisKey::Label(charge.name()),
            AxisKey::Label(&test.class),
        );
        if let Some(v) = value.and_then(|v| v.as_int()) {
            *total += v;
            steps.push(Step::valued(
                crate::resolution::RuleRef::cell(RULESET, TABLE2, CHARGE_CHART, &address),
                format!(
                    "the unit is {}: the Charge Morale factor for {}",
                    charge.name().replace('-', " "),
                    test.class
                ),
                v,
                Some(json!(*total)),
            ));
        }
    }
}

/// Step 4: Table 4's tactical factors, each times its count, the supporting units' up to
/// their maximum; their steps, shown after the die.
fn add_tactical_factors(
    test: &MoraleInput,
    reader: &mut CellReader<'_>,
    total: &mut i64,
) -> Vec<Step> {
    let mut tactical = Vec::new();
    let cap = if test.factors.iter().any(|(n, _)| n == PER_SUPPORTING) {
        reader.int(TACTICAL, &[SUPPORT_CAP])
    } else {
        None
    };
    for (name, count) in &test.factors {
        if let Some(v) = reader.int(TACTICAL, &[name]) {
            let mut amount = v * i64::from(*count);
            let mut text = if *count == 1 {
                format!("tactical factor {name}")
            } else {
                format!("tactical factor {name} x {count}")
            };
            if name == PER_SUPPORTING
                && let Some(cap) = cap
                && amount > cap
            {
                amount = cap;
                text = format!("{text} (up to a maximum of {cap} factors)");
            }
            *total += amount;
            tactical.push(Step::valued(
                cell_ref(TABLE4, TACTICAL, &[name]),
                text,
                amount,
                Some(json!(*total)),
            ));
        }
    }
    tactical
}

/// Table 3's value for a die face, read by troop type.
fn random_value(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    troop: &str,
    face: u8,
) -> (Option<i64>, String) {
    let (value, address) = lost_keys::read(
        charts,
        reader,
        RANDOM_CHART,
        AxisKey::Label(troop),
        AxisKey::Number(i64::from(face)),
    );
    (value.and_then(|v| v.as_int()), address)
}

/// The result table's row for a total: the band label holding it ("30-39", "70+"), or
/// `under-N` below the lowest band.
fn result_row(charts: &Charts, total: i64) -> Option<String> {
    let chart = charts.chart(RULESET, RESULT_CHART)?;
    let Body::TwoD { rows, .. } = &chart.body else {
        return None;
    };
    rows.keys
        .iter()
        .find(|k| match k.label.strip_prefix("under-") {
            Some(n) => n.parse::<i64>().is_ok_and(|n| total < n),
            None => Band::parse(&k.label).is_some_and(|b| b.contains(total)),
        })
        .map(|k| k.label.clone())
}

/// The result for a total: the cell for the class, or the row's one value when every
/// column of the row reads the same (the 70+ row is GOOD throughout).
fn result_for(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    test: &MoraleInput,
    total: i64,
) -> Option<(MoraleResult, Step)> {
    let row = result_row(charts, total)?;
    let chart = charts.chart(RULESET, RESULT_CHART)?;
    let uniform = match &chart.body {
        Body::TwoD { rows, columns, .. } => {
            let class_known = columns.position(&test.class).is_some();
            let values: Vec<Option<Value>> = rows
                .position(&row)
                .map(|_| {
                    columns
                        .keys
                        .iter()
                        .map(|c| chart.cell(&[&row, &c.label]).and_then(|c| c.value.clone()))
                        .collect()
                })
                .unwrap_or_default();
            let first = values.first().cloned().flatten();
            (!class_known && first.is_some() && values.iter().all(|v| *v == first))
                .then_some(first)
                .flatten()
        }
        Body::OneD { .. } => None,
    };
    let (value, address, text) = if let Some(v) = uniform {
        let key = chart
            .cells()
            .into_iter()
            .find(|(k, _)| k[0] == row)
            .map(|(k, _)| k);
        if let Some(k) = key {
            let refs: Vec<&str> = k.iter().map(String::as_str).collect();
            reader.get(RESULT_CHART, &refs);
        }
        (
            v,
            format!("{RESULT_CHART}:{row}"),
            format!("every column of row {row} reads the same"),
        )
    } else {
        let (value, address) = lost_keys::read(
            charts,
            reader,
            RESULT_CHART,
            AxisKey::Label(&row),
            AxisKey::Label(&test.class),
        );
        (value?, address, format!("row {row}, class {}", test.class))
    };
    let word = value.to_string().trim().to_uppercase();
    let mut result = match word.as_str() {
        "GOOD" => MoraleResult::Good,
        "FALL BACK" => MoraleResult::FallBack,
        "GO TO GROUND" => MoraleResult::GoToGround,
        "BREAK" => MoraleResult::Break,
        _ => return None,
    };
    let mut text = format!("{text}: {word}");
    if result == MoraleResult::GoToGround && test.cavalry {
        result = MoraleResult::FallBack;
        text.push_str(": cavalry will interpret this order as Fall Back (GO TO GROUND)");
    }
    let rule = crate::resolution::RuleRef::cell(RULESET, RESULTS, RESULT_CHART, &address);
    Some((result, Step::valued(rule, text, result.name(), None)))
}

/// What a morale test decided: the `--json` outcome of `laager mc morale`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleOutcome {
    /// An R on the Loss table: the unit routs without further calculation.
    pub automatic_rout: bool,
    /// The morale total read on the result table; `null` on an automatic rout.
    pub total: Option<i64>,
    /// Good, fall back, go to ground (cavalry: fall back) or break.
    pub result: MoraleResult,
}

/// A morale test.
fn resolve_morale(
    charts: &Charts,
    test: &MoraleInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<MoraleOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, test, &mut reader)?;
    let before_tactical = prepared.total - prepared.tactical_sum();
    let mut resolution = resolution(charts, Morale::NAME);
    resolution.steps = test.origin_steps();
    for step in prepared.steps {
        resolution.step(step);
    }
    if prepared.automatic_rout {
        let resolution = resolution.with_outcome(MoraleOutcome {
            automatic_rout: true,
            total: None,
            result: MoraleResult::Break,
        });
        return finish(resolution, &reader, section(CALCULATION));
    }
    // 3. "Throw one dice and determine the unit's random factor from the Random Factor Table."
    let roll = dice.throw(&[None]).map_err(bad_dice(CALCULATION))?;
    let face = roll.faces.first().map_or(0, |f| f.face);
    let (random, address) = random_value(charts, &mut reader, &test.troop, face);
    let total = prepared.total + random.unwrap_or(0);
    // The result's row depends on the total: asked for only once every factor is known.
    let result = if reader.needs().is_empty() {
        result_for(charts, &mut reader, test, total)
    } else {
        None
    };
    if let Some(refusal) = reader.refusal(section(CALCULATION)) {
        return Err(refusal);
    }
    let (Some(random), Some((result, result_step))) = (random, result) else {
        return Err(Refusal::by_rule(
            section(RESULTS),
            format!("the Morale Result Table has no result for a total of {total}"),
        ));
    };
    let after_die = before_tactical + random;
    resolution.step(Step::valued(
        crate::resolution::RuleRef::cell(RULESET, TABLE3, RANDOM_CHART, &address),
        format!(
            "one die thrown: {face}; the random factor for {}",
            test.troop
        ),
        random,
        Some(json!(after_die)),
    ));
    let mut running = after_die;
    for mut step in prepared.tactical {
        running += step
            .value
            .as_ref()
            .and_then(serde_json::Value::as_i64)
            .unwrap_or(0);
        step.total = Some(json!(running));
        resolution.step(step);
    }
    resolution.step(result_step);
    resolution.rolls.push(roll);
    let resolution = resolution.with_outcome(MoraleOutcome {
        automatic_rout: false,
        total: Some(total),
        result,
    });
    finish(resolution, &reader, section(CALCULATION))
}

/// The exact odds of a morale test's result over the six faces of its die.
fn morale_odds(charts: &Charts, test: &MoraleInput) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, test, &mut reader)?;
    if prepared.automatic_rout {
        if let Some(refusal) = reader.refusal(section(CALCULATION)) {
            return Err(refusal);
        }
        return Ok(Odds {
            outcomes: vec![OddsEntry {
                value: MoraleResult::Break.name().into(),
                probability: 1.0,
            }],
        });
    }
    let mut results: Vec<(MoraleResult, f64)> = Vec::new();
    for face in 1..=6 {
        let (random, _) = random_value(charts, &mut reader, &test.troop, face);
        let Some(random) = random else { continue };
        if !reader.needs().is_empty() {
            continue;
        }
        if let Some((result, _)) = result_for(charts, &mut reader, test, prepared.total + random) {
            match results.iter_mut().find(|(r, _)| *r == result) {
                Some(entry) => entry.1 += 1.0 / 6.0,
                None => results.push((result, 1.0 / 6.0)),
            }
        }
    }
    if let Some(refusal) = reader.refusal(section(CALCULATION)) {
        return Err(refusal);
    }
    // Worst first: "this or better" reads up the list.
    let order = [
        MoraleResult::Break,
        MoraleResult::GoToGround,
        MoraleResult::FallBack,
        MoraleResult::Good,
    ];
    results.sort_by_key(|(r, _)| order.iter().position(|o| o == r));
    Ok(Odds {
        outcomes: results
            .into_iter()
            .map(|(value, probability)| OddsEntry {
                value: value.name().into(),
                probability,
            })
            .collect(),
    })
}

/// MORALE CALCULATION: a unit's morale test.
pub struct Morale;

impl Procedure for Morale {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "morale";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["unit"];
    type Input = MoraleInput;
    type Outcome = MoraleOutcome;

    fn resolve(
        charts: &Charts,
        input: &MoraleInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<MoraleOutcome>, Refusal> {
        resolve_morale(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &MoraleInput) -> Option<Result<Odds, Refusal>> {
        Some(morale_odds(charts, input))
    }

    fn dice_asked(_charts: &Charts, _input: &MoraleInput) -> Option<crate::dice::DiceAsked> {
        // "Throw one dice and determine the unit's random factor" (an automatic rout throws
        // none, which the resolution says).
        Some(crate::dice::DiceAsked::of(vec![
            crate::dice::DieAsked::new(None, None),
        ]))
    }
}
