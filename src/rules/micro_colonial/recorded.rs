//! The words a Micro Colonial game's records and layout use for what the rules read: the
//! statuses a morale result leaves, the formations, the counter types and the classes.
//! The situations and the game's effects compare and write them only through this module,
//! so a word is spelt in one place.

use super::morale::MoraleResult;
use super::morale_due::MoraleClass;
use crate::rules::situation::UnitView;

/// BREAK (ROUT): "the unit will take 10 mm to turn, then rout towards its own base line".
pub const BROKEN: &str = "broken";
/// FALL BACK.
pub const FALLING_BACK: &str = "falling back";
/// GO TO GROUND: "A unit which goes to ground will be classed as in cover from all fire."
pub const GONE_TO_GROUND: &str = "gone to ground";
/// The loser of a melee by more than its class's margin, who must test.
pub const MORALE_TEST_DUE: &str = "morale test due";

/// Close order.
pub const CLOSE_ORDER: &str = "close-order";
/// A large multi-unit square.
pub const SQUARE: &str = "square";
/// "TWO UNIT FORMATION ... one unit counter immediately behind, and touching, the one in
/// front".
pub const TWO_UNIT: &str = "two-unit";

/// Table 2's "All mounted troops": a mounted counter.
pub const MOUNTED: &str = "mounted";
/// A C-in-C's or sub-commander's counter.
pub const COMMANDER: &str = "commander";
/// An infantry counter.
pub const INFANTRY: &str = "infantry";

/// The status a morale result leaves on the unit's record (`None`: GOOD clears it).
pub fn status_of(result: MoraleResult) -> Option<&'static str> {
    match result {
        MoraleResult::FallBack => Some(FALLING_BACK),
        MoraleResult::GoToGround => Some(GONE_TO_GROUND),
        MoraleResult::Break => Some(BROKEN),
        MoraleResult::Good => None,
    }
}

/// Whether the unit's record shows this status.
pub fn has_status(unit: &UnitView, status: &str) -> bool {
    unit.status.as_deref() == Some(status)
}

/// Whether the unit's record shows this formation.
pub fn in_formation(unit: &UnitView, formation: &str) -> bool {
    unit.formation.as_deref() == Some(formation)
}

/// The unit's class in the morale rules, when its record gives one they know.
pub fn class_of(unit: &UnitView) -> Option<MoraleClass> {
    unit.class.as_deref()?.parse().ok()
}
