//! The restrictions of Fire Combat (PART 4, PART 7 C, PART 8 D, PART 10 and the Special
//! Firing Restrictions): who may fire, when, at what, and which firers may combine.

use super::{FireInput, Firer, Phase, refuse, refuse_as};
use crate::resolution::{Refusal, RefusalKind};
use crate::rules::soldiers_of_the_queen::units::{Arm, Nationality};
use crate::rules::soldiers_of_the_queen::{Game, Side};

/// Checks every firer may fire at all (PART 4, PART 10 F).
pub(super) fn check_firers(fire: &FireInput) -> Result<(), Refusal> {
    if fire.firers.is_empty() {
        return Err(refuse_as(
            RefusalKind::BadInput,
            "PART 10 B",
            "no firing unit given",
        ));
    }
    if fire.target.units.is_empty() {
        return Err(refuse(
            "PART 10 F",
            "When a Friendly unit fires, the target hex must contain at least one Enemy combat unit (no sniping at leaders or a supply wagon)",
        ));
    }
    if fire.target.through_crest {
        return Err(refuse(
            "PART 10 F",
            "No fire can be directed through a crest hexside",
        ));
    }
    if fire.target.los_blocked {
        return Err(refuse_as(
            RefusalKind::OutOfRange,
            "PART 10 C",
            "If the LOS is blocked, the unit cannot fire",
        ));
    }
    for f in &fire.firers {
        check_firer(fire.game, f)?;
        check_firer_now(fire, f)?;
    }
    Ok(())
}

/// Checks one firer can fire at all: a side with a fire phase in this game, a Fire
/// Strength, the target in another hex through a frontal hexside, no other Enemy unit in
/// its ZOC, and not pinned or routed.
fn check_firer(game: Game, f: &Firer) -> Result<(), Refusal> {
    let who = &f.name;
    if f.nationality == Nationality::Zulu {
        return Err(refuse(
            "PART 4",
            format!("{who}: the Sequence of Play gives the Zulu Player no fire phase"),
        ));
    }
    if f.nationality == Nationality::Dervish && game != Game::Omdurman {
        return Err(refuse(
            "Glossary",
            format!("{who}: a Dervish unit fights only in the Omdurman Game"),
        ));
    }
    if f.nationality == Nationality::Nnc && game == Game::Omdurman {
        return Err(refuse(
            "Orders of Battle",
            format!("{who}: the Natal Native Contingent fights only at Isandhlwana"),
        ));
    }
    if f.strength == 0 {
        return Err(refuse(
            "PART 10 A",
            format!(
                "{who}: Any piece that has no Fire Strength or weapon type printed on it cannot engage in Fire Combat"
            ),
        ));
    }
    if let Err(why) = crate::bounds::strength("Fire Strength", f.strength) {
        return Err(refuse_as(
            RefusalKind::BadInput,
            "PART 10 A",
            format!("{who}: {why}"),
        ));
    }
    if f.range == 0 {
        return Err(refuse_as(
            RefusalKind::BadInput,
            "PART 10 A",
            format!("{who}: range 0: the target must be in another hex"),
        ));
    }
    if f.rear {
        return Err(refuse_as(
            RefusalKind::OutOfRange,
            "PART 7 C",
            format!("{who}: A unit can fire only through its frontal hexsides at the enemy"),
        ));
    }
    if f.zoc_elsewhere {
        return Err(refuse(
            "PART 8 D",
            format!(
                "{who}: A Friendly unit cannot fire at an Enemy unit not in its ZOC if there is an Enemy unit in its ZOC"
            ),
        ));
    }
    if f.pinned || f.routed {
        return Err(refuse(
            "PART 4",
            format!("{who}: only units that are not pinned or routed can fire"),
        ));
    }
    Ok(())
}

/// Checks one firer may fire in this phase and at this target: not after moving in the
/// Offensive Fire Phase (gunboats excepted), only Maxims in the Maxim Defensive Fire Phase,
/// not mounted, limbered or out of ammunition at Isandhlwana, and only artillery at a
/// gunboat.
fn check_firer_now(fire: &FireInput, f: &Firer) -> Result<(), Refusal> {
    let who = &f.name;
    if fire.phase == Phase::Offensive && (f.moved || f.changed_formation) {
        let gunboat_exception = fire.game == Game::Omdurman && f.arm == Arm::Gunboat;
        if !gunboat_exception {
            return Err(refuse(
                "PART 10 F",
                format!(
                    "{who}: A unit that moves (or changes formation) in the Friendly Movement Phase cannot fire in the Friendly Offensive Fire Phase"
                ),
            ));
        }
    }
    if fire.phase == Phase::MaximDefensive
        && (fire.game != Game::Omdurman
            || !(f.arm == Arm::Maxim || (f.arm == Arm::Gunboat && f.weapon == "M")))
    {
        return Err(refuse(
            "PART 4",
            format!("{who}: in the Maxim Defensive Fire Phase (Omdurman) only Maxim guns fire"),
        ));
    }
    if fire.game == Game::Isandhlwana {
        if (f.arm == Arm::Cavalry && f.mounted) || (f.arm == Arm::Artillery && f.limbered) {
            return Err(refuse(
                "PART 10 F",
                format!(
                    "{who}: Mounted horse units and limbered artillery units cannot fire (Isandhlwana)"
                ),
            ));
        }
        if f.out_of_ammo {
            return Err(refuse(
                "PART 10 F",
                format!("{who}: A unit without ammunition cannot fire until it is resupplied"),
            ));
        }
    }
    if fire.target.gunboat && !f.arm.is_artillery() {
        return Err(refuse(
            "PART 10 F",
            format!("{who}: Gunboats can be attacked only by artillery"),
        ));
    }
    Ok(())
}

/// Checks the firers may combine into one attack (PART 10 E and the Special Firing Restrictions).
pub(super) fn check_combination(fire: &FireInput) -> Result<(), Refusal> {
    let firers = &fire.firers;
    if firers.len() < 2 {
        return Ok(());
    }
    let artillery = firers.iter().filter(|f| f.arm.is_artillery()).count();
    if artillery != 0 && artillery != firers.len() {
        return Err(refuse(
            "PART 10 E",
            "Artillery units can never combine their Fire Strength with that of non-artillery units: fire them separately",
        ));
    }
    let sides: Vec<Side> = firers.iter().map(|f| f.nationality.side()).collect();
    if sides.iter().any(|s| *s != sides[0]) {
        return Err(refuse(
            "PART 10 E",
            "firers of both sides cannot fire together",
        ));
    }
    if fire.game == Game::Omdurman {
        if firers.iter().any(|f| f.arm == Arm::Gunboat) {
            return Err(refuse(
                "PART 10 F",
                "A gunboat unit can never combine fire with any other unit, including other gunboats",
            ));
        }
        let maxims = firers.iter().filter(|f| f.arm == Arm::Maxim).count();
        if maxims != 0 && maxims != firers.len() {
            return Err(refuse(
                "PART 10 F",
                "Maxim gun units can never combine fire with any different type of unit, including other artillery (G's)",
            ));
        }
    }
    if fire.game == Game::Isandhlwana {
        let regular = firers.iter().any(|f| f.nationality == Nationality::Regular);
        let colonial = firers.iter().any(|f| f.nationality.is_colonial());
        if regular && colonial {
            return Err(refuse(
                "PART 10 F",
                "Regular units cannot combine fire with colonial units (Isandhlwana)",
            ));
        }
    }
    Ok(())
}
