//! Every chart of a ruleset as a grid coloured by confidence, where a club types the values
//! of its printed copy.

use crate::charts::template::{AxisSide, Transcription, has_holes};
use crate::charts::{Body, Cell, Chart, Charts, Confidence, Status};
use crate::rules::micro_colonial::lost_keys::TEMPLATE_HINTS;
use crate::ruleset::Ruleset;

/// The chart viewer's state: which chart, and the cell being typed.
#[derive(Debug, Clone, Default)]
pub struct ChartView {
    /// The chart shown.
    pub chart: Option<String>,
    /// The cell address being edited, and its text.
    pub editing: Option<(String, String)>,
    /// The chart being transcribed from the club's card, if one is.
    pub transcribing: Option<Transcribing>,
}

/// What the chart viewer asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChartAction {
    /// Write this `CHART:KEY=VALUE` cell into the club's tables folder.
    Cell(String),
    /// Write this chart file into the club's tables folder as `RULESET/NAME.toml`.
    SaveChart {
        /// The chart's ruleset.
        ruleset: Ruleset,
        /// The chart's name.
        name: String,
        /// The file's text, checked to load.
        text: String,
    },
}

/// A transcription in progress: the engine's working copy and the texts typed.
#[derive(Debug, Clone)]
pub struct Transcribing {
    /// The chart as typed so far (the engine checks each key and value).
    pub work: Transcription,
    /// The texts typed for the row keys and the column keys.
    pub keys: [Vec<String>; 2],
    /// Which row and column keys were lost when the transcription began: they stay fields
    /// to type in.
    pub lost: [Vec<bool>; 2],
    /// The texts typed for the cells, by row and column.
    pub cells: Vec<Vec<String>>,
    /// The row being typed.
    pub row: Option<usize>,
    /// The last key or value that did not read, or the file that would not load.
    pub error: Option<String>,
}

impl Transcribing {
    /// Starts transcribing a chart in force.
    pub fn new(chart: &Chart) -> Transcribing {
        let work = Transcription::new(chart, TEMPLATE_HINTS);
        let key_texts = |axis: &crate::charts::Axis| -> Vec<String> {
            axis.keys
                .iter()
                .map(|k| {
                    if k.confidence == Confidence::Unknown {
                        String::new()
                    } else {
                        k.label.clone()
                    }
                })
                .collect()
        };
        let value = |cell: &Cell| {
            cell.value
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default()
        };
        let (keys, cells) = match &work.chart.body {
            Body::OneD { axis, cells, .. } => (
                [key_texts(axis), Vec::new()],
                cells.iter().map(|c| vec![value(c)]).collect(),
            ),
            Body::TwoD {
                rows,
                columns,
                cells,
                ..
            } => (
                [key_texts(rows), key_texts(columns)],
                cells
                    .iter()
                    .map(|row| row.iter().map(value).collect())
                    .collect(),
            ),
        };
        let lost = [
            keys[0].iter().map(String::is_empty).collect(),
            keys[1].iter().map(String::is_empty).collect(),
        ];
        Transcribing {
            work,
            keys,
            lost,
            cells,
            row: None,
            error: None,
        }
    }
}

/// The background of a cell of this confidence.
pub fn confidence_colour(confidence: Confidence, dark: bool) -> egui::Color32 {
    let (light, dark_colour) = match confidence {
        Confidence::Printed => ((220, 240, 220), (30, 70, 30)),
        Confidence::Reconstructed => ((250, 235, 190), (90, 70, 20)),
        Confidence::Unknown => ((245, 200, 200), (100, 30, 30)),
        Confidence::House => ((200, 220, 250), (30, 50, 100)),
    };
    let (r, g, b) = if dark { dark_colour } else { light };
    egui::Color32::from_rgb(r, g, b)
}

fn cell_text(cell: &Cell) -> String {
    cell.value
        .as_ref()
        .map_or_else(|| "?".to_owned(), ToString::to_string)
}

impl ChartView {
    /// Draws the chart picker and the chart, or the chart being transcribed. Returns what
    /// the club committed: a typed value, or a transcribed chart to save.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
    ) -> Option<ChartAction> {
        if let Some(t) = &self.transcribing
            && (t.work.chart.ruleset != ruleset || Some(&t.work.chart.name) != self.chart.as_ref())
        {
            self.transcribing = None;
        }
        if self.transcribing.is_some() {
            return self.transcription_ui(ui);
        }
        self.chart_ui(ui, charts, ruleset)
    }

    fn chart_ui(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
    ) -> Option<ChartAction> {
        let names: Vec<String> = charts.of(ruleset).map(|c| c.name.clone()).collect();
        if self.chart.as_ref().is_none_or(|c| !names.contains(c)) {
            self.chart = names.first().cloned();
        }
        egui::ComboBox::from_label("Chart")
            .selected_text(self.chart.clone().unwrap_or_default())
            .show_ui(ui, |ui| {
                for name in &names {
                    ui.selectable_value(&mut self.chart, Some(name.clone()), name);
                }
            });
        ui.horizontal(|ui| {
            let dark = ui.visuals().dark_mode;
            for c in Confidence::ALL {
                egui::Frame::new()
                    .fill(confidence_colour(c, dark))
                    .inner_margin(egui::Margin::symmetric(4, 1))
                    .show(ui, |ui| ui.label(c.name()));
            }
        });
        let chart = charts.chart(ruleset, self.chart.as_deref()?)?;
        ui.label(format!(
            "{} — {}, {}",
            chart.title, chart.document, chart.section
        ));
        if chart.status == Status::NotSupplied {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Not in the document: type the values from the club's printed chart",
            );
        }
        if has_holes(chart)
            && ui
                .button("Transcribe from the card")
                .on_hover_text("Type the chart's lost keys and values from the club's printed card, then save it to the club's tables folder")
                .clicked()
        {
            self.transcribing = Some(Transcribing::new(chart));
            return None;
        }
        let mut committed = None;
        egui::ScrollArea::both()
            .id_salt("chart_view_scroll")
            .max_height(320.0)
            .show(ui, |ui| {
                committed = self.grid(ui, chart);
            });
        committed.map(ChartAction::Cell)
    }

    #[allow(clippy::too_many_lines)] // one grid of key and value fields
    fn transcription_ui(&mut self, ui: &mut egui::Ui) -> Option<ChartAction> {
        let t = self.transcribing.as_mut()?;
        let (filled, total) = t.work.filled();
        ui.strong(format!("Transcribing {}", t.work.chart.title));
        ui.label(format!("{filled} of {total} cells filled"));
        ui.weak("Type each lost key as the card prints it (a band 101-200) and each value; leave ? where the card is blank.");
        let two_d = matches!(t.work.chart.body, Body::TwoD { .. });
        let labels = |axis: &crate::charts::Axis| -> Vec<String> {
            axis.keys.iter().map(|k| k.label.clone()).collect()
        };
        let (row_labels, column_labels) = match &t.work.chart.body {
            Body::OneD { axis, .. } => (labels(axis), Vec::new()),
            Body::TwoD { rows, columns, .. } => (labels(rows), labels(columns)),
        };
        egui::ScrollArea::both()
            .id_salt("transcription_scroll")
            .max_height(360.0)
            .show(ui, |ui| t.grid_ui(ui, two_d, &row_labels, &column_labels));
        if let Some(row) = t.row {
            ui.add(egui::Label::new(format!("OCR: {}", t.work.row_ocr(row))).wrap());
        }
        if let Some(e) = &t.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let mut action = None;
        let mut stop = false;
        ui.horizontal(|ui| {
            if ui
                .button("Save to club folder")
                .on_hover_text("Write the chart as the club's chart file (every value in it house)")
                .clicked()
            {
                match t.work.file_text(TEMPLATE_HINTS) {
                    Ok(text) => {
                        t.error = None;
                        action = Some(ChartAction::SaveChart {
                            ruleset: t.work.chart.ruleset,
                            name: t.work.chart.name.clone(),
                            text,
                        });
                    }
                    Err(errors) => {
                        t.error = Some(
                            errors
                                .iter()
                                .map(ToString::to_string)
                                .collect::<Vec<_>>()
                                .join("\n"),
                        );
                    }
                }
            }
            stop = ui.button("Stop transcribing").clicked();
        });
        if stop {
            self.transcribing = None;
        }
        action
    }

    fn cell_ui(
        &mut self,
        ui: &mut egui::Ui,
        chart: &Chart,
        key: &[&str],
        cell: &Cell,
    ) -> Option<String> {
        let address = chart.address(key);
        let dark = ui.visuals().dark_mode;
        if let Some((editing, text)) = &mut self.editing
            && *editing == address
        {
            let response = ui.add(egui::TextEdit::singleline(text).desired_width(60.0));
            if response.lost_focus() {
                let value = text.trim().to_owned();
                self.editing = None;
                if !value.is_empty() {
                    return Some(format!("{address}={value}"));
                }
            } else {
                response.request_focus();
            }
            return None;
        }
        let button =
            egui::Button::new(cell_text(cell)).fill(confidence_colour(cell.confidence, dark));
        let mut hover = format!("{address} · {}", cell.confidence.name());
        if let Some(note) = &cell.note {
            hover.push_str(" · ");
            hover.push_str(note);
        }
        if ui.add(button).on_hover_text(hover).clicked() {
            self.editing = Some((
                address,
                cell.value
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            ));
        }
        None
    }

    fn grid(&mut self, ui: &mut egui::Ui, chart: &Chart) -> Option<String> {
        let mut committed = None;
        egui::Grid::new(("chart_grid", &chart.name))
            .striped(true)
            .show(ui, |ui| match &chart.body {
                Body::OneD { axis, cells, .. } => {
                    for (key, cell) in axis.keys.iter().zip(cells) {
                        ui.label(&key.label);
                        if let Some(c) = self.cell_ui(ui, chart, &[&key.label], cell) {
                            committed = Some(c);
                        }
                        if let Some(text) = &cell.text {
                            ui.weak(text);
                        }
                        ui.end_row();
                    }
                }
                Body::TwoD {
                    rows,
                    columns,
                    cells,
                    ..
                } => {
                    ui.label("");
                    for column in &columns.keys {
                        ui.strong(&column.label);
                    }
                    ui.end_row();
                    for (row, row_cells) in rows.keys.iter().zip(cells) {
                        ui.strong(&row.label);
                        for (column, cell) in columns.keys.iter().zip(row_cells) {
                            if let Some(c) =
                                self.cell_ui(ui, chart, &[&row.label, &column.label], cell)
                            {
                                committed = Some(c);
                            }
                        }
                        ui.end_row();
                    }
                }
            });
        committed
    }
}

impl Transcribing {
    /// The chart's grid: its lost keys and its cells as typed, each edit read at once; the
    /// last edit's answer replaces the error shown (an edit that reads clears it).
    fn grid_ui(
        &mut self,
        ui: &mut egui::Ui,
        two_d: bool,
        row_labels: &[String],
        column_labels: &[String],
    ) {
        let t = self;
        let [row_lost, column_lost] = t.lost.clone();
        let mut error: Option<Option<String>> = None;
        egui::Grid::new("transcription_grid")
            .striped(true)
            .show(ui, |ui| {
                if two_d {
                    ui.label("");
                    for (j, label) in column_labels.iter().enumerate() {
                        if column_lost[j] || !t.keys[1][j].is_empty() && t.keys[1][j] != *label {
                            let edit = ui.add(
                                egui::TextEdit::singleline(&mut t.keys[1][j])
                                    .hint_text(label.as_str())
                                    .desired_width(84.0),
                            );
                            if edit.changed() {
                                error = Some(
                                    t.work
                                        .set_key(AxisSide::Columns, j, &t.keys[1][j])
                                        .err()
                                        .map(|e| format!("column {}: {e}", j + 1)),
                                );
                            }
                        } else {
                            ui.strong(label);
                        }
                    }
                    ui.end_row();
                }
                for (i, label) in row_labels.iter().enumerate() {
                    if row_lost[i] {
                        let edit = ui.add(
                            egui::TextEdit::singleline(&mut t.keys[0][i])
                                .hint_text(label.as_str())
                                .desired_width(84.0),
                        );
                        if edit.has_focus() {
                            t.row = Some(i);
                        }
                        if edit.changed() {
                            error = Some(
                                t.work
                                    .set_key(AxisSide::Rows, i, &t.keys[0][i])
                                    .err()
                                    .map(|e| format!("row {}: {e}", i + 1)),
                            );
                        }
                    } else {
                        ui.strong(label);
                    }
                    for j in 0..t.cells[i].len() {
                        let edit = ui.add(
                            egui::TextEdit::singleline(&mut t.cells[i][j])
                                .hint_text("?")
                                .desired_width(44.0),
                        );
                        if edit.has_focus() {
                            t.row = Some(i);
                        }
                        if edit.changed() {
                            error = Some(
                                t.work
                                    .set_value(i, j, &t.cells[i][j])
                                    .err()
                                    .map(|e| format!("row {}, column {}: {e}", i + 1, j + 1)),
                            );
                        }
                    }
                    ui.end_row();
                }
            });
        if let Some(answer) = error {
            t.error = answer;
        }
    }
}
