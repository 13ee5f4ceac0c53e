//! What a resolved outcome does to the units it names: the record edits the referee
//! applies with "apply". Each function reads only the typed outcome of its procedure.

use super::event::{Cause, UnitEdit, UnitId};
use super::state::GameState;
use crate::record::Status;
use crate::rules::AnyResolution;
use crate::rules::micro_colonial::melee::MeleeWinner;
use crate::rules::micro_colonial::recorded;
use crate::rules::situation::Roles;
use crate::rules::{Outcome, dba_zulu, micro_colonial, soldiers_of_the_queen, victoria_cross};

/// The effects of a resolution on the units in its roles, in the order the desk names
/// them (firer then target; melee A then B; the testing unit first; a Rorke's Drift melee
/// by its roles' names). Procedures that change no record (movement, odds, ranges) give
/// none.
pub fn of(resolution: &AnyResolution, roles: &Roles, state: &GameState) -> Vec<UnitEdit> {
    let units = unit_ids(roles);
    let (first, second) = (units.first(), units.get(1));
    match &resolution.outcome {
        Outcome::DbaZulu(dba_zulu::Outcome::Combat(outcome)) => {
            dba_combat(outcome, first, second, state)
        }
        Outcome::MicroColonial(micro_colonial::Outcome::RdMelee(outcome)) => {
            rd_melee(outcome, roles)
        }
        Outcome::MicroColonial(micro_colonial::Outcome::RdCombine(outcome)) => {
            rd_combine(outcome.combined_ff, roles, state)
        }
        // "MORALE ... 2. A Zulu unit that is forced to halt due to volley fire": the Zulu
        // unit a firing party's volley halted must test.
        Outcome::MicroColonial(micro_colonial::Outcome::RdFiringParty(outcome)) => {
            let zulu = roles.get("zulu").map(|id| UnitId(id.to_owned()));
            if outcome.zulu_must_test {
                status(zulu.as_ref(), Some(Status::MoraleTestDue))
                    .into_iter()
                    .collect()
            } else {
                Vec::new()
            }
        }
        Outcome::MicroColonial(outcome) => mc(outcome, &units),
        Outcome::VictoriaCross(outcome) => vc(outcome, roles, state),
        Outcome::SoldiersOfTheQueen(outcome) => sotq(outcome, roles, state),
        _ => Vec::new(),
    }
}

/// The effects of a resolution of `request` on the units in its roles: [`of`]'s, and
/// those only the request tells — a bayonet charge's losses are the SP it charged with
/// less those left ([`bayonet_charge`]), replacements restore the SP given
/// ([`replacements`]) — with the choices those leave to the players, in words.
pub fn of_request(
    request: Option<&crate::rules::Request>,
    resolution: &AnyResolution,
    roles: &Roles,
    state: &GameState,
) -> (Vec<UnitEdit>, Vec<String>) {
    use crate::rules::Request;
    let mut edits = of(resolution, roles, state);
    let mut chosen = Vec::new();
    match (request, &resolution.outcome) {
        (
            Some(Request::VictoriaCross(victoria_cross::Request::BayonetCharge(input))),
            Outcome::VictoriaCross(victoria_cross::Outcome::BayonetCharge(outcome)),
        ) => {
            let (charged, notes) = bayonet_charge(input, outcome, roles, state);
            edits.extend(charged);
            chosen = notes;
        }
        (
            Some(Request::VictoriaCross(victoria_cross::Request::Replacements(input))),
            Outcome::VictoriaCross(victoria_cross::Outcome::Replacements(_)),
        ) => edits.extend(replacements(input, state)),
        _ => {}
    }
    (edits, chosen)
}

/// The units in their roles, in the roles' order.
fn unit_ids(roles: &Roles) -> Vec<UnitId> {
    roles.0.iter().map(|(_, id)| UnitId(id.clone())).collect()
}

fn loss(unit_id: Option<&UnitId>, amount: u32, cause: Cause) -> Option<UnitEdit> {
    let unit_id = unit_id?.clone();
    (amount > 0).then_some(UnitEdit::StrengthChanged {
        unit_id,
        amount,
        cause,
    })
}

fn status(unit_id: Option<&UnitId>, status: Option<Status>) -> Option<UnitEdit> {
    Some(UnitEdit::StatusSet {
        unit_id: unit_id?.clone(),
        status,
    })
}

/// Micro Colonial: fighting factors lost go to the record sheet's D column when they are
/// volley losses ("record all volley fire losses under the column headed 'D' ... Record all
/// other losses under the column headed 'K'"), morale results become statuses.
fn mc(outcome: &micro_colonial::Outcome, units: &[UnitId]) -> Vec<UnitEdit> {
    use micro_colonial::Outcome as Mc;
    let (first, second) = (units.first(), units.get(1));
    let edits = match outcome {
        // Firer first, target second: "A final Plus result indicates the number of
        // fighting factors lost".
        Mc::Fire(o) => {
            let other = o.ff_lost.saturating_sub(o.volley_losses);
            vec![
                loss(second, o.volley_losses, Cause::Volley),
                loss(second, other, Cause::Other),
            ]
        }
        // The same losses; a Zulu unit the volley halted must test morale ("MORALE ... 2. A
        // Zulu unit that is forced to halt due to volley fire").
        Mc::RdFire(rd) => {
            let o = &rd.fire;
            let other = o.ff_lost.saturating_sub(o.volley_losses);
            vec![
                loss(second, o.volley_losses, Cause::Volley),
                loss(second, other, Cause::Other),
                if rd.zulu_must_test {
                    status(second, Some(Status::MoraleTestDue))
                } else {
                    None
                },
            ]
        }
        // "Any plus factor indicates the number of fighting factors lost by the target";
        // with a skirmish screen, "divided in the ratio of 1 to 5": the screen is the third
        // unit selected.
        Mc::Artillery(o) => match (o.screen_losses, o.close_order_losses) {
            (Some(screen), close_order) => vec![
                loss(second, close_order.unwrap_or(0), Cause::Other),
                loss(units.get(2), screen, Cause::Other),
            ],
            (None, _) => vec![loss(second, o.ff_lost, Cause::Other)],
        },
        // "Any plus result will be the number of fighting factors lost by the opposing
        // unit"; the loser who must test is marked so.
        Mc::Melee(o) => {
            let loser = match o.winner {
                MeleeWinner::A => second,
                MeleeWinner::B => first,
                MeleeWinner::Draw => None,
            };
            vec![
                loss(first, o.a_losses, Cause::Other),
                loss(second, o.b_losses, Cause::Other),
                if o.loser_must_test {
                    status(loser, Some(Status::MoraleTestDue))
                } else {
                    None
                },
            ]
        }
        // The morale result is the unit's action: GOOD clears any status.
        Mc::Morale(o) => vec![status(first, recorded::status_of(o.result))],
        // A rallied unit's break is over.
        Mc::Rally(o) if o.rallied => vec![status(first, None)],
        // "A breaking unit will lose one dice x 10 fighting factors per move of rout."
        Mc::RoutLoss(o) => vec![loss(first, o.ff_lost, Cause::Other)],
        _ => Vec::new(),
    };
    edits.into_iter().flatten().collect()
}

/// Victoria Cross: a fire's or a melee's hits come off the counter in role `target`, the
/// one its owner chose ("the owning player determines which units incur them"; "The
/// British player then allocates the hits among the units in the zone(s)"); what it cannot
/// take is named when the loss is capped, for the owner to take off others. A counter left
/// with no SP leaves the game: "British units reduced below 1 SP are eliminated from the
/// game", and the Zulu player's come back only as "units eliminated" off the Zulu Loss
/// Track.
fn vc(outcome: &victoria_cross::Outcome, roles: &Roles, state: &GameState) -> Vec<UnitEdit> {
    if let victoria_cross::Outcome::Hospital(o) = outcome {
        return hospital_burned(o, roles, state);
    }
    if let victoria_cross::Outcome::Ammo(o) = outcome {
        return ammo_marked(o.depleted, roles, state)
            .unwrap_or_default()
            .into_iter()
            .map(|id| UnitEdit::StatusSet {
                unit_id: UnitId(id),
                status: Status::parse("ammo depleted"),
            })
            .collect();
    }
    let hits = match outcome {
        victoria_cross::Outcome::Fire(o) | victoria_cross::Outcome::Volley(o) => o.hits,
        victoria_cross::Outcome::Melee(o) | victoria_cross::Outcome::RandomFire(o) => o.hits,
        _ => return Vec::new(),
    };
    let Some(target) = roles.get("target").map(|id| UnitId(id.to_owned())) else {
        return Vec::new();
    };
    let mut edits: Vec<UnitEdit> = loss(Some(&target), hits, Cause::Other)
        .into_iter()
        .collect();
    if let Some(unit) = state.unit(&target)
        && hits > 0
        && unit.present > 0
        && hits >= unit.present
        && !unit.removed
    {
        edits.push(UnitEdit::Removed { unit_id: target });
    }
    edits
}

/// Victoria Cross: the counters in the hospital's roles when it burns down: "Any units
/// still in the hospital when it burns down are eliminated (Zulu units return per
/// replacement rules)". Each loses the SP it has left (a Zulu's go to the Loss Track as
/// any loss does) and leaves the game.
fn hospital_burned(
    outcome: &victoria_cross::HospitalOutcome,
    roles: &Roles,
    state: &GameState,
) -> Vec<UnitEdit> {
    if !outcome.burned {
        return Vec::new();
    }
    let mut edits = Vec::new();
    for unit_id in unit_ids(roles) {
        let Some(unit) = state.unit(&unit_id).filter(|u| !u.removed) else {
            continue;
        };
        edits.extend(loss(Some(&unit_id), unit.present, Cause::Other));
        edits.push(UnitEdit::Removed { unit_id });
    }
    edits
}

/// Victoria Cross: what a bayonet charge (resolved from `input`) did to the counters in its
/// roles. The Zulu SP lost come off the counter charged (`target`), which leaves the game
/// at none; the British losses are the British player's to allocate ("the owning player
/// determines which units incur them"), named for him to record, unless no British SP is
/// left ("until one side is eliminated"), when every charging counter leaves the game.
pub fn bayonet_charge(
    input: &victoria_cross::BayonetChargeInput,
    outcome: &victoria_cross::BayonetChargeOutcome,
    roles: &Roles,
    state: &GameState,
) -> (Vec<UnitEdit>, Vec<String>) {
    let on_roster = |id: &str| {
        let id = UnitId(id.to_owned());
        state
            .unit(&id)
            .filter(|u| !u.removed)
            .map(|u| (id, u.present))
    };
    let mut edits = Vec::new();
    let mut notes = Vec::new();
    let zulus_lost = input.zulu_sp.saturating_sub(outcome.zulu_sp);
    if let Some((target, present)) = roles.get("target").and_then(on_roster) {
        edits.extend(loss(Some(&target), zulus_lost, Cause::Other));
        if zulus_lost > 0 && zulus_lost >= present {
            edits.push(UnitEdit::Removed { unit_id: target });
        }
    }
    let british: Vec<(UnitId, u32)> = roles
        .0
        .iter()
        .filter(|(role, _)| role == "leader" || role.starts_with("unit-"))
        .filter_map(|(_, id)| on_roster(id))
        .collect();
    let british_lost = input.british_sp.saturating_sub(outcome.british_sp);
    if outcome.british_sp == 0 && british_lost > 0 {
        edits.extend(
            british
                .into_iter()
                .map(|(unit_id, _)| UnitEdit::Removed { unit_id }),
        );
    } else if british_lost > 0 && !british.is_empty() {
        let names: Vec<&str> = british.iter().map(|(id, _)| id.0.as_str()).collect();
        notes.push(format!(
            "take {british_lost} SP off {}, the British player's choice (\"the owning player determines which units incur them\"): record them in the roster",
            names.join(", ")
        ));
    }
    (edits, notes)
}

/// Victoria Cross: the British replacements at Rorke's Drift (resolved from `input`, so
/// within the rules' limits) restore each unit's SP given, for the units on the roster by
/// the name given ("two replacement SP that can be applied to units in storehouse zone G").
pub fn replacements(input: &victoria_cross::ReplacementsInput, state: &GameState) -> Vec<UnitEdit> {
    input
        .units
        .iter()
        .filter(|u| u.gain > 0)
        .filter_map(|u| {
            let unit_id = UnitId(u.name.clone());
            state.unit(&unit_id).filter(|unit| !unit.removed)?;
            Some(UnitEdit::StrengthChanged {
                unit_id,
                amount: u.gain,
                cause: Cause::Replacement,
            })
        })
        .collect()
}

/// Victoria Cross: the counters an ammunition check marks Ammo Depleted when the British
/// player has no choice left — as many to mark as fired and may be ([`victoria_cross::
/// situation::markable`]): all of them. `None` when he chooses which ("Any firing unit
/// (British players choice, other than artillery)"), or no firer is in a role.
fn ammo_marked(depleted: u32, roles: &Roles, state: &GameState) -> Option<Vec<String>> {
    let markable = victoria_cross::situation::markable(state, roles).ok()?;
    (depleted > 0 && depleted as usize >= markable.len()).then_some(markable)
}

/// What a resolution leaves to a player's choice among the units in its roles, for him to
/// record by hand: the counters of an ammunition check that marks fewer than may be marked.
pub fn choices(resolution: &AnyResolution, roles: &Roles, state: &GameState) -> Vec<String> {
    let Outcome::VictoriaCross(victoria_cross::Outcome::Ammo(o)) = &resolution.outcome else {
        return Vec::new();
    };
    let Ok(markable) = victoria_cross::situation::markable(state, roles) else {
        return Vec::new();
    };
    // Every one that may be marked must be: `ammo_marked` marks them, no choice is left.
    if o.depleted == 0 || o.depleted as usize >= markable.len() {
        return Vec::new();
    }
    vec![format!(
        "mark {} of {} Ammo Depleted, the British player's choice (\"Any firing unit (British players choice, other than artillery)\"): set their status in the roster",
        o.depleted,
        markable.join(", ")
    )]
}

/// Soldiers of the Queen: what a fire or a melee did to each unit and leader of the hex
/// (PART 10 G, PART 12 F), recorded on the units of the roster the outcome names: an
/// eliminated unit or a killed leader leaves the game, a pinned unit ("PN: ... the units in
/// the hex are Pinned") and a routed one (RT) carry it as their status. A withdrawal is a
/// move, not a record. Units the outcome names that are not on the roster are left to the
/// referee ([`notes`]). A leader killed by his death roll (PART 13 D) leaves the game; a
/// rallied unit's Routed status is cleared ("Routed units can be rallied (returned to normal
/// status)"), both for the
/// unit in the role the roll was for (`leader`, `unit`).
fn sotq(
    outcome: &soldiers_of_the_queen::Outcome,
    roles: &Roles,
    state: &GameState,
) -> Vec<UnitEdit> {
    use soldiers_of_the_queen::Fate;
    let in_role = |role: &str| {
        let id = UnitId(roles.get(role)?.to_owned());
        state.unit(&id).filter(|u| !u.removed).map(|_| id)
    };
    let hex = match outcome {
        soldiers_of_the_queen::Outcome::Fire(o) => &o.hex,
        soldiers_of_the_queen::Outcome::Melee(o) => &o.hex,
        soldiers_of_the_queen::Outcome::LeaderDeath(o) => {
            // A combat unit is no leader: its record says what it is.
            let leader = |id: &UnitId| {
                state.unit(id).is_some_and(|u| {
                    soldiers_of_the_queen::units::Troop::of(&u.spec.troop_type)
                        .is_none_or(|t| t.leader)
                })
            };
            return in_role("leader")
                .filter(|id| o.killed && leader(id))
                .map(|unit_id| UnitEdit::Removed { unit_id })
                .into_iter()
                .collect();
        }
        soldiers_of_the_queen::Outcome::Rally(o) => {
            // Only a Routed unit is rallied; another status stays.
            let routed = |id: &UnitId| {
                state.unit(id).is_some_and(|u| {
                    u.status
                        .as_ref()
                        .is_some_and(|s| s.name().trim().eq_ignore_ascii_case("routed"))
                })
            };
            return in_role("unit")
                .filter(|id| o.rallied && routed(id))
                .map(|unit_id| UnitEdit::StatusSet {
                    unit_id,
                    status: None,
                })
                .into_iter()
                .collect();
        }
        _ => return Vec::new(),
    };
    let on_roster = |name: &str| {
        let id = UnitId(name.to_owned());
        state.unit(&id).filter(|u| !u.removed).map(|_| id)
    };
    let mut edits = Vec::new();
    for unit in &hex.units {
        let Some(id) = on_roster(&unit.name) else {
            continue;
        };
        let word = match unit.fate {
            Fate::Eliminated => {
                edits.push(UnitEdit::Removed { unit_id: id });
                continue;
            }
            Fate::Pinned | Fate::WithdrawnPinned => "pinned",
            Fate::Routed => "routed",
            Fate::Unaffected | Fate::Withdrawn => continue,
        };
        edits.push(UnitEdit::StatusSet {
            unit_id: id,
            status: Status::parse(word),
        });
    }
    for leader in &hex.leaders_killed {
        if let Some(id) = on_roster(leader) {
            edits.push(UnitEdit::Removed { unit_id: id });
        }
    }
    edits
}

/// The units and leaders a Soldiers of the Queen fire or melee did something to that are
/// not on the roster (the names typed at the desk or on the command line are not its
/// units'): named for the referee to record by hand.
pub fn off_roster(resolution: &AnyResolution, state: &GameState) -> Vec<String> {
    use soldiers_of_the_queen::Fate;
    let hex = match &resolution.outcome {
        Outcome::SoldiersOfTheQueen(soldiers_of_the_queen::Outcome::Fire(o)) => &o.hex,
        Outcome::SoldiersOfTheQueen(soldiers_of_the_queen::Outcome::Melee(o)) => &o.hex,
        _ => return Vec::new(),
    };
    let off = |name: &str| state.unit(&UnitId(name.to_owned())).is_none();
    let mut notes: Vec<String> = hex
        .units
        .iter()
        .filter(|u| !matches!(u.fate, Fate::Unaffected | Fate::Withdrawn) && off(&u.name))
        .map(|u| {
            format!(
                "{} ({}) is not on the roster: record it by hand",
                u.name,
                u.fate.name()
            )
        })
        .collect();
    notes.extend(
        hex.leaders_killed
            .iter()
            .filter(|l| off(l))
            .map(|l| format!("{l} (killed) is not on the roster: record it by hand")),
    );
    notes
}

/// A Rorke's Drift melee round on the units in its roles: the Zulu unit (`zulu`) loses its
/// FF; the sections' losses ("Divide the melee losses on those British sections which
/// combined in the same melee equally between the sections, starting from the right-hand
/// section in each case") go each to the section in its role (`front-1` ... then
/// `second-1` ..., the order the situation reads them in) when the roles name as many
/// sections as the outcome shares out — else a note asks for them by hand. "Any plus
/// result will be the number of fighting factors lost": column K. The loser who must test
/// is marked so when it is the Zulu unit; the sections' test is noted ([`notes`]).
fn rd_melee(
    outcome: &micro_colonial::rorkes_drift::RdMeleeOutcome,
    roles: &Roles,
) -> Vec<UnitEdit> {
    use micro_colonial::rorkes_drift::RdMeleeWinner;
    let zulu = roles.get("zulu").map(UnitId::from);
    let mut edits = vec![loss(zulu.as_ref(), outcome.zulu_losses, Cause::Other)];
    let sections = rd_sections(roles);
    if sections.len() == outcome.section_losses.len() {
        for (section, share) in sections.iter().zip(&outcome.section_losses) {
            edits.push(loss(Some(section), *share, Cause::Other));
        }
    }
    if outcome.loser_must_test {
        match outcome.winner {
            RdMeleeWinner::British => {
                edits.push(status(zulu.as_ref(), Some(Status::MoraleTestDue)));
            }
            RdMeleeWinner::Zulu => {
                for section in &sections {
                    edits.push(status(Some(section), Some(Status::MoraleTestDue)));
                }
            }
            RdMeleeWinner::Draw => {}
        }
    }
    edits.into_iter().flatten().collect()
}

/// Two counters combined at Rorke's Drift (COMBINING RULE): "This is done by removing
/// counters and adding the removed counters present fighting factor to the factor of
/// another" — the counter in role `into` is brought up to the combined FF, the one in role
/// `removed` leaves the game. A combined FF at or below the kept counter's present FF (a
/// figure typed by hand) adds nothing.
fn rd_combine(combined_ff: u32, roles: &Roles, state: &GameState) -> Vec<UnitEdit> {
    let mut edits = Vec::new();
    if let Some(into) = roles.get("into").map(UnitId::from) {
        let present = state.unit(&into).map_or(0, |u| u.present);
        let added = combined_ff.saturating_sub(present);
        if added > 0 {
            edits.push(UnitEdit::StrengthChanged {
                unit_id: into,
                amount: added,
                cause: Cause::Combined,
            });
        }
    }
    if let Some(removed) = roles.get("removed").map(UnitId::from) {
        edits.push(UnitEdit::Removed { unit_id: removed });
    }
    edits
}

/// The sections in a Rorke's Drift melee's roles, front rank then second, each from the
/// right-hand section.
fn rd_sections(roles: &Roles) -> Vec<UnitId> {
    micro_colonial::rorkes_drift::RD_MELEE_ROLES[1..]
        .iter()
        .filter_map(|role| roles.get(role).map(UnitId::from))
        .collect()
}

/// What the referee should know about applying a resolution beyond its edits.
pub fn notes(resolution: &AnyResolution, roles: &Roles) -> Vec<String> {
    let units = unit_ids(roles);
    let mut notes = Vec::new();
    // With the counter hit in its role the hits are recorded on it; without, the owner
    // records them on the counters he chooses.
    if roles.get("target").is_none() {
        notes.extend(owner_allocates(resolution));
    }
    if let Outcome::MicroColonial(micro_colonial::Outcome::RdMelee(outcome)) = &resolution.outcome {
        let sections = rd_sections(roles);
        if sections.len() != outcome.section_losses.len() && outcome.british_losses > 0 {
            notes.push(format!(
                "the sections' {} FF ({}): select the sections in contact as front-1, front-2 ... to record them",
                outcome.british_losses,
                outcome
                    .section_losses
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if outcome.loser_must_test
            && outcome.winner == micro_colonial::rorkes_drift::RdMeleeWinner::Zulu
            && sections.is_empty()
        {
            notes.push("the sections lost by more than 5 FF: they test their morale".to_owned());
        }
    }
    if let Outcome::MicroColonial(micro_colonial::Outcome::RdCombine(_)) = &resolution.outcome
        && let Some(removed) = roles.get("removed")
    {
        notes.push(format!(
            "{removed} leaves the game combined into another counter: the Rorke's Drift conditions of victory count a removed section among those eliminated (the supplement does not say otherwise)"
        ));
    }
    // "divided in the ratio of 1 to 5": the skirmish screen's share goes to the third unit.
    if let Outcome::MicroColonial(micro_colonial::Outcome::Artillery(artillery)) =
        &resolution.outcome
        && units.len() < 3
        && let Some(screen) = artillery.screen_losses.filter(|n| *n > 0)
    {
        notes.push(format!(
            "the skirmish screen's {screen} FF: select the screen as a third unit to record them"
        ));
    }
    notes
}

/// The effects of a DBA combat on its two bases.
///
/// "Destroyed: Remove base from play" — the loser loses a base, and leaves the game when
/// it has none left ("Note only one stand of 2 base amabutho is removed": a two-base
/// amabutho fights on with the other); "Recoil", "Flee" and "stays" (an attacker on the
/// flank who lost) are statuses; a tie with no result changes nothing.
pub fn dba_combat(
    outcome: &dba_zulu::CombatOutcome,
    a: Option<&UnitId>,
    b: Option<&UnitId>,
    state: &GameState,
) -> Vec<UnitEdit> {
    let loser = match outcome.loser {
        Some(dba_zulu::SideId::A) => a,
        Some(dba_zulu::SideId::B) => b,
        None => None,
    };
    let Some(unit_id) = loser.cloned() else {
        return Vec::new();
    };
    let status = |status: Status| {
        vec![UnitEdit::StatusSet {
            unit_id: unit_id.clone(),
            status: Some(status),
        }]
    };
    match outcome.result {
        dba_zulu::Fate::Destroyed => {
            let mut edits = vec![UnitEdit::StrengthChanged {
                unit_id: unit_id.clone(),
                amount: 1,
                cause: Cause::Other,
            }];
            if state.unit(&unit_id).is_none_or(|u| u.present <= 1) {
                edits.push(UnitEdit::Removed {
                    unit_id: unit_id.clone(),
                });
            }
            edits
        }
        dba_zulu::Fate::Recoil => status(Status::Recoiled),
        dba_zulu::Fate::Flee => status(Status::Fled),
        dba_zulu::Fate::Stays => status(Status::StaysInContact),
        dba_zulu::Fate::NoResult => Vec::new(),
    }
}

/// Victoria Cross II hits are SP the owner takes off the units of his choice: "Immediately
/// deduct that number of SP from the target zone. The Zulu player determines which units
/// incur the losses"; in melee "The owning player determines which of their units incur the
/// losses". With no counter in role `target` Apply logs them, and the roster's edit records each unit's share.
fn owner_allocates(resolution: &AnyResolution) -> Vec<String> {
    use victoria_cross::Outcome as Vc;
    let hits = match &resolution.outcome {
        Outcome::VictoriaCross(Vc::Fire(o) | Vc::Volley(o)) => vec![(o.hits, "the target zone")],
        Outcome::VictoriaCross(Vc::RandomFire(o) | Vc::Melee(o)) => {
            vec![(o.hits, "the target zone")]
        }
        Outcome::VictoriaCross(Vc::MeleeExchange(o)) => vec![
            (o.zulu_hits, "the British units"),
            (o.british_hits, "the Zulu units"),
        ],
        _ => Vec::new(),
    };
    hits.into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, whom)| {
            format!(
                "{n} hit(s) on {whom}: the owning player chooses which units lose the SP — record each unit's share on the roster (edit, then Record loss)"
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dba_zulu::{CombatOutcome, Fate, SideId};

    fn outcome(loser: Option<SideId>, result: Fate) -> CombatOutcome {
        CombatOutcome {
            a_total: 0,
            b_total: 0,
            loser,
            result,
            jammed: Vec::new(),
            displace_mm: None,
            flee_mm: None,
            pursuit: None,
            pursuit_mm: None,
        }
    }

    #[test]
    fn destroyed_loser_loses_its_base_and_leaves() {
        let a = UnitId("zulu 1".to_owned());
        let b = UnitId("24th 1".to_owned());
        let edits = dba_combat(
            &outcome(Some(SideId::B), Fate::Destroyed),
            Some(&a),
            Some(&b),
            &GameState::default(),
        );
        assert_eq!(
            edits,
            vec![
                UnitEdit::StrengthChanged {
                    unit_id: b.clone(),
                    amount: 1,
                    cause: Cause::Other
                },
                UnitEdit::Removed { unit_id: b },
            ]
        );
    }

    #[test]
    fn recoil_is_a_status_and_no_result_changes_nothing() {
        let a = UnitId("a".to_owned());
        let none = GameState::default();
        let edits = dba_combat(
            &outcome(Some(SideId::A), Fate::Recoil),
            Some(&a),
            None,
            &none,
        );
        assert_eq!(
            edits,
            vec![UnitEdit::StatusSet {
                unit_id: a.clone(),
                status: Some(Status::Recoiled)
            }]
        );
        assert!(dba_combat(&outcome(None, Fate::NoResult), Some(&a), None, &none).is_empty());
    }
}
