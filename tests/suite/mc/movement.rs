//! `laager mc move`, worked by hand from the Movement tables and the rules text. Each test
//! names the sentence or chart cell it checks.

use super::{allowance, mc_json};

// Table 1: regular infantry in close order on foot, Normal 40.
#[test]
fn regular_infantry_move_40_mm() {
    assert_eq!(allowance(&["--troop", "regular-infantry"]), 40);
}

// Table 1: regular cavalry, Charge & Break 250.
#[test]
fn regular_cavalry_charge_250_mm() {
    assert_eq!(
        allowance(&["--troop", "regular-cavalry", "--mode", "charge"]),
        250
    );
}

// Table 1 has one "Charge & Break" column: irregular cavalry break at 220.
#[test]
fn breaking_uses_the_charge_and_break_rate() {
    assert_eq!(
        allowance(&["--troop", "irregular-cavalry", "--mode", "break"]),
        220
    );
}

// FALLING BACK: "troops electing to fall back facing the enemy, may do so at half their
// normal move rate": open order infantry 50 / 2 = 25.
#[test]
fn falling_back_is_half_the_normal_rate() {
    assert_eq!(
        allowance(&["--troop", "open-order-infantry", "--mode", "fall-back"]),
        25
    );
}

// TERRAIN PENALTIES note 3: "Hill penalties apply per contour": natives 100 - 2 x 10 = 80.
#[test]
fn hill_penalty_applies_per_contour_climbed() {
    assert_eq!(
        allowance(&["--troop", "natives", "--terrain", "hill:2"]),
        80
    );
}

// Note 4: "Halve the above penalties if a unit is moving along a track which crosses the
// terrain": close order in cover -40 halved to -20; 40 - 20 = 20.
#[test]
fn a_track_halves_the_terrain_penalty() {
    assert_eq!(
        allowance(&[
            "--troop",
            "regular-infantry",
            "--terrain",
            "cover",
            "--terrain",
            "track"
        ]),
        20
    );
}

// Note 5: "Halve this penalty for camels crossing soft sand": 150 - 80 / 2 = 110.
#[test]
fn camels_halve_the_soft_sand_penalty() {
    assert_eq!(
        allowance(&["--troop", "camels", "--terrain", "soft-sand"]),
        110
    );
}

// Mounted troops crossing a linear obstacle: 150 - 100 = 50.
#[test]
fn cavalry_crossing_a_wall_lose_100_mm() {
    assert_eq!(
        allowance(&["--troop", "regular-cavalry", "--terrain", "linear-obstacle"]),
        50
    );
}

// Note 1: "This does not apply to cavalry who jump an obstacle when charging": 250.
#[test]
fn charging_cavalry_jump_a_wall_without_penalty() {
    assert_eq!(
        allowance(&[
            "--troop",
            "regular-cavalry",
            "--mode",
            "charge",
            "--terrain",
            "linear-obstacle"
        ]),
        250
    );
}

// NOTES ON MOVEMENT: "Troops moving in soft sand may not use their charge move rate":
// regular cavalry charging in soft sand move at the normal 150, less the mounted -80.
#[test]
fn no_charge_rate_in_soft_sand() {
    assert_eq!(
        allowance(&[
            "--troop",
            "regular-cavalry",
            "--mode",
            "charge",
            "--terrain",
            "soft-sand"
        ]),
        70
    );
}

// CHANGING FORMATION OR FACE: regular infantry "Changing face up to 180°. 20": 40 - 20 = 20.
#[test]
fn changing_face_costs_regular_infantry_20_mm() {
    assert_eq!(
        allowance(&["--troop", "regular-infantry", "--change", "face"]),
        20
    );
}

// INTERPENETRATION: "may withdraw through another friendly unit expending 40 mm of their
// movement": irregular infantry 50 - 40 = 10.
#[test]
fn withdrawing_through_a_friendly_unit_costs_40_mm() {
    assert_eq!(
        allowance(&[
            "--troop",
            "irregular-infantry",
            "--interpenetrate",
            "withdraw"
        ]),
        10
    );
}

// "Regular and irregular units in line formation may interpenetrate each other expending
// 10 mm of their move": 40 - 10 = 30.
#[test]
fn passing_through_a_line_costs_10_mm() {
    assert_eq!(
        allowance(&["--troop", "regular-infantry", "--interpenetrate", "line"]),
        30
    );
}

// "A moving unit, moving over another which has gone to ground, will reduce its forward
// movement by 20 mm": natives 100 - 20 = 80.
#[test]
fn moving_over_a_unit_gone_to_ground_costs_20_mm() {
    assert_eq!(
        allowance(&[
            "--troop",
            "natives",
            "--interpenetrate",
            "over-gone-to-ground"
        ]),
        80
    );
}

// "Units, other than mounted troops, may withdraw through another friendly unit".
#[test]
fn mounted_troops_may_not_withdraw_through_a_unit() {
    let (code, value) = mc_json(&[
        "move",
        "--troop",
        "regular-cavalry",
        "--interpenetrate",
        "withdraw",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        value["refusal"]["reason"]
            .as_str()
            .expect("reason")
            .contains("mounted")
    );
}

// VOLLEY FIRE EFFECT ON MOVEMENT: "reduce its forward movement only by 1 mm for each
// fighting factor lost": 40 - 15 = 25.
#[test]
fn volley_losses_cost_1_mm_per_ff() {
    assert_eq!(
        allowance(&["--troop", "regular-infantry", "--volley-losses", "15"]),
        25
    );
}

// "If the number of fighting factors lost exceeds the unit's move rate, it will remain
// stationary during the next move": 45 FF lost > 40 mm.
#[test]
fn volley_losses_above_the_rate_hold_the_unit_stationary() {
    assert_eq!(
        allowance(&["--troop", "regular-infantry", "--volley-losses", "45"]),
        0
    );
}

// "Units forming a large multi-unit square may move up to a maximum of 25 mm per move in
// open ground": 40 capped at 25.
#[test]
fn a_large_square_moves_at_most_25_mm_in_the_open() {
    assert_eq!(
        allowance(&["--troop", "regular-infantry", "--square", "open"]),
        25
    );
}

// "... or 10 mm per move if any part of the square is in terrain other than open ground".
#[test]
fn a_large_square_partly_in_other_terrain_moves_at_most_10_mm() {
    assert_eq!(allowance(&["--troop", "natives", "--square", "other"]), 10);
}

// A result that would be negative is 0: 40 - 40 (cover) - 20 (wall) = -20.
#[test]
fn costs_above_the_rate_leave_0_mm_and_a_step_saying_so() {
    let (code, value) = mc_json(&[
        "move",
        "--troop",
        "regular-infantry",
        "--terrain",
        "cover",
        "--terrain",
        "linear-obstacle",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(value["outcome"]["allowance_mm"], 0);
    let steps = value["steps"].as_array().expect("steps");
    assert!(steps.iter().any(|s| {
        s["text"]
            .as_str()
            .is_some_and(|t| t.contains("cannot move"))
    }));
}

// Table 2: field guns Normal 60, Un/limbering 60: unlimbering takes the whole move.
#[test]
fn a_field_gun_unlimbering_in_a_normal_move_has_0_mm_left() {
    assert_eq!(
        allowance(&["--troop", "field-gun", "--change", "unlimber"]),
        0
    );
}

// Table 2: horse guns' Action Move 160, which "must include either limbering or unlimbering".
#[test]
fn a_horse_gun_action_move_with_unlimbering_is_160_mm() {
    assert_eq!(
        allowance(&[
            "--troop",
            "horse-gun",
            "--mode",
            "action",
            "--change",
            "unlimber"
        ]),
        160
    );
}

// "Action moves ... must include either limbering or unlimbering, but not both".
#[test]
fn an_action_move_without_limbering_is_refused() {
    let (code, value) = mc_json(&["move", "--troop", "horse-gun", "--mode", "action"]);
    assert_eq!(code, Some(2));
    assert!(
        value["refusal"]["reason"]
            .as_str()
            .expect("reason")
            .contains("limbering")
    );
}

// Table 2: machine guns manhandled 30.
#[test]
fn a_machine_gun_is_manhandled_30_mm() {
    assert_eq!(
        allowance(&["--troop", "machine-gun", "--mode", "manhandle"]),
        30
    );
}

// "Only rockets and machine guns may move in areas of broken ground": rockets 100 - 80.
#[test]
fn rockets_move_in_broken_ground_at_the_other_guns_penalty() {
    assert_eq!(
        allowance(&["--troop", "rockets", "--terrain", "broken-ground"]),
        20
    );
}

// The same sentence keeps a horse gun out of broken ground.
#[test]
fn a_horse_gun_cannot_move_in_broken_ground() {
    assert_eq!(
        allowance(&["--troop", "horse-gun", "--terrain", "broken-ground"]),
        0
    );
}

// Note 4: "Field guns in broken ground and soft sand will halve their normal move rate if on
// such a track": 60 / 2 = 30.
#[test]
fn a_field_gun_on_a_track_through_broken_ground_moves_at_half_rate() {
    assert_eq!(
        allowance(&[
            "--troop",
            "field-gun",
            "--terrain",
            "broken-ground",
            "--terrain",
            "track"
        ]),
        30
    );
}

// Guns have no charge rate (Table 2 has none).
#[test]
fn a_gun_charging_is_refused() {
    let (code, _) = mc_json(&["move", "--troop", "gatling", "--mode", "charge"]);
    assert_eq!(code, Some(2));
}

#[test]
fn an_unknown_terrain_kind_is_an_input_error_naming_the_flag() {
    let out = crate::support::run(&["mc", "move", "--troop", "natives", "--terrain", "swamp"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::support::stderr(&out).contains("--terrain"),
        "{}",
        crate::support::stderr(&out)
    );
}

// Table 2 prints "-" for the field guns' Action Move: they have none.
#[test]
fn a_field_gun_has_no_action_move() {
    let (code, value) = mc_json(&[
        "move",
        "--troop",
        "field-gun",
        "--mode",
        "action",
        "--change",
        "unlimber",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        value["refusal"]["reason"]
            .as_str()
            .expect("reason")
            .contains("no action")
    );
}

// CHANGING FORMATION OR FACE has columns by class, none for dismounted cavalry: mounting is
// costed by the cavalry's class (regular cavalry "Mounting/dismounting" 50: 150 - 50).
#[test]
fn mounting_is_costed_by_the_cavalry_class() {
    let (code, _) = mc_json(&["move", "--troop", "dismounted-cavalry", "--change", "mount"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        allowance(&["--troop", "regular-cavalry", "--change", "mount"]),
        100
    );
}

// The chart gives no lying-down cost for cavalry ("Cavalry will interpret this order as Fall
// Back"): refused rather than guessed.
#[test]
fn cavalry_lying_down_is_refused() {
    let (code, _) = mc_json(&[
        "move",
        "--troop",
        "irregular-cavalry",
        "--change",
        "lie-down",
    ]);
    assert_eq!(code, Some(2));
}

mod properties {
    use laager::charts::Charts;
    use laager::dice::EnteredDice;
    use laager::rules::Procedure;
    use laager::rules::micro_colonial::movement::{
        Change, Crossing, Interpenetration, Mode, Move, MoveInput, Square, Troop,
    };
    use proptest::prelude::*;
    use std::sync::LazyLock;

    static CHARTS: LazyLock<Charts> = LazyLock::new(|| Charts::shipped().expect("shipped"));

    fn pick<T: Copy + std::fmt::Debug + 'static>(all: &'static [T]) -> impl Strategy<Value = T> {
        (0..all.len()).prop_map(move |i| all[i])
    }

    proptest! {
        // Whatever the costs, "a result below 0 is 0" and no cost adds distance: the
        // allowance lies between 0 and the rate the mode starts from.
        #[test]
        fn an_allowance_is_never_negative_nor_above_the_rate(
            troop in pick(Troop::ALL),
            mode in pick(Mode::ALL),
            terrain in proptest::collection::vec((pick(laager::rules::micro_colonial::movement::Terrain::ALL), 1u32..4), 0..4),
            changes in proptest::collection::vec(pick(Change::ALL), 0..3),
            inters in proptest::collection::vec(pick(Interpenetration::ALL), 0..2),
            volley in 0u32..300,
            square in proptest::option::of(pick(Square::ALL)),
        ) {
            let request = MoveInput {
                troop,
                mode,
                terrain: terrain
                    .into_iter()
                    .map(|(kind, n)| Crossing { kind, count: if kind == laager::rules::micro_colonial::movement::Terrain::Track { 1 } else { n } })
                    .collect(),
                changes,
                interpenetrations: inters,
                volley_losses: volley,
                square,
                origins: laager::rules::situation::Origins::default(),
            };
            let mut no_dice = EnteredDice::parse("").expect("no faces");
            if let Ok(resolution) = Move::resolve(&CHARTS, &request, &mut no_dice) {
                let allowance = resolution.outcome.allowance_mm;
                let rate = resolution.outcome.rate_mm;
                prop_assert!(allowance >= 0);
                prop_assert!(allowance <= rate, "{allowance} > {rate} for {request:?}");
            }
        }
    }
}
