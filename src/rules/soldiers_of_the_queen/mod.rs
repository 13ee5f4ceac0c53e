//! Soldiers of the Queen (Isandhlwana & Omdurman), resolved from its text and whatever
//! charts a club supplies: hex range, fire, melee, morale, leaders, movement, ammunition
//! and victory. Every step cites the PART and section of 000_8bf2dbfc0ad079d9.txt.
//!
//! Each procedure is a [`crate::rules::Procedure`]: `Fire::resolve(&charts, &input, dice)`,
//! listed once below, so the desk and the CLI send the same typed [`Request`].

// `Result<Resolution, Refusal>` is the contract of every rule; a refusal carries its rule
// and cells, so it is large by design.
#![allow(clippy::result_large_err)]
// A situation is the rulebook's list of conditions, each a yes or no.
#![allow(clippy::struct_excessive_bools)]

pub mod ammo;
mod cells;
pub mod commanders;
pub mod fire;
pub mod hex;
pub mod leaders;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod odds;
mod range_effects;
pub mod results;
pub mod situation;
pub mod units;
pub mod victory;
pub mod words;

pub use ammo::{Resupply, ResupplyInput, ResupplyOutcome, ResupplyUnit};
pub use fire::{Fire, FireInput, FireOutcome, Firer, Phase, Target};
pub use hex::{Hex, Range, RangeInput, RangeOutcome, ShiftedColumns};
pub use leaders::{
    AloneCase, LeaderDeath, LeaderDeathInput, LeaderDeathOutcome, Position, Rallier, Rally,
    RallyInput, RallyOutcome,
};
pub use melee::{Attacker, Defender, Melee, MeleeInput, MeleeOutcome, Ridge};
pub use movement::{
    Allowance, AllowanceInput, AllowanceOutcome, Entry, EntryInput, EntryOutcome, Kind, Piece,
    Stack, StackInput, StackOutcome,
};
pub use odds::{MeleeOdds, OddsColumn, OddsInput, OddsOutcome};
pub use results::{CombatResult, Fate, HexOutcome, StackUnit, UnitFate};
pub use units::{Arm, Nationality};
pub use victory::{
    EliminatedOnTurn, IsandhlwanaCounts, OmdurmanCounts, Victory, VictoryInput, VictoryOutcome,
    Winner,
};

crate::rules::procedures! {
    ruleset: RULESET,
    Range("range", label: "Hex range", command: "range") => hex::Range,
    Odds("odds", label: "Melee odds", command: "odds") => odds::OddsColumn,
    LeaderDeath("leader-death", label: "Leader death", command: "leader-death") => leaders::LeaderDeath,
    Fire("fire", label: "Fire", command: "fire") => fire::Fire,
    Melee("melee", label: "Melee", command: "melee") => melee::Melee,
    Rally("rally", label: "Rally", command: "rally") => leaders::Rally,
    Resupply("resupply", label: "Resupply", command: "resupply") => ammo::Resupply,
    Allowance("allowance", label: "Movement allowance", command: "allowance") => movement::Allowance,
    Stack("stack", label: "Stacking", command: "stack") => movement::Stack,
    Entry("entry", label: "Map entry", command: "entry") => movement::Entry,
    Victory("victory", label: "Victory", command: "victory") => victory::Victory,
}

use crate::charts::{Axis, Body, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, RuleRef};
use crate::ruleset::{Ruleset, serde_by_name};
use std::fmt;
use std::str::FromStr;

/// The ruleset every step here cites.
pub const RULESET: Ruleset = Ruleset::SoldiersOfTheQueen;

/// A reference to a section of the rulebook ("PART 10 D").
pub fn rule(section: &str) -> RuleRef {
    RuleRef::section(RULESET, section)
}

/// A resolution with the steps saying what the records decided ([`situation`]) first.
fn records_first<T>(
    resolved: Result<Resolution<T>, Refusal>,
    origins: &crate::rules::situation::Origins,
    input: &impl serde::Serialize,
    section: &str,
) -> Result<Resolution<T>, Refusal> {
    let mut res = resolved?;
    let mut steps = origins.steps(input, &rule(section));
    if !steps.is_empty() {
        steps.append(&mut res.steps);
        res.steps = steps;
    }
    Ok(res)
}

/// A reference to one chart cell read under a section.
pub fn cell_rule(section: &str, chart: &str, key: &[&str]) -> RuleRef {
    RuleRef::cell(
        RULESET,
        section,
        chart,
        &format!("{chart}:{}", key.join(":")),
    )
}

/// Which of the two games (Game Parts C: "The Isandhlwana Game is played on one side of the
/// map and the Omdurman Game is played on the other side").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// Isandhlwana, 22 January 1879: British against Zulus.
    Isandhlwana,
    /// Omdurman, 2 September 1898: British against Dervishes.
    Omdurman,
}

impl Game {
    /// The game's name as the charts and the CLI write it.
    pub fn name(self) -> &'static str {
        match self {
            Game::Isandhlwana => "isandhlwana",
            Game::Omdurman => "omdurman",
        }
    }

    /// Parses `isandhlwana` or `omdurman`.
    pub fn parse(text: &str) -> Result<Game, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "isandhlwana" | "isandlwana" => Ok(Game::Isandhlwana),
            "omdurman" => Ok(Game::Omdurman),
            other => Err(format!(
                "'{other}' is not a game: expected isandhlwana or omdurman"
            )),
        }
    }

    /// The British player's opponent in this game.
    pub fn enemy(self) -> Side {
        match self {
            Game::Isandhlwana => Side::Zulu,
            Game::Omdurman => Side::Dervish,
        }
    }
}

impl FromStr for Game {
    type Err = String;

    fn from_str(text: &str) -> Result<Game, String> {
        Game::parse(text)
    }
}

serde_by_name!(Game, name);

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The game of an input, as every door asks for it.
pub(crate) const fn game_field(
    field: crate::rules::field::FieldId,
) -> crate::rules::describe::FieldSpec {
    crate::rules::describe::FieldSpec {
        field,
        flag: "game",
        value_name: "GAME",
        label: "game",
        help: "isandhlwana or omdurman",
        kind: crate::rules::describe::Kind::Choice {
            names: &["isandhlwana", "omdurman"],
        },
        required: true,
        from_records: false,
        parse: crate::rules::describe::parsed::<Game>,
    }
}

/// The side field of a procedure's description, labelled `label` on the desk.
pub(crate) const fn side_field(
    field: crate::rules::field::FieldId,
    label: &'static str,
) -> crate::rules::describe::FieldSpec {
    crate::rules::describe::FieldSpec {
        field,
        flag: "side",
        value_name: "SIDE",
        label,
        help: "british, zulu or dervish",
        kind: crate::rules::describe::Kind::Choice {
            names: &["british", "zulu", "dervish"],
        },
        required: true,
        from_records: false,
        parse: crate::rules::describe::parsed::<Side>,
    }
}

/// A player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The British Player (both games).
    British,
    /// The Zulu Player (Isandhlwana).
    Zulu,
    /// The Dervish Player (Omdurman).
    Dervish,
}

impl Side {
    /// The side's name.
    pub fn name(self) -> &'static str {
        match self {
            Side::British => "british",
            Side::Zulu => "zulu",
            Side::Dervish => "dervish",
        }
    }

    /// Parses `british`, `zulu` or `dervish`.
    pub fn parse(text: &str) -> Result<Side, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "british" => Ok(Side::British),
            "zulu" => Ok(Side::Zulu),
            "dervish" => Ok(Side::Dervish),
            other => Err(format!(
                "'{other}' is not a side: expected british, zulu or dervish"
            )),
        }
    }
}

impl FromStr for Side {
    type Err = String;

    fn from_str(text: &str) -> Result<Side, String> {
        Side::parse(text)
    }
}

serde_by_name!(Side, name);

/// A unit's Morale Rating (Glossary: "Letter valuation of a unit's ability to stand and fight").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Morale {
    /// The best rating.
    A,
    /// Second.
    B,
    /// Third: takes the pre-melee check (PART 12 E).
    C,
    /// Fourth: takes the pre-melee check (PART 12 E).
    D,
}

impl Morale {
    /// The letter, as the Morale Check Tables' columns print it.
    pub fn letter(self) -> &'static str {
        match self {
            Morale::A => "A",
            Morale::B => "B",
            Morale::C => "C",
            Morale::D => "D",
        }
    }

    /// Parses a letter A-D.
    pub fn parse(text: &str) -> Result<Morale, String> {
        match text.trim().to_ascii_uppercase().as_str() {
            "A" => Ok(Morale::A),
            "B" => Ok(Morale::B),
            "C" => Ok(Morale::C),
            "D" => Ok(Morale::D),
            other => Err(format!(
                "'{other}' is not a morale rating: expected A, B, C or D"
            )),
        }
    }

    /// One level lower (PART 13 D: "from A to B, B to C, etc."); `None` for D, which the
    /// text gives no level below.
    pub fn lowered(self) -> Option<Morale> {
        match self {
            Morale::A => Some(Morale::B),
            Morale::B => Some(Morale::C),
            Morale::C => Some(Morale::D),
            Morale::D => None,
        }
    }
}

impl FromStr for Morale {
    type Err = String;

    fn from_str(text: &str) -> Result<Morale, String> {
        Morale::parse(text)
    }
}

serde_by_name!(Morale, letter);

/// Throws `n` plain dice, records the roll, and returns the faces. Typed dice that do not
/// fit are refused as bad dice, the dice error the reason.
pub(crate) fn throw<O>(
    dice: &mut dyn DiceSource,
    n: usize,
    resolution: &mut Resolution<O>,
    section: &str,
) -> Result<Vec<u8>, Refusal> {
    let roll = dice
        .throw(&vec![None; n])
        .map_err(|e| Refusal::bad_dice(rule(section), &e))?;
    let faces = roll.faces.iter().map(|f| f.face).collect();
    resolution.rolls.push(roll);
    Ok(faces)
}

/// The row and column axes of a grid chart, if the chart is loaded and is a grid.
pub(crate) fn grid_axes<'a>(charts: &'a Charts, chart: &str) -> Option<(&'a Axis, &'a Axis)> {
    match &charts.chart(RULESET, chart)?.body {
        Body::TwoD { rows, columns, .. } => Some((rows, columns)),
        Body::OneD { .. } => None,
    }
}

/// Whether every key of an axis has a legible header.
pub(crate) fn all_known(axis: &Axis) -> bool {
    axis.keys
        .iter()
        .all(|k| k.confidence != crate::charts::Confidence::Unknown)
}
