//! The restrictions of Melee Combat (PART 12 A to D, PART 6 D): who may attack, which
//! attackers may attack together, and which charges are allowed.

use super::{Attacker, MeleeInput, refuse};
use crate::resolution::Refusal;
use crate::rules::soldiers_of_the_queen::units::{Arm, Nationality, is_ukhulutshane};
use crate::rules::soldiers_of_the_queen::{Game, Side, rule};

/// Refuses a melee PART 12 and PART 6 D forbid: no units on a side, through a crest or
/// all-Nile hexside, an attacker that cannot attack, a Melee Strength out of bounds, a
/// gunboat defending, attackers that may not attack together, and a charge not allowed.
pub(super) fn check_restrictions(m: &MeleeInput) -> Result<(), Refusal> {
    if m.attackers.is_empty() || m.defenders.is_empty() {
        return Err(Refusal::bad_input(
            rule("PART 12 B"),
            "a melee needs at least one attacking and one defending unit",
        ));
    }
    if m.prohibited_hexside {
        return Err(refuse(
            "PART 12 D",
            "There is no melee through crest hexsides (nor, at Omdurman, across all-Nile hexsides)",
        ));
    }
    for a in &m.attackers {
        check_attacker(m.game, a)?;
    }
    let strengths = m
        .attackers
        .iter()
        .map(|a| (&a.name, a.strength))
        .chain(m.defenders.iter().map(|d| (&d.unit.name, d.strength)));
    for (name, strength) in strengths {
        if let Err(why) = crate::bounds::strength("Melee Strength", strength) {
            return Err(Refusal::bad_input(
                rule("PART 12 A"),
                format!("{name}: {why}"),
            ));
        }
    }
    if m.defenders.iter().any(|d| d.arm == Arm::Gunboat) {
        return Err(refuse(
            "PART 12 C",
            "Gunboat units have no Melee Strength and cannot attack or be attacked in Melee Combat",
        ));
    }
    check_attackers_together(m)?;
    for a in m.attackers.iter().filter(|a| a.charging) {
        check_charge(m, a)?;
    }
    Ok(())
}

/// Refuses an attacker that cannot attack: British at Isandhlwana, pinned or routed, a
/// gunboat, or one with no Melee Strength.
fn check_attacker(game: Game, a: &Attacker) -> Result<(), Refusal> {
    let who = &a.name;
    if game == Game::Isandhlwana && a.nationality.side() == Side::British {
        return Err(refuse(
            "PART 12 C",
            format!(
                "{who}: British units cannot attack in melee (Isandhlwana); they use their Melee Strength only for defense"
            ),
        ));
    }
    if a.pinned || a.routed {
        return Err(refuse(
            "PART 12 A",
            format!("{who}: Pinned and Routed units cannot attack"),
        ));
    }
    if a.arm == Arm::Gunboat {
        return Err(refuse(
            "PART 12 C",
            format!("{who}: Gunboat units have no Melee Strength and cannot attack or be attacked"),
        ));
    }
    if a.strength == 0 {
        return Err(refuse("PART 12 A", format!("{who}: no Melee Strength")));
    }
    Ok(())
}

/// Refuses attackers that may not attack together: of both sides, of different impis
/// (the uKhulutshane excepted) or Dervish tribes, or regular with colonial units.
fn check_attackers_together(m: &MeleeInput) -> Result<(), Refusal> {
    let sides: Vec<Side> = m.attackers.iter().map(|a| a.nationality.side()).collect();
    if sides.iter().any(|s| *s != sides[0]) {
        return Err(refuse(
            "PART 12 B",
            "attackers of both sides cannot melee together",
        ));
    }
    let groups: Vec<&str> = m
        .attackers
        .iter()
        .filter_map(|a| a.group.as_deref())
        .filter(|g| !(m.game == Game::Isandhlwana && is_ukhulutshane(g)))
        .collect();
    let mixed_groups = groups.iter().any(|g| !g.eq_ignore_ascii_case(groups[0]));
    match m.game {
        Game::Isandhlwana if mixed_groups => {
            return Err(refuse(
                "PART 12 C",
                "Units from different impis cannot participate in the same attack (the uKhulutshane impi excepted)",
            ));
        }
        Game::Omdurman => {
            if mixed_groups && sides[0] == Side::Dervish {
                return Err(refuse(
                    "PART 12 C",
                    "Dervish units from different tribes cannot participate in the same melee attack",
                ));
            }
            let regular = m
                .attackers
                .iter()
                .any(|a| a.nationality == Nationality::Regular);
            let colonial = m
                .attackers
                .iter()
                .any(|a| a.nationality == Nationality::Colonial);
            if regular && colonial {
                return Err(refuse(
                    "PART 12 C",
                    "Regular and colonial units cannot participate in the same melee attack",
                ));
            }
        }
        Game::Isandhlwana => {}
    }
    Ok(())
}

/// Refuses a charge not allowed: any at Isandhlwana, by other than mounted cavalry, from
/// outside the leader's Command Radius (the 21st Lancers excepted), against mounted
/// defenders or into rough terrain.
fn check_charge(m: &MeleeInput, a: &Attacker) -> Result<(), Refusal> {
    let who = &a.name;
    if m.game == Game::Isandhlwana {
        return Err(refuse(
            "PART 6 D",
            format!("{who}: Cavalry cannot charge (Isandhlwana)"),
        ));
    }
    if !(a.arm == Arm::Cavalry && a.mounted) {
        return Err(refuse(
            "PART 12 C",
            format!("{who}: only mounted cavalry units can make charge attacks"),
        ));
    }
    if !a.in_command_radius && !a.lancers {
        return Err(refuse(
            "PART 12 C",
            format!(
                "{who}: a unit outside the Command Radius of its leader cannot charge (the 21st Lancers excepted)"
            ),
        ));
    }
    if m.defenders.iter().any(|d| d.mounted) {
        return Err(refuse(
            "PART 12 C",
            "charge attacks are made only against Enemy foot, dismounted cavalry, or artillery units",
        ));
    }
    if m.rough {
        return Err(refuse(
            "PART 12 C",
            "Enemy units in rough terrain (Level 2 and higher) cannot be charged",
        ));
    }
    Ok(())
}
