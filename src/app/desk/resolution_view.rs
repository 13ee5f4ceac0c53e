//! A resolution explained step by step with its rules, and a refusal with the chart cells
//! it needs opened in place for typing.

use crate::charts::Charts;
use crate::resolution::{Colour, Refusal};
use crate::rules::AnyResolution;
use crate::rules::words::readable;
use crate::ruleset::Ruleset;
use std::collections::BTreeMap;

fn json_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A chart named by its printed title, and a cell by its keys ("Troop types: zulus,
/// combat"): the window never shows a file stem or an address.
pub fn cell_words(charts: &Charts, ruleset: Ruleset, chart: &str, cell: Option<&str>) -> String {
    let title = charts
        .chart(ruleset, chart)
        .map_or_else(|| chart.replace('_', " "), |c| c.title.clone());
    let keys = cell
        .and_then(|c| c.strip_prefix(chart))
        .map(|k| {
            k.trim_start_matches(':')
                .split(':')
                .map(readable)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .filter(|k| !k.is_empty());
    match keys {
        Some(keys) => format!("{title}: {keys}"),
        None => title,
    }
}

/// A warning with the cell it names in words: "used reconstructed cell troop_types:
/// lancers:base_depth_mm (…)" reads "used reconstructed cell Troop types: lancers, base
/// depth mm (…)". Other warnings are already in words.
pub fn warning_words(charts: &Charts, ruleset: Ruleset, warning: &str) -> String {
    for lead in ["used reconstructed cell ", "used club value for "] {
        let Some(rest) = warning.strip_prefix(lead) else {
            continue;
        };
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let (address, colon) = match token.strip_suffix(':') {
            Some(address) => (address, ":"),
            None => (token, ""),
        };
        let Some((chart, _)) = address.split_once(':') else {
            continue;
        };
        let words = cell_words(charts, ruleset, chart, Some(address));
        return format!("{lead}{words}{colon}{tail}");
    }
    warning.to_owned()
}

/// Draws the dice thrown, then every step on one line, each opening to its rule and the
/// chart cell it read, then the warnings.
pub fn resolution_ui(ui: &mut egui::Ui, resolution: &AnyResolution, charts: &Charts) {
    for roll in &resolution.rolls {
        let lead = match roll.seed {
            Some(seed) => format!("dice rolled (seed {seed}):"),
            None => "dice typed:".to_owned(),
        };
        // A bucket of dice (17 SP of Zulus) goes ten faces a line under its heading, within
        // the desk's width; a few dice stay on the heading's line.
        let beside = roll.faces.len() <= 4;
        if !beside {
            ui.label(&lead);
        }
        for faces in roll.faces.chunks(10) {
            ui.horizontal(|ui| {
                if beside {
                    ui.label(&lead);
                }
                for face in faces {
                    let text = face.to_string();
                    let colour = match face.colour {
                        Some(Colour::Black) => egui::Color32::from_gray(20),
                        Some(Colour::Red) => egui::Color32::from_rgb(170, 20, 20),
                        None => egui::Color32::from_gray(90),
                    };
                    egui::Frame::new()
                        .fill(colour)
                        .corner_radius(3.0)
                        .inner_margin(egui::Margin::symmetric(5, 1))
                        .show(ui, |ui| ui.colored_label(egui::Color32::WHITE, text));
                }
            });
        }
    }
    egui::CollapsingHeader::new(format!(
        "How it was worked ({} steps)",
        resolution.steps.len()
    ))
    .id_salt("steps")
    .default_open(true)
    .show(ui, |ui| steps_ui(ui, resolution, charts));
    for warning in &resolution.warnings {
        let warning = warning_words(charts, resolution.ruleset, warning);
        // The reading to check on its line; the OCR it came from in the fold.
        let (head, evidence) = match warning.find(" ('").or_else(|| warning.find(" (L")) {
            Some(at) => warning.split_at(at),
            None => (warning.as_str(), ""),
        };
        let colour = ui.visuals().warn_fg_color;
        if evidence.is_empty() {
            ui.add(
                egui::Label::new(egui::RichText::new(format!("Check: {head}")).color(colour))
                    .wrap(),
            );
        } else {
            egui::collapsing_header::CollapsingState::load_with_default_open(
                ui.ctx(),
                ui.make_persistent_id(("warning", head)),
                false,
            )
            .show_header(ui, |ui| {
                ui.add(
                    egui::Label::new(egui::RichText::new(format!("Check: {head}")).color(colour))
                        .wrap(),
                )
            })
            .body(|ui| {
                ui.add(egui::Label::new(format!("details: {}", evidence.trim())).wrap());
            });
        }
    }
}

/// Every step on one line, numbered in one sequence; each opens to its rule, the chart
/// in words and the cell's address.
fn steps_ui(ui: &mut egui::Ui, resolution: &AnyResolution, charts: &Charts) {
    for (i, step) in resolution.steps.iter().enumerate() {
        let head = format!("{}. {}", i + 1, step_head(step));
        // A step's line wraps to the desk's width rather than widening it.
        egui::collapsing_header::CollapsingState::load_with_default_open(
            ui.ctx(),
            ui.make_persistent_id(("step", i)),
            false,
        )
        .show_header(ui, |ui| ui.add(egui::Label::new(head).wrap()))
        .body(|ui| {
            ui.add(
                egui::Label::new(format!(
                    "{}, {}",
                    resolution.ruleset.title(),
                    step.rule.section
                ))
                .wrap(),
            );
            if let Some(chart) = &step.rule.chart {
                ui.add(
                    egui::Label::new(format!(
                        "chart: {}",
                        cell_words(charts, resolution.ruleset, chart, step.rule.cell.as_deref())
                    ))
                    .wrap(),
                );
            }
            if let Some(cell) = &step.rule.cell {
                ui.weak(format!("cell {cell}"));
            }
        });
    }
}

/// A refusal's reason in words: one for chart cells names each cell by its chart's printed
/// title and its keys (the reason itself lists addresses, for typing at the command line).
pub fn refusal_words(refusal: &Refusal, charts: &Charts, ruleset: Ruleset) -> String {
    if refusal.needs_cells.is_empty() {
        return refusal.reason.clone();
    }
    let cells: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(|cell| cell_words(charts, ruleset, &cell.chart, Some(&cell.address())))
        .collect();
    format!(
        "needs chart values the printed rules do not give: {} (type them when you resolve, or save them to the club's tables)",
        cells.join("; ")
    )
}

/// What the referee chose to do with a refusal's missing cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefusalAction {
    /// Nothing yet.
    None,
    /// Resolve again with these cells, for this resolution only (`CHART:KEY=VALUE`).
    UseOnce(Vec<String>),
    /// Save these cells to the club's tables folder, then resolve again.
    SaveToClub(Vec<String>),
    /// A value typed does not read: nothing is used, and this says why.
    Invalid(String),
}

/// The key under which the band typed for a cell is kept beside its value.
fn band_key(address: &str) -> String {
    format!("{address}#band")
}

/// Draws a refusal: the reason, the rule, and a field for every needed cell, its format
/// shown by example; `error` says why the values typed last were not used. A value that
/// does not read keeps its field and is refused saying why; a cell the rule names by a
/// number on a banded axis is typed for its band, as the card prints it.
pub fn refusal_ui(
    ui: &mut egui::Ui,
    refusal: &Refusal,
    charts: &Charts,
    ruleset: Ruleset,
    typed: &mut BTreeMap<String, String>,
    error: Option<&str>,
) -> RefusalAction {
    // A refusal for cells says so in words; the cells are named below, by their charts'
    // titles (the reason's addresses are for typing at the command line).
    let reason = if refusal.needs_cells.is_empty() {
        refusal.reason.clone()
    } else {
        "this needs chart values the printed rules do not give".to_owned()
    };
    ui.colored_label(ui.visuals().error_fg_color, format!("Refused: {reason}"));
    ui.weak(format!("by the rule: {}", refusal.rule.section));
    if refusal.needs_cells.is_empty() {
        return RefusalAction::None;
    }
    // What is known is shown above what is asked for: the steps worked; the formula left,
    // with the addresses it names, in the fold.
    if !refusal.partial_steps.is_empty() {
        ui.label("Worked so far:");
        for step in &refusal.partial_steps {
            ui.add(egui::Label::new(format!("  {}", step_head(step))).wrap());
        }
    }
    if let Some(formula) = &refusal.formula {
        egui::CollapsingHeader::new("what is left (details)")
            .id_salt("refusal_formula")
            .show(ui, |ui| {
                ui.add(egui::Label::new(formula.as_str()).wrap());
            });
    }
    ui.label("Type the values from your printed chart:");
    // Each cell's name above its field: a chart's title and keys can be long, and a grid
    // would push the desk wider than its panel.
    for cell in &refusal.needs_cells {
        let address = cell.address();
        let format = crate::rules::cells::cell_format(charts, ruleset, &address);
        let label = ui.label(cell_words(charts, ruleset, &cell.chart, Some(&address)));
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(typed.entry(address.clone()).or_default())
                    .hint_text(format.example)
                    .desired_width(80.0),
            )
            .labelled_by(label.id);
            ui.weak(format!("as {}", format.example))
                .on_hover_text(format.what);
        });
        if let Some(offer) = crate::rules::cells::band_offer(ruleset, &address) {
            ui.horizontal(|ui| {
                let band = typed
                    .entry(band_key(&address))
                    .or_insert_with(|| offer.band.clone());
                let label = ui.label("saved to the club for the band");
                ui.add(egui::TextEdit::singleline(band).desired_width(90.0))
                    .labelled_by(label.id)
                    .on_hover_text(format!(
                        "Saved to the club's tables, the value serves every number of {} in this band, as the card prints it (FROM-TO); this resolution used {}",
                        offer.what, offer.number
                    ));
            });
        }
    }
    if let Some(error) = error {
        ui.colored_label(ui.visuals().error_fg_color, format!("Not used: {error}"));
    }
    let complete = refusal.needs_cells.iter().all(|c| {
        typed
            .get(&c.address())
            .is_some_and(|v| !v.trim().is_empty())
    });
    let mut action = RefusalAction::None;
    ui.horizontal_wrapped(|ui| {
        let use_once = ui
            .add_enabled(complete, egui::Button::new("Use for this resolution"))
            .on_hover_text("Resolve with these values once; the club's tables are not changed")
            .on_disabled_hover_text("Type a value in every field first")
            .clicked();
        let save = ui
            .add_enabled(complete, egui::Button::new("Save to club tables"))
            .on_hover_text("Write these values (confidence: house) into the club's tables folder")
            .on_disabled_hover_text("Type a value in every field first")
            .clicked();
        if use_once || save {
            action = match assignments(refusal, charts, ruleset, typed, save) {
                Ok(cells) if save => RefusalAction::SaveToClub(cells),
                Ok(cells) => RefusalAction::UseOnce(cells),
                Err(why) => RefusalAction::Invalid(why),
            };
        }
    });
    action
}

/// The cells typed, as `CHART:KEY=VALUE` (saved to the club, a banded cell under its
/// band), each checked as the rule reads it; the first that does not read, named, if one
/// does not.
fn assignments(
    refusal: &Refusal,
    charts: &Charts,
    ruleset: Ruleset,
    typed: &BTreeMap<String, String>,
    to_club: bool,
) -> Result<Vec<String>, String> {
    refusal
        .needs_cells
        .iter()
        .map(|cell| {
            let address = cell.address();
            let value = typed.get(&address).map_or("", |v| v.trim());
            let address = match crate::rules::cells::band_offer(ruleset, &address) {
                Some(offer) if to_club => {
                    let band = typed
                        .get(&band_key(&address))
                        .map_or(offer.band.as_str(), |b| b.trim());
                    offer.address_with(&address, band)
                }
                _ => address,
            };
            crate::rules::cells::check_typed_cell(charts, ruleset, &address, value).map_err(
                |why| {
                    format!(
                        "{}: {why}",
                        cell_words(charts, ruleset, &cell.chart, Some(&cell.address()))
                    )
                },
            )?;
            Ok(format!("{address}={value}"))
        })
        .collect()
}

/// A step's line: its text and, where it has one, its value, then the running total where
/// it differs from the value.
fn step_head(step: &crate::resolution::Step) -> String {
    let value = step.value.as_ref().map(json_text).filter(|v| !v.is_empty());
    let total = step.total.as_ref().map(json_text);
    let mut head = match &value {
        Some(value) => format!("{} = {value}", step.text),
        None => step.text.clone(),
    };
    if let Some(total) = total
        && Some(&total) != value.as_ref()
    {
        head = format!("{head} (total {total})");
    }
    head
}
