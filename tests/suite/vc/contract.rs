//! The typed contract of the Victoria Cross procedures: a request written as JSON reads back
//! as the same request, a resolution's JSON reads back with its typed outcome, the CLI and
//! the engine's `Request::resolve_with` (the desk's path) give one resolution, and the
//! outcome keys present only sometimes are absent, not null, when they do not apply.

use super::{charts, charts_with, no_dice, typed};
use crate::support::{run, stdout};
use laager::dice::DiceChoice;
use laager::resolution::RefusalKind;
use laager::rules::AnyResolution;
use laager::rules::situation::Origins;
use laager::rules::victoria_cross::{
    self as vc, AmmoInput, AmmoSituation, Battle, Direction, FireInput, FireSituation,
    SolitaireMove, VictoryCheck, Winner, ZoneFire,
};
use laager::rules::{Outcome, Procedure, Request};
use serde_json::{Value, json};

fn cli_json(args: &[&str]) -> Value {
    let output = run(args);
    assert!(output.status.success(), "{args:?}");
    serde_json::from_str(&stdout(&output)).expect("json")
}

fn fire_request() -> Request {
    Request::VictoriaCross(vc::Request::Fire(FireInput::AtRange(FireSituation::new(
        Battle::Isandlwana,
        5,
        2,
    ))))
}

#[test]
fn a_request_is_written_with_its_ruleset_procedure_and_input_and_reads_back() {
    let request = fire_request();
    let value = serde_json::to_value(&request).expect("serialises");
    assert_eq!(value["ruleset"], "victoria-cross");
    assert_eq!(value["procedure"], "fire");
    assert_eq!(value["input"]["at-range"]["battle"], "isandlwana");
    assert_eq!(value["input"]["at-range"]["range"], 2);
    let back: Request = serde_json::from_value(value).expect("reads back");
    assert_eq!(back, request);
}

#[test]
fn a_request_with_only_the_fields_it_needs_reads_with_the_defaults() {
    let value = json!({
        "ruleset": "victoria-cross",
        "procedure": "fire",
        "input": {"from-board": {"battle": "isandlwana", "from": "16", "to": "12", "sp": 5}}
    });
    let request: Request = serde_json::from_value(value).expect("reads");
    let Request::VictoriaCross(vc::Request::Fire(FireInput::FromBoard(s))) = request else {
        panic!("a fire from the board: {request:?}");
    };
    assert_eq!(
        s,
        ZoneFire {
            battle: Battle::Isandlwana,
            from: "16".to_owned(),
            to: "12".to_owned(),
            sp: 5,
            night: false,
            friendly: Vec::new(),
            walls_crossed: 0,
            zone_before_wall: false,
            origins: Origins::default(),
        }
    );
    let unknown = json!({
        "ruleset": "victoria-cross",
        "procedure": "hospital",
        "input": {"track": 1, "zulu_melee_on_hospital": true, "burning": true}
    });
    assert!(serde_json::from_value::<Request>(unknown).is_err());
}

// The CLI prints what the engine's path resolves: one resolution, whichever front end.
#[test]
fn the_cli_and_the_engine_give_one_resolution() {
    let cli = cli_json(&[
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
    let engine = fire_request()
        .resolve_with(&charts(), &DiceChoice::Typed("1,1,3,5,6".to_owned()))
        .expect("resolves");
    assert_eq!(serde_json::to_value(&engine).expect("serialises"), cli);
}

#[test]
fn a_resolution_read_back_has_its_typed_outcome() {
    for command in [
        "fire --battle isandlwana --sp 5 --range 2 --seed 3",
        "fire --battle isandlwana --sp 5 --from 16 --to 12 --friendly 17 --seed 7",
        "volley --battle rorkes-drift --sp 4 --seed 3",
        "ammo --ones 2 --from 16 --dice 1,1",
        "random-fire --battle rorkes-drift --seed 5",
        "melee --battle isandlwana --side zulu --sp 30 --seed 9",
        "hospital --track 3 --dice 6",
    ] {
        let mut args = vec!["vc"];
        args.extend(command.split(' '));
        args.push("--json");
        let value = cli_json(&args);
        let resolution: AnyResolution = serde_json::from_value(value.clone()).expect("reads back");
        assert!(
            matches!(resolution.outcome, Outcome::VictoriaCross(_)),
            "{args:?}: {:?}",
            resolution.outcome
        );
        assert_eq!(serde_json::to_value(&resolution).expect("json"), value);
    }
}

#[test]
fn an_outcome_of_another_shape_does_not_read_as_the_procedures() {
    let value = json!({
        "ruleset": "victoria-cross", "procedure": "hospital", "steps": [], "rolls": [],
        "outcome": {"hits": 2}, "warnings": [], "tables_hash": "x"
    });
    assert!(serde_json::from_value::<AnyResolution>(value).is_err());
}

// Keys present only sometimes are left out when they do not apply.
#[test]
fn sometimes_keys_are_absent_when_they_do_not_apply() {
    let stay = SolitaireMove {
        adjacent_to_british: true,
        ..SolitaireMove::default()
    };
    let r = vc::SolitaireMovement::resolve(&charts(), &stay, &mut no_dice()).expect("stays");
    assert_eq!(r.outcome.direction, Direction::Stay);
    assert_eq!(
        serde_json::to_value(r.outcome).expect("json"),
        json!({"direction": "stay"})
    );
    let s = VictoryCheck {
        battle: Battle::RorkesDrift,
        turn: 5,
        british_sp: 20,
        zulu_vp: 3,
        origins: Origins::default(),
    };
    let r = vc::Victory::resolve(&charts(), &s, &mut no_dice()).expect("resolves");
    assert_eq!(r.outcome.winner, Winner::None);
    assert_eq!(
        serde_json::to_value(r.outcome).expect("json"),
        json!({"winner": "none"})
    );
}

// BRITISH ADVANTAGE: "consider Zones 14, 15, and 23 laagered"; "No ammo depletion is
// possible for British units in these zones": the odds say so too, as the roll does.
#[test]
fn a_laagered_zones_ammunition_odds_are_no_depletion() {
    let on = charts_with(&["settings:british_laager_camp=on"]);
    let input = AmmoInput::FromBoard(vc::ZoneAmmo {
        from: "14".to_owned(),
        ones: 2,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    });
    let odds = vc::Ammo::odds(&on, &input)
        .expect("throws dice")
        .expect("odds");
    assert!((odds.probability(&0.into()) - 1.0).abs() < 1e-12);
    let r = vc::Ammo::resolve(&on, &input, &mut no_dice()).expect("resolves");
    assert_eq!(r.outcome.depleted, 0);
}

// Typed dice left over are the dice's fault, named for the whole request.
#[test]
fn typed_faces_left_over_are_refused_as_bad_dice() {
    let request = Request::VictoriaCross(vc::Request::Ammo(AmmoInput::AtDistance(AmmoSituation {
        ones: 1,
        distance: 2,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    })));
    let refusal = request
        .resolve_with(&charts(), &DiceChoice::Typed("1,2".to_owned()))
        .expect_err("one face too many");
    assert_eq!(refusal.kind, RefusalKind::BadDice);
    let r = vc::Ammo::resolve(
        &charts(),
        &AmmoInput::AtDistance(AmmoSituation {
            ones: 1,
            distance: 2,
            markable_units: None,
            origins: laager::rules::situation::Origins::default(),
        }),
        &mut typed("1"),
    )
    .expect("resolves");
    assert_eq!(r.outcome.depleted, 1);
}
