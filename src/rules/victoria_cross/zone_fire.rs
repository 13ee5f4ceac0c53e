//! Fire and ammunition read off the board: the firing zone's printed fire list gives the
//! range, friendly units may block the clear zones counted, and the distance to zone 15
//! sets the ammunition check. Every board fact not supplied refuses by zone and fact.

use super::board::{ammo_distance, fire_range, line_of_sight};
use super::fire::{AmmoSituation, FireSituation, ammo, check_fire, fire, fire_odds};
use super::{Battle, Reader, VcError, resolution, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, Step};
use serde::{Deserialize, Serialize};

/// British fire from one zone at another, as the board says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneFire {
    /// Which battle.
    pub battle: Battle,
    /// The firing zone.
    pub from: String,
    /// The target zone.
    pub to: String,
    /// The firing SP.
    pub sp: u32,
    /// A night turn (Rorke's Drift).
    pub night: bool,
    /// The zones holding British units (they may block the line of sight).
    pub friendly: Vec<String>,
    /// Wall sections the fire crosses (Rorke's Drift).
    pub walls_crossed: u32,
    /// A zone lies between the firer and the wall it fires over (Rorke's Drift).
    pub zone_before_wall: bool,
}

fn in_laager_camp(charts: &Charts, battle: Battle, zone: &str) -> Result<bool, Refusal> {
    if battle != Battle::Isandlwana {
        return Ok(false);
    }
    let mut reader = Reader::new(charts);
    if !reader.setting_is("british_laager_camp", "on") {
        return Ok(false);
    }
    let zones = reader
        .cells
        .get("named_zones", &["isandlwana-laager-camp"])
        .and_then(|v| v.as_list().map(<[String]>::to_vec));
    reader.check(&rule("Optional Rules: BRITISH ADVANTAGE"))?;
    Ok(zones.unwrap_or_default().iter().any(|z| z == zone))
}

/// The fire situation the board gives, and the steps that read it.
fn plan(charts: &Charts, s: &ZoneFire) -> Result<(FireSituation, Vec<Step>, Vec<String>), Refusal> {
    let (range, range_step) = fire_range(charts, s.battle, &s.from, &s.to)?;
    let mut steps = vec![range_step];
    let mut situation = FireSituation {
        battle: s.battle,
        sp: s.sp,
        range,
        night: s.night,
        walls_crossed: s.walls_crossed,
        zone_before_wall: s.zone_before_wall,
        in_laager_camp: false,
    };
    // The fire's own rules (night range, walls) refuse before any zone is counted.
    check_fire(charts, &situation)?;
    let los = line_of_sight(charts, s.battle, &s.from, &s.to, range, &s.friendly)?;
    steps.extend(los.steps.iter().cloned());
    if !los.clear {
        let why = los
            .steps
            .last()
            .map_or_else(|| "no line of sight".to_owned(), |step| step.text.clone());
        return Err(Refusal::by_rule(
            rule("Fire Combat: LINE OF SIGHT RULES"),
            format!(
                "no line of sight from zone {} to zone {}: {why}",
                s.from, s.to
            ),
        ));
    }
    situation.in_laager_camp = in_laager_camp(charts, s.battle, &s.from)?;
    Ok((situation, steps, los.warnings))
}

/// Resolves British fire between two zones of the board: `outcome.hits`,
/// `outcome.ammo_checks`.
pub fn zone_fire(
    charts: &Charts,
    s: &ZoneFire,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, VcError> {
    let (situation, mut steps, warnings) = plan(charts, s)?;
    let mut r = fire(charts, &situation, dice)?;
    steps.append(&mut r.steps);
    r.steps = steps;
    for w in warnings {
        r.warn(w);
    }
    Ok(r)
}

/// The exact odds of the hits of a fire between two zones.
pub fn zone_fire_odds(charts: &Charts, s: &ZoneFire) -> Result<Odds, Refusal> {
    let (situation, _, _) = plan(charts, s)?;
    fire_odds(charts, &situation)
}

/// The ammunition check for a fire from a zone at Isandlwana, the distance to zone 15
/// counted on the board: `outcome.depleted`.
pub fn zone_ammo(
    charts: &Charts,
    from: &str,
    ones: u32,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, VcError> {
    if in_laager_camp(charts, Battle::Isandlwana, from)? {
        let mut r = resolution(charts, "ammo");
        r.step(Step::valued(
            rule("Optional Rules: BRITISH ADVANTAGE"),
            format!("zone {from} is laagered: \"No ammo depletion is possible for British units in these zones\""),
            0,
            None,
        ));
        r.set("depleted", 0);
        return Ok(r);
    }
    let (distance, step) = ammo_distance(charts, from)?;
    let s = AmmoSituation {
        ones,
        distance,
        markable_units: None,
    };
    let mut r = ammo(charts, &s, dice)?;
    r.steps.insert(0, step);
    Ok(r)
}

/// The zones from a firing zone to zone 15, for `--odds` of the ammunition check.
pub fn zone_ammo_distance(charts: &Charts, from: &str) -> Result<u32, Refusal> {
    ammo_distance(charts, from).map(|(d, _)| d)
}
