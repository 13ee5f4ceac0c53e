//! The bounds of the whole numbers Laager takes in, stated once: the command line's flags,
//! layouts and imports refuse a value beyond them where it enters, and the engine refuses
//! one that reaches it anyway (a desk form, a logged request) rather than let a sum wrap.
//!
//! Each bound lies far beyond anything a table plays (a DBA combat factor is −2 to +5, a
//! Soldiers of the Queen fire strength a few points) and far enough inside the integer's
//! range that no total of a few of them can overflow.

use crate::resolution::{Refusal, RuleRef};

/// The largest strength of a unit, either way it is counted (fighting factors, strength
/// points, bases, fire or melee strength), and of a loss or replacement.
pub const MAX_STRENGTH: u32 = 100_000;

/// The largest combat factor with its modifiers, either sign (DBA: −1000 to +1000).
pub const MAX_FACTOR: i64 = 1_000;

/// The largest count of units, turns, moves or places in an order of entry.
pub const MAX_COUNT: u32 = 10_000;

/// The largest Movement Point cost of a hex, either sign.
pub const MAX_COST: i64 = 1_000;

/// The longest distance, in millimetres (a kilometre of table).
pub const MAX_DISTANCE_MM: f64 = 1_000_000.0;

/// `what` as a strength within [`MAX_STRENGTH`], or the reason it is not.
pub fn strength(what: &str, value: u32) -> Result<u32, String> {
    if value > MAX_STRENGTH {
        Err(format!(
            "{what} {value} is beyond the largest strength Laager takes ({MAX_STRENGTH})"
        ))
    } else {
        Ok(value)
    }
}

/// `what` as a distance: finite, 0 mm or more and within [`MAX_DISTANCE_MM`], or a
/// refusal citing `rule` (an infinite or NaN distance would make every range check pass or
/// fail at once).
pub fn distance(rule: RuleRef, what: &str, mm: f64) -> Result<f64, Refusal> {
    if mm.is_finite() && (0.0..=MAX_DISTANCE_MM).contains(&mm) {
        Ok(mm)
    } else {
        Err(Refusal::bad_input(
            rule,
            format!("{what}: {mm} mm is not a distance (finite, 0 to {MAX_DISTANCE_MM} mm)"),
        ))
    }
}

/// An optional distance, checked as [`distance`].
pub fn distance_opt(rule: RuleRef, what: &str, mm: Option<f64>) -> Result<(), Refusal> {
    match mm {
        Some(mm) => distance(rule, what, mm).map(|_| ()),
        None => Ok(()),
    }
}

/// The result of checked arithmetic on an input, or a refusal citing `rule` that says
/// which `what` ran beyond the integers Laager counts in (never a wrapped total).
pub fn checked<T>(rule: RuleRef, what: &str, value: Option<T>) -> Result<T, Refusal> {
    value.ok_or_else(|| {
        Refusal::bad_input(
            rule,
            format!("{what}: too large a number to count (the inputs are beyond Laager's bounds)"),
        )
    })
}
