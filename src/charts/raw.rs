//! The raw chart file structure, mirroring the TOML exactly (`deny_unknown_fields`).
//!
//! Nothing here is checked beyond its TOML type; `load` turns it into validated charts.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A whole chart file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChart {
    /// The header: title, document, shape, provenance defaults.
    pub chart: RawHeader,
    /// The key of a 1-D chart (banded, list, settings): its name and kind.
    pub key: Option<RawKeyName>,
    /// The entries of a 1-D chart.
    #[serde(default)]
    pub entries: Vec<RawEntry>,
    /// The row keys of a grid.
    pub rows: Option<RawAxis>,
    /// The column keys of a grid.
    pub columns: Option<RawAxis>,
    /// The rows of a grid's cells.
    #[serde(default)]
    pub cells: Vec<RawRow>,
    /// The fields of a records chart.
    #[serde(default)]
    pub fields: Vec<RawField>,
    /// The records.
    #[serde(default)]
    pub records: Vec<RawRecord>,
}

/// `[chart]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawHeader {
    /// The printed title.
    pub title: String,
    /// The document's file name in `shared/seeds/`.
    pub document: String,
    /// The section or chart heading in the document.
    pub section: String,
    /// banded, grid, list, records or settings.
    pub shape: Spanned<String>,
    /// supplied (default) or `not_supplied`.
    pub status: Option<Spanned<String>>,
    /// The value type of a 1-D chart or a grid.
    pub value: Option<Spanned<String>>,
    /// The confidence of cells that name none.
    pub confidence: Option<Spanned<String>>,
    /// Remarks on the chart as a whole.
    pub notes: Option<String>,
}

/// `[key]` of a 1-D chart.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawKeyName {
    /// What the key measures.
    pub name: String,
    /// name, int or band (default name).
    pub kind: Option<Spanned<String>>,
}

/// `[rows]` or `[columns]` of a grid.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAxis {
    /// What the keys measure.
    pub name: String,
    /// name, int or band (default name).
    pub kind: Option<Spanned<String>>,
    /// The keys: a label, or `{ key, confidence, note }` for a header not legible.
    pub keys: Vec<Spanned<toml::Value>>,
}

/// `[[entries]]` of a 1-D chart.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEntry {
    /// The entry's key.
    pub key: Spanned<String>,
    /// The confidence of the key's printed label, if not legible.
    pub key_confidence: Option<Spanned<String>>,
    /// The value; absent (or "?") when unknown.
    pub value: Option<Spanned<toml::Value>>,
    /// The value's confidence.
    pub confidence: Option<Spanned<String>>,
    /// The OCR or the evidence behind the value.
    pub note: Option<String>,
    /// The printed wording.
    pub text: Option<String>,
    /// The values a setting may take.
    pub choices: Option<Vec<String>>,
    /// Who typed a house value.
    pub by: Option<String>,
    /// When a house value was typed.
    pub date: Option<String>,
}

/// `[[cells]]` of a grid: one row.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRow {
    /// The row's key.
    pub row: Spanned<String>,
    /// One value per column: a plain value, "?" for unknown, or `{ value, confidence, note }`.
    pub values: Spanned<Vec<Spanned<toml::Value>>>,
}

/// `[[fields]]` of a records chart.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawField {
    /// The field's name.
    pub name: Spanned<String>,
    /// int, number, text, bool or list.
    #[serde(rename = "type")]
    pub value_type: Spanned<String>,
    /// Whether "none" is allowed.
    #[serde(default)]
    pub optional: bool,
}

/// `[[records]]` of a records chart.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRecord {
    /// The record's key.
    pub key: Spanned<String>,
    /// The field values: a plain value or `{ value, confidence, note }`.
    pub values: Spanned<BTreeMap<String, Spanned<toml::Value>>>,
}
