//! FIRING at Rorke's Drift (FIRING, COVER, FORMATIONS, REDOUBT RULE; L1479-L1485): the
//! basic fire with the supplement's exceptions, and a volley's effect on a Zulu unit's
//! movement, which may force it to halt and so to test morale (MORALE 2).

use super::combat::{check_sections, list};
use super::{CHART, MORALE, RULESET, missing, rule};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::micro_colonial::fire::{self, FireInput, FireOutcome, FireType, Firer, Target};
use crate::rules::micro_colonial::{section, settings};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

const FORMATIONS: &str = "Rorke's Drift, FORMATIONS";
const COVER: &str = "Rorke's Drift, COVER";
const REDOUBT: &str = "Rorke's Drift, REDOUBT RULE";
const FIRING: &str = "Rorke's Drift, FIRING";

/// One round of fire at Rorke's Drift: the basic fire, with sections combining, Zulu
/// rifles' two black dice, the redoubt's initial volleys and cover ignored.
#[allow(clippy::struct_excessive_bools)] // one flag per condition the rules name
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdFireInput {
    /// The fire as the basic rules describe it: when sections combine, their total
    /// replaces its firing FF (a step says so if it differed). A two-unit formation's rear
    /// unit counts its full FF here.
    pub fire: FireInput,
    /// The present FF of each British section combining its fire on the one target.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<u32>,
    /// The firers are behind cover (the perimeter wall): no two-rank formation.
    #[serde(default)]
    pub behind_cover: bool,
    /// A Zulu rifle unit fires: two black dice each time.
    #[serde(default)]
    pub zulu_rifles: bool,
    /// The redoubt's final defence: all three ranks fire at the same time and every
    /// volley is an initial volley.
    #[serde(default)]
    pub redoubt: bool,
    /// A British volley's target, the Zulu unit, is inside the perimeter, where "the
    /// attackers will be reduced to half their normal movement rate (and thus subject to a
    /// higher possibility of being stopped by volley fire)".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zulu_inside_perimeter: bool,
}

/// What a round of fire decided: the `--json` outcome of `laager mc rd fire`, the basic
/// fire's keys and the firing FF.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RdFireOutcome {
    /// The firing FF Table 1 was read at: the sections' total, or the unit's.
    pub firing_ff: u32,
    /// The basic fire's outcome.
    #[serde(flatten)]
    pub fire: FireOutcome,
    /// A British volley at a Zulu unit: whether its losses exceed the unit's move rate, so
    /// that "it will remain stationary during the next move" (VOLLEY FIRE EFFECT ON
    /// MOVEMENT); `null` for other fire.
    #[serde(default)]
    pub zulu_halted: Option<bool>,
    /// The Zulu unit halted by the volley must test morale ("MORALE ... 2. A Zulu unit that
    /// is forced to halt due to volley fire"); applying marks the test due.
    #[serde(default)]
    pub zulu_must_test: bool,
}

/// A British volley's effect on the Zulu unit it hit: halted when the FF it lost exceed
/// its move rate (the natives' normal rate, halved inside the perimeter). Pushes the steps
/// and returns whether it halted; `None` when the fire is not a British volley.
fn volley_halt<O>(
    charts: &Charts,
    input: &RdFireInput,
    volley_losses: u32,
    resolution: &mut Resolution<O>,
) -> Result<Option<bool>, Refusal> {
    if input.fire.fire != FireType::Volley || input.zulu_rifles {
        return Ok(None);
    }
    let effect = "VOLLEY FIRE EFFECT ON MOVEMENT";
    let mut reader = CellReader::new(charts, RULESET);
    let normal = reader.int("movement_troops", &["natives", "normal"]);
    let (divisor, rounding) = if input.zulu_inside_perimeter {
        (
            reader.int(CHART, &["perimeter-attacker-move-divisor"]),
            settings::rounding(charts, &mut reader),
        )
    } else {
        (Some(1), None)
    };
    let (Some(normal), Some(divisor)) = (normal, divisor) else {
        return Err(missing(&reader, effect));
    };
    let mut rate = normal;
    if input.zulu_inside_perimeter {
        let Some(rounding) = rounding else {
            return Err(missing(&reader, effect));
        };
        rate = rounding.value.divide(normal, divisor.max(1));
        resolution.step(rounding.step);
        resolution.step(Step::valued(
            rule("Rorke's Drift, MOVEMENT", "perimeter-attacker-move-divisor"),
            format!(
                "inside the perimeter \"the attackers will be reduced to half their normal movement rate (and thus subject to a higher possibility of being stopped by volley fire)\": {normal} mm / {divisor}"
            ),
            rate,
            None,
        ));
    }
    let halted = i64::from(volley_losses) > rate;
    resolution.step(Step::valued(
        section(effect),
        format!(
            "the Zulu unit lost {volley_losses} FF to the volley against its move rate of {rate} mm (all natives on foot): \"If the number of fighting factors lost exceeds the unit's move rate, it will remain stationary during the next move\"{}",
            if halted { ": it is forced to halt" } else { ": it is not halted" }
        ),
        halted,
        None,
    ));
    if halted {
        resolution.step(Step::valued(
            section(MORALE),
            "\"MORALE There will be no morale tests for either side except in the following circumstances ... 2. A Zulu unit that is forced to halt due to volley fire\": it must test morale",
            true,
            None,
        ));
    }
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    Ok(Some(halted))
}

/// The basic fire the Rorke's Drift rules make of the input, with the supplement's steps.
#[allow(clippy::too_many_lines)]
fn rd_fire(charts: &Charts, input: &RdFireInput) -> Result<(FireInput, fire::Variant), Refusal> {
    let mut basic = input.fire.clone();
    let mut steps = Vec::new();
    if basic.target == Target::InCover {
        return Err(Refusal::by_rule(
            section(COVER),
            "\"For firing purposes only, ignore all cover\": give the target's formation as in the open (native-close-order-in-open, other-close-order or mounted)",
        ));
    }
    steps.push(Step::note(
        section(COVER),
        "for firing purposes only, all cover is ignored: the target is read as in the open",
    ));
    if !input.sections.is_empty() {
        let mut reader = CellReader::new(charts, RULESET);
        let max = reader
            .int(CHART, &["section-max-ff"])
            .ok_or_else(|| missing(&reader, FIRING))?;
        if basic.firer != Firer::RegularInfantry {
            return Err(Refusal::by_rule(
                section(FIRING),
                format!(
                    "British sections combine their fire: the firer is regular-infantry, not {}",
                    basic.firer
                ),
            ));
        }
        check_sections(&input.sections, max, "a section firing")?;
        let sum: u32 = input.sections.iter().sum();
        if basic.firer_ff != 0 && basic.firer_ff != sum {
            steps.push(Step::note(
                section(FIRING),
                format!(
                    "the firing FF given ({}) is replaced by the combining sections' total",
                    basic.firer_ff
                ),
            ));
        }
        basic.firer_ff = sum;
        steps.push(Step::valued(
            section(FIRING),
            if basic.in_building {
                format!(
                    "sections in buildings may only engage with independent fire and must combine their fire when firing at the same target: {}",
                    list(&input.sections)
                )
            } else {
                format!(
                    "British sections, other than those in buildings, may combine their fire against a single target: {}",
                    list(&input.sections)
                )
            },
            sum,
            Some(json!(sum)),
        ));
    }
    if let Some(rear) = basic.two_unit_rear_ff.take() {
        if input.behind_cover || basic.in_building {
            return Err(Refusal::by_rule(
                section(FORMATIONS),
                "\"Defenders, other than those behind cover or in buildings, may engage the enemy in a two rank formation\"",
            ));
        }
        basic.firer_ff = basic.firer_ff.saturating_add(rear);
        steps.push(Step::valued(
            section(FORMATIONS),
            format!(
                "a two rank formation: \"both ranks will count their full fighting factor at all times\": the rear rank's {rear} FF in full"
            ),
            rear,
            Some(json!(basic.firer_ff)),
        ));
    }
    let mut black = None;
    if input.zulu_rifles {
        if basic.firer != Firer::Natives {
            return Err(Refusal::by_rule(
                section(FIRING),
                format!(
                    "Zulu rifle units are natives, not {}: give --firer natives",
                    basic.firer
                ),
            ));
        }
        black = Some((
            2,
            Step::note(
                section(FIRING),
                "Zulu rifle units will throw 2 black (plus) dice each time they fire",
            ),
        ));
    }
    if input.zulu_inside_perimeter && (input.zulu_rifles || basic.fire != FireType::Volley) {
        return Err(Refusal::bad_input(
            section(FIRING),
            "--zulu-inside-perimeter is for a British volley at a Zulu unit: its losses are set against the unit's move rate (VOLLEY FIRE EFFECT ON MOVEMENT)",
        ));
    }
    if input.redoubt {
        if input.zulu_rifles {
            return Err(Refusal::by_rule(
                section(REDOUBT),
                "the redoubt is the defenders' final position: Zulu rifles do not fire from it",
            ));
        }
        steps.push(Step::note(
            section(REDOUBT),
            "in the redoubt all three ranks may fire at the same time (their sections combined)",
        ));
        if basic.fire == FireType::Volley {
            basic.initial_volley = true;
            steps.push(Step::note(
                section(REDOUBT),
                "in this instance only all volleys will be classed as initial volleys: two black dice",
            ));
        }
    }
    Ok((basic, fire::Variant { black, steps }))
}

/// FIRING at Rorke's Drift.
pub struct RdFire;

impl Procedure for RdFire {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-fire";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["firer", "target", "rear"];
    const OPPOSING: &'static [&'static str] = &["target"];
    type Input = RdFireInput;
    type Outcome = RdFireOutcome;

    fn resolve(
        charts: &Charts,
        input: &RdFireInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdFireOutcome>, Refusal> {
        let (basic, variant) = rd_fire(charts, input)?;
        let mut resolution = fire::resolve_variant(charts, &basic, dice, Self::NAME, &variant)?;
        let firing_ff = basic.firer_ff;
        let zulu_halted = volley_halt(
            charts,
            input,
            resolution.outcome.volley_losses,
            &mut resolution,
        )?;
        Ok(resolution.map_outcome(|fire| RdFireOutcome {
            firing_ff,
            fire,
            zulu_halted,
            zulu_must_test: zulu_halted == Some(true),
        }))
    }

    fn odds(charts: &Charts, input: &RdFireInput) -> Option<Result<Odds, Refusal>> {
        Some(
            rd_fire(charts, input)
                .and_then(|(basic, variant)| fire::variant_odds(charts, &basic, &variant)),
        )
    }
}
