//! The situation of a small arms fire (`firer`, `target`, optional `rear`) and of a gun's
//! fire (`gun`, `target`, optional `screen`): the range and the arc on the table, the FF
//! on the record sheets, the target's section of the chart, and the two-unit formation's
//! rear unit; and of a machine gun's jam check (`gun`): its counter and its crew.

use super::{Unit, note_strength, optional_unit, rule, unit};
use crate::charts::Charts;
use crate::geometry::{EdgeName, Layout, contact_edge, round_mm, terrain_under};
use crate::resolution::Refusal;
use crate::rules::field::FieldId;
use crate::rules::measure::{mc_arc_angle, measure};
use crate::rules::micro_colonial::artillery::{ArtilleryInput, ArtilleryTarget};
use crate::rules::micro_colonial::fire::{FireInput, Target};
use crate::rules::micro_colonial::jam::{Crew, JamInput};
use crate::rules::micro_colonial::morale_due::MoraleClass;
use crate::rules::micro_colonial::recorded::{
    Formation, MOUNTED, Status, class_of, has_status, in_formation,
};
use crate::rules::situation::{Filler, Origins, Records, Roles, Source};
use crate::ruleset::Ruleset;

const FIRE: &str = "SMALL ARMS FIRE";
const ARTILLERY: &str = "ARTILLERY FIRE";
const GUNS: &str = "MACHINE GUNS AND GATLING GUNS";
/// The counter type of guns and machine guns.
const GUN_COUNTER: &str = "artillery-machine-gun";

/// The range and whether the target is in the arc, as the table gives them: "Measure the
/// range from the centre of the firing unit to the nearest point on the target counter";
/// "If any of the target counter is within the arc it may be engaged". Without the club's
/// template angle the arc is left to the referee (`None`).
fn range_and_arc(
    origins: &mut Origins,
    layout: &Layout,
    charts: &Charts,
    firer: &Unit<'_>,
    target: &Unit<'_>,
) -> Option<(f64, Option<bool>)> {
    let measured = measure(
        layout,
        charts,
        Ruleset::MicroColonial,
        firer.id(),
        target.id(),
    )?;
    let range = round_mm(measured.range.mm);
    origins.note(
        crate::field!(FireInput: range_mm),
        "range mm",
        range,
        Source::Table,
        format!(
            "measured from the centre of {} to the nearest point of {}",
            firer.who(),
            target.who()
        ),
    );
    let in_arc = match (&measured.arc, mc_arc_angle(charts)) {
        (Ok(arc), Some(angle)) => {
            let lies = if arc.in_arc {
                "part of it lies within"
            } else {
                "no part of it lies within"
            };
            origins.note(
                crate::rules::micro_colonial::arcs::FIELD,
                "in arc",
                arc.in_arc,
                Source::Table,
                format!(
                    "{}: {lies} {}'s arc, the club's {angle}° firing-arc template (firing_arc:angle_deg)",
                    target.who(),
                    firer.who()
                ),
            );
            Some(arc.in_arc)
        }
        (Err(why), _) => {
            origins.undecided.push(format!(
                "the arc of fire: the table cannot tell ({}): the referee judges it",
                why.trim_start_matches("arc of fire: ")
            ));
            None
        }
        (Ok(_), None) => None,
    };
    Some((range, in_arc))
}

/// The fire of the units in roles `firer` and `target` (and `rear`, the rear unit of a
/// two-unit formation, when named; otherwise found on the table) on this table, with these
/// records, over `base`.
///
/// Refuses (as bad input) a role not given or a counter not on the table.
pub fn fire(
    layout: &Layout,
    charts: &Charts,
    records: &dyn Records,
    roles: &Roles,
    base: FireInput,
) -> Result<FireInput, Refusal> {
    let rule = rule(FIRE);
    let firer = unit(layout, records, roles, "firer", &rule)?;
    let target = unit(layout, records, roles, "target", &rule)?;
    let rear = optional_unit(layout, records, roles, "rear", &rule)?;
    let mut input = base;
    let mut origins = Origins::default();
    if let Some((range, in_arc)) = range_and_arc(&mut origins, layout, charts, &firer, &target) {
        input.range_mm = range;
        input.in_arc = in_arc;
    }
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(FireInput: firer_ff),
        "firer FF",
        &firer,
    ) {
        input.firer_ff = ff;
    }
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(FireInput: target_ff),
        "target FF",
        &target,
    ) {
        input.target_ff = ff;
    }
    if let Some(section) = target_section(&mut origins, layout, &target) {
        input.target = section;
    }
    input.two_unit_rear_ff = rear_ff(&mut origins, layout, records, &firer, rear.as_ref());
    input.origins = origins;
    Ok(input)
}

/// Small Arms Table 2's section for the target, when its status, counter or formation
/// names one.
fn target_section(origins: &mut Origins, layout: &Layout, target: &Unit<'_>) -> Option<Target> {
    let who = target.who();
    let (section, source, why) = if has_status(&target.record, &Status::GoneToGround) {
        (
            Target::InCover,
            Source::Records,
            format!(
                "{who} has gone to ground: 'A unit which goes to ground will be classed as in cover from all fire'"
            ),
        )
    } else if target.base.unit_type() == MOUNTED {
        (
            Target::Mounted,
            Source::Table,
            format!("{who} is a mounted counter: 'All mounted troops'"),
        )
    } else if in_formation(&target.record, &Formation::CloseOrder) {
        let under = terrain_under(layout, target.base);
        match class_of(&target.record) {
            Some(MoraleClass::Fanatic) if under.is_empty() => (
                Target::NativeCloseOrderInOpen,
                target.source,
                format!(
                    "{who} is a Fanatic (native) unit in close order, in the open: 'Close order native troops in the open'"
                ),
            ),
            Some(MoraleClass::EuropeanRegular) => (
                Target::OtherCloseOrder,
                target.source,
                format!(
                    "{who} is a European regular unit in close order: 'Other close order troops'"
                ),
            ),
            Some(MoraleClass::Fanatic) => {
                let ground: Vec<String> = under
                    .iter()
                    .map(|t| format!("{} '{}'", t.kind.name(), t.terrain_id))
                    .collect();
                origins.undecided.push(format!(
                    "{who} is a native unit in close order in {}: whether it is in cover is the referee's call (the target's section of Table 2)",
                    ground.join(", ")
                ));
                return None;
            }
            _ => {
                origins.undecided.push(format!(
                    "{who} is in close order, of a class the records do not name as Fanatic or European regular: native or other close order is the referee's call"
                ));
                return None;
            }
        }
    } else {
        origins.undecided.push(format!(
            "the target's section of Table 2: {who}'s status, counter and formation do not name one"
        ));
        return None;
    };
    origins.note(
        crate::field!(FireInput: target),
        "target",
        section,
        source,
        why,
    );
    Some(section)
}

/// "TWO UNIT FORMATION ... one unit counter immediately behind, and touching, the one in
/// front ... the rear unit counts only half its fighting factor": the rear unit's FF, from
/// the counter named in role `rear` or else the friendly counter whose front edge touches
/// the firer's rear edge, when the firer is in a two-unit formation.
fn rear_ff(
    origins: &mut Origins,
    layout: &Layout,
    records: &dyn Records,
    firer: &Unit<'_>,
    named: Option<&Unit<'_>>,
) -> Option<u32> {
    const FIELD: FieldId = crate::field!(FireInput: two_unit_rear_ff);
    const LABEL: &str = "two-unit rear FF";
    let touching =
        |rear: &Unit<'_>| contact_edge(rear.base, firer.base).edge == Some(EdgeName::Rear);
    let found;
    let rear = match named {
        Some(rear) => {
            if !touching(rear) {
                origins.undecided.push(format!(
                    "{} does not touch {}'s rear edge on the table: a two-unit formation is 'one unit counter immediately behind, and touching, the one in front'",
                    rear.who(),
                    firer.who()
                ));
            }
            rear
        }
        None if in_formation(&firer.record, &Formation::TwoUnit) => {
            let behind = layout.bases().iter().find(|c| {
                c.side() == firer.base.side()
                    && c.unit_id() != firer.id()
                    && contact_edge(c, firer.base).edge == Some(EdgeName::Rear)
            });
            let Some(rear) =
                behind.and_then(|c| super::found(layout, records, "rear", c.unit_id()))
            else {
                origins.undecided.push(format!(
                    "{} is in a two-unit formation, but no friendly counter touches its rear edge on the table",
                    firer.who()
                ));
                return None;
            };
            found = rear;
            &found
        }
        None => {
            let formation = firer
                .record
                .formation
                .as_ref()
                .map_or_else(|| "no formation".to_owned(), |f| format!("formation {f}"));
            origins.note(
                FIELD,
                LABEL,
                None::<u32>,
                firer.source,
                format!(
                    "{} is not in a two-unit formation ({} on {})",
                    firer.who(),
                    formation,
                    firer.record_words()
                ),
            );
            return None;
        }
    };
    let Some(present) = rear.strength() else {
        origins.undecided.push(format!(
            "two-unit formation: {}'s strength is not recorded — set its IF in the roster",
            rear.who()
        ));
        return None;
    };
    let how = if named.is_some() {
        "named as the rear unit".to_owned()
    } else {
        format!("its front edge touches {}'s rear edge", firer.who())
    };
    origins.note(
        FIELD,
        LABEL,
        present,
        rear.source,
        format!(
            "two-unit formation: {} ({how}) has PF {present} on {}",
            rear.who(),
            rear.record_words()
        ),
    );
    Some(present)
}

/// A gun's fire at the unit in role `target` (and `screen`, the skirmishers screening it,
/// when named) on this table, with these records, over `base`.
///
/// Refuses (as bad input) a role not given or a counter not on the table.
pub fn artillery(
    layout: &Layout,
    charts: &Charts,
    records: &dyn Records,
    roles: &Roles,
    base: ArtilleryInput,
) -> Result<ArtilleryInput, Refusal> {
    let rule = rule(ARTILLERY);
    let gun = unit(layout, records, roles, "gun", &rule)?;
    let target = unit(layout, records, roles, "target", &rule)?;
    let screen = optional_unit(layout, records, roles, "screen", &rule)?;
    let mut input = base;
    let mut origins = Origins::default();
    if let Some((range, in_arc)) = range_and_arc(&mut origins, layout, charts, &gun, &target) {
        input.range_mm = range;
        input.in_arc = in_arc;
    }
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(ArtilleryInput: gun_ff),
        "gun FF",
        &gun,
    ) {
        input.gun_ff = ff;
    }
    if let Some(kind) = artillery_target(&mut origins, &target) {
        input.target = kind;
    }
    // "If the target is a close order unit screened by skirmishers, the FF lost are divided
    // in the ratio of 1 to 5": the screen is the unit named in its role.
    if let Some(screen) = screen {
        input.skirmish_screen = true;
        origins.note(
            crate::field!(ArtilleryInput: skirmish_screen),
            "skirmish screen",
            true,
            Source::Table,
            format!("{} screens {}", screen.who(), target.who()),
        );
    }
    input.origins = origins;
    Ok(input)
}

/// The Shell and Cannister tables' target, when the target's counter, status or formation
/// names one.
fn artillery_target(origins: &mut Origins, target: &Unit<'_>) -> Option<ArtilleryTarget> {
    let who = target.who();
    let class = class_of(&target.record);
    let (kind, source, why) = if target.base.unit_type() == MOUNTED {
        (
            ArtilleryTarget::Mounted,
            Source::Table,
            format!("{who} is a mounted counter"),
        )
    } else if target.base.unit_type() == GUN_COUNTER {
        (
            ArtilleryTarget::Guns,
            Source::Table,
            format!("{who} is a gun's counter"),
        )
    } else if has_status(&target.record, &Status::GoneToGround)
        && class == Some(MoraleClass::EuropeanRegular)
    {
        (
            ArtilleryTarget::RegularsInCover,
            Source::Records,
            format!(
                "{who} is a European regular unit gone to ground: 'Regulars in cover, open order or lying down'"
            ),
        )
    } else if in_formation(&target.record, &Formation::CloseOrder)
        && class == Some(MoraleClass::Fanatic)
    {
        (
            ArtilleryTarget::CloseOrderNative,
            target.source,
            format!("{who} is a Fanatic (native) unit in close order"),
        )
    } else {
        origins.undecided.push(format!(
            "the artillery target: {who}'s counter, status and formation do not name one"
        ));
        return None;
    };
    origins.note(
        crate::field!(ArtilleryInput: target),
        "target",
        kind,
        source,
        why,
    );
    Some(kind)
}

/// The jam check of the gun in role `gun` on this table, with these records, over `base`:
/// "Before calculating their fire effect throw a random factor per gun and consult Table 3"
/// — the counter must be an artillery and machine-gun counter; and Table 3's column, the
/// crew, when its record names a class that settles it: "NATIVES In the rules, natives will
/// be referred to as either Fanatic or Levy", so a Fanatic crew is a native one. A
/// European regular crew may be regular or naval and a crew of class other levies or not:
/// the crew stays as `base` has it, named as the referee's.
///
/// Refuses (as bad input) the role not given, a counter not on the table, or a counter of
/// another type (an infantry counter throws no jam check).
pub fn jam(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: JamInput,
    given: &[String],
) -> Result<JamInput, Refusal> {
    let rule_of = rule(GUNS);
    let gun = unit(layout, records, roles, "gun", &rule_of)?;
    let kind = gun.base.unit_type();
    if !kind.is_empty() && kind != GUN_COUNTER {
        return Err(Refusal::bad_input(
            rule_of,
            format!(
                "{} is a counter of type '{kind}', not an artillery and machine gun counter: the jam check is thrown 'per gun'",
                gun.who()
            ),
        ));
    }
    let mut input = base;
    // A crew given by hand wins over the records'; the origins step says so.
    let mut fill = Filler::new(given);
    if kind.is_empty() {
        fill.origins.undecided.push(format!(
            "{}: its counter has no type — whether it is a machine or Gatling gun",
            gun.who()
        ));
    }
    match class_of(&gun.record) {
        Some(MoraleClass::Fanatic) => {
            fill.set_from(
                gun.source,
                crate::field!(JamInput: crew),
                "crew",
                &mut input.crew,
                Crew::Native,
                format!(
                    "{} is of class fanatic on {}: Fanatics are natives, a native crew",
                    gun.who(),
                    gun.record_words()
                ),
            );
        }
        Some(class) => fill.origins.undecided.push(format!(
            "{}'s crew: its class {} on {} does not say regular, naval or native",
            gun.who(),
            class.name(),
            gun.record_words()
        )),
        None => fill.origins.undecided.push(format!(
            "{}'s crew: regular, naval or native (the records hold no class for it)",
            gun.who()
        )),
    }
    input.origins = fill.origins;
    Ok(input)
}
