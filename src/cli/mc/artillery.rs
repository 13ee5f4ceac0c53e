//! `laager mc artillery`: one gun's shell or cannister fire.

use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::table::{self, Needs, Table};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::bounds::{Millimetres, Strength};
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::artillery::{
    Ammo, Artillery, ArtilleryInput, ArtilleryTarget, Gun,
};
use crate::rules::micro_colonial::{self as mc, situation};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc artillery`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit gun=ID --unit target=ID` (and `--unit screen=ID`, the skirmishers screening a
/// close order target) builds the fire as the desk does — the range measured on the table,
/// the arc with the club's template, the gun's FF from the records, the target from its
/// counter, status and formation; a flag given here wins, and a step says so.
#[allow(clippy::struct_excessive_bools)] // clap flags
#[derive(Debug, Args)]
pub struct ArtilleryArgs {
    /// The piece: 6-7pdr (shell 50-800 mm), 9-11pdr (50-1000), rockets (50-500, no cannister).
    #[arg(long, value_parser = parse_with::<Gun>(Gun::NAMES))]
    pub gun: Gun,
    /// shell or cannister (short range; never overhead).
    #[arg(long, value_parser = parse_with::<Ammo>(Ammo::NAMES))]
    pub ammo: Ammo,
    /// The measured range, centre of the gun to the nearest point of the target (mm).
    /// Needed unless a table gives it.
    #[arg(long, value_name = "R")]
    pub range_mm: Option<Millimetres>,
    /// The gun's present FF. Needed unless a table's records give it (--unit gun=ID).
    #[arg(long, value_name = "N")]
    pub gun_ff: Option<Strength>,
    /// TARGET: regulars-in-cover (or open order, lying down), close-order-native, guns,
    /// mounted. Needed unless the target's counter, status or formation gives it.
    #[arg(long, value_name = "TARGET", value_parser = parse_with::<ArtilleryTarget>(ArtilleryTarget::NAMES))]
    pub target: Option<ArtilleryTarget>,
    /// The referee's call on the arc of fire (in: part of the target is within it; out: the
    /// fire is refused), winning over the table's template.
    #[arg(long, value_name = "in|out", value_parser = table::arc)]
    pub arc: Option<bool>,
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
    pub friends_near_gun_mm: Option<Millimetres>,
    /// For overhead fire: the nearest friendly troops to the target along the line of fire (mm).
    #[arg(long, value_name = "N")]
    pub friends_near_target_mm: Option<Millimetres>,
    /// The target is a close order unit screened by skirmishers: losses divided 1 : 5.
    #[arg(long)]
    pub skirmish_screen: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the fire is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc artillery`.
pub fn run(args: &ArtilleryArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Artillery::ROLES)?;
    let base = ArtilleryInput {
        gun: args.gun,
        ammo: args.ammo,
        range_mm: 0.0,
        gun_ff: 0,
        target: ArtilleryTarget::Guns,
        factors: args.factors.clone(),
        overhead: args.overhead,
        friends_near_gun_mm: args.friends_near_gun_mm.map(f64::from),
        friends_near_target_mm: args.friends_near_target_mm.map(f64::from),
        skirmish_screen: args.skirmish_screen,
        in_arc: None,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, |layout, records, roles, base| {
        situation::artillery(layout, &charts, records, roles, base)
    }) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.range_mm,
        &mut input.range_mm,
        &origins,
        crate::field!(ArtilleryInput: range_mm),
        "--range-mm R",
    );
    needs.take(
        args.gun_ff,
        &mut input.gun_ff,
        &origins,
        crate::field!(ArtilleryInput: gun_ff),
        "--gun-ff N",
    );
    needs.take(
        args.target,
        &mut input.target,
        &origins,
        crate::field!(ArtilleryInput: target),
        "--target TARGET",
    );
    needs.check(&table, "--unit gun=ID --unit target=ID")?;
    input.skirmish_screen |= args.skirmish_screen;
    if args.arc.is_some() {
        input.in_arc = args.arc;
    }
    args.throw
        .run_on(mc::Request::Artillery(input), &charts, json, &mut table)
}
