//! Every random procedure of the four rulesets, rolled by Laager or typed in from the
//! table, with exact outcome distributions.

mod source;

pub use source::{DiceError, DiceSource, EnteredDice, SeededDice};
