//! DECIDING THE WINNER of the basic game: natives against regulars.
//!
//! "To achieve victory in any game involving native fanatics the regular forces must not
//! have been forced to retire from their start line or position, and to have beaten off all
//! enemy assaults. The native armies will claim a victory if they destroy at least half of
//! the regular force's infantry."

use super::names::named;
use super::{RULESET, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const DECIDING: &str = "DECIDING THE WINNER";

/// The end of a basic game, as the referee counts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryInput {
    /// The regular force's infantry at the start (units or FF, counted the same way).
    pub regular_infantry: u32,
    /// How much of it was destroyed.
    pub regular_infantry_destroyed: u32,
    /// Whether the regulars were forced to retire from their start line or position.
    #[serde(default)]
    pub driven_from_start_line: bool,
    /// Whether the regulars beat off every native assault.
    #[serde(default)]
    pub assaults_beaten_off: bool,
    /// The values the records decided (`game::victory::mc_counts`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

named!(
    /// Who wins the basic game (`outcome.winner`).
    Winner, "winner" {
        /// The native army.
        Natives = "natives",
        /// The regular force.
        Regulars = "regulars",
    }
);

/// Who won the basic game: the `--json` outcome of `laager mc victory`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryOutcome {
    /// The winner, or `null` when neither side's condition holds.
    pub winner: Option<Winner>,
}

/// Decides the basic game.
///
/// The natives' condition is checked first: destroying half the regular infantry wins
/// whatever else happened.
fn resolve_basic(
    charts: &Charts,
    end: &VictoryInput,
) -> Result<Resolution<VictoryOutcome>, Refusal> {
    if end.regular_infantry == 0 {
        return Err(Refusal::by_rule(
            section(DECIDING),
            "the regular force has no infantry: the natives' condition (half the regular infantry destroyed) cannot be judged",
        ));
    }
    if end.regular_infantry_destroyed > end.regular_infantry {
        return Err(Refusal::by_rule(
            section(DECIDING),
            format!(
                "{} regular infantry destroyed out of {}: more than the force had",
                end.regular_infantry_destroyed, end.regular_infantry
            ),
        ));
    }
    let mut reader = CellReader::new(charts, RULESET);
    let key = "native-victory-infantry-fraction-denominator";
    let mut resolution = resolution(charts, Victory::NAME);
    resolution.steps = end.origins.steps(end, &section(DECIDING));
    let Some(denominator) = reader.int("rules_thresholds", &[key]) else {
        return Err(reader
            .refusal(section(DECIDING))
            .unwrap_or_else(|| Refusal::by_rule(section(DECIDING), "threshold missing")));
    };
    let destroyed = i64::from(end.regular_infantry_destroyed);
    let total = i64::from(end.regular_infantry);
    // "at least half": destroyed / total >= 1 / denominator, in whole numbers.
    let natives = destroyed * denominator >= total;
    resolution.step(Step::valued(
        cell_ref(DECIDING, "rules_thresholds", &[key]),
        format!(
            "the natives claim a victory if they destroy at least 1/{denominator} of the regular force's infantry: {destroyed} of {total} destroyed{}",
            if natives { ", enough" } else { ", not enough" }
        ),
        natives,
        None,
    ));
    let winner = if natives {
        Some(Winner::Natives)
    } else {
        let regulars = !end.driven_from_start_line && end.assaults_beaten_off;
        resolution.step(Step::valued(
            section(DECIDING),
            format!(
                "the regulars win if they were not forced to retire from their start line or position ({}) and beat off all enemy assaults ({})",
                if end.driven_from_start_line { "they were" } else { "they were not" },
                if end.assaults_beaten_off { "they did" } else { "they did not" }
            ),
            regulars,
            None,
        ));
        if regulars {
            Some(Winner::Regulars)
        } else {
            resolution.step(Step::note(
                section(DECIDING),
                "neither side's condition holds: no victory",
            ));
            None
        }
    };
    let resolution = finish(resolution, &reader, section(DECIDING))?;
    Ok(resolution.with_outcome(VictoryOutcome { winner }))
}

/// DECIDING THE WINNER of the basic game.
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
        resolve_basic(charts, input)
    }
}
