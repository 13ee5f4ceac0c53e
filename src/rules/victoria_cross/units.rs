//! The game's units and how many SP each brings to fire and to melee.

use super::rule;
use crate::resolution::Step;
use serde::{Deserialize, Serialize};

/// What a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// British infantry (1 to 2 SP).
    Infantry,
    /// Isandlwana's British native infantry: melee only.
    NativeInfantry,
    /// Isandlwana's cavalry (1 or 2 SP).
    Cavalry,
    /// Isandlwana's artillery battery (6 SP, or its Moved side).
    Artillery,
    /// A British leader: 1 SP.
    Leader,
    /// A Rorke's Drift VP unit: no SP.
    VpUnit,
    /// Zulu warriors (1 to 10 SP).
    Warriors,
    /// A Zulu leader: 1 SP.
    ZuluLeader,
}

/// One counter in a zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its name as printed (`1/24 H`, `Pulleine`).
    pub name: String,
    /// What it is.
    pub kind: UnitKind,
    /// Its SP (the artillery's 6 on its firing side).
    pub sp: u32,
    /// Marked Ammo Depleted.
    pub ammo_depleted: bool,
    /// Moved this turn (the artillery on its Moved side).
    pub moved: bool,
}

/// The SP that fire, with one step per unit saying why it counts or not.
///
/// "All British units except the VP units and British native infantry can fire during fire
/// combat." (Fire Combat); a unit marked Ammo Depleted "may not conduct fire combat while
/// marked"; the artillery "May either move 1 zone or fire" (Game Units).
pub fn firing_sp(units: &[Unit]) -> (u32, Vec<Step>) {
    let mut total = 0;
    let mut steps = Vec::new();
    for unit in units {
        let (sp, why, section) = match unit.kind {
            UnitKind::NativeInfantry => (0, "native infantry may only melee", "Game Units"),
            UnitKind::VpUnit => (0, "VP units do not fire", "Fire Combat"),
            UnitKind::Warriors | UnitKind::ZuluLeader => {
                (0, "Zulus fire only by random fire", "Fire Combat")
            }
            _ if unit.ammo_depleted => (
                0,
                "marked Ammo Depleted: may not conduct fire combat",
                "Fire Combat",
            ),
            UnitKind::Artillery if unit.moved => {
                (0, "moved: may either move or fire", "Game Units")
            }
            UnitKind::Artillery => (unit.sp, "the artillery battery fires its SP", "Game Units"),
            UnitKind::Leader => (1, "a leader counts as 1 SP", "British Leaders"),
            UnitKind::Infantry | UnitKind::Cavalry => (unit.sp, "one die per SP", "Fire Combat"),
        };
        total += sp;
        steps.push(Step::valued(
            rule(section),
            format!("{}: {why}", unit.name),
            sp,
            Some(total.into()),
        ));
    }
    (total, steps)
}

/// The SP that melee, with one step per unit.
///
/// The Melee Example counts Pulleine 1, an Ammo Depleted infantry unit ("it may still
/// melee") and native infantry ("even though they may not fire they may melee"); the
/// artillery "counts as 1 SP in melee, whether on it's Moved or 6 SP side" (Melee Combat).
pub fn melee_sp(units: &[Unit]) -> (u32, Vec<Step>) {
    let mut total = 0;
    let mut steps = Vec::new();
    for unit in units {
        let (sp, why, section) = match unit.kind {
            UnitKind::VpUnit => (0, "VP units have no SP", "Game Units"),
            UnitKind::Artillery => (
                1,
                "the artillery battery counts as 1 SP in melee",
                "Melee Combat",
            ),
            UnitKind::Leader | UnitKind::ZuluLeader => (
                1,
                "a leader counts as a 1 SP unit in combat",
                "British Leaders",
            ),
            _ => (unit.sp, "one die per SP", "Melee Combat"),
        };
        total += sp;
        steps.push(Step::valued(
            rule(section),
            format!("{}: {why}", unit.name),
            sp,
            Some(total.into()),
        ));
    }
    (total, steps)
}
