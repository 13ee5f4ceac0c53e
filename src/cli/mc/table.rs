//! The table a Micro Colonial command reads its situation from (`--layout` or `--campaign`
//! with `--unit ROLE=ID`), and the flags that are needed unless the table gives them.

use super::super::output::run_and_apply;
use super::super::situation::{Context, SituationArgs};
use super::super::{CliError, Outcome, print_resolved};
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::geometry::Layout;
use crate::resolution::Refusal;
use crate::rules::field::Field;
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::{Request, micro_colonial};

/// The table and records of `--layout`/`--campaign`, and the units in their roles.
pub struct Table {
    /// The table and records, when one was given.
    pub context: Option<Context>,
    /// The units in the procedure's roles.
    pub roles: Roles,
    /// `--apply` was given.
    apply: bool,
}

impl Table {
    /// Reads `--layout`/`--campaign` and checks `--unit` against the procedure's roles.
    pub fn read(args: &SituationArgs, charts: &Charts, roles: &[&str]) -> Result<Table, CliError> {
        Ok(Table {
            roles: args.roles(roles)?,
            context: args.context(charts)?,
            apply: args.apply,
        })
    }

    /// The input built by a situation function over `base` when a table was given (a
    /// refusal of the situation, printed as such, is `Err(Ok(outcome))`), else `base`.
    pub fn build<I>(
        &self,
        base: I,
        json: bool,
        situation: impl FnOnce(&Layout, &dyn Records, &Roles, I) -> Result<I, Refusal>,
    ) -> Result<I, Result<Outcome, CliError>> {
        match &self.context {
            None => Ok(base),
            Some(context) => situation(&context.layout, context.records(), &self.roles, base)
                .map_err(|refusal| Ok(print_resolved(&Err(refusal), json))),
        }
    }

    /// The units in their roles, and the campaign's game to log the result in with
    /// `--apply`.
    pub fn applying(&mut self) -> (&Roles, Option<&mut Context>) {
        let context = self.context.as_mut().filter(|_| self.apply);
        (&self.roles, context)
    }

    /// Whether a table was given.
    pub fn given(&self) -> bool {
        self.context.is_some()
    }

    /// Resolves a request that throws no dice and, with `--apply`, logs it in the
    /// campaign's game for the units in their roles.
    pub fn run_plain(
        &mut self,
        request: micro_colonial::Request,
        charts: &Charts,
        json: bool,
    ) -> Result<Outcome, CliError> {
        let (roles, apply) = self.applying();
        run_and_apply(
            &Request::MicroColonial(request),
            charts,
            &DiceChoice::None,
            json,
            roles,
            apply,
        )
    }
}

/// The flags a command needs unless the table gives the value, gathered so the error names
/// them all.
#[derive(Default)]
pub struct Needs(Vec<&'static str>);

impl Needs {
    /// Puts the flag's value in `slot` when given; otherwise the table's value stays, and
    /// without one the flag is needed.
    pub fn take<T, F: Into<T>>(
        &mut self,
        flag: Option<F>,
        slot: &mut T,
        origins: &Origins,
        field: impl Field,
        name: &'static str,
    ) {
        match flag {
            Some(value) => *slot = value.into(),
            None if origins.of(field).is_some() => {}
            None => self.0.push(name),
        }
    }

    /// An error naming the flags neither given nor read on the table.
    pub fn check(self, table: &Table, units: &str) -> Result<(), CliError> {
        if self.0.is_empty() {
            return Ok(());
        }
        let flags = self.0.join(", ");
        Err(CliError::Input(if table.given() {
            format!("give {flags}: the table and its records do not give them")
        } else {
            format!(
                "give {flags}, or a table: --layout FILE.json (or --campaign FILE.laager) with {units}"
            )
        }))
    }
}

/// `--arc in|out`: the referee's call on the arc of fire.
pub fn arc(text: &str) -> Result<bool, String> {
    match text {
        "in" => Ok(true),
        "out" => Ok(false),
        _ => Err(format!("'{text}' is not an arc call: expected in or out")),
    }
}
