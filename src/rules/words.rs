//! An outcome in a referee's words: "24th 4 destroyed; uMcijo front must pursue 15 mm".
//! The desk's answer card and the CLI's text output both print these words (the `--json`
//! form stays the procedure's keys). Units are named by the ids in their roles, else by
//! what the input says they are ("a (Zulus)").

use super::situation::Roles;
use super::{
    Outcome, Request, dba_zulu, micro_colonial as mc, soldiers_of_the_queen as sotq,
    victoria_cross as vc,
};
use crate::rules::AnyResolution;

/// A distance for people: millimetres to 0.1, with the unit.
pub fn mm(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0} mm")
    } else {
        format!("{rounded:.1} mm")
    }
}

/// A distance in inches for people: to 0.01, with the unit (`6"`, `2.5"`).
pub fn inches(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let text = format!("{rounded:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}\"")
}

/// An id or a file spelling as printed words: `british-regulars` reads "British Regulars",
/// `artillery_cannister` "Artillery Cannister".
pub fn readable(id: &str) -> String {
    // A number or a band ("700-999", "13+") is printed as the chart prints it.
    if id.starts_with(|c: char| c.is_ascii_digit()) {
        return id.to_owned();
    }
    if id.contains(' ') {
        // Already words (a club's free text, a layout's troop type): shown as typed.
        return id.to_owned();
    }
    id.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The heading of a resolution or of odds in words: the ruleset's title and the procedure
/// without its ruleset's prefix ("DBA-style Zulu rules: combat", "Micro Colonial: random
/// factor").
pub fn heading(ruleset: crate::ruleset::Ruleset, procedure: &str) -> String {
    let bare = ["mc-", "dba-", "vc-", "sotq-"]
        .iter()
        .find_map(|prefix| procedure.strip_prefix(prefix))
        .unwrap_or(procedure);
    format!("{}: {}", ruleset.title(), bare.replace(['-', '_'], " "))
}

/// The name of the unit in a role: its id when one was given, else `fallback`.
fn name(roles: &Roles, role: &str, fallback: impl FnOnce() -> String) -> String {
    roles
        .get(role)
        .map_or_else(fallback, std::borrow::ToOwned::to_owned)
}

/// The outcome of `resolution` (resolved from `request` for the units in `roles`) in a
/// referee's words. Every ruleset's outcomes have words; a DBA resolution whose request is
/// not known (a game logged before requests were) is described by its non-empty fields.
pub fn words(request: Option<&Request>, resolution: &AnyResolution, roles: &Roles) -> String {
    let said = match (request, &resolution.outcome) {
        (Some(Request::DbaZulu(request)), Outcome::DbaZulu(outcome)) => {
            dba(request, outcome, roles)
        }
        (_, Outcome::MicroColonial(outcome)) => micro_colonial(outcome, roles),
        (request, Outcome::VictoriaCross(outcome)) => {
            let request = match request {
                Some(Request::VictoriaCross(r)) => Some(r),
                _ => None,
            };
            vc::words::outcome(request, outcome)
        }
        (_, Outcome::SoldiersOfTheQueen(outcome)) => Some(sotq::words::outcome(outcome)),
        _ => None,
    };
    said.unwrap_or_else(|| keys(resolution))
}

/// The outcome's non-empty keys, as a last resort.
fn keys(resolution: &AnyResolution) -> String {
    fields(resolution)
        .into_iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The outcome's fields for people: empty ones (null, `[]`) left out, keys as words
/// (`displace_mm` reads "displace", `pursuit_mm` beside `pursuit` "pursuit distance"), distances in millimetres to 0.1 with the unit, lists
/// joined with commas, strings without quotes.
pub fn fields(resolution: &AnyResolution) -> Vec<(String, String)> {
    let map = resolution.outcome.to_map();
    map.iter()
        .filter(|(_, v)| !(v.is_null() || v.as_array().is_some_and(Vec::is_empty)))
        .map(|(k, v)| match (k.strip_suffix("_mm"), v.as_f64()) {
            // `pursuit_mm` beside `pursuit` reads "pursuit distance".
            (Some(stem), Some(d)) if map.contains_key(stem) => {
                (format!("{} distance", stem.replace('_', " ")), mm(d))
            }
            (Some(stem), Some(d)) => (stem.replace('_', " "), mm(d)),
            _ => (k.replace('_', " "), value_words(v)),
        })
        .collect()
}

/// A field's value for people: a string as it reads, a list joined with commas, yes or no.
fn value_words(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::String(s) => s.clone(),
        Value::Bool(true) => "yes".to_owned(),
        Value::Bool(false) => "no".to_owned(),
        Value::Array(items) => items.iter().map(value_words).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

fn dba(request: &dba_zulu::Request, outcome: &dba_zulu::Outcome, roles: &Roles) -> Option<String> {
    use dba_zulu::{Fate, PursuitResult, SideId};
    Some(match (request, outcome) {
        (dba_zulu::Request::Combat(input), dba_zulu::Outcome::Combat(o)) => {
            let side = |id: SideId| {
                let troop = match id {
                    SideId::A => input.a.troop,
                    SideId::B => input.b.troop,
                };
                name(roles, id.name(), || {
                    format!("{} ({})", id.name(), troop_words(troop))
                })
            };
            let mut parts = Vec::new();
            match o.loser {
                None if o.a_total == o.b_total => {
                    parts.push(format!("no result: the totals tie at {}", o.a_total));
                }
                None => parts.push(format!(
                    "no result: {} scores less ({} to {}) but {} did not fire back",
                    side(SideId::A),
                    o.a_total,
                    o.b_total,
                    side(SideId::B)
                )),
                Some(loser) => {
                    let who = side(loser);
                    parts.push(match o.result {
                        Fate::Destroyed => format!("{who} destroyed"),
                        Fate::Recoil => match o.displace_mm {
                            Some(d) => format!("{who} recoils {}", mm(d)),
                            None => format!("{who} recoils one base depth"),
                        },
                        Fate::Flee => match (o.displace_mm, o.flee_mm) {
                            (Some(d), Some(f)) => format!("{who} flees {} then {}", mm(d), mm(f)),
                            _ => format!("{who} flees"),
                        },
                        Fate::Stays => format!("{who} stays where it is"),
                        Fate::NoResult => format!("{who} loses, to no effect"),
                    });
                    let winner = side(match loser {
                        SideId::A => SideId::B,
                        SideId::B => SideId::A,
                    });
                    let distance = o
                        .pursuit_mm
                        .map(|d| format!(" {}", mm(d)))
                        .unwrap_or_default();
                    match o.pursuit {
                        Some(PursuitResult::Must) => {
                            parts.push(format!("{winner} must pursue{distance}"));
                        }
                        Some(PursuitResult::May) => {
                            parts.push(format!("{winner} may pursue{distance}"));
                        }
                        Some(PursuitResult::NotAllowed) => {
                            parts.push(format!("{winner} may not pursue"));
                        }
                        Some(PursuitResult::Never) | None => {}
                    }
                }
            }
            for id in &o.jammed {
                parts.push(format!("{}'s Gatling gun jams", side(*id)));
            }
            parts.join("; ")
        }
        (dba_zulu::Request::Command(_), dba_zulu::Outcome::Command(o)) => format!(
            "the orders cost {} of {} command points: {}",
            o.cost,
            o.points,
            if o.affordable {
                "affordable"
            } else {
                "not affordable"
            }
        ),
        (dba_zulu::Request::Victory(_), dba_zulu::Outcome::Victory(o)) => format!(
            "{} bases lost of the {} that lose the game: {}",
            o.lost_count,
            o.threshold,
            if o.defeated {
                "the side is defeated"
            } else {
                "the side fights on"
            }
        ),
        _ => return None,
    })
}

/// A DBA troop type as printed ("British Regulars").
fn troop_words(troop: dba_zulu::TroopType) -> String {
    readable(troop.id())
}

/// A Micro Colonial outcome in words.
fn micro_colonial(outcome: &mc::Outcome, roles: &Roles) -> Option<String> {
    use mc::Outcome as O;
    let unit = |role: &str, fallback: &str| name(roles, role, || fallback.to_owned());
    Some(match outcome {
        O::Fire(o) => mc_fire_words(o, &unit("target", "the target")),
        O::Artillery(o) => mc_artillery_words(o, &unit("target", "the target")),
        O::Melee(o) => mc_melee_words(o, &unit("a", "A"), &unit("b", "B")),
        O::Morale(o) => mc_morale_words(o, &unit("unit", "the unit")),
        O::Rally(o) => {
            let who = unit("unit", "the unit");
            if o.rallied {
                format!("{who} rallies")
            } else {
                format!("{who} does not rally")
            }
        }
        O::RoutLoss(o) => format!(
            "{} loses {} FF in its rout",
            unit("unit", "the unit"),
            o.ff_lost
        ),
        O::Move(o) => format!(
            "{} may move up to {}",
            unit("unit", "the unit"),
            mm(o.allowance_mm as f64)
        ),
        O::Jam(o) => match o.state {
            mc::jam::JamState::Operational => "the gun fires on".to_owned(),
            mc::jam::JamState::Partial => format!(
                "the gun partly jams ({} to its fire)",
                o.penalty.unwrap_or_default()
            ),
            mc::jam::JamState::Jammed => "the gun jams".to_owned(),
        },
        O::MoraleDue(o) => {
            if o.due.is_empty() {
                "no morale test is due".to_owned()
            } else {
                let causes: Vec<&str> = o.due.iter().map(|c| c.name()).collect();
                format!("a morale test is due ({})", causes.join(", "))
            }
        }
        O::Charge(o) => {
            if o.eligible {
                format!("the charge reaches {}", mm(o.reach_mm))
            } else {
                format!("the charge falls short: it reaches {}", mm(o.reach_mm))
            }
        }
        O::Pursuit(o) => format!("pursuit: {}", o.pursuit.name().replace('-', " ")),
        O::Initiative(o) => format!(
            "the sub-commander {}",
            o.initiative.name().replace('-', " ")
        ),
        O::RandomFactor(o) => format!("random factor {:+}", o.random_factor),
        O::LossFactor(o) => match (o.automatic_rout, o.signed_factor.or(o.loss_factor)) {
            (true, _) => "R: the unit routs at once".to_owned(),
            (false, Some(f)) => format!("loss factor {f:+}"),
            (false, None) => "loss factor not read".to_owned(),
        },
        O::Evade(o) => mc_evade_words(o),
        O::RdFiringParty(o) => match (o.may_volley, o.zulu_climbs_in) {
            (false, _) => "no volley: the party has no command counter".to_owned(),
            (true, None) => "the party volleys (an initial volley)".to_owned(),
            (true, Some(true)) => "the Zulu unit climbs in".to_owned(),
            (true, Some(false)) => "the Zulu unit does not climb in".to_owned(),
        },
        O::RdCombine(o) => format!("the combined section has {} FF", o.combined_ff),
        O::RdSetup(o) => rd_setup_words(o),
        O::RdMelee(o) => rd_melee_words(o),
        O::RdFire(o) => match (o.fire.ff_lost, o.fire.volley_losses) {
            (0, _) => format!("the target loses nothing (total {})", o.fire.total),
            (lost, 0) => format!("the target loses {lost} FF"),
            (lost, _) => format!("the target loses {lost} FF to volley fire (column D)"),
        },
        O::ZMarker(o) => format!("the Z marker counts {} FF", o.z_marker_ff),
        O::BreakIn(o) => {
            if o.success {
                format!("the Zulus break in (random factor {:+})", o.random_factor)
            } else {
                format!("the break-in fails (random factor {:+})", o.random_factor)
            }
        }
        O::RdVictory(o) => match o.winner {
            Some(winner) => format!(
                "the {} win ({} sections lost)",
                winner.name(),
                o.sections_lost
            ),
            None => format!("no winner yet ({} sections lost)", o.sections_lost),
        },
        O::RdMove(o) => format!("may move up to {}", mm(o.allowance_mm as f64)),
        O::Victory(o) => match o.winner {
            Some(winner) => format!("the {} win", winner.name()),
            None => "no winner yet".to_owned(),
        },
    })
}

/// A Micro Colonial fire's losses in words, volley losses named for column D.
fn mc_fire_words(o: &mc::fire::FireOutcome, target: &str) -> String {
    match (o.ff_lost, o.volley_losses) {
        (0, _) => format!("{target} loses nothing (total {})", o.total),
        (lost, 0) => format!("{target} loses {lost} FF"),
        (lost, volley) if volley == lost => {
            format!("{target} loses {lost} FF to volley fire (column D)")
        }
        (lost, volley) => {
            format!("{target} loses {lost} FF, {volley} of them to volley fire (column D)")
        }
    }
}

/// A Micro Colonial artillery fire's losses in words, a skirmish screen's apart.
fn mc_artillery_words(o: &mc::artillery::ArtilleryOutcome, target: &str) -> String {
    match (o.screen_losses, o.close_order_losses) {
        (Some(screen), Some(close)) => {
            format!("{target} loses {close} FF and its skirmish screen {screen} FF")
        }
        _ if o.ff_lost == 0 => format!("{target} loses nothing (total {})", o.total),
        _ => format!("{target} loses {} FF", o.ff_lost),
    }
}

/// A Micro Colonial melee round in words: who won, each side's losses, and the morale test.
fn mc_melee_words(o: &mc::melee::MeleeOutcome, a: &str, b: &str) -> String {
    let result = match o.winner {
        mc::melee::MeleeWinner::A => format!("{a} wins by {}", o.margin),
        mc::melee::MeleeWinner::B => format!("{b} wins by {}", o.margin),
        mc::melee::MeleeWinner::Draw => "a drawn round".to_owned(),
    };
    let mut parts = vec![
        result,
        format!("{a} loses {} FF", o.a_losses),
        format!("{b} loses {} FF", o.b_losses),
    ];
    if o.loser_must_test {
        parts.push("the loser must test its morale".to_owned());
    }
    parts.join("; ")
}

/// A Micro Colonial morale test's result in words.
fn mc_morale_words(o: &mc::morale::MoraleOutcome, who: &str) -> String {
    if o.automatic_rout {
        format!("{who} routs at once (an R on the Loss table)")
    } else {
        match o.result {
            mc::morale::MoraleResult::Good => format!("{who} is good"),
            mc::morale::MoraleResult::FallBack => format!("{who} falls back"),
            mc::morale::MoraleResult::GoToGround => format!("{who} goes to ground"),
            mc::morale::MoraleResult::Break => format!("{who} breaks"),
        }
    }
}

/// A Micro Colonial evade in words: how far, when it starts, whether it fires first and
/// whether it abandons its guns.
fn mc_evade_words(o: &mc::evade::EvadeOutcome) -> String {
    let mut parts = vec![match o.move_mm {
        Some(moved) => format!("it evades {}", mm(moved as f64)),
        None => "it evades with its guns".to_owned(),
    }];
    if o.starts_at_quarter {
        parts.push("starting a quarter of the way through the move".to_owned());
    }
    parts.push(match o.fires {
        mc::evade::FirePoint::None => "without firing".to_owned(),
        mc::evade::FirePoint::QuarterOrHalf => {
            "firing first at the quarter or half way point".to_owned()
        }
    });
    if o.abandons_guns {
        parts.push("abandoning its guns".to_owned());
    }
    parts.join(", ")
}

/// Rorke's Drift's set-up in words: the British sections and the Zulus' forces.
fn rd_setup_words(o: &mc::rorkes_drift::RdSetupOutcome) -> String {
    let british: Vec<String> = o
        .british
        .iter()
        .map(|c| format!("{} {} of {} FF", c.count, c.name, c.initial_ff))
        .collect();
    format!(
        "the British: {}; the Zulus: {} regiments from each Impi, {} rifle units and {} Z markers, at least {}\" from the perimeter",
        british.join(", "),
        o.zulu_regiments_per_impi,
        o.zulu_rifle_units,
        o.z_markers,
        o.zulu_setup_distance_in
    )
}

/// A Rorke's Drift melee round in words: who won, each side's losses, and the morale test.
fn rd_melee_words(o: &mc::rorkes_drift::RdMeleeOutcome) -> String {
    let mut parts = vec![
        match o.winner {
            mc::rorkes_drift::RdMeleeWinner::Zulu => {
                format!("the Zulus win by {}", o.margin)
            }
            mc::rorkes_drift::RdMeleeWinner::British => {
                format!("the sections win by {}", o.margin)
            }
            mc::rorkes_drift::RdMeleeWinner::Draw => "a drawn round".to_owned(),
        },
        format!("the Zulu unit loses {} FF", o.zulu_losses),
        format!("the sections lose {} FF", o.british_losses),
    ];
    if o.loser_must_test {
        parts.push("the loser must test its morale".to_owned());
    }
    parts.join("; ")
}

/// Whose view the odds' "this or better" takes, in words ("for uMcijo front").
pub fn odds_for(request: &Request, roles: &Roles) -> String {
    let unit = |role: &str, fallback: &str| name(roles, role, || fallback.to_owned());
    match request {
        Request::DbaZulu(_) => format!("for {}", unit("a", "a, the attacker")),
        Request::MicroColonial(r) => match r {
            mc::Request::Fire(_) => format!("for {}, firing", unit("firer", "the firer")),
            mc::Request::Artillery(_) => format!("for {}, firing", unit("gun", "the gun")),
            mc::Request::Melee(_) => format!("for {}", unit("a", "A")),
            mc::Request::RoutLoss(_) => format!(
                "for the enemy of {}: more FF lost counts better",
                unit("unit", "the routing unit")
            ),
            mc::Request::BreakIn(_) => "for the Zulus breaking in".to_owned(),
            mc::Request::RdMelee(input) => if input.counter_attack {
                "for the sections counter-attacking"
            } else {
                "for the Zulus attacking"
            }
            .to_owned(),
            mc::Request::RdFire(_) => "for the firers".to_owned(),
            mc::Request::Jam(_) => "for the gun's crew".to_owned(),
            _ => format!("for {}", unit("unit", "the unit")),
        },
        Request::SoldiersOfTheQueen(r) => sotq::words::odds_for(r),
        Request::VictoriaCross(r) => vc::words::odds_for(r),
    }
}

/// One value of a procedure's odds in words ("24th 4 destroyed", "34 FF lost").
pub fn odds_label(request: &Request, value: &serde_json::Value, roles: &Roles) -> String {
    let text = match value {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let unit = |role: &str, fallback: &str| name(roles, role, || fallback.to_owned());
    match request {
        Request::DbaZulu(dba_zulu::Request::Combat(input)) => {
            let Some((side, fate)) = text.split_once(':') else {
                return text;
            };
            let who = match side {
                "a" => unit("a", &format!("a ({})", troop_words(input.a.troop))),
                "b" => unit("b", &format!("b ({})", troop_words(input.b.troop))),
                _ => return "no result".to_owned(),
            };
            match fate {
                "destroyed" => format!("{who} destroyed"),
                "recoil" => format!("{who} recoils"),
                "flee" => format!("{who} flees"),
                "stays" => format!("{who} stays"),
                other => format!("{who}: {other}"),
            }
        }
        Request::MicroColonial(r) => match r {
            mc::Request::Fire(_) | mc::Request::Artillery(_) => {
                format!("{} loses {text} FF", unit("target", "the target"))
            }
            mc::Request::RoutLoss(_) => format!("{text} FF lost"),
            mc::Request::Melee(_) => match text.as_str() {
                "a" => format!("{} wins", unit("a", "A")),
                "b" => format!("{} wins", unit("b", "B")),
                _ => "a drawn round".to_owned(),
            },
            mc::Request::Rally(_) => match value.as_bool() {
                Some(true) => "rallies".to_owned(),
                Some(false) => "does not rally".to_owned(),
                None => text,
            },
            mc::Request::BreakIn(_) => match value.as_bool() {
                Some(true) => "breaks in".to_owned(),
                Some(false) => "kept out".to_owned(),
                None => text,
            },
            // Names ("may-change") read with spaces; a number keeps its sign (a random
            // factor of -4).
            _ if value.is_string() => text.replace('-', " "),
            _ => text,
        },
        Request::VictoriaCross(r) => {
            vc::words::odds_label(r, value).unwrap_or_else(|| text.replace('_', " "))
        }
        Request::SoldiersOfTheQueen(r) => {
            sotq::words::odds_label(r, value).unwrap_or_else(|| text.replace('_', " "))
        }
        Request::DbaZulu(_) => text.replace('_', " "),
    }
}
