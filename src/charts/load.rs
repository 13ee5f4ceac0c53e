//! Stage two of loading: raw TOML structures into validated [`Chart`]s, collecting every
//! error with its file, line and column.

use super::domain;
use super::error::{ErrorKind, Errors, LoadError};
use super::model::{
    Axis, Body, Cell, Chart, Confidence, Key, KeyKind, Shape, Status, Value, ValueType,
};
use super::raw::{RawChart, RawEntry};
use crate::ruleset::Ruleset;
use keys::{axis, check_axis, make_key};
use toml::Spanned;

mod keys;

/// Parses and validates one chart file. `file` is how errors name it.
pub fn parse_chart(
    ruleset: Ruleset,
    name: &str,
    file: &str,
    source: &str,
) -> Result<Chart, Vec<LoadError>> {
    let mut errors = Errors::new(file, source);
    let raw: RawChart = match toml::from_str(source) {
        Ok(raw) => raw,
        Err(e) => {
            errors.toml(&e);
            return Err(errors.found);
        }
    };
    let chart = build(&mut errors, ruleset, name, &raw);
    if errors.found.is_empty() {
        chart.ok_or_else(Vec::new)
    } else {
        Err(errors.found)
    }
}

fn build(errors: &mut Errors<'_>, ruleset: Ruleset, name: &str, raw: &RawChart) -> Option<Chart> {
    let header = &raw.chart;
    let shape = match header.shape.get_ref().as_str() {
        "banded" => Shape::Banded,
        "grid" => Shape::Grid,
        "list" => Shape::List,
        "records" => Shape::Records,
        "settings" => Shape::Settings,
        other => {
            errors.at(
                header.shape.span().start,
                ErrorKind::BadValue,
                format!(
                    "unknown shape '{other}': expected banded, grid, list, records or settings"
                ),
            );
            return None;
        }
    };
    let status = match header.status.as_ref().map(|s| s.get_ref().as_str()) {
        None | Some("supplied") => Status::Supplied,
        Some("not_supplied") => Status::NotSupplied,
        Some(other) => {
            let at = header.status.as_ref().map_or(0, |s| s.span().start);
            errors.at(
                at,
                ErrorKind::BadValue,
                format!("unknown status '{other}': expected supplied or not_supplied"),
            );
            Status::Supplied
        }
    };
    let default_confidence = match &header.confidence {
        None => None,
        Some(c) => confidence(errors, c),
    };
    let value_type = header.value.as_ref().and_then(|v| value_type(errors, v));
    let ctx = Context {
        status,
        default_confidence,
        ruleset,
        chart: name,
    };
    let body = match shape {
        Shape::Banded | Shape::List | Shape::Settings => {
            let kind = match shape {
                Shape::Banded => KeyKind::Band,
                Shape::Settings => KeyKind::Name,
                _ => raw
                    .key
                    .as_ref()
                    .and_then(|k| k.kind.as_ref())
                    .and_then(|k| key_kind(errors, k))
                    .unwrap_or(KeyKind::Name),
            };
            let value_type = if shape == Shape::Settings {
                ValueType::Text
            } else {
                require_type(errors, value_type, &header.shape)?
            };
            let axis_name = raw
                .key
                .as_ref()
                .map_or_else(|| "key".to_owned(), |k| k.name.clone());
            one_d(errors, &ctx, axis_name, kind, value_type, &raw.entries)?
        }
        Shape::Grid => {
            let value_type = require_type(errors, value_type, &header.shape)?;
            grid(errors, &ctx, raw, value_type)?
        }
        Shape::Records => records(errors, &ctx, raw)?,
    };
    Some(Chart {
        name: name.to_owned(),
        ruleset,
        title: header.title.clone(),
        document: header.document.clone(),
        section: header.section.clone(),
        status,
        shape,
        notes: header.notes.clone(),
        body,
    })
}

struct Context<'a> {
    status: Status,
    default_confidence: Option<Confidence>,
    ruleset: Ruleset,
    /// The chart's name, as errors name a cell (`troop_types:zulus:combat`).
    chart: &'a str,
}

/// Where a cell is: its key, and its column in a grid or records chart.
#[derive(Clone, Copy)]
struct Place<'a> {
    key: &'a str,
    column: Option<&'a str>,
    /// Whether the column is a records chart's field, which has a domain of its own.
    field: bool,
}

impl Context<'_> {
    /// Checks a converted value against its column's domain ([`domain::domain`]); an error
    /// names the cell.
    fn check_domain(
        &self,
        errors: &mut Errors<'_>,
        at: usize,
        value: Option<Value>,
        place: Place<'_>,
    ) -> Option<Value> {
        let value = value?;
        let column = if place.field { place.column } else { None };
        match domain::domain(self.ruleset, self.chart, column).check(&value) {
            Ok(()) => Some(value),
            Err(e) => {
                let cell = match place.column {
                    Some(column) => format!("{}:{}:{column}", self.chart, place.key),
                    None => format!("{}:{}", self.chart, place.key),
                };
                errors.at(at, ErrorKind::BadValue, format!("cell {cell}: {e}"));
                None
            }
        }
    }
}

fn require_type(
    errors: &mut Errors<'_>,
    value_type: Option<ValueType>,
    shape: &Spanned<String>,
) -> Option<ValueType> {
    if value_type.is_none() {
        errors.at(
            shape.span().start,
            ErrorKind::MissingField,
            format!(
                "a {} chart needs `value` in [chart]: int, number, text, bool or list",
                shape.get_ref()
            ),
        );
    }
    value_type
}

fn confidence(errors: &mut Errors<'_>, text: &Spanned<String>) -> Option<Confidence> {
    let found = Confidence::from_name(text.get_ref());
    if found.is_none() {
        errors.at(
            text.span().start,
            ErrorKind::BadValue,
            format!(
                "unknown confidence '{}': expected printed, reconstructed, unknown or house",
                text.get_ref()
            ),
        );
    }
    found
}

fn value_type(errors: &mut Errors<'_>, text: &Spanned<String>) -> Option<ValueType> {
    let found = ValueType::from_name(text.get_ref());
    if found.is_none() {
        errors.at(
            text.span().start,
            ErrorKind::BadValue,
            format!(
                "unknown value type '{}': expected int, number, text, bool or list",
                text.get_ref()
            ),
        );
    }
    found
}

fn key_kind(errors: &mut Errors<'_>, text: &Spanned<String>) -> Option<KeyKind> {
    match text.get_ref().as_str() {
        "name" => Some(KeyKind::Name),
        "int" => Some(KeyKind::Int),
        "band" => Some(KeyKind::Band),
        other => {
            errors.at(
                text.span().start,
                ErrorKind::BadValue,
                format!("unknown key kind '{other}': expected name, int or band"),
            );
            None
        }
    }
}

fn one_d(
    errors: &mut Errors<'_>,
    ctx: &Context,
    axis_name: String,
    kind: KeyKind,
    value_type: ValueType,
    entries: &[RawEntry],
) -> Option<Body> {
    let mut keys = Vec::new();
    let mut spans = Vec::new();
    let mut cells = Vec::new();
    for entry in entries {
        let at = entry.key.span().start;
        let key_confidence = entry
            .key_confidence
            .as_ref()
            .and_then(|c| confidence(errors, c))
            .unwrap_or(Confidence::Printed);
        keys.push(make_key(
            errors,
            kind,
            entry.key.get_ref(),
            key_confidence,
            None,
            at,
        ));
        spans.push(at);
        let explicit = entry
            .confidence
            .as_ref()
            .and_then(|c| confidence(errors, c));
        let mut cell = match &entry.value {
            Some(v) => plain_cell(
                errors,
                ctx,
                v,
                value_type,
                false,
                explicit,
                Place {
                    key: entry.key.get_ref(),
                    column: None,
                    field: false,
                },
            ),
            None => {
                if explicit.is_some_and(|c| c != Confidence::Unknown)
                    && ctx.status == Status::Supplied
                {
                    errors.at(
                        at,
                        ErrorKind::MissingField,
                        format!(
                            "entry '{}' has no value: give `value`, or confidence = \"unknown\"",
                            entry.key.get_ref()
                        ),
                    );
                }
                Cell::unknown(None)
            }
        };
        if entry.note.is_some() {
            cell.note.clone_from(&entry.note);
        }
        cell.text.clone_from(&entry.text);
        cell.choices.clone_from(&entry.choices);
        cell.by.clone_from(&entry.by);
        cell.date.clone_from(&entry.date);
        if let (Some(choices), Some(Value::Text(v))) = (&cell.choices, &cell.value)
            && !choices.contains(v)
        {
            let at = entry.value.as_ref().map_or(at, |v| v.span().start);
            errors.at(
                at,
                ErrorKind::BadValue,
                format!("'{v}' is not one of the choices: {}", choices.join(", ")),
            );
        }
        cells.push(cell);
    }
    let axis = Axis {
        name: axis_name,
        kind,
        keys,
    };
    check_axis(errors, &axis, &spans);
    Some(Body::OneD {
        axis,
        value_type,
        cells,
    })
}

fn grid(
    errors: &mut Errors<'_>,
    ctx: &Context,
    raw: &RawChart,
    value_type: ValueType,
) -> Option<Body> {
    let shape_at = raw.chart.shape.span().start;
    let (Some(raw_rows), Some(raw_columns)) = (&raw.rows, &raw.columns) else {
        errors.at(
            shape_at,
            ErrorKind::MissingField,
            "a grid needs [rows] and [columns]",
        );
        return None;
    };
    let (rows, _) = axis(errors, raw_rows);
    let (columns, _) = axis(errors, raw_columns);
    let width = columns.keys.len();
    let mut cells: Vec<Option<Vec<Cell>>> = vec![None; rows.keys.len()];
    // Each row's position looked up once, not searched for every row of cells: a grid of
    // n rows loads in linear time (issue 21).
    let row_at: std::collections::HashMap<&str, usize> = rows
        .keys
        .iter()
        .enumerate()
        .rev()
        .map(|(i, k)| (k.label.as_str(), i))
        .collect();
    for raw_row in &raw.cells {
        let at = raw_row.row.span().start;
        let Some(&i) = row_at.get(raw_row.row.get_ref().as_str()) else {
            errors.at(
                at,
                ErrorKind::MissingKey,
                format!(
                    "row '{}' is not among the row keys: {}",
                    raw_row.row.get_ref(),
                    rows.labels().join(", ")
                ),
            );
            continue;
        };
        if cells[i].is_some() {
            errors.at(
                at,
                ErrorKind::MissingKey,
                format!("row '{}' is given twice", raw_row.row.get_ref()),
            );
            continue;
        }
        let values = raw_row.values.get_ref();
        if values.len() != width {
            errors.at(
                raw_row.values.span().start,
                ErrorKind::MissingKey,
                format!(
                    "row '{}' has {} values, expected {} (one per column: {})",
                    raw_row.row.get_ref(),
                    values.len(),
                    width,
                    columns.labels().join(", ")
                ),
            );
            continue;
        }
        let row = values
            .iter()
            .zip(&columns.keys)
            .map(|(v, column)| {
                let place = Place {
                    key: raw_row.row.get_ref(),
                    column: Some(&column.label),
                    field: false,
                };
                plain_cell(errors, ctx, v, value_type, false, None, place)
            })
            .collect();
        cells[i] = Some(row);
    }
    let mut full = Vec::new();
    for (i, row) in cells.into_iter().enumerate() {
        match row {
            Some(row) => full.push(row),
            None if ctx.status == Status::NotSupplied => {
                full.push(vec![Cell::unknown(None); width]);
            }
            None => {
                errors.at(
                    shape_at,
                    ErrorKind::MissingKey,
                    format!(
                        "row '{}' has no [[cells]] entry (a supplied grid needs every row; mark lost cells \"?\")",
                        rows.keys[i].label
                    ),
                );
            }
        }
    }
    Some(Body::TwoD {
        column_types: vec![value_type; width],
        column_optional: vec![false; width],
        rows,
        columns,
        cells: full,
    })
}

fn records(errors: &mut Errors<'_>, ctx: &Context, raw: &RawChart) -> Option<Body> {
    let mut columns = Vec::new();
    let mut types = Vec::new();
    let mut optional = Vec::new();
    let mut spans = Vec::new();
    for field in &raw.fields {
        let at = field.name.span().start;
        columns.push(Key {
            label: field.name.get_ref().clone(),
            confidence: Confidence::Printed,
            band: None,
            int: None,
            note: None,
        });
        types.push(value_type(errors, &field.value_type).unwrap_or(ValueType::Text));
        optional.push(field.optional);
        spans.push(at);
    }
    let columns = Axis {
        name: "field".to_owned(),
        kind: KeyKind::Name,
        keys: columns,
    };
    check_axis(errors, &columns, &spans);
    let mut rows = Vec::new();
    let mut row_spans = Vec::new();
    let mut cells = Vec::new();
    for record in &raw.records {
        let at = record.key.span().start;
        rows.push(Key {
            label: record.key.get_ref().clone(),
            confidence: Confidence::Printed,
            band: None,
            int: None,
            note: None,
        });
        row_spans.push(at);
        let values = record.values.get_ref();
        for name in values.keys() {
            if columns.position(name).is_none() {
                let at = values.get(name).map_or(at, |v| v.span().start);
                errors.at(
                    at,
                    ErrorKind::UnknownField,
                    format!(
                        "unknown field `{name}` in record '{}': expected one of {}",
                        record.key.get_ref(),
                        columns.labels().join(", ")
                    ),
                );
            }
        }
        let mut row = Vec::new();
        for (j, field) in columns.keys.iter().enumerate() {
            match values.get(&field.label) {
                Some(v) => {
                    let place = Place {
                        key: record.key.get_ref(),
                        column: Some(&field.label),
                        field: true,
                    };
                    row.push(plain_cell(
                        errors,
                        ctx,
                        v,
                        types[j],
                        optional[j],
                        None,
                        place,
                    ));
                }
                None if ctx.status == Status::NotSupplied => row.push(Cell::unknown(None)),
                None => {
                    errors.at(
                        record.values.span().start,
                        ErrorKind::MissingKey,
                        format!(
                            "record '{}' has no `{}` (mark a lost value \"?\")",
                            record.key.get_ref(),
                            field.label
                        ),
                    );
                    row.push(Cell::unknown(None));
                }
            }
        }
        cells.push(row);
    }
    let rows = Axis {
        name: "record".to_owned(),
        kind: KeyKind::Name,
        keys: rows,
    };
    check_axis(errors, &rows, &row_spans);
    Some(Body::TwoD {
        rows,
        columns,
        column_types: types,
        column_optional: optional,
        cells,
    })
}

/// Converts one TOML value to a cell: a plain value, "?" (unknown), or an inline table
/// `{ value, confidence, note, by, date }`.
fn plain_cell(
    errors: &mut Errors<'_>,
    ctx: &Context,
    raw: &Spanned<toml::Value>,
    value_type: ValueType,
    optional: bool,
    explicit: Option<Confidence>,
    place: Place<'_>,
) -> Cell {
    let at = raw.span().start;
    let default = if ctx.status == Status::NotSupplied {
        Confidence::Unknown
    } else {
        ctx.default_confidence.unwrap_or(Confidence::Printed)
    };
    if let toml::Value::Table(table) = raw.get_ref() {
        let mut cell = Cell::unknown(None);
        for key in table.keys() {
            if !["value", "confidence", "note", "by", "date"].contains(&key.as_str()) {
                errors.at(
                    at,
                    ErrorKind::UnknownField,
                    format!("unknown field `{key}` in a cell: expected value, confidence, note, by, date"),
                );
            }
        }
        let text = |k: &str| {
            table
                .get(k)
                .and_then(toml::Value::as_str)
                .map(str::to_owned)
        };
        cell.note = text("note");
        cell.by = text("by");
        cell.date = text("date");
        let conf = match text("confidence") {
            Some(name) => Confidence::from_name(&name).or_else(|| {
                errors.at(
                    at,
                    ErrorKind::BadValue,
                    format!("unknown confidence '{name}'"),
                );
                None
            }),
            None => None,
        };
        let value = table.get("value");
        match value {
            Some(v) if !is_unknown_marker(v) => {
                let value = convert(errors, at, v, value_type, optional);
                cell.value = ctx.check_domain(errors, at, value, place);
                cell.confidence = conf.unwrap_or(default);
                if cell.confidence == Confidence::Unknown {
                    errors.at(
                        at,
                        ErrorKind::BadValue,
                        "a cell with a value cannot be `unknown`",
                    );
                }
            }
            _ => {
                if conf.is_some_and(|c| c != Confidence::Unknown) {
                    errors.at(
                        at,
                        ErrorKind::MissingField,
                        "a cell that is not `unknown` needs `value`",
                    );
                }
            }
        }
        if cell.value.is_none() {
            cell.confidence = Confidence::Unknown;
        }
        return cell;
    }
    if is_unknown_marker(raw.get_ref()) {
        return Cell::unknown(None);
    }
    let mut cell = Cell::unknown(None);
    let value = convert(errors, at, raw.get_ref(), value_type, optional);
    cell.value = ctx.check_domain(errors, at, value, place);
    cell.confidence = if cell.value.is_some() {
        explicit.unwrap_or(default)
    } else {
        Confidence::Unknown
    };
    if cell.value.is_some()
        && cell.confidence == Confidence::Unknown
        && ctx.status == Status::Supplied
    {
        errors.at(
            at,
            ErrorKind::BadValue,
            "a cell with a value cannot be `unknown`",
        );
    }
    cell
}

fn is_unknown_marker(value: &toml::Value) -> bool {
    value.as_str() == Some("?")
}

/// Converts a TOML value to a chart value of the expected type.
pub(crate) fn convert(
    errors: &mut Errors<'_>,
    at: usize,
    value: &toml::Value,
    value_type: ValueType,
    optional: bool,
) -> Option<Value> {
    if optional && value.as_str() == Some("none") {
        return Some(Value::None);
    }
    let converted = match (value_type, value) {
        (ValueType::Int, toml::Value::Integer(n)) => Some(Value::Int(*n)),
        (ValueType::Number, toml::Value::Integer(n)) => Some(Value::Number(*n as f64)),
        (ValueType::Number, toml::Value::Float(x)) => Some(Value::Number(*x)),
        (ValueType::Text, toml::Value::String(t)) => Some(Value::Text(t.clone())),
        (ValueType::Bool, toml::Value::Boolean(b)) => Some(Value::Bool(*b)),
        (ValueType::List, toml::Value::Array(items)) => items
            .iter()
            .map(|i| i.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .map(Value::List),
        _ => None,
    };
    if converted.is_none() {
        errors.at(
            at,
            ErrorKind::WrongType,
            format!(
                "expected {}{}, found {} `{}`",
                match value_type {
                    ValueType::Int => "a whole number",
                    ValueType::Number => "a number",
                    ValueType::Text => "text",
                    ValueType::Bool => "true or false",
                    ValueType::List => "a list of text",
                },
                if optional { " or \"none\"" } else { "" },
                value.type_str(),
                value
            ),
        );
    }
    converted
}

/// Parses a value typed on the command line or in the app into a cell's type (a list as
/// `a,b`; nothing for an empty list). Its domain is checked by the caller, which knows the
/// cell ([`super::Chart::domain_at`]).
pub fn parse_typed(text: &str, value_type: ValueType, optional: bool) -> Result<Value, String> {
    let text = text.trim();
    if optional && text == "none" {
        return Ok(Value::None);
    }
    match value_type {
        ValueType::Int => text
            .parse()
            .map(Value::Int)
            .map_err(|_| format!("'{text}' is not a whole number")),
        ValueType::Number => text
            .parse()
            .map(Value::Number)
            .map_err(|_| format!("'{text}' is not a number")),
        ValueType::Text => Ok(Value::Text(text.to_owned())),
        ValueType::Bool => match text {
            "true" | "yes" => Ok(Value::Bool(true)),
            "false" | "no" => Ok(Value::Bool(false)),
            _ => Err(format!("'{text}' is not true or false")),
        },
        // Items are checked by the cell's domain: none empty, none a list written as text.
        ValueType::List if text.is_empty() => Ok(Value::List(Vec::new())),
        ValueType::List => Ok(Value::List(
            text.split(',').map(|s| s.trim().to_owned()).collect(),
        )),
    }
}
