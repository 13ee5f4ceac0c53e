//! Lengths at the edges of the app: the referee reads and types millimetres or inches;
//! everything inside is millimetres.

use crate::geometry::{MM_PER_INCH, Real};
use serde::{Deserialize, Serialize};

/// The unit the grid is drawn in and distances are typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum LengthUnit {
    /// Millimetres (Micro Colonial measures in mm).
    Mm,
    /// Inches (the DBA-style rules measure in inches).
    #[default]
    Inches,
}

impl LengthUnit {
    /// The unit's short name.
    pub fn symbol(self) -> &'static str {
        match self {
            LengthUnit::Mm => "mm",
            LengthUnit::Inches => "in",
        }
    }

    /// Millimetres in one of this unit.
    pub fn mm(self) -> Real {
        match self {
            LengthUnit::Mm => 1.0,
            LengthUnit::Inches => MM_PER_INCH as Real,
        }
    }

    /// Parses a typed length in this unit into mm: a number, zero or more.
    pub fn parse_mm(self, text: &str) -> Result<Real, String> {
        let value: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{}' is not a number of {}", text.trim(), self.symbol()))?;
        if value.is_finite() && value >= 0.0 {
            // The distance's domain, as the command line's flags take it (in mm).
            crate::bounds::Millimetres::new(value * f64::from(self.mm()))
                .map(|mm| mm.get() as Real)
                .map_err(|e| format!("'{}': {e}", text.trim()))
        } else {
            Err(format!(
                "'{}' must be a length of zero or more",
                text.trim()
            ))
        }
    }

    /// A length in mm shown in this unit, for a text field.
    pub fn format_value(self, mm: Real) -> String {
        let value = mm / self.mm();
        match self {
            LengthUnit::Mm => format!("{value:.1}"),
            LengthUnit::Inches => format!("{value:.2}"),
        }
    }
}

/// A length shown both ways: `123.4 mm (4.86 in)`.
pub fn both(mm: Real) -> String {
    format!("{mm:.1} mm ({:.2} in)", f64::from(mm) / MM_PER_INCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inches_parse_to_mm() {
        assert_eq!(LengthUnit::Inches.parse_mm(" 2 "), Ok(50.8));
        assert!(LengthUnit::Mm.parse_mm("-3").is_err());
        assert!(LengthUnit::Mm.parse_mm("far").is_err());
    }

    #[test]
    fn both_shows_mm_and_inches() {
        assert_eq!(both(25.4), "25.4 mm (1.00 in)");
    }
}
