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
use super::model::{Axis, Body, Confidence, Value};
use super::{CellAddress, Charts};
use crate::ruleset::Ruleset;
use std::collections::BTreeMap;

/// The lost-key cells typed, by ruleset, chart, row and column.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct LostKeyCells {
    cells: BTreeMap<(Ruleset, String, String, String), Value>,
}

impl LostKeyCells {
    pub(super) fn is_empty(&self) -> bool {
        self.cells.is_empty()
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

    /// Keeps a lost-key cell, its value read as the grid's values are.
    pub(super) fn set_lost_key_cell(
        &mut self,
        ruleset: Ruleset,
        address: &CellAddress,
        value: &str,
    ) -> Result<(), String> {
        let [row, column] = address.key.as_slice() else {
            return Err("expected CHART:ROW:COL=VALUE".to_owned());
        };
        let value_type = match self.chart(ruleset, &address.chart).map(|c| &c.body) {
            Some(Body::TwoD { column_types, .. }) => column_types.first().copied(),
            _ => None,
        }
        .ok_or_else(|| format!("chart '{}' has no columns", address.chart))?;
        let parsed = parse_typed(value, value_type, false)?;
        super::domain::domain(ruleset, &address.chart, None)
            .check(&parsed)
            .map_err(|e| format!("cell {}: {e}", address.local()))?;
        self.lost_key_cells.cells.insert(
            (ruleset, address.chart.clone(), row.clone(), column.clone()),
            parsed,
        );
        self.rehash();
        Ok(())
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
