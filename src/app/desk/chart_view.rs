//! Every chart of a ruleset as a grid coloured by confidence, where a club types the values
//! of its printed copy.

use crate::charts::{Body, Cell, Chart, Charts, Confidence, Status};
use crate::ruleset::Ruleset;

/// The chart viewer's state: which chart, and the cell being typed.
#[derive(Debug, Clone, Default)]
pub struct ChartView {
    /// The chart shown.
    pub chart: Option<String>,
    /// The cell address being edited, and its text.
    pub editing: Option<(String, String)>,
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
    /// Draws the chart picker and the chart. Returns `CHART:KEY=VALUE` when the club
    /// commits a typed value.
    pub fn ui(&mut self, ui: &mut egui::Ui, charts: &Charts, ruleset: Ruleset) -> Option<String> {
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
        let mut committed = None;
        egui::ScrollArea::both()
            .id_salt("chart_view_scroll")
            .max_height(320.0)
            .show(ui, |ui| {
                committed = self.grid(ui, chart);
            });
        committed
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
