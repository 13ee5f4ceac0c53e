//! MACHINE GUNS AND GATLING GUNS: the jam check thrown per gun before its fire, read from
//! Small Arms Table 3 by the random factor and the crew's class.
//!
//! "Before calculating their fire effect throw a random factor per gun and consult Table 3
//! on the Small Arms Firing Chart. Any plus result means that the gun is fully operational
//! during the move. The minus figures in the table indicate a partial jam and is to be
//! subtracted from the gun's final fire effect result that move. Where 'JAM' is indicated
//! the gun is out of action for the whole of that move."

use super::names::named;
use super::{RULESET, cell_ref, finish, random, resolution, section};
use crate::charts::{Body, CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::random_factor_dist;
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, parsed};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

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

named!(
    /// A gun's state for the move (`outcome.state`).
    JamState, "gun state" {
        /// Fully operational.
        Operational = "operational",
        /// A partial jam: the minus figure comes off the gun's final fire effect result.
        Partial = "partial",
        /// Out of action for the whole move.
        Jammed = "jammed",
    }
);

/// Table 3's reading for one random factor: the state, with a partial jam's minus figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    Operational,
    Partial(i64),
    Jammed,
}

impl Reading {
    fn state(self) -> JamState {
        match self {
            Reading::Operational => JamState::Operational,
            Reading::Partial(_) => JamState::Partial,
            Reading::Jammed => JamState::Jammed,
        }
    }

    fn label(self) -> String {
        match self {
            Reading::Partial(p) => format!("partial {p}"),
            other => other.state().name().to_owned(),
        }
    }
}

/// The gun's crew: what a jam check is resolved from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JamInput {
    /// The crew class: Table 3's column.
    pub crew: Crew,
    /// The values the records decided (`situation::jam`), stated as the resolution's first
    /// steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What a jam check decided: the `--json` outcome of `laager mc jam`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct JamOutcome {
    /// The random factor thrown.
    pub random_factor: i64,
    /// Operational, partial or jammed.
    pub state: JamState,
    /// The minus figure off the gun's fire this move: 0 when operational, `null` when jammed.
    pub penalty: Option<i64>,
}

/// The row of Table 3 holding a random factor, by its band.
fn row_for(charts: &Charts, factor: i64) -> Option<String> {
    let chart = charts.chart(RULESET, CHART)?;
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
) -> Result<Option<(Reading, String)>, Refusal> {
    let row = row_for(charts, factor).unwrap_or_else(|| factor.to_string());
    let Some(value) = reader.get(CHART, &[&row, crew.name()]) else {
        return Ok(None);
    };
    let text = value.to_string();
    let text = text.trim();
    let state = if text.eq_ignore_ascii_case("operational") {
        Reading::Operational
    } else if text.eq_ignore_ascii_case("jam") {
        Reading::Jammed
    } else if let Ok(n) = text.replace('\u{2212}', "-").parse::<i64>() {
        Reading::Partial(-n.abs())
    } else {
        return Err(Refusal::by_rule(
            cell_ref(TABLE3, CHART, &[&row, crew.name()]),
            format!("cell {row}:{crew} reads '{text}': not operational, JAM or a minus figure"),
        ));
    };
    Ok(Some((state, row)))
}

/// The jam check of one gun.
fn resolve_jam(
    charts: &Charts,
    input: &JamInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<JamOutcome>, Refusal> {
    let crew = input.crew;
    let mut reader = CellReader::new(charts, RULESET);
    let Some((factor, steps)) = random::throw(charts, &mut reader, dice, 1, 1, GUNS)? else {
        return Err(refusal(&reader));
    };
    let mut resolution = resolution(charts, Jam::NAME);
    resolution.steps = input.origins.steps(input, &section(GUNS));
    resolution.step(Step::note(
        section(GUNS),
        "before calculating their fire effect throw a random factor per gun and consult Table 3",
    ));
    for step in steps {
        resolution.step(step);
    }
    let Some((state, row)) = state_for(charts, &mut reader, factor.result, crew)? else {
        return Err(refusal(&reader));
    };
    let rule = cell_ref(TABLE3, CHART, &[&row, crew.name()]);
    let (text, penalty) = match state {
        Reading::Operational => (
            "any plus result means that the gun is fully operational during the move".to_owned(),
            Some(0),
        ),
        Reading::Partial(p) => (
            format!(
                "a partial jam: {p} is subtracted from the gun's final fire effect result this move"
            ),
            Some(p),
        ),
        Reading::Jammed => (
            "JAM: the gun is out of action for the whole of this move".to_owned(),
            None,
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
    let resolution = resolution.with_outcome(JamOutcome {
        random_factor: factor.result,
        state: state.state(),
        penalty,
    });
    finish(resolution, &reader, section(GUNS))
}

/// The exact odds of a gun's state: `operational`, `partial -N` per figure, `jammed`.
fn jam_odds(charts: &Charts, crew: Crew) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
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

/// MACHINE GUNS AND GATLING GUNS: one gun's jam check before its fire.
pub struct Jam;

impl Procedure for Jam {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "machine-gun-jam";
    const THROWS: bool = true;
    type Input = JamInput;
    type Outcome = JamOutcome;
    const ROLES: &'static [&'static str] = &["gun"];
    const FIELDS: &'static [FieldSpec] = &[FieldSpec {
        field: crate::field!(JamInput: crew),
        flag: "crew",
        value_name: "CREW",
        label: "crew",
        help: "The gun's crew: regular, naval or native (Small Arms Table 3's columns); the records give it for a Fanatic (native) crew",
        kind: Kind::Choice { names: Crew::NAMES },
        required: true,
        from_records: true,
        parse: parsed::<Crew>,
    }];

    fn resolve(
        charts: &Charts,
        input: &JamInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<JamOutcome>, Refusal> {
        resolve_jam(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &JamInput) -> Option<Result<Odds, Refusal>> {
        Some(jam_odds(charts, input.crew))
    }

    fn dice_asked(_charts: &Charts, _input: &JamInput) -> Option<crate::dice::DiceAsked> {
        Some(crate::dice::DiceAsked::of(
            crate::dice::DiceAsked::random_factor(None, 1, 1),
        ))
    }
}
