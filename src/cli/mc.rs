//! `laager mc ...`: Micro Colonial from the command line — movement, the Rorke's Drift
//! break-in and victory, the basic game's victory and the Loss table lookup.
//!
//! Each subcommand builds the procedure's typed input from its flags and resolves it as a
//! [`Request`] through `run_request`, printing it (text, or `--json`). The combat
//! subcommands live in `mc/` (fire and jam, artillery, melee, morale and rally, charge and
//! pursuit), each throwing its dice (or printing its odds) through `mc/thrown.rs`. One-off
//! `--cell` values, lost-key cells included, go into the charts (`TablesArgs::load`).
//!
//! The procedures about units on the table (every resolving one but `rd setup`, which is
//! about none, and the victories, counted on the records) also build their input from
//! `--layout` or `--campaign` with `--unit ROLE=ID` through the engine's
//! `micro_colonial::situation`, as the desk does (`mc/table.rs`); a flag given as well
//! wins, and `--apply` logs the result in the campaign's game. The supplement's break-in,
//! firing party, combining and move are in `mc/rd_perimeter.rs`.

use super::situation::{self, SituationArgs};
use super::{CliError, Outcome, TablesArgs, run_and_apply};
use crate::bounds::{Count, Strength};
use crate::dice::DiceChoice;
use crate::rules::Procedure as _;
use crate::rules::Request;
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::evade::{EvadeInput, Evader};
use crate::rules::micro_colonial::loss::LossFactorInput;
use crate::rules::micro_colonial::movement::{
    Change, Crossing, Interpenetration, Mode, MoveInput, Square, Troop,
};
use crate::rules::micro_colonial::rorkes_drift::RdVictoryInput;
use crate::rules::micro_colonial::victory::VictoryInput;
use crate::ruleset::Ruleset;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};
use table::Table;

mod artillery;
mod charge;
mod fire;
mod melee;
mod morale;
mod rd;
mod rd_perimeter;
mod table;
mod thrown;

/// `laager mc ...`.
#[derive(Debug, Subcommand)]
pub enum McCommand {
    /// How far a unit may move this move (outcome.allowance_mm): the rate for its type and
    /// mode, less terrain, formation changes, interpenetration and last move's volley losses.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit moving; the records give its volley losses, the mode its status forces and its
    /// square.
    Move(MoveArgs),
    /// The Rorke's Drift supplement.
    #[command(subcommand)]
    Rd(RdCommand),
    /// The basic game's winner (outcome.winner: "natives", "regulars" or null).
    Victory(VictoryArgs),
    /// EVADING: an artillery crew or open order troops evading an attacker
    /// (outcome.fires, starts_at_quarter, move_mm, abandons_guns).
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// evader; an artillery counter's crew, or a unit whose record shows it in open order.
    Evade(EvadeArgs),
    /// Morale step 1: the loss factor from the Loss table (outcome.loss_factor,
    /// outcome.automatic_rout); needs settings:loss_table_orientation.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit testing; its record gives its IF and PF.
    LossFactor(LossFactorArgs),
    /// Small arms fire (outcome.range_rounded_mm, outcome.ff_lost, outcome.volley_losses):
    /// range rounded up to the next 100 mm, Tables 1 and 2 and one random factor.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit firer=ID,
    /// --unit target=ID and, for a two-unit formation, --unit rear=ID (else the counter
    /// touching the firer's rear); the table gives the range and the arc, the records the FF
    /// and the target's section.
    Fire(fire::FireArgs),
    /// A machine or Gatling gun's jam check before its fire (outcome.state: "operational",
    /// "partial" or "jammed"; outcome.penalty: the minus figure, 0, or null when jammed).
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit gun=ID, an
    /// artillery and machine gun counter; its record gives the crew only when its class is
    /// fanatic (a native crew).
    Jam(fire::JamArgs),
    /// Which morale tests are due this move (outcome.due: the causes, empty when none).
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit; its record gives its class, the FF it lost this move and a melee it won or
    /// lost this move.
    MoraleDue(morale::MoraleDueArgs),
    /// A morale test (outcome.result: "good", "fall-back", "go-to-ground" or "break"): loss
    /// factor, charge morale, one die by troop type, tactical factors, the result by class.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit testing; the records give its IF and PF, the table and the records Table 4's
    /// commander, broken friends and melee factors.
    Morale(morale::MoraleArgs),
    /// A rally attempt (outcome.rallied): one die against the Rally table's minimum; never
    /// in melee or under cannister fire.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit rallying; its record gives the class.
    Rally(morale::RallyArgs),
    /// One move of rout (outcome.ff_lost): one die x 10 fighting factors.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit in rout; its record shows whether it is broken.
    RoutLoss(morale::RoutLossArgs),
    /// A round of melee (outcome.a_losses, outcome.b_losses, outcome.winner, outcome.margin):
    /// FF / 10, the melee table, Table 4's factors and a random factor per unit.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit a=ID, the
    /// attacker, and --unit b=ID, the defender; the records give each side's FF and type,
    /// the table and the records Table 4's factors.
    Melee(melee::MeleeArgs),
    /// One gun's fire (outcome.ff_lost): the Shell or Cannister factor, tactical factors,
    /// FF / 10 and the random factor x5 up to its maximum.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit gun=ID,
    /// --unit target=ID and, for a skirmish screen, --unit screen=ID; the table gives the
    /// range and the arc, the records the gun's FF and the target.
    Artillery(artillery::ArtilleryArgs),
    /// Whether a unit may charge this move (outcome.eligible, outcome.morale_test_at_mm).
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit charger=ID
    /// and --unit target=ID; the table gives the distance to the target, the charger's
    /// record its D figures not yet struck through.
    Charge(charge::ChargeArgs),
    /// Whether a pursuer goes on (outcome.pursuit: "must", "need-not", "continue" or
    /// "may-break-off").
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit pursuer=ID
    /// and, optionally, --unit pursued=ID; the pursuer's record gives who pursues (fanatic:
    /// native, european-regular: other), the table whether it is infantry in a prepared
    /// position.
    Pursuit(charge::PursuitArgs),
    /// A sub-commander's initiative test (outcome.initiative: "carry-on" or "may-change").
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit
    /// sub-commander=ID, a commander's counter, and optionally --unit unit=ID, the unit
    /// whose orders may change.
    Initiative(charge::InitiativeArgs),
    /// A random factor thrown (outcome.random_factor): black dice count plus, red minus;
    /// one of each unless the rule calls for more (2 black 1 red on impact or a first
    /// volley, 1 black 2 red for mounted fire). Two dice of one colour count as
    /// settings:same_colour_dice says.
    RandomFactor(thrown::RandomFactorArgs),
}

/// `laager mc rd ...`.
#[derive(Debug, Subcommand)]
pub enum RdCommand {
    /// A Zulu attempt to break into a building or room (outcome.success): a random factor
    /// better than +2 into an occupied room, better than 0 into an empty one.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit zulu=ID, the
    /// Zulu unit or Z marker; the table gives the room (the one building it touches and
    /// does not stand in) and whether a counter of another side holds it.
    BreakIn(rd_perimeter::BreakInArgs),
    /// The conditions of victory (outcome.winner: "zulu", "british" or null).
    Victory(RdVictoryArgs),
    /// A move at Rorke's Drift (outcome.allowance_mm): normal rate, Zulus at half inside
    /// the perimeter, 10 mm per internal wall for defenders, a full move to climb the wall.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit unit=ID, the
    /// unit moving; the table gives its side.
    Move(rd_perimeter::RdMoveArgs),
    /// A firing party meeting a Zulu unit climbing the wall (outcome.may_volley,
    /// outcome.zulu_climbs_in): only a party led by a command counter volleys, and a Zulu
    /// unit that lost more than 50 FF to its initial volley does not climb in.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit leader=ID,
    /// the counter leading the party, and optionally --unit zulu=ID; the table gives
    /// whether a command counter leads it.
    FiringParty(rd_perimeter::RdFiringPartyArgs),
    /// Two reduced sections combined into one (outcome.combined_ff): never over 10 FF, and
    /// never command or white counters.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit into=ID, the
    /// counter kept, and --unit removed=ID; the records give each one's present FF, the
    /// counters whether they are sections or command counters; --apply adds the FF to the
    /// counter kept and removes the other.
    Combine(rd_perimeter::RdCombineArgs),
    /// A round of melee between a Zulu unit and the sections combined against it
    /// (outcome.zulu_losses, outcome.british_losses, outcome.section_losses,
    /// outcome.winner: "zulu", "british" or "draw", outcome.loser_must_test).
    Melee(rd::RdMeleeArgs),
    /// A round of fire at Rorke's Drift (outcome.firing_ff and the keys of `mc fire`):
    /// sections combining, Zulu rifles' two black dice, the redoubt's initial volleys,
    /// cover ignored.
    Fire(rd::RdFireArgs),
    /// The forces of the game and where they set up (outcome.british, outcome.z_markers,
    /// outcome.zulu_setup_distance_in ...).
    Setup(rd::RdSetupArgs),
    /// A Z marker's fighting factor (outcome.z_marker_ff): 1/100 of its unit's present FF.
    ///
    /// Roles on a table (--layout FILE.json or --campaign FILE.laager): --unit zulu=ID, the
    /// main unit; its record gives its present FF.
    ZMarker(rd::ZMarkerArgs),
}

/// `--json`, `--tables DIR` and `--cell`, shared by every `mc` subcommand.
#[derive(Debug, Args)]
pub struct Common {
    /// Print the resolution (or refusal) as JSON.
    #[arg(long)]
    pub json: bool,
    /// The tables in force.
    #[command(flatten)]
    pub tables: TablesArgs,
}

fn parse_with<T: std::str::FromStr<Err = String> + Clone + Send + Sync + 'static>(
    names: &'static [&'static str],
) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(names).try_map(|s: String| s.parse::<T>())
}

/// `laager mc move`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit unit=ID` builds the move as the desk does — last move's volley losses from the
/// D figures not yet struck, the mode a broken or falling back unit must move in, and a
/// square's limit by the ground under it; a flag given here wins, and a step says so.
/// With `--apply`, the move is logged at the counter's place on the table as played.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The troop type.
    #[arg(long, value_parser = parse_with::<Troop>(Troop::NAMES))]
    pub troop: Troop,
    /// How it moves (action and manhandle are for guns); default normal, or the table's.
    #[arg(long, value_parser = parse_with::<Mode>(Mode::NAMES))]
    pub mode: Option<Mode>,
    /// Terrain crossed: hill[:N contours climbed], cover, linear-obstacle, scrub,
    /// broken-ground, soft-sand, track (repeatable; a count N for repeated areas).
    #[arg(long = "terrain", value_name = "KIND[:N]", value_parser = |s: &str| s.parse::<Crossing>())]
    pub terrain: Vec<Crossing>,
    /// A formation or facing change made during the move (repeatable).
    #[arg(long = "change", value_name = "CHANGE", value_parser = parse_with::<Change>(Change::NAMES))]
    pub changes: Vec<Change>,
    /// An interpenetration made during the move (repeatable).
    #[arg(long = "interpenetrate", value_name = "HOW", value_parser = parse_with::<Interpenetration>(Interpenetration::NAMES))]
    pub interpenetrations: Vec<Interpenetration>,
    /// FF lost to volley fire last move (the D column): 1 mm each; default 0, or the
    /// records'.
    #[arg(long, value_name = "N")]
    pub volley_losses: Option<Strength>,
    /// Part of a large multi-unit square: wholly in open ground, or partly in other terrain.
    #[arg(long, value_parser = parse_with::<Square>(Square::NAMES))]
    pub square: Option<Square>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `laager mc rd victory`.
#[derive(Debug, Args)]
pub struct RdVictoryArgs {
    /// British sections eliminated. Needed unless a campaign's records give it.
    #[arg(long, value_name = "N")]
    pub sections_lost: Option<Count>,
    /// Command counters lost. Needed unless a campaign's records give it.
    #[arg(long, value_name = "N")]
    pub commanders_lost: Option<Count>,
    /// Every Zulu attack was beaten off.
    #[arg(long)]
    pub attacks_beaten_off: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The records the sections and command counters lost are counted on.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `laager mc evade`.
#[derive(Debug, Args)]
pub struct EvadeArgs {
    /// Who evades: open-order or artillery-crew. Needed unless a table gives it (--unit
    /// unit=ID: an artillery counter, or a unit in open order).
    #[arg(long, value_parser = parse_with::<Evader>(Evader::NAMES))]
    pub evader: Option<Evader>,
    /// An artillery crew that cannot limber up: it abandons its guns.
    #[arg(long)]
    pub cannot_limber: bool,
    /// An artillery crew whose morale does not allow it to fire.
    #[arg(long)]
    pub morale_forbids_fire: bool,
    /// The crew's guns, for a crew that limbers up and evades with them: field-gun,
    /// horse-gun, rockets, machine-gun or gatling.
    #[arg(long, value_name = "GUN", value_parser = parse_with::<Troop>(&["field-gun", "horse-gun", "rockets", "machine-gun", "gatling"]))]
    pub gun: Option<Troop>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the evading unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `laager mc victory`.
#[derive(Debug, Args)]
pub struct VictoryArgs {
    /// The regular force's infantry at the start (units, or FF as a campaign's records
    /// count it). Needed unless a campaign's records give it.
    #[arg(long, value_name = "N")]
    pub regular_infantry: Option<Strength>,
    /// How many of them were destroyed. Needed unless a campaign's records give it.
    #[arg(long, value_name = "N")]
    pub regular_infantry_destroyed: Option<Strength>,
    /// The regulars were forced to retire from their start line or position.
    #[arg(long)]
    pub driven_from_start_line: bool,
    /// The regulars beat off all enemy assaults.
    #[arg(long)]
    pub assaults_beaten_off: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The records the regular infantry is counted on.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `laager mc loss-factor`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit unit=ID` reads the unit's IF and PF from its record sheet; a flag given here
/// wins, and a step says so.
#[derive(Debug, Args)]
pub struct LossFactorArgs {
    /// The unit's initial fighting factor. Needed unless a table's records give it (--unit
    /// unit=ID).
    #[arg(long, value_name = "N")]
    pub initial_ff: Option<Strength>,
    /// The unit's present fighting factor. Needed unless a table's records give it.
    #[arg(long, value_name = "N")]
    pub present_ff: Option<Strength>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc move`.
fn run_move(args: MoveArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, mc::movement::Move::ROLES)?;
    let base = MoveInput {
        terrain: args.terrain,
        changes: args.changes,
        interpenetrations: args.interpenetrations,
        ..MoveInput::new(args.troop)
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, mc::situation::movement) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    if let Some(mode) = args.mode {
        input.mode = mode;
    }
    if let Some(losses) = args.volley_losses {
        input.volley_losses = losses.get();
    }
    if args.square.is_some() {
        input.square = args.square;
    }
    let (roles, apply) = table.applying();
    run_and_apply(
        &Request::MicroColonial(mc::Request::Move(input)),
        &charts,
        &DiceChoice::None,
        json,
        roles,
        apply,
    )
}

/// Runs an `mc` subcommand.
pub fn run(command: McCommand) -> Result<Outcome, CliError> {
    match command {
        McCommand::Move(args) => run_move(args),
        McCommand::Rd(RdCommand::BreakIn(args)) => rd_perimeter::run_break_in(&args),
        McCommand::Rd(RdCommand::Victory(args)) => rd_victory(&args),
        McCommand::Rd(RdCommand::FiringParty(args)) => rd_perimeter::run_firing_party(&args),
        McCommand::Rd(RdCommand::Combine(args)) => rd_perimeter::run_combine(&args),
        McCommand::Rd(RdCommand::Move(args)) => rd_perimeter::run_move(&args),
        McCommand::Rd(RdCommand::Melee(args)) => rd::run_melee(&args),
        McCommand::Rd(RdCommand::Fire(args)) => rd::run_fire(&args),
        McCommand::Rd(RdCommand::Setup(args)) => {
            let charts = args.common.tables.load(Ruleset::MicroColonial)?;
            let input = mc::rorkes_drift::RdSetupInput {};
            let mut table = Table::read(&args.situation, &charts, &[])?;
            table.run_plain(mc::Request::RdSetup(input), &charts, args.common.json)
        }
        McCommand::Rd(RdCommand::ZMarker(args)) => rd::run_z_marker(&args),
        McCommand::Evade(args) => {
            let charts = args.common.tables.load(Ruleset::MicroColonial)?;
            let mut table = Table::read(&args.situation, &charts, mc::evade::Evade::ROLES)?;
            let base = EvadeInput {
                evader: Evader::OpenOrder,
                cannot_limber: args.cannot_limber,
                morale_forbids_fire: args.morale_forbids_fire,
                gun: args.gun,
                origins: crate::rules::situation::Origins::default(),
            };
            let json = args.common.json;
            let mut input = match table.build(base, json, mc::situation::evade) {
                Ok(input) => input,
                Err(printed) => return printed,
            };
            let origins = input.origins.clone();
            let mut needs = table::Needs::default();
            needs.take(
                args.evader,
                &mut input.evader,
                &origins,
                crate::field!(EvadeInput: evader),
                "--evader WHO",
            );
            needs.check(&table, "--unit unit=ID")?;
            table.run_plain(mc::Request::Evade(input), &charts, json)
        }
        McCommand::Victory(args) => victory(&args),
        McCommand::Fire(args) => fire::run(&args),
        McCommand::Jam(args) => fire::run_jam(&args),
        McCommand::MoraleDue(args) => morale::run_due(&args),
        McCommand::Morale(args) => morale::run_morale(&args),
        McCommand::Rally(args) => morale::run_rally(&args),
        McCommand::RoutLoss(args) => morale::run_rout(&args),
        McCommand::Melee(args) => melee::run(&args),
        McCommand::Artillery(args) => artillery::run(&args),
        McCommand::Charge(args) => charge::run_charge(&args),
        McCommand::Pursuit(args) => charge::run_pursuit(&args),
        McCommand::Initiative(args) => charge::run_initiative(&args),
        McCommand::RandomFactor(args) => thrown::run_random_factor(&args),
        McCommand::LossFactor(args) => loss_factor(&args),
    }
}

/// `laager mc loss-factor`: the IF and PF from the flags, or the unit's record on a table
/// (`--unit unit=ID`), a flag given winning.
fn loss_factor(args: &LossFactorArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, mc::loss::LossFactor::ROLES)?;
    let base = LossFactorInput {
        initial_ff: 0,
        present_ff: 0,
        origins: crate::rules::situation::Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, mc::situation::loss_factor) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    let origins = input.origins.clone();
    let mut needs = table::Needs::default();
    needs.take(
        args.initial_ff,
        &mut input.initial_ff,
        &origins,
        crate::field!(LossFactorInput: initial_ff),
        "--initial-ff N",
    );
    needs.take(
        args.present_ff,
        &mut input.present_ff,
        &origins,
        crate::field!(LossFactorInput: present_ff),
        "--present-ff N",
    );
    needs.check(&table, "--unit unit=ID")?;
    table.run_plain(mc::Request::LossFactor(input), &charts, json)
}

/// What a victory counted on a campaign's records says where to read it.
const FROM_RECORDS: &str = "a game's records: --campaign FILE.laager [--game N]";

/// `laager mc victory`: the regular infantry from the flags, or counted on the records
/// (`--campaign`), a flag given winning.
fn victory(args: &VictoryArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let blank = VictoryInput {
        regular_infantry: 0,
        regular_infantry_destroyed: 0,
        driven_from_start_line: false,
        assaults_beaten_off: false,
        origins: crate::rules::situation::Origins::default(),
    };
    let (mut context, mut input, read) =
        situation::counted(&args.situation, &charts, blank, |state| {
            crate::game::victory::mc_counts(state).map(|(input, ..)| input)
        })?;
    situation::given_or_read(
        args.regular_infantry,
        &mut input.regular_infantry,
        read,
        "--regular-infantry N",
        FROM_RECORDS,
    )?;
    situation::given_or_read(
        args.regular_infantry_destroyed,
        &mut input.regular_infantry_destroyed,
        read,
        "--regular-infantry-destroyed N",
        FROM_RECORDS,
    )?;
    input.driven_from_start_line = args.driven_from_start_line;
    input.assaults_beaten_off = args.assaults_beaten_off;
    situation::run_counted(
        &Request::MicroColonial(mc::Request::Victory(input)),
        &charts,
        args.common.json,
        &mut context,
        args.situation.apply,
    )
}

/// `laager mc rd victory`: the sections and command counters lost from the flags, or
/// counted on the records (`--campaign`), a flag given winning.
fn rd_victory(args: &RdVictoryArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let blank = RdVictoryInput {
        sections_lost: 0,
        commanders_lost: 0,
        attacks_beaten_off: false,
        origins: crate::rules::situation::Origins::default(),
    };
    let (mut context, mut input, read) =
        situation::counted(&args.situation, &charts, blank, |state| {
            crate::game::victory::rd_counts(state).map(|(input, ..)| input)
        })?;
    situation::given_or_read(
        args.sections_lost,
        &mut input.sections_lost,
        read,
        "--sections-lost N",
        FROM_RECORDS,
    )?;
    situation::given_or_read(
        args.commanders_lost,
        &mut input.commanders_lost,
        read,
        "--commanders-lost N",
        FROM_RECORDS,
    )?;
    input.attacks_beaten_off = args.attacks_beaten_off;
    situation::run_counted(
        &Request::MicroColonial(mc::Request::RdVictory(input)),
        &charts,
        args.common.json,
        &mut context,
        args.situation.apply,
    )
}
