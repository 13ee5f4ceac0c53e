//! `laager mc morale-due`, `laager mc morale` and `laager mc rally`.

use super::super::described::Described;
use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::table::{Needs, Table};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::bounds::{Millimetres, Strength};
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::morale::{Charge, Morale, MoraleInput};
use crate::rules::micro_colonial::morale_due::{MoraleClass, MoraleDue, MoraleDueInput, Quality};
use crate::rules::micro_colonial::rally::{Rally, RallyInput, RoutLoss, RoutLossInput};
use crate::rules::micro_colonial::{self as mc, situation};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc morale-due`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit unit=ID` reads the unit's class, the FF it lost this move and a melee it won or
/// lost this move from its record; a flag given here wins, and a step says so.
#[derive(Debug, Args)]
pub struct MoraleDueArgs {
    /// The unit's class in the morale causes: fanatic, european-regular or other. Needed
    /// unless the unit's record gives it (--unit unit=ID).
    #[arg(long, value_parser = parse_with::<MoraleClass>(MoraleClass::NAMES))]
    pub class: Option<MoraleClass>,
    /// FF the unit lost this move. Needed unless a table's records give it.
    #[arg(long, value_name = "N")]
    pub lost_this_move: Option<Strength>,
    /// The unit won a melee this move (European regulars then ignore their losses).
    #[arg(long)]
    pub won_melee: bool,
    /// The unit lost a melee by this many FF (the difference).
    #[arg(long, value_name = "N")]
    pub melee_lost_by: Option<Strength>,
    /// The unit is being charged.
    #[arg(long)]
    pub being_charged: bool,
    /// A flanking unit broke this far away (mm).
    #[arg(long, value_name = "N")]
    pub flank_broke_within_mm: Option<Millimetres>,
    /// The breaking flanking unit's quality against this unit's: equal or unequal.
    #[arg(long, default_value = "equal", value_parser = parse_with::<Quality>(Quality::NAMES))]
    pub flank_quality: Quality,
    /// A flanking unit fell back this far away (mm).
    #[arg(long, value_name = "N")]
    pub flank_fell_back_within_mm: Option<Millimetres>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc morale-due`.
pub fn run_due(args: &MoraleDueArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, MoraleDue::ROLES)?;
    let base = MoraleDueInput {
        class: args.class.unwrap_or(MoraleClass::Other),
        lost_this_move: args.lost_this_move.map_or(0, Strength::get),
        won_melee: args.won_melee,
        melee_lost_by: args.melee_lost_by.map(Strength::get),
        being_charged: args.being_charged,
        flank_broke_within_mm: args.flank_broke_within_mm.map(f64::from),
        flank_quality: args.flank_quality,
        flank_fell_back_within_mm: args.flank_fell_back_within_mm.map(f64::from),
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::morale_due) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the records' value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.class,
        &mut input.class,
        &origins,
        crate::field!(MoraleDueInput: class),
        "--class CLASS",
    );
    needs.take(
        args.lost_this_move,
        &mut input.lost_this_move,
        &origins,
        crate::field!(MoraleDueInput: lost_this_move),
        "--lost-this-move N",
    );
    needs.check(&table, "--unit unit=ID")?;
    input.won_melee |= args.won_melee;
    if args.melee_lost_by.is_some() {
        input.melee_lost_by = args.melee_lost_by.map(Strength::get);
    }
    table.run_plain(mc::Request::MoraleDue(input), &charts, json)
}

/// `laager mc morale`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit unit=ID` builds the test as the desk does — the unit's IF and PF from the
/// records, and Table 4's factors for a commander within 100 mm, broken friends within
/// 50 mm, and a melee won this move or last or lost this move; a flag given here wins,
/// and a step says so.
#[allow(clippy::struct_excessive_bools)] // clap flags
#[derive(Debug, Args)]
pub struct MoraleArgs {
    /// The unit's initial FF. Needed unless a table's records give it (--unit unit=ID).
    #[arg(long, value_name = "N")]
    pub initial_ff: Option<Strength>,
    /// The unit's present FF. Needed unless a table's records give it.
    #[arg(long, value_name = "N")]
    pub present_ff: Option<Strength>,
    /// The troop type: Morale Table 3's row, as the club's chart names it (the printed
    /// names are lost; a lost cell is asked for as morale_random_factor:TYPE:DIE). Needed
    /// unless a table's records give the unit's troop type.
    #[arg(long, value_name = "TYPE")]
    pub troop: Option<String>,
    /// The class: the Morale Result Table's column (and Table 2's), as the club's chart
    /// names it (the printed headings are lost: morale_results:ROW:CLASS). Needed unless a
    /// table's records give the unit's class.
    #[arg(long, value_name = "CLASS")]
    pub class: Option<String>,
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
    /// With a table, a factor given replaces the table's count, and NAME:0 clears it.
    #[arg(long = "factor", value_name = "NAME[:N]")]
    pub factors: Vec<String>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `--factor NAME[:N]` as a factor and its count.
fn factor(text: &str) -> Result<(String, u32), CliError> {
    Ok(match text.split_once(':') {
        Some((name, n)) => (
            name.to_owned(),
            crate::bounds::Count::parse(n)
                .map_err(|e| CliError::Input(format!("--factor '{text}': N: {e}")))?
                .get(),
        ),
        None => (text.to_owned(), 1),
    })
}

/// Runs `laager mc morale`.
pub fn run_morale(args: &MoraleArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Morale::ROLES)?;
    let factors = args
        .factors
        .iter()
        .map(|f| factor(f))
        .collect::<Result<Vec<_>, _>>()?;
    let base = MoraleInput {
        initial_ff: 0,
        present_ff: 0,
        troop: String::new(),
        class: String::new(),
        cavalry: args.cavalry,
        charge: if args.charging {
            Some(Charge::Charging)
        } else if args.being_charged {
            Some(Charge::BeingCharged)
        } else {
            None
        },
        factors: Vec::new(),
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::morale) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.initial_ff,
        &mut input.initial_ff,
        &origins,
        crate::field!(MoraleInput: initial_ff),
        "--initial-ff N",
    );
    needs.take(
        args.present_ff,
        &mut input.present_ff,
        &origins,
        crate::field!(MoraleInput: present_ff),
        "--present-ff N",
    );
    needs.take(
        args.troop.clone(),
        &mut input.troop,
        &origins,
        crate::field!(MoraleInput: troop),
        "--troop TYPE",
    );
    needs.take(
        args.class.clone(),
        &mut input.class,
        &origins,
        crate::field!(MoraleInput: class),
        "--class CLASS",
    );
    needs.check(&table, "--unit unit=ID")?;
    for (name, count) in factors {
        if table.given() {
            // Over a table's reading a factor replaces its count (NAME:0 clears it).
            input.factors.retain(|(f, _)| *f != name);
            if count == 0 {
                continue;
            }
        }
        input.factors.push((name, count));
    }
    args.throw
        .run_on(mc::Request::Morale(input), &charts, json, &mut table)
}

/// `laager mc rally`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit unit=ID` reads the Rally table's class from the unit's record (European regulars
/// and Fanatics); a flag given here wins, and a step says so.
#[derive(Debug, Args)]
pub struct RallyArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub fields: Described<Rally>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rally`.
pub fn run_rally(args: &RallyArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Rally::ROLES)?;
    let base: RallyInput = args.fields.build(&table.roles)?;
    let given = args.fields.given.pointers();
    let json = args.common.json;
    let read = |layout: &_, records: &dyn crate::rules::situation::Records, roles: &_, base| {
        situation::rally(layout, records, roles, base, &given)
    };
    let input = match table.build(base, json, read) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    args.fields.filled(&input)?;
    args.throw
        .run_on(mc::Request::Rally(input), &charts, json, &mut table)
}

/// `laager mc rout-loss`.
///
/// From a table: `--campaign FILE.laager [--game N]` (or `--layout FILE.json`) with
/// `--unit unit=ID` reads from the records whether the unit is broken; a step names a unit
/// that is not.
#[derive(Debug, Args)]
pub struct RoutLossArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rout-loss`.
pub fn run_rout(args: &RoutLossArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, RoutLoss::ROLES)?;
    let json = args.common.json;
    let input = match table.build(RoutLossInput::default(), json, situation::rout_loss) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    args.throw
        .run_on(mc::Request::RoutLoss(input), &charts, json, &mut table)
}
