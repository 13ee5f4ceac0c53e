//! Melee odds (PART 12 B): attack strength to defence strength as a ratio, "Remainders, if
//! any, are rounded in favor of the defender. Thus a 24-3 comparison rounds down to 8-1,
//! while 14-4 would be a 3-1."

use super::{Game, RULESET, all_known, grid_axes, melee, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, strength, strong};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// An odds ratio as the Melee Combat Results Tables head their columns: N-1 or 1-N.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeleeOdds {
    /// N-1, N ≥ 1 (1-1 is even odds).
    For(u32),
    /// 1-N, N ≥ 2.
    Against(u32),
}

impl MeleeOdds {
    /// The odds of `attack` against `defence`, both at least 1, remainders in the
    /// defender's favour: 7-3 is 2-1, 3-4 is 1-2, 2-5 is 1-3.
    pub fn of(attack: u32, defence: u32) -> MeleeOdds {
        let (attack, defence) = (attack.max(1), defence.max(1));
        if attack >= defence {
            MeleeOdds::For(attack / defence)
        } else {
            // Below even the defender's side of the ratio rounds up: 3-4 is 1-1.33, read 1-2.
            MeleeOdds::Against(defence.div_ceil(attack))
        }
    }

    /// Parses a column heading "8-1", "1-2", "1-1".
    pub fn parse(text: &str) -> Option<MeleeOdds> {
        let (a, d) = text.trim().split_once(['-', ':'])?;
        let (a, d): (u32, u32) = (a.trim().parse().ok()?, d.trim().parse().ok()?);
        match (a, d) {
            (n, 1) if n >= 1 => Some(MeleeOdds::For(n)),
            (1, n) if n >= 2 => Some(MeleeOdds::Against(n)),
            _ => None,
        }
    }

    /// A number that orders odds from worst to best for the attacker.
    fn rank(self) -> f64 {
        match self {
            MeleeOdds::For(n) => f64::from(n),
            MeleeOdds::Against(n) => 1.0 / f64::from(n),
        }
    }

    /// Whether these odds are at least `n`-1 (automatic elimination thresholds).
    pub fn at_least(self, n: u32) -> bool {
        matches!(self, MeleeOdds::For(m) if m >= n)
    }
}

impl PartialOrd for MeleeOdds {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for MeleeOdds {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().total_cmp(&other.rank())
    }
}

impl fmt::Display for MeleeOdds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeleeOdds::For(n) => write!(f, "{n}-1"),
            MeleeOdds::Against(n) => write!(f, "1-{n}"),
        }
    }
}

impl FromStr for MeleeOdds {
    type Err = String;

    fn from_str(text: &str) -> Result<MeleeOdds, String> {
        MeleeOdds::parse(text)
            .ok_or_else(|| format!("'{text}' is not odds: expected N-1 or 1-N, as 3-1 or 1-2"))
    }
}

impl Serialize for MeleeOdds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MeleeOdds {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The two Melee Strengths an odds column is read from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsInput {
    /// Total attack Melee Strength.
    pub attack: u32,
    /// Total defence Melee Strength.
    pub defence: u32,
    /// The game whose Melee Combat Results Table clamps the odds, once a club supplies it.
    #[serde(default)]
    pub game: Option<Game>,
}

/// The odds and their column: the `--json` outcome of `laager sotq odds`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OddsOutcome {
    /// The exact ratio, remainders in the defender's favour.
    pub odds: MeleeOdds,
    /// The column read: the ratio, clamped to the table's ends when the table is supplied.
    pub column: MeleeOdds,
}

/// The odds column of an attack (PART 12 B).
pub struct OddsColumn;

impl Procedure for OddsColumn {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "odds";
    const THROWS: bool = false;
    const FIELDS: &'static [FieldSpec] = &[
        FieldSpec {
            field: crate::field!(OddsInput: attack),
            flag: "attack",
            value_name: "SP",
            label: "attack strength",
            help: "The attackers' total Melee Strength (PART 12 B)",
            kind: strong("Melee Strength"),
            required: true,
            from_records: false,
            parse: strength,
        },
        FieldSpec {
            field: crate::field!(OddsInput: defence),
            flag: "defence",
            value_name: "SP",
            label: "defence strength",
            help: "The defenders' total Melee Strength (PART 12 B)",
            kind: strong("Melee Strength"),
            required: true,
            from_records: false,
            parse: strength,
        },
        FieldSpec {
            help: "isandhlwana or omdurman: clamp to this game's Melee Combat Results Table, once a club supplies it (not given: any game)",
            required: false,
            ..super::game_field(crate::field!(OddsInput: game))
        },
    ];
    type Input = OddsInput;
    type Outcome = OddsOutcome;

    fn resolve(
        charts: &Charts,
        input: &OddsInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<OddsOutcome>, Refusal> {
        odds_column(charts, input.attack, input.defence, input.game)
    }
}

/// The odds column of an attack (PART 12 B): the exact ratio, clamped to the game's Melee
/// Combat Results Table's first and last columns only once that table is supplied.
fn odds_column(
    charts: &Charts,
    attack: u32,
    defence: u32,
    game: Option<Game>,
) -> Result<Resolution<OddsOutcome>, Refusal> {
    if attack == 0 || defence == 0 {
        return Err(Refusal::bad_input(
            rule("PART 12 B"),
            "odds compare two Melee Strengths of at least 1",
        ));
    }
    let mut res = Resolution::<()>::new(RULESET, OddsColumn::NAME, charts.hash());
    let odds = MeleeOdds::of(attack, defence);
    res.step(Step::valued(
        rule("PART 12 B"),
        format!("{attack} to {defence}: Remainders, if any, are rounded in favor of the defender"),
        odds.to_string(),
        None,
    ));
    let mut column = odds;
    if let Some(game) = game {
        let chart = melee::chart_for(game);
        let columns: Option<Vec<MeleeOdds>> = grid_axes(charts, chart)
            .filter(|(_, cols)| all_known(cols))
            .and_then(|(_, cols)| {
                cols.keys
                    .iter()
                    .map(|k| MeleeOdds::parse(&k.label))
                    .collect()
            });
        match columns.filter(|c| !c.is_empty()) {
            Some(mut cols) => {
                cols.sort();
                let (first, last) = (cols[0], cols[cols.len() - 1]);
                if odds < first {
                    column = first;
                    res.step(Step::valued(rule("PART 12 B"), "Attacks at odds less than the lowest column on the table use the lowest column", first.to_string(), None));
                } else if odds > last {
                    column = last;
                    res.step(Step::valued(rule("PART 12 B"), "Attacks at odds higher than the highest column on the table use the highest column", last.to_string(), None));
                } else if let Some(c) = cols.iter().rev().find(|c| **c <= odds) {
                    column = *c;
                }
            }
            None => res.step(Step::note(
                rule("PART 12 B"),
                format!("the {chart} columns are not supplied: the odds are not clamped to the table's ends"),
            )),
        }
    }
    if game.is_none() {
        res.step(Step::note(
            rule("PART 12 B"),
            "no game given: \"Each game has its own Melee Combat Results Table\", so the odds are not clamped to a table's ends",
        ));
    }
    Ok(res.with_outcome(OddsOutcome { odds, column }))
}
