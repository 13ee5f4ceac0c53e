//! One contract per procedure (issue 16), the basic game's procedures the table reached
//! last: the jam check, pursuit, the initiative test and the Loss table, each read from a
//! table with `--unit ROLE=ID` by the engine's `micro_colonial::situation`; a flag given
//! wins, and a step says so; what the table cannot give is the referee's, named.
//!
//! The tables: tests/fixtures/mc_situation.json (see `mc_contract`) and, for a prepared
//! position, tests/fixtures/rd_situation.json (Sec 3 inside the storehouse).

use crate::mc2::situation::{game_on, layout, roles};
use crate::support::{assert_refused, assert_refused_json, run, stderr, stdout};
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::charge::{Pursuer, Pursuit, PursuitInput};
use laager::rules::micro_colonial::jam::{Crew, JamInput};
use laager::rules::micro_colonial::situation;
use laager::rules::situation::{Origins, Source};
use serde_json::{Value, json};

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json_of(args: &[&str]) -> (Option<i32>, Value) {
    let out = run(args);
    let text = stdout(&out);
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{args:?}: no JSON ({e}): {text} {}", stderr(&out)));
    (out.status.code(), value)
}

fn steps(value: &Value) -> String {
    value["steps"].to_string()
}

/// The situation fixture with N/5 RA's crew recorded as Fanatics, written to `dir`.
fn fanatic_gun_table(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string(fixture("mc_situation.json")).expect("fixture");
    let mut value: Value = serde_json::from_str(&text).expect("json");
    for unit in value["units"].as_array_mut().expect("units") {
        if unit["id"] == "N/5 RA" {
            unit["class"] = json!("fanatic");
        }
    }
    let path = dir.join("fanatic_gun.json");
    std::fs::write(&path, value.to_string()).expect("written");
    path.display().to_string()
}

// MACHINE GUNS AND GATLING GUNS, with "NATIVES In the rules, natives will be referred to
// as either Fanatic or Levy": a gun whose record says Fanatic has a native crew. B3,R3 is 0:
// Table 3's row -1/0 reads -10 for native crews and -5 for regular ones (the shipped,
// reconstructed cells). The records' native crew gives -10 like `--crew native`; the
// referee's `--crew regular` wins, -5, and a step says so.
#[test]
fn a_fanatic_guns_crew_is_native_and_a_crew_given_wins() {
    let dir = tempfile::tempdir().expect("tempdir");
    let table = fanatic_gun_table(dir.path());
    let base = ["mc", "jam", "--layout", &table, "--unit", "gun=N/5 RA"];
    let mut from_table = base.to_vec();
    from_table.extend(["--dice", "B3,R3", "--json"]);
    let (code, value) = json_of(&from_table);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["penalty"], json!(-10));
    assert!(steps(&value).contains("crew native"), "{value}");
    let (_, typed) = json_of(&["mc", "jam", "--crew", "native", "--dice", "B3,R3", "--json"]);
    assert_eq!(value["outcome"], typed["outcome"]);

    let mut by_hand = base.to_vec();
    by_hand.extend(["--crew", "regular", "--dice", "B3,R3", "--json"]);
    let (_, value) = json_of(&by_hand);
    assert_eq!(value["outcome"]["penalty"], json!(-5));
    assert!(
        steps(&value).contains("crew regular given by hand; the records give native"),
        "{value}"
    );
}

// A gun whose record names no class leaves its crew to the referee: without --crew the
// command exits 2 naming it; an infantry counter throws no jam check ("throw a random
// factor per gun"): bad input by MACHINE GUNS AND GATLING GUNS.
#[test]
fn a_jam_check_needs_a_gun_and_its_crew() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let game = game_on(&table, &charts);
    let base = JamInput {
        crew: Crew::Regular,
        origins: Origins::default(),
    };
    let input = situation::jam(
        &table,
        game.state(),
        &roles(&[("gun", "N/5 RA")]),
        base.clone(),
        &[],
    )
    .expect("builds");
    assert!(input.origins.at("/crew").is_none());
    assert!(
        input.origins.undecided[0].contains("crew"),
        "{:?}",
        input.origins
    );
    let out = run(&[
        "mc",
        "jam",
        "--layout",
        &fixture("mc_situation.json"),
        "--unit",
        "gun=N/5 RA",
        "--odds",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not given: --crew")
            && stderr(&out).contains("the table and its records do not give it"),
        "{}",
        stderr(&out)
    );
    let refusal = situation::jam(
        &table,
        game.state(),
        &roles(&[("gun", "1/24 A")]),
        base,
        &[],
    )
    .expect_err("an infantry counter");
    assert_refused(
        &refusal,
        RefusalKind::BadInput,
        "MACHINE GUNS AND GATLING GUNS",
    );
}

// PURSUIT: "Pursuit of a breaking unit is automatic for the first move, except for
// Infantry units in prepared positions, who need not pursue" ("prepared positions will
// comprise of ... 1. Buildings or redoubts"). In the first round Sec 3, an infantry counter
// inside the storehouse, need not pursue; Sec 1, in the open, must. Both are European
// regulars: "other" pursuers.
#[test]
fn infantry_in_a_building_need_not_pursue_in_the_first_round() {
    let rd = fixture("rd_situation.json");
    let pursue = |id: &str| {
        json_of(&[
            "mc",
            "pursuit",
            "--round",
            "1",
            "--layout",
            &rd,
            "--unit",
            &format!("pursuer={id}"),
            "--dice",
            "3",
            "--json",
        ])
    };
    let (code, inside) = pursue("Sec 3");
    assert_eq!(code, Some(0), "{inside}");
    assert_eq!(inside["outcome"]["pursuit"], json!("need-not"));
    assert!(
        steps(&inside).contains("infantry counter on storehouse: a prepared position"),
        "{inside}"
    );
    let (_, typed) = json_of(&[
        "mc",
        "pursuit",
        "--round",
        "1",
        "--pursuer",
        "other",
        "--infantry-in-prepared-position",
        "--dice",
        "3",
        "--json",
    ]);
    assert_eq!(inside["outcome"], typed["outcome"]);
    let (_, open) = pursue("Sec 1");
    assert_eq!(open["outcome"]["pursuit"], json!("must"));
}

// "On the second and subsequent round of pursuit all natives and irregular troops must
// throw one dice: 1-2-3-4 - they must continue the pursuit": a Fanatic regiment is native
// and throws (4: continue); the referee's --pursuer other wins (not compelled: may break
// off) and a step says so; a pursued unit its record does not show broken is named.
#[test]
fn a_fanatic_pursuer_is_native_and_a_pursuer_given_wins() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let game = game_on(&table, &charts);
    let base = PursuitInput {
        pursuer: Pursuer::Other,
        round: 2,
        infantry_in_prepared_position: false,
        origins: Origins::default(),
    };
    let pair = roles(&[("pursuer", "uNodwengu 1"), ("pursued", "1/24 A")]);
    let input = situation::pursuit(&table, game.state(), &pair, base).expect("builds");
    assert_eq!(input.pursuer, Pursuer::Native);
    assert_eq!(
        input.origins.at("/pursuer").map(|o| o.source),
        Some(Source::Records)
    );
    assert!(
        input
            .origins
            .undecided
            .iter()
            .any(|u| u.contains("not broken")),
        "{:?}",
        input.origins
    );
    let mut dice = EnteredDice::parse("4").expect("dice");
    let resolution = Pursuit::resolve(&charts, &input, &mut dice).expect("resolves");
    assert_eq!(
        serde_json::to_value(resolution.outcome).expect("json")["pursuit"],
        json!("continue")
    );
    let (code, value) = json_of(&[
        "mc",
        "pursuit",
        "--round",
        "2",
        "--layout",
        &fixture("mc_situation.json"),
        "--unit",
        "pursuer=uNodwengu 1",
        "--pursuer",
        "other",
        "--dice",
        "4",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["pursuit"], json!("may-break-off"));
    assert!(
        steps(&value).contains("pursuer other given by hand; the records give native"),
        "{value}"
    );
    // A table without the pursuer's role is bad input by PURSUIT.
    let (code, value) = json_of(&[
        "mc",
        "pursuit",
        "--round",
        "2",
        "--layout",
        &fixture("mc_situation.json"),
        "--unit",
        "pursued=1/24 A",
        "--dice",
        "4",
        "--json",
    ]);
    assert_eq!(code, Some(2), "{value}");
    assert_refused_json(&value, RefusalKind::BadInput, "PURSUIT");
}

// APPENDIX 2 SUB COMMANDERS: "Where these figures are fielded each may alter the game
// orders for a unit by taking an initiative test": an infantry counter is no such figure
// (bad input); a commander's counter takes the test, whether it is a sub-commander rather
// than the C-in-C named as the referee's in the first step.
#[test]
fn the_initiative_test_is_a_commanders() {
    let rd = fixture("mc_situation.json");
    let (code, value) = json_of(&[
        "mc",
        "initiative",
        "--layout",
        &rd,
        "--unit",
        "sub-commander=1/24 A",
        "--dice",
        "4",
        "--json",
    ]);
    assert_eq!(code, Some(2), "{value}");
    assert_refused_json(&value, RefusalKind::BadInput, "APPENDIX 2 SUB COMMANDERS");
    let (code, value) = json_of(&[
        "mc",
        "initiative",
        "--layout",
        &rd,
        "--unit",
        "sub-commander=Durnford",
        "--dice",
        "2",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["initiative"], json!("carry-on"));
    assert!(
        value["steps"][0]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("left to the referee") && t.contains("C-in-C")),
        "{value}"
    );
}

// MORALE CALCULATION: "From the Loss table ... determine the unit's loss factor, using the
// unit's initial and present fighting factors": the records give 1/24 A's IF 100 and PF 100;
// a PF given by hand wins and a step says so; a unit with nothing left is refused ("a unit
// with no fighting factors left takes no morale test").
#[test]
fn the_loss_table_reads_the_records_strengths_and_a_flag_wins() {
    let table = fixture("mc_situation.json");
    let base = [
        "mc",
        "loss-factor",
        "--layout",
        table.as_str(),
        "--unit",
        "unit=1/24 A",
    ];
    let mut typed = base.to_vec();
    typed.extend(["--present-ff", "60", "--json"]);
    let (code, value) = json_of(&typed);
    assert_eq!(code, Some(0), "{value}");
    assert!(
        steps(&value).contains("PF 60 given by hand; the records give 100"),
        "{value}"
    );
    assert!(steps(&value).contains("IF 100"), "{value}");
    let mut none = base.to_vec();
    none.extend(["--present-ff", "0", "--json"]);
    let (code, value) = json_of(&none);
    assert_eq!(code, Some(2), "{value}");
    assert_refused_json(&value, RefusalKind::NotAllowed, "MORALE CALCULATION");
    // Without a table both are needed, named with the role that would give them.
    let out = run(&["mc", "loss-factor"]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert!(
        said.contains("--initial-ff N, --present-ff N") && said.contains("--unit unit=ID"),
        "{said}"
    );
}
