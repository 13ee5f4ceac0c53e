//! Every random procedure of the four rulesets, rolled by Laager or typed in from the
//! table, with exact outcome distributions.

mod dist;
pub mod micro_colonial;
mod source;

pub use dist::Dist;
pub use source::{DiceError, DiceSource, EnteredDice, SeededDice};
