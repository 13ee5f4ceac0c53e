//! One test per modifier (MODIFIERS and the terrain and combat sections), each on the side
//! whose total it changes and only where the text applies it. Dice 3,3 unless said: the
//! totals are then the combat factors plus 3.

use super::{charts, combat, contact, in_contact, out, roll, says, try_roll_with};
use crate::support::assert_refused;
use laager::rules::dba_zulu::{ModifierName, Modifiers};
use serde_json::json;

fn totals(r: &super::Resolution) -> (serde_json::Value, serde_json::Value) {
    (out(r, "a_total"), out(r, "b_total"))
}

#[test]
fn rough_is_minus2_to_mounted_cavalry() {
    // "- 2 to all mounted troop types (Light Horse, Cavalry ...) in rough": 2 - 2 + 3 = 3.
    let r = roll(&combat("close", "cavalry", "zulus", &["a:rough"]), 3, 3);
    assert_eq!(totals(&r), (json!(3), json!(7)));
}

#[test]
fn rough_is_minus2_to_lancers_as_cavalry() {
    // "CAVALRY: Examples include Lancers and Dragoons": 3 - 2 + 4 = 5 (a tie with 2 + 3).
    let r = roll(
        &combat("ranged", "zulu-rifles", "lancers", &["b:rough"]),
        3,
        4,
    );
    assert_eq!(out(&r, "b_total"), json!(5));
}

#[test]
fn rough_has_no_effect_on_dismounted_light_horse() {
    // "(Light Horse, Cavalry but not dismounted Light Horse )": DLH 4 + 3 = 7.
    let r = roll(
        &combat("close", "zulus", "dismounted-light-horse", &["b:rough"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(7));
    assert!(says(&r, "rough has no effect"));
}

#[test]
fn rough_is_minus2_to_regulars_using_ranged_combat() {
    // "- 2 to British Regulars ... using ranged combat except when in contact": 5 - 2 + 3 = 6.
    let r = roll(
        &combat("ranged", "british-regulars", "zulus", &["a:rough"]),
        3,
        3,
    );
    assert_eq!(totals(&r), (json!(6), json!(7)));
}

#[test]
fn rough_is_minus2_to_zulu_rifles_using_ranged_combat() {
    // "... native and Zulu rifles using ranged combat": 2 - 2 + 3 = 3.
    let r = roll(
        &combat("ranged", "zulu-rifles", "british-regulars", &["a:rough"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(3));
}

#[test]
fn rough_ranged_penalty_falls_on_a_target_only_when_it_returns_fire() {
    // Regulars in rough shot at by Zulu rifles: returning fire they are 'using ranged combat',
    // 5 - 2 + 3 = 6; holding their fire, 5 + 3 = 8.
    let s = combat("ranged", "zulu-rifles", "british-regulars", &["b:rough"]);
    assert_eq!(out(&roll(&s, 3, 3), "b_total"), json!(6));
    let mut held = s;
    held.b_holds_fire = true;
    held.b_returns_fire = false;
    let r = roll(&held, 3, 3);
    assert_eq!(out(&r, "b_total"), json!(8));
    assert!(says(&r, "does not return fire"));
}

#[test]
fn rough_ranged_penalty_lifts_when_in_contact() {
    // "... using ranged combat except when in contact": Regulars 5 + 3 = 8.
    let r = roll(
        &in_contact(combat("ranged", "british-regulars", "zulus", &["a:rough"])),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(8));
    assert!(says(&r, "except when in contact"));
}

#[test]
fn rough_is_minus1_to_regulars_in_close_combat() {
    // "- 1 to British Regulars, artillery, rockets and Gatling guns in close combat": 5 - 1 + 3 = 7.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["b:rough"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(7));
}

#[test]
fn rough_is_minus1_to_artillery_in_close_combat() {
    // Same sentence: artillery 3 - 1 + 3 = 5.
    let r = roll(&combat("close", "zulus", "artillery", &["b:rough"]), 3, 3);
    assert_eq!(out(&r, "b_total"), json!(5));
}

#[test]
fn rough_has_no_effect_on_zulus() {
    // The rough modifiers name mounted troops, regulars, guns and rifles only: Zulus 4 + 3 = 7.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:rough"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(7));
    assert!(says(&r, "rough has no effect"));
}

#[test]
fn contacting_foot_in_rough_is_minus2_to_mounted() {
    // "- 2 to all mounted troop types ... contacting foot in rough": 2 - 2 + 3 = 3.
    let r = roll(
        &combat("close", "cavalry", "zulus", &["a:contacting-foot-in-rough"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(3));
}

#[test]
fn contacting_foot_in_rough_follows_from_an_opponent_on_foot_in_rough() {
    // The Zulus are foot in rough (no modifier of their own); the cavalry touching them loses 2.
    let r = roll(&combat("close", "cavalry", "zulus", &["b:rough"]), 3, 3);
    assert_eq!(totals(&r), (json!(3), json!(7)));
}

#[test]
fn contacting_foot_in_rough_adds_nothing_to_a_mounted_base_already_in_rough() {
    // "in rough or contacting foot in rough": one -2, 2 - 2 + 3 = 3.
    let r = roll(
        &combat(
            "close",
            "cavalry",
            "zulus",
            &["a:rough", "a:contacting-foot-in-rough"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(3));
    assert!(says(&r, "no further effect"));
}

#[test]
fn contacting_foot_in_rough_has_no_effect_on_foot() {
    let r = roll(
        &combat(
            "close",
            "zulus",
            "british-regulars",
            &["a:contacting-foot-in-rough"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(7));
    assert!(says(&r, "mounted troop types only"));
}

#[test]
fn prepared_position_is_plus2_to_the_defender() {
    // "Prepared position ( Stone walls, mealy bags etc ) : + 2 to defender": Zulus 4 + 2 + 3 = 9.
    let r = roll(
        &combat(
            "ranged",
            "british-regulars",
            "zulus",
            &["b:prepared-position"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(9));
}

#[test]
fn prepared_position_has_no_effect_on_the_attacker() {
    let r = roll(
        &combat(
            "close",
            "zulus",
            "british-regulars",
            &["a:prepared-position"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(7));
    assert!(says(&r, "prepared-position has no effect"));
}

#[test]
fn overlaps_are_minus1_per_flank_in_close_combat() {
    // "Each flank overlapped in close combat : - 1": Regulars 5 - 2 + 3 = 6.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["b:overlaps=2"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(6));
}

#[test]
fn overlaps_have_no_effect_in_ranged_combat() {
    let r = roll(
        &combat(
            "ranged",
            "zulu-rifles",
            "british-regulars",
            &["b:overlaps=1"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
    assert!(says(&r, "overlaps have no effect"));
}

#[test]
fn overlaps_have_no_effect_against_an_intact_square() {
    // "no overlaps are possible against units forming an intact square in close combat".
    let r = roll(
        &combat(
            "close",
            "zulus",
            "british-regulars",
            &["b:square", "b:overlaps=1"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
    assert!(says(&r, "intact square"));
}

#[test]
fn overlaps_beyond_two_flanks_are_refused() {
    let mut mods = Modifiers::default();
    let e = mods.set(ModifierName::Overlaps, 3).expect_err("two flanks");
    assert!(e.contains("two flanks"), "{e}");
}

#[test]
fn contact_on_the_flank_is_minus2_to_the_defender() {
    // "Base contacted to flank or rear in close combat : - 2": Regulars 5 - 2 + 3 = 6.
    let r = roll(
        &contact(combat("close", "zulus", "british-regulars", &[]), "flank"),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(6));
    let r = roll(
        &contact(combat("close", "zulus", "british-regulars", &[]), "rear"),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(6));
}

#[test]
fn guns_contacting_a_flank_give_no_modifier() {
    // "Bases may contact an enemy bases flank or rear and receive favorable modifiers EXCEPT
    // artillery, rockets and Gatling Guns": Zulus 4 + 3 = 7.
    let r = roll(
        &contact(combat("close", "artillery", "zulus", &[]), "flank"),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(7));
    assert!(says(&r, "EXCEPT artillery"));
}

#[test]
fn flank_or_rear_flag_is_minus2_for_another_base_on_the_flank() {
    // b fights a to its front with another enemy on its flank: 5 - 2 + 3 = 6.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["b:flank-or-rear"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(6));
    // The attacker can be flanked too: Zulus 4 - 2 + 3 = 5.
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:flank-or-rear"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(5));
}

#[test]
fn flank_or_rear_counts_once_per_base() {
    let s = contact(
        combat("close", "zulus", "british-regulars", &["b:flank-or-rear"]),
        "flank",
    );
    let r = roll(&s, 3, 3);
    assert_eq!(out(&r, "b_total"), json!(6));
}

#[test]
fn flank_or_rear_has_no_effect_in_ranged_combat() {
    let r = roll(
        &combat(
            "ranged",
            "zulu-rifles",
            "british-regulars",
            &["b:flank-or-rear"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
}

#[test]
fn fire_aid_is_minus1_to_the_target_per_aiding_base() {
    // "Each additional base aiding ranged fire : - 1": Zulus 4 - 2 + 3 = 5.
    let r = roll(
        &combat(
            "ranged",
            "british-regulars",
            "zulus",
            &["b:fire-aided-against=2"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(5));
}

#[test]
fn fire_aid_never_aids_zulu_rifles() {
    // "Native and Zulu rifles can neither aid or be aided in fire combat": Regulars 5 + 3 = 8.
    let r = roll(
        &combat(
            "ranged",
            "zulu-rifles",
            "british-regulars",
            &["b:fire-aided-against=1"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
    assert!(says(&r, "neither aid or be aided"));
}

#[test]
fn fire_aid_has_no_effect_in_close_combat() {
    let r = roll(
        &combat(
            "close",
            "zulus",
            "british-regulars",
            &["a:fire-aided-against=1"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(7));
}

#[test]
fn enfilading_fire_is_minus1_to_the_target() {
    // "Such fire adds a - 1 modifier to the target's combat factor": 4 - 1 + 3 = 6.
    let r = roll(
        &combat("ranged", "british-regulars", "zulus", &["b:enfiladed"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(6));
    let r = roll(
        &combat("close", "british-regulars", "zulus", &["b:enfiladed"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(7));
}

#[test]
fn square_is_minus1_when_shot_at_only() {
    // "They have a - 1 modifier if shot at": Regulars 5 - 1 + 3 = 7; in close combat 8.
    let r = roll(
        &combat("ranged", "zulu-rifles", "british-regulars", &["b:square"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(7));
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["b:square"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
}

#[test]
fn small_river_is_plus1_to_the_defender_in_close_combat_only() {
    // "+ 1 combat modifier when defending in close combat only (i.e. NOT if being fired at and
    // not if the base on the bank is the attacker)".
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["b:small-river"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(9));
    let r = roll(
        &combat(
            "ranged",
            "zulu-rifles",
            "british-regulars",
            &["b:small-river"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:small-river"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(7));
    assert!(says(&r, "not if the base on the bank is the attacker"));
}

#[test]
fn donga_is_plus1_to_the_defender_ranged_and_close() {
    // "dongas give the defender a + 1 combat modifier against both ranged and close combat".
    let r = roll(
        &combat("ranged", "zulu-rifles", "british-regulars", &["b:donga"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(9));
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["b:donga"]),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(9));
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:donga"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(7));
}

#[test]
fn higher_ground_is_plus1_in_close_combat_only() {
    // "+ 1 to the combat factor of the base occupying the hill AND at a higher elevation than
    // its opponent. There is no benefit for ranged combat."
    let r = roll(
        &combat("close", "zulus", "british-regulars", &["a:higher-ground"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(8));
    let r = roll(
        &combat("ranged", "british-regulars", "zulus", &["a:higher-ground"]),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(8));
    assert!(says(&r, "no benefit for ranged combat"));
}

#[test]
fn higher_ground_on_both_sides_is_refused() {
    let s = combat(
        "close",
        "zulus",
        "british-regulars",
        &["a:higher-ground", "b:higher-ground"],
    );
    // Only one base can be "at a higher elevation than its opponent".
    let refused = try_roll_with(&charts(), &s, 3, 3).expect_err("contradictory");
    assert_refused(
        &refused,
        laager::resolution::RefusalKind::NotAllowed,
        "Terrain types",
    );
}

#[test]
fn amabutho_base_lost_leaves_a_zulu_base_at_plus3() {
    // "a single base amabutho has a combat factor of +3 : +4 + - 1per base lost": 3 + 3 = 6.
    let r = roll(
        &combat(
            "close",
            "zulus",
            "british-regulars",
            &["a:amabutho-base-lost"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "a_total"), json!(6));
    let r = roll(
        &combat(
            "close",
            "zulus",
            "british-regulars",
            &["b:amabutho-base-lost"],
        ),
        3,
        3,
    );
    assert_eq!(out(&r, "b_total"), json!(8));
    assert!(says(&r, "only a Zulu amabutho"));
}

#[test]
fn modifier_flags_parse_and_reject_what_they_cannot_be() {
    assert!(Modifiers::parse_arg("c:rough").is_err());
    assert!(Modifiers::parse_arg("a:muddy").is_err());
    assert!(Modifiers::parse_arg("a:overlaps=x").is_err());
    let (_, name, n) = Modifiers::parse_arg("b:fire-aided-against=3").expect("parses");
    assert_eq!((name, n), (ModifierName::FireAidedAgainst, 3));
    let mut mods = Modifiers::default();
    mods.set(ModifierName::Rough, 1).expect("first");
    assert!(mods.set(ModifierName::Rough, 1).is_err(), "given twice");
    assert!(mods.set(ModifierName::Square, 2).is_err(), "no count");
    assert!(
        mods.set(ModifierName::Donga, 0).is_err(),
        "no count, not even 0"
    );
    assert!(
        mods.set(ModifierName::AmabuthoBaseLost, 2).is_err(),
        "two bases"
    );
}
