//! The Micro Colonial morale test's tactical factors (Morale Table 4) that the table and
//! the records decide for the unit testing: a commander near it, broken friends near it,
//! and a melee it won or lost this move. Every other factor stays as the referee ticks it.

use crate::game::{Event, Game, UnitId};
use crate::geometry::{Layout, edge_to_edge};
use crate::rules::micro_colonial::melee::MeleeWinner;
use crate::rules::{Outcome, micro_colonial};
use crate::ruleset::Ruleset;
use serde_json::Value;

/// "+... IF C-IN-C WITHIN 100MM".
pub const COMMANDER_NEAR: &str = "c-in-c-within-100mm";
/// "... PER FRIENDLY UNIT BROKEN WITHIN 50MM".
pub const BROKEN_NEAR: &str = "per-friendly-unit-broken-within-50mm";
/// The loser of a melee this move.
pub const LOST_MELEE: &str = "loser-of-melee";
/// The winner of a melee this move.
pub const WON_MELEE: &str = "winner-of-melee";
/// The factors this module decides; the form's own choice of them is replaced.
pub const DECIDED: [&str; 4] = [COMMANDER_NEAR, BROKEN_NEAR, LOST_MELEE, WON_MELEE];

/// The decided factors that apply to `unit_id`, each with its count and why.
pub fn morale_factors(layout: &Layout, game: &Game, unit_id: &str) -> Vec<(String, u32, String)> {
    let mut found = Vec::new();
    let Some(unit) = layout.base(unit_id) else {
        return found;
    };
    let state = game.state();
    let friends = layout
        .bases()
        .iter()
        .filter(|b| b.side() == unit.side() && b.unit_id() != unit_id);
    let mut broken = Vec::new();
    let mut commander = None;
    for friend in friends {
        let gap = edge_to_edge(unit, friend).mm;
        if friend.unit_type() == "commander" && gap <= 100.0 && commander.is_none() {
            commander = Some(format!("{} {gap:.0} mm away", friend.unit_id()));
        }
        let record = state.unit(&UnitId(friend.unit_id().to_owned()));
        if gap <= 50.0
            && record.is_some_and(|r| !r.removed && r.status.as_deref() == Some("broken"))
        {
            broken.push(friend.unit_id().to_owned());
        }
    }
    if let Some(why) = commander {
        found.push((COMMANDER_NEAR.to_owned(), 1, format!("commander {why}")));
    }
    if !broken.is_empty() {
        let n = u32::try_from(broken.len()).unwrap_or(u32::MAX);
        found.push((
            BROKEN_NEAR.to_owned(),
            n,
            format!("broken within 50 mm: {}", broken.join(", ")),
        ));
    }
    // "If winner of melee round this move or last"; the loser's factor is this move's.
    let melees = melees_of(game, unit_id);
    let now = state.move_number;
    let this_move = melees.iter().rev().find(|m| m.0 == now);
    let last_move_win = melees
        .iter()
        .rev()
        .find(|m| m.0 + 1 == now && m.1)
        .filter(|_| this_move.is_none());
    if let Some((move_number, won, other)) = this_move.or(last_move_win) {
        let (name, word) = if *won {
            (WON_MELEE, "won")
        } else {
            (LOST_MELEE, "lost")
        };
        let when = if *move_number == now {
            "this move"
        } else {
            "last move"
        };
        found.push((
            name.to_owned(),
            1,
            format!("{word} a melee against {other} {when}"),
        ));
    }
    found
}

/// The applied melees the unit won (true) or lost (false), each with its move and the
/// other unit, in the order applied; draws and voided melees left out.
fn melees_of(game: &Game, unit_id: &str) -> Vec<(u32, bool, String)> {
    let mut found = Vec::new();
    if game.ruleset != Ruleset::MicroColonial {
        return found;
    }
    let moves = &game.state().resolution_moves;
    for logged in game.events() {
        // The projection knows the move each active result was applied in.
        let Some(&move_number) = moves.get(&logged.seq) else {
            continue;
        };
        let Event::ResolutionApplied(applied) = &logged.event else {
            continue;
        };
        let Outcome::MicroColonial(micro_colonial::Outcome::Melee(melee)) =
            &applied.resolution.outcome
        else {
            continue;
        };
        let units: Vec<&str> = applied
            .inputs
            .get("units")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let (me_a, other) = match (units.first(), units.get(1)) {
            (Some(a), Some(b)) if *a == unit_id => (true, *b),
            (Some(a), Some(b)) if *b == unit_id => (false, *a),
            _ => continue,
        };
        let won = match melee.winner {
            MeleeWinner::A => me_a,
            MeleeWinner::B => !me_a,
            MeleeWinner::Draw => continue,
        };
        found.push((move_number, won, other.to_owned()));
    }
    found
}
