//! The units that join a game from its table: one per base, with the strength the layout,
//! the army lists or the ruleset's unit of count give it. The desk's New game and
//! `laager campaign add-game --layout` both start a game this way.

use super::event::{UnitId, UnitSpec};
use crate::charts::Charts;
use crate::geometry::Layout;
use crate::ruleset::Ruleset;

/// The units of a table, in the layout's order.
///
/// A unit's strength is the layout's `strength` when it gives one; else, for Micro
/// Colonial, its `army_list` record's initial fighting factor (with the cell's confidence
/// noted); else DBA's 1 base ("lost a third or more of their total bases" counts bases);
/// else 0, which the roster asks the referee to set.
pub fn units_from_layout(
    layout: &Layout,
    ruleset: Ruleset,
    charts: Option<&Charts>,
) -> Vec<UnitSpec> {
    layout
        .bases()
        .iter()
        .map(|base| {
            let record = base.record();
            let (strength, strength_note) = match (record.strength, &record.army_list) {
                (Some(n), _) => (n, None),
                (None, Some(key)) if ruleset == Ruleset::MicroColonial => match charts {
                    Some(charts) => army_list_strength(charts, key),
                    None => (0, Some("the charts did not load: set the IF".to_owned())),
                },
                _ => (u32::from(ruleset == Ruleset::DbaZulu), None),
            };
            UnitSpec {
                unit_id: UnitId(base.unit_id().to_owned()),
                name: base.unit_id().to_owned(),
                side: base.side().to_owned(),
                troop_type: base.unit_type().to_owned(),
                initial: strength,
                present: strength,
                class: record.class.clone(),
                strength_note,
                formation: record.formation.clone(),
            }
        })
        .collect()
}

/// The records a game started on this table begins with — each unit joined as
/// [`units_from_layout`] gives it — as the desk's New game starts them and the command
/// line's `--layout` reads them.
pub fn records_of_new_game(
    layout: &Layout,
    ruleset: Ruleset,
    charts: Option<&Charts>,
) -> super::GameState {
    let mut game = super::Game::new(ruleset, "", serde_json::Value::Null);
    for unit in units_from_layout(layout, ruleset, charts) {
        // A unit id the layout repeats is refused by the log; the layout check reports it.
        let _ = game.append(super::Event::UnitAdded { unit });
    }
    game.state().clone()
}

/// A Micro Colonial army-list record's initial fighting factor, with where it came from;
/// 0 and the reason when the record or its value is unknown (never a guess).
fn army_list_strength(charts: &Charts, key: &str) -> (u32, Option<String>) {
    let cell = charts
        .chart(Ruleset::MicroColonial, "army_lists")
        .and_then(|chart| chart.cell(&[key, "initial_ff"]));
    match cell {
        None => (
            0,
            Some(format!("army_lists has no record {key}: set the IF")),
        ),
        Some(cell) => match cell
            .value
            .as_ref()
            .and_then(crate::charts::Value::as_int)
            .and_then(|n| u64::try_from(n).ok())
        {
            Some(ff) => (
                u32::try_from(ff).unwrap_or(u32::MAX),
                Some(format!(
                    "IF from army_lists {key}: {ff}, {}",
                    cell.confidence.name()
                )),
            ),
            None => (
                0,
                Some(format!(
                    "army_lists {key}: IF unknown in the document: set it"
                )),
            ),
        },
    }
}
