//! Issue 38, "Rules as written III": each case the audit found, pinned by the sentence of
//! the text it checks, through the command line as a referee types it.

mod commanders;
mod micro_colonial;
mod return_fire;
mod unread_cells;
mod victoria_cross;

use crate::support::{run, stderr, stdout};
use serde_json::Value;

/// Runs `laager ARGS --json`: the exit code and the JSON printed (a refusal's JSON too).
fn json(args: &[&str]) -> (Option<i32>, Value) {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let out = run(&all);
    let text = stdout(&out);
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("json: {e}\n{text}\n{}", stderr(&out)));
    (out.status.code(), value)
}

/// The warnings of a resolution's JSON, as text.
fn warnings(v: &Value) -> Vec<String> {
    v["warnings"]
        .as_array()
        .map(|w| {
            w.iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}
