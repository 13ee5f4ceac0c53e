//! The exact odds of an outcome: a labelled bar per outcome and a "this or better" column.

use crate::resolution::Odds;

fn label(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Draws the odds: one row per outcome, named in words, with a bar as long as its
/// probability, the probability and the chance of "this or better" counted for `whom`
/// ("for uMcijo front"). Every row carries its own label, so none is dropped however many
/// outcomes there are or however narrow the desk.
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
    let names: Vec<String> = odds
        .outcomes
        .iter()
        .enumerate()
        .map(|(i, o)| labels.get(i).cloned().unwrap_or_else(|| label(&o.value)))
        .collect();
    let cumulative = odds.this_or_better(better_is_higher);
    let largest = odds
        .outcomes
        .iter()
        .map(|o| o.probability)
        .fold(0.0_f64, f64::max);
    // A fixed length: a bar that followed the desk's width would resize the desk's grid
    // frame after frame.
    let bar_width = 48.0;
    let fill = ui.visuals().selection.bg_fill;
    let track = ui.visuals().faint_bg_color;
    // The outcome's words wrap within what the bar and the two figures leave of the desk's
    // width: the grid never widens the desk.
    let figures = 2.0 * ui.text_style_height(&egui::TextStyle::Body) * 2.8;
    let words_width =
        (ui.available_width() - bar_width - figures - 4.0 * ui.spacing().item_spacing.x).max(80.0);
    egui::Grid::new(format!("odds_table_{id}"))
        .striped(true)
        .max_col_width(words_width)
        .show(ui, |ui| {
            ui.strong("outcome");
            ui.strong("");
            ui.strong("chance");
            ui.strong("or better").on_hover_text(format!(
                "The chance of this outcome or one better {}",
                if whom.is_empty() {
                    "for the one who throws"
                } else {
                    whom
                }
            ));
            ui.end_row();
            for ((entry, cum), name) in odds.outcomes.iter().zip(cumulative).zip(&names) {
                ui.add(egui::Label::new(name).wrap());
                let height = ui.text_style_height(&egui::TextStyle::Body);
                let (rect, response) =
                    ui.allocate_exact_size(egui::vec2(bar_width, height), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, track);
                if largest > 0.0 {
                    let share = (entry.probability / largest) as f32;
                    let mut bar = rect;
                    bar.set_width(rect.width() * share.clamp(0.0, 1.0));
                    ui.painter().rect_filled(bar, 2.0, fill);
                }
                response.on_hover_text(format!("{name}: {:.1}%", entry.probability * 100.0));
                ui.label(format!("{:.1}%", entry.probability * 100.0));
                ui.label(format!("{:.1}%", cum * 100.0));
                ui.end_row();
            }
        });
    if !whom.is_empty() {
        ui.weak(format!("\"This or better\" is counted {whom}."));
    }
}
