//! The flags of a procedure whose fields the engine describes
//! ([`Procedure::FIELDS`](crate::rules::Procedure::FIELDS)): made from that list, each
//! flag's value parsed by its field's domain at the door, what was typed kept as the
//! engine's [`Given`]. Flatten `Described<P>` into a subcommand's arguments.

use super::CliError;
use crate::rules::Procedure;
use crate::rules::describe::{BuildError, FieldSpec, Given, Kind};
use crate::rules::situation::Roles;
use clap::builder::ValueParser;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use serde::de::DeserializeOwned;
use std::marker::PhantomData;

/// The flags of procedure `P`'s described fields, and what they were given.
pub struct Described<P> {
    /// What was typed, each value parsed by its field's domain.
    pub given: Given,
    procedure: PhantomData<P>,
}

impl<P> std::fmt::Debug for Described<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Described")
            .field("given", &self.given)
            .finish()
    }
}

impl<P: Procedure> Described<P> {
    /// The procedure's input made from the flags given ([`build`]).
    pub fn build<I: DeserializeOwned>(&self, roles: &Roles) -> Result<I, CliError> {
        build(&self.given, P::FIELDS, roles)
    }

    /// Checks the input a table or the records were read into: a required field they were
    /// to fill and did not, and no flag gave, is refused, naming its flag.
    pub fn filled<I: serde::Serialize>(&self, input: &I) -> Result<(), CliError> {
        let read = serde_json::to_value(input).map_err(|e| CliError::Input(e.to_string()))?;
        self.given.filled(P::FIELDS, &read).map_err(|e| {
            CliError::Input(format!(
                "{}: the table and its records do not give it",
                refusal(&e)
            ))
        })
    }

    /// The procedure's input made from the flags given, a field the records fill left to
    /// them when they are read (`records`: a game's records are open, for a procedure
    /// counted on its whole roster).
    pub fn build_reading<I: DeserializeOwned>(&self, records: bool) -> Result<I, CliError> {
        reading(&self.given, P::FIELDS, records)
    }
}

/// The input `given` makes for `fields`. With units named in `roles` a field the records
/// fill is left to them ([`Given::base`]); without, every required field must have been
/// given ([`Given::build`]). A required field no flag gave is refused, naming its flag.
pub fn build<I: DeserializeOwned>(
    given: &Given,
    fields: &[FieldSpec],
    roles: &Roles,
) -> Result<I, CliError> {
    reading(given, fields, !roles.0.is_empty())
}

/// The input `given` makes for `fields`, a field the records fill left to them when
/// `records` are read ([`Given::base`]), else every required field given
/// ([`Given::build`]).
fn reading<I: DeserializeOwned>(
    given: &Given,
    fields: &[FieldSpec],
    records: bool,
) -> Result<I, CliError> {
    let built = if records {
        given.base(fields)
    } else {
        given.build(fields)
    };
    built.map_err(|e| CliError::Input(refusal(&e)))
}

/// A build error in the command line's words: each missing field by its flag.
pub fn refusal(error: &BuildError) -> String {
    error.sentence(|spec| format!("--{}", spec.flag))
}

/// The flag of one field. No flag is required by clap: a required field not given is
/// named by [`Given::build`], which also knows the fields the records fill.
fn arg(spec: &'static FieldSpec) -> Arg {
    let arg = Arg::new(spec.flag).long(spec.flag).help(spec.help);
    match spec.kind {
        Kind::Flag => arg.action(ArgAction::SetTrue),
        Kind::Number { unit, min, max } => arg
            .help(format!("{} [{unit}: {min} to {max}]", spec.help))
            .allow_negative_numbers(min < 0)
            .value_name(spec.value_name)
            .value_parser(ValueParser::new(move |text: &str| (spec.parse)(text))),
        Kind::Choice { .. } | Kind::Text { .. } => arg
            .value_name(spec.value_name)
            .value_parser(ValueParser::new(move |text: &str| (spec.parse)(text))),
    }
}

impl<P: Procedure> Args for Described<P> {
    fn augment_args(cmd: Command) -> Command {
        P::FIELDS.iter().fold(cmd, |cmd, spec| cmd.arg(arg(spec)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<P: Procedure> FromArgMatches for Described<P> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Given::default();
        for spec in P::FIELDS {
            match spec.kind {
                Kind::Flag => {
                    if matches.get_flag(spec.flag) {
                        given.set(spec.field, serde_json::Value::Bool(true));
                    }
                }
                _ => {
                    if let Some(value) = matches.get_one::<serde_json::Value>(spec.flag) {
                        given.set(spec.field, value.clone());
                    }
                }
            }
        }
        Ok(Described {
            given,
            procedure: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}
