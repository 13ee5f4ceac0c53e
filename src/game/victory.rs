//! The result a ruleset's victory condition gives from the records, proposed to the
//! referee when a game ends: the referee confirms it or names another, and the log says
//! which.

use super::event::GameResult;
use super::log::Game;
use super::state::GameState;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::rules::AnyResolution;
use crate::rules::situation::{Origins, Source};
use crate::rules::{Outcome, Request, dba_zulu, micro_colonial, soldiers_of_the_queen};
use crate::ruleset::{Ruleset, Scenario};
use serde::Serialize;

mod vc;
pub use vc::{VcCounts, vc_counts};

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
    pub resolutions: Vec<AnyResolution>,
}

impl Proposal {
    /// The result to log when the referee confirms the proposal.
    pub fn result(&self, note: &str) -> GameResult {
        GameResult {
            winner: self.winner.clone(),
            note: note.to_owned(),
            date: None,
        }
    }
}

/// The result the game's ruleset's victory condition gives from its records; `None` for a
/// ruleset whose condition the records cannot decide here.
pub fn propose(game: &Game, charts: &Charts) -> Option<Proposal> {
    match game.ruleset {
        Ruleset::DbaZulu => Some(dba(game, charts)),
        Ruleset::MicroColonial if scenario(game) == Some(Scenario::RorkesDrift) => {
            Some(rorkes_drift(game, charts))
        }
        Ruleset::MicroColonial => Some(micro_colonial(game, charts)),
        Ruleset::SoldiersOfTheQueen => Some(soldiers_of_the_queen(game, charts)),
        Ruleset::VictoriaCross => None,
    }
}

/// The scenario the game's table is laid out for, when its layout names one.
fn scenario(game: &Game) -> Option<Scenario> {
    game.layout
        .get("scenario")
        .and_then(serde_json::Value::as_str)
        .and_then(Scenario::from_id)
}

/// A proposal that decides nothing, and why.
fn undecided(reason: String) -> Proposal {
    Proposal {
        winner: None,
        decided: false,
        reason,
        resolutions: Vec::new(),
    }
}

/// A Micro Colonial infantry counter of class European regular: the regular force's
/// infantry of DECIDING THE WINNER, and the British sections at Rorke's Drift.
fn regular_infantry(unit: &crate::game::UnitState) -> bool {
    micro_colonial::recorded::class_named(unit.spec.class.as_deref())
        == Some(micro_colonial::morale_due::MoraleClass::EuropeanRegular)
        && unit.spec.troop_type == micro_colonial::recorded::INFANTRY
}

/// Whether a unit is out of the game: removed, or with nothing left of its strength.
fn eliminated(unit: &crate::game::UnitState) -> bool {
    unit.removed || unit.present == 0
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
        let Some(input) = dba_side(state, side) else {
            continue;
        };
        let (bases, lost, baggage_lost) = (input.bases, input.lost, input.baggage_lost);
        let request = Request::DbaZulu(dba_zulu::Request::Victory(input));
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

/// One DBA side's bases and losses as its units' records show them, each noted as read
/// from the records: "A side that has lost a third or more of its bases (not counting the
/// British Baggage train bases)" — a two-base amabutho counts two, a unit removed loses
/// all its bases, and baggage train bases are counted apart. `None` when the side has no
/// base other than baggage on the roster.
pub fn dba_side(state: &GameState, side: &str) -> Option<dba_zulu::VictoryInput> {
    let (mut bases, mut lost, mut baggage_lost) = (0u32, 0u32, 0u32);
    for unit in state.units.iter().filter(|u| u.spec.side == side) {
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
        return None;
    }
    let mut origins = Origins::default();
    let why = |what: &str| format!("counted on the {side} units' record sheets{what}");
    origins.note(
        crate::field!(dba_zulu::VictoryInput: bases),
        "bases",
        bases,
        Source::Records,
        why(", baggage apart"),
    );
    origins.note(
        crate::field!(dba_zulu::VictoryInput: lost),
        "lost",
        lost,
        Source::Records,
        why(", baggage apart"),
    );
    origins.note(
        crate::field!(dba_zulu::VictoryInput: baggage_lost),
        "baggage lost",
        baggage_lost,
        Source::Records,
        why(": baggage train bases"),
    );
    Some(dba_zulu::VictoryInput {
        bases,
        lost,
        baggage_lost,
        origins,
    })
}

/// The Rorke's Drift conditions of victory over `base`: [`rd_counts`]' counts, whether
/// every Zulu attack was beaten off left as `base` has it (the referee's). Refused as bad
/// input under CONDITIONS OF VICTORY, saying why, when the records cannot count them.
pub fn rd_victory_situation(
    state: &GameState,
    base: &micro_colonial::rorkes_drift::RdVictoryInput,
) -> Result<micro_colonial::rorkes_drift::RdVictoryInput, crate::resolution::Refusal> {
    let (mut input, ..) = rd_counts(state).map_err(|why| {
        crate::resolution::Refusal::bad_input(
            crate::resolution::RuleRef::section(
                Ruleset::MicroColonial,
                "Rorke's Drift, CONDITIONS OF VICTORY",
            ),
            why,
        )
    })?;
    input.attacks_beaten_off = base.attacks_beaten_off;
    Ok(input)
}

/// DECIDING THE WINNER over `base`: [`mc_counts`]' counts, the regulars' own condition
/// (driven from their start line, every assault beaten off) left as `base` has it (the
/// referee's). Refused as bad input, saying why, when the records cannot count them.
pub fn mc_victory_situation(
    state: &GameState,
    base: &micro_colonial::victory::VictoryInput,
) -> Result<micro_colonial::victory::VictoryInput, crate::resolution::Refusal> {
    let (mut input, ..) = mc_counts(state).map_err(|why| {
        crate::resolution::Refusal::bad_input(
            crate::resolution::RuleRef::section(Ruleset::MicroColonial, "DECIDING THE WINNER"),
            why,
        )
    })?;
    input.driven_from_start_line = base.driven_from_start_line;
    input.assaults_beaten_off = base.assaults_beaten_off;
    Ok(input)
}

/// Micro Colonial's DECIDING THE WINNER counted on the record sheets: the regular force's
/// infantry (every infantry counter of class European regular) at the start and destroyed,
/// in FF (a unit removed counts all its IF destroyed), each noted as read from the records,
/// with the regulars' side and the natives' (the side of the Fanatics). The regulars' own
/// condition stays the referee's (both flags off). Refuses, naming why, when the records
/// show no such two sides.
pub fn mc_counts(
    state: &GameState,
) -> Result<(micro_colonial::victory::VictoryInput, String, String), String> {
    let is_regular = |u: &&crate::game::UnitState| regular_infantry(u);
    let regulars = state
        .units
        .iter()
        .find(is_regular)
        .map(|u| u.spec.side.clone());
    let natives = state
        .units
        .iter()
        .find(|u| {
            micro_colonial::recorded::class_named(u.spec.class.as_deref())
                == Some(micro_colonial::morale_due::MoraleClass::Fanatic)
        })
        .map(|u| u.spec.side.clone());
    let (regulars, natives) = match (regulars, natives) {
        (Some(r), Some(n)) if r != n => (r, n),
        _ => {
            return Err(
                "DECIDING THE WINNER is for native fanatics against a regular force's infantry: the records show no such two sides".to_owned(),
            );
        }
    };
    let (mut total, mut destroyed) = (0u32, 0u32);
    for unit in state
        .units
        .iter()
        .filter(|u| u.spec.side == regulars)
        .filter(is_regular)
    {
        total = total.saturating_add(unit.spec.initial);
        let left = if unit.removed { 0 } else { unit.present };
        destroyed = destroyed.saturating_add(unit.spec.initial.saturating_sub(left));
    }
    let mut origins = Origins::default();
    let why =
        format!("the {regulars} side's European-regular infantry counters on their record sheets");
    origins.note(
        crate::field!(micro_colonial::victory::VictoryInput: regular_infantry),
        "regular infantry",
        total,
        Source::Records,
        format!("the IF of {why}"),
    );
    origins.note(
        crate::field!(micro_colonial::victory::VictoryInput: regular_infantry_destroyed),
        "destroyed",
        destroyed,
        Source::Records,
        format!("the IF less the PF of {why}"),
    );
    origins.undecided.push(format!(
        "whether {regulars} were forced from their start line, and beat off every assault"
    ));
    let input = micro_colonial::victory::VictoryInput {
        regular_infantry: total,
        regular_infantry_destroyed: destroyed,
        driven_from_start_line: false,
        assaults_beaten_off: false,
        origins,
    };
    Ok((input, regulars, natives))
}

/// The Rorke's Drift CONDITIONS OF VICTORY counted on the record sheets: the British
/// sections (their European-regular infantry counters) and command counters lost (removed
/// or at 0 FF), each noted as read from the records, with the British side and the Zulus'.
/// Whether every Zulu attack was beaten off stays the referee's. Refuses, naming why, when
/// the records do not show the two sides.
pub fn rd_counts(
    state: &GameState,
) -> Result<(micro_colonial::rorkes_drift::RdVictoryInput, String, String), String> {
    use micro_colonial::recorded::COMMANDER;
    let section = |u: &&crate::game::UnitState| regular_infantry(u);
    let sides = state.sides();
    let Some(british) = state
        .units
        .iter()
        .find(section)
        .map(|u| u.spec.side.clone())
    else {
        return Err(
            "the Rorke's Drift conditions count the British sections: the records show no European-regular infantry counters".to_owned(),
        );
    };
    let zulus: Vec<&String> = sides.iter().filter(|s| **s != british).collect();
    let [zulus] = zulus.as_slice() else {
        return Err(format!(
            "the Rorke's Drift game is the British against the Zulus: the records show {} sides",
            sides.len()
        ));
    };
    let ours = || state.units.iter().filter(|u| u.spec.side == british);
    let sections_lost = ours().filter(section).filter(|u| eliminated(u)).count();
    let commanders_lost = ours()
        .filter(|u| u.spec.troop_type == COMMANDER)
        .filter(|u| eliminated(u))
        .count();
    let (sections_lost, commanders_lost) = (
        u32::try_from(sections_lost).unwrap_or(u32::MAX),
        u32::try_from(commanders_lost).unwrap_or(u32::MAX),
    );
    let mut origins = Origins::default();
    origins.note(
        crate::field!(micro_colonial::rorkes_drift::RdVictoryInput: sections_lost),
        "sections lost",
        sections_lost,
        Source::Records,
        format!("the {british} side's European-regular infantry counters removed or at 0 FF"),
    );
    origins.note(
        crate::field!(micro_colonial::rorkes_drift::RdVictoryInput: commanders_lost),
        "command counters lost",
        commanders_lost,
        Source::Records,
        format!("the {british} side's commander counters removed or at 0 FF"),
    );
    origins
        .undecided
        .push("whether every Zulu attack was beaten off".to_owned());
    let input = micro_colonial::rorkes_drift::RdVictoryInput {
        sections_lost,
        commanders_lost,
        attacks_beaten_off: false,
        origins,
    };
    Ok((input, british, (*zulus).clone()))
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
    let (input, regulars, natives) = match mc_counts(game.state()) {
        Ok(counts) => counts,
        Err(reason) => return undecided(reason),
    };
    let (total, destroyed) = (input.regular_infantry, input.regular_infantry_destroyed);
    let request = Request::MicroColonial(micro_colonial::Request::Victory(input));
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

/// The Rorke's Drift game's CONDITIONS OF VICTORY, for a table laid out for it (layout
/// `"scenario": "rorkes-drift"`): "For the Zulus to claim a victory they must have
/// eliminated more than 24 of the British sections and at least two of the command
/// counters. For the British to claim a victory they must have beaten off all the Zulu
/// attacks and not have lost more than 24 sections nor more than one of its command
/// counters" (L1487; the numbers are the `rorkes_drift` chart's). The British are the side of the European-regular infantry
/// counters, their sections those counters (the white counters, class `other`, are not
/// sections) and their command counters its `commander` counters; a counter is lost when
/// removed or at 0 FF. Whether every Zulu attack was beaten off is the referee's to say:
/// short of the Zulus' win the proposal decides nothing, and says whether the British
/// would win if it was.
fn rorkes_drift(game: &Game, charts: &Charts) -> Proposal {
    use micro_colonial::rorkes_drift::RdWinner;
    let (input, british, zulus) = match rd_counts(game.state()) {
        Ok(counts) => counts,
        Err(reason) => return undecided(reason),
    };
    let (sections_lost, commanders_lost) = (input.sections_lost, input.commanders_lost);
    let counts = |attacks_beaten_off| {
        Request::MicroColonial(micro_colonial::Request::RdVictory(
            micro_colonial::rorkes_drift::RdVictoryInput {
                attacks_beaten_off,
                ..input.clone()
            },
        ))
        .resolve_with(charts, &DiceChoice::None)
    };
    let winner = |resolution: &AnyResolution| match &resolution.outcome {
        Outcome::MicroColonial(micro_colonial::Outcome::RdVictory(v)) => v.winner,
        _ => None,
    };
    let lost =
        format!("{british} lost {sections_lost} sections and {commanders_lost} command counters");
    match counts(false) {
        Err(refusal) => undecided(refusal.reason),
        Ok(resolution) if winner(&resolution) == Some(RdWinner::Zulu) => Proposal {
            winner: Some(zulus.clone()),
            decided: true,
            reason: format!("{lost}: a Zulu victory"),
            resolutions: vec![resolution],
        },
        Ok(_) => {
            let if_beaten_off = match counts(true) {
                Ok(r) if winner(&r) == Some(RdWinner::British) => format!(
                    "if every Zulu attack was beaten off, {british} win: the referee's call"
                ),
                _ => "too many for a British victory, not yet a Zulu one: the referee's call"
                    .to_owned(),
            };
            undecided(format!("{lost}; {if_beaten_off}"))
        }
    }
}

/// The Isandhlwana Game's counts on the records (PART 5 B), each noted as read from them,
/// with the British side and the Zulus': the British regular combat units not eliminated
/// and the Zulu combat units eliminated ("British officers do not count as units for
/// victory purposes. … Zulu leaders and the uKhulutshane impi do not count"). A unit's
/// nationality is its class, its troop type `leader` or `officer` marks a leader. Refuses,
/// naming why, for the Omdurman Game (its exits and turns are not in the records) or
/// records without the two sides.
pub fn sotq_counts(
    state: &GameState,
) -> Result<
    (
        soldiers_of_the_queen::victory::IsandhlwanaCounts,
        String,
        String,
    ),
    String,
> {
    use soldiers_of_the_queen::units::{Nationality, is_ukhulutshane};
    let of = |nationality: Nationality| {
        state.units.iter().filter(move |u| {
            u.spec
                .class
                .as_deref()
                .and_then(|c| Nationality::parse(c).ok())
                == Some(nationality)
                && !matches!(u.spec.troop_type.as_str(), "leader" | "officer")
        })
    };
    let side_of = |nationality| of(nationality).next().map(|u| u.spec.side.clone());
    if side_of(Nationality::Dervish).is_some() {
        return Err(
            "the Omdurman Game is decided by exits, Game Turns and Victory Points the records do not hold: give the result (`laager sotq victory --game omdurman` works it out)".to_owned(),
        );
    }
    let (Some(british), Some(zulus)) = (side_of(Nationality::Regular), side_of(Nationality::Zulu))
    else {
        return Err(
            "PART 5 B counts British regular and Zulu combat units: the records show no units of class regular and zulu".to_owned(),
        );
    };
    if british == zulus {
        return Err(format!(
            "the records put regular and Zulu units on one side ({british})"
        ));
    }
    let remaining = of(Nationality::Regular).filter(|u| !eliminated(u)).count();
    let zulu_lost = of(Nationality::Zulu)
        .filter(|u| !is_ukhulutshane(&u.spec.name) && !is_ukhulutshane(&u.spec.troop_type))
        .filter(|u| eliminated(u))
        .count();
    let (remaining, zulu_lost) = (
        u32::try_from(remaining).unwrap_or(u32::MAX),
        u32::try_from(zulu_lost).unwrap_or(u32::MAX),
    );
    let mut origins = Origins::default();
    origins.note(
        crate::field!(soldiers_of_the_queen::victory::IsandhlwanaCounts: british_regulars_remaining),
        "British regulars remaining",
        remaining,
        Source::Records,
        format!("the {british} side's regular combat units not removed nor at 0 SP"),
    );
    origins.note(
        crate::field!(soldiers_of_the_queen::victory::IsandhlwanaCounts: zulu_units_eliminated),
        "Zulu units eliminated",
        zulu_lost,
        Source::Records,
        format!(
            "the {zulus} side's combat units removed or at 0 SP, leaders and the uKhulutshane impi apart"
        ),
    );
    let counts = soldiers_of_the_queen::victory::IsandhlwanaCounts {
        british_regulars_remaining: remaining,
        zulu_units_eliminated: zulu_lost,
        origins,
    };
    Ok((counts, british, zulus))
}

/// Soldiers of the Queen's Victory Conditions (PART 5 B) as far as the records decide them.
/// A unit's nationality is its class (`regular`, `colonial`, `nnc`, `zulu`, `dervish`) and
/// its troop type `leader` marks a leader; a unit is eliminated when removed or at 0 SP.
///
/// The Isandhlwana Game (the records show Zulu units): "The Zulu player wins if he
/// eliminates all British regular red and blue combat units before he loses 14 of his own
/// combat units. British officers do not count as units for victory purposes. … Zulu
/// leaders and the uKhulutshane impi do not count as units for victory purposes." The
/// Omdurman Game's exits, Game Turns and Victory Points are not in the records: it is the
/// referee's to give.
fn soldiers_of_the_queen(game: &Game, charts: &Charts) -> Proposal {
    use soldiers_of_the_queen::victory::{VictoryInput, Winner};
    let (counts, british, zulus) = match sotq_counts(game.state()) {
        Ok(counts) => counts,
        Err(reason) => return undecided(reason),
    };
    let (remaining, zulu_lost) = (
        counts.british_regulars_remaining,
        counts.zulu_units_eliminated,
    );
    let request = Request::SoldiersOfTheQueen(soldiers_of_the_queen::Request::Victory(
        VictoryInput::Isandhlwana(counts),
    ));
    let counts = format!(
        "{remaining} British regular combat units remaining, {zulu_lost} Zulu combat units eliminated"
    );
    match request.resolve_with(charts, &DiceChoice::None) {
        Err(refusal) => undecided(format!("{counts}: {}", refusal.reason)),
        Ok(resolution) => {
            let winner = match &resolution.outcome {
                Outcome::SoldiersOfTheQueen(soldiers_of_the_queen::Outcome::Victory(v)) => v.winner,
                _ => Winner::None,
            };
            let winner = match winner {
                Winner::Zulu => zulus,
                Winner::British => british,
                _ => return undecided(format!("{counts}: play goes on")),
            };
            Proposal {
                reason: format!("{counts}: {winner} win"),
                winner: Some(winner),
                decided: true,
                resolutions: vec![resolution],
            }
        }
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
