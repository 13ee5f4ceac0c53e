//! One contract per procedure (issue 16): the same situation resolved through the CLI's
//! flags, through `--layout` with the units in their roles, and through the desk's form
//! gives the same resolution. The desk and `--layout` build the input with the same
//! engine function, so their JSON is identical; the flags give the same outcome and steps,
//! less the steps that say what the table decided.

use crate::support::{laager, stdout};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{LaagerApp, State};
use laager::resolution::Resolution;
use serde_json::Value;

/// 15 mm bases on a 3 × 2 ft table: the dragoons meet the Zulus front to front, partly in
/// rough ground; the NNC overlap the Zulus' flank (see tests/suite/app_dba_prefill.rs).
const LAYOUT: &str = r#"{
  "format": "laager-layout",
  "version": 1,
  "ruleset": "dba-zulu",
  "figure_scale_mm": 15,
  "table": { "preset": "3x2ft" },
  "units": [
    { "id": "uMbonambi", "side": "zulu", "type": "zulus", "x": 300, "y": 300, "facing": 180 },
    { "id": "dragoons", "side": "british", "type": "cavalry", "x": 300, "y": 277.5, "facing": 0 },
    { "id": "nnc 1", "side": "british", "type": "nnc", "x": 340, "y": 282.5, "facing": 0 },
    { "id": "24th 1", "side": "british", "type": "british-regulars", "x": 260, "y": 285, "facing": 0 }
  ],
  "terrain": [
    { "id": "rocks", "kind": "rough", "polygon": [[285, 250], [315, 250], [315, 275], [285, 275]] }
  ]
}"#;

fn cli_json(args: &[&str]) -> Value {
    let out = laager().args(args).output().expect("laager runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout(&out)).expect("json")
}

fn desk_resolution(path: &std::path::Path, a: &str, b: &str, faces: &str) -> Resolution {
    let app = LaagerApp::new(State::default(), Some(path.to_owned()));
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 2400.0));
    harness.run();
    harness.state_mut().canvas.selected = vec![a.to_owned(), b.to_owned()];
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "dice faces");
    field.focus();
    field.type_text(faces);
    harness.run();
    harness.get_by_label("Resolve").scroll_to_me();
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    harness
        .state()
        .desk
        .result
        .clone()
        .expect("resolved")
        .expect("not refused")
}

/// The steps that state what the table and records decided (the input's origins).
fn is_origin_step(step: &Value) -> bool {
    let text = step["text"].as_str().unwrap_or_default();
    [
        "from the table",
        "from the records",
        "given by hand",
        "left to the referee",
    ]
    .iter()
    .any(|p| text.starts_with(p))
}

#[test]
fn dba_combat_is_one_resolution_from_flags_layout_and_desk() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("overlap.json");
    std::fs::write(&path, LAYOUT).expect("layout written");
    let file = path.to_str().expect("utf-8 path");

    let from_layout = cli_json(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--layout",
        file,
        "--unit",
        "a=dragoons",
        "--unit",
        "b=uMbonambi",
        "--dice",
        "3,2",
        "--json",
    ]);
    let desk = serde_json::to_value(desk_resolution(&path, "dragoons", "uMbonambi", "3,2"))
        .expect("serialises");
    assert_eq!(desk, from_layout);

    // The same combat typed as flags: cavalry in rough against Zulus overlapped once.
    let from_flags = cli_json(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--a",
        "cavalry",
        "--b",
        "zulus",
        "--mod",
        "a:rough",
        "--mod",
        "b:overlaps=1",
        "--scale",
        "15mm",
        "--dice",
        "3,2",
        "--json",
    ]);
    assert_eq!(from_flags["outcome"], from_layout["outcome"]);
    let layout_steps: Vec<&Value> = from_layout["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter(|s| !is_origin_step(s))
        .collect();
    let flag_steps: Vec<&Value> = from_flags["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .collect();
    assert_eq!(flag_steps, layout_steps);
    // Cavalry +2 −2 (rough) +3 against Zulus +4 −1 (one overlap) +2: 3 against 5, and
    // cavalry are "Destroyed if beat by any and in rough".
    assert_eq!(from_layout["outcome"]["a_total"], 3);
    assert_eq!(from_layout["outcome"]["b_total"], 5);
    assert_eq!(from_layout["outcome"]["result"], "destroyed");
}

#[test]
fn a_flag_given_over_a_table_wins_and_a_step_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("overlap.json");
    std::fs::write(&path, LAYOUT).expect("layout written");
    let file = path.to_str().expect("utf-8 path");
    // The referee rules the dragoons clear of the rocks: `a:rough=0` clears the table's flag.
    let json = cli_json(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--layout",
        file,
        "--unit",
        "a=dragoons",
        "--unit",
        "b=uMbonambi",
        "--mod",
        "a:rough=0",
        "--dice",
        "3,2",
        "--json",
    ]);
    let given = json["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .find(|s| {
            s["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("given by hand"))
        })
        .expect("a step for the flag given by hand");
    assert!(
        given["text"]
            .as_str()
            .is_some_and(|t| t.contains("a:rough off given by hand; the table gives on")),
        "{given}"
    );
    // Cavalry +2 +3 = 5 against Zulus +4 −1 +2 = 5: equal, no result.
    assert_eq!(json["outcome"]["a_total"], 5);
    assert_eq!(json["outcome"]["b_total"], 5);
}
