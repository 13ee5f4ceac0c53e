//! COMBAT OUTCOMES, the close-combat flank rules, pursuit, ties, Gatling jams, and the
//! distances at each figure scale.

use super::{charts, charts_with, combat, contact, out, roll, says, try_roll_with, verdict};
use crate::support::assert_refused;
use laager::dice::EnteredDice;
use laager::rules::Procedure;
use laager::rules::dba_zulu::Combat;
use serde_json::json;

#[test]
fn a_loser_at_exactly_half_the_winner_is_destroyed() {
    // "All bases whose combat roll including modifiers is less than or half that of their
    // opponents are destroyed" (NNC are otherwise destroyed only by Zulus in melee):
    // Rockets 1+6 = 7 v NNC 2+1 = 3, and 3 <= 3.5: destroyed.
    let r = roll(&combat("ranged", "rockets", "nnc", &[]), 6, 1);
    assert_eq!(verdict(&r), (7, 3, json!("b"), "destroyed".into()));
    // Rockets 1+5 = 6 v NNC 2+1 = 3: exactly half: destroyed.
    let r = roll(&combat("ranged", "rockets", "nnc", &[]), 5, 1);
    assert_eq!(verdict(&r), (6, 3, json!("b"), "destroyed".into()));
    // Rockets 1+6 = 7 v NNC 2+2 = 4: 8 > 7: recoil 20 mm.
    let r = roll(&combat("ranged", "rockets", "nnc", &[]), 6, 2);
    assert_eq!(verdict(&r), (7, 4, json!("b"), "recoil".into()));
    assert_eq!(out(&r, "displace_mm"), json!(20.0));
}

#[test]
fn light_horse_halved_by_zulu_rifles_is_destroyed_not_fled() {
    // The flight is only "Light Horse in close combat with Zulus": Zulu rifles 2+6 = 8 v
    // Light Horse 2+2 = 4 in close combat: destroyed.
    let r = roll(&combat("close", "zulu-rifles", "light-horse", &[]), 6, 2);
    assert_eq!(verdict(&r), (8, 4, json!("b"), "destroyed".into()));
}

#[test]
fn light_horse_in_rough_beaten_by_zulus_is_destroyed_by_its_entry() {
    // "any and in rough" destroys it before the half-total rule and its flight exception:
    // Zulus 4+6 = 10 v Light Horse 2-2+1 = 1.
    let r = roll(&combat("close", "zulus", "light-horse", &["b:rough"]), 6, 1);
    assert_eq!(verdict(&r), (10, 1, json!("b"), "destroyed".into()));
}

#[test]
fn a_flanked_loser_is_destroyed() {
    // "Bases with an enemy to their front and/or another enemy base(s) to its flank or rear
    // and loses the combat is destroyed": Regulars 5+2 = 7 on the flank of Zulus 4-2+4 = 6
    // (12 > 7, and Zulus are otherwise destroyed only by Gatlings).
    let r = roll(
        &contact(combat("close", "british-regulars", "zulus", &[]), "flank"),
        2,
        4,
    );
    assert_eq!(verdict(&r), (7, 6, json!("b"), "destroyed".into()));
    // The same for a, flanked by another base while it fights b's front: Zulus 4-2+4 = 6 v
    // Regulars 5+2 = 7: a destroyed.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:flank-or-rear"]),
        4,
        2,
    );
    assert_eq!(verdict(&r), (6, 7, json!("a"), "destroyed".into()));
}

#[test]
fn an_attacker_beaten_by_the_base_whose_flank_it_contacted_stays_in_contact() {
    // "the flanking bases do not recoil but remain in contact": Zulus 4+1 = 5 v Regulars
    // 5-2+6 = 9 (10 > 9); b "may not pursue".
    let r = roll(
        &contact(combat("close", "zulus", "british-regulars", &[]), "flank"),
        1,
        6,
    );
    assert_eq!(verdict(&r), (5, 9, json!("a"), "stays".into()));
    assert_eq!(out(&r, "pursuit"), json!("not_allowed"));
    assert_eq!(out(&r, "displace_mm"), json!(null));
}

#[test]
fn a_flanking_attacker_whose_entry_destroys_it_is_destroyed_not_kept() {
    // "do not recoil" replaces a recoil only: NNC 2+2 = 4 on the Zulus' flank lose to
    // 4-2+4 = 6 (8 > 6), but NNC are destroyed if beat by Zulus in melee.
    let r = roll(
        &contact(combat("close", "nnc", "zulus", &[]), "flank"),
        2,
        4,
    );
    assert_eq!(verdict(&r), (4, 6, json!("a"), "destroyed".into()));
}

#[test]
fn a_flanked_winner_may_not_pursue() {
    // "The victorious base may not pursue even if normally required to do so": Zulus flanked
    // by another base, 4-2+6 = 8, destroy Regulars 5+1 = 6 but must not advance.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:flank-or-rear"]),
        6,
        1,
    );
    assert_eq!(verdict(&r), (8, 6, json!("b"), "destroyed".into()));
    assert_eq!(out(&r, "pursuit"), json!("not_allowed"));
}

#[test]
fn pursuit_duties_follow_the_winner() {
    // "Artillery, Rockets annd Gatling Guns never pursue": artillery 3+6 = 9 v Zulus 4+1 = 5.
    let r = roll(&combat("close", "zulus", "artillery", &[]), 1, 6);
    assert_eq!(
        (out(&r, "loser"), out(&r, "pursuit")),
        (json!("a"), json!("never"))
    );
    // "All other bases may pursue": Regulars 5+6 = 11 v Zulus 4+2 = 6, recoil; may, 15 mm.
    let r = roll(&combat("close", "zulus", "british-regulars", &[]), 2, 6);
    assert_eq!(
        (out(&r, "pursuit"), out(&r, "pursuit_mm")),
        (json!("may"), json!(15.0))
    );
}

#[test]
fn equal_totals_are_no_result_by_the_ties_setting() {
    // The text is silent on ties: setting ties = no_result, said in a step and a warning.
    let r = roll(&combat("close", "zulus", "british-regulars", &[]), 4, 3);
    assert_eq!(verdict(&r), (8, 8, json!(null), "no_result".into()));
    assert!(says(&r, "the text is silent on ties"));
    assert!(r.warnings.iter().any(|w| w.contains("ties")));
    assert_eq!(out(&r, "pursuit"), json!(null));
}

#[test]
fn ties_reroll_setting_rolls_again() {
    // With ties = reroll: 4,3 tie at 8; 6,2 then gives 10 v 7: Regulars destroyed.
    let charts = charts_with("settings:ties=reroll");
    let mut dice = EnteredDice::from_faces(&[4, 3, 6, 2]).expect("faces");
    let r = Combat::resolve(
        &charts,
        &combat("close", "zulus", "british-regulars", &[]),
        &mut dice,
    )
    .expect("resolves");
    assert_eq!(verdict(&r), (10, 7, json!("b"), "destroyed".into()));
    assert_eq!(r.rolls.len(), 2);
}

#[test]
fn a_gatling_jams_on_a_one_even_when_it_wins() {
    // "Gatling guns jam whenever they roll an unmodified 1 in combat": Gatling 6+1 = 7 v
    // Zulu rifles 2+1 = 3 (destroyed by the entry "Gatling guns").
    let r = roll(&combat("ranged", "gatling", "zulu-rifles", &[]), 1, 1);
    assert_eq!(verdict(&r), (7, 3, json!("b"), "destroyed".into()));
    assert_eq!(out(&r, "jammed"), json!(["a"]));
    let r = roll(&combat("ranged", "gatling", "zulu-rifles", &[]), 2, 1);
    assert_eq!(out(&r, "jammed"), json!([]));
}

#[test]
fn distances_scale_with_the_figures() {
    // "If you use 25mm, I suggest multiplying all of these dimensions by 1.5": Light Horse
    // 30 mm deep become 45; with scale_distances = yes the 6" flight becomes 9" (228.6 mm).
    let mut s = combat("close", "zulus", "light-horse", &[]);
    s.scale = Some("25mm".to_owned());
    let r = roll(&s, 6, 1);
    assert_eq!(
        (out(&r, "displace_mm"), out(&r, "flee_mm")),
        (json!(45.0), json!(228.6))
    );
    // "for 6mm by 1/2": 15 mm and 3" (76.2 mm).
    s.scale = Some("6mm".to_owned());
    let r = roll(&s, 6, 1);
    assert_eq!(
        (out(&r, "displace_mm"), out(&r, "flee_mm")),
        (json!(15.0), json!(76.2))
    );
    // "If using 10mm, multiply all dimensions by 2/3": 20 mm.
    s.scale = Some("10mm".to_owned());
    assert_eq!(out(&roll(&s, 6, 1), "displace_mm"), json!(20.0));
}

#[test]
fn scale_distances_no_keeps_inches_as_printed() {
    let charts = charts_with("settings:scale_distances=no");
    let mut s = combat("close", "zulus", "light-horse", &[]);
    s.scale = Some("25mm".to_owned());
    let r = try_roll_with(&charts, &s, 6, 1).expect("resolves");
    assert_eq!(
        (out(&r, "displace_mm"), out(&r, "flee_mm")),
        (json!(45.0), json!(152.4))
    );
}

#[test]
fn the_figure_scale_setting_is_the_default_scale() {
    let charts = charts_with("settings:figure_scale=25mm");
    let r = try_roll_with(
        &charts,
        &combat("close", "zulus", "british-regulars", &[]),
        2,
        6,
    )
    .expect("resolves");
    // Zulus recoil one 15 mm depth x 1.5.
    assert_eq!(out(&r, "displace_mm"), json!(22.5));
}

#[test]
fn ranged_contact_on_a_flank_needs_the_bases_in_contact() {
    let s = contact(combat("ranged", "british-regulars", "zulus", &[]), "flank");
    // "Bases MAY fire at bases in contact to their front ( but not flank or rear )": a
    // ranged combat on a flank is of bases in contact, and they must be marked so.
    let refused = try_roll_with(&charts(), &s, 3, 3).expect_err("not in contact");
    assert_refused(
        &refused,
        laager::resolution::RefusalKind::NotAllowed,
        "Ranged Combat",
    );
}

#[test]
fn every_step_cites_the_document() {
    let r = roll(
        &contact(
            combat("close", "zulus", "british-regulars", &["b:overlaps=1"]),
            "flank",
        ),
        6,
        1,
    );
    assert!(
        r.steps
            .iter()
            .all(|s| s.rule.document == "003_d01d2219af99fefb.txt" && !s.rule.section.is_empty())
    );
    assert_eq!(r.tables_hash, charts().hash());
}

#[test]
fn a_firer_is_not_harmed_by_a_target_that_cannot_return_fire() {
    // "Targets capable of returning fire may do so ( in which case the firer may suffer
    // adverse results )": Regulars 5+1 = 6 fire at Zulus 4+6 = 10, who have no range.
    let r = roll(&combat("ranged", "british-regulars", "zulus", &[]), 1, 6);
    assert_eq!(verdict(&r), (6, 10, json!(null), "no_result".into()));
    assert!(says(&r, "did not return fire"));
    assert!(r.warnings.is_empty(), "not a tie: {:?}", r.warnings);
}

#[test]
fn a_firer_loses_to_a_target_that_returns_fire() {
    // Zulu rifles 2+6 = 8 return the fire of Regulars 5+1 = 6: the Regulars recoil 15 mm.
    let r = roll(
        &combat("ranged", "british-regulars", "zulu-rifles", &[]),
        1,
        6,
    );
    assert_eq!(verdict(&r), (6, 8, json!("a"), "recoil".into()));
    let mut held = combat("ranged", "british-regulars", "zulu-rifles", &[]);
    held.b_holds_fire = true;
    held.b_returns_fire = false;
    assert_eq!(out(&roll(&held, 1, 6), "result"), json!("no_result"));
}
