//! Number fields bounded only by the engine's domain types (`bounds`): a strength, a count,
//! a place in an order, a Victory Point total. The window keeps no cap of its own (issue
//! 39): a rule's limit (4 SP a volley, 2 wall sections) is the engine's to refuse, naming
//! the rule, as it refuses the same number from the command line.

use crate::bounds::{ColourDice, Count, Place, Strength, VictoryPoints};
use std::ops::RangeInclusive;

/// A labelled number field over `range`.
fn field<N: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut N,
    range: RangeInclusive<N>,
) -> egui::Response {
    ui.horizontal(|ui| {
        let name = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range))
            .labelled_by(name.id)
    })
    .inner
}

/// A strength (FF, SP, bases) or a loss of one.
pub fn strength(ui: &mut egui::Ui, label: &str, value: &mut u32) -> egui::Response {
    field(ui, label, value, Strength::MIN..=Strength::MAX)
}

/// A count (walls, leaders, rounds, units).
pub fn count(ui: &mut egui::Ui, label: &str, value: &mut u32) -> egui::Response {
    field(ui, label, value, Count::MIN..=Count::MAX)
}

/// A place in an order, from 1 (a turn, a round).
pub fn place(ui: &mut egui::Ui, label: &str, value: &mut u32) -> egui::Response {
    field(ui, label, value, Place::MIN..=Place::MAX)
}

/// A Victory Point total.
pub fn victory_points(ui: &mut egui::Ui, label: &str, value: &mut i64) -> egui::Response {
    field(ui, label, value, VictoryPoints::MIN..=VictoryPoints::MAX)
}

/// A number of dice of one colour, none to the most one throw takes.
pub fn dice(ui: &mut egui::Ui, label: &str, value: &mut u8) -> egui::Response {
    field(ui, label, value, 0..=ColourDice::MAX)
}
