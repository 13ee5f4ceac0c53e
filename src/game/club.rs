//! A club night: several games at once, each on its own table, in one campaign. A game
//! begins with its start (when, which table) and its players; a table's units come from
//! its layout, each carrying over the strength and status its last game left it with
//! under the campaign's replacement rule; and a unit is in play in one game at a time.

use super::campaign::{Campaign, Replacement};
use super::event::{Cause, Event, UnitEdit, UnitId, UnitSpec};
use super::log::{Game, GameError};
use super::played::{Player, Stamp};
use super::state::UnitState;
use crate::ruleset::Ruleset;
use serde_json::Value;

/// How a game begins: when (read by the caller's clock), on which table, and who plays
/// each side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStart {
    /// When the game starts.
    pub date: Stamp,
    /// The table it is played on, when named (a club night's `--table`).
    pub table: Option<String>,
    /// Who plays each side (none: named later).
    pub players: Vec<Player>,
}

impl GameStart {
    /// The game's first event: its start.
    pub fn event(&self) -> Event {
        Event::GameStarted {
            date: self.date.clone(),
            table: self.table.clone(),
        }
    }

    /// The event naming the players, once the units (and so the sides) have joined.
    pub fn players_event(&self) -> Option<Event> {
        (!self.players.is_empty()).then(|| Event::PlayersNamed {
            players: self.players.clone(),
        })
    }
}

/// Why a unit cannot join a table's game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The unit is in play in another game.
    #[error(
        "unit '{unit}' is in play in game {game} \"{name}\", which has not ended: a unit fights in one game at a time"
    )]
    InPlay {
        /// The unit.
        unit: UnitId,
        /// The game it is in play in, from 1.
        game: usize,
        /// That game's name.
        name: String,
    },
    /// The unit was destroyed in its last game.
    #[error(
        "unit '{unit}' was destroyed in game {game} \"{name}\" (none of its {initial} left): it cannot join another game"
    )]
    Destroyed {
        /// The unit.
        unit: UnitId,
        /// The game it was destroyed in, from 1.
        game: usize,
        /// That game's name.
        name: String,
        /// Its initial strength.
        initial: u32,
    },
    /// The log refused an event of the new game.
    #[error("{0}")]
    Game(#[from] GameError),
}

impl Campaign {
    /// The game (from 1) a unit is in play in: one that has not ended, holding it on its
    /// records and not removed. `except` is left out (the game being checked).
    pub fn in_play(&self, unit_id: &UnitId, except: Option<usize>) -> Option<usize> {
        self.games.iter().enumerate().find_map(|(i, game)| {
            let state = game.state();
            let playing = Some(i + 1) != except
                && state.result.is_none()
                && state.unit(unit_id).is_some_and(|u| !u.removed);
            playing.then_some(i + 1)
        })
    }

    /// Every unit in play in two games at once, with the two games (from 1), each pair
    /// once, in the order of the units' first game.
    pub fn in_play_twice(&self) -> Vec<(UnitId, usize, usize)> {
        let mut found = Vec::new();
        for (i, game) in self.games.iter().enumerate() {
            let state = game.state();
            if state.result.is_some() {
                continue;
            }
            for unit in state.units.iter().filter(|u| !u.removed) {
                for (j, later) in self.games.iter().enumerate().skip(i + 1) {
                    let later = later.state();
                    if later.result.is_none()
                        && later.unit(&unit.spec.unit_id).is_some_and(|u| !u.removed)
                    {
                        found.push((unit.spec.unit_id.clone(), i + 1, j + 1));
                    }
                }
            }
        }
        found
    }

    /// The last game of `ruleset` (from 1) whose records hold the unit, with the unit as
    /// that game's log leaves it: what a new game carries over (strengths do not
    /// translate between rulesets).
    pub fn last_record(&self, unit_id: &UnitId, ruleset: Ruleset) -> Option<(usize, &UnitState)> {
        self.games
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, game)| game.ruleset == ruleset)
            .find_map(|(i, game)| game.state().unit(unit_id).map(|unit| (i + 1, unit)))
    }

    /// A new game for a table, not yet added: its start, then each of the table's units
    /// (as its layout gives them, `table_units`), then its players. A unit that fought
    /// before in a game of this ruleset joins with the strength and status that game left
    /// it with, its losses there made good under the campaign's replacement rule; one in
    /// play in another game, or destroyed in its last, is refused, naming that game.
    pub fn table_game(
        &self,
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        table_units: Vec<UnitSpec>,
        start: &GameStart,
    ) -> Result<Game, TableError> {
        let mut game = Game::sealed(ruleset, name, layout, &self.settings);
        game.append(start.event())?;
        let mut restored = Vec::new();
        for unit in table_units {
            let unit_id = unit.unit_id.clone();
            if let Some(number) = self.in_play(&unit_id, None) {
                return Err(TableError::InPlay {
                    unit: unit_id,
                    game: number,
                    name: self.games[number - 1].name.clone(),
                });
            }
            let Some((number, last)) = self.last_record(&unit_id, ruleset) else {
                game.append(Event::UnitAdded { unit })?;
                continue;
            };
            if last.present == 0 {
                return Err(TableError::Destroyed {
                    unit: unit_id,
                    game: number,
                    name: self.games[number - 1].name.clone(),
                    initial: last.spec.initial,
                });
            }
            game.append(Event::UnitAdded {
                unit: UnitSpec {
                    initial: last.spec.initial,
                    present: last.present,
                    ..unit
                },
            })?;
            if let Some(status) = &last.status {
                restored.push(Event::Edit {
                    edit: UnitEdit::StatusSet {
                        unit_id: unit_id.clone(),
                        status: Some(status.clone()),
                    },
                });
            }
            if let Some(amount) = self.replacement(last) {
                restored.push(Event::Edit {
                    edit: UnitEdit::StrengthChanged {
                        unit_id,
                        amount,
                        cause: Cause::Replacement,
                    },
                });
            }
        }
        for event in restored {
            game.append(event)?;
        }
        if let Some(players) = start.players_event() {
            game.append(players)?;
        }
        Ok(game)
    }

    /// What the campaign's replacement rule restores to a unit its last game left as
    /// `last`: a share of what it lost there (rounded down), or nothing.
    pub fn replacement(&self, last: &UnitState) -> Option<u32> {
        let Replacement::Share { percent } = self.settings.replacement else {
            return None;
        };
        let lost = last.spec.present.saturating_sub(last.present);
        let amount = (u64::from(lost) * u64::from(percent.min(100)) / 100) as u32;
        (amount > 0).then_some(amount)
    }
}
