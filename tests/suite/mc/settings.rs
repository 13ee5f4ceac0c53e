//! Each interpretation setting flips a result it should flip.

use super::{allowance, outcome};
use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::rules::Procedure;
use laager::rules::micro_colonial::random::{RandomFactor, RandomFactorInput};
use laager::rules::micro_colonial::rorkes_drift::{ZMarker, ZMarkerInput};
use serde_json::json;

fn with_cell(cell: &str) -> Charts {
    let mut charts = Charts::shipped().expect("shipped tables");
    charts
        .apply_cell_arg(Ruleset::MicroColonial, cell)
        .expect("a valid cell");
    charts
}

// native_cavalry_charge_mm: the card's 240 by default, the rules page's 140 when set.
#[test]
fn native_cavalry_charge_is_240_by_default_and_140_when_set() {
    assert_eq!(
        allowance(&["--troop", "native-cavalry", "--mode", "charge"]),
        240
    );
    assert_eq!(
        allowance(&[
            "--troop",
            "native-cavalry",
            "--mode",
            "charge",
            "--cell",
            "settings:native_cavalry_charge_mm=140"
        ]),
        140
    );
}

// field_guns_in_broken_ground: "none" read as cannot move (0) or no penalty (the full 60).
#[test]
fn field_guns_in_broken_ground_cannot_move_by_default_and_move_60_with_no_penalty() {
    assert_eq!(
        allowance(&["--troop", "field-gun", "--terrain", "broken-ground"]),
        0
    );
    assert_eq!(
        allowance(&[
            "--troop",
            "field-gun",
            "--terrain",
            "broken-ground",
            "--cell",
            "settings:field_guns_in_broken_ground=no-penalty"
        ]),
        60
    );
}

// loss_table_orientation: present 300 of initial 400 is c3 (17) under A, c5 (50) under B.
#[test]
fn loss_table_orientation_a_reads_17_and_b_reads_50() {
    let base = [
        "loss-factor",
        "--initial-ff",
        "400",
        "--present-ff",
        "300",
        "--cell",
    ];
    let a: Vec<&str> = base
        .iter()
        .copied()
        .chain(["settings:loss_table_orientation=A"])
        .collect();
    let b: Vec<&str> = base
        .iter()
        .copied()
        .chain(["settings:loss_table_orientation=B"])
        .collect();
    assert_eq!(outcome(&a, "loss_factor"), json!(17));
    assert_eq!(outcome(&b, "loss_factor"), json!(50));
}

// same_colour_dice: B3, B5, R2 is (3 + 5) - 2 = +6 summed, 5 - 2 = +3 by the highest.
#[test]
fn same_colour_dice_sum_gives_6_and_highest_gives_3() {
    let charts = Charts::shipped().expect("shipped");
    let two_black = RandomFactorInput { black: 2, red: 1 };
    let sum = RandomFactor::resolve(
        &charts,
        &two_black,
        &mut EnteredDice::parse("B3,B5,R2").expect("faces"),
    )
    .expect("resolved");
    assert_eq!(sum.outcome.random_factor, 6);
    let charts = with_cell("settings:same_colour_dice=highest");
    let highest = RandomFactor::resolve(
        &charts,
        &two_black,
        &mut EnteredDice::parse("B3,B5,R2").expect("faces"),
    )
    .expect("resolved");
    assert_eq!(highest.outcome.random_factor, 3);
}

// rounding: a Z marker of a 950 regiment is 9.5: 9 with fractions dropped, 10 to the nearest.
#[test]
fn rounding_drop_gives_a_950_regiment_a_9_ff_z_marker_and_nearest_10() {
    let z_marker = |charts: &Charts| {
        ZMarker::resolve(
            charts,
            &ZMarkerInput {
                zulu_present_ff: 950,
            },
            &mut EnteredDice::parse("").expect("no faces"),
        )
        .expect("resolved")
        .outcome
        .z_marker_ff
    };
    assert_eq!(z_marker(&Charts::shipped().expect("shipped")), 9);
    assert_eq!(z_marker(&with_cell("settings:rounding=nearest")), 10);
}

// rounding also decides halves on the move: a gun's "1/2 move" face change is half its
// normal rate; falling back halves odd rates. Camels falling back: 150 / 2 = 75 either way,
// so use a club's odd rate to show the flip.
#[test]
fn rounding_up_rounds_a_half_rate_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().to_str().expect("utf-8");
    let out = crate::support::run(&[
        "tables",
        "set",
        "movement_troops:camels:normal=151",
        "--into",
        club,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    assert_eq!(
        allowance(&["--troop", "camels", "--mode", "fall-back", "--tables", club]),
        75
    );
    assert_eq!(
        allowance(&[
            "--troop",
            "camels",
            "--mode",
            "fall-back",
            "--tables",
            club,
            "--cell",
            "settings:rounding=up"
        ]),
        76
    );
}
