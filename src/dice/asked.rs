//! The dice a resolution asks for before it is thrown: how many faces, whose each is and
//! its colour, in the order a referee types them ("4 faces: A black, A red, B black, B
//! red"), and what a partial entry still lacks. Both front ends say it from here: the
//! desk's dice field and the command line's message for faces that run short.

use super::source::EnteredDice;
use crate::resolution::Colour;

/// One die a throw asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieAsked {
    /// Whose throw it is, as the procedure's steps name the side ("A", "a"); `None` for a
    /// throw of one unit or none.
    pub whose: Option<String>,
    /// Its colour where the rule colours dice (Micro Colonial: black plus, red minus).
    pub colour: Option<Colour>,
}

impl DieAsked {
    /// A die of `whose` (if any) in `colour` (if any).
    pub fn new(whose: Option<&str>, colour: Option<Colour>) -> DieAsked {
        DieAsked {
            whose: whose.map(str::to_owned),
            colour,
        }
    }

    /// "A black", "b's die", "black", "a die".
    pub fn words(&self) -> String {
        let colour = self.colour.map(|c| match c {
            Colour::Black => "black",
            Colour::Red => "red",
        });
        match (&self.whose, colour) {
            (Some(whose), Some(colour)) => format!("{whose} {colour}"),
            (Some(whose), None) => format!("{whose}'s die"),
            (None, Some(colour)) => colour.to_owned(),
            (None, None) => "a die".to_owned(),
        }
    }

    /// A face of this die as a referee would type it, for an example.
    fn example(&self, face: u8) -> String {
        match self.colour {
            Some(Colour::Black) => format!("B{face}"),
            Some(Colour::Red) => format!("R{face}"),
            None => face.to_string(),
        }
    }
}

/// The dice one throw of a procedure asks for, in the order they are typed, and what more
/// it may ask for once thrown (a tie thrown again).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiceAsked {
    /// The dice, in the order typed.
    pub dice: Vec<DieAsked>,
    /// Further dice the throw may ask for, in words ("2 more for each tie, thrown again").
    pub more: Option<String>,
}

impl DiceAsked {
    /// These dice, and nothing more.
    pub fn of(dice: Vec<DieAsked>) -> DiceAsked {
        DiceAsked { dice, more: None }
    }

    /// A Micro Colonial random factor of `whose`: `black` black dice, then `red` red.
    pub fn random_factor(whose: Option<&str>, black: u8, red: u8) -> Vec<DieAsked> {
        let mut dice = vec![DieAsked::new(whose, Some(Colour::Black)); usize::from(black)];
        dice.extend(std::iter::repeat_n(
            DieAsked::new(whose, Some(Colour::Red)),
            usize::from(red),
        ));
        dice
    }

    /// How many faces, and which: "4 faces: A black, A red, B black, B red".
    pub fn words(&self) -> String {
        let n = self.dice.len();
        let each: Vec<String> = self.dice.iter().map(DieAsked::words).collect();
        let mut text = format!(
            "{n} {}: {}",
            if n == 1 { "face" } else { "faces" },
            each.join(", ")
        );
        if let Some(more) = &self.more {
            text = format!("{text} ({more})");
        }
        text
    }

    /// The faces typed as an example of the format: `B4,R2,B3,R5`.
    pub fn example(&self) -> String {
        const FACES: [u8; 6] = [4, 2, 3, 5, 6, 1];
        self.dice
            .iter()
            .zip(FACES.iter().cycle())
            .map(|(die, face)| die.example(*face))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// What an entry typed so far still lacks, or why it does not read: `None` when it is
    /// empty or holds as many faces as asked for. "2 of 4 faces typed; still to type: B
    /// black, B red".
    pub fn progress(&self, typed: &str) -> Option<String> {
        if typed.trim().is_empty() {
            return None;
        }
        let given = match EnteredDice::parse(typed) {
            Ok(entered) => entered.len(),
            Err(e) => return Some(e.to_string()),
        };
        let wanted = self.dice.len();
        match given.cmp(&wanted) {
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Less => {
                let missing: Vec<String> = self.dice[given..].iter().map(DieAsked::words).collect();
                Some(format!(
                    "{given} of {wanted} faces typed; still to type: {}",
                    missing.join(", ")
                ))
            }
            std::cmp::Ordering::Greater => Some(format!(
                "{given} faces typed: this throw asks for {wanted} ({})",
                self.words()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn melee() -> DiceAsked {
        let mut dice = DiceAsked::random_factor(Some("A"), 1, 1);
        dice.extend(DiceAsked::random_factor(Some("B"), 1, 1));
        DiceAsked::of(dice)
    }

    #[test]
    fn a_melee_asks_for_four_faces_named_by_side_and_colour() {
        assert_eq!(melee().words(), "4 faces: A black, A red, B black, B red");
        assert_eq!(melee().example(), "B4,R2,B3,R5");
    }

    #[test]
    fn a_partial_entry_says_what_is_missing() {
        assert_eq!(
            melee().progress("B4,R2").as_deref(),
            Some("2 of 4 faces typed; still to type: B black, B red")
        );
        assert_eq!(melee().progress("B4,R2,B3,R5"), None);
        assert_eq!(melee().progress(""), None);
        assert!(
            melee()
                .progress("B4,R2,B3,R5,B1")
                .is_some_and(|t| t.starts_with("5 faces typed: this throw asks for 4"))
        );
        assert!(
            melee()
                .progress("B4,X")
                .is_some_and(|t| t.contains("'X' is not a die face"))
        );
    }

    #[test]
    fn plain_dice_are_named_by_whose_they_are() {
        let dba = DiceAsked {
            dice: vec![
                DieAsked::new(Some("a"), None),
                DieAsked::new(Some("b"), None),
            ],
            more: Some("2 more for each tie, thrown again".to_owned()),
        };
        assert_eq!(
            dba.words(),
            "2 faces: a's die, b's die (2 more for each tie, thrown again)"
        );
        assert_eq!(
            DiceAsked::of(vec![DieAsked::new(None, None)]).words(),
            "1 face: a die"
        );
    }
}
