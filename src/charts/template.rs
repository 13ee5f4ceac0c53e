//! A fillable chart file for a club to transcribe its printed card into (`laager tables
//! template`): the chart's shape, every key that is known, every known cell with its
//! confidence, `?` in each hole, and above each row a comment quoting the OCR it comes from.
//! Saved in a club's tables folder as `RULESET/CHART.toml`, it loads as the club's chart
//! (every value in it `house`); a hole left `?` stays unknown.

use super::model::{Axis, Body, Cell, Chart, Confidence, KeyKind, Shape, Status, Value};
use std::fmt::Write as _;

/// What a rule knows about an axis whose printed keys are lost: its keys are numbers or
/// bands of numbers (the firing FF of Small Arms Table 1), so a club types them as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AxisHint {
    /// The chart.
    pub chart: &'static str,
    /// `rows` or `columns`.
    pub axis: &'static str,
    /// How the keys read: `int` or `band`.
    pub kind: KeyKind,
    /// What the keys are, in a referee's words ("the number of firing FF, as a band").
    pub what: &'static str,
}

/// Whether a chart has a hole: a cell or a key no one can read.
pub fn has_holes(chart: &Chart) -> bool {
    let lost_key = |axis: &Axis| {
        axis.keys
            .iter()
            .any(|k| k.confidence == Confidence::Unknown)
    };
    chart.status == Status::Supplied
        && (chart
            .cell_values()
            .any(|c| c.confidence == Confidence::Unknown)
            || match &chart.body {
                Body::OneD { axis, .. } => lost_key(axis),
                Body::TwoD { rows, columns, .. } => lost_key(rows) || lost_key(columns),
            })
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

fn value_text(value: &Value) -> String {
    super::overrides::to_toml(value).to_string()
}

/// A cell as an inline value: `?` for a hole, else `{ value, confidence, note }`.
fn cell_text(cell: &Cell) -> String {
    let Some(value) = &cell.value else {
        return quoted("?");
    };
    let mut parts = vec![
        format!("value = {}", value_text(value)),
        format!("confidence = {}", quoted(cell.confidence.name())),
    ];
    for (name, field) in [("note", &cell.note), ("by", &cell.by), ("date", &cell.date)] {
        if let Some(text) = field {
            parts.push(format!("{name} = {}", quoted(text)));
        }
    }
    format!("{{ {} }}", parts.join(", "))
}

/// A comment line, each line of `text` behind `# `.
fn comment(out: &mut String, text: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "# {line}");
    }
}

fn kind_name(kind: KeyKind) -> &'static str {
    match kind {
        KeyKind::Name => "name",
        KeyKind::Int => "int",
        KeyKind::Band => "band",
    }
}

fn axis_text(out: &mut String, table: &str, axis: &Axis, hint: Option<&AxisHint>) {
    let _ = writeln!(out, "[{table}]");
    let _ = writeln!(out, "name = {}", quoted(&axis.name));
    let kind = hint.map_or(axis.kind, |h| h.kind);
    if kind != KeyKind::Name {
        let _ = writeln!(out, "kind = {}", quoted(kind_name(kind)));
    }
    if let Some(hint) = hint {
        comment(
            out,
            &format!(
                "Type each lost key as the card prints it: {}. Replace {{ key = \"?…\", … }} by the printed key in quotes (\"101-200\"), and the same key where its cells name it (row = \"?r1\" below); one cell of a band serves every value in it.",
                hint.what
            ),
        );
    }
    let _ = writeln!(out, "keys = [");
    for key in &axis.keys {
        if key.confidence == Confidence::Printed && key.note.is_none() {
            let _ = writeln!(out, "  {},", quoted(&key.label));
        } else {
            let mut parts = vec![
                format!("key = {}", quoted(&key.label)),
                format!("confidence = {}", quoted(key.confidence.name())),
            ];
            if let Some(note) = &key.note {
                parts.push(format!("note = {}", quoted(note)));
            }
            let _ = writeln!(out, "  {{ {} }},", parts.join(", "));
        }
    }
    let _ = writeln!(out, "]\n");
}

/// A row's cells, each with its column's label.
fn labelled<'a>(columns: &Axis, row: &'a [Cell]) -> Vec<(String, &'a Cell)> {
    columns
        .keys
        .iter()
        .map(|c| c.label.clone())
        .zip(row)
        .collect()
}

/// The OCR behind a row: the row key's note and each of its cells' notes.
fn row_comment(out: &mut String, label: &str, key_note: Option<&str>, notes: &[(String, &Cell)]) {
    let mut parts = Vec::new();
    if let Some(note) = key_note {
        parts.push(format!("key: {note}"));
    }
    for (column, cell) in notes {
        let mark = if cell.value.is_none() { " (?)" } else { "" };
        if let Some(note) = &cell.note {
            parts.push(format!("{column}{mark}: {note}"));
        } else if cell.value.is_none() {
            parts.push(format!("{column}: ?"));
        }
    }
    if !parts.is_empty() {
        comment(out, &format!("{label} — {}", parts.join("; ")));
    }
}

/// The fillable file of one chart (`ruleset/name.toml` in a club's tables folder).
pub fn template(chart: &Chart, hints: &[AxisHint]) -> String {
    let filled = chart.cell_values().filter(|c| c.value.is_some()).count();
    let total = chart.cell_values().count();
    let heading = format!(
        "Template of {} ({}/{}), for a club to fill from its printed card.\n\
         {filled} of {total} cells are known. Replace each \"?\" with the printed value, and each\n\
         lost key (\"?r1\", \"?c3\" …) with the printed heading; keep the confidence of what you\n\
         leave. Saved in a club's tables folder as {}/{}.toml, it replaces the shipped chart, and\n\
         every value in it counts as house (a resolution that uses one says so).",
        chart.title,
        chart.ruleset.folder(),
        chart.name,
        chart.ruleset.folder(),
        chart.name
    );
    chart_file(chart, hints, &heading)
}

/// A chart's file under a heading comment: a template's, or a transcription's.
fn chart_file(chart: &Chart, hints: &[AxisHint], heading: &str) -> String {
    let hint = |axis: &str| {
        hints
            .iter()
            .find(|h| h.chart == chart.name && h.axis == axis)
    };
    let mut out = String::new();
    comment(&mut out, heading);
    out.push('\n');
    let _ = writeln!(out, "[chart]");
    let _ = writeln!(out, "title = {}", quoted(&chart.title));
    let _ = writeln!(out, "document = {}", quoted(&chart.document));
    let _ = writeln!(out, "section = {}", quoted(&chart.section));
    let _ = writeln!(out, "shape = {}", quoted(chart.shape.name()));
    let value_type = match &chart.body {
        Body::OneD { value_type, .. } => Some(*value_type),
        Body::TwoD { column_types, .. } if chart.shape != Shape::Records => {
            column_types.first().copied()
        }
        Body::TwoD { .. } => None,
    };
    if let Some(value_type) = value_type {
        let _ = writeln!(out, "value = {}", quoted(value_type.name()));
    }
    if let Some(notes) = &chart.notes {
        let _ = writeln!(out, "notes = {}", quoted(notes));
    }
    out.push('\n');
    match &chart.body {
        Body::OneD { axis, cells, .. } => {
            let _ = writeln!(out, "[key]");
            let _ = writeln!(out, "name = {}", quoted(&axis.name));
            if axis.kind != KeyKind::Name {
                let _ = writeln!(out, "kind = {}", quoted(kind_name(axis.kind)));
            }
            out.push('\n');
            entries_text(&mut out, axis, cells);
        }
        Body::TwoD {
            rows,
            columns,
            column_types,
            column_optional,
            cells,
        } if chart.shape == Shape::Records => {
            for ((field, value_type), optional) in
                columns.keys.iter().zip(column_types).zip(column_optional)
            {
                let _ = writeln!(out, "[[fields]]");
                let _ = writeln!(out, "name = {}", quoted(&field.label));
                let _ = writeln!(out, "type = {}", quoted(value_type.name()));
                if *optional {
                    let _ = writeln!(out, "optional = true");
                }
                out.push('\n');
            }
            for (key, row) in rows.keys.iter().zip(cells) {
                let notes = labelled(columns, row);
                row_comment(&mut out, &key.label, key.note.as_deref(), &notes);
                let values: Vec<String> = notes
                    .iter()
                    .map(|(field, cell)| format!("{field} = {}", cell_text(cell)))
                    .collect();
                let _ = writeln!(out, "[[records]]");
                let _ = writeln!(out, "key = {}", quoted(&key.label));
                let _ = writeln!(out, "values = {{ {} }}\n", values.join(", "));
            }
        }
        Body::TwoD {
            rows,
            columns,
            cells,
            ..
        } => {
            axis_text(&mut out, "rows", rows, hint("rows"));
            axis_text(&mut out, "columns", columns, hint("columns"));
            for (key, row) in rows.keys.iter().zip(cells) {
                let notes = labelled(columns, row);
                row_comment(&mut out, &key.label, key.note.as_deref(), &notes);
                let values: Vec<String> = row.iter().map(cell_text).collect();
                let _ = writeln!(out, "[[cells]]");
                let _ = writeln!(out, "row = {}", quoted(&key.label));
                let _ = writeln!(out, "values = [{}]\n", values.join(", "));
            }
        }
    }
    out
}

/// The `[[entries]]` of a one-dimensional chart: each key with its cell, its confidence
/// and what the transcription noted.
fn entries_text(out: &mut String, axis: &Axis, cells: &[Cell]) {
    for (key, cell) in axis.keys.iter().zip(cells) {
        if let Some(note) = &cell.note {
            comment(out, note);
        }
        let _ = writeln!(out, "[[entries]]");
        let _ = writeln!(out, "key = {}", quoted(&key.label));
        if key.confidence == Confidence::Unknown {
            let _ = writeln!(out, "key_confidence = \"unknown\"");
        }
        match &cell.value {
            Some(value) => {
                let _ = writeln!(out, "value = {}", value_text(value));
                let _ = writeln!(out, "confidence = {}", quoted(cell.confidence.name()));
            }
            None => {
                let _ = writeln!(out, "value = \"?\"");
                let _ = writeln!(out, "confidence = \"unknown\"");
            }
        }
        for (name, field) in [
            ("text", &cell.text),
            ("note", &cell.note),
            ("by", &cell.by),
            ("date", &cell.date),
        ] {
            if let Some(text) = field {
                let _ = writeln!(out, "{name} = {}", quoted(text));
            }
        }
        if let Some(choices) = &cell.choices {
            let list: Vec<String> = choices.iter().map(|c| quoted(c)).collect();
            let _ = writeln!(out, "choices = [{}]", list.join(", "));
        }
        out.push('\n');
    }
}

/// Which axis of a chart a key is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AxisSide {
    /// The one axis of a 1-D chart, or a grid's rows (a records chart's keys).
    Rows,
    /// A grid's columns.
    Columns,
}

/// A chart being transcribed from a club's printed card: a working copy whose keys and
/// values are typed one by one, each checked as the chart file would check it, and which
/// is written out as the club's chart file ([`Transcription::file_text`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Transcription {
    /// The chart as typed so far.
    pub chart: Chart,
}

impl Transcription {
    /// Starts from a chart in force, its numbered lost axes read as the hints say.
    pub fn new(chart: &Chart, hints: &[AxisHint]) -> Transcription {
        let mut chart = chart.clone();
        if let Body::TwoD { rows, columns, .. } = &mut chart.body
            && chart.shape != Shape::Records
        {
            for hint in hints.iter().filter(|h| h.chart == chart.name) {
                let axis = if hint.axis == "rows" {
                    &mut *rows
                } else {
                    &mut *columns
                };
                if axis.kind == KeyKind::Name
                    && axis
                        .keys
                        .iter()
                        .all(|k| k.confidence == Confidence::Unknown)
                {
                    axis.kind = hint.kind;
                }
            }
        }
        Transcription { chart }
    }

    /// The cells with a value, and all the cells.
    pub fn filled(&self) -> (usize, usize) {
        let cells = self.chart.cell_values();
        let (mut filled, mut total) = (0, 0);
        for cell in cells {
            total += 1;
            filled += usize::from(cell.value.is_some());
        }
        (filled, total)
    }

    fn axis_mut(&mut self, side: AxisSide) -> &mut Axis {
        match (&mut self.chart.body, side) {
            (Body::OneD { axis, .. }, _) => axis,
            (Body::TwoD { rows, .. }, AxisSide::Rows) => rows,
            (Body::TwoD { columns, .. }, AxisSide::Columns) => columns,
        }
    }

    /// Types a key as the card prints it: a band (`101-200`) or number on a numbered axis,
    /// a name otherwise; a key another key already has is refused.
    pub fn set_key(&mut self, side: AxisSide, index: usize, text: &str) -> Result<(), String> {
        let text = text.trim();
        let axis = self.axis_mut(side);
        if text.is_empty() || text.starts_with('?') {
            return Err("type the key as the card prints it".to_owned());
        }
        if axis
            .keys
            .iter()
            .enumerate()
            .any(|(i, k)| i != index && k.label == text)
        {
            return Err(format!("'{text}' is already a key of {}", axis.name));
        }
        let kind = axis.kind;
        let key = axis
            .keys
            .get_mut(index)
            .ok_or_else(|| format!("{} has no key {}", axis.name, index + 1))?;
        match kind {
            KeyKind::Name => {}
            KeyKind::Int => {
                key.int = Some(
                    text.parse()
                        .map_err(|_| format!("'{text}' is not a whole number"))?,
                );
            }
            KeyKind::Band => {
                let band = super::model::Band::parse_ordered(text).ok_or_else(|| {
                    format!("'{text}' is not a band: expected FROM-TO (101-200), FROM+ or a number")
                })?;
                key.band = Some(band);
            }
        }
        text.clone_into(&mut key.label);
        key.confidence = Confidence::Printed;
        key.note = None;
        Ok(())
    }

    /// Types a value at a row and column (a 1-D chart's column is 0): `?` or nothing leaves
    /// the cell unknown; a value is checked by its type and its domain.
    pub fn set_value(&mut self, row: usize, column: usize, text: &str) -> Result<(), String> {
        let chart = &self.chart;
        let key: Vec<String> = match &chart.body {
            Body::OneD { axis, .. } => vec![axis.keys[row].label.clone()],
            Body::TwoD { rows, columns, .. } => {
                vec![
                    rows.keys[row].label.clone(),
                    columns.keys[column].label.clone(),
                ]
            }
        };
        let key: Vec<&str> = key.iter().map(String::as_str).collect();
        let text = text.trim();
        let parsed = if text.is_empty() || text == "?" {
            None
        } else {
            let (value_type, optional) = chart
                .value_type_at(&key)
                .ok_or_else(|| format!("no cell {}", key.join(":")))?;
            let value = super::load::parse_typed(text, value_type, optional)?;
            chart.domain_at(&key).check(&value)?;
            Some(value)
        };
        let cell = self
            .chart
            .cell_mut(&key)
            .ok_or_else(|| format!("no cell {}", key.join(":")))?;
        if let (Some(choices), Some(Value::Text(v))) = (&cell.choices, &parsed)
            && !choices.contains(v)
        {
            return Err(format!("'{v}' is not one of: {}", choices.join(", ")));
        }
        if cell.value != parsed {
            cell.confidence = if parsed.is_some() {
                Confidence::House
            } else {
                Confidence::Unknown
            };
            cell.value = parsed;
        }
        Ok(())
    }

    /// The OCR behind one row: its key's note and its cells' notes, as the template's
    /// comment above it reads.
    pub fn row_ocr(&self, row: usize) -> String {
        let mut out = String::new();
        match &self.chart.body {
            Body::OneD { axis, cells, .. } => {
                if let (Some(key), Some(cell)) = (axis.keys.get(row), cells.get(row)) {
                    row_comment(
                        &mut out,
                        &key.label,
                        key.note.as_deref(),
                        &[("value".to_owned(), cell)],
                    );
                }
            }
            Body::TwoD {
                rows,
                columns,
                cells,
                ..
            } => {
                if let (Some(key), Some(row_cells)) = (rows.keys.get(row), cells.get(row)) {
                    let notes = labelled(columns, row_cells);
                    row_comment(&mut out, &key.label, key.note.as_deref(), &notes);
                }
            }
        }
        out.trim_start_matches("# ").trim_end().to_owned()
    }

    /// The chart file the club saves, checked to load as a club chart: the errors of the
    /// file, if it would not.
    pub fn file_text(&self, hints: &[AxisHint]) -> Result<String, Vec<super::LoadError>> {
        let (filled, total) = self.filled();
        let heading = format!(
            "{} ({}/{}), transcribed by a club from its printed card: {filled} of {total} cells\n\
             filled, \"?\" where the card gives nothing. In a club's tables folder it replaces the\n\
             shipped chart, and every value in it counts as house (a resolution that uses one says so).",
            self.chart.title,
            self.chart.ruleset.folder(),
            self.chart.name
        );
        let text = chart_file(&self.chart, hints, &heading);
        super::parse_chart(
            self.chart.ruleset,
            &self.chart.name,
            &format!("{}/{}.toml", self.chart.ruleset.folder(), self.chart.name),
            &text,
        )?;
        Ok(text)
    }
}
