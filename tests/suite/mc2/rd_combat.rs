//! The Rorke's Drift melee and fire (001_f725543377c8fee5.txt, L1479-L1484): `laager mc rd
//! melee` and `laager mc rd fire`, each worked by hand from the supplement's sentences
//! over the basic game's calculations.

use super::{mc_json, needs, odds_total, refused, resolved, with};
use crate::support::{run, stderr};
use serde_json::json;

/// A Zulu regiment of 950 FF against three sections of 10, 10 and 8 FF, the right-hand
/// first; A's dice B4,R2 (+2) then B's B3,R1 (+2).
const MELEE: [&str; 13] = [
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
    "--dice",
    "B4,R2,B3,R1",
    "--cell",
];
/// Melee Table 1's lost cell for fanatics attacking regulars, as the basic melee's tests
/// give it.
const TABLE_CELL: &str = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4";

fn melee(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = MELEE.iter().map(|s| (*s).to_owned()).collect();
    args.push(TABLE_CELL.to_owned());
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

/// The command's typed dice are refused naming `--dice`: its throw is one black die and
/// one red, and two black were typed.
fn assert_one_black(args: &[&str]) {
    let mut all = vec!["mc"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert_eq!(out.status.code(), Some(2));
    let text = stderr(&out);
    assert!(
        text.contains("--dice") && text.contains("1 black and 1 red needed"),
        "{text}"
    );
}

fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

// "1. Divide all the Zulu units' present fighting factor by 10 to give its basic melee
// factor ... 3. Count all the British sections 'full present fighting factor' as their
// basic melee factor 4. ... Divide by 10 any losses suffered by the defenders"; "Divide
// the melee losses on those British sections which combined in the same melee equally
// between the sections, starting from the right-hand section in each case."
// Zulus: 950 / 10 = 95, +3 (Table 1), +2 = 100: the sections lose 100 / 10 = 10, split
// 4, 3, 3 from the right. Sections: 28, -4, +2 = 26: the Zulus lose 26. The sections win
// by 16, more than 5: the Zulus test ("Loser of a melee by more than 5 fighting factors").
#[test]
fn zulus_count_a_tenth_sections_their_full_ff_and_the_defenders_lose_a_tenth() {
    let value = resolved(&refs(&melee(&[])));
    let o = &value["outcome"];
    assert_eq!(o["zulu_losses"], json!(26), "{value}");
    assert_eq!(o["british_losses"], json!(10));
    assert_eq!(o["section_losses"], json!([4, 3, 3]));
    assert_eq!(o["winner"], json!("british"));
    assert_eq!(o["margin"], json!(16));
    assert_eq!(o["loser_must_test"], json!(true));
    assert_eq!(value["procedure"], json!("rd-melee"));
}

// "2. Divide a Zulu units' present fighting factor by 100 when fighting inside buildings,
// ie. when using the 'z' markers"; "Troops in buildings will not be subject to morale
// tests at any time." Zulus: 950 / 100 = 9 (rounding drops), +3, +2 = 14: the sections lose
// 1 (14 / 10), to the right-hand section. Sections: 26: the Zulus lose 26; they lose by
// 25, yet in a building no one tests.
#[test]
fn in_a_building_the_zulus_count_a_hundredth_and_no_one_tests() {
    let value = resolved(&refs(&melee(&["--in-building"])));
    let o = &value["outcome"];
    assert_eq!(o["british_losses"], json!(1), "{value}");
    assert_eq!(o["section_losses"], json!([1, 0, 0]));
    assert_eq!(o["zulu_losses"], json!(26));
    assert_eq!(o["loser_must_test"], json!(false));
}

// "The CSM counter will add an extra 5 factors to any sections in melee if he is leading
// them"; FORMATIONS: "both ranks will count their full fighting factor at all times".
// Sections: 28 + 10 (second rank) + 5 (CSM) - 4 + 2 = 41: the Zulus lose 41. The sections'
// 10 are split over four, the front rank first: 3, 3, 2, 2.
#[test]
fn a_second_rank_counts_in_full_and_the_csm_adds_five() {
    let value = resolved(&refs(&melee(&["--second-rank", "10", "--csm-leads"])));
    let o = &value["outcome"];
    assert_eq!(o["zulu_losses"], json!(41), "{value}");
    assert_eq!(o["section_losses"], json!([3, 3, 2, 2]));
}

// "They may also form a two rank formation where the first rank is in direct contact with
// the attacking unit counter and not in contact with an intervening obstacle."
#[test]
fn no_second_rank_across_an_obstacle() {
    let refusal = refused(&refs(&melee(&["--second-rank", "10", "--across-obstacle"])));
    assert_eq!(refusal["kind"], json!("not_allowed"));
    assert_eq!(
        refusal["rule"]["section"],
        json!("Rorke's Drift, FORMATIONS")
    );
    assert!(needs(&refusal).is_empty());
}

// "British sections may counter attack against Zulu units which are inside the perimeter.
// They will get their impact bonus of two black (plus) dice on the contact round of the
// melee even though there is no charge rate." The sections are A: B5,B2,R1 is 7 - 1 = +6
// (two black dice summed); the Zulus B3,R1 +2. Table 1 is read with the sections as the
// attacker: regular against fanatic infantry, given +1/-2. Sections: 28 + 1 + 6 = 35, the
// Zulus lose 35; Zulus: 95 - 2 + 2 = 95, the sections lose 9.
#[test]
fn a_counter_attack_throws_two_black_dice_for_the_sections() {
    let args = [
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
        "--counter-attack",
        "--dice",
        "B5,B2,R1,B3,R1",
        "--cell",
        "melee_infantry_v_infantry:regular-infantry:native-fanatic-infantry=+1/-2",
    ];
    let value = resolved(&args);
    let o = &value["outcome"];
    assert_eq!(o["zulu_losses"], json!(35), "{value}");
    assert_eq!(o["british_losses"], json!(9));
    assert_eq!(o["section_losses"], json!([3, 3, 3]));
    // A later round has no impact dice: one black die for the sections.
    let later = with(&args, &["--later-round"]);
    assert_one_black(&later);
}

// REDOUBT RULE: "only the first two ranks may engage in the melee but the third rank may
// continue to fire (independent fire) into the attackers and such losses will be added to
// those suffered in the melee and counted as 'melee casualties'." 26 + 12 = 38.
#[test]
fn the_redoubt_third_ranks_fire_counts_as_melee_casualties() {
    let value = resolved(&refs(&melee(&["--third-rank-fire-losses", "12"])));
    assert_eq!(value["outcome"]["zulu_losses"], json!(38), "{value}");
}

// Table 1's cell is lost: the melee asks for exactly it, and carries the supplement's
// basic factors it worked (a hole never hides what is known).
#[test]
fn without_the_table_cell_the_melee_names_it_and_keeps_the_basic_factors() {
    let refusal = refused(&MELEE[..12]);
    assert_eq!(
        needs(&refusal),
        vec!["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry"]
    );
    let worked: Vec<&serde_json::Value> = refusal["partial_steps"]
        .as_array()
        .expect("partial steps")
        .iter()
        .map(|s| &s["value"])
        .collect();
    assert!(worked.contains(&&json!(95)), "{refusal}");
    assert!(worked.contains(&&json!(28)), "{refusal}");
}

// "at no time may a section counter have a fighting factor of more than 10".
#[test]
fn a_section_of_more_than_10_ff_is_bad_input() {
    let mut args = melee(&[]);
    args[5] = "12".to_owned();
    let refusal = refused(&refs(&args));
    assert_eq!(refusal["kind"], json!("bad_input"), "{refusal}");
    assert_eq!(
        refusal["rule"]["cell"],
        json!("rorkes_drift:section-max-ff")
    );
}

// The odds of the winner, from the Zulus' view, sum to 1; with these totals (Zulus 98 + RF,
// sections 24 + RF) the sections always lose fewer FF: P(british) = 1.
#[test]
fn the_melee_odds_sum_to_one() {
    let mut args = melee(&[]);
    args[10] = "--odds".to_owned();
    args.remove(11);
    let (code, odds) = mc_json(&refs(&args));
    assert_eq!(code, Some(0), "{odds}");
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9, "{odds}");
    assert_eq!(odds["outcomes"][0]["value"], json!("british"));
    assert!(
        (odds["outcomes"][0]["probability"]
            .as_f64()
            .expect("probability")
            - 1.0)
            .abs()
            < 1e-9
    );
}

/// Three sections of 10, 9 and 8 FF volleying with rifles at 150 mm into a close-order
/// Zulu regiment of 900 FF.
const FIRE: [&str; 25] = [
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
    "--cell",
];

fn fire(range_cell: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = FIRE.iter().map(|s| (*s).to_owned()).collect();
    args.push(range_cell.to_owned());
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

// "British sections, other than those in buildings, may combine their fire against a
// single target": 10 + 9 + 8 = 27 firing FF reads Table 1's row for 27. Given +4: 4 + 5 +
// (B4 - R2 = 2) = 11 FF lost, all volley losses.
#[test]
fn sections_combine_their_fire_and_table_1_is_read_at_their_total() {
    let value = resolved(&refs(&fire(
        "small_arms_range_factors:27:volley-200=+4",
        &["--dice", "B4,R2"],
    )));
    let o = &value["outcome"];
    assert_eq!(o["firing_ff"], json!(27), "{value}");
    assert_eq!(o["ff_lost"], json!(11));
    assert_eq!(o["volley_losses"], json!(11));
    assert_eq!(o["range_rounded_mm"], json!(200));
}

// REDOUBT RULE: "In this formation all three ranks may fire at the same time and in this
// instance only all volleys will be classed as initial volleys": two black dice, B4,B2
// summed, R1: 6 - 1 = 5; 4 + 5 + 5 = 14.
#[test]
fn in_the_redoubt_every_volley_is_an_initial_volley() {
    let value = resolved(&refs(&fire(
        "small_arms_range_factors:27:volley-200=+4",
        &["--redoubt", "--dice", "B4,B2,R1"],
    )));
    assert_eq!(value["outcome"]["ff_lost"], json!(14), "{value}");
}

// "Zulu rifle units will throw 2 black (plus) dice each time they fire": 100 FF natives
// with rifles, independent, at a section of 10 FF: 2 + 1 + (B3 + B3 - R5 = 1) = 4.
#[test]
fn zulu_rifles_throw_two_black_dice() {
    let args = [
        "rd",
        "fire",
        "--firer",
        "natives",
        "--firer-ff",
        "100",
        "--weapon",
        "rifle",
        "--fire",
        "independent",
        "--range-mm",
        "150",
        "--target-ff",
        "10",
        "--target",
        "other-close-order",
        "--zulu-rifles",
        "--dice",
        "B3,B3,R5",
        "--cell",
        "weapon_ranges:rifle=400",
        "--cell",
        "small_arms_range_factors:100:other-200=+2",
        "--cell",
        "small_arms_target_factors:other-close-order-independent:1-99=+1",
    ];
    let value = resolved(&args);
    assert_eq!(value["outcome"]["ff_lost"], json!(4), "{value}");
    // Without the flag the natives throw one black die: three faces do not fit.
    let plain: Vec<&str> = args
        .iter()
        .copied()
        .filter(|a| *a != "--zulu-rifles")
        .collect();
    assert_one_black(&plain);
}

// COVER: "For firing purposes only, ignore all cover."
#[test]
fn a_target_in_cover_is_refused_by_the_cover_rule() {
    let mut args = fire(
        "small_arms_range_factors:27:volley-200=+4",
        &["--dice", "B4,R2"],
    );
    args[13] = "in-cover".to_owned();
    let refusal = refused(&refs(&args));
    assert_eq!(refusal["rule"]["section"], json!("Rorke's Drift, COVER"));
    assert!(needs(&refusal).is_empty());
}

// "Sections in buildings may only engage with independent fire": a volley from a building
// is refused by the basic rule that says so.
#[test]
fn sections_in_buildings_fire_independent_only() {
    let refusal = refused(&refs(&fire(
        "small_arms_range_factors:27:volley-200=+4",
        &["--in-building", "--dice", "B4,R2"],
    )));
    assert_eq!(
        refusal["rule"]["section"],
        json!("TYPES OF FIRE, INDEPENDENT FIRE")
    );
}

// FORMATIONS: "Defenders, other than those behind cover or in buildings, may engage the
// enemy in a two rank formation ... both ranks will count their full fighting factor":
// the rear rank's 10 adds in full (37), where the basic rules take half in volleys.
#[test]
fn a_rear_rank_fires_at_full_ff_unless_behind_cover() {
    let value = resolved(&refs(&fire(
        "small_arms_range_factors:37:volley-200=+4",
        &["--two-unit-rear-ff", "10", "--dice", "B4,R2"],
    )));
    assert_eq!(value["outcome"]["firing_ff"], json!(37), "{value}");
    let refusal = refused(&refs(&fire(
        "small_arms_range_factors:37:volley-200=+4",
        &[
            "--two-unit-rear-ff",
            "10",
            "--behind-cover",
            "--dice",
            "B4,R2",
        ],
    )));
    assert_eq!(
        refusal["rule"]["section"],
        json!("Rorke's Drift, FORMATIONS")
    );
}

// MORALE: "If a unit is ordered to fall back due to a morale order and it is unable to do
// so, it will remain where it is but will be classed as 'Falling Back in Melee', and be
// subject to the -5 factor in subsequent rounds of the same melee." The sections, unable to
// fall back, in a later round: 28 - 5 - 4 + 2 = 21 FF off the Zulus.
#[test]
fn sections_unable_to_fall_back_take_minus_5_in_later_rounds_only() {
    let value = resolved(&refs(&melee(&["--later-round", "--british-falling-back"])));
    assert_eq!(value["outcome"]["zulu_losses"], json!(21), "{value}");
    let refusal = refused(&refs(&melee(&["--british-falling-back"])));
    assert_eq!(
        refusal["rule"]["cell"],
        json!("rorkes_drift:falling-back-in-melee-factor")
    );
}

// SETTING UP THE GAME: "Use only two Zulu regiments from each of the basic game Impis, and
// two of the Zulu rifle units ... 30 section counters, 3 white counters, 3 commanders
// counters ... and the 18 Zulu 'Z' markers. Set up the Zulu attacking force at least 10"
// from the meali bag perimeter ... at least three section counters be left in a central
// position to act as a firing party"; BRITISH COUNTERS: "an initial fighting factor of 10
// and each commander counter a factor of 5. The white counters have an initial factor of 5".
#[test]
fn the_setup_gives_both_forces_as_the_supplement_lists_them() {
    let value = resolved(&["rd", "setup"]);
    let o = &value["outcome"];
    assert_eq!(o["zulu_regiments_per_impi"], json!(2), "{value}");
    assert_eq!(o["zulu_rifle_units"], json!(2));
    assert_eq!(o["z_markers"], json!(18));
    assert_eq!(o["zulu_setup_distance_in"], json!(10));
    assert_eq!(o["firing_party_sections_suggested"], json!(3));
    let british: Vec<(i64, i64)> = o["british"]
        .as_array()
        .expect("british")
        .iter()
        .map(|c| {
            (
                c["count"].as_i64().expect("count"),
                c["initial_ff"].as_i64().expect("ff"),
            )
        })
        .collect();
    assert_eq!(british, [(30, 10), (3, 5), (3, 5)]);
}

// IN BUILDINGS 5: "Each of the 'Z' markers has a fighting factor of 1/100th. of the main
// unit's present fighting factor": 950 / 100 = 9 (the rounding setting drops).
#[test]
fn a_z_marker_has_a_hundredth_of_its_unit_from_the_command_line() {
    let value = resolved(&["rd", "z-marker", "--zulu-ff", "950"]);
    assert_eq!(value["outcome"]["z_marker_ff"], json!(9), "{value}");
}
