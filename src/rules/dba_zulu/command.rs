//! Command points: the phase's single d6 against the cost of the orders intended.

use super::{RULESET, cell, rule, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Face, Refusal, Resolution, Roll, RollSource, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// What an order moves (or, for the Zulu player, halts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveUnit {
    /// A single base.
    Base,
    /// A formation (a British line or column, a Zulu horn, chest or loins).
    Formation,
}

/// One order: a base or a formation, how far it is from the commander, and how long a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveOrder {
    /// Base or formation.
    pub unit: MoveUnit,
    /// More than 12" from the commander's base in open terrain (`:far`).
    #[serde(default)]
    pub far: bool,
    /// More than 6" from the commander's base and out of his sight or in concealment (`:out-of-sight`).
    #[serde(default)]
    pub out_of_sight: bool,
    /// A line of this many bases (`:line=K`, formations only).
    #[serde(default)]
    pub line: Option<u32>,
    /// The base ordered, when a table named it (`--unit move-K=ID`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
}

impl FromStr for MoveOrder {
    type Err = String;

    /// `base|formation[:far|:out-of-sight][:line=K]`.
    fn from_str(text: &str) -> Result<MoveOrder, String> {
        let bad = |why: String| format!("--move '{text}': {why}");
        let mut parts = text.split(':');
        let unit = match parts.next().unwrap_or_default() {
            "base" => MoveUnit::Base,
            "formation" => MoveUnit::Formation,
            other => return Err(bad(format!("'{other}' is neither base nor formation"))),
        };
        let mut order = MoveOrder {
            unit,
            far: false,
            out_of_sight: false,
            line: None,
            base: None,
        };
        for part in parts {
            match part.split_once('=') {
                None if part == "far" && !order.far => order.far = true,
                None if part == "out-of-sight" && !order.out_of_sight => order.out_of_sight = true,
                Some(("line", k)) if order.line.is_none() => {
                    let k: u32 = k.parse().ok().filter(|k| *k >= 1).ok_or_else(|| {
                        bad(format!("line={k}: expected a number of bases, 1 or more"))
                    })?;
                    order.line = Some(k);
                }
                _ => {
                    return Err(bad(format!(
                        "'{part}' is not a qualifier (or is given twice): expected far, out-of-sight or line=K"
                    )));
                }
            }
        }
        if order.far && order.out_of_sight {
            return Err(bad(
                "give far (12\" beyond the commander in open terrain) or out-of-sight (6\" beyond, out of sight or in concealment), not both: either costs the one extra point".to_owned(),
            ));
        }
        if unit == MoveUnit::Base && order.line.is_some() {
            return Err(bad(
                "a line is a formation: write formation:line=K".to_owned()
            ));
        }
        Ok(order)
    }
}

/// A phase's command: the d6 rolled and the orders intended.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CommandInput {
    /// The phase's d6 (1–6): the command points available.
    pub roll: u8,
    /// The bases and formations to move (or, Zulu, to halt).
    pub moves: Vec<MoveOrder>,
    /// Zulu formations deployed, or the loins committed, this phase.
    pub deploy_formations: u32,
    /// Gatling guns whose repair is attempted.
    pub gatling_repairs: u32,
    /// The values the table decided (`situation::command`: how far each ordered base is
    /// from the commander's), stated as the resolution's first steps with any given by hand
    /// since.
    #[serde(skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

pub(super) const CHART: &str = "command_costs";

/// The roles of a command from a table: the commander's base, and the bases ordered one by
/// one (a phase has at most six points, so at most six orders are paid for; more may be
/// listed to see what is left over).
pub const COMMAND_ROLES: &[&str] = &[
    "commander",
    "move-1",
    "move-2",
    "move-3",
    "move-4",
    "move-5",
    "move-6",
    "move-7",
    "move-8",
    "move-9",
    "move-10",
    "move-11",
    "move-12",
];

/// What a phase's orders cost: the `--json` outcome of `laager dba command`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandOutcome {
    /// The command points the die gave.
    pub points: u8,
    /// What the orders cost.
    pub cost: i64,
    /// Whether the points cover the cost.
    pub affordable: bool,
}

/// Command points: the phase's d6 against the cost of the orders.
pub struct Command;

impl Procedure for Command {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "command";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = COMMAND_ROLES;
    type Input = CommandInput;
    type Outcome = CommandOutcome;

    /// The command die is typed in the input (it is rolled at the table before the orders
    /// are costed), so `dice` is not read.
    fn resolve(
        charts: &Charts,
        input: &CommandInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<CommandOutcome>, Refusal> {
        resolve_command(charts, input)
    }
}

/// Works out the cost of the orders and whether the roll affords it.
fn resolve_command(
    charts: &Charts,
    situation: &CommandInput,
) -> Result<Resolution<CommandOutcome>, Refusal> {
    let s = situation;
    if !(1..=6).contains(&s.roll) {
        return Err(Refusal::bad_input(
            rule(section::SEQUENCE),
            format!(
                "the command roll is a single six sided die: {} is not 1-6",
                s.roll
            ),
        ));
    }
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = Resolution::<()>::new(RULESET, Command::NAME, charts.hash());
    resolution.rolls.push(Roll {
        source: RollSource::Entered,
        seed: None,
        faces: vec![Face {
            face: s.roll,
            colour: None,
        }],
    });
    resolution.steps = s.origins.steps(s, &rule(section::MOVEMENT));
    resolution.step(Step::valued(
        rule(section::SEQUENCE),
        "'a single six sided die is rolled, its score determining how many commmand points are available that phase'",
        s.roll,
        None,
    ));
    let mut costs = Costs::default();
    for (i, order) in s.moves.iter().enumerate() {
        order_costs(&mut reader, i, order, &mut costs);
    }
    if s.deploy_formations > 0 {
        costs.add(
            &mut reader,
            section::DEPLOYMENT,
            "deploy-formation",
            i64::from(s.deploy_formations),
            format!(
                "{} Zulu formation(s) deployed or the loins committed, 2 each",
                s.deploy_formations
            ),
        );
    }
    if s.gatling_repairs > 0 {
        costs.add(
            &mut reader,
            section::RANGED,
            "gatling-repair",
            i64::from(s.gatling_repairs),
            format!(
                "{} Gatling repair attempt(s), one point each, 'still spent if the attempt was unsuccessful'",
                s.gatling_repairs
            ),
        );
    }
    if let Some(refusal) = reader.refusal(rule(section::MOVEMENT)) {
        return Err(refusal);
    }
    let Costs { cost, steps } = costs;
    resolution.steps.extend(steps);
    if s.gatling_repairs > 0
        && let Some(face) = reader.int(CHART, &["gatling-repair-roll"])
    {
        resolution.step(Step::valued(
            cell(section::RANGED, CHART, &["gatling-repair-roll"]),
            "each repair succeeds on a roll of 6, one die per gun",
            face,
            None,
        ));
    }
    let affordable = cost <= i64::from(s.roll);
    resolution.step(Step::note(
        rule(section::SEQUENCE),
        format!(
            "cost {cost} against {} command points: {} ('Unused command points may not be saved.')",
            s.roll,
            if affordable {
                "affordable"
            } else {
                "not affordable"
            }
        ),
    ));
    let mut resolution = resolution.with_outcome(CommandOutcome {
        points: s.roll,
        cost,
        affordable,
    });
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    Ok(resolution)
}

/// The command points the orders cost so far, with a step for each cost.
#[derive(Default)]
struct Costs {
    cost: i64,
    steps: Vec<Step>,
}

impl Costs {
    /// Adds the cost `key` from the chart `times` times, with a step under `sec` saying why.
    fn add(&mut self, reader: &mut CellReader<'_>, sec: &str, key: &str, times: i64, text: String) {
        if let Some(value) = reader.int(CHART, &[key]) {
            self.cost += value * times;
            self.steps.push(Step::valued(
                cell(sec, CHART, &[key]),
                text,
                value * times,
                Some(self.cost.into()),
            ));
        }
    }
}

/// One move order's costs: a single base or a formation, moving far beyond the commander,
/// and a line longer than the chart's lengths.
fn order_costs(reader: &mut CellReader<'_>, i: usize, order: &MoveOrder, costs: &mut Costs) {
    let n = match &order.base {
        Some(base) => format!("{} ({base})", i + 1),
        None => (i + 1).to_string(),
    };
    match order.unit {
        MoveUnit::Base => costs.add(
            reader,
            section::MOVEMENT,
            "base",
            1,
            format!("order {n}: a single base"),
        ),
        MoveUnit::Formation => costs.add(
            reader,
            section::MOVEMENT,
            "formation",
            1,
            format!("order {n}: a formation"),
        ),
    }
    if order.far || order.out_of_sight {
        let limit_key = if order.far {
            "far-open-in"
        } else {
            "far-out-of-sight-in"
        };
        let limit = reader.int(CHART, &[limit_key]).unwrap_or_default();
        let text = if order.far {
            format!("order {n}: more than {limit}\" beyond the commander's base in open terrain")
        } else {
            format!(
                "order {n}: more than {limit}\" beyond the commander's base, out of his sight or in concealment"
            )
        };
        costs.add(reader, section::MOVEMENT, "far", 1, text);
    }
    if let Some(k) = order.line {
        let over = reader.int(CHART, &["line-over"]);
        let far_over = reader.int(CHART, &["line-far-over"]);
        if let (Some(over), Some(far_over)) = (over, far_over) {
            if i64::from(k) > over {
                costs.add(
                    reader,
                    section::MOVEMENT,
                    "line-over-cost",
                    1,
                    format!("order {n}: a line of {k} bases, greater than {over}"),
                );
            }
            if i64::from(k) > far_over {
                costs.add(
                    reader,
                    section::MOVEMENT,
                    "line-far-over-cost",
                    1,
                    format!("order {n}: a line of {k} bases, greater than {far_over}"),
                );
            }
        }
    }
}
