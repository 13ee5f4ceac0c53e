//! `laager measure` and `laager layout check` end to end, and the layout file read back.

use crate::support::{run, stderr, stdout};
use laager::charts::Charts;
use laager::geometry::file;

const GOOD_LAYOUT: &str = r#"{
  "format": "laager-layout",
  "version": 1,
  "ruleset": "dba-zulu",
  "table": { "preset": "3x2ft" },
  "units": [
    { "id": "2/24 G", "side": "british", "type": "british-regulars", "x": 300, "y": 100, "facing": 0 },
    { "id": "uNokhenke 1", "side": "zulu", "type": "zulus", "x": 300, "y": 300, "facing": 180 },
    { "id": "NNC 1", "side": "british", "type": "nnc", "x": 310, "y": 200, "facing": 0 }
  ],
  "terrain": [
    { "id": "donga", "kind": "rough", "polygon": [[250, 280], [350, 280], [350, 330], [250, 330]] }
  ]
}"#;

fn write_layout(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("layout.json");
    std::fs::write(&path, text).expect("write layout");
    let path = path.to_str().expect("utf-8").to_owned();
    (dir, path)
}

fn json_of(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(&stdout(out)).expect("JSON on stdout")
}

/// Typed positions: front to front 50 mm apart, the contract's keys at the top level, the
/// Micro Colonial arc null while its angle is not supplied.
#[test]
fn measure_typed_positions_prints_the_json_contract() {
    let out = run(&[
        "measure",
        "--from",
        "100,100,0,40,15",
        "--to",
        "100,165,180,40,15",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let m = json_of(&out);
    assert_eq!(m["centre_to_nearest_mm"], 57.5);
    assert_eq!(m["edge_to_edge_mm"], 50.0);
    assert_eq!(m["in_arc"]["micro-colonial"], serde_json::Value::Null);
    assert_eq!(m["in_arc"]["dba-zulu"], true);
    assert_eq!(m["line_of_sight"]["clear"], true);
    assert_eq!(m["line_of_sight"]["blocked_by"], serde_json::Value::Null);
    assert_eq!(m["contact_edge"], serde_json::Value::Null);
    assert!(m["terrain"]["from"].as_array().is_some_and(Vec::is_empty));
    assert!(m.get("centre_to_nearest_in").is_none());
}

/// `--cell firing_arc:angle_deg=90` supplies the template, so the arc is answered.
#[test]
fn measure_answers_the_mc_arc_once_its_angle_is_supplied() {
    let out = run(&[
        "measure",
        "--from",
        "100,100,0,40,15",
        "--to",
        "100,165,180,40,15",
        "--json",
        "--cell",
        "firing_arc:angle_deg=90",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_of(&out)["in_arc"]["micro-colonial"], true);
}

/// `--units in` reads inches and adds inch figures; millimetres stay in the mm keys:
/// 4" apart centre to centre, 0.6" deep bases → 3.4" = 86.36 mm gap.
#[test]
fn measure_in_inches_keeps_mm_and_adds_inches() {
    let out = run(&[
        "measure",
        "--from",
        "4,4,0,1.5,0.6",
        "--to",
        "4,8,180,1.5,0.6",
        "--units",
        "in",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let m = json_of(&out);
    assert_eq!(m["edge_to_edge_mm"], 86.36);
    assert_eq!(m["edge_to_edge_in"], 3.4);
    assert_eq!(m["centre_to_nearest_in"], 3.7);
}

/// Front edges flush: the contact edge is the target's front.
#[test]
fn measure_reports_the_contact_edge() {
    let out = run(&[
        "measure",
        "--from",
        "100,100,0,40,15",
        "--to",
        "100,115,180,40,15",
        "--json",
    ]);
    assert_eq!(json_of(&out)["contact_edge"], "front");
}

/// A malformed position names the flag and exits 2.
#[test]
fn measure_rejects_a_malformed_position_naming_the_flag() {
    let out = run(&[
        "measure",
        "--from",
        "100,100,0,40",
        "--to",
        "100,115,180,40,15",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--from"), "{}", stderr(&out));
}

/// From a layout file by unit id: the NNC base is partly between the regulars and the
/// Zulus (DBA), and the Zulus stand partly in rough.
#[test]
fn measure_a_layout_by_unit_id() {
    let (_dir, path) = write_layout(GOOD_LAYOUT);
    let out = run(&[
        "measure",
        &path,
        "--from",
        "2/24 G",
        "--to",
        "uNokhenke 1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let m = json_of(&out);
    assert_eq!(m["line_of_sight"]["clear"], false);
    assert_eq!(m["line_of_sight"]["blocked_by"], "NNC 1");
    assert_eq!(m["terrain"]["to"], serde_json::json!(["rough"]));
    // 300 − 7.5 − 100 − 7.5: both bases 15 mm deep at 15 mm figures.
    assert_eq!(m["edge_to_edge_mm"], 185.0);
}

/// An id not in the file is an input error naming the flag.
#[test]
fn measure_names_an_unknown_unit_id() {
    let (_dir, path) = write_layout(GOOD_LAYOUT);
    let out = run(&["measure", &path, "--from", "2/24 H", "--to", "uNokhenke 1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--from: no unit '2/24 H'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn layout_check_passes_a_good_layout() {
    let (_dir, path) = write_layout(GOOD_LAYOUT);
    let out = run(&["layout", "check", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("ok (3 units, 1 terrain"),
        "{}",
        stdout(&out)
    );
}

/// Every error names its JSON path: a facing that is not a number, an unknown unit type, a
/// unit off the table, a polygon that crosses itself; exit 2.
#[test]
fn layout_check_names_the_path_of_every_error() {
    let bad = GOOD_LAYOUT
        .replace(
            "\"x\": 300, \"y\": 300, \"facing\": 180",
            "\"x\": 300, \"y\": 300, \"facing\": \"south\"",
        )
        .replace("\"type\": \"nnc\"", "\"type\": \"impi\"")
        .replace("\"x\": 300, \"y\": 100", "\"x\": 900, \"y\": 100")
        .replace(
            "[[250, 280], [350, 280], [350, 330], [250, 330]]",
            "[[250, 280], [350, 330], [350, 280], [250, 330]]",
        );
    let (_dir, path) = write_layout(&bad);
    let out = run(&["layout", "check", &path]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    for expected in [
        "units[1].facing: expected a number",
        "units[2].type: unknown dba-zulu unit type 'impi'",
        "units[0]: unit '2/24 G' is off the table",
        "terrain[0].polygon: the polygon crosses itself",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in:\n{err}");
    }
}

/// Overlapping bases are a warning, not an error.
#[test]
fn layout_check_warns_of_overlapping_bases() {
    let overlapping = GOOD_LAYOUT.replace("\"x\": 310, \"y\": 200", "\"x\": 310, \"y\": 105");
    let (_dir, path) = write_layout(&overlapping);
    let out = run(&["layout", "check", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("warning:"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("overlaps unit 'NNC 1'"),
        "{}",
        stderr(&out)
    );
}

/// A version this build does not read is refused by path.
#[test]
fn layout_check_refuses_an_unknown_version() {
    let (_dir, path) = write_layout(&GOOD_LAYOUT.replace("\"version\": 1", "\"version\": 7"));
    let out = run(&["layout", "check", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("version: version 7"),
        "{}",
        stderr(&out)
    );
}

/// What `file::write` writes, `file::read` reads back to the same bases.
#[test]
fn a_written_layout_reads_back_the_same() {
    let charts = Charts::shipped().expect("shipped tables");
    let first = file::read(GOOD_LAYOUT, &charts)
        .layout
        .expect("good layout");
    let text = file::write(&first).to_string();
    let second = file::read(&text, &charts).layout.expect("reads back");
    assert_eq!(first.bases(), second.bases());
    assert_eq!(second.terrain().len(), 1);
}

/// `laager measure` asks the engine's measurement (`rules::measure`), as the desk does
/// (issue 39: "`laager measure` asks the same engine function the desk asks"): every range,
/// arc and sight it prints is the engine's answer under each ruleset, and the line of sight
/// of a DBA layout is DBA's. By hand: 2/24 G faces +y (facing 0, "0 faces the far edge"),
/// so uNokhenke 1, 200 mm straight ahead, lies in a 90° Micro Colonial template's arc and
/// in DBA's field; the NNC base between them blocks the sight under either rule.
#[test]
fn measure_prints_the_engines_measurements_under_both_rulesets() {
    let (_dir, path) = write_layout(GOOD_LAYOUT);
    let out = run(&[
        "measure",
        &path,
        "--from",
        "2/24 G",
        "--to",
        "uNokhenke 1",
        "--json",
        "--cell",
        "firing_arc:angle_deg=90",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let m = json_of(&out);

    let mut charts = Charts::shipped().expect("shipped charts");
    charts
        .apply_cell_arg(
            laager::ruleset::Ruleset::MicroColonial,
            "firing_arc:angle_deg=90",
        )
        .expect("the cell");
    let layout = file::read(GOOD_LAYOUT, &charts)
        .layout
        .expect("the layout reads");
    let both = laager::rules::measure::measure_both(&layout, &charts, "2/24 G", "uNokhenke 1")
        .expect("both units are on the table");
    let mc_arc = both
        .micro_colonial
        .arc
        .as_ref()
        .expect("the angle is supplied");
    let dba_arc = both.dba.arc.as_ref().expect("DBA's field needs no cell");
    assert!(
        mc_arc.in_arc && dba_arc.in_arc,
        "straight ahead is in both arcs"
    );
    assert_eq!(m["in_arc"]["micro-colonial"], mc_arc.in_arc);
    assert_eq!(m["in_arc"]["dba-zulu"], dba_arc.in_arc);
    let sight = both.sight(layout.ruleset);
    assert!(
        std::ptr::eq(sight, &raw const both.dba.sight),
        "a DBA layout's sight is DBA's"
    );
    assert_eq!(m["line_of_sight"]["clear"], sight.clear);
    assert_eq!(m["line_of_sight"]["blocked_by"], "NNC 1");
    for (key, measured) in [
        ("micro-colonial", &both.micro_colonial),
        ("dba-zulu", &both.dba),
    ] {
        assert_eq!(
            m["line_of_sight_by_ruleset"][key]["clear"], measured.sight.clear,
            "{key}"
        );
    }
    assert_eq!(
        m["centre_to_nearest_mm"],
        laager::geometry::round_mm(both.micro_colonial.range.mm)
    );
    assert_eq!(
        m["edge_to_edge_mm"],
        laager::geometry::round_mm(both.dba.range.mm)
    );
    assert_eq!(
        m["warnings"].as_array().map(Vec::len),
        Some(both.micro_colonial.warnings.len())
    );
}

/// A template angle out of its domain is refused by `laager measure` in the engine's words,
/// naming the cell; the engine's measurement carries the same words as its arc's reason.
#[test]
fn measure_refuses_a_template_angle_out_of_its_domain_in_the_engines_words() {
    let out = run(&[
        "measure",
        "--from",
        "100,100,0,40,15",
        "--to",
        "100,165,180,40,15",
        "--cell",
        "firing_arc:angle_deg=0",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out)
            .contains("firing_arc:angle_deg = 0: expected more than 0 and at most 360 degrees"),
        "{}",
        stderr(&out)
    );
    let mut charts = Charts::shipped().expect("shipped charts");
    charts
        .apply_cell_arg(
            laager::ruleset::Ruleset::MicroColonial,
            "firing_arc:angle_deg=0",
        )
        .expect("the cell");
    let why = laager::rules::measure::mc_arc_angle_read(&charts, &mut Vec::new())
        .expect_err("0 degrees is no opening");
    assert!(why.contains("firing_arc:angle_deg = 0"), "{why}");
}
