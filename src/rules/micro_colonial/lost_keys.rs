//! Cells of charts whose printed keys are lost (`?r1`, `?c3` …): a rule names the cell it
//! needs by what it knows (the firing FF, the troop type, the class), a club chart with its
//! keys restored is read by those names or values, and `--cell CHART:ROW:COL=VALUE` may type
//! such a cell for one resolution ([`LostKeyCells`]).

use crate::charts::{Axis, Body, CellReader, Charts, KeyKind, Value, parse_typed};
use std::collections::BTreeMap;

/// One key along an axis: a label (`volley-300`, `charging`) or a number a band holds.
#[derive(Debug, Clone, Copy)]
pub enum AxisKey<'a> {
    /// Matched against the labels.
    Label(&'a str),
    /// Matched against band or integer keys; named by the number when lost.
    Number(i64),
}

impl AxisKey<'_> {
    fn find(self, axis: &Axis) -> Option<String> {
        let i = match self {
            AxisKey::Label(l) => axis.position(l),
            AxisKey::Number(n) if axis.kind != KeyKind::Name => axis.position_of_value(n),
            AxisKey::Number(n) => axis.position(&n.to_string()),
        }?;
        Some(axis.keys[i].label.clone())
    }

    fn name(self) -> String {
        match self {
            AxisKey::Label(l) => l.to_owned(),
            AxisKey::Number(n) => n.to_string(),
        }
    }
}

/// Cells typed for one resolution whose keys the chart in force does not have.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LostKeyCells {
    cells: BTreeMap<(String, String, String), Value>,
}

impl LostKeyCells {
    /// Whether `CHART:ROW:COL=VALUE` addresses a grid of this ruleset with a lost key (so a
    /// row or column the chart does not have is a cell named by what a rule knows).
    pub fn is_lost_key_address(charts: &Charts, arg: &str) -> bool {
        let Some((address, _)) = arg.split_once('=') else {
            return false;
        };
        let parts: Vec<&str> = address.split(':').map(str::trim).collect();
        let [chart, _, _] = parts.as_slice() else {
            return false;
        };
        let chart = chart.strip_prefix("micro_colonial/").unwrap_or(chart);
        charts
            .chart(super::RULESET, chart)
            .is_some_and(|c| match &c.body {
                Body::TwoD { rows, columns, .. } => [rows, columns].iter().any(|axis| {
                    axis.keys
                        .iter()
                        .any(|k| k.confidence == crate::charts::Confidence::Unknown)
                }),
                Body::OneD { .. } => false,
            })
    }

    /// Keeps `CHART:ROW:COL=VALUE` for a grid chart of this ruleset that has a lost key.
    pub fn add(&mut self, charts: &Charts, arg: &str) -> Result<(), String> {
        let err = |why: &str| format!("--cell '{arg}': {why}");
        let (address, value) = arg
            .split_once('=')
            .ok_or_else(|| err("expected CHART:ROW:COL=VALUE"))?;
        let parts: Vec<&str> = address.split(':').map(str::trim).collect();
        let [chart, row, column] = parts.as_slice() else {
            return Err(err("expected CHART:ROW:COL=VALUE"));
        };
        let chart = chart.strip_prefix("micro_colonial/").unwrap_or(chart);
        let found = charts
            .chart(super::RULESET, chart)
            .ok_or_else(|| err(&format!("no micro-colonial chart is named '{chart}'")))?;
        let Body::TwoD {
            rows,
            columns,
            column_types,
            ..
        } = &found.body
        else {
            return Err(err(&format!("chart '{chart}' is not a grid")));
        };
        let lost = |axis: &Axis| {
            axis.keys
                .iter()
                .any(|k| k.confidence == crate::charts::Confidence::Unknown)
        };
        if !lost(rows) && !lost(columns) {
            return Err(err(&format!("chart '{chart}' has no cell {row}:{column}")));
        }
        let value_type = column_types
            .first()
            .copied()
            .ok_or_else(|| err("the chart has no columns"))?;
        let parsed = parse_typed(value, value_type, false).map_err(|e| err(&e))?;
        self.cells.insert(
            (chart.to_owned(), (*row).to_owned(), (*column).to_owned()),
            parsed,
        );
        Ok(())
    }

    fn get(&self, chart: &str, row: &str, column: &str) -> Option<&Value> {
        self.cells
            .get(&(chart.to_owned(), row.to_owned(), column.to_owned()))
    }
}

/// Reads one cell of a grid by keys the rule knows: the chart's own key when it has one,
/// else a typed cell, else `None` with the cell noted as needed under the rule's names.
/// Returns the value and the address used.
pub fn read(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    typed: &LostKeyCells,
    chart: &str,
    row: AxisKey<'_>,
    column: AxisKey<'_>,
) -> (Option<Value>, String) {
    let axes = charts
        .chart(super::RULESET, chart)
        .and_then(|c| match &c.body {
            Body::TwoD { rows, columns, .. } => Some((row.find(rows), column.find(columns))),
            Body::OneD { .. } => None,
        });
    let (row_label, column_label) = axes.unwrap_or((None, None));
    if let (Some(r), Some(c)) = (&row_label, &column_label) {
        return (reader.get(chart, &[r, c]), format!("{chart}:{r}:{c}"));
    }
    let r = row_label.unwrap_or_else(|| row.name());
    let c = column_label.unwrap_or_else(|| column.name());
    let address = format!("{chart}:{r}:{c}");
    if let Some(value) = typed.get(chart, &r, &c) {
        reader.warn(format!(
            "used club value for {address}: typed for this resolution (--cell); the chart's printed keys are lost, so the cell is named by what the rule knows"
        ));
        return (Some(value.clone()), address);
    }
    // A key the chart does not have: the reader records it as needed, by this name.
    reader.get(chart, &[&r, &c]);
    (None, address)
}
