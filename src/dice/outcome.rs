//! The typed outcome of every dice procedure of `laager roll`: one struct per procedure
//! whose JSON keys are that procedure's `outcome` keys (`result`, and the procedure's own
//! names for it), and [`RollOutcome`], any of them.
//!
//! `rules::Outcome::Roll` wraps a [`RollOutcome`]; this module knows nothing of `rules`.

use super::micro_colonial::{Initiative, Pursuit, Room, SameColour};
use super::soldiers_of_the_queen::PnStar;
use serde::{Deserialize, Serialize};

/// `mc-random-factor`: black dice plus, red dice minus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McRandomFactorOutcome {
    /// The random factor.
    pub result: i64,
    /// How two dice of one colour were counted.
    pub same_colour_dice: SameColour,
}

/// `mc-rout-loss`: fighting factors lost in a move of rout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McRoutLossOutcome {
    /// The fighting factors lost.
    pub result: i64,
    /// The same, by its name.
    pub ff_lost: i64,
}

/// `mc-rally`: one die against the Rally table's minimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McRallyOutcome {
    /// Whether the unit rallied.
    pub result: bool,
    /// The same, by its name.
    pub rallied: bool,
    /// The minimum score thrown against.
    pub min: u8,
}

/// `mc-initiative`: what a sub-commander may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McInitiativeOutcome {
    /// `carry-on` or `may-change`.
    pub result: Initiative,
}

/// `mc-pursuit`: whether the pursuers carry on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McPursuitOutcome {
    /// `continue` or `may-break-off`.
    pub result: Pursuit,
}

/// `mc-break-in`: a random factor against the room's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct McBreakInOutcome {
    /// Whether the Zulus broke in.
    pub result: bool,
    /// The same, by its name.
    pub broke_in: bool,
    /// The random factor thrown.
    pub random_factor: i64,
    /// Occupied or empty.
    pub room: Room,
}

/// `dba-opposed`: a die each side added to its factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DbaOpposedOutcome {
    /// a's total less b's.
    pub result: i64,
    /// a's total.
    pub a_total: i64,
    /// b's total.
    pub b_total: i64,
}

/// `dba-command`: the phase's command points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DbaCommandOutcome {
    /// The command points.
    pub result: i64,
    /// The same, by its name.
    pub command_points: i64,
}

/// `dba-gatling`: the combat die jams or the repair succeeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DbaGatlingOutcome {
    /// Jammed (the combat die) or repaired (`--repair`).
    pub result: bool,
    /// The combat die's result by its name; absent for a repair.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub jammed: Option<bool>,
    /// The repair's result by its name; absent for the combat die.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub repaired: Option<bool>,
}

/// `vc-bucket`: hits on the hit number or better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VcBucketOutcome {
    /// The hits.
    pub result: u32,
    /// The dice thrown.
    pub dice: u32,
    /// The hits, by their name.
    pub hits: u32,
    /// The dice showing 1 (ammunition checks at Isandlwana).
    pub ones: u32,
}

/// `vc-ammo`: the units marked Ammo Depleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VcAmmoOutcome {
    /// The units depleted.
    pub result: u32,
    /// The same, by its name.
    pub depleted: u32,
}

/// `vc-hospital-fire`: the box the fire marker ends in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VcHospitalFireOutcome {
    /// The box the marker ends in.
    pub result: u8,
    /// The boxes it moved.
    pub moved: u8,
    /// Whether the hospital has burned down.
    pub burned_down: bool,
}

/// `sotq-d6`: one die for a results table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SotqD6Outcome {
    /// The die.
    pub result: i64,
}

/// `sotq-leader-death`: two dice, killed on 2 or 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SotqLeaderDeathOutcome {
    /// Whether the leader is killed.
    pub result: bool,
    /// The same, by its name.
    pub killed: bool,
}

/// `sotq-pre-melee`: the pre-melee morale check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SotqPreMeleeOutcome {
    /// The die less 2.
    pub result: i64,
    /// The die.
    pub die: u8,
}

/// `sotq-pn-star`: the firer's PN* re-roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SotqPnStarOutcome {
    /// `pinned` or `eliminate`.
    pub result: PnStar,
}

/// Lists each dice procedure's outcome once: the enum of any of them, serialised as the
/// procedure's own keys, and reading one back by the procedure's name.
macro_rules! roll_outcomes {
    ($($variant:ident($name:literal) => $outcome:ty),+ $(,)?) => {
        /// Any dice procedure's outcome: its JSON form is the procedure's own keys.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum RollOutcome {
            $(
                #[allow(missing_docs)]
                $variant($outcome),
            )+
        }

        impl RollOutcome {
            /// The names of the procedures, in the order `laager roll --help` lists them.
            pub const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];

            /// Reads a dice procedure's outcome from its JSON form; `None` for a name that
            /// is not a dice procedure's.
            pub fn from_value(
                procedure: &str,
                value: serde_json::Value,
            ) -> Option<Result<RollOutcome, serde_json::Error>> {
                match procedure {
                    $($name => Some(serde_json::from_value(value).map(RollOutcome::$variant)),)+
                    _ => None,
                }
            }
        }
    };
}

roll_outcomes! {
    McRandomFactor("mc-random-factor") => McRandomFactorOutcome,
    McRoutLoss("mc-rout-loss") => McRoutLossOutcome,
    McRally("mc-rally") => McRallyOutcome,
    McInitiative("mc-initiative") => McInitiativeOutcome,
    McPursuit("mc-pursuit") => McPursuitOutcome,
    McBreakIn("mc-break-in") => McBreakInOutcome,
    DbaOpposed("dba-opposed") => DbaOpposedOutcome,
    DbaCommand("dba-command") => DbaCommandOutcome,
    DbaGatling("dba-gatling") => DbaGatlingOutcome,
    VcBucket("vc-bucket") => VcBucketOutcome,
    VcAmmo("vc-ammo") => VcAmmoOutcome,
    VcHospitalFire("vc-hospital-fire") => VcHospitalFireOutcome,
    SotqD6("sotq-d6") => SotqD6Outcome,
    SotqLeaderDeath("sotq-leader-death") => SotqLeaderDeathOutcome,
    SotqPreMelee("sotq-pre-melee") => SotqPreMeleeOutcome,
    SotqPnStar("sotq-pn-star") => SotqPnStarOutcome,
}
