//! Issue 19: "a club folder is exported and imported as one file to share" — from the
//! window's Set up, as `laager tables export` and `laager tables import` do it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{LaagerApp, Mode, State};
use laager::charts::CellAddress;

fn set_up_window() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(
        State {
            mode: Mode::SetUp,
            ..State::default()
        },
        None,
    );
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1600.0));
    harness.run();
    harness
}

/// Types `text` into the left panel's field `label`, emptied first.
fn retype(
    harness: &mut Harness<'static, LaagerApp>,
    label: &str,
    field: fn(&mut laager::app::Fields) -> &mut String,
    text: &str,
) {
    field(&mut harness.state_mut().fields).clear();
    harness.run();
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, label);
    field.focus();
    field.type_text(text);
    harness.run();
}

// A club folder with one band cell, loaded, exported to one file, and that file imported
// into a new folder: the window then lays the new folder over the shipped tables, with the
// same tables hash as the folder it came from.
#[test]
fn a_club_folder_is_exported_and_imported_from_the_set_up_panel() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let address = CellAddress::parse("micro_colonial/small_arms_range_factors:101-200:volley-200")
        .expect("address");
    laager::store::tables::write_house_cell(&club, &address, "30", "club", "2026-12-02")
        .expect("a house cell");
    let mut harness = set_up_window();
    retype(
        &mut harness,
        "club tables folder",
        |f| &mut f.club_tables,
        &club.display().to_string(),
    );
    harness.get_by_label("Load club tables").click();
    harness.run();
    let loaded_hash = harness.state().charts().expect("charts").hash().to_owned();
    assert_eq!(
        harness.state().state.club_tables.as_deref(),
        Some(club.as_path())
    );
    let bundle = dir.path().join("club.json");
    retype(
        &mut harness,
        "bundle file",
        |f| &mut f.club_bundle,
        &bundle.display().to_string(),
    );
    harness.get_by_label("Export club tables").click();
    harness.run();
    assert!(bundle.is_file(), "{:?}", harness.state().messages);
    let copy = dir.path().join("copy");
    retype(
        &mut harness,
        "club tables folder",
        |f| &mut f.club_tables,
        &copy.display().to_string(),
    );
    harness.get_by_label("Import bundle").click();
    harness.run();
    assert!(
        copy.join("micro_colonial/house.toml").is_file(),
        "{:?}",
        harness.state().messages
    );
    assert_eq!(
        harness.state().state.club_tables.as_deref(),
        Some(copy.as_path())
    );
    assert_eq!(
        harness.state().charts().expect("charts").hash(),
        loaded_hash
    );
    // A second import into the same folder replaces nothing and says why.
    harness.get_by_label("Import bundle").click();
    harness.run();
    assert!(
        harness
            .state()
            .messages
            .iter()
            .any(|m| m.contains("already in the folder")),
        "{:?}",
        harness.state().messages
    );
}
