//! Chart loading: every kind of error with its file and line, the embedded tables,
//! a club's overrides and `--cell`.

use laager::Ruleset;
use laager::charts::{CellAddress, Charts, Confidence, ErrorKind, Value, parse_chart};

const HEADER: &str = r#"[chart]
title = "Test"
document = "003_d01d2219af99fefb.txt"
section = "Test"
"#;

fn errors_of(body: &str) -> Vec<laager::charts::LoadError> {
    let source = format!("{HEADER}{body}");
    parse_chart(Ruleset::DbaZulu, "troop_types", "test.toml", &source).expect_err("should fail")
}

#[test]
fn shipped_tables_load_and_validate() {
    let charts = Charts::shipped().expect("shipped tables load");
    let troops = charts
        .chart(Ruleset::DbaZulu, "troop_types")
        .expect("dba troop types shipped");
    // "British Regulars + 5 4" 2"" — the troop types table.
    assert_eq!(
        troops
            .cell(&["british-regulars", "combat"])
            .and_then(|c| c.value.clone()),
        Some(Value::Int(5))
    );
    // "Zulus +4 none 3"(4")*"
    assert_eq!(
        troops
            .cell(&["zulus", "range_in"])
            .and_then(|c| c.value.clone()),
        Some(Value::None)
    );
    // "Hit Number Chart: 2 zones: hit on 4, 5 & 6"
    let hits = charts
        .chart(Ruleset::VictoriaCross, "hit_numbers")
        .expect("vc hit numbers shipped");
    assert_eq!(
        hits.cell(&["2"]).and_then(|c| c.value.clone()),
        Some(Value::Int(4))
    );
    assert_eq!(charts.hash().len(), 64);
}

#[test]
fn syntax_error_names_file_and_line() {
    let errors = errors_of("shape = \"list\"\nvalue = \"int\"\n[[entries]\nkey = \"a\"\n");
    assert_eq!(errors[0].kind, ErrorKind::Syntax);
    assert_eq!(errors[0].file, "test.toml");
    assert_eq!(errors[0].line, 7);
}

#[test]
fn unknown_field_is_an_error_with_its_line() {
    let errors = errors_of("shape = \"list\"\nvalue = \"int\"\ncolour = \"red\"\n");
    assert_eq!(errors[0].kind, ErrorKind::UnknownField);
    assert_eq!(errors[0].line, 7);
    assert!(
        errors[0].message.contains("colour"),
        "{}",
        errors[0].message
    );
}

#[test]
fn missing_field_is_an_error() {
    let source = "[chart]\ntitle = \"Test\"\nsection = \"s\"\nshape = \"list\"\n";
    let errors =
        parse_chart(Ruleset::DbaZulu, "troop_types", "test.toml", source).expect_err("fail");
    assert_eq!(errors[0].kind, ErrorKind::MissingField);
    assert!(
        errors[0].message.contains("document"),
        "{}",
        errors[0].message
    );
}

#[test]
fn value_of_the_wrong_type_is_an_error_at_its_line() {
    let errors = errors_of(
        "shape = \"list\"\nvalue = \"int\"\n\n[[entries]]\nkey = \"a\"\nvalue = \"three\"\n",
    );
    assert_eq!(errors[0].kind, ErrorKind::WrongType);
    assert_eq!(errors[0].line, 10);
    assert_eq!(errors[0].column, 9);
}

#[test]
fn band_gap_is_an_error_at_the_second_band() {
    let errors = errors_of(
        "shape = \"banded\"\nvalue = \"int\"\n[[entries]]\nkey = \"1-100\"\nvalue = 1\n[[entries]]\nkey = \"102-200\"\nvalue = 2\n",
    );
    assert_eq!(errors[0].kind, ErrorKind::BandGap);
    assert_eq!(errors[0].line, 11);
}

#[test]
fn band_overlap_is_an_error() {
    let errors = errors_of(
        "shape = \"banded\"\nvalue = \"int\"\n[[entries]]\nkey = \"1-100\"\nvalue = 1\n[[entries]]\nkey = \"100-200\"\nvalue = 2\n",
    );
    assert_eq!(errors[0].kind, ErrorKind::BandOverlap);
    assert_eq!(errors[0].line, 11);
}

#[test]
fn grid_row_with_a_missing_column_is_an_error() {
    let errors = errors_of(
        "shape = \"grid\"\nvalue = \"int\"\n[rows]\nname = \"r\"\nkeys = [\"a\", \"b\"]\n[columns]\nname = \"c\"\nkeys = [\"x\", \"y\"]\n[[cells]]\nrow = \"a\"\nvalues = [1, 2]\n[[cells]]\nrow = \"b\"\nvalues = [1]\n",
    );
    assert_eq!(errors[0].kind, ErrorKind::MissingKey);
    assert_eq!(errors[0].line, 18);
}

#[test]
fn grid_keys_may_themselves_be_unknown() {
    let source = format!(
        "{HEADER}shape = \"grid\"\nvalue = \"int\"\n[rows]\nname = \"r\"\nkind = \"int\"\nkeys = [\"100\", {{ key = \"?2\", confidence = \"unknown\", note = \"header lost\" }}]\n[columns]\nname = \"c\"\nkeys = [\"x\"]\n[[cells]]\nrow = \"100\"\nvalues = [3]\n[[cells]]\nrow = \"?2\"\nvalues = [\"?\"]\n"
    );
    let chart = parse_chart(Ruleset::DbaZulu, "troop_types", "t.toml", &source).expect("valid");
    assert_eq!(chart.confidence_counts(), [1, 0, 1, 0]);
}

#[test]
fn every_error_in_a_file_is_reported() {
    let errors = errors_of(
        "shape = \"list\"\nvalue = \"int\"\n[[entries]]\nkey = \"a\"\nvalue = \"x\"\n[[entries]]\nkey = \"b\"\nvalue = \"y\"\n",
    );
    assert_eq!(errors.len(), 2);
    assert_eq!((errors[0].line, errors[1].line), (9, 12));
}

#[test]
fn unknown_chart_name_in_a_club_folder_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("dba_zulu")).expect("mkdir");
    std::fs::write(dir.path().join("dba_zulu/troop_tipes.toml"), "x = 1\n").expect("write");
    let errors = laager::store::tables::load(Some(dir.path())).expect_err("unknown chart");
    assert_eq!(errors[0].kind, ErrorKind::UnknownChart);
    assert!(errors[0].file.ends_with("troop_tipes.toml"));
    assert_eq!(errors[0].line, 1);
}

#[test]
fn club_house_cell_overrides_one_shipped_cell_and_changes_the_hash() {
    let shipped = Charts::shipped().expect("shipped");
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("dba_zulu")).expect("mkdir");
    std::fs::write(
        dir.path().join("dba_zulu/house.toml"),
        "[[cell]]\naddress = \"troop_types:zulus:combat\"\nvalue = 3\nby = \"Brigade club\"\n",
    )
    .expect("write");
    let club = laager::store::tables::load(Some(dir.path())).expect("club tables load");
    let chart = club.chart(Ruleset::DbaZulu, "troop_types").expect("chart");
    let cell = chart.cell(&["zulus", "combat"]).expect("cell");
    assert_eq!(cell.value, Some(Value::Int(3)));
    assert_eq!(cell.confidence, Confidence::House);
    // Every other cell stays as shipped.
    let other = chart.cell(&["british-regulars", "combat"]).expect("cell");
    assert_eq!(other.value, Some(Value::Int(5)));
    assert_eq!(other.confidence, Confidence::Printed);
    assert_ne!(club.hash(), shipped.hash());
}

#[test]
fn club_house_cell_of_the_wrong_type_names_the_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("dba_zulu")).expect("mkdir");
    std::fs::write(
        dir.path().join("dba_zulu/house.toml"),
        "[[cell]]\naddress = \"troop_types:zulus:combat\"\nvalue = \"four\"\n",
    )
    .expect("write");
    let errors = laager::store::tables::load(Some(dir.path())).expect_err("wrong type");
    assert_eq!(errors[0].kind, ErrorKind::WrongType);
    assert_eq!(errors[0].line, 3);
}

#[test]
fn cell_argument_supplies_one_value_for_one_resolution() {
    let mut charts = Charts::shipped().expect("shipped");
    charts
        .apply_cell_arg(Ruleset::VictoriaCross, "hit_numbers:3=6")
        .expect("apply");
    let cell = charts
        .chart(Ruleset::VictoriaCross, "hit_numbers")
        .and_then(|c| c.cell(&["3"]))
        .expect("cell");
    assert_eq!(cell.value, Some(Value::Int(6)));
    assert_eq!(cell.confidence, Confidence::House);
}

#[test]
fn cell_argument_errors_name_the_argument() {
    let mut charts = Charts::shipped().expect("shipped");
    let bad_value = charts
        .apply_cell_arg(Ruleset::VictoriaCross, "hit_numbers:3=six")
        .expect_err("not a number");
    assert!(
        bad_value.contains("hit_numbers:3=six") && bad_value.contains("whole number"),
        "{bad_value}"
    );
    let bad_key = charts
        .apply_cell_arg(Ruleset::VictoriaCross, "hit_numbers:9=4")
        .expect_err("no such key");
    assert!(bad_key.contains("no cell 9"), "{bad_key}");
    let bad_form = charts
        .apply_cell_arg(Ruleset::VictoriaCross, "hit_numbers")
        .expect_err("no value");
    assert!(bad_form.contains("CHART:KEY=VALUE"), "{bad_form}");
}

#[test]
fn cell_addresses_parse_one_and_two_part_keys() {
    let one = CellAddress::parse("hit_numbers:2").expect("1-d");
    assert_eq!((one.chart.as_str(), one.key.len()), ("hit_numbers", 1));
    let two = CellAddress::parse("dba_zulu/troop_types:zulus:combat").expect("2-d");
    assert_eq!(two.ruleset, Some(Ruleset::DbaZulu));
    assert_eq!(two.key, vec!["zulus".to_owned(), "combat".to_owned()]);
    assert!(CellAddress::parse("nokey").is_err());
}

/// The shipped charts read ahead (`assets/shipped_charts.json`) are the shipped tables as
/// parsed, hash and all: written again under `LAAGER_BLESS=1` when a table or the code
/// that reads them changes, and used by a build only while current (`build.rs`'s
/// `LAAGER_CHARTS_DIGEST`).
#[test]
fn the_charts_read_ahead_are_the_shipped_tables_as_parsed() {
    let parsed = laager::charts::Charts::parse_shipped().expect("the shipped tables parse");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/shipped_charts.json");
    let text = parsed.read_ahead_json();
    if std::env::var("LAAGER_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &text).expect("write the charts read ahead");
        return;
    }
    let kept = std::fs::read_to_string(&path).expect("assets/shipped_charts.json");
    assert!(
        kept == text,
        "assets/shipped_charts.json is not the shipped tables as parsed: write it again with LAAGER_BLESS=1 cargo test --no-default-features --test suite charts_read_ahead"
    );
    // This build reads them ahead, and gets the very charts parsing gives.
    let read = laager::charts::Charts::read_ahead().expect("current, so read ahead");
    assert_eq!(read, parsed);
    assert_eq!(read.hash(), parsed.hash());
    assert_eq!(laager::charts::Charts::shipped().expect("shipped"), parsed);
}
