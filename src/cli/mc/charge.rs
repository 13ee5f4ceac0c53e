//! `laager mc charge`, `laager mc pursuit` and `laager mc initiative`.

use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::table::{Needs, Table};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::bounds::{Count, Millimetres, Strength};
use crate::rules::Procedure as _;
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::charge::{Charge, Initiative, Pursuit};
use crate::rules::micro_colonial::charge::{ChargeInput, InitiativeInput, Pursuer, PursuitInput};
use crate::rules::micro_colonial::situation;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc charge`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit charger=ID --unit target=ID` measures the distance to the target on the table
/// and reads the charger's D figures not yet struck through from its record; a flag given
/// here wins, and a step says so.
#[derive(Debug, Args)]
pub struct ChargeArgs {
    /// Moves since the unit last charged (leave out if it has not charged).
    #[arg(long, value_name = "N")]
    pub moves_since_last_charge: Option<Count>,
    /// It is pursuing a unit it broke, or one evading it (charge rate continuously).
    #[arg(long)]
    pub pursuing: bool,
    /// Its charge move distance (mm).
    #[arg(long, value_name = "N")]
    pub charge_mm: Millimetres,
    /// The target's distance at the start of the move (mm). Needed unless a table gives
    /// it (--unit charger=ID --unit target=ID).
    #[arg(long, value_name = "N")]
    pub target_mm: Option<Millimetres>,
    /// FF lost to volley fire last move (the D column: 1 mm each) [default: 0, or the
    /// charger's record on a table].
    #[arg(long, value_name = "N")]
    pub volley_losses: Option<Strength>,
    /// A cause for a morale test occurs during the charge (test at 20 mm from the target).
    #[arg(long)]
    pub cause_during_move: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the charger and its target are read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc charge`.
pub fn run_charge(args: &ChargeArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Charge::ROLES)?;
    let base = ChargeInput {
        moves_since_last_charge: args.moves_since_last_charge.map(Count::get),
        pursuing: args.pursuing,
        charge_mm: args.charge_mm.get(),
        target_mm: 0.0,
        volley_losses: 0,
        cause_during_move: args.cause_during_move,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::charge) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.target_mm,
        &mut input.target_mm,
        &origins,
        crate::field!(ChargeInput: target_mm),
        "--target-mm N",
    );
    needs.check(&table, "--unit charger=ID --unit target=ID")?;
    if let Some(losses) = args.volley_losses {
        input.volley_losses = losses.get();
    }
    table.run_plain(mc::Request::Charge(input), &charts, json)
}

/// `laager mc pursuit`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit pursuer=ID` (and `--unit pursued=ID`) reads who pursues from the pursuer's
/// class (fanatic: native; european-regular: other) and whether it is infantry on a
/// building, redoubt, wall or trench; a flag given here wins, and a step says so.
#[derive(Debug, Args)]
pub struct PursuitArgs {
    /// Who pursues: native, irregular or other. Needed unless a table's records give it
    /// (--unit pursuer=ID).
    #[arg(long, value_parser = parse_with::<Pursuer>(Pursuer::NAMES))]
    pub pursuer: Option<Pursuer>,
    /// The round of pursuit (1 is the first move).
    #[arg(long, value_name = "N")]
    pub round: Count,
    /// The pursuers are infantry in prepared positions (they need not pursue), winning
    /// over the table.
    #[arg(long)]
    pub infantry_in_prepared_position: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the pursuer and the pursued are read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc pursuit`.
pub fn run_pursuit(args: &PursuitArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Pursuit::ROLES)?;
    let base = PursuitInput {
        pursuer: Pursuer::Other,
        round: args.round.get(),
        infantry_in_prepared_position: false,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::pursuit) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.pursuer,
        &mut input.pursuer,
        &origins,
        crate::field!(PursuitInput: pursuer),
        "--pursuer WHO",
    );
    needs.check(&table, "--unit pursuer=ID")?;
    input.infantry_in_prepared_position |= args.infantry_in_prepared_position;
    args.throw
        .run_on(mc::Request::Pursuit(input), &charts, json, &mut table)
}

/// `laager mc initiative`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit sub-commander=ID` (and `--unit unit=ID`, the unit whose orders may change)
/// checks the officer's counter is a commander's; with `--apply` the test is logged for
/// them.
#[derive(Debug, Args)]
pub struct InitiativeArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the sub-commander is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc initiative`.
pub fn run_initiative(args: &InitiativeArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Initiative::ROLES)?;
    let json = args.common.json;
    let input = match table.build(InitiativeInput::default(), json, situation::initiative) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    args.throw
        .run_on(mc::Request::Initiative(input), &charts, json, &mut table)
}
