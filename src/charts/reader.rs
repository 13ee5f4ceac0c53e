//! How a rule reads chart cells: every cell it needs is looked up, the missing ones are
//! gathered (so a refusal lists them all), and reconstructed or club cells become warnings.

use super::Charts;
use super::model::{Confidence, Value};
use crate::resolution::{NeededCell, Refusal, RuleRef};
use crate::ruleset::Ruleset;

/// Reads cells for one resolution.
#[derive(Debug)]
pub struct CellReader<'a> {
    charts: &'a Charts,
    ruleset: Ruleset,
    needs: Vec<NeededCell>,
    warnings: Vec<String>,
}

impl<'a> CellReader<'a> {
    /// A reader over one ruleset's charts.
    pub fn new(charts: &'a Charts, ruleset: Ruleset) -> CellReader<'a> {
        CellReader {
            charts,
            ruleset,
            needs: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// The value at a key, or `None` (and the cell noted as needed) when it is unknown,
    /// its chart is not supplied, or it does not exist. A reconstructed or club value is
    /// warned about as it is read.
    pub fn get(&mut self, chart: &str, key: &[&str]) -> Option<Value> {
        let value = self.quiet(chart, key);
        if value.is_some() {
            self.mark_used(chart, key);
        }
        value
    }

    /// The value at a key, the missing cell noted as [`CellReader::get`] does, but without
    /// its warning: for a cell read ahead that only some outcomes use; the rule calls
    /// [`CellReader::mark_used`] when one does.
    pub fn quiet(&mut self, chart: &str, key: &[&str]) -> Option<Value> {
        let found = self
            .charts
            .chart(self.ruleset, chart)
            .and_then(|c| c.cell(key));
        match found {
            Some(cell) if cell.value.is_some() => cell.value.clone(),
            _ => {
                let needed = NeededCell {
                    chart: chart.to_owned(),
                    key: key.iter().map(|k| (*k).to_owned()).collect(),
                };
                if !self.needs.contains(&needed) {
                    self.needs.push(needed);
                }
                None
            }
        }
    }

    /// Warns that a reconstructed or club cell decided something (once per cell).
    pub fn mark_used(&mut self, chart: &str, key: &[&str]) {
        let Some(cell) = self
            .charts
            .chart(self.ruleset, chart)
            .and_then(|c| c.cell(key))
        else {
            return;
        };
        let address = format!("{chart}:{}", key.join(":"));
        match cell.confidence {
            Confidence::Reconstructed => {
                let note = cell
                    .note
                    .as_deref()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default();
                self.warn(format!("used reconstructed cell {address}{note}"));
            }
            Confidence::House => {
                let by = cell
                    .by
                    .as_deref()
                    .map(|b| format!(" by {b}"))
                    .unwrap_or_default();
                let note = cell
                    .note
                    .as_deref()
                    .map(|n| format!(": {n}"))
                    .unwrap_or_default();
                self.warn(format!("used club value for {address}{by}{note}"));
            }
            Confidence::Printed | Confidence::Unknown => {}
        }
    }

    /// A whole number at a key (see [`CellReader::get`]).
    pub fn int(&mut self, chart: &str, key: &[&str]) -> Option<i64> {
        self.get(chart, key).and_then(|v| v.as_int())
    }

    /// Adds a warning once.
    pub fn warn(&mut self, warning: String) {
        if !self.warnings.contains(&warning) {
            self.warnings.push(warning);
        }
    }

    /// The cells needed so far that could not be read.
    pub fn needs(&self) -> &[NeededCell] {
        &self.needs
    }

    /// The warnings gathered so far.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// A refusal listing every needed cell, if any is missing.
    pub fn refusal(&self, rule: RuleRef) -> Option<Refusal> {
        if self.needs.is_empty() {
            return None;
        }
        Some(Refusal::needs_cells(rule, self.needs.clone()))
    }
}
