//! The DBA-style Zulu War rules (MWAN): opposed-d6 ranged and close combat with every
//! modifier and outcome, command points, and victory. Troop values come from
//! `tables/dba_zulu/*.toml`; the code holds only which rule applies where, quoting the text.

// The contract returns a `Refusal` by value: `Result<Resolution, Refusal>`.
#![allow(clippy::result_large_err)]

mod combat;
mod command;
mod modifiers;
mod moves;
pub mod situation;
mod troops;
mod verdict;
mod victory;

pub use combat::{
    Combat, CombatInput, CombatKind, CombatOutcome, Contact, PursuitResult, Side, SideId,
};
pub use command::{Command, CommandInput, CommandOutcome, MoveOrder, MoveUnit};
pub use modifiers::{ModifierName, Modifiers};
pub use troops::TroopType;
pub use verdict::Fate;
pub use victory::{Victory, VictoryInput, VictoryOutcome};

crate::rules::procedures! {
    ruleset: RULESET,
    Combat("combat", label: "Combat", command: "combat") => combat::Combat,
    Command("command", label: "Command points", command: "command") => command::Command,
    Victory("victory", label: "Victory", command: "victory") => victory::Victory,
}

use crate::resolution::RuleRef;
use crate::ruleset::Ruleset;

/// This ruleset.
const RULESET: Ruleset = Ruleset::DbaZulu;

/// The document's section headings, as printed, for the steps' citations.
#[allow(missing_docs)] // each constant is the heading it names
mod section {
    pub const TROOP_TABLE: &str = "Troop type Combat Range Move Destroyed if beat by";
    pub const SET_UP: &str = "Game Set Up";
    pub const TERRAIN: &str = "Terrain types";
    pub const COMBAT: &str = "Combat - General";
    pub const RANGED: &str = "Ranged Combat";
    pub const CLOSE: &str = "Close Combat ( Melee )";
    pub const MOVEMENT: &str = "Movement";
    pub const MODIFIERS: &str = "MODIFIERS";
    pub const OUTCOMES: &str = "COMBAT OUTCOMES";
    pub const PURSUIT: &str = "Pursuit";
    pub const SEQUENCE: &str = "Sequence of Events";
    pub const DEPLOYMENT: &str = "Deployment";
    pub const VICTORY: &str = "Victory Conditions";
    pub const SETTINGS: &str = "settings";
}

/// A citation of a section of the document.
fn rule(section: &str) -> RuleRef {
    RuleRef::section(RULESET, section)
}

/// A citation of one chart cell.
fn cell(section: &str, chart: &str, key: &[&str]) -> RuleRef {
    RuleRef::cell(
        RULESET,
        section,
        chart,
        &format!("{chart}:{}", key.join(":")),
    )
}
