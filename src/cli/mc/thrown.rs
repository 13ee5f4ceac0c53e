//! The `(--dice FACES | --seed N | --odds)` of the combat subcommands: one dice source per
//! resolution, leftover typed faces rejected, a dice error reported against `--dice`.

// `Result<_, Refusal>` is the rules' contract (see rules::micro_colonial).
#![allow(clippy::result_large_err)]

use super::super::{CliError, Outcome, print_odds, print_resolved};
use super::dice_error;
use crate::dice::{DiceSource, EnteredDice, SeededDice};
use crate::resolution::{Odds, Refusal, Resolution};
use crate::rules::micro_colonial::Failure;
use clap::Args;

/// How the dice of a resolution are thrown.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("throw").required(true).args(["dice", "seed", "odds"])))]
pub struct Throw {
    /// The faces thrown at the table, coloured where the rule colours them (B4,R2).
    #[arg(long, value_name = "FACES", allow_hyphen_values = true)]
    pub dice: Option<String>,
    /// Laager throws, from this seed.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The exact odds instead of a throw.
    #[arg(long)]
    pub odds: bool,
}

impl Throw {
    /// The dice source for a throw (not for `--odds`).
    pub fn source(&self) -> Result<Box<dyn DiceSource>, CliError> {
        match (&self.dice, self.seed) {
            (Some(faces), _) => Ok(Box::new(
                EnteredDice::parse(faces).map_err(|e| dice_error(&e))?,
            )),
            (None, Some(seed)) => Ok(Box::new(SeededDice::new(seed))),
            (None, None) => Err(CliError::Input(
                "give --dice FACES, --seed N or --odds".to_owned(),
            )),
        }
    }

    /// Throws through `resolve` and prints it; `what` names the throw for a leftover error.
    pub fn run(
        &self,
        json: bool,
        what: &str,
        odds: impl FnOnce() -> Result<Odds, Refusal>,
        resolve: impl FnOnce(&mut dyn DiceSource) -> Result<Resolution, Failure>,
    ) -> Result<Outcome, CliError> {
        if self.odds {
            return match odds() {
                Ok(odds) => {
                    print_odds(&odds, json, true);
                    Ok(Outcome::Done)
                }
                Err(refusal) => Ok(print_resolved(&Err(refusal), json)),
            };
        }
        let mut dice = self.source()?;
        let result = resolve(dice.as_mut());
        if let Err(Failure::Dice(e)) = &result {
            return Err(dice_error(e));
        }
        let mut result = result;
        // A resolution that threw nothing (an automatic rout) leaves typed faces unread.
        if let Ok(resolution) = &mut result
            && resolution.rolls.is_empty()
            && dice.unused() > 0
        {
            resolution.warn(format!(
                "--dice: the {} face(s) typed were not needed: nothing was thrown",
                dice.unused()
            ));
        } else if result.is_ok() && dice.unused() > 0 {
            return Err(CliError::Input(format!(
                "--dice: {} face(s) left unused: {what}",
                dice.unused()
            )));
        }
        match result {
            Ok(resolution) => Ok(print_resolved(&Ok(resolution), json)),
            Err(Failure::Refused(refusal)) => Ok(print_resolved(&Err(refusal), json)),
            Err(Failure::Dice(e)) => Err(dice_error(&e)),
        }
    }
}
