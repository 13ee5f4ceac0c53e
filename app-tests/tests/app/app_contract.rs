//! One contract per procedure (issue 16), the desk's side: the desk resolves exactly what
//! the engine's own path resolves (`situation`, then `Request::resolve_with`), which
//! `laager ... --layout` also calls (tests/suite/contract.rs checks that side).

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{LaagerApp, State};
use laager::charts::Charts;
use laager::dice::DiceChoice;
use laager::geometry::file;
use laager::resolution::Resolution;
use laager::rules::situation::{NoRecords, Roles};
use laager::rules::{Request, dba_zulu};
use std::path::{Path, PathBuf};

fn overlap_layout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/dba_overlap.json")
}

fn desk_resolution(path: &Path, a: &str, b: &str, faces: &str) -> Resolution {
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

#[test]
fn the_desk_resolves_the_engines_dba_combat_exactly() {
    let path = overlap_layout();
    let charts = Charts::shipped().expect("shipped tables");
    let text = std::fs::read_to_string(&path).expect("layout");
    let table = file::read(&text, &charts).layout.expect("layout reads");
    let roles = Roles(vec![
        ("a".into(), "dragoons".into()),
        ("b".into(), "uMbonambi".into()),
    ]);
    let input =
        dba_zulu::situation::combat(&table, &NoRecords, &roles, dba_zulu::CombatKind::Close)
            .expect("situation");
    let engine = Request::DbaZulu(dba_zulu::Request::Combat(input))
        .resolve_with(&charts, &DiceChoice::Typed("3,2".to_owned()))
        .expect("resolves");
    let desk = desk_resolution(&path, "dragoons", "uMbonambi", "3,2");
    assert_eq!(desk, engine);
}
