//! Victoria Cross II outcomes and odds in a referee's words: "2 hits on the Zulus in zone
//! E; no ammunition checks". The request says who fires or melees at which zone; the
//! outcome how it went.

use super::fire::{AmmoInput, FireInput};
use super::hospital::HospitalOutcome;
use super::melee::{BayonetChargeOutcome, ChargeResult, Side};
use super::solitaire::Direction;
use super::victory::{Level, Winner};
use super::{Outcome, Request};

/// "1 hit", "3 hits".
fn hits(n: u32) -> String {
    if n == 1 {
        "1 hit".to_owned()
    } else {
        format!("{n} hits")
    }
}

/// The side as the rules name its units: "the British", "the Zulus".
fn side(side: Side) -> &'static str {
    match side {
        Side::British => "the British",
        Side::Zulu => "the Zulus",
    }
}

/// The other side: the one a side's hits fall on.
fn other(of: Side) -> Side {
    match of {
        Side::British => Side::Zulu,
        Side::Zulu => Side::British,
    }
}

/// " in zone E" when the request names the target zone, else nothing.
fn in_zone(zone: Option<&str>) -> String {
    zone.map(|z| format!(" in zone {z}")).unwrap_or_default()
}

/// The target zone a request names, if any.
fn target_zone(request: &Request) -> Option<&str> {
    match request {
        Request::Fire(FireInput::FromBoard(s)) => Some(&s.to),
        Request::RandomFire(s) => s.target_zone.as_deref(),
        _ => None,
    }
}

/// The side whose hits a hits-only outcome counts, and the side they fall on.
fn hitting(request: &Request) -> Option<(Side, Side)> {
    match request {
        Request::Fire(_) | Request::Volley(_) => Some((Side::British, Side::Zulu)),
        Request::RandomFire(_) => Some((Side::Zulu, Side::British)),
        Request::Melee(s) => Some((s.side, other(s.side))),
        _ => None,
    }
}

/// "N hits on the Zulus in zone E", for a request that deals hits.
fn hits_on(request: &Request, n: u32) -> Option<String> {
    let (_, on) = hitting(request)?;
    Some(format!(
        "{} on {}{}",
        hits(n),
        side(on),
        in_zone(target_zone(request))
    ))
}

/// A victory level in words.
fn level(level: Level) -> &'static str {
    match level {
        Level::BritishVictory => "a British victory",
        Level::ZuluMarginal => "a Zulu marginal victory",
        Level::ZuluTactical => "a Zulu tactical victory",
        Level::ZuluDecisive => "a Zulu decisive victory",
    }
}

/// A bayonet charge in words: how it ended, after how many rounds, and the SP left.
fn bayonet_charge(o: &BayonetChargeOutcome) -> String {
    let ended = match o.result {
        ChargeResult::BothEliminated => "both sides are eliminated",
        ChargeResult::BritishEliminated => "the British are eliminated",
        ChargeResult::ZulusEliminated => "the Zulus are eliminated",
        ChargeResult::BritishStopped => "the British stop the attack",
    };
    let rounds = if o.rounds == 1 {
        "1 round".to_owned()
    } else {
        format!("{} rounds", o.rounds)
    };
    format!(
        "{ended} after {rounds}: {} British SP and {} Zulu SP left",
        o.british_sp, o.zulu_sp
    )
}

/// The hospital fire in words: burned down, not started, or the marker's box.
fn hospital(o: &HospitalOutcome) -> String {
    if o.burned {
        format!(
            "the hospital burns down (the fire marker in box {})",
            o.track
        )
    } else if o.track == 0 {
        "the hospital fire has not started".to_owned()
    } else {
        format!("the hospital fire marker moves to box {}", o.track)
    }
}

/// The outcome of `request` in words; `None` when the outcome is not the request's.
pub fn outcome(request: Option<&Request>, outcome: &Outcome) -> Option<String> {
    use Outcome as O;
    Some(match outcome {
        O::Fire(o) | O::Volley(o) => {
            let hit = match request {
                Some(request) => hits_on(request, o.hits)?,
                None => format!("{} on the Zulus", hits(o.hits)),
            };
            let checks = match o.ammo_checks {
                0 => "no ammunition checks".to_owned(),
                1 => "1 ammunition check".to_owned(),
                n => format!("{n} ammunition checks"),
            };
            format!("{hit}; {checks}")
        }
        O::Ammo(o) => {
            let from = match request {
                Some(Request::Ammo(AmmoInput::FromBoard(s))) => format!(" in zone {}", s.from),
                _ => String::new(),
            };
            match o.depleted {
                0 => format!("no firing unit{from} runs out of ammunition"),
                1 => format!("1 firing unit{from} is marked Ammo Depleted"),
                n => format!("{n} firing units{from} are marked Ammo Depleted"),
            }
        }
        O::RandomFire(o) | O::Melee(o) => match request {
            Some(request) => hits_on(request, o.hits)?,
            None => hits(o.hits),
        },
        O::MeleeExchange(o) => format!(
            "{} on the British; {} on the Zulus",
            hits(o.zulu_hits),
            hits(o.british_hits)
        ),
        O::BayonetCharge(o) => bayonet_charge(o),
        O::Hospital(o) => hospital(o),
        O::Stacking(o) => {
            let zone = match request {
                Some(Request::Stacking(s)) => format!(" in zone {}", s.zone),
                _ => String::new(),
            };
            match (o.allowed, o.limit) {
                (true, Some(limit)) => format!("the stack{zone} is within its {limit} SP limit"),
                (true, None) => format!("the stack{zone} is allowed: the zone has no limit"),
                (false, Some(limit)) => format!("the stack{zone} is over its {limit} SP limit"),
                (false, None) => format!("the stack{zone} is not allowed"),
            }
        }
        O::ZuluEntry(o) => {
            let zone = match request {
                Some(Request::ZuluEntry(s)) => format!(" into zone {}", s.zone),
                _ => String::new(),
            };
            if o.allowed {
                format!("the Zulus may enter{zone}")
            } else {
                format!("the Zulus may not enter{zone}")
            }
        }
        O::SolitaireEntry(o) => match (o.split, o.zones.as_slice()) {
            (true, [first, second, ..]) => format!(
                "the Zulu force splits: one part enters in zone {first}, the other in zone {second}"
            ),
            (_, [zone, ..]) => format!("the Zulu force enters in zone {zone}"),
            (_, []) => "the Zulu force enters nowhere".to_owned(),
        },
        O::SolitaireMovement(o) => match o.direction {
            Direction::Stay => "the Zulu unit stays where it is".to_owned(),
            Direction::Left => "the Zulu unit moves to the left".to_owned(),
            Direction::Ahead => "the Zulu unit moves ahead".to_owned(),
            Direction::Right => "the Zulu unit moves to the right".to_owned(),
        },
        O::Replacements(o) => match o.applied {
            0 => "no British replacements this turn".to_owned(),
            n => format!("{n} British replacement SP this turn"),
        },
        O::ZuluReentry(o) => format!(
            "{} lost Zulu SP may enter this movement phase; {} stay on the loss track",
            o.may_enter, o.held
        ),
        O::VictoryPoints(o) => format!(
            "the Zulus earn {} VP this turn, less {} for losses: {} VP in all",
            o.earned, o.deductions, o.total
        ),
        O::Victory(o) => match (o.winner, o.level) {
            (Winner::None, _) => "no winner yet".to_owned(),
            (_, Some(l)) => level(l).to_owned(),
            (Winner::British, None) => "the British win".to_owned(),
            (Winner::Zulu, None) => "the Zulus win".to_owned(),
        },
        O::AlternateVictory(o) => level(o.level).to_owned(),
    })
}

/// Whose view the odds' "this or better" takes.
pub fn odds_for(request: &Request) -> String {
    match request {
        Request::Ammo(_) => {
            "for the British: the fewer units out of ammunition, the better".to_owned()
        }
        Request::Hospital(_) => "for the Zulus: the further the fire, the better".to_owned(),
        other => match hitting(other) {
            Some((by, _)) => format!("for {}, the more hits the better", side(by)),
            None => "for the one who throws".to_owned(),
        },
    }
}

/// One value of the odds in words ("2 hits on the British in zone E").
pub fn odds_label(request: &Request, value: &serde_json::Value) -> Option<String> {
    let n = u32::try_from(value.as_u64()?).ok()?;
    match request {
        Request::Ammo(_) => Some(match n {
            1 => "1 unit out of ammunition".to_owned(),
            n => format!("{n} units out of ammunition"),
        }),
        Request::Hospital(_) => Some(format!("the fire marker in box {n}")),
        other => hits_on(other, n),
    }
}
