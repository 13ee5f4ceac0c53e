//! MACHINE GUNS AND GATLING GUNS (L121): a random factor per gun against Small Arms Table 3
//! by crew — "Any plus result means that the gun is fully operational during the move. The
//! minus figures in the table indicate a partial jam ... Where 'JAM' is indicated the gun is
//! out of action for the whole of that move." Through the library (`jam::Jam`);
//! `cli_contract` keeps `laager mc jam`'s flags and `--seed`.

use super::{charts_with, resolve};
use crate::support::OutcomeKeys;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::fire::{Fire, FireInput, FireType, Firer, Target, Weapon};
use laager::rules::micro_colonial::jam::{Crew, Jam, JamInput, JamState};
use laager::rules::situation::Origins;
use serde_json::json;

// Each throw against Table 3: the crew, the faces, the state and the minus figure.
#[test]
fn the_jam_table_by_crew() {
    let cases = [
        (
            "6 - 1 = +5: \"Any plus result means that the gun is fully operational\"",
            Crew::Native,
            "B6,R1",
            JamState::Operational,
            Some(0),
        ),
        (
            "3 - 3 = 0: row 0/-1, regular crews -5 (reconstructed, '-s' L667): a partial jam",
            Crew::Regular,
            "B3,R3",
            JamState::Partial,
            Some(-5),
        ),
        (
            "1 - 3 = -2: row -2/-3, regular crews -10 (L671-L673)",
            Crew::Regular,
            "B1,R3",
            JamState::Partial,
            Some(-10),
        ),
        (
            "1 - 3 = -2: row -2/-3, naval crews JAM (L671-L673)",
            Crew::Naval,
            "B1,R3",
            JamState::Jammed,
            None,
        ),
        (
            "1 - 6 = -5: row -4/-5 is JAM for every crew (L675-L678): regular",
            Crew::Regular,
            "B1,R6",
            JamState::Jammed,
            None,
        ),
        (
            "1 - 6 = -5: row -4/-5 is JAM for every crew: naval",
            Crew::Naval,
            "B1,R6",
            JamState::Jammed,
            None,
        ),
        (
            "1 - 6 = -5: row -4/-5 is JAM for every crew: native",
            Crew::Native,
            "B1,R6",
            JamState::Jammed,
            None,
        ),
    ];
    for (rule, crew, dice, state, penalty) in cases {
        let resolution = resolve::<Jam>(
            &charts_with(&[]),
            &JamInput {
                crew,
                origins: laager::rules::situation::Origins::default(),
            },
            dice,
        );
        assert_eq!(resolution.outcome.state, state, "{rule}");
        assert_eq!(resolution.outcome.penalty, penalty, "{rule}");
        assert_eq!(resolution.out("penalty"), json!(penalty), "{rule}");
    }
}

// A club's figure for a cell replaces the reconstructed one, with a warning.
#[test]
fn a_club_figure_for_a_cell_is_used() {
    let charts = charts_with(&["machine_gun_jams:-1-0:regular=-8"]);
    let resolution = resolve::<Jam>(
        &charts,
        &JamInput {
            crew: Crew::Regular,
            origins: laager::rules::situation::Origins::default(),
        },
        "B2,R2",
    );
    assert_eq!(resolution.outcome.penalty, Some(-8));
}

// Native crews: plus 15/36 operational; 0 and -1 (11/36) -10; -2 and below (10/36) JAM.
#[test]
fn jam_odds_for_native_crews_sum_to_one() {
    let odds = Jam::odds(
        &charts_with(&[]),
        &JamInput {
            crew: Crew::Native,
            origins: laager::rules::situation::Origins::default(),
        },
    )
    .expect("a jam check throws dice")
    .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
    let p = |label: &str| {
        odds.outcomes
            .iter()
            .find(|o| o.value == json!(label))
            .map(|o| o.probability)
            .expect("label")
    };
    assert!((p("operational") - 15.0 / 36.0).abs() < 1e-12);
    assert!((p("partial -10") - 11.0 / 36.0).abs() < 1e-12);
    assert!((p("jammed") - 10.0 / 36.0).abs() < 1e-12);
}

// The jam's minus figure comes off the gun's final result: 20 - 10 + 2 - 5 = 7.
#[test]
fn a_partial_jam_comes_off_the_guns_fire() {
    let input = FireInput {
        firer: Firer::GunCrew,
        firer_ff: 40,
        weapon: Weapon::Gatling,
        fire: FireType::Independent,
        range_mm: 450.0,
        target_ff: 500,
        target: Target::OtherCloseOrder,
        in_building: false,
        initial_volley: false,
        two_unit_rear_ff: None,
        target_in_melee: None,
        melee_round: 1,
        changing_to_volley: false,
        jam_penalty: Some(-5),
        in_arc: None,
        origins: Origins::default(),
    };
    let charts = charts_with(&[
        "small_arms_range_factors:40:machine-gun-500=20",
        "small_arms_target_factors:other-close-order-machine-gun:400-699=-10",
    ]);
    assert_eq!(resolve::<Fire>(&charts, &input, "B4,R2").outcome.ff_lost, 7);
}

/// `laager mc jam` as spelled, `--seed`, and `mc fire --jam-penalty`.
mod cli_contract {
    use super::super::resolved;
    use serde_json::json;

    #[test]
    fn the_jam_flags_as_spelled() {
        let outcome = resolved(&["jam", "--crew", "naval", "--dice", "B1,R3"])["outcome"].clone();
        assert_eq!(outcome["state"], json!("jammed"));
        assert_eq!(outcome["penalty"], json!(null));
    }

    #[test]
    fn a_seeded_jam_check_resolves() {
        let value = resolved(&["jam", "--crew", "regular", "--seed", "11"]);
        assert!(value["outcome"]["state"].is_string());
    }

    // `--jam-penalty -5` (a leading minus) is read: 20 - 10 + 2 - 5 = 7.
    #[test]
    fn a_jam_penalty_flag_takes_a_minus_figure() {
        let value = resolved(&[
            "fire",
            "--firer",
            "gun-crew",
            "--firer-ff",
            "40",
            "--weapon",
            "gatling",
            "--fire",
            "independent",
            "--range-mm",
            "450",
            "--target-ff",
            "500",
            "--target",
            "other-close-order",
            "--jam-penalty",
            "-5",
            "--dice",
            "B4,R2",
            "--cell",
            "small_arms_range_factors:40:machine-gun-500=20",
            "--cell",
            "small_arms_target_factors:other-close-order-machine-gun:400-699=-10",
        ]);
        assert_eq!(value["outcome"]["ff_lost"], json!(7));
    }
}
