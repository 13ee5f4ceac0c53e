//! Micro Colonial I: the charts against their README, movement worked by hand, Rorke's
//! Drift and the victory conditions, holes asked for by name, and each setting flipping a
//! result it should flip.

mod charts;
mod holes;
mod movement;
mod rorkes_drift;
mod settings;

use crate::support::{run, stderr, stdout};
use laager::Ruleset;
use laager::charts::Charts;
use serde_json::Value;

/// The shipped tables, as `laager mc` reads them without `--tables`.
pub fn shipped() -> Charts {
    Charts::shipped().expect("shipped tables load")
}

/// The shipped tables with these one-off cells, as `--cell CHART:KEY=VALUE` supplies them.
pub fn charts_with(cells: &[&str]) -> Charts {
    let mut charts = shipped();
    for cell in cells {
        charts
            .apply_cell_arg(Ruleset::MicroColonial, cell)
            .unwrap_or_else(|e| panic!("--cell {cell}: {e}"));
    }
    charts
}

/// No dice: the procedures of this suite throw none.
pub fn no_dice() -> laager::dice::EnteredDice {
    laager::dice::EnteredDice::parse("").expect("no faces")
}

/// Runs `laager mc ARGS --json` and returns the exit code and the parsed JSON.
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

/// The outcome key of a resolution that must succeed.
pub fn outcome(args: &[&str], key: &str) -> Value {
    let (code, value) = mc_json(args);
    assert_eq!(code, Some(0), "laager mc {}: {value}", args.join(" "));
    value["outcome"][key].clone()
}

/// The allowance of `laager mc move ARGS`.
pub fn allowance(args: &[&str]) -> i64 {
    let mut all = vec!["move"];
    all.extend_from_slice(args);
    outcome(&all, "allowance_mm")
        .as_i64()
        .unwrap_or_else(|| panic!("no allowance_mm for {}", args.join(" ")))
}

/// The needed cells of a refusal, as addresses.
pub fn needs(value: &Value) -> Vec<String> {
    value["refusal"]["needs_cells"]
        .as_array()
        .map(|cells| {
            cells
                .iter()
                .map(|c| {
                    let mut address = c["chart"].as_str().unwrap_or_default().to_owned();
                    for part in c["key"].as_array().into_iter().flatten() {
                        address.push(':');
                        address.push_str(part.as_str().unwrap_or_default());
                    }
                    address
                })
                .collect()
        })
        .unwrap_or_default()
}
