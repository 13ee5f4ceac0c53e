//! Casualty record sheets, projected from a game's state in each ruleset's own form:
//! Micro Colonial IF, PF and, by move, D and K; DBA bases and status; Victoria Cross and
//! Soldiers of the Queen strength points.

use super::event::{Cause, UnitId};
use super::log::Game;
use super::state::{GameState, UnitState};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// One D entry: a volley-fire loss, struck through once the unit's next move took it into
/// account ("where a figure appears in the 'D' column, reduce the unit's movement
/// accordingly: Strike a line through the figure").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DEntry {
    /// Fighting factors lost to volley fire.
    pub ff: u32,
    /// Whether the unit has moved since, so the cut was taken into account.
    pub struck: bool,
}

/// One move's line of a Micro Colonial sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct McMove {
    /// The move, from 1.
    pub move_number: u32,
    /// Volley-fire losses (column D).
    pub d: Vec<DEntry>,
    /// All other losses (column K).
    pub k: u32,
    /// Strength restored in this move (a campaign replacement).
    pub restored: u32,
}

/// A unit's row on the Micro Colonial casualty record sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct McUnit {
    /// Unit identification (UI).
    pub unit_id: UnitId,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// Its troop type.
    pub troop_type: String,
    /// Initial fighting factor (IF).
    pub initial: u32,
    /// Present fighting factor (PF).
    pub present: u32,
    /// The moves with entries.
    pub moves: Vec<McMove>,
    /// Millimetres the unit's next forward move is cut by: the D figures not yet struck
    /// ("reduce its forward movement only by 1 mm for each fighting factor lost").
    pub forward_move_cut_mm: u32,
    /// Its status.
    pub status: Option<crate::record::Status>,
    /// Whether it has left the game.
    pub removed: bool,
}

/// A unit's row on a sheet that counts bases (DBA) or strength points (VC, SotQ).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrengthUnit {
    /// The unit.
    pub unit_id: UnitId,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// Its troop type.
    pub troop_type: String,
    /// Initial bases or SP.
    pub initial: u32,
    /// Present bases or SP.
    pub present: u32,
    /// Lost since the start (initial − present).
    pub lost: u32,
    /// Its status ("recoiled", "fled").
    pub status: Option<crate::record::Status>,
    /// Whether it has left the game.
    pub removed: bool,
}

/// The rows of a sheet, by the form the ruleset keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum SheetRows {
    /// Micro Colonial: IF, PF, D and K by move.
    MicroColonial {
        /// One row per unit.
        units: Vec<McUnit>,
    },
    /// DBA: bases and status.
    Bases {
        /// One row per unit.
        units: Vec<StrengthUnit>,
    },
    /// Victoria Cross, Soldiers of the Queen: strength points and status.
    StrengthPoints {
        /// One row per unit.
        units: Vec<StrengthUnit>,
    },
}

/// One game's casualty record sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordSheet {
    /// The game's number in its campaign, from 1.
    pub game: usize,
    /// The game's identity: the hash of its first event, the same in every copy of the
    /// campaign (absent while nothing is logged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
    /// The game's name.
    pub name: String,
    /// Its ruleset.
    pub ruleset: Ruleset,
    /// The move the game is in.
    pub move_number: u32,
    /// The rows.
    pub rows: SheetRows,
}

/// A sheet as a plain table, for CSV and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Column headings.
    pub headers: Vec<&'static str>,
    /// Cells, row by row.
    pub rows: Vec<Vec<String>>,
}

impl RecordSheet {
    /// Projects the sheet of game number `game` (from 1).
    pub fn project(game_number: usize, game: &Game) -> RecordSheet {
        let state = game.state();
        let rows = match game.ruleset {
            Ruleset::MicroColonial => SheetRows::MicroColonial {
                units: state.units.iter().map(|u| mc_unit(state, u)).collect(),
            },
            Ruleset::DbaZulu => SheetRows::Bases {
                units: state.units.iter().map(strength_unit).collect(),
            },
            Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => SheetRows::StrengthPoints {
                units: state.units.iter().map(strength_unit).collect(),
            },
        };
        RecordSheet {
            game: game_number,
            identity: game.identity().map(ToOwned::to_owned),
            name: game.name.clone(),
            ruleset: game.ruleset,
            move_number: state.move_number,
            rows,
        }
    }

    /// The sheet as a table: one row per unit and move for Micro Colonial (D as the
    /// total, with the part struck through), one row per unit otherwise.
    pub fn table(&self) -> Table {
        let game = self.game.to_string();
        match &self.rows {
            SheetRows::MicroColonial { units } => {
                let mut rows = Vec::new();
                for unit in units {
                    let head = |move_number: String, d: u32, struck: u32, k: u32, r: u32| {
                        vec![
                            game.clone(),
                            unit.unit_id.0.clone(),
                            unit.name.clone(),
                            unit.side.clone(),
                            unit.initial.to_string(),
                            unit.present.to_string(),
                            move_number,
                            d.to_string(),
                            struck.to_string(),
                            k.to_string(),
                            r.to_string(),
                            unit.forward_move_cut_mm.to_string(),
                            unit.status
                                .as_ref()
                                .map(ToString::to_string)
                                .unwrap_or_default(),
                            unit.removed.to_string(),
                        ]
                    };
                    if unit.moves.is_empty() {
                        rows.push(head(String::new(), 0, 0, 0, 0));
                    }
                    for m in &unit.moves {
                        let d = m.d.iter().map(|e| e.ff).sum();
                        let struck = m.d.iter().filter(|e| e.struck).map(|e| e.ff).sum();
                        rows.push(head(m.move_number.to_string(), d, struck, m.k, m.restored));
                    }
                }
                Table {
                    headers: vec![
                        "game",
                        "unit",
                        "name",
                        "side",
                        "IF",
                        "PF",
                        "move",
                        "D",
                        "D_struck",
                        "K",
                        "restored",
                        "forward_cut_mm",
                        "status",
                        "removed",
                    ],
                    rows,
                }
            }
            SheetRows::Bases { units } | SheetRows::StrengthPoints { units } => {
                let bases = matches!(self.rows, SheetRows::Bases { .. });
                let rows = units
                    .iter()
                    .map(|u| {
                        vec![
                            game.clone(),
                            u.unit_id.0.clone(),
                            u.name.clone(),
                            u.side.clone(),
                            u.troop_type.clone(),
                            u.initial.to_string(),
                            u.present.to_string(),
                            u.lost.to_string(),
                            u.status
                                .as_ref()
                                .map(ToString::to_string)
                                .unwrap_or_default(),
                            u.removed.to_string(),
                        ]
                    })
                    .collect();
                let (initial, present, lost) = if bases {
                    ("bases_initial", "bases_present", "bases_lost")
                } else {
                    ("sp_initial", "sp_present", "sp_lost")
                };
                Table {
                    headers: vec![
                        "game",
                        "unit",
                        "name",
                        "side",
                        "troop_type",
                        initial,
                        present,
                        lost,
                        "status",
                        "removed",
                    ],
                    rows,
                }
            }
        }
    }
}

fn strength_unit(unit: &UnitState) -> StrengthUnit {
    StrengthUnit {
        unit_id: unit.spec.unit_id.clone(),
        name: unit.spec.name.clone(),
        side: unit.spec.side.clone(),
        troop_type: unit.spec.troop_type.clone(),
        initial: unit.spec.initial,
        present: unit.present,
        lost: unit.spec.initial.saturating_sub(unit.present),
        status: unit.status.clone(),
        removed: unit.removed,
    }
}

/// One unit's Micro Colonial casualty record (its rows of the sheet).
pub fn mc_unit(state: &GameState, unit: &UnitState) -> McUnit {
    let unit_id = &unit.spec.unit_id;
    let moved_after = |seq: u64| {
        state
            .moves
            .iter()
            .any(|m| &m.unit_id == unit_id && m.seq > seq)
    };
    let mut moves: Vec<McMove> = Vec::new();
    let mut cut: u32 = 0;
    for change in state.changes.iter().filter(|c| &c.unit_id == unit_id) {
        let at = match moves
            .iter()
            .position(|m| m.move_number == change.move_number)
        {
            Some(at) => at,
            None => {
                moves.push(McMove {
                    move_number: change.move_number,
                    d: Vec::new(),
                    k: 0,
                    restored: 0,
                });
                moves.len() - 1
            }
        };
        let line = &mut moves[at];
        match change.cause {
            Cause::Volley => {
                let struck = moved_after(change.seq);
                if !struck {
                    cut = cut.saturating_add(change.amount);
                }
                line.d.push(DEntry {
                    ff: change.amount,
                    struck,
                });
            }
            Cause::Other => line.k = line.k.saturating_add(change.amount),
            Cause::Replacement | Cause::Combined => {
                line.restored = line.restored.saturating_add(change.amount);
            }
        }
    }
    McUnit {
        unit_id: unit_id.clone(),
        name: unit.spec.name.clone(),
        side: unit.spec.side.clone(),
        troop_type: unit.spec.troop_type.clone(),
        initial: unit.spec.initial,
        present: unit.present,
        moves,
        forward_move_cut_mm: cut,
        status: unit.status.clone(),
        removed: unit.removed,
    }
}
