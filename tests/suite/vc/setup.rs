//! Zones as the set-up and the stacking limits use them, worked from "Maximum Units/SP per
//! Zone" and "Setup for Isandlwana".

use super::{charts, no_dice};
use crate::support::OutcomeKeys;
use laager::resolution::Resolution;
use laager::rules::Procedure;
use laager::rules::victoria_cross::{self as vc, Battle, Side};

fn stack(
    battle: Battle,
    side: Side,
    zone: &str,
    sp: u32,
    leaders: u32,
) -> Resolution<vc::StackingOutcome> {
    let s = vc::Stack {
        battle,
        side,
        zone: zone.to_owned(),
        sp,
        leaders,
        origins: laager::rules::situation::Origins::default(),
    };
    vc::Stacking::resolve(&charts(), &s, &mut no_dice()).expect("resolves")
}

// "The limits are 16 British SP plus any leaders, for the Zulu player it is 30 SP plus any
// leaders."
#[test]
fn isandlwana_stacks_16_british_and_30_zulu_sp_plus_leaders() {
    assert_eq!(
        stack(Battle::Isandlwana, Side::British, "16", 16, 2).out("allowed"),
        true
    );
    assert_eq!(
        stack(Battle::Isandlwana, Side::British, "16", 17, 0).out("allowed"),
        false
    );
    assert_eq!(
        stack(Battle::Isandlwana, Side::Zulu, "20", 30, 3).out("allowed"),
        true
    );
    assert_eq!(
        stack(Battle::Isandlwana, Side::Zulu, "20", 31, 0).out("allowed"),
        false
    );
}

// "HOSPITAL (Zones L, M, N, & O) - Each hospital zone may only contain 8 SP"; outside the
// buildings "any number of SP".
#[test]
fn rorkes_drift_buildings_hold_8_sp_and_open_zones_any() {
    assert_eq!(
        stack(Battle::RorkesDrift, Side::British, "L", 7, 1).out("allowed"),
        true
    );
    assert_eq!(
        stack(Battle::RorkesDrift, Side::British, "L", 8, 1).out("allowed"),
        false
    );
    assert_eq!(
        stack(Battle::RorkesDrift, Side::Zulu, "D", 8, 2).out("allowed"),
        true
    );
    let open = stack(Battle::RorkesDrift, Side::Zulu, "12", 60, 4);
    assert_eq!(open.out("allowed"), true);
    assert_eq!(open.outcome.limit, None);
    assert!(open.out("limit").is_null(), "absent from the JSON form");
}

// "STOREHOUSE ROOF (Zone H) - the British player is the only player allowed to use this
// zone."
#[test]
fn zulus_may_not_stack_on_the_storehouse_roof() {
    let s = vc::Stack {
        battle: Battle::RorkesDrift,
        side: Side::Zulu,
        zone: "H".to_owned(),
        sp: 1,
        leaders: 0,
        origins: laager::rules::situation::Origins::default(),
    };
    assert!(vc::Stacking::resolve(&charts(), &s, &mut no_dice()).is_err());
}

// The set-up is data: "Zone 13: RA CURLING (Artillery Battery) • 1/24 H (four 2 SP British
// Infantry units)".
#[test]
fn isandlwana_setup_ships_as_printed_data() {
    let c = charts();
    let forces = c
        .chart(laager::Ruleset::VictoriaCross, "forces")
        .expect("forces chart");
    let cell = |row: &str, field: &str| forces.cell(&[row, field]).and_then(|c| c.value.clone());
    assert_eq!(
        cell("isandlwana-z13-1-24-h", "counters"),
        Some(laager::charts::Value::Int(4))
    );
    assert_eq!(
        cell("isandlwana-z13-ra-curling", "sp_each"),
        Some(laager::charts::Value::Int(6))
    );
    assert_eq!(cell("isandlwana-z19-vause", "sp_each"), None);
}

/// Whether the Zulus may enter by a zone on a turn.
fn zulu_entry(
    charts: &laager::charts::Charts,
    battle: Battle,
    zone: &str,
    turn: u32,
) -> Result<Resolution<vc::ZuluEntryOutcome>, laager::Refusal> {
    let input = vc::ZuluEntryInput {
        battle,
        zone: zone.to_owned(),
        turn,
    };
    vc::ZuluEntry::resolve(charts, &input, &mut no_dice())
}

// "X and Y zones, which are the initial entry zone of the Zulus"; "The Zulu player may use
// these zones for entry, on or after the turn listed in the shield".
#[test]
fn zulus_enter_by_x_from_turn_1_and_unknown_shields_are_asked_for() {
    let r = zulu_entry(&charts(), Battle::Isandlwana, "X", 1).expect("printed");
    assert_eq!(r.out("allowed"), true);
    let refusal = zulu_entry(&charts(), Battle::Isandlwana, "27", 5).expect_err("board");
    assert_eq!(
        refusal.needs_cells[0].address(),
        "zones_isandlwana:27:entry_turn"
    );
    let club = super::charts_with(&["zones_isandlwana:27:entry_turn=6"]);
    let early = zulu_entry(&club, Battle::Isandlwana, "27", 5).expect("club");
    assert_eq!(early.out("allowed"), false);
}

// "The Zulu player may use any outer board edge zone as an entry point in Rorke's Drift."
#[test]
fn rorkes_drift_entry_needs_the_edge_zones() {
    let refusal = zulu_entry(&charts(), Battle::RorkesDrift, "20", 1).expect_err("board");
    assert_eq!(
        refusal.needs_cells[0].address(),
        "zones_rorkes_drift:20:edge"
    );
}

// ALTERNATE VICTORY CONDITIONS "at game end use the following levels": 20 British SP
// surviving is "Zulu Marginal Victory: 27 to 19 British SP survive".
#[test]
fn the_last_turns_check_gives_the_alternate_level_when_played() {
    let club = super::charts_with(&["settings:alternate_victory=on"]);
    let s = vc::VictoryCheck {
        battle: Battle::RorkesDrift,
        turn: 16,
        british_sp: 20,
        zulu_vp: 3,
        origins: laager::rules::situation::Origins::default(),
    };
    let r = vc::Victory::resolve(&club, &s, &mut no_dice()).expect("resolves");
    assert_eq!(r.out("winner"), "zulu");
    assert_eq!(r.out("level"), "zulu-marginal");
}

// Melee Example: "No other Zulu force could melee zone 16 this turn as a zone may only be
// the target of melee once in a turn. This does not apply to the British bayonet charge
// rule."
#[test]
fn a_zone_is_meleed_once_a_phase_but_a_bayonet_charge_may_follow() {
    let mut s = vc::MeleeSituation::new(Battle::Isandlwana, Side::Zulu, 5);
    s.zone_already_meleed = true;
    assert!(vc::Melee::resolve(&charts(), &s, &mut super::typed("6,6,6,6,6")).is_err());
    let charge = vc::BayonetChargeInput {
        battle: Battle::Isandlwana,
        british_sp: 3,
        zulu_sp: 1,
        across_wall: false,
        stop_after_rounds: None,
        origins: laager::rules::situation::Origins::default(),
    };
    let r = vc::BayonetCharge::resolve(&charts(), &charge, &mut super::typed("1,5,1,1"))
        .expect("charges");
    assert_eq!(r.out("result"), "zulus-eliminated");
}
