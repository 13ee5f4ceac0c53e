//! A club's values: cell addresses, the `house.toml` of a club's tables folder, and the
//! text `laager tables set` writes into one (`store::tables` does the writing).

use super::Charts;
use super::error::{ErrorKind, Errors, LoadError};
use super::load::convert;
use super::model::Value;
use crate::ruleset::Ruleset;
use serde::Deserialize;
use toml::Spanned;

/// The stem of the file holding a club's single cells in each ruleset folder.
pub(crate) const HOUSE_STEM: &str = "house";
/// The file name of a club's single cells in each ruleset folder.
pub const HOUSE_FILE: &str = "house.toml";

/// A cell's address: `CHART:KEY` or `CHART:ROW:COL`, the chart optionally `ruleset/chart`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellAddress {
    /// The ruleset, when the address names it (`dba_zulu/troop_types:zulus:combat`).
    pub ruleset: Option<Ruleset>,
    /// The chart's name.
    pub chart: String,
    /// The key parts.
    pub key: Vec<String>,
}

impl CellAddress {
    /// Parses an address.
    pub fn parse(text: &str) -> Result<CellAddress, String> {
        let mut parts = text.split(':').map(str::trim);
        let chart = parts.next().unwrap_or_default();
        let key: Vec<String> = parts.map(str::to_owned).collect();
        if chart.is_empty() || key.is_empty() || key.len() > 2 || key.iter().any(String::is_empty) {
            return Err(format!(
                "'{text}' is not a cell address: expected CHART:KEY or CHART:ROW:COL"
            ));
        }
        let (ruleset, chart) = match chart.split_once('/') {
            Some((folder, chart)) => (
                Some(
                    Ruleset::from_id(folder)
                        .ok_or_else(|| format!("'{folder}' is not a ruleset"))?,
                ),
                chart,
            ),
            None => (None, chart),
        };
        Ok(CellAddress {
            ruleset,
            chart: chart.to_owned(),
            key,
        })
    }

    /// Splits a typed cell, `CHART:KEY=VALUE`, into its address and its value as typed.
    pub fn parse_assignment(text: &str) -> Result<(CellAddress, &str), String> {
        let (address, value) = text
            .split_once('=')
            .ok_or_else(|| "expected CHART:KEY=VALUE".to_owned())?;
        Ok((CellAddress::parse(address)?, value))
    }

    /// The address without its ruleset, as written in `house.toml`.
    pub fn local(&self) -> String {
        format!("{}:{}", self.chart, self.key.join(":"))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHouse {
    #[serde(default)]
    cell: Vec<RawHouseCell>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHouseCell {
    address: Spanned<String>,
    value: Spanned<toml::Value>,
    by: Option<String>,
    date: Option<String>,
    note: Option<String>,
}

/// Applies a `house.toml` to the charts, cell by cell.
pub(crate) fn apply_house_file(
    charts: &mut Charts,
    ruleset: Ruleset,
    file: &str,
    source: &str,
) -> Result<(), Vec<LoadError>> {
    let mut errors = Errors::new(file, source);
    let raw: RawHouse = match toml::from_str(source) {
        Ok(raw) => raw,
        Err(e) => {
            errors.toml(&e);
            return Err(errors.found);
        }
    };
    // One value per address: the line each address was first given on.
    let mut first_line = std::collections::HashMap::new();
    for cell in raw.cell {
        let at = cell.address.span().start;
        let address = match CellAddress::parse(cell.address.get_ref()) {
            Ok(a) => a,
            Err(e) => {
                errors.at(at, ErrorKind::BadValue, e);
                continue;
            }
        };
        if address.ruleset.is_some_and(|r| r != ruleset) {
            errors.at(
                at,
                ErrorKind::UnknownChart,
                format!(
                    "cell {}: the address names another ruleset than this folder's ({})",
                    cell.address.get_ref(),
                    ruleset.folder()
                ),
            );
            continue;
        }
        let line = errors.line_of(at);
        if let Some(first) = first_line.get(&address.local()) {
            errors.at(
                at,
                ErrorKind::MissingKey,
                format!(
                    "cell {} is given twice, on lines {first} and {line}: keep one value per address",
                    address.local()
                ),
            );
            continue;
        }
        first_line.insert(address.local(), line);
        let key: Vec<&str> = address.key.iter().map(String::as_str).collect();
        let Some(chart) = charts.chart(ruleset, &address.chart) else {
            errors.at(
                at,
                ErrorKind::UnknownChart,
                format!("no {} chart is named '{}'", ruleset.id(), address.chart),
            );
            continue;
        };
        if charts.is_lost_key_address(ruleset, &address) {
            // A cell of a grid whose printed keys are lost, under the keys a rule names or
            // a band of them (`small_arms_range_factors:101-200:volley-200`).
            let text = match cell.value.get_ref() {
                toml::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            if let Err(e) =
                charts.set_lost_key_cell(ruleset, &address, &text, "set in the club's house.toml")
            {
                errors.at(
                    cell.value.span().start,
                    ErrorKind::BadValue,
                    format!("cell {}: {e}", address.local()),
                );
            }
            continue;
        }
        let Some((value_type, optional)) = chart.value_type_at(&key) else {
            errors.at(
                at,
                ErrorKind::MissingKey,
                format!(
                    "chart '{}' has no cell {}",
                    address.chart,
                    address.key.join(":")
                ),
            );
            continue;
        };
        let Some(value) = convert(
            &mut errors,
            cell.value.span().start,
            cell.value.get_ref(),
            value_type,
            optional,
        ) else {
            continue;
        };
        if let Err(e) = chart.domain_at(&key).check(&value) {
            errors.at(
                cell.value.span().start,
                ErrorKind::BadValue,
                format!("cell {}: {e}", address.local()),
            );
            continue;
        }
        let text = value_text(&value);
        if let Err(e) =
            charts.set_cell_unhashed(ruleset, &address, &text, cell.note, cell.by, cell.date)
        {
            errors.at(cell.value.span().start, ErrorKind::BadValue, e);
        }
    }
    if errors.found.is_empty() {
        Ok(())
    } else {
        Err(errors.found)
    }
}

fn value_text(value: &Value) -> String {
    match value {
        Value::List(items) => items.join(","),
        other => other.to_string(),
    }
}

/// A value as TOML writes it.
pub(super) fn to_toml(value: &Value) -> toml::Value {
    match value {
        Value::Int(n) => toml::Value::Integer(*n),
        Value::Number(x) => toml::Value::Float(*x),
        Value::Text(t) => toml::Value::String(t.clone()),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::List(items) => {
            toml::Value::Array(items.iter().cloned().map(toml::Value::String).collect())
        }
        Value::None => toml::Value::String("none".to_owned()),
    }
}

/// The text of a `house.toml` with one club value set: `existing` is the file's text (or
/// `None` for a new file), `file` names it in errors, `value` is checked already
/// ([`Charts::check_cell`]). A value already there for the address is replaced.
pub fn house_file_with(
    existing: Option<&str>,
    file: &str,
    address: &CellAddress,
    value: &Value,
    by: &str,
    date: &str,
) -> Result<String, String> {
    let mut document: toml::Table = match existing {
        Some(text) => toml::from_str(text).map_err(|e| format!("{file}: {}", e.message()))?,
        None => toml::Table::new(),
    };
    let cells = document
        .entry("cell")
        .or_insert_with(|| toml::Value::Array(Vec::new()));
    let toml::Value::Array(cells) = cells else {
        return Err(format!("{file}: `cell` must be an array of tables"));
    };
    let local = address.local();
    cells.retain(|c| c.get("address").and_then(toml::Value::as_str) != Some(local.as_str()));
    let mut entry = toml::Table::new();
    entry.insert("address".to_owned(), toml::Value::String(local));
    entry.insert("value".to_owned(), to_toml(value));
    entry.insert("by".to_owned(), toml::Value::String(by.to_owned()));
    entry.insert("date".to_owned(), toml::Value::String(date.to_owned()));
    cells.push(toml::Value::Table(entry));
    toml::to_string_pretty(&document).map_err(|e| e.to_string())
}
