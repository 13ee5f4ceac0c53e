//! The exact odds of an outcome as a bar chart with a "this or better" column.

use crate::resolution::Odds;
use egui_plot::{Bar, BarChart, Plot};

fn label(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The cumulative "this or better" probabilities, in the order of `odds.outcomes`.
///
/// `better_is_higher`: later outcomes in the list are better for the roller.
pub fn this_or_better(odds: &Odds, better_is_higher: bool) -> Vec<f64> {
    let n = odds.outcomes.len();
    let mut out = vec![0.0; n];
    let mut running = 0.0;
    if better_is_higher {
        for (i, entry) in odds.outcomes.iter().enumerate().rev() {
            running += entry.probability;
            out[i] = running;
        }
    } else {
        for (i, entry) in odds.outcomes.iter().enumerate() {
            running += entry.probability;
            out[i] = running;
        }
    }
    out
}

/// Draws the odds: a bar per outcome (numeric outcomes at their value, others in order)
/// and a table of value, probability and "this or better".
pub fn odds_ui(ui: &mut egui::Ui, id: &str, odds: &Odds, better_is_higher: bool) {
    let numeric = odds.outcomes.iter().all(|o| o.value.is_i64());
    let bars: Vec<Bar> = odds
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let x = if numeric {
                o.value.as_i64().map_or(i as f64, |v| v as f64)
            } else {
                i as f64
            };
            Bar::new(x, o.probability * 100.0)
                .name(label(&o.value))
                .width(0.8)
        })
        .collect();
    let chart = BarChart::new("probability %", bars).color(ui.visuals().selection.bg_fill);
    Plot::new(format!("odds_plot_{id}"))
        .height(140.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_y(0.0)
        .y_axis_label("%")
        .show(ui, |plot_ui| plot_ui.bar_chart(chart));
    let cumulative = this_or_better(odds, better_is_higher);
    egui::Grid::new(format!("odds_table_{id}"))
        .striped(true)
        .show(ui, |ui| {
            ui.strong("outcome");
            ui.strong("probability");
            ui.strong("this or better");
            ui.end_row();
            for (entry, cum) in odds.outcomes.iter().zip(cumulative) {
                ui.label(label(&entry.value));
                ui.label(format!("{:.2}%", entry.probability * 100.0));
                ui.label(format!("{:.2}%", cum * 100.0));
                ui.end_row();
            }
        });
}
