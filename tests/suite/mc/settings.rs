//! Each interpretation setting flips a result it should flip, through the library with the
//! setting typed as `--cell` would type it.

use super::{charts_with, no_dice, shipped};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::rules::Procedure;
use laager::rules::micro_colonial::loss::{LossFactor, LossFactorInput};
use laager::rules::micro_colonial::movement::{Crossing, Mode, Move, MoveInput, Terrain, Troop};
use laager::rules::micro_colonial::random::{RandomFactor, RandomFactorInput};
use laager::rules::micro_colonial::rorkes_drift::{ZMarker, ZMarkerInput};
use serde_json::json;

/// The allowance of a move over these charts.
fn allowance(charts: &Charts, input: &MoveInput) -> i64 {
    Move::resolve(charts, input, &mut no_dice())
        .unwrap_or_else(|r| panic!("{input:?}: refused: {r:?}"))
        .outcome
        .allowance_mm
}

// native_cavalry_charge_mm: the card's 240 by default, the rules page's 140 when set.
#[test]
fn native_cavalry_charge_is_240_by_default_and_140_when_set() {
    let charge = MoveInput {
        mode: Mode::Charge,
        ..MoveInput::new(Troop::NativeCavalry)
    };
    assert_eq!(allowance(&shipped(), &charge), 240);
    assert_eq!(
        allowance(
            &charts_with(&["settings:native_cavalry_charge_mm=140"]),
            &charge
        ),
        140
    );
}

// field_guns_in_broken_ground: "none" read as cannot move (0) or no penalty (the full 60).
#[test]
fn field_guns_in_broken_ground_cannot_move_by_default_and_move_60_with_no_penalty() {
    let broken = MoveInput {
        terrain: vec![Crossing {
            kind: Terrain::BrokenGround,
            count: 1,
        }],
        ..MoveInput::new(Troop::FieldGun)
    };
    assert_eq!(allowance(&shipped(), &broken), 0);
    assert_eq!(
        allowance(
            &charts_with(&["settings:field_guns_in_broken_ground=no-penalty"]),
            &broken
        ),
        60
    );
}

// loss_table_orientation: present 300 of initial 400 is c3 (17) under A, c5 (50) under B.
#[test]
fn loss_table_orientation_a_reads_17_and_b_reads_50() {
    let input = LossFactorInput {
        initial_ff: 400,
        present_ff: 300,
        origins: laager::rules::situation::Origins::default(),
    };
    for (setting, factor) in [
        ("settings:loss_table_orientation=A", 17),
        ("settings:loss_table_orientation=B", 50),
    ] {
        let resolution = LossFactor::resolve(&charts_with(&[setting]), &input, &mut no_dice())
            .unwrap_or_else(|r| panic!("{setting}: refused: {r:?}"));
        assert_eq!(resolution.outcome.loss_factor, Some(factor), "{setting}");
        assert_eq!(resolution.out("loss_factor"), json!(factor), "{setting}");
    }
}

// same_colour_dice: B3, B5, R2 is (3 + 5) - 2 = +6 summed, 5 - 2 = +3 by the highest.
#[test]
fn same_colour_dice_sum_gives_6_and_highest_gives_3() {
    let two_black = RandomFactorInput { black: 2, red: 1 };
    let sum = RandomFactor::resolve(
        &shipped(),
        &two_black,
        &mut EnteredDice::parse("B3,B5,R2").expect("faces"),
    )
    .expect("resolved");
    assert_eq!(sum.outcome.random_factor, 6);
    let charts = charts_with(&["settings:same_colour_dice=highest"]);
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
                origins: laager::rules::situation::Origins::default(),
            },
            &mut no_dice(),
        )
        .expect("resolved")
        .outcome
        .z_marker_ff
    };
    assert_eq!(z_marker(&shipped()), 9);
    assert_eq!(z_marker(&charts_with(&["settings:rounding=nearest"])), 10);
}

// rounding also decides halves on the move: a gun's "1/2 move" face change is half its
// normal rate; falling back halves odd rates. Camels falling back: 150 / 2 = 75 either way,
// so use a club's odd rate (151) to show the flip.
#[test]
fn rounding_up_rounds_a_half_rate_up() {
    let falling_back = MoveInput {
        mode: Mode::FallBack,
        ..MoveInput::new(Troop::Camels)
    };
    let odd = "movement_troops:camels:normal=151";
    assert_eq!(allowance(&charts_with(&[odd]), &falling_back), 75);
    assert_eq!(
        allowance(&charts_with(&[odd, "settings:rounding=up"]), &falling_back),
        76
    );
}

/// `--cell` for a setting and `--tables` for a club folder, through `laager mc move`.
mod cli_contract {
    use super::super::allowance;
    use crate::support::{run, stderr};

    // native_cavalry_charge_mm set by `--cell`: the rules page's 140.
    #[test]
    fn a_setting_typed_with_cell_is_read() {
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

    // A club folder written by `laager tables set` with an odd camel rate: 151 / 2 falls
    // back 75 with fractions dropped, 76 rounded up.
    #[test]
    fn a_club_folder_written_by_tables_set_is_read_with_tables() {
        let dir = tempfile::tempdir().expect("tempdir");
        let club = dir.path().to_str().expect("utf-8");
        let out = run(&[
            "tables",
            "set",
            "movement_troops:camels:normal=151",
            "--into",
            club,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
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
}
