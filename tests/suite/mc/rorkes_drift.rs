//! Rorke's Drift and the basic game's victory, worked from the supplement's and the rules'
//! own sentences, through the library; `cli_contract` keeps the `--dice`, `--seed` and
//! exit-code contract of `laager mc rd`.

use super::{no_dice, shipped};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::resolution::{Refusal, RefusalKind};
use laager::rules::Procedure;
use laager::rules::micro_colonial::rorkes_drift::{
    self, BreakIn, BreakInInput, Counter, PerimeterWall, RdCombine, RdCombineInput, RdFiringParty,
    RdFiringPartyInput, RdMove, RdMoveInput, RdVictory, RdVictoryInput, RdWinner, Room, Side,
};
use laager::rules::micro_colonial::victory::{Victory, VictoryInput, Winner};
use serde_json::json;

fn charts() -> Charts {
    shipped()
}

/// Checks a refusal's kind, the section that refuses and the chart cell it cites.
fn assert_refused(refusal: &Refusal, section: &str, cell: Option<&str>, case: &str) {
    assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{case}: {refusal:?}");
    assert_eq!(refusal.rule.section, section, "{case}: {refusal:?}");
    assert_eq!(refusal.rule.cell.as_deref(), cell, "{case}: {refusal:?}");
    assert!(refusal.needs_cells.is_empty(), "{case}: {refusal:?}");
}

// IN BUILDINGS 3: "a result better than plus 2 for an occupied room, or better than zero
// for an unoccupied room".
#[test]
fn break_in_needs_better_than_plus_2_occupied_or_better_than_0_empty() {
    let cases = [
        ("occupied, B6,R3 = +3", Room::Occupied, "B6,R3", true),
        (
            "occupied, B5,R3: +2 is not better than +2",
            Room::Occupied,
            "B5,R3",
            false,
        ),
        ("empty, R1,B2 = +1", Room::Empty, "R1,B2", true),
        ("empty, B3,R3 = 0", Room::Empty, "B3,R3", false),
    ];
    for (case, room, faces, success) in cases {
        let mut dice = EnteredDice::parse(faces).expect("faces");
        let resolution = BreakIn::resolve(
            &charts(),
            &BreakInInput {
                room,
                origins: laager::rules::situation::Origins::default(),
            },
            &mut dice,
        )
        .expect(case);
        assert_eq!(resolution.outcome.success, success, "{case}");
        assert_eq!(resolution.out("success"), json!(success), "{case}");
        assert_eq!(laager::dice::DiceSource::unused(&dice), 0, "{case}");
    }
}

// Better than +2 with one black and one red die: 3 + 2 + 1 = 6 of 36 throws.
#[test]
fn break_in_odds_occupied_are_6_in_36() {
    let odds = BreakIn::odds(
        &charts(),
        &BreakInInput {
            room: Room::Occupied,
            origins: laager::rules::situation::Origins::default(),
        },
    )
    .expect("a break-in throws dice")
    .expect("odds");
    let p_true = odds
        .outcomes
        .iter()
        .find(|o| o.value == json!(true))
        .expect("true")
        .probability;
    assert!((p_true - 6.0 / 36.0).abs() < 1e-12, "{p_true}");
    assert!((odds.total() - 1.0).abs() < 1e-12);
}

// CONDITIONS OF VICTORY: "eliminated more than 24 of the British sections and at least two of
// the command counters" for the Zulus; "beaten off all the Zulu attacks and not have lost
// more than 24 sections nor more than one of its command counters" for the British.
#[test]
fn rd_victory_conditions() {
    let cases = [
        (
            "Zulus: 25 sections and 2 commanders",
            25,
            2,
            false,
            Some(RdWinner::Zulu),
        ),
        (
            "British: 24 sections and 1 commander lost, attacks beaten off",
            24,
            1,
            true,
            Some(RdWinner::British),
        ),
        (
            "neither: 25 sections but 1 commander lost",
            25,
            1,
            false,
            None,
        ),
        (
            "neither: the attacks were not beaten off",
            3,
            0,
            false,
            None,
        ),
    ];
    for (case, sections_lost, commanders_lost, attacks_beaten_off, winner) in cases {
        let input = RdVictoryInput {
            sections_lost,
            commanders_lost,
            attacks_beaten_off,
            origins: laager::rules::situation::Origins::default(),
        };
        let resolution = RdVictory::resolve(&charts(), &input, &mut no_dice()).expect(case);
        assert_eq!(resolution.outcome.winner, winner, "{case}");
        assert_eq!(resolution.out("winner"), json!(winner), "{case}");
    }
}

// The supplement's British have 30 sections: 31 lost is more than there are.
#[test]
fn rd_victory_refuses_more_sections_than_the_30_there_are() {
    let input = RdVictoryInput {
        sections_lost: 31,
        commanders_lost: 0,
        attacks_beaten_off: false,
        origins: laager::rules::situation::Origins::default(),
    };
    let refusal = RdVictory::resolve(&charts(), &input, &mut no_dice()).expect_err("31 of 30");
    assert_refused(
        &refusal,
        "Rorke's Drift",
        Some("rorkes_drift:sections"),
        "31 sections",
    );
}

// DECIDING THE WINNER: "The native armies will claim a victory if they destroy at least half
// of the regular force's infantry" — checked first, so it wins even if assaults were beaten
// off; "the regular forces must not have been forced to retire from their start line or
// position, and to have beaten off all enemy assaults".
#[test]
fn basic_game_victory() {
    let cases = [
        (
            "natives: 4 of 8 destroyed, even with the assaults beaten off",
            4,
            false,
            Some(Winner::Natives),
        ),
        (
            "regulars: 3 of 8 destroyed, line held, every assault beaten off",
            3,
            false,
            Some(Winner::Regulars),
        ),
        (
            "no one: the regulars were driven from their start line",
            3,
            true,
            None,
        ),
    ];
    for (case, destroyed, driven, winner) in cases {
        let input = VictoryInput {
            regular_infantry: 8,
            regular_infantry_destroyed: destroyed,
            driven_from_start_line: driven,
            assaults_beaten_off: true,
            origins: laager::rules::situation::Origins::default(),
        };
        let resolution = Victory::resolve(&charts(), &input, &mut no_dice()).expect(case);
        assert_eq!(resolution.outcome.winner, winner, "{case}");
        assert_eq!(resolution.out("winner"), json!(winner), "{case}");
    }
}

// MORALE: "no morale tests ... except 1. Loser of a melee by more than 5 fighting factors.
// 2. A Zulu unit that is forced to halt due to volley fire. ... Troops in buildings will not be
// subject to morale tests at any time."
#[test]
fn rd_morale_tests_only_a_melee_loser_by_more_than_5_or_a_unit_halted_by_volleys() {
    let c = charts();
    assert!(rorkes_drift::morale_test_due(&c, false, Some(6), false).expect("due"));
    assert!(!rorkes_drift::morale_test_due(&c, false, Some(5), false).expect("due"));
    assert!(rorkes_drift::morale_test_due(&c, false, None, true).expect("due"));
    assert!(!rorkes_drift::morale_test_due(&c, true, Some(20), true).expect("due"));
}

// FIRING PARTIES 4: "Zulu unit moves forward (if possible), ie. if it has not lost more than 50
// fighting factors from the firing parties initial volley".
#[test]
fn a_firing_party_halts_a_zulu_unit_that_loses_more_than_50() {
    let c = charts();
    assert!(rorkes_drift::firing_party_halts(&c, 51).expect("rule"));
    assert!(!rorkes_drift::firing_party_halts(&c, 50).expect("rule"));
}

// COMBINING RULE: "at no time may a section counter have a fighting factor of more than 10".
#[test]
fn combining_sections_never_goes_above_10_ff() {
    let c = charts();
    assert_eq!(
        rorkes_drift::combine_sections(&c, 6, 4).expect("combined"),
        10
    );
    assert!(rorkes_drift::combine_sections(&c, 6, 5).is_err());
}

// IN BUILDINGS 5: "Each of the 'Z' markers has a fighting factor of 1/100th. of the main
// unit's present fighting factor": 800 / 100 = 8.
#[test]
fn a_z_marker_has_a_hundredth_of_its_unit() {
    let resolution = rorkes_drift::ZMarker::resolve(
        &charts(),
        &rorkes_drift::ZMarkerInput {
            zulu_present_ff: 800,
            origins: laager::rules::situation::Origins::default(),
        },
        &mut no_dice(),
    )
    .expect("resolved");
    assert_eq!(resolution.outcome.z_marker_ff, 8);
    // The JSON contract keeps the key.
    assert_eq!(resolution.out("z_marker_ff"), json!(8));
}

// MOVEMENT: "All movement will be at normal rate. Inside the perimeter only the attackers will
// be reduced to half their normal movement rate"; TERRAIN EFFECTS: "The defenders will
// subtract 10mm. from their movement to cross any wall inside the perimeter"; "It will take a
// Zulu unit one full move to climb over an unoccupied perimeter wall".
#[test]
fn rd_move_allowances() {
    let cases = [
        (
            "Zulus inside the perimeter: 100 / 2 = 50",
            Side::Zulu,
            true,
            0,
            None,
            50,
        ),
        (
            "defenders inside the perimeter keep their 40 mm",
            Side::British,
            true,
            0,
            None,
            40,
        ),
        (
            "defenders over 2 internal walls: 40 - 2 x 10 = 20",
            Side::British,
            false,
            2,
            None,
            20,
        ),
        (
            "a Zulu unit climbing an unoccupied wall: the whole move",
            Side::Zulu,
            false,
            0,
            Some(PerimeterWall::Unoccupied),
            0,
        ),
    ];
    for (case, side, inside_perimeter, internal_walls, climb, allowance) in cases {
        let input = RdMoveInput {
            side,
            inside_perimeter,
            internal_walls,
            climb,
            origins: laager::rules::situation::Origins::default(),
        };
        let resolution = RdMove::resolve(&charts(), &input, &mut no_dice()).expect(case);
        assert_eq!(resolution.outcome.allowance_mm, allowance, "{case}");
        assert_eq!(resolution.out("allowance_mm"), json!(allowance), "{case}");
    }
}

// "... and they may not attempt to climb over any wall which is occupied by any defending
// counters."
#[test]
fn climbing_an_occupied_wall_is_refused() {
    let input = RdMoveInput {
        side: Side::Zulu,
        inside_perimeter: false,
        internal_walls: 0,
        climb: Some(PerimeterWall::Occupied),
        origins: laager::rules::situation::Origins::default(),
    };
    let refusal = RdMove::resolve(&charts(), &input, &mut no_dice()).expect_err("occupied");
    assert_refused(
        &refusal,
        "Rorke's Drift, TERRAIN EFFECTS",
        Some("rorkes_drift:zulu-perimeter-wall-moves"),
        "an occupied wall",
    );
}

// FIRING PARTIES: "A firing party which is not commanded by a command figure may not engage
// the enemy with volley fire"; "4. Zulu unit moves forward (if possible), ie. if it has
// not lost more than 50 fighting factors from the firing parties initial volley".
#[test]
fn a_firing_party_volleys_only_under_command_and_stops_a_unit_losing_over_50() {
    let cases = [
        (
            "not led by a command counter",
            false,
            None,
            json!({"may_volley": false, "zulu_climbs_in": null, "zulu_must_test": false}),
        ),
        (
            "led, 50 FF lost",
            true,
            Some(50),
            json!({"may_volley": true, "zulu_climbs_in": true, "zulu_must_test": false}),
        ),
        (
            "led, 51 FF lost",
            true,
            Some(51),
            json!({"may_volley": true, "zulu_climbs_in": false, "zulu_must_test": true}),
        ),
    ];
    for (case, led_by_command, zulu_ff_lost, expected) in cases {
        let input = RdFiringPartyInput {
            led_by_command,
            zulu_ff_lost,
            origins: laager::rules::situation::Origins::default(),
        };
        let resolution = RdFiringParty::resolve(&charts(), &input, &mut no_dice()).expect(case);
        assert_eq!(
            serde_json::to_value(resolution.outcome).expect("json"),
            expected,
            "{case}"
        );
    }
}

// COMBINING RULE: "adding the removed counters present fighting factor to the factor of
// another. However, at no time may a section counter have a fighting factor of more than
// 10. This rule does not apply to any of the command counters or to the white non-British
// counters." 6 + 4 = 10 combines; 6 + 5 = 11 is refused by the section maximum; command
// counters never combine.
#[test]
fn sections_combine_up_to_10_ff_and_never_command_or_white_counters() {
    let combine = |into_ff, removed_ff, counter| {
        RdCombine::resolve(
            &charts(),
            &RdCombineInput {
                into_ff,
                removed_ff,
                counter,
                origins: laager::rules::situation::Origins::default(),
            },
            &mut no_dice(),
        )
    };
    let combined = combine(6, 4, Counter::Section).expect("6 + 4");
    assert_eq!(combined.outcome.combined_ff, 10);
    assert_eq!(combined.out("combined_ff"), 10);
    let refusal = combine(6, 5, Counter::Section).expect_err("6 + 5 = 11");
    assert_refused(
        &refusal,
        "Rorke's Drift, COMBINING RULE",
        Some("rorkes_drift:section-max-ff"),
        "6 + 5",
    );
    for counter in [Counter::Command, Counter::White] {
        let refusal = combine(3, 2, counter).expect_err("not a section");
        assert_refused(
            &refusal,
            "Rorke's Drift, COMBINING RULE",
            None,
            &counter.to_string(),
        );
    }
}

/// `laager mc rd`'s own contract: `--dice` read as typed, `--seed` replaying, a refusal's
/// exit code and JSON.
mod cli_contract {
    use super::super::{mc_json, outcome};
    use crate::support::{run, stderr};
    use serde_json::json;

    // IN BUILDINGS 3: "a result better than plus 2 for an occupied room": B6,R3 = +3,
    // through `--occupied --dice`.
    #[test]
    fn break_in_reads_the_dice_as_typed() {
        assert_eq!(
            outcome(
                &["rd", "break-in", "--occupied", "--dice", "B6,R3"],
                "success"
            ),
            json!(true)
        );
    }

    #[test]
    fn break_in_with_a_seed_replays_the_same_throw() {
        let a = mc_json(&["rd", "break-in", "--empty", "--seed", "11"]).1;
        let b = mc_json(&["rd", "break-in", "--empty", "--seed", "11"]).1;
        assert_eq!(a["rolls"], b["rolls"]);
        assert!(a["outcome"]["success"].is_boolean());
    }

    #[test]
    fn break_in_with_a_face_too_many_is_an_input_error() {
        let out = run(&["mc", "rd", "break-in", "--occupied", "--dice", "B6,R3,B2"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("--dice"));
    }

    #[test]
    fn break_in_dice_without_colours_are_an_input_error_naming_the_colour() {
        let out = run(&["mc", "rd", "break-in", "--occupied", "--dice", "4,2"]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(
            err.starts_with("--dice '4,2':") && err.contains("colour"),
            "{err}"
        );
    }

    // COMBINING RULE: 6 + 5 = 11 FF is refused: exit 2, the refusal's kind and the cell.
    #[test]
    fn a_refused_combine_exits_2_with_its_typed_refusal() {
        let (code, v) = mc_json(&["rd", "combine", "--into-ff", "6", "--removed-ff", "5"]);
        assert_eq!(code, Some(2));
        assert_eq!(v["refusal"]["kind"], "not_allowed", "{v}");
        assert_eq!(
            v["refusal"]["rule"]["cell"], "rorkes_drift:section-max-ff",
            "{v}"
        );
    }

    // `--counter`, `--climb-wall` and `--attacks-beaten-off` as spelled.
    #[test]
    fn the_rd_flags_as_spelled() {
        let (code, v) = mc_json(&[
            "rd",
            "combine",
            "--into-ff",
            "3",
            "--removed-ff",
            "2",
            "--counter",
            "white",
        ]);
        assert_eq!(code, Some(2), "{v}");
        assert_eq!(
            outcome(
                &["rd", "move", "--side", "zulu", "--climb-wall", "unoccupied"],
                "allowance_mm"
            ),
            json!(0)
        );
        let args = [
            "rd",
            "victory",
            "--sections-lost",
            "24",
            "--commanders-lost",
            "1",
            "--attacks-beaten-off",
        ];
        assert_eq!(outcome(&args, "winner"), json!("british"));
    }
}
