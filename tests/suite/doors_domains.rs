//! Issue 36, "Every door parses", deliver 1 to 3: values built by one constructor per
//! domain at every door (flags, layouts, club files, imports, campaign files), so a value
//! outside its domain is refused where it enters, naming the door and the domain.

use crate::support::{run, stderr, stdout};
use laager::bounds::{MAX_STRENGTH, MAX_TABLE_MM};
use serde_json::{Value, json};
use std::path::Path;
use std::process::Output;

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[track_caller]
fn assert_exit_2(out: &Output, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}{}", stdout(out));
    for needle in needles {
        assert!(err.contains(needle), "'{needle}' not in: {err}");
    }
}

// Issue 36: "`mc rd melee --zulu-ff 4294967295` ('the sections lose 42949673 FF'), `mc rd
// z-marker --zulu-ff 4294967295`, `mc melee --a-ff 100001` ... all exit 0."
#[test]
fn strength_flags_beyond_the_domain_are_refused_naming_flag_and_range() {
    let range = format!("a whole number from 0 to {MAX_STRENGTH}");
    for (args, flag) in [
        (
            &[
                "mc",
                "rd",
                "melee",
                "--zulu-ff",
                "4294967295",
                "--section",
                "40",
            ][..],
            "--zulu-ff",
        ),
        (
            &["mc", "rd", "z-marker", "--zulu-ff", "4294967295"],
            "--zulu-ff",
        ),
        (
            &["mc", "melee", "--a-ff", "100001", "--b-ff", "100"],
            "--a-ff",
        ),
        (
            &["mc", "rd", "melee", "--zulu-ff", "400", "--section=-1"],
            "--section",
        ),
    ] {
        assert_exit_2(&run(args), &[flag, &range]);
    }
}

// The numbers inside a flag's spec are the same domains: `vc melee --from ZONE=SP`, `vc
// replacements --replace sp=`, `sotq fire --firer strength=`.
#[test]
fn strengths_inside_a_flags_spec_are_refused_by_the_same_domain() {
    let range = format!("a whole number from 0 to {MAX_STRENGTH}");
    for (args, flag) in [
        (
            &[
                "vc",
                "melee",
                "--battle",
                "isandlwana",
                "--side",
                "zulu",
                "--from",
                "6=100001",
                "--seed",
                "1",
            ][..],
            "--from",
        ),
        (
            &[
                "vc",
                "replacements",
                "--battle",
                "rorkes-drift",
                "--replace",
                "name=a,sp=1,full=4294967295,gain=1",
            ],
            "--replace",
        ),
        (
            &[
                "sotq",
                "fire",
                "--game",
                "isandhlwana",
                "--firer",
                "strength=100001,weapon=S,range=2,nationality=regular",
                "--target",
                "morale=B",
                "--seed",
                "1",
            ],
            "--firer",
        ),
    ] {
        assert_exit_2(&run(args), &[flag, &range]);
    }
}

#[test]
fn a_strength_at_its_bound_is_taken() {
    // 100000 FF is the largest strength: the z-marker procedure runs (its outcome is the
    // Z markers of 100000 FF, one per 100 in a building: not checked here, only the door).
    let out = run(&["mc", "rd", "z-marker", "--zulu-ff", "100000", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

// Issue 36: "`vc victory --zulu-vp=-5` ... exit 0". The VP total is a domain of either sign
// (Isandlwana: "The total can go below zero."); Rorke's Drift's victory check refuses a
// negative one ("the Zulu VP total cannot go below zero"), and a total beyond the domain is
// refused at the flag for both.
#[test]
fn a_negative_zulu_vp_total_is_refused_at_rorkes_drift() {
    let out = run(&[
        "vc",
        "victory",
        "--battle",
        "rorkes-drift",
        "--turn",
        "5",
        "--british-sp",
        "20",
        "--zulu-vp=-5",
    ]);
    assert_exit_2(&out, &["-5", "cannot go below zero"]);
    let out = run(&[
        "vc",
        "victory",
        "--battle",
        "isandlwana",
        "--turn",
        "5",
        "--british-sp",
        "20",
        "--zulu-vp=-10001",
    ]);
    assert_exit_2(&out, &["--zulu-vp", "-10000 to 10000"]);
}

#[test]
fn isandlwana_takes_a_negative_vp_total_as_its_rules_say() {
    // "The total can go below zero." (Isandlwana, Victory Conditions): -5 is below the 16
    // VP needed, so no one has won on VP; 20 British SP are not below 10.
    let out = run(&[
        "vc",
        "victory",
        "--battle",
        "isandlwana",
        "--turn",
        "5",
        "--british-sp",
        "20",
        "--zulu-vp=-5",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["outcome"]["winner"], "none");
}

// Issue 36: "`vc stacking --zone nan` ... exit 0."
#[test]
fn a_zone_not_on_the_board_is_refused_for_either_battle() {
    for battle in ["isandlwana", "rorkes-drift"] {
        let out = run(&[
            "vc", "stacking", "--battle", battle, "--side", "zulu", "--zone", "nan", "--sp", "3",
        ]);
        assert_exit_2(&out, &["zone nan", "is not on the"]);
    }
}

#[test]
fn numeric_flags_refuse_nan_and_text() {
    let out = run(&[
        "mc",
        "melee",
        "--a-ff",
        "10",
        "--b-ff",
        "10",
        "--a-fired-at-mm",
        "nan",
    ]);
    assert_exit_2(&out, &["--a-fired-at-mm", "'nan' is not a distance"]);
    let out = run(&[
        "roll",
        "dba-opposed",
        "--a",
        "two",
        "--b",
        "0",
        "--dice",
        "1,1",
    ]);
    assert_exit_2(&out, &["--a", "'two' is not a factor"]);
}

// Issue 36: "Their `--help` states no range, though the README says every flag's help gives
// one."
#[test]
fn every_numeric_flag_is_a_domain_and_its_help_states_the_range() {
    assert_eq!(laager::cli::bare_number_flags(), Vec::<String>::new());
    let help = stdout(&run(&["mc", "rd", "melee", "--help"]));
    assert!(
        help.contains(&format!("[a whole number from 0 to {MAX_STRENGTH}]")),
        "{help}"
    );
    let help = stdout(&run(&["vc", "stacking", "--help"]));
    assert!(help.contains("--leaders"), "{help}");
    // A described field's help states its unit and its domain's range.
    assert!(help.contains("[leaders: 0 to 10000]"), "{help}");
    let help = stdout(&run(&["measure", "--help"]));
    assert!(help.contains("--from"), "{help}");
    let help = stdout(&run(&["mc", "fire", "--help"]));
    assert!(
        help.contains("[a finite number from 0 to 1000000 mm]"),
        "{help}"
    );
}

// Issue 36: "The bounds of a table and its coordinates are stated once (docs/layout.md) and
// used everywhere. They allow at least a 20 m × 20 m table."
#[test]
fn the_layout_bounds_are_the_ones_docs_layout_states_and_hold_a_20_m_table() {
    const { assert!(MAX_TABLE_MM >= 20_000.0) };
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/layout.md"))
            .expect("docs/layout.md");
    let bounds = docs.split("## Bounds").nth(1).expect("a Bounds section");
    assert!(
        bounds.contains(&format!("at most {MAX_TABLE_MM} mm")),
        "{bounds}"
    );
    assert!(bounds.contains(&format!("from 0 to {MAX_TABLE_MM} mm")));
    assert!(bounds.contains(&format!("from 0 to {MAX_STRENGTH}")));
    let dir = tempfile::tempdir().expect("tempdir");
    let big = layout(
        &json!({ "width": 20000, "depth": 20000 }),
        &[(19_950.0, 19_950.0)],
    );
    let file = dir.path().join("big.json");
    std::fs::write(&file, big.to_string()).expect("write");
    let out = run(&["layout", "check", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A DBA layout on `table` with a zulu base at each of `at`.
fn layout(table: &Value, at: &[(f64, f64)]) -> Value {
    let units: Vec<Value> = at
        .iter()
        .enumerate()
        .map(|(i, (x, y))| {
            json!({ "id": format!("u{i}"), "side": if i % 2 == 0 { "zulu" } else { "british" },
                    "type": "zulus", "x": x, "y": y, "facing": 0 })
        })
        .collect();
    json!({ "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
            "table": table.clone(), "units": units })
}

// Issue 36: "Tables and coordinates of up to 1e308 mm are accepted. Bases 1e307 mm apart are
// 'in contact' ... One layout (table 1e300, units at 1e299 and 1e290) panics in `measure`
// with exit 101."
#[test]
fn extreme_tables_and_coordinates_are_refused_by_measure_and_layout_check() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, document, path) in [
        (
            "huge.json",
            layout(
                &json!({ "width": 1e300, "depth": 1e300 }),
                &[(1e299, 1e299), (1e290, 1e290)],
            ),
            "table.width",
        ),
        (
            "apart.json",
            layout(
                &json!({ "preset": "6x4ft" }),
                &[(100.0, 100.0), (1e307, 100.0)],
            ),
            "units[1].x",
        ),
        (
            "over.json",
            layout(
                &json!({ "width": 20001, "depth": 1000 }),
                &[(100.0, 100.0), (200.0, 200.0)],
            ),
            "table.width",
        ),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, document.to_string()).expect("write");
        for args in [
            vec!["layout", "check", s(&file)],
            vec!["measure", s(&file), "--from", "u0", "--to", "u1"],
        ] {
            let out = run(&args);
            assert_exit_2(&out, &[name, path, "expected a finite number"]);
        }
    }
}

// Issue 36: "`measure --from 18446744073709551615,100,0,40,15 …` says 'centre to nearest:
// 0.0 mm'."
#[test]
fn typed_positions_beyond_the_table_bounds_are_refused() {
    for (from, named) in [
        (
            "18446744073709551615,100,0,40,15",
            "x: 1.8446744073709552e19",
        ),
        ("100,100,9999,40,15", "facing: 9999"),
        ("100,100,0,1e307,15", "frontage: 1e307"),
        ("100,nan,0,40,15", "y 'nan' is not a number"),
    ] {
        let out = run(&["measure", "--from", from, "--to", "100,200,180,40,15"]);
        assert_exit_2(&out, &["--from", named]);
    }
    // At the bounds the figures are exact: centres 19 900 mm apart, the target's near edge
    // 7.5 mm short of its centre.
    let out = run(&[
        "measure",
        "--from",
        "100,50,0,40,15",
        "--to",
        "100,19950,180,40,15",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(v["centre_to_nearest_mm"], 19_892.5);
}

// Issue 36: "Layout ids may hold NUL and control characters, which reach the CSV raw."
#[test]
fn unit_ids_with_control_characters_are_refused_at_their_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    for id in ["a\u{0}b", "tab\there", "line\nbreak"] {
        let mut document = layout(&json!({ "preset": "6x4ft" }), &[(100.0, 100.0)]);
        document["units"][0]["id"] = json!(id);
        let file = dir.path().join("ids.json");
        std::fs::write(&file, document.to_string()).expect("write");
        let out = run(&["layout", "check", s(&file)]);
        assert_exit_2(&out, &["units[0].id", "control character"]);
    }
}

// Issue 36: "`tables set troop_types:zulus:pursuit=sometimes` and `…:destroyed_when=whenever`
// are accepted and pass `tables check`; ... `troop_types:british-regulars:destroyed_by=
// martians` is accepted and used in combat."
#[test]
fn text_cells_with_fixed_choices_are_refused_by_tables_set_and_tables_check() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    for (cell, words) in [
        (
            "dba_zulu/troop_types:zulus:pursuit=sometimes",
            "must, must-close-combat, never, may",
        ),
        (
            "dba_zulu/troop_types:zulus:destroyed_when=whenever",
            "always, melee-only, in-rough, in-contact",
        ),
        (
            "dba_zulu/troop_types:british-regulars:destroyed_by=martians",
            "british-regulars",
        ),
        (
            "dba_zulu/troop_types:british-regulars:destroyed_by=zulus,martians",
            "'martians'",
        ),
        // The other text cells a rule reads as words: Soldiers of the Queen's Morale Check
        // Table (PART 10 G: WD, RT, PN, —) and Victoria Cross's solitaire movement.
        (
            "soldiers_of_the_queen/morale_check_zulu:3:A=XX",
            "WD, RT, PN",
        ),
        (
            "victoria_cross/solitaire_movement:3=backwards",
            "left, ahead, right",
        ),
    ] {
        let out = run(&["tables", "set", cell, "--into", s(&club)]);
        let address = cell.split('=').next().unwrap_or_default();
        let address = address.split_once('/').map_or(address, |(_, a)| a);
        assert_exit_2(&out, &[address, words]);
        let folder = cell.split('/').next().unwrap_or_default();
        assert!(
            !club.join(folder).join("house.toml").exists(),
            "{cell}: nothing written"
        );
    }
    // A house file typed by hand with the same cell is refused by `tables check`, naming
    // the file and line.
    std::fs::create_dir_all(club.join("dba_zulu")).expect("mkdir");
    std::fs::write(
        club.join("dba_zulu/house.toml"),
        "[[cell]]\naddress = \"troop_types:zulus:pursuit\"\nvalue = \"sometimes\"\nby = \"club\"\ndate = \"2026-12-01\"\n",
    )
    .expect("write");
    let out = run(&["tables", "check", s(&club)]);
    assert_exit_2(&out, &["house.toml:3", "'sometimes' is not a pursuit"]);
    // The words the rules read are taken.
    let ok = run(&[
        "tables",
        "set",
        "dba_zulu/troop_types:british-regulars:destroyed_by=zulus,any",
        "--into",
        s(&dir.path().join("other")),
    ]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
}
