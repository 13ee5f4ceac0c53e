//! Hexes named CCRR as the map prints them (0328: column 03, row 28), converted to axial
//! coordinates for counting range (PART 10 A: "The firing unit's hex is not counted; the
//! target's hex is counted").

use super::{RULESET, cell_rule, rule};
use crate::charts::{CellReader, Charts};
use crate::resolution::{Refusal, Resolution, Step};
use std::fmt;

/// Which columns of the map sit half a hex toward the higher row numbers (settings:shifted_columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShiftedColumns {
    /// Columns 02, 04, … sit half a hex lower.
    Even,
    /// Columns 01, 03, … sit half a hex lower.
    Odd,
}

impl ShiftedColumns {
    /// Parses the setting's value.
    pub fn parse(text: &str) -> Result<ShiftedColumns, String> {
        match text.trim() {
            "even" => Ok(ShiftedColumns::Even),
            "odd" => Ok(ShiftedColumns::Odd),
            other => Err(format!(
                "'{other}' is not a column parity: expected even or odd"
            )),
        }
    }

    /// The setting's value.
    pub fn name(self) -> &'static str {
        match self {
            ShiftedColumns::Even => "even",
            ShiftedColumns::Odd => "odd",
        }
    }
}

/// A hex as printed: column and row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex {
    /// The first two digits.
    pub column: i32,
    /// The last two digits.
    pub row: i32,
}

impl Hex {
    /// Parses a CCRR hex number ("0328").
    pub fn parse(text: &str) -> Result<Hex, String> {
        let text = text.trim();
        if text.len() != 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "'{text}' is not a hex number: expected four digits CCRR (column, row), as 0328"
            ));
        }
        let column = text[..2]
            .parse()
            .map_err(|_| format!("'{text}': bad column"))?;
        let row = text[2..]
            .parse()
            .map_err(|_| format!("'{text}': bad row"))?;
        Ok(Hex { column, row })
    }

    /// Axial coordinates (q, r) under the map's column parity.
    pub fn axial(self, shifted: ShiftedColumns) -> (i32, i32) {
        let odd = self.column & 1;
        // A shifted column sits half a hex toward higher rows, so its row n lines up with
        // row n + ½ of its neighbours: rounding the half the other way for those columns.
        // (Columns are 00-99, so halving rounds toward zero the same way throughout.)
        let half = match shifted {
            ShiftedColumns::Even => self.column / 2 + odd,
            ShiftedColumns::Odd => self.column / 2,
        };
        (self.column, self.row - half)
    }

    /// The range in hexes from this hex to another: the firer's hex not counted, the
    /// target's counted, so an adjacent hex is at range 1.
    pub fn range_to(self, other: Hex, shifted: ShiftedColumns) -> u32 {
        let (q1, r1) = self.axial(shifted);
        let (q2, r2) = other.axial(shifted);
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2).unsigned_abs()
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.column, self.row)
    }
}

/// The range from one hex to another (PART 10 A), under the map's column parity: the
/// `settings:shifted_columns` chart value unless `parity` overrides it. Outcome: `hexes`.
pub fn range(
    charts: &Charts,
    from: Hex,
    to: Hex,
    parity: Option<ShiftedColumns>,
) -> Result<Resolution, Refusal> {
    let mut res = Resolution::new(RULESET, "range", charts.hash());
    let mut reader = CellReader::new(charts, RULESET);
    let parity = match parity {
        Some(p) => {
            res.step(Step::valued(
                rule("Game Parts C"),
                "shifted columns, as given",
                p.name(),
                None,
            ));
            p
        }
        None => {
            let value = reader.get("settings", &["shifted_columns"]);
            if let Some(refusal) = reader.refusal(rule("Game Parts C")) {
                return Err(refusal);
            }
            let text = value.map(|v| v.to_string()).unwrap_or_default();
            let p = ShiftedColumns::parse(&text).map_err(|e| {
                Refusal::by_rule(
                    rule("Game Parts C"),
                    format!("settings:shifted_columns: {e}"),
                )
            })?;
            res.step(Step::valued(
                cell_rule("Game Parts C", "settings", &["shifted_columns"]),
                "the columns that sit half a hex toward the higher rows",
                p.name(),
                None,
            ));
            p
        }
    };
    for w in reader.warnings() {
        res.warn(w.clone());
    }
    let hexes = from.range_to(to, parity);
    res.step(Step::valued(
        rule("PART 10 A"),
        format!("count the hexes from {from} to {to}: the firing unit's hex is not counted; the target's hex is counted"),
        hexes,
        None,
    ));
    res.set("hexes", hexes);
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(text: &str) -> Hex {
        Hex::parse(text).expect("hex")
    }

    #[test]
    fn neighbours_are_at_range_one_under_even_shift() {
        // Column 24 (even, shifted) touches rows 24 and 25 of columns 23 and 25.
        for n in ["2423", "2425", "2324", "2325", "2524", "2525"] {
            assert_eq!(h("2424").range_to(h(n), ShiftedColumns::Even), 1, "{n}");
        }
        assert_eq!(h("2424").range_to(h("2323"), ShiftedColumns::Even), 2);
    }
}
