//! What a Micro Colonial game's records and layout hold for the rules to read: the
//! statuses a morale result leaves and the formations (the enums of [`crate::record`]),
//! the counter types and the classes. The situations and the game's effects read them only
//! through this module.

use super::morale::MoraleResult;
use super::morale_due::MoraleClass;
pub use crate::record::{Formation, Status};
use crate::rules::situation::UnitView;

/// Table 2's "All mounted troops": a mounted counter.
pub const MOUNTED: &str = "mounted";
/// A C-in-C's or sub-commander's counter.
pub const COMMANDER: &str = "commander";
/// An infantry counter.
pub const INFANTRY: &str = "infantry";
/// An artillery or machine-gun counter: its crew may evade.
pub const ARTILLERY: &str = "artillery-machine-gun";

/// The status a morale result leaves on the unit's record (`None`: GOOD clears it).
pub fn status_of(result: MoraleResult) -> Option<Status> {
    match result {
        MoraleResult::FallBack => Some(Status::FallingBack),
        MoraleResult::GoToGround => Some(Status::GoneToGround),
        MoraleResult::Break => Some(Status::Broken),
        MoraleResult::Good => None,
    }
}

/// Whether the unit's record shows this status.
pub fn has_status(unit: &UnitView, status: &Status) -> bool {
    unit.status.as_ref() == Some(status)
}

/// Whether the unit's record shows this formation.
pub fn in_formation(unit: &UnitView, formation: &Formation) -> bool {
    unit.formation.as_ref() == Some(formation)
}

/// The unit's class in the morale rules, when its record gives one they know.
pub fn class_of(unit: &UnitView) -> Option<MoraleClass> {
    class_named(unit.class.as_deref())
}

/// A record's class word as the morale rules' class, when it is one they know.
pub fn class_named(word: Option<&str>) -> Option<MoraleClass> {
    word?.parse().ok()
}
