//! Exact odds over the 36 (a, b) rolls, each matchup counted by hand in its comment.

use super::{charts, charts_with, combat, contact};
use laager::resolution::Odds;
use laager::rules::Procedure;
use laager::rules::dba_zulu::{Combat, CombatInput};

fn odds(s: &CombatInput) -> Odds {
    Combat::odds(&charts(), s)
        .expect("combat throws dice")
        .expect("odds")
}

/// The odds as (value, count of 36).
fn counts(odds: &Odds, over: f64) -> Vec<(String, i64)> {
    odds.outcomes
        .iter()
        .map(|o| {
            (
                o.value.as_str().expect("a string").to_owned(),
                (o.probability * over).round() as i64,
            )
        })
        .collect()
}

fn expect(list: &[(&str, i64)]) -> Vec<(String, i64)> {
    list.iter().map(|(v, n)| ((*v).to_owned(), *n)).collect()
}

#[test]
fn zulus_charging_regulars() {
    // a Zulus 4+x, b Regulars 5+y. Tie when x = y+1: 5. a wins when x >= y+2: 4+3+2+1 = 10,
    // Regulars destroyed (Zulus, melee). a loses when x <= y: 21; destroyed when
    // 2(4+x) <= 5+y, i.e. y >= 3+2x: x = 1, y = 5 or 6: 2; the other 19 recoil.
    let o = odds(&combat("close", "zulus", "british-regulars", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[
            ("a:destroyed", 2),
            ("a:recoil", 19),
            ("none:no_result", 5),
            ("b:destroyed", 10)
        ])
    );
    assert!((o.total() - 1.0).abs() < 1e-12);
    assert!((o.outcomes[0].probability - 2.0 / 36.0).abs() < 1e-12);
}

#[test]
fn regulars_firing_at_zulus_who_cannot_return_fire() {
    // a Regulars 5+x, b Zulus 4+y. b loses when x >= y: 21; destroyed when 2(4+y) <= 5+x,
    // i.e. x >= 3+2y: y = 1, x = 5 or 6: 2; 19 recoil. Ties (y = x+1): 5. The firer's 10
    // lower totals (y >= x+2) harm it not: "Targets capable of returning fire may do so ( in
    // which case the firer may suffer adverse results )", and Zulus have no range: 5+10 = 15.
    let o = odds(&combat("ranged", "british-regulars", "zulus", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[("none:no_result", 15), ("b:recoil", 19), ("b:destroyed", 2)])
    );
}

#[test]
fn regulars_and_zulu_rifles_exchanging_fire() {
    // a Regulars 5+x, b Zulu rifles 2+y (range 2": they return fire). b loses when y <= x+2:
    // 3+4+5+6+6+6 = 30; destroyed when 2(2+y) <= 5+x, i.e. 2y <= x+1: y=1: 6, y=2: x>=3: 4,
    // y=3: x>=5: 2 = 12; 18 recoil. Tie when y = x+3: 3. a loses when y >= x+4: 2+1 = 3,
    // recoil (Regulars fall to Zulu rifles in melee only; 2(5+x) <= 2+y never holds).
    let s = combat("ranged", "british-regulars", "zulu-rifles", &[]);
    assert_eq!(
        counts(&odds(&s), 36.0),
        expect(&[
            ("a:recoil", 3),
            ("none:no_result", 3),
            ("b:recoil", 18),
            ("b:destroyed", 12)
        ])
    );
    // The same when the rifles hold their fire: the firer's 3 losses become no result.
    let mut held = s;
    held.b_holds_fire = true;
    held.b_returns_fire = false;
    assert_eq!(
        counts(&odds(&held), 36.0),
        expect(&[("none:no_result", 6), ("b:recoil", 18), ("b:destroyed", 12)])
    );
}

/// Issue 20: "a flee replaces destruction for Light Horse, so it ranks between destroyed
/// and recoil in 'this or better'" — from a's side, b fleeing is better than b recoiling.
#[test]
fn zulus_charging_light_horse() {
    // a Zulus 4+x, b Light Horse 2+y. b loses when y <= x+1: 2+3+4+5+6+6 = 26; of those
    // 2(2+y) <= 4+x, i.e. 2y <= x, flee: y=1: x>=2 (5), y=2: x>=4 (3), y=3: x=6 (1) = 9;
    // 17 recoil. Tie when y = x+2: 4. a loses when y >= x+3: 3+2+1 = 6, recoil.
    let o = odds(&combat("close", "zulus", "light-horse", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[
            ("a:recoil", 6),
            ("none:no_result", 4),
            ("b:recoil", 17),
            ("b:flee", 9)
        ])
    );
}

#[test]
fn zulus_on_the_flank_of_regulars() {
    // a Zulus 4+x, b Regulars 5-2+y = 3+y. b loses when x+1 > y: 21, destroyed (flanked).
    // Tie when y = x+1: 5. a loses when y >= x+2: 10; 2(4+x) <= 3+y never holds: stays.
    let o = odds(&contact(
        combat("close", "zulus", "british-regulars", &[]),
        "flank",
    ));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[("a:stays", 10), ("none:no_result", 5), ("b:destroyed", 21)])
    );
}

#[test]
fn gatling_firing_at_zulus() {
    // a Gatling 6+x, b Zulus 4+y. b loses when y <= x+1: 26, destroyed (Gatling guns). Tie
    // when y = x+2: 4; the Gatling's 6 lower totals do not harm it (Zulus cannot return fire).
    let o = odds(&combat("ranged", "gatling", "zulus", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[("none:no_result", 10), ("b:destroyed", 26)])
    );
}

#[test]
fn gatling_and_zulu_rifles_exchanging_fire() {
    // a Gatling 6+x, b Zulu rifles 2+y. b loses when y <= x+3: 4+5+6+6+6+6 = 33, destroyed
    // (Gatling guns). Tie when y = x+4: 2. a loses only at x = 1, y = 6 (7 v 8): "any in
    // contact", and not in contact: recoil.
    let o = odds(&combat("ranged", "gatling", "zulu-rifles", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[("a:recoil", 1), ("none:no_result", 2), ("b:destroyed", 33)])
    );
}

#[test]
fn odds_are_over_the_rolls_that_do_not_tie_when_ties_reroll() {
    // The first matchup with its 5 ties rolled again: 2, 19 and 10 out of 31.
    let o = Combat::odds(
        &charts_with("settings:ties=reroll"),
        &combat("close", "zulus", "british-regulars", &[]),
    )
    .expect("combat throws dice")
    .expect("odds");
    assert_eq!(
        counts(&o, 31.0),
        expect(&[("a:destroyed", 2), ("a:recoil", 19), ("b:destroyed", 10)])
    );
}

#[test]
fn odds_of_lancers_need_no_base_depth() {
    // Odds name results, not distances: the lancers' unknown depth is not asked for.
    let o = odds(&combat("close", "lancers", "zulus", &[]));
    assert!((o.total() - 1.0).abs() < 1e-12);
}
