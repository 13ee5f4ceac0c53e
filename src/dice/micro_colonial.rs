//! Micro Colonial's dice (001_f725543377c8fee5.txt): the red-and-black random factor and
//! its two- and three-dice variants, rout losses, rally, sub-commander initiative,
//! pursuit, and the Rorke's Drift break-in.

use super::{DiceError, DiceSource, Dist};
use crate::resolution::{Colour, Face, Roll, RuleRef, Step};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The section of the rules that defines the random factor.
pub const RANDOM_FACTOR: &str = "RANDOM FACTOR";

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

fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
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
        (2, 1) => "two black dice (plus) and one red die (minus): impact round of mounted or \
                   close order troops, or a regular unit's initial volley"
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
    steps.push(Step::valued(
        rule(RANDOM_FACTOR),
        format!("black counts plus ({})", faces_text(faces, Colour::Black)),
        plus,
        Some(json!(plus)),
    ));
    steps.push(Step::valued(
        rule(RANDOM_FACTOR),
        format!("red counts minus ({})", faces_text(faces, Colour::Red)),
        -minus,
        Some(json!(plus - minus)),
    ));
    steps.push(Step::valued(
        rule(RANDOM_FACTOR),
        format!(
            "take the lower score from the higher: random factor {}",
            signed(factor.result)
        ),
        factor.result,
        None,
    ));
    steps
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
