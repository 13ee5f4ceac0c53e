//! Micro Colonial's dice (001_f725543377c8fee5.txt): the red-and-black random factor and
//! its two- and three-dice variants, rout losses, rally, sub-commander initiative,
//! pursuit, and the Rorke's Drift break-in.

use super::{DiceError, DiceSource, Dist, Thrown, labelled_odds, signed, throw_one};
use crate::resolution::{Colour, Face, Odds, Roll, RuleRef, Step};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The section of the rules that defines the random factor.
pub const RANDOM_FACTOR: &str = "RANDOM FACTOR";
/// The morale result whose routers lose a die × 10 fighting factors a move.
pub const BREAK: &str = "BREAK (ROUT)";
/// The rally throw against the Rally table's minimum.
pub const RALLYING: &str = "RALLYING";
/// The sub-commander's initiative test.
pub const SUB_COMMANDERS: &str = "APPENDIX 2 SUB COMMANDERS";
/// Pursuit of a breaking unit.
pub const PURSUIT: &str = "PURSUIT";
/// The Rorke's Drift supplement's rule for breaking into a building or room.
pub const IN_BUILDINGS: &str = "IN BUILDINGS";

/// How two dice of one colour count: the document throws them but does not say.
///
/// "In the following circumstances two black dice are thrown as well as the red dice"
/// (RANDOM FACTOR) — it never says whether the two are added or only the higher is read.
/// The setting is named `same_colour_dice`; every step that depends on it names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SameColour {
    /// The dice of one colour are added (the default): sum of black − sum of red.
    #[default]
    Sum,
    /// Only the highest die of each colour counts.
    Highest,
}

impl SameColour {
    /// The setting's value as written in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SameColour::Sum => "sum",
            SameColour::Highest => "highest",
        }
    }
}

impl std::fmt::Display for SameColour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for SameColour {
    type Err = String;

    fn from_str(text: &str) -> Result<SameColour, String> {
        match text {
            "sum" => Ok(SameColour::Sum),
            "highest" => Ok(SameColour::Highest),
            other => Err(format!(
                "same_colour_dice: '{other}' is not a setting (expected sum or highest)"
            )),
        }
    }
}

/// One random factor: the dice thrown and the result, black (plus) less red (minus).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomFactor {
    /// The faces, black dice first, then red.
    pub roll: Roll,
    /// The random factor, e.g. −5..=+5 for one die of each colour.
    pub result: i64,
}

fn rule(section: &str) -> RuleRef {
    RuleRef::section(Ruleset::MicroColonial, section)
}

/// The colours thrown for `black` black and `red` red dice: black first, then red.
pub fn random_factor_colours(black: u8, red: u8) -> Vec<Option<Colour>> {
    let mut colours = vec![Some(Colour::Black); usize::from(black)];
    colours.extend(std::iter::repeat_n(Some(Colour::Red), usize::from(red)));
    colours
}

/// Throws a random factor: `black` black dice counting plus, `red` red dice counting minus.
///
/// "throw one red dice, counting the score minus, and one black dice, counting the score
/// plus. Take the lower dice score from the higher." (RANDOM FACTOR). Two black and one
/// red for close-order infantry and mounted troops on the impact round and a regular
/// unit's initial volley; one black and two red when mounted troops fire.
pub fn random_factor(
    dice: &mut dyn DiceSource,
    black: u8,
    red: u8,
    same: SameColour,
) -> Result<RandomFactor, DiceError> {
    let roll = dice.throw(&random_factor_colours(black, red))?;
    let result = random_factor_value(&roll.faces, same);
    Ok(RandomFactor { roll, result })
}

/// The score of one colour: the sum of its faces, or the highest face (0 with no dice).
fn colour_score(faces: &[Face], colour: Colour, same: SameColour) -> i64 {
    let scores = faces
        .iter()
        .filter(|f| f.colour == Some(colour))
        .map(|f| i64::from(f.face));
    match same {
        SameColour::Sum => scores.sum(),
        SameColour::Highest => scores.max().unwrap_or(0),
    }
}

/// The random factor of thrown faces: the black score less the red score.
///
/// Faces without a colour are not part of a random factor and are ignored.
pub fn random_factor_value(faces: &[Face], same: SameColour) -> i64 {
    colour_score(faces, Colour::Black, same) - colour_score(faces, Colour::Red, same)
}

/// The score of `n` dice of one colour, exactly.
fn colour_dist(n: u8, same: SameColour) -> Dist {
    match same {
        SameColour::Sum => Dist::d6().repeat_sum(usize::from(n)),
        SameColour::Highest => Dist::d6().highest_of(usize::from(n)),
    }
}

/// The exact distribution of a random factor of `black` black and `red` red dice.
pub fn random_factor_dist(black: u8, red: u8, same: SameColour) -> Dist {
    colour_dist(black, same).combine(&colour_dist(red, same), |b, r| b - r)
}

fn faces_text(faces: &[Face], colour: Colour) -> String {
    let letter = match colour {
        Colour::Black => 'B',
        Colour::Red => 'R',
    };
    faces
        .iter()
        .filter(|f| f.colour == Some(colour))
        .map(|f| format!("{letter}{}", f.face))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The steps that explain a random factor, citing RANDOM FACTOR and, where two dice of
/// one colour were thrown, naming the `same_colour_dice` setting in force.
pub fn random_factor_steps(factor: &RandomFactor, same: SameColour) -> Vec<Step> {
    let faces = &factor.roll.faces;
    let black = faces
        .iter()
        .filter(|f| f.colour == Some(Colour::Black))
        .count();
    let red = faces
        .iter()
        .filter(|f| f.colour == Some(Colour::Red))
        .count();
    let mut steps = Vec::new();
    let variant = match (black, red) {
        (1, 1) => "one black die (plus) and one red die (minus)".to_owned(),
        (2, 1) => "two black dice (plus) and one red die (minus): mounted and close order \
                   troops on the impact round, a regular unit's initial volley; at Rorke's \
                   Drift Zulu rifles, firing parties' initial volleys and counter-attacks"
            .to_owned(),
        (1, 2) => "one black die (plus) and two red dice (minus): mounted troops firing".to_owned(),
        (b, r) => format!("{b} black dice (plus) and {r} red dice (minus)"),
    };
    steps.push(Step::note(rule(RANDOM_FACTOR), format!("throw {variant}")));
    if black > 1 || red > 1 {
        let reading = match same {
            SameColour::Sum => "the dice of one colour are added",
            SameColour::Highest => "only the highest die of each colour counts",
        };
        steps.push(Step::note(
            rule(RANDOM_FACTOR),
            format!(
                "same_colour_dice = {same}: {reading} (the document throws two dice of one \
                 colour but does not say how they count)"
            ),
        ));
    }
    let plus = colour_score(faces, Colour::Black, same);
    let minus = colour_score(faces, Colour::Red, same);
    let counts = |n: usize, colour: &str| match (same, n > 1) {
        (SameColour::Highest, true) => format!("the highest {colour} die counts"),
        (SameColour::Sum, true) => format!("{colour} dice count"),
        _ => format!("{colour} counts"),
    };
    steps.push(Step::valued(
        rule(RANDOM_FACTOR),
        format!(
            "{} plus ({})",
            counts(black, "black"),
            faces_text(faces, Colour::Black)
        ),
        plus,
        Some(json!(plus)),
    ));
    steps.push(Step::valued(
        rule(RANDOM_FACTOR),
        format!(
            "{} minus ({})",
            counts(red, "red"),
            faces_text(faces, Colour::Red)
        ),
        -minus,
        Some(json!(plus - minus)),
    ));
    steps.push(Step::valued(
        rule(RANDOM_FACTOR),
        "take the lower score from the higher: the random factor",
        factor.result,
        None,
    ));
    steps
}

/// Fighting factors a breaking unit loses in one move of rout: one die × 10.
///
/// "A breaking unit will lose one dice x 10 fighting factors per move of rout."
/// (BREAK (ROUT))
pub fn rout_loss(dice: &mut dyn DiceSource) -> Result<Thrown<i64>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let lost = i64::from(face) * 10;
    let steps = vec![
        Step::valued(rule(BREAK), "throw one die", face, None),
        Step::valued(
            rule(BREAK),
            format!("one die x 10 fighting factors: {face} x 10 lost this move of rout"),
            lost,
            None,
        ),
    ];
    Ok(Thrown {
        roll,
        result: lost,
        steps,
    })
}

/// The exact distribution of a move's rout loss: 10, 20, … 60 fighting factors, each 1/6.
pub fn rout_loss_dist() -> Dist {
    Dist::d6().map(|f| f * 10)
}

/// A rally attempt: one die against the minimum score from the Rally table.
///
/// "throw one dice and consult the following table. The figure in the table gives the
/// minimum dice score required to rally." (RALLYING). `min` is that figure, 1 to 6.
pub fn rally(dice: &mut dyn DiceSource, min: u8) -> Result<Thrown<bool>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let rallied = face >= min;
    let steps = vec![
        Step::valued(rule(RALLYING), "throw one die", face, None),
        Step::valued(
            rule(RALLYING),
            format!(
                "{face} against the minimum score {min} from the Rally table: {}",
                if rallied {
                    "the unit rallies"
                } else {
                    "no rally"
                }
            ),
            rallied,
            None,
        ),
    ];
    Ok(Thrown {
        roll,
        result: rallied,
        steps,
    })
}

/// The chance a rally succeeds against a minimum score: faces `min`..=6 of six.
pub fn rally_odds(min: u8) -> Odds {
    Dist::bool_odds(Dist::d6().p_where(|f| f >= i64::from(min)))
}

/// What a sub-commander's initiative test allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Initiative {
    /// 1 or 2: the unit carries on with its initial orders where possible.
    CarryOn,
    /// 3 to 6: the officer may change the orders as required.
    MayChange,
}

impl Initiative {
    /// The result as written in the outcome and the odds (`carry-on`, `may-change`).
    pub const LABELS: [&'static str; 2] = ["carry-on", "may-change"];

    /// This result's label.
    pub fn label(self) -> &'static str {
        Self::LABELS[self as usize]
    }
}

/// A sub-commander's initiative test.
///
/// "Throw one dice: 1 or 2 - the unit must carry on with its initial orders where
/// possible; 3 to 6 - the officer may change the orders as required." (APPENDIX 2)
pub fn initiative(dice: &mut dyn DiceSource) -> Result<Thrown<Initiative>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let result = if face <= 2 {
        Initiative::CarryOn
    } else {
        Initiative::MayChange
    };
    let text = match result {
        Initiative::CarryOn => "1 or 2: the unit must carry on with its initial orders",
        Initiative::MayChange => "3 to 6: the officer may change the orders as required",
    };
    let steps = vec![
        Step::valued(rule(SUB_COMMANDERS), "throw one die", face, None),
        Step::valued(rule(SUB_COMMANDERS), text, result.label(), None),
    ];
    Ok(Thrown {
        roll,
        result,
        steps,
    })
}

/// The exact odds of an initiative test: carry on 2/6, may change 4/6.
pub fn initiative_odds() -> Odds {
    labelled_odds(&Dist::d6().map(|f| i64::from(f > 2)), &Initiative::LABELS)
}

/// What a pursuer's throw on the second and later rounds of pursuit allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pursuit {
    /// 1 to 4: they must continue the pursuit.
    Continue,
    /// 5 or 6: they may break off.
    MayBreakOff,
}

impl Pursuit {
    /// The result as written in the outcome and the odds (`continue`, `may-break-off`).
    pub const LABELS: [&'static str; 2] = ["continue", "may-break-off"];

    /// This result's label.
    pub fn label(self) -> &'static str {
        Self::LABELS[self as usize]
    }
}

/// A pursuit throw by natives or irregulars on the second or a later round of pursuit.
///
/// "On the second and subsequent round of pursuit all natives and irregular troops must
/// throw one dice: 1-2-3-4 - they must continue the pursuit; 5 or 6 - they may break
/// off." (PURSUIT)
pub fn pursuit(dice: &mut dyn DiceSource) -> Result<Thrown<Pursuit>, DiceError> {
    let (roll, face) = throw_one(dice)?;
    let result = if face <= 4 {
        Pursuit::Continue
    } else {
        Pursuit::MayBreakOff
    };
    let text = match result {
        Pursuit::Continue => "1 to 4: they must continue the pursuit",
        Pursuit::MayBreakOff => "5 or 6: they may break off",
    };
    let steps = vec![
        Step::valued(rule(PURSUIT), "throw one die", face, None),
        Step::valued(rule(PURSUIT), text, result.label(), None),
    ];
    Ok(Thrown {
        roll,
        result,
        steps,
    })
}

/// The exact odds of a pursuit throw: continue 4/6, may break off 2/6.
pub fn pursuit_odds() -> Odds {
    labelled_odds(&Dist::d6().map(|f| i64::from(f > 4)), &Pursuit::LABELS)
}

/// The room a Zulu unit tries to break into at Rorke's Drift.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// A defender is in the room: the random factor must beat +2.
    Occupied,
    /// No defender: the random factor must beat 0.
    Empty,
}

impl Room {
    /// The random factor the attempt must be better than.
    pub fn must_beat(self) -> i64 {
        match self {
            Room::Occupied => 2,
            Room::Empty => 0,
        }
    }
}

/// A Zulu attempt to break into a building or a room at Rorke's Drift: one random factor
/// (one black, one red) better than +2 into an occupied room, better than 0 into an empty one.
///
/// "they must first throw a random factor and get a result better than plus 2 for an
/// occupied room or better than zero for an unoccupied room." (IN BUILDINGS)
pub fn break_in(dice: &mut dyn DiceSource, room: Room) -> Result<Thrown<bool>, DiceError> {
    let factor = random_factor(dice, 1, 1, SameColour::Sum)?;
    let mut steps = random_factor_steps(&factor, SameColour::Sum);
    let broke_in = factor.result > room.must_beat();
    let room_text = match room {
        Room::Occupied => "an occupied room",
        Room::Empty => "an unoccupied room",
    };
    steps.push(Step::valued(
        rule(IN_BUILDINGS),
        format!(
            "{} against better than {} for {room_text}: {}",
            signed(factor.result),
            signed(room.must_beat()),
            if broke_in {
                "the Zulus break in"
            } else {
                "no break-in this move"
            }
        ),
        broke_in,
        None,
    ));
    Ok(Thrown {
        roll: factor.roll,
        result: broke_in,
        steps,
    })
}

/// The exact odds of a break-in: 6/36 into an occupied room, 15/36 into an empty one.
pub fn break_in_odds(room: Room) -> Odds {
    let beat = room.must_beat();
    Dist::bool_odds(random_factor_dist(1, 1, SameColour::Sum).p_where(|v| v > beat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::EnteredDice;

    fn entered(text: &str) -> EnteredDice {
        EnteredDice::parse(text).expect("valid faces")
    }

    // "one red dice, counting the score minus, and one black dice, counting the score plus"
    #[test]
    fn black_four_red_two_is_plus_two() {
        let rf = random_factor(&mut entered("R2,B4"), 1, 1, SameColour::Sum).expect("thrown");
        assert_eq!(rf.result, 2);
        assert_eq!(rf.roll.faces[0].colour, Some(Colour::Black));
    }

    #[test]
    fn red_higher_gives_a_minus_factor() {
        let rf = random_factor(&mut entered("B1,R6"), 1, 1, SameColour::Sum).expect("thrown");
        assert_eq!(rf.result, -5);
    }

    #[test]
    fn highest_reads_only_the_higher_black_die() {
        let faces = entered("B3,B5,R2");
        let rf = random_factor(&mut faces.clone(), 2, 1, SameColour::Highest).expect("thrown");
        assert_eq!(rf.result, 3);
        let rf = random_factor(&mut faces.clone(), 2, 1, SameColour::Sum).expect("thrown");
        assert_eq!(rf.result, 6);
    }

    #[test]
    fn one_of_each_gives_zero_six_times_in_36() {
        let d = random_factor_dist(1, 1, SameColour::Sum);
        assert!((d.p(0) - 6.0 / 36.0).abs() < 1e-12);
        assert!((d.p(5) - 1.0 / 36.0).abs() < 1e-12);
        assert!((d.total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn two_black_one_red_summed_gives_plus_eleven_once_in_216() {
        let d = random_factor_dist(2, 1, SameColour::Sum);
        assert!((d.p(11) - 1.0 / 216.0).abs() < 1e-12);
        assert!((d.p(-4) - 1.0 / 216.0).abs() < 1e-12);
    }

    #[test]
    fn steps_name_the_setting_when_two_dice_share_a_colour() {
        let rf =
            random_factor(&mut entered("B3,B5,R2"), 2, 1, SameColour::Highest).expect("thrown");
        let steps = random_factor_steps(&rf, SameColour::Highest);
        assert!(steps.iter().all(|s| s.rule.section == RANDOM_FACTOR));
        assert!(steps[1].text.contains("same_colour_dice = highest"));
        assert_eq!(steps.last().and_then(|s| s.value.clone()), Some(json!(3)));
    }
}
