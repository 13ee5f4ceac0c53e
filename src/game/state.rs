//! The projection of a log: each unit's state, the roster, the move and phase, every
//! strength change and move by the move it happened in. Replaying the active events of a
//! log from the start always gives the same state.

use super::chain::LoggedEvent;
use super::event::{AppliedResolution, Cause, Event, GameResult, UnitEdit, UnitId, UnitSpec};
use super::played::{Player, Stamp};
use crate::record::{Formation, Status};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// One unit as the log leaves it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Who the unit is and its strength on joining.
    pub spec: UnitSpec,
    /// Present strength (Micro Colonial PF).
    pub present: u32,
    /// Its status, if one is set.
    pub status: Option<Status>,
    /// Its formation, if one is recorded.
    #[serde(default)]
    pub formation: Option<Formation>,
    /// Whether it has left the game.
    pub removed: bool,
    /// Where it last moved to, in the layout's format.
    pub position: Option<Value>,
    /// Its base, when it joined during play (the layout's unit JSON).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<Value>,
}

/// A strength change, kept with the move it happened in (the record sheet's rows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrengthEntry {
    /// The event that made it (a manual edit or an applied resolution).
    pub seq: u64,
    /// The move it happened in, from 1.
    pub move_number: u32,
    /// The unit.
    pub unit_id: UnitId,
    /// How much was actually taken off or added (a loss is capped at present strength).
    pub amount: u32,
    /// Volley, other, replacement.
    pub cause: Cause,
}

/// A unit's move, kept so volley losses can be struck through once taken into account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// The event that moved it.
    pub seq: u64,
    /// The move it happened in.
    pub move_number: u32,
    /// The unit.
    pub unit_id: UnitId,
}

/// A strength of `start` after every recorded change to the unit, summed (a log's checks
/// keep it between 0 and the unit's initial strength).
fn present_after(changes: &[StrengthEntry], unit_id: &UnitId, start: u32) -> u32 {
    u32::try_from((i64::from(start) + net(changes, unit_id)).max(0)).unwrap_or(u32::MAX)
}

/// A unit's replacements less its losses.
fn net(changes: &[StrengthEntry], unit_id: &UnitId) -> i64 {
    changes
        .iter()
        .filter(|c| c.unit_id == *unit_id)
        .map(|c| {
            let amount = i64::from(c.amount);
            if c.cause.is_loss() { -amount } else { amount }
        })
        .sum()
}

/// A Micro Colonial melee applied to the game, won by one side: the morale test's "winner
/// of melee round this move or last" and the morale causes read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeEntry {
    /// The event that applied it.
    pub seq: u64,
    /// The move it was fought in.
    pub move_number: u32,
    /// The attacker (the first unit it was resolved for).
    pub a: UnitId,
    /// The defender (the second).
    pub b: UnitId,
    /// Whether the attacker won.
    pub a_won: bool,
    /// The difference between the losses.
    pub margin: u32,
}

impl MeleeEntry {
    /// The melee an applied resolution records, if it is a melee with a winner between
    /// two named units.
    fn of(seq: u64, move_number: u32, applied: &AppliedResolution) -> Option<MeleeEntry> {
        use crate::rules::micro_colonial::{Outcome as Mc, melee::MeleeWinner};
        let crate::rules::Outcome::MicroColonial(Mc::Melee(melee)) = &applied.resolution.outcome
        else {
            return None;
        };
        let a_won = match melee.winner {
            MeleeWinner::A => true,
            MeleeWinner::B => false,
            MeleeWinner::Draw => return None,
        };
        let units = applied.inputs.get("units").and_then(Value::as_array)?;
        let id = |i: usize| {
            units
                .get(i)
                .and_then(Value::as_str)
                .map(|s| UnitId(s.to_owned()))
        };
        Some(MeleeEntry {
            seq,
            move_number,
            a: id(0)?,
            b: id(1)?,
            a_won,
            margin: melee.margin,
        })
    }
}

/// What one action changed, as it was before it: undoing the last action in force
/// restores it ([`Following::follow`]) instead of replaying the whole log. The lists
/// that only grow (strength changes, moves, melees) are kept as their lengths.
#[derive(Debug, Clone, PartialEq)]
struct Before {
    move_number: u32,
    phase: Option<String>,
    result: Option<GameResult>,
    started: Option<Stamp>,
    table: Option<String>,
    record: RecordBefore,
    units_len: usize,
    units: Vec<UnitBefore>,
    changes: usize,
    moves: usize,
    melees: usize,
}

/// What an edit may change of a unit, as it was (its place on the roster `at`).
#[derive(Debug, Clone, PartialEq)]
struct UnitBefore {
    at: usize,
    initial: u32,
    joined_with: u32,
    present: u32,
    status: Option<Status>,
    formation: Option<Formation>,
    removed: bool,
    position: Option<Value>,
}

/// The record of the game an action replaces (at most one), as it was.
#[derive(Debug, Clone, PartialEq)]
enum RecordBefore {
    /// The action replaces none.
    Untouched,
    /// Who played each side.
    Players(Vec<Player>),
    /// The terrain as played.
    Terrain(Option<Value>),
    /// The tables in force.
    Tables(Option<(String, Vec<String>)>),
}

/// What one action in force added to a state's history: its strength changes and moves,
/// the move it was resolved in (an applied resolution) and its melee. A state is stored
/// as the rest of it ([`GameState::without_history`]) and one step per action, so a write
/// stores what changed, not the whole history again.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HistoryStep {
    /// Its strength changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<StrengthEntry>,
    /// Its unit moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveEntry>,
    /// The move it was resolved in, when it applied a resolution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution_move: Option<u32>,
    /// Its melee with a winner.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melees: Vec<MeleeEntry>,
}

/// A state without its history, as it is serialized for the store: every field of
/// [`GameState`] but the four that grow with the log.
#[derive(Serialize)]
struct WithoutHistory<'a> {
    move_number: u32,
    phase: &'a Option<String>,
    units: &'a [UnitState],
    result: &'a Option<GameResult>,
    started: &'a Option<Stamp>,
    table: &'a Option<String>,
    players: &'a [Player],
    terrain: &'a Option<Value>,
    tables: &'a Option<(String, Vec<String>)>,
    voided: &'a BTreeSet<u64>,
    redo: &'a [u64],
    index: &'a BTreeMap<UnitId, usize>,
}

/// Everything the active events of a log add up to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The current move, from 1.
    pub move_number: u32,
    /// The phase within the move, if set.
    pub phase: Option<String>,
    /// The roster, in the order units joined (removed units stay, marked).
    pub units: Vec<UnitState>,
    /// Every strength change, in order.
    #[serde(default)]
    pub changes: Vec<StrengthEntry>,
    /// Every unit move, in order.
    #[serde(default)]
    pub moves: Vec<MoveEntry>,
    /// The move each active applied resolution was made in, by its sequence number.
    #[serde(default)]
    pub resolution_moves: BTreeMap<u64, u32>,
    /// Every active applied Micro Colonial melee with a winner, in order.
    #[serde(default)]
    pub melees: Vec<MeleeEntry>,
    /// The result, once the game has ended.
    pub result: Option<GameResult>,
    /// When the game started, if its start was recorded.
    #[serde(default)]
    pub started: Option<Stamp>,
    /// The table it is played on, if named.
    #[serde(default)]
    pub table: Option<String>,
    /// Who plays each side, as last named for that side, in the order named.
    #[serde(default)]
    pub players: Vec<Player>,
    /// The terrain as last edited in play (the layout's `terrain` list), if it was.
    #[serde(default)]
    pub terrain: Option<Value>,
    /// The tables in force: their hash and the club cells typed, as last recorded.
    #[serde(default)]
    pub tables: Option<(String, Vec<String>)>,
    /// The voided (undone) events.
    pub voided: BTreeSet<u64>,
    /// Events that redo would restore, the next one last.
    pub redo: Vec<u64>,
    index: BTreeMap<UnitId, usize>,
}

impl Default for GameState {
    fn default() -> GameState {
        GameState {
            move_number: 1,
            phase: None,
            units: Vec::new(),
            changes: Vec::new(),
            moves: Vec::new(),
            resolution_moves: BTreeMap::new(),
            melees: Vec::new(),
            result: None,
            started: None,
            table: None,
            players: Vec::new(),
            terrain: None,
            tables: None,
            voided: BTreeSet::new(),
            redo: Vec::new(),
            index: BTreeMap::new(),
        }
    }
}

/// A game's state followed event by event: what each action in force changed is kept, so
/// undoing the last one restores it instead of replaying the log. [`super::Game`] keeps
/// its state this way, and `log replay` walks a log with it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Following {
    /// The state the events followed add up to.
    pub(crate) state: GameState,
    /// What each action in force changed, as it was before it, by its sequence number.
    befores: BTreeMap<u64, Before>,
}

impl Following {
    /// Replays a log from the start: first which events are voided, then every active
    /// action in order.
    pub(crate) fn replay(events: &[LoggedEvent]) -> Following {
        let mut following = Following::default();
        let state = &mut following.state;
        for logged in events {
            state.note_control(&logged.event);
        }
        for logged in events {
            if logged.event.is_action() && !state.voided.contains(&logged.seq) {
                let before = state.apply_recorded(logged.seq, &logged.event);
                following.befores.insert(logged.seq, before);
            }
        }
        following
    }

    /// Follows the last of `events` (the log up to it, everything before it followed
    /// already). An action applies; undoing the last action in force restores what it
    /// changed, and redoing one later than any in force applies it again; any other undo
    /// or redo replays the log. Returns the first action whose history may have changed.
    pub(crate) fn follow(&mut self, events: &[LoggedEvent]) -> u64 {
        let Some((new, earlier)) = events.split_last() else {
            return 0;
        };
        let last_in_force = earlier
            .iter()
            .rev()
            .find(|e| e.event.is_action() && !self.state.voided.contains(&e.seq))
            .map(|e| e.seq);
        match &new.event {
            &Event::Voided { event: target } => {
                match self.befores.remove(&target) {
                    Some(before) if last_in_force == Some(target) => {
                        self.state.undo_last(target, before, &new.event);
                    }
                    _ => *self = Following::replay(events),
                }
                target
            }
            &Event::Restored { event: target } => {
                let original = target.checked_sub(1).and_then(|i| earlier.get(i as usize));
                match original {
                    Some(original)
                        if original.event.is_action()
                            && last_in_force.is_none_or(|last| target > last) =>
                    {
                        self.state.note_control(&new.event);
                        let before = self.state.apply_recorded(target, &original.event);
                        self.befores.insert(target, before);
                    }
                    _ => *self = Following::replay(events),
                }
                target
            }
            event => {
                self.state.note_control(event);
                let before = self.state.apply_recorded(new.seq, event);
                self.befores.insert(new.seq, before);
                new.seq
            }
        }
    }
}

impl GameState {
    /// Replays a log from the start: first which events are voided, then every active
    /// action in order.
    pub fn replay(events: &[LoggedEvent]) -> GameState {
        Following::replay(events).state
    }

    /// Tracks undo and redo: a new action clears what redo would restore.
    fn note_control(&mut self, event: &Event) {
        match event {
            Event::Voided { event } => {
                self.voided.insert(*event);
                self.redo.push(*event);
            }
            Event::Restored { event } => {
                self.voided.remove(event);
                self.redo.retain(|seq| seq != event);
            }
            _ => self.redo.clear(),
        }
    }

    /// Undoes action `seq`, the last action in force, with what it changed as it was
    /// before: the state is then the replay of the log with `seq` voided (`voided` the
    /// voiding event itself). Only the last action in force may be undone this way; any
    /// other needs a replay.
    fn undo_last(&mut self, seq: u64, before: Before, voided: &Event) {
        self.note_control(voided);
        for was in before.units {
            let unit = &mut self.units[was.at];
            unit.spec.initial = was.initial;
            unit.spec.present = was.joined_with;
            unit.present = was.present;
            unit.status = was.status;
            unit.formation = was.formation;
            unit.removed = was.removed;
            unit.position = was.position;
        }
        for gone in self.units.split_off(before.units_len) {
            self.index.remove(&gone.spec.unit_id);
        }
        self.changes.truncate(before.changes);
        self.moves.truncate(before.moves);
        self.melees.truncate(before.melees);
        self.resolution_moves.remove(&seq);
        self.move_number = before.move_number;
        self.phase = before.phase;
        self.result = before.result;
        self.started = before.started;
        self.table = before.table;
        match before.record {
            RecordBefore::Untouched => {}
            RecordBefore::Players(players) => self.players = players,
            RecordBefore::Terrain(terrain) => self.terrain = terrain,
            RecordBefore::Tables(tables) => self.tables = tables,
        }
    }

    fn apply_recorded(&mut self, seq: u64, event: &Event) -> Before {
        let edits: &[UnitEdit] = match event {
            Event::Edit { edit } => std::slice::from_ref(edit),
            Event::ResolutionApplied(applied) => &applied.effects,
            _ => &[],
        };
        let mut units: Vec<UnitBefore> = Vec::new();
        for edit in edits {
            if let Some(&at) = self.index.get(edit.unit_id())
                && !units.iter().any(|was| was.at == at)
            {
                let unit = &self.units[at];
                units.push(UnitBefore {
                    at,
                    initial: unit.spec.initial,
                    joined_with: unit.spec.present,
                    present: unit.present,
                    status: unit.status.clone(),
                    formation: unit.formation.clone(),
                    removed: unit.removed,
                    position: unit.position.clone(),
                });
            }
        }
        let before = Before {
            move_number: self.move_number,
            phase: self.phase.clone(),
            result: self.result.clone(),
            started: self.started.clone(),
            table: self.table.clone(),
            record: match event {
                Event::PlayersNamed { .. } => RecordBefore::Players(self.players.clone()),
                Event::TerrainSet { .. } => RecordBefore::Terrain(self.terrain.clone()),
                Event::TablesInForce { .. } => RecordBefore::Tables(self.tables.clone()),
                _ => RecordBefore::Untouched,
            },
            units_len: self.units.len(),
            units,
            changes: self.changes.len(),
            moves: self.moves.len(),
            melees: self.melees.len(),
        };
        self.apply_action(seq, event);
        before
    }

    fn apply_action(&mut self, seq: u64, event: &Event) {
        match event {
            Event::UnitAdded { unit } => self.join(unit, None),
            Event::BasePlaced { unit, base } => self.join(unit, Some(base.clone())),
            Event::TerrainSet { terrain } => self.terrain = Some(terrain.clone()),
            Event::TablesInForce {
                tables_hash,
                club_cells,
                ..
            } => self.tables = Some((tables_hash.clone(), club_cells.clone())),
            Event::Edit { edit } => self.apply_edit(seq, edit),
            Event::ResolutionApplied(applied) => {
                self.resolution_moves.insert(seq, self.move_number);
                if let Some(melee) = MeleeEntry::of(seq, self.move_number, applied) {
                    self.melees.push(melee);
                }
                for edit in &applied.effects {
                    self.apply_edit(seq, edit);
                }
            }
            Event::MoveAdvanced => {
                self.move_number = self.move_number.saturating_add(1);
                self.phase = None;
            }
            Event::PhaseSet { phase } => self.phase = Some(phase.clone()),
            Event::GameEnded { result } => self.result = Some(result.clone()),
            Event::GameStarted { date, table } => {
                self.started = Some(date.clone());
                self.table.clone_from(table);
            }
            Event::PlayersNamed { players } => {
                // The sides named here are named anew.
                self.players
                    .retain(|p| !players.iter().any(|named| named.side == p.side));
                self.players.extend(players.iter().cloned());
            }
            Event::Voided { .. } | Event::Restored { .. } => {}
        }
    }

    fn join(&mut self, unit: &UnitSpec, base: Option<Value>) {
        if !self.index.contains_key(&unit.unit_id) {
            self.index.insert(unit.unit_id.clone(), self.units.len());
            self.units.push(UnitState {
                spec: unit.clone(),
                present: unit.present,
                status: None,
                formation: unit.formation.clone(),
                removed: false,
                position: None,
                base,
            });
        }
    }

    fn apply_edit(&mut self, seq: u64, edit: &UnitEdit) {
        let move_number = self.move_number;
        let Some(&at) = self.index.get(edit.unit_id()) else {
            return;
        };
        let unit = &mut self.units[at];
        match edit {
            UnitEdit::Moved { unit_id, to } => {
                unit.position = Some(to.clone());
                self.moves.push(MoveEntry {
                    seq,
                    move_number,
                    unit_id: unit_id.clone(),
                });
            }
            UnitEdit::StrengthChanged {
                unit_id,
                amount,
                cause,
            } => {
                let amount = if cause.is_loss() {
                    let taken = (*amount).min(unit.present);
                    unit.present -= taken;
                    taken
                } else {
                    unit.present = unit.present.saturating_add(*amount);
                    *amount
                };
                self.changes.push(StrengthEntry {
                    seq,
                    move_number,
                    unit_id: unit_id.clone(),
                    amount,
                    cause: *cause,
                });
            }
            UnitEdit::StrengthSet {
                unit_id,
                initial,
                present,
            } => {
                let now = present_after(&self.changes, unit_id, *present);
                let unit = &mut self.units[at];
                unit.spec.initial = *initial;
                unit.spec.present = *present;
                unit.present = now;
            }
            UnitEdit::StatusSet { status, .. } => unit.status.clone_from(status),
            UnitEdit::FormationSet { formation, .. } => unit.formation.clone_from(formation),
            UnitEdit::Removed { .. } => unit.removed = true,
        }
    }

    /// The state's JSON without its history (read back with serde, it is the state with
    /// empty history, to which [`GameState::push_history`] adds each step).
    pub fn without_history(&self) -> String {
        let view = WithoutHistory {
            move_number: self.move_number,
            phase: &self.phase,
            units: &self.units,
            result: &self.result,
            started: &self.started,
            table: &self.table,
            players: &self.players,
            terrain: &self.terrain,
            tables: &self.tables,
            voided: &self.voided,
            redo: &self.redo,
            index: &self.index,
        };
        // A state is plain data: serializing it cannot fail.
        serde_json::to_string(&view).unwrap_or_default()
    }

    /// The history the actions from `from` on added, one step per action, in order (the
    /// history is kept in the order of the log: actions apply in order, undo removes the
    /// last, redo restores one later than any in force).
    pub fn history_from(&self, from: u64) -> Vec<(u64, HistoryStep)> {
        let mut steps: BTreeMap<u64, HistoryStep> = BTreeMap::new();
        let tail = self.changes.partition_point(|c| c.seq < from);
        for change in &self.changes[tail..] {
            steps
                .entry(change.seq)
                .or_default()
                .changes
                .push(change.clone());
        }
        let tail = self.moves.partition_point(|m| m.seq < from);
        for entry in &self.moves[tail..] {
            steps
                .entry(entry.seq)
                .or_default()
                .moves
                .push(entry.clone());
        }
        for (&seq, &move_number) in self.resolution_moves.range(from..) {
            steps.entry(seq).or_default().resolution_move = Some(move_number);
        }
        let tail = self.melees.partition_point(|m| m.seq < from);
        for melee in &self.melees[tail..] {
            steps
                .entry(melee.seq)
                .or_default()
                .melees
                .push(melee.clone());
        }
        steps.into_iter().collect()
    }

    /// Adds one action's history after the rest (steps are added in the log's order).
    pub fn push_history(&mut self, seq: u64, step: HistoryStep) {
        self.changes.extend(step.changes);
        self.moves.extend(step.moves);
        if let Some(move_number) = step.resolution_move {
            self.resolution_moves.insert(seq, move_number);
        }
        self.melees.extend(step.melees);
    }

    /// The present strength a unit would have, had it joined with `present`: the losses
    /// and replacements already recorded still count.
    pub fn present_if_joined_with(&self, unit_id: &UnitId, present: u32) -> u32 {
        present_after(&self.changes, unit_id, present)
    }

    /// The replacements recorded for a unit less its losses (negative when it has lost).
    pub fn net_change(&self, unit_id: &UnitId) -> i64 {
        net(&self.changes, unit_id)
    }

    /// One unit's state.
    pub fn unit(&self, unit_id: &UnitId) -> Option<&UnitState> {
        self.index.get(unit_id).map(|&at| &self.units[at])
    }

    /// The strength a unit has lost in the current move (Micro Colonial morale tests are
    /// due on losses "in one move").
    pub fn lost_this_move(&self, unit_id: &UnitId) -> u32 {
        self.changes
            .iter()
            .filter(|c| {
                c.move_number == self.move_number && c.unit_id == *unit_id && c.cause.is_loss()
            })
            .map(|c| c.amount)
            .sum()
    }

    /// Every unit's losses in the current move, in one pass over the changes (the roster
    /// shows them all every frame). Units that lost nothing are absent.
    pub fn losses_this_move(&self) -> BTreeMap<&UnitId, u32> {
        let mut lost: BTreeMap<&UnitId, u32> = BTreeMap::new();
        for change in self
            .changes
            .iter()
            .filter(|c| c.move_number == self.move_number && c.cause.is_loss())
        {
            let sum = lost.entry(&change.unit_id).or_default();
            *sum = sum.saturating_add(change.amount);
        }
        lost
    }

    /// The players of `side`, as last named.
    pub fn players_of(&self, side: &str) -> Vec<&str> {
        self.players
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.name.as_str())
            .collect()
    }

    /// The sides in the game, in the order their first unit joined.
    pub fn sides(&self) -> Vec<String> {
        let mut sides: Vec<String> = Vec::new();
        for unit in &self.units {
            if !sides.contains(&unit.spec.side) {
                sides.push(unit.spec.side.clone());
            }
        }
        sides
    }
}
