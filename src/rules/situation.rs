//! The situation a procedure is resolved in, built by the engine from the table (a layout)
//! and the game's records for the units in their roles, for both front ends: the desk fills
//! its form with it, `--layout`/`--campaign` with `--unit ROLE=ID` build the same input.
//!
//! Every value the table or the records decide is noted as an [`Origin`] inside the input
//! itself; the procedure states them as its first steps, and a value given by hand
//! afterwards (a flag typed on the command line, a field changed at the desk) is stated as
//! winning over the table's. So the same input gives the same explanation everywhere.

use super::field::Field;
use crate::record::{Formation, Status};
use crate::resolution::{RuleRef, Step};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Where an input value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Measured or read on the table (the layout).
    Table,
    /// Read from the game's records (the log).
    Records,
}

impl Source {
    /// "the table" or "the records".
    pub fn words(self) -> &'static str {
        match self {
            Source::Table => "the table",
            Source::Records => "the records",
        }
    }

    /// "the table gives" or "the records give".
    pub fn gives(self) -> &'static str {
        match self {
            Source::Table => "the table gives",
            Source::Records => "the records give",
        }
    }
}

/// One input value the table or the records decided, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Origin {
    /// The input field, as a JSON pointer into the input (`/b/mods/rough`): the record's
    /// form of the [`FieldId`](super::field::FieldId) the code names it by.
    pub field: String,
    /// The field as a referee names it (`b:rough`, `range`).
    pub label: String,
    /// The value the table or the records gave it.
    pub value: Value,
    /// Table or records.
    pub source: Source,
    /// What gave it, in words ("b (24th 4) is in rough 'r1'").
    pub why: String,
}

/// The values of an input that the table and the records decided, and what they hold but
/// cannot decide (left to the referee).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Origins {
    /// The values decided.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decided: Vec<Origin>,
    /// What the table holds but cannot decide ("a river of no stated type").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub undecided: Vec<String>,
}

impl Origins {
    /// Whether nothing was decided or left by the table or the records.
    pub fn is_empty(&self) -> bool {
        self.decided.is_empty() && self.undecided.is_empty()
    }

    /// The origin of one field, if the table or records decided it.
    pub fn of(&self, field: impl Field) -> Option<&Origin> {
        self.decided.iter().find(|o| o.field == field.pointer())
    }

    /// The origin the record keeps at `pointer` (`/b/mods/rough`), as a reader of a file
    /// names it; the code names a field by its [`Field`] id ([`Origins::of`]).
    pub fn at(&self, pointer: &str) -> Option<&Origin> {
        self.decided.iter().find(|o| o.field == pointer)
    }

    /// Notes one value, replacing an earlier note of the same field.
    pub fn note(
        &mut self,
        field: impl Field,
        label: impl Into<String>,
        value: impl Serialize,
        source: Source,
        why: impl Into<String>,
    ) {
        let field = field.pointer();
        self.decided.retain(|o| o.field != field);
        self.decided.push(Origin {
            field: field.to_owned(),
            label: label.into(),
            value: serde_json::to_value(value).unwrap_or(Value::Null),
            source,
            why: why.into(),
        });
    }

    /// The origins whose field still holds the value the table or records gave.
    pub fn kept<'a>(&'a self, input: &'a Value) -> impl Iterator<Item = &'a Origin> + 'a {
        self.decided
            .iter()
            .filter(move |o| input.pointer(&o.field) == Some(&o.value))
    }

    /// The origins whose field was changed by hand since, with the value it holds now.
    pub fn overridden<'a>(
        &'a self,
        input: &'a Value,
    ) -> impl Iterator<Item = (&'a Origin, Value)> + 'a {
        self.decided.iter().filter_map(move |o| {
            let now = input.pointer(&o.field).cloned().unwrap_or(Value::Null);
            (now != o.value).then_some((o, now))
        })
    }

    /// The steps that say which values came from the table or the records and which were
    /// given by hand, winning over them: the first steps of a resolution. `input` is the
    /// whole input these origins belong to; values that are `false`, `0` or `null` as the
    /// table gave them are left out of the list, unless changed by hand.
    pub fn steps(&self, input: &impl Serialize, rule: &RuleRef) -> Vec<Step> {
        if self.is_empty() {
            return Vec::new();
        }
        let input = serde_json::to_value(input).unwrap_or(Value::Null);
        let mut steps = Vec::new();
        for source in [Source::Table, Source::Records] {
            let kept: Vec<String> = self
                .kept(&input)
                .filter(|o| o.source == source && !is_blank(&o.value))
                .map(|o| format!("{} {} — {}", o.label, value_text(&o.value), o.why))
                .collect();
            let any = self.decided.iter().any(|o| o.source == source);
            if !any {
                continue;
            }
            let text = if kept.is_empty() {
                format!("from {}: nothing it decides applies here", source.words())
            } else {
                format!("from {}: {}", source.words(), kept.join("; "))
            };
            steps.push(Step::note(rule.clone(), text));
        }
        let typed: Vec<String> = self
            .overridden(&input)
            .map(|(o, now)| {
                format!(
                    "{} {} given by hand; {} {} ({})",
                    o.label,
                    value_text(&now),
                    o.source.gives(),
                    value_text(&o.value),
                    o.why
                )
            })
            .collect();
        if !self.undecided.is_empty() {
            steps.push(Step::note(
                rule.clone(),
                format!("left to the referee: {}", self.undecided.join("; ")),
            ));
        }
        if !typed.is_empty() {
            steps.push(Step::note(
                rule.clone(),
                format!(
                    "given by hand, winning over the table and the records: {}",
                    typed.join("; ")
                ),
            ));
        }
        steps
    }
}

/// `false`, `0`, `null` and empty lists: a value that sets nothing.
fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

/// A value as a referee reads it: `on`, `off`, `40 mm` stays `40`, text unquoted.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::Bool(true) => "on".to_owned(),
        Value::Bool(false) => "off".to_owned(),
        Value::Null => "none".to_owned(),
        // An id ("british-regulars") reads as words; text with spaces is shown as written.
        Value::String(text) if text.contains(' ') => text.clone(),
        Value::String(text) => text.replace(['-', '_'], " "),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(x)) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{x:.0}"),
            (None, Some(x)) => format!("{:.1}", (x * 10.0).round() / 10.0),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// Which side a role's unit is on, relative to the procedure's acting side (the firer's,
/// the attacker's, DBA's `a`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// The acting side: every unit in such a role is of one side.
    Acting,
    /// The other side: every unit in such a role is of one side, not the acting side's.
    Opposing,
    /// Either side (the counters of one zone, a hex's stack).
    Either,
}

/// The unit ids in their roles (`a=uMcijo front`, `target=24th 4`), as `--unit ROLE=ID`
/// gives them and the desk's selection fills them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Roles(pub Vec<(String, String)>);

impl Roles {
    /// The units selected in a procedure's `roles`, in order (`Request::roles_of`); past
    /// the list they are `unit-1`, `unit-2`. Where a numbered list of roles is followed by
    /// `target` or `defender`, the last unit selected of two or more is the one hit and
    /// the others fill the list in order.
    pub fn of_selection(roles: &[&str], selected: &[String]) -> Roles {
        let hit = roles
            .iter()
            .position(|r| matches!(*r, "target" | "defender"));
        if let Some(at) = hit
            && let (listed, [last, ..]) = roles.split_at(at)
            && listed.len() > 1
            && let [others @ .., target] = selected
            && !others.is_empty()
        {
            let mut pairs: Vec<(String, String)> = listed
                .iter()
                .zip(others)
                .map(|(role, id)| ((*role).to_owned(), id.clone()))
                .collect();
            pairs.push(((*last).to_owned(), target.clone()));
            return Roles(pairs);
        }
        Roles(
            selected
                .iter()
                .enumerate()
                .map(|(i, id)| {
                    let role = roles
                        .get(i)
                        .map_or_else(|| format!("unit-{}", i + 1), |r| (*r).to_owned());
                    (role, id.clone())
                })
                .collect(),
        )
    }

    /// Reads `ROLE=ID` pairs; a role given twice or not in `allowed`, or a unit given in
    /// two roles, is refused, naming it.
    pub fn parse(pairs: &[String], allowed: &[&str]) -> Result<Roles, String> {
        let mut roles = Roles::default();
        for pair in pairs {
            let Some((role, id)) = pair.split_once('=') else {
                return Err(format!("--unit '{pair}': expected ROLE=ID"));
            };
            let (role, id) = (role.trim(), id.trim());
            if !allowed.contains(&role) {
                return Err(format!(
                    "--unit '{pair}': '{role}' is not a role of this procedure: expected {}",
                    allowed.join(", ")
                ));
            }
            if id.is_empty() {
                return Err(format!("--unit '{pair}': no unit id after '='"));
            }
            if roles.get(role).is_some() {
                return Err(format!("--unit '{pair}': role '{role}' is given twice"));
            }
            if let Some((other, _)) = roles.0.iter().find(|(_, given)| given == id) {
                return Err(format!(
                    "--unit '{pair}': '{id}' is already {other}: a unit takes one role"
                ));
            }
            roles.0.push((role.to_owned(), id.to_owned()));
        }
        Ok(roles)
    }

    /// The unit id in a role.
    pub fn get(&self, role: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(r, _)| r == role)
            .map(|(_, id)| id.as_str())
    }

    /// A role that must be given.
    pub fn need(&self, role: &str) -> Result<&str, String> {
        self.get(role)
            .ok_or_else(|| format!("--unit {role}=ID is needed: which unit is {role}?"))
    }
}

/// What the engine needs of one unit's record to build a situation: a view the game layer
/// gives (so the rules never read the log themselves).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UnitView {
    /// Initial strength (Micro Colonial IF, DBA bases); 0 when never set.
    pub initial: u32,
    /// Present strength (Micro Colonial PF).
    pub present: u32,
    /// Its status, if one is set.
    pub status: Option<Status>,
    /// Its formation, if one is recorded.
    pub formation: Option<Formation>,
    /// Its class for the morale rules, if recorded.
    pub class: Option<String>,
    /// Its troop type in the ruleset's words, as it joined (a Victoria Cross counter's
    /// kind: `infantry`, `warriors`); empty when not recorded.
    pub troop_type: String,
    /// Whether it has left the game.
    pub removed: bool,
    /// Strength lost in the current move (Micro Colonial morale tests are due on losses
    /// "in any one move").
    pub lost_this_move: u32,
    /// Micro Colonial: the FF lost to volley fire not yet struck through on its record
    /// sheet (the D column a next move has not taken into account); 0 elsewhere.
    pub volley_losses_unstruck: u32,
    /// The melees it won or lost, in the order applied (draws left out).
    pub melees: Vec<MeleeRecord>,
}

/// One melee a unit won or lost, as its records show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeleeRecord {
    /// The move it was fought in, from 1.
    pub move_number: u32,
    /// Whether the unit won it (lost fewer fighting factors).
    pub won: bool,
    /// The difference between the two sides' losses.
    pub margin: u32,
    /// The unit it was fought against.
    pub other: String,
}

/// The game's records as the engine reads them for a situation.
pub trait Records {
    /// One unit's record, if the unit is on the roster.
    fn unit(&self, unit_id: &str) -> Option<UnitView>;

    /// The current move, from 1.
    fn move_number(&self) -> u32 {
        1
    }
}

/// No records: a layout on its own (`--layout` without `--campaign`).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoRecords;

impl Records for NoRecords {
    fn unit(&self, _unit_id: &str) -> Option<UnitView> {
        None
    }
}

/// The one rule for "a value typed wins": lays the records' values into an input, keeping
/// each field given by hand (`given`: the pointers of the fields typed, [`Given::pointers`]),
/// and notes every value the records gave, so the resolution's first steps say which came
/// from the records and which were given by hand since.
///
/// [`Given::pointers`]: crate::rules::describe::Given::pointers
pub struct Filler<'a> {
    /// What the records gave, noted field by field.
    pub origins: Origins,
    given: &'a [String],
}

impl<'a> Filler<'a> {
    /// A filler keeping the fields `given` by hand.
    pub fn new(given: &'a [String]) -> Filler<'a> {
        Filler {
            origins: Origins::default(),
            given,
        }
    }

    /// Whether the field was given by hand.
    pub fn given(&self, field: &impl Field) -> bool {
        self.given.iter().any(|g| g == field.pointer())
    }

    /// Lays the records' `value` into `slot` unless the field was given by hand, and
    /// notes it (`label`, `why`) as the records'.
    pub fn set<T: Serialize + Clone>(
        &mut self,
        field: impl Field,
        label: &str,
        slot: &mut T,
        value: T,
        why: String,
    ) {
        self.set_from(Source::Records, field, label, slot, value, why);
    }

    /// As [`Filler::set`], the value given by `source` (the table or the records).
    pub fn set_from<T: Serialize + Clone>(
        &mut self,
        source: Source,
        field: impl Field,
        label: &str,
        slot: &mut T,
        value: T,
        why: String,
    ) {
        if !self.given(&field) {
            *slot = value.clone();
        }
        self.origins.note(field, label, value, source, why);
    }
}
