//! Issue 21, numbers (deliver 5 and the rest of 9): every number is bounded where it enters
//! and the engine's arithmetic refuses instead of wrapping; non-finite distances and
//! imported values the command line would refuse are refused.

use crate::support::{assert_refused, run, stderr, stdout};
use laager::bounds::{MAX_FACTOR, MAX_STRENGTH};
use laager::charts::Charts;
use laager::dice::{DiceProcedure, EnteredDice, RollError};
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::{dba_zulu, micro_colonial as mc, soldiers_of_the_queen as sotq};
use serde_json::{Value, json};
use std::process::Output;

const I64_MAX: &str = "9223372036854775807";
const I64_MIN: &str = "-9223372036854775808";
const U32_MAX: &str = "4294967295";

fn assert_exit_2(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}{}", stdout(out));
    for needle in needles {
        assert!(err.contains(needle), "'{needle}' not in: {err}");
    }
}

// Issue 21: "`laager roll dba-opposed --a 9223372036854775807 --b 0 --dice 6,1` →
// a_total: -9223372036854775803".
#[test]
fn dba_opposed_roll_and_odds_refuse_a_factor_at_either_end_of_the_integers() {
    for (flag, value) in [("--a", I64_MAX), ("--a", I64_MIN), ("--b", I64_MAX)] {
        let (a, b) = if flag == "--a" {
            (value, "0")
        } else {
            ("0", value)
        };
        let args = ["dba-opposed", "--a", a, "--b", b];
        let out = run(&[&["roll"][..], &args, &["--dice", "6,1"]].concat());
        assert_exit_2(&out, &[flag, "a whole number from -1000 to 1000"]);
        let out = run(&[&["odds"][..], &args].concat());
        assert_exit_2(&out, &[flag, "a whole number from -1000 to 1000"]);
    }
}

#[test]
fn dba_opposed_help_states_the_factor_bounds() {
    let help = stdout(&run(&["roll", "dba-opposed", "--help"]));
    assert!(help.contains("-1000 to 1000"), "{help}");
}

#[test]
fn dba_opposed_at_the_bounds_still_adds_exactly() {
    // a: 6 + 1000 = 1006; b: 1 - 1000 = -999; a - b = 2005 (Combat - General).
    let out = run(&[
        "roll",
        "dba-opposed",
        "--a",
        "1000",
        "--b",
        "-1000",
        "--dice",
        "6,1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["outcome"]["a_total"], 1006);
    assert_eq!(v["outcome"]["b_total"], -999);
    assert_eq!(v["outcome"]["result"], 2005);
}

#[test]
fn dba_opposed_beyond_the_bounds_is_refused_by_the_engine_too() {
    for (a, b) in [(i64::MAX, 0), (i64::MIN, 0), (0, MAX_FACTOR + 1)] {
        let procedure = DiceProcedure::DbaOpposed { a, b };
        let mut dice = EnteredDice::parse("6,1").expect("dice");
        let refused = procedure.resolve(&mut dice, "");
        assert!(matches!(refused, Err(RollError::Invalid(_))), "{refused:?}");
        assert!(
            matches!(procedure.odds(), Err(RollError::Invalid(_))),
            "{a} {b}"
        );
    }
}

// Issue 21: "a chart combat factor of i64::MAX passes `tables check` and flips a combat".
#[test]
fn a_dba_combat_factor_of_the_largest_integer_is_refused_not_wrapped() {
    // The chart's domain refuses the value where it enters, naming the cell, so no combat
    // total can be summed from it.
    let mut charts = Charts::shipped().expect("charts");
    let cell = format!("troop_types:british-regulars:combat={I64_MAX}");
    let refused = charts
        .apply_cell_arg(laager::Ruleset::DbaZulu, &cell)
        .expect_err("outside the chart's domain");
    assert!(
        refused.contains("troop_types:british-regulars:combat"),
        "{refused}"
    );
    // The largest value the domain allows resolves: no total wraps.
    let max = format!("troop_types:british-regulars:combat={}", 20);
    charts
        .apply_cell_arg(laager::Ruleset::DbaZulu, &max)
        .expect("the domain's largest value");
    let input = dba_zulu::CombatInput::new(
        dba_zulu::CombatKind::Close,
        dba_zulu::TroopType::BritishRegulars,
        dba_zulu::TroopType::Zulus,
    );
    let mut dice = EnteredDice::parse("6,1").expect("dice");
    let resolution = dba_zulu::Combat::resolve(&charts, &input, &mut dice).expect("resolves");
    // a's total is its combat factor plus its die ("Combat - General"): 20 + 6 = 26.
    assert_eq!(resolution.outcome.a_total, 26);
}

// Issue 21: "Soldiers of the Queen fire strengths of 4294967295 sum to 4294967294".
#[test]
fn sotq_fire_refuses_strengths_beyond_the_bound_instead_of_summing_them() {
    let firer = format!("strength={U32_MAX},weapon=S,range=2,nationality=regular");
    let out = run(&[
        "sotq",
        "fire",
        "--game",
        "isandhlwana",
        "--firer",
        &firer,
        "--firer",
        &firer,
        "--target",
        "morale=B",
        "--seed",
        "1",
        "--json",
    ]);
    // Issue 36: the spec's strength is refused where it enters, by the strength's domain,
    // before any sum is made (the engine refuses one that reaches it another way: PART 10 A).
    assert_exit_2(
        &out,
        &[
            "--firer",
            "strength=4294967295",
            &format!("a whole number from 0 to {MAX_STRENGTH}"),
        ],
    );
    // A request that reaches the engine another way (a desk form, a logged request) with
    // such a strength is refused by PART 10 A's bound, before any sum is made.
    let firer = sotq::Firer {
        name: "A/1/24".to_owned(),
        strength: u32::MAX,
        weapon: "S".to_owned(),
        range: 2,
        nationality: sotq::Nationality::Regular,
        arm: sotq::Arm::Foot,
        mounted: false,
        limbered: false,
        moved: false,
        changed_formation: false,
        out_of_ammo: false,
        pinned: false,
        routed: false,
        rear: false,
        zoc_elsewhere: false,
    };
    let input = sotq::FireInput {
        game: sotq::Game::Isandhlwana,
        phase: sotq::Phase::Defensive,
        firers: vec![firer.clone(), firer],
        target: sotq::Target {
            units: vec![sotq::StackUnit {
                name: "uKhandempemvu".to_owned(),
                morale: Some(sotq::Morale::B),
                gun: false,
                zariba: false,
            }],
            ..sotq::Target::default()
        },
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    };
    let charts = Charts::shipped().expect("charts");
    let mut dice = EnteredDice::parse("1").expect("dice");
    let refused = sotq::Fire::resolve(&charts, &input, &mut dice).expect_err("refused");
    assert_refused(&refused, RefusalKind::BadInput, "PART 10 A");
    assert!(
        refused.reason.contains(&MAX_STRENGTH.to_string()),
        "{}",
        refused.reason
    );
}

#[test]
fn sotq_entry_refuses_an_order_or_hex_cost_beyond_its_bound() {
    for (flag, value, bound) in [
        ("--order", U32_MAX, "a whole number from 1 to 10000"),
        ("--hex-cost", U32_MAX, "a whole number from 0 to 1000"),
        ("--hex-cost", I64_MAX, "a whole number from 0 to 1000"),
    ] {
        let mut args = vec![
            "sotq",
            "entry",
            "--game",
            "isandhlwana",
            "--side",
            "zulu",
            "--order",
            "4",
        ];
        if flag == "--order" {
            args[7] = value;
            args.extend(["--hex-cost", "1"]);
        } else {
            args.extend([flag, value]);
        }
        assert_exit_2(&run(&args), &[flag, bound]);
    }
}

#[test]
fn sotq_entry_in_the_engine_refuses_what_the_flags_would() {
    let charts = Charts::shipped().expect("charts");
    let input = |order: u32, hex_cost: i64| {
        serde_json::from_value::<sotq::movement::EntryInput>(json!({
            "game": "isandhlwana", "side": "zulu", "order": order, "hex_cost": hex_cost,
        }))
        .expect("input")
    };
    let mut dice = EnteredDice::parse("").expect("dice");
    for (order, cost) in [(u32::MAX, 1), (4, i64::MAX), (4, i64::MIN)] {
        let refused = sotq::movement::Entry::resolve(&charts, &input(order, cost), &mut dice)
            .expect_err("bounded");
        assert_eq!(refused.kind, RefusalKind::BadInput, "{refused:?}");
    }
    // PART 15: the fourth unit pays 4 x the hex's cost: 4 x 1000 = 4000 at the bound.
    let paid = sotq::movement::Entry::resolve(&charts, &input(4, 1000), &mut dice).expect("mp");
    assert_eq!(paid.outcome.mp, 4000);
}

// PART 6 A: "Terrain costs are listed in the Terrain Effects Chart": an entry hex's cost is
// either typed or read from its terrain's row, never both. The engine refuses both, so the
// desk and `laager sotq entry --hex-cost 1 --terrain woods` are refused alike (the command
// line's flags once refused the pair by themselves).
#[test]
fn sotq_entry_refuses_a_hex_cost_and_a_terrain_together() {
    let charts = Charts::shipped().expect("charts");
    let both = serde_json::from_value::<sotq::movement::EntryInput>(json!({
        "game": "isandhlwana", "side": "zulu", "order": 1, "hex_cost": 1, "terrain": "woods",
    }))
    .expect("input");
    let mut dice = EnteredDice::parse("").expect("dice");
    let refused = sotq::movement::Entry::resolve(&charts, &both, &mut dice).expect_err("both");
    assert_refused(&refused, RefusalKind::BadInput, "PART 6 A");
    let out = run(&[
        "sotq",
        "entry",
        "--game",
        "isandhlwana",
        "--side",
        "zulu",
        "--order",
        "1",
        "--hex-cost",
        "1",
        "--terrain",
        "woods",
        "--json",
    ]);
    let value: Value = serde_json::from_str(&stdout(&out)).expect("json");
    crate::support::assert_refused_json(&value, RefusalKind::BadInput, "PART 6 A");
}

// Issue 21: "`mc charge --charge-mm inf` is eligible".
#[test]
fn mc_charge_refuses_infinite_distances_on_the_command_line() {
    for (flag, other) in [
        ("--charge-mm", "--target-mm"),
        ("--target-mm", "--charge-mm"),
    ] {
        for value in ["inf", "+inf", "NaN", "infinity"] {
            let out = run(&["mc", "charge", flag, value, other, "100"]);
            assert_exit_2(&out, &[flag, "not a distance"]);
        }
    }
}

#[test]
fn mc_charge_in_the_engine_refuses_non_finite_distances() {
    let charts = Charts::shipped().expect("charts");
    let mut dice = EnteredDice::parse("").expect("dice");
    for (charge_mm, target_mm) in [
        (f64::INFINITY, 100.0),
        (100.0, f64::INFINITY),
        (f64::NAN, 10.0),
        (1e300, 10.0),
    ] {
        let input = mc::charge::ChargeInput {
            moves_since_last_charge: None,
            pursuing: false,
            charge_mm,
            target_mm,
            volley_losses: 0,
            cause_during_move: false,
            origins: laager::rules::situation::Origins::default(),
        };
        let refused = mc::charge::Charge::resolve(&charts, &input, &mut dice).expect_err("inf");
        assert_refused(&refused, RefusalKind::BadInput, "CHARGING");
    }
}

#[test]
fn mc_flags_for_distances_refuse_infinity() {
    let out = run(&[
        "mc",
        "fire",
        "--range-mm",
        "inf",
        "--fire",
        "volley",
        "--weapon",
        "mle",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = run(&["mc", "artillery", "--range-mm", "inf"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

fn campaign_with_unit(unit: &Value) -> String {
    json!({
        "laager": "campaign", "format": 1, "name": "x",
        "settings": serde_json::to_value(laager::game::CampaignSettings::default()).expect("settings"),
        "games": [{
            "laager": "game", "format": 1, "ruleset": "dba-zulu", "name": "g", "layout": null,
            "events": [
                { "seq": 1, "event": { "kind": "unit_added", "unit": {
                    "unit_id": "u0", "name": "u0", "side": "british",
                    "troop_type": "british-regulars", "initial": 4, "present": 4 } } },
                { "seq": 2, "event": { "kind": "unit_added", "unit": unit } },
            ]
        }]
    })
    .to_string()
}

fn unit(side: &str, troop_type: &str, initial: u64) -> Value {
    json!({ "unit_id": "u1", "name": "u1", "side": side, "troop_type": troop_type,
            "initial": initial, "present": initial })
}

// Issue 21: "`campaign import` accepts ... values the CLI would refuse".
#[test]
fn campaign_import_refuses_a_strength_or_side_the_layout_would_refuse_naming_event_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (i, (unit, field, why)) in [
        (
            unit("zulu", "zulus", u64::from(u32::MAX)),
            "$.games[0].events[1].event.unit.initial",
            "100000",
        ),
        (
            unit(" ", "zulus", 4),
            "$.games[0].events[1].event.unit.side",
            "expected a side",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let json = dir.path().join(format!("c{i}.json"));
        std::fs::write(&json, campaign_with_unit(&unit)).expect("write");
        let out_file = dir.path().join(format!("c{i}.laager"));
        let out = run(&[
            "campaign",
            "import",
            json.to_str().expect("path"),
            out_file.to_str().expect("path"),
        ]);
        assert_exit_2(&out, &[field, why]);
        assert!(!out_file.exists(), "nothing is written on a refusal");
    }
    // The same document with values the layout takes imports.
    let json = dir.path().join("ok.json");
    std::fs::write(&json, campaign_with_unit(&unit("zulu", "zulus", 100_000))).expect("write");
    let out_file = dir.path().join("ok.laager");
    let out = run(&[
        "campaign",
        "import",
        json.to_str().expect("path"),
        out_file.to_str().expect("path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn campaign_import_refuses_a_loss_beyond_the_strength_bound_inside_an_edit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut doc: Value =
        serde_json::from_str(&campaign_with_unit(&unit("zulu", "zulus", 4))).expect("json");
    doc["games"][0]["events"]
        .as_array_mut()
        .expect("events")
        .push(json!({ "seq": 3, "event": { "kind": "edit", "edit": {
            "kind": "strength_changed", "unit_id": "u1", "amount": u32::MAX, "cause": "other" } } }));
    let json = dir.path().join("c.json");
    std::fs::write(&json, doc.to_string()).expect("write");
    let out = run(&[
        "campaign",
        "import",
        json.to_str().expect("path"),
        dir.path().join("c.laager").to_str().expect("path"),
    ]);
    assert_exit_2(&out, &["$.games[0].events[2].event.edit.amount", "100000"]);
}

#[test]
fn a_layout_strength_beyond_the_bound_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("l.json");
    let layout = json!({ "format": laager::geometry::file::FORMAT, "version": laager::geometry::file::VERSION,
        "table": { "preset": "6x4ft" },
        "units": [{ "id": "u", "side": "A", "x": 500, "y": 500, "facing": 0, "frontage": 40,
                    "depth": 15, "strength": MAX_STRENGTH + 1 }] });
    std::fs::write(&path, layout.to_string()).expect("write");
    let out = run(&["layout", "check", path.to_str().expect("path")]);
    assert_exit_2(
        &out,
        &[
            "units[0].strength",
            "expected a whole number from 0 to 100000",
        ],
    );
}

#[test]
fn dba_combat_with_a_combat_factor_of_the_largest_integer_exits_2_and_no_verdict() {
    let cell = format!("troop_types:british-regulars:combat={I64_MAX}");
    let out = run(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--a",
        "british-regulars",
        "--b",
        "zulus",
        "--cell",
        &cell,
        "--dice",
        "6,1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Refused at the cell's domain or by the checked total: never a wrapped verdict.
    assert!(!stdout(&out).contains("\"a_total\""), "{}", stdout(&out));
}
