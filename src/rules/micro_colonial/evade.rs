//! EVADING (L131): "Artillery crews and open order troops may attempt to evade an attacker
//! even in their firing turn. Open order troops must start evade a quarter of the way
//! through the move, and may not fire during that move. They may move at charge rate after
//! allowing 10 mm to turn. Artillery crews will be able to fire, if their morale allows, at
//! either the quarter or half way point of the move, before starting their evade action.
//! Artillery crews evading and unable to limber up will abandon their guns and move at open
//! order charge rate."

use super::names::named;
use super::{RULESET, cell_ref, finish, resolution, section};
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
    /// How far it moves, in mm: open order's charge rate less the turn, or a crew that
    /// abandons its guns at open order charge rate; `null` for a crew that limbers up (the
    /// text gives no rate for it).
    pub move_mm: Option<i64>,
    /// A crew unable to limber abandons its guns.
    pub abandons_guns: bool,
}

fn evade(charts: &Charts, input: &EvadeInput) -> Result<Resolution<EvadeOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, Evade::NAME);
    resolution.steps = input.origins.steps(input, &section(EVADING));
    let rule = section(EVADING);
    if input.evader == Evader::OpenOrder && (input.cannot_limber || input.morale_forbids_fire) {
        return Err(Refusal::bad_input(
            rule,
            "limbering and a crew's morale are an artillery crew's: open order troops have neither",
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
            let move_mm = match (charge_rate, turn) {
                (Some(rate), Some(turn)) => {
                    let moved = (rate - turn).max(0);
                    resolution.step(Step::valued(
                        cell_ref(EVADING, RATES, &[OPEN_ORDER, CHARGE]),
                        format!(
                            "\"They may move at charge rate after allowing 10 mm to turn\": {rate} mm less {turn} mm"
                        ),
                        moved,
                        None,
                    ));
                    Some(moved)
                }
                _ => None,
            };
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
                resolution.step(Step::note(
                    rule.clone(),
                    "a crew that limbers up evades with its guns: the text gives no evade rate for it (the guns' move is the referee's)",
                ));
                None
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

/// EVADING: artillery crews and open order troops evading an attacker.
pub struct Evade;

impl Procedure for Evade {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "evade";
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
