//! The result a ruleset's victory condition gives from the records, proposed to the
//! referee when a game ends: the referee confirms it or names another, and the log says
//! which.

use super::event::GameResult;
use super::log::Game;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::resolution::Resolution;
use crate::rules::{Outcome, Request, dba_zulu, micro_colonial};
use crate::ruleset::Ruleset;
use serde::Serialize;

/// The result the victory condition gives, with the resolutions that decided it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Proposal {
    /// The winner (`None`: a draw), or no result yet when `decided` is false.
    pub winner: Option<String>,
    /// Whether the condition decides the game now.
    pub decided: bool,
    /// What decided it, in words.
    pub reason: String,
    /// Each side's resolution of the condition.
    pub resolutions: Vec<Resolution>,
}

impl Proposal {
    /// The result to log when the referee confirms the proposal.
    pub fn result(&self, note: &str) -> GameResult {
        GameResult {
            winner: self.winner.clone(),
            note: note.to_owned(),
        }
    }
}

/// The result the game's ruleset's victory condition gives from its records; `None` for a
/// ruleset whose condition the records cannot decide here.
pub fn propose(game: &Game, charts: &Charts) -> Option<Proposal> {
    match game.ruleset {
        Ruleset::DbaZulu => Some(dba(game, charts)),
        Ruleset::MicroColonial => Some(micro_colonial(game, charts)),
        _ => None,
    }
}

/// "A side that has lost a third or more of its bases (not counting the British Baggage
/// train bases) at the completion of both players' phases has lost": bases and losses
/// counted from each side's units (a two-base amabutho counts two), baggage train bases
/// apart.
fn dba(game: &Game, charts: &Charts) -> Proposal {
    let state = game.state();
    let sides = state.sides();
    let mut resolutions = Vec::new();
    let mut defeated = Vec::new();
    let mut reasons = Vec::new();
    for side in &sides {
        let (mut bases, mut lost, mut baggage_lost) = (0u32, 0u32, 0u32);
        for unit in state.units.iter().filter(|u| &u.spec.side == side) {
            let gone = if unit.removed {
                unit.spec.initial
            } else {
                unit.spec.initial.saturating_sub(unit.present)
            };
            if unit.spec.troop_type == dba_zulu::TroopType::BaggageTrain.id() {
                baggage_lost += gone;
            } else {
                bases += unit.spec.initial;
                lost += gone;
            }
        }
        if bases == 0 {
            continue;
        }
        let request = Request::DbaZulu(dba_zulu::Request::Victory(dba_zulu::VictoryInput {
            bases,
            lost,
            baggage_lost,
        }));
        match request.resolve_with(charts, &DiceChoice::None) {
            Ok(resolution) => {
                let beaten = matches!(
                    &resolution.outcome,
                    Outcome::DbaZulu(dba_zulu::Outcome::Victory(v)) if v.defeated
                );
                reasons.push(format!(
                    "{side}: {lost} of {bases} bases lost{}{}",
                    if baggage_lost > 0 {
                        format!(" and {baggage_lost} baggage")
                    } else {
                        String::new()
                    },
                    if beaten { ", defeated" } else { "" }
                ));
                if beaten {
                    defeated.push(side.clone());
                }
                resolutions.push(resolution);
            }
            Err(refusal) => reasons.push(format!("{side}: {}", refusal.reason)),
        }
    }
    let (winner, decided) = match defeated.as_slice() {
        [] => (None, false),
        [loser] => (
            sides.iter().find(|s| *s != loser).cloned(),
            sides.len() == 2,
        ),
        _ => (None, true),
    };
    Proposal {
        winner,
        decided,
        reason: reasons.join("; "),
        resolutions,
    }
}

/// Micro Colonial's DECIDING THE WINNER, as far as the records decide it: "The native
/// armies will claim a victory if they destroy at least half of the regular force's
/// infantry." The regular infantry is every infantry counter of class European regular;
/// the natives are the side of the Fanatics ("any game involving native fanatics"), their
/// strengths the record sheets' FF (a unit removed counts all its IF destroyed). The
/// regulars' own condition ("must not have been forced to retire from their start line or
/// position, and to have beaten off all enemy assaults") is the referee's to say: short of
/// the natives' win, the proposal decides nothing and says so.
fn micro_colonial(game: &Game, charts: &Charts) -> Proposal {
    use micro_colonial::recorded::INFANTRY;
    let state = game.state();
    let regular_infantry = |u: &&crate::game::UnitState| {
        u.spec.class.as_deref() == Some("european-regular") && u.spec.troop_type == INFANTRY
    };
    let regulars = state
        .units
        .iter()
        .find(regular_infantry)
        .map(|u| u.spec.side.clone());
    let natives = state
        .units
        .iter()
        .find(|u| u.spec.class.as_deref() == Some("fanatic"))
        .map(|u| u.spec.side.clone());
    let undecided = |reason: String| Proposal {
        winner: None,
        decided: false,
        reason,
        resolutions: Vec::new(),
    };
    let (regulars, natives) = match (regulars, natives) {
        (Some(r), Some(n)) if r != n => (r, n),
        _ => {
            return undecided(
                "DECIDING THE WINNER is for native fanatics against a regular force's infantry: the records show no such two sides".to_owned(),
            );
        }
    };
    let (mut total, mut destroyed) = (0u32, 0u32);
    for unit in state
        .units
        .iter()
        .filter(|u| u.spec.side == regulars)
        .filter(regular_infantry)
    {
        total = total.saturating_add(unit.spec.initial);
        let left = if unit.removed { 0 } else { unit.present };
        destroyed = destroyed.saturating_add(unit.spec.initial.saturating_sub(left));
    }
    let request = Request::MicroColonial(micro_colonial::Request::Victory(
        micro_colonial::victory::VictoryInput {
            regular_infantry: total,
            regular_infantry_destroyed: destroyed,
            driven_from_start_line: false,
            assaults_beaten_off: false,
        },
    ));
    match request.resolve_with(charts, &DiceChoice::None) {
        Ok(resolution) => {
            let won = matches!(
                &resolution.outcome,
                Outcome::MicroColonial(micro_colonial::Outcome::Victory(v))
                    if v.winner == Some(micro_colonial::victory::Winner::Natives)
            );
            if won {
                Proposal {
                    winner: Some(natives.clone()),
                    decided: true,
                    reason: format!(
                        "{natives} destroyed {destroyed} of {regulars}' {total} FF of regular infantry: at least half"
                    ),
                    resolutions: vec![resolution],
                }
            } else {
                undecided(format!(
                    "{natives} destroyed {destroyed} of {regulars}' {total} FF of regular infantry, less than half; whether {regulars} held their start line and beat off every assault is the referee's call"
                ))
            }
        }
        Err(refusal) => undecided(refusal.reason),
    }
}

/// A result the referee names: a side won, or a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// This side won.
    Won(String),
    /// Neither side won.
    Draw,
}

impl Verdict {
    /// The winner it names (`None` for a draw).
    pub fn winner(&self) -> Option<String> {
        match self {
            Verdict::Won(side) => Some(side.clone()),
            Verdict::Draw => None,
        }
    }
}

/// The result to log when a game ends: the result the referee names or, without one, the
/// one the victory condition gives; and where it came from, in words ("the victory
/// condition", "the referee's call, over the victory condition").
///
/// Refuses when no result is named and the condition does not decide the game.
pub fn settle(
    proposal: Option<&Proposal>,
    named: Option<&Verdict>,
) -> Result<(Option<String>, &'static str), String> {
    match (named.map(Verdict::winner), proposal) {
        (Some(w), Some(p)) if p.decided && w == p.winner => {
            Ok((w, "the victory condition, confirmed"))
        }
        (Some(w), Some(p)) if p.decided => {
            Ok((w, "the referee's call, over the victory condition"))
        }
        (Some(w), _) => Ok((w, "the referee's call")),
        (None, Some(p)) if p.decided => Ok((p.winner.clone(), "the victory condition")),
        (None, Some(p)) => Err(format!(
            "the victory condition does not decide the game yet ({})",
            p.reason
        )),
        (None, None) => {
            Err("this ruleset's victory condition is not read from the records".to_owned())
        }
    }
}
