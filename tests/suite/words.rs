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

/// The Light Horse rout of `sides_without_units_are_named_by_their_troops`, applied for
/// two named units.
fn light_horse_routed() -> (Request, laager::rules::AnyResolution) {
    let charts = Charts::shipped().expect("shipped");
    let request = Request::DbaZulu(dba_zulu::Request::Combat(dba_zulu::CombatInput::new(
        dba_zulu::CombatKind::Close,
        dba_zulu::TroopType::Zulus,
        dba_zulu::TroopType::LightHorse,
    )));
    let resolution = request
        .resolve_with(&charts, &DiceChoice::Typed("6,1".to_owned()))
        .expect("resolves");
    (request, resolution)
}

#[test]
fn the_log_line_of_an_applied_result_is_its_outcome_in_words() {
    use laager::game::event::{AppliedResolution, DiceOrigin, Event};
    // Issue 18 item 3: "outcomes in words ... empty outcome fields omitted"; the dice stay.
    let (request, resolution) = light_horse_routed();
    let event = Event::ResolutionApplied(Box::new(AppliedResolution {
        inputs: serde_json::json!({
            "procedure": "combat",
            "units": ["uMcijo front", "NMP 1"],
            "roles": [["a", "uMcijo front"], ["b", "NMP 1"]],
        }),
        dice: DiceOrigin::Typed {
            faces: "6,1".to_owned(),
        },
        resolution,
        effects: Vec::new(),
        request: Some(request),
        cells: Vec::new(),
        throw: None,
        engine: None,
    }));
    assert_eq!(
        event.describe(),
        "DBA-style Zulu rules combat: NMP 1 flees 30 mm then 152.4 mm; uMcijo front must pursue 15 mm — typed 6,1"
    );
}

#[test]
fn a_logged_result_without_its_request_keeps_only_its_non_empty_fields() {
    use laager::game::event::{AppliedResolution, DiceOrigin, Event};
    // Games logged before requests were typed: the fields, null and [] left out.
    let (_, resolution) = light_horse_routed();
    let event = Event::ResolutionApplied(Box::new(AppliedResolution {
        inputs: serde_json::json!({"procedure": "combat", "units": []}),
        dice: DiceOrigin::Seeded { seed: 7 },
        resolution,
        effects: Vec::new(),
        request: None,
        cells: Vec::new(),
        throw: None,
        engine: None,
    }));
    // a 4+6 = 10 against light horse 2+1 = 3: beaten by more than double, the light horse
    // flee 30 mm (their base depth) then 6" (152.4 mm); Zulus must pursue one base depth.
    assert_eq!(
        event.describe(),
        "DBA-style Zulu rules combat: a total 10, b total 3, displace 30 mm, flee 152.4 mm, loser b, pursuit must, pursuit distance 15 mm, result flee — rolled 6,1 (seed 7)"
    );
}

#[test]
fn cli_odds_name_each_outcome_and_whose_view_this_or_better_takes() {
    // Issue 18 item 3: "Odds bars are labelled with those words and say for whom 'this or
    // better' is counted". Zulus 4 against British Regulars 5 in close combat, each adding
    // a die: over the 36 rolls a wins on 10 (d1 - d2 >= 2: the regulars are "Destroyed if
    // beat by Zulus (melee)"), ties on 5 (d1 - d2 = 1) and loses on 21, of which 2 are
    // doubled (a 5 against b 10 or 11: destroyed) and 19 recoil. Listed from a's worst, so
    // "this or better" for a sums each row and those below it.
    let out = laager()
        .args([
            "dba",
            "combat",
            "--kind",
            "close",
            "--a",
            "zulus",
            "--b",
            "british-regulars",
            "--odds",
        ])
        .output()
        .expect("laager runs");
    assert_eq!(
        stdout(&out),
        "DBA-style Zulu rules close combat odds: a (Zulus) against b (British Regulars), over the 36 rolls\n\
         \"this or better\" is counted for a, the attacker\n\
         outcome                         probability  this or better\n\
         a (Zulus) destroyed                    5.6%          100.0%\n\
         a (Zulus) recoils                     52.8%           94.4%\n\
         no result                             13.9%           41.7%\n\
         b (British Regulars) destroyed        27.8%           27.8%\n"
    );
}

/// Runs laager and returns its standard output, checking it succeeded.
fn text_of(args: &[&str]) -> String {
    let out = laager().args(args).output().expect("laager runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

#[test]
fn a_ranged_step_rounds_the_measured_distance_and_says_the_scale_in_words() {
    // Issue 18 item 3: "Distances rounded for people: millimetres to 0.1, inches to 0.01,
    // with the unit". The regulars' listed range 4" is 4 x 25.4 = 101.6 mm at 15mm figures.
    let text = text_of(&[
        "dba",
        "combat",
        "--kind",
        "ranged",
        "--a",
        "british-regulars",
        "--b",
        "zulus",
        "--range-mm",
        "80.44",
        "--dice",
        "4,3",
    ]);
    assert_eq!(
        text.lines().nth(3),
        Some(
            "  1. a (British Regulars) fires at b (Zulus): 80.4 mm apart, within its listed range 4\" = 101.6 mm at 15mm figures, the inches scaled with the figures = 4.0  [Ranged Combat, troop_types:british-regulars:range_in]"
        ),
        "{text}"
    );
}

#[test]
fn a_ranged_refusal_rounds_the_measured_distance() {
    let out = laager()
        .args([
            "dba",
            "combat",
            "--kind",
            "ranged",
            "--a",
            "british-regulars",
            "--b",
            "zulus",
            "--range-mm",
            "130.456",
            "--dice",
            "4,3",
        ])
        .output()
        .expect("laager runs");
    assert_eq!(out.status.code(), Some(2));
    // 130.456 mm is beyond 4" (101.6 mm); shown to 0.1 mm.
    assert_eq!(
        crate::support::stderr(&out).lines().next(),
        Some(
            "refused: a (British Regulars) cannot fire at b (Zulus): the bases are 130.5 mm apart, beyond its listed range 4\" = 101.6 mm at 15mm figures, the inches scaled with the figures"
        )
    );
}

#[test]
fn inches_are_rounded_to_a_hundredth_with_the_unit() {
    assert_eq!(laager::rules::words::inches(4.0), "4\"");
    assert_eq!(laager::rules::words::inches(2.504), "2.5\"");
    assert_eq!(laager::rules::words::inches(1.0 / 3.0), "0.33\"");
}

#[test]
fn a_victoria_cross_fire_reads_as_hits_and_ammunition_checks() {
    // Issue 18: VC outcomes had no words ("ammo checks 0, hits 2"). Three SP at range 1
    // hit on 3+ (hit_numbers:1): 6, 5 hit, 1 misses; no ammunition check at Rorke's Drift.
    let text = text_of(&[
        "vc",
        "fire",
        "--battle",
        "rorkes-drift",
        "--sp",
        "3",
        "--range",
        "1",
        "--dice",
        "6,5,1",
    ]);
    assert_eq!(
        text.lines().nth(1),
        Some("  result: 2 hits on the Zulus; no ammunition checks"),
        "{text}"
    );
}

#[test]
fn victoria_cross_fire_odds_are_hits_on_the_zulus_for_the_british() {
    // Three dice hitting on 3+ (p = 2/3): P(0) = 1/27, P(1) = 6/27, P(2) = 12/27,
    // P(3) = 8/27; more hits are better for the British firing.
    let text = text_of(&[
        "vc",
        "fire",
        "--battle",
        "rorkes-drift",
        "--sp",
        "3",
        "--range",
        "1",
        "--odds",
    ]);
    assert_eq!(
        text,
        "\"this or better\" is counted for the British, the more hits the better\n\
         outcome              probability  this or better\n\
         0 hits on the Zulus         3.7%          100.0%\n\
         1 hit on the Zulus         22.2%           96.3%\n\
         2 hits on the Zulus        44.4%           74.1%\n\
         3 hits on the Zulus        29.6%           29.6%\n"
    );
}

#[test]
fn a_leaders_death_odds_count_survival_as_better() {
    // PART 13 D: two dice, killed on 2 or 12 (2 of 36); surviving is the leader's side's
    // better outcome, so its "this or better" is its own 34/36.
    let text = text_of(&["sotq", "leader-death", "--odds"]);
    assert_eq!(
        text,
        "\"this or better\" is counted for the leader's side: surviving counts better\n\
         outcome               probability  this or better\n\
         the leader survives         94.4%           94.4%\n\
         the leader is killed         5.6%          100.0%\n"
    );
}
