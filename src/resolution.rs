//! The shared result types of every rule: a [`Resolution`] explained step by step, a
//! [`Refusal`] with the reason and the chart cells it needs, and the [`Odds`] form.
//!
//! Their JSON form is the contract of every `--json` output that resolves or refuses.

use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where a step's rule comes from: the document, its section, and the chart cell if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleRef {
    /// The rule document's file name in `shared/seeds/`.
    pub document: String,
    /// The section of the document, as printed ("RANDOM FACTOR", "Hit Number Chart").
    pub section: String,
    /// The chart read, by its file stem, when the step read one.
    pub chart: Option<String>,
    /// The cell read, `CHART:KEY` or `CHART:ROW:COL`, when the step read one.
    pub cell: Option<String>,
}

impl RuleRef {
    /// A reference to a section of a ruleset's document.
    pub fn section(ruleset: Ruleset, section: &str) -> RuleRef {
        RuleRef {
            document: ruleset.document().to_owned(),
            section: section.to_owned(),
            chart: None,
            cell: None,
        }
    }

    /// A reference to one chart cell.
    pub fn cell(ruleset: Ruleset, section: &str, chart: &str, cell: &str) -> RuleRef {
        RuleRef {
            document: ruleset.document().to_owned(),
            section: section.to_owned(),
            chart: Some(chart.to_owned()),
            cell: Some(cell.to_owned()),
        }
    }
}

/// One line of the explanation: what was looked up or added, its value and the running total.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The rule the step follows.
    pub rule: RuleRef,
    /// What the step did, in words a referee reads aloud.
    pub text: String,
    /// The value looked up or added, if the step has one.
    pub value: Option<Value>,
    /// The running total after this step, if the procedure keeps one.
    pub total: Option<Value>,
}

impl Step {
    /// A step with neither value nor total.
    pub fn note(rule: RuleRef, text: impl Into<String>) -> Step {
        Step {
            rule,
            text: text.into(),
            value: None,
            total: None,
        }
    }

    /// A step with a value and, optionally, a running total.
    pub fn valued(
        rule: RuleRef,
        text: impl Into<String>,
        value: impl Into<Value>,
        total: Option<Value>,
    ) -> Step {
        Step {
            rule,
            text: text.into(),
            value: Some(value.into()),
            total,
        }
    }
}

/// Where dice faces came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RollSource {
    /// Typed in from the table by the referee.
    Entered,
    /// Rolled by Laager's seeded generator.
    Seeded,
}

/// The colour of a Micro Colonial die: black counts plus, red counts minus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Counts plus.
    Black,
    /// Counts minus.
    Red,
}

/// One die face, with its colour where the procedure uses colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    /// The face, 1 to 6.
    pub face: u8,
    /// Black or red for Micro Colonial dice; `null` elsewhere.
    pub colour: Option<Colour>,
}

impl std::fmt::Display for Face {
    /// The face as a referee types it: `B4`, `R2`, or `5` for a plain die.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.colour {
            Some(Colour::Black) => write!(f, "B{}", self.face),
            Some(Colour::Red) => write!(f, "R{}", self.face),
            None => write!(f, "{}", self.face),
        }
    }
}

/// One throw of one or more dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Typed or seeded.
    pub source: RollSource,
    /// The seed, for seeded rolls, so the roll replays exactly.
    pub seed: Option<u64>,
    /// The faces, in the order the procedure reads them.
    pub faces: Vec<Face>,
}

/// A resolved rule: the explanation, the dice, the outcome, and the tables it was read from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resolution {
    /// The ruleset id (`dba-zulu`).
    pub ruleset: Ruleset,
    /// The procedure's name (`combat`, `fire`, `random-factor`).
    pub procedure: String,
    /// Every step, in the rule's own order.
    pub steps: Vec<Step>,
    /// Every throw of dice, in order.
    pub rolls: Vec<Roll>,
    /// The procedure's own keys, named in its issue (`result`, `ff_lost`, `hits`).
    pub outcome: Map<String, Value>,
    /// Reconstructed or club-typed cells used, settings with no printed basis, near-edge notes.
    pub warnings: Vec<String>,
    /// The content hash of the tables in force.
    pub tables_hash: String,
}

impl Resolution {
    /// An empty resolution to be filled step by step.
    pub fn new(ruleset: Ruleset, procedure: &str, tables_hash: &str) -> Resolution {
        Resolution {
            ruleset,
            procedure: procedure.to_owned(),
            steps: Vec::new(),
            rolls: Vec::new(),
            outcome: Map::new(),
            warnings: Vec::new(),
            tables_hash: tables_hash.to_owned(),
        }
    }

    /// Sets one outcome key.
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.outcome.insert(key.to_owned(), value.into());
    }

    /// Appends a step.
    pub fn step(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// Adds a warning once.
    pub fn warn(&mut self, warning: impl Into<String>) {
        let warning = warning.into();
        if !self.warnings.contains(&warning) {
            self.warnings.push(warning);
        }
    }
}

/// A chart cell a refused resolution needs: the chart and the key within it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NeededCell {
    /// The chart's name (its file stem).
    pub chart: String,
    /// The key: one part for 1-D charts and lists, row and column for grids.
    pub key: Vec<String>,
}

impl NeededCell {
    /// The cell's address, `CHART:KEY` or `CHART:ROW:COL`.
    pub fn address(&self) -> String {
        let mut text = self.chart.clone();
        for part in &self.key {
            text.push(':');
            text.push_str(part);
        }
        text
    }
}

/// Why a rule was not resolved: out of range, not allowed, or chart cells no one can read.
///
/// A refusal is not an error: it is the rule's answer, with the rule cited.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{reason}")]
pub struct Refusal {
    /// The reason, in a referee's words ("out of range (musket, max 200 mm)").
    pub reason: String,
    /// The rule that refuses.
    pub rule: RuleRef,
    /// The chart cells the resolution would read, when it refuses for want of them.
    pub needs_cells: Vec<NeededCell>,
}

impl Refusal {
    /// A refusal by rule, needing no cells.
    pub fn by_rule(rule: RuleRef, reason: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
            rule,
            needs_cells: Vec::new(),
        }
    }

    /// The JSON form: `{"refusal": {...}}`.
    pub fn to_json(&self) -> Value {
        serde_json::json!({ "refusal": self })
    }
}

/// The `{"refusal": ...}` wrapper, for reading the JSON form back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusalDocument {
    /// The refusal.
    pub refusal: Refusal,
}

/// One outcome and its exact probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OddsEntry {
    /// The outcome: a number, a boolean or a string.
    pub value: Value,
    /// Its probability, exact to 1e-12.
    pub probability: f64,
}

/// The exact distribution of a procedure's outcome: the `--odds` JSON form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Odds {
    /// Outcomes: numbers ascending, false before true, strings in the help's order.
    pub outcomes: Vec<OddsEntry>,
}

impl Odds {
    /// The total probability (1 for a complete distribution).
    pub fn total(&self) -> f64 {
        self.outcomes.iter().map(|o| o.probability).sum()
    }

    /// The probability of one outcome (0 if absent).
    pub fn probability(&self, value: &Value) -> f64 {
        self.outcomes
            .iter()
            .filter(|o| &o.value == value)
            .map(|o| o.probability)
            .sum()
    }
}
