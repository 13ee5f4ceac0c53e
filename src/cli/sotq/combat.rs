//! `laager sotq fire` and `laager sotq melee`: their flags and the situations built from them.

// Flag structs mirror the rulebook's yes-or-no conditions; the rules return their contract.
#![allow(clippy::result_large_err, clippy::struct_excessive_bools)]

use super::{
    CampaignArgs, Common, DiceArgs, game_arg, hex_arg, input, load, parity, resolve_and_apply, spec,
};
use crate::charts::Charts;
use crate::cli::{CliError, Outcome};
use crate::rules::soldiers_of_the_queen::{
    self as sotq, FireInput, Hex, MeleeInput, Phase, Target,
};
use clap::Args;

/// `laager sotq fire`.
#[derive(Debug, Args)]
pub struct FireArgs {
    /// isandhlwana or omdurman.
    #[arg(long)]
    game: String,
    /// offensive, defensive or maxim-defensive.
    #[arg(long, default_value = "defensive")]
    phase: String,
    /// A firing unit (repeatable; all firers combine into one attack).
    #[arg(long = "firer", required = true, help = spec::FIRER_KEYS)]
    firers: Vec<String>,
    /// A combat unit in the target hex, top of the stack first (repeatable).
    #[arg(long = "target", required = true, help = spec::UNIT_KEYS)]
    targets: Vec<String>,
    /// The target hex, CCRR (for firers given from=CCRR).
    #[arg(long, value_name = "CCRR")]
    target_hex: Option<String>,
    /// A leader in the target hex (repeatable).
    #[arg(long = "target-leader", value_name = "NAME")]
    target_leaders: Vec<String>,
    /// The target is in a woods hex (Isandhlwana).
    #[arg(long)]
    woods: bool,
    /// Fired on through the Big Donga's elevated bank hexside (Isandhlwana).
    #[arg(long)]
    big_donga: bool,
    /// The target is in a trench hex (Omdurman).
    #[arg(long)]
    trench: bool,
    /// The target is a mounted cavalry unit (Omdurman).
    #[arg(long)]
    target_mounted: bool,
    /// The target is a gunboat (Omdurman).
    #[arg(long)]
    target_gunboat: bool,
    /// The Line of Sight is blocked (PART 10 C): refused.
    #[arg(long)]
    los_blocked: bool,
    /// The fire crosses a crest hexside (PART 10 F): refused.
    #[arg(long)]
    through_crest: bool,
    /// The Khalifa has been killed: Dervish morale one level lower.
    #[arg(long)]
    khalifa_killed: bool,
    #[command(flatten)]
    dice: DiceArgs,
    #[command(flatten)]
    common: Common,
    /// With --apply: the campaign whose game the fire is logged in, each unit of the
    /// target hex the roster holds by the name given taking its fate.
    #[command(flatten)]
    campaign: CampaignArgs,
}

/// `laager sotq melee`.
#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// isandhlwana or omdurman.
    #[arg(long)]
    game: String,
    /// An attacking unit (repeatable).
    #[arg(long = "attacker", required = true, help = spec::ATTACKER_KEYS)]
    attackers: Vec<String>,
    /// A defending unit, top of the stack first (repeatable).
    #[arg(long = "defender", required = true, help = spec::DEFENDER_KEYS)]
    defenders: Vec<String>,
    /// A leader stacked with the defenders (repeatable).
    #[arg(long = "leader", value_name = "NAME")]
    leaders: Vec<String>,
    /// The defenders are surrounded by enemy units, enemy ZOCs and/or impassable terrain.
    #[arg(long)]
    surrounded: bool,
    /// All attackers cross a ridge hexside: down (onto lower defenders) or up.
    #[arg(long, value_name = "down|up")]
    ridge: Option<String>,
    /// All Zulus attack across the Big Donga's elevated bank against its west side (Isandhlwana).
    #[arg(long)]
    big_donga: bool,
    /// All attackers attack through a thorn hedge hexside (Omdurman).
    #[arg(long)]
    thorn_hedge: bool,
    /// The defenders are in a trench hex and the attackers are not (Omdurman).
    #[arg(long)]
    trench: bool,
    /// The defenders are in rough terrain, Level 2 and higher (Omdurman).
    #[arg(long)]
    rough: bool,
    /// The attack crosses a crest or all-Nile hexside (refused).
    #[arg(long)]
    across_crest: bool,
    /// The mounted defender retreats one hex to avoid the melee (PART 12 C).
    #[arg(long)]
    mounted_retreat: bool,
    /// The Khalifa has been killed: Dervish morale one level lower.
    #[arg(long)]
    khalifa_killed: bool,
    #[command(flatten)]
    dice: DiceArgs,
    #[command(flatten)]
    common: Common,
    /// With --apply: the campaign whose game the melee is logged in, each unit of the
    /// defender's hex the roster holds by the name given taking its fate.
    #[command(flatten)]
    campaign: CampaignArgs,
}

impl FireArgs {
    /// The fire attack the flags describe; `from=CCRR` ranges are counted under the
    /// charts' column parity.
    fn input(&self, charts: &Charts) -> Result<FireInput, CliError> {
        let phase = input(Phase::parse(&self.phase).map_err(|e| format!("--phase: {e}")))?;
        let target_hex = self
            .target_hex
            .as_deref()
            .map(|h| hex_arg("--target-hex", h))
            .transpose()?;
        let range_from = |text: &str| -> Result<u32, String> {
            let to = target_hex.ok_or("from=CCRR needs --target-hex")?;
            let from = Hex::parse(text)?;
            let parity = parity(charts).map_err(|e| e.to_string())?;
            Ok(from.range_to(to, parity))
        };
        let firers = self
            .firers
            .iter()
            .enumerate()
            .map(|(i, f)| spec::firer(f, i + 1, &range_from))
            .collect::<Result<Vec<_>, _>>();
        let units = self
            .targets
            .iter()
            .enumerate()
            .map(|(i, t)| spec::target_unit(t, i + 1))
            .collect::<Result<Vec<_>, _>>();
        Ok(FireInput {
            game: game_arg(&self.game)?,
            phase,
            firers: input(firers)?,
            target: Target {
                units: input(units)?,
                leaders: self.target_leaders.clone(),
                woods: self.woods,
                big_donga: self.big_donga,
                trench: self.trench,
                mounted: self.target_mounted,
                gunboat: self.target_gunboat,
                los_blocked: self.los_blocked,
                through_crest: self.through_crest,
            },
            khalifa_killed: self.khalifa_killed,
        })
    }
}

impl MeleeArgs {
    /// The melee attack the flags describe.
    fn input(&self) -> Result<MeleeInput, CliError> {
        let attackers = self
            .attackers
            .iter()
            .enumerate()
            .map(|(i, a)| spec::attacker(a, i + 1))
            .collect::<Result<Vec<_>, _>>();
        let defenders = self
            .defenders
            .iter()
            .enumerate()
            .map(|(i, d)| spec::defender(d, i + 1))
            .collect::<Result<Vec<_>, _>>();
        let ridge = self
            .ridge
            .as_deref()
            .map(|r| r.parse().map_err(|e| format!("--ridge: {e}")))
            .transpose();
        Ok(MeleeInput {
            game: game_arg(&self.game)?,
            attackers: input(attackers)?,
            defenders: input(defenders)?,
            leaders: self.leaders.clone(),
            surrounded: self.surrounded,
            ridge: input(ridge)?,
            big_donga: self.big_donga,
            thorn_hedge: self.thorn_hedge,
            trench: self.trench,
            rough: self.rough,
            prohibited_hexside: self.across_crest,
            khalifa_killed: self.khalifa_killed,
            mounted_retreat: self.mounted_retreat,
        })
    }
}

/// Runs `laager sotq fire`.
pub fn run_fire(args: &FireArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let fire = args.input(&charts)?;
    resolve_and_apply(
        sotq::Request::Fire(fire),
        &charts,
        &args.dice.choice(),
        &args.common,
        &args.campaign,
    )
}

/// Runs `laager sotq melee`.
pub fn run_melee(args: &MeleeArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let melee = args.input()?;
    resolve_and_apply(
        sotq::Request::Melee(melee),
        &charts,
        &args.dice.choice(),
        &args.common,
        &args.campaign,
    )
}
