//! Cells of grids whose printed keys are lost (`?r1`, `?c3` …), typed for one resolution.
//!
//! Such a grid has no row or column to put a value under, so a rule names the cell it needs
//! by what it knows (`small_arms_range_factors:250:volley-300`: the firing FF and the fire's
//! `GROUP-RANGE`). A one-off cell typed under that name (`--cell`, or the desk's value typed
//! against a refusal) is kept beside the charts, counts in their hash like any other one-off
//! cell, and is read back by the rule under the same name. The charts carry these cells, not
//! the procedures' inputs: a one-off cell is a one-off cell whatever its chart, both front
//! ends supply it through [`Charts::apply_cell_arg`], and the tables hash a resolution
//! records says which values were in force.

use super::load::parse_typed;
use super::model::{Axis, Band, Body, Confidence, Value};
use super::{CellAddress, Charts};
use crate::ruleset::Ruleset;
use std::collections::BTreeMap;

/// The lost-key cells typed, by ruleset, chart, row and column, each with where it came
/// from ("typed for this resolution", the club's `house.toml`).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct LostKeyCells {
    cells: BTreeMap<(Ruleset, String, String, String), Value>,
    sources: BTreeMap<(Ruleset, String, String, String), String>,
}

/// Whether two bands share a value.
fn overlap(a: Band, b: Band) -> bool {
    a.hi.is_none_or(|hi| b.lo <= hi) && b.hi.is_none_or(|hi| a.lo <= hi)
}

/// Whether a typed key serves the key a rule names: the same label, or a band (or value)
/// holding the rule's number.
fn serves(typed: &str, named: &str) -> bool {
    typed == named
        || matches!(
            (Band::parse_ordered(typed), named.trim().parse::<i64>()),
            (Some(b), Ok(n)) if b.contains(n)
        )
}

/// A lost-key cell found for the keys a rule names: the keys it was typed under, its
/// value and where it came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LostKeyHit<'a> {
    /// The row key typed (a band such as `101-200`, or the rule's own key).
    pub row: &'a str,
    /// The column key typed.
    pub column: &'a str,
    /// The value.
    pub value: &'a Value,
    /// Where it came from: "typed for this resolution" or the club's `house.toml`.
    pub source: &'a str,
}

impl LostKeyCells {
    pub(super) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }
}

impl serde::Serialize for LostKeyCells {
    /// As a list of `[[ruleset, chart, row, column], value]`, for the tables hash.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cells.iter())
    }
}

/// Whether any key along the axis lost its printed header.
fn has_lost_key(axis: &Axis) -> bool {
    axis.keys
        .iter()
        .any(|k| k.confidence == Confidence::Unknown)
}

impl Charts {
    /// Whether `CHART:ROW:COL` names no cell of its grid while that grid has a lost key: a
    /// cell named by what a rule knows.
    pub(super) fn is_lost_key_address(&self, ruleset: Ruleset, address: &CellAddress) -> bool {
        let [row, column] = address.key.as_slice() else {
            return false;
        };
        let Some(chart) = self.chart(ruleset, &address.chart) else {
            return false;
        };
        match &chart.body {
            Body::TwoD { rows, columns, .. } => {
                chart.cell(&[row, column]).is_none()
                    && (has_lost_key(rows) || has_lost_key(columns))
            }
            Body::OneD { .. } => false,
        }
    }

    /// Keeps a lost-key cell, its value read as the grid's values are; `source` says where
    /// it came from. A band key (`101-200`) serves every value in the band; a band that
    /// overlaps one already typed for the same column is refused.
    pub(super) fn set_lost_key_cell(
        &mut self,
        ruleset: Ruleset,
        address: &CellAddress,
        value: &str,
        source: &str,
    ) -> Result<(), String> {
        let [row, column] = address.key.as_slice() else {
            return Err("expected CHART:ROW:COL=VALUE".to_owned());
        };
        for key in [row, column] {
            if Band::parse(key).is_some() && Band::parse_ordered(key).is_none() {
                return Err(format!(
                    "'{key}' is not a band: a band runs from its lower value to its higher (101-200)"
                ));
            }
        }
        if let Some(typed_band) = Band::parse_ordered(row) {
            let overlapping = self.lost_key_cells.cells.keys().find(|(r, c, typed, col)| {
                *r == ruleset
                    && *c == address.chart
                    && col == column
                    && typed != row
                    && Band::parse_ordered(typed).is_some_and(|other| overlap(other, typed_band))
            });
            if let Some((_, _, other, _)) = overlapping {
                return Err(format!(
                    "the band {row} overlaps {other}, already given for {column}: each firing value belongs to one band"
                ));
            }
        }
        let value_type = match self.chart(ruleset, &address.chart).map(|c| &c.body) {
            Some(Body::TwoD { column_types, .. }) => column_types.first().copied(),
            _ => None,
        }
        .ok_or_else(|| format!("chart '{}' has no columns", address.chart))?;
        let parsed = parse_typed(value, value_type, false)?;
        super::domain::domain(ruleset, &address.chart, None)
            .check(&parsed)
            .map_err(|e| format!("cell {}: {e}", address.local()))?;
        let key = (ruleset, address.chart.clone(), row.clone(), column.clone());
        self.lost_key_cells
            .sources
            .insert(key.clone(), source.to_owned());
        self.lost_key_cells.cells.insert(key, parsed);
        self.rehash();
        Ok(())
    }

    /// The lost-key cell serving the keys a rule names (`147`, `volley-200`): one typed
    /// under those keys, else one whose band holds the rule's number (`101-200`).
    pub fn lost_key_cell_serving(
        &self,
        ruleset: Ruleset,
        chart: &str,
        row: &str,
        column: &str,
    ) -> Option<LostKeyHit<'_>> {
        let hit = |exact: bool| {
            self.lost_key_cells
                .cells
                .iter()
                .find(|((r, c, typed_row, typed_column), _)| {
                    *r == ruleset
                        && c == chart
                        && if exact {
                            typed_row == row && typed_column == column
                        } else {
                            serves(typed_row, row) && serves(typed_column, column)
                        }
                })
        };
        let (key, value) = hit(true).or_else(|| hit(false))?;
        Some(LostKeyHit {
            row: &key.2,
            column: &key.3,
            value,
            source: self
                .lost_key_cells
                .sources
                .get(key)
                .map_or("typed for this resolution", String::as_str),
        })
    }

    /// A cell typed for this resolution under a row and column its grid does not have
    /// (the grid's printed keys are lost), if one was.
    pub fn lost_key_cell(
        &self,
        ruleset: Ruleset,
        chart: &str,
        row: &str,
        column: &str,
    ) -> Option<&Value> {
        self.lost_key_cells.cells.get(&(
            ruleset,
            chart.to_owned(),
            row.to_owned(),
            column.to_owned(),
        ))
    }
}
