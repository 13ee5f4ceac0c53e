//! MACHINE GUNS AND GATLING GUNS (L121): a random factor per gun against Small Arms Table 3
//! by crew — "Any plus result means that the gun is fully operational during the move. The
//! minus figures in the table indicate a partial jam ... Where 'JAM' is indicated the gun is
//! out of action for the whole of that move."

use super::{mc_json, odds_total, resolved};
use serde_json::json;

fn jam(crew: &str, dice: &str) -> serde_json::Value {
    resolved(&["jam", "--crew", crew, "--dice", dice])["outcome"].clone()
}

// 6 - 1 = +5: "Any plus result means that the gun is fully operational".
#[test]
fn a_plus_random_factor_leaves_the_gun_operational() {
    let outcome = jam("native", "B6,R1");
    assert_eq!(outcome["state"], json!("operational"));
    assert_eq!(outcome["penalty"], json!(0));
}

// 3 - 3 = 0: row 0/-1, regular crews -5 (reconstructed, '-s' L667): a partial jam.
#[test]
fn a_nil_random_factor_is_a_partial_jam_for_regular_crews() {
    let outcome = jam("regular", "B3,R3");
    assert_eq!(outcome["state"], json!("partial"));
    assert_eq!(outcome["penalty"], json!(-5));
}

// 1 - 3 = -2: row -2/-3, regular crews -10, naval crews JAM (L671-L673).
#[test]
fn minus_two_is_minus_ten_for_regulars_and_a_jam_for_naval_crews() {
    assert_eq!(jam("regular", "B1,R3")["penalty"], json!(-10));
    let naval = jam("naval", "B1,R3");
    assert_eq!(naval["state"], json!("jammed"));
    assert_eq!(naval["penalty"], json!(null));
}

// 1 - 6 = -5: row -4/-5 is JAM for every crew (L675-L678).
#[test]
fn minus_five_jams_every_crew() {
    for crew in ["regular", "naval", "native"] {
        assert_eq!(jam(crew, "B1,R6")["state"], json!("jammed"), "{crew}");
    }
}

// A club's figure for a cell replaces the reconstructed one, with a warning.
#[test]
fn a_club_figure_for_a_cell_is_used() {
    let value = resolved(&[
        "jam",
        "--crew",
        "regular",
        "--dice",
        "B2,R2",
        "--cell",
        "machine_gun_jams:-1-0:regular=-8",
    ]);
    assert_eq!(value["outcome"]["penalty"], json!(-8));
}

// Native crews: plus 15/36 operational; 0 and -1 (11/36) -10; -2 and below (10/36) JAM.
#[test]
fn jam_odds_for_native_crews_sum_to_one() {
    let (code, odds) = mc_json(&["jam", "--crew", "native", "--odds"]);
    assert_eq!(code, Some(0));
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    let p = |label: &str| {
        odds["outcomes"]
            .as_array()
            .expect("outcomes")
            .iter()
            .find(|o| o["value"] == json!(label))
            .and_then(|o| o["probability"].as_f64())
            .expect("label")
    };
    assert!((p("operational") - 15.0 / 36.0).abs() < 1e-12);
    assert!((p("partial -10") - 11.0 / 36.0).abs() < 1e-12);
    assert!((p("jammed") - 10.0 / 36.0).abs() < 1e-12);
}

#[test]
fn a_seeded_jam_check_resolves() {
    let value = resolved(&["jam", "--crew", "regular", "--seed", "11"]);
    assert!(value["outcome"]["state"].is_string());
}

// The jam's minus figure comes off the gun's final result: 20 - 10 + 2 - 5 = 7.
#[test]
fn a_partial_jam_comes_off_the_guns_fire() {
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
