//! The JSON forms of the foundation issue: resolution, refusal and odds, round-tripped.

use laager::Ruleset;
use laager::resolution::{
    Colour, Face, NeededCell, Odds, OddsEntry, Refusal, RefusalDocument, Resolution, Roll,
    RollSource, RuleRef, Step,
};
use laager::rules::AnyResolution;
use laager::rules::{Outcome, dba_zulu};
use serde_json::json;

fn sample() -> AnyResolution {
    let mut r = Resolution::<()>::new(Ruleset::DbaZulu, "combat", "abc123").with_outcome(
        Outcome::DbaZulu(dba_zulu::Outcome::Combat(dba_zulu::CombatOutcome {
            a_total: 0,
            b_total: 0,
            loser: None,
            result: dba_zulu::Fate::NoResult,
            jammed: Vec::new(),
            displace_mm: None,
            flee_mm: None,
            pursuit: None,
            pursuit_mm: None,
        })),
    );
    r.step(Step::valued(
        RuleRef::section(Ruleset::DbaZulu, "Combat - General"),
        "a rolls 4 and adds its combat factor +5",
        4,
        Some(json!(9)),
    ));
    r.rolls.push(Roll {
        source: RollSource::Seeded,
        seed: Some(42),
        faces: vec![
            Face {
                face: 4,
                colour: None,
            },
            Face {
                face: 2,
                colour: Some(Colour::Red),
            },
        ],
    });
    r.outcome = Outcome::DbaZulu(dba_zulu::Outcome::Combat(dba_zulu::CombatOutcome {
        a_total: 9,
        b_total: 4,
        loser: Some(dba_zulu::SideId::B),
        result: dba_zulu::Fate::Destroyed,
        jammed: Vec::new(),
        displace_mm: None,
        flee_mm: None,
        pursuit: Some(dba_zulu::PursuitResult::Must),
        pursuit_mm: Some(40.0),
    }));
    r.warn("used reconstructed cell x:y");
    r
}

#[test]
fn resolution_json_has_the_contract_keys_and_round_trips() {
    let r = sample();
    let value = serde_json::to_value(&r).expect("serialize");
    assert_eq!(value["ruleset"], "dba-zulu");
    assert_eq!(value["procedure"], "combat");
    assert_eq!(value["steps"][0]["value"], 4);
    assert_eq!(value["steps"][0]["total"], 9);
    assert_eq!(
        value["steps"][0]["rule"]["document"],
        "003_d01d2219af99fefb.txt"
    );
    assert_eq!(value["rolls"][0]["source"], "seeded");
    assert_eq!(value["rolls"][0]["seed"], 42);
    assert_eq!(
        value["rolls"][0]["faces"][0],
        json!({"face": 4, "colour": null})
    );
    assert_eq!(value["rolls"][0]["faces"][1]["colour"], "red");
    assert_eq!(value["outcome"]["loser"], "b");
    assert_eq!(value["outcome"]["result"], "destroyed");
    assert_eq!(value["outcome"]["displace_mm"], json!(null));
    assert_eq!(value["outcome"]["pursuit"], "must");
    assert_eq!(value["tables_hash"], "abc123");
    let back: AnyResolution = serde_json::from_value(value).expect("deserialize");
    assert_eq!(back, r);
}

#[test]
fn entered_roll_has_a_null_seed() {
    let roll = Roll {
        source: RollSource::Entered,
        seed: None,
        faces: vec![Face {
            face: 6,
            colour: Some(Colour::Black),
        }],
    };
    assert_eq!(
        serde_json::to_value(&roll).expect("serialize"),
        json!({"source": "entered", "seed": null, "faces": [{"face": 6, "colour": "black"}]})
    );
}

#[test]
fn refusal_json_is_wrapped_and_round_trips() {
    let refusal = Refusal {
        kind: laager::resolution::RefusalKind::NeedsCells,
        reason: "needs chart cells".to_owned(),
        rule: RuleRef::cell(
            Ruleset::MicroColonial,
            "SMALL ARMS FIRE",
            "small_arms_target_factors",
            "small_arms_target_factors:101-200:in-cover",
        ),
        needs_cells: vec![NeededCell {
            chart: "small_arms_target_factors".to_owned(),
            key: vec!["101-200".to_owned(), "in-cover".to_owned()],
        }],
        needs_charts: Vec::new(),
        partial_steps: Vec::new(),
        formula: None,
    };
    let value = refusal.to_json();
    // A refusal with nothing worked keeps the documented form: no partial keys.
    assert_eq!(
        value["refusal"]
            .as_object()
            .map(|o| o.keys().cloned().collect::<Vec<_>>()),
        Some(vec![
            "kind".to_owned(),
            "needs_cells".to_owned(),
            "reason".to_owned(),
            "rule".to_owned()
        ])
    );
    assert_eq!(
        value["refusal"]["needs_cells"][0]["key"],
        json!(["101-200", "in-cover"])
    );
    assert_eq!(
        value["refusal"]["rule"]["chart"],
        "small_arms_target_factors"
    );
    let back: RefusalDocument = serde_json::from_value(value).expect("deserialize");
    assert_eq!(back.refusal, refusal);
}

#[test]
fn odds_json_round_trips() {
    let odds = Odds {
        outcomes: vec![
            OddsEntry {
                value: json!(false),
                probability: 0.25,
            },
            OddsEntry {
                value: json!(true),
                probability: 0.75,
            },
        ],
    };
    let value = serde_json::to_value(&odds).expect("serialize");
    assert_eq!(
        value,
        json!({"outcomes": [{"value": false, "probability": 0.25}, {"value": true, "probability": 0.75}]})
    );
    let back: Odds = serde_json::from_value(value).expect("deserialize");
    assert_eq!(back, odds);
    assert!((back.total() - 1.0).abs() < 1e-12);
}
