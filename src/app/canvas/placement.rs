//! Typed placement, as at a real table with a tape: a unit's centre by its distances from
//! two table edges, or by tape distances from two units already placed (two points fit
//! the tapes: the canvas shows both and the referee picks one).

use super::Canvas;
use super::length::LengthUnit;
use crate::app::command::Command;
use crate::geometry::{Layout, TableEdge, place_by_edges, place_by_tapes_mm};
use egui::Ui;

const EDGES: [(TableEdge, &str); 4] = [
    (TableEdge::Near, "near"),
    (TableEdge::Far, "far"),
    (TableEdge::Left, "left"),
    (TableEdge::Right, "right"),
];

/// The typed-placement panel's fields.
#[derive(Debug, Clone)]
pub struct PlacementPanel {
    first_edge: TableEdge,
    first_distance: String,
    second_edge: TableEdge,
    second_distance: String,
    tape_from_a: String,
    tape_a: String,
    tape_from_b: String,
    tape_b: String,
    /// The last problem, shown under the fields.
    pub error: Option<String>,
}

impl Default for PlacementPanel {
    fn default() -> Self {
        PlacementPanel {
            first_edge: TableEdge::Near,
            first_distance: String::new(),
            second_edge: TableEdge::Left,
            second_distance: String::new(),
            tape_from_a: String::new(),
            tape_a: String::new(),
            tape_from_b: String::new(),
            tape_b: String::new(),
            error: None,
        }
    }
}

fn edge_name(edge: TableEdge) -> &'static str {
    EDGES
        .iter()
        .find(|(e, _)| *e == edge)
        .map_or("?", |(_, n)| n)
}

fn labelled_field(ui: &mut Ui, label: &str, text: &mut String) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(60.0))
            .labelled_by(l.id);
    });
}

impl PlacementPanel {
    /// Draws the panel; placing pushes a move of the first selected unit.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        layout: &Layout,
        unit: LengthUnit,
        canvas: &mut Canvas,
        commands: &mut Vec<Command>,
    ) {
        let Some(unit_id) = canvas.selected.first().cloned() else {
            ui.label("Select the unit to place.");
            return;
        };
        ui.label(format!(
            "Placing {unit_id} (distances in {})",
            unit.symbol()
        ));
        ui.label("From two table edges:");
        for (edge, distance, id) in [
            (&mut self.first_edge, &mut self.first_distance, "First edge"),
            (
                &mut self.second_edge,
                &mut self.second_distance,
                "Second edge",
            ),
        ] {
            ui.horizontal(|ui| {
                egui::ComboBox::from_label(id)
                    .selected_text(edge_name(*edge))
                    .show_ui(ui, |ui| {
                        for (e, name) in EDGES {
                            ui.selectable_value(edge, e, name);
                        }
                    });
            });
            labelled_field(ui, &format!("{id} distance"), distance);
        }
        if ui
            .button("Place by edges")
            .on_hover_text("Put the unit's centre at these distances from the two edges (one of near/far, one of left/right)")
            .clicked()
        {
            self.error = None;
            let parsed = unit.parse_mm(&self.first_distance).and_then(|a| unit.parse_mm(&self.second_distance).map(|b| (a, b)));
            match parsed.and_then(|(a, b)| place_by_edges(&layout.table, (self.first_edge, a), (self.second_edge, b)).map_err(|e| e.to_string())) {
                Ok(centre) => commands.push(Command::MoveUnit { unit_id: unit_id.clone(), centre }),
                Err(e) => self.error = Some(e),
            }
        }
        ui.separator();
        ui.label("By tapes from two placed units:");
        let others: Vec<String> = layout
            .bases()
            .iter()
            .map(|b| b.unit_id().to_owned())
            .filter(|id| *id != unit_id)
            .collect();
        for (from, tape, id) in [
            (&mut self.tape_from_a, &mut self.tape_a, "First unit"),
            (&mut self.tape_from_b, &mut self.tape_b, "Second unit"),
        ] {
            egui::ComboBox::from_label(id)
                .selected_text(from.as_str())
                .show_ui(ui, |ui| {
                    for other in &others {
                        ui.selectable_value(from, other.clone(), other);
                    }
                });
            labelled_field(ui, &format!("{id} tape"), tape);
        }
        if ui
            .button("Find tape points")
            .on_hover_text(
                "Show the two points at these tape distances from the two units' centres",
            )
            .clicked()
        {
            self.error = None;
            canvas.candidates = None;
            let parsed = unit
                .parse_mm(&self.tape_a)
                .and_then(|a| unit.parse_mm(&self.tape_b).map(|b| (a, b)));
            match parsed {
                Ok((a, b)) => {
                    match place_by_tapes_mm(layout, (&self.tape_from_a, a), (&self.tape_from_b, b))
                    {
                        Some(Ok(points)) => canvas.candidates = Some(points),
                        Some(Err(e)) => self.error = Some(e.to_string()),
                        None => {
                            self.error = Some("choose two placed units to measure from".to_owned());
                        }
                    }
                }
                Err(e) => self.error = Some(e),
            }
        }
        if let Some(points) = canvas.candidates {
            ui.label("The tapes meet at two points: which?");
            ui.horizontal(|ui| {
                for (i, p) in points.iter().enumerate() {
                    if ui
                        .button(format!("Use point {}", i + 1))
                        .on_hover_text(format!("({:.1}, {:.1}) mm", p.x, p.y))
                        .clicked()
                    {
                        commands.push(Command::MoveUnit {
                            unit_id: unit_id.clone(),
                            centre: *p,
                        });
                        canvas.candidates = None;
                    }
                }
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}
