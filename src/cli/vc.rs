//! `laager vc ...`: Victoria Cross II from the command line: British fire, volley fire,
//! ammunition, Zulu random fire, melee and the hospital fire, each with typed dice, a seed
//! or its exact odds.

// The rules return the architecture's `Refusal` by value (see `rules::victoria_cross`).
#![allow(clippy::result_large_err)]

use super::{CliError, Outcome, TablesArgs, print_odds, print_resolved};
use crate::charts::Charts;
use crate::dice::{DiceError, DiceSource, EnteredDice, SeededDice};
use crate::resolution::{Odds, Refusal, Resolution};
use crate::rules::victoria_cross::{
    self as vc, AmmoSituation, Battle, FireSituation, HospitalSituation, MeleeSituation,
    RandomFireSituation, Side, VcError, VolleySituation, ZoneFire,
};
use crate::ruleset::Ruleset;
use clap::{Args, Subcommand, ValueEnum};

/// `laager vc ...`.
#[derive(Debug, Subcommand)]
pub enum VcCommand {
    /// British fire from one zone at one target zone: one die per firing SP.
    Fire {
        /// The battle.
        #[arg(long, value_enum)]
        battle: BattleArg,
        /// The firing SP (British infantry, cavalry, leaders; the artillery battery 6).
        #[arg(long)]
        sp: u32,
        /// The range in zones, from the firing zone's list (R1, R2, R3).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3), required_unless_present = "from", conflicts_with = "from")]
        range: Option<u8>,
        /// Instead of --range: the firing zone, read off the board's fire lists.
        #[arg(long, value_name = "ZONE", requires = "to")]
        from: Option<String>,
        /// With --from: the target zone.
        #[arg(long, value_name = "ZONE", requires = "from")]
        to: Option<String>,
        /// With --from: the zones holding British units, which may block the line of sight.
        #[arg(
            long,
            value_name = "ZONE,...",
            value_delimiter = ',',
            requires = "from"
        )]
        friendly: Vec<String>,
        /// A night turn (Rorke's Drift): the British range is at most 2 zones.
        #[arg(long)]
        night: bool,
        /// Rorke's Drift: a zone lies between the firer and the wall it fires over.
        #[arg(long)]
        zone_before_wall: bool,
        #[command(flatten)]
        dice: DiceArgs,
        #[command(flatten)]
        common: Common,
    },
    /// A leader's volley fire with N infantry SP (1-4): 3 x (N + 1) dice at an adjacent zone.
    Volley {
        /// The battle.
        #[arg(long, value_enum)]
        battle: BattleArg,
        /// The British infantry SP grouped with the leader (1-4).
        #[arg(long)]
        sp: u32,
        #[command(flatten)]
        dice: DiceArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Isandlwana's ammunition check: re-roll one die per 1, each at or under the distance
    /// to zone 15 marks a unit Ammo Depleted.
    Ammo {
        /// The 1s rolled in the fire.
        #[arg(long)]
        ones: u32,
        /// Zones from the firing zone to zone 15 (zone 15 itself counts 1).
        #[arg(long, required_unless_present = "from", conflicts_with = "from")]
        distance: Option<u32>,
        /// Instead of --distance: the firing zone, the distance counted on the board.
        #[arg(long, value_name = "ZONE")]
        from: Option<String>,
        #[command(flatten)]
        dice: DiceArgs,
        #[command(flatten)]
        common: Common,
    },
    /// The Zulu random fire: a hit on each 6 (5 and 6 at the water cart).
    RandomFire {
        /// The battle.
        #[arg(long, value_enum)]
        battle: BattleArg,
        /// A night turn (Rorke's Drift).
        #[arg(long)]
        night: bool,
        /// The fire is at British units in zone J with the water cart (Rorke's Drift).
        #[arg(long)]
        water_cart: bool,
        #[command(flatten)]
        dice: DiceArgs,
        #[command(flatten)]
        common: Common,
    },
    /// One side's melee into one zone: one die per SP.
    Melee {
        /// The battle.
        #[arg(long, value_enum)]
        battle: BattleArg,
        /// Who melees.
        #[arg(long, value_enum)]
        side: SideArg,
        /// The meleeing SP (the artillery counts 1).
        #[arg(long)]
        sp: u32,
        /// Rorke's Drift: across a wall, door or window, or into or out of a building zone.
        #[arg(long)]
        across_wall: bool,
        #[command(flatten)]
        dice: DiceArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Rorke's Drift's Hospital Phase: one die moves the fire marker along the track.
    Hospital {
        /// The box of the Hospital Fire Track the marker is in.
        #[arg(long, default_value_t = 0)]
        track: u32,
        #[command(flatten)]
        dice: DiceArgs,
        #[command(flatten)]
        common: Common,
    },
}

/// The battle, on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BattleArg {
    /// Isandlwana.
    Isandlwana,
    /// Rorke's Drift.
    RorkesDrift,
}

impl From<BattleArg> for Battle {
    fn from(arg: BattleArg) -> Battle {
        match arg {
            BattleArg::Isandlwana => Battle::Isandlwana,
            BattleArg::RorkesDrift => Battle::RorkesDrift,
        }
    }
}

/// The side, on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SideArg {
    /// The British player.
    British,
    /// The Zulu player.
    Zulu,
}

/// Where the dice come from: typed, seeded, or none (exact odds).
#[derive(Debug, Clone, Args)]
#[group(required = true, multiple = false)]
pub struct DiceArgs {
    /// The faces thrown at the table, comma-separated (`1,1,3,5,6`).
    #[arg(long, value_name = "F,...")]
    pub dice: Option<String>,
    /// Roll with Laager's generator from this seed.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Print the exact odds of the outcome instead of rolling.
    #[arg(long)]
    pub odds: bool,
}

/// `--json` and the tables in force.
#[derive(Debug, Clone, Args)]
pub struct Common {
    /// Print the JSON form.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub tables: TablesArgs,
}

/// Runs a `vc` subcommand.
pub fn run(command: VcCommand) -> Result<Outcome, CliError> {
    match command {
        VcCommand::Fire {
            battle,
            sp,
            range,
            from,
            to,
            friendly,
            night,
            zone_before_wall,
            dice,
            common,
        } => {
            if let (Some(from), Some(to)) = (from, to) {
                let s = ZoneFire {
                    battle: battle.into(),
                    from,
                    to,
                    sp,
                    night,
                    friendly,
                    walls_crossed: u32::from(zone_before_wall),
                    zone_before_wall,
                };
                return go(
                    &dice,
                    &common,
                    "one die per firing SP",
                    |c, d| vc::zone_fire(c, &s, d),
                    |c| vc::zone_fire_odds(c, &s),
                );
            }
            let range = range.unwrap_or_default();
            let mut s = FireSituation::new(battle.into(), sp, range);
            s.night = night;
            if zone_before_wall {
                s.zone_before_wall = true;
                s.walls_crossed = 1;
            }
            go(
                &dice,
                &common,
                "one die per firing SP",
                |c, d| vc::fire(c, &s, d),
                |c| vc::fire_odds(c, &s),
            )
        }
        VcCommand::Volley {
            battle,
            sp,
            dice,
            common,
        } => {
            let s = VolleySituation::new(battle.into(), sp);
            go(
                &dice,
                &common,
                "three dice for each SP and for the leader",
                |c, d| vc::volley(c, &s, d),
                |c| vc::volley_odds(c, &s),
            )
        }
        VcCommand::Ammo {
            ones,
            distance,
            from,
            dice,
            common,
        } => {
            if let Some(from) = from {
                return go(
                    &dice,
                    &common,
                    "one re-roll per 1",
                    |c, d| vc::zone_ammo(c, &from, ones, d),
                    |c| {
                        let distance = vc::zone_ammo_distance(c, &from)?;
                        vc::ammo_odds(&AmmoSituation {
                            ones,
                            distance,
                            markable_units: None,
                        })
                    },
                );
            }
            let distance = distance.unwrap_or_default();
            let s = AmmoSituation {
                ones,
                distance,
                markable_units: None,
            };
            go(
                &dice,
                &common,
                "one re-roll per 1",
                |c, d| vc::ammo(c, &s, d),
                |_| vc::ammo_odds(&s),
            )
        }
        VcCommand::RandomFire {
            battle,
            night,
            water_cart,
            dice,
            common,
        } => {
            let mut s = RandomFireSituation::new(battle.into());
            s.night = night;
            s.water_cart = water_cart;
            go(
                &dice,
                &common,
                "the Zulu random fire dice",
                |c, d| vc::random_fire(c, &s, d),
                |c| vc::random_fire_odds(c, &s),
            )
        }
        VcCommand::Melee {
            battle,
            side,
            sp,
            across_wall,
            dice,
            common,
        } => {
            let side = match side {
                SideArg::British => Side::British,
                SideArg::Zulu => Side::Zulu,
            };
            let mut s = MeleeSituation::new(battle.into(), side, sp);
            s.across_wall = across_wall;
            go(
                &dice,
                &common,
                "one die per meleeing SP",
                |c, d| vc::melee(c, &s, d),
                |c| vc::melee_odds(c, &s),
            )
        }
        VcCommand::Hospital {
            track,
            dice,
            common,
        } => {
            let s = HospitalSituation {
                track,
                zulu_melee_on_hospital: true,
            };
            go(
                &dice,
                &common,
                "one die",
                |c, d| vc::hospital(c, &s, d),
                |c| vc::hospital_odds(c, &s),
            )
        }
    }
}

/// Loads the tables, then resolves with typed or seeded dice, or prints the odds.
fn go(
    dice: &DiceArgs,
    common: &Common,
    what: &str,
    resolve: impl FnOnce(&Charts, &mut dyn DiceSource) -> Result<Resolution, VcError>,
    odds: impl FnOnce(&Charts) -> Result<Odds, Refusal>,
) -> Result<Outcome, CliError> {
    let charts = common.tables.load(Ruleset::VictoriaCross)?;
    if dice.odds {
        return Ok(match odds(&charts) {
            Ok(odds) => {
                print_odds(&odds, common.json, true);
                Outcome::Done
            }
            Err(refusal) => print_resolved(&Err(refusal), common.json),
        });
    }
    let result = if let Some(text) = &dice.dice {
        let mut entered =
            EnteredDice::parse(text).map_err(|e| CliError::Input(format!("--{e}")))?;
        let result = resolve(&charts, &mut entered);
        if let Ok(resolution) = &result
            && entered.unused() > 0
        {
            let used: usize = resolution.rolls.iter().map(|r| r.faces.len()).sum();
            return Err(CliError::Input(format!(
                "--dice: {used} needed ({what}), {} given",
                used + entered.unused()
            )));
        }
        result
    } else {
        let seed = dice.seed.unwrap_or_default();
        resolve(&charts, &mut SeededDice::new(seed))
    };
    match result {
        Ok(resolution) => Ok(print_resolved(&Ok(resolution), common.json)),
        Err(VcError::Refused(refusal)) => Ok(print_resolved(&Err(refusal), common.json)),
        Err(VcError::Dice(DiceError::WrongCount { wanted, given, .. })) => Err(CliError::Input(
            format!("--dice: {wanted} needed ({what}), {given} given"),
        )),
        Err(VcError::Dice(e)) => Err(CliError::Input(format!("--{e}"))),
    }
}
