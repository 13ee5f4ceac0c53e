//! RALLYING (L168-L198): "throw one dice and consult the following table. The figure in the
//! table gives the minimum dice score required to rally. (NOTE: Units still in melee or under
//! cannister fire may not be rallied)." And BREAK (ROUT) (L166): "A breaking unit will lose
//! one dice x 10 fighting factors per move of rout."

use super::{mc_json, needs, odds_total, refused, resolved};
use serde_json::json;

fn rally(class: &str, command: &str, dice: &str) -> serde_json::Value {
    resolved(&[
        "rally",
        "--class",
        class,
        "--command",
        command,
        "--dice",
        dice,
    ])["outcome"]
        .clone()
}

// Levies with no command figure need 5 (L183): a 5 rallies, a 4 does not.
#[test]
fn levies_without_a_command_figure_need_a_5() {
    assert_eq!(rally("levies", "none", "5")["rallied"], json!(true));
    assert_eq!(rally("levies", "none", "4")["rallied"], json!(false));
    assert_eq!(rally("levies", "none", "4")["minimum"], json!(5));
}

// Irregulars with no command figure need 4 (L184).
#[test]
fn irregulars_without_a_command_figure_need_a_4() {
    assert_eq!(rally("irregular", "none", "4")["rallied"], json!(true));
    assert_eq!(rally("irregular", "none", "3")["rallied"], json!(false));
}

// 'Automatic ... Rally' (L188, L195): European regulars or fanatics with the C-in-C.
#[test]
fn european_regulars_with_the_c_in_c_rally_automatically() {
    let value = resolved(&[
        "rally",
        "--class",
        "european-regular-or-fanatic",
        "--command",
        "c-in-c",
        "--seed",
        "1",
    ]);
    assert_eq!(value["outcome"]["rallied"], json!(true));
    assert_eq!(value["rolls"], json!([]));
}

// "Units still in melee or under cannister fire may not be rallied" — refused before the
// table is read.
#[test]
fn no_rally_in_melee() {
    let refusal = refused(&[
        "rally",
        "--class",
        "levies",
        "--command",
        "none",
        "--in-melee",
        "--dice",
        "6",
    ]);
    assert!(needs(&refusal).is_empty());
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("melee")
    );
}

#[test]
fn no_rally_under_cannister_fire() {
    let refusal = refused(&[
        "rally",
        "--class",
        "irregular",
        "--command",
        "c-in-c",
        "--under-cannister",
        "--odds",
    ]);
    assert!(needs(&refusal).is_empty());
}

// Levies with no command: faces 5 and 6 of six rally.
#[test]
fn rally_odds_sum_to_one() {
    let (code, odds) = mc_json(&["rally", "--class", "levies", "--command", "none", "--odds"]);
    assert_eq!(code, Some(0));
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    assert!((odds["outcomes"][1]["probability"].as_f64().expect("p") - 2.0 / 6.0).abs() < 1e-12);
}

// A 4 thrown: 4 x 10 = 40 FF lost in the move of rout.
#[test]
fn a_routing_unit_loses_a_die_times_10() {
    let value = resolved(&["rout-loss", "--dice", "4"]);
    assert_eq!(value["outcome"]["ff_lost"], json!(40));
    let (_, odds) = mc_json(&["rout-loss", "--odds"]);
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
}
