//! Command points measured on the table (`dba_zulu::situation::command`, `laager dba
//! command --layout ... --unit commander=ID --unit move-K=ID`): "an extra command point is
//! required if the base ( or formation ) is 12" beyond the commander's base in open terrain
//! or 6" beyond the commander's base if out of line of sight and/or in concealment terrain"
//! (Movement 1). At 15mm, 12" is 304.8 mm and 6" is 152.4 mm.

use super::charts;
use crate::support::{assert_refused, assert_refused_json, run, stdout};
use laager::dice::EnteredDice;
use laager::geometry::{Layout, file};
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::dba_zulu::{Command, CommandInput, situation};
use laager::rules::situation::{NoRecords, Roles};
use serde_json::{Value, json};
use std::path::PathBuf;

/// British regulars are 40 × 15 mm at 15mm: centres 100 mm apart along y leave 85 mm
/// between the nearest edges. G, the commander's base, at y = 100: N's nearest edge is
/// 85 mm away (within 6"), M's 185 mm (beyond 6", within 12"), F's 385 mm (beyond 12",
/// open), R's 385 mm too but in the rough at x 300–500. Z is a Zulu base.
const LAYOUT: &str = r#"{ "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
  "figure_scale_mm": 15, "table": { "preset": "3x2ft" },
  "units": [
    { "id": "G", "side": "british", "type": "british-regulars", "x": 100, "y": 100, "facing": 0 },
    { "id": "N", "side": "british", "type": "british-regulars", "x": 100, "y": 200, "facing": 0 },
    { "id": "M", "side": "british", "type": "british-regulars", "x": 100, "y": 300, "facing": 0 },
    { "id": "F", "side": "british", "type": "british-regulars", "x": 100, "y": 500, "facing": 0 },
    { "id": "R", "side": "british", "type": "british-regulars", "x": 400, "y": 500, "facing": 0 },
    { "id": "Z", "side": "zulu", "type": "zulus", "x": 700, "y": 300, "facing": 180 }
  ],
  "terrain": [
    { "id": "rocks", "kind": "rough", "polygon": [[300, 450], [500, 450], [500, 560], [300, 560]] }
  ] }"#;

fn layout() -> Layout {
    let report = file::read(LAYOUT, &charts());
    report
        .layout
        .unwrap_or_else(|| panic!("{:?}", report.errors))
}

fn roles(pairs: &[(&str, &str)]) -> Roles {
    Roles(
        pairs
            .iter()
            .map(|(r, id)| ((*r).to_owned(), (*id).to_owned()))
            .collect(),
    )
}

fn layout_file() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("command.json");
    std::fs::write(&path, LAYOUT).expect("write layout");
    (dir, path)
}

fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn the_table_decides_the_near_and_the_far_in_the_open_and_leaves_the_rest() {
    let input = situation::command(
        &charts(),
        &layout(),
        &NoRecords,
        &roles(&[
            ("commander", "G"),
            ("move-1", "N"),
            ("move-2", "M"),
            ("move-3", "F"),
            ("move-4", "R"),
        ]),
        CommandInput {
            roll: 6,
            ..CommandInput::default()
        },
    )
    .expect("all on the table");
    let marks: Vec<(Option<&str>, bool, bool)> = input
        .moves
        .iter()
        .map(|o| (o.base.as_deref(), o.far, o.out_of_sight))
        .collect();
    assert_eq!(
        marks,
        [
            (Some("N"), false, false),
            (Some("M"), false, false),
            (Some("F"), true, false),
            (Some("R"), false, false),
        ]
    );
    // N within 6": both decided off; M within 12": far decided off; F: far decided on.
    let decided = |field: &str| input.origins.at(field).map(|o| o.value.clone());
    assert_eq!(decided("/moves/0/far"), Some(json!(false)));
    assert_eq!(decided("/moves/0/out_of_sight"), Some(json!(false)));
    assert_eq!(decided("/moves/1/far"), Some(json!(false)));
    assert_eq!(decided("/moves/1/out_of_sight"), None);
    assert_eq!(decided("/moves/2/far"), Some(json!(true)));
    assert_eq!(decided("/moves/3/far"), None);
    // M (beyond 6") and R (beyond 12" but in the rough, not open) are the referee's.
    assert_eq!(input.origins.undecided.len(), 2, "{:?}", input.origins);
    assert!(input.origins.undecided[0].starts_with("M is 185 mm"));
    assert!(input.origins.undecided[1].contains("rough 'rocks'"));
    // One point each and the 12" point for F: 5.
    let r = Command::resolve(
        &charts(),
        &input,
        &mut EnteredDice::from_faces(&[]).expect("none"),
    )
    .expect("resolves");
    assert_eq!((r.outcome.cost, r.outcome.affordable), (5, true));
}

#[test]
fn the_orders_from_the_table_cost_what_the_same_orders_as_flags_cost() {
    let (_dir, path) = layout_file();
    let path = path.to_str().expect("utf-8");
    let by_flags = json_of(&[
        "dba",
        "command",
        "--roll",
        "4",
        "--move",
        "base",
        "--move",
        "base:far",
        "--move",
        "formation:line=5",
        "--json",
    ]);
    let by_table = json_of(&[
        "dba",
        "command",
        "--roll",
        "4",
        "--layout",
        path,
        "--unit",
        "commander=G",
        "--unit",
        "move-1=N",
        "--unit",
        "move-2=F",
        "--move",
        "formation:line=5",
        "--json",
    ]);
    // 1 + (1 + 1) + (1 + 1) = 5 against 4: not affordable.
    assert_eq!(
        by_table["outcome"],
        json!({"points": 4, "cost": 5, "affordable": false})
    );
    assert_eq!(by_table["outcome"], by_flags["outcome"]);
}

#[test]
fn a_call_given_wins_over_the_tables_and_a_step_says_so() {
    let (_dir, path) = layout_file();
    let path = path.to_str().expect("utf-8");
    let out = json_of(&[
        "dba",
        "command",
        "--roll",
        "6",
        "--layout",
        path,
        "--unit",
        "commander=G",
        "--unit",
        "move-1=N",
        "--beyond",
        "move-1=far",
        "--json",
    ]);
    assert_eq!(out["outcome"]["cost"], json!(2));
    let texts: Vec<&str> = out["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["text"].as_str())
        .collect();
    assert!(
        texts.iter().any(|t| t.starts_with("given by hand")
            && t.contains("N far on given by hand; the table gives off")),
        "{texts:#?}"
    );
}

#[test]
fn a_base_of_the_other_side_or_off_the_table_is_refused_as_bad_input() {
    let refuse = |pairs: &[(&str, &str)]| {
        situation::command(
            &charts(),
            &layout(),
            &NoRecords,
            &roles(pairs),
            CommandInput::default(),
        )
        .expect_err("refused")
    };
    // "The British player spends one command point to move a single base": his own.
    assert_refused(
        &refuse(&[("commander", "G"), ("move-1", "Z")]),
        RefusalKind::BadInput,
        "Movement",
    );
    assert_refused(
        &refuse(&[("commander", "G"), ("move-1", "nobody")]),
        RefusalKind::BadInput,
        "Movement",
    );
    assert_refused(
        &refuse(&[("move-1", "N")]),
        RefusalKind::BadInput,
        "Movement",
    );
    let (_dir, path) = layout_file();
    let out = run(&[
        "dba",
        "command",
        "--roll",
        "6",
        "--layout",
        path.to_str().expect("utf-8"),
        "--unit",
        "commander=G",
        "--unit",
        "move-1=Z",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_refused_json(
        &serde_json::from_str(&stdout(&out)).expect("json"),
        RefusalKind::BadInput,
        "Movement",
    );
}
