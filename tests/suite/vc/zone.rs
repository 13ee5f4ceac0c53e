//! The zone's procedures from the command line: both sides' melee over one zone resolved
//! together, a zone's stack against its limit, the Zulu entry zones and the solitaire
//! charts (`laager vc melee-exchange|stacking|zulu-entry|solitaire-entry|
//! solitaire-movement`), the counters read from a campaign's records.

use super::records::{campaign, counter, json_of, present, s};
use crate::support::{assert_refused_json, run, stdout};
use laager::game::Event;
use laager::resolution::RefusalKind;
use laager::store::{CampaignFile, Mode};
use serde_json::json;
use std::path::Path;

fn join(file: &Path, id: &str, side: &str, kind: &str, sp: u32) {
    let mut opened = CampaignFile::open(file, Mode::Write).expect("open");
    crate::support::log(
        &mut opened,
        1,
        Event::UnitAdded {
            unit: counter(id, side, kind, sp),
        },
    )
    .expect("joins");
}

/// "The Zulu player reveals he has 17 SP meleeing from zone 11 and 13 SP meleeing from zone
/// 17 ... meleeing the British who total 9 SP ... The British all hit on die roll results of
/// 5 and 6 ... The Zulu's all hit on die roll results of 6. The Zulu player rolls 30 dice
/// checking for rolls of 6 and gets 5 hits ... He rolls 9 dice and checks for rolls of 5 or
/// 6 and he gets 5 hits."
fn melee_example_dice() -> String {
    let mut faces = vec!["6"; 5];
    faces.extend(["1"; 25]);
    faces.extend(["5", "5", "5", "6", "6", "1", "2", "3", "4"]);
    faces.join(",")
}

#[test]
fn the_melee_example_is_one_exchange_of_30_zulu_and_9_british_sp_with_5_hits_each() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    join(&file, "Zone 17 Zulus", "Zulus", "warriors", 13);
    let dice = melee_example_dice();
    let by_flags = json_of(&[
        "vc",
        "melee-exchange",
        "--battle",
        "isandlwana",
        "--zulu-sp",
        "30",
        "--british-sp",
        "9",
        "--dice",
        &dice,
        "--json",
    ]);
    assert_eq!(
        by_flags["outcome"],
        json!({"zulu_hits": 5, "british_hits": 5})
    );
    let mut args = vec![
        "vc",
        "melee-exchange",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
    ];
    // Both sides' counters in any order: each goes to its side's melee.
    for unit in [
        "unit-1=Pulleine",
        "unit-2=Zone 11 Zulus",
        "unit-3=1/24 A",
        "unit-4=1/24 C",
        "unit-5=Zone 17 Zulus",
        "unit-6=NNC 1",
        "unit-7=NNC 2",
    ] {
        args.extend(["--unit", unit]);
    }
    args.extend(["--dice", &dice, "--apply", "--json"]);
    let from_records = json_of(&args);
    assert_eq!(from_records["outcome"], by_flags["outcome"]);
    let steps: Vec<&str> = from_records["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["text"].as_str())
        .collect();
    assert!(
        steps[0].starts_with("from the records: Zulu meleeing SP 30"),
        "{steps:?}"
    );
    assert!(
        steps[1].starts_with("from the records: British meleeing SP 9"),
        "{steps:?}"
    );
    // "The losses are then applied with each player determining who is hit in their
    // forces": applying logs the exchange and takes no SP off a counter of its own accord.
    assert_eq!(present(&file, "Zone 11 Zulus"), 17);
    assert_eq!(present(&file, "1/24 A"), 2);
    let replay = run(&["log", "replay", s(&file)]);
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
}

#[test]
fn an_exchange_needs_a_counter_of_each_side_and_a_flag_given_wins() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let one_side = json_of(&[
        "vc",
        "melee-exchange",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
        "--unit",
        "unit-1=1/24 A",
        "--dice",
        "6,6",
        "--json",
    ]);
    assert_refused_json(&one_side, RefusalKind::BadInput, "Melee Combat");
    // The Zulus' 17 SP from the records, but 10 typed: 10 Zulu dice and 2 British.
    let typed = json_of(&[
        "vc",
        "melee-exchange",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
        "--unit",
        "unit-1=1/24 A",
        "--unit",
        "unit-2=Zone 11 Zulus",
        "--zulu-sp",
        "10",
        "--dice",
        "6,6,6,1,1,1,1,1,1,1,5,6",
        "--json",
    ]);
    assert_eq!(typed["outcome"], json!({"zulu_hits": 3, "british_hits": 2}));
    let hand = typed["steps"][1]["text"].as_str().expect("a step");
    assert!(
        hand.starts_with("given by hand, winning over the table and the records: Zulu meleeing SP 10 given by hand; the records give 17"),
        "{hand}"
    );
}

// "The limits are 16 British SP plus any leaders": 1/24 A and C (2 SP each), two NNC (2
// SP each) and Pulleine are 8 SP and a leader; RA Curling, the battery, "counts as 1 SP
// for zone SP limits": 9.
#[test]
fn a_zones_stack_is_counted_on_the_records_the_artillery_1_and_leaders_apart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    join(&file, "RA Curling", "British", "artillery", 6);
    let mut args = vec![
        "vc",
        "stacking",
        "--battle",
        "isandlwana",
        "--zone",
        "16",
        "--campaign",
        s(&file),
    ];
    for unit in [
        "unit-1=1/24 A",
        "unit-2=1/24 C",
        "unit-3=NNC 1",
        "unit-4=NNC 2",
        "unit-5=Pulleine",
        "unit-6=RA Curling",
    ] {
        args.extend(["--unit", unit]);
    }
    args.push("--json");
    let read = json_of(&args);
    assert_eq!(read["outcome"], json!({"allowed": true, "limit": 16}));
    let by_flags = json_of(&[
        "vc",
        "stacking",
        "--battle",
        "isandlwana",
        "--side",
        "british",
        "--zone",
        "16",
        "--sp",
        "9",
        "--leaders",
        "1",
        "--json",
    ]);
    assert_eq!(read["outcome"], by_flags["outcome"]);
    let texts = read["steps"].to_string();
    assert!(texts.contains("SP 9"), "{texts}");
    assert!(
        texts.contains("RA Curling 1 (the artillery counts as 1 SP"),
        "{texts}"
    );
    assert!(texts.contains("leaders 1"), "{texts}");
    // 17 SP typed is over the 16.
    let over = json_of(&[
        "vc",
        "stacking",
        "--battle",
        "isandlwana",
        "--side",
        "british",
        "--zone",
        "16",
        "--sp",
        "17",
        "--json",
    ]);
    assert_eq!(over["outcome"]["allowed"], json!(false));
    // One side's units in a zone.
    let mixed = json_of(&[
        "vc",
        "stacking",
        "--battle",
        "isandlwana",
        "--zone",
        "16",
        "--campaign",
        s(&file),
        "--unit",
        "unit-1=1/24 A",
        "--unit",
        "unit-2=Zone 11 Zulus",
        "--json",
    ]);
    assert_refused_json(&mixed, RefusalKind::BadInput, "Maximum Units/SP per Zone");
}

// "The Zulu player may use these zones for entry, on or after the turn listed in the
// shield"; X and Y are "the initial entry zone of the Zulus".
#[test]
fn the_zulus_enter_by_zone_x_on_turn_1() {
    let out = json_of(&[
        "vc",
        "zulu-entry",
        "--battle",
        "isandlwana",
        "--zone",
        "X",
        "--turn",
        "1",
        "--json",
    ]);
    assert_eq!(out["outcome"], json!({"allowed": true}));
    // The zone is the referee's to type: none is assumed, and the flag is named; a battle
    // the rules do not fight is refused at the door, naming the two they do.
    let out = run(&["vc", "zulu-entry", "--battle", "isandlwana", "--turn", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::support::stderr(&out).contains("--zone"),
        "{}",
        crate::support::stderr(&out)
    );
    let out = run(&[
        "vc",
        "zulu-entry",
        "--battle",
        "ulundi",
        "--zone",
        "X",
        "--turn",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::support::stderr(&out)
            .contains("'ulundi' is not a battle: expected isandlwana or rorkes-drift"),
        "{}",
        crate::support::stderr(&out)
    );
}

// "6 – Split the force into two parts ... Roll the die again for each part and apply die
// rolls of 1-5 ... Rolls of 6 must be re-rolled": 6, then 2 (zone 19), 6 re-rolled, 5
// (zone 17).
#[test]
fn a_solitaire_entry_of_6_splits_the_force_and_re_rolls_a_6() {
    let out = json_of(&["vc", "solitaire-entry", "--dice", "6,2,6,5", "--json"]);
    assert_eq!(
        out["outcome"],
        json!({"zones": ["19", "17"], "split": true})
    );
    let whole = json_of(&["vc", "solitaire-entry", "--dice", "4", "--json"]);
    assert_eq!(whole["outcome"], json!({"zones": ["21"], "split": false}));
}

// "+1 to the die roll if there is a Zulu occupied zone to the left": a 4 reads 5, "5, 6 -
// Move the entire Zulu force 1 zone to the right"; a force "adjacent to a British occupied
// zone ... doesn't move but stays for melee".
#[test]
fn a_solitaire_move_reads_the_modified_roll_and_a_force_by_the_british_stays() {
    let right = json_of(&[
        "vc",
        "solitaire-movement",
        "--zulu-on-left",
        "--dice",
        "4",
        "--json",
    ]);
    assert_eq!(right["outcome"], json!({"direction": "right", "roll": 5}));
    let stays = json_of(&[
        "vc",
        "solitaire-movement",
        "--adjacent-to-british",
        "--zulu-on-left",
        "--dice",
        "",
        "--json",
    ]);
    assert_eq!(stays["outcome"], json!({"direction": "stay"}));
    // A force that stays throws no die, so none need be given (`Procedure::throws`).
    let stays = json_of(&[
        "vc",
        "solitaire-movement",
        "--adjacent-to-british",
        "--json",
    ]);
    assert_eq!(stays["outcome"], json!({"direction": "stay"}));
    let stay = laager::rules::victoria_cross::SolitaireMove {
        adjacent_to_british: true,
        ..Default::default()
    };
    assert!(!laager::rules::victoria_cross::Request::SolitaireMovement(stay).throws());
    // No odds are worked for the solitaire charts: the error says what to give instead.
    let odds = run(&["vc", "solitaire-movement", "--odds"]);
    assert_eq!(odds.status.code(), Some(2), "{}", stdout(&odds));
    assert!(
        crate::support::stderr(&odds).contains("--dice"),
        "{}",
        crate::support::stderr(&odds)
    );
}

/// A Rorke's Drift game: two VP units in the hospital, one of them eliminated, and the
/// Zulus of zone 1, 3 SP lost this turn.
fn rorkes_drift(dir: &Path) -> std::path::PathBuf {
    use laager::game::{Campaign, CampaignSettings, Cause, Game, UnitEdit, UnitId};
    let mut game = Game::new(laager::Ruleset::VictoriaCross, "Rorke's Drift", json!(null));
    for unit in [
        counter("B Coy 1", "British", "infantry", 2),
        counter("VP L", "British", "vp-unit", 0),
        counter("VP M", "British", "vp-unit", 0),
        counter("Zone 1 Zulus", "Zulus", "warriors", 10),
    ] {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    for edit in [
        UnitEdit::Removed {
            unit_id: UnitId("VP L".to_owned()),
        },
        UnitEdit::StrengthChanged {
            unit_id: UnitId("Zone 1 Zulus".to_owned()),
            amount: 3,
            cause: Cause::Other,
        },
    ] {
        game.append(Event::Edit { edit }).expect("edit");
    }
    let mut campaign = Campaign::new("Rorke's Drift", CampaignSettings::default());
    campaign.games.push(game);
    let path = dir.join("rd.laager");
    CampaignFile::create_from(&path, &campaign).expect("create");
    path
}

// "RORKE'S DRIFT: Victory Point (VP) counters – Each of these units is worth 1 VP to the
// Zulu player if eliminated": one of the two is off the roster, 1 VP; the Zulu SP lost this
// turn (3) are read off the records too, below the 47 of a deduction. The same as the
// flags give, and a flag given wins.
#[test]
fn victory_points_count_the_vp_units_eliminated_and_the_zulu_losses_on_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = rorkes_drift(dir.path());
    let base = [
        "vc",
        "victory-points",
        "--battle",
        "rorkes-drift",
        "--turn",
        "5",
    ];
    let mut args = base.to_vec();
    args.extend(["--campaign", s(&file), "--json"]);
    let read = json_of(&args);
    let mut flags = base.to_vec();
    flags.extend(["--vp-units-eliminated", "1", "--zulu-losses", "3", "--json"]);
    let by_flags = json_of(&flags);
    assert_eq!(read["outcome"], by_flags["outcome"]);
    assert_eq!(read["outcome"]["earned"], json!(1), "{}", read["outcome"]);
    let first = read["steps"][0]["text"].as_str().expect("a step");
    assert!(
        first.starts_with("from the records: VP units eliminated 1 — the VP units eliminated: VP L; Zulu SP lost this turn 3"),
        "{first}"
    );
    let mut given = base.to_vec();
    given.extend([
        "--campaign",
        s(&file),
        "--vp-units-eliminated",
        "2",
        "--json",
    ]);
    let overruled = json_of(&given);
    assert_eq!(
        overruled["outcome"]["earned"],
        json!(2),
        "{}",
        overruled["outcome"]
    );
}
