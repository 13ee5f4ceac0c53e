//! Holes are asked for by name: the Loss table lookup reads settings:loss_table_orientation
//! B by default, and the lost cell 301-400:c4 is asked for; it refuses listing exactly
//! that, then succeeds with --cell, then with a folder written by `laager tables set`.

use super::{mc_json, needs};
use crate::support::{run, stderr};
use serde_json::json;

const LOOKUP: [&str; 5] = ["loss-factor", "--initial-ff", "400", "--present-ff", "220"];

fn with(extra: &[&str]) -> Vec<String> {
    LOOKUP
        .iter()
        .chain(extra)
        .map(|s| (*s).to_owned())
        .collect()
}

fn call(args: &[String]) -> (Option<i32>, serde_json::Value) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    mc_json(&refs)
}

/// Issue 19: "The Loss table orientation defaults to B as a `reconstructed` setting": not
/// asked for; reading B, present 380 of 400 lies in 351-400, cell c7 = 88 (reconstructed,
/// L333), and the step names the reading.
#[test]
fn the_loss_lookup_reads_b_by_default_and_says_so() {
    let (code, value) = call(&with(&[]));
    assert_eq!(code, Some(2));
    assert_eq!(needs(&value), vec!["morale_losses:301-400:c4"]);
    let args: Vec<String> = ["loss-factor", "--initial-ff", "400", "--present-ff", "380"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let (code, value) = call(&args);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["loss_factor"], json!(88));
    let steps = value["steps"].to_string();
    assert!(
        steps.contains("setting loss_table_orientation = B (Laager's default"),
        "{steps}"
    );
}

// Reading A: present 220 of row 301-400 lies in (200, 250], cell c4, which the OCR lost ('.%').
#[test]
fn with_the_setting_given_it_asks_for_exactly_the_lost_cell() {
    let (code, value) = call(&with(&["--cell", "settings:loss_table_orientation=A"]));
    assert_eq!(code, Some(2));
    assert_eq!(needs(&value), vec!["morale_losses:301-400:c4"]);
}

#[test]
fn with_both_given_by_cell_it_resolves_and_warns_of_the_club_values() {
    let (code, value) = call(&with(&[
        "--cell",
        "settings:loss_table_orientation=A",
        "--cell",
        "morale_losses:301-400:c4=33",
    ]));
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["loss_factor"], json!(33));
    // Reading A: the factor grows with losses and is subtracted.
    assert_eq!(value["outcome"]["signed_factor"], json!(-33));
    assert!(
        value["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .any(|w| w.as_str().is_some_and(|w| w.contains("301-400:c4")))
    );
}

#[test]
fn a_club_folder_written_by_tables_set_fills_the_hole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let club = club.to_str().expect("utf-8");
    for assignment in [
        "micro_colonial/settings:loss_table_orientation=A",
        "morale_losses:301-400:c4=33",
    ] {
        let out = run(&[
            "tables",
            "set",
            assignment,
            "--into",
            club,
            "--by",
            "Test club",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let (code, value) = call(&with(&["--tables", club]));
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["loss_factor"], json!(33));
}

// "UNITS WITH AN INITIAL STRENGTH OF LESS THAN 101 WILL HAVE A STANDARD LOSS FACTOR OF 30".
#[test]
fn a_unit_under_101_has_the_standard_loss_factor_30_without_any_setting() {
    let (code, value) = mc_json(&["loss-factor", "--initial-ff", "100", "--present-ff", "40"]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["loss_factor"], json!(30));
}

// "If, on this chart, there is an R instead of a factor the unit will automatically rout".
#[test]
fn an_r_cell_is_an_automatic_rout() {
    let (code, value) = mc_json(&[
        "loss-factor",
        "--initial-ff",
        "400",
        "--present-ff",
        "40",
        "--cell",
        "settings:loss_table_orientation=B",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["automatic_rout"], json!(true));
}
