//! The `(--dice FACES | --seed N | --odds)` of the subcommands that throw dice: the exact
//! odds before the throw, or one resolution through `run_request` (typed faces that do not
//! fit are an input error naming `--dice`).

use super::super::{CliError, Outcome, print_request_odds, run_and_apply, run_request};
use super::table::Table;
use crate::bounds::{ColourDice, Seed};
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::rules::micro_colonial::random::RandomFactorInput;
use crate::rules::situation::Roles;
use crate::rules::{Request, micro_colonial};
use crate::ruleset::Ruleset;
use clap::Args;

/// How the dice of a resolution are thrown.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("throw").required(true).args(["dice", "seed", "odds"])))]
pub struct Throw {
    /// The faces thrown at the table, coloured where the rule colours them (B4,R2).
    #[arg(long, value_name = "FACES", allow_hyphen_values = true)]
    pub dice: Option<String>,
    /// Laager throws, from this seed.
    #[arg(long, value_name = "N")]
    pub seed: Option<Seed>,
    /// The exact odds instead of a throw.
    #[arg(long)]
    pub odds: bool,
}

impl Throw {
    /// Prints the request's odds (`--odds`), or resolves it with the dice given and, with
    /// `--campaign ... --apply`, logs it in the campaign's game as the desk's Apply does.
    pub fn run_on(
        &self,
        request: micro_colonial::Request,
        charts: &Charts,
        json: bool,
        table: &mut Table,
    ) -> Result<Outcome, CliError> {
        super::super::odds_apply_nothing(self.odds, table.applying().1.is_some())?;
        if self.odds || (self.dice.is_none() && self.seed.is_none()) {
            let (roles, _) = table.applying();
            return throw(
                request,
                charts,
                self.dice.as_deref(),
                self.seed.map(Seed::get),
                self.odds,
                json,
                roles,
            );
        }
        let dice = DiceChoice::from_flags(self.dice.as_deref(), self.seed.map(Seed::get));
        let (roles, apply) = table.applying();
        run_and_apply(
            &Request::MicroColonial(request),
            charts,
            &dice,
            json,
            roles,
            apply,
        )
    }

    /// Prints the request's odds (`--odds`) or resolves it with the dice given.
    pub fn run(
        &self,
        request: micro_colonial::Request,
        charts: &Charts,
        json: bool,
    ) -> Result<Outcome, CliError> {
        throw(
            request,
            charts,
            self.dice.as_deref(),
            self.seed.map(Seed::get),
            self.odds,
            json,
            &Roles::default(),
        )
    }
}

/// Prints a request's odds, "this or better" counted the way the rule says, or resolves
/// it with the typed faces or the seed.
pub fn throw(
    request: micro_colonial::Request,
    charts: &Charts,
    dice: Option<&str>,
    seed: Option<u64>,
    odds: bool,
    json: bool,
    roles: &Roles,
) -> Result<Outcome, CliError> {
    let request = Request::MicroColonial(request);
    if odds {
        return print_request_odds(&request, charts, json, roles, || {
            CliError::Internal(format!(
                "micro-colonial {} throws no dice: it has no odds",
                request.procedure()
            ))
        });
    }
    if dice.is_none() && seed.is_none() {
        return Err(CliError::Input(
            "give --dice FACES, --seed N or --odds".to_owned(),
        ));
    }
    run_request(&request, charts, &DiceChoice::from_flags(dice, seed), json)
}

/// `laager mc random-factor`.
#[derive(Debug, Args)]
pub struct RandomFactorArgs {
    /// Black dice, counting plus (RANDOM FACTOR: one, or two on impact or a first volley).
    #[arg(long, value_name = "N", default_value = "1")]
    pub black: ColourDice,
    /// Red dice, counting minus (one, or two for mounted fire).
    #[arg(long, value_name = "N", default_value = "1")]
    pub red: ColourDice,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: super::Common,
}

/// Runs `laager mc random-factor`.
pub fn run_random_factor(args: &RandomFactorArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = RandomFactorInput {
        black: args.black.get(),
        red: args.red.get(),
    };
    args.throw.run(
        micro_colonial::Request::RandomFactor(input),
        &charts,
        args.common.json,
    )
}
