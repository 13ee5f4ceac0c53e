//! EVADING (L131): "Artillery crews and open order troops may attempt to evade an attacker
//! even in their firing turn. Open order troops must start evade a quarter of the way
//! through the move, and may not fire during that move. They may move at charge rate after
//! allowing 10 mm to turn. Artillery crews will be able to fire, if their morale allows, at
//! either the quarter or half way point of the move, before starting their evade action.
//! Artillery crews evading and unable to limber up will abandon their guns and move at open
//! order charge rate."

use super::movement::{Troop, is_gun, rate_row};
use super::names::named;
use super::settings::EvadingCrewLimbered;
use super::{RULESET, cell_ref, finish, resolution, section, settings};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const EVADING: &str = "EVADING";
const RATES: &str = "movement_troops";
const OPEN_ORDER: &str = "open-order-infantry";
const CHARGE: &str = "charge-break";
const TURN: &str = "evade-turn-mm";

named!(
    /// Who evades (`--evader`): "Artillery crews and open order troops".
    Evader, "evader" {
        /// Open order troops.
        OpenOrder = "open-order",
        /// An artillery crew.
        ArtilleryCrew = "artillery-crew",
    }
);

/// An attempt to evade an attacker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvadeInput {
    /// Who evades.
    pub evader: Evader,
    /// An artillery crew that cannot limber up its guns.
    #[serde(default)]
    pub cannot_limber: bool,
    /// An artillery crew whose morale does not allow it to fire.
    #[serde(default)]
    pub morale_forbids_fire: bool,
    /// The crew's guns (`field-gun`, `horse-gun`, `rockets`, `machine-gun`, `gatling`):
    /// a crew that limbers up evades at its guns' rate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gun: Option<Troop>,
    /// The values the table decided (`situation::evade`), stated as the resolution's first
    /// steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

named!(
    /// When in the move the evader may fire (`outcome.fires`).
    FirePoint, "fire point" {
        /// It may not fire during the move.
        None = "none",
        /// At the quarter or the half way point of the move, before evading.
        QuarterOrHalf = "quarter-or-half",
    }
);

/// What an evade allows: the `--json` outcome of `laager mc evade`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvadeOutcome {
    /// When in the move it may fire.
    pub fires: FirePoint,
    /// Open order troops start their evade a quarter of the way through the move.
    pub starts_at_quarter: bool,
    /// How far it moves, in mm: open order troops, three quarters of their charge rate
    /// (they start a quarter of the way through the move) less the 10 mm turn; a crew that
    /// abandons its guns, open order charge rate; a crew that limbers up, its guns' action
    /// move (or, for guns with none, the normal rate less limbering).
    pub move_mm: Option<i64>,
    /// A crew unable to limber abandons its guns.
    pub abandons_guns: bool,
}

fn evade(charts: &Charts, input: &EvadeInput) -> Result<Resolution<EvadeOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, Evade::NAME);
    resolution.steps = input.origins.steps(input, &section(EVADING));
    let rule = section(EVADING);
    if input.evader == Evader::OpenOrder
        && (input.cannot_limber || input.morale_forbids_fire || input.gun.is_some())
    {
        return Err(Refusal::bad_input(
            rule,
            "guns, limbering and a crew's morale are an artillery crew's: open order troops have none",
        ));
    }
    if let Some(gun) = input.gun
        && !is_gun(gun)
    {
        return Err(Refusal::bad_input(
            rule,
            format!(
                "--gun {gun}: not a gun (expected field-gun, horse-gun, rockets, machine-gun or gatling)"
            ),
        ));
    }
    resolution.step(Step::note(
        rule.clone(),
        format!(
            "{}: \"Artillery crews and open order troops may attempt to evade an attacker even in their firing turn\"",
            input.evader.words()
        ),
    ));
    let charge_rate = reader.int(RATES, &[OPEN_ORDER, CHARGE]);
    let outcome = match input.evader {
        Evader::OpenOrder => {
            let turn = reader.int("rules_thresholds", &[TURN]);
            resolution.step(Step::note(
                rule.clone(),
                "\"Open order troops must start evade a quarter of the way through the move, and may not fire during that move\"",
            ));
            let move_mm = open_order_move(charts, &mut reader, charge_rate, turn, &mut resolution);
            EvadeOutcome {
                fires: FirePoint::None,
                starts_at_quarter: true,
                move_mm,
                abandons_guns: false,
            }
        }
        Evader::ArtilleryCrew => {
            let fires = if input.morale_forbids_fire {
                resolution.step(Step::note(
                    rule.clone(),
                    "\"able to fire, if their morale allows\": their morale does not, so they do not fire",
                ));
                FirePoint::None
            } else {
                resolution.step(Step::note(
                    rule.clone(),
                    "\"Artillery crews will be able to fire, if their morale allows, at either the quarter or half way point of the move, before starting their evade action\"",
                ));
                FirePoint::QuarterOrHalf
            };
            let move_mm = if input.cannot_limber {
                if let Some(rate) = charge_rate {
                    resolution.step(Step::valued(
                        cell_ref(EVADING, RATES, &[OPEN_ORDER, CHARGE]),
                        "\"Artillery crews evading and unable to limber up will abandon their guns and move at open order charge rate\"",
                        rate,
                        None,
                    ));
                }
                charge_rate
            } else {
                limbered_move(charts, &mut reader, input.gun, &mut resolution)?
            };
            EvadeOutcome {
                fires,
                starts_at_quarter: false,
                move_mm,
                abandons_guns: input.cannot_limber,
            }
        }
    };
    let resolution = finish(resolution.with_outcome(outcome), &reader, rule)?;
    Ok(resolution)
}

/// Open order troops' evade: "Open order troops must start evade a quarter of the way
/// through the move ... They may move at charge rate after allowing 10 mm to turn". The
/// move is timed in fractions (crews fire "at either the quarter or half way point of the
/// move"), so starting at the quarter leaves three quarters of it: three quarters of the
/// charge rate, less the turn.
fn open_order_move(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    charge_rate: Option<i64>,
    turn: Option<i64>,
    resolution: &mut Resolution<()>,
) -> Option<i64> {
    let rounding = settings::rounding(charts, reader)?;
    let (rate, turn) = (charge_rate?, turn?);
    resolution.step(rounding.step);
    let three_quarters = rounding.value.divide(rate * 3, 4);
    resolution.step(Step::valued(
        cell_ref(EVADING, RATES, &[OPEN_ORDER, CHARGE]),
        format!(
            "\"must start evade a quarter of the way through the move\": three quarters of the move are left, at charge rate: 3/4 of {rate} mm"
        ),
        three_quarters,
        None,
    ));
    let moved = (three_quarters - turn).max(0);
    resolution.step(Step::valued(
        cell_ref(EVADING, "rules_thresholds", &[TURN]),
        format!("\"after allowing 10 mm to turn\": {three_quarters} mm less {turn} mm"),
        moved,
        None,
    ));
    Some(moved)
}

/// A crew that can limber up evades with its guns. The text gives no rate for it (only for
/// a crew "unable to limber up"): `settings:evading_crew_limbered` reads it, by default as
/// the guns' action move ("Action moves ... must include either limbering or unlimbering",
/// L67), guns with no action move (field guns) at their normal rate less the limbering
/// cost; or as the normal rate less the limbering cost for every gun.
fn limbered_move(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    gun: Option<Troop>,
    resolution: &mut Resolution<()>,
) -> Result<Option<i64>, Refusal> {
    let Some(gun) = gun else {
        return Err(Refusal::bad_input(
            section(EVADING),
            "a crew that limbers up evades with its guns, at their rate: give the guns (--gun field-gun, horse-gun, rockets, machine-gun or gatling), or say the crew cannot limber (--cannot-limber)",
        ));
    };
    let Some(setting) = settings::evading_crew_limbered(charts, reader) else {
        return Ok(None);
    };
    resolution.step(setting.step);
    let chart = "movement_artillery";
    let row = rate_row(gun);
    if setting.value == EvadingCrewLimbered::ActionMove
        && let Some(crate::charts::Value::Int(rate)) = reader.get(chart, &[row, "action"])
    {
        resolution.step(Step::valued(
            cell_ref(EVADING, chart, &[row, "action"]),
            format!("the crew limbers up and evades with its {gun}: an action move (\"Action moves ... must include either limbering or unlimbering\")"),
            rate,
            None,
        ));
        return Ok(Some(rate));
    }
    let (Some(normal), Some(limber)) = (
        reader.int(chart, &[row, "normal"]),
        reader.int(chart, &[row, "limber"]),
    ) else {
        return Ok(None);
    };
    let moved = (normal - limber).max(0);
    resolution.step(Step::valued(
        cell_ref(EVADING, chart, &[row, "limber"]),
        format!(
            "the crew limbers up and evades with its {gun}{}: the normal {normal} mm less {limber} mm to limber",
            if setting.value == EvadingCrewLimbered::ActionMove {
                ", which have no action move"
            } else {
                ""
            }
        ),
        moved,
        None,
    ));
    Ok(Some(moved))
}

/// EVADING: artillery crews and open order troops evading an attacker.
pub struct Evade;

impl Procedure for Evade {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "evade";
    const THROWS: bool = false;
    type Input = EvadeInput;
    type Outcome = EvadeOutcome;
    const ROLES: &'static [&'static str] = &["unit"];

    fn resolve(
        charts: &Charts,
        input: &EvadeInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<EvadeOutcome>, Refusal> {
        evade(charts, input)
    }
}
