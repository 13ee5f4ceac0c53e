//! The files the store reads and writes for the layers above, which parse only text: a
//! club's tables folder (read, and `house.toml` written), a layout with the photo placement
//! beside it, and the window's exports. Every error names its file.

use laager::Ruleset;
use laager::charts::{CellAddress, ChartSource, Charts, Confidence, ErrorKind, Value};
use laager::store::{export, layout_file, tables};

fn house_source(file: &str, value: &str) -> ChartSource {
    ChartSource {
        relative: "dba_zulu/house.toml".to_owned(),
        file: file.to_owned(),
        source: format!("[[cell]]\naddress = \"troop_types:zulus:combat\"\nvalue = {value}\n"),
    }
}

#[test]
fn club_chart_files_lay_over_the_charts_from_text() {
    let mut charts = Charts::shipped().expect("shipped");
    charts
        .overlay_sources(vec![house_source("club/dba_zulu/house.toml", "3")])
        .expect("the house cell applies");
    let cell = charts
        .chart(Ruleset::DbaZulu, "troop_types")
        .and_then(|c| c.cell(&["zulus", "combat"]))
        .expect("cell");
    assert_eq!(
        (cell.value.clone(), cell.confidence),
        (Some(Value::Int(3)), Confidence::House)
    );
    let errors = charts
        .overlay_sources(vec![house_source("club/dba_zulu/house.toml", "\"four\"")])
        .expect_err("wrong type");
    assert_eq!(
        (errors[0].file.as_str(), errors[0].kind, errors[0].line),
        ("club/dba_zulu/house.toml", ErrorKind::WrongType, 3)
    );
}

#[test]
fn a_club_folder_that_cannot_be_read_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("no such folder");
    let errors = tables::load(Some(&missing)).expect_err("not there");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, ErrorKind::Io);
    assert_eq!(errors[0].file, missing.display().to_string());
}

/// Issue 40: "A new club folder is made ready (its ruleset folder created)": a new or empty
/// folder gets the ruleset's folder and then loads; a folder holding anything is left as it
/// is (and one that is no club's folder is still refused when read).
#[test]
fn a_new_club_folder_is_made_ready_with_its_ruleset_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let new = dir.path().join("club");
    assert_eq!(
        tables::ready_new_folder(&new, Ruleset::MicroColonial).expect("read"),
        None,
        "a folder that does not exist is not made"
    );
    std::fs::create_dir_all(&new).expect("the club makes its folder");
    assert!(
        tables::load(Some(&new)).is_err(),
        "an empty folder is no club's yet"
    );
    let made = tables::ready_new_folder(&new, Ruleset::MicroColonial).expect("made ready");
    assert_eq!(made, Some(new.join("micro_colonial")));
    tables::load(Some(&new)).expect("the new folder loads");
    assert_eq!(
        tables::ready_new_folder(&new, Ruleset::DbaZulu).expect("read"),
        None,
        "a folder with something in it is left as it is"
    );
    assert!(!new.join("dba_zulu").exists());
    let other = dir.path().join("papers");
    std::fs::create_dir_all(&other).expect("dir");
    std::fs::write(other.join("note.txt"), "x").expect("file");
    assert_eq!(
        tables::ready_new_folder(&other, Ruleset::DbaZulu).expect("read"),
        None
    );
    assert!(tables::load(Some(&other)).is_err());
}

#[test]
fn tables_set_writes_a_house_cell_the_folder_then_loads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let address = CellAddress::parse("troop_types:zulus:combat").expect("address");
    let ruleset = tables::write_house_cell(dir.path(), &address, "3", "Brigade club", "2026-01-01")
        .expect("written");
    assert_eq!(ruleset, Ruleset::DbaZulu);
    let charts = tables::load(Some(dir.path())).expect("the folder loads");
    let cell = charts
        .chart(Ruleset::DbaZulu, "troop_types")
        .and_then(|c| c.cell(&["zulus", "combat"]))
        .expect("cell");
    assert_eq!(cell.value, Some(Value::Int(3)));
    assert_eq!(cell.by.as_deref(), Some("Brigade club"));
}

#[test]
fn a_layout_keeps_its_photo_placement_beside_it_until_the_photo_goes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("battle.json");
    layout_file::write(&path, "{}\n", Some("{\"placement\": 1}\n")).expect("written");
    assert_eq!(
        layout_file::photo_placement_path(&path),
        dir.path().join("battle.photo.json")
    );
    let text = layout_file::read(&path).expect("read");
    assert_eq!(text.layout, "{}\n");
    assert_eq!(
        text.photo_placement.as_deref(),
        Some("{\"placement\": 1}\n")
    );
    layout_file::write(&path, "{}\n", None).expect("written");
    assert_eq!(
        layout_file::read(&path).expect("read").photo_placement,
        None
    );
    assert!(!layout_file::photo_placement_path(&path).exists());
}

#[test]
fn file_errors_name_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("missing.json");
    let error = layout_file::read(&missing).expect_err("not there");
    assert!(
        error.starts_with(&format!("cannot read {}: ", missing.display())),
        "{error}"
    );
    let error = layout_file::read_photo(&missing).expect_err("not there");
    assert!(
        error.starts_with(&format!("cannot read photo {}: ", missing.display())),
        "{error}"
    );
    let nowhere = dir.path().join("no such folder").join("records.csv");
    let error = export::write(&nowhere, "a,b\n").expect_err("no folder");
    assert!(
        error.starts_with(&format!("{}: cannot write: ", nowhere.display()))
            && error.contains("does not exist"),
        "{error}"
    );
}
