//! Ranged combat's range and return fire: a within its listed range of b, and whether b
//! can fire back ("Ranged Combat").

use super::{CombatInput, CombatKind, Contact};
use crate::charts::CellReader;
use crate::resolution::{Refusal, Step};
use crate::rules::dba_zulu::moves;
use crate::rules::dba_zulu::troops::{CHART, Troop};
use crate::rules::dba_zulu::{cell, rule, section};
use crate::rules::words;

/// In ranged combat, a's range and whether b returns fire (returned); in close combat, a
/// note for a gun as a, which never moves into contact itself.
pub(super) fn firing_steps(
    reader: &mut CellReader<'_>,
    s: &CombatInput,
    a: &Troop,
    b: &Troop,
    steps: &mut Vec<Step>,
) -> Result<bool, Refusal> {
    let mut b_returns_fire = false;
    if s.kind == CombatKind::Ranged {
        // "Bases may engage in fire combat up to the limit of their listed range".
        match a.range_in {
            None => {
                return Err(Refusal::by_rule(
                    cell(section::TROOP_TABLE, CHART, &[a.kind.id(), "range_in"]),
                    format!(
                        "{} cannot fire: its range is 'none' in the troop table",
                        a.label
                    ),
                ));
            }
            Some(range) => steps.push(in_range(reader, s, a, b, range)?),
        }
        b_returns_fire = b_can_return_fire(reader, s, b, a, steps)? && !s.b_holds_fire;
    } else if a.kind.is_gun() {
        steps.push(Step::note(
            rule(section::MOVEMENT),
            format!(
                "{} 'may never voluntarily move into contact with enemy bases': as a, this is a close combat continuing from an earlier phase",
                a.label
            ),
        ));
    }
    Ok(b_returns_fire)
}

/// "Bases may engage in fire combat up to the limit of their listed range": the listed
/// range, checked against the measured distance when there is one.
fn in_range(
    reader: &mut CellReader<'_>,
    s: &CombatInput,
    a: &Troop,
    b: &Troop,
    range_in: f64,
) -> Result<Step, Refusal> {
    let at = cell(section::RANGED, CHART, &[a.kind.id(), "range_in"]);
    let Some(measured) = s.range_mm else {
        return Ok(Step::valued(
            at,
            format!(
                "a ({}) fires at b ({}) within its listed range (inches, 15 mm; the distance was not measured)",
                a.label, b.label
            ),
            range_in,
            None,
        ));
    };
    if !measured.is_finite() || measured < 0.0 {
        return Err(Refusal::by_rule(
            rule(section::RANGED),
            format!("range: {measured} mm is not a distance"),
        ));
    }
    let Some(scale) = moves::read_scale(reader, s.scale.as_ref()) else {
        return Err(reader.refusal(rule(section::RANGED)).unwrap_or_else(|| {
            Refusal::by_rule(rule(section::SET_UP), "the figure scale could not be read")
        }));
    };
    let limit = scale.inches_to_mm(range_in);
    let listed = format!(
        "listed range {} = {} at {}",
        words::inches(range_in),
        words::mm(limit),
        scale.words()
    );
    if measured > limit {
        return Err(Refusal::out_of_range(
            at,
            format!(
                "a ({}) cannot fire at b ({}): the bases are {} apart, beyond its {listed}",
                a.label,
                b.label,
                words::mm(measured)
            ),
        ));
    }
    Ok(Step::valued(
        at,
        format!(
            "a ({}) fires at b ({}): {} apart, within its {listed}",
            a.label,
            b.label,
            words::mm(measured)
        ),
        range_in,
        None,
    ))
}

/// Whether b can fire back at a: "Targets capable of returning fire may do so ( in which
/// case the firer may suffer adverse results ) but are not required to do so." b must have
/// a listed range, a must be within it ("Bases may engage in fire combat up to the limit
/// of their listed range"), and a base in contact may be fired at only to its front
/// ("Bases MAY fire at bases in contact to their front ( but not flank or rear )"). Pushes
/// the step that says which, and why.
fn b_can_return_fire(
    reader: &mut CellReader<'_>,
    s: &CombatInput,
    b: &Troop,
    a: &Troop,
    steps: &mut Vec<Step>,
) -> Result<bool, Refusal> {
    let cannot = |why: String| {
        Step::note(
            rule(section::RANGED),
            format!(
                "b ({}) cannot return fire: {why}; the firer suffers no adverse result if it loses",
                b.label
            ),
        )
    };
    let Some(range_in) = b.range_in else {
        steps.push(cannot("its range is 'none' in the troop table".to_owned()));
        return Ok(false);
    };
    if s.in_contact && s.contact != Contact::Front {
        steps.push(cannot(format!(
            "a touches its {}, and 'Bases MAY fire at bases in contact to their front ( but not flank or rear )'",
            s.contact.name()
        )));
        return Ok(false);
    }
    if let Some(measured) = s.range_mm
        && measured.is_finite()
    {
        let Some(scale) = moves::read_scale(reader, s.scale.as_ref()) else {
            return Err(reader.refusal(rule(section::RANGED)).unwrap_or_else(|| {
                Refusal::by_rule(rule(section::SET_UP), "the figure scale could not be read")
            }));
        };
        let limit = scale.inches_to_mm(range_in);
        if measured > limit && s.b_returns_fire {
            return Err(Refusal::bad_input(
                rule(section::RANGED),
                format!(
                    "--return-fire says b ({}) is within its own range, but the bases are {} apart, beyond its listed range {} = {} at {}",
                    b.label,
                    words::mm(measured),
                    words::inches(range_in),
                    words::mm(limit),
                    scale.words()
                ),
            ));
        }
        if measured > limit {
            steps.push(cannot(format!(
                "a ({}) is {} away, beyond b's listed range {} = {} at {}",
                a.label,
                words::mm(measured),
                words::inches(range_in),
                words::mm(limit),
                scale.words()
            )));
            return Ok(false);
        }
    }
    // Not measured and not in contact: whether a is within b's range is the referee's to
    // say, never assumed (an out-of-range target that "returned fire" could destroy the
    // firer).
    let measured = s.range_mm.is_some_and(f64::is_finite) || s.in_contact;
    if !measured && !s.b_holds_fire && !s.b_returns_fire {
        return Err(Refusal::bad_input(
            rule(section::RANGED),
            format!(
                "whether b ({}) can return fire depends on the distance, which was not measured: give the distance (--range-mm), or say whether a is within b's own listed range {}: --return-fire (it is, and b returns fire) or --no-return-fire (it is not, or b holds its fire)",
                b.label,
                words::inches(range_in)
            ),
        ));
    }
    let given = if measured {
        ""
    } else if s.b_returns_fire {
        " (the distance not measured: --return-fire gives a within b's own listed range)"
    } else {
        " (the distance not measured: --no-return-fire given)"
    };
    steps.push(Step::note(
        rule(section::RANGED),
        if s.b_holds_fire {
            format!(
                "b ({}) could return fire but does not{given}: the firer suffers no adverse result if it loses",
                b.label
            )
        } else {
            format!(
                "b ({}) returns fire 'in which case the firer may suffer adverse results'{given}",
                b.label
            )
        },
    ));
    Ok(true)
}
