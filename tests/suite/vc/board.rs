//! The boards as data: the facts the rulebook states, and refusals naming the zone and the
//! fact where the board (not in the rulebook) is needed.

use super::{charts, charts_with};
use crate::support::{assert_refused, needed_cells};
use laager::charts::{Confidence, Status};
use laager::resolution::RefusalKind;
use laager::rules::Procedure;
use laager::rules::situation::Origins;
use laager::rules::victoria_cross::{
    self as vc, Battle, ammo_distance, fire_range, line_of_sight, melee_across_wall,
};

fn zones(list: &[&str]) -> Vec<String> {
    list.iter().map(|z| (*z).to_owned()).collect()
}

#[test]
fn boards_ship_as_not_supplied_with_printed_facts() {
    let c = charts();
    for name in [
        "zones_isandlwana",
        "zones_rorkes_drift",
        "fire_lists_isandlwana",
    ] {
        let chart = c
            .chart(laager::Ruleset::VictoriaCross, name)
            .expect("board chart");
        assert_eq!(chart.status, Status::NotSupplied);
    }
    // "Durnford with cavalry occupies zone 19 (the donga zone)"
    let cell = c
        .chart(laager::Ruleset::VictoriaCross, "zones_isandlwana")
        .and_then(|ch| ch.cell(&["19", "terrain"]))
        .expect("cell");
    assert_eq!(cell.confidence, Confidence::Printed);
    assert!(cell.note.as_deref().unwrap_or("").contains("donga zone"));
}

// Combat Example: "The British player looks at the range listed in zone 16 to zone 12 and
// see's the range is 2 zones away".
#[test]
fn range_from_16_to_12_is_2() {
    assert_eq!(
        fire_range(&charts(), Battle::Isandlwana, "16", "12")
            .expect("printed")
            .0,
        2
    );
}

// "units firing from zone P would be at a range of 3 zones on targets in zones 19 and 20;
// at a range of 2 zones on targets in zones 13 and 14; and at a range of 1 zone on targets
// in zones 4 and 5."
#[test]
fn ranges_from_zone_p_are_printed() {
    let c = charts();
    let range = |to| {
        fire_range(&c, Battle::RorkesDrift, "P", to)
            .expect("printed")
            .0
    };
    assert_eq!((range("4"), range("13"), range("20")), (1, 2, 3));
}

// A fire list the text does not print refuses, naming the zone and the fact.
#[test]
fn range_from_an_unprinted_fire_list_refuses_naming_the_zone() {
    let refusal = fire_range(&charts(), Battle::Isandlwana, "16", "13").expect_err("refuses");
    assert_refused(&refusal, RefusalKind::NeedsCells, "Fire Combat");
    // The zone and the fact: zone 16's fire list, and whether it is complete.
    let needed = needed_cells(&refusal);
    assert!(
        needed.contains(&"fire_lists_isandlwana:16:complete".to_owned()),
        "{needed:?}"
    );
}

// A club's complete list answers "not on the list: no line of sight".
#[test]
fn target_missing_from_a_complete_fire_list_has_no_line_of_sight() {
    let club = charts_with(&["fire_lists_isandlwana:16:complete=true"]);
    let refusal = fire_range(&club, Battle::Isandlwana, "16", "13").expect_err("refuses");
    assert_refused(
        &refusal,
        RefusalKind::OutOfRange,
        "Fire Combat: LINE OF SIGHT RULES",
    );
    assert!(refusal.needs_cells.is_empty());
}

#[test]
fn a_zone_not_on_the_board_is_refused_by_name() {
    let refusal = fire_range(&charts(), Battle::RorkesDrift, "Q", "4").expect_err("refuses");
    assert_refused(&refusal, RefusalKind::NotAllowed, "Fire Combat");
    assert!(refusal.needs_cells.is_empty());
    assert_eq!(refusal.rule.cell, None, "no board cell refuses it");
    // The zone's name lives only in the reason: the test is that it is named.
    assert!(refusal.reason.contains("zone Q"), "{}", refusal.reason);
}

// "If one of those zones had been occupied by a British unit the line of sight would still
// be clear": 17 occupied, counted through 11.
#[test]
fn one_friendly_zone_of_two_leaves_the_line_of_sight_clear() {
    let los = line_of_sight(
        &charts(),
        Battle::Isandlwana,
        "16",
        "12",
        2,
        &zones(&["17"]),
    )
    .expect("answers");
    assert!(los.clear);
    assert_eq!(los.path, zones(&["16", "11", "12"]));
}

// "If a British unit occupied zone 16 but not 12, the unit could fire into 17 (you would
// count to zone 12 for 1 and zone 17 for 2)."
#[test]
fn fire_from_11_to_17_counts_through_12() {
    let los = line_of_sight(
        &charts(),
        Battle::Isandlwana,
        "11",
        "17",
        2,
        &zones(&["16"]),
    )
    .expect("answers");
    assert_eq!(los.path, zones(&["11", "12", "17"]));
}

// "both of those zones would have to be occupied by British units for the line of sight to
// be blocked": blocked once a club says 16's neighbours (and 15's) are complete; refused,
// naming the zones, until then.
#[test]
fn both_friendly_zones_block_once_the_board_is_complete() {
    let friendly = zones(&["17", "11"]);
    let refusal = line_of_sight(&charts(), Battle::Isandlwana, "16", "12", 2, &friendly)
        .expect_err("needs the board");
    let needed: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect();
    assert!(
        needed.contains(&"zones_isandlwana:16:complete".to_owned()),
        "{needed:?}"
    );
    let club = charts_with(&[
        "zones_isandlwana:16:adjacent=11,15,17",
        "zones_isandlwana:16:complete=true",
        "zones_isandlwana:15:adjacent=16",
        "zones_isandlwana:15:complete=true",
        "zones_isandlwana:11:terrain=open",
        "zones_isandlwana:17:terrain=open",
    ]);
    let los = line_of_sight(&club, Battle::Isandlwana, "16", "12", 2, &friendly).expect("answers");
    assert!(!los.clear);
    assert!(los.warnings.iter().any(|w| w.contains("club value")));
}

// "Units in a Donga zone do not block line of sight": zone 18 sees zone 20 past Durnford in
// the donga zone 19.
#[test]
fn friendly_units_in_a_donga_do_not_block() {
    let los = line_of_sight(
        &charts(),
        Battle::Isandlwana,
        "18",
        "20",
        2,
        &zones(&["19"]),
    )
    .expect("answers");
    assert!(los.clear);
}

// "the British units in zone 18 block their line of sight to zone 20": the board around
// them is not in the text, so the answer names the zones it needs.
#[test]
fn blocking_by_zone_18_needs_the_board_and_says_which_zones() {
    let refusal = line_of_sight(
        &charts(),
        Battle::Isandlwana,
        "17",
        "20",
        3,
        &zones(&["18"]),
    )
    .expect_err("needs the board");
    assert_refused(
        &refusal,
        RefusalKind::NeedsCells,
        "Fire Combat: LINE OF SIGHT RULES",
    );
    assert!(
        refusal.needs_cells.iter().any(|c| c.key[0] == "17"),
        "{:?}",
        needed_cells(&refusal)
    );
}

// "Friendly units do not block line of sight for British units on the storehouse (roof
// zone H) or in the final redoubt (zone D)."
#[test]
fn roof_and_redoubt_see_past_friendly_units() {
    let los = line_of_sight(
        &charts(),
        Battle::RorkesDrift,
        "H",
        "4",
        3,
        &zones(&["A", "B", "C"]),
    )
    .expect("answers");
    assert!(los.clear);
}

// "He must count the distance from zone 16 to zone 15, which is 1"; "Units in zone 15
// still count 1 zone."
#[test]
fn ammunition_distance_from_16_and_15_is_1() {
    assert_eq!(ammo_distance(&charts(), "16").expect("printed").0, 1);
    assert_eq!(ammo_distance(&charts(), "15").expect("printed").0, 1);
}

#[test]
fn ammunition_distance_without_the_board_refuses_naming_the_zone() {
    let refusal = ammo_distance(&charts(), "13").expect_err("needs the board");
    assert!(
        refusal
            .needs_cells
            .iter()
            .any(|c| c.address() == "zones_isandlwana:13:complete")
    );
}

// "a Zulu leader in Rorke's Drift with 10 SP in zone 12 could not move into zone I ...
// because of the mealie bag wall".
#[test]
fn melee_from_12_into_i_is_across_a_wall() {
    assert!(melee_across_wall(&charts(), "12", "I").expect("printed").0);
}

// Zone 14's neighbours are printed whole ("They could move into zones 5, 6, 13, 15 and
// 20") with no wall; zone 4 is diagonal ("No diagonal melee allowed").
#[test]
fn melee_around_zone_14_is_open_and_never_diagonal() {
    assert!(!melee_across_wall(&charts(), "14", "13").expect("printed").0);
    let refusal = melee_across_wall(&charts(), "14", "4").expect_err("diagonal");
    assert_refused(&refusal, RefusalKind::NotAllowed, "Melee Combat");
    assert!(
        refusal.needs_cells.is_empty(),
        "the board answers: not adjacent"
    );
}

// Into a hospital zone is into a building zone ("into or out of building zones").
#[test]
fn melee_into_a_building_counts_as_across_a_wall_once_adjacent() {
    let refusal = melee_across_wall(&charts(), "L", "M").expect_err("adjacency unknown");
    assert!(
        refusal
            .needs_cells
            .iter()
            .any(|c| c.address() == "zones_rorkes_drift:L:adjacent")
    );
    let club = charts_with(&["zones_rorkes_drift:L:adjacent=M"]);
    assert!(
        melee_across_wall(&club, "L", "M")
            .expect("club adjacency")
            .0
    );
}

// Zulu units from zone 6 "may melee into zone K": adjacent, but whether a wall lies between
// is on the board.
#[test]
fn melee_from_6_into_k_needs_the_walls() {
    let refusal = melee_across_wall(&charts(), "6", "K").expect_err("walls unknown");
    assert!(
        refusal
            .needs_cells
            .iter()
            .any(|c| c.address() == "zones_rorkes_drift:6:walls")
    );
}

#[test]
fn every_board_zone_is_listed() {
    let c = charts();
    let board = vc::Board::new(&c, Battle::RorkesDrift);
    assert!(board.zones().iter().any(|z| z == "P"));
    assert_eq!(board.zones().len(), 36);
}

// Combat Example, read off the board: zone 16's list gives zone 12 at R2, zone 17's
// British units leave zone 11 clear; 1, 1, 3, 5, 6 hit twice.
#[test]
fn zone_fire_from_16_to_12_reads_the_range_off_the_board() {
    let s = vc::ZoneFire {
        battle: Battle::Isandlwana,
        from: "16".to_owned(),
        to: "12".to_owned(),
        sp: 5,
        night: false,
        friendly: zones(&["17"]),
        walls_crossed: 0,
        zone_before_wall: false,
        origins: Origins::default(),
    };
    let r = vc::Fire::resolve(
        &charts(),
        &vc::FireInput::FromBoard(s),
        &mut super::typed("1,1,3,5,6"),
    )
    .expect("resolves");
    assert_eq!(r.outcome.hits, 2);
    assert!(r.steps[0].text.contains("R2"));
}

// A fire whose list is not supplied refuses naming the zone's fire list.
#[test]
fn zone_fire_without_the_fire_list_refuses_by_zone_and_fact() {
    let s = vc::ZoneFire {
        battle: Battle::RorkesDrift,
        from: "A".to_owned(),
        to: "4".to_owned(),
        sp: 2,
        night: false,
        friendly: Vec::new(),
        walls_crossed: 0,
        zone_before_wall: false,
        origins: Origins::default(),
    };
    let refusal = super::refused(vc::Fire::resolve(
        &charts(),
        &vc::FireInput::FromBoard(s),
        &mut super::typed("6,6"),
    ));
    assert_refused(&refusal, RefusalKind::NeedsCells, "Fire Combat");
    assert!(
        refusal
            .needs_cells
            .iter()
            .any(|c| c.address() == "fire_lists_rorkes_drift:A:r1")
    );
}

// "He must count the distance from zone 16 to zone 15, which is 1 ... rolls two 1's": both
// re-rolls deplete.
#[test]
fn zone_ammo_from_16_counts_1_zone_to_15() {
    let input = vc::AmmoInput::FromBoard(vc::ZoneAmmo {
        from: "16".to_owned(),
        ones: 2,
        markable_units: None,
        origins: laager::rules::situation::Origins::default(),
    });
    let r = vc::Ammo::resolve(&charts(), &input, &mut super::typed("1,2")).expect("resolves");
    assert_eq!(r.outcome.depleted, 1);
}

// "Ridge blocks line of sight unless the firing zone and target zone are adjacent": zone 13
// fires at zone 6 across the ridge because they are adjacent.
#[test]
fn an_adjacent_zone_across_the_ridge_is_seen() {
    let los = line_of_sight(&charts(), Battle::Isandlwana, "13", "6", 1, &zones(&["12"]))
        .expect("answers");
    assert!(los.clear);
}

// "Units in a donga zone are blocked from line of sight unless firing units are in a zone
// adjacent to the Donga": from zone 18 (adjacent to 19, printed) the donga is seen; from 17
// (whose neighbours a club has completed without 19) it is not.
#[test]
fn a_target_in_a_donga_is_seen_only_from_an_adjacent_zone() {
    let los = line_of_sight(&charts(), Battle::Isandlwana, "18", "19", 1, &[]).expect("answers");
    assert!(los.clear);
    let club = charts_with(&["zones_isandlwana:17:complete=true"]);
    let los = line_of_sight(&club, Battle::Isandlwana, "17", "19", 2, &[]).expect("answers");
    assert!(!los.clear);
}

// "RORKE'S DRIFT - British units may not fire over more than one wall section at an enemy
// unit. For example, units in zone P could not fire at units in zones E and F." A printed
// fact of the board: refused by that rule, not asked for as board data.
#[test]
fn from_p_at_e_or_f_is_refused_by_the_two_walls_rule() {
    for target in ["E", "F"] {
        let refusal = laager::rules::victoria_cross::fire_range(
            &charts(),
            laager::rules::victoria_cross::Battle::RorkesDrift,
            "P",
            target,
        )
        .expect_err("two walls");
        assert_eq!(refusal.kind, laager::resolution::RefusalKind::NotAllowed);
        assert!(refusal.needs_cells.is_empty());
        assert_eq!(
            refusal.rule.cell.as_deref(),
            Some("fire_lists_rorkes_drift:P:over_two_walls")
        );
    }
}

// Board facts the text only implies are readings, not print: that a zone the buildings
// list leaves out is no building, adjacencies deduced from examples, the entry zones'
// turn. What the text says outright stays printed: "even though the ridge is separating
// zone 13 and zone 6, the zones are adjacent"; "the hospital (Zones L, M, N, & O)".
#[test]
fn inferred_board_facts_are_reconstructed_and_stated_ones_printed() {
    use laager::charts::Confidence;
    let c = charts();
    let confidence = |chart: &str, zone: &str, field: &str| {
        c.chart(laager::Ruleset::VictoriaCross, chart)
            .and_then(|chart| chart.cell(&[zone, field]))
            .map(|cell| cell.confidence)
            .expect("cell")
    };
    let rd = "zones_rorkes_drift";
    let isa = "zones_isandlwana";
    assert_eq!(confidence(rd, "A", "building"), Confidence::Reconstructed);
    assert_eq!(confidence(rd, "K", "adjacent"), Confidence::Reconstructed);
    assert_eq!(confidence(rd, "14", "complete"), Confidence::Reconstructed);
    assert_eq!(
        confidence(isa, "X", "entry_turn"),
        Confidence::Reconstructed
    );
    assert_eq!(confidence(isa, "16", "adjacent"), Confidence::Reconstructed);
    assert_eq!(confidence(rd, "L", "building"), Confidence::Printed);
    assert_eq!(confidence(rd, "14", "adjacent"), Confidence::Printed);
    assert_eq!(confidence(isa, "6", "adjacent"), Confidence::Printed);
}
