//! The bounds of the whole numbers Laager takes in, stated once: the command line's flags,
//! layouts and imports refuse a value beyond them where it enters, and the engine refuses
//! one that reaches it anyway (a desk form, a logged request) rather than let a sum wrap.
//!
//! Each bound lies far beyond anything a table plays (a DBA combat factor is −2 to +5, a
//! Soldiers of the Queen fire strength a few points) and far enough inside the integer's
//! range that no total of a few of them can overflow.

use crate::resolution::{Refusal, RuleRef};

/// The largest strength of a unit, either way it is counted (fighting factors, strength
/// points, bases, fire or melee strength), and of a loss or replacement.
pub const MAX_STRENGTH: u32 = 100_000;

/// The largest combat factor with its modifiers, either sign (DBA: −1000 to +1000).
pub const MAX_FACTOR: i64 = 1_000;

/// The largest count of units, turns, moves or places in an order of entry.
pub const MAX_COUNT: u32 = 10_000;

/// The largest Movement Point cost of a hex, either sign.
pub const MAX_COST: i64 = 1_000;

/// The longest distance, in millimetres (a kilometre of table).
pub const MAX_DISTANCE_MM: f64 = 1_000_000.0;

/// `what` as a strength within [`MAX_STRENGTH`], or the reason it is not.
pub fn strength(what: &str, value: u32) -> Result<u32, String> {
    if value > MAX_STRENGTH {
        Err(format!(
            "{what} {value} is beyond the largest strength Laager takes ({MAX_STRENGTH})"
        ))
    } else {
        Ok(value)
    }
}

/// `what` as a distance: finite, 0 mm or more and within [`MAX_DISTANCE_MM`], or a
/// refusal citing `rule` (an infinite or NaN distance would make every range check pass or
/// fail at once).
pub fn distance(rule: RuleRef, what: &str, mm: f64) -> Result<f64, Refusal> {
    if mm.is_finite() && (0.0..=MAX_DISTANCE_MM).contains(&mm) {
        Ok(mm)
    } else {
        Err(Refusal::bad_input(
            rule,
            format!("{what}: {mm} mm is not a distance (finite, 0 to {MAX_DISTANCE_MM} mm)"),
        ))
    }
}

/// An optional distance, checked as [`distance`].
pub fn distance_opt(rule: RuleRef, what: &str, mm: Option<f64>) -> Result<(), Refusal> {
    match mm {
        Some(mm) => distance(rule, what, mm).map(|_| ()),
        None => Ok(()),
    }
}

/// The result of checked arithmetic on an input, or a refusal citing `rule` that says
/// which `what` ran beyond the integers Laager counts in (never a wrapped total).
pub fn checked<T>(rule: RuleRef, what: &str, value: Option<T>) -> Result<T, Refusal> {
    value.ok_or_else(|| {
        Refusal::bad_input(
            rule,
            format!("{what}: too large a number to count (the inputs are beyond Laager's bounds)"),
        )
    })
}

/// The longest side of a table, in millimetres (20 m), and so the largest coordinate and
/// base size a layout may hold (docs/layout.md, "Bounds"). Geometry computes in `f32`: at
/// 20 m its step is 0.002 mm, well inside the hundredth of a millimetre touching is judged
/// to, so no measurement on such a table loses what the rules ask of it.
pub const MAX_TABLE_MM: f64 = 20_000.0;

/// The widest facing, either way, in degrees: a full turn.
pub const MAX_FACING_DEG: f64 = 360.0;

/// The longest unit id, in characters.
pub const MAX_ID_CHARS: usize = 200;

/// A value outside its domain: the value as given, and the domain in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{value} is not {what}: expected {expected}")]
pub struct OutOfDomain {
    /// The value as it was given.
    pub value: String,
    /// What the domain holds ("a strength").
    pub what: &'static str,
    /// The values it takes, in words ("a whole number from 0 to 100000").
    pub expected: String,
}

/// Declares a whole-number domain type: a newtype over `$raw` that holds only
/// `$min..=$max`, built by `new` (from the integer) or `parse` (from text: flags, cells),
/// which name the value and the domain when it is outside.
macro_rules! whole_number {
    ($(#[$doc:meta])* $name:ident($raw:ty): $min:expr, $max:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name($raw);

        impl $name {
            /// The least value.
            pub const MIN: $raw = $min;
            /// The greatest value.
            pub const MAX: $raw = $max;
            /// What the values are, in words.
            pub const WHAT: &'static str = $what;

            /// The value, if it is in the domain.
            pub fn new(value: $raw) -> Result<$name, OutOfDomain> {
                if (Self::MIN..=Self::MAX).contains(&value) {
                    Ok($name(value))
                } else {
                    Err(Self::outside(&value.to_string()))
                }
            }

            /// The value written as text (a flag, a cell): a whole number in the domain.
            pub fn parse(text: &str) -> Result<$name, OutOfDomain> {
                let text = text.trim();
                match text.parse::<i128>() {
                    Ok(n) => <$raw>::try_from(n)
                        .map_err(|_| Self::outside(text))
                        .and_then($name::new),
                    Err(_) => Err(Self::outside(&format!("'{text}'"))),
                }
            }

            /// The value.
            pub fn get(self) -> $raw {
                self.0
            }

            /// The domain in words: "a whole number from 0 to 100000".
            pub fn expected() -> String {
                format!("a whole number from {} to {}", Self::MIN, Self::MAX)
            }

            fn outside(value: &str) -> OutOfDomain {
                OutOfDomain {
                    value: value.to_owned(),
                    what: Self::WHAT,
                    expected: Self::expected(),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = OutOfDomain;

            fn from_str(text: &str) -> Result<$name, OutOfDomain> {
                $name::parse(text)
            }
        }

        impl From<$name> for $raw {
            fn from(value: $name) -> $raw {
                value.0
            }
        }

        /// As its raw number, the form the inputs it fills hold.
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.0.serialize(serializer)
            }
        }
    };
}

/// A number as an error shows it: in full when it is of a size a table knows, else in
/// scientific notation (`1e307`, not three hundred digits).
pub fn shown(value: f64) -> String {
    if value != 0.0 && !(1e-4..1e15).contains(&value.abs()) {
        format!("{value:e}")
    } else {
        value.to_string()
    }
}

/// Declares a number (millimetre, degree) domain type: finite, within `$min..=$max` (or
/// above `$min` and at most `$max` when `$above` is true), built by `new` or `parse`.
macro_rules! finite_number {
    ($(#[$doc:meta])* $name:ident: $min:expr, $max:expr, $above:literal, $unit:literal, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
        pub struct $name(f64);

        impl $name {
            /// The least value (excluded when the domain is "more than" it).
            pub const MIN: f64 = $min;
            /// The greatest value.
            pub const MAX: f64 = $max;
            /// What the values are, in words.
            pub const WHAT: &'static str = $what;

            /// The value, if it is finite and in the domain.
            pub fn new(value: f64) -> Result<$name, OutOfDomain> {
                let low = if $above { value > Self::MIN } else { value >= Self::MIN };
                if value.is_finite() && low && value <= Self::MAX {
                    Ok($name(value))
                } else {
                    Err(Self::outside(&shown(value)))
                }
            }

            /// The value written as text (a flag, a field).
            pub fn parse(text: &str) -> Result<$name, OutOfDomain> {
                let text = text.trim();
                match text.parse::<f64>() {
                    Ok(x) if x.is_finite() => $name::new(x),
                    _ => Err(Self::outside(&format!("'{text}'"))),
                }
            }

            /// The value.
            pub fn get(self) -> f64 {
                self.0
            }

            /// The domain in words: "a number from 0 to 20000 mm".
            pub fn expected() -> String {
                let low = if $above { "more than" } else { "from" };
                let to = if $above { ", at most" } else { " to" };
                format!("a finite number {low} {}{to} {}{}", Self::MIN, Self::MAX, $unit)
            }

            fn outside(value: &str) -> OutOfDomain {
                OutOfDomain {
                    value: value.to_owned(),
                    what: Self::WHAT,
                    expected: Self::expected(),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = OutOfDomain;

            fn from_str(text: &str) -> Result<$name, OutOfDomain> {
                $name::parse(text)
            }
        }

        impl From<$name> for f64 {
            fn from(value: $name) -> f64 {
                value.0
            }
        }
    };
}

whole_number!(
    /// A unit's strength, either way it is counted (Micro Colonial fighting factors, DBA
    /// bases, Victoria Cross and Soldiers of the Queen strength points), or a loss or gain
    /// of it: 0 to [`MAX_STRENGTH`].
    Strength(u32): 0, MAX_STRENGTH, "a strength (FF, SP, bases) or a loss of one"
);

whole_number!(
    /// A count of things the rules count (turns, rounds, moves, walls, leaders, zones,
    /// Victory Points, bases): 0 to [`MAX_COUNT`].
    Count(u32): 0, MAX_COUNT, "a count"
);

whole_number!(
    /// A factor or modifier added to a roll, either sign: −[`MAX_FACTOR`] to [`MAX_FACTOR`].
    Factor(i64): -MAX_FACTOR, MAX_FACTOR, "a factor"
);

whole_number!(
    /// A hex's Movement Point cost: 0 to [`MAX_COST`].
    Cost(i64): 0, MAX_COST, "a Movement Point cost"
);

whole_number!(
    /// A place in an order (the first unit through a hex this turn is 1): 1 to
    /// [`MAX_COUNT`].
    Place(u32): 1, MAX_COUNT, "a place in an order"
);

whole_number!(
    /// The face of one six-sided die.
    DieFace(u8): 1, 6, "a face of one die"
);

whole_number!(
    /// How many dice of one colour a Micro Colonial random factor throws ("1 black 2 red").
    ColourDice(u8): 1, 6, "a number of dice of one colour"
);

whole_number!(
    /// A box of Rorke's Drift's Hospital Fire Track: 0 before the fire starts, 5 burned
    /// down.
    HospitalBox(u8): 0, 5, "a box of the Hospital Fire Track"
);

whole_number!(
    /// A seed for the dice: any 64-bit whole number.
    Seed(u64): 0, u64::MAX, "a seed"
);

whole_number!(
    /// A game's number in its campaign file, from 1.
    GameNumber(usize): 1, MAX_COUNT as usize, "a game number"
);

whole_number!(
    /// A Victory Point total, either sign (Isandlwana's "can go below zero"; Rorke's
    /// Drift's cannot, which its victory check refuses).
    VictoryPoints(i64): -(MAX_COUNT as i64), MAX_COUNT as i64, "a Victory Point total"
);

whole_number!(
    /// A Victoria Cross range in zones: "R1, R2, R3".
    ZoneRange(u8): 1, 3, "a range in zones"
);

finite_number!(
    /// A span of time in hours (Micro Colonial's campaign scale, hours per pair of moves):
    /// more than 0, at most a year.
    Hours: 0.0, 8_760.0, true, " hours", "a time"
);

finite_number!(
    /// A distance on the table in millimetres: 0 to [`MAX_DISTANCE_MM`].
    Millimetres: 0.0, MAX_DISTANCE_MM, false, " mm", "a distance"
);

finite_number!(
    /// A coordinate on the table, in millimetres from its near-left corner: 0 to
    /// [`MAX_TABLE_MM`] (docs/layout.md, "Bounds").
    Coordinate: 0.0, MAX_TABLE_MM, false, " mm", "a coordinate on the table"
);

finite_number!(
    /// A side of the table, or of a base: more than 0, at most [`MAX_TABLE_MM`].
    Side: 0.0, MAX_TABLE_MM, true, " mm", "a size on the table"
);

finite_number!(
    /// A facing, in degrees clockwise from the far edge: −360 to 360.
    Facing: -MAX_FACING_DEG, MAX_FACING_DEG, false, " degrees", "a facing"
);

/// A unit id as the referee names it (`2/24 G`): not blank, at most [`MAX_ID_CHARS`]
/// characters, and no control character (a tab, a new line, NUL), which would break the
/// record sheets, the CSV and the command line's `--unit ROLE=ID`.
pub fn unit_id(text: &str) -> Result<&str, OutOfDomain> {
    let outside = |value: String| OutOfDomain {
        value,
        what: "a unit id",
        expected: format!(
            "text of 1 to {MAX_ID_CHARS} characters, none of them a control character"
        ),
    };
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(outside(format!(
            "text holding the control character U+{:04X}",
            u32::from(c)
        )));
    }
    if text.trim().is_empty() {
        return Err(outside("blank text".to_owned()));
    }
    if text.chars().count() > MAX_ID_CHARS {
        return Err(outside(format!(
            "text of {} characters",
            text.chars().count()
        )));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strength_beyond_the_bound_is_named_with_its_domain() {
        let refused = Strength::parse("4294967295").expect_err("beyond");
        assert_eq!(
            refused.to_string(),
            "4294967295 is not a strength (FF, SP, bases) or a loss of one: expected a whole number from 0 to 100000"
        );
        assert!(Strength::parse("-5").is_err());
        assert_eq!(Strength::parse("100000").map(Strength::get), Ok(100_000));
    }

    #[test]
    fn numbers_refuse_nan_and_infinity_as_text() {
        for text in ["nan", "NaN", "inf", "-inf", "1e400"] {
            assert!(Millimetres::parse(text).is_err(), "{text}");
            assert!(Coordinate::parse(text).is_err(), "{text}");
        }
        assert!(Side::new(0.0).is_err());
        assert_eq!(Side::new(MAX_TABLE_MM).map(Side::get), Ok(MAX_TABLE_MM));
        assert!(Coordinate::new(MAX_TABLE_MM + 1.0).is_err());
        assert!(Facing::new(-360.0).is_ok() && Facing::new(360.5).is_err());
    }

    #[test]
    fn a_unit_id_refuses_control_characters() {
        assert!(unit_id("2/24 G").is_ok());
        assert!(unit_id("uMbonambi \u{3a9}").is_ok());
        for bad in ["a\u{0}b", "a\tb", "line\nbreak", "  ", ""] {
            assert!(unit_id(bad).is_err(), "{bad:?}");
        }
        assert!(unit_id(&"x".repeat(MAX_ID_CHARS + 1)).is_err());
    }
}
