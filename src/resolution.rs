//! The shared result types of every rule: a [`Resolution`] explained step by step, a
//! [`Refusal`] with the reason and the chart cells it needs, and the [`Odds`] form.
//!
//! Their JSON form is the contract of every `--json` output that resolves or refuses.

use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
///
/// `O` is the procedure's typed outcome (`dba_zulu::CombatOutcome`); a resolution of any
/// procedure, as the desk, the log and the CLI pass it around, is the rules' own
/// `AnyResolution`, whose outcome serialises to the same JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resolution<O> {
    /// The ruleset id (`dba-zulu`).
    pub ruleset: Ruleset,
    /// The procedure's name (`combat`, `fire`, `random-factor`).
    pub procedure: String,
    /// Every step, in the rule's own order.
    pub steps: Vec<Step>,
    /// Every throw of dice, in order.
    pub rolls: Vec<Roll>,
    /// The procedure's own outcome: its JSON keys are named in its issue (`result`,
    /// `ff_lost`, `hits`).
    pub outcome: O,
    /// Reconstructed or club-typed cells used, settings with no printed basis, near-edge notes.
    pub warnings: Vec<String>,
    /// The content hash of the tables in force.
    pub tables_hash: String,
}

impl<O: Default> Resolution<O> {
    /// An empty resolution to be filled step by step; its outcome is set at the end.
    pub fn new(ruleset: Ruleset, procedure: &str, tables_hash: &str) -> Resolution<O> {
        Resolution {
            ruleset,
            procedure: procedure.to_owned(),
            steps: Vec::new(),
            rolls: Vec::new(),
            outcome: O::default(),
            warnings: Vec::new(),
            tables_hash: tables_hash.to_owned(),
        }
    }
}

impl<O> Resolution<O> {
    /// The same resolution with its outcome turned into another type (a procedure's typed
    /// outcome into the rules' outcome of any procedure).
    pub fn map_outcome<P>(self, f: impl FnOnce(O) -> P) -> Resolution<P> {
        Resolution {
            ruleset: self.ruleset,
            procedure: self.procedure,
            steps: self.steps,
            rolls: self.rolls,
            outcome: f(self.outcome),
            warnings: self.warnings,
            tables_hash: self.tables_hash,
        }
    }

    /// The same explanation, dice and warnings with this outcome.
    pub fn with_outcome<P>(self, outcome: P) -> Resolution<P> {
        self.map_outcome(|_| outcome)
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

    /// Every face thrown, roll after roll, as a referee types them (`B4,R2,5`): typed back
    /// as entered dice they replay the resolution exactly.
    pub fn faces_typed(&self) -> String {
        self.rolls
            .iter()
            .flat_map(|roll| roll.faces.iter().map(ToString::to_string))
            .collect::<Vec<_>>()
            .join(",")
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

/// What kind of answer a refusal is: the typed half of every [`Refusal`], for the front
/// ends to act on (open the cells, ask for the dice again) and for tests to assert.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalKind {
    /// The rule does not allow it (a named rule forbids it: volley fire at 300 mm, a
    /// Zulu base in square, the same base on higher ground twice).
    #[default]
    NotAllowed,
    /// Beyond a listed or measured range, out of the arc, or without line of sight.
    OutOfRange,
    /// The chart cells it would read are `unknown` or not supplied: `needs_cells` names them.
    NeedsCells,
    /// Dice typed that do not fit the throw (too few, not faces, wrong colours).
    BadDice,
    /// An input that is not a value of its kind (a negative distance, no strength left).
    BadInput,
}

impl RefusalKind {
    /// The snake-case name, as the JSON form writes it.
    pub fn name(self) -> &'static str {
        match self {
            RefusalKind::NotAllowed => "not_allowed",
            RefusalKind::OutOfRange => "out_of_range",
            RefusalKind::NeedsCells => "needs_cells",
            RefusalKind::BadDice => "bad_dice",
            RefusalKind::BadInput => "bad_input",
        }
    }
}

/// Why a rule was not resolved: out of range, not allowed, or chart cells no one can read.
///
/// A refusal is not an error: it is the rule's answer, with the rule cited. Its JSON form
/// is `{"refusal": {"kind", "reason", "rule", "needs_cells"}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{reason}")]
pub struct Refusal {
    /// Which kind of answer it is.
    #[serde(default)]
    pub kind: RefusalKind,
    /// The reason, in a referee's words ("out of range (musket, max 200 mm)").
    pub reason: String,
    /// The rule that refuses.
    pub rule: RuleRef,
    /// The chart cells the resolution would read, when it refuses for want of them.
    pub needs_cells: Vec<NeededCell>,
    /// The charts a club must supply whole, when what is missing is a heading or a chart
    /// the document does not print (no cell to type names it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs_charts: Vec<String>,
    /// The steps already worked when it refused for want of cells ("a hole never hides
    /// what is known").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partial_steps: Vec<Step>,
    /// What is left, as a formula over the known values and the missing ones named
    /// ("FF lost = +18 + T + RF, where T is ...").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
}

impl Refusal {
    /// A refusal of this kind by a rule, needing no cells.
    pub fn new(kind: RefusalKind, rule: RuleRef, reason: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            reason: reason.into(),
            rule,
            needs_cells: Vec::new(),
            needs_charts: Vec::new(),
            partial_steps: Vec::new(),
            formula: None,
        }
    }

    /// A named rule does not allow it.
    pub fn by_rule(rule: RuleRef, reason: impl Into<String>) -> Refusal {
        Refusal::new(RefusalKind::NotAllowed, rule, reason)
    }

    /// Beyond its range, out of arc, or out of sight.
    pub fn out_of_range(rule: RuleRef, reason: impl Into<String>) -> Refusal {
        Refusal::new(RefusalKind::OutOfRange, rule, reason)
    }

    /// An input that is not a value of its kind.
    pub fn bad_input(rule: RuleRef, reason: impl Into<String>) -> Refusal {
        Refusal::new(RefusalKind::BadInput, rule, reason)
    }

    /// Typed dice that do not fit the throw.
    pub fn bad_dice(rule: RuleRef, error: &impl std::fmt::Display) -> Refusal {
        Refusal::new(RefusalKind::BadDice, rule, error.to_string())
    }

    /// Chart cells no one can read: the reason lists their addresses.
    pub fn needs_cells(rule: RuleRef, cells: Vec<NeededCell>) -> Refusal {
        let addresses: Vec<String> = cells.iter().map(NeededCell::address).collect();
        Refusal {
            kind: RefusalKind::NeedsCells,
            reason: format!(
                "needs chart cells no one can read from the document: {} (type their values for this resolution, or set them in a club's tables folder)",
                addresses.join(", ")
            ),
            rule,
            needs_cells: cells,
            needs_charts: Vec::new(),
            partial_steps: Vec::new(),
            formula: None,
        }
    }

    /// The same refusal carrying the steps already worked and, when the procedure can say
    /// it, what is left as a formula.
    pub fn with_partial(mut self, steps: Vec<Step>, formula: Option<String>) -> Refusal {
        self.partial_steps = steps;
        self.formula = formula;
        self
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

    /// The cumulative "this or better" probabilities, in the order of `outcomes`:
    /// `better_is_higher` when later outcomes are better for the one whose view is taken
    /// (each sums itself and those after it), else each sums itself and those before it.
    pub fn this_or_better(&self, better_is_higher: bool) -> Vec<f64> {
        let mut out = vec![0.0; self.outcomes.len()];
        let mut running = 0.0;
        if better_is_higher {
            for (i, entry) in self.outcomes.iter().enumerate().rev() {
                running += entry.probability;
                out[i] = running;
            }
        } else {
            for (i, entry) in self.outcomes.iter().enumerate() {
                running += entry.probability;
                out[i] = running;
            }
        }
        out
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
