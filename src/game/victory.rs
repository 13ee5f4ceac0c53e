//! The result a ruleset's victory condition gives from the records, proposed to the
//! referee when a game ends: the referee confirms it or names another, and the log says
//! which.

use super::event::GameResult;
use super::log::Game;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::resolution::Resolution;
use crate::rules::{Outcome, Request, dba_zulu};
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
