//! CHARGING, PURSUIT and APPENDIX 2 SUB COMMANDERS: whether a unit may charge this move,
//! whether a pursuer must go on, and a sub-commander's initiative.

use super::names::named;
use super::{RULESET, bad_dice, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{
    self as mc_dice, PURSUIT, SUB_COMMANDERS, initiative, initiative_odds, pursuit, pursuit_odds,
};
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const CHARGING: &str = "CHARGING";
const THRESHOLDS: &str = "rules_thresholds";

/// A unit's charge this move, as the referee describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChargeInput {
    /// Moves since the unit last charged (none if it never has).
    #[serde(default)]
    pub moves_since_last_charge: Option<u32>,
    /// It is pursuing a unit it broke, or one evading it.
    #[serde(default)]
    pub pursuing: bool,
    /// Its charge move distance (mm).
    pub charge_mm: f64,
    /// The distance to the target at the start of the move (mm).
    pub target_mm: f64,
    /// FF lost to volley fire last move (1 mm of movement each).
    #[serde(default)]
    pub volley_losses: u32,
    /// A cause for a morale test occurs during the charge.
    #[serde(default)]
    pub cause_during_move: bool,
    /// The values the table and the records decided (`situation::charge`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Whether a unit may charge: the `--json` outcome of `laager mc charge`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ChargeOutcome {
    /// It may charge this move.
    pub eligible: bool,
    /// Its charge distance less last move's volley fire effect (mm).
    pub reach_mm: f64,
    /// How far from its target it takes a morale test when a cause occurs during the
    /// charge (20 mm); `null` otherwise.
    pub morale_test_at_mm: Option<i64>,
}

/// Whether a unit may charge.
fn resolve_charge(
    charts: &Charts,
    check: &ChargeInput,
) -> Result<Resolution<ChargeOutcome>, Refusal> {
    // An infinite charge distance would reach every target, an infinite one to the target
    // none: neither is a distance.
    crate::bounds::distance(section(CHARGING), "the charge distance", check.charge_mm)?;
    crate::bounds::distance(
        section(CHARGING),
        "the distance to the target",
        check.target_mm,
    )?;
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, Charge::NAME);
    resolution.steps = check.origins.steps(check, &section(CHARGING));
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
    let volley_mm = crate::bounds::checked(
        section(CHARGING),
        "the volley fire effect",
        i64::from(check.volley_losses).checked_mul(per_ff),
    )?;
    #[allow(clippy::cast_precision_loss)]
    let reach = (check.charge_mm - volley_mm as f64).max(0.0);
    let within = check.target_mm <= reach;
    if !within {
        eligible = false;
    }
    resolution.step(Step::valued(
        section(CHARGING),
        format!(
            "charge distance {} less {} mm of volley fire effect: the target at {} is {}",
            crate::rules::words::mm(check.charge_mm),
            volley_mm,
            crate::rules::words::mm(check.target_mm),
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
            .inspect(|mm| {
                resolution.step(Step::valued(
                    cell_ref(CHARGING, THRESHOLDS, &["charger-morale-test-distance-mm"]),
                    "a cause occurs during the charge: the morale test is taken when the unit is this far from its target",
                    *mm,
                    None,
                ));
            })
    } else {
        resolution.step(Step::note(
            section(CHARGING),
            "a unit which is charging need not take a morale test, unless a cause occurs during its move",
        ));
        None
    };
    let resolution = resolution.with_outcome(ChargeOutcome {
        eligible,
        reach_mm: reach,
        morale_test_at_mm: test_at,
    });
    finish(resolution, &reader, section(CHARGING))
}

/// CHARGING: whether a unit may charge this move.
pub struct Charge;

impl Procedure for Charge {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "charge";
    const THROWS: bool = false;
    type Input = ChargeInput;
    type Outcome = ChargeOutcome;
    const ROLES: &'static [&'static str] = &["charger", "target"];
    const OPPOSING: &'static [&'static str] = &["target"];

    fn resolve(
        charts: &Charts,
        input: &ChargeInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ChargeOutcome>, Refusal> {
        resolve_charge(charts, input)
    }
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

named!(
    /// Whether a pursuer goes on (`outcome.pursuit`).
    PursuitResult, "pursuit result" {
        /// The first move's automatic pursuit.
        Must = "must",
        /// Infantry in prepared positions need not pursue.
        NeedNot = "need-not",
        /// Thrown 1 to 4: they must continue the pursuit.
        Continue = "continue",
        /// Thrown 5 or 6, or not compelled: they may break off.
        MayBreakOff = "may-break-off",
    }
);

/// A pursuit this move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PursuitInput {
    /// Who pursues.
    pub pursuer: Pursuer,
    /// The round of pursuit (1 is the first move).
    pub round: u32,
    /// Infantry in prepared positions (they need not pursue).
    #[serde(default)]
    pub infantry_in_prepared_position: bool,
    /// The values the table and the records decided (`situation::pursuit`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// `Some(outcome)` when no die is thrown.
fn pursuit_without_dice(check: &PursuitInput) -> Option<(PursuitResult, String)> {
    if check.round <= 1 {
        return Some(if check.infantry_in_prepared_position {
            (PursuitResult::NeedNot, "pursuit is automatic for the first move, except for infantry units in prepared positions, who need not pursue".to_owned())
        } else {
            (
                PursuitResult::Must,
                "pursuit of a breaking unit is automatic for the first move".to_owned(),
            )
        });
    }
    (check.pursuer == Pursuer::Other).then(|| {
        (PursuitResult::MayBreakOff, format!("round {}: only natives and irregular troops must throw to break off; the rule compels no one else to go on", check.round))
    })
}

/// Whether a pursuer goes on: the `--json` outcome of `laager mc pursuit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PursuitOutcome {
    /// Must, need not, continue or may break off.
    pub pursuit: PursuitResult,
}

fn first_round_refusal(check: &PursuitInput) -> Result<(), Refusal> {
    if check.round == 0 {
        return Err(Refusal::by_rule(
            section(PURSUIT),
            "the first round of pursuit is round 1",
        ));
    }
    Ok(())
}

/// A pursuit.
fn resolve_pursuit(
    charts: &Charts,
    check: &PursuitInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<PursuitOutcome>, Refusal> {
    first_round_refusal(check)?;
    let mut resolution = resolution(charts, Pursuit::NAME);
    resolution.steps = check.origins.steps(check, &section(PURSUIT));
    if let Some((outcome, text)) = pursuit_without_dice(check) {
        resolution.step(Step::valued(section(PURSUIT), text, outcome.name(), None));
        return Ok(resolution.with_outcome(PursuitOutcome { pursuit: outcome }));
    }
    let thrown = pursuit(dice).map_err(bad_dice(PURSUIT))?;
    for step in thrown.steps {
        resolution.step(step);
    }
    resolution.rolls.push(thrown.roll);
    let pursuit = match thrown.result {
        mc_dice::Pursuit::Continue => PursuitResult::Continue,
        mc_dice::Pursuit::MayBreakOff => PursuitResult::MayBreakOff,
    };
    Ok(resolution.with_outcome(PursuitOutcome { pursuit }))
}

/// The exact odds of a pursuit.
fn pursue_odds(check: &PursuitInput) -> Result<Odds, Refusal> {
    first_round_refusal(check)?;
    Ok(match pursuit_without_dice(check) {
        Some((outcome, _)) => Odds {
            outcomes: vec![OddsEntry {
                value: outcome.name().into(),
                probability: 1.0,
            }],
        },
        None => pursuit_odds(),
    })
}

/// PURSUIT: whether a pursuer goes on.
pub struct Pursuit;

impl Procedure for Pursuit {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "pursuit";
    const THROWS: bool = true;
    type Input = PursuitInput;
    type Outcome = PursuitOutcome;
    const ROLES: &'static [&'static str] = &["pursuer", "pursued"];
    const OPPOSING: &'static [&'static str] = &["pursued"];

    fn resolve(
        charts: &Charts,
        input: &PursuitInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<PursuitOutcome>, Refusal> {
        resolve_pursuit(charts, input, dice)
    }

    fn odds(_charts: &Charts, input: &PursuitInput) -> Option<Result<Odds, Refusal>> {
        Some(pursue_odds(input))
    }

    fn dice_asked(_charts: &Charts, input: &PursuitInput) -> Option<crate::dice::DiceAsked> {
        // A pursuit the rule settles without dice throws none.
        pursuit_without_dice(input)
            .is_none()
            .then(|| crate::dice::DiceAsked::of(vec![crate::dice::DieAsked::new(None, None)]))
    }
}

named!(
    /// A sub-commander's initiative (`outcome.initiative`).
    InitiativeResult, "initiative" {
        /// 1 or 2: the unit carries on with its initial orders where possible.
        CarryOn = "carry-on",
        /// 3 to 6: the officer may change the orders as required.
        MayChange = "may-change",
    }
);

/// A sub-commander's initiative test: it throws one die and needs nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeInput {
    /// What the table left to the referee (`situation::initiative`), stated as the
    /// resolution's first steps.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What the initiative test decided: the `--json` outcome of `laager mc initiative`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeOutcome {
    /// Carry on, or may change the orders.
    pub initiative: InitiativeResult,
}

/// APPENDIX 2 SUB COMMANDERS: a sub-commander's initiative test.
pub struct Initiative;

impl Procedure for Initiative {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "initiative";
    const THROWS: bool = true;
    type Input = InitiativeInput;
    type Outcome = InitiativeOutcome;
    const ROLES: &'static [&'static str] = &["sub-commander", "unit"];

    fn resolve(
        charts: &Charts,
        input: &InitiativeInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<InitiativeOutcome>, Refusal> {
        let thrown = initiative(dice).map_err(bad_dice(SUB_COMMANDERS))?;
        let mut resolution = resolution(charts, Initiative::NAME);
        resolution.steps = input.origins.steps(input, &section(SUB_COMMANDERS));
        resolution.step(Step::note(section(SUB_COMMANDERS), "throw one dice"));
        for step in thrown.steps {
            resolution.step(step);
        }
        resolution.rolls.push(thrown.roll);
        let initiative = match thrown.result {
            mc_dice::Initiative::CarryOn => InitiativeResult::CarryOn,
            mc_dice::Initiative::MayChange => InitiativeResult::MayChange,
        };
        Ok(resolution.with_outcome(InitiativeOutcome { initiative }))
    }

    fn odds(_charts: &Charts, _input: &InitiativeInput) -> Option<Result<Odds, Refusal>> {
        Some(Ok(initiative_odds()))
    }

    fn dice_asked(_charts: &Charts, _input: &InitiativeInput) -> Option<crate::dice::DiceAsked> {
        Some(crate::dice::DiceAsked::of(vec![
            crate::dice::DieAsked::new(None, None),
        ]))
    }
}
