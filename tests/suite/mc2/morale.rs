//! MORALE CALCULATION (L163): "1. From the Loss table ... determine the unit's loss factor
//! ... If, on this chart, there is an R instead of a factor the unit will automatically rout
//! without further calculations. 2. If the unit is being charged, or is charging, determine
//! the appropriate factor from the Charge Morale Table and add or subtract this to 1. above.
//! 3. Throw one dice and determine the unit's random factor from the Random Factor Table ...
//! 4. Add or subtract the unit's tactical factors." RESULT: the Morale Result Table.

use super::{mc_json, needs, odds_total, refused, resolved, with};
use serde_json::json;

/// A Zulu unit of 400 FF down to 380, being charged: Loss table row 301-400.
const TEST: [&str; 12] = [
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
];

// With nothing set it asks for Table 2's cell for a native unit being charged and Table 3's
// cell for a zulu's 3 — exactly those: the Loss table's orientation is read B by default
// (issue 19: "a morale test resolves without naming the orientation").
#[test]
fn a_morale_test_asks_for_exactly_the_cells_it_needs() {
    let refusal = refused(&TEST);
    assert_eq!(
        needs(&refusal),
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
    let args = with(
        &TEST,
        &[
            "--factor",
            "under-fire",
            "--cell",
            "settings:loss_table_orientation=B",
            "--cell",
            "morale_charge:being-charged:native=-10",
            "--cell",
            "morale_random_factor:zulu:3=5",
        ],
    );
    let value = resolved(&args);
    assert_eq!(value["outcome"]["total"], json!(73));
    assert_eq!(value["outcome"]["result"], json!("good"));
}

// "Cavalry will interpret this order as Fall Back" (GO TO GROUND, L166): 88 - 45 = 43 reads
// row 40-49.
#[test]
fn cavalry_read_go_to_ground_as_fall_back() {
    let base = [
        "morale",
        "--initial-ff",
        "400",
        "--present-ff",
        "380",
        "--troop",
        "lancers",
        "--class",
        "regular",
        "--dice",
        "2",
        "--cell",
        "settings:loss_table_orientation=B",
        "--cell",
        "morale_random_factor:lancers:2=-45",
        "--cell",
        "morale_results:40-49:regular=GO TO GROUND",
    ];
    assert_eq!(resolved(&base)["outcome"]["result"], json!("go-to-ground"));
    let cavalry = with(&base, &["--cavalry"]);
    assert_eq!(resolved(&cavalry)["outcome"]["result"], json!("fall-back"));
}

// Row 301-400 under reading B: 30 FF present lies in 1-50, the R cell (L333): "the unit will
// automatically rout without further calculations" — no die is read.
#[test]
fn an_r_on_the_loss_table_routs_without_a_throw() {
    let value = resolved(&[
        "morale",
        "--initial-ff",
        "400",
        "--present-ff",
        "30",
        "--troop",
        "zulu",
        "--class",
        "native",
        "--dice",
        "3",
        "--cell",
        "settings:loss_table_orientation=B",
    ]);
    assert_eq!(value["outcome"]["result"], json!("break"));
    assert_eq!(value["outcome"]["automatic_rout"], json!(true));
    assert_eq!(value["rolls"], json!([]));
}

// "UNITS WITH AN INITIAL STRENGTH OF LESS THAN 101 WILL HAVE A STANDARD LOSS FACTOR OF 30"
// (L360), added under reading B: 30 + 40 = 70, GOOD.
#[test]
fn a_unit_under_101_takes_the_standard_loss_factor_of_30() {
    let value = resolved(&[
        "morale",
        "--initial-ff",
        "100",
        "--present-ff",
        "60",
        "--troop",
        "nnc",
        "--class",
        "levies",
        "--dice",
        "6",
        "--cell",
        "settings:loss_table_orientation=B",
        "--cell",
        "morale_random_factor:nnc:6=40",
    ]);
    assert_eq!(value["outcome"]["total"], json!(70));
    assert_eq!(value["outcome"]["result"], json!("good"));
}

// "+3 per supporting unit within 75 mm and in sight (up to a maximum of 12 factors)" (L436):
// five units give 12, not 15: 88 + 0 + 12 = 100.
#[test]
fn supporting_units_count_up_to_12() {
    let value = resolved(&[
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
        "1",
        "--factor",
        "per-supporting-unit:5",
        "--cell",
        "settings:loss_table_orientation=B",
        "--cell",
        "morale_random_factor:zulu:1=0",
    ]);
    assert_eq!(value["outcome"]["total"], json!(100));
}

#[test]
fn an_unknown_tactical_factor_is_refused_by_name() {
    let refusal = refused(&with(&TEST, &["--factor", "brave"]));
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("'brave'")
    );
}

// Exact odds over the die: faces 1-3 read +0 (88, GOOD) and 4-6 read -25 (63, row 60-69,
// typed FALL BACK): fall back 1/2, good 1/2.
#[test]
fn morale_odds_sum_to_one() {
    let mut args = vec![
        "morale",
        "--initial-ff",
        "400",
        "--present-ff",
        "380",
        "--troop",
        "zulu",
        "--class",
        "native",
        "--odds",
        "--cell",
        "settings:loss_table_orientation=B",
        "--cell",
        "morale_results:60-69:native=FALL BACK",
    ];
    let cells = [
        "morale_random_factor:zulu:1=0",
        "morale_random_factor:zulu:2=0",
        "morale_random_factor:zulu:3=0",
        "morale_random_factor:zulu:4=-25",
        "morale_random_factor:zulu:5=-25",
        "morale_random_factor:zulu:6=-25",
    ];
    for cell in &cells {
        args.extend(["--cell", cell]);
    }
    let (code, odds) = mc_json(&args);
    assert_eq!(code, Some(0), "{odds}");
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    assert_eq!(odds["outcomes"][0]["value"], json!("fall-back"));
    assert!((odds["outcomes"][0]["probability"].as_f64().expect("p") - 0.5).abs() < 1e-12);
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

// With the club's headings: 88 - 45 = 43, row 40-49, native: GO TO GROUND.
#[test]
fn a_club_result_table_is_read_by_its_class_headings() {
    let dir = club_folder();
    let path = dir.path().to_string_lossy().into_owned();
    let value = resolved(&[
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
        "2",
        "--tables",
        &path,
        "--cell",
        "settings:loss_table_orientation=B",
        "--cell",
        "morale_random_factor:zulu:2=-45",
    ]);
    assert_eq!(value["outcome"]["result"], json!("go-to-ground"));
}

// Once the club names the classes, only those are accepted.
#[test]
fn a_class_the_club_table_does_not_name_is_refused() {
    let dir = club_folder();
    let path = dir.path().to_string_lossy().into_owned();
    let refusal = refused(&[
        "morale",
        "--initial-ff",
        "400",
        "--present-ff",
        "380",
        "--troop",
        "zulu",
        "--class",
        "levies",
        "--dice",
        "2",
        "--tables",
        &path,
    ]);
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("regular, native")
    );
}
