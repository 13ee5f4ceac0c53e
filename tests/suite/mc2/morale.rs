//! MORALE CALCULATION (L163): "1. From the Loss table ... determine the unit's loss factor
//! ... If, on this chart, there is an R instead of a factor the unit will automatically rout
//! without further calculations. 2. If the unit is being charged, or is charging, determine
//! the appropriate factor from the Charge Morale Table and add or subtract this to 1. above.
//! 3. Throw one dice and determine the unit's random factor from the Random Factor Table ...
//! 4. Add or subtract the unit's tactical factors." RESULT: the Morale Result Table.
//!
//! Worked through the library (`morale::Morale` over a `MoraleInput`); `cli_contract`
//! keeps `laager mc morale`'s flags (`--factor NAME:N`), its exit code and `--odds`.

use super::{cells, charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::morale::{
    Charge, Morale, MoraleInput, MoraleOutcome, MoraleResult,
};
use laager::rules::situation::Origins;
use serde_json::json;

/// A unit of this troop type and class, from 400 FF down to this, with no charge or factor.
fn unit(present_ff: u32, troop: &str, class: &str) -> MoraleInput {
    MoraleInput {
        initial_ff: 400,
        present_ff,
        troop: troop.to_owned(),
        class: class.to_owned(),
        cavalry: false,
        charge: None,
        factors: Vec::new(),
        origins: Origins::default(),
    }
}

/// A Zulu unit of 400 FF down to 380, being charged: Loss table row 301-400.
fn test() -> MoraleInput {
    MoraleInput {
        charge: Some(Charge::BeingCharged),
        ..unit(380, "zulu", "native")
    }
}

fn morale(charts: &Charts, input: &MoraleInput, die: &str) -> MoraleOutcome {
    resolve::<Morale>(charts, input, die).outcome
}

// With nothing set it asks for Table 2's cell for a native unit being charged and Table 3's
// cell for a zulu's 3 — exactly those: the Loss table's orientation is read B by default
// (issue 19: "a morale test resolves without naming the orientation").
#[test]
fn a_morale_test_asks_for_exactly_the_cells_it_needs() {
    let refusal = refuse::<Morale>(&charts_with(&[]), &test(), "3");
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        cells(&refusal),
        vec![
            "morale_charge:being-charged:native",
            "morale_random_factor:zulu:3",
        ]
    );
}

// Given them: reading B, 380 of 400 lies in 351-400, cell c7 = 88 (reconstructed, L333);
// being charged -10; the die's 3 reads +5; under fire -10 (Table 4, L376): 88 - 10 + 5 - 10
// = 73, the 70+ row, GOOD in every column.
#[test]
fn the_same_test_resolves_good_with_the_cells_given() {
    let charts = charts_with(&[
        "settings:loss_table_orientation=B",
        "morale_charge:being-charged:native=-10",
        "morale_random_factor:zulu:3=5",
    ]);
    let input = MoraleInput {
        factors: vec![("under-fire".to_owned(), 1)],
        ..test()
    };
    let resolution = resolve::<Morale>(&charts, &input, "3");
    assert_eq!(resolution.outcome.total, Some(73));
    assert_eq!(resolution.outcome.result, MoraleResult::Good);
    assert_eq!(resolution.out("result"), json!("good"));
}

// "Cavalry will interpret this order as Fall Back" (GO TO GROUND, L166): 88 - 45 = 43 reads
// row 40-49.
#[test]
fn cavalry_read_go_to_ground_as_fall_back() {
    let charts = charts_with(&[
        "settings:loss_table_orientation=B",
        "morale_random_factor:lancers:2=-45",
        "morale_results:40-49:regular=GO TO GROUND",
    ]);
    let lancers = unit(380, "lancers", "regular");
    assert_eq!(
        morale(&charts, &lancers, "2").result,
        MoraleResult::GoToGround
    );
    let cavalry = MoraleInput {
        cavalry: true,
        ..lancers
    };
    assert_eq!(
        morale(&charts, &cavalry, "2").result,
        MoraleResult::FallBack
    );
}

// Row 301-400 under reading B: 30 FF present lies in 1-50, the R cell (L333): "the unit will
// automatically rout without further calculations" — no die is read.
#[test]
fn an_r_on_the_loss_table_routs_without_a_throw() {
    let charts = charts_with(&["settings:loss_table_orientation=B"]);
    let mut die = super::faces("3");
    let resolution = <Morale as laager::rules::Procedure>::resolve(
        &charts,
        &unit(30, "zulu", "native"),
        &mut die,
    )
    .expect("resolves");
    assert_eq!(resolution.outcome.result, MoraleResult::Break);
    assert!(resolution.outcome.automatic_rout);
    assert!(resolution.rolls.is_empty());
}

// "UNITS WITH AN INITIAL STRENGTH OF LESS THAN 101 WILL HAVE A STANDARD LOSS FACTOR OF 30"
// (L360), added under reading B: 30 + 40 = 70, GOOD.
#[test]
fn a_unit_under_101_takes_the_standard_loss_factor_of_30() {
    let charts = charts_with(&[
        "settings:loss_table_orientation=B",
        "morale_random_factor:nnc:6=40",
    ]);
    let input = MoraleInput {
        initial_ff: 100,
        ..unit(60, "nnc", "levies")
    };
    let o = morale(&charts, &input, "6");
    assert_eq!(o.total, Some(70));
    assert_eq!(o.result, MoraleResult::Good);
}

// "+3 per supporting unit within 75 mm and in sight (up to a maximum of 12 factors)" (L436):
// five units give 12, not 15: 88 + 0 + 12 = 100.
#[test]
fn supporting_units_count_up_to_12() {
    let charts = charts_with(&[
        "settings:loss_table_orientation=B",
        "morale_random_factor:zulu:1=0",
    ]);
    let input = MoraleInput {
        factors: vec![("per-supporting-unit".to_owned(), 5)],
        ..unit(380, "zulu", "native")
    };
    assert_eq!(morale(&charts, &input, "1").total, Some(100));
}

// A factor Table 4 does not list is refused by Table 4, before any cell is asked for.
#[test]
fn an_unknown_tactical_factor_is_refused_by_table_4() {
    let input = MoraleInput {
        factors: vec![("brave".to_owned(), 1)],
        ..test()
    };
    let refusal = refuse::<Morale>(&charts_with(&[]), &input, "3");
    assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{refusal:?}");
    assert_eq!(
        refusal.rule.section, "MORALE CHARTS, TABLE 4 Tactical Factors",
        "{refusal:?}"
    );
    assert!(refusal.needs_cells.is_empty(), "{refusal:?}");
}

// Exact odds over the die: faces 1-3 read +0 (88, GOOD) and 4-6 read -25 (63, row 60-69,
// typed FALL BACK): fall back 1/2, good 1/2.
#[test]
fn morale_odds_sum_to_one() {
    let charts = charts_with(&[
        "settings:loss_table_orientation=B",
        "morale_results:60-69:native=FALL BACK",
        "morale_random_factor:zulu:1=0",
        "morale_random_factor:zulu:2=0",
        "morale_random_factor:zulu:3=0",
        "morale_random_factor:zulu:4=-25",
        "morale_random_factor:zulu:5=-25",
        "morale_random_factor:zulu:6=-25",
    ]);
    let odds = Morale::odds(&charts, &unit(380, "zulu", "native"))
        .expect("a morale test throws a die")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
    assert_eq!(odds.outcomes[0].value, json!("fall-back"));
    assert!((odds.outcomes[0].probability - 0.5).abs() < 1e-12);
}

/// A club's Morale Result Table with its class headings restored.
const CLUB_RESULTS: &str = r#"
[chart]
title = "Morale Result Table"
document = "club copy"
section = "MORALE RESULT TABLE"
shape = "grid"
value = "text"
confidence = "house"

[rows]
name = "morale_total"
keys = ["under-30", "30-39", "40-49", "50-59", "60-69", "70+"]

[columns]
name = "troop_class"
keys = ["regular", "native"]

[[cells]]
row = "under-30"
values = ["BREAK", "BREAK"]

[[cells]]
row = "30-39"
values = ["FALL BACK", "BREAK"]

[[cells]]
row = "40-49"
values = ["FALL BACK", "GO TO GROUND"]

[[cells]]
row = "50-59"
values = ["GOOD", "FALL BACK"]

[[cells]]
row = "60-69"
values = ["GOOD", "GOOD"]

[[cells]]
row = "70+"
values = ["GOOD", "GOOD"]
"#;

fn club_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("micro_colonial");
    std::fs::create_dir_all(&folder).expect("mkdir");
    std::fs::write(folder.join("morale_results.toml"), CLUB_RESULTS).expect("write");
    dir
}

/// The club folder's charts with these cells typed over them.
fn club_charts(dir: &tempfile::TempDir, typed: &[&str]) -> Charts {
    let mut charts = laager::store::tables::load(Some(dir.path())).expect("the club folder loads");
    for cell in typed {
        charts
            .apply_cell_arg(laager::Ruleset::MicroColonial, cell)
            .expect("a valid cell");
    }
    charts
}

// With the club's headings: 88 - 45 = 43, row 40-49, native: GO TO GROUND.
#[test]
fn a_club_result_table_is_read_by_its_class_headings() {
    let dir = club_folder();
    let charts = club_charts(
        &dir,
        &[
            "settings:loss_table_orientation=B",
            "morale_random_factor:zulu:2=-45",
        ],
    );
    let o = morale(&charts, &unit(380, "zulu", "native"), "2");
    assert_eq!(o.result, MoraleResult::GoToGround);
}

// Once the club names the classes, only those are accepted: the result table refuses.
#[test]
fn a_class_the_club_table_does_not_name_is_refused() {
    let dir = club_folder();
    let refusal = refuse::<Morale>(&club_charts(&dir, &[]), &unit(380, "zulu", "levies"), "2");
    assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{refusal:?}");
    assert_eq!(refusal.rule.section, "MORALE RESULT TABLE", "{refusal:?}");
    assert!(refusal.needs_cells.is_empty(), "{refusal:?}");
}

/// `laager mc morale`'s own contract: `--being-charged`, `--factor NAME:N`, `--cavalry`,
/// `--odds`, and exit code 2 with the typed refusal.
mod cli_contract {
    use super::super::{mc_json, odds_total, refused, resolved};
    use serde_json::json;

    // 88 - 10 (being charged) + 5 (the die's 3) - 10 (under fire) = 73, GOOD; and five
    // supporting units count 12 (`--factor per-supporting-unit:5`): 73 + 12 = 85.
    #[test]
    fn the_morale_flags_as_spelled() {
        let base = [
            "morale",
            "--initial-ff",
            "400",
            "--present-ff",
            "380",
            "--troop",
            "zulu",
            "--class",
            "native",
            "--being-charged",
            "--dice",
            "3",
            "--factor",
            "under-fire",
            "--cell",
            "settings:loss_table_orientation=B",
            "--cell",
            "morale_charge:being-charged:native=-10",
            "--cell",
            "morale_random_factor:zulu:3=5",
        ];
        let value = resolved(&base);
        assert_eq!(value["outcome"]["total"], json!(73));
        assert_eq!(value["outcome"]["result"], json!("good"));
        let supported: Vec<&str> = base
            .iter()
            .copied()
            .chain(["--factor", "per-supporting-unit:5"])
            .collect();
        assert_eq!(resolved(&supported)["outcome"]["total"], json!(85));
    }

    #[test]
    fn a_refused_morale_test_exits_2_with_its_typed_refusal() {
        let refusal = refused(&[
            "morale",
            "--initial-ff",
            "400",
            "--present-ff",
            "380",
            "--troop",
            "zulu",
            "--class",
            "native",
            "--dice",
            "3",
            "--factor",
            "brave",
        ]);
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(
            refusal["rule"]["section"],
            json!("MORALE CHARTS, TABLE 4 Tactical Factors")
        );
    }

    #[test]
    fn morale_odds_print_a_distribution() {
        let (code, odds) = mc_json(&[
            "morale",
            "--initial-ff",
            "400",
            "--present-ff",
            "380",
            "--troop",
            "zulu",
            "--class",
            "native",
            "--cavalry",
            "--odds",
            "--cell",
            "settings:loss_table_orientation=B",
            "--cell",
            "morale_random_factor:zulu:1=0",
            "--cell",
            "morale_random_factor:zulu:2=0",
            "--cell",
            "morale_random_factor:zulu:3=0",
            "--cell",
            "morale_random_factor:zulu:4=0",
            "--cell",
            "morale_random_factor:zulu:5=0",
            "--cell",
            "morale_random_factor:zulu:6=0",
        ]);
        assert_eq!(code, Some(0), "{odds}");
        assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    }
}
