//! Cells of charts whose printed keys are lost (`?r1`, `?c3` …): a rule names the cell it
//! needs by what it knows (the firing FF, the troop type, the class), a club chart with its
//! keys restored is read by those names or values, and `--cell CHART:ROW:COL=VALUE` may type
//! such a cell for one resolution.
//!
//! The typed cell travels with the charts, not with the procedure's input:
//! [`Charts::apply_cell_arg`] keeps a `CHART:ROW:COL` its grid does not have beside the grid
//! (both front ends supply one-off cells through it), it counts in the tables hash, and
//! [`read`] finds it under the name the rule gives. So every procedure keeps the one
//! signature `resolve(&Charts, &Input, dice)`, and a resolution replays from its input over
//! the tables its hash names.

use crate::charts::template::AxisHint;
use crate::charts::{Axis, Body, CellReader, Charts, KeyKind, Value};

/// The axes whose printed keys are lost that the rules read by number: a club's template
/// asks for their keys as the card prints them (`laager tables template`).
pub const TEMPLATE_HINTS: &[AxisHint] = &[
    AxisHint {
        chart: super::fire::RANGE_CHART,
        axis: "rows",
        kind: KeyKind::Band,
        what: "the NUMBER OF FIRING FACTORS, as a band FROM-TO (101-200) or a number",
    },
    AxisHint {
        chart: super::fire::RANGE_CHART,
        axis: "columns",
        kind: KeyKind::Name,
        what: "the fire group and the range its column is printed for, GROUP-RANGE: volley-300, independent-200, other-400, machine-gun-800 (the rule reads the range rounded up to the next 100 mm)",
    },
    AxisHint {
        chart: "morale_random_factor",
        axis: "columns",
        kind: KeyKind::Int,
        what: "the face of the die thrown (1 to 6)",
    },
];

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

/// Reads one cell of a grid by keys the rule knows: the chart's own key when it has one,
/// else a cell typed under those names, else `None` with the cell noted as needed under the
/// rule's names. Returns the value and the address used.
pub fn read(
    charts: &Charts,
    reader: &mut CellReader<'_>,
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
    if let Some(hit) = charts.lost_key_cell_serving(super::RULESET, chart, &r, &c) {
        let typed = format!("{chart}:{}:{}", hit.row, hit.column);
        let band = if typed == address {
            String::new()
        } else {
            format!(" (the band serving {address})")
        };
        reader.warn(format!(
            "used club value for {typed}{band}: {}; the chart's printed keys are lost, so the cell is named by what the rule knows",
            hit.source
        ));
        return (Some(hit.value.clone()), typed);
    }
    // A key the chart does not have: the reader records it as needed, by this name.
    reader.get(chart, &[&r, &c]);
    (None, address)
}
