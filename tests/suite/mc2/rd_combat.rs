//! The Rorke's Drift melee and fire (001_f725543377c8fee5.txt, L1479-L1484), each worked by
//! hand from the supplement's sentences over the basic game's calculations, through the
//! library (`rorkes_drift::RdMelee`, `RdFire`, `RdSetup`, `ZMarker`); `cli_contract` keeps
//! `laager mc rd melee`'s and `rd fire`'s flags, `--dice` errors and exit code.

use super::{cells, charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::resolution::{Refusal, RefusalKind};
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::fire::{FireInput, FireType, Firer, Target, Weapon};
use laager::rules::micro_colonial::rorkes_drift::{
    RdFire, RdFireInput, RdMelee, RdMeleeInput, RdMeleeWinner, RdSetup, RdSetupInput, ZMarker,
    ZMarkerInput,
};
use laager::rules::situation::Origins;
use serde_json::json;

/// Melee Table 1's lost cell for fanatics attacking regulars, as the basic melee's tests
/// give it.
const TABLE_CELL: &str = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4";

/// A Zulu regiment of 950 FF against three sections of 10, 10 and 8 FF, the right-hand
/// first; A's dice B4,R2 (+2) then one random factor per section ("Throw a random factor
/// per unit engaged"): B3,R1 (+2), B1,R1 (0), B1,R1 (0), +2 in all.
fn melee() -> RdMeleeInput {
    RdMeleeInput {
        zulu_ff: 950,
        front_rank: vec![10, 10, 8],
        second_rank: Vec::new(),
        csm_leads: false,
        in_building: false,
        across_obstacle: false,
        sections_in_cover: false,
        zulu_in_cover: false,
        counter_attack: false,
        later_round: false,
        zulu_impact: false,
        zulu_factors: Vec::new(),
        british_factors: Vec::new(),
        third_rank_fire_losses: None,
        zulu_falling_back: false,
        british_falling_back: false,
        origins: laager::rules::situation::Origins::default(),
    }
}

const MELEE_DICE: &str = "B4,R2,B3,R1,B1,R1,B1,R1";

/// The same with a fourth section (a second rank), whose random factor is B2,R2 (0).
const MELEE_DICE_4: &str = "B4,R2,B3,R1,B1,R1,B1,R1,B2,R2";

fn with_table_cell() -> Charts {
    charts_with(&[TABLE_CELL])
}

fn refused_melee(input: &RdMeleeInput) -> Refusal {
    refuse::<RdMelee>(&with_table_cell(), input, MELEE_DICE)
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
    let resolution = resolve::<RdMelee>(&with_table_cell(), &melee(), MELEE_DICE);
    let o = &resolution.outcome;
    assert_eq!(o.zulu_losses, 26);
    assert_eq!(o.british_losses, 10);
    assert_eq!(o.section_losses, [4, 3, 3]);
    assert_eq!(o.winner, RdMeleeWinner::British);
    assert_eq!(o.margin, 16);
    assert!(o.loser_must_test);
    assert_eq!(resolution.procedure, "rd-melee");
    assert_eq!(resolution.out("section_losses"), json!([4, 3, 3]));
}

// "2. Divide a Zulu units' present fighting factor by 100 when fighting inside buildings,
// ie. when using the 'z' markers"; "Troops in buildings will not be subject to morale
// tests at any time." Zulus: 950 / 100 = 9 (rounding drops), +3, +2 = 14: the sections lose
// 1 (14 / 10), to the right-hand section. Sections: 26: the Zulus lose 26; they lose by
// 25, yet in a building no one tests.
#[test]
fn in_a_building_the_zulus_count_a_hundredth_and_no_one_tests() {
    let input = RdMeleeInput {
        in_building: true,
        ..melee()
    };
    let o = resolve::<RdMelee>(&with_table_cell(), &input, MELEE_DICE).outcome;
    assert_eq!(o.british_losses, 1);
    assert_eq!(o.section_losses, [1, 0, 0]);
    assert_eq!(o.zulu_losses, 26);
    assert!(!o.loser_must_test);
}

// "The CSM counter will add an extra 5 factors to any sections in melee if he is leading
// them"; FORMATIONS: "both ranks will count their full fighting factor at all times".
// Sections: 28 + 10 (second rank) + 5 (CSM) - 4 + 2 = 41: the Zulus lose 41. The sections'
// 10 are split over four, the front rank first: 3, 3, 2, 2.
#[test]
fn a_second_rank_counts_in_full_and_the_csm_adds_five() {
    let input = RdMeleeInput {
        second_rank: vec![10],
        csm_leads: true,
        ..melee()
    };
    let o = resolve::<RdMelee>(&with_table_cell(), &input, MELEE_DICE_4).outcome;
    assert_eq!(o.zulu_losses, 41);
    assert_eq!(o.section_losses, [3, 3, 2, 2]);
}

// "They may also form a two rank formation where the first rank is in direct contact with
// the attacking unit counter and not in contact with an intervening obstacle."
#[test]
fn no_second_rank_across_an_obstacle() {
    let refusal = refused_melee(&RdMeleeInput {
        second_rank: vec![10],
        across_obstacle: true,
        sections_in_cover: false,
        zulu_in_cover: false,
        ..melee()
    });
    assert_eq!(refusal.kind, RefusalKind::NotAllowed);
    assert_eq!(refusal.rule.section, "Rorke's Drift, FORMATIONS");
    assert!(refusal.needs_cells.is_empty());
}

// "British sections may counter attack against Zulu units which are inside the perimeter.
// They will get their impact bonus of two black (plus) dice on the contact round of the
// melee even though there is no charge rate." The sections are A, each section throwing
// its own random factor with two black dice: B5,B2,R1 is 7 - 1 = +6 (two black dice
// summed), B1,B1,R2 and B1,B1,R2 are 0; the Zulus B3,R1 +2. Table 1 is read with the sections as the
// attacker: regular against fanatic infantry, given +1/-2. Sections: 28 + 1 + 6 = 35, the
// Zulus lose 35; Zulus: 95 - 2 + 2 = 95, the sections lose 9.
#[test]
fn a_counter_attack_throws_two_black_dice_for_the_sections() {
    let charts =
        charts_with(&["melee_infantry_v_infantry:regular-infantry:native-fanatic-infantry=+1/-2"]);
    let input = RdMeleeInput {
        counter_attack: true,
        ..melee()
    };
    let o = resolve::<RdMelee>(&charts, &input, "B5,B2,R1,B1,B1,R2,B1,B1,R2,B3,R1").outcome;
    assert_eq!(o.zulu_losses, 35);
    assert_eq!(o.british_losses, 9);
    assert_eq!(o.section_losses, [3, 3, 3]);
    // A later round has no impact dice: one black die for the sections, so the faces typed
    // do not fit the throw.
    let later = RdMeleeInput {
        later_round: true,
        ..input
    };
    let refusal = refuse::<RdMelee>(&charts, &later, "B5,B2,R1,B1,B1,R2,B1,B1,R2,B3,R1");
    assert_eq!(refusal.kind, RefusalKind::BadDice, "{refusal:?}");
}

// REDOUBT RULE: "only the first two ranks may engage in the melee but the third rank may
// continue to fire (independent fire) into the attackers and such losses will be added to
// those suffered in the melee and counted as 'melee casualties'." 26 + 12 = 38.
#[test]
fn the_redoubt_third_ranks_fire_counts_as_melee_casualties() {
    let input = RdMeleeInput {
        third_rank_fire_losses: Some(12),
        ..melee()
    };
    let o = resolve::<RdMelee>(&with_table_cell(), &input, MELEE_DICE).outcome;
    assert_eq!(o.zulu_losses, 38);
}

// Table 1's cell is lost: the melee asks for exactly it, and carries the supplement's
// basic factors it worked (a hole never hides what is known).
#[test]
fn without_the_table_cell_the_melee_names_it_and_keeps_the_basic_factors() {
    let refusal = refuse::<RdMelee>(&charts_with(&[]), &melee(), MELEE_DICE);
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        cells(&refusal),
        vec!["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry"]
    );
    let worked: Vec<Option<&serde_json::Value>> = refusal
        .partial_steps
        .iter()
        .map(|s| s.value.as_ref())
        .collect();
    assert!(worked.contains(&Some(&json!(95))), "{refusal:?}");
    assert!(worked.contains(&Some(&json!(28))), "{refusal:?}");
}

// "at no time may a section counter have a fighting factor of more than 10".
#[test]
fn a_section_of_more_than_10_ff_is_bad_input() {
    let refusal = refused_melee(&RdMeleeInput {
        front_rank: vec![12, 10, 8],
        ..melee()
    });
    assert_eq!(refusal.kind, RefusalKind::BadInput, "{refusal:?}");
    assert_eq!(
        refusal.rule.cell.as_deref(),
        Some("rorkes_drift:section-max-ff")
    );
}

// The odds of the winner, from the Zulus' view, sum to 1. Zulus 98 + r (r one random
// factor, P(k) = (6 - |k|)/36): the sections lose 10 when r >= 2 (10/36), else 9. Sections
// 24 + s, s the sum of three random factors: the Zulus lose 24 + s. The Zulus win only when
// the sections lose 10 and s = -15 (each factor -5: (1/36)^3); a draw when they lose 9 and
// s = -15, or 10 and s = -14 (one factor -4, 2/36, three ways): out of 36^4 = 1679616,
// zulu 10, draw 26 + 60 = 86, british the rest.
#[test]
fn the_melee_odds_sum_to_one() {
    let odds = RdMelee::odds(&with_table_cell(), &melee())
        .expect("a melee throws dice")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9, "{odds:?}");
    let all = 1_679_616.0;
    let p = |w: &str| odds.probability(&json!(w));
    assert!((p("zulu") - 10.0 / all).abs() < 1e-12, "{odds:?}");
    assert!((p("draw") - 86.0 / all).abs() < 1e-12, "{odds:?}");
    assert!(
        (p("british") - (all - 96.0) / all).abs() < 1e-12,
        "{odds:?}"
    );
    assert_eq!(odds.outcomes[0].value, json!("british"));
}

// MORALE: "If a unit is ordered to fall back due to a morale order and it is unable to do
// so, it will remain where it is but will be classed as 'Falling Back in Melee', and be
// subject to the -5 factor in subsequent rounds of the same melee." The sections, unable to
// fall back, in a later round: 28 - 5 - 4 + 2 = 21 FF off the Zulus; on the contact round
// the factor is refused by its cell.
#[test]
fn sections_unable_to_fall_back_take_minus_5_in_later_rounds_only() {
    let later = RdMeleeInput {
        later_round: true,
        british_falling_back: true,
        ..melee()
    };
    let o = resolve::<RdMelee>(&with_table_cell(), &later, MELEE_DICE).outcome;
    assert_eq!(o.zulu_losses, 21);
    let refusal = refused_melee(&RdMeleeInput {
        british_falling_back: true,
        ..melee()
    });
    assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{refusal:?}");
    assert_eq!(
        refusal.rule.cell.as_deref(),
        Some("rorkes_drift:falling-back-in-melee-factor")
    );
}

/// Three sections of 10, 9 and 8 FF volleying with rifles at 150 mm into a close-order
/// Zulu regiment of 900 FF; the command line gives their total as the firing FF.
fn fire() -> RdFireInput {
    RdFireInput {
        fire: FireInput {
            firer: Firer::RegularInfantry,
            firer_ff: 27,
            weapon: Weapon::Rifle,
            fire: FireType::Volley,
            range_mm: 150.0,
            target_ff: 900,
            target: Target::NativeCloseOrderInOpen,
            in_building: false,
            initial_volley: false,
            two_unit_rear_ff: None,
            target_in_melee: None,
            melee_round: 1,
            changing_to_volley: false,
            jam_penalty: None,
            in_arc: None,
            origins: Origins::default(),
        },
        sections: vec![10, 9, 8],
        behind_cover: false,
        zulu_rifles: false,
        redoubt: false,
        zulu_inside_perimeter: false,
    }
}

/// The rifle's range and Table 2's cell typed, with Table 1's cell for these firing FF.
fn fire_charts(range_cell: &str) -> Charts {
    charts_with(&[
        "weapon_ranges:rifle=400",
        "small_arms_target_factors:native-close-order-in-open-volley:700-999=+5",
        range_cell,
    ])
}

const TABLE1_27: &str = "small_arms_range_factors:27:volley-200=+4";

// "British sections, other than those in buildings, may combine their fire against a
// single target": 10 + 9 + 8 = 27 firing FF reads Table 1's row for 27. Given +4: 4 + 5 +
// (B4 - R2 = 2) = 11 FF lost, all volley losses.
#[test]
fn sections_combine_their_fire_and_table_1_is_read_at_their_total() {
    let resolution = resolve::<RdFire>(&fire_charts(TABLE1_27), &fire(), "B4,R2");
    let o = &resolution.outcome;
    assert_eq!(o.firing_ff, 27);
    assert_eq!(o.fire.ff_lost, 11);
    assert_eq!(o.fire.volley_losses, 11);
    assert_eq!(o.fire.range_rounded_mm, 200);
    // The basic fire's keys sit beside the firing FF in the JSON.
    assert_eq!(resolution.out("ff_lost"), json!(11));
}

// REDOUBT RULE: "In this formation all three ranks may fire at the same time and in this
// instance only all volleys will be classed as initial volleys": two black dice, B4,B2
// summed, R1: 6 - 1 = 5; 4 + 5 + 5 = 14.
#[test]
fn in_the_redoubt_every_volley_is_an_initial_volley() {
    let input = RdFireInput {
        redoubt: true,
        ..fire()
    };
    let o = resolve::<RdFire>(&fire_charts(TABLE1_27), &input, "B4,B2,R1").outcome;
    assert_eq!(o.fire.ff_lost, 14);
}

/// 100 FF of natives with rifles, independent, at a section of 10 FF.
fn zulu_rifles(zulu_rifles: bool) -> RdFireInput {
    let base = fire();
    RdFireInput {
        fire: FireInput {
            firer: Firer::Natives,
            firer_ff: 100,
            fire: FireType::Independent,
            target_ff: 10,
            target: Target::OtherCloseOrder,
            ..base.fire
        },
        sections: Vec::new(),
        zulu_rifles,
        ..base
    }
}

// "Zulu rifle units will throw 2 black (plus) dice each time they fire": 100 FF natives
// with rifles, independent, at a section of 10 FF: 2 + 1 + (B3 + B3 - R5 = 1) = 4; without
// the rule the natives throw one black die, and three faces do not fit.
#[test]
fn zulu_rifles_throw_two_black_dice() {
    let charts = charts_with(&[
        "weapon_ranges:rifle=400",
        "small_arms_range_factors:100:other-200=+2",
        "small_arms_target_factors:other-close-order-independent:1-99=+1",
    ]);
    let o = resolve::<RdFire>(&charts, &zulu_rifles(true), "B3,B3,R5").outcome;
    assert_eq!(o.fire.ff_lost, 4);
    let refusal = refuse::<RdFire>(&charts, &zulu_rifles(false), "B3,B3,R5");
    assert_eq!(refusal.kind, RefusalKind::BadDice, "{refusal:?}");
}

// COVER: "For firing purposes only, ignore all cover"; "Sections in buildings may only
// engage with independent fire": a volley from a building is refused by the basic rule
// that says so; FORMATIONS: a rear rank "other than those behind cover".
#[test]
fn the_fire_the_supplement_refuses() {
    let mut in_cover = fire();
    in_cover.fire.target = Target::InCover;
    let mut in_building = fire();
    in_building.fire.in_building = true;
    let mut rear_behind_cover = fire();
    rear_behind_cover.fire.two_unit_rear_ff = Some(10);
    rear_behind_cover.behind_cover = true;
    let cases = [
        (
            "a target in cover",
            in_cover,
            TABLE1_27,
            "Rorke's Drift, COVER",
        ),
        (
            "a volley from a building",
            in_building,
            TABLE1_27,
            "TYPES OF FIRE, INDEPENDENT FIRE",
        ),
        (
            "a rear rank behind cover",
            rear_behind_cover,
            "small_arms_range_factors:37:volley-200=+4",
            "Rorke's Drift, FORMATIONS",
        ),
    ];
    for (case, input, range_cell, section) in cases {
        let refusal = refuse::<RdFire>(&fire_charts(range_cell), &input, "B4,R2");
        assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{case}: {refusal:?}");
        assert_eq!(refusal.rule.section, section, "{case}: {refusal:?}");
        assert!(refusal.needs_cells.is_empty(), "{case}: {refusal:?}");
    }
}

// FORMATIONS: "Defenders, other than those behind cover or in buildings, may engage the
// enemy in a two rank formation ... both ranks will count their full fighting factor":
// the rear rank's 10 adds in full (37), where the basic rules take half in volleys.
#[test]
fn a_rear_rank_fires_at_full_ff() {
    let mut input = fire();
    input.fire.two_unit_rear_ff = Some(10);
    let charts = fire_charts("small_arms_range_factors:37:volley-200=+4");
    let o = resolve::<RdFire>(&charts, &input, "B4,R2").outcome;
    assert_eq!(o.firing_ff, 37);
}

// SETTING UP THE GAME: "Use only two Zulu regiments from each of the basic game Impis, and
// two of the Zulu rifle units ... 30 section counters, 3 white counters, 3 commanders
// counters ... and the 18 Zulu 'Z' markers. Set up the Zulu attacking force at least 10"
// from the meali bag perimeter ... at least three section counters be left in a central
// position to act as a firing party"; BRITISH COUNTERS: "an initial fighting factor of 10
// and each commander counter a factor of 5. The white counters have an initial factor of 5".
#[test]
fn the_setup_gives_both_forces_as_the_supplement_lists_them() {
    let o = resolve::<RdSetup>(&charts_with(&[]), &RdSetupInput {}, "").outcome;
    assert_eq!(o.zulu_regiments_per_impi, 2);
    assert_eq!(o.zulu_rifle_units, 2);
    assert_eq!(o.z_markers, 18);
    assert_eq!(o.zulu_setup_distance_in, 10);
    assert_eq!(o.firing_party_sections_suggested, 3);
    let british: Vec<(i64, i64)> = o.british.iter().map(|c| (c.count, c.initial_ff)).collect();
    assert_eq!(british, [(30, 10), (3, 5), (3, 5)]);
}

// IN BUILDINGS 5: "Each of the 'Z' markers has a fighting factor of 1/100th. of the main
// unit's present fighting factor": 950 / 100 = 9 (the rounding setting drops).
#[test]
fn a_z_marker_has_a_hundredth_of_a_950_unit() {
    let input = ZMarkerInput {
        zulu_present_ff: 950,
        origins: laager::rules::situation::Origins::default(),
    };
    assert_eq!(
        resolve::<ZMarker>(&charts_with(&[]), &input, "")
            .outcome
            .z_marker_ff,
        9
    );
}

/// `laager mc rd melee`, `rd fire`, `rd setup` and `rd z-marker` as spelled: `--section`
/// repeated (its total the firing FF), `--dice` that do not fit the throw named as the
/// flag, exit code 2 with the typed refusal.
mod cli_contract {
    use super::super::{mc_json, needs, odds_total, refused, resolved};
    use crate::support::{run, stderr};
    use serde_json::json;

    const MELEE: [&str; 14] = [
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
        "B4,R2,B3,R1,B1,R1,B1,R1,B2,R2",
        "--cell",
        super::TABLE_CELL,
    ];

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

    // 28 + 10 (`--second-rank 10`) + 5 (`--csm-leads`) - 4 + 2 = 41, split 3, 3, 2, 2.
    #[test]
    fn the_rd_melee_flags_as_spelled() {
        let args: Vec<&str> = MELEE
            .iter()
            .copied()
            .chain(["--second-rank", "10", "--csm-leads"])
            .collect();
        let value = resolved(&args);
        assert_eq!(value["outcome"]["zulu_losses"], json!(41), "{value}");
        assert_eq!(value["outcome"]["section_losses"], json!([3, 3, 2, 2]));
        assert_eq!(value["procedure"], json!("rd-melee"));
        let mut odds = MELEE.to_vec();
        odds[10] = "--odds";
        odds.remove(11);
        let (code, odds) = mc_json(&odds);
        assert_eq!(code, Some(0), "{odds}");
        assert!((odds_total(&odds) - 1.0).abs() < 1e-9, "{odds}");
    }

    #[test]
    fn a_refused_rd_melee_exits_2_with_its_typed_refusal() {
        let args: Vec<&str> = MELEE
            .iter()
            .copied()
            .chain(["--second-rank", "10", "--across-obstacle"])
            .collect();
        let refusal = refused(&args);
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(
            refusal["rule"]["section"],
            json!("Rorke's Drift, FORMATIONS")
        );
        assert!(needs(&refusal).is_empty());
    }

    // A counter-attack's later round has no impact dice: one black die for the sections.
    #[test]
    fn rd_melee_dice_that_do_not_fit_name_the_flag() {
        assert_one_black(&[
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
            "--later-round",
            "--dice",
            "B5,B2,R1,B1,B1,R2,B1,B1,R2,B3,R1",
            "--cell",
            "melee_infantry_v_infantry:regular-infantry:native-fanatic-infantry=+1/-2",
        ]);
    }

    // `--section` three times: 10 + 9 + 8 = 27 firing FF; 4 + 5 + 2 = 11.
    #[test]
    fn the_rd_fire_flags_as_spelled() {
        let value = resolved(&[
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
            "small_arms_range_factors:27:volley-200=+4",
            "--dice",
            "B4,R2",
        ]);
        assert_eq!(value["outcome"]["firing_ff"], json!(27), "{value}");
        assert_eq!(value["outcome"]["ff_lost"], json!(11));
    }

    // Without `--zulu-rifles` the natives throw one black die: three faces do not fit.
    #[test]
    fn rd_fire_dice_that_do_not_fit_name_the_flag() {
        assert_one_black(&[
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
            "--dice",
            "B3,B3,R5",
            "--cell",
            "weapon_ranges:rifle=400",
            "--cell",
            "small_arms_range_factors:100:other-200=+2",
            "--cell",
            "small_arms_target_factors:other-close-order-independent:1-99=+1",
        ]);
    }

    #[test]
    fn rd_setup_and_z_marker_as_spelled() {
        let value = resolved(&["rd", "setup"]);
        assert_eq!(value["outcome"]["z_markers"], json!(18), "{value}");
        let value = resolved(&["rd", "z-marker", "--zulu-ff", "950"]);
        assert_eq!(value["outcome"]["z_marker_ff"], json!(9), "{value}");
    }
}
