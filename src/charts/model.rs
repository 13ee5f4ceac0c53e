//! The validated chart types: values with provenance, typed keys, and the two chart bodies.
//!
//! These types can only be built by the loader, which checks them; a `Chart` in hand has
//! every key present, no band gaps or overlaps, and every value of its declared type.

use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How sure we are of a value: the provenance every chart value carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    /// Legible in the document, or stated in its text.
    Printed,
    /// One plausible reading of a mangled cell; its note quotes the OCR. Used with a warning.
    Reconstructed,
    /// In the document but unreadable: never used; a resolution that needs it asks for it.
    Unknown,
    /// Typed in by a club. Used with a note.
    House,
}

impl Confidence {
    /// Every confidence, in summary order.
    pub const ALL: [Confidence; 4] = [
        Confidence::Printed,
        Confidence::Reconstructed,
        Confidence::Unknown,
        Confidence::House,
    ];

    /// The name used in TOML and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Confidence::Printed => "printed",
            Confidence::Reconstructed => "reconstructed",
            Confidence::Unknown => "unknown",
            Confidence::House => "house",
        }
    }

    /// Parses a confidence name.
    pub fn from_name(text: &str) -> Option<Confidence> {
        Confidence::ALL.into_iter().find(|c| c.name() == text)
    }

    /// The one-character mark `tables show` prints after a value.
    pub fn mark(self) -> &'static str {
        match self {
            Confidence::Printed => "",
            Confidence::Reconstructed => "~",
            Confidence::Unknown => "?",
            Confidence::House => "*",
        }
    }
}

/// Whether the document contains the chart at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The chart is in the document (its cells may still be unknown).
    #[default]
    Supplied,
    /// The document refers to the chart but does not contain it: shipped with its shape only.
    NotSupplied,
}

/// The type a cell's value must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueType {
    /// A whole number.
    Int,
    /// Any number (distances in inches, for instance).
    Number,
    /// A word or phrase ("R", "GOOD", "recoil").
    Text,
    /// True or false.
    Bool,
    /// A list of words (the troop types that destroy a base).
    List,
}

impl ValueType {
    /// The name used in TOML.
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Int => "int",
            ValueType::Number => "number",
            ValueType::Text => "text",
            ValueType::Bool => "bool",
            ValueType::List => "list",
        }
    }

    /// Parses a type name.
    pub fn from_name(text: &str) -> Option<ValueType> {
        [
            ValueType::Int,
            ValueType::Number,
            ValueType::Text,
            ValueType::Bool,
            ValueType::List,
        ]
        .into_iter()
        .find(|t| t.name() == text)
    }
}

/// A chart value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// Any number.
    Number(f64),
    /// A word or phrase.
    Text(String),
    /// True or false.
    Bool(bool),
    /// A list of words.
    List(Vec<String>),
    /// "none" in an optional field (a troop type with no range).
    None,
}

impl Value {
    /// The value as a whole number, if it is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The value as a number (whole numbers included).
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Value::Int(n) => Some(*n as f64),
            Value::Number(x) => Some(*x),
            _ => None,
        }
    }

    /// The value as text, if it is text.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The value as a list of words, if it is one.
    pub fn as_list(&self) -> Option<&[String]> {
        match self {
            Value::List(items) => Some(items),
            _ => None,
        }
    }

    /// The value as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Number(x) => write!(f, "{x}"),
            Value::Text(t) => f.write_str(t),
            Value::Bool(b) => write!(f, "{b}"),
            Value::List(items) => f.write_str(&items.join(", ")),
            Value::None => f.write_str("none"),
        }
    }
}

/// One chart cell: its value (absent when unknown) and its provenance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The value; `None` exactly when the confidence is `unknown`.
    pub value: Option<Value>,
    /// How sure we are of it.
    pub confidence: Confidence,
    /// The OCR it was read from, or why it is unknown, or the club's remark.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The printed wording of the entry, for modifier lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The values a setting may take.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<String>>,
    /// Who typed a house value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// When a house value was typed (as the club wrote it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

impl Cell {
    /// An unknown cell with a note.
    pub fn unknown(note: Option<String>) -> Cell {
        Cell {
            value: None,
            confidence: Confidence::Unknown,
            note,
            text: None,
            choices: None,
            by: None,
            date: None,
        }
    }
}

/// What the keys of an axis are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeyKind {
    /// Names, matched exactly ("in-cover", "british-regulars").
    Name,
    /// Whole numbers, matched exactly (range 100, 200 …).
    Int,
    /// Bands of whole numbers ("101-200", "1001+"), with no gaps or overlaps.
    Band,
}

/// A band of whole numbers, both ends included; `hi` is `None` for an open top ("1001+").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Band {
    /// The lowest value in the band.
    pub lo: i64,
    /// The highest value in the band, or none for an open top.
    pub hi: Option<i64>,
}

impl Band {
    /// Parses "101-200", "1001+" or a single number "50".
    pub fn parse(text: &str) -> Option<Band> {
        let text = text.trim();
        if let Some(lo) = text.strip_suffix('+') {
            return Some(Band {
                lo: lo.trim().parse().ok()?,
                hi: None,
            });
        }
        // A leading minus belongs to the first number ("-5--1").
        let split = text
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c == '-')
            .map(|(i, _)| i);
        match split {
            Some(i) => {
                let lo = text[..i].trim().parse().ok()?;
                let hi = text[i + 1..].trim().parse().ok()?;
                Some(Band { lo, hi: Some(hi) })
            }
            None => {
                let n = text.parse().ok()?;
                Some(Band { lo: n, hi: Some(n) })
            }
        }
    }

    /// Parses a band as [`Band::parse`] does, refusing one that runs backwards ("200-101").
    pub fn parse_ordered(text: &str) -> Option<Band> {
        Band::parse(text).filter(|b| b.hi.is_none_or(|hi| b.lo <= hi))
    }

    /// Whether the band holds `value`.
    pub fn contains(self, value: i64) -> bool {
        value >= self.lo && self.hi.is_none_or(|hi| value <= hi)
    }
}

/// One key of an axis: its label, and whether the printed header could be read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Key {
    /// The label cells are addressed by.
    pub label: String,
    /// `printed`, `reconstructed` or `unknown` (a header no one can read).
    pub confidence: Confidence,
    /// The band, for a band axis whose header is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub band: Option<Band>,
    /// The integer, for an int axis whose header is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub int: Option<i64>,
    /// The OCR behind a reconstructed or unknown header.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The keys along one direction of a chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    /// What the keys measure ("range_mm", "target", "troop_type").
    pub name: String,
    /// Names, integers or bands.
    pub kind: KeyKind,
    /// The keys, in printed order.
    pub keys: Vec<Key>,
}

impl Axis {
    /// The position of the key with this label.
    pub fn position(&self, label: &str) -> Option<usize> {
        self.keys.iter().position(|k| k.label == label)
    }

    /// The position of the band (or integer key) holding `value`, among keys whose header is known.
    pub fn position_of_value(&self, value: i64) -> Option<usize> {
        self.keys.iter().position(|k| {
            k.band.is_some_and(|b| b.contains(value)) || k.int.is_some_and(|n| n == value)
        })
    }

    /// The labels, in order.
    pub fn labels(&self) -> Vec<&str> {
        self.keys.iter().map(|k| k.label.as_str()).collect()
    }
}

/// The printed shape of a chart, as its TOML file declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// A 1-D lookup over bands of a number.
    Banded,
    /// A 2-D grid with typed row and column keys.
    Grid,
    /// A list of named modifiers or entries.
    List,
    /// Plain records with named, typed fields (troop types).
    Records,
    /// Interpretation settings: named choices with their evidence.
    Settings,
}

impl Shape {
    /// The name used in TOML.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Banded => "banded",
            Shape::Grid => "grid",
            Shape::List => "list",
            Shape::Records => "records",
            Shape::Settings => "settings",
        }
    }

    /// Whether cells are addressed by one key (`CHART:KEY`) rather than two.
    pub fn is_one_dimensional(self) -> bool {
        matches!(self, Shape::Banded | Shape::List | Shape::Settings)
    }
}

/// The cells of a chart: one axis (banded, list, settings) or rows × columns (grid, records).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Body {
    /// One cell per key.
    OneD {
        /// The keys.
        axis: Axis,
        /// The type of every value.
        value_type: ValueType,
        /// One cell per key, in key order.
        cells: Vec<Cell>,
    },
    /// One cell per row and column.
    TwoD {
        /// The row keys.
        rows: Axis,
        /// The column keys (the field names, for records).
        columns: Axis,
        /// The type of each column's values.
        column_types: Vec<ValueType>,
        /// Whether each column accepts "none" (records only).
        column_optional: Vec<bool>,
        /// `cells[row][column]`.
        cells: Vec<Vec<Cell>>,
    },
}

/// A validated chart, with its provenance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    /// The chart's name: its file stem.
    pub name: String,
    /// The ruleset whose folder holds it.
    pub ruleset: Ruleset,
    /// The printed title.
    pub title: String,
    /// The document it comes from (file name in `shared/seeds/`).
    pub document: String,
    /// The section or chart heading in the document.
    pub section: String,
    /// Whether the document contains it.
    pub status: Status,
    /// The printed shape.
    pub shape: Shape,
    /// Remarks on the chart as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The cells.
    pub body: Body,
}

impl Chart {
    /// Every cell with its key, in row-major order.
    pub fn cells(&self) -> Vec<(Vec<String>, &Cell)> {
        match &self.body {
            Body::OneD { axis, cells, .. } => axis
                .keys
                .iter()
                .zip(cells)
                .map(|(k, c)| (vec![k.label.clone()], c))
                .collect(),
            Body::TwoD {
                rows,
                columns,
                cells,
                ..
            } => {
                let mut out = Vec::new();
                for (r, row) in rows.keys.iter().zip(cells) {
                    for (c, cell) in columns.keys.iter().zip(row) {
                        out.push((vec![r.label.clone(), c.label.clone()], cell));
                    }
                }
                out
            }
        }
    }

    /// Marks every known value `house`: a club's chart file is the club's reading. The
    /// chart's notes name the file once (a note per cell would cost a club chart of 200,000
    /// entries as many strings).
    pub(crate) fn mark_house(&mut self, source: &str) {
        let cells: Box<dyn Iterator<Item = &mut Cell>> = match &mut self.body {
            Body::OneD { cells, .. } => Box::new(cells.iter_mut()),
            Body::TwoD { cells, .. } => Box::new(cells.iter_mut().flatten()),
        };
        for cell in cells.filter(|c| c.value.is_some()) {
            cell.confidence = Confidence::House;
        }
        let from = format!("Every value is the club's: from {source}.");
        // A file saved again from the window carries the sentence already.
        self.notes = Some(match self.notes.take() {
            Some(notes) if notes.contains(&from) => notes,
            Some(notes) => format!("{from} {notes}"),
            None => from,
        });
    }

    /// Every cell without its key, in row-major order: for counting, where building the
    /// keys of a large club chart would cost more than the count.
    pub fn cell_values(&self) -> Box<dyn Iterator<Item = &Cell> + '_> {
        match &self.body {
            Body::OneD { cells, .. } => Box::new(cells.iter()),
            Body::TwoD { cells, .. } => Box::new(cells.iter().flatten()),
        }
    }

    /// The cell at a key (one label for 1-D charts, row and column for 2-D).
    pub fn cell(&self, key: &[&str]) -> Option<&Cell> {
        match (&self.body, key) {
            (Body::OneD { axis, cells, .. }, [k]) => cells.get(axis.position(k)?),
            (
                Body::TwoD {
                    rows,
                    columns,
                    cells,
                    ..
                },
                [r, c],
            ) => cells.get(rows.position(r)?)?.get(columns.position(c)?),
            _ => None,
        }
    }

    /// The mutable cell at a key.
    pub(crate) fn cell_mut(&mut self, key: &[&str]) -> Option<&mut Cell> {
        match (&mut self.body, key) {
            (Body::OneD { axis, cells, .. }, [k]) => {
                let i = axis.position(k)?;
                cells.get_mut(i)
            }
            (
                Body::TwoD {
                    rows,
                    columns,
                    cells,
                    ..
                },
                [r, c],
            ) => {
                let (i, j) = (rows.position(r)?, columns.position(c)?);
                cells.get_mut(i)?.get_mut(j)
            }
            _ => None,
        }
    }

    /// The domain the value at this key must lie in: its field's in a records chart, the
    /// chart's otherwise.
    pub fn domain_at(&self, key: &[&str]) -> super::domain::Domain {
        let field = if self.shape == Shape::Records {
            key.get(1).copied()
        } else {
            None
        };
        super::domain::domain(self.ruleset, &self.name, field)
    }

    /// The type and optionality a value at this key must have.
    pub fn value_type_at(&self, key: &[&str]) -> Option<(ValueType, bool)> {
        match (&self.body, key) {
            (Body::OneD { value_type, .. }, [_]) => Some((*value_type, false)),
            (
                Body::TwoD {
                    columns,
                    column_types,
                    column_optional,
                    ..
                },
                [_, c],
            ) => {
                let j = columns.position(c)?;
                Some((column_types[j], column_optional[j]))
            }
            _ => None,
        }
    }

    /// The number of cells of each confidence.
    pub fn confidence_counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        for cell in self.cell_values() {
            counts[Confidence::ALL
                .iter()
                .position(|c| *c == cell.confidence)
                .unwrap_or(0)] += 1;
        }
        counts
    }

    /// The address of a cell, `CHART:KEY` or `CHART:ROW:COL`.
    pub fn address(&self, key: &[&str]) -> String {
        let mut text = self.name.clone();
        for k in key {
            text.push(':');
            text.push_str(k);
        }
        text
    }
}
