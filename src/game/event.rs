//! The facts a game's log is made of: units added, edited and removed, resolutions
//! applied, the move advanced, the game ended, and the voiding events that undo and redo.

use super::played::{Player, Stamp};
use crate::record::{Formation, Status};
use crate::rules::AnyResolution;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A unit's identity, stable across the games of a campaign (`24th-1-coy`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub String);

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for UnitId {
    fn from(text: &str) -> UnitId {
        UnitId(text.to_owned())
    }
}

/// A unit as it joins a game: who it is, whose side, and its strength.
///
/// Strength is the ruleset's own measure: Micro Colonial fighting factors, DBA bases,
/// Victoria Cross strength points (SP), Soldiers of the Queen strength points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's identity.
    pub unit_id: UnitId,
    /// Its name as the referee writes it ("1st/24th, A Coy").
    pub name: String,
    /// Its side ("British", "Zulu").
    pub side: String,
    /// Its troop type in the ruleset's words ("regular infantry", "Zulus").
    pub troop_type: String,
    /// Initial strength (Micro Colonial IF; DBA bases; VC SP).
    pub initial: u32,
    /// Strength on joining this game (PF); equal to `initial` in a first game.
    pub present: u32,
    /// Its class for the morale rules (Micro Colonial `fanatic`, `european-regular`,
    /// `other`) or its nationality (Soldiers of the Queen `regular`, `colonial`, `nnc`,
    /// `zulu`, `dervish`, which its victory conditions count), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// Where the strength came from, when it was read from a chart rather than typed
    /// (`army_lists unodwengu: 950, reconstructed`), so the roster can flag it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength_note: Option<String>,
    /// Its formation on joining (Micro Colonial `close-order`, `open-order`, `square`,
    /// `two-unit`), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
}

/// Why a unit's strength changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A loss to volley fire: Micro Colonial column D ("record all volley fire losses
    /// under the column headed 'D' on the casualty record sheet").
    Volley,
    /// Any other loss: Micro Colonial column K ("Record all other losses under the column
    /// headed 'K'").
    Other,
    /// Strength restored between games under the campaign's replacement rule, or in play
    /// by a ruleset's replacements (Victoria Cross II's zone G at Rorke's Drift).
    Replacement,
    /// Strength added by combining counters: Rorke's Drift COMBINING RULE, "removing
    /// counters and adding the removed counters present fighting factor to the factor of
    /// another".
    Combined,
}

impl Cause {
    /// Whether this cause takes strength away (a loss) rather than restoring it.
    pub fn is_loss(self) -> bool {
        matches!(self, Cause::Volley | Cause::Other)
    }
}

/// A change to one unit, made by hand or as the effect of an applied resolution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum UnitEdit {
    /// The unit moved; `to` is its new place in the layout's own format (opaque here).
    Moved {
        /// The unit.
        unit_id: UnitId,
        /// Where it now stands, as the layout describes a base's pose.
        to: Value,
    },
    /// Strength lost (`amount` taken off) or restored (`amount` added), with its cause.
    StrengthChanged {
        /// The unit.
        unit_id: UnitId,
        /// How much: losses take it off present strength, replacements add it.
        amount: u32,
        /// Volley or other loss, or a replacement.
        cause: Cause,
    },
    /// The strength the unit joined with, set or corrected by hand (the club's counter
    /// says 280 FF): initial strength (IF) and strength on joining this game (PF). Losses
    /// and replacements already recorded still count against the new figure.
    StrengthSet {
        /// The unit.
        unit_id: UnitId,
        /// Initial strength (Micro Colonial IF).
        initial: u32,
        /// Strength on joining this game (PF).
        present: u32,
    },
    /// The unit's formation set (Micro Colonial `square`, `close-order` ...) or cleared.
    FormationSet {
        /// The unit.
        unit_id: UnitId,
        /// The formation, or `None` to clear it.
        formation: Option<Formation>,
    },
    /// A status set ("broken", "recoiled", "morale test due") or cleared (`null`).
    StatusSet {
        /// The unit.
        unit_id: UnitId,
        /// The status in the ruleset's words, or `None` to clear it.
        status: Option<Status>,
    },
    /// The unit leaves the game (destroyed, routed off, withdrawn).
    Removed {
        /// The unit.
        unit_id: UnitId,
    },
}

impl UnitEdit {
    /// A one-line description ("uMbonambi loses 12 to volley fire").
    pub fn describe(&self) -> String {
        describe_edit(self)
    }

    /// The unit the edit is about.
    pub fn unit_id(&self) -> &UnitId {
        match self {
            UnitEdit::Moved { unit_id, .. }
            | UnitEdit::StrengthChanged { unit_id, .. }
            | UnitEdit::StrengthSet { unit_id, .. }
            | UnitEdit::FormationSet { unit_id, .. }
            | UnitEdit::StatusSet { unit_id, .. }
            | UnitEdit::Removed { unit_id } => unit_id,
        }
    }
}

/// The version of the engine that resolved a result: the package version and a digest of
/// the source that decides rulings (`0.1.0+3fa4c0de9120`). Every applied result records
/// it, so a replay tells a reading changed since from a record changed since.
pub const ENGINE_VERSION: &str = env!("LAAGER_ENGINE_VERSION");

/// The identity of one throw of the dice: made when the faces are typed in or the seed is
/// drawn, unique in its campaign (128 random bits), and kept with the applied result, so
/// the log refuses to apply the same throw twice. It is not the faces: a later real throw
/// of the same faces is a new throw with a new identity.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct ThrowId(String);

impl ThrowId {
    /// A new throw: 32 hex digits from the system's random numbers.
    pub fn new() -> ThrowId {
        ThrowId(format!("{:032x}", rand::random::<u128>()))
    }

    /// Reads a throw's identity: 32 lowercase hex digits.
    pub fn parse(text: &str) -> Result<ThrowId, String> {
        if text.len() == 32
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            Ok(ThrowId(text.to_owned()))
        } else {
            Err(format!(
                "'{text}' is not a throw's identity: expected 32 lowercase hex digits"
            ))
        }
    }

    /// The identity as written in the log.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for ThrowId {
    fn default() -> ThrowId {
        ThrowId::new()
    }
}

impl fmt::Display for ThrowId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ThrowId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        ThrowId::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Where the dice of an applied resolution came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case", deny_unknown_fields)]
pub enum DiceOrigin {
    /// Laager's seeded generator, with the seed so the roll replays exactly.
    Seeded {
        /// The ChaCha8 seed.
        seed: u64,
    },
    /// Faces typed in from the table, as typed (`B4,R2`).
    Typed {
        /// The faces as entered.
        faces: String,
    },
}

/// A resolution applied to the game: what was asked, the dice, the result and its effects.
///
/// Games logged before requests were typed carry only `inputs` (`{procedure, units}`);
/// since, `request` holds the typed input the resolution was made from, so
/// `laager log replay` resolves it again with the same dice and compares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppliedResolution {
    /// The situation the rule was asked about, as the caller gave it (older games:
    /// `{procedure, units}`; now the units in their roles).
    pub inputs: Value,
    /// The source of the dice.
    pub dice: DiceOrigin,
    /// The result: steps, faces, outcome, warnings and the tables hash.
    pub resolution: AnyResolution,
    /// The changes to units the referee applied from the outcome.
    pub effects: Vec<UnitEdit>,
    /// The procedure and its typed input, as resolved (absent in games logged before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<crate::rules::Request>,
    /// The chart cells typed for this resolution alone (`CHART:KEY=VALUE`, the desk's
    /// "Use for this resolution", `--cell`): a replay lays them over the tables again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    /// The throw applied (absent in games logged before throws had an identity): the log
    /// refuses to apply it a second time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throw: Option<ThrowId>,
    /// The engine that resolved it ([`ENGINE_VERSION`]; absent in games logged before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The winning side, or `None` for a draw.
    pub winner: Option<String>,
    /// The referee's note ("the square held").
    pub note: String,
    /// When the game ended, as the caller's clock read it (absent in games ended before
    /// ends were dated, schema version 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Stamp>,
}

/// One fact in a game's log.
///
/// A kind added since a file's schema version was written (`game_started` and
/// `players_named`, and a result's `date`, since version 5) is never written into a file
/// of an older version: the write that logs it brings the file to the current version
/// first, which an older Laager refuses as newer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The game begins: when, and the table it is played on. Only ever a game's first
    /// event, so a game's identity (the hash of its first event) is its start.
    GameStarted {
        /// When, as the caller's clock read it.
        date: Stamp,
        /// The table it is played on (a club night's `--table`), when named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<String>,
    },
    /// Who plays each side: the players named for a side here take the place of any named
    /// for it before. May be logged after the game ended (the record of who played it).
    PlayersNamed {
        /// Each player and the side played.
        players: Vec<Player>,
    },
    /// A unit joins the game.
    UnitAdded {
        /// The unit and its strength.
        unit: UnitSpec,
    },
    /// A manual edit of one unit.
    Edit {
        /// The edit.
        edit: UnitEdit,
    },
    /// A unit joins during play with its base put on the table (the layout's unit JSON:
    /// id, side, type, x, y, facing and any size).
    BasePlaced {
        /// The unit and its strength.
        unit: UnitSpec,
        /// Its base, in the layout's format.
        base: Value,
    },
    /// The table's terrain as it now stands (the layout's `terrain` list), edited in play.
    TerrainSet {
        /// Every piece of terrain, in the layout's format.
        terrain: Value,
    },
    /// The tables the game is played with from here on: their hash and the club's cells
    /// typed in the window (`RULESET/CHART:KEY=VALUE`). Not undone by undo.
    TablesInForce {
        /// The content hash of the tables in force.
        tables_hash: String,
        /// The club cells typed, one address and value each.
        club_cells: Vec<String>,
        /// The club's tables folder laid over the shipped tables, as it was named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        club_tables: Option<String>,
    },
    /// A resolution applied, with its inputs, dice, result and effects.
    ResolutionApplied(Box<AppliedResolution>),
    /// The next move begins (the phase is cleared).
    MoveAdvanced,
    /// The phase within the move ("British fire", "Zulu move").
    PhaseSet {
        /// The phase's name.
        phase: String,
    },
    /// The game is over.
    GameEnded {
        /// Who won.
        result: GameResult,
    },
    /// Undo: the event with this sequence number no longer counts. Never deleted.
    Voided {
        /// The voided event's sequence number.
        event: u64,
    },
    /// Redo: a voided event counts again.
    Restored {
        /// The restored event's sequence number.
        event: u64,
    },
}

impl Event {
    /// Whether the event is an action (counts in the projection and can be undone), not
    /// an undo or redo.
    pub fn is_action(&self) -> bool {
        !matches!(self, Event::Voided { .. } | Event::Restored { .. })
    }

    /// Whether undo may void it: every action but a record of the tables in force, of
    /// the game's start or of its players (records of the game, not play).
    pub fn is_undoable(&self) -> bool {
        self.is_action()
            && !matches!(
                self,
                Event::TablesInForce { .. }
                    | Event::GameStarted { .. }
                    | Event::PlayersNamed { .. }
            )
    }

    /// A one-line description for listings, in words.
    pub fn describe(&self) -> String {
        match self {
            Event::GameStarted { date, table } => match table {
                Some(table) => format!("game started at table {table}, {}", date.words()),
                None => format!("game started {}", date.words()),
            },
            Event::PlayersNamed { players } => format!(
                "players: {}",
                players
                    .iter()
                    .map(|p| format!("{} ({})", p.name, crate::rules::words::readable(&p.side)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::UnitAdded { unit } => format!(
                "{} joins with {} of {}",
                unit_words(unit),
                unit.present,
                unit.initial
            ),
            Event::BasePlaced { unit, .. } => format!(
                "{} put on the table with {} of {}",
                unit_words(unit),
                unit.present,
                unit.initial
            ),
            Event::TerrainSet { terrain } => format!(
                "terrain edited: {} piece(s)",
                terrain.as_array().map_or(0, Vec::len)
            ),
            // Plain words: the charts' hash stays in the event (and in `log replay`), not in
            // the line a referee reads.
            Event::TablesInForce {
                club_cells,
                club_tables,
                ..
            } => format!(
                "the charts in force: {}{}",
                club_tables.as_ref().map_or_else(
                    || "as printed".to_owned(),
                    |dir| format!("the club's tables folder {dir}")
                ),
                match club_cells.len() {
                    0 => String::new(),
                    1 => ", with 1 club value".to_owned(),
                    n => format!(", with {n} club values"),
                }
            ),
            Event::Edit { edit } => describe_edit(edit),
            Event::ResolutionApplied(applied) => describe_applied(applied),
            Event::MoveAdvanced => "next move".to_owned(),
            Event::PhaseSet { phase } => format!("phase: {phase}"),
            Event::GameEnded { result } => match &result.winner {
                Some(side) => format!("game ended: {side} won"),
                None => "game ended: drawn".to_owned(),
            },
            Event::Voided { event } => format!("undo event {event}"),
            Event::Restored { event } => format!("redo event {event}"),
        }
    }
}

/// A resolution's faces as a referee types them: `B4,R2`, or `5,1` for plain dice.
pub fn faces_as_typed(resolution: &AnyResolution) -> String {
    resolution
        .rolls
        .iter()
        .flat_map(|roll| &roll.faces)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// "Micro Colonial small arms fire: uNodwengu 1 loses 34 FF to volley fire (column D) —
/// typed B4,R2 — uNodwengu 1 loses 34 to volley fire": the outcome in the referee's words
/// (the request and the units in their roles as logged), then the dice, then the effects.
fn describe_applied(applied: &AppliedResolution) -> String {
    let resolution = &applied.resolution;
    let roles: crate::rules::situation::Roles = applied
        .inputs
        .get("roles")
        .and_then(|roles| serde_json::from_value(roles.clone()).ok())
        .unwrap_or_default();
    let said = crate::rules::words::words(applied.request.as_ref(), resolution, &roles);
    let faces = faces_as_typed(resolution);
    let dice = match &applied.dice {
        _ if faces.is_empty() => "no dice".to_owned(),
        DiceOrigin::Seeded { seed } => format!("rolled {faces} (seed {seed})"),
        DiceOrigin::Typed { .. } => format!("typed {faces}"),
    };
    let mut text = format!(
        "{} {}: {said} — {dice}",
        resolution.ruleset.title(),
        resolution.procedure.replace('-', " "),
    );
    for edit in &applied.effects {
        text.push_str(" — ");
        text.push_str(&describe_edit(edit));
    }
    text
}

fn describe_edit(edit: &UnitEdit) -> String {
    match edit {
        UnitEdit::Moved { unit_id, .. } => format!("{unit_id} moved"),
        UnitEdit::StrengthChanged {
            unit_id,
            amount,
            cause,
        } => match cause {
            Cause::Volley => format!("{unit_id} loses {amount} to volley fire"),
            Cause::Other => format!("{unit_id} loses {amount}"),
            Cause::Replacement => format!("{unit_id} restored by {amount}"),
            Cause::Combined => format!("{unit_id} takes {amount} combined into it"),
        },
        UnitEdit::StrengthSet {
            unit_id,
            initial,
            present,
        } => format!("{unit_id} set to {present} of {initial} on joining"),
        UnitEdit::FormationSet { unit_id, formation } => match formation {
            Some(formation) => format!("{unit_id} forms {formation}"),
            None => format!("{unit_id} formation cleared"),
        },
        UnitEdit::StatusSet { unit_id, status } => match status {
            Some(status) => format!("{unit_id} is {status}"),
            None => format!("{unit_id} status cleared"),
        },
        UnitEdit::Removed { unit_id } => format!("{unit_id} removed"),
    }
}

/// A unit as the log names it: its name, its id where that differs, and its side.
fn unit_words(unit: &UnitSpec) -> String {
    if unit.unit_id.0 == unit.name {
        format!(
            "{} ({})",
            unit.name,
            crate::rules::words::readable(&unit.side)
        )
    } else {
        format!(
            "{} ({}, {})",
            unit.name,
            unit.unit_id,
            crate::rules::words::readable(&unit.side)
        )
    }
}
