//! British fire, volley fire, the ammunition check and the Zulu random fire, each case
//! worked by hand from the sentence it cites.

use super::{charts, charts_with, int, refused, thrown, typed};
use crate::support::assert_refused;
use laager::charts::Charts;
use laager::dice::DiceSource;
use laager::resolution::{Refusal, RefusalKind, Resolution};
use laager::rules::Procedure;
use laager::rules::victoria_cross::{
    self as vc, AmmoInput, AmmoSituation, Battle, FireInput, FireOutcome, FireSituation,
    RandomFireSituation, Unit, UnitKind, VolleySituation,
};

fn unit(name: &str, kind: UnitKind, sp: u32) -> Unit {
    Unit {
        name: name.to_owned(),
        kind,
        sp,
        ammo_depleted: false,
        moved: false,
    }
}

/// British fire at a range given.
fn fire(
    charts: &Charts,
    s: &FireSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<FireOutcome>, Refusal> {
    vc::Fire::resolve(charts, &FireInput::AtRange(s.clone()), dice)
}

/// The ammunition check at a distance given.
fn ammo(
    s: &AmmoSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<vc::AmmoOutcome>, Refusal> {
    vc::Ammo::resolve(&charts(), &AmmoInput::AtDistance(s.clone()), dice)
}

// Combat Example: "The British player rolls his 5 dice and the results are 1, 1, 3, 5, 6. The
// results yield two possible ammunition depletions and 2 hits on the Zulu force."
#[test]
fn combat_example_5_sp_at_range_2_rolling_1_1_3_5_6_scores_2_hits_and_2_ammo_checks() {
    let s = FireSituation::new(Battle::Isandlwana, 5, 2);
    let r = fire(&charts(), &s, &mut typed("1,1,3,5,6")).expect("resolves");
    assert_eq!(int(&r, "hits"), 2);
    assert_eq!(int(&r, "ammo_checks"), 2);
    assert!(
        r.steps
            .iter()
            .all(|s| s.rule.document == "004_27b65d6ddbe44340.txt")
    );
}

// Combat Example: "He receives 2 SP's each from the two British infantry plus 1 SP for
// Pulleine. He receives no SP from the Native infantry as they may only melee and not fire."
#[test]
fn combat_example_firing_sp_are_5_without_the_native_infantry() {
    let units = [
        unit("1/24 F a", UnitKind::Infantry, 2),
        unit("1/24 F b", UnitKind::Infantry, 2),
        unit("1/3 NNC", UnitKind::NativeInfantry, 2),
        unit("Pulleine", UnitKind::Leader, 1),
    ];
    assert_eq!(vc::firing_sp(&units).0, 5);
}

// Fire Combat: an Ammo Depleted unit "may not conduct fire combat while marked"; the
// artillery "May either move 1 zone or fire".
#[test]
fn ammo_depleted_units_and_moved_artillery_do_not_fire() {
    let mut depleted = unit("1/24 H", UnitKind::Infantry, 2);
    depleted.ammo_depleted = true;
    let mut moved = unit("RA Curling", UnitKind::Artillery, 6);
    moved.moved = true;
    let firing = unit("RA Curling", UnitKind::Artillery, 6);
    assert_eq!(vc::firing_sp(&[depleted, moved]).0, 0);
    assert_eq!(vc::firing_sp(&[firing]).0, 6);
}

// Hit Number Chart: "1 zone: hit on 3, 4, 5, and 6".
#[test]
fn range_1_hits_on_3_or_more() {
    let s = FireSituation::new(Battle::Isandlwana, 4, 1);
    let r = fire(&charts(), &s, &mut typed("2,3,4,6")).expect("resolves");
    assert_eq!(int(&r, "hits"), 3);
}

// Hit Number Chart: "3 zones: hit on 5 & 6".
#[test]
fn range_3_hits_on_5_or_6() {
    let s = FireSituation::new(Battle::Isandlwana, 3, 3);
    let r = fire(&charts(), &s, &mut typed("4,5,6")).expect("resolves");
    assert_eq!(int(&r, "hits"), 2);
}

// "RORKE'S DRIFT: During night turns the British range goes from 3 zones to 2 zones."
#[test]
fn range_3_at_night_at_rorkes_drift_is_refused() {
    let mut s = FireSituation::new(Battle::RorkesDrift, 2, 3);
    s.night = true;
    let refusal = refused(fire(&charts(), &s, &mut typed("6,6")));
    assert_refused(&refusal, RefusalKind::OutOfRange, "Fire Combat");
}

// "During night turns the British range goes from 3 zones to 2 zones. The firepower stays
// the same."
#[test]
fn range_2_at_night_keeps_the_same_dice_and_hit_numbers() {
    let mut s = FireSituation::new(Battle::RorkesDrift, 3, 2);
    s.night = true;
    let r = fire(&charts(), &s, &mut typed("3,4,6")).expect("resolves");
    assert_eq!(int(&r, "hits"), 2);
}

// Sequence of Play: "Isandlwana are all day turns."
#[test]
fn night_at_isandlwana_is_refused() {
    let mut s = FireSituation::new(Battle::Isandlwana, 2, 1);
    s.night = true;
    refused(fire(&charts(), &s, &mut typed("6,6")));
}

// "a British 2 SP infantry unit in zone C firing at targets in zone 7 ... because he has a
// zone (zone E) between himself and the wall he is firing over, subtracts 1 from his die
// roll hit numbers and hits on 5 and 6 only." The chart's 4, 5 & 6 at 2 zones becomes 5+;
// the example's "normally ... 5, 6" contradicts the chart, which is followed.
#[test]
fn zone_before_the_wall_at_range_2_hits_on_5_and_6_and_notes_the_examples_discrepancy() {
    let mut s = FireSituation::new(Battle::RorkesDrift, 2, 2);
    s.walls_crossed = 1;
    s.zone_before_wall = true;
    let r = fire(&charts(), &s, &mut typed("4,5")).expect("resolves");
    assert_eq!(int(&r, "hits"), 1);
    assert!(
        r.steps
            .iter()
            .any(|s| s.text.contains("contradicts its Hit Number Chart"))
    );
}

// "If he were firing at a target in zone 15 he would hit only on 6."
#[test]
fn zone_before_the_wall_at_range_3_hits_on_6_only() {
    let mut s = FireSituation::new(Battle::RorkesDrift, 2, 3);
    s.walls_crossed = 1;
    s.zone_before_wall = true;
    let r = fire(&charts(), &s, &mut typed("5,6")).expect("resolves");
    assert_eq!(int(&r, "hits"), 1);
}

// "All units that fire and have a zone between themselves and the wall section they are
// firing subtract (-1)": at range 1 the target is in the adjacent zone, so no zone can lie
// between the firer and the wall; the flag is refused, not applied.
#[test]
fn zone_before_the_wall_at_range_1_is_refused() {
    let mut s = FireSituation::new(Battle::RorkesDrift, 2, 1);
    s.walls_crossed = 1;
    s.zone_before_wall = true;
    let refusal = refused(fire(&charts(), &s, &mut typed("4,5")));
    assert_refused(&refusal, RefusalKind::NotAllowed, "Fire Combat");
}

// "RORKE'S DRIFT - British units may not fire over more than one wall section at an enemy
// unit. For example, units in zone P could not fire at units in zones E and F."
#[test]
fn fire_over_two_wall_sections_is_refused() {
    let mut s = FireSituation::new(Battle::RorkesDrift, 2, 2);
    s.walls_crossed = 2;
    let refusal = refused(fire(&charts(), &s, &mut typed("6,6")));
    assert_refused(&refusal, RefusalKind::NotAllowed, "Fire Combat");
}

// The ammunition rule is headed "ISANDLWANA: British ammunition".
#[test]
fn ones_at_rorkes_drift_make_no_ammo_checks() {
    let s = FireSituation::new(Battle::RorkesDrift, 3, 1);
    let r = fire(&charts(), &s, &mut typed("1,1,6")).expect("resolves");
    assert_eq!(int(&r, "ammo_checks"), 0);
}

// BRITISH ADVANTAGE 5: "No ammo depletion is possible for British units in these zones";
// a laagered zone is the optional rule's, refused while it is off.
#[test]
fn laager_camp_option_makes_no_ammo_checks() {
    let mut s = FireSituation::new(Battle::Isandlwana, 2, 1);
    s.in_laager_camp = true;
    let on = charts_with(&["settings:british_laager_camp=on"]);
    let r = fire(&on, &s, &mut typed("1,1")).expect("resolves");
    assert_eq!(int(&r, "ammo_checks"), 0);
    let off = fire(&charts(), &s, &mut typed("1,1")).expect_err("the rule is off");
    assert!(
        off.reason.contains("settings:british_laager_camp"),
        "{off:?}"
    );
    s.in_laager_camp = false;
    let plain = fire(&charts(), &s, &mut typed("1,1")).expect("resolves");
    assert_eq!(int(&plain, "ammo_checks"), 2);
}

// "Chard is grouped with 4 SP in zone I ... He would roll 15 dice, the 4 SP plus Chard
// equal 5 dice x 3"; an adjacent zone is range 1, hit on 3+.
#[test]
fn chards_volley_with_4_sp_rolls_15_dice_hitting_on_3_or_more() {
    let s = VolleySituation::new(Battle::RorkesDrift, 4);
    let faces = "1,2,3,4,5,6,1,2,3,4,5,6,1,2,3";
    let r = vc::Volley::resolve(&charts(), &s, &mut typed(faces)).expect("resolves");
    assert_eq!(thrown(&r), 15);
    assert_eq!(int(&r, "hits"), 9);
}

// "Chard, Bromhead, Durnford, and Pulleine, may each conduct volley fire with up to 4 SP
// plus themselves."
#[test]
fn volley_with_5_sp_is_refused() {
    let s = VolleySituation::new(Battle::RorkesDrift, 5);
    refused(vc::Volley::resolve(&charts(), &s, &mut typed("6")));
}

// "They, and the SP grouped with them, may not move in the same turn that they plan on
// conducting volley fire."
#[test]
fn volley_after_moving_is_refused() {
    let mut s = VolleySituation::new(Battle::Isandlwana, 2);
    s.moved = true;
    refused(vc::Volley::resolve(&charts(), &s, &mut typed("6")));
}

// Combat Example: "the British player may not volley fire even though Pulleine is in zone
// 16, as the range is 2 and volley fire only may take place against an adjacent zone."
#[test]
fn volley_at_a_zone_not_adjacent_is_refused() {
    let mut s = VolleySituation::new(Battle::Isandlwana, 4);
    s.target_adjacent = false;
    refused(vc::Volley::resolve(&charts(), &s, &mut typed("6")));
}

// "at any adjacent zone containing Zulu units that is not separated by a wall, or ridge".
#[test]
fn volley_across_a_wall_or_ridge_is_refused() {
    let mut s = VolleySituation::new(Battle::Isandlwana, 4);
    s.across_wall_or_ridge = true;
    refused(vc::Volley::resolve(&charts(), &s, &mut typed("6")));
}

// Only the four named leaders volley: "Chard, Bromhead, Durnford, and Pulleine".
#[test]
fn volley_by_another_unit_is_refused() {
    let mut s = VolleySituation::new(Battle::RorkesDrift, 4);
    s.leader = Some("Dalton".to_owned());
    refused(vc::Volley::resolve(&charts(), &s, &mut typed("6")));
    s.leader = Some("Bromhead".to_owned());
    let faces = "6,6,6,6,6,6,6,6,6,6,6,6,6,6,6";
    assert!(vc::Volley::resolve(&charts(), &s, &mut typed(faces)).is_ok());
}

// Combat Example: "He must count the distance from zone 16 to zone 15, which is 1. This
// means he must roll two dice ... The British player, being terribly unlucky rolls two 1's.
// This means he picks two of the firing units to be marked as Ammo Depleted".
#[test]
fn combat_example_two_rerolled_ones_at_distance_1_deplete_two_units() {
    let s = AmmoSituation {
        ones: 2,
        distance: 1,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    };
    let r = ammo(&s, &mut typed("1,1")).expect("resolves");
    assert_eq!(int(&r, "depleted"), 2);
}

// "If any die is equal to or less than the number of zones between firing unit and zone
// 15, a unit in that zone is out of ammunition."
#[test]
fn rerolls_at_or_under_the_distance_deplete() {
    let s = AmmoSituation {
        ones: 3,
        distance: 3,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    };
    let r = ammo(&s, &mut typed("3,4,2")).expect("resolves");
    assert_eq!(int(&r, "depleted"), 2);
}

// "Units in zone 15 still count 1 zone."
#[test]
fn distance_0_is_refused() {
    let s = AmmoSituation {
        ones: 1,
        distance: 0,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    };
    refused(ammo(&s, &mut typed("1")));
}

// Two re-rolls, each depleting on a 1 (1/6): both deplete with probability 1/36.
#[test]
fn ammo_odds_of_two_depleted_at_distance_1_are_one_in_36() {
    let s = AmmoSituation {
        ones: 2,
        distance: 1,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    };
    let odds = vc::Ammo::odds(&charts(), &AmmoInput::AtDistance(s))
        .expect("throws dice")
        .expect("odds");
    assert!((odds.probability(&2.into()) - 1.0 / 36.0).abs() < 1e-12);
    assert!((odds.total() - 1.0).abs() < 1e-12);
}

// "ISANDLWANA: The Zulu player rolls 4 dice during Zulu random fire and scores a hit for
// each 6 rolled."
#[test]
fn isandlwana_random_fire_rolls_4_dice_hitting_on_6() {
    let s = RandomFireSituation::new(Battle::Isandlwana);
    let r = vc::RandomFire::resolve(&charts(), &s, &mut typed("6,6,5,1")).expect("resolves");
    assert_eq!(thrown(&r), 4);
    assert_eq!(int(&r, "hits"), 2);
}

// "RORKE'S DRIFT: The Zulu player rolls 6 dice during day turns and 4 during night".
#[test]
fn rorkes_drift_random_fire_rolls_6_by_day_and_4_by_night() {
    let mut s = RandomFireSituation::new(Battle::RorkesDrift);
    let day = vc::RandomFire::resolve(&charts(), &s, &mut typed("6,5,4,3,2,1")).expect("day");
    assert_eq!((thrown(&day), int(&day, "hits")), (6, 1));
    s.night = true;
    let night = vc::RandomFire::resolve(&charts(), &s, &mut typed("6,6,1,1")).expect("night");
    assert_eq!((thrown(&night), int(&night, "hits")), (4, 2));
}

// "The Zulu player die rolls hit on 5s and 6s when firing at British units located in zone
// J with the water cart."
#[test]
fn random_fire_at_the_water_cart_hits_on_5_and_6() {
    let mut s = RandomFireSituation::new(Battle::RorkesDrift);
    s.water_cart = true;
    let r = vc::RandomFire::resolve(&charts(), &s, &mut typed("5,6,4,1,2,3")).expect("resolves");
    assert_eq!(int(&r, "hits"), 2);
    s.water_cart = false;
    s.target_zone = Some("J".to_owned());
    let by_zone =
        vc::RandomFire::resolve(&charts(), &s, &mut typed("5,6,4,1,2,3")).expect("zone J");
    assert_eq!(int(&by_zone, "hits"), 2);
}

// "excluding the Rorke's Drift hospital zones (L, M, N, O), the final redoubt zone (D) or
// storehouse zone (G)".
#[test]
fn random_fire_into_the_hospital_redoubt_or_storehouse_is_refused() {
    for zone in ["L", "O", "D", "G"] {
        let mut s = RandomFireSituation::new(Battle::RorkesDrift);
        s.target_zone = Some(zone.to_owned());
        refused(vc::RandomFire::resolve(
            &charts(),
            &s,
            &mut typed("6,6,6,6,6,6"),
        ));
    }
}

// ZULU ADVANTAGE 3: "RORKE'S DRIFT: Increase the Zulu firepower to 10 dice for daylight
// and 6 for night. Isandlwana increase firepower to 6 dice."
#[test]
fn zulu_advantage_setting_raises_random_fire_to_10_by_day() {
    let on = charts_with(&["settings:zulu_firepower=zulu-advantage"]);
    let s = RandomFireSituation::new(Battle::RorkesDrift);
    let r = vc::RandomFire::resolve(&on, &s, &mut typed("1,1,1,1,1,1,1,1,1,6")).expect("resolves");
    assert_eq!((thrown(&r), int(&r, "hits")), (10, 1));
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("settings:zulu_firepower"))
    );
}

// Solitaire Play: "double the die rolls for the Zulu fire combat during solitaire play".
#[test]
fn solitaire_doubles_the_random_fire_dice() {
    let on = charts_with(&["settings:solitaire=on"]);
    let s = RandomFireSituation::new(Battle::Isandlwana);
    let r = vc::RandomFire::resolve(&on, &s, &mut typed("1,1,1,1,1,1,6,6")).expect("resolves");
    assert_eq!((thrown(&r), int(&r, "hits")), (8, 2));
}

// Typed dice are consumed one per die: too few is refused as bad dice, not by the rule.
#[test]
fn too_few_typed_dice_is_refused_as_bad_dice() {
    let s = FireSituation::new(Battle::Isandlwana, 5, 2);
    let mut dice = typed("1,2,3");
    let refusal = fire(&charts(), &s, &mut dice).expect_err("too few");
    assert_eq!(refusal.kind, RefusalKind::BadDice);
    assert_eq!(dice.unused(), 3);
}
