//! Applying a resolution to the game: the one path from a result to the log, for the desk's
//! Apply and `laager ... --campaign FILE --apply`. It turns the outcome into record edits
//! for the units it was resolved for ([`super::effects`]), caps every loss at what the unit
//! has left, and records the typed request, the dice and the tables hash in the event, so
//! the resolution can be replayed.

use super::effects;
use super::event::{AppliedResolution, DiceOrigin, Event, UnitEdit, UnitId};
use super::state::GameState;
use crate::geometry::{Layout, round_mm};
use crate::resolution::RollSource;
use crate::rules::AnyResolution;
use crate::rules::situation::{MeleeRecord, Records, Roles, UnitView};
use crate::rules::{Outcome, Request, micro_colonial};
use std::collections::BTreeMap;

/// What applying a resolution writes, before it is logged.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The event to log.
    pub event: Event,
    /// What the referee should know: a loss capped, a strength never set, hits the owner
    /// allocates, a share with no unit to go to.
    pub notes: Vec<String>,
}

impl Applied {
    /// The record edits the event makes.
    pub fn edits(&self) -> &[UnitEdit] {
        match &self.event {
            Event::ResolutionApplied(applied) => &applied.effects,
            _ => &[],
        }
    }

    /// One line per edit and note, as the desk lists them before Apply and the CLI prints
    /// them after.
    pub fn lines(&self, state: &GameState) -> Vec<String> {
        let mut lines: Vec<String> = self
            .edits()
            .iter()
            .map(|edit| {
                if state.unit(edit.unit_id()).is_some() {
                    edit.describe()
                } else {
                    format!("{} (not on the roster: start a new game)", edit.describe())
                }
            })
            .collect();
        lines.extend(self.notes.iter().cloned());
        lines
    }
}

/// The event that applies `resolution` (resolved from `request`, for the units in `roles`,
/// the first role's unit first) to a game in `state`. `table` is the table as played, read
/// for the pose of a unit whose move is applied.
pub fn apply(
    request: Option<&Request>,
    resolution: &AnyResolution,
    roles: &Roles,
    state: &GameState,
    table: Option<&Layout>,
) -> Applied {
    let units: Vec<UnitId> = roles.0.iter().map(|(_, id)| UnitId(id.clone())).collect();
    let (mut edits, chosen) = effects::of_request(request, resolution, roles, state);
    // "Strike a line through the figure to show that it has been taken into account": a
    // Micro Colonial move records the unit's move, which strikes through its D figures.
    if let Outcome::MicroColonial(micro_colonial::Outcome::Move(_)) = resolution.outcome
        && let Some(first) = units.first()
        && let Some(base) = table.and_then(|t| t.base(&first.0))
    {
        edits.push(UnitEdit::Moved {
            unit_id: first.clone(),
            to: serde_json::json!({
                "x": round_mm(base.centre().x),
                "y": round_mm(base.centre().y),
                "facing": round_mm(base.facing_deg()),
            }),
        });
    }
    let (effects, mut notes) = cap_losses(edits, state);
    notes.extend(effects::notes(resolution, roles));
    notes.extend(effects::off_roster(resolution, state));
    notes.extend(effects::choices(resolution, roles, state));
    notes.extend(chosen);
    let dice = match resolution.rolls.first() {
        Some(roll) if roll.source == RollSource::Seeded => DiceOrigin::Seeded {
            seed: roll.seed.unwrap_or(0),
        },
        _ => DiceOrigin::Typed {
            faces: resolution.faces_typed(),
        },
    };
    let inputs = serde_json::json!({
        "procedure": resolution.procedure,
        "units": units,
        "roles": roles,
    });
    Applied {
        event: Event::ResolutionApplied(Box::new(AppliedResolution {
            inputs,
            dice,
            resolution: resolution.clone(),
            effects,
            request: request.cloned(),
            cells: Vec::new(),
            // The record's gate gives the throw and the engine as it writes the event.
            throw: None,
            engine: None,
        })),
        notes,
    }
}

impl Applied {
    /// The applied result with the chart cells typed for its resolution alone, recorded
    /// so a replay resolves it with them again.
    #[must_use]
    pub fn with_cells(mut self, cells: &[String]) -> Applied {
        if let Event::ResolutionApplied(applied) = &mut self.event {
            applied.cells = cells.to_vec();
        }
        self
    }
}

/// Caps every loss at what the unit has left (a record sheet cannot go below 0), naming a
/// loss cut short and a unit whose strength was never set.
fn cap_losses(edits: Vec<UnitEdit>, state: &GameState) -> (Vec<UnitEdit>, Vec<String>) {
    let mut left: BTreeMap<UnitId, u32> = BTreeMap::new();
    let mut notes = Vec::new();
    let mut capped = Vec::new();
    for edit in edits {
        let UnitEdit::StrengthChanged {
            unit_id,
            amount,
            cause,
        } = &edit
        else {
            capped.push(edit);
            continue;
        };
        if !cause.is_loss() {
            capped.push(edit);
            continue;
        }
        let unit = state.unit(unit_id);
        let have = left
            .entry(unit_id.clone())
            .or_insert_with(|| unit.map_or(0, |u| u.present));
        let taken = (*amount).min(*have);
        if unit.is_some_and(|u| u.spec.initial == 0) {
            notes.push(format!(
                "{unit_id}'s strength is not set (roster: edit, Set strength): its loss of {amount} cannot be recorded"
            ));
        } else if taken < *amount {
            notes.push(format!(
                "{unit_id} has only {have} left: it loses {taken} of the {amount}"
            ));
        }
        *have -= taken;
        if taken > 0 {
            capped.push(UnitEdit::StrengthChanged {
                unit_id: unit_id.clone(),
                amount: taken,
                cause: *cause,
            });
        }
    }
    (capped, notes)
}

impl Records for GameState {
    fn unit(&self, unit_id: &str) -> Option<UnitView> {
        let id = UnitId(unit_id.to_owned());
        let unit = GameState::unit(self, &id)?;
        let melees = self
            .melees
            .iter()
            .filter_map(|m| {
                let (won, other) = if m.a == id {
                    (m.a_won, &m.b)
                } else if m.b == id {
                    (!m.a_won, &m.a)
                } else {
                    return None;
                };
                Some(MeleeRecord {
                    move_number: m.move_number,
                    won,
                    margin: m.margin,
                    other: other.0.clone(),
                })
            })
            .collect();
        Some(UnitView {
            initial: unit.spec.initial,
            present: unit.present,
            status: unit.status.clone(),
            formation: unit.formation.clone(),
            class: unit.spec.class.clone(),
            troop_type: unit.spec.troop_type.clone(),
            removed: unit.removed,
            lost_this_move: self.lost_this_move(&id),
            volley_losses_unstruck: super::mc_unit(self, unit).forward_move_cut_mm,
            melees,
        })
    }

    fn move_number(&self) -> u32 {
        self.move_number
    }
}

/// The table as played, in the layout's own JSON format: the layout the game began on,
/// each base at the pose its last recorded move left it, the bases put on the table in
/// play, without the units that have left the game, and the terrain as last edited. Read
/// it with `geometry::file::read` like any layout.
pub fn table_as_played(layout: &serde_json::Value, state: &GameState) -> serde_json::Value {
    let mut table = layout.clone();
    let Some(object) = table.as_object_mut() else {
        return table;
    };
    let drawn = object
        .get("units")
        .and_then(serde_json::Value::as_array)
        .cloned()
        .unwrap_or_default();
    let id_of = |unit: &serde_json::Value| {
        unit.get("id")
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
    };
    let placed = |mut unit: serde_json::Value| -> Option<serde_json::Value> {
        let id = id_of(&unit)?;
        let Some(state) = GameState::unit(state, &UnitId(id)) else {
            return Some(unit);
        };
        if state.removed {
            return None;
        }
        if let (Some(to), Some(fields)) = (&state.position, unit.as_object_mut()) {
            for key in ["x", "y", "facing"] {
                if let Some(value) = to.get(key) {
                    fields.insert(key.to_owned(), value.clone());
                }
            }
        }
        Some(unit)
    };
    let mut units: Vec<serde_json::Value> = drawn.into_iter().filter_map(placed).collect();
    units.extend(
        state
            .units
            .iter()
            .filter_map(|u| u.base.clone())
            .filter_map(placed),
    );
    object.insert("units".to_owned(), units.into());
    if let Some(terrain) = &state.terrain {
        object.insert("terrain".to_owned(), terrain.clone());
    }
    table
}
