//! Where dice come from: Laager's seeded generator, or the faces a referee typed in.
//!
//! A resolution never rolls by itself: it asks its `DiceSource` for the dice it needs,
//! so every result replays exactly and every test is deterministic.

use crate::resolution::{Colour, Face, Roll, RollSource};
use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};

/// A bad throw of typed dice. Nothing is consumed when one is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// An argument beyond Laager's bounds (`crate::bounds`); the message names it.
    #[error("{0}")]
    OutOfBounds(String),
    /// A face that is not a die face 1–6, or not written as one.
    #[error("dice: '{face}' is not a die face (expected 1-6{colour_hint})")]
    BadFace {
        /// The face as typed.
        face: String,
        /// ", written B4 or R2" where colours are needed.
        colour_hint: &'static str,
    },
    /// Too few or too many faces for the procedure.
    #[error("dice: {wanted} needed ({what}), {given} given")]
    WrongCount {
        /// How many the procedure needs.
        wanted: usize,
        /// How many were typed (still unused).
        given: usize,
        /// What they are for ("2 black and 1 red").
        what: String,
    },
    /// A Micro Colonial face typed without its colour, or a colour where none is used.
    #[error(
        "dice: '{face}' needs a colour: write B{face} for black (plus) or R{face} for red (minus)"
    )]
    MissingColour {
        /// The face as typed.
        face: String,
    },
    /// The typed colours do not match what the procedure throws.
    #[error("dice: {what} needed, typed {typed}")]
    WrongColours {
        /// What the procedure throws ("1 black and 2 red").
        what: String,
        /// What was typed ("2 black and 1 red").
        typed: String,
    },
}

/// Supplies dice to a resolution.
pub trait DiceSource {
    /// Throws one die per entry of `colours` (`None` for plain dice) and returns the faces
    /// in the same order. Typed dice may be given in any colour order; they come back sorted
    /// into the order asked for.
    fn throw(&mut self, colours: &[Option<Colour>]) -> Result<Roll, DiceError>;

    /// Typed faces left unused after a resolution (always 0 for a generator).
    fn unused(&self) -> usize {
        0
    }
}

/// Laager's generator: ChaCha8 from a seed, which is shown and stored with every roll.
#[derive(Debug)]
pub struct SeededDice {
    seed: u64,
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl DiceSource for SeededDice {
    fn throw(&mut self, colours: &[Option<Colour>]) -> Result<Roll, DiceError> {
        let faces = colours
            .iter()
            .map(|&colour| Face {
                face: self.rng.random_range(1..=6u8),
                colour,
            })
            .collect();
        Ok(Roll {
            source: RollSource::Seeded,
            seed: Some(self.seed),
            faces,
        })
    }
}

/// Physical dice typed in by the referee: `B4,R2` (Micro Colonial) or `1,1,3,5,6`.
#[derive(Debug, Clone)]
pub struct EnteredDice {
    faces: Vec<Face>,
    next: usize,
}

impl EnteredDice {
    /// How many faces were typed.
    pub fn len(&self) -> usize {
        self.faces.len()
    }

    /// Whether no face was typed.
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// Parses typed faces: a comma- or space-separated list; each `B4`/`R2` or a plain `4`.
    /// Strict: a face is one digit 1 to 6 (no sign, no leading zero), and every place
    /// between two commas holds one (`4,,5` is refused, not read as `4,5`).
    pub fn parse(text: &str) -> Result<EnteredDice, DiceError> {
        let mut faces = Vec::new();
        if text.trim().is_empty() {
            return Ok(EnteredDice { faces, next: 0 });
        }
        for field in text.split(',') {
            if field.trim().is_empty() {
                return Err(DiceError::BadFace {
                    face: String::new(),
                    colour_hint: ": a face between every two commas",
                });
            }
            for token in field.split_whitespace() {
                let (colour, digits) = match token.as_bytes().first() {
                    Some(b'B' | b'b') => (Some(Colour::Black), &token[1..]),
                    Some(b'R' | b'r') => (Some(Colour::Red), &token[1..]),
                    _ => (None, token),
                };
                let face = match digits.as_bytes() {
                    [digit @ b'1'..=b'6'] => digit - b'0',
                    _ => {
                        return Err(DiceError::BadFace {
                            face: token.to_owned(),
                            colour_hint: if colour.is_some() {
                                ", written B4 or R2"
                            } else {
                                ""
                            },
                        });
                    }
                };
                faces.push(Face { face, colour });
            }
        }
        Ok(EnteredDice { faces, next: 0 })
    }

    /// Faces from a list (plain dice).
    pub fn from_faces(faces: &[u8]) -> Result<EnteredDice, DiceError> {
        let text: Vec<String> = faces.iter().map(ToString::to_string).collect();
        EnteredDice::parse(&text.join(","))
    }
}

/// "2 black and 1 red", "3 dice": what a throw asks for, in words.
pub(crate) fn describe(colours: &[Option<Colour>]) -> String {
    let black = colours
        .iter()
        .filter(|c| **c == Some(Colour::Black))
        .count();
    let red = colours.iter().filter(|c| **c == Some(Colour::Red)).count();
    let plain = colours.len() - black - red;
    let mut parts = Vec::new();
    if black > 0 {
        parts.push(format!("{black} black"));
    }
    if red > 0 {
        parts.push(format!("{red} red"));
    }
    if plain > 0 {
        parts.push(format!(
            "{plain} {}",
            if plain == 1 { "die" } else { "dice" }
        ));
    }
    parts.join(" and ")
}

impl DiceSource for EnteredDice {
    fn throw(&mut self, colours: &[Option<Colour>]) -> Result<Roll, DiceError> {
        let available = &self.faces[self.next..];
        if available.len() < colours.len() {
            return Err(DiceError::WrongCount {
                wanted: colours.len(),
                given: available.len(),
                what: describe(colours),
            });
        }
        let taken = &available[..colours.len()];
        let coloured = colours.iter().any(Option::is_some);
        if coloured {
            if let Some(face) = taken.iter().find(|f| f.colour.is_none()) {
                return Err(DiceError::MissingColour {
                    face: face.face.to_string(),
                });
            }
            let wanted: Vec<Option<Colour>> = colours.to_vec();
            let typed: Vec<Option<Colour>> = taken.iter().map(|f| f.colour).collect();
            let count = |list: &[Option<Colour>], c| list.iter().filter(|x| **x == Some(c)).count();
            if count(&wanted, Colour::Black) != count(&typed, Colour::Black) {
                return Err(DiceError::WrongColours {
                    what: describe(&wanted),
                    typed: describe(&typed),
                });
            }
        } else if let Some(face) = taken.iter().find(|f| f.colour.is_some()) {
            return Err(DiceError::BadFace {
                face: format!(
                    "{}{}",
                    if face.colour == Some(Colour::Black) {
                        "B"
                    } else {
                        "R"
                    },
                    face.face
                ),
                colour_hint: " with no colour",
            });
        }
        // Sort typed faces into the order asked for: black dice first where asked first, etc.
        let mut pool: Vec<Face> = taken.to_vec();
        let mut faces = Vec::with_capacity(colours.len());
        for colour in colours {
            let i = pool.iter().position(|f| f.colour == *colour).unwrap_or(0);
            faces.push(pool.remove(i));
        }
        self.next += colours.len();
        Ok(Roll {
            source: RollSource::Entered,
            seed: None,
            faces,
        })
    }

    fn unused(&self) -> usize {
        self.faces.len() - self.next
    }
}

/// Where a resolution's dice come from, as both front ends take them: faces typed at the
/// table (`--dice`, the desk's dice field), a seed for Laager's generator (`--seed`, Roll),
/// or none (a procedure that throws no dice).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceChoice {
    /// Faces typed in, as typed (`B4,R2`, `5,1`).
    Typed(String),
    /// Laager's generator from this seed.
    Seeded(u64),
    /// No dice.
    None,
}

impl DiceChoice {
    /// The choice a command line gives: `--dice` wins over `--seed`; neither is none.
    pub fn from_flags(dice: Option<&str>, seed: Option<u64>) -> DiceChoice {
        match (dice, seed) {
            (Some(text), _) => DiceChoice::Typed(text.to_owned()),
            (None, Some(seed)) => DiceChoice::Seeded(seed),
            (None, None) => DiceChoice::None,
        }
    }

    /// The source the resolution throws from; typed faces that do not read are refused here.
    pub fn source(&self) -> Result<Box<dyn DiceSource>, DiceError> {
        Ok(match self {
            DiceChoice::Typed(text) => Box::new(EnteredDice::parse(text)?),
            DiceChoice::Seeded(seed) => Box::new(SeededDice::new(*seed)),
            DiceChoice::None => Box::new(EnteredDice::parse("")?),
        })
    }
}
