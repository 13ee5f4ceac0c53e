//! Rorke's Drift and the basic game's victory, worked from the supplement's and the rules'
//! own sentences.

use super::{mc_json, outcome};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::rules::Procedure;
use laager::rules::micro_colonial::rorkes_drift;
use serde_json::{Value, json};

fn charts() -> Charts {
    Charts::shipped().expect("shipped tables")
}

// IN BUILDINGS 3: "a result better than plus 2 for an occupied room": B6,R3 = +3.
#[test]
fn break_in_to_an_occupied_room_succeeds_on_plus_3() {
    assert_eq!(
        outcome(
            &["rd", "break-in", "--occupied", "--dice", "B6,R3"],
            "success"
        ),
        json!(true)
    );
}

// +2 is not better than +2.
#[test]
fn break_in_to_an_occupied_room_fails_on_plus_2() {
    assert_eq!(
        outcome(
            &["rd", "break-in", "--occupied", "--dice", "B5,R3"],
            "success"
        ),
        json!(false)
    );
}

// "or better than zero for an unoccupied room": B2,R1 = +1.
#[test]
fn break_in_to_an_empty_room_succeeds_on_plus_1() {
    assert_eq!(
        outcome(&["rd", "break-in", "--empty", "--dice", "R1,B2"], "success"),
        json!(true)
    );
}

#[test]
fn break_in_to_an_empty_room_fails_on_0() {
    assert_eq!(
        outcome(&["rd", "break-in", "--empty", "--dice", "B3,R3"], "success"),
        json!(false)
    );
}

// Better than +2 with one black and one red die: 3 + 2 + 1 = 6 of 36 throws.
#[test]
fn break_in_odds_occupied_are_6_in_36() {
    let (code, value) = mc_json(&["rd", "break-in", "--occupied", "--odds"]);
    assert_eq!(code, Some(0));
    let outcomes = value["outcomes"].as_array().expect("outcomes");
    let p_true = outcomes
        .iter()
        .find(|o| o["value"] == json!(true))
        .expect("true")["probability"]
        .as_f64()
        .expect("p");
    assert!((p_true - 6.0 / 36.0).abs() < 1e-12, "{p_true}");
    let total: f64 = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().expect("p"))
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
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
    let out = crate::support::run(&["mc", "rd", "break-in", "--occupied", "--dice", "B6,R3,B2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(crate::support::stderr(&out).contains("--dice"));
}

// CONDITIONS OF VICTORY: "eliminated more than 24 of the British sections and at least two of
// the command counters".
#[test]
fn zulus_win_with_25_sections_and_2_commanders() {
    assert_eq!(
        outcome(
            &[
                "rd",
                "victory",
                "--sections-lost",
                "25",
                "--commanders-lost",
                "2"
            ],
            "winner"
        ),
        json!("zulu")
    );
}

// "beaten off all the Zulu attacks and not have lost more than 24 sections nor more than one
// of its command counters".
#[test]
fn british_win_with_24_sections_and_1_commander_lost_and_attacks_beaten_off() {
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

#[test]
fn rd_neither_wins_with_25_sections_but_1_commander_lost() {
    assert_eq!(
        outcome(
            &[
                "rd",
                "victory",
                "--sections-lost",
                "25",
                "--commanders-lost",
                "1"
            ],
            "winner"
        ),
        Value::Null
    );
}

#[test]
fn rd_neither_wins_if_the_attacks_were_not_beaten_off() {
    assert_eq!(
        outcome(
            &[
                "rd",
                "victory",
                "--sections-lost",
                "3",
                "--commanders-lost",
                "0"
            ],
            "winner"
        ),
        Value::Null
    );
}

#[test]
fn rd_victory_refuses_more_sections_than_the_30_there_are() {
    let (code, _) = mc_json(&[
        "rd",
        "victory",
        "--sections-lost",
        "31",
        "--commanders-lost",
        "0",
    ]);
    assert_eq!(code, Some(2));
}

// DECIDING THE WINNER: "The native armies will claim a victory if they destroy at least half
// of the regular force's infantry" — checked first, so it wins even if assaults were beaten off.
#[test]
fn natives_win_by_destroying_half_the_regular_infantry() {
    let args = [
        "victory",
        "--regular-infantry",
        "8",
        "--regular-infantry-destroyed",
        "4",
        "--assaults-beaten-off",
    ];
    assert_eq!(outcome(&args, "winner"), json!("natives"));
}

// "the regular forces must not have been forced to retire from their start line or position,
// and to have beaten off all enemy assaults".
#[test]
fn regulars_win_holding_their_line_and_beating_off_every_assault() {
    let args = [
        "victory",
        "--regular-infantry",
        "8",
        "--regular-infantry-destroyed",
        "3",
        "--assaults-beaten-off",
    ];
    assert_eq!(outcome(&args, "winner"), json!("regulars"));
}

#[test]
fn no_one_wins_when_the_regulars_are_driven_from_their_start_line() {
    let args = [
        "victory",
        "--regular-infantry",
        "8",
        "--regular-infantry-destroyed",
        "3",
        "--driven-from-start-line",
        "--assaults-beaten-off",
    ];
    assert_eq!(outcome(&args, "winner"), Value::Null);
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
        },
        &mut laager::dice::EnteredDice::parse("").expect("no faces"),
    )
    .expect("resolved");
    assert_eq!(resolution.outcome.z_marker_ff, 8);
    // The JSON contract keeps the key.
    assert_eq!(resolution.out("z_marker_ff"), json!(8));
}

// MOVEMENT: "Inside the perimeter only the attackers will be reduced to half their normal
// movement rate": Zulus 100 / 2 = 50.
#[test]
fn zulus_inside_the_perimeter_move_at_half_rate() {
    assert_eq!(
        outcome(
            &["rd", "move", "--side", "zulu", "--inside-perimeter"],
            "allowance_mm"
        ),
        json!(50)
    );
}

// "All movement will be at normal rate": defenders inside the perimeter keep their 40 mm.
#[test]
fn defenders_inside_the_perimeter_keep_the_normal_rate() {
    assert_eq!(
        outcome(
            &["rd", "move", "--side", "british", "--inside-perimeter"],
            "allowance_mm"
        ),
        json!(40)
    );
}

// TERRAIN EFFECTS: "The defenders will subtract 10mm. from their movement to cross any wall
// inside the perimeter": 40 - 2 x 10 = 20.
#[test]
fn defenders_lose_10_mm_per_internal_wall() {
    assert_eq!(
        outcome(
            &["rd", "move", "--side", "british", "--internal-walls", "2"],
            "allowance_mm"
        ),
        json!(20)
    );
}

// "It will take a Zulu unit one full move to climb over an unoccupied perimeter wall, and they
// may not attempt to climb over any wall which is occupied by any defending counters."
#[test]
fn climbing_an_unoccupied_wall_takes_the_whole_move_and_an_occupied_one_is_refused() {
    assert_eq!(
        outcome(
            &["rd", "move", "--side", "zulu", "--climb-wall", "unoccupied"],
            "allowance_mm"
        ),
        json!(0)
    );
    let (code, _) = mc_json(&["rd", "move", "--side", "zulu", "--climb-wall", "occupied"]);
    assert_eq!(code, Some(2));
}

#[test]
fn break_in_dice_without_colours_are_an_input_error_naming_the_colour() {
    let out = crate::support::run(&["mc", "rd", "break-in", "--occupied", "--dice", "4,2"]);
    assert_eq!(out.status.code(), Some(2));
    let err = crate::support::stderr(&out);
    assert!(
        err.starts_with("--dice '4,2':") && err.contains("colour"),
        "{err}"
    );
}

// FIRING PARTIES: "A firing party which is not commanded by a command figure may not engage
// the enemy with volley fire"; "4. Zulu unit moves forward (if possible), ie. if it has
// not lost more than 50 fighting factors from the firing parties initial volley".
#[test]
fn a_firing_party_volleys_only_under_command_and_stops_a_unit_losing_over_50() {
    let (code, v) = mc_json(&["rd", "firing-party"]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        v["outcome"],
        json!({"may_volley": false, "zulu_climbs_in": null})
    );
    let (_, v) = mc_json(&[
        "rd",
        "firing-party",
        "--led-by-command",
        "--zulu-ff-lost",
        "50",
    ]);
    assert_eq!(
        v["outcome"],
        json!({"may_volley": true, "zulu_climbs_in": true})
    );
    let (_, v) = mc_json(&[
        "rd",
        "firing-party",
        "--led-by-command",
        "--zulu-ff-lost",
        "51",
    ]);
    assert_eq!(
        v["outcome"],
        json!({"may_volley": true, "zulu_climbs_in": false})
    );
}

// COMBINING RULE: "adding the removed counters present fighting factor to the factor of
// another. However, at no time may a section counter have a fighting factor of more than
// 10. This rule does not apply to any of the command counters or to the white non-British
// counters." 6 + 4 = 10 combines; 6 + 5 = 11 is refused; command counters never combine.
#[test]
fn sections_combine_up_to_10_ff_and_never_command_or_white_counters() {
    let (code, v) = mc_json(&["rd", "combine", "--into-ff", "6", "--removed-ff", "4"]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["combined_ff"], 10);
    let (code, v) = mc_json(&["rd", "combine", "--into-ff", "6", "--removed-ff", "5"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        v["refusal"]["reason"],
        "6 + 5 = 11 FF: a section counter may never have more than 10"
    );
    for counter in ["command", "white"] {
        let (code, v) = mc_json(&[
            "rd",
            "combine",
            "--into-ff",
            "3",
            "--removed-ff",
            "2",
            "--counter",
            counter,
        ]);
        assert_eq!(code, Some(2));
        assert_eq!(v["refusal"]["kind"], "not_allowed", "{v}");
    }
}
