//! `laager vc ...` end to end: the command contract, exit codes and JSON forms.

use crate::support::{assert_refused_json, run, stderr, stdout};
use laager::resolution::RefusalKind;
use serde_json::Value;

fn json(args: &[&str]) -> (Value, i32) {
    let output = run(args);
    let text = stdout(&output);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (value, output.status.code().expect("exit code"))
}

// Combat Example: 5 dice at range 2 rolling 1, 1, 3, 5, 6: 2 hits, 2 ammunition checks.
#[test]
fn fire_resolves_the_combat_example_as_json() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--range",
        "2",
        "--dice",
        "1,1,3,5,6",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 2);
    assert_eq!(value["outcome"]["ammo_checks"], 2);
    assert_eq!(value["ruleset"], "victoria-cross");
    assert_eq!(value["rolls"][0]["source"], "entered");
}

// "During night turns the British range goes from 3 zones to 2 zones."
#[test]
fn fire_at_range_3_by_night_at_rorkes_drift_is_refused_with_exit_2() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "rorkes-drift",
        "--sp",
        "2",
        "--range",
        "3",
        "--night",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_refused_json(&value, RefusalKind::OutOfRange, "Fire Combat");
}

#[test]
fn too_few_typed_dice_exit_2_naming_how_many() {
    let output = run(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--range",
        "2",
        "--dice",
        "1,2,3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("5 needed"), "{}", stderr(&output));
}

#[test]
fn too_many_typed_dice_exit_2_naming_how_many() {
    let output = run(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "2",
        "--range",
        "2",
        "--dice",
        "1,2,3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("threw 2"), "{}", stderr(&output));
}

#[test]
fn fire_odds_sum_to_1() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "40",
        "--range",
        "3",
        "--odds",
        "--json",
    ]);
    assert_eq!(code, 0);
    let total: f64 = value["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| o["probability"].as_f64().expect("number"))
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn the_same_seed_gives_the_same_fire() {
    let args = [
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "8",
        "--range",
        "1",
        "--seed",
        "42",
        "--json",
    ];
    assert_eq!(stdout(&run(&args)), stdout(&run(&args)));
}

// "the 4 SP plus Chard equal 5 dice x 3": 15 dice, no fewer.
#[test]
fn volley_of_4_sp_needs_15_dice() {
    let faces = "3,3,3,3,3,1,1,1,1,1,1,1,1,1,1";
    let (value, code) = json(&[
        "vc",
        "volley",
        "--battle",
        "rorkes-drift",
        "--sp",
        "4",
        "--dice",
        faces,
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 5);
    let output = run(&[
        "vc",
        "volley",
        "--battle",
        "rorkes-drift",
        "--sp",
        "4",
        "--dice",
        "3",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("15 needed"));
}

// Combat Example: two re-rolled 1s at distance 1: two units Ammo Depleted.
#[test]
fn ammo_marks_the_combat_examples_two_units() {
    let (value, code) = json(&[
        "vc",
        "ammo",
        "--ones",
        "2",
        "--distance",
        "1",
        "--dice",
        "1,1",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["depleted"], 2);
}

// "hit on 5s and 6s when firing at British units located in zone J with the water cart".
#[test]
fn random_fire_at_the_water_cart() {
    let (value, code) = json(&[
        "vc",
        "random-fire",
        "--battle",
        "rorkes-drift",
        "--water-cart",
        "--dice",
        "5,6,4,1,2,3",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 2);
}

// Melee Example: "The Zulu player rolls 30 dice checking for rolls of 6 and gets 5 hits".
#[test]
fn melee_of_the_examples_30_zulu_sp() {
    let faces = "6,6,6,6,6,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5,1,2,3,4,5";
    let (value, code) = json(&[
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--side",
        "zulu",
        "--sp",
        "30",
        "--dice",
        faces,
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 5);
}

#[test]
fn melee_across_a_wall_hits_on_4_at_rorkes_drift_and_is_refused_at_isandlwana() {
    let (value, _) = json(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "british",
        "--sp",
        "2",
        "--across-wall",
        "--dice",
        "4,3",
        "--json",
    ]);
    assert_eq!(value["outcome"]["hits"], 1);
    let output = run(&[
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--side",
        "british",
        "--sp",
        "2",
        "--across-wall",
        "--dice",
        "4,3",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

// "on a roll of 6 it jumps three spots"; "burned down when it reaches the 5 box".
#[test]
fn hospital_from_box_3_rolling_6_burns_down() {
    let (value, code) = json(&["vc", "hospital", "--track", "3", "--dice", "6", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["track"], 5);
    assert_eq!(value["outcome"]["burned"], true);
}

// "Beginning with the first turn of a Zulu melee attack on any hospital zone the Zulu
// player will roll a die": from box 0 the first roll waits for that melee, which the
// command line no longer assumes (it is `--zulu-melee-on-hospital`, the desk's checkbox,
// both made from the engine's description); past box 0 the rolls have begun.
#[test]
fn hospital_odds_print_the_track_distribution() {
    let (value, code) = json(&[
        "vc",
        "hospital",
        "--zulu-melee-on-hospital",
        "--odds",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcomes"].as_array().expect("outcomes").len(), 4);
    let (value, code) = json(&["vc", "hospital", "--dice", "6", "--json"]);
    assert_eq!(code, 2, "{value}");
    assert!(
        value["refusal"]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("no Zulu melee on a hospital zone yet")),
        "{value}"
    );
    // From box 2 the fire is burning: a 1 "does not move at all".
    let (value, code) = json(&["vc", "hospital", "--track", "2", "--dice", "1", "--json"]);
    assert_eq!(code, 0, "{value}");
    assert_eq!(value["outcome"]["track"], 2);
}

// A club's value for one cell is used, and said to be used.
#[test]
fn a_cell_override_is_used_with_a_warning() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "2",
        "--range",
        "2",
        "--dice",
        "4,5",
        "--cell",
        "hit_numbers:2=5",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 1);
    assert!(
        value["warnings"][0]
            .as_str()
            .expect("warning")
            .contains("hit_numbers:2")
    );
}

#[test]
fn a_dice_source_is_required() {
    let output = run(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "2",
        "--range",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn vc_help_lists_the_commands() {
    let text = stdout(&run(&["vc", "--help"]));
    for command in ["fire", "volley", "ammo", "random-fire", "melee", "hospital"] {
        assert!(text.contains(command), "{command} missing from {text}");
    }
}

// The board path of `vc fire`: zone 16 to zone 12 is R2 on the board.
#[test]
fn fire_from_zone_to_zone_reads_the_board() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--from",
        "16",
        "--to",
        "12",
        "--friendly",
        "17",
        "--dice",
        "1,1,3,5,6",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["hits"], 2);
}

// A board fact not supplied refuses, naming the zone and the fact.
#[test]
fn fire_from_a_zone_without_its_fire_list_is_refused_naming_it() {
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--from",
        "16",
        "--to",
        "13",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(code, 2);
    let needs = value["refusal"]["needs_cells"].as_array().expect("needs");
    assert!(
        needs
            .iter()
            .any(|c| c["chart"] == "fire_lists_isandlwana" && c["key"][0] == "16")
    );
}

#[test]
fn ammo_from_zone_16_counts_the_distance_on_the_board() {
    let (value, code) = json(&[
        "vc", "ammo", "--ones", "2", "--from", "16", "--dice", "1,1", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(value["outcome"]["depleted"], 2);
}

// `vc melee` told by its zones: "A maximum of 8 SP may melee out of any building zone",
// the British hitting on 4+ out of the storehouse G; the club's adjacency named in a
// warning. 10 SP from G into F throw 8 dice, 4,4,4,4,3,3,3,3: 4 hits.
#[test]
fn melee_from_a_building_zone_is_read_off_the_board() {
    let (v, code) = json(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "british",
        "--from",
        "G=10",
        "--into",
        "F",
        "--cell",
        "zones_rorkes_drift:G:adjacent=F",
        "--dice",
        "4,4,4,4,3,3,3,3",
        "--json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"]["hits"], 4);
    assert_eq!(
        v["warnings"][0],
        "used club value for zones_rorkes_drift:G:adjacent"
    );
    // --into-building with no count is from one zone: 12 Zulu SP throw 8 dice.
    let (v, code) = json(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "zulu",
        "--sp",
        "12",
        "--into-building",
        "--dice",
        "6,6,6,6,6,6,6,6",
        "--json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"]["hits"], 8);
    // A --from that is not ZONE=SP is named.
    let out = crate::support::run(&[
        "vc",
        "melee",
        "--battle",
        "rorkes-drift",
        "--side",
        "zulu",
        "--from",
        "G",
        "--into",
        "F",
        "--odds",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::support::stderr(&out).contains("--from: 'G' is not ZONE=SP"),
        "{}",
        crate::support::stderr(&out)
    );
}

// The victory functions on the command line (issue 20 item 10). Victory Conditions:
// "Hospital ... 6VP", "Kraal (zones A & B) ... 4VP", "The Final Redoubt (zone D) - 10VP",
// "Each VP unit is worth 1 VP": 6 + 4 + 10 + 2 = 22. "Zulu player earns 14 VPs" wins;
// "Eliminate British units until the total SP for all British units' falls below 10 SP".
#[test]
fn victory_points_and_the_victory_check_are_reachable() {
    let (v, code) = json(&[
        "vc",
        "victory-points",
        "--battle",
        "rorkes-drift",
        "--turn",
        "5",
        "--hospital",
        "--kraal-both",
        "--redoubt",
        "--vp-units-eliminated",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"]["total"], 22);
    let winner = |battle: &str, turn: &str, sp: &str, vp: &str| {
        let (v, code) = json(&[
            "vc",
            "victory",
            "--battle",
            battle,
            "--turn",
            turn,
            "--british-sp",
            sp,
            "--zulu-vp",
            vp,
            "--json",
        ]);
        assert_eq!(code, 0, "{v}");
        v["outcome"]["winner"].as_str().expect("winner").to_owned()
    };
    assert_eq!(winner("rorkes-drift", "5", "9", "0"), "zulu");
    assert_eq!(winner("rorkes-drift", "5", "10", "13"), "none");
    assert_eq!(winner("isandlwana", "16", "30", "13"), "british");
    // ALTERNATE VICTORY CONDITIONS: "27 to 19" SP surviving is a Zulu marginal victory.
    let (v, _) = json(&["vc", "alternate-victory", "--british-sp", "19", "--json"]);
    assert_eq!(v["outcome"]["level"], "zulu-marginal");
    // "his maximum on board strength allowance of 90 SP": 80 on the board, 35 lost — 10
    // may enter, 25 stay on the track.
    let (v, _) = json(&[
        "vc",
        "zulu-reentry",
        "--on-board-sp",
        "80",
        "--loss-track-sp",
        "35",
        "--json",
    ]);
    assert_eq!(
        (
            v["outcome"]["may_enter"].as_i64(),
            v["outcome"]["held"].as_i64()
        ),
        (Some(10), Some(25))
    );
}

/// The value of the first step whose text starts with `start`.
fn step_value(value: &Value, start: &str) -> Option<i64> {
    value["steps"]
        .as_array()?
        .iter()
        .find(|s| s["text"].as_str().is_some_and(|t| t.starts_with(start)))
        .and_then(|s| s["value"].as_i64())
}

/// The building of a melee exchange is told once (issue 39: the desk took it from "into a
/// building zone from N zones > 0", the command line from `--building` being given at all).
/// `--building 0`: no building, so the 12 British SP all melee ("Players Then Roll One Die
/// For Every SP") and hit "on 5 and 6"; `--building` (one zone): "A maximum of 8 SP may melee
/// out of any building zone", 8 dice hitting "on 4, 5 and 6". The desk builds the same
/// exchange by the same `MeleeExchangeInput::over` (app-tests `app_vc_once`).
#[test]
fn melee_exchange_building_zero_is_no_building_and_one_caps_the_british_at_8() {
    let args = |building: &[&'static str]| {
        let mut a = vec![
            "vc",
            "melee-exchange",
            "--battle",
            "rorkes-drift",
            "--zulu-sp",
            "10",
            "--british-sp",
            "12",
            "--seed",
            "1",
            "--json",
        ];
        a.extend_from_slice(building);
        a
    };
    let (open, code) = json(&args(&["--building", "0"]));
    assert_eq!(code, 0, "{open}");
    assert_eq!(step_value(&open, "british melee"), Some(12));
    assert_eq!(
        step_value(&open, "\"the British player hits the Zulu on 5 and 6\""),
        Some(5)
    );
    let (building, code) = json(&args(&["--building"]));
    assert_eq!(code, 0, "{building}");
    assert_eq!(step_value(&building, "british melee"), Some(8));
    assert_eq!(step_value(&building, "RORKE'S DRIFT"), Some(4));

    let over = |zones| {
        laager::rules::victoria_cross::MeleeExchangeInput::over(
            laager::rules::victoria_cross::Battle::RorkesDrift,
            10,
            12,
            laager::rules::victoria_cross::ExchangeGround {
                into_building_from_zones: zones,
                ..Default::default()
            },
        )
    };
    assert!(!over(0).british.out_of_building);
    assert!(over(1).british.out_of_building);
    assert_eq!(over(2).zulu.into_building_from_zones, 2);
}

/// At Isandlwana a wall given to a melee exchange reaches the rule, which refuses it
/// ("walls and building zones are a Rorke's Drift rule"); the exchange is never resolved
/// with the flag quietly dropped (issue 39: the desk dropped it, the command line passed it).
#[test]
fn melee_exchange_at_isandlwana_refuses_a_wall_from_every_door() {
    let output = run(&[
        "vc",
        "melee-exchange",
        "--battle",
        "isandlwana",
        "--zulu-sp",
        "10",
        "--british-sp",
        "6",
        "--across-wall",
        "--turn",
        "3",
        "--seed",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(
        stderr(&output).contains("walls and building zones are a Rorke's Drift rule"),
        "{}",
        stderr(&output)
    );
    let input = laager::rules::victoria_cross::MeleeExchangeInput::over(
        laager::rules::victoria_cross::Battle::Isandlwana,
        10,
        6,
        laager::rules::victoria_cross::ExchangeGround {
            across_wall: true,
            turn: Some(3),
            ..Default::default()
        },
    );
    assert!(input.zulu.across_wall && input.british.across_wall);
}

/// The records' counts fill a turn's Victory Points one way for `laager vc victory-points
/// --campaign` and the desk (issue 39: the command line counted the VP units eliminated only
/// at Rorke's Drift, the desk at either battle). "VP units ... worth 1 VP each" is a Rorke's
/// Drift rule: at Isandlwana the count is not laid over the input, where the rule would
/// refuse it ("the hospital, kraal, redoubt, water cart and VP units are Rorke's Drift's").
/// The Zulu SP lost this turn count at either battle.
#[test]
fn the_records_fill_the_vp_units_eliminated_at_rorkes_drift_only() {
    use laager::rules::victoria_cross::{Battle, VictoryPointsInput, VpTurn};
    let counts = laager::game::victory::VcCounts {
        vp_units_eliminated: 2,
        zulu_lost_this_turn: 5,
        ..Default::default()
    };
    let blank = |battle| VictoryPointsInput {
        battle,
        turn: VpTurn {
            turn: 4,
            ..VpTurn::default()
        },
        origins: laager::rules::situation::Origins::default(),
    };
    let rorkes = counts.victory_points(blank(Battle::RorkesDrift), &[]).turn;
    assert_eq!((rorkes.vp_units_eliminated, rorkes.zulu_losses), (2, 5));
    let isandlwana = counts.victory_points(blank(Battle::Isandlwana), &[]).turn;
    assert_eq!(
        (isandlwana.vp_units_eliminated, isandlwana.zulu_losses),
        (0, 5)
    );
    // A count typed wins over the records' (`--zulu-losses 9`), and the first steps say the
    // records gave 5.
    let mut typed = blank(Battle::Isandlwana);
    typed.turn.zulu_losses = 9;
    let typed = counts.victory_points(typed, &["/turn/zulu_losses".to_owned()]);
    assert_eq!(typed.turn.zulu_losses, 9);
    assert_eq!(typed.origins.decided[0].value, serde_json::json!(5));
}

/// The wall sections a fire crosses, given to `laager vc fire` as the desk gives them
/// (issue 39: the desk had a walls-crossed field, the command line only
/// `--zone-before-wall`, which it took as one wall). "RORKE'S DRIFT - British units may not
/// fire over more than one wall section at an enemy unit": two are refused; at Isandlwana
/// any wall is ("the Isandlwana board has no walls"). Each answer is the engine's for the
/// fire situation the desk builds from the same fields.
#[test]
fn walls_crossed_reach_the_rule_from_the_command_line_as_from_the_desk() {
    use laager::dice::DiceChoice;
    use laager::rules::Request;
    use laager::rules::victoria_cross::{self as vc, Battle, FireInput, FireSituation};
    let charts = laager::charts::Charts::shipped().expect("shipped");
    for (battle, name) in [
        (Battle::RorkesDrift, "rorkes-drift"),
        (Battle::Isandlwana, "isandlwana"),
    ] {
        for walls in 0..=2u32 {
            for zone_before_wall in [false, true] {
                let mut s = FireSituation::new(battle, 3, 2);
                s.walls_crossed = walls;
                s.zone_before_wall = zone_before_wall;
                let engine = Request::VictoriaCross(vc::Request::Fire(FireInput::AtRange(s)))
                    .resolve_with(&charts, &DiceChoice::Typed("6,5,2".to_owned()));
                let walls_text = walls.to_string();
                let mut args = vec![
                    "vc",
                    "fire",
                    "--battle",
                    name,
                    "--sp",
                    "3",
                    "--range",
                    "2",
                    "--walls-crossed",
                    &walls_text,
                    "--dice",
                    "6,5,2",
                    "--json",
                ];
                if zone_before_wall {
                    args.push("--zone-before-wall");
                }
                let (value, code) = json(&args);
                let case = format!("{name}, {walls} walls, zone before: {zone_before_wall}");
                match engine {
                    Ok(resolution) => {
                        assert_eq!(code, 0, "{case}: {value}");
                        assert_eq!(
                            value,
                            serde_json::to_value(&resolution).expect("json"),
                            "{case}"
                        );
                    }
                    Err(refusal) => {
                        assert_eq!(code, 2, "{case}: {value}");
                        assert_eq!(value["refusal"]["reason"], refusal.reason, "{case}");
                    }
                }
                // Two walls, or any at Isandlwana, are refused; one wall with a zone
                // before it at range 2 hits on 5 and 6 only.
                let refused = walls > 1
                    || (battle == Battle::Isandlwana && (walls > 0 || zone_before_wall))
                    || (zone_before_wall && walls == 0);
                assert_eq!(code == 2, refused, "{case}: {value}");
            }
        }
    }
    // --zone-before-wall alone is one wall crossed, as before.
    let (value, code) = json(&[
        "vc",
        "fire",
        "--battle",
        "rorkes-drift",
        "--sp",
        "3",
        "--range",
        "2",
        "--zone-before-wall",
        "--dice",
        "6,5,2",
        "--json",
    ]);
    assert_eq!(code, 0, "{value}");
    assert_eq!(value["outcome"]["hits"], 2);
}

// "They, and the SP grouped with them, may not move in the same turn that they plan on
// conducting volley fire"; volley fire is at an adjacent zone "that is not separated by a
// wall, or ridge". The command line can now say both (its flags and the desk's checkboxes
// are made from the engine's description), and a night volley is Rorke's Drift's alone.
#[test]
fn a_volley_after_moving_or_across_a_wall_is_refused_by_the_rule() {
    for (flag, words) in [
        ("--moved", "moved this turn"),
        ("--across-wall-or-ridge", "across a wall or ridge"),
        ("--night", "night"),
    ] {
        let (value, code) = json(&[
            "vc",
            "volley",
            "--battle",
            "isandlwana",
            "--sp",
            "4",
            flag,
            "--dice",
            "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
            "--json",
        ]);
        assert_eq!(code, 2, "{flag}: {value}");
        let reason = value["refusal"]["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(words), "{flag}: {reason}");
    }
    let (value, code) = json(&[
        "vc",
        "volley",
        "--battle",
        "isandlwana",
        "--sp",
        "4",
        "--dice",
        "6,6,6,6,6,6,6,6,6,6,6,6,6,6,6",
        "--json",
    ]);
    assert_eq!(code, 0, "{value}");
    assert_eq!(
        value["rolls"][0]["faces"].as_array().map(Vec::len),
        Some(15)
    );
}
