//! `laager mc rd break-in`, `firing-party`, `combine` and `move`: the supplement's own
//! procedures of the post's defence, each read from a table with `--unit ROLE=ID` as the
//! desk would (`micro_colonial::situation`), a flag given winning.

use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::table::{Needs, Table};
use super::thrown::Throw;
use super::{Common, parse_with};
use crate::bounds::{Count, Strength};
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::rorkes_drift::{
    BreakIn, BreakInInput, Counter, PerimeterWall, RdCombine, RdCombineInput, RdFiringParty,
    RdFiringPartyInput, RdMove, RdMoveInput, Room, Side,
};
use crate::rules::micro_colonial::{self as mc, situation};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::{ArgGroup, Args};

/// `laager mc rd break-in`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit zulu=ID` reads the room: the one building drawn on the table that the Zulu
/// counter touches and does not stand in, occupied when a counter of another side stands
/// in it; a flag given here wins, and a step says so.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("room").args(["occupied", "empty"])))]
pub struct BreakInArgs {
    /// The room holds a defender's counter (better than +2 needed). One of --occupied and
    /// --empty is needed unless a table gives the room (--unit zulu=ID).
    #[arg(long)]
    pub occupied: bool,
    /// The room is empty (better than 0 needed).
    #[arg(long)]
    pub empty: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the Zulu unit and the room are read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rd break-in`.
pub fn run_break_in(args: &BreakInArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, BreakIn::ROLES)?;
    let base = BreakInInput {
        room: Room::Empty,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::break_in) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    let given = if args.occupied {
        Some(Room::Occupied)
    } else if args.empty {
        Some(Room::Empty)
    } else {
        None
    };
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        given,
        &mut input.room,
        &origins,
        crate::field!(BreakInInput: room),
        "--occupied or --empty",
    );
    needs.check(&table, "--unit zulu=ID")?;
    args.throw
        .run_on(mc::Request::BreakIn(input), &charts, json, &mut table)
}

/// `laager mc rd firing-party`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit leader=ID` (and `--unit zulu=ID`) reads whether the party is led by a command
/// counter from the leader's counter type; `--led-by-command` given here wins, and a step
/// says so.
#[derive(Debug, Args)]
pub struct RdFiringPartyArgs {
    /// The party is led by one of the command counters (Chard, Bromhead, the CSM), winning
    /// over the table.
    #[arg(long)]
    pub led_by_command: bool,
    /// The FF the climbing Zulu unit lost to the party's initial volley
    /// (`laager mc fire --initial-volley` works it out).
    #[arg(long, value_name = "N")]
    pub zulu_ff_lost: Option<Strength>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the party's leader is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rd firing-party`.
pub fn run_firing_party(args: &RdFiringPartyArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, RdFiringParty::ROLES)?;
    let base = RdFiringPartyInput {
        led_by_command: false,
        zulu_ff_lost: None,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::rd_firing_party) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    input.led_by_command |= args.led_by_command;
    input.zulu_ff_lost = args.zulu_ff_lost.map(Strength::get);
    table.run_plain(mc::Request::RdFiringParty(input), &charts, json)
}

/// `laager mc rd combine`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit into=ID --unit removed=ID` reads each counter's present FF from its record and
/// whether they are sections (European regular infantry) or command counters (a
/// commander's); with `--apply` the counter kept takes the removed one's FF and the other
/// leaves the game. A flag given here wins, and a step says so.
#[derive(Debug, Args)]
pub struct RdCombineArgs {
    /// The present FF of the section kept. Needed unless a table's records give it
    /// (--unit into=ID).
    #[arg(long, value_name = "N")]
    pub into_ff: Option<Strength>,
    /// The present FF of the section removed. Needed unless a table's records give it
    /// (--unit removed=ID).
    #[arg(long, value_name = "N")]
    pub removed_ff: Option<Strength>,
    /// What the counters are: section, command or white [default: section, or the
    /// table's].
    #[arg(long, value_parser = parse_with::<Counter>(Counter::NAMES))]
    pub counter: Option<Counter>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the two counters are read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rd combine`.
pub fn run_combine(args: &RdCombineArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, RdCombine::ROLES)?;
    let base = RdCombineInput {
        into_ff: 0,
        removed_ff: 0,
        counter: Counter::Section,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::rd_combine) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.into_ff,
        &mut input.into_ff,
        &origins,
        crate::field!(RdCombineInput: into_ff),
        "--into-ff N",
    );
    needs.take(
        args.removed_ff,
        &mut input.removed_ff,
        &origins,
        crate::field!(RdCombineInput: removed_ff),
        "--removed-ff N",
    );
    needs.check(&table, "--unit into=ID --unit removed=ID")?;
    if let Some(counter) = args.counter {
        input.counter = counter;
    }
    table.run_plain(mc::Request::RdCombine(input), &charts, json)
}

/// `laager mc rd move`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit unit=ID` reads who moves from the side its counter is on (`zulu` or
/// `british`); a flag given here wins, and a step says so.
#[derive(Debug, Args)]
pub struct RdMoveArgs {
    /// Who moves. Needed unless a table gives it (--unit unit=ID).
    #[arg(long, value_parser = parse_with::<Side>(Side::NAMES))]
    pub side: Option<Side>,
    /// The unit is inside the perimeter.
    #[arg(long)]
    pub inside_perimeter: bool,
    /// Walls inside the perimeter the defenders cross.
    #[arg(long, default_value = "0", value_name = "N")]
    pub internal_walls: Count,
    /// A Zulu unit climbs the perimeter wall this move.
    #[arg(long, value_parser = parse_with::<PerimeterWall>(PerimeterWall::NAMES))]
    pub climb_wall: Option<PerimeterWall>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rd move`.
pub fn run_move(args: &RdMoveArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, RdMove::ROLES)?;
    let base = RdMoveInput {
        side: Side::British,
        inside_perimeter: args.inside_perimeter,
        internal_walls: args.internal_walls.get(),
        climb: args.climb_wall,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::rd_move) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.side,
        &mut input.side,
        &origins,
        crate::field!(RdMoveInput: side),
        "--side SIDE",
    );
    needs.check(&table, "--unit unit=ID")?;
    table.run_plain(mc::Request::RdMove(input), &charts, json)
}
