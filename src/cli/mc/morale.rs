//! `laager mc morale-due`, `laager mc morale` and `laager mc rally`.

use super::super::{CliError, Outcome};
use super::thrown::Throw;
use super::{Common, parse_with, run_plain};
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::morale::{Charge, MoraleInput};
use crate::rules::micro_colonial::morale_due::{MoraleClass, MoraleDueInput, Quality};
use crate::rules::micro_colonial::rally::{Command, RallyClass, RallyInput, RoutLossInput};
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc morale-due`.
#[derive(Debug, Args)]
pub struct MoraleDueArgs {
    /// The unit's class in the morale causes: fanatic, european-regular or other.
    #[arg(long, value_parser = parse_with::<MoraleClass>(MoraleClass::NAMES))]
    pub class: MoraleClass,
    /// FF the unit lost this move.
    #[arg(long, value_name = "N")]
    pub lost_this_move: u32,
    /// The unit won a melee this move (European regulars then ignore their losses).
    #[arg(long)]
    pub won_melee: bool,
    /// The unit lost a melee by this many FF (the difference).
    #[arg(long, value_name = "N")]
    pub melee_lost_by: Option<u32>,
    /// The unit is being charged.
    #[arg(long)]
    pub being_charged: bool,
    /// A flanking unit broke this far away (mm).
    #[arg(long, value_name = "N")]
    pub flank_broke_within_mm: Option<f64>,
    /// The breaking flanking unit's quality against this unit's: equal or unequal.
    #[arg(long, default_value = "equal", value_parser = parse_with::<Quality>(Quality::NAMES))]
    pub flank_quality: Quality,
    /// A flanking unit fell back this far away (mm).
    #[arg(long, value_name = "N")]
    pub flank_fell_back_within_mm: Option<f64>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

fn distance(flag: &str, mm: Option<f64>) -> Result<(), CliError> {
    match mm {
        Some(v) if v.is_nan() || v < 0.0 => Err(CliError::Input(format!(
            "{flag}: '{v}' is not a distance (0 or more)"
        ))),
        _ => Ok(()),
    }
}

/// Runs `laager mc morale-due`.
pub fn run_due(args: &MoraleDueArgs) -> Result<Outcome, CliError> {
    distance("--flank-broke-within-mm", args.flank_broke_within_mm)?;
    distance(
        "--flank-fell-back-within-mm",
        args.flank_fell_back_within_mm,
    )?;
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = MoraleDueInput {
        class: args.class,
        lost_this_move: args.lost_this_move,
        won_melee: args.won_melee,
        melee_lost_by: args.melee_lost_by,
        being_charged: args.being_charged,
        flank_broke_within_mm: args.flank_broke_within_mm,
        flank_quality: args.flank_quality,
        flank_fell_back_within_mm: args.flank_fell_back_within_mm,
    };
    run_plain(mc::Request::MoraleDue(input), &charts, args.common.json)
}

/// `laager mc morale`.
#[derive(Debug, Args)]
pub struct MoraleArgs {
    /// The unit's initial FF.
    #[arg(long, value_name = "N")]
    pub initial_ff: u32,
    /// The unit's present FF.
    #[arg(long, value_name = "N")]
    pub present_ff: u32,
    /// The troop type: Morale Table 3's row, as the club's chart names it (the printed
    /// names are lost; a lost cell is asked for as morale_random_factor:TYPE:DIE).
    #[arg(long, value_name = "TYPE")]
    pub troop: String,
    /// The class: the Morale Result Table's column (and Table 2's), as the club's chart
    /// names it (the printed headings are lost: morale_results:ROW:CLASS).
    #[arg(long, value_name = "CLASS")]
    pub class: String,
    /// The unit is cavalry: GO TO GROUND is read as FALL BACK.
    #[arg(long)]
    pub cavalry: bool,
    /// The unit is charging (Charge Morale table).
    #[arg(long, conflicts_with = "being_charged")]
    pub charging: bool,
    /// The unit is being charged (Charge Morale table).
    #[arg(long)]
    pub being_charged: bool,
    /// A Table 4 tactical factor that applies, NAME or NAME:N for the per-unit ones:
    /// under-fire, loser-of-melee, winner-of-melee, c-in-c-within-100mm,
    /// per-supporting-unit:N, engaged-in-flank, engaged-flank-by-cavalry-or-rear-by-infantry,
    /// engaged-in-rear-by-cavalry, stopped-by-volley-fire, per-friendly-unit-broken-within-50mm:N.
    #[arg(long = "factor", value_name = "NAME[:N]")]
    pub factors: Vec<String>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc morale`.
pub fn run_morale(args: &MoraleArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut factors = Vec::new();
    for factor in &args.factors {
        let (name, count) = match factor.split_once(':') {
            Some((name, n)) => (
                name,
                n.parse::<u32>().map_err(|_| {
                    CliError::Input(format!(
                        "--factor '{factor}': expected NAME or NAME:N with N a whole number"
                    ))
                })?,
            ),
            None => (factor.as_str(), 1),
        };
        factors.push((name.to_owned(), count));
    }
    let input = MoraleInput {
        initial_ff: args.initial_ff,
        present_ff: args.present_ff,
        troop: args.troop.clone(),
        class: args.class.clone(),
        cavalry: args.cavalry,
        charge: if args.charging {
            Some(Charge::Charging)
        } else if args.being_charged {
            Some(Charge::BeingCharged)
        } else {
            None
        },
        factors,
    };
    args.throw
        .run(mc::Request::Morale(input), &charts, args.common.json)
}

/// `laager mc rally`.
#[derive(Debug, Args)]
pub struct RallyArgs {
    /// The Rally table's class: levies, irregular (and non-European regulars), or
    /// european-regular-or-fanatic.
    #[arg(long, value_parser = parse_with::<RallyClass>(RallyClass::NAMES))]
    pub class: RallyClass,
    /// The command figure with the unit: none, sub-commander or c-in-c.
    #[arg(long, value_parser = parse_with::<Command>(Command::NAMES))]
    pub command: Command,
    /// The unit is still in melee (no rally).
    #[arg(long)]
    pub in_melee: bool,
    /// The unit is under cannister fire (no rally).
    #[arg(long)]
    pub under_cannister: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc rally`.
pub fn run_rally(args: &RallyArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = RallyInput {
        class: args.class,
        command: args.command,
        in_melee: args.in_melee,
        under_cannister: args.under_cannister,
    };
    args.throw
        .run(mc::Request::Rally(input), &charts, args.common.json)
}

/// `laager mc rout-loss`.
#[derive(Debug, Args)]
pub struct RoutLossArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc rout-loss`.
pub fn run_rout(args: &RoutLossArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    args.throw.run(
        mc::Request::RoutLoss(RoutLossInput {}),
        &charts,
        args.common.json,
    )
}
