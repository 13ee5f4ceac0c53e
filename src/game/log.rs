//! A game: its ruleset, layout and append-only log, with the checks an event must pass
//! before it is logged, and undo and redo as voiding events.

use super::campaign::CampaignSettings;
use super::chain::{ChainBreak, GENESIS, LoggedEvent, seal, verify_chain_from, verify_links};
use super::event::{Cause, DiceOrigin, Event, ThrowId, UnitEdit, UnitId};
use super::played::Player;
use super::state::{Following, GameState};
use crate::ruleset::Ruleset;
use serde_json::Value;
use std::collections::BTreeMap;

/// Why an event was not logged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// An edit names a unit that never joined the game.
    #[error("unit {0} is not on the roster")]
    UnknownUnit(UnitId),
    /// A unit joins twice.
    #[error("unit {0} is already on the roster")]
    DuplicateUnit(UnitId),
    /// An edit names a unit that has left the game.
    #[error("unit {0} has been removed from the game")]
    RemovedUnit(UnitId),
    /// A unit's present strength above its initial strength on joining.
    #[error(
        "unit {unit_id} cannot join with present strength {present} above its initial {initial}"
    )]
    PresentAboveInitial {
        /// The unit.
        unit_id: UnitId,
        /// Present strength given.
        present: u32,
        /// Initial strength given.
        initial: u32,
    },
    /// A loss larger than what the unit has left.
    #[error("unit {unit_id} has {present} left and cannot lose {amount}")]
    LossAbovePresent {
        /// The unit.
        unit_id: UnitId,
        /// What it has.
        present: u32,
        /// What was to be lost.
        amount: u32,
    },
    /// A replacement that would take a unit above its initial strength.
    #[error("unit {unit_id} has {present} of {initial} and cannot be restored by {amount}")]
    RestoreAboveInitial {
        /// The unit.
        unit_id: UnitId,
        /// What it has.
        present: u32,
        /// Its initial strength.
        initial: u32,
        /// What was to be restored.
        amount: u32,
    },
    /// A strength change of nothing.
    #[error("a strength change of 0 for unit {0} records nothing")]
    ZeroChange(UnitId),
    /// A resolution of another ruleset.
    #[error("a {found} resolution cannot be applied to a {game} game")]
    WrongRuleset {
        /// The game's ruleset.
        game: Ruleset,
        /// The resolution's.
        found: Ruleset,
    },
    /// Anything but undo or redo after the game ended.
    #[error("the game has ended; undo its end before logging more")]
    GameOver,
    /// A result naming a winner that is not one of the game's sides.
    #[error("'{winner}' is not a side of this game: expected one of {}, or a draw", sides.join(", "))]
    UnknownSide {
        /// The winner named.
        winner: String,
        /// The game's sides.
        sides: Vec<String>,
    },
    /// Undo with nothing to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// Redo with nothing to redo.
    #[error("there is nothing to redo")]
    NothingToRedo,
    /// Voiding an event that does not exist, is an undo/redo itself, or is already void.
    #[error("event {0} cannot be voided: {1}")]
    CannotVoid(u64, &'static str),
    /// Restoring anything but the event redo would restore.
    #[error(
        "event {0} cannot be restored: only the last undone event, before any new action, can be redone"
    )]
    CannotRestore(u64),
    /// A seed rolled before in this game: rolling it again would replay that roll.
    #[error(
        "seed {seed} was already rolled in event {event}; a voided roll is redone, never rolled again"
    )]
    SeedReused {
        /// The seed.
        seed: u64,
        /// The event that rolled it.
        event: u64,
    },
    /// A base put on the table whose id is not its unit's.
    #[error("the base put on the table for unit {0} does not carry its id")]
    BaseMismatch(UnitId),
    /// Terrain recorded as something other than the layout's list of pieces.
    #[error("terrain must be the layout's list of pieces")]
    TerrainNotAList,
    /// A copy of a voided resolution.
    #[error("this is voided event {0} logged again; redo it instead")]
    VoidedReplayed(u64),
    /// A throw already applied: "a throw is applied once".
    #[error(
        "this throw ({throw}) was already applied in event {event}: a throw is applied once; throw the dice again (or redo the event if it was undone)"
    )]
    ThrowApplied {
        /// The throw.
        throw: ThrowId,
        /// The event that took it.
        event: u64,
    },
    /// A game's start logged after other events.
    #[error("a game's start is its first event, and this game has {0} already")]
    StartNotFirst(usize),
    /// A player named for a side the game does not have.
    #[error("--player {player}: not a side of this game: expected one of {}", sides.join(", "))]
    UnknownPlayerSide {
        /// The player as given (`SIDE=NAME`).
        player: String,
        /// The game's sides.
        sides: Vec<String>,
    },
    /// One player named twice for one side in one event.
    #[error("--player {0}: given twice")]
    PlayerTwice(String),
    /// Players named with none given.
    #[error("no player named: expected SIDE=NAME")]
    NoPlayers,
    /// A change to a header that is sealed into a log already begun.
    #[error(
        "the game's header and the campaign's settings are sealed into its log ({0} events): they cannot change now"
    )]
    HeaderSealed(usize),
}

/// One game: ruleset, name, layout and log, with its projection kept up to date.
#[derive(Debug, Clone)]
pub struct Game {
    /// The ruleset the game is played under.
    pub ruleset: Ruleset,
    /// The game's name ("Isandlwana, evening 1").
    pub name: String,
    /// The table's layout, in the geometry module's format, stored as given.
    pub layout: Value,
    genesis: String,
    events: Vec<LoggedEvent>,
    /// Its state, followed event by event.
    following: Following,
    /// Every throw applied in this log (voided or not), and the event that took it.
    throws: BTreeMap<ThrowId, u64>,
    /// The first action whose history changed since the store last stored this game's
    /// state (`Some(0)`: all of it, as for a game read or built in memory), or `None`.
    unstored_from: Option<u64>,
}

/// Two games are the same game when their headers and logs are: everything else a
/// [`Game`] holds is worked out from them.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.ruleset == other.ruleset
            && self.name == other.name
            && self.layout == other.layout
            && self.genesis == other.genesis
            && self.events == other.events
    }
}

/// What checking a game's chain found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// Whether the chain starts from the seal of the game's header and the campaign's
    /// settings; `false` for a game logged by an older Laager, whose chain starts at
    /// [`GENESIS`] and whose header is outside it.
    pub sealed: bool,
    /// The first break, if any (`seq` 0: the header).
    pub broken: Option<ChainBreak>,
}

impl Game {
    /// An empty game in a campaign of the default settings.
    pub fn new(ruleset: Ruleset, name: &str, layout: Value) -> Game {
        Game::sealed(ruleset, name, layout, &CampaignSettings::default())
    }

    /// An empty game whose chain starts from the seal of its header and `settings`, the
    /// settings of the campaign it is played in.
    pub fn sealed(
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        settings: &CampaignSettings,
    ) -> Game {
        let genesis = seal(ruleset, name, &layout, settings);
        Game::from_parts(ruleset, name, layout, genesis, Vec::new())
    }

    /// A game from a stored log, taken as it is (check it with [`Game::verify`]); its
    /// chain starts where its first event says.
    pub fn from_log(ruleset: Ruleset, name: &str, layout: Value, events: Vec<LoggedEvent>) -> Game {
        let genesis = events
            .first()
            .map_or_else(|| GENESIS.to_owned(), |e| e.prev_hash.clone());
        Game::from_parts(ruleset, name, layout, genesis, events)
    }

    /// A game from a stored log whose chain starts at `genesis` (the head an empty game
    /// stores), taken as it is.
    pub fn from_parts(
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        genesis: String,
        events: Vec<LoggedEvent>,
    ) -> Game {
        let following = Following::replay(&events);
        let mut throws = BTreeMap::new();
        for logged in &events {
            note_throw(&mut throws, logged);
        }
        Game {
            ruleset,
            name: name.to_owned(),
            layout,
            genesis,
            events,
            following,
            throws,
            unstored_from: Some(0),
        }
    }

    /// The game's identity: the hash of its first event, the same in every copy of it;
    /// `None` while nothing is logged.
    pub fn identity(&self) -> Option<&str> {
        self.events.first().map(|e| e.hash.as_str())
    }

    /// The event that applied `throw`, if it was applied in this game.
    pub fn throw_applied(&self, throw: &ThrowId) -> Option<u64> {
        self.throws.get(throw).copied()
    }

    /// Forgets the events after the first `len` (a write the file refused): the log and
    /// its projection are as they were before them.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.events.len() {
            return;
        }
        self.events.truncate(len);
        self.replay((len + 1) as u64);
        self.throws.clear();
        for logged in &self.events {
            note_throw(&mut self.throws, logged);
        }
    }

    /// The hash the chain starts from: the seal of the header, or [`GENESIS`] for a game
    /// from an older Laager.
    pub fn genesis(&self) -> &str {
        &self.genesis
    }

    /// The seal this game's header and `settings` give.
    pub fn seal(&self, settings: &CampaignSettings) -> String {
        seal(self.ruleset, &self.name, &self.layout, settings)
    }

    /// Seals the game anew under its header and `settings` (it joins a campaign, or was
    /// renamed): every event is linked again from the new seal, so every hash changes.
    /// Returns whether anything changed.
    pub fn reseal(&mut self, settings: &CampaignSettings) -> bool {
        let genesis = self.seal(settings);
        if genesis == self.genesis {
            return false;
        }
        let mut prev = genesis.clone();
        for logged in &mut self.events {
            let relinked = LoggedEvent::link(logged.seq, &prev, logged.event.clone());
            prev.clone_from(&relinked.hash);
            *logged = relinked;
        }
        self.genesis = genesis;
        true
    }

    /// Checks the chain: its start against the seal of the header and `settings` (a game
    /// from an older Laager is reported as not sealed, not as broken), then every link.
    pub fn verify(&self, settings: &CampaignSettings) -> Verification {
        self.verify_after(settings, 0)
    }

    /// Checks the chain as [`Game::verify`] does, taking its first `trusted` events as
    /// checked already (by an earlier verification in this process): only the links after
    /// them are hashed again.
    pub fn verify_after(&self, settings: &CampaignSettings, trusted: usize) -> Verification {
        let trusted = trusted.min(self.events.len());
        let links = |genesis: &str| {
            if trusted == 0 {
                verify_chain_from(genesis, &self.events)
            } else {
                verify_links(
                    &self.events[trusted - 1].hash,
                    trusted,
                    &self.events[trusted..],
                )
            }
        };
        if self.genesis == GENESIS {
            return Verification {
                sealed: false,
                broken: links(GENESIS),
            };
        }
        if self.genesis != self.seal(settings) {
            let reason = if self.events.is_empty() {
                "the log is empty but does not start from the seal of the game's header: its events were removed, or its header (ruleset, name, layout) or the campaign's settings were changed"
            } else {
                "the game's header (ruleset, name, layout) or the campaign's settings were changed after the game began: they no longer match the seal its log starts from"
            };
            return Verification {
                sealed: true,
                broken: Some(ChainBreak {
                    seq: 0,
                    reason: reason.to_owned(),
                }),
            };
        }
        Verification {
            sealed: true,
            broken: links(&self.genesis),
        }
    }

    /// The log.
    pub fn events(&self) -> &[LoggedEvent] {
        &self.events
    }

    /// The projection of the log.
    pub fn state(&self) -> &GameState {
        &self.following.state
    }

    /// The head of the chain: the hash of the last event, or the game's [`Game::genesis`]
    /// for an empty log. Players may note it; `laager log verify --head` shows whether the
    /// log still holds it.
    pub fn head(&self) -> &str {
        self.events
            .last()
            .map_or(self.genesis.as_str(), |e| e.hash.as_str())
    }

    /// Checks an event and links it at the end of the log, without logging it yet: the
    /// store commits it first, then [`Game::accept`]s it.
    pub fn prepare(&self, event: Event) -> Result<LoggedEvent, GameError> {
        self.check(&event)?;
        Ok(LoggedEvent::link(
            self.events.len() as u64 + 1,
            self.head(),
            event,
        ))
    }

    /// Logs an event prepared by [`Game::prepare`] against this same log (its state
    /// follows it: see [`Following::follow`]).
    pub fn accept(&mut self, logged: LoggedEvent) {
        note_throw(&mut self.throws, &logged);
        self.events.push(logged);
        let from = self.following.follow(&self.events);
        self.note_unstored(from);
    }

    /// Replays the whole log; the history from action `from` on may have changed.
    fn replay(&mut self, from: u64) {
        self.following = Following::replay(&self.events);
        self.note_unstored(from);
    }

    fn note_unstored(&mut self, from: u64) {
        self.unstored_from = Some(self.unstored_from.map_or(from, |f| f.min(from)));
    }

    /// The first action whose history (strength changes, moves, resolutions, melees)
    /// changed since the store last stored this game's state ([`Game::state_stored`]):
    /// `Some(0)` for a game read or built in memory, `None` when nothing changed.
    pub fn unstored_from(&self) -> Option<u64> {
        self.unstored_from
    }

    /// Notes that the store has stored this game's state as it stands.
    pub fn state_stored(&mut self) {
        self.unstored_from = None;
    }

    /// Checks and logs an event (in memory).
    pub fn append(&mut self, event: Event) -> Result<&LoggedEvent, GameError> {
        let logged = self.prepare(event)?;
        self.accept(logged);
        Ok(self.events.last().expect("just pushed"))
    }

    /// The event that undoes the last action still in force.
    pub fn undo_event(&self) -> Result<Event, GameError> {
        self.events
            .iter()
            .rev()
            .filter(|e| !self.in_set_up(e.seq))
            .find(|e| e.event.is_undoable() && !self.following.state.voided.contains(&e.seq))
            .map(|e| Event::Voided { event: e.seq })
            .ok_or(GameError::NothingToUndo)
    }

    /// Whether an event is part of the game's set-up: the units joining (and the strength
    /// the campaign restores) before the first action of play. Undo stops there: set-up is
    /// edited before play, as a new game.
    pub fn in_set_up(&self, seq: u64) -> bool {
        self.events
            .iter()
            .take_while(|e| e.seq <= seq)
            .all(|e| match &e.event {
                Event::UnitAdded { .. }
                | Event::TablesInForce { .. }
                | Event::GameStarted { .. }
                | Event::PlayersNamed { .. } => true,
                Event::Edit {
                    edit: UnitEdit::StrengthChanged { cause, .. },
                } => *cause == Cause::Replacement,
                _ => false,
            })
    }

    /// The event that redoes the last undo, if no action came after it.
    pub fn redo_event(&self) -> Result<Event, GameError> {
        self.following
            .state
            .redo
            .last()
            .map(|&seq| Event::Restored { event: seq })
            .ok_or(GameError::NothingToRedo)
    }

    /// Undoes the last action in force (in memory).
    pub fn undo(&mut self) -> Result<&LoggedEvent, GameError> {
        let event = self.undo_event()?;
        self.append(event)
    }

    /// Redoes the last undo (in memory).
    pub fn redo(&mut self) -> Result<&LoggedEvent, GameError> {
        let event = self.redo_event()?;
        self.append(event)
    }

    /// Whether the event may be logged next.
    pub fn check(&self, event: &Event) -> Result<(), GameError> {
        let state = &self.following.state;
        match event {
            Event::Voided { event: target } => return self.check_void(*target),
            Event::Restored { event: target } => {
                return if state.redo.last() == Some(target) {
                    Ok(())
                } else {
                    Err(GameError::CannotRestore(*target))
                };
            }
            // Who played is a record of the game: named at its start, in play or after.
            Event::PlayersNamed { players } => return self.check_players(players),
            _ => {}
        }
        if state.result.is_some() {
            return Err(GameError::GameOver);
        }
        match event {
            Event::UnitAdded { unit } => {
                if state.unit(&unit.unit_id).is_some() {
                    return Err(GameError::DuplicateUnit(unit.unit_id.clone()));
                }
                if unit.present > unit.initial {
                    return Err(GameError::PresentAboveInitial {
                        unit_id: unit.unit_id.clone(),
                        present: unit.present,
                        initial: unit.initial,
                    });
                }
                Ok(())
            }
            Event::BasePlaced { unit, base } => {
                if state.unit(&unit.unit_id).is_some() {
                    return Err(GameError::DuplicateUnit(unit.unit_id.clone()));
                }
                if unit.present > unit.initial {
                    return Err(GameError::PresentAboveInitial {
                        unit_id: unit.unit_id.clone(),
                        present: unit.present,
                        initial: unit.initial,
                    });
                }
                if base.get("id").and_then(Value::as_str) != Some(unit.unit_id.0.as_str()) {
                    return Err(GameError::BaseMismatch(unit.unit_id.clone()));
                }
                Ok(())
            }
            Event::TerrainSet { terrain } => {
                if terrain.is_array() {
                    Ok(())
                } else {
                    Err(GameError::TerrainNotAList)
                }
            }
            Event::Edit { edit } => self.check_edits(std::slice::from_ref(edit)),
            Event::ResolutionApplied(applied) => {
                if applied.resolution.ruleset != self.ruleset {
                    return Err(GameError::WrongRuleset {
                        game: self.ruleset,
                        found: applied.resolution.ruleset,
                    });
                }
                if let Some(throw) = &applied.throw
                    && let Some(event) = self.throw_applied(throw)
                {
                    return Err(GameError::ThrowApplied {
                        throw: throw.clone(),
                        event,
                    });
                }
                self.check_not_replayed(event, &applied.dice)?;
                self.check_edits(&applied.effects)
            }
            // "the winner must be one of the game's sides".
            Event::GameEnded { result } => match &result.winner {
                Some(winner) if !state.sides().contains(winner) => Err(GameError::UnknownSide {
                    winner: winner.clone(),
                    sides: state.sides(),
                }),
                _ => Ok(()),
            },
            Event::GameStarted { .. } if !self.events.is_empty() => {
                Err(GameError::StartNotFirst(self.events.len()))
            }
            Event::GameStarted { .. }
            | Event::PlayersNamed { .. }
            | Event::MoveAdvanced
            | Event::PhaseSet { .. }
            | Event::TablesInForce { .. }
            | Event::Voided { .. }
            | Event::Restored { .. } => Ok(()),
        }
    }

    /// Each player names a side of the game, once.
    fn check_players(&self, players: &[Player]) -> Result<(), GameError> {
        let sides = self.following.state.sides();
        for (i, player) in players.iter().enumerate() {
            if !sides.contains(&player.side) {
                return Err(GameError::UnknownPlayerSide {
                    player: player.to_string(),
                    sides,
                });
            }
            if players[..i].contains(player) {
                return Err(GameError::PlayerTwice(player.to_string()));
            }
        }
        if players.is_empty() {
            return Err(GameError::NoPlayers);
        }
        Ok(())
    }

    fn check_void(&self, target: u64) -> Result<(), GameError> {
        let Some(logged) = target
            .checked_sub(1)
            .and_then(|i| self.events.get(i as usize))
        else {
            return Err(GameError::CannotVoid(target, "there is no such event"));
        };
        if !logged.event.is_action() {
            return Err(GameError::CannotVoid(
                target,
                "it is an undo or redo; redo or undo instead",
            ));
        }
        if self.following.state.voided.contains(&target) {
            return Err(GameError::CannotVoid(target, "it is already void"));
        }
        Ok(())
    }

    /// "A voided roll cannot be replayed as a new one": a seed rolls once per game, and a
    /// copy of a voided resolution is refused.
    fn check_not_replayed(&self, event: &Event, dice: &DiceOrigin) -> Result<(), GameError> {
        for logged in &self.events {
            let Event::ResolutionApplied(earlier) = &logged.event else {
                continue;
            };
            if let (DiceOrigin::Seeded { seed }, DiceOrigin::Seeded { seed: before }) =
                (dice, &earlier.dice)
                && seed == before
            {
                return Err(GameError::SeedReused {
                    seed: *seed,
                    event: logged.seq,
                });
            }
            if self.following.state.voided.contains(&logged.seq) && &logged.event == event {
                return Err(GameError::VoidedReplayed(logged.seq));
            }
        }
        Ok(())
    }

    /// Checks edits in order, each against the strength the ones before it leave.
    fn check_edits(&self, edits: &[UnitEdit]) -> Result<(), GameError> {
        let mut present: BTreeMap<&UnitId, u32> = BTreeMap::new();
        let mut removed: Vec<&UnitId> = Vec::new();
        for edit in edits {
            let unit_id = edit.unit_id();
            let Some(unit) = self.following.state.unit(unit_id) else {
                return Err(GameError::UnknownUnit(unit_id.clone()));
            };
            if unit.removed || removed.contains(&unit_id) {
                return Err(GameError::RemovedUnit(unit_id.clone()));
            }
            let left = present.entry(unit_id).or_insert(unit.present);
            match edit {
                UnitEdit::StrengthChanged { amount, cause, .. } => {
                    if *amount == 0 {
                        return Err(GameError::ZeroChange(unit_id.clone()));
                    }
                    if cause.is_loss() {
                        if *amount > *left {
                            return Err(GameError::LossAbovePresent {
                                unit_id: unit_id.clone(),
                                present: *left,
                                amount: *amount,
                            });
                        }
                        *left -= amount;
                    } else {
                        if left.saturating_add(*amount) > unit.spec.initial {
                            return Err(GameError::RestoreAboveInitial {
                                unit_id: unit_id.clone(),
                                present: *left,
                                initial: unit.spec.initial,
                                amount: *amount,
                            });
                        }
                        *left += amount;
                    }
                }
                UnitEdit::StrengthSet {
                    initial, present, ..
                } => {
                    // The losses and replacements already recorded must still fit: no
                    // more lost than it joined with, no more than its initial strength.
                    let now = i64::from(*present) + self.following.state.net_change(unit_id);
                    if present > initial || now > i64::from(*initial) {
                        return Err(GameError::PresentAboveInitial {
                            unit_id: unit_id.clone(),
                            present: u32::try_from(now.max(0)).unwrap_or(u32::MAX),
                            initial: *initial,
                        });
                    }
                    if now < 0 {
                        return Err(GameError::LossAbovePresent {
                            unit_id: unit_id.clone(),
                            present: *present,
                            amount: u32::try_from(-self.following.state.net_change(unit_id))
                                .unwrap_or(u32::MAX),
                        });
                    }
                    *left = self
                        .following
                        .state
                        .present_if_joined_with(unit_id, *present);
                }
                UnitEdit::Removed { .. } => removed.push(unit_id),
                UnitEdit::Moved { .. }
                | UnitEdit::StatusSet { .. }
                | UnitEdit::FormationSet { .. } => {}
            }
        }
        Ok(())
    }
}

/// Notes the throw an applied result took, if it carries one.
fn note_throw(throws: &mut BTreeMap<ThrowId, u64>, logged: &LoggedEvent) {
    if let Event::ResolutionApplied(applied) = &logged.event
        && let Some(throw) = &applied.throw
    {
        throws.entry(throw.clone()).or_insert(logged.seq);
    }
}
