//! Cells of Small Arms Table 1, whose printed row and column keys are lost, given by band
//! as a printed card has them (issue 19, deliver 2): "`tables set` and `--cell` accept the
//! same band addresses", "a club folder ... filled for one firing band, resolves fire for
//! every FF in that band". SMALL ARMS FIRE (L122): "2. Obtain the Range Factor from Table
//! 1 ... 3. ... the Target Factor from Table 2 ... 4. Add ... together. 5. Throw one random
//! factor".

use super::{mc_json, needs};
use crate::support::{run, stderr, stdout};
use laager::rules::micro_colonial::fire::{Fire, FireInput, FireType, Firer, Target, Weapon};
use serde_json::json;

const BAND: &str = "micro_colonial/small_arms_range_factors:101-200:volley-200=30";

/// A volley of `ff` FF with rifles at 150 mm (the 200 mm column) into 300 FF of close-order
/// natives, the rifle's range and Table 2's cell typed, dice B4,R2 (+2).
fn volley(ff: &str, tables: Option<&str>, extra: &[&str]) -> (Option<i32>, serde_json::Value) {
    volley_at(ff, "150", tables, extra)
}

/// The same volley at `range` mm.
fn volley_at(
    ff: &str,
    range: &str,
    tables: Option<&str>,
    extra: &[&str],
) -> (Option<i32>, serde_json::Value) {
    let mut args = vec![
        "fire",
        "--firer",
        "regular-infantry",
        "--firer-ff",
        ff,
        "--weapon",
        "rifle",
        "--fire",
        "volley",
        "--range-mm",
        range,
        "--target-ff",
        "300",
        "--target",
        "native-close-order-in-open",
        "--dice",
        "B4,R2",
        "--cell",
        "weapon_ranges:rifle=400",
        "--cell",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
    ];
    if let Some(dir) = tables {
        args.extend(["--tables", dir]);
    }
    args.extend_from_slice(extra);
    mc_json(&args)
}

// One band set with `tables set` serves every firing FF in it: 30 - 10 + 2 = 22 at 101, 147
// and 200; at 201 the fire names the cell it lacks. The band counts as a house value.
#[test]
fn a_band_set_in_a_club_folder_serves_every_ff_in_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let club = club.to_str().expect("utf-8");
    let out = run(&["tables", "set", BAND, "--into", club]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for ff in ["101", "147", "200"] {
        let (code, value) = volley(ff, Some(club), &[]);
        assert_eq!(code, Some(0), "{ff}: {value}");
        assert_eq!(value["outcome"]["ff_lost"], json!(22), "{ff}: {value}");
        let warned = value["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .any(|w| {
                w.as_str().is_some_and(|w| {
                    w.contains("small_arms_range_factors:101-200:volley-200")
                        && w.contains("house.toml")
                })
            });
        assert!(warned, "the band is named as the club's value: {value}");
    }
    let (code, value) = volley("201", Some(club), &[]);
    assert_eq!(code, Some(2), "{value}");
    assert_eq!(
        needs(&value["refusal"]),
        ["small_arms_range_factors:201:volley-200"]
    );
    assert!(
        value["refusal"]["formula"]
            .as_str()
            .is_some_and(|f| f.contains("small_arms_range_factors:FROM-TO:volley-200")),
        "{value}"
    );
    let check = run(&["tables", "check", club]);
    assert!(stdout(&check).contains("house: 1"), "{}", stdout(&check));
}

// The same band typed as `--cell` types it serves the resolution it is typed for, through
// the library: 147 firing FF lies in 101-200, 30 - 10 + (4 - 2) = 22.
#[test]
fn a_band_typed_with_cell_serves_the_ff_in_it() {
    let charts = super::charts_with(&[
        "weapon_ranges:rifle=400",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
        "small_arms_range_factors:101-200:volley-200=30",
    ]);
    let input = FireInput {
        firer: Firer::RegularInfantry,
        firer_ff: 147,
        weapon: Weapon::Rifle,
        fire: FireType::Volley,
        range_mm: 150.0,
        target_ff: 300,
        target: Target::NativeCloseOrderInOpen,
        in_building: false,
        initial_volley: false,
        two_unit_rear_ff: None,
        target_in_melee: None,
        melee_round: 1,
        changing_to_volley: false,
        jam_penalty: None,
        in_arc: None,
        origins: laager::rules::situation::Origins::default(),
    };
    let resolution = super::resolve::<Fire>(&charts, &input, "B4,R2");
    assert_eq!(resolution.outcome.ff_lost, 22);
}

// "each firing value belongs to one band": a band overlapping one already set is refused,
// naming the cell; a band that runs backwards is not a band.
#[test]
fn an_overlapping_or_backward_band_is_refused_naming_the_cell() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let club = club.to_str().expect("utf-8");
    assert_eq!(
        run(&["tables", "set", BAND, "--into", club]).status.code(),
        Some(0)
    );
    let out = run(&[
        "tables",
        "set",
        "micro_colonial/small_arms_range_factors:150-250:volley-200=31",
        "--into",
        club,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("small_arms_range_factors:150-250:volley-200")
            && err.contains("overlaps 101-200"),
        "{err}"
    );
    let out = run(&[
        "tables",
        "set",
        "micro_colonial/small_arms_range_factors:200-101:volley-300=31",
        "--into",
        club,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("'200-101' is not a band"),
        "{}",
        stderr(&out)
    );
    // The club's file keeps the one band it had.
    let house = std::fs::read_to_string(dir.path().join("club/micro_colonial/house.toml"))
        .expect("house.toml");
    assert_eq!(house.matches("address").count(), 1, "{house}");
}

/// The lines of a template with one lost key replaced by the printed key, in its axis and
/// where its row names it.
fn restore_key(text: &str, lost: &str, printed: &str) -> String {
    text.lines()
        .map(|line| {
            if line.contains(&format!("key = \"{lost}\"")) {
                format!("  \"{printed}\",")
            } else if line == format!("row = \"{lost}\"") {
                format!("row = \"{printed}\"")
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

// `laager tables template micro-colonial --into DIR` writes every Micro Colonial chart with
// holes, each loading back with the same cells, none invented: the unknown count is the
// shipped one. Its Table 1, with one row key filled as the card prints it (101-200) and
// one column (volley-200), resolves fire for every FF in the band from the reconstructed
// '31' of that cell (L505): 31 - 10 + 2 = 23, warned as the club's value.
#[test]
fn a_club_folder_of_templates_filled_for_one_band_resolves_every_ff_in_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let club_text = club.to_str().expect("utf-8");
    let out = run(&["tables", "template", "micro-colonial", "--into", club_text]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = stdout(&out);
    assert!(
        written.contains("small_arms_range_factors.toml"),
        "{written}"
    );
    let summary = |dir: &str| {
        let out = run(&["tables", "check", dir, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        serde_json::from_str::<serde_json::Value>(&stdout(&out)).expect("json")
    };
    let shipped = run(&["tables", "check", "--json"]);
    let shipped: serde_json::Value = serde_json::from_str(&stdout(&shipped)).expect("json");
    let templates = summary(club_text);
    assert_eq!(templates["cells"], shipped["cells"], "{templates}");
    assert_eq!(
        templates["by_confidence"]["unknown"],
        shipped["by_confidence"]["unknown"]
    );
    // Writing again never replaces a club's file.
    let again = run(&["tables", "template", "micro-colonial", "--into", club_text]);
    assert_eq!(again.status.code(), Some(2), "{}", stdout(&again));
    let table1 = club.join("micro_colonial/small_arms_range_factors.toml");
    let text = std::fs::read_to_string(&table1).expect("template");
    assert!(text.contains("kind = \"band\""), "{text}");
    assert!(text.contains("# ?r2 — "), "the row's OCR above it: {text}");
    let filled = restore_key(&restore_key(&text, "?r2", "101-200"), "?g1c2", "volley-200");
    std::fs::write(&table1, filled).expect("write");
    for ff in ["101", "150", "200"] {
        let (code, value) = volley(ff, Some(club_text), &[]);
        assert_eq!(code, Some(0), "{ff}: {value}");
        assert_eq!(value["outcome"]["ff_lost"], json!(23), "{ff}: {value}");
        assert!(
            value["warnings"]
                .as_array()
                .expect("warnings")
                .iter()
                .any(|w| w.as_str().is_some_and(|w| w
                    .contains("used club value for small_arms_range_factors:101-200:volley-200"))),
            "{value}"
        );
    }
    let (code, value) = volley("201", Some(club_text), &[]);
    assert_eq!(code, Some(2), "{value}");
}

// Without --into, one chart's template is printed; a ruleset's many are not.
#[test]
fn a_template_is_printed_for_one_chart_only() {
    let out = run(&["tables", "template", "micro-colonial/weapon_ranges"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("key = \"rifle\"\nvalue = \"?\""), "{text}");
    assert!(text.contains("# 'MOO n1l11' (L111)"), "{text}");
    let out = run(&["tables", "template", "micro-colonial"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--into DIR"), "{}", stderr(&out));
}

// The filled example of tables/micro_colonial/README.md is a chart file a club folder
// loads: a volley of 150 FF at 150 mm reads its 31 (31 - 10 + 2 = 23), and one of 250 FF at
// 300 mm the cell it leaves "?".
#[test]
fn the_readmes_filled_example_loads_and_serves_its_band() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/micro_colonial/README.md"),
    )
    .expect("README");
    let start = readme.find("```toml\n").expect("the example") + "```toml\n".len();
    let example = &readme[start..start + readme[start..].find("```").expect("its end")];
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("club/micro_colonial");
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::write(folder.join("small_arms_range_factors.toml"), example).expect("write");
    let club = dir.path().join("club");
    let club = club.to_str().expect("utf-8");
    let (code, value) = volley("150", Some(club), &[]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["ff_lost"], json!(23), "{value}");
    let (code, refusal) = volley_at("250", "250", Some(club), &[]);
    assert_eq!(code, Some(2), "{refusal}");
    assert_eq!(
        needs(&refusal["refusal"]),
        ["small_arms_range_factors:201-300:volley-300"]
    );
}

// The window's transcription is the engine's: a lost key typed as the card prints it (a band
// on Table 1's rows), a value checked as the chart file checks it, and the file it writes
// loads with what was typed. Counts follow: 41 of 60 known, one more typed.
#[test]
fn a_transcription_types_keys_and_values_and_writes_a_file_that_loads() {
    use laager::charts::template::{AxisSide, Transcription};
    use laager::rules::micro_colonial::lost_keys::TEMPLATE_HINTS;
    let charts = laager::charts::Charts::shipped().expect("shipped");
    let chart = charts
        .chart(laager::Ruleset::MicroColonial, "small_arms_range_factors")
        .expect("Table 1");
    let mut work = Transcription::new(chart, TEMPLATE_HINTS);
    assert_eq!(work.filled(), (41, 60));
    assert!(work.set_key(AxisSide::Rows, 1, "200-101").is_err());
    work.set_key(AxisSide::Rows, 1, "101-200").expect("a band");
    assert!(
        work.set_key(AxisSide::Rows, 2, "101-200")
            .is_err_and(|e| e.contains("already a key"))
    );
    work.set_key(AxisSide::Columns, 5, "volley-200")
        .expect("a label");
    assert!(
        work.set_value(1, 5, "many")
            .is_err_and(|e| e.contains("whole number"))
    );
    work.set_value(1, 5, "45")
        .expect("the '~' of L505 read off the card");
    assert_eq!(work.filled(), (42, 60));
    assert!(
        work.row_ocr(1).contains("'~' (L505)"),
        "{}",
        work.row_ocr(1)
    );
    let text = work.file_text(TEMPLATE_HINTS).expect("loads");
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains("transcribed by a club from its printed card: 42 of 60")),
        "{text}"
    );
    let saved = laager::charts::parse_chart(
        laager::Ruleset::MicroColonial,
        "small_arms_range_factors",
        "transcribed.toml",
        &text,
    )
    .expect("parses");
    let cell = saved.cell(&["101-200", "volley-200"]).expect("the cell");
    assert_eq!(cell.value, Some(laager::charts::Value::Int(45)));
}
