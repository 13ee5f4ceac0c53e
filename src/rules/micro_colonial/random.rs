//! The random factor as a resolution: black dice plus, red dice minus, with the
//! `same_colour_dice` setting read from the charts and cited when two dice share a colour.
//!
//! The throw itself is `laager::dice::micro_colonial::random_factor`; this module only adds
//! the setting in force and the resolution around it.

use super::{Failure, finish, resolution, section, settings};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{
    RANDOM_FACTOR, RandomFactor, SameColour, random_factor, random_factor_dist, random_factor_steps,
};
use crate::resolution::{Odds, Refusal, Resolution, Step};

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

/// Throws one random factor of `black` black and `red` red dice and explains it.
pub fn throw(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    dice: &mut dyn DiceSource,
    black: u8,
    red: u8,
) -> Result<Option<(RandomFactor, Vec<Step>)>, Failure> {
    let Some((same, setting_step)) = same_colour(charts, reader, black, red) else {
        return Ok(None);
    };
    let factor = random_factor(dice, black, red, same)?;
    let mut steps: Vec<Step> = setting_step.into_iter().collect();
    steps.extend(random_factor_steps(&factor, same));
    Ok(Some((factor, steps)))
}

/// `random-factor`: one random factor as a resolution, `outcome.random_factor`.
pub fn resolve(
    charts: &Charts,
    dice: &mut dyn DiceSource,
    black: u8,
    red: u8,
) -> Result<Resolution, Failure> {
    let mut reader = CellReader::new(charts, super::RULESET);
    let thrown = throw(charts, &mut reader, dice, black, red)?;
    let Some((factor, steps)) = thrown else {
        return Err(refusal(&reader).into());
    };
    let mut resolution = resolution(charts, "random-factor");
    for step in steps {
        resolution.step(step);
    }
    resolution.rolls.push(factor.roll.clone());
    resolution.set("random_factor", factor.result);
    Ok(finish(resolution, &reader, section(RANDOM_FACTOR))?)
}

/// The exact odds of a random factor under the setting in force.
pub fn odds(charts: &Charts, black: u8, red: u8) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, super::RULESET);
    let Some((same, _)) = same_colour(charts, &mut reader, black, red) else {
        return Err(refusal(&reader));
    };
    Ok(random_factor_dist(black, red, same).to_odds())
}

fn refusal(reader: &CellReader<'_>) -> Refusal {
    reader.refusal(section(RANDOM_FACTOR)).unwrap_or_else(|| {
        Refusal::by_rule(
            section(RANDOM_FACTOR),
            "the random factor could not be thrown",
        )
    })
}
