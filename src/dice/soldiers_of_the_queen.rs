//! Soldiers of the Queen's dice (000_8bf2dbfc0ad079d9.txt): the one die read on a results
//! table, the death of leaders on two dice, the pre-melee morale check, and the PN* re-roll.

use super::{DiceError, DiceSource, Dist, Thrown, labelled_odds, throw_one, throw_plain};
use crate::resolution::{Odds, RuleRef, Step};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// "rolls one die" on the Fire Combat Results Table.
pub const HOW_TO_FIRE: &str = "Part 10: Fire Combat, B. How to Fire";
/// The PN* result.
pub const FIRE_COMBAT_RESULTS: &str = "Part 10: Fire Combat, G. Fire Combat Results";
/// The pre-melee morale check of C and D units.
pub const PRE_MELEE_MORALE_CHECK: &str = "Part 12: Melee Combat, E. Pre-Melee Morale Check";
/// Two dice per leader in a hex that lost a unit.
pub const DEATH_OF_LEADERS: &str = "Part 13: Leaders, D. Death of Leaders";

fn rule(section: &str) -> RuleRef {
    RuleRef::section(Ruleset::SoldiersOfTheQueen, section)
}

/// One die read on a results table (fire, melee, morale, ammunition resupply).
///
/// "he shifts (if necessary) the Fire Strength Column and rolls one die. He then checks
/// the result for that column and die roll" (Part 10 B). The tables themselves are not in
/// the document; the result is the face.
pub fn d6(dice: &mut dyn DiceSource) -> Result<Thrown<i64>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let steps = vec![Step::valued(
        rule(HOW_TO_FIRE),
        format!("roll one die: {face}, read on the results table in use"),
        face,
        None,
    )];
    Ok(Thrown {
        roll,
        result: i64::from(face),
        steps,
    })
}

/// One die: 1 to 6, each 1/6.
pub fn d6_dist() -> Dist {
    Dist::d6()
}

/// Two dice for one leader in a hex that lost a unit; the result is `true` when he dies.
///
/// "the defending player rolls two dice for each leader in the hex. A leader is
/// eliminated on a roll of 2 or 12." (Part 13 D)
pub fn leader_death(dice: &mut dyn DiceSource) -> Result<Thrown<bool>, DiceError> {
    let (roll, faces) = throw_plain(dice, 2)?;
    let total = faces.iter().map(|&f| i64::from(f)).sum::<i64>();
    let killed = total == 2 || total == 12;
    let steps = vec![
        Step::valued(
            rule(DEATH_OF_LEADERS),
            format!("two dice for the leader: {} + {}", faces[0], faces[1]),
            total,
            Some(json!(total)),
        ),
        Step::valued(
            rule(DEATH_OF_LEADERS),
            if killed {
                format!("{total}: a leader is eliminated on a roll of 2 or 12")
            } else {
                format!("{total}, not 2 or 12: the leader survives")
            },
            killed,
            None,
        ),
    ];
    Ok(Thrown {
        roll,
        result: killed,
        steps,
    })
}

/// The exact odds of a leader's death: 2/36.
pub fn leader_death_odds() -> Odds {
    let two = Dist::d6().add(&Dist::d6());
    Dist::bool_odds(two.p_where(|t| t == 2 || t == 12))
}

/// The pre-melee morale check of a C or D unit: one die less 2, read on the Morale Table.
///
/// "The defending player rolls the die for each unit with C or D morale, subtracting 2
/// from the die roll. The defender checks his Morale Table for the result of each roll"
/// (Part 12 E). The Morale Table is not in the document; the result is the modified roll.
pub fn pre_melee(dice: &mut dyn DiceSource) -> Result<Thrown<i64>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let result = i64::from(face) - 2;
    let steps = vec![
        Step::valued(
            rule(PRE_MELEE_MORALE_CHECK),
            "roll the die for the C or D unit",
            face,
            Some(json!(face)),
        ),
        Step::valued(
            rule(PRE_MELEE_MORALE_CHECK),
            format!("subtract 2 from the die roll: {result}, read on the Morale Table"),
            -2,
            Some(json!(result)),
        ),
    ];
    Ok(Thrown {
        roll,
        result,
        steps,
    })
}

/// The exact distribution of the modified roll: −1 to 4, each 1/6.
pub fn pre_melee_dist() -> Dist {
    Dist::d6().map(|f| f - 2)
}

/// What the firing player's PN* re-roll does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PnStar {
    /// 1 to 5: treat the result as Pinned.
    Pinned,
    /// 6: eliminate one defending unit; all others in the hex check morale.
    Eliminate,
}

impl PnStar {
    /// The results as written in the outcome and the odds.
    pub const LABELS: [&'static str; 2] = ["pinned", "eliminate"];

    /// This result's label.
    pub fn label(self) -> &'static str {
        Self::LABELS[self as usize]
    }
}

/// The PN* re-roll.
///
/// "PN* = The firing Player rolls the die again. If the result is 1-5, treat the result
/// as Pinned. If a 6 is rolled, eliminate one defending unit. All other units in the hex
/// must undergo a Morale Check." (Part 10 G)
pub fn pn_star(dice: &mut dyn DiceSource) -> Result<Thrown<PnStar>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let result = if face == 6 {
        PnStar::Eliminate
    } else {
        PnStar::Pinned
    };
    let text = match result {
        PnStar::Pinned => format!("{face}, 1-5: treat the result as Pinned"),
        PnStar::Eliminate => "a 6: eliminate one defending unit; all other units in the hex \
                              must undergo a Morale Check"
            .to_owned(),
    };
    let steps = vec![Step::valued(
        rule(FIRE_COMBAT_RESULTS),
        text,
        result.label(),
        None,
    )];
    Ok(Thrown {
        roll,
        result,
        steps,
    })
}

/// The exact odds of the PN* re-roll: pinned 5/6, eliminate 1/6.
pub fn pn_star_odds() -> Odds {
    labelled_odds(&Dist::d6().map(|f| i64::from(f == 6)), &PnStar::LABELS)
}
