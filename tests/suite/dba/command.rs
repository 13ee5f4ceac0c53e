//! Command points ("Sequence of Events", "Movement", "Deployment") and victory
//! ("Victory Conditions").

use super::{charts, charts_with};
use laager::dice::EnteredDice;
use laager::rules::Procedure;
use laager::rules::dba_zulu::{Command, CommandInput, MoveOrder, Victory, VictoryInput};
use serde_json::json;

/// No dice: command and victory throw none (the command die is typed in the input).
fn no_dice() -> EnteredDice {
    EnteredDice::from_faces(&[]).expect("no faces")
}

fn cost(
    roll: u8,
    moves: &[&str],
    deploy: u32,
    repairs: u32,
) -> (serde_json::Value, serde_json::Value) {
    let situation = CommandInput {
        roll,
        moves: moves
            .iter()
            .map(|m| m.parse::<MoveOrder>().expect("order parses"))
            .collect(),
        deploy_formations: deploy,
        gatling_repairs: repairs,
        ..CommandInput::default()
    };
    let r = Command::resolve(&charts(), &situation, &mut no_dice()).expect("resolves");
    (json!(r.outcome.cost), json!(r.outcome.affordable))
}

#[test]
fn one_point_per_base_or_formation() {
    // "The British player spends one command point to move a single base ( or formation )".
    assert_eq!(
        cost(3, &["base", "base", "formation"], 0, 0),
        (json!(3), json!(true))
    );
}

#[test]
fn far_from_the_commander_costs_one_more() {
    // "an extra command point is required if the base ( or formation ) is 12" beyond the
    // commander's base in open terrain or 6" beyond ... if out of line of sight".
    assert_eq!(cost(6, &["base:far"], 0, 0), (json!(2), json!(true)));
    assert_eq!(
        cost(6, &["formation:out-of-sight"], 0, 0),
        (json!(2), json!(true))
    );
}

#[test]
fn long_lines_cost_extra() {
    // "Line formations made up of greater than 4 bases require an extra command point; if
    // greater than 8 bases, an addtional command point ( e.g. to move a line of 9 bases costs
    // 3 command points )".
    assert_eq!(cost(6, &["formation:line=4"], 0, 0).0, json!(1));
    assert_eq!(cost(6, &["formation:line=5"], 0, 0).0, json!(2));
    assert_eq!(cost(6, &["formation:line=8"], 0, 0).0, json!(2));
    assert_eq!(cost(6, &["formation:line=9"], 0, 0).0, json!(3));
    assert_eq!(cost(6, &["formation:far:line=9"], 0, 0).0, json!(4));
}

#[test]
fn deploying_a_zulu_formation_costs_two() {
    // "he may place one formation ... This costs 2 command points".
    assert_eq!(cost(4, &[], 2, 0), (json!(4), json!(true)));
    assert_eq!(cost(3, &[], 2, 0), (json!(4), json!(false)));
}

#[test]
fn a_gatling_repair_costs_one_per_gun() {
    // "A Gatling gun can be repaired on a roll of 6 at the cost of one command point. Each gun
    // must be paid for separately."
    assert_eq!(cost(1, &[], 0, 1), (json!(1), json!(true)));
    assert_eq!(cost(1, &["base"], 0, 1), (json!(2), json!(false)));
}

#[test]
fn orders_that_cannot_be_are_rejected() {
    assert!(
        "base:line=3".parse::<MoveOrder>().is_err(),
        "a line is a formation"
    );
    assert!("formation:far:out-of-sight".parse::<MoveOrder>().is_err());
    assert!("formation:far:far".parse::<MoveOrder>().is_err());
    assert!("column".parse::<MoveOrder>().is_err());
    assert!("formation:line=0".parse::<MoveOrder>().is_err());
    let bad_roll = CommandInput {
        roll: 7,
        ..CommandInput::default()
    };
    assert!(Command::resolve(&charts(), &bad_roll, &mut no_dice()).is_err());
}

fn victory(bases: u32, lost: u32, baggage_lost: u32) -> (serde_json::Value, serde_json::Value) {
    let r = Victory::resolve(
        &charts(),
        &VictoryInput {
            bases,
            lost,
            baggage_lost,
            ..VictoryInput::default()
        },
        &mut no_dice(),
    )
    .expect("resolves");
    (json!(r.outcome.lost_count), json!(r.outcome.defeated))
}

#[test]
fn a_third_or_more_lost_loses() {
    // "they have lost a third or more of their total bases": 4 of 12 loses, 3 does not.
    assert_eq!(victory(12, 4, 0), (json!(4), json!(true)));
    assert_eq!(victory(12, 3, 0), (json!(3), json!(false)));
    // 10 bases: 3 is less than a third (3.33), 4 is more.
    assert_eq!(victory(10, 3, 0), (json!(3), json!(false)));
    assert_eq!(victory(10, 4, 0), (json!(4), json!(true)));
}

#[test]
fn each_baggage_base_lost_counts_as_two() {
    // "these count as two bases lost for each baggage train base lost": 2 + 2x1 = 4 of 12.
    assert_eq!(victory(12, 2, 1), (json!(4), json!(true)));
    assert_eq!(victory(12, 0, 1), (json!(2), json!(false)));
}

#[test]
fn more_lost_than_held_is_refused() {
    assert!(
        Victory::resolve(
            &charts(),
            &VictoryInput {
                bases: 3,
                lost: 4,
                baggage_lost: 0,
                ..VictoryInput::default()
            },
            &mut no_dice(),
        )
        .is_err()
    );
    assert!(
        Victory::resolve(
            &charts(),
            &VictoryInput {
                bases: 0,
                lost: 0,
                baggage_lost: 0,
                ..VictoryInput::default()
            },
            &mut no_dice(),
        )
        .is_err()
    );
}

#[test]
fn a_club_fraction_with_no_denominator_is_refused_not_a_panic() {
    let charts = charts_with("victory_conditions:fraction-den=0");
    assert!(
        Victory::resolve(
            &charts,
            &VictoryInput {
                bases: 3,
                lost: 1,
                baggage_lost: 0,
                ..VictoryInput::default()
            },
            &mut no_dice(),
        )
        .is_err()
    );
}
