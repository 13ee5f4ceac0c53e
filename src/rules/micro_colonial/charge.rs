//! CHARGING, PURSUIT and APPENDIX 2 SUB COMMANDERS: whether a unit may charge this move,
//! whether a pursuer must go on, and a sub-commander's initiative.

use super::names::named;
use super::{Failure, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{
    PURSUIT, SUB_COMMANDERS, initiative, initiative_odds, pursuit, pursuit_odds,
};
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use serde_json::json;

const CHARGING: &str = "CHARGING";
const THRESHOLDS: &str = "rules_thresholds";

/// A unit's charge this move, as the referee describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargeCheck {
    /// Moves since the unit last charged (none if it never has).
    pub moves_since_last_charge: Option<u32>,
    /// It is pursuing a unit it broke, or one evading it.
    pub pursuing: bool,
    /// Its charge move distance (mm).
    pub charge_mm: f64,
    /// The distance to the target at the start of the move (mm).
    pub target_mm: f64,
    /// FF lost to volley fire last move (1 mm of movement each).
    pub volley_losses: u32,
    /// A cause for a morale test occurs during the charge.
    pub cause_during_move: bool,
}

/// Whether a unit may charge (`outcome.eligible`, `outcome.reach_mm`,
/// `outcome.morale_test_at_mm`: 20 when a cause occurs, else null).
pub fn charge(charts: &Charts, check: &ChargeCheck) -> Result<Resolution, Refusal> {
    let mut reader = CellReader::new(charts, super::RULESET);
    let mut resolution = resolution(charts, "charge");
    let mut eligible = true;
    // "A unit may charge once in every three moves, except when it is pursuing a unit which
    // it has broken, or which is evading it."
    if let Some(every) = reader.int(THRESHOLDS, &["charge-every-moves"]) {
        let rule = cell_ref(CHARGING, THRESHOLDS, &["charge-every-moves"]);
        match (check.pursuing, check.moves_since_last_charge) {
            (true, _) => resolution.step(Step::note(
                rule,
                "pursuing a unit it has broken, or which is evading it: the unit may use its charge rate continuously",
            )),
            (false, Some(n)) if i64::from(n) < every => {
                eligible = false;
                resolution.step(Step::valued(
                    rule,
                    format!("a unit may charge once in every {every} moves: it last charged {n} move(s) ago"),
                    n,
                    None,
                ));
            }
            (false, since) => resolution.step(Step::note(
                rule,
                format!(
                    "a unit may charge once in every {every} moves: {}",
                    since.map_or("it has not charged yet".to_owned(), |n| format!("it last charged {n} moves ago"))
                ),
            )),
        }
    }
    // "A unit may not initiate a charge unless its target is within its charge distance at
    // the beginning of its move, taking into account any loss from volley fire effect."
    let per_ff = reader
        .int(THRESHOLDS, &["volley-mm-per-ff-lost"])
        .unwrap_or(1);
    #[allow(clippy::cast_precision_loss)]
    let reach = (check.charge_mm - (i64::from(check.volley_losses) * per_ff) as f64).max(0.0);
    let within = check.target_mm <= reach;
    if !within {
        eligible = false;
    }
    resolution.step(Step::valued(
        section(CHARGING),
        format!(
            "charge distance {} mm less {} mm of volley fire effect: the target at {} mm is {}",
            check.charge_mm,
            i64::from(check.volley_losses) * per_ff,
            check.target_mm,
            if within {
                "within reach"
            } else {
                "out of reach: no charge may be initiated"
            }
        ),
        reach,
        None,
    ));
    // "If a cause does occur, the test will be taken when the unit is 20 mm from its target."
    let test_at = if check.cause_during_move {
        reader
            .int(THRESHOLDS, &["charger-morale-test-distance-mm"])
            .map(|mm| {
                resolution.step(Step::valued(
                    cell_ref(CHARGING, THRESHOLDS, &["charger-morale-test-distance-mm"]),
                    "a cause occurs during the charge: the morale test is taken when the unit is this far from its target",
                    mm,
                    None,
                ));
                json!(mm)
            })
            .unwrap_or(json!(null))
    } else {
        resolution.step(Step::note(
            section(CHARGING),
            "a unit which is charging need not take a morale test, unless a cause occurs during its move",
        ));
        json!(null)
    };
    resolution.set("eligible", eligible);
    resolution.set("reach_mm", reach);
    resolution.set("morale_test_at_mm", test_at);
    finish(resolution, &reader, section(CHARGING))
}

named!(
    /// Who pursues (`--pursuer`): natives and irregulars throw from the second round.
    Pursuer, "pursuer" {
        /// Native troops.
        Native = "native",
        /// Irregular troops.
        Irregular = "irregular",
        /// Other troops (regulars).
        Other = "other",
    }
);

/// A pursuit this move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PursuitCheck {
    /// Who pursues.
    pub pursuer: Pursuer,
    /// The round of pursuit (1 is the first move).
    pub round: u32,
    /// Infantry in prepared positions (they need not pursue).
    pub infantry_in_prepared_position: bool,
}

/// `Some(outcome)` when no die is thrown.
fn pursuit_without_dice(check: PursuitCheck) -> Option<(&'static str, String)> {
    if check.round <= 1 {
        return Some(if check.infantry_in_prepared_position {
            ("need-not", "pursuit is automatic for the first move, except for infantry units in prepared positions, who need not pursue".to_owned())
        } else {
            (
                "must",
                "pursuit of a breaking unit is automatic for the first move".to_owned(),
            )
        });
    }
    (check.pursuer == Pursuer::Other).then(|| {
        ("may-break-off", format!("round {}: only natives and irregular troops must throw to break off; the rule compels no one else to go on", check.round))
    })
}

/// A pursuit (`outcome.pursuit`: "must", "need-not", "continue" or "may-break-off").
pub fn pursue(
    charts: &Charts,
    check: PursuitCheck,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, Failure> {
    if check.round == 0 {
        return Err(
            Refusal::by_rule(section(PURSUIT), "the first round of pursuit is round 1").into(),
        );
    }
    let mut resolution = resolution(charts, "pursuit");
    if let Some((outcome, text)) = pursuit_without_dice(check) {
        resolution.step(Step::valued(section(PURSUIT), text, outcome, None));
        resolution.set("pursuit", outcome);
        return Ok(resolution);
    }
    let thrown = pursuit(dice)?;
    for step in thrown.steps {
        resolution.step(step);
    }
    resolution.rolls.push(thrown.roll);
    resolution.set("pursuit", thrown.result.label());
    Ok(resolution)
}

/// The exact odds of a pursuit.
pub fn pursue_odds(check: PursuitCheck) -> Result<Odds, Refusal> {
    if check.round == 0 {
        return Err(Refusal::by_rule(
            section(PURSUIT),
            "the first round of pursuit is round 1",
        ));
    }
    Ok(match pursuit_without_dice(check) {
        Some((outcome, _)) => Odds {
            outcomes: vec![OddsEntry {
                value: outcome.into(),
                probability: 1.0,
            }],
        },
        None => pursuit_odds(),
    })
}

/// A sub-commander's initiative test (`outcome.initiative`: "carry-on" or "may-change").
pub fn sub_commander(charts: &Charts, dice: &mut dyn DiceSource) -> Result<Resolution, Failure> {
    let thrown = initiative(dice)?;
    let mut resolution = resolution(charts, "initiative");
    resolution.step(Step::note(section(SUB_COMMANDERS), "throw one dice"));
    for step in thrown.steps {
        resolution.step(step);
    }
    resolution.rolls.push(thrown.roll);
    resolution.set("initiative", thrown.result.label());
    Ok(resolution)
}

/// The exact odds of an initiative test.
pub fn sub_commander_odds() -> Odds {
    initiative_odds()
}
