//! RALLYING: one die against the Rally table's minimum for the class and the command figure
//! with the unit; never in melee or under cannister fire. Also BREAK (ROUT)'s loss per move.
//!
//! "To rally a unit which is routing or which has gone to ground, throw one dice and consult
//! the following table. The figure in the table gives the minimum dice score required to
//! rally. (NOTE: Units still in melee or under cannister fire may not be rallied)."

use super::fire::ff;
use super::names::named;
use super::{RULESET, bad_dice, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{BREAK, RALLYING, rally, rally_odds, rout_loss, rout_loss_dist};
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, condition, parsed};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The Rally table's chart name.
pub const CHART: &str = "rally";

named!(
    /// The Rally table's classes (`--class`).
    RallyClass, "class" {
        /// Levies.
        Levies = "levies",
        /// Irregular and non-European regulars.
        Irregular = "irregular",
        /// European regulars and fanatics.
        EuropeanRegularOrFanatic = "european-regular-or-fanatic",
    }
);

named!(
    /// The command figure with the unit (`--command`).
    Command, "command" {
        /// No command figure with the unit.
        None = "none",
        /// A sub-commander with the unit.
        SubCommander = "sub-commander",
        /// The C-in-C with the unit.
        CInC = "c-in-c",
    }
);

/// A rally attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RallyInput {
    /// The unit's class.
    pub class: RallyClass,
    /// The command figure with it.
    pub command: Command,
    /// The unit is still in melee.
    #[serde(default)]
    pub in_melee: bool,
    /// The unit is under cannister fire.
    #[serde(default)]
    pub under_cannister: bool,
    /// The values the table and the records decided (`situation::rally`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl RallyInput {
    /// The steps that say which values the table and the records gave and which were
    /// given by hand: the resolution's first steps.
    pub fn origin_steps(&self) -> Vec<Step> {
        self.origins.steps(self, &section(RALLYING))
    }
}

/// What the Rally table asks of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Minimum {
    /// The cell is lost (noted as needed).
    Lost,
    /// An automatic rally.
    Automatic,
    /// The minimum die score.
    Score(u8),
}

fn minimum(reader: &mut CellReader<'_>, attempt: &RallyInput) -> Result<Minimum, Refusal> {
    let key = [attempt.class.name(), attempt.command.name()];
    let Some(value) = reader.get(CHART, &key) else {
        return Ok(Minimum::Lost);
    };
    let text = value.to_string();
    let text = text.trim();
    if text.eq_ignore_ascii_case("automatic") {
        return Ok(Minimum::Automatic);
    }
    match text.parse::<u8>() {
        Ok(n) if (1..=6).contains(&n) => Ok(Minimum::Score(n)),
        _ => Err(Refusal::by_rule(
            cell_ref(RALLYING, CHART, &key),
            format!("the Rally table reads '{text}': not a die score 1-6 or automatic"),
        )),
    }
}

fn refusals(attempt: &RallyInput) -> Result<(), Refusal> {
    if attempt.in_melee || attempt.under_cannister {
        return Err(Refusal::by_rule(
            section(RALLYING),
            format!(
                "units still in melee or under cannister fire may not be rallied (this unit is {})",
                if attempt.in_melee {
                    "in melee"
                } else {
                    "under cannister fire"
                }
            ),
        ));
    }
    Ok(())
}

/// What a rally attempt decided: the `--json` outcome of `laager mc rally`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RallyOutcome {
    /// The minimum die score needed; `null` for an automatic rally.
    pub minimum: Option<u8>,
    /// Whether the unit rallied.
    pub rallied: bool,
}

/// A rally attempt.
fn resolve_rally(
    charts: &Charts,
    attempt: &RallyInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<RallyOutcome>, Refusal> {
    refusals(attempt)?;
    let mut reader = CellReader::new(charts, RULESET);
    let min = match minimum(&mut reader, attempt)? {
        Minimum::Lost => return Err(lost(&reader)),
        Minimum::Automatic => None,
        Minimum::Score(n) => Some(n),
    };
    let mut resolution = resolution(charts, Rally::NAME);
    resolution.steps = attempt.origin_steps();
    let rule = cell_ref(
        RALLYING,
        CHART,
        &[attempt.class.name(), attempt.command.name()],
    );
    let outcome = match min {
        None => {
            resolution.step(Step::valued(
                rule,
                format!(
                    "Rally table, {} with command {}: automatic rally",
                    attempt.class, attempt.command
                ),
                "automatic",
                None,
            ));
            RallyOutcome {
                minimum: None,
                rallied: true,
            }
        }
        Some(min) => {
            resolution.step(Step::valued(
                rule,
                format!(
                    "Rally table, {} with command {}: the minimum dice score required to rally",
                    attempt.class, attempt.command
                ),
                min,
                None,
            ));
            let thrown = rally(dice, min).map_err(bad_dice(RALLYING))?;
            for step in thrown.steps {
                resolution.step(step);
            }
            resolution.rolls.push(thrown.roll);
            RallyOutcome {
                minimum: Some(min),
                rallied: thrown.result,
            }
        }
    };
    finish(resolution.with_outcome(outcome), &reader, section(RALLYING))
}

/// The exact odds of a rally.
fn rally_attempt_odds(charts: &Charts, attempt: &RallyInput) -> Result<Odds, Refusal> {
    refusals(attempt)?;
    let mut reader = CellReader::new(charts, RULESET);
    match minimum(&mut reader, attempt)? {
        Minimum::Lost => Err(lost(&reader)),
        Minimum::Automatic => Ok(Odds {
            outcomes: vec![OddsEntry {
                value: true.into(),
                probability: 1.0,
            }],
        }),
        Minimum::Score(min) => Ok(rally_odds(min)),
    }
}

/// RALLYING: one die against the Rally table's minimum.
pub struct Rally;

/// The rally's fields, as `laager mc rally` and the desk's form ask for them; the class
/// comes from the unit's record where it settles it (`--unit unit=ID`).
const RALLY_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        field: crate::field!(RallyInput: class),
        flag: "class",
        value_name: "CLASS",
        label: "class",
        help: "The Rally table's class: levies, irregular (and non-European regulars), or european-regular-or-fanatic; the unit's record gives it for European regulars and Fanatics",
        kind: Kind::Choice {
            names: RallyClass::NAMES,
        },
        required: true,
        from_records: true,
        parse: parsed::<RallyClass>,
    },
    FieldSpec {
        field: crate::field!(RallyInput: command),
        flag: "command",
        value_name: "COMMAND",
        label: "command",
        help: "The command figure with the unit: none, sub-commander or c-in-c",
        kind: Kind::Choice {
            names: Command::NAMES,
        },
        required: true,
        from_records: false,
        parse: parsed::<Command>,
    },
    condition(
        crate::field!(RallyInput: in_melee),
        "in-melee",
        "still in melee",
        "The unit is still in melee (no rally)",
    ),
    condition(
        crate::field!(RallyInput: under_cannister),
        "under-cannister",
        "under cannister fire",
        "The unit is under cannister fire (no rally)",
    ),
];

impl Procedure for Rally {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rally";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["unit"];
    const FIELDS: &'static [FieldSpec] = RALLY_FIELDS;
    type Input = RallyInput;
    type Outcome = RallyOutcome;

    fn resolve(
        charts: &Charts,
        input: &RallyInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RallyOutcome>, Refusal> {
        resolve_rally(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &RallyInput) -> Option<Result<Odds, Refusal>> {
        Some(rally_attempt_odds(charts, input))
    }

    fn dice_asked(_charts: &Charts, _input: &RallyInput) -> Option<crate::dice::DiceAsked> {
        Some(crate::dice::DiceAsked::of(vec![
            crate::dice::DieAsked::new(None, None),
        ]))
    }
}

fn lost(reader: &CellReader<'_>) -> Refusal {
    reader
        .refusal(section(RALLYING))
        .unwrap_or_else(|| Refusal::by_rule(section(RALLYING), "the Rally table could not be read"))
}

/// One move of rout: it throws one die and needs nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutLossInput {
    /// What the records hold about the unit in rout (`situation::rout_loss`: a unit not
    /// recorded as broken), stated as the resolution's first steps.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl RoutLossInput {
    /// The steps that say what the records hold about the unit: the resolution's first
    /// steps.
    pub fn origin_steps(&self) -> Vec<Step> {
        self.origins.steps(self, &section(BREAK))
    }
}

/// What a move of rout cost: the `--json` outcome of `laager mc rout-loss`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoutLossOutcome {
    /// The FF lost: one die x 10.
    pub ff_lost: u32,
}

/// BREAK (ROUT): "A breaking unit will lose one dice x 10 fighting factors per move of rout."
pub struct RoutLoss;

impl Procedure for RoutLoss {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rout-loss";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["unit"];
    type Input = RoutLossInput;
    type Outcome = RoutLossOutcome;

    fn resolve(
        charts: &Charts,
        input: &RoutLossInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RoutLossOutcome>, Refusal> {
        let thrown = rout_loss(dice).map_err(bad_dice(BREAK))?;
        let mut resolution = resolution(charts, RoutLoss::NAME);
        resolution.steps = input.origin_steps();
        for step in thrown.steps {
            resolution.step(step);
        }
        resolution.rolls.push(thrown.roll);
        Ok(resolution.with_outcome(RoutLossOutcome {
            ff_lost: ff(thrown.result),
        }))
    }

    fn odds(_charts: &Charts, _input: &RoutLossInput) -> Option<Result<Odds, Refusal>> {
        Some(Ok(rout_loss_dist().to_odds()))
    }

    fn dice_asked(_charts: &Charts, _input: &RoutLossInput) -> Option<crate::dice::DiceAsked> {
        // "one dice x 10 fighting factors".
        Some(crate::dice::DiceAsked::of(vec![
            crate::dice::DieAsked::new(None, None),
        ]))
    }
}
