//! The measurement panel: the same numbers the canvas draws, as text, in a few wrapped
//! lines over the desk, and what to do next in the words of the input in use (a click and
//! a shift-click, or a tap and a long press).

use super::length::both;
use super::measure::Measurement;
use crate::geometry::Point;
use egui::Ui;

/// What to do to pick a firer and a target: with a mouse, or (`touch`) with a finger.
pub fn pick_hint(touch: bool, one_selected: bool) -> &'static str {
    match (touch, one_selected) {
        (false, false) => "Select a firer, then shift-click a target.",
        (false, true) => "Shift-click a target to measure.",
        (true, false) => "Tap a firer, then long-press a target.",
        (true, true) => "Long-press a target to measure.",
    }
}

/// Lists the firer → target measurement and the ruler; `touch` words the hint for a finger.
pub fn ui(
    ui: &mut Ui,
    measurement: Option<&Measurement>,
    selected: &[String],
    ruler: Option<[Point; 2]>,
    touch: bool,
) {
    match (measurement, selected) {
        (Some(m), _) => {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("Firer: {}", m.firer));
                ui.label(format!("Target: {}", m.target));
                ui.label(format!("Range: {}", both(m.range.mm)))
                    .on_hover_text(format!("{}: {}", m.ruleset.title(), m.range_rule));
            });
            ui.horizontal_wrapped(|ui| {
                match &m.arc {
                    Ok(arc) => {
                        let name = if m.ruleset == crate::Ruleset::DbaZulu {
                            "Field of fire"
                        } else {
                            "Arc of fire"
                        };
                        ui.label(format!(
                            "{name}: {}",
                            if arc.in_arc {
                                "target in it"
                            } else {
                                "target outside it"
                            }
                        ));
                    }
                    Err(why) => {
                        ui.colored_label(ui.visuals().warn_fg_color, why);
                    }
                }
                match &m.sight.blocked_by {
                    None => ui.label("Line of sight: clear"),
                    Some(b) => ui.colored_label(
                        egui::Color32::RED,
                        format!(
                            "Line of sight: blocked by {} ({})",
                            crate::rules::words::readable(&b.id),
                            b.kind
                        ),
                    ),
                };
                match m.contact.edge {
                    Some(edge) => ui.label(format!(
                        "Contact: {} edge, {} shared",
                        edge.word(),
                        both(m.contact.length_mm)
                    )),
                    None => ui.label("Contact: none"),
                };
            });
        }
        (None, []) => {
            ui.label(pick_hint(touch, false));
        }
        (None, [one]) => {
            ui.label(format!("Firer: {one}. {}", pick_hint(touch, true)));
        }
        (None, _) => {
            ui.label("These rules do not measure distances on the table.");
        }
    }
    if let Some([a, b]) = ruler {
        ui.label(format!("Ruler: {}", both(parry2d::na::distance(&a, &b))));
    }
}
