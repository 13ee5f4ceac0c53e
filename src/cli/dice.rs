//! `laager roll` and `laager odds`: every dice procedure of the four rulesets, thrown by
//! Laager's seeded generator or typed in from the table, and its exact odds.

use super::{CliError, Outcome, print_odds, print_resolved};
use crate::bounds::{ColourDice, Count, DieFace, Factor, HospitalBox, Seed};
use crate::charts::Charts;
use crate::dice::dba::GatlingThrow;
use crate::dice::micro_colonial::{Room, SameColour};
use crate::dice::{DiceProcedure, DiceSource, EnteredDice, RollError, SeededDice};
use crate::rules::Outcome as RuleOutcome;
use clap::{Args, Subcommand, ValueEnum};

/// `laager roll PROCEDURE [ARGS] (--seed N | --dice FACES) [--json]`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// The procedure and its arguments.
    #[command(subcommand)]
    pub procedure: ProcedureCommand,
    /// Roll with Laager's generator from this seed (the same seed replays the same faces).
    #[arg(long, global = true, value_name = "N")]
    pub seed: Option<Seed>,
    /// The faces thrown at the table: `B4,R2` for Micro Colonial random factors (B black,
    /// plus; R red, minus; any order), otherwise `1,1,3,5,6` in the order the help gives.
    #[arg(long, global = true, value_name = "FACES", allow_hyphen_values = true)]
    pub dice: Option<String>,
    /// Print the resolution as JSON.
    #[arg(long, global = true)]
    pub json: bool,
}

/// `laager odds PROCEDURE [ARGS] [--json]`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The procedure and its arguments.
    #[command(subcommand)]
    pub procedure: ProcedureCommand,
    /// Print the odds JSON form.
    #[arg(long, global = true)]
    pub json: bool,
}

/// How two dice of one colour count in a Micro Colonial random factor.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SameColourArg {
    /// Add them (the default).
    Sum,
    /// Only the highest die of each colour counts.
    Highest,
}

/// The procedures, named `RULESET-PROCEDURE`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub enum ProcedureCommand {
    /// Micro Colonial RANDOM FACTOR: black dice count plus, red minus (one of each by
    /// default; 2 black 1 red on impact or a first volley; 1 black 2 red mounted fire).
    /// Dice: B and R faces, any order.
    #[command(name = "mc-random-factor")]
    McRandomFactor {
        /// Black (plus) dice.
        #[arg(long, default_value = "1")]
        black: ColourDice,
        /// Red (minus) dice.
        #[arg(long, default_value = "1")]
        red: ColourDice,
        /// same_colour_dice: how two dice of one colour count (the document does not say).
        #[arg(long = "same-colour", value_enum, default_value = "sum")]
        same_colour: SameColourArg,
    },
    /// Micro Colonial BREAK (ROUT): fighting factors lost in a move of rout, one die x 10.
    #[command(name = "mc-rout-loss")]
    McRoutLoss,
    /// Micro Colonial RALLYING: one die against the Rally table's minimum score.
    #[command(name = "mc-rally")]
    McRally {
        /// The minimum score from the Rally table.
        #[arg(long)]
        min: DieFace,
    },
    /// Micro Colonial sub-commander initiative: 1-2 carry on, 3-6 may change orders.
    #[command(name = "mc-initiative")]
    McInitiative,
    /// Micro Colonial PURSUIT (second and later rounds): 1-4 continue, 5-6 may break off.
    #[command(name = "mc-pursuit")]
    McPursuit,
    /// Rorke's Drift break-in: a random factor better than +2 (occupied) or 0 (empty).
    /// Dice: one B and one R face.
    #[command(name = "mc-break-in", group = clap::ArgGroup::new("room").required(true))]
    McBreakIn {
        /// The room holds a defender.
        #[arg(long, group = "room")]
        occupied: bool,
        /// The room is empty.
        #[arg(long, group = "room")]
        empty: bool,
    },
    /// DBA Combat - General: a die each side plus its combat factor; result a − b.
    /// Dice: a's die, then b's.
    #[command(name = "dba-opposed")]
    DbaOpposed {
        /// Side a's combat factor with its modifiers.
        #[arg(long, allow_negative_numbers = true)]
        a: Factor,
        /// Side b's combat factor with its modifiers.
        #[arg(long, allow_negative_numbers = true)]
        b: Factor,
    },
    /// DBA Sequence of Events: one die of command points for the phase.
    #[command(name = "dba-command")]
    DbaCommand,
    /// DBA Gatling: the combat die jams on an unmodified 1 (result true = jammed); with
    /// --repair, a 6 repairs it (result true = repaired).
    #[command(name = "dba-gatling")]
    DbaGatling {
        /// A repair attempt (one command point) instead of the combat die.
        #[arg(long)]
        repair: bool,
    },
    /// Victoria Cross bucket: hits on T or better (fire, melee; Zulu random fire is
    /// --hit 6). Result: hits.
    #[command(name = "vc-bucket")]
    VcBucket {
        /// The dice, one per SP (with --volley, the SP: three dice each); at most 300 dice.
        #[arg(long)]
        count: Count,
        /// The lowest face that hits: 3 for "3+", 6 for "6 only".
        #[arg(long)]
        hit: DieFace,
        /// Volley fire: three dice for each SP.
        #[arg(long)]
        volley: bool,
    },
    /// Victoria Cross (Isandlwana) ammunition: one die per 1 rolled; each die of D or
    /// less (zones to zone 15) depletes a unit. Result: units depleted.
    #[command(name = "vc-ammo")]
    VcAmmo {
        /// The 1s the firers rolled.
        #[arg(long)]
        ones: Count,
        /// Zones from the firing unit to zone 15 (0 counts as 1).
        #[arg(long)]
        distance: Count,
    },
    /// Victoria Cross (Rorke's Drift) hospital fire: 1 no move, 2-4 +1, 5 +2, 6 +3;
    /// burned down at box 5. Result: the box the marker ends in.
    #[command(name = "vc-hospital-fire")]
    VcHospitalFire {
        /// The box the marker is in (0 before the fire starts).
        #[arg(long, default_value = "0")]
        track: HospitalBox,
    },
    /// Soldiers of the Queen: one die for a results table.
    #[command(name = "sotq-d6")]
    SotqD6,
    /// Soldiers of the Queen death of leaders: two dice, killed on 2 or 12 (result true).
    #[command(name = "sotq-leader-death")]
    SotqLeaderDeath,
    /// Soldiers of the Queen pre-melee morale check: one die − 2.
    #[command(name = "sotq-pre-melee")]
    SotqPreMelee,
    /// Soldiers of the Queen PN*: the firer re-rolls; 1-5 pinned, 6 eliminate a unit.
    #[command(name = "sotq-pn-star")]
    SotqPnStar,
}

impl ProcedureCommand {
    /// The library's procedure for these arguments.
    pub fn procedure(self) -> DiceProcedure {
        match self {
            ProcedureCommand::McRandomFactor {
                black,
                red,
                same_colour,
            } => DiceProcedure::McRandomFactor {
                black: black.get(),
                red: red.get(),
                same: match same_colour {
                    SameColourArg::Sum => SameColour::Sum,
                    SameColourArg::Highest => SameColour::Highest,
                },
            },
            ProcedureCommand::McRoutLoss => DiceProcedure::McRoutLoss,
            ProcedureCommand::McRally { min } => DiceProcedure::McRally { min: min.get() },
            ProcedureCommand::McInitiative => DiceProcedure::McInitiative,
            ProcedureCommand::McPursuit => DiceProcedure::McPursuit,
            ProcedureCommand::McBreakIn { occupied, .. } => DiceProcedure::McBreakIn {
                room: if occupied {
                    Room::Occupied
                } else {
                    Room::Empty
                },
            },
            ProcedureCommand::DbaOpposed { a, b } => DiceProcedure::DbaOpposed {
                a: a.get(),
                b: b.get(),
            },
            ProcedureCommand::DbaCommand => DiceProcedure::DbaCommand,
            ProcedureCommand::DbaGatling { repair } => DiceProcedure::DbaGatling {
                throw: if repair {
                    GatlingThrow::Repair
                } else {
                    GatlingThrow::Combat
                },
            },
            ProcedureCommand::VcBucket { count, hit, volley } => DiceProcedure::VcBucket {
                count: count.get(),
                hit: hit.get(),
                volley,
            },
            ProcedureCommand::VcAmmo { ones, distance } => DiceProcedure::VcAmmo {
                ones: ones.get(),
                distance: distance.get(),
            },
            ProcedureCommand::VcHospitalFire { track } => {
                DiceProcedure::VcHospitalFire { track: track.get() }
            }
            ProcedureCommand::SotqD6 => DiceProcedure::SotqD6,
            ProcedureCommand::SotqLeaderDeath => DiceProcedure::SotqLeaderDeath,
            ProcedureCommand::SotqPreMelee => DiceProcedure::SotqPreMelee,
            ProcedureCommand::SotqPnStar => DiceProcedure::SotqPnStar,
        }
    }
}

fn tables_hash() -> Result<String, CliError> {
    let charts = Charts::shipped().map_err(|errors| {
        CliError::Internal(
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    Ok(charts.hash().to_owned())
}

/// A typed-dice error, naming the flag: `--dice: '7' is not a die face (expected 1-6)`.
fn dice_error(e: &dyn std::error::Error) -> CliError {
    CliError::Input(e.to_string().replacen("dice:", "--dice:", 1))
}

/// Runs `laager roll`.
pub fn run_roll(args: &RollArgs) -> Result<Outcome, CliError> {
    let procedure = args.procedure.procedure();
    let mut dice: Box<dyn DiceSource> = match (&args.seed, &args.dice) {
        (Some(seed), None) => Box::new(SeededDice::new(seed.get())),
        (None, Some(faces)) => Box::new(EnteredDice::parse(faces).map_err(|e| dice_error(&e))?),
        (Some(_), Some(_)) => {
            return Err(CliError::Input(
                "roll: give --seed N or --dice FACES, not both".to_owned(),
            ));
        }
        (None, None) => {
            return Err(CliError::Input(
                "roll: give --seed N (Laager rolls) or --dice FACES (typed from the table)"
                    .to_owned(),
            ));
        }
    };
    let hash = tables_hash()?;
    match procedure.resolve(dice.as_mut(), &hash) {
        Ok(resolution) => Ok(print_resolved(
            &Ok(resolution.map_outcome(RuleOutcome::Roll)),
            args.json,
        )),
        Err(RollError::Refused(refusal)) => Ok(print_resolved(&Err(*refusal), args.json)),
        Err(e @ (RollError::Dice(_) | RollError::Leftover { .. })) => Err(dice_error(&e)),
        Err(e @ RollError::Invalid(_)) => Err(CliError::Input(e.to_string())),
    }
}

/// Runs `laager odds`.
pub fn run_odds(args: &OddsArgs) -> Result<Outcome, CliError> {
    let procedure = args.procedure.procedure();
    match procedure.odds() {
        Ok(odds) => {
            if !args.json {
                println!(
                    "{}",
                    crate::rules::words::heading(procedure.ruleset(), procedure.name())
                );
                if let Some(note) = procedure.odds_note() {
                    println!("note: {note}");
                }
            }
            print_odds(&odds, args.json, procedure.better_is_higher(), None);
            Ok(Outcome::Done)
        }
        Err(RollError::Refused(refusal)) => Ok(print_resolved(&Err(*refusal), args.json)),
        Err(e) => Err(CliError::Input(e.to_string())),
    }
}
