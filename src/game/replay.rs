//! Replaying a game's applied resolutions: each one recorded with its typed request is
//! resolved again from that request and the faces it threw, against the tables in force
//! (with the game's club cells and the cells typed for it), and compared with what was
//! logged. A club folder that changes a value a resolution
//! read makes it differ, and the report names it.

use super::chain::LoggedEvent;
use super::event::Event;
use super::log::Game;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use serde::Serialize;

/// What replaying one applied resolution found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replayed {
    /// The event's sequence number.
    pub seq: u64,
    /// `ruleset procedure`.
    pub procedure: String,
    /// Whether the event was undone (it is replayed all the same).
    pub voided: bool,
    /// Whether the tables in force are the ones it was resolved with.
    pub same_tables: bool,
    /// `None` when the replay agrees; else the first difference, in words.
    pub difference: Option<String>,
}

/// A game's replay.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Replay {
    /// Every applied resolution that carried its request.
    pub replayed: Vec<Replayed>,
    /// Applied resolutions logged before requests were recorded: not replayable.
    pub not_replayable: Vec<u64>,
}

impl Replay {
    /// The replays that differ.
    pub fn differing(&self) -> impl Iterator<Item = &Replayed> {
        self.replayed.iter().filter(|r| r.difference.is_some())
    }
}

/// Replays every applied resolution of a game against `charts`.
pub fn replay(game: &Game, charts: &Charts) -> Replay {
    let mut report = Replay::default();
    let voided = &game.state().voided;
    // The club cells in force as each result was applied (the game's last TablesInForce
    // before it), laid over `charts` with the cells typed for that resolution alone.
    let mut club_cells: &[String] = &[];
    for LoggedEvent { seq, event, .. } in game.events() {
        if let Event::TablesInForce {
            club_cells: cells, ..
        } = event
        {
            club_cells = cells;
            continue;
        }
        let Event::ResolutionApplied(applied) = event else {
            continue;
        };
        let Some(request) = &applied.request else {
            report.not_replayable.push(*seq);
            continue;
        };
        let logged = &applied.resolution;
        let mut in_force = charts.clone();
        let laid = club_cells
            .iter()
            .try_for_each(|line| in_force.apply_club_line(line))
            .and_then(|()| {
                applied
                    .cells
                    .iter()
                    .try_for_each(|cell| in_force.apply_cell_arg(logged.ruleset, cell))
            });
        let dice = DiceChoice::Typed(logged.faces_typed());
        let difference = match laid {
            Err(e) => Some(format!("its cells no longer lay over the tables: {e}")),
            Ok(()) => match request.resolve_with(&in_force, &dice) {
                Err(refusal) => Some(format!("now refused: {}", refusal.reason)),
                Ok(again) => first_difference(logged, &again),
            },
        };
        report.replayed.push(Replayed {
            seq: *seq,
            procedure: format!("{} {}", logged.ruleset, logged.procedure),
            voided: voided.contains(seq),
            same_tables: logged.tables_hash == in_force.hash(),
            difference,
        });
    }
    report
}

/// The first place two resolutions of one request part: the outcome, a step, a throw.
fn first_difference(
    logged: &crate::resolution::Resolution,
    again: &crate::resolution::Resolution,
) -> Option<String> {
    let was = logged.outcome.to_map();
    let now = again.outcome.to_map();
    let keys: std::collections::BTreeSet<&String> = was.keys().chain(now.keys()).collect();
    for key in keys {
        let (a, b) = (was.get(key), now.get(key));
        if a != b {
            let show =
                |v: Option<&serde_json::Value>| v.map_or("absent".to_owned(), ToString::to_string);
            return Some(format!(
                "outcome {key}: logged {}, now {}",
                show(a),
                show(b)
            ));
        }
    }
    // The faces are replayed as typed: a roll Laager threw from a seed is the same throw
    // when its faces are read the same (its source and seed are how it was thrown).
    let faces = |r: &crate::resolution::Resolution| -> Vec<Vec<crate::resolution::Face>> {
        r.rolls.iter().map(|roll| roll.faces.clone()).collect()
    };
    if faces(logged) != faces(again) {
        return Some("the dice are read differently".to_owned());
    }
    let steps = logged.steps.len().max(again.steps.len());
    for i in 0..steps {
        let (a, b) = (logged.steps.get(i), again.steps.get(i));
        if a != b {
            let text = |s: Option<&crate::resolution::Step>| {
                s.map_or("no step".to_owned(), |s| {
                    let value = s
                        .value
                        .as_ref()
                        .map(|v| format!(" = {v}"))
                        .unwrap_or_default();
                    format!("'{}{value}'", s.text)
                })
            };
            return Some(format!(
                "step {}: logged {}, now {}",
                i + 1,
                text(a),
                text(b)
            ));
        }
    }
    None
}
