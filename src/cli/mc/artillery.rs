//! `laager mc artillery`: one gun's shell or cannister fire.

use super::super::{CliError, Outcome};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::artillery::{Ammo, ArtilleryInput, ArtilleryTarget, Gun};
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc artillery`.
#[derive(Debug, Args)]
pub struct ArtilleryArgs {
    /// The piece: 6-7pdr (shell 50-800 mm), 9-11pdr (50-1000), rockets (50-500, no cannister).
    #[arg(long, value_parser = parse_with::<Gun>(Gun::NAMES))]
    pub gun: Gun,
    /// shell or cannister (short range; never overhead).
    #[arg(long, value_parser = parse_with::<Ammo>(Ammo::NAMES))]
    pub ammo: Ammo,
    /// The measured range, centre of the gun to the nearest point of the target (mm).
    #[arg(long, value_name = "R")]
    pub range_mm: f64,
    /// The gun's present FF.
    #[arg(long, value_name = "N")]
    pub gun_ff: u32,
    /// TARGET: regulars-in-cover (or open order, lying down), close-order-native, guns, mounted.
    #[arg(long, value_name = "TARGET", value_parser = parse_with::<ArtilleryTarget>(ArtilleryTarget::NAMES))]
    pub target: ArtilleryTarget,
    /// A Table 3 tactical factor (repeatable): changed-target-over-250mm,
    /// under-fire-crew-casualties, target-charging-infantry, target-charging-cavalry,
    /// native-crews, open-order-flank, close-order-flank.
    #[arg(long = "factor", value_name = "NAME")]
    pub factors: Vec<String>,
    /// The shell passes over intervening troops on the same level.
    #[arg(long)]
    pub overhead: bool,
    /// For overhead fire: the nearest friendly troops to the gun (mm).
    #[arg(long, value_name = "N")]
    pub friends_near_gun_mm: Option<f64>,
    /// For overhead fire: the nearest friendly troops to the target along the line of fire (mm).
    #[arg(long, value_name = "N")]
    pub friends_near_target_mm: Option<f64>,
    /// The target is a close order unit screened by skirmishers: losses divided 1 : 5.
    #[arg(long)]
    pub skirmish_screen: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc artillery`.
pub fn run(args: &ArtilleryArgs) -> Result<Outcome, CliError> {
    for (flag, v) in [
        ("--range-mm", Some(args.range_mm)),
        ("--friends-near-gun-mm", args.friends_near_gun_mm),
        ("--friends-near-target-mm", args.friends_near_target_mm),
    ] {
        if let Some(v) = v
            && (v.is_nan() || v < 0.0)
        {
            return Err(CliError::Input(format!(
                "{flag}: '{v}' is not a distance (0 or more)"
            )));
        }
    }
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = ArtilleryInput {
        gun: args.gun,
        ammo: args.ammo,
        range_mm: args.range_mm,
        gun_ff: args.gun_ff,
        target: args.target,
        factors: args.factors.clone(),
        overhead: args.overhead,
        friends_near_gun_mm: args.friends_near_gun_mm,
        friends_near_target_mm: args.friends_near_target_mm,
        skirmish_screen: args.skirmish_screen,
    };
    args.throw
        .run(mc::Request::Artillery(input), &charts, args.common.json)
}
