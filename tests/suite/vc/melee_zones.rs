//! Melee told by its zones (`laager vc melee --from ZONE=SP --into ZONE`): the walls, the
//! building zones and the laager read off the board, the building caps applied zone by
//! zone, and the dice of zones that hit on different numbers thrown apart.

use super::{charts, charts_with, int, refused, thrown, typed};
use crate::support::assert_refused;
use laager::resolution::RefusalKind;
use laager::rules::Procedure;
use laager::rules::victoria_cross::{self as vc, Battle, MeleeSituation, Side, ZoneSp};

fn zones(battle: Battle, side: Side, from: &[(&str, u32)], into: &str) -> MeleeSituation {
    let mut s = MeleeSituation::new(battle, side, 0);
    s.into = Some(into.to_owned());
    s.from = from
        .iter()
        .map(|(zone, sp)| ZoneSp {
            zone: (*zone).to_owned(),
            sp: *sp,
        })
        .collect();
    s
}

// "A maximum of 8 SP may melee out of any building zone" and "the British player hits on
// 4, 5 and 6 across walls and from building zones". The storehouse G is a building zone
// (printed); its adjacency to F is a club's board fact. 10 British SP from G into F:
// 8 dice, hits on 4+: faces 4,4,4,4,3,3,3,3 give 4 hits.
#[test]
fn out_of_the_storehouse_the_board_caps_the_sp_and_the_british_hit_on_4() {
    let club = charts_with(&["zones_rorkes_drift:G:adjacent=F"]);
    let s = zones(Battle::RorkesDrift, Side::British, &[("G", 10)], "F");
    let r = vc::Melee::resolve(&club, &s, &mut typed("4,4,4,4,3,3,3,3")).expect("resolves");
    assert_eq!(thrown(&r), 8);
    assert_eq!(int(&r, "hits"), 4);
    let texts: Vec<&str> = r.steps.iter().map(|s| s.text.as_str()).collect();
    assert!(
        texts.contains(&"zone G is a building zone: melee into or out of it"),
        "{texts:?}"
    );
    assert!(
        texts.contains(
            &"zone G: 10 SP out of a building zone: \"A maximum of 8 SP may melee out of any building zone\": 8 melee"
        ),
        "{texts:?}"
    );
}

// "A maximum of 8 SP per side may melee from one zone into one building zone a turn
// (players can combine melee from 2 or more zones ... 8 SP + 8 SP = 16 SP)". Zulus from
// F (10 SP) and K (5 SP) into the storehouse G: F gives 8, K its 5 — 13 dice, hits on 6.
#[test]
fn into_a_building_each_zone_gives_at_most_8_sp() {
    let club = charts_with(&[
        "zones_rorkes_drift:G:adjacent=F,K",
        "zones_rorkes_drift:G:complete=true",
    ]);
    let s = zones(Battle::RorkesDrift, Side::Zulu, &[("F", 10), ("K", 5)], "G");
    let faces = [
        "6", "6", "6", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1",
    ]
    .join(",");
    let r = vc::Melee::resolve(&club, &s, &mut typed(&faces)).expect("resolves");
    assert_eq!(thrown(&r), 13);
    assert_eq!(int(&r, "hits"), 3);
}

// BRITISH ADVANTAGE 5: "consider Zones 14, 15, and 23 laagered ... the British receive a
// +1 die roll modifier for melee combat". British from the laagered zone 15 hit on 4+,
// from zone 16 (not laagered) on 5+: the two zones' dice are thrown apart, 15's first.
// Faces 4,4 (zone 15: 2 hits) then 4,5 (zone 16: 1 hit) — 3 in all.
#[test]
fn the_laager_plus_one_goes_with_the_zone_it_is_fought_from() {
    let on = charts_with(&[
        "settings:british_laager_camp=on",
        "zones_isandlwana:16:adjacent=11,15,17",
        "zones_isandlwana:15:adjacent=16",
    ]);
    let s = zones(
        Battle::Isandlwana,
        Side::British,
        &[("15", 2), ("16", 2)],
        "11",
    );
    let r = vc::Melee::resolve(&on, &s, &mut typed("4,4,4,5")).expect("resolves");
    assert_eq!(r.rolls.len(), 2);
    assert_eq!(int(&r, "hits"), 3);
    // Without the optional rule, zone 15 is not laagered: all four on 5+, one hit.
    let off = charts_with(&[
        "zones_isandlwana:16:adjacent=11,15,17",
        "zones_isandlwana:15:adjacent=16",
    ]);
    let r = vc::Melee::resolve(&off, &s, &mut typed("4,4,4,5")).expect("resolves");
    assert_eq!(int(&r, "hits"), 1);
    // The odds add the two zones' buckets: P(0 hits) = (1/2)^2 * (2/3)^2 = 1/9.
    let odds = vc::Melee::odds(&on, &s).expect("odds").expect("no refusal");
    let p0 = odds
        .outcomes
        .iter()
        .find(|o| o.value == serde_json::json!(0))
        .map(|o| o.probability)
        .expect("0 hits listed");
    assert!((p0 - 1.0 / 9.0).abs() < 1e-12, "{p0}");
}

// The zones and the flags do not mix: the board says whether a wall is crossed.
#[test]
fn the_zones_given_the_flags_are_refused() {
    let mut s = zones(Battle::RorkesDrift, Side::British, &[("G", 4)], "F");
    s.across_wall = true;
    let r = refused(vc::Melee::resolve(&charts(), &s, &mut typed("1,1,1,1")));
    assert_refused(&r, RefusalKind::BadInput, "Melee Combat");
}

// A zone not on the board is refused by name.
#[test]
fn a_zone_off_the_board_is_named() {
    let s = zones(Battle::RorkesDrift, Side::Zulu, &[("Q9", 4)], "G");
    let r = refused(vc::Melee::resolve(&charts(), &s, &mut typed("1,1,1,1")));
    assert_refused(&r, RefusalKind::NotAllowed, "Melee Combat");
    assert!(r.needs_cells.is_empty());
    // The zone's name lives only in the reason: the test is that it is named.
    assert!(r.reason.contains("zone Q9"), "{}", r.reason);
}

// A melee read off a board fact that is a reading says so: "Zulu units meleeing from zone
// 6 may melee into zone K" gives the adjacency by deduction, and K is no building only by
// the buildings list leaving it out.
#[test]
fn a_melee_over_reconstructed_board_facts_warns_of_them() {
    let club = charts_with(&["zones_rorkes_drift:6:walls=K"]);
    let s = zones(Battle::RorkesDrift, Side::Zulu, &[("6", 2)], "K");
    let r = vc::Melee::resolve(&club, &s, &mut typed("6,1")).expect("resolves");
    assert_eq!(int(&r, "hits"), 1);
    for cell in [
        "used reconstructed cell zones_rorkes_drift:6:adjacent",
        "used reconstructed cell zones_rorkes_drift:K:adjacent",
        "used reconstructed cell zones_rorkes_drift:K:building",
        "used club value for zones_rorkes_drift:6:walls",
    ] {
        assert!(
            r.warnings.iter().any(|w| w == cell),
            "{cell}: {:?}",
            r.warnings
        );
    }
}
