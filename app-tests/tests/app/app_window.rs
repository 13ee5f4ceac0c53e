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
    // The central panel lists the Victoria Cross charts in force.
    assert!(harness.query_by_label("hit_numbers").is_some());
}
