//! The random factor as a resolution: black dice plus, red dice minus, with the
//! `same_colour_dice` setting read from the charts and cited when two dice share a colour.
//!
//! The throw itself is `laager::dice::micro_colonial::random_factor`; this module only adds
//! the setting in force and the resolution around it.

use super::{RULESET, bad_dice, finish, resolution, section, settings};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{
    RANDOM_FACTOR, RandomFactor as Thrown, SameColour, random_factor, random_factor_dist,
    random_factor_steps,
};
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The setting in force for `black` and `red` dice, with its step when it matters (two
/// dice of one colour); one die of each colour needs no setting.
pub fn same_colour(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    black: u8,
    red: u8,
) -> Option<(SameColour, Option<Step>)> {
    if black <= 1 && red <= 1 {
        return Some((SameColour::Sum, None));
    }
    let setting = settings::same_colour_dice(charts, reader)?;
    Some((setting.value, Some(setting.step)))
}

/// Throws one random factor of `black` black and `red` red dice and explains it; typed
/// dice that do not fit are refused under `section_name`. `None` when the setting it needs
/// is not set (the reader has noted it).
pub fn throw(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    dice: &mut dyn DiceSource,
    black: u8,
    red: u8,
    section_name: &str,
) -> Result<Option<(Thrown, Vec<Step>)>, Refusal> {
    let Some((same, setting_step)) = same_colour(charts, reader, black, red) else {
        return Ok(None);
    };
    let factor = random_factor(dice, black, red, same).map_err(bad_dice(section_name))?;
    let mut steps: Vec<Step> = setting_step.into_iter().collect();
    steps.extend(random_factor_steps(&factor, same));
    Ok(Some((factor, steps)))
}

/// The dice of one random factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomFactorInput {
    /// Black dice, counting plus.
    pub black: u8,
    /// Red dice, counting minus.
    pub red: u8,
}

/// The random factor thrown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomFactorOutcome {
    /// Black dice less red dice, under the setting in force.
    pub random_factor: i64,
}

fn resolve_random(
    charts: &Charts,
    input: RandomFactorInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<RandomFactorOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let thrown = throw(
        charts,
        &mut reader,
        dice,
        input.black,
        input.red,
        RANDOM_FACTOR,
    )?;
    let Some((factor, steps)) = thrown else {
        return Err(refusal(&reader));
    };
    let mut resolution = resolution(charts, RandomFactor::NAME);
    for step in steps {
        resolution.step(step);
    }
    resolution.rolls.push(factor.roll.clone());
    let resolution = resolution.with_outcome(RandomFactorOutcome {
        random_factor: factor.result,
    });
    finish(resolution, &reader, section(RANDOM_FACTOR))
}

/// The exact odds of a random factor under the setting in force.
fn random_odds(charts: &Charts, input: RandomFactorInput) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let Some((same, _)) = same_colour(charts, &mut reader, input.black, input.red) else {
        return Err(refusal(&reader));
    };
    Ok(random_factor_dist(input.black, input.red, same).to_odds())
}

fn refusal(reader: &CellReader<'_>) -> Refusal {
    reader.refusal(section(RANDOM_FACTOR)).unwrap_or_else(|| {
        Refusal::by_rule(
            section(RANDOM_FACTOR),
            "the random factor could not be thrown",
        )
    })
}

/// RANDOM FACTOR: black dice plus, red dice minus.
pub struct RandomFactor;

impl Procedure for RandomFactor {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "random-factor";
    const THROWS: bool = true;
    type Input = RandomFactorInput;
    type Outcome = RandomFactorOutcome;

    fn resolve(
        charts: &Charts,
        input: &RandomFactorInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RandomFactorOutcome>, Refusal> {
        resolve_random(charts, *input, dice)
    }

    fn odds(charts: &Charts, input: &RandomFactorInput) -> Option<Result<Odds, Refusal>> {
        Some(random_odds(charts, *input))
    }

    fn dice_asked(_charts: &Charts, input: &RandomFactorInput) -> Option<crate::dice::DiceAsked> {
        Some(crate::dice::DiceAsked::of(
            crate::dice::DiceAsked::random_factor(None, input.black, input.red),
        ))
    }
}
