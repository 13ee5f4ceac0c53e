//! Victory: a side that has lost a third or more of its bases at the end of both phases
//! loses; baggage train bases are not counted, and each one lost counts as two.

use super::{RULESET, cell, rule, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// One side's losses at the completion of both players' phases.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VictoryInput {
    /// The side's total bases, not counting baggage train bases.
    pub bases: u32,
    /// Bases lost, not counting baggage train bases.
    pub lost: u32,
    /// Baggage train bases lost.
    pub baggage_lost: u32,
    /// The values the records decided (`game::victory::dba_side`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

const CHART: &str = "victory_conditions";

/// Whether a side has lost: the `--json` outcome of `laager dba victory`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryOutcome {
    /// Bases counted lost (baggage train bases counting as two each).
    pub lost_count: i64,
    /// The losses at which the side is defeated.
    pub threshold: i64,
    /// Whether it has lost a third or more.
    pub defeated: bool,
}

/// Victory: whether a side has lost a third or more of its bases.
pub struct Victory;

impl Procedure for Victory {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "victory";
    const THROWS: bool = false;
    type Input = VictoryInput;
    type Outcome = VictoryOutcome;

    fn resolve(
        charts: &Charts,
        input: &VictoryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<VictoryOutcome>, Refusal> {
        resolve_victory(charts, input)
    }
}

/// Whether the side has lost.
fn resolve_victory(
    charts: &Charts,
    situation: &VictoryInput,
) -> Result<Resolution<VictoryOutcome>, Refusal> {
    let s = situation;
    if s.bases == 0 {
        return Err(Refusal::bad_input(
            rule(section::VICTORY),
            "a side needs at least one base (not counting baggage train bases)",
        ));
    }
    if s.lost > s.bases {
        return Err(Refusal::bad_input(
            rule(section::VICTORY),
            format!(
                "{} bases lost of {}: a side cannot lose more bases than it has (baggage train bases are counted apart)",
                s.lost, s.bases
            ),
        ));
    }
    let mut reader = CellReader::new(charts, RULESET);
    let num = reader.int(CHART, &["fraction-num"]);
    let den = reader.int(CHART, &["fraction-den"]);
    let per_baggage = reader.int(CHART, &["baggage-base-counts"]);
    if let Some(refusal) = reader.refusal(rule(section::VICTORY)) {
        return Err(refusal);
    }
    let (Some(num), Some(den), Some(per_baggage)) = (num, den, per_baggage) else {
        return Err(Refusal::by_rule(
            rule(section::VICTORY),
            "victory_conditions could not be read",
        ));
    };
    if den <= 0 || num < 0 {
        return Err(Refusal::by_rule(
            cell(section::VICTORY, CHART, &["fraction-den"]),
            format!(
                "victory_conditions gives the fraction {num}/{den}: expected a fraction with a positive denominator"
            ),
        ));
    }
    let mut resolution = Resolution::<()>::new(RULESET, Victory::NAME, charts.hash());
    resolution.steps = s.origins.steps(s, &rule(section::VICTORY));
    let bases = i64::from(s.bases);
    let lost = i64::from(s.lost);
    resolution.step(Step::valued(
        rule(section::VICTORY),
        "total bases, 'not counting the British Baggage train bases'",
        bases,
        None,
    ));
    resolution.step(Step::valued(
        rule(section::VICTORY),
        "bases lost",
        lost,
        Some(lost.into()),
    ));
    let lost_count = lost + per_baggage * i64::from(s.baggage_lost);
    if s.baggage_lost > 0 {
        resolution.step(Step::valued(
            cell(section::VICTORY, CHART, &["baggage-base-counts"]),
            format!("{} baggage train base(s) lost, 'these count as two bases lost for each baggage train base lost'", s.baggage_lost),
            per_baggage * i64::from(s.baggage_lost),
            Some(lost_count.into()),
        ));
    }
    // "lost a third or more": lost / bases >= num / den, in whole numbers.
    let defeated = lost_count * den >= bases * num;
    let threshold = (bases * num + den - 1) / den;
    resolution.step(Step::valued(
        cell(section::VICTORY, CHART, &["fraction-den"]),
        format!(
            "a side loses at {num}/{den} of {bases} bases or more, i.e. {threshold} lost: {lost_count} lost, {}",
            if defeated { "defeated" } else { "not defeated" }
        ),
        threshold,
        None,
    ));
    let mut resolution = resolution.with_outcome(VictoryOutcome {
        lost_count,
        threshold,
        defeated,
    });
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    Ok(resolution)
}
