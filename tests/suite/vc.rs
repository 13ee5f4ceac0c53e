//! Victoria Cross II: the rules worked by hand from the rulebook (004_27b65d6ddbe44340.txt),
//! the boards as data, and the `laager vc` commands end to end.

mod board;
mod cli;
mod contract;
mod melee_zones;
mod records;
mod rules;
mod rules_more;
mod setup;
mod zone;

use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::resolution::{Refusal, RefusalKind, Resolution};

/// The shipped tables.
fn charts() -> Charts {
    Charts::shipped().expect("shipped tables load")
}

/// The shipped tables with club cells (`CHART:KEY=VALUE`) on top.
fn charts_with(cells: &[&str]) -> Charts {
    let mut charts = charts();
    for cell in cells {
        charts
            .apply_cell_arg(laager::Ruleset::VictoriaCross, cell)
            .expect("club cell applies");
    }
    charts
}

/// Typed dice.
fn typed(faces: &str) -> EnteredDice {
    EnteredDice::parse(faces).expect("faces parse")
}

/// No dice, for the procedures that throw none.
fn no_dice() -> EnteredDice {
    typed("")
}

/// An outcome key as a whole number.
fn int<O: serde::Serialize>(r: &Resolution<O>, key: &str) -> i64 {
    r.out(key).as_i64().expect("integer outcome")
}

/// The faces thrown in a resolution, all rolls together.
fn thrown<O>(r: &Resolution<O>) -> usize {
    r.rolls.iter().map(|roll| roll.faces.len()).sum()
}

/// The rule's refusal (not a fault of the typed dice).
fn refused<T: std::fmt::Debug>(result: Result<T, Refusal>) -> Refusal {
    let refusal = result.expect_err("expected a refusal");
    assert_ne!(refusal.kind, RefusalKind::BadDice, "{}", refusal.reason);
    refusal
}
