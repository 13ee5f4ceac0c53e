//! The one way into the record. Every write to a game — a result applied, the game ended,
//! undo and redo, an edit in play, the charts in force, a game added — is asked for as an
//! [`Action`]; [`admit`] turns it into the events to log, or refuses it, and the caller
//! (the `.laager` file, or a campaign held in memory) writes them all or none. Neither the
//! window nor the command line builds an event it writes.
//!
//! Before anything is admitted the gate checks, in this order:
//! 1. the record itself ([`super::seals::check_for_write`]): the game's chain from its
//!    sealed header, its end against the head the file stores, and the campaign's seal
//!    over its name and the numbering of its games; a file that fails is never written to;
//! 2. the units in their roles: each unit given once, on the game's records and still in
//!    the game, and on the sides the procedure names for its roles (a DBA close combat is
//!    between the two armies);
//! 3. the throw: a throw of the dice is applied once in its campaign;
//! 4. each event, as the log checks it ([`Game::check`]): losses within what a unit has,
//!    nothing after the game's end, undo and redo in order.

use super::apply::apply;
use super::campaign::Campaign;
use super::chain::LoggedEvent;
use super::club::TableError;
use super::event::{ENGINE_VERSION, Event, GameResult, ThrowId, UnitEdit, UnitId, UnitSpec};
use super::log::{Game, GameError};
use super::played::Player;
use super::seals::{self, Stored};
use crate::geometry::Layout;
use crate::rules::AnyResolution;
use crate::rules::Request;
use crate::rules::situation::{Party, Roles};
use serde_json::Value;

/// A write to a game, as the window or the command line asks for it.
#[derive(Debug, Clone)]
pub enum Action {
    /// A resolution applied to the units in its roles.
    Apply(Box<Apply>),
    /// The game is over: the result the engine's `victory::settle` gave.
    End(GameResult),
    /// Undo the last action in force.
    Undo,
    /// Redo the last undo.
    Redo,
    /// An edit of one unit by hand (a move on the table, a status, a strength set).
    Edit(UnitEdit),
    /// A unit joins the game's records (a counter of a board game, a reinforcement).
    Join(UnitSpec),
    /// A unit put on the table in play.
    PlaceBase {
        /// The unit and its strength.
        unit: UnitSpec,
        /// Its base, in the layout's format.
        base: Value,
    },
    /// The table's terrain as it now stands (the layout's `terrain` list).
    SetTerrain(Value),
    /// The next move begins.
    AdvanceMove,
    /// The phase within the move.
    SetPhase(String),
    /// The charts in force from here on, when they are not the ones last recorded.
    RecordTables(TablesNote),
    /// Who played each side (at the start, in play, or after the end).
    Players(Vec<Player>),
}

impl TryFrom<Event> for Action {
    type Error = &'static str;

    /// The action a logged event of a manual kind stands for (an edit, a unit joining, the
    /// next move): such events read again as actions go through the gate like any other.
    /// A result applied is not one: it is applied from its resolution, with its throw.
    fn try_from(event: Event) -> Result<Action, Self::Error> {
        Ok(match event {
            Event::UnitAdded { unit } => Action::Join(unit),
            Event::Edit { edit } => Action::Edit(edit),
            Event::BasePlaced { unit, base } => Action::PlaceBase { unit, base },
            Event::TerrainSet { terrain } => Action::SetTerrain(terrain),
            Event::TablesInForce {
                tables_hash,
                club_cells,
                club_tables,
            } => Action::RecordTables(TablesNote {
                tables_hash,
                club_cells,
                club_tables,
            }),
            Event::MoveAdvanced => Action::AdvanceMove,
            Event::PhaseSet { phase } => Action::SetPhase(phase),
            Event::GameEnded { result } => Action::End(result),
            Event::Voided { .. } => Action::Undo,
            Event::Restored { .. } => Action::Redo,
            Event::PlayersNamed { players } => Action::Players(players),
            Event::ResolutionApplied(_) => {
                return Err("a result is applied from its resolution and throw (Action::Apply)");
            }
            Event::GameStarted { .. } => {
                return Err("a game's start is logged as the game is added (admit_game)");
            }
        })
    }
}

/// A resolution to apply.
#[derive(Debug, Clone)]
pub struct Apply {
    /// The procedure and its typed input, as resolved.
    pub request: Request,
    /// The result.
    pub resolution: AnyResolution,
    /// The units in their roles.
    pub roles: Roles,
    /// The chart cells typed for this resolution alone.
    pub cells: Vec<String>,
    /// The throw it was resolved with (or, for a procedure that throws no dice, the
    /// resolution itself): applied once.
    pub throw: ThrowId,
    /// The charts it was resolved with, recorded first when they are not the ones last in
    /// force, in the same write.
    pub tables: Option<TablesNote>,
    /// The table as played, read for the pose of a unit whose move is applied.
    pub table: Option<Layout>,
}

/// The charts in force: their hash, the club cells typed, the club's folder as named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TablesNote {
    /// The content hash of the tables in force.
    pub tables_hash: String,
    /// The club cells typed, one address and value each.
    pub club_cells: Vec<String>,
    /// The club's tables folder laid over the shipped tables, as it was named.
    pub club_tables: Option<String>,
}

impl TablesNote {
    /// The event recording these charts.
    pub fn event(&self) -> Event {
        Event::TablesInForce {
            tables_hash: self.tables_hash.clone(),
            club_cells: self.club_cells.clone(),
            club_tables: self.club_tables.clone(),
        }
    }
}

/// What the gate admitted: the events to write, in order, and what the referee should
/// know of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Admitted {
    /// The events, written all in one transaction or none.
    pub events: Vec<Event>,
    /// One line per record edit and note (a loss capped, hits the owner allocates).
    pub lines: Vec<String>,
}

/// Why the gate wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GateError {
    /// The record fails verification: no write may launder it.
    #[error("{0}: run `laager log verify`; nothing written")]
    Broken(String),
    /// One unit named in two roles.
    #[error(
        "--unit {role}={unit}: '{unit}' is already {other}: a unit takes one role; nothing written"
    )]
    UnitTwice {
        /// The second role.
        role: String,
        /// The unit.
        unit: String,
        /// The role it was given first.
        other: String,
    },
    /// A unit the game's records do not hold.
    #[error("--unit {role}={unit}: '{unit}' is not on game {game}'s records; nothing written")]
    NotInRecords {
        /// The role.
        role: String,
        /// The unit.
        unit: String,
        /// The game, from 1.
        game: usize,
    },
    /// A unit that has left the game.
    #[error(
        "--unit {role}={unit}: '{unit}' has left the game (removed from its records); nothing written"
    )]
    LeftGame {
        /// The role.
        role: String,
        /// The unit.
        unit: String,
    },
    /// Units of one side in roles the procedure puts on two sides, or units of two sides
    /// in roles it puts on one.
    #[error("--unit {role}={unit}: '{unit}' is {side}, {why}; nothing written")]
    WrongSide {
        /// The role.
        role: String,
        /// The unit.
        unit: String,
        /// Its side.
        side: String,
        /// What the procedure asks of it, in words.
        why: String,
    },
    /// A throw applied before in the campaign.
    #[error(
        "this throw was already applied in game {game}, event {event}: a throw is applied once; throw the dice again; nothing written"
    )]
    ThrowTaken {
        /// The game that took it, from 1.
        game: usize,
        /// The event that took it.
        event: u64,
    },
    /// A game number that is not in the campaign.
    #[error("there is no game {number} (the campaign has {count}); nothing written")]
    NoSuchGame {
        /// The number asked for.
        number: usize,
        /// How many games there are.
        count: usize,
    },
    /// The log's own checks refused an event.
    #[error("{0}; nothing written")]
    Game(#[from] GameError),
    /// A unit of a table's game is in play in another game, or cannot join.
    #[error("{0}; nothing written")]
    Table(#[from] TableError),
    /// A table's copy fails verification: no merge may launder it.
    #[error("{file}: {reason}: run `laager log verify {file}`; nothing written")]
    TableBroken {
        /// The copy's file.
        file: String,
        /// The first break, in words.
        reason: String,
    },
    /// A file to merge holds another campaign.
    #[error("{file}: not a copy of this campaign: {why}; nothing written")]
    OtherCampaign {
        /// The copy's file.
        file: String,
        /// How it differs.
        why: String,
    },
    /// A file holds two games of one identity, which a merge cannot tell apart.
    #[error(
        "{file}: games {first} and {second} begin with the same event (one identity): a merge cannot tell them apart; nothing written"
    )]
    SameIdentity {
        /// The file.
        file: String,
        /// The first game, from 1.
        first: usize,
        /// The second.
        second: usize,
    },
    /// Two copies of one game logged different events after the same one.
    #[error(
        "{game}: its copies in {first} and {second} part at event {seq} (each logged a different event after event {}): they cannot both be kept; nothing written",
        seq - 1
    )]
    Diverged {
        /// The game, in words (number, name, identity).
        game: String,
        /// The first event where the copies differ.
        seq: u64,
        /// One copy's file.
        first: String,
        /// The other's.
        second: String,
    },
    /// After a merge a unit would be in play in two games at once.
    #[error(
        "unit '{unit}' would be in play in {first} and in {second} at once: a unit fights in one game at a time; nothing written"
    )]
    InPlayTwice {
        /// The unit.
        unit: String,
        /// One game, in words.
        first: String,
        /// The other.
        second: String,
    },
    /// After a merge one throw would be applied in two games.
    #[error(
        "one throw of the dice is applied in {first} and in {second}: a throw is applied once; nothing written"
    )]
    ThrowInTwoGames {
        /// One game, in words.
        first: String,
        /// The other.
        second: String,
    },
}

/// Checks `action` on game `number` (from 1) of `campaign` and returns the events it
/// writes. `stored` is what the file records of the campaign's seals (heads, the
/// campaign's seal), empty for a campaign held only in memory. Nothing is written here.
pub fn admit(
    campaign: &Campaign,
    number: usize,
    stored: &Stored,
    action: Action,
) -> Result<Admitted, GateError> {
    let count = campaign.games.len();
    let Some(game) = number.checked_sub(1).and_then(|i| campaign.games.get(i)) else {
        return Err(GateError::NoSuchGame { number, count });
    };
    seals::check_for_write(campaign, Some(number), stored).map_err(GateError::Broken)?;
    let (events, lines) = match action {
        Action::Apply(apply) => return admit_apply(campaign, number, game, *apply),
        Action::End(result) => (vec![Event::GameEnded { result }], Vec::new()),
        Action::Undo => (vec![game.undo_event()?], Vec::new()),
        Action::Redo => (vec![game.redo_event()?], Vec::new()),
        Action::Edit(edit) => (vec![Event::Edit { edit }], Vec::new()),
        Action::Join(unit) => (vec![Event::UnitAdded { unit }], Vec::new()),
        Action::PlaceBase { unit, base } => (vec![Event::BasePlaced { unit, base }], Vec::new()),
        Action::SetTerrain(terrain) => (vec![Event::TerrainSet { terrain }], Vec::new()),
        Action::AdvanceMove => (vec![Event::MoveAdvanced], Vec::new()),
        Action::SetPhase(phase) => (vec![Event::PhaseSet { phase }], Vec::new()),
        Action::RecordTables(note) => (vec![note.event()], Vec::new()),
        Action::Players(players) => (vec![Event::PlayersNamed { players }], Vec::new()),
    };
    check_in_order(game, &events)?;
    Ok(Admitted { events, lines })
}

/// Checks several actions on game `number`, each after the events of the ones before it
/// (`end-game --player`: the players named, then the end), and returns all their events,
/// to be written in one transaction. Nothing is written here.
pub fn admit_all(
    campaign: &Campaign,
    number: usize,
    stored: &Stored,
    actions: Vec<Action>,
) -> Result<Admitted, GateError> {
    let count = actions.len();
    let mut scratch: Option<(Campaign, Stored)> = None;
    let mut all = Admitted {
        events: Vec::new(),
        lines: Vec::new(),
    };
    for (i, action) in actions.into_iter().enumerate() {
        let (now, now_stored) = scratch.as_ref().map_or((campaign, stored), |(c, s)| (c, s));
        let admitted = admit(now, number, now_stored, action)?;
        if i + 1 < count {
            // The next action is checked after these events, in a copy whose head and
            // seal move with them (they are this check's own).
            let (next, next_stored) =
                scratch.get_or_insert_with(|| (campaign.clone(), stored.clone()));
            let game = &mut next.games[number - 1];
            for event in &admitted.events {
                game.append(event.clone())?;
            }
            let (head, events) = (game.head().to_owned(), game.events().len());
            if let Some(slot) = next_stored.heads.get_mut(number - 1) {
                *slot = Some(head);
            }
            if next_stored.campaign_seal.is_some() {
                next_stored.campaign_seal = Some(next.seal());
            }
            next_stored.trust_game(number, events);
        }
        all.events.extend(admitted.events);
        all.lines.extend(admitted.lines);
    }
    Ok(all)
}

/// Checks a game to be added to `campaign` (its units joining, the charts it is played
/// with) and seals it under its header and the campaign's settings. The whole campaign
/// must verify first: a new game carries forces over from the ones before it.
pub fn admit_game(
    campaign: &Campaign,
    stored: &Stored,
    mut game: Game,
    tables: Option<&TablesNote>,
) -> Result<Game, GateError> {
    seals::check_for_write(campaign, None, stored).map_err(GateError::Broken)?;
    game.reseal(&campaign.settings);
    check_table_units(campaign, &game)?;
    if let Some(identity) = game.identity()
        && let Some(at) = campaign
            .games
            .iter()
            .position(|g| g.identity() == Some(identity))
    {
        return Err(GateError::SameIdentity {
            file: "the campaign".to_owned(),
            first: at + 1,
            second: campaign.games.len() + 1,
        });
    }
    if let Some(note) = tables
        && game.state().tables.as_ref()
            != Some(&(note.tables_hash.clone(), note.club_cells.clone()))
    {
        game.append(note.event())?;
    }
    Ok(game)
}

/// A game for a table (one whose start names its table) is played while others are: none
/// of its units may be in play in another game.
fn check_table_units(campaign: &Campaign, game: &Game) -> Result<(), GateError> {
    let at_table = matches!(
        game.events().first().map(|e| &e.event),
        Some(Event::GameStarted { table: Some(_), .. })
    );
    if !at_table {
        return Ok(());
    }
    for unit in game.state().units.iter().filter(|u| !u.removed) {
        if let Some(number) = campaign.in_play(&unit.spec.unit_id, None) {
            return Err(TableError::InPlay {
                unit: unit.spec.unit_id.clone(),
                game: number,
                name: campaign.games[number - 1].name.clone(),
            }
            .into());
        }
    }
    Ok(())
}

/// What a write through the gate logged.
#[derive(Debug, Clone, PartialEq)]
pub struct Acted {
    /// The game written to, from 1.
    pub game: usize,
    /// The events logged, in order.
    pub logged: Vec<LoggedEvent>,
    /// One line per record edit and note, as the desk lists them before Apply.
    pub lines: Vec<String>,
}

impl Acted {
    /// The sequence number of the last event logged.
    pub fn last_seq(&self) -> Option<u64> {
        self.logged.last().map(|e| e.seq)
    }
}

/// Writes `action` to game `number` of a campaign held in memory (an unsaved game at the
/// desk, the browser's), through [`admit`]: every event or none.
pub fn act_in_memory(
    campaign: &mut Campaign,
    stored: &mut Stored,
    number: usize,
    action: Action,
) -> Result<Acted, GateError> {
    let admitted = admit(campaign, number, stored, action)?;
    let game = &mut campaign.games[number - 1];
    let before = game.events().len();
    let mut logged = Vec::new();
    for event in admitted.events {
        match game.append(event) {
            Ok(link) => logged.push(link.clone()),
            Err(e) => {
                game.truncate(before);
                return Err(e.into());
            }
        }
    }
    stored.trust_game(number, game.events().len());
    Ok(Acted {
        game: number,
        logged,
        lines: admitted.lines,
    })
}

/// Adds a game to a campaign held in memory through [`admit_game`]; returns its number.
pub fn add_in_memory(
    campaign: &mut Campaign,
    stored: &mut Stored,
    game: Game,
    tables: Option<&TablesNote>,
) -> Result<usize, GateError> {
    let game = admit_game(campaign, stored, game, tables)?;
    campaign.games.push(game);
    stored.trust(campaign);
    Ok(campaign.games.len())
}

fn admit_apply(
    campaign: &Campaign,
    number: usize,
    game: &Game,
    apply_: Apply,
) -> Result<Admitted, GateError> {
    let Apply {
        request,
        resolution,
        roles,
        cells,
        throw,
        tables,
        table,
    } = apply_;
    let state = game.state();
    check_roles(&request, &roles, game, number)?;
    for (i, other) in campaign.games.iter().enumerate() {
        if let Some(event) = other.throw_applied(&throw) {
            return Err(GateError::ThrowTaken { game: i + 1, event });
        }
    }
    let mut events = Vec::new();
    if let Some(note) = tables
        && state.tables.as_ref() != Some(&(note.tables_hash.clone(), note.club_cells.clone()))
    {
        events.push(note.event());
    }
    let applied =
        apply(Some(&request), &resolution, &roles, state, table.as_ref()).with_cells(&cells);
    let lines = applied.lines(state);
    let mut event = applied.event;
    if let Event::ResolutionApplied(logged) = &mut event {
        logged.throw = Some(throw);
        logged.engine = Some(ENGINE_VERSION.to_owned());
    }
    events.push(event);
    check_in_order(game, &events)?;
    Ok(Admitted { events, lines })
}

/// Checks each event as the log would, each after the ones before it.
fn check_in_order(game: &Game, events: &[Event]) -> Result<(), GateError> {
    match events {
        [] => Ok(()),
        [only] => Ok(game.check(only)?),
        _ => {
            let mut scratch = game.clone();
            for event in events {
                scratch.append(event.clone())?;
            }
            Ok(())
        }
    }
}

/// The units in their roles against the game's records: each given once, on the records
/// and still in the game, and on the sides the procedure names.
pub fn check_roles(
    request: &Request,
    roles: &Roles,
    game: &Game,
    number: usize,
) -> Result<(), GateError> {
    let state = game.state();
    let mut seen: Vec<(&str, &str)> = Vec::new();
    // The side of the acting and the opposing roles, with the first unit that gave it.
    let mut acting: Option<(&str, &str, String)> = None;
    let mut opposing: Option<(&str, &str, String)> = None;
    for (role, unit_id) in &roles.0 {
        if let Some((other, _)) = seen.iter().find(|(_, id)| id == unit_id) {
            return Err(GateError::UnitTwice {
                role: role.clone(),
                unit: unit_id.clone(),
                other: (*other).to_owned(),
            });
        }
        seen.push((role, unit_id));
        let Some(unit) = state.unit(&UnitId(unit_id.clone())) else {
            return Err(GateError::NotInRecords {
                role: role.clone(),
                unit: unit_id.clone(),
                game: number,
            });
        };
        if unit.removed {
            return Err(GateError::LeftGame {
                role: role.clone(),
                unit: unit_id.clone(),
            });
        }
        let side = unit.spec.side.trim().to_lowercase();
        if side.is_empty() {
            continue;
        }
        let wrong = |why: String| GateError::WrongSide {
            role: role.clone(),
            unit: unit_id.clone(),
            side: unit.spec.side.clone(),
            why,
        };
        match request.party(role) {
            Party::Either => {}
            Party::Acting => {
                if let Some((first_role, first, first_side)) = &acting
                    && *first_side != side
                {
                    return Err(wrong(format!(
                        "but {first_role} '{first}' is {first_side}: the procedure's {first_role} and {role} are of one side"
                    )));
                }
                if let Some((first_role, first, first_side)) = &opposing
                    && *first_side == side
                {
                    return Err(wrong(format!(
                        "as {first_role} '{first}' is: {role} and {first_role} must be of opposing sides"
                    )));
                }
                acting.get_or_insert((role, unit_id, side));
            }
            Party::Opposing => {
                if let Some((first_role, first, first_side)) = &opposing
                    && *first_side != side
                {
                    return Err(wrong(format!(
                        "but {first_role} '{first}' is {first_side}: the procedure's {first_role} and {role} are of one side"
                    )));
                }
                if let Some((first_role, first, first_side)) = &acting
                    && *first_side == side
                {
                    return Err(wrong(format!(
                        "as {first_role} '{first}' is: {first_role} and {role} must be of opposing sides"
                    )));
                }
                opposing.get_or_insert((role, unit_id, side));
            }
        }
    }
    Ok(())
}
