//! Zones as the set-up and the stacking limits use them, worked from "Maximum Units/SP per
//! Zone" and "Setup for Isandlwana".

use super::charts;
use laager::rules::victoria_cross::{self as vc, Battle, Side};

fn stack(battle: Battle, side: Side, zone: &str, sp: u32, leaders: u32) -> laager::Resolution {
    let s = vc::Stack {
        battle,
        side,
        zone: zone.to_owned(),
        sp,
        leaders,
    };
    vc::stacking(&charts(), &s).expect("resolves")
}

// "The limits are 16 British SP plus any leaders, for the Zulu player it is 30 SP plus any
// leaders."
#[test]
fn isandlwana_stacks_16_british_and_30_zulu_sp_plus_leaders() {
    assert_eq!(
        stack(Battle::Isandlwana, Side::British, "16", 16, 2).outcome["allowed"],
        true
    );
    assert_eq!(
        stack(Battle::Isandlwana, Side::British, "16", 17, 0).outcome["allowed"],
        false
    );
    assert_eq!(
        stack(Battle::Isandlwana, Side::Zulu, "20", 30, 3).outcome["allowed"],
        true
    );
    assert_eq!(
        stack(Battle::Isandlwana, Side::Zulu, "20", 31, 0).outcome["allowed"],
        false
    );
}

// "HOSPITAL (Zones L, M, N, & O) - Each hospital zone may only contain 8 SP"; outside the
// buildings "any number of SP".
#[test]
fn rorkes_drift_buildings_hold_8_sp_and_open_zones_any() {
    assert_eq!(
        stack(Battle::RorkesDrift, Side::British, "L", 7, 1).outcome["allowed"],
        true
    );
    assert_eq!(
        stack(Battle::RorkesDrift, Side::British, "L", 8, 1).outcome["allowed"],
        false
    );
    assert_eq!(
        stack(Battle::RorkesDrift, Side::Zulu, "D", 8, 2).outcome["allowed"],
        true
    );
    let open = stack(Battle::RorkesDrift, Side::Zulu, "12", 60, 4);
    assert_eq!(open.outcome["allowed"], true);
    assert!(open.outcome.get("limit").is_none());
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
    };
    assert!(vc::stacking(&charts(), &s).is_err());
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
