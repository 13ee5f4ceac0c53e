//! How Soldiers of the Queen reads its charts: a cell whose row and column the chart in
//! force has is read (and, when unknown, named as needed, at an address `--cell` and the
//! desk's refusal fields take as it is); a row or column the chart does not have — a
//! weapon letter not among its rows, a range under a heading the document does not print —
//! is no cell anyone can type, so it is named in the refusal's reason instead, with the
//! way out: the chart from a club's tables folder.

use super::RULESET;
use crate::charts::{Body, CellReader, Charts, Confidence, Status, Value};
use crate::resolution::{Refusal, RefusalKind, RuleRef};

/// Reads cells for one resolution, gathering what is missing into one refusal.
#[derive(Debug)]
pub(crate) struct Cells<'a> {
    charts: &'a Charts,
    reader: CellReader<'a>,
    /// Rows and columns the charts in force do not have: (chart, what is missing).
    missing: Vec<(String, String)>,
}

impl<'a> Cells<'a> {
    /// A reader over the ruleset's charts.
    pub(crate) fn new(charts: &'a Charts) -> Cells<'a> {
        Cells {
            charts,
            reader: CellReader::new(charts, RULESET),
            missing: Vec::new(),
        }
    }

    /// The charts read.
    pub(crate) fn charts(&self) -> &'a Charts {
        self.charts
    }

    /// The value at a key the chart has, or `None`: an unknown cell is noted as needed, a
    /// key the chart does not have as missing.
    pub(crate) fn get(&mut self, chart: &str, key: &[&str]) -> Option<Value> {
        let Some(found) = self.charts.chart(RULESET, chart) else {
            self.miss(chart, format!("no chart '{chart}' is loaded"));
            return None;
        };
        if found.cell(key).is_some() {
            return self.reader.get(chart, key);
        }
        let text = match (&found.body, key) {
            (Body::TwoD { rows, .. }, [row, _]) if rows.position(row).is_none() => {
                format!("{chart} has no row '{row}' ({})", known_keys("rows", rows))
            }
            (Body::TwoD { columns, .. }, [_, column]) => format!(
                "{chart} has no column '{column}' ({})",
                known_keys("columns", columns)
            ),
            _ => format!("{chart} has no entry '{}'", key.join(":")),
        };
        self.miss(chart, text);
        None
    }

    /// A whole number at a key (see [`Cells::get`]).
    pub(crate) fn int(&mut self, chart: &str, key: &[&str]) -> Option<i64> {
        self.get(chart, key).and_then(|v| v.as_int())
    }

    /// The heading of a grid's column (band or number) holding `value`; when no column
    /// whose heading is known holds it, `what` (as "range 3") is noted as missing.
    pub(crate) fn column_of(&mut self, chart: &str, value: i64, what: &str) -> Option<String> {
        self.axis_key(chart, value, what, false)
    }

    /// The heading of a grid's row holding `value` (see [`Cells::column_of`]).
    pub(crate) fn row_of(&mut self, chart: &str, value: i64, what: &str) -> Option<String> {
        self.axis_key(chart, value, what, true)
    }

    fn axis_key(&mut self, chart: &str, value: i64, what: &str, row: bool) -> Option<String> {
        let Some(found) = self.charts.chart(RULESET, chart) else {
            self.miss(chart, format!("no chart '{chart}' is loaded"));
            return None;
        };
        let Body::TwoD { rows, columns, .. } = &found.body else {
            self.miss(chart, format!("{chart} is not a grid"));
            return None;
        };
        let (axis, noun) = if row {
            (rows, "rows")
        } else {
            (columns, "columns")
        };
        if let Some(i) = axis.position_of_value(value) {
            return Some(axis.keys[i].label.clone());
        }
        let singular = noun.trim_end_matches('s');
        self.miss(
            chart,
            format!(
                "{what} is under no {singular} of {chart} whose heading is known ({})",
                known_keys(noun, axis)
            ),
        );
        None
    }

    /// Notes something the charts in force do not have, in the reason's words.
    pub(crate) fn miss(&mut self, chart: &str, text: String) {
        let entry = (chart.to_owned(), text);
        if !self.missing.contains(&entry) {
            self.missing.push(entry);
        }
    }

    /// Whether everything read so far was there.
    pub(crate) fn complete(&self) -> bool {
        self.reader.needs().is_empty() && self.missing.is_empty()
    }

    /// The warnings gathered (reconstructed or club cells used).
    pub(crate) fn warnings(&self) -> &[String] {
        self.reader.warnings()
    }

    /// One refusal for everything missing so far, `what` (the step that needed it) first;
    /// `None` when nothing is.
    pub(crate) fn refusal(&self, rule: RuleRef, what: Option<&str>) -> Option<Refusal> {
        if self.complete() {
            return None;
        }
        let needs = self.reader.needs().to_vec();
        let mut parts: Vec<String> = Vec::new();
        // The charts to supply whole: those the document does not print, and those whose
        // heading a value needs is not known.
        let mut whole: Vec<String> = Vec::new();
        for (chart, _) in &self.missing {
            if !whole.contains(chart) {
                whole.push(chart.clone());
            }
        }
        let charts = needs
            .iter()
            .map(|n| n.chart.as_str())
            .chain(self.missing.iter().map(|(c, _)| c.as_str()));
        for chart in charts {
            let Some(chart) = self
                .charts
                .chart(RULESET, chart)
                .filter(|c| c.status == Status::NotSupplied)
            else {
                continue;
            };
            if !whole.contains(&chart.name) {
                whole.push(chart.name.clone());
            }
            let text = format!("{} ({}) is not in the document", chart.title, chart.name);
            if !parts.contains(&text) {
                parts.push(text);
            }
        }
        parts.extend(self.missing.iter().map(|(_, text)| text.clone()));
        let mut refusal = if needs.is_empty() {
            Refusal::new(
                RefusalKind::NeedsCells,
                rule,
                "a heading is not a cell to type: supply the chart in a club's tables folder",
            )
        } else {
            Refusal::needs_cells(rule, needs)
        };
        parts.push(refusal.reason);
        refusal.needs_charts = whole;
        let reason = parts.join("; ");
        refusal.reason = match what {
            Some(what) => format!("{what}: {reason}"),
            None => reason,
        };
        Some(refusal)
    }
}

/// An axis's headings the document prints, and whether it has others no one can read.
fn known_keys(noun: &str, axis: &crate::charts::Axis) -> String {
    let known: Vec<&str> = axis
        .keys
        .iter()
        .filter(|k| k.confidence != Confidence::Unknown)
        .map(|k| k.label.as_str())
        .collect();
    let lost = known.len() < axis.keys.len();
    match (known.is_empty(), lost) {
        (true, _) => format!("the document prints none of its {noun}"),
        (false, false) => format!("its {noun}: {}", known.join(", ")),
        (false, true) => format!(
            "its {noun}: {}, and others the document does not print",
            known.join(", ")
        ),
    }
}
