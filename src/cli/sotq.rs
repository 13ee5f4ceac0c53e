//! `laager sotq ...`: Soldiers of the Queen from the command line — range, odds, fire,
//! melee, leaders, rally, movement, stacking, ammunition and victory.

// `Result<Resolution, Refusal>` is the rules' contract; flag structs mirror the rulebook's
// yes-or-no conditions.
#![allow(clippy::result_large_err, clippy::struct_excessive_bools)]

mod args;
mod combat;
mod spec;

pub use args::{
    CampaignArgs, Common, DiceArgs, EntryArgs, RallyArgs, ResupplyArgs, UnitArgs, VictoryArgs,
};

use super::described::{self, Described};
use super::{CliError, Outcome, print_request_odds, print_resolved};
use crate::bounds::Seed;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::resolution::RefusalKind;
use crate::rules::Procedure as _;
use crate::rules::Request;
use crate::rules::describe::Given;
use crate::rules::field::FieldId;
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::Resupply;
use crate::rules::soldiers_of_the_queen::hex::{Hex, ShiftedColumns};
use crate::rules::soldiers_of_the_queen::situation::{
    self as read, LEADER_ROLES, STACK_ROLES, UNIT_ROLES,
};
use crate::rules::soldiers_of_the_queen::{
    self as sotq, AllowanceInput, EliminatedOnTurn, EntryInput, Game, IsandhlwanaCounts,
    LeaderDeathInput, OddsInput, OmdurmanCounts, RallyInput, RangeInput, ResupplyInput, Side,
    StackInput, VictoryInput, hex,
};
use crate::ruleset::Ruleset;
use clap::Subcommand;

/// `laager sotq ...`.
#[derive(Debug, Subcommand)]
pub enum SotqCommand {
    /// The range in hexes between two hexes named CCRR (PART 10 A) → outcome.hexes.
    Range(RangeArgs),
    /// Melee odds, remainders in the defender's favour (PART 12 B) → outcome.column ("8-1", "1-2").
    Odds(OddsArgs),
    /// One fire attack (PART 10) → outcome.result, column, units, eliminated, leaders_killed.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit firer-1=ID ... firer-8=ID
    /// (the N-th --firer gives firer-N's strength=, weapon=, range=), --unit target=ID,
    /// target-2, target-3 (the hex, top first; the N-th --target gives its morale=) and
    /// leader-1, leader-2 (the leaders in the hex); the records give the names,
    /// nationalities (class), arms (troop type) and pinned, routed or out of ammo statuses.
    Fire(combat::FireArgs),
    /// One melee attack (PART 12) → outcome.odds, column, result, units, may_advance.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit attacker-1=ID ... attacker-8=ID
    /// (the N-th --attacker gives attacker-N's strength=), --unit defender=ID, defender-2,
    /// defender-3 (the N-th --defender gives its strength= and morale=) and leader-1,
    /// leader-2 (the leaders stacked with the defenders).
    Melee(combat::MeleeArgs),
    /// A leader's death roll, 2d6 killed on 2 or 12, or a leader alone (PART 13 D) → outcome.killed.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit leader=ID; with --apply a
    /// killed leader leaves the game.
    LeaderDeath(LeaderDeathArgs),
    /// Whether a leader rallies a Routed unit (PART 13) → outcome.rallied.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit unit=ID, the Routed unit
    /// (refused unless the records show it routed; artillery from its troop type); with
    /// --apply a rallied unit's status is cleared.
    Rally(RallyArgs),
    /// Who has won (PART 5) → outcome.winner, game_over, and the Omdurman Victory Points.
    Victory(VictoryArgs),
    /// A unit type's Movement Allowance (PART 6 B) → outcome.allowance.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit unit=ID, its troop type
    /// the unit type.
    Allowance(AllowanceArgs),
    /// The Movement Points a unit pays to enter the map (PART 15) → outcome.mp.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit unit=ID, its troop type
    /// the unit type.
    Entry(EntryArgs),
    /// Check one hex's stack and who may fire from it (PART 9) → outcome.legal, violations, may_fire.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit piece-1=ID ... piece-8=ID
    /// (top first; the N-th --piece gives its melee= and group=), each one's kind from its
    /// troop type and colonial from its class.
    Stack(StackArgs),
    /// One ammunition resupply roll, Isandhlwana (PART 11) → outcome.resupplied, marked.
    ///
    /// Roles from the records (--campaign FILE.laager [--campaign-game N] or --layout FILE.json): --unit unit=ID: artillery,
    /// dismounted cavalry, pinned and routed from the records.
    Resupply(ResupplyArgs),
}

/// The flags of `laager sotq range`: the engine's range fields.
#[derive(Debug, clap::Args)]
pub struct RangeArgs {
    #[command(flatten)]
    fields: Described<sotq::Range>,
    #[command(flatten)]
    common: Common,
    /// With --campaign and --apply the range is logged in the game (it is about no unit).
    #[command(flatten)]
    campaign: CampaignArgs,
}

/// The flags of `laager sotq odds`: the engine's odds fields.
#[derive(Debug, clap::Args)]
pub struct OddsArgs {
    #[command(flatten)]
    fields: Described<sotq::OddsColumn>,
    #[command(flatten)]
    common: Common,
    /// With --campaign and --apply the odds column is logged in the game.
    #[command(flatten)]
    campaign: CampaignArgs,
}

/// The flags of `laager sotq leader-death`: the engine's death-roll fields, and the dice.
#[derive(Debug, clap::Args)]
pub struct LeaderDeathArgs {
    #[command(flatten)]
    fields: Described<sotq::LeaderDeath>,
    /// Two typed dice, A,B.
    #[arg(long, value_name = "A,B", group = "how")]
    pub dice: Option<String>,
    /// Roll with Laager's generator from this seed.
    #[arg(long, group = "how")]
    pub seed: Option<Seed>,
    /// Print the exact chance instead of rolling.
    #[arg(long, group = "how")]
    pub odds: bool,
    #[command(flatten)]
    pub common: Common,
    /// With --apply: the campaign whose game the roll is logged in, a killed leader
    /// leaving it.
    #[command(flatten)]
    pub campaign: CampaignArgs,
    /// The leader in his role: leader=ID.
    #[command(flatten)]
    pub roles: UnitArgs,
}

/// The flags of `laager sotq allowance`: the engine's allowance fields.
#[derive(Debug, clap::Args)]
pub struct AllowanceArgs {
    #[command(flatten)]
    fields: Described<sotq::Allowance>,
    #[command(flatten)]
    common: Common,
    /// The records a unit=ID is read from.
    #[command(flatten)]
    campaign: CampaignArgs,
}

/// The flags of `laager sotq stack`.
#[derive(Debug, clap::Args)]
pub struct StackArgs {
    /// isandhlwana or omdurman.
    #[arg(long)]
    pub game: String,
    /// british, zulu or dervish.
    #[arg(long)]
    pub side: String,
    /// A piece, top of the stack first (repeatable).
    #[arg(long = "piece", help = spec::PIECE_KEYS)]
    pub pieces: Vec<String>,
    #[command(flatten)]
    pub common: Common,
    /// The records the pieces are read from.
    #[command(flatten)]
    pub campaign: CampaignArgs,
    /// The pieces in their roles: piece-1 (the top) ... piece-8.
    #[command(flatten)]
    pub roles: UnitArgs,
}

fn input<T>(result: Result<T, String>) -> Result<T, CliError> {
    result.map_err(CliError::Input)
}

fn hex_arg(flag: &str, text: &str) -> Result<Hex, CliError> {
    Hex::parse(text).map_err(|e| CliError::Input(format!("{flag}: {e}")))
}

fn game_arg(text: &str) -> Result<Game, CliError> {
    Game::parse(text).map_err(|e| CliError::Input(format!("--game: {e}")))
}

fn side_arg(text: &str) -> Result<Side, CliError> {
    Side::parse(text).map_err(|e| CliError::Input(format!("--side: {e}")))
}

fn load(common: &Common) -> Result<Charts, CliError> {
    common.tables.load(Ruleset::SoldiersOfTheQueen)
}

/// Resolves a procedure whose input `read` lays the records' values into for the units in
/// their roles (with `--campaign` or `--layout`), and, with `--campaign FILE --apply`,
/// logs it in the game as the desk's Apply does.
#[allow(clippy::too_many_arguments)]
fn resolve_and_apply<I>(
    input: I,
    read: impl FnOnce(&dyn Records, &Roles, I) -> Result<I, crate::resolution::Refusal>,
    wrap: impl FnOnce(I) -> sotq::Request,
    charts: &Charts,
    dice: &DiceChoice,
    common: &Common,
    campaign: &CampaignArgs,
    roles: &Roles,
) -> Result<Outcome, CliError> {
    let mut context = campaign.situation().records_context(charts)?;
    let input = match &context {
        Some(context) if !roles.0.is_empty() => match read(context.records(), roles, input) {
            Ok(input) => input,
            Err(refusal) => return Ok(print_resolved(&Err(refusal), common.json)),
        },
        _ => input,
    };
    let request = crate::rules::Request::SoldiersOfTheQueen(wrap(input));
    let apply = context.as_mut().filter(|_| campaign.apply);
    super::run_and_apply(&request, charts, dice, common.json, roles, apply)
}

/// Runs a `sotq` subcommand.
pub fn run(command: SotqCommand) -> Result<Outcome, CliError> {
    match command {
        SotqCommand::Range(args) => range(&args),
        SotqCommand::Odds(args) => odds(&args),
        SotqCommand::Fire(args) => combat::run_fire(&args),
        SotqCommand::Melee(args) => combat::run_melee(&args),
        SotqCommand::LeaderDeath(args) => leader_death(&args),
        SotqCommand::Rally(args) => rally(&args),
        SotqCommand::Victory(args) => run_victory(&args),
        SotqCommand::Allowance(args) => allowance(&args),
        SotqCommand::Entry(args) => entry(&args),
        SotqCommand::Stack(args) => stack(args),
        SotqCommand::Resupply(args) => resupply(&args),
    }
}

/// `laager sotq range`.
fn range(args: &RangeArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    resolve_and_apply(
        args.fields.build::<RangeInput>(&Roles::default())?,
        |_, _, input| Ok(input),
        sotq::Request::Range,
        &charts,
        &DiceChoice::None,
        &args.common,
        &args.campaign,
        &Roles::default(),
    )
}

/// `laager sotq odds`.
fn odds(args: &OddsArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    resolve_and_apply(
        args.fields.build::<OddsInput>(&Roles::default())?,
        |_, _, input| Ok(input),
        sotq::Request::Odds,
        &charts,
        &DiceChoice::None,
        &args.common,
        &args.campaign,
        &Roles::default(),
    )
}

/// `laager sotq leader-death`: the dice are asked for only when the engine says this
/// input throws them (a leader alone throws none).
fn leader_death(args: &LeaderDeathArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let roles = args.campaign.roles(&args.roles, LEADER_ROLES)?;
    let death: LeaderDeathInput = args.fields.build(&roles)?;
    super::odds_apply_nothing(args.odds, args.campaign.apply)?;
    let throws = sotq::Request::LeaderDeath(death.clone()).throws();
    let dice_given = args.dice.is_some() || args.seed.is_some();
    let dice = match (throws, dice_given, args.odds) {
        (false, true, _) | (false, _, true) => {
            return Err(CliError::Input(
                "--alone: a leader alone throws no dice; give it without --dice, --seed or --odds"
                    .to_owned(),
            ));
        }
        (true, _, true) => {
            let request = Request::SoldiersOfTheQueen(sotq::Request::LeaderDeath(death));
            return print_request_odds(&request, &charts, args.common.json, &roles, || {
                CliError::Internal("sotq leader-death has no odds".to_owned())
            });
        }
        (true, false, false) => {
            return Err(CliError::Input("give --dice FACES or --seed S".to_owned()));
        }
        (true, true, false) => {
            DiceChoice::from_flags(args.dice.as_deref(), args.seed.map(Seed::get))
        }
        (false, false, false) => DiceChoice::None,
    };
    resolve_and_apply(
        death,
        read::leader_death,
        sotq::Request::LeaderDeath,
        &charts,
        &dice,
        &args.common,
        &args.campaign,
        &roles,
    )
}

/// `laager sotq rally`.
fn rally(args: &RallyArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let roles = args.campaign.roles(&args.roles, UNIT_ROLES)?;
    let rally: RallyInput = args.fields.build(&roles)?;
    let given = args.fields.given.pointers();
    resolve_and_apply(
        rally,
        |records, roles, rally| read::rally(records, roles, rally, &given),
        sotq::Request::Rally,
        &charts,
        &DiceChoice::None,
        &args.common,
        &args.campaign,
        &roles,
    )
}

/// `laager sotq allowance`: `--unit TYPE` types the unit type, `--unit unit=ID` names the
/// unit of the records whose troop type gives it.
fn allowance(args: &AllowanceArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let unit_field = crate::field!(sotq::AllowanceInput: unit_type);
    let (given, roles) = type_or_role(&args.campaign, &args.fields.given, unit_field)?;
    let allowance: AllowanceInput = described::build(&given, sotq::Allowance::FIELDS, &roles)?;
    let given = given.pointers();
    resolve_and_apply(
        allowance,
        |records, roles, input| read::allowance(records, roles, input, &given),
        sotq::Request::Allowance,
        &charts,
        &DiceChoice::None,
        &args.common,
        &args.campaign,
        &roles,
    )
}

/// `laager sotq entry`: `--unit TYPE|unit=ID` as for the allowance.
fn entry(args: &EntryArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let unit_field = crate::field!(sotq::EntryInput: unit_type);
    let (given, roles) = type_or_role(&args.campaign, &args.fields.given, unit_field)?;
    let entry: EntryInput = described::build(&given, sotq::Entry::FIELDS, &roles)?;
    let given = given.pointers();
    resolve_and_apply(
        entry,
        |records, roles, input| read::entry(records, roles, input, &given),
        sotq::Request::Entry,
        &charts,
        &DiceChoice::None,
        &args.common,
        &args.campaign,
        &roles,
    )
}

/// `laager sotq stack`.
fn stack(args: StackArgs) -> Result<Outcome, CliError> {
    let StackArgs {
        game,
        side,
        pieces,
        common,
        campaign,
        roles,
    } = args;
    let charts = load(&common)?;
    let roles = campaign.roles(&roles, STACK_ROLES)?;
    if pieces.is_empty() && roles.0.is_empty() {
        return Err(CliError::Input(
            "give --piece SPEC (repeatable) or --unit piece-1=ID".to_owned(),
        ));
    }
    let mut given = Vec::new();
    let mut parsed = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        let (piece, gave) = input(spec::piece(p, i + 1))?;
        let at = crate::field!(StackInput: pieces).item(i);
        given.extend(gave.into_iter().map(|f| at.clone().then(f).to_string()));
        parsed.push(piece);
    }
    let stack = StackInput {
        game: game_arg(&game)?,
        side: side_arg(&side)?,
        pieces: parsed,
        origins: Origins::default(),
    };
    resolve_and_apply(
        stack,
        |records, roles, stack| read::stack(records, roles, stack, &given),
        sotq::Request::Stack,
        &charts,
        &DiceChoice::None,
        &common,
        &campaign,
        &roles,
    )
}

/// `laager sotq resupply`.
fn resupply(args: &ResupplyArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let roles = args.campaign.roles(&args.roles, UNIT_ROLES)?;
    let mut fields = args.fields.given.clone();
    if let (Some(from), Some(wagon)) = (&args.from, &args.wagon) {
        let shifted = parity(&charts)?;
        let range = hex_arg("--from", from)?.range_to(hex_arg("--wagon", wagon)?, shifted);
        fields.set(
            crate::field!(sotq::ResupplyInput: range),
            serde_json::Value::from(range),
        );
    }
    let resupply: ResupplyInput = described::build(&fields, Resupply::FIELDS, &roles)?;
    let given = fields.pointers();
    resolve_and_apply(
        resupply,
        |records, roles, input| read::resupply(records, roles, input, &given),
        sotq::Request::Resupply,
        &charts,
        &args.dice.choice(),
        &args.common,
        &args.campaign,
        &roles,
    )
}

/// `--unit TYPE` or `--unit unit=ID` in `field`: a unit type typed, or the unit of the
/// records whose troop type gives it (the field then left to them).
fn type_or_role(
    campaign: &CampaignArgs,
    given: &Given,
    field: FieldId,
) -> Result<(Given, Roles), CliError> {
    let mut given = given.clone();
    match given.get(field).and_then(serde_json::Value::as_str) {
        Some(text) if text.contains('=') => {
            let units = UnitArgs {
                units: vec![text.to_owned()],
            };
            let roles = campaign.roles(&units, UNIT_ROLES)?;
            given.remove(field);
            Ok((given, roles))
        }
        _ => Ok((given, Roles::default())),
    }
}

/// The column parity in force, for ranges counted on the way to another procedure.
fn parity(charts: &Charts) -> Result<ShiftedColumns, CliError> {
    hex::shifted_columns(charts).map_err(|refusal| {
        CliError::Input(if refusal.kind == RefusalKind::NeedsCells {
            "settings:shifted_columns is unknown: give range=N instead of a hex".to_owned()
        } else {
            refusal.reason
        })
    })
}

fn run_victory(args: &VictoryArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let mut context = None;
    let victory = match game_arg(&args.game)? {
        Game::Isandhlwana => {
            let blank = IsandhlwanaCounts {
                british_regulars_remaining: 0,
                zulu_units_eliminated: 0,
                origins: crate::rules::situation::Origins::default(),
            };
            let (read_context, mut counts, read) =
                super::situation::counted(&args.campaign.situation(), &charts, blank, |state| {
                    crate::game::victory::sotq_counts(state).map(|(counts, ..)| counts)
                })?;
            context = read_context;
            let table = "a game's records: --campaign FILE.laager [--campaign-game N]";
            super::situation::given_or_read(
                args.british_regulars_remaining,
                &mut counts.british_regulars_remaining,
                read,
                "--british-regulars-remaining N",
                table,
            )?;
            super::situation::given_or_read(
                args.zulu_eliminated,
                &mut counts.zulu_units_eliminated,
                read,
                "--zulu-eliminated N",
                table,
            )?;
            VictoryInput::Isandhlwana(counts)
        }
        Game::Omdurman => {
            let (Some(turn), Some(remaining)) = (args.turn, args.british_remaining) else {
                return Err(CliError::Input(
                    "omdurman victory needs --turn N and --british-remaining N".to_owned(),
                ));
            };
            let mut eliminated = Vec::new();
            for item in &args.british_eliminated {
                let parsed = item.split_once(':').and_then(|(t, c)| {
                    Some(EliminatedOnTurn {
                        turn: t.trim().parse().ok()?,
                        count: c.trim().parse().ok()?,
                    })
                });
                eliminated.push(parsed.ok_or_else(|| {
                    CliError::Input(format!(
                        "--british-eliminated '{item}': expected TURN:COUNT, as 9:2"
                    ))
                })?);
            }
            VictoryInput::Omdurman(OmdurmanCounts {
                turn: turn.get(),
                british_exited: args.exited.get(),
                british_remaining: remaining.get(),
                khalifa_killed: args.khalifa_killed,
                dervish_eliminated: args.dervish_eliminated.get(),
                british_eliminated: eliminated,
                turns_without_exit: args.no_exit_turns.iter().map(|t| t.get()).collect(),
            })
        }
    };
    if !matches!(victory, VictoryInput::Isandhlwana(_)) && args.campaign.campaign.is_some() {
        return Err(CliError::Input(
            "--campaign/--layout: the records give the Isandhlwana Game's counts only (the Omdurman Game's exits and turns are not in them)".to_owned(),
        ));
    }
    super::situation::run_counted(
        &crate::rules::Request::SoldiersOfTheQueen(sotq::Request::Victory(victory)),
        &charts,
        args.common.json,
        &mut context,
        args.campaign.apply,
    )
}
