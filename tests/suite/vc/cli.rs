//! `laager vc ...` end to end: the command contract, exit codes and JSON forms.

use crate::support::{assert_refused_json, run, stderr, stdout};
use laager::resolution::RefusalKind;
use serde_json::Value;

fn json(args: &[&str]) -> (Value, i32) {
    let output = run(args);
    let text = stdout(&output);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (value, output.status.code().expect("exit code"))
}

// Combat Example: 5 dice at range 2 rolling 1, 1, 3, 5, 6: 2 hits, 2 ammunition checks.
#[test]
fn fire_resolves_the_combat_example_as_json() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--range",
        "2",
        "--dice",
        "1,1,3,5,6",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 2);
    assert_eq!(value["outcome"]["ammo_checks"], 2);
    assert_eq!(value["ruleset"], "victoria-cross");
    assert_eq!(value["rolls"][0]["source"], "entered");
}

// "During night turns the British range goes from 3 zones to 2 zones."
#[test]
fn fire_at_range_3_by_night_at_rorkes_drift_is_refused_with_exit_2() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "rorkes-drift",
        "--sp",
        "2",
        "--range",
        "3",
        "--night",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_refused_json(&value, RefusalKind::OutOfRange, "Fire Combat");
}

#[test]
fn too_few_typed_dice_exit_2_naming_how_many() {
    let output = run(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--range",
        "2",
        "--dice",
        "1,2,3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("5 needed"), "{}", stderr(&output));
}

#[test]
fn too_many_typed_dice_exit_2_naming_how_many() {
    let output = run(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "2",
        "--range",
        "2",
        "--dice",
        "1,2,3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("threw 2"), "{}", stderr(&output));
}

#[test]
fn fire_odds_sum_to_1() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "40",
        "--range",
        "3",
        "--odds",
        "--json",
    ]);
    assert_eq!(code, 0);
    let total: f64 = value["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| o["probability"].as_f64().expect("number"))
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn the_same_seed_gives_the_same_fire() {
    let args = [
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "8",
        "--range",
        "1",
        "--seed",
        "42",
        "--json",
    ];
    assert_eq!(stdout(&run(&args)), stdout(&run(&args)));
}

// "the 4 SP plus Chard equal 5 dice x 3": 15 dice, no fewer.
#[test]
fn volley_of_4_sp_needs_15_dice() {
    let faces = "3,3,3,3,3,1,1,1,1,1,1,1,1,1,1";
    let (value, code) = json(&[
        "vc",
        "volley",
        "--battle",
        "rorkes-drift",
        "--sp",
        "4",
        "--dice",
        faces,
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 5);
    let output = run(&[
        "vc",
        "volley",
        "--battle",
        "rorkes-drift",
        "--sp",
        "4",
        "--dice",
        "3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("15 needed"));
}

// Combat Example: two re-rolled 1s at distance 1: two units Ammo Depleted.
#[test]
fn ammo_marks_the_combat_examples_two_units() {
    let (value, code) = json(&[
        "vc",
        "ammo",
        "--ones",
        "2",
        "--distance",
        "1",
        "--dice",
        "1,1",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["depleted"], 2);
}

// "hit on 5s and 6s when firing at British units located in zone J with the water cart".
#[test]
fn random_fire_at_the_water_cart() {
    let (value, code) = json(&[
        "vc",
        "random-fire",
        "--battle",
        "rorkes-drift",
        "--water-cart",
        "--dice",
        "5,6,4,1,2,3",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 2);
}

// Melee Example: "The Zulu player rolls 30 dice checking for rolls of 6 and gets 5 hits".
#[test]
fn melee_of_the_examples_30_zulu_sp() {
    let faces = "6,6,6,6,6,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5";
    let (value, code) = json(&[
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--side",
        "zulu",
        "--sp",
        "30",
        "--dice",
        faces,
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 5);
}

#[test]
fn melee_across_a_wall_hits_on_4_at_rorkes_drift_and_is_refused_at_isandlwana() {
    let (value, _) = json(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "british",
        "--sp",
        "2",
        "--across-wall",
        "--dice",
        "4,3",
        "--json",
    ]);
    assert_eq!(value["outcome"]["hits"], 1);
    let output = run(&[
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--side",
        "british",
        "--sp",
        "2",
        "--across-wall",
        "--dice",
        "4,3",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

// "on a roll of 6 it jumps three spots"; "burned down when it reaches the 5 box".
#[test]
fn hospital_from_box_3_rolling_6_burns_down() {
    let (value, code) = json(&["vc", "hospital", "--track", "3", "--dice", "6", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["track"], 5);
    assert_eq!(value["outcome"]["burned"], true);
}

#[test]
fn hospital_odds_print_the_track_distribution() {
    let (value, code) = json(&["vc", "hospital", "--odds", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(value["outcomes"].as_array().expect("outcomes").len(), 4);
}

// A club's value for one cell is used, and said to be used.
#[test]
fn a_cell_override_is_used_with_a_warning() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "2",
        "--range",
        "2",
        "--dice",
        "4,5",
        "--cell",
        "hit_numbers:2=5",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 1);
    assert!(
        value["warnings"][0]
            .as_str()
            .expect("warning")
            .contains("hit_numbers:2")
    );
}

#[test]
fn a_dice_source_is_required() {
    let output = run(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "2",
        "--range",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn vc_help_lists_the_commands() {
    let text = stdout(&run(&["vc", "--help"]));
    for command in ["fire", "volley", "ammo", "random-fire", "melee", "hospital"] {
        assert!(text.contains(command), "{command} missing from {text}");
    }
}

// The board path of `vc fire`: zone 16 to zone 12 is R2 on the board.
#[test]
fn fire_from_zone_to_zone_reads_the_board() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--from",
        "16",
        "--to",
        "12",
        "--friendly",
        "17",
        "--dice",
        "1,1,3,5,6",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 2);
}

// A board fact not supplied refuses, naming the zone and the fact.
#[test]
fn fire_from_a_zone_without_its_fire_list_is_refused_naming_it() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--from",
        "16",
        "--to",
        "13",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(code, 2);
    let needs = value["refusal"]["needs_cells"].as_array().expect("needs");
    assert!(
        needs
            .iter()
            .any(|c| c["chart"] == "fire_lists_isandlwana" && c["key"][0] == "16")
    );
}

#[test]
fn ammo_from_zone_16_counts_the_distance_on_the_board() {
    let (value, code) = json(&[
        "vc", "ammo", "--ones", "2", "--from", "16", "--dice", "1,1", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["depleted"], 2);
}

// `vc melee` told by its zones: "A maximum of 8 SP may melee out of any building zone",
// the British hitting on 4+ out of the storehouse G; the club's adjacency named in a
// warning. 10 SP from G into F throw 8 dice, 4,4,4,4,3,3,3,3: 4 hits.
#[test]
fn melee_from_a_building_zone_is_read_off_the_board() {
    let (v, code) = json(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "british",
        "--from",
        "G=10",
        "--into",
        "F",
        "--cell",
        "zones_rorkes_drift:G:adjacent=F",
        "--dice",
        "4,4,4,4,3,3,3,3",
        "--json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"]["hits"], 4);
    assert_eq!(
        v["warnings"][0],
        "used club value for zones_rorkes_drift:G:adjacent"
    );
    // --into-building with no count is from one zone: 12 Zulu SP throw 8 dice.
    let (v, code) = json(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "zulu",
        "--sp",
        "12",
        "--into-building",
        "--dice",
        "6,6,6,6,6,6,6,6",
        "--json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"]["hits"], 8);
    // A --from that is not ZONE=SP is named.
    let out = crate::support::run(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "zulu",
        "--from",
        "G",
        "--into",
        "F",
        "--odds",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::support::stderr(&out).contains("--from: 'G' is not ZONE=SP"),
        "{}",
        crate::support::stderr(&out)
    );
}

// The victory functions on the command line (issue 20 item 10). Victory Conditions:
// "Hospital ... 6VP", "Kraal (zones A & B) ... 4VP", "The Final Redoubt (zone D) - 10VP",
// "Each VP unit is worth 1 VP": 6 + 4 + 10 + 2 = 22. "Zulu player earns 14 VPs" wins;
// "Eliminate British units until the total SP for all British units' falls below 10 SP".
#[test]
fn victory_points_and_the_victory_check_are_reachable() {
    let (v, code) = json(&[
        "vc",
        "victory-points",
        "--battle",
        "rorkes-drift",
        "--turn",
        "5",
        "--hospital",
        "--kraal-both",
        "--redoubt",
        "--vp-units-eliminated",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"]["total"], 22);
    let winner = |battle: &str, turn: &str, sp: &str, vp: &str| {
        let (v, code) = json(&[
            "vc",
            "victory",
            "--battle",
            battle,
            "--turn",
            turn,
            "--british-sp",
            sp,
            "--zulu-vp",
            vp,
            "--json",
        ]);
        assert_eq!(code, 0, "{v}");
        v["outcome"]["winner"].as_str().expect("winner").to_owned()
    };
    assert_eq!(winner("rorkes-drift", "5", "9", "0"), "zulu");
    assert_eq!(winner("rorkes-drift", "5", "10", "13"), "none");
    assert_eq!(winner("isandlwana", "16", "30", "13"), "british");
    // ALTERNATE VICTORY CONDITIONS: "27 to 19" SP surviving is a Zulu marginal victory.
    let (v, _) = json(&["vc", "alternate-victory", "--british-sp", "19", "--json"]);
    assert_eq!(v["outcome"]["level"], "zulu-marginal");
    // "his maximum on board strength allowance of 90 SP": 80 on the board, 35 lost — 10
    // may enter, 25 stay on the track.
    let (v, _) = json(&[
        "vc",
        "zulu-reentry",
        "--on-board-sp",
        "80",
        "--loss-track-sp",
        "35",
        "--json",
    ]);
    assert_eq!(
        (
            v["outcome"]["may_enter"].as_i64(),
            v["outcome"]["held"].as_i64()
        ),
        (Some(10), Some(25))
    );
}
