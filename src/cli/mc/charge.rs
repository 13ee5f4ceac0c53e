//! `laager mc charge`, `laager mc pursuit` and `laager mc initiative`.

use super::super::{CliError, Outcome};
use super::thrown::Throw;
use super::{Common, parse_with, run_plain};
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::charge::{ChargeInput, InitiativeInput, Pursuer, PursuitInput};
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc charge`.
#[derive(Debug, Args)]
pub struct ChargeArgs {
    /// Moves since the unit last charged (leave out if it has not charged).
    #[arg(long, value_name = "N")]
    pub moves_since_last_charge: Option<u32>,
    /// It is pursuing a unit it broke, or one evading it (charge rate continuously).
    #[arg(long)]
    pub pursuing: bool,
    /// Its charge move distance (mm).
    #[arg(long, value_name = "N")]
    pub charge_mm: f64,
    /// The target's distance at the start of the move (mm).
    #[arg(long, value_name = "N")]
    pub target_mm: f64,
    /// FF lost to volley fire last move (the D column: 1 mm each).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub volley_losses: u32,
    /// A cause for a morale test occurs during the charge (test at 20 mm from the target).
    #[arg(long)]
    pub cause_during_move: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc charge`.
pub fn run_charge(args: &ChargeArgs) -> Result<Outcome, CliError> {
    for (flag, v) in [
        ("--charge-mm", args.charge_mm),
        ("--target-mm", args.target_mm),
    ] {
        if !v.is_finite() || v < 0.0 {
            return Err(CliError::Input(format!(
                "{flag}: '{v}' is not a distance (0 or more)"
            )));
        }
    }
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = ChargeInput {
        moves_since_last_charge: args.moves_since_last_charge,
        pursuing: args.pursuing,
        charge_mm: args.charge_mm,
        target_mm: args.target_mm,
        volley_losses: args.volley_losses,
        cause_during_move: args.cause_during_move,
    };
    run_plain(mc::Request::Charge(input), &charts, args.common.json)
}

/// `laager mc pursuit`.
#[derive(Debug, Args)]
pub struct PursuitArgs {
    /// Who pursues: native, irregular or other.
    #[arg(long, value_parser = parse_with::<Pursuer>(Pursuer::NAMES))]
    pub pursuer: Pursuer,
    /// The round of pursuit (1 is the first move).
    #[arg(long, value_name = "N")]
    pub round: u32,
    /// The pursuers are infantry in prepared positions (they need not pursue).
    #[arg(long)]
    pub infantry_in_prepared_position: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc pursuit`.
pub fn run_pursuit(args: &PursuitArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = PursuitInput {
        pursuer: args.pursuer,
        round: args.round,
        infantry_in_prepared_position: args.infantry_in_prepared_position,
    };
    args.throw
        .run(mc::Request::Pursuit(input), &charts, args.common.json)
}

/// `laager mc initiative`.
#[derive(Debug, Args)]
pub struct InitiativeArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc initiative`.
pub fn run_initiative(args: &InitiativeArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    args.throw.run(
        mc::Request::Initiative(InitiativeInput {}),
        &charts,
        args.common.json,
    )
}
