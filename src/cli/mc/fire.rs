//! `laager mc fire` and `laager mc jam`: small arms fire and the machine-gun jam check.

use super::super::{CliError, Outcome};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::fire::{Engaged, FireInput, FireType, Firer, Target, Weapon};
use crate::rules::micro_colonial::jam::{Crew, JamInput};
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc fire`.
#[derive(Debug, Args)]
pub struct FireArgs {
    /// Who fires: regular-infantry, dismounted-mounted-infantry, open-order-infantry,
    /// irregular-infantry, natives, mounted (firing while mounted: two red dice), gun-crew.
    #[arg(long, value_parser = parse_with::<Firer>(Firer::NAMES))]
    pub firer: Firer,
    /// The firing unit's present FF (the front unit's in a two-unit formation).
    #[arg(long, value_name = "N")]
    pub firer_ff: u32,
    /// musket (200 mm), rifle (range lost: asked for), carbine, gatling (600), machine-gun (800).
    #[arg(long, value_parser = parse_with::<Weapon>(Weapon::NAMES))]
    pub weapon: Weapon,
    /// volley (regular infantry and dismounted mounted infantry, under 300 mm) or independent.
    #[arg(long, value_parser = parse_with::<FireType>(FireType::NAMES))]
    pub fire: FireType,
    /// The measured range, centre of the firer to the nearest point of the target (mm).
    #[arg(long, value_name = "R")]
    pub range_mm: f64,
    /// The target's present FF.
    #[arg(long, value_name = "N")]
    pub target_ff: u32,
    /// The target's section of Table 2: in-cover, mounted, native-close-order-in-open,
    /// other-close-order.
    #[arg(long, value_parser = parse_with::<Target>(Target::NAMES))]
    pub target: Target,
    /// The firers are in a building (independent fire only).
    #[arg(long)]
    pub in_building: bool,
    /// The regulars' initial volley of the battle (two black dice).
    #[arg(long)]
    pub initial_volley: bool,
    /// The rear unit's FF of a two-unit formation (half counts in volleys).
    #[arg(long, value_name = "N")]
    pub two_unit_rear_ff: Option<u32>,
    /// The target is in a melee, engaged on its front, rear or flank.
    #[arg(long, value_parser = parse_with::<Engaged>(Engaged::NAMES))]
    pub target_in_melee: Option<Engaged>,
    /// The round of that melee (1 is the first).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub melee_round: u32,
    /// The unit changes from independent to volley fire this move (it may not fire).
    #[arg(long)]
    pub changing_to_volley: bool,
    /// A machine or Gatling gun's partial jam from `laager mc jam` (e.g. -5).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub jam_penalty: Option<i64>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc fire`.
pub fn run(args: &FireArgs) -> Result<Outcome, CliError> {
    if args.range_mm.is_nan() || args.range_mm < 0.0 {
        return Err(CliError::Input(format!(
            "--range-mm: '{}' is not a distance (0 or more)",
            args.range_mm
        )));
    }
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = FireInput {
        firer: args.firer,
        firer_ff: args.firer_ff,
        weapon: args.weapon,
        fire: args.fire,
        range_mm: args.range_mm,
        target_ff: args.target_ff,
        target: args.target,
        in_building: args.in_building,
        initial_volley: args.initial_volley,
        two_unit_rear_ff: args.two_unit_rear_ff,
        target_in_melee: args.target_in_melee,
        melee_round: args.melee_round,
        changing_to_volley: args.changing_to_volley,
        jam_penalty: args.jam_penalty,
    };
    args.throw
        .run(mc::Request::Fire(input), &charts, args.common.json)
}

/// `laager mc jam`.
#[derive(Debug, Args)]
pub struct JamArgs {
    /// The gun's crew: regular, naval or native (Small Arms Table 3's columns).
    #[arg(long, value_parser = parse_with::<Crew>(Crew::NAMES))]
    pub crew: Crew,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc jam`.
pub fn run_jam(args: &JamArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let input = JamInput { crew: args.crew };
    args.throw
        .run(mc::Request::Jam(input), &charts, args.common.json)
}
