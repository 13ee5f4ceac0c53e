//! Replaying a game's applied resolutions. Each one recorded with its typed request is
//! checked three ways:
//! - **the throw**: the faces logged are the throw's — the faces typed as the log records
//!   them, or the faces its seed gives;
//! - **the reading**: today's engine, given the logged request and faces, against the
//!   tables in force (with the game's club cells and the cells typed for it), gives the
//!   logged outcome and steps;
//! - **the effects**: applying the logged outcome to the records as they stood gives the
//!   logged effects.
//!
//! A difference in the throw or the effects is always a difference: the record was changed
//! after it was logged. A difference in the reading is one too when the event was resolved
//! by this same engine ([`ENGINE_VERSION`]); under another version it is listed as a
//! reading changed since that version (a rule corrected, a chart reread), which the caller
//! may count as a difference (`--strict`).

use super::apply::{apply, table_as_played};
use super::chain::LoggedEvent;
use super::event::{AppliedResolution, DiceOrigin, ENGINE_VERSION, Event};
use super::log::Game;
use super::state::{Following, GameState};
use crate::charts::Charts;
use crate::dice::{DiceChoice, DiceSource as _, SeededDice};
use crate::resolution::{Colour, RollSource};
use crate::rules::AnyResolution;
use crate::rules::situation::Roles;
use crate::rules::{Outcome, micro_colonial};
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
    /// The engine that resolved it (`None`: logged before engines were recorded).
    pub engine: Option<String>,
    /// `None` when the replay agrees; else the first difference, in words.
    pub difference: Option<String>,
    /// A reading that differs under today's engine from the one of another version that
    /// resolved it: "reading changed since version X: ...".
    pub reading_changed: Option<String>,
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

    /// The replays whose reading changed since the engine version that resolved them.
    pub fn readings_changed(&self) -> impl Iterator<Item = &Replayed> {
        self.replayed
            .iter()
            .filter(|r| r.difference.is_none() && r.reading_changed.is_some())
    }
}

/// Replays every applied resolution of a game against `charts`.
pub fn replay(game: &Game, charts: &Charts) -> Replay {
    let mut report = Replay::default();
    let voided = &game.state().voided;
    // The club cells in force as each result was applied (the game's last TablesInForce
    // before it), laid over `charts` with the cells typed for that resolution alone.
    let mut club_cells: &[String] = &[];
    // The records as they stood before each event.
    let mut following = Following::default();
    let events = game.events();
    for (index, LoggedEvent { seq, event, .. }) in events.iter().enumerate() {
        if let Event::TablesInForce {
            club_cells: cells, ..
        } = event
        {
            club_cells = cells;
        }
        if let Event::ResolutionApplied(applied) = event {
            match &applied.request {
                None => report.not_replayable.push(*seq),
                Some(_) => report.replayed.push(replay_one(
                    game,
                    charts,
                    club_cells,
                    &following.state,
                    *seq,
                    applied,
                    voided.contains(seq),
                )),
            }
        }
        following.follow(&events[..=index]);
    }
    report
}

fn replay_one(
    game: &Game,
    charts: &Charts,
    club_cells: &[String],
    before: &GameState,
    seq: u64,
    applied: &AppliedResolution,
    voided: bool,
) -> Replayed {
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
    let mut found = Replayed {
        seq,
        procedure: format!("{} {}", logged.ruleset, logged.procedure),
        voided,
        same_tables: logged.tables_hash == in_force.hash(),
        engine: applied.engine.clone(),
        difference: None,
        reading_changed: None,
    };
    if let Some(difference) = throw_difference(applied) {
        found.difference = Some(difference);
        return found;
    }
    if let Some(difference) = effects_difference(game, charts, before, applied) {
        found.difference = Some(difference);
        return found;
    }
    let Some(request) = &applied.request else {
        return found;
    };
    let dice = DiceChoice::Typed(logged.faces_typed());
    let reading = match laid {
        Err(e) => Some(format!("its cells no longer lay over the tables: {e}")),
        Ok(()) => match request.resolve_with(&in_force, &dice) {
            Err(refusal) => Some(format!("now refused: {}", refusal.reason)),
            Ok(again) => first_difference(logged, &again),
        },
    };
    match (reading, applied.engine.as_deref()) {
        (None, _) => {}
        (Some(difference), Some(ENGINE_VERSION)) => found.difference = Some(difference),
        // A club's tables changed since: not the engine's reading.
        (Some(difference), _) if !found.same_tables => found.difference = Some(difference),
        (Some(difference), version) => {
            found.reading_changed = Some(format!(
                "reading changed since version {}: {difference}",
                version.unwrap_or("(not recorded)")
            ));
        }
    }
    found
}

/// Whether the faces logged are the throw's: the faces typed, as the log records them, or
/// the faces the seed gives.
fn throw_difference(applied: &AppliedResolution) -> Option<String> {
    let logged = &applied.resolution;
    if let Some(face) = logged
        .rolls
        .iter()
        .flat_map(|roll| &roll.faces)
        .find(|f| !(1..=6).contains(&f.face))
    {
        return Some(format!("the face {face} logged is not a die face (1 to 6)"));
    }
    match &applied.dice {
        DiceOrigin::Typed { faces } => {
            let read = logged.faces_typed();
            (*faces != read).then(|| {
                format!("the faces logged ({read}) are not those of the throw typed ({faces})")
            })
        }
        DiceOrigin::Seeded { seed } => {
            let mut dice = SeededDice::new(*seed);
            for (i, roll) in logged.rolls.iter().enumerate() {
                if roll.source != RollSource::Seeded {
                    return Some(format!(
                        "throw {}: typed faces in a roll from seed {seed}",
                        i + 1
                    ));
                }
                let colours: Vec<Option<Colour>> = roll.faces.iter().map(|f| f.colour).collect();
                let again = dice.throw(&colours).ok()?;
                if again.faces != roll.faces {
                    let show = |faces: &[crate::resolution::Face]| {
                        faces
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    };
                    return Some(format!(
                        "throw {}: the faces logged ({}) are not those seed {seed} gives ({})",
                        i + 1,
                        show(&roll.faces),
                        show(&again.faces)
                    ));
                }
            }
            None
        }
    }
}

/// Whether applying the logged outcome to the records as they stood gives the logged
/// effects. An event logged before its roles were recorded is not checked.
fn effects_difference(
    game: &Game,
    charts: &Charts,
    before: &GameState,
    applied: &AppliedResolution,
) -> Option<String> {
    let roles: Roles = serde_json::from_value(applied.inputs.get("roles")?.clone()).ok()?;
    // The table as played is read only for a move, whose effect is the unit's new pose.
    let moved = matches!(
        applied.resolution.outcome,
        Outcome::MicroColonial(micro_colonial::Outcome::Move(_))
    );
    let table = moved
        .then(|| {
            let text = table_as_played(&game.layout, before).to_string();
            crate::geometry::file::read(&text, charts).layout
        })
        .flatten();
    let again = apply(
        applied.request.as_ref(),
        &applied.resolution,
        &roles,
        before,
        table.as_ref(),
    );
    let Event::ResolutionApplied(again) = again.event else {
        return None;
    };
    if again.effects == applied.effects {
        return None;
    }
    let describe = |effects: &[super::event::UnitEdit]| {
        if effects.is_empty() {
            "nothing".to_owned()
        } else {
            effects
                .iter()
                .map(super::event::UnitEdit::describe)
                .collect::<Vec<_>>()
                .join("; ")
        }
    };
    Some(format!(
        "the effects logged ({}) are not what applying its outcome gives ({})",
        describe(&applied.effects),
        describe(&again.effects)
    ))
}

/// The first place two resolutions of one request part: the outcome, a step, a throw.
fn first_difference(logged: &AnyResolution, again: &AnyResolution) -> Option<String> {
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
    let faces = |r: &AnyResolution| -> Vec<Vec<crate::resolution::Face>> {
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
