//! One contract per procedure (issue 16): the same situation resolved through the CLI's
//! flags, through `--layout` with the units in their roles, and through the engine's own
//! path (`situation` then `Request::resolve_with`, which the desk calls: its side is in
//! app-tests/tests/app/app_contract.rs) gives the same resolution. `--layout` and the
//! engine's path build the input with the same function, so their JSON is identical; the
//! flags give the same outcome and steps, less the steps that say what the table decided.

use crate::support::{laager, stdout};
use laager::charts::Charts;
use laager::dice::DiceChoice;
use laager::geometry::file;
use laager::rules::situation::{NoRecords, Roles};
use laager::rules::{Request, dba_zulu};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The dragoons meet the Zulus front to front, partly in rough ground; the NNC overlap the
/// Zulus' flank; the regulars beside them give no overlap.
fn overlap_layout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dba_overlap.json")
}

fn cli_json(args: &[&str]) -> Value {
    let out = laager().args(args).output().expect("laager runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout(&out)).expect("json")
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

/// The engine's own path: what the desk resolves for the same selection.
fn engine_json(layout: &Path, a: &str, b: &str, faces: &str) -> Value {
    let charts = Charts::shipped().expect("shipped tables");
    let text = std::fs::read_to_string(layout).expect("layout");
    let table = file::read(&text, &charts).layout.expect("layout reads");
    let roles = Roles(vec![("a".into(), a.into()), ("b".into(), b.into())]);
    let input =
        dba_zulu::situation::combat(&table, &NoRecords, &roles, dba_zulu::CombatKind::Close)
            .expect("situation");
    let request = Request::DbaZulu(dba_zulu::Request::Combat(input));
    let resolution = request
        .resolve_with(&charts, &DiceChoice::Typed(faces.to_owned()))
        .expect("resolves");
    serde_json::to_value(resolution).expect("serialises")
}

#[test]
fn dba_combat_is_one_resolution_from_flags_layout_and_the_engine() {
    let path = overlap_layout();
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
    assert_eq!(
        engine_json(&path, "dragoons", "uMbonambi", "3,2"),
        from_layout
    );

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
    let path = overlap_layout();
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
            .is_some_and(|t| t.contains("dragoons rough off given by hand; the table gives on")),
        "{given}"
    );
    // Cavalry +2 +3 = 5 against Zulus +4 −1 +2 = 5: equal, no result.
    assert_eq!(json["outcome"]["a_total"], 5);
    assert_eq!(json["outcome"]["b_total"], 5);
}
