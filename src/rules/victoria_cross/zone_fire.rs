//! Fire and ammunition read off the board: the firing zone's printed fire list gives the
//! range, friendly units may block the clear zones counted, and the distance to zone 15
//! sets the ammunition check. Every board fact not supplied refuses by zone and fact.

use super::board::{ammo_distance, fire_range, line_of_sight};
use super::fire::{
    Ammo, AmmoOutcome, AmmoSituation, FireOutcome, FireSituation, ammo, ammo_odds, check_fire,
    fire, fire_odds, no_depletion_odds,
};
use super::{Battle, Reader, resolution, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use serde::{Deserialize, Serialize};

/// British fire from one zone at another, as the board says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    #[serde(default)]
    pub night: bool,
    /// The zones holding British units (they may block the line of sight).
    #[serde(default)]
    pub friendly: Vec<String>,
    /// Wall sections the fire crosses (Rorke's Drift).
    #[serde(default)]
    pub walls_crossed: u32,
    /// A zone lies between the firer and the wall it fires over (Rorke's Drift).
    #[serde(default)]
    pub zone_before_wall: bool,
    /// The values the records decided (`situation::fire`: the firing SP of the units in
    /// their roles), stated as the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The ammunition check for a fire from a zone at Isandlwana, the distance to zone 15
/// counted on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneAmmo {
    /// The firing zone.
    pub from: String,
    /// The 1s rolled by the firing SP: one re-rolled die each.
    pub ones: u32,
    /// The firing units that may be marked (not the artillery), if known: the cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markable_units: Option<u32>,
    /// The values the records decided (`situation::ammo`), stated as the resolution's
    /// first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Whether a British zone is laagered under the optional British Laager Camp (Isandlwana's
/// zones 14, 15 and 23 while `settings:british_laager_camp` is on). The cells it read that
/// warn (a club's or a typed value) are added to `warnings`, for the resolution to carry.
pub(super) fn in_laager_camp(
    charts: &Charts,
    battle: Battle,
    zone: &str,
    warnings: &mut Vec<String>,
) -> Result<bool, Refusal> {
    if battle != Battle::Isandlwana {
        return Ok(false);
    }
    let mut reader = Reader::new(charts);
    let on = reader.setting_is("british_laager_camp", "on");
    let zones = if on {
        reader
            .cells
            .get("named_zones", &["isandlwana-laager-camp"])
            .and_then(|v| v.as_list().map(<[String]>::to_vec))
    } else {
        None
    };
    for w in reader.cells.warnings() {
        if !warnings.contains(w) {
            warnings.push(w.clone());
        }
    }
    if !on {
        return Ok(false);
    }
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
        origins: s.origins.clone(),
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
    let mut warnings = los.warnings;
    situation.in_laager_camp = in_laager_camp(charts, s.battle, &s.from, &mut warnings)?;
    Ok((situation, steps, warnings))
}

/// Resolves British fire between two zones of the board: `outcome.hits`,
/// `outcome.ammo_checks`.
pub(crate) fn zone_fire(
    charts: &Charts,
    s: &ZoneFire,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<FireOutcome>, Refusal> {
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
pub(crate) fn zone_fire_odds(charts: &Charts, s: &ZoneFire) -> Result<Odds, Refusal> {
    let (situation, _, _) = plan(charts, s)?;
    fire_odds(charts, &situation)
}

/// The ammunition check for a fire from a zone at Isandlwana, the distance to zone 15
/// counted on the board: `outcome.depleted`.
pub(crate) fn zone_ammo(
    charts: &Charts,
    s: &ZoneAmmo,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<AmmoOutcome>, Refusal> {
    let from = &s.from;
    let mut warnings = Vec::new();
    if in_laager_camp(charts, Battle::Isandlwana, from, &mut warnings)? {
        let mut r = resolution(charts, Ammo::NAME);
        for w in warnings {
            r.warn(w);
        }
        r.step(Step::valued(
            rule("Optional Rules: BRITISH ADVANTAGE"),
            format!("zone {from} is laagered: \"No ammo depletion is possible for British units in these zones\""),
            0,
            None,
        ));
        return Ok(r.with_outcome(AmmoOutcome { depleted: 0 }));
    }
    let (distance, step) = ammo_distance(charts, from)?;
    let situation = AmmoSituation {
        ones: s.ones,
        distance,
        markable_units: s.markable_units,
        origins: s.origins.clone(),
    };
    let mut r = ammo(charts, &situation, dice)?;
    r.steps.insert(0, step);
    for w in warnings {
        r.warn(w);
    }
    Ok(r)
}

/// The exact odds of the units marked Ammo Depleted after a fire from a zone: none in a
/// laagered zone, else the re-rolls against the distance counted on the board.
pub(crate) fn zone_ammo_odds(charts: &Charts, s: &ZoneAmmo) -> Result<Odds, Refusal> {
    if in_laager_camp(charts, Battle::Isandlwana, &s.from, &mut Vec::new())? {
        return Ok(no_depletion_odds());
    }
    let (distance, _) = ammo_distance(charts, &s.from)?;
    ammo_odds(&AmmoSituation {
        ones: s.ones,
        distance,
        markable_units: s.markable_units,
        origins: Origins::default(),
    })
}
