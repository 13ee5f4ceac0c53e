//! A procedure's fields, described once in the engine: each field's type and domain, its
//! flag on the command line and its label on the desk, one line of help, and whether the
//! records can fill it. The command line's flags and the desk's form are made from this
//! list ([`Procedure::FIELDS`](crate::rules::Procedure::FIELDS)), so the two cannot ask
//! for different things; both collect what was typed as [`Given`], and one function,
//! [`Given::build`], makes the engine's input from it, naming every field still missing.
//!
//! Each typed value is parsed at the door by its domain type's own constructor
//! ([`FieldSpec::parse`]), so a value that reaches [`Given`] is valid.

use crate::rules::field::FieldId;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// What kind of value a field holds, and so how a door asks for it.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A number of a bounded domain type, in `unit` (`hexes`, `boxes`).
    Number {
        /// What it counts or measures.
        unit: &'static str,
        /// The least value its domain holds.
        min: i64,
        /// The greatest value its domain holds.
        max: i64,
    },
    /// One of a list of named values (a combo box on the desk).
    Choice {
        /// The names the domain type parses, in the order they are offered.
        names: &'static [&'static str],
    },
    /// A condition, on or off (a checkbox on the desk, a bare flag on the command line).
    Flag,
    /// A name the domain type reads (a leader, a command).
    Text {
        /// Names it reads, the first few the text gives: the desk's hint, and what a
        /// generated test types. A name not listed may still read.
        examples: &'static [&'static str],
    },
}

/// One field of a procedure's input, as every door asks for it.
#[derive(Clone, Copy)]
pub struct FieldSpec {
    /// Which field of the input it fills.
    pub field: FieldId,
    /// Its flag on the command line, without the dashes (`leader` for `--leader`).
    pub flag: &'static str,
    /// What the flag's value is called in the command line's help (`WHO`).
    pub value_name: &'static str,
    /// Its label on the desk (`rallying leader`).
    pub label: &'static str,
    /// One line of help, shown by the flag's help and the desk's hover.
    pub help: &'static str,
    /// Its kind.
    pub kind: Kind,
    /// Whether the input cannot be resolved without it; a field that is not required
    /// takes its type's default (a flag off, a name not given).
    pub required: bool,
    /// Whether the records fill it for a unit named in its role (`--unit ROLE=ID`, the
    /// desk's selection); a value typed wins over theirs.
    pub from_records: bool,
    /// The domain type's constructor: the typed text as the value the input holds, or
    /// why it is not one. Unused for a [`Kind::Flag`].
    pub parse: fn(&str) -> Result<Value, String>,
}

impl fmt::Debug for FieldSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FieldSpec")
            .field("field", &self.field)
            .field("flag", &self.flag)
            .field("label", &self.label)
            .field("kind", &self.kind)
            .field("required", &self.required)
            .field("from_records", &self.from_records)
            .finish_non_exhaustive()
    }
}

impl FieldSpec {
    /// Values of its domain a test or an example may type: a choice's names, a name's
    /// examples, the first numbers of a number's domain; empty for a flag (on or off).
    pub fn samples(&self) -> Vec<String> {
        match self.kind {
            Kind::Choice { names: list } | Kind::Text { examples: list } => {
                list.iter().map(|name| (*name).to_owned()).collect()
            }
            Kind::Number { min, max, .. } => {
                (min..=max.min(min + 12)).map(|n| n.to_string()).collect()
            }
            Kind::Flag => Vec::new(),
        }
    }

    /// Parses one typed text as this field's value, the error naming the field by `name`
    /// (its flag or its label).
    pub fn read(&self, text: &str, name: &str) -> Result<Value, String> {
        match self.kind {
            Kind::Flag => Ok(Value::Bool(true)),
            _ => (self.parse)(text).map_err(|e| format!("{name}: {e}")),
        }
    }
}

/// The constructor of a domain type `T` read from text (its `FromStr`, which its serde
/// also goes through), as a [`FieldSpec::parse`].
pub fn parsed<T>(text: &str) -> Result<Value, String>
where
    T: FromStr + Serialize,
    T::Err: fmt::Display,
{
    let value = text.trim().parse::<T>().map_err(|e| e.to_string())?;
    serde_json::to_value(value).map_err(|e| e.to_string())
}

/// A [`Count`](crate::bounds::Count) (boxes, hexes, turns), as a [`FieldSpec::parse`].
pub fn count(text: &str) -> Result<Value, String> {
    crate::bounds::Count::parse(text)
        .map(|count| Value::from(count.get()))
        .map_err(|e| e.to_string())
}

/// A [`Strength`](crate::bounds::Strength) (SP, FF, bases), as a [`FieldSpec::parse`].
pub fn strength(text: &str) -> Result<Value, String> {
    crate::bounds::Strength::parse(text)
        .map(|strength| Value::from(strength.get()))
        .map_err(|e| e.to_string())
}

/// A [`Kind::Number`] of the [`Strength`](crate::bounds::Strength) domain, in `unit`.
pub const fn strong(unit: &'static str) -> Kind {
    Kind::Number {
        unit,
        min: crate::bounds::Strength::MIN as i64,
        max: crate::bounds::Strength::MAX as i64,
    }
}

/// A [`Kind::Number`] of the [`Count`](crate::bounds::Count) domain, in `unit`.
pub const fn counted(unit: &'static str) -> Kind {
    Kind::Number {
        unit,
        min: crate::bounds::Count::MIN as i64,
        max: crate::bounds::Count::MAX as i64,
    }
}

/// For a [`Kind::Flag`], whose value is only on.
pub fn flag(_: &str) -> Result<Value, String> {
    Ok(Value::Bool(true))
}

/// A condition of the input, on or off: a bare flag on the command line, a checkbox on
/// the desk, not required and not read from the records.
pub const fn condition(
    field: FieldId,
    flag_name: &'static str,
    label: &'static str,
    help: &'static str,
) -> FieldSpec {
    FieldSpec {
        field,
        flag: flag_name,
        value_name: "",
        label,
        help,
        kind: Kind::Flag,
        required: false,
        from_records: false,
        parse: flag,
    }
}

/// The fields a door has been given (typed flags, desk fields), each already parsed by
/// its domain: every field optional. A field not given is left to the records or is
/// asked for by name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Given(BTreeMap<FieldId, Value>);

/// The required fields neither typed nor read from the records: what a door must ask for.
#[derive(Debug, Clone, PartialEq)]
pub struct Missing(pub Vec<FieldSpec>);

impl PartialEq for FieldSpec {
    fn eq(&self, other: &FieldSpec) -> bool {
        self.field == other.field
    }
}

impl Missing {
    /// The fields missing, each named by `name` (its flag or its label), as a sentence.
    pub fn sentence(&self, name: impl Fn(&FieldSpec) -> String) -> String {
        let names: Vec<String> = self
            .0
            .iter()
            .map(|spec| format!("{} ({})", name(spec), spec.help))
            .collect();
        format!("not given: {}", names.join("; "))
    }
}

impl Given {
    /// Sets `field` to `value` (a value its domain has parsed).
    pub fn set(&mut self, field: FieldId, value: Value) {
        self.0.insert(field, value);
    }

    /// The value given for `field`, if one was.
    pub fn get(&self, field: FieldId) -> Option<&Value> {
        self.0.get(&field)
    }

    /// Whether `field` was given.
    pub fn has(&self, field: FieldId) -> bool {
        self.0.contains_key(&field)
    }

    /// The fields given, as the pointers a situation's "given by hand" list takes: a
    /// value typed wins over the records'.
    pub fn pointers(&self) -> Vec<String> {
        self.0
            .keys()
            .map(|field| field.pointer().to_owned())
            .collect()
    }

    /// The input these values make, every field of `fields` that is required and not
    /// given named in the refusal. Fields `fields` does not describe (the unit in its
    /// role, what the records decided) take their defaults; the situation sets them.
    pub fn build<I: DeserializeOwned>(&self, fields: &[FieldSpec]) -> Result<I, BuildError> {
        serde_json::from_value(self.value(fields)?).map_err(|e| BuildError::Invalid(e.to_string()))
    }

    /// The input a situation starts from when a unit is named in a role: as
    /// [`Given::build`], but a field the records fill may be left to them. A choice the
    /// records fill and nobody typed holds its first name until the situation sets it (a
    /// number its type's default), so the input's own type need not allow it missing.
    pub fn base<I: DeserializeOwned>(&self, fields: &[FieldSpec]) -> Result<I, BuildError> {
        let typed: Vec<FieldSpec> = fields
            .iter()
            .map(|spec| FieldSpec {
                required: spec.required && !spec.from_records,
                ..*spec
            })
            .collect();
        let mut held = self.clone();
        for spec in fields.iter().filter(|spec| spec.from_records) {
            if let (Kind::Choice { names }, false) = (spec.kind, self.has(spec.field))
                && let Some(first) = names.first()
            {
                held.set(spec.field, Value::from(*first));
            }
        }
        held.build(&typed)
    }

    /// The input a situation read (`read`, as the log's JSON) checked for the fields the
    /// records were to fill: a required field neither given nor decided by the records (its
    /// origin not noted under `/origins`) is missing, named, never left at the placeholder
    /// [`Given::base`] held it at.
    pub fn filled(&self, fields: &[FieldSpec], read: &Value) -> Result<(), BuildError> {
        let decided: Vec<&str> = read
            .pointer("/origins/decided")
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(|origin| origin.get("field").and_then(Value::as_str))
                    .collect()
            })
            .unwrap_or_default();
        let missing: Vec<FieldSpec> = fields
            .iter()
            .filter(|spec| {
                spec.required
                    && spec.from_records
                    && !self.has(spec.field)
                    && !decided.contains(&spec.field.pointer())
            })
            .copied()
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(BuildError::Missing(Missing(missing)))
        }
    }

    /// Forgets what was given for `field`.
    pub fn remove(&mut self, field: FieldId) {
        self.0.remove(&field);
    }

    /// The input these values make, as its JSON form (the log's, a [`Request`]'s
    /// `input`): [`Given::build`] before its type is known.
    ///
    /// [`Request`]: crate::rules::Request
    pub fn value(&self, fields: &[FieldSpec]) -> Result<Value, BuildError> {
        let missing: Vec<FieldSpec> = fields
            .iter()
            .filter(|spec| spec.required && !self.has(spec.field))
            .copied()
            .collect();
        if !missing.is_empty() {
            return Err(BuildError::Missing(Missing(missing)));
        }
        let mut object = Value::Object(Map::new());
        for (field, value) in &self.0 {
            insert(&mut object, field.pointer(), value.clone());
        }
        Ok(object)
    }
}

impl Missing {
    /// The fields missing as the desk asks for them, each by its label: `roster boxes:
    /// not given: Boxes on the unit's Ammunition Roster`.
    pub fn asked(&self) -> String {
        self.0
            .iter()
            .map(|spec| format!("{}: not given: {}", spec.label, spec.help))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Why [`Given::build`] made no input.
#[derive(Debug, Clone, PartialEq)]
pub enum BuildError {
    /// Required fields not given.
    Missing(Missing),
    /// The values do not make an input together (a domain refused their combination).
    Invalid(String),
}

impl BuildError {
    /// The error as the desk says it: each missing field asked for by its label.
    pub fn asked(&self) -> String {
        match self {
            BuildError::Missing(missing) => missing.asked(),
            BuildError::Invalid(why) => why.clone(),
        }
    }

    /// The error in words, each missing field named by `name`.
    pub fn sentence(&self, name: impl Fn(&FieldSpec) -> String) -> String {
        match self {
            BuildError::Missing(missing) => missing.sentence(name),
            BuildError::Invalid(why) => why.clone(),
        }
    }
}

/// Puts `value` at the JSON pointer `pointer` of `object`, making the objects on the way.
fn insert(object: &mut Value, pointer: &str, value: Value) {
    let mut at = object;
    let mut keys = pointer.split('/').skip(1).peekable();
    while let Some(key) = keys.next() {
        let Value::Object(map) = at else {
            return;
        };
        if keys.peek().is_none() {
            map.insert(key.to_owned(), value);
            return;
        }
        at = map
            .entry(key.to_owned())
            .or_insert_with(|| Value::Object(Map::new()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        n: u32,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Input {
        name: String,
        inner: Inner,
        #[serde(default)]
        on: bool,
    }

    const NAME: FieldSpec = FieldSpec {
        field: FieldId::checked("/name"),
        flag: "name",
        value_name: "NAME",
        label: "name",
        help: "a name",
        kind: Kind::Text {
            examples: &["Pulleine"],
        },
        required: true,
        from_records: false,
        parse: parsed::<String>,
    };
    const N: FieldSpec = FieldSpec {
        field: FieldId::checked("/inner/n"),
        flag: "n",
        value_name: "N",
        label: "n",
        help: "a count",
        kind: Kind::Number {
            unit: "things",
            min: 0,
            max: 10,
        },
        required: true,
        from_records: false,
        parse: parsed::<u32>,
    };
    const ON: FieldSpec = FieldSpec {
        field: FieldId::checked("/on"),
        flag: "on",
        value_name: "",
        label: "on",
        help: "a condition",
        kind: Kind::Flag,
        required: false,
        from_records: false,
        parse: flag,
    };

    #[test]
    fn a_given_builds_the_input_at_its_pointers() {
        let mut given = Given::default();
        given.set(NAME.field, NAME.read("Pulleine", "--name").expect("a name"));
        given.set(N.field, N.read(" 3 ", "--n").expect("a count"));
        let input: Input = given.build(&[NAME, N, ON]).expect("builds");
        assert_eq!(
            input,
            Input {
                name: "Pulleine".to_owned(),
                inner: Inner { n: 3 },
                on: false
            }
        );
    }

    #[test]
    fn every_required_field_not_given_is_named() {
        let given = Given::default();
        let Err(BuildError::Missing(missing)) = given.build::<Input>(&[NAME, N, ON]) else {
            panic!("two required fields are missing");
        };
        assert_eq!(
            missing.sentence(|spec| format!("--{}", spec.flag)),
            "not given: --name (a name); --n (a count)"
        );
    }

    #[test]
    fn a_value_its_domain_refuses_is_refused_at_the_door_naming_the_field() {
        assert!(
            N.read("three", "--n")
                .expect_err("not a number")
                .starts_with("--n: invalid digit")
        );
    }
}
