//! `laager dba combat|command|victory`: the DBA-style Zulu rules from the command line.

use super::situation::{SituationArgs, counted, given_or_read, run_counted};
use super::{
    CliError, Outcome, TablesArgs, print_odds, print_resolved, run_and_apply, run_request,
};
use crate::bounds::{Count, DieFace, Millimetres, Seed, Strength};
use crate::dice::DiceChoice;
use crate::rules::dba_zulu::{
    self, CombatInput, CombatKind, CommandInput, Contact, ModifierName, Modifiers, MoveOrder,
    SideId, TroopType, VictoryInput,
};
use crate::rules::{Procedure as _, Request};
use crate::ruleset::Ruleset;
use clap::{ArgGroup, Args, Subcommand};

/// `laager dba ...`.
#[derive(Debug, Subcommand)]
pub enum DbaCommand {
    /// Resolve a ranged or close combat between two bases (a attacks, b defends).
    Combat(CombatArgs),
    /// Cost a phase's orders in command points against the phase's d6.
    Command(CommandArgs),
    /// Whether a side has lost a third or more of its bases.
    Victory(VictoryArgs),
}

fn troop(text: &str) -> Result<TroopType, String> {
    text.parse()
}

fn kind(text: &str) -> Result<CombatKind, String> {
    text.parse()
}

fn contact(text: &str) -> Result<Contact, String> {
    text.parse()
}

fn modifier(text: &str) -> Result<(SideId, ModifierName, u32), String> {
    Modifiers::parse_arg(text)
}

fn order(text: &str) -> Result<MoveOrder, String> {
    text.parse()
}

fn scale(text: &str) -> Result<String, String> {
    const SCALES: [&str; 4] = ["15mm", "25mm", "10mm", "6mm"];
    if SCALES.contains(&text) {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "'{text}' is not a figure scale: expected {}",
            SCALES.join(", ")
        ))
    }
}

/// `laager dba combat`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit a=ID --unit b=ID` (roles: `a` the firer or the base that moved into contact,
/// `b` the target) builds the combat as the desk does — the troop types, the contact edge,
/// the distance, the figure scale and the modifiers the table decides, a lost amabutho base
/// from the records; a flag given here wins, and a step says so.
#[allow(clippy::struct_excessive_bools)] // clap flags
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("source").required(true).args(["dice", "seed", "odds"])))]
pub struct CombatArgs {
    /// close (melee) or ranged (fire).
    #[arg(long, value_name = "close|ranged", value_parser = kind)]
    pub kind: CombatKind,
    /// Side a, the attacker (the firer, or the base that moved into contact): british-regulars,
    /// cavalry, lancers, light-horse, dismounted-light-horse, nnc, zulus, zulu-rifles,
    /// artillery, gatling, rockets, baggage-train, camp, kraal, laager. Needed unless a
    /// table gives it (--unit a=ID).
    #[arg(long = "a", value_name = "TYPE", value_parser = troop)]
    pub a: Option<TroopType>,
    /// Side b, the defender (the target); the same types. Needed unless a table gives it.
    #[arg(long = "b", value_name = "TYPE", value_parser = troop)]
    pub b: Option<TroopType>,
    /// The dice rolled at the table: a's die, then b's.
    #[arg(long, value_name = "A,B")]
    pub dice: Option<String>,
    /// Roll with Laager's generator from this seed.
    #[arg(long, value_name = "N")]
    pub seed: Option<Seed>,
    /// The exact odds of every outcome over the 36 rolls, instead of a roll.
    #[arg(long)]
    pub odds: bool,
    /// Where a's front edge touches b (default: front, or the table's contact).
    #[arg(long, value_name = "front|flank|rear", value_parser = contact)]
    pub contact: Option<Contact>,
    /// A modifier on the side whose total it changes: rough, contacting-foot-in-rough,
    /// prepared-position, overlaps=N, flank-or-rear, fire-aided-against=N, enfiladed, square,
    /// small-river, donga, higher-ground, amabutho-base-lost (repeatable). With a table,
    /// `NAME=0` clears a flag the table set.
    #[arg(long = "mod", value_name = "a:NAME[=N] | b:NAME[=N]", value_parser = modifier)]
    pub mods: Vec<(SideId, ModifierName, u32)>,
    /// The bases are in contact: ranged combat at bases in contact; in close combat over a
    /// table that shows the bases apart, the referee's call that they touch (a step says so).
    #[arg(long)]
    pub in_contact: bool,
    /// Ranged combat where b, though able to fire, does not return fire (out of its range,
    /// or by choice); the firer then suffers no adverse result.
    #[arg(long)]
    pub no_return_fire: bool,
    /// Ranged combat with no distance measured (no --range-mm, no table): a is within b's
    /// own listed range, and b returns fire. Without a distance, one of --return-fire and
    /// --no-return-fire is needed.
    #[arg(long, conflicts_with = "no_return_fire")]
    pub return_fire: bool,
    /// The figure scale for distances (default: the setting figure_scale, 15mm).
    #[arg(long, value_name = "15mm|25mm|10mm|6mm", value_parser = scale)]
    pub scale: Option<String>,
    /// Ranged combat: the distance between the bases' nearest points, mm, checked against
    /// the firer's listed range at the figure scale.
    #[arg(long, value_name = "MM")]
    pub range_mm: Option<Millimetres>,
    /// Print the resolution (or odds) as JSON.
    #[arg(long)]
    pub json: bool,
    /// The tables in force.
    #[command(flatten)]
    pub tables: TablesArgs,
    /// The table the combat is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `laager dba command`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit commander=ID` and `--unit move-1=ID` ... `--unit move-12=ID` (each a single
/// base ordered) costs those orders as measured from the commander's base: within 6" no
/// extra point, beyond 12" in open terrain the extra point; what the table cannot decide
/// (out of his sight, concealment) is named as left to the referee, and `--beyond` says it.
/// The `--move` orders are costed after them.
#[derive(Debug, Args)]
pub struct CommandArgs {
    /// The phase's d6: the command points available.
    #[arg(long, value_name = "N")]
    pub roll: DieFace,
    /// One order: base|formation, with :far (12" beyond the commander in open terrain) or
    /// :out-of-sight (6" beyond, out of his sight or in concealment), and :line=K for a line
    /// of K bases (repeatable).
    #[arg(long = "move", value_name = "base|formation[:far|:out-of-sight][:line=K]", value_parser = order)]
    pub moves: Vec<MoveOrder>,
    /// Zulu formations deployed (or the loins committed) this phase, 2 points each.
    #[arg(long, value_name = "N", default_value = "0")]
    pub deploy_formation: Count,
    /// Gatling guns whose repair is attempted, 1 point each.
    #[arg(long, value_name = "N", default_value = "0")]
    pub gatling_repair: Count,
    /// With a table: the extra point of the base in a move-K role as the referee calls it,
    /// winning over the table's: far, out-of-sight or none (repeatable).
    #[arg(long, value_name = "move-K=far|out-of-sight|none", value_parser = beyond)]
    pub beyond: Vec<(String, Beyond)>,
    /// Print the resolution as JSON.
    #[arg(long)]
    pub json: bool,
    /// The tables in force.
    #[command(flatten)]
    pub tables: TablesArgs,
    /// The table the orders are measured on.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The extra command point of one order, as `--beyond` calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beyond {
    /// 12" beyond the commander's base in open terrain.
    Far,
    /// 6" beyond, out of his sight or in concealment.
    OutOfSight,
    /// No extra point.
    None,
}

fn beyond(text: &str) -> Result<(String, Beyond), String> {
    let Some((role, call)) = text.split_once('=') else {
        return Err(format!("'{text}': expected move-K=far|out-of-sight|none"));
    };
    let call = match call.trim() {
        "far" => Beyond::Far,
        "out-of-sight" => Beyond::OutOfSight,
        "none" => Beyond::None,
        other => {
            return Err(format!(
                "'{other}' is not an extra point: expected far, out-of-sight or none"
            ));
        }
    };
    Ok((role.trim().to_owned(), call))
}

/// `laager dba victory`.
#[derive(Debug, Args)]
pub struct VictoryArgs {
    /// The side's total bases, not counting baggage train bases. Needed unless a table's
    /// records give it (--side NAME).
    #[arg(long, value_name = "N")]
    pub bases: Option<Strength>,
    /// Bases lost, not counting baggage train bases. Needed unless a table's records give
    /// it.
    #[arg(long, value_name = "N")]
    pub lost: Option<Strength>,
    /// Baggage train bases lost (each counts as two) [default: 0, or the records'].
    #[arg(long, value_name = "N")]
    pub baggage_lost: Option<Strength>,
    /// With --campaign (or --layout): the side whose units' records give its bases and
    /// losses, as the layout names it (`Zulu`, `British`).
    #[arg(long, value_name = "NAME")]
    pub side: Option<String>,
    /// The table and records the side is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
    /// Print the resolution as JSON.
    #[arg(long)]
    pub json: bool,
    /// The tables in force.
    #[command(flatten)]
    pub tables: TablesArgs,
}

/// Runs a `dba` subcommand.
pub fn run(command: DbaCommand) -> Result<Outcome, CliError> {
    match command {
        DbaCommand::Combat(args) => combat(args),
        DbaCommand::Command(args) => command_points(args),
        DbaCommand::Victory(args) => victory(&args),
    }
}

fn command_points(args: CommandArgs) -> Result<Outcome, CliError> {
    let charts = args.tables.load(Ruleset::DbaZulu)?;
    let roles = args.situation.roles(dba_zulu::Command::ROLES)?;
    let given = CommandInput {
        roll: args.roll.get(),
        moves: args.moves,
        deploy_formations: args.deploy_formation.get(),
        gatling_repairs: args.gatling_repair.get(),
        ..CommandInput::default()
    };
    let mut input = match args.situation.context(&charts)? {
        Some(context) => match dba_zulu::situation::command(
            &charts,
            &context.layout,
            context.records(),
            &roles,
            given,
        ) {
            Ok(input) => input,
            Err(refusal) => return Ok(print_resolved(&Err(refusal), args.json)),
        },
        None => given,
    };
    // A call given here wins over the table's; the origins step says so.
    for (role, call) in args.beyond {
        let Some(id) = roles.get(&role) else {
            return Err(CliError::Input(format!(
                "--beyond {role}=...: no --unit {role}=ID names the base of that order"
            )));
        };
        let Some(order) = input
            .moves
            .iter_mut()
            .find(|o| o.base.as_deref() == Some(id))
        else {
            return Err(CliError::Internal(format!("no order for '{id}'")));
        };
        order.far = call == Beyond::Far;
        order.out_of_sight = call == Beyond::OutOfSight;
    }
    let request = Request::DbaZulu(dba_zulu::Request::Command(input));
    run_request(&request, &charts, &DiceChoice::None, args.json)
}

fn combat(args: CombatArgs) -> Result<Outcome, CliError> {
    super::odds_apply_nothing(args.odds, args.situation.apply)?;
    let charts = args.tables.load(Ruleset::DbaZulu)?;
    let roles = args.situation.roles(dba_zulu::Combat::ROLES)?;
    let mut context = args.situation.context(&charts)?;
    let mut input = match &context {
        Some(context) => {
            match dba_zulu::situation::combat(&context.layout, context.records(), &roles, args.kind)
            {
                Ok(input) => input,
                Err(refusal) => return Ok(print_resolved(&Err(refusal), args.json)),
            }
        }
        None => {
            let (Some(a), Some(b)) = (args.a, args.b) else {
                return Err(CliError::Input(
                    "give --a TYPE and --b TYPE, or a table: --layout FILE.json (or --campaign FILE.laager) with --unit a=ID --unit b=ID"
                        .to_owned(),
                ));
            };
            CombatInput::new(args.kind, a, b)
        }
    };
    // A flag given here wins over the table's value; the origins step says so.
    if let Some(a) = args.a {
        input.a.troop = a;
    }
    if let Some(b) = args.b {
        input.b.troop = b;
    }
    if let Some(contact) = args.contact {
        input.contact = contact;
    }
    if args.in_contact {
        input.in_contact = true;
    }
    input.b_holds_fire |= args.no_return_fire;
    input.b_returns_fire |= args.return_fire;
    if args.scale.is_some() {
        input.scale = args.scale;
    }
    if args.range_mm.is_some() {
        input.range_mm = args.range_mm.map(f64::from);
    }
    let from_table = context.is_some();
    for (side, name, count) in args.mods {
        let mods = match side {
            SideId::A => &mut input.a.mods,
            SideId::B => &mut input.b.mods,
        };
        let error = |e: String| CliError::Input(format!("--mod {}:{name}: {e}", side.name()));
        if from_table {
            // Over a table's reading a flag replaces its value (NAME=0 clears it).
            let mut check = Modifiers::default();
            if count > 0 {
                check.set(name, count).map_err(error)?;
            }
            dba_zulu::situation::put(mods, name, count);
        } else {
            mods.set(name, count).map_err(error)?;
        }
    }
    let (a_troop, b_troop) = (input.a.troop, input.b.troop);
    let request = Request::DbaZulu(dba_zulu::Request::Combat(input));
    if args.odds {
        return Ok(match request.odds(&charts) {
            Some(Ok(odds)) => {
                if !args.json {
                    println!(
                        "{} {} combat odds: a ({}) against b ({}), over the 36 rolls",
                        Ruleset::DbaZulu.title(),
                        args.kind.name(),
                        a_troop.printed_name(&charts),
                        b_troop.printed_name(&charts),
                    );
                }
                print_odds(
                    &odds,
                    args.json,
                    request.better_is_higher(),
                    Some((&request, &roles)),
                );
                Outcome::Done
            }
            Some(Err(refusal)) => print_resolved(&Err(refusal), args.json),
            None => return Err(CliError::Internal("dba combat has no odds".to_owned())),
        });
    }
    let dice = DiceChoice::from_flags(args.dice.as_deref(), args.seed.map(Seed::get));
    let apply = context.as_mut().filter(|_| args.situation.apply);
    run_and_apply(&request, &charts, &dice, args.json, &roles, apply)
}

/// `laager dba victory`: the side's bases and losses from the flags, or from its units'
/// records (`--campaign`/`--layout` with `--side`), a flag given winning.
fn victory(args: &VictoryArgs) -> Result<Outcome, CliError> {
    let charts = args.tables.load(Ruleset::DbaZulu)?;
    let (mut context, mut input, read) =
        counted(&args.situation, &charts, VictoryInput::default(), |state| {
            let Some(side) = &args.side else {
                return Err(
                    "--campaign/--layout: give --side NAME, the side whose records are read"
                        .to_owned(),
                );
            };
            crate::game::victory::dba_side(state, side).ok_or_else(|| {
                format!(
                    "--side {side}: the records show no bases of that side (sides: {})",
                    state.sides().join(", ")
                )
            })
        })?;
    if args.side.is_some() && !read {
        return Err(CliError::Input(
            "--side reads a side's records: give --campaign FILE.laager (or --layout FILE.json)"
                .to_owned(),
        ));
    }
    let table = "a side's records: --campaign FILE.laager --side NAME";
    given_or_read(
        args.bases.map(Strength::get),
        &mut input.bases,
        read,
        "--bases N",
        table,
    )?;
    given_or_read(
        args.lost.map(Strength::get),
        &mut input.lost,
        read,
        "--lost N",
        table,
    )?;
    if let Some(baggage) = args.baggage_lost {
        input.baggage_lost = baggage.get();
    }
    let request = Request::DbaZulu(dba_zulu::Request::Victory(input));
    run_counted(
        &request,
        &charts,
        args.json,
        &mut context,
        args.situation.apply,
    )
}
