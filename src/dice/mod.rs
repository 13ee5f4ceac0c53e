//! Every random procedure of the four rulesets, rolled by Laager or typed in from the
//! table, with exact outcome distributions.
//!
//! Each ruleset's module has one typed function per procedure (returning a [`Thrown`]:
//! the faces, the result and the steps that explain it) and one exact distribution.
//! [`DiceProcedure`] names them all for the command line, and [`RollOutcome`] is the typed
//! outcome of any of them (`rules::Outcome::Roll` wraps it: `dice` imports nothing of `rules`).

mod asked;
pub mod dba;
mod dist;
pub mod micro_colonial;
pub mod outcome;
mod procedure;
pub mod soldiers_of_the_queen;
mod source;
pub mod victoria_cross;

pub use asked::{DiceAsked, DieAsked};
pub use dist::Dist;
pub use outcome::RollOutcome;
pub use procedure::{DiceProcedure, RollError, ruleset_of};
pub use source::{DiceChoice, DiceError, DiceSource, EnteredDice, SeededDice};

use crate::resolution::{Odds, OddsEntry, Roll, Step};

/// One throw of a procedure: the dice, the result and the steps that explain it.
#[derive(Debug, Clone, PartialEq)]
pub struct Thrown<T> {
    /// The faces, in the order the procedure reads them.
    pub roll: Roll,
    /// The procedure's result.
    pub result: T,
    /// The explanation, each step citing its rule.
    pub steps: Vec<Step>,
}

/// Throws `n` plain dice and returns the roll with its faces.
pub(crate) fn throw_plain(
    dice: &mut dyn DiceSource,
    n: usize,
) -> Result<(Roll, Vec<u8>), DiceError> {
    let roll = dice.throw(&vec![None; n])?;
    let faces = roll.faces.iter().map(|f| f.face).collect();
    Ok((roll, faces))
}

/// Throws one plain die.
pub(crate) fn throw_one(dice: &mut dyn DiceSource) -> Result<(Roll, u8), DiceError> {
    let roll = dice.throw(&[None])?;
    let face = roll.faces.first().map_or(0, |f| f.face);
    Ok((roll, face))
}

/// The odds of a procedure whose outcome is one of a few named results: `dist` gives the
/// index of the label, and the labels are listed in the order given.
pub fn labelled_odds(dist: &Dist, labels: &[&str]) -> Odds {
    Odds {
        outcomes: labels
            .iter()
            .enumerate()
            .map(|(i, label)| OddsEntry {
                value: (*label).into(),
                probability: dist.p(i as i64),
            })
            .collect(),
    }
}

/// `+3`, `0`, `-2`: a factor as the rules write it.
pub(crate) fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}
