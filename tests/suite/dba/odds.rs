//! Exact odds over the 36 (a, b) rolls, each matchup counted by hand in its comment.

use super::{charts, charts_with, combat, contact};
use laager::resolution::Odds;
use laager::rules::dba_zulu::combat_odds;

fn odds(s: &laager::rules::dba_zulu::CombatSituation) -> Odds {
    combat_odds(&charts(), s).expect("odds")
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
fn regulars_firing_at_zulus() {
    // a Regulars 5+x, b Zulus 4+y. Tie when y = x+1: 5. b loses when x >= y: 21; destroyed
    // when 2(4+y) <= 5+x, i.e. x >= 3+2y: y = 1, x = 5 or 6: 2; 19 recoil. a loses when
    // y >= x+2: 10; never destroyed (melee only; 2(5+x) <= 4+y is impossible): recoil.
    let o = odds(&combat("ranged", "british-regulars", "zulus", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[
            ("a:recoil", 10),
            ("none:no_result", 5),
            ("b:recoil", 19),
            ("b:destroyed", 2)
        ])
    );
}

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
            ("b:flee", 9),
            ("b:recoil", 17)
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
    // when y = x+2: 4. a loses when y >= x+3: 6; not in contact, never halved: recoil.
    let o = odds(&combat("ranged", "gatling", "zulus", &[]));
    assert_eq!(
        counts(&o, 36.0),
        expect(&[("a:recoil", 6), ("none:no_result", 4), ("b:destroyed", 26)])
    );
}

#[test]
fn odds_are_over_the_rolls_that_do_not_tie_when_ties_reroll() {
    // The first matchup with its 5 ties rolled again: 2, 19 and 10 out of 31.
    let o = combat_odds(
        &charts_with("settings:ties=reroll"),
        &combat("close", "zulus", "british-regulars", &[]),
    )
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
