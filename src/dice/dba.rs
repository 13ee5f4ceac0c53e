//! The DBA-style Zulu rules' dice (003_d01d2219af99fefb.txt): the opposed combat die,
//! the command-point die, and the Gatling gun's jam and repair.

use super::{DiceError, DiceSource, Dist, Thrown, signed, throw_one, throw_plain};
use crate::resolution::{Odds, RuleRef, Step};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Opposed combat: each side's die plus its combat factor.
pub const COMBAT_GENERAL: &str = "Combat - General";
/// The command-point die of each side's phase.
pub const SEQUENCE_OF_EVENTS: &str = "Sequence of Events";
/// The Gatling jam and repair rule.
pub const RANGED_COMBAT: &str = "Ranged Combat";

fn rule(section: &str) -> RuleRef {
    RuleRef::section(Ruleset::DbaZulu, section)
}

/// The totals of an opposed combat roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opposed {
    /// Side a's die plus its combat factor and modifiers.
    pub a_total: i64,
    /// Side b's die plus its combat factor and modifiers.
    pub b_total: i64,
}

impl Opposed {
    /// a's total less b's total: positive when a comes out ahead. Totals of factors within
    /// [`MAX_FACTOR`] and a die are far from overflowing; beyond, it saturates.
    pub fn difference(self) -> i64 {
        self.a_total.saturating_sub(self.b_total)
    }
}

/// The largest combat factor with modifiers either side fights at, either sign.
pub const MAX_FACTOR: i64 = crate::bounds::MAX_FACTOR;

/// Refuses a combat factor beyond [`MAX_FACTOR`], naming its flag (`--a`).
pub fn check_factor(flag: &str, factor: i64) -> Result<i64, DiceError> {
    if (-MAX_FACTOR..=MAX_FACTOR).contains(&factor) {
        Ok(factor)
    } else {
        Err(DiceError::OutOfBounds(format!(
            "{flag} {factor} is not a combat factor: expected -{MAX_FACTOR} to {MAX_FACTOR}"
        )))
    }
}

/// One round of combat: a die for each side, a's first, each added to that side's combat
/// factor with its modifiers (`a_factor`, `b_factor`), each within [`MAX_FACTOR`] (others
/// are refused).
///
/// "Each side engaging in combat rolls a single six sided die, adding its combat factor
/// and any appropriate modifiers and comparing the total to the sum of the defending
/// bases total of a six sided die roll and its combat factor with any appropriate
/// modifiers." (Combat - General)
pub fn opposed(
    dice: &mut dyn DiceSource,
    a_factor: i64,
    b_factor: i64,
) -> Result<Thrown<Opposed>, DiceError> {
    check_factor("--a", a_factor)?;
    check_factor("--b", b_factor)?;
    let (roll, faces) = throw_plain(dice, 2)?;
    let (a_die, b_die) = (i64::from(faces[0]), i64::from(faces[1]));
    let result = Opposed {
        a_total: a_die + a_factor,
        b_total: b_die + b_factor,
    };
    let steps = vec![
        Step::valued(
            rule(COMBAT_GENERAL),
            format!(
                "side a rolls {a_die} and adds its combat factor {}",
                signed(a_factor)
            ),
            a_die,
            Some(json!(result.a_total)),
        ),
        Step::valued(
            rule(COMBAT_GENERAL),
            format!(
                "side b rolls {b_die} and adds its combat factor {}",
                signed(b_factor)
            ),
            b_die,
            Some(json!(result.b_total)),
        ),
        Step::valued(
            rule(COMBAT_GENERAL),
            format!(
                "compare the totals: a {} against b {}",
                result.a_total, result.b_total
            ),
            result.difference(),
            None,
        ),
    ];
    Ok(Thrown {
        roll,
        result,
        steps,
    })
}

/// The exact distribution of a's total less b's total, for factors within [`MAX_FACTOR`]
/// (`DiceProcedure` refuses others; beyond them the difference saturates, never wraps).
pub fn opposed_dist(a_factor: i64, b_factor: i64) -> Dist {
    let shift = a_factor.saturating_sub(b_factor);
    Dist::d6()
        .combine(&Dist::d6(), |a, b| a - b)
        .map(|d| d.saturating_add(shift))
}

/// The command points of one phase: a single die.
///
/// "In each side's phase a single six sided die is rolled, its score determining how many
/// command points are available that phase. Unused command points may not be saved."
/// (Sequence of Events)
pub fn command(dice: &mut dyn DiceSource) -> Result<Thrown<i64>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let points = i64::from(face);
    let steps = vec![Step::valued(
        rule(SEQUENCE_OF_EVENTS),
        format!("a single die: {points} command points this phase (unused points are lost)"),
        points,
        None,
    )];
    Ok(Thrown {
        roll,
        result: points,
        steps,
    })
}

/// The exact distribution of one phase's command points: 1 to 6, each 1/6.
pub fn command_dist() -> Dist {
    Dist::d6()
}

/// Which Gatling throw: its combat die (jams on an unmodified 1) or a repair attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GatlingThrow {
    /// The gun's combat die: an unmodified 1 jams it.
    #[default]
    Combat,
    /// A repair attempt (one command point): a 6 repairs it.
    Repair,
}

/// A Gatling gun's throw. The result is `true` when the gun jams (combat) or is repaired
/// (repair).
///
/// "Gatling guns jam whenever they roll an unmodified 1 in combat ( not movement ). A
/// Gatling gun can be repaired on a roll of 6 at the cost of one command point."
/// (Ranged Combat)
pub fn gatling(dice: &mut dyn DiceSource, throw: GatlingThrow) -> Result<Thrown<bool>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let (result, text) = match throw {
        GatlingThrow::Combat => {
            let jammed = face == 1;
            (
                jammed,
                if jammed {
                    "an unmodified 1 in combat: the Gatling jams".to_owned()
                } else {
                    format!("unmodified {face}, not 1: the Gatling keeps firing")
                },
            )
        }
        GatlingThrow::Repair => {
            let repaired = face == 6;
            (
                repaired,
                if repaired {
                    "a 6: the Gatling is repaired (the command point is spent)".to_owned()
                } else {
                    format!("{face}, not 6: still jammed (the command point is still spent)")
                },
            )
        }
    };
    let steps = vec![Step::valued(rule(RANGED_COMBAT), text, face, None)];
    Ok(Thrown {
        roll,
        result,
        steps,
    })
}

/// The exact odds of a Gatling throw: jammed 1/6 in combat, repaired 1/6 on a repair.
pub fn gatling_odds(_throw: GatlingThrow) -> Odds {
    // Both read a single face: a 1 jams, a 6 repairs.
    Dist::bool_odds(1.0 / 6.0)
}
