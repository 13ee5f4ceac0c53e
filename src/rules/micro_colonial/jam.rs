//! MACHINE GUNS AND GATLING GUNS: the jam check thrown per gun before its fire, read from
//! Small Arms Table 3 by the random factor and the crew's class.
//!
//! "Before calculating their fire effect throw a random factor per gun and consult Table 3
//! on the Small Arms Firing Chart. Any plus result means that the gun is fully operational
//! during the move. The minus figures in the table indicate a partial jam and is to be
//! subtracted from the gun's final fire effect result that move. Where 'JAM' is indicated
//! the gun is out of action for the whole of that move."

use super::names::named;
use super::{Failure, cell_ref, finish, random, resolution, section};
use crate::charts::{Body, CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::random_factor_dist;
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use serde_json::json;

const GUNS: &str = "MACHINE GUNS AND GATLING GUNS";
const TABLE3: &str = "SMALL ARMS FIRING CHARTS, TABLE 3; MACHINE GUNS AND GATLING GUNS";
/// Table 3's chart name.
pub const CHART: &str = "machine_gun_jams";

named!(
    /// The crew class, Table 3's columns (`--crew`).
    Crew, "crew" {
        /// Regular crews.
        Regular = "regular",
        /// Naval crews.
        Naval = "naval",
        /// Native crews.
        Native = "native",
    }
);

/// A gun's state for the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JamState {
    /// Fully operational.
    Operational,
    /// A partial jam: this (negative) figure comes off the gun's final fire effect result.
    Partial(i64),
    /// Out of action for the whole move.
    Jammed,
}

impl JamState {
    /// `operational`, `partial` or `jammed`.
    pub fn name(self) -> &'static str {
        match self {
            JamState::Operational => "operational",
            JamState::Partial(_) => "partial",
            JamState::Jammed => "jammed",
        }
    }

    fn label(self) -> String {
        match self {
            JamState::Partial(p) => format!("partial {p}"),
            other => other.name().to_owned(),
        }
    }
}

/// The row of Table 3 holding a random factor, by its band.
fn row_for(charts: &Charts, factor: i64) -> Option<String> {
    let chart = charts.chart(super::RULESET, CHART)?;
    match &chart.body {
        Body::TwoD { rows, .. } => rows
            .position_of_value(factor)
            .map(|i| rows.keys[i].label.clone()),
        Body::OneD { .. } => None,
    }
}

/// Reads Table 3's cell for a random factor and crew (noted as needed when lost).
fn state_for(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    factor: i64,
    crew: Crew,
) -> Result<Option<(JamState, String)>, Refusal> {
    let row = row_for(charts, factor).unwrap_or_else(|| factor.to_string());
    let Some(value) = reader.get(CHART, &[&row, crew.name()]) else {
        return Ok(None);
    };
    let text = value.to_string();
    let text = text.trim();
    let state = if text.eq_ignore_ascii_case("operational") {
        JamState::Operational
    } else if text.eq_ignore_ascii_case("jam") {
        JamState::Jammed
    } else if let Ok(n) = text.replace('\u{2212}', "-").parse::<i64>() {
        JamState::Partial(-n.abs())
    } else {
        return Err(Refusal::by_rule(
            cell_ref(TABLE3, CHART, &[&row, crew.name()]),
            format!("cell {row}:{crew} reads '{text}': not operational, JAM or a minus figure"),
        ));
    };
    Ok(Some((state, row)))
}

/// The jam check of one gun (`outcome.state`, `outcome.penalty`: the minus figure, 0 when
/// operational, null when jammed; `outcome.random_factor`).
pub fn resolve(
    charts: &Charts,
    crew: Crew,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, Failure> {
    let mut reader = CellReader::new(charts, super::RULESET);
    let Some((factor, steps)) = random::throw(charts, &mut reader, dice, 1, 1)? else {
        return Err(refusal(&reader).into());
    };
    let mut resolution = resolution(charts, "machine-gun-jam");
    resolution.step(Step::note(
        section(GUNS),
        "before calculating their fire effect throw a random factor per gun and consult Table 3",
    ));
    for step in steps {
        resolution.step(step);
    }
    let Some((state, row)) = state_for(charts, &mut reader, factor.result, crew)? else {
        return Err(refusal(&reader).into());
    };
    let rule = cell_ref(TABLE3, CHART, &[&row, crew.name()]);
    let (text, penalty) = match state {
        JamState::Operational => (
            "any plus result means that the gun is fully operational during the move".to_owned(),
            json!(0),
        ),
        JamState::Partial(p) => (
            format!(
                "a partial jam: {p} is subtracted from the gun's final fire effect result this move"
            ),
            json!(p),
        ),
        JamState::Jammed => (
            "JAM: the gun is out of action for the whole of this move".to_owned(),
            json!(null),
        ),
    };
    resolution.step(Step::valued(
        rule,
        format!(
            "random factor {:+}, {crew} crew (row {row}): {text}",
            factor.result
        ),
        state.label(),
        None,
    ));
    resolution.rolls.push(factor.roll);
    resolution.set("random_factor", factor.result);
    resolution.set("state", state.name());
    resolution.set("penalty", penalty);
    Ok(finish(resolution, &reader, section(GUNS))?)
}

/// The exact odds of a gun's state: `operational`, `partial -N` per figure, `jammed`.
pub fn odds(charts: &Charts, crew: Crew) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, super::RULESET);
    let dist = random_factor_dist(1, 1, crate::dice::micro_colonial::SameColour::Sum);
    let mut by_label: Vec<(String, f64)> = Vec::new();
    for (factor, p) in dist.iter() {
        if let Some((state, _)) = state_for(charts, &mut reader, factor, crew)? {
            let label = state.label();
            match by_label.iter_mut().find(|(l, _)| *l == label) {
                Some(entry) => entry.1 += p,
                None => by_label.push((label, p)),
            }
        }
    }
    if let Some(refusal) = reader.refusal(section(GUNS)) {
        return Err(refusal);
    }
    Ok(Odds {
        outcomes: by_label
            .into_iter()
            .map(|(label, probability)| OddsEntry {
                value: label.into(),
                probability,
            })
            .collect(),
    })
}

fn refusal(reader: &CellReader<'_>) -> Refusal {
    reader
        .refusal(section(GUNS))
        .unwrap_or_else(|| Refusal::by_rule(section(GUNS), "the jam check could not be made"))
}
