//! CHARGING (L130), PURSUIT (L131) and APPENDIX 2 SUB COMMANDERS (L216).

use super::{mc_json, odds_total, refused, resolved};
use serde_json::json;

fn charge(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["charge"];
    all.extend_from_slice(args);
    resolved(&all)["outcome"].clone()
}

// "A unit may charge once in every three moves, except when it is pursuing a unit which it
// has broken, or which is evading it."
#[test]
fn a_unit_that_charged_two_moves_ago_may_not_charge() {
    let base = [
        "--charge-mm",
        "200",
        "--target-mm",
        "150",
        "--moves-since-last-charge",
    ];
    assert_eq!(
        charge(&[&base[..], &["2"]].concat())["eligible"],
        json!(false)
    );
    assert_eq!(
        charge(&[&base[..], &["3"]].concat())["eligible"],
        json!(true)
    );
    assert_eq!(
        charge(&[&base[..], &["1", "--pursuing"]].concat())["eligible"],
        json!(true)
    );
}

// "A unit may not initiate a charge unless its target is within its charge distance at the
// beginning of its move, taking into account any loss from volley fire effect": 200 - 60 =
// 140 mm of reach, so a target at 150 mm is out of reach.
#[test]
fn volley_losses_shorten_the_charge_reach() {
    let outcome = charge(&[
        "--charge-mm",
        "200",
        "--target-mm",
        "150",
        "--volley-losses",
        "60",
    ]);
    assert_eq!(outcome["eligible"], json!(false));
    assert_eq!(outcome["reach_mm"], json!(140.0));
}

// "If a cause does occur, the test will be taken when the unit is 20 mm from its target."
#[test]
fn a_cause_during_the_charge_tests_at_20_mm() {
    let outcome = charge(&[
        "--charge-mm",
        "200",
        "--target-mm",
        "150",
        "--cause-during-move",
    ]);
    assert_eq!(outcome["morale_test_at_mm"], json!(20));
    let calm = charge(&["--charge-mm", "200", "--target-mm", "150"]);
    assert_eq!(calm["morale_test_at_mm"], json!(null));
}

// "Pursuit of a breaking unit is automatic for the first move, except for Infantry units in
// prepared positions, who need not pursue."
#[test]
fn pursuit_is_automatic_the_first_move() {
    let v = resolved(&[
        "pursuit",
        "--pursuer",
        "native",
        "--round",
        "1",
        "--dice",
        "6",
    ]);
    assert_eq!(v["outcome"]["pursuit"], json!("must"));
    let p = resolved(&[
        "pursuit",
        "--pursuer",
        "other",
        "--round",
        "1",
        "--infantry-in-prepared-position",
        "--seed",
        "1",
    ]);
    assert_eq!(p["outcome"]["pursuit"], json!("need-not"));
}

// "On the second and subsequent round of pursuit all natives and irregular troops must throw
// one dice: 1-2-3-4 they must continue the pursuit; 5 or 6 they may break off."
#[test]
fn natives_break_off_on_5_or_6_from_the_second_round() {
    let go = resolved(&[
        "pursuit",
        "--pursuer",
        "native",
        "--round",
        "2",
        "--dice",
        "4",
    ]);
    assert_eq!(go["outcome"]["pursuit"], json!("continue"));
    let stop = resolved(&[
        "pursuit",
        "--pursuer",
        "irregular",
        "--round",
        "3",
        "--dice",
        "5",
    ]);
    assert_eq!(stop["outcome"]["pursuit"], json!("may-break-off"));
    let (_, odds) = mc_json(&["pursuit", "--pursuer", "native", "--round", "2", "--odds"]);
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
}

#[test]
fn round_zero_of_pursuit_is_refused() {
    refused(&[
        "pursuit",
        "--pursuer",
        "native",
        "--round",
        "0",
        "--dice",
        "4",
    ]);
}

// "Throw one dice: 1 or 2 the unit must carry on with its initial orders where possible; 3 to
// 6 the officer may change the orders as required."
#[test]
fn a_sub_commander_may_change_orders_on_3_to_6() {
    let carry = resolved(&["initiative", "--dice", "2"]);
    assert_eq!(carry["outcome"]["initiative"], json!("carry-on"));
    let change = resolved(&["initiative", "--dice", "3"]);
    assert_eq!(change["outcome"]["initiative"], json!("may-change"));
    let (_, odds) = mc_json(&["initiative", "--odds"]);
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
}
