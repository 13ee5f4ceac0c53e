//! Micro Colonial II: small arms fire, machine-gun jams, morale and rally, each worked by
//! hand from the rules text; the refusals before any chart is read; lost cells asked for by
//! name and then given with --cell; exact odds that sum to 1.

mod artillery;
mod bands;
mod charge;
mod contract;
mod dice_asked;
mod evade;
mod fire;
mod jam;
mod melee;
mod morale;
mod morale_due;
mod props;
mod rally;
mod rd_combat;
mod rd_victory_proposal;
pub(crate) mod situation;
mod victory_proposal;

use crate::support::{run, stderr, stdout};
use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::{DiceSource as _, EnteredDice};
use laager::resolution::{NeededCell, Refusal, Resolution};
use laager::rules::Procedure;
use serde_json::Value;

/// The shipped tables with these one-off cells (`CHART:KEY=VALUE`), as `--cell` supplies
/// them to `laager mc`.
pub fn charts_with(cells: &[&str]) -> Charts {
    let mut charts = Charts::shipped().expect("shipped tables load");
    for cell in cells {
        charts
            .apply_cell_arg(Ruleset::MicroColonial, cell)
            .unwrap_or_else(|e| panic!("--cell {cell}: {e}"));
    }
    charts
}

/// The faces typed at the table (`B4,R2`; empty for none), as `--dice` reads them.
pub fn faces(typed: &str) -> EnteredDice {
    EnteredDice::parse(typed).unwrap_or_else(|e| panic!("faces {typed}: {e}"))
}

/// The resolution of a procedure that must resolve, with every face typed thrown (as the
/// command line insists).
pub fn resolve<P: Procedure>(
    charts: &Charts,
    input: &P::Input,
    typed: &str,
) -> Resolution<P::Outcome> {
    let mut dice = faces(typed);
    let resolution = P::resolve(charts, input, &mut dice)
        .unwrap_or_else(|r| panic!("{} refused {input:?}: {r:?}", P::NAME));
    assert_eq!(dice.unused(), 0, "{} left faces of {typed} unused", P::NAME);
    resolution
}

/// The refusal of a procedure that must refuse.
pub fn refuse<P: Procedure>(charts: &Charts, input: &P::Input, typed: &str) -> Refusal {
    match P::resolve(charts, input, &mut faces(typed)) {
        Ok(resolution) => panic!("{} resolved {input:?}: {:?}", P::NAME, resolution.outcome),
        Err(refusal) => refusal,
    }
}

/// A refusal's needed cells, as addresses (`CHART:ROW:COL`).
pub fn cells(refusal: &Refusal) -> Vec<String> {
    refusal
        .needs_cells
        .iter()
        .map(NeededCell::address)
        .collect()
}

/// Runs `laager mc ARGS --json`: the exit code and the parsed JSON.
pub fn mc_json(args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["mc"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = run(&all);
    let text = stdout(&out);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "laager {} printed no JSON ({e}): {text}\n{}",
            all.join(" "),
            stderr(&out)
        )
    });
    (out.status.code(), value)
}

/// The resolution of a command that must succeed.
pub fn resolved(args: &[&str]) -> Value {
    let (code, value) = mc_json(args);
    assert_eq!(code, Some(0), "laager mc {}: {value}", args.join(" "));
    value
}

/// The refusal of a command that must refuse (exit 2).
pub fn refused(args: &[&str]) -> Value {
    let (code, value) = mc_json(args);
    assert_eq!(code, Some(2), "laager mc {}: {value}", args.join(" "));
    value["refusal"].clone()
}

/// The needed cells of a refusal, as addresses.
pub fn needs(refusal: &Value) -> Vec<String> {
    refusal["needs_cells"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let mut address = c["chart"].as_str().unwrap_or_default().to_owned();
            for part in c["key"].as_array().into_iter().flatten() {
                address.push(':');
                address.push_str(part.as_str().unwrap_or_default());
            }
            address
        })
        .collect()
}

/// The sum of an odds document's probabilities.
pub fn odds_total(odds: &Value) -> f64 {
    odds["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| o["probability"].as_f64().expect("probability"))
        .sum()
}

/// Joins fixed arguments and extra ones.
pub fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(extra).copied().collect()
}
