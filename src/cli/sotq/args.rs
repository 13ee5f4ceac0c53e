//! The flags the `laager sotq` subcommands share or take whole: `--json` and the tables,
//! the dice, the records a unit is read from (`--campaign`, `--layout`, `--unit`), and
//! the arguments of rally, victory, entry and resupply.

use super::super::described::Described;
use super::super::situation::SituationArgs;
use super::super::{CliError, TablesArgs};
use crate::bounds::{Count, GameNumber, Seed};
use crate::dice::DiceChoice;
use crate::rules::situation::Roles;
use clap::Args;

/// `--json` and the tables in force.
#[derive(Debug, Args)]
pub struct Common {
    /// Print the resolution (or refusal) as JSON.
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) tables: TablesArgs,
}

/// Where the dice come from.
#[derive(Debug, Args)]
pub struct DiceArgs {
    /// Typed dice, in the order the procedure reads them (comma-separated).
    #[arg(
        long,
        value_name = "FACES",
        conflicts_with = "seed",
        required_unless_present = "seed"
    )]
    pub(super) dice: Option<String>,
    /// Roll with Laager's generator from this seed.
    #[arg(long)]
    pub(super) seed: Option<Seed>,
}

/// `laager sotq rally`: the flags of the engine's rally fields.
#[derive(Debug, Args)]
pub struct RallyArgs {
    #[command(flatten)]
    pub(super) fields: Described<crate::rules::soldiers_of_the_queen::Rally>,
    #[command(flatten)]
    pub(super) common: Common,
    /// With --apply: the campaign whose game the rally is logged in, a rallied unit's
    /// Routed status cleared.
    #[command(flatten)]
    pub(super) campaign: CampaignArgs,
    /// The Routed unit in its role: unit=ID.
    #[command(flatten)]
    pub(super) roles: UnitArgs,
}

/// `laager sotq victory`.
#[derive(Debug, Args)]
pub struct VictoryArgs {
    /// isandhlwana or omdurman.
    #[arg(long)]
    pub(super) game: String,
    /// Isandhlwana: British regular combat units not yet eliminated.
    #[arg(long)]
    pub(super) british_regulars_remaining: Option<Count>,
    /// Isandhlwana: Zulu combat units eliminated (leaders and uKhulutshane not counted).
    #[arg(long)]
    pub(super) zulu_eliminated: Option<Count>,
    /// Omdurman: the last Game Turn completed (1-21).
    #[arg(long)]
    pub(super) turn: Option<Count>,
    /// Omdurman: British combat units exited through the south exit hexes.
    #[arg(long, default_value = "0")]
    pub(super) exited: Count,
    /// Omdurman: British combat units neither eliminated nor exited.
    #[arg(long)]
    pub(super) british_remaining: Option<Count>,
    /// Omdurman: the Khalifa has been killed.
    #[arg(long)]
    pub(super) khalifa_killed: bool,
    /// Omdurman: Dervish combat units eliminated.
    #[arg(long, default_value = "0")]
    pub(super) dervish_eliminated: Count,
    /// Omdurman: British combat units eliminated on a Game Turn, TURN:COUNT (repeatable).
    #[arg(long = "british-eliminated", value_name = "TURN:COUNT")]
    pub(super) british_eliminated: Vec<String>,
    /// Omdurman: a Game Turn from 12 on with no British exit (repeatable or comma-separated).
    #[arg(long = "no-exit-turn", value_name = "TURN", value_delimiter = ',')]
    pub(super) no_exit_turns: Vec<Count>,
    #[command(flatten)]
    pub(super) common: Common,
    /// Isandhlwana: the counts read from a campaign's game; a count given as well wins.
    #[command(flatten)]
    pub(super) campaign: CampaignArgs,
}

/// `--campaign FILE.laager [--campaign-game N] [--apply]`: the other resolving commands'
/// `--campaign [--game N]`, whose `--game` names the scenario here; or `--layout`.
#[derive(Debug, Clone, Default, Args)]
pub struct CampaignArgs {
    /// The campaign whose game's records are read (its latest, or --campaign-game N).
    #[arg(long, value_name = "FILE.laager")]
    pub(super) campaign: Option<std::path::PathBuf>,
    /// With --campaign: the campaign's game, from 1 (`--game` names the scenario here).
    #[arg(long, value_name = "N", requires = "campaign")]
    pub(super) campaign_game: Option<GameNumber>,
    /// With --campaign: write the result to the game's log, as the desk's Apply does.
    #[arg(long, requires = "campaign")]
    pub(super) apply: bool,
    /// Read the units from the records a new game on this layout starts with (its units
    /// with their class and troop type).
    #[arg(long, value_name = "FILE.json", conflicts_with = "campaign")]
    pub(super) layout: Option<std::path::PathBuf>,
}

/// `--unit ROLE=ID`: the units of the records in the procedure's roles.
#[derive(Debug, Clone, Default, Args)]
pub struct UnitArgs {
    /// A unit of the records in its role, ROLE=ID (repeatable; the roles are in the
    /// command's help): its name, nationality (class), arm (troop type) and pinned, routed or out
    /// of ammo status come from the records; a key given in a spec wins.
    #[arg(long = "unit", value_name = "ROLE=ID")]
    pub(super) units: Vec<String>,
}

impl CampaignArgs {
    /// The campaign flags as the other resolving commands' `--campaign [--game N]`.
    pub fn situation(&self) -> SituationArgs {
        self.situation_with(Vec::new())
    }

    fn situation_with(&self, units: Vec<String>) -> SituationArgs {
        SituationArgs {
            layout: self.layout.clone(),
            campaign: self.campaign.clone(),
            game: self.campaign_game,
            units,
            apply: self.apply,
        }
    }

    /// The units in their roles, refused when a role is not the procedure's or no
    /// records are named.
    pub fn roles(&self, units: &UnitArgs, allowed: &[&str]) -> Result<Roles, CliError> {
        self.situation_with(units.units.clone()).roles(allowed)
    }
}

/// `laager sotq entry`: the flags of the engine's entry fields.
#[derive(Debug, Args)]
pub struct EntryArgs {
    #[command(flatten)]
    pub(super) fields: Described<crate::rules::soldiers_of_the_queen::Entry>,
    #[command(flatten)]
    pub(super) common: Common,
    /// The records a unit=ID is read from.
    #[command(flatten)]
    pub(super) campaign: CampaignArgs,
}

/// `laager sotq resupply`: the flags of the engine's resupply fields, and the two hexes a
/// range may be counted between instead.
#[derive(Debug, Args)]
pub struct ResupplyArgs {
    #[command(flatten)]
    pub(super) fields: Described<crate::rules::soldiers_of_the_queen::Resupply>,
    /// The unit's hex, CCRR (with --wagon, instead of --range).
    #[arg(
        long,
        value_name = "CCRR",
        requires = "wagon",
        conflicts_with = "range"
    )]
    pub(super) from: Option<String>,
    /// The Supply Wagon's hex, CCRR.
    #[arg(long, value_name = "CCRR", requires = "from", conflicts_with = "range")]
    pub(super) wagon: Option<String>,
    #[command(flatten)]
    pub(super) dice: DiceArgs,
    #[command(flatten)]
    pub(super) common: Common,
    /// The records the unit is read from.
    #[command(flatten)]
    pub(super) campaign: CampaignArgs,
    /// The unit in its role: unit=ID.
    #[command(flatten)]
    pub(super) roles: UnitArgs,
}

impl DiceArgs {
    /// The dice chosen: typed faces or a seed.
    pub(super) fn choice(&self) -> DiceChoice {
        DiceChoice::from_flags(self.dice.as_deref(), self.seed.map(Seed::get))
    }
}
