//! `laager mc morale-due`, `laager mc morale` and `laager mc rally`.

use super::super::{CliError, Outcome, print_resolved};
use super::{Common, parse_with};
use crate::rules::micro_colonial::morale_due::{self, MoraleClass, MoraleEvents, Quality};
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
    let events = MoraleEvents {
        class: args.class,
        lost_this_move: args.lost_this_move,
        won_melee: args.won_melee,
        melee_lost_by: args.melee_lost_by,
        being_charged: args.being_charged,
        flank_broke_within_mm: args.flank_broke_within_mm,
        flank_quality: args.flank_quality,
        flank_fell_back_within_mm: args.flank_fell_back_within_mm,
    };
    Ok(print_resolved(
        &morale_due::resolve(&charts, &events),
        args.common.json,
    ))
}
