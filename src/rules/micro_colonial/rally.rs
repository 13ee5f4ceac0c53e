//! RALLYING: one die against the Rally table's minimum for the class and the command figure
//! with the unit; never in melee or under cannister fire. Also BREAK (ROUT)'s loss per move.
//!
//! "To rally a unit which is routing or which has gone to ground, throw one dice and consult
//! the following table. The figure in the table gives the minimum dice score required to
//! rally. (NOTE: Units still in melee or under cannister fire may not be rallied)."

use super::names::named;
use super::{Failure, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{RALLYING, rally, rally_odds, rout_loss, rout_loss_dist};
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};

/// The Rally table's chart name.
pub const CHART: &str = "rally";

named!(
    /// The Rally table's classes (`--class`).
    RallyClass, "class" {
        /// Levies.
        Levies = "levies",
        /// Irregular and non-European regulars.
        Irregular = "irregular",
        /// European regulars and fanatics.
        EuropeanRegularOrFanatic = "european-regular-or-fanatic",
    }
);

named!(
    /// The command figure with the unit (`--command`).
    Command, "command" {
        /// No command figure with the unit.
        None = "none",
        /// A sub-commander with the unit.
        SubCommander = "sub-commander",
        /// The C-in-C with the unit.
        CInC = "c-in-c",
    }
);

/// A rally attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RallyAttempt {
    /// The unit's class.
    pub class: RallyClass,
    /// The command figure with it.
    pub command: Command,
    /// The unit is still in melee.
    pub in_melee: bool,
    /// The unit is under cannister fire.
    pub under_cannister: bool,
}

/// What the Rally table asks of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Minimum {
    /// The cell is lost (noted as needed).
    Lost,
    /// An automatic rally.
    Automatic,
    /// The minimum die score.
    Score(u8),
}

fn minimum(reader: &mut CellReader<'_>, attempt: RallyAttempt) -> Result<Minimum, Refusal> {
    let key = [attempt.class.name(), attempt.command.name()];
    let Some(value) = reader.get(CHART, &key) else {
        return Ok(Minimum::Lost);
    };
    let text = value.to_string();
    let text = text.trim();
    if text.eq_ignore_ascii_case("automatic") {
        return Ok(Minimum::Automatic);
    }
    match text.parse::<u8>() {
        Ok(n) if (1..=6).contains(&n) => Ok(Minimum::Score(n)),
        _ => Err(Refusal::by_rule(
            cell_ref(RALLYING, CHART, &key),
            format!("the Rally table reads '{text}': not a die score 1-6 or automatic"),
        )),
    }
}

fn refusals(attempt: RallyAttempt) -> Result<(), Refusal> {
    if attempt.in_melee || attempt.under_cannister {
        return Err(Refusal::by_rule(
            section(RALLYING),
            format!(
                "units still in melee or under cannister fire may not be rallied (this unit is {})",
                if attempt.in_melee {
                    "in melee"
                } else {
                    "under cannister fire"
                }
            ),
        ));
    }
    Ok(())
}

/// A rally attempt (`outcome.rallied`, `outcome.minimum`: the score needed, null when
/// automatic).
pub fn resolve(
    charts: &Charts,
    attempt: &RallyAttempt,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, Failure> {
    refusals(*attempt)?;
    let mut reader = CellReader::new(charts, super::RULESET);
    let min = match minimum(&mut reader, *attempt)? {
        Minimum::Lost => return Err(lost(&reader).into()),
        Minimum::Automatic => None,
        Minimum::Score(n) => Some(n),
    };
    let mut resolution = resolution(charts, "rally");
    let rule = cell_ref(
        RALLYING,
        CHART,
        &[attempt.class.name(), attempt.command.name()],
    );
    match min {
        None => {
            resolution.step(Step::valued(
                rule,
                format!(
                    "Rally table, {} with command {}: automatic rally",
                    attempt.class, attempt.command
                ),
                "automatic",
                None,
            ));
            resolution.set("minimum", serde_json::Value::Null);
            resolution.set("rallied", true);
        }
        Some(min) => {
            resolution.step(Step::valued(
                rule,
                format!(
                    "Rally table, {} with command {}: the minimum dice score required to rally",
                    attempt.class, attempt.command
                ),
                min,
                None,
            ));
            let thrown = rally(dice, min)?;
            for step in thrown.steps {
                resolution.step(step);
            }
            resolution.rolls.push(thrown.roll);
            resolution.set("minimum", min);
            resolution.set("rallied", thrown.result);
        }
    }
    Ok(finish(resolution, &reader, section(RALLYING))?)
}

/// The exact odds of a rally.
pub fn odds(charts: &Charts, attempt: &RallyAttempt) -> Result<Odds, Refusal> {
    refusals(*attempt)?;
    let mut reader = CellReader::new(charts, super::RULESET);
    match minimum(&mut reader, *attempt)? {
        Minimum::Lost => Err(lost(&reader)),
        Minimum::Automatic => Ok(Odds {
            outcomes: vec![OddsEntry {
                value: true.into(),
                probability: 1.0,
            }],
        }),
        Minimum::Score(min) => Ok(rally_odds(min)),
    }
}

fn lost(reader: &CellReader<'_>) -> Refusal {
    reader
        .refusal(section(RALLYING))
        .unwrap_or_else(|| Refusal::by_rule(section(RALLYING), "the Rally table could not be read"))
}

/// One move of rout: "A breaking unit will lose one dice x 10 fighting factors per move of
/// rout." (`outcome.ff_lost`)
pub fn rout(charts: &Charts, dice: &mut dyn DiceSource) -> Result<Resolution, Failure> {
    let thrown = rout_loss(dice)?;
    let mut resolution = resolution(charts, "rout-loss");
    for step in thrown.steps {
        resolution.step(step);
    }
    resolution.rolls.push(thrown.roll);
    resolution.set("ff_lost", thrown.result);
    Ok(resolution)
}

/// The exact odds of one move's rout loss.
pub fn rout_odds() -> Odds {
    rout_loss_dist().to_odds()
}
