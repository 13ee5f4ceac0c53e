//! Every throw of dice a game's log holds, newest first: what it was thrown for, by whom,
//! typed from the table or rolled by Laager, the faces with their colours, the seed, and
//! whether it was undone. A projection of the log like the record sheet.

use super::event::{Event, UnitId};
use super::log::Game;
use crate::resolution::{Face, RollSource};
use crate::ruleset::Ruleset;
use serde::Serialize;
use serde_json::Value;

/// One throw of dice, as the log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Throw {
    /// The event that logged it (the applied resolution's sequence number).
    pub seq: u64,
    /// The move it was thrown in, from 1 (the active "next move" events before it).
    pub move_number: u32,
    /// The ruleset of the procedure it was thrown for.
    pub ruleset: Ruleset,
    /// The procedure it was thrown for (`combat`, `fire`).
    pub procedure: String,
    /// Its place among the resolution's throws, from 1.
    pub index: usize,
    /// How many throws the resolution made.
    pub of: usize,
    /// The units in their roles as the resolution was asked (`firer`, `24-a`); the role
    /// is empty where an older log names only the units.
    pub units: Vec<(String, UnitId)>,
    /// Typed from the table or rolled by Laager.
    pub source: RollSource,
    /// The seed of a rolled throw, so it replays exactly.
    pub seed: Option<u64>,
    /// The faces in the order the procedure read them, with their colours.
    pub faces: Vec<Face>,
    /// Undone (voided), and so no longer counting.
    pub voided: bool,
}

impl Throw {
    /// The faces as a referee types them: `B4 R2`, or `5 1` for plain dice.
    pub fn faces_text(&self) -> String {
        self.faces
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Every throw of the game's applied resolutions, the newest first, the undone ones marked.
pub fn dice_history(game: &Game) -> Vec<Throw> {
    let state = game.state();
    let mut move_number = 1;
    let mut throws = Vec::new();
    for logged in game.events() {
        let voided = state.voided.contains(&logged.seq);
        match &logged.event {
            Event::MoveAdvanced if !voided => move_number += 1,
            Event::ResolutionApplied(applied) => {
                let resolution = &applied.resolution;
                let units = units_in_roles(&applied.inputs);
                let rolls: Vec<_> = resolution
                    .rolls
                    .iter()
                    .filter(|roll| !roll.faces.is_empty())
                    .collect();
                let of = rolls.len();
                for (index, roll) in rolls.into_iter().enumerate() {
                    throws.push(Throw {
                        seq: logged.seq,
                        move_number,
                        ruleset: resolution.ruleset,
                        procedure: resolution.procedure.clone(),
                        index: index + 1,
                        of,
                        units: units.clone(),
                        source: roll.source,
                        seed: roll.seed,
                        faces: roll.faces.clone(),
                        voided,
                    });
                }
            }
            _ => {}
        }
    }
    throws.reverse();
    throws
}

/// The units an applied resolution was asked about: `roles` (`[["firer", "24-a"], ..]`)
/// where the log records them, else the bare `units` list of older logs.
fn units_in_roles(inputs: &Value) -> Vec<(String, UnitId)> {
    if let Some(roles) = inputs.get("roles").and_then(Value::as_array) {
        return roles
            .iter()
            .filter_map(|pair| {
                let role = pair.get(0)?.as_str()?;
                let unit_id = pair.get(1)?.as_str()?;
                Some((role.to_owned(), UnitId::from(unit_id)))
            })
            .collect();
    }
    inputs
        .get("units")
        .and_then(Value::as_array)
        .map(|units| {
            units
                .iter()
                .filter_map(Value::as_str)
                .map(|unit_id| (String::new(), UnitId::from(unit_id)))
                .collect()
        })
        .unwrap_or_default()
}
