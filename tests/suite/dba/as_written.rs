//! The DBA rules as the text writes them (issue 20, items 4–6): only a base that can fire
//! back returns fire, the modifiers of a base being shot at apply only to a base being shot
//! at, a square is British, the laager's +2 is for defending in close combat, and a camp
//! cannot recoil.

use super::{combat, contact, in_contact, roll, says, try_roll_with, verdict};
use laager::resolution::RefusalKind;
use serde_json::json;

/// "Targets capable of returning fire may do so ( in which case the firer may suffer
/// adverse results )" and "Bases may engage in fire combat up to the limit of their listed
/// range": Zulu rifles (2" = 50.8 mm at 15 mm) 80 mm from the regulars cannot fire back.
#[test]
fn a_target_beyond_its_own_range_does_not_return_fire() {
    let mut s = combat("ranged", "british-regulars", "zulu-rifles", &[]);
    s.range_mm = Some(80.0);
    // A distance measured decides; saying the rifles are within range contradicts it.
    assert_eq!(
        try_roll_with(&super::charts(), &s, 1, 6)
            .expect_err("80 mm is beyond 2\"")
            .kind,
        RefusalKind::BadInput
    );
    s.b_returns_fire = false;
    // Regulars 5 + 1 = 6 against rifles 2 + 6 = 8: the firer's total is lower, but the
    // rifles could not return fire, so the firer suffers nothing.
    let r = roll(&s, 1, 6);
    assert_eq!(verdict(&r), (6, 8, json!(null), "no_result".into()));
    assert!(says(&r, "beyond b's listed range 2\" = 50.8 mm"));
    // Within 2" they return fire, and the regulars recoil.
    s.range_mm = Some(40.0);
    let r = roll(&s, 1, 6);
    assert_eq!(verdict(&r), (6, 8, json!("a"), "recoil".into()));
}

/// "Bases MAY fire at bases in contact to their front ( but not flank or rear )": the
/// regulars touch the rifles' flank, so the rifles cannot fire back at them.
#[test]
fn a_target_contacted_on_its_flank_does_not_return_fire() {
    let s = contact(
        in_contact(combat("ranged", "british-regulars", "zulu-rifles", &[])),
        "flank",
    );
    let r = roll(&s, 1, 6);
    assert_eq!(verdict(&r), (6, 8, json!(null), "no_result".into()));
    assert!(says(
        &r,
        "'Bases MAY fire at bases in contact to their front ( but not flank or rear )'"
    ));
}

/// A square's "- 1 modifier if shot at": regulars in square firing at Zulus (range "none",
/// so they cannot fire back) are not shot at, and keep their +5.
#[test]
fn a_square_firing_at_a_target_that_cannot_fire_back_is_not_shot_at() {
    let r = roll(
        &combat("ranged", "british-regulars", "zulus", &["a:square"]),
        3,
        3,
    );
    assert_eq!(r.outcome.a_total, 8);
    assert!(says(&r, "square has no effect: the -1 is 'if shot at'"));
    // Shot at by returning rifles, the square loses 1: 5 - 1 + 3 = 7.
    let r = roll(
        &combat("ranged", "british-regulars", "zulu-rifles", &["a:square"]),
        3,
        3,
    );
    assert_eq!(r.outcome.a_total, 7);
}

/// Enfilade and fire aid are against the base shot at: a firer whose target cannot fire
/// back is never enfiladed or fired at by aided fire.
#[test]
fn enfilade_and_fire_aid_need_the_base_to_be_shot_at() {
    let r = roll(
        &combat(
            "ranged",
            "british-regulars",
            "zulus",
            &["a:enfiladed", "a:fire-aided-against=2"],
        ),
        3,
        3,
    );
    assert_eq!(r.outcome.a_total, 8);
    assert!(says(&r, "enfiladed has no effect: a is not shot at"));
    assert!(says(
        &r,
        "fire-aided-against has no effect: a is not shot at"
    ));
}

/// "British formations can be: COLUMN ... LINE ... SQUARE": a Zulu base in square is
/// refused by the rule.
#[test]
fn a_zulu_base_in_square_is_refused() {
    let refusal = try_roll_with(
        &super::charts(),
        &combat("close", "zulus", "british-regulars", &["a:square"]),
        3,
        3,
    )
    .expect_err("refused");
    assert_eq!(refusal.kind, RefusalKind::NotAllowed);
    assert_eq!(refusal.rule.section, "Movement");
}

/// "provide no defensive benefit unless the British player chooses to laager his wagons
/// ( + 2 defending in close combat )": shot at, the laager is the camp's +0; defending a
/// close combat, +2.
#[test]
fn the_laager_is_plus_two_only_defending_in_close_combat() {
    let shot = roll(&combat("ranged", "zulu-rifles", "laager", &[]), 3, 3);
    assert_eq!(shot.outcome.b_total, 3);
    assert!(says(&shot, "fights as the camp"));
    let stormed = roll(&combat("close", "zulus", "laager", &[]), 3, 3);
    assert_eq!(stormed.outcome.b_total, 5);
}

/// Issue 20, item 7: the settings that read a silent text (ties) and the derived fields
/// (pursuit, mounted, foot) are `reconstructed`, and warned about when they decide.
#[test]
fn readings_of_a_silent_text_are_reconstructed_and_warned_about_when_used() {
    let charts = super::charts();
    let chart = charts
        .chart(laager::Ruleset::DbaZulu, "settings")
        .expect("settings");
    let ties = chart.cell(&["ties"]).expect("ties");
    assert_eq!(ties.confidence, laager::charts::Confidence::Reconstructed);
    let troops = charts
        .chart(laager::Ruleset::DbaZulu, "troop_types")
        .expect("troop types");
    for field in ["pursuit", "mounted", "foot"] {
        let cell = troops.cell(&["zulus", field]).expect("cell");
        assert_eq!(
            cell.confidence,
            laager::charts::Confidence::Reconstructed,
            "{field}"
        );
    }
    // Zulus 4 + 3 against regulars 5 + 2: a tie, decided by settings:ties.
    let tie = roll(&combat("close", "zulus", "british-regulars", &[]), 3, 2);
    assert!(
        tie.warnings
            .iter()
            .any(|w| w.contains("used reconstructed cell settings:ties"))
    );
    // Zulus 4 + 5 against regulars 5 + 1: no tie; the Zulus must pursue (troop_types:zulus:pursuit).
    let win = roll(&combat("close", "zulus", "british-regulars", &[]), 5, 1);
    assert!(!win.warnings.iter().any(|w| w.contains("settings:ties")));
    assert!(
        win.warnings
            .iter()
            .any(|w| w.contains("used reconstructed cell troop_types:zulus:pursuit"))
    );
}
