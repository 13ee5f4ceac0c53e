//! `laager mc fire` and `laager mc jam`: small arms fire and the machine-gun jam check.

use super::super::described::Described;
use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::table::{self, Needs, Table};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::bounds::{Count, Factor, Millimetres, Strength};
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::fire::{
    Engaged, Fire, FireInput, FireType, Firer, Target, Weapon,
};
use crate::rules::micro_colonial::jam::{Jam, JamInput};
use crate::rules::micro_colonial::{self as mc, situation};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc fire`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit firer=ID --unit target=ID` (and `--unit rear=ID`, the rear unit of a two-unit
/// formation, when it is not the counter touching the firer's rear) builds the fire as the
/// desk does — the range measured on the table, the arc with the club's template, both
/// units' FF from the records, the target's section of Table 2 from its status, counter and
/// formation, the two-unit formation's rear unit; a flag given here wins, and a step says so.
#[allow(clippy::struct_excessive_bools)] // clap flags
#[derive(Debug, Args)]
pub struct FireArgs {
    /// Who fires: regular-infantry, dismounted-mounted-infantry, open-order-infantry,
    /// irregular-infantry, natives, mounted (firing while mounted: two red dice), gun-crew.
    #[arg(long, value_parser = parse_with::<Firer>(Firer::NAMES))]
    pub firer: Firer,
    /// The firing unit's present FF (the front unit's in a two-unit formation). Needed
    /// unless a table's records give it (--unit firer=ID).
    #[arg(long, value_name = "N")]
    pub firer_ff: Option<Strength>,
    /// musket (200 mm), rifle (range lost: asked for), carbine, gatling (600), machine-gun (800).
    #[arg(long, value_parser = parse_with::<Weapon>(Weapon::NAMES))]
    pub weapon: Weapon,
    /// volley (regular infantry and dismounted mounted infantry, under 300 mm) or independent.
    #[arg(long, value_parser = parse_with::<FireType>(FireType::NAMES))]
    pub fire: FireType,
    /// The measured range, centre of the firer to the nearest point of the target (mm).
    /// Needed unless a table gives it.
    #[arg(long, value_name = "R")]
    pub range_mm: Option<Millimetres>,
    /// The target's present FF. Needed unless a table's records give it (--unit target=ID).
    #[arg(long, value_name = "N")]
    pub target_ff: Option<Strength>,
    /// The target's section of Table 2: in-cover, mounted, native-close-order-in-open,
    /// other-close-order. Needed unless the target's status, counter or formation gives it.
    #[arg(long, value_parser = parse_with::<Target>(Target::NAMES))]
    pub target: Option<Target>,
    /// The referee's call on the arc of fire (in: part of the target is within it; out: the
    /// fire is refused), winning over the table's template.
    #[arg(long, value_name = "in|out", value_parser = table::arc)]
    pub arc: Option<bool>,
    /// The firers are in a building (independent fire only).
    #[arg(long)]
    pub in_building: bool,
    /// The regulars' initial volley of the battle (two black dice).
    #[arg(long)]
    pub initial_volley: bool,
    /// The rear unit's FF of a two-unit formation (half counts in volleys).
    #[arg(long, value_name = "N")]
    pub two_unit_rear_ff: Option<Strength>,
    /// The target is in a melee, engaged on its front, rear or flank.
    #[arg(long, value_parser = parse_with::<Engaged>(Engaged::NAMES))]
    pub target_in_melee: Option<Engaged>,
    /// The round of that melee (1 is the first).
    #[arg(long, default_value = "1", value_name = "N")]
    pub melee_round: Count,
    /// The unit changes from independent to volley fire this move (it may not fire).
    #[arg(long)]
    pub changing_to_volley: bool,
    /// A machine or Gatling gun's partial jam from `laager mc jam` (e.g. -5).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub jam_penalty: Option<Factor>,
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

/// Runs `laager mc fire`.
pub fn run(args: &FireArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let (input, mut table) = match build(args, &charts, None)? {
        Ok(built) => built,
        Err(printed) => return printed,
    };
    args.throw.run_on(
        mc::Request::Fire(input),
        &charts,
        args.common.json,
        &mut table,
    )
}

/// A fire built from the flags and the table, with that table; or, where the table could
/// not build it, what was printed instead.
pub type Built = Result<(FireInput, Table), Result<Outcome, CliError>>;

/// The fire the flags and the table describe, with the table it was read from; `firer_ff`
/// stands for `--firer-ff` where another flag gives the firing FF (the Rorke's Drift
/// sections' total). `Err` holds what was printed instead (a table that could not build it).
pub fn build(
    args: &FireArgs,
    charts: &crate::charts::Charts,
    firer_ff: Option<u32>,
) -> Result<Built, CliError> {
    let table = Table::read(&args.situation, charts, Fire::ROLES)?;
    let base = FireInput {
        firer: args.firer,
        firer_ff: 0,
        weapon: args.weapon,
        fire: args.fire,
        range_mm: 0.0,
        target_ff: 0,
        target: Target::InCover,
        in_building: args.in_building,
        initial_volley: args.initial_volley,
        two_unit_rear_ff: None,
        target_in_melee: args.target_in_melee,
        melee_round: args.melee_round.get(),
        changing_to_volley: args.changing_to_volley,
        jam_penalty: args.jam_penalty.map(Factor::get),
        in_arc: None,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, |layout, records, roles, base| {
        situation::fire(layout, charts, records, roles, base)
    }) {
        Ok(input) => input,
        Err(printed) => return Ok(Err(printed)),
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.firer_ff.map(Strength::get).or(firer_ff),
        &mut input.firer_ff,
        &origins,
        crate::field!(FireInput: firer_ff),
        "--firer-ff N",
    );
    needs.take(
        args.range_mm,
        &mut input.range_mm,
        &origins,
        crate::field!(FireInput: range_mm),
        "--range-mm R",
    );
    needs.take(
        args.target_ff,
        &mut input.target_ff,
        &origins,
        crate::field!(FireInput: target_ff),
        "--target-ff N",
    );
    needs.take(
        args.target,
        &mut input.target,
        &origins,
        crate::field!(FireInput: target),
        "--target TYPE",
    );
    needs.check(&table, "--unit firer=ID --unit target=ID")?;
    if args.two_unit_rear_ff.is_some() {
        input.two_unit_rear_ff = args.two_unit_rear_ff.map(Strength::get);
    }
    if args.arc.is_some() {
        input.in_arc = args.arc;
    }
    Ok(Ok((input, table)))
}

/// `laager mc jam`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit gun=ID` checks the counter is an artillery and machine gun counter and reads the
/// crew where its record's class settles it (a Fanatic crew is a native one); a flag given
/// here wins, and a step says so.
#[derive(Debug, Args)]
pub struct JamArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub fields: Described<Jam>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the gun is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc jam`.
pub fn run_jam(args: &JamArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Jam::ROLES)?;
    let base: JamInput = args.fields.build(&table.roles)?;
    let given = args.fields.given.pointers();
    let json = args.common.json;
    let read = |layout: &_, records: &dyn crate::rules::situation::Records, roles: &_, base| {
        situation::jam(layout, records, roles, base, &given)
    };
    let input = match table.build(base, json, read) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    args.fields.filled(&input)?;
    args.throw
        .run_on(mc::Request::Jam(input), &charts, json, &mut table)
}
