//! The situations of the Rorke's Drift supplement's own procedures: a break-in (`zulu`):
//! the room the Zulu unit meets and whether a defender holds it; a firing party
//! (`leader`, `zulu`): whether a command counter leads it; combining (`into`, `removed`):
//! the two counters' FF and kind; a move (`unit`): its side.

use super::{Unit, note_strength, optional_unit, rule, unit};
use crate::geometry::{Layout, TerrainKind};
use crate::resolution::Refusal;
use crate::rules::micro_colonial::morale_due::MoraleClass;
use crate::rules::micro_colonial::recorded::{COMMANDER, INFANTRY, class_of};
use crate::rules::micro_colonial::rorkes_drift::{
    BreakInInput, Counter, RdCombineInput, RdFiringPartyInput, RdMoveInput, Room, Side,
};
use crate::rules::situation::{Origins, Records, Roles, Source};

const IN_BUILDINGS: &str = "Rorke's Drift, IN BUILDINGS";
const FIRING_PARTIES: &str = "Rorke's Drift, FIRING PARTIES";
const COMBINING: &str = "Rorke's Drift, COMBINING RULE";
const MOVEMENT: &str = "Rorke's Drift, MOVEMENT";

/// The break-in of the Zulu unit (or Z marker) in role `zulu` on this table, over `base`:
/// "for the attacking Zulus to break into a building, or from one room to another, they
/// must first throw a random factor and get a result better than plus 2 for an occupied
/// room or better than zero for an unoccupied room" — the room is the one building drawn
/// on the table that the counter touches and does not stand in, and it is occupied when a
/// counter of another side stands in it. No such building, or more than one, leaves the
/// room to the referee, named.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn break_in(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: BreakInInput,
) -> Result<BreakInInput, Refusal> {
    let zulu = unit(layout, records, roles, "zulu", &rule(IN_BUILDINGS))?;
    let mut input = base;
    let mut origins = Origins::default();
    let centre = zulu.base.centre();
    let rooms: Vec<_> = layout
        .terrain()
        .iter()
        .filter(|t| t.kind == TerrainKind::Building && t.is_area())
        .filter(|t| !t.contains(&centre) && (t.touches_edge(zulu.base) || t.under(zulu.base)))
        .collect();
    match rooms.as_slice() {
        [room] => {
            let holders: Vec<&str> = layout
                .bases()
                .iter()
                .filter(|b| b.side() != zulu.base.side() && room.contains(&b.centre()))
                .map(crate::geometry::Base::unit_id)
                .collect();
            input.room = if holders.is_empty() {
                Room::Empty
            } else {
                Room::Occupied
            };
            let why = if holders.is_empty() {
                format!(
                    "{} meets building '{}', where no counter of another side stands",
                    zulu.who(),
                    room.terrain_id
                )
            } else {
                format!(
                    "{} meets building '{}', where {} stands",
                    zulu.who(),
                    room.terrain_id,
                    holders.join(", ")
                )
            };
            origins.note(
                crate::field!(BreakInInput: room),
                "room",
                input.room,
                Source::Table,
                why,
            );
        }
        [] => origins.undecided.push(format!(
            "the room {} breaks into: no building drawn on the table touches it",
            zulu.who()
        )),
        several => origins.undecided.push(format!(
            "the room {} breaks into: it touches {}",
            zulu.who(),
            several
                .iter()
                .map(|t| format!("'{}'", t.terrain_id))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    input.origins = origins;
    Ok(input)
}

/// The firing party led by the counter in role `leader` (against the Zulu unit in role
/// `zulu`, if given) on this table, over `base`: "These firing parties must be led by one
/// of the command counters ... A firing party which is not commanded by a command figure
/// may not engage the enemy with volley fire" — led by a command counter when the leader's
/// counter is a commander's, and not when it is another type. The FF the Zulu unit lost
/// to the party's initial volley stays as `base` has it: the records do not say which
/// volley a loss came from.
///
/// Refuses (as bad input) the leader not given or a counter not on the table.
pub fn rd_firing_party(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: RdFiringPartyInput,
) -> Result<RdFiringPartyInput, Refusal> {
    let rule_of = rule(FIRING_PARTIES);
    let leader = unit(layout, records, roles, "leader", &rule_of)?;
    let zulu = optional_unit(layout, records, roles, "zulu", &rule_of)?;
    let mut input = base;
    let mut origins = Origins::default();
    let counter = leader.base.unit_type();
    if counter.is_empty() {
        origins.undecided.push(format!(
            "whether {} is a command counter (its counter has no type)",
            leader.who()
        ));
    } else {
        input.led_by_command = counter == COMMANDER;
        let why = if input.led_by_command {
            format!("{} is a commander counter", leader.who())
        } else {
            format!(
                "{} is a {counter} counter, not a command counter",
                leader.who()
            )
        };
        origins.note(
            crate::field!(RdFiringPartyInput: led_by_command),
            "led by a command counter",
            input.led_by_command,
            Source::Table,
            why,
        );
    }
    let climber = zulu.as_ref().map_or("the Zulu unit".to_owned(), Unit::who);
    origins.undecided.push(format!(
        "the FF {climber} lost to the party's initial volley (`laager mc rd fire --initial-volley` throws it; the records do not say which volley a loss came from)"
    ));
    input.origins = origins;
    Ok(input)
}

/// What a counter is under the COMBINING RULE, as the table and its record show it: a
/// commander's counter is a command counter ("3 commanders counters (Chard, Bromhead and
/// the CSM)"), a European regular infantry counter a section (as the conditions of victory
/// count the sections); anything else may be a white counter, and is not decided.
fn counter_of(unit: &Unit<'_>) -> Option<Counter> {
    let counter = unit.base.unit_type();
    if counter == COMMANDER {
        Some(Counter::Command)
    } else if counter == INFANTRY && class_of(&unit.record) == Some(MoraleClass::EuropeanRegular) {
        Some(Counter::Section)
    } else {
        None
    }
}

/// The combining of the counter in role `removed` into the one in role `into` on this
/// table, with these records, over `base`: "This is done by removing counters and adding
/// the removed counters present fighting factor to the factor of another" — each one's
/// present FF on its record sheet; and "This rule does not apply to any of the command
/// counters or to the white non-British counters" — a commander's counter among them is a
/// command counter, two European regular infantry counters are sections; a counter that is
/// neither (a white counter, or one not recorded) leaves the kind to the referee, named.
///
/// Refuses (as bad input) a role not given, a counter not on the table, or one counter in
/// both roles.
pub fn rd_combine(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: RdCombineInput,
) -> Result<RdCombineInput, Refusal> {
    let rule_of = rule(COMBINING);
    let into = unit(layout, records, roles, "into", &rule_of)?;
    let removed = unit(layout, records, roles, "removed", &rule_of)?;
    if into.id() == removed.id() {
        return Err(Refusal::bad_input(
            rule_of,
            format!(
                "'{}' is in both roles: a counter is combined into another",
                into.id()
            ),
        ));
    }
    let mut input = base;
    let mut origins = Origins::default();
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(RdCombineInput: into_ff),
        "kept FF",
        &into,
    ) {
        input.into_ff = ff;
    }
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(RdCombineInput: removed_ff),
        "removed FF",
        &removed,
    ) {
        input.removed_ff = ff;
    }
    let kinds = [(&into, counter_of(&into)), (&removed, counter_of(&removed))];
    if let Some((command, _)) = kinds.iter().find(|(_, k)| *k == Some(Counter::Command)) {
        input.counter = Counter::Command;
        origins.note(
            crate::field!(RdCombineInput: counter),
            "counter",
            input.counter,
            Source::Table,
            format!("{} is a commander counter", command.who()),
        );
    } else if kinds.iter().all(|(_, k)| *k == Some(Counter::Section)) {
        input.counter = Counter::Section;
        origins.note(
            crate::field!(RdCombineInput: counter),
            "counter",
            input.counter,
            into.source,
            format!(
                "{} and {} are European regular infantry counters: sections",
                into.who(),
                removed.who()
            ),
        );
    } else {
        let unknown: Vec<String> = kinds
            .iter()
            .filter(|(_, k)| k.is_none())
            .map(|(u, _)| u.who())
            .collect();
        origins.undecided.push(format!(
            "whether {} is a section or a white counter (neither a commander's nor a European regular infantry counter)",
            unknown.join(" and ")
        ));
    }
    input.origins = origins;
    Ok(input)
}

/// The move of the unit in role `unit` at Rorke's Drift on this table, over `base`: who
/// moves ("Inside the perimeter only the attackers will be reduced to half their normal
/// movement rate"; "The defenders will subtract 10 mm from their movement to cross any
/// wall inside the perimeter"), from the side its counter is on when the side is named
/// `zulu` or `british`. Whether it is inside the perimeter, the walls it crosses and a
/// perimeter wall it climbs stay as `base` has them: the table does not mark the
/// perimeter.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn rd_move(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: RdMoveInput,
) -> Result<RdMoveInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule(MOVEMENT))?;
    let mut input = base;
    let mut origins = Origins::default();
    match me.base.side().parse::<Side>() {
        Ok(side) => {
            input.side = side;
            origins.note(
                crate::field!(RdMoveInput: side),
                "side",
                side,
                Source::Table,
                format!("{} is on the {side} side", me.who()),
            );
        }
        Err(_) => origins.undecided.push(format!(
            "who moves: {} is on side '{}', neither zulu nor british",
            me.who(),
            me.base.side()
        )),
    }
    origins.undecided.push(format!(
        "whether {} is inside the perimeter, the walls inside it crossed and a perimeter wall climbed (the table does not mark the perimeter)",
        me.who()
    ));
    input.origins = origins;
    Ok(input)
}
