//! The roster's rows as text, worked out once per change of the log, the ruleset, the
//! charts or the scale — with the morale test each unit's losses this move make due — and
//! each column's widest text, so the roster draws only the rows in view while its columns
//! keep the width of the widest row.

use crate::charts::Charts;
use crate::game::{Game, GameState, UnitState};
use crate::record::{Formation, Status};
use crate::rules::micro_colonial::situation::{LossesDue, losses_due};
use crate::ruleset::Ruleset;
use egui::{RichText, TextWrapMode, WidgetText};

/// The roster's column headings, the strength column's in the ruleset's words.
pub fn headings(ruleset: Ruleset) -> [&'static str; 7] {
    [
        "unit",
        "side",
        "type",
        crate::game::RecordWords::of(ruleset).column,
        "lost this move",
        "status",
        "",
    ]
}

/// One unit's row, as text.
#[derive(Debug, Clone)]
pub struct RowText {
    /// "present / initial".
    pub strength: String,
    /// The losses this move, with the morale test they make due.
    pub lost: String,
    /// Whether the losses make (or may make) a morale test due.
    pub warn: bool,
    /// "removed", "strength not set", or the status set.
    pub status: String,
}

/// What the rows were made from: the log's length and last hash, the ruleset, the charts'
/// hash and the pixels per point.
type Made = (usize, String, Ruleset, Option<String>, u32);

/// Every unit's row and each column's widest text.
#[derive(Debug, Clone, Default)]
pub struct RosterRows {
    made: Option<Made>,
    /// One per unit, in roster order.
    pub rows: Vec<RowText>,
    /// The widest heading or cell of each text column (the "edit" buttons' excepted).
    pub widths: [f32; 6],
}

/// A unit's losses this move as the roster shows them, with the morale test the engine
/// finds they make due, and whether they warn.
fn lost_text(
    ruleset: Ruleset,
    charts: Option<&Charts>,
    state: &GameState,
    unit: &UnitState,
    lost: u32,
) -> (String, bool) {
    if ruleset != Ruleset::MicroColonial {
        return (lost.to_string(), false);
    }
    let due = charts.and_then(|charts| losses_due(charts, state, &unit.spec.unit_id.0));
    match due {
        Some(LossesDue::Due(causes)) => {
            let names: Vec<&str> = causes.iter().map(|cause| cause.name()).collect();
            (
                format!("{lost}: morale test due ({})", names.join(", ")),
                true,
            )
        }
        Some(LossesDue::ClassUnknown(classes)) => {
            let names: Vec<&str> = classes.iter().map(|class| class.name()).collect();
            (
                format!(
                    "{lost}: morale test due for a unit of class {}; set the class",
                    names.join(" or ")
                ),
                true,
            )
        }
        Some(LossesDue::Nothing) | None => (lost.to_string(), false),
    }
}

fn status_text(ruleset: Ruleset, unit: &UnitState) -> String {
    if unit.removed {
        "removed".to_owned()
    } else if unit.spec.initial == 0 && ruleset != Ruleset::DbaZulu {
        "strength not set".to_owned()
    } else {
        // The status, then the formation: "broken · square".
        [
            unit.status.as_ref().map(Status::name),
            unit.formation.as_ref().map(Formation::name),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
    }
}

/// The width of `text` as a grid cell lays it out (on one line).
fn width(ui: &egui::Ui, text: impl Into<WidgetText>) -> f32 {
    text.into()
        .into_galley(
            ui,
            Some(TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x
}

impl RosterRows {
    /// The rows anew when the game, the charts or the scale changed.
    pub fn refresh(&mut self, ui: &egui::Ui, game: &Game, charts: Option<&Charts>) {
        let events = game.events();
        let made = (
            events.len(),
            events.last().map(|e| e.hash.clone()).unwrap_or_default(),
            game.ruleset,
            charts.map(|c| c.hash().to_owned()),
            ui.ctx().pixels_per_point().to_bits(),
        );
        if self.made.as_ref() == Some(&made) {
            return;
        }
        let state = game.state();
        let losses = state.losses_this_move();
        self.rows = state
            .units
            .iter()
            .map(|unit| {
                let lost_now = losses.get(&unit.spec.unit_id).copied().unwrap_or(0);
                let (lost, warn) = lost_text(game.ruleset, charts, state, unit, lost_now);
                RowText {
                    strength: format!("{} / {}", unit.present, unit.spec.initial),
                    lost,
                    warn,
                    status: status_text(game.ruleset, unit),
                }
            })
            .collect();
        for (column, heading) in headings(game.ruleset).iter().take(6).enumerate() {
            self.widths[column] = width(ui, RichText::new(*heading).strong());
        }
        // Texts repeat (sides, types, statuses): each is measured once.
        let mut measured = std::collections::HashSet::new();
        for (unit, row) in state.units.iter().zip(&self.rows) {
            let id = unit.spec.unit_id.to_string();
            let cells = [
                id.as_str(),
                &unit.spec.side,
                &unit.spec.troop_type,
                &row.strength,
                &row.lost,
                &row.status,
            ];
            for (column, text) in cells.into_iter().enumerate() {
                if measured.insert((column, text.to_owned())) {
                    // A name is a selectable label: its text inside a button's padding.
                    let padding = if column == 0 {
                        2.0 * ui.spacing().button_padding.x
                    } else {
                        0.0
                    };
                    self.widths[column] = self.widths[column].max(width(ui, text) + padding);
                }
            }
        }
        self.made = Some(made);
    }
}
