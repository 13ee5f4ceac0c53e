//! Cases 2 and 5 (Victoria Cross II): the laager camp, exited SP, Zulu entry at Rorke's
//! Drift and the hospital's counters.

use super::{json, warnings};
use crate::support::{run, stderr};
use laager::Ruleset;
use laager::game::{Campaign, CampaignSettings, Event, Game, UnitId, UnitSpec};
use laager::store::{CampaignFile, Mode};
use serde_json::json;
use std::path::Path;

const MELEE: [&str; 10] = [
    "vc",
    "melee",
    "--battle",
    "isandlwana",
    "--side",
    "british",
    "--sp",
    "4",
    "--dice",
    "4,4,5,6",
];

fn reason(v: &serde_json::Value) -> String {
    v["refusal"]["reason"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn a_laagered_melee_without_the_setting_is_refused_naming_it() {
    // "5. British Laager Camp ... the British receive a +1 die roll modifier for melee
    // combat": an optional rule, off unless the club plays it.
    let (code, v) = json(&[&MELEE[..], &["--in-laager-camp"]].concat());
    assert_eq!(code, Some(2), "{v}");
    assert!(
        reason(&v).contains("settings:british_laager_camp"),
        "{}",
        reason(&v)
    );
}

#[test]
fn a_laagered_melee_with_the_setting_hits_on_4_and_reads_it() {
    // "the British player hits the Zulu on 5 and 6", +1 in the laager: 4, 4, 5 and 6 all hit.
    let (code, v) = json(
        &[
            &MELEE[..],
            &[
                "--in-laager-camp",
                "--cell",
                "settings:british_laager_camp=on",
            ],
        ]
        .concat(),
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["hits"], json!(4), "{v}");
    let (_, plain) = json(&MELEE);
    assert_eq!(plain["outcome"]["hits"], json!(2), "{plain}");
    assert!(
        !warnings(&v).iter().any(|w| w.contains("was not read")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn the_laager_is_refused_at_rorkes_drift() {
    // "When using the British Free Form set up consider Zones 14, 15, and 23 laagered": the
    // Alternative Free Form British Setup is Isandlwana's.
    let mut args = MELEE.to_vec();
    args[3] = "rorkes-drift";
    args.extend([
        "--in-laager-camp",
        "--cell",
        "settings:british_laager_camp=on",
    ]);
    let (code, v) = json(&args);
    assert_eq!(code, Some(2), "{v}");
    assert!(reason(&v).contains("Isandlwana"), "{}", reason(&v));
}

#[test]
fn exited_sp_are_refused_without_the_alternate_victory() {
    // "Isandlwana Alternate Victory: The British player receives 5 VP for every 12 SP exited
    // off of the board through zones 21, 27, or 31, on turn 13 or later."
    let base = [
        "vc",
        "victory-points",
        "--battle",
        "isandlwana",
        "--turn",
        "14",
        "--british-exited-sp",
        "12",
    ];
    let (code, v) = json(&base);
    assert_eq!(code, Some(2), "{v}");
    assert!(
        reason(&v).contains("settings:isandlwana_exit_victory"),
        "{}",
        reason(&v)
    );
    // With the rule: 12 SP exited, 5 VP off the Zulu total of 0 ("The total can go below
    // zero" at Isandlwana).
    let (code, v) = json(
        &[
            &base[..],
            &["--cell", "settings:isandlwana_exit_victory=on"],
        ]
        .concat(),
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["total"], json!(-5), "{v}");
    // At Rorke's Drift the rule does not exist.
    let mut rd = base.to_vec();
    rd[3] = "rorkes-drift";
    rd.extend(["--cell", "settings:isandlwana_exit_victory=on"]);
    let (code, v) = json(&rd);
    assert_eq!(code, Some(2), "{v}");
}

#[test]
fn a_lettered_zone_is_no_entry_zone_at_rorkes_drift() {
    // "all zones inside the compound have lettered zones (A, B, etc.)"; "The Zulu player may
    // use any outer board edge zone as an entry point in Rorke's Drift."
    let (code, v) = json(&[
        "vc",
        "zulu-entry",
        "--battle",
        "rorkes-drift",
        "--zone",
        "C",
        "--turn",
        "1",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["allowed"], json!(false), "{v}");
    // A numbered edge zone, its edge typed for the resolution, is one and reads the cell.
    let (code, v) = json(&[
        "vc",
        "zulu-entry",
        "--battle",
        "rorkes-drift",
        "--zone",
        "3",
        "--turn",
        "1",
        "--cell",
        "zones_rorkes_drift:3:edge=true",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["allowed"], json!(true), "{v}");
    assert!(
        !warnings(&v).iter().any(|w| w.contains("was not read")),
        "{:?}",
        warnings(&v)
    );
}

fn counter(id: &str, side: &str, kind: &str, sp: u32) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId(id.to_owned()),
        name: id.to_owned(),
        side: side.to_owned(),
        troop_type: kind.to_owned(),
        initial: sp,
        present: sp,
        class: None,
        strength_note: None,
        formation: None,
    }
}

fn hospital_campaign(dir: &Path) -> String {
    let mut game = Game::new(Ruleset::VictoriaCross, "Rorke's Drift", json!(null));
    for unit in [
        counter("B Coy 1", "British", "infantry", 2),
        counter("Sick 1", "British", "vp-unit", 1),
        counter("Zulus L", "Zulus", "warriors", 5),
        counter("B Coy 2", "British", "infantry", 2),
    ] {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    let mut campaign = Campaign::new("Rorke's Drift", CampaignSettings::default());
    campaign.games.push(game);
    let path = dir.join("rd.laager");
    CampaignFile::create_from(&path, &campaign).expect("create");
    path.to_str().expect("utf-8").to_owned()
}

fn state_of(file: &str, unit: &str) -> (bool, u32) {
    let file = CampaignFile::open(Path::new(file), Mode::Read).expect("open");
    let game = &file.campaign().games[0];
    let state = game.state();
    let u = state.unit(&UnitId(unit.to_owned())).expect("on the roster");
    (u.removed, u.present)
}

#[test]
fn the_hospital_burns_the_counters_in_it_when_applied() {
    // "a roll of 6 it jumps three spots"; "The hospital is considered burned down when it
    // reaches the 5 box on the track"; "Any units still in the hospital when it burns down
    // are eliminated (Zulu units return per replacement rules)".
    let dir = tempfile::tempdir().expect("tempdir");
    let file = hospital_campaign(dir.path());
    let (code, v) = json(&[
        "vc",
        "hospital",
        "--track",
        "3",
        "--dice",
        "6",
        "--campaign",
        &file,
        "--unit",
        "unit-1=B Coy 1",
        "--unit",
        "unit-2=Sick 1",
        "--unit",
        "unit-3=Zulus L",
        "--apply",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["burned"], json!(true), "{v}");
    assert_eq!(
        v["outcome"]["eliminated"],
        json!(["B Coy 1", "Sick 1", "Zulus L"]),
        "{v}"
    );
    for unit in ["B Coy 1", "Sick 1", "Zulus L"] {
        assert_eq!(state_of(&file, unit), (true, 0), "{unit}");
    }
    // The counter not named stays.
    assert_eq!(state_of(&file, "B Coy 2"), (false, 2));
    let replay = run(&["log", "replay", &file]);
    assert_eq!(replay.status.code(), Some(0), "{}", stderr(&replay));
}

#[test]
fn a_hospital_that_stands_leaves_its_counters() {
    // "For a roll of 2, 3, or 4 the marker is moved one spot on the fire track": 1 to 2.
    let dir = tempfile::tempdir().expect("tempdir");
    let file = hospital_campaign(dir.path());
    let (code, v) = json(&[
        "vc",
        "hospital",
        "--track",
        "1",
        "--dice",
        "3",
        "--campaign",
        &file,
        "--unit",
        "unit-1=B Coy 1",
        "--apply",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["track"], json!(2), "{v}");
    assert_eq!(v["outcome"].get("eliminated"), None, "{v}");
    assert_eq!(state_of(&file, "B Coy 1"), (false, 2));
}
