//! Soldiers of the Queen outcomes and odds in a referee's words: "RT (routed): 1st/24th
//! routed; Lt Melvill killed". Units are named as the input names them.

use super::results::{CombatResult, Fate, HexOutcome};
use super::victory::Winner;
use super::{Outcome, Request};
use std::fmt::Write as _;

/// A Combat Results Table code and what it means ("RT (routed)").
fn result(result: CombatResult) -> String {
    let meaning = match result {
        CombatResult::Morale => "each unit checks morale",
        CombatResult::Withdraw => "withdraw one hex",
        CombatResult::Rout => "routed",
        CombatResult::Pin => "the hex is pinned",
        CombatResult::PinStar => "the firer rolls again for the pin",
        CombatResult::Eliminate(1) => "the top unit is eliminated",
        CombatResult::Eliminate(_) => "the top two units are eliminated",
        CombatResult::NoEffect => "no effect",
    };
    format!("{} ({meaning})", result.code())
}

/// A unit's fate as words after its name.
fn fate(fate: Fate) -> &'static str {
    match fate {
        Fate::Unaffected => "unaffected",
        Fate::Pinned => "pinned",
        Fate::Withdrawn => "withdraws one hex",
        Fate::WithdrawnPinned => "withdraws one hex, pinned",
        Fate::Routed => "routed",
        Fate::Eliminated => "eliminated",
    }
}

/// What befell the hex: each unit that did not come through unaffected, the leaders
/// killed; "the hex is unaffected" when nothing did.
fn hex(hex: &HexOutcome) -> String {
    let mut parts: Vec<String> = hex
        .units
        .iter()
        .filter(|u| u.fate != Fate::Unaffected)
        .map(|u| format!("{} {}", u.name, fate(u.fate)))
        .collect();
    for leader in &hex.leaders_killed {
        parts.push(format!("{leader} killed"));
    }
    if hex.khalifa_killed && !hex.leaders_killed.iter().any(|l| l.contains("Khalifa")) {
        parts.push("the Khalifa killed".to_owned());
    }
    if parts.is_empty() {
        "the hex is unaffected".to_owned()
    } else {
        parts.join("; ")
    }
}

/// The outcome in words.
pub fn outcome(outcome: &Outcome) -> String {
    use Outcome as O;
    match outcome {
        O::Range(o) => match o.hexes {
            1 => "the target is 1 hex away".to_owned(),
            n => format!("the target is {n} hexes away"),
        },
        O::Odds(o) => {
            if o.column == o.odds {
                format!("the odds are {}", o.odds)
            } else {
                format!("the odds are {}, read in the {} column", o.odds, o.column)
            }
        }
        O::Fire(o) => {
            let mut parts = vec![format!("{}: {}", result(o.result), hex(&o.hex))];
            if o.sunk == Some(true) {
                parts.push("the gunboat is sunk".to_owned());
            }
            if o.pinned {
                parts.push("the units left in the hex are pinned".to_owned());
            }
            if let Some(firers) = o.ammunition_boxes_marked.as_ref().filter(|f| !f.is_empty()) {
                parts.push(format!("{} mark an ammunition box", firers.join(", ")));
            }
            parts.join("; ")
        }
        O::Melee(o) => {
            let mut parts = vec![match (o.result, o.automatic) {
                (_, true) => format!("automatic elimination: {}", hex(&o.hex)),
                (Some(r), false) => format!("{}: {}", result(r), hex(&o.hex)),
                (None, false) => hex(&o.hex),
            }];
            if o.attackers_withdraw {
                parts.push("the attackers withdraw one hex".to_owned());
            }
            if o.pinned {
                parts.push("the units left in the hex are pinned".to_owned());
            }
            if o.hex_vacant && !o.may_advance.is_empty() && o.advance_limit > 0 {
                parts.push(format!(
                    "up to {} of {} may advance into the vacant hex",
                    o.advance_limit,
                    o.may_advance.join(", ")
                ));
            }
            parts.join("; ")
        }
        O::LeaderDeath(o) => match (o.killed, o.moves_away) {
            (true, _) => "the leader is killed".to_owned(),
            (false, Some(true)) => "the leader survives and moves one hex away".to_owned(),
            (false, _) => "the leader survives".to_owned(),
        },
        O::Rally(o) => {
            if o.rallied {
                "the routed unit rallies".to_owned()
            } else {
                "the routed unit does not rally".to_owned()
            }
        }
        O::Allowance(o) => format!("{} movement points a movement phase", o.allowance),
        O::Entry(o) => match o.remaining {
            Some(left) if left < 0 => format!(
                "entering costs {} MP: more than its allowance, it cannot enter this turn",
                o.mp
            ),
            Some(left) => format!("entering costs {} MP, leaving {left} MP", o.mp),
            None => format!("entering costs {} MP", o.mp),
        },
        O::Stack(o) => {
            let mut text = if o.legal {
                "the stack is legal".to_owned()
            } else {
                format!("the stack breaks a limit: {}", o.violations.join("; "))
            };
            if !o.may_fire.is_empty() {
                let _ = write!(text, "; {} may fire", o.may_fire.join(", "));
            }
            text
        }
        O::Resupply(o) => {
            if !o.eligible {
                "the unit may not attempt resupply".to_owned()
            } else if o.out_of_ammo {
                format!(
                    "{}: every box is marked, the unit cannot fire",
                    if o.resupplied {
                        "resupplied"
                    } else {
                        "not resupplied"
                    }
                )
            } else if o.resupplied {
                format!("resupplied: {} boxes marked", o.marked)
            } else {
                format!("not resupplied: {} boxes marked", o.marked)
            }
        }
        O::Victory(o) => {
            let mut text = match o.winner {
                Winner::British => "the British win".to_owned(),
                Winner::Zulu => "the Zulus win".to_owned(),
                Winner::Dervish => "the Dervishes win".to_owned(),
                Winner::Draw => "the game is drawn".to_owned(),
                Winner::None => "no winner yet".to_owned(),
            };
            if o.automatic == Some(true) {
                text.push_str(" (the British Automatic Victory)");
            }
            if let (Some(british), Some(dervish)) = (o.british_vp, o.dervish_vp) {
                let _ = write!(text, ": British {british} VP, Dervish {dervish} VP");
            }
            if let Some(exited) = o.british_exited.filter(|n| *n > 0) {
                let _ = write!(text, "; {exited} British combat units exited");
            }
            text
        }
    }
}

/// Whose view the odds' "this or better" takes.
pub fn odds_for(request: &Request) -> String {
    match request {
        Request::LeaderDeath(_) => "for the leader's side: surviving counts better".to_owned(),
        _ => "for the one who throws".to_owned(),
    }
}

/// One value of the odds in words.
pub fn odds_label(request: &Request, value: &serde_json::Value) -> Option<String> {
    match (request, value.as_bool()?) {
        (Request::LeaderDeath(_), true) => Some("the leader is killed".to_owned()),
        (Request::LeaderDeath(_), false) => Some("the leader survives".to_owned()),
        (Request::Rally(_), true) => Some("rallies".to_owned()),
        (Request::Rally(_), false) => Some("does not rally".to_owned()),
        _ => None,
    }
}
