//! Outcomes in plain words (issue 18, item 3): "the top of the desk shows the outcome in
//! words ... '24th 4 destroyed; uMcijo front must pursue 15 mm'", and "the same words
//! serve the CLI's text output".

use crate::support::{laager, stdout};
use laager::charts::Charts;
use laager::dice::DiceChoice;
use laager::rules::situation::Roles;
use laager::rules::words::{mm, words};
use laager::rules::{Request, dba_zulu};
use std::path::Path;

#[test]
fn the_issues_dba_example_reads_as_the_issue_says() {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demos/dba_zulu_battle.json");
    let out = laager()
        .args([
            "dba",
            "combat",
            "--kind",
            "close",
            "--layout",
            demo.to_str().expect("utf-8"),
            "--unit",
            "a=uMcijo front",
            "--unit",
            "b=24th 4",
            "--dice",
            "5,1",
        ])
        .output()
        .expect("laager runs");
    let text = stdout(&out);
    assert_eq!(
        text.lines().nth(1),
        Some("  result: 24th 4 destroyed; uMcijo front must pursue 15 mm"),
        "{text}"
    );
}

#[test]
fn sides_without_units_are_named_by_their_troops() {
    let charts = Charts::shipped().expect("shipped");
    // Light horse halved by Zulus in close combat flee: one base depth (30 mm) then 6".
    let request = Request::DbaZulu(dba_zulu::Request::Combat(dba_zulu::CombatInput::new(
        dba_zulu::CombatKind::Close,
        dba_zulu::TroopType::Zulus,
        dba_zulu::TroopType::LightHorse,
    )));
    let resolution = request
        .resolve_with(&charts, &DiceChoice::Typed("6,1".to_owned()))
        .expect("resolves");
    assert_eq!(
        words(Some(&request), &resolution, &Roles::default()),
        "b (Light Horse) flees 30 mm then 152.4 mm; a (Zulus) must pursue 15 mm"
    );
}

#[test]
fn distances_are_rounded_for_people() {
    assert_eq!(mm(444.086_151_123_046_9), "444.1 mm");
    assert_eq!(mm(15.0), "15 mm");
}
