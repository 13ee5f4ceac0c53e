//! Hexes named CCRR as the map prints them (0328: column 03, row 28), converted to axial
//! coordinates for counting range (PART 10 A: "The firing unit's hex is not counted; the
//! target's hex is counted").

use super::cells::Cells;
use super::{RULESET, cell_rule, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, parsed};
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

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

impl FromStr for ShiftedColumns {
    type Err = String;

    fn from_str(text: &str) -> Result<ShiftedColumns, String> {
        ShiftedColumns::parse(text)
    }
}

serde_by_name!(ShiftedColumns, name);

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

impl FromStr for Hex {
    type Err = String;

    fn from_str(text: &str) -> Result<Hex, String> {
        Hex::parse(text)
    }
}

impl Serialize for Hex {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The map's column parity in force: `settings:shifted_columns`.
pub fn shifted_columns(charts: &Charts) -> Result<ShiftedColumns, Refusal> {
    read_parity(&mut Cells::new(charts))
}

fn read_parity(cells: &mut Cells<'_>) -> Result<ShiftedColumns, Refusal> {
    let value = cells.get("settings", &["shifted_columns"]);
    if let Some(refusal) = cells.refusal(rule("Game Parts C"), None) {
        return Err(refusal);
    }
    let text = value.map(|v| v.to_string()).unwrap_or_default();
    ShiftedColumns::parse(&text).map_err(|e| {
        Refusal::bad_input(
            rule("Game Parts C"),
            format!("settings:shifted_columns: {e}"),
        )
    })
}

/// Two hexes to count the range between.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeInput {
    /// The firing unit's hex (not counted).
    pub from: Hex,
    /// The target's hex (counted).
    pub to: Hex,
    /// Which columns sit half a hex toward higher rows; `None` reads
    /// `settings:shifted_columns`.
    #[serde(default)]
    pub shifted_columns: Option<ShiftedColumns>,
}

/// The range: the `--json` outcome of `laager sotq range`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RangeOutcome {
    /// Hexes from the firer's hex (not counted) to the target's (counted).
    pub hexes: u32,
}

/// The range from one hex to another (PART 10 A), under the map's column parity.
pub struct Range;

impl Procedure for Range {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "range";
    const THROWS: bool = false;
    const FIELDS: &'static [FieldSpec] = &[
        FieldSpec {
            field: crate::field!(RangeInput: from),
            flag: "from",
            value_name: "CCRR",
            label: "from hex",
            help: "The firing unit's hex (not counted), CCRR: two digits of column, then two of row, as printed on the map",
            kind: Kind::Text {
                examples: &["0328", "2525", "0712", "1001"],
            },
            required: true,
            from_records: false,
            parse: parsed::<Hex>,
        },
        FieldSpec {
            field: crate::field!(RangeInput: to),
            flag: "to",
            value_name: "CCRR",
            label: "to hex",
            help: "The target's hex (counted), CCRR",
            kind: Kind::Text {
                examples: &["0525", "2424", "0714", "1203"],
            },
            required: true,
            from_records: false,
            parse: parsed::<Hex>,
        },
        FieldSpec {
            field: crate::field!(RangeInput: shifted_columns),
            flag: "shifted-columns",
            value_name: "even|odd",
            label: "shifted columns",
            help: "Which columns sit half a hex toward higher rows: even or odd (not given: the tables' settings:shifted_columns)",
            kind: Kind::Choice {
                names: &["even", "odd"],
            },
            required: false,
            from_records: false,
            parse: parsed::<ShiftedColumns>,
        },
    ];
    type Input = RangeInput;
    type Outcome = RangeOutcome;

    fn resolve(
        charts: &Charts,
        input: &RangeInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RangeOutcome>, Refusal> {
        range(charts, input.from, input.to, input.shifted_columns)
    }
}

/// The range from one hex to another (PART 10 A), under the map's column parity: the
/// `settings:shifted_columns` chart value unless `parity` overrides it.
fn range(
    charts: &Charts,
    from: Hex,
    to: Hex,
    parity: Option<ShiftedColumns>,
) -> Result<Resolution<RangeOutcome>, Refusal> {
    let mut res = Resolution::<()>::new(RULESET, Range::NAME, charts.hash());
    let mut cells = Cells::new(charts);
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
            let p = read_parity(&mut cells)?;
            res.step(Step::valued(
                cell_rule("Game Parts C", "settings", &["shifted_columns"]),
                "the columns that sit half a hex toward the higher rows",
                p.name(),
                None,
            ));
            p
        }
    };
    for w in cells.warnings() {
        res.warn(w.clone());
    }
    let hexes = from.range_to(to, parity);
    res.step(Step::valued(
        rule("PART 10 A"),
        format!("count the hexes from {from} to {to}: the firing unit's hex is not counted; the target's hex is counted"),
        hexes,
        None,
    ));
    Ok(res.with_outcome(RangeOutcome { hexes }))
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
