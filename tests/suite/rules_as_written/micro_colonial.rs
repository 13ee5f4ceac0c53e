//! Case 5 (Micro Colonial, Rorke's Drift and evading): each doubt decided from the text and
//! worked by hand through `laager mc`.

use super::{json, warnings};
use crate::support::{run, stderr};
use laager::game::UnitId;
use laager::record::Status;
use laager::store::{CampaignFile, Mode};
use serde_json::json;
use std::path::Path;

/// Melee Table 1's lost cell for fanatics attacking regulars, as the basic melee's tests
/// give it.
const TABLE_CELL: &str = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4";

const MELEE: [&str; 13] = [
    "mc",
    "rd",
    "melee",
    "--zulu-ff",
    "950",
    "--section",
    "10",
    "--section",
    "10",
    "--section",
    "8",
    "--cell",
    TABLE_CELL,
];

// MELEE CALCULATIONS: "4. Throw a random factor per unit engaged", kept by the supplement
// ("proceed as in the basic rules with the following exceptions"), whose sections are
// units ("casualties will be taken on all units starting with the right-hand unit").
// Zulus: 950 / 10 = 95, +3 (Table 1), B4 - R2 = +2: 100, the sections lose 100 / 10 = 10,
// split 4, 3, 3 from the right. Sections: 10 + 10 + 8 = 28, -4, and three random factors,
// B6 - R1 = +5, B5 - R2 = +3, B2 - R4 = -2: 30, the Zulus lose 30.
#[test]
fn each_section_in_a_melee_throws_its_own_random_factor() {
    let (code, v) = json(&[&MELEE[..], &["--dice", "B4,R2,B6,R1,B5,R2,B2,R4"]].concat());
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["zulu_losses"], json!(30), "{v}");
    assert_eq!(v["outcome"]["british_losses"], json!(10), "{v}");
    assert_eq!(v["outcome"]["section_losses"], json!([4, 3, 3]), "{v}");
    assert_eq!(v["outcome"]["margin"], json!(20), "{v}");
    // One random factor for the three sections is no longer the throw: the faces fall short.
    let out = run(&[&MELEE[..], &["--dice", "B4,R2,B6,R1", "--json"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--dice"), "{}", stderr(&out));
    // The odds are of the sum of the sections' three random factors: they still sum to 1.
    let (code, v) = json(&[&MELEE[..], &["--odds"]].concat());
    assert_eq!(code, Some(0), "{v}");
    let total: f64 = v["odds"]
        .as_array()
        .or_else(|| v["outcomes"].as_array())
        .expect("odds listed")
        .iter()
        .filter_map(|o| o["probability"].as_f64())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{v}");
}

// COVER: "For melee calculations all cover will be counted where applicable"; PREPARED
// POSITIONS: "All melees taking place inside prepared positions will be classed as a melee
// in cover". No value for it is legible, so it is asked for; typed +5, the sections' 30
// becomes 35.
#[test]
fn cover_counts_in_a_rorkes_drift_melee_and_its_value_is_asked_for() {
    let dice = ["--dice", "B4,R2,B6,R1,B5,R2,B2,R4"];
    let (code, v) = json(&[&MELEE[..], &dice, &["--sections-in-cover"]].concat());
    assert_eq!(code, Some(2), "{v}");
    assert_eq!(
        v["refusal"]["needs_cells"][0],
        json!({"chart": "melee_additional_factors", "key": ["in-cover"]}),
        "{v}"
    );
    let (code, v) = json(
        &[
            &MELEE[..],
            &dice,
            &[
                "--sections-in-cover",
                "--cell",
                "melee_additional_factors:in-cover=5",
            ],
        ]
        .concat(),
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["zulu_losses"], json!(35), "{v}");
    assert!(
        !warnings(&v).iter().any(|w| w.contains("was not read")),
        "{:?}",
        warnings(&v)
    );
    // "Defenders, other than those behind cover or in buildings, may engage the enemy in a
    // two rank formation."
    let (code, _) = json(
        &[
            &MELEE[..],
            &dice,
            &["--sections-in-cover", "--second-rank", "10"],
        ]
        .concat(),
    );
    assert_eq!(code, Some(2));
}

fn campaign(dir: &Path) -> String {
    let file = dir.join("rd.laager");
    let file = file.to_str().expect("utf-8").to_owned();
    let layout = format!(
        "{}/tests/fixtures/rd_situation.json",
        env!("CARGO_MANIFEST_DIR")
    );
    assert!(
        run(&["campaign", "new", &file, "--name", "Rorke's Drift"])
            .status
            .success()
    );
    let out = run(&[
        "campaign",
        "add-game",
        &file,
        "--ruleset",
        "micro-colonial",
        "--layout",
        &layout,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    file
}

fn status_of(file: &str, unit: &str) -> Option<Status> {
    let file = CampaignFile::open(Path::new(file), Mode::Read).expect("open");
    let state = file.campaign().games[0].state();
    state
        .unit(&UnitId(unit.to_owned()))
        .expect("on the roster")
        .status
        .clone()
}

// MORALE: "There will be no morale tests for either side except in the following
// circumstances. 1. Loser of a melee by more than 5 fighting factors. 2. A Zulu unit that
// is forced to halt due to volley fire." FIRING PARTIES: the Zulu unit moves forward "if it
// has not lost more than 50 fighting factors from the firing parties initial volley".
#[test]
fn a_zulu_unit_the_firing_party_halts_must_test_and_applying_marks_it() {
    let base = ["mc", "rd", "firing-party", "--led-by-command"];
    let (_, v) = json(&[&base[..], &["--zulu-ff-lost", "50"]].concat());
    assert_eq!(v["outcome"]["zulu_climbs_in"], json!(true), "{v}");
    assert_eq!(v["outcome"]["zulu_must_test"], json!(false), "{v}");
    let (code, v) = json(&[&base[..], &["--zulu-ff-lost", "51"]].concat());
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["zulu_climbs_in"], json!(false), "{v}");
    assert_eq!(v["outcome"]["zulu_must_test"], json!(true), "{v}");
    assert!(
        v.to_string().contains("forced to halt due to volley fire"),
        "{v}"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let (code, v) = json(&[
        "mc",
        "rd",
        "firing-party",
        "--zulu-ff-lost",
        "51",
        "--campaign",
        &file,
        "--unit",
        "leader=Chard",
        "--unit",
        "zulu=uThulwana",
        "--apply",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(status_of(&file, "uThulwana"), Some(Status::MoraleTestDue));
}

const VOLLEY: [&str; 26] = [
    "mc",
    "rd",
    "fire",
    "--firer",
    "regular-infantry",
    "--weapon",
    "rifle",
    "--fire",
    "volley",
    "--range-mm",
    "150",
    "--target-ff",
    "900",
    "--target",
    "native-close-order-in-open",
    "--section",
    "10",
    "--section",
    "9",
    "--section",
    "8",
    "--cell",
    "weapon_ranges:rifle=400",
    "--cell",
    "small_arms_target_factors:native-close-order-in-open-volley:700-999=+5",
    "--dice",
];

// VOLLEY FIRE EFFECT ON MOVEMENT: "If the number of fighting factors lost exceeds the
// unit's move rate, it will remain stationary during the next move"; MOVEMENT at Rorke's
// Drift: inside the perimeter "the attackers will be reduced to half their normal movement
// rate (and thus subject to a higher possibility of being stopped by volley fire)". Table 1
// typed +45: 45 + 5 + (B4 - R2 = 2) = 52 FF lost. All natives on foot move 100 mm: not
// halted outside; inside, 100 / 2 = 50, halted, so it must test (MORALE 2).
#[test]
fn a_volley_that_halts_a_zulu_unit_inside_the_perimeter_marks_its_test() {
    let table1 = [
        "B4,R2",
        "--cell",
        "small_arms_range_factors:27:volley-200=+45",
    ];
    let (code, v) = json(&[&VOLLEY[..], &table1].concat());
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["ff_lost"], json!(52), "{v}");
    assert_eq!(v["outcome"]["zulu_halted"], json!(false), "{v}");
    assert_eq!(v["outcome"]["zulu_must_test"], json!(false), "{v}");
    let (code, v) = json(&[&VOLLEY[..], &table1, &["--zulu-inside-perimeter"]].concat());
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["zulu_halted"], json!(true), "{v}");
    assert_eq!(v["outcome"]["zulu_must_test"], json!(true), "{v}");
    assert!(
        v.to_string().contains("forced to halt due to volley fire"),
        "{v}"
    );
}

// COMBINING RULE: "the British player may combine sections which have had their fighting
// factors reduced": a section still at its initial 10 FF has had none reduced.
#[test]
fn only_reduced_sections_combine() {
    let combine = |into: &str, removed: &str| {
        json(&[
            "mc",
            "rd",
            "combine",
            "--into-ff",
            into,
            "--removed-ff",
            removed,
            "--counter",
            "section",
        ])
    };
    let (code, v) = combine("10", "0");
    assert_eq!(code, Some(2), "{v}");
    let (code, v) = combine("4", "10");
    assert_eq!(code, Some(2), "{v}");
    assert!(
        v["refusal"]["reason"]
            .as_str()
            .unwrap_or_default()
            .contains("have had their fighting factors reduced"),
        "{v}"
    );
    let (code, v) = combine("4", "5");
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["combined_ff"], json!(9), "{v}");
}

// EVADING: "Artillery crews evading and unable to limber up will abandon their guns and
// move at open order charge rate"; a crew that can limber evades with its guns, by default
// at their action move ("Action moves ... must include either limbering or unlimbering"):
// machine and Gatling guns 120 mm; field guns have none: 60 mm less 60 mm to limber, 0.
#[test]
fn a_crew_that_limbers_evades_at_its_guns_rate() {
    let crew = ["mc", "evade", "--evader", "artillery-crew"];
    let (code, v) = json(&crew);
    assert_eq!(code, Some(2), "{v}");
    assert!(v.to_string().contains("--gun"), "{v}");
    let (code, v) = json(&[&crew[..], &["--gun", "gatling"]].concat());
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["move_mm"], json!(120), "{v}");
    assert_eq!(v["outcome"]["abandons_guns"], json!(false), "{v}");
    let (_, v) = json(&[&crew[..], &["--gun", "field-gun"]].concat());
    assert_eq!(v["outcome"]["move_mm"], json!(0), "{v}");
    // The text gives no rate: settings:evading_crew_limbered, normal-less-limber: 100 less
    // 40 mm to limber.
    let (_, v) = json(
        &[
            &crew[..],
            &[
                "--gun",
                "gatling",
                "--cell",
                "settings:evading_crew_limbered=normal-less-limber",
            ],
        ]
        .concat(),
    );
    assert_eq!(v["outcome"]["move_mm"], json!(60), "{v}");
    // "Open order troops must start evade a quarter of the way through the move ... They
    // may move at charge rate after allowing 10 mm to turn": 3/4 of 60, less 10: 35.
    let (_, v) = json(&["mc", "evade", "--evader", "open-order"]);
    assert_eq!(v["outcome"]["move_mm"], json!(35), "{v}");
}
