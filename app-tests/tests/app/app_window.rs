//! The window, driven headless with egui_kittest by its labels.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::{LaagerApp, State};

#[test]
fn ruleset_picker_offers_all_four_rulesets_and_switches() {
    let app = LaagerApp::new(
        State {
            mode: laager::app::Mode::SetUp,
            ..State::default()
        },
        None,
    );
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.run();
    harness.get_by_label("Ruleset").click();
    harness.run();
    for ruleset in Ruleset::ALL {
        assert!(
            harness.query_all_by_label(ruleset.title()).next().is_some(),
            "{} is offered",
            ruleset.title()
        );
    }
    harness.get_by_label("Victoria Cross II").click();
    harness.run();
    assert_eq!(harness.state().state.ruleset, Ruleset::VictoriaCross);
    // The Set up panel lists the Victoria Cross charts in force, by their printed titles
    // (issue 40: "Steps and forms show chart titles and printed headings").
    assert!(harness.query_by_label("Hit Number Chart").is_some());
    assert!(harness.query_by_label("hit_numbers").is_none());
}

/// Issue 21: "The window loads the remembered club folder with these limits and opens
/// regardless, showing the error." A chart in the remembered folder that is a FIFO would
/// block a read forever; the window refuses it at once, says so and opens on the shipped
/// tables.
#[cfg(unix)]
#[test]
fn a_remembered_club_folder_holding_a_fifo_is_refused_and_the_window_opens() {
    use laager::app::{LaagerApp, State};
    let dir = tempfile::tempdir().expect("temp dir");
    let ruleset = dir.path().join("dba_zulu");
    std::fs::create_dir(&ruleset).expect("ruleset folder");
    let fifo = ruleset.join("troop_types.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let state = State {
        club_tables: Some(dir.path().to_owned()),
        ..State::default()
    };
    let app = LaagerApp::new(state, None);
    assert!(app.charts().is_some(), "the shipped tables are in force");
    let said = app.messages.join("\n");
    assert!(
        said.contains("troop_types.toml") && said.contains("the shipped tables are in force"),
        "{said}"
    );
}
