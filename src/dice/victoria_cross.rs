//! Victoria Cross II's dice (004_27b65d6ddbe44340.txt): buckets of dice counting hits
//! (fire, volley fire, Zulu random fire, melee), the Isandlwana ammunition check, and the
//! Rorke's Drift hospital fire track.

use super::{DiceError, DiceSource, Dist, RollError, Thrown, throw_one, throw_plain};
use crate::resolution::{Refusal, RuleRef, Step};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// One die per SP in fire combat.
pub const BRITISH_FIRE_COMBAT: &str = "BRITISH FIRE COMBAT";
/// Three dice per SP.
pub const VOLLEY_FIRE: &str = "VOLLEY FIRE";
/// The hit numbers by range.
pub const HIT_NUMBER_CHART: &str = "Hit Number Chart";
/// The Isandlwana ammunition check.
pub const BRITISH_AMMUNITION: &str = "ISANDLWANA: British ammunition";
/// The Rorke's Drift hospital fire.
pub const HOSPITAL_PHASE: &str = "Rorke's Drift: Hospital Phase";
/// The most dice one bucket may hold.
pub const MAX_BUCKET: u32 = 300;
/// The box at which the hospital has burned down.
pub const BURNED_DOWN: u8 = 5;

fn rule(section: &str) -> RuleRef {
    RuleRef::section(Ruleset::VictoriaCross, section)
}

/// The count of one bucket of dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bucket {
    /// Dice showing the hit number or more.
    pub hits: u32,
    /// Dice showing 1: each calls for an ammunition check at Isandlwana.
    pub ones: u32,
}

/// A bucket: `count` dice, each a hit on `hit` or more (3 for "3+", 6 for "6 only").
///
/// "Roll the number of total dice of all firing SP in the zone and compare to the Hit
/// numbers on the Hit Number Chart." (BRITISH FIRE COMBAT); "3 zones: hit on 5 & 6 • 2
/// zones: hit on 4, 5 & 6 • 1 zone: hit on 3, 4, 5, and 6" (Hit Number Chart). Zulu
/// random fire and Zulu melee count 6s, British melee 5s and 6s: the same bucket.
/// `volley` says the dice are three per SP ("the British roll 3 times for each SP").
pub fn bucket(
    dice: &mut dyn DiceSource,
    count: u32,
    hit: u8,
    volley: bool,
) -> Result<Thrown<Bucket>, DiceError> {
    let (roll, faces) = throw_plain(dice, count as usize)?;
    let hits = faces.iter().filter(|&&f| f >= hit).count() as u32;
    let ones = roll.faces.iter().filter(|f| f.face == 1).count() as u32;
    let mut steps = Vec::new();
    if volley {
        steps.push(Step::valued(
            rule(VOLLEY_FIRE),
            format!("volley fire: three dice for each SP, {count} dice"),
            count,
            None,
        ));
    } else {
        steps.push(Step::valued(
            rule(BRITISH_FIRE_COMBAT),
            format!("one die for each SP: {count} dice"),
            count,
            None,
        ));
    }
    let hit_text = if hit >= 6 {
        "a hit on each 6".to_owned()
    } else {
        format!("a hit on each {hit} or better")
    };
    steps.push(Step::valued(
        rule(HIT_NUMBER_CHART),
        format!("{hit_text}: {hits} hits"),
        hits,
        Some(json!(hits)),
    ));
    if ones > 0 {
        steps.push(Step::valued(
            rule(BRITISH_AMMUNITION),
            format!(
                "{ones} {} 1: at Isandlwana each calls for an ammunition check \
                 (vc-ammo --ones {ones})",
                if ones == 1 { "die shows" } else { "dice show" }
            ),
            ones,
            None,
        ));
    }
    Ok(Thrown {
        roll,
        result: Bucket { hits, ones },
        steps,
    })
}

/// The exact distribution of a bucket's hits: binomial, `count` dice, (7 − hit)/6 each.
pub fn bucket_dist(count: u32, hit: u8) -> Dist {
    let sides = 7_i32 - i32::from(hit.clamp(1, 7));
    Dist::binomial(count, f64::from(sides) / 6.0)
}

/// The zones the ammunition check counts: at least 1 ("Units in zone 15 still count 1
/// zone").
pub fn ammo_zones(distance: u32) -> u32 {
    distance.max(1)
}

/// The Isandlwana ammunition check: one die re-rolled for each 1 the firers rolled; each
/// die equal to or less than the zones to zone 15 puts a firing unit out of ammunition.
///
/// "Reroll a number of dice equal to the number of 1's rolled. Count the distance from
/// the firing unit zone to zone 15. If any die is equal to or less than the number of
/// zones between firing unit and zone 15, a unit in that zone is out of ammunition. Units
/// in zone 15 still count 1 zone." The rules' example reads it die by die: two 1s
/// rerolled as two 1s mark two units Ammo Depleted. The result is the units depleted.
pub fn ammo(dice: &mut dyn DiceSource, ones: u32, distance: u32) -> Result<Thrown<u32>, DiceError> {
    let zones = ammo_zones(distance);
    let (roll, faces) = throw_plain(dice, ones as usize)?;
    let depleted = faces.iter().filter(|&&f| u32::from(f) <= zones).count() as u32;
    let mut steps = vec![Step::valued(
        rule(BRITISH_AMMUNITION),
        format!("reroll one die for each of the {ones} 1s rolled"),
        ones,
        None,
    )];
    if distance == 0 {
        steps.push(Step::note(
            rule(BRITISH_AMMUNITION),
            "units in zone 15 still count 1 zone",
        ));
    }
    steps.push(Step::valued(
        rule(BRITISH_AMMUNITION),
        format!(
            "each die of {zones} or less (the zones to zone 15) marks a firing unit Ammo \
             Depleted: {depleted} units"
        ),
        depleted,
        None,
    ));
    Ok(Thrown {
        roll,
        result: depleted,
        steps,
    })
}

/// The exact distribution of units depleted: binomial, `ones` dice, min(zones, 6)/6 each.
pub fn ammo_dist(ones: u32, distance: u32) -> Dist {
    let zones = ammo_zones(distance).min(6);
    Dist::binomial(ones, f64::from(zones) / 6.0)
}

/// Where the hospital fire marker ends after one throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HospitalFire {
    /// The box the marker moved to (at most 5).
    pub track: u8,
    /// The boxes it moved.
    pub moved: u8,
    /// Whether it reached box 5: the hospital has burned down.
    pub burned_down: bool,
}

/// How far one face moves the fire marker: 1 none, 2–4 one box, 5 two, 6 three.
pub fn fire_spread(face: u8) -> u8 {
    match face {
        1 => 0,
        2..=4 => 1,
        5 => 2,
        _ => 3,
    }
}

/// Refuses a throw for a hospital already burned down.
pub fn check_track(track: u8) -> Result<(), RollError> {
    if track >= BURNED_DOWN {
        return Err(RollError::refused(Refusal::by_rule(
            rule(HOSPITAL_PHASE),
            format!(
                "the hospital burned down at box {BURNED_DOWN}: no more fire rolls (marker in box {track})"
            ),
        )));
    }
    Ok(())
}

/// One Hospital Phase throw with the marker in box `track` (0 before the fire starts).
///
/// "On a roll of 1 the marker does not move at all. For a roll of 2, 3, or 4 the marker
/// is moved one spot on the fire track. On a roll of 5 it moves 2 spots and on a roll of 6
/// it jumps three spots." "The hospital is considered burned down when it reaches the 5
/// box on the track." The Zulu player rolls "every turn thereafter until the hospital
/// burns down", so a marker already in box 5 is refused.
pub fn hospital_fire(
    dice: &mut dyn DiceSource,
    track: u8,
) -> Result<Thrown<HospitalFire>, RollError> {
    check_track(track)?;
    let (roll, face) = throw_one(dice)?;
    let moved = fire_spread(face);
    let to = (track + moved).min(BURNED_DOWN);
    let burned_down = to >= BURNED_DOWN;
    let spread = match face {
        1 => "a 1: the marker does not move".to_owned(),
        2..=4 => format!("a {face}: the marker moves one box"),
        5 => "a 5: the marker moves two boxes".to_owned(),
        _ => "a 6: the marker jumps three boxes".to_owned(),
    };
    let mut steps = vec![Step::valued(
        rule(HOSPITAL_PHASE),
        format!("from box {track}, {spread}"),
        moved,
        Some(json!(to)),
    )];
    if burned_down {
        steps.push(Step::note(
            rule(HOSPITAL_PHASE),
            "the marker reaches box 5: the hospital has burned down; units still in it are \
             eliminated",
        ));
    }
    Ok(Thrown {
        roll,
        result: HospitalFire {
            track: to,
            moved,
            burned_down,
        },
        steps,
    })
}

/// The exact distribution of the box the marker ends in, from box `track`.
pub fn hospital_fire_dist(track: u8) -> Result<Dist, RollError> {
    check_track(track)?;
    Ok(Dist::d6()
        .map(|f| (i64::from(track) + i64::from(fire_spread(f as u8))).min(i64::from(BURNED_DOWN))))
}
