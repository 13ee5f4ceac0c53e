//! The situations of fire and melee read from the records: the firers or attackers, the
//! units of the hex they attack and its leaders, each unit's shared fields filled from its
//! record.

use super::{
    Filler, Recorded, leaders, missing, numbered, one_side, other_side, place_leaders, recorded,
    stacked,
};
use crate::resolution::Refusal;
use crate::rules::field::FieldPath;
use crate::rules::situation::{Records, Roles};
use crate::rules::soldiers_of_the_queen::units::{Arm, Troop};
use crate::rules::soldiers_of_the_queen::{
    Attacker, Defender, FireInput, Firer, MeleeInput, Nationality, StackUnit, rule,
};

/// A fire attack with its firers (`firer-1` ... `firer-8`), the units of the target hex
/// (`target`, `target-2`, `target-3`) and its leaders (`leader-1`, `leader-2`) read from
/// the records. Each firer's Fire Strength, weapon and range stay `input`'s (the N-th
/// firer there is `firer-N`'s), as do the target units' Morale Ratings.
pub fn fire(
    records: &dyn Records,
    roles: &Roles,
    mut input: FireInput,
    given: &[String],
) -> Result<FireInput, Refusal> {
    const SECTION: &str = "PART 10";
    let mut fill = Filler::new(given);
    let mut firing = Vec::new();
    for (i, role, id) in numbered(roles, "firer-") {
        let unit = recorded(records, role, id, SECTION)?;
        let Some(firer) = input.firers.get_mut(i) else {
            return Err(missing(
                role,
                id,
                "its Fire Strength, weapon and range are",
                &format!("a firer number {} (strength=,weapon=,range=)", i + 1),
                SECTION,
            ));
        };
        fill_firer(&mut fill, firer, i, role, &unit)?;
        firing.push((id.to_owned(), firer.nationality));
    }
    one_side(&firing, "the firers", SECTION)?;
    let mut hit = Vec::new();
    for (i, role, id) in stacked(roles, "target") {
        let unit = recorded(records, role, id, SECTION)?;
        let units = &mut input.target.units;
        while units.len() <= i {
            units.push(StackUnit {
                name: format!("target {}", units.len() + 1),
                morale: None,
                gun: false,
                zariba: false,
            });
        }
        let label = format!("{role} name");
        fill.set(
            crate::field!(FireInput: target.units)
                .item(i)
                .then(crate::field!(StackUnit: name)),
            &label,
            &mut units[i].name,
            id.to_owned(),
            unit.why("is on the roster"),
        );
        if let Some(troop) = fill.troop(&unit, role) {
            if troop.leader {
                return Err(Refusal::bad_input(
                    rule(SECTION),
                    format!("{role}: '{id}' is a leader: name it leader-1 (a leader in the hex)"),
                ));
            }
            if i == 0 {
                fill.set(
                    crate::field!(FireInput: target.mounted),
                    "target mounted",
                    &mut input.target.mounted,
                    troop.mounted,
                    unit.why(&format!("joined as {}", unit.troop_type)),
                );
                fill.set(
                    crate::field!(FireInput: target.gunboat),
                    "target gunboat",
                    &mut input.target.gunboat,
                    troop.arm == Arm::Gunboat,
                    unit.why(&format!("joined as {}", unit.troop_type)),
                );
            }
        }
        if let Some(n) = unit.nationality {
            hit.push((id.to_owned(), n));
        }
    }
    other_side(&firing, &hit, SECTION)?;
    let found = leaders(records, roles, SECTION)?;
    place_leaders(
        &mut fill,
        &mut input.target.leaders,
        crate::field!(FireInput: target.leaders),
        found,
    );
    input.origins = fill.origins;
    Ok(input)
}

/// The fields a firing and an attacking unit share, to be filled from the records.
struct Slots<'a> {
    name: &'a mut String,
    nationality: &'a mut Nationality,
    arm: &'a mut Arm,
    mounted: &'a mut bool,
    pinned: &'a mut bool,
    routed: &'a mut bool,
}

/// Fills a firer's or an attacker's shared fields (`at`: its JSON pointer, `/firers/0`)
/// from its record; refuses a leader (`no_leader`: why) and a unit of no nationality.
/// Returns what its troop type says, for the fields of its own.
fn fill_unit(
    fill: &mut Filler<'_>,
    slots: Slots<'_>,
    at: &FieldPath,
    role: &str,
    unit: &Recorded,
    section: &str,
    no_leader: &str,
) -> Result<Option<Troop>, Refusal> {
    let Slots {
        name,
        nationality,
        arm,
        mounted,
        pinned,
        routed,
    } = slots;
    // A firer's and an attacker's shared fields are named alike.
    let at = |field| at.clone().then(field);
    let label = |field: &str| format!("{role} {field}");
    fill.set(
        at(crate::field!(Firer: name)),
        &label("name"),
        name,
        unit.id.clone(),
        unit.why("is on the roster"),
    );
    match unit.nationality {
        Some(n) => fill.set(
            at(crate::field!(Firer: nationality)),
            &label("nationality"),
            nationality,
            n,
            unit.why(&format!("is of class {}", n.name())),
        ),
        None if !fill.given(&at(crate::field!(Firer: nationality))) => {
            unit.nationality(role, section)?;
        }
        None => {}
    }
    let troop = fill.troop(unit, role);
    if let Some(troop) = troop {
        if troop.leader {
            return Err(Refusal::bad_input(
                rule(section),
                format!(
                    "{role}: '{}' is a leader, recorded as '{}': {no_leader}",
                    unit.id, unit.troop_type
                ),
            ));
        }
        let joined = unit.why(&format!("joined as {}", unit.troop_type));
        fill.set(
            at(crate::field!(Firer: arm)),
            &label("arm"),
            arm,
            troop.arm,
            joined.clone(),
        );
        fill.set(
            at(crate::field!(Firer: mounted)),
            &label("mounted"),
            mounted,
            troop.mounted,
            joined,
        );
    }
    fill.set(
        at(crate::field!(Firer: pinned)),
        &label("pinned"),
        pinned,
        unit.pinned,
        unit.why(if unit.pinned {
            "is pinned"
        } else {
            "is not pinned"
        }),
    );
    fill.set(
        at(crate::field!(Firer: routed)),
        &label("routed"),
        routed,
        unit.routed,
        unit.why(if unit.routed {
            "is routed"
        } else {
            "is not routed"
        }),
    );
    Ok(troop)
}

fn fill_firer(
    fill: &mut Filler<'_>,
    firer: &mut Firer,
    i: usize,
    role: &str,
    unit: &Recorded,
) -> Result<(), Refusal> {
    let at = crate::field!(FireInput: firers).item(i);
    let slots = Slots {
        name: &mut firer.name,
        nationality: &mut firer.nationality,
        arm: &mut firer.arm,
        mounted: &mut firer.mounted,
        pinned: &mut firer.pinned,
        routed: &mut firer.routed,
    };
    let troop = fill_unit(
        fill,
        slots,
        &at,
        role,
        unit,
        "PART 10",
        "leaders do not fire",
    )?;
    if let Some(troop) = troop {
        fill.set(
            at.clone().then(crate::field!(Firer: limbered)),
            &format!("{role} limbered"),
            &mut firer.limbered,
            troop.limbered,
            unit.why(&format!("joined as {}", unit.troop_type)),
        );
    }
    fill.set(
        at.then(crate::field!(Firer: out_of_ammo)),
        &format!("{role} out of ammo"),
        &mut firer.out_of_ammo,
        unit.out_of_ammo,
        unit.why("is out of ammo"),
    );
    Ok(())
}

/// A melee with its attackers (`attacker-1` ... `attacker-8`), defenders (`defender`,
/// `defender-2`, `defender-3`) and the leaders stacked with them (`leader-1`, `leader-2`)
/// read from the records. Melee Strengths stay `input`'s (the N-th attacker there is
/// `attacker-N`'s, the first defender `defender`'s), as do the defenders' Morale Ratings.
pub fn melee(
    records: &dyn Records,
    roles: &Roles,
    mut input: MeleeInput,
    given: &[String],
) -> Result<MeleeInput, Refusal> {
    const SECTION: &str = "PART 12";
    let mut fill = Filler::new(given);
    let mut attacking = Vec::new();
    for (i, role, id) in numbered(roles, "attacker-") {
        let unit = recorded(records, role, id, SECTION)?;
        let Some(attacker) = input.attackers.get_mut(i) else {
            return Err(missing(
                role,
                id,
                "its Melee Strength is",
                &format!("an attacker number {} (strength=)", i + 1),
                SECTION,
            ));
        };
        fill_attacker(&mut fill, attacker, i, role, &unit)?;
        attacking.push((id.to_owned(), attacker.nationality));
    }
    one_side(&attacking, "the attackers", SECTION)?;
    let mut hit = Vec::new();
    for (i, role, id) in stacked(roles, "defender") {
        let unit = recorded(records, role, id, SECTION)?;
        let Some(defender) = input.defenders.get_mut(i) else {
            return Err(missing(
                role,
                id,
                "its Melee Strength is",
                &format!("a defender number {} (strength=)", i + 1),
                SECTION,
            ));
        };
        fill_defender(&mut fill, defender, i, role, &unit)?;
        if let Some(n) = unit.nationality {
            hit.push((id.to_owned(), n));
        }
    }
    other_side(&attacking, &hit, SECTION)?;
    let found = leaders(records, roles, SECTION)?;
    place_leaders(
        &mut fill,
        &mut input.leaders,
        crate::field!(MeleeInput: leaders),
        found,
    );
    input.origins = fill.origins;
    Ok(input)
}

fn fill_attacker(
    fill: &mut Filler<'_>,
    a: &mut Attacker,
    i: usize,
    role: &str,
    unit: &Recorded,
) -> Result<(), Refusal> {
    let slots = Slots {
        name: &mut a.name,
        nationality: &mut a.nationality,
        arm: &mut a.arm,
        mounted: &mut a.mounted,
        pinned: &mut a.pinned,
        routed: &mut a.routed,
    };
    let at = crate::field!(MeleeInput: attackers).item(i);
    let no_leader = "name it leader-1 (a leader stacked with the defenders)";
    fill_unit(fill, slots, &at, role, unit, "PART 12", no_leader)?;
    Ok(())
}

fn fill_defender(
    fill: &mut Filler<'_>,
    d: &mut Defender,
    i: usize,
    role: &str,
    unit: &Recorded,
) -> Result<(), Refusal> {
    let at = |field| crate::field!(MeleeInput: defenders).item(i).then(field);
    let label = |field: &str| format!("{role} {field}");
    fill.set(
        crate::field!(MeleeInput: defenders)
            .item(i)
            .then(crate::field!(Defender: unit))
            .then(crate::field!(StackUnit: name)),
        &label("name"),
        &mut d.unit.name,
        unit.id.clone(),
        unit.why("is on the roster"),
    );
    if let Some(troop) = fill.troop(unit, role) {
        leader_is_no_unit(unit, troop, role, "PART 12")?;
        let joined = unit.why(&format!("joined as {}", unit.troop_type));
        fill.set(
            at(crate::field!(Defender: arm)),
            &label("arm"),
            &mut d.arm,
            troop.arm,
            joined.clone(),
        );
        fill.set(
            at(crate::field!(Defender: mounted)),
            &label("mounted"),
            &mut d.mounted,
            troop.mounted,
            joined,
        );
    }
    Ok(())
}

fn leader_is_no_unit(
    unit: &Recorded,
    troop: Troop,
    role: &str,
    section: &str,
) -> Result<(), Refusal> {
    if troop.leader {
        return Err(Refusal::bad_input(
            rule(section),
            format!(
                "{role}: '{}' is a leader, recorded as '{}': name it leader-1 (a leader stacked with the defenders)",
                unit.id, unit.troop_type
            ),
        ));
    }
    Ok(())
}
