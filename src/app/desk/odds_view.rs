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

/// Draws the odds: a bar per outcome, each labelled in words, and a table of outcome,
/// probability and "this or better" counted for `whom` ("for uMcijo front").
///
/// `labels` names each outcome in words (the value itself when empty).
pub fn odds_ui(
    ui: &mut egui::Ui,
    id: &str,
    odds: &Odds,
    better_is_higher: bool,
    labels: &[String],
    whom: &str,
) {
    let name = |i: usize, value: &serde_json::Value| {
        labels.get(i).cloned().unwrap_or_else(|| label(value))
    };
    let names: Vec<String> = odds
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| name(i, &o.value))
        .collect();
    let bars: Vec<Bar> = odds
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| {
            Bar::new(i as f64, o.probability * 100.0)
                .name(&names[i])
                .width(0.8)
        })
        .collect();
    let chart = BarChart::new("probability %", bars).color(ui.visuals().selection.bg_fill);
    let ticks = names.clone();
    Plot::new(format!("odds_plot_{id}"))
        .height(140.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_y(0.0)
        .y_axis_label("%")
        .x_axis_formatter(move |mark, _range| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            ticks.get(i as usize).cloned().unwrap_or_default()
        })
        .show(ui, |plot_ui| plot_ui.bar_chart(chart));
    let cumulative = this_or_better(odds, better_is_higher);
    egui::Grid::new(format!("odds_table_{id}"))
        .striped(true)
        .show(ui, |ui| {
            ui.strong("outcome");
            ui.strong("probability");
            ui.strong("this or better").on_hover_text(format!(
                "The chance of this outcome or one better {}",
                if whom.is_empty() {
                    "for the one who throws"
                } else {
                    whom
                }
            ));
            ui.end_row();
            for ((entry, cum), name) in odds.outcomes.iter().zip(cumulative).zip(&names) {
                ui.label(name);
                ui.label(format!("{:.1}%", entry.probability * 100.0));
                ui.label(format!("{:.1}%", cum * 100.0));
                ui.end_row();
            }
        });
    if !whom.is_empty() {
        ui.weak(format!("\"This or better\" is counted {whom}."));
    }
}
