//! Holes are asked for by name: the Loss table lookup reads settings:loss_table_orientation
//! B by default, and the lost cell 301-400:c4 is asked for; it refuses listing exactly
//! that, then succeeds with the cell typed, then with a folder written by `laager tables
//! set` (the command line's contract, kept on the binary).

use super::{charts_with, no_dice, shipped};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::resolution::{NeededCell, Refusal, RefusalKind, Resolution};
use laager::rules::Procedure;
use laager::rules::micro_colonial::loss::{LossFactor, LossFactorInput, LossFactorOutcome};
use serde_json::json;

fn lookup(
    charts: &Charts,
    initial_ff: u32,
    present_ff: u32,
) -> Result<Resolution<LossFactorOutcome>, Refusal> {
    LossFactor::resolve(
        charts,
        &LossFactorInput {
            initial_ff,
            present_ff,
            origins: laager::rules::situation::Origins::default(),
        },
        &mut no_dice(),
    )
}

/// The refusal for want of exactly the lost cell morale_losses:301-400:c4.
fn assert_needs_the_lost_cell(refusal: &Refusal) {
    assert_eq!(refusal.kind, RefusalKind::NeedsCells, "{refusal:?}");
    assert_eq!(
        refusal.needs_cells,
        vec![NeededCell {
            chart: "morale_losses".to_owned(),
            key: vec!["301-400".to_owned(), "c4".to_owned()],
        }]
    );
}

/// Issue 19: "The Loss table orientation defaults to B as a `reconstructed` setting": not
/// asked for; reading B, present 380 of 400 lies in 351-400, cell c7 = 88 (reconstructed,
/// L333), and the step names the reading.
#[test]
fn the_loss_lookup_reads_b_by_default_and_says_so() {
    let refusal = lookup(&shipped(), 400, 220).expect_err("the lost cell");
    assert_needs_the_lost_cell(&refusal);
    let resolution = lookup(&shipped(), 400, 380).expect("resolves");
    assert_eq!(resolution.outcome.loss_factor, Some(88));
    assert_eq!(resolution.out("loss_factor"), json!(88));
    // The step's first line says the reading in words; the setting's key is its rule's cell.
    assert!(
        resolution
            .steps
            .iter()
            .any(|s| s.text.contains("(Laager's default")
                && s.value == Some(json!("B"))
                && s.rule.cell.as_deref() == Some("settings:loss_table_orientation")
                && !s.text.contains("loss_table_orientation")),
        "{:?}",
        resolution.steps
    );
}

// Reading A: present 220 of row 301-400 lies in (200, 250], cell c4, which the OCR lost ('.%').
#[test]
fn with_the_setting_given_it_asks_for_exactly_the_lost_cell() {
    let charts = charts_with(&["settings:loss_table_orientation=A"]);
    let refusal = lookup(&charts, 400, 220).expect_err("the lost cell");
    assert_needs_the_lost_cell(&refusal);
}

#[test]
fn with_both_given_by_cell_it_resolves_and_warns_of_the_club_values() {
    let charts = charts_with(&[
        "settings:loss_table_orientation=A",
        "morale_losses:301-400:c4=33",
    ]);
    let resolution = lookup(&charts, 400, 220).expect("resolves");
    assert_eq!(resolution.outcome.loss_factor, Some(33));
    // Reading A: the factor grows with losses and is subtracted.
    assert_eq!(resolution.outcome.signed_factor, Some(-33));
    assert_eq!(resolution.out("signed_factor"), json!(-33));
    assert!(
        resolution.warnings.iter().any(|w| w.contains("301-400:c4")),
        "{:?}",
        resolution.warnings
    );
}

// "UNITS WITH AN INITIAL STRENGTH OF LESS THAN 101 WILL HAVE A STANDARD LOSS FACTOR OF 30".
#[test]
fn a_unit_under_101_has_the_standard_loss_factor_30_without_any_setting() {
    let resolution = lookup(&shipped(), 100, 40).expect("resolves");
    assert_eq!(resolution.outcome.loss_factor, Some(30));
}

// "If, on this chart, there is an R instead of a factor the unit will automatically rout".
#[test]
fn an_r_cell_is_an_automatic_rout() {
    let charts = charts_with(&["settings:loss_table_orientation=B"]);
    let resolution = lookup(&charts, 400, 40).expect("resolves");
    assert!(resolution.outcome.automatic_rout);
    assert_eq!(resolution.out("automatic_rout"), json!(true));
}

/// The hole through `laager mc loss-factor`: exit 2 naming the cell in `needs_cells`, and a
/// club folder written by `laager tables set` read with `--tables`.
mod cli_contract {
    use super::super::{mc_json, needs};
    use crate::support::{run, stderr};
    use serde_json::json;

    const LOOKUP: [&str; 5] = ["loss-factor", "--initial-ff", "400", "--present-ff", "220"];

    #[test]
    fn a_hole_exits_2_naming_the_cell() {
        let (code, value) = mc_json(&LOOKUP);
        assert_eq!(code, Some(2));
        assert_eq!(value["refusal"]["kind"], "needs_cells");
        assert_eq!(needs(&value), vec!["morale_losses:301-400:c4"]);
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
        let args: Vec<&str> = LOOKUP.iter().copied().chain(["--tables", club]).collect();
        let (code, value) = mc_json(&args);
        assert_eq!(code, Some(0), "{value}");
        assert_eq!(value["outcome"]["loss_factor"], json!(33));
    }
}
