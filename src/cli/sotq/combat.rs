//! `laager sotq fire` and `laager sotq melee`: their flags and the situations built from them.

// Flag structs mirror the rulebook's yes-or-no conditions; the rules return their contract.
#![allow(clippy::result_large_err, clippy::struct_excessive_bools)]

use super::{
    CampaignArgs, Common, DiceArgs, UnitArgs, game_arg, hex_arg, input, load, parity,
    resolve_and_apply, spec,
};
use crate::charts::Charts;
use crate::cli::{CliError, Outcome};
use crate::rules::field::FieldId;
use crate::rules::situation::Roles;
use crate::rules::soldiers_of_the_queen::situation::{self as read, FIRE_ROLES, MELEE_ROLES};
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
    /// A combat unit in the target hex, top of the stack first (repeatable; with --unit
    /// target=ID, the N-th --target gives that unit's Morale Rating).
    #[arg(long = "target", help = spec::UNIT_KEYS)]
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
    /// The units in their roles: firer-1 ... firer-8, target, target-2, target-3,
    /// leader-1, leader-2 (the leaders in the target hex).
    #[command(flatten)]
    roles: UnitArgs,
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
    /// The units in their roles: attacker-1 ... attacker-8, defender, defender-2,
    /// defender-3, leader-1, leader-2 (the leaders stacked with the defenders).
    #[command(flatten)]
    roles: UnitArgs,
}

/// Whether a unit of the records is in `role`.
fn in_role(roles: &Roles, role: &str) -> bool {
    roles.get(role).is_some()
}

/// The fields given of item `i` of `list`, as the JSON pointers the record keeps.
fn pointers(list: FieldId, i: usize, given: Vec<FieldId>) -> impl Iterator<Item = String> {
    given
        .into_iter()
        .map(move |f| list.item(i).then(f).to_string())
}

impl FireArgs {
    /// The fire attack the flags describe, and the fields they gave (as JSON pointers);
    /// `from=CCRR` ranges are counted under the charts' column parity.
    fn input(&self, charts: &Charts, roles: &Roles) -> Result<(FireInput, Vec<String>), CliError> {
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
        let mut given = Vec::new();
        let mut firers = Vec::new();
        for (i, f) in self.firers.iter().enumerate() {
            let recorded = in_role(roles, &format!("firer-{}", i + 1));
            let (firer, gave) = input(spec::firer(f, i + 1, &range_from, recorded))?;
            given.extend(pointers(crate::field!(FireInput: firers), i, gave));
            firers.push(firer);
        }
        let mut units = Vec::new();
        for (i, t) in self.targets.iter().enumerate() {
            let (unit, gave) = input(spec::target_unit(t, i + 1))?;
            given.extend(pointers(crate::field!(FireInput: target.units), i, gave));
            units.push(unit);
        }
        if units.is_empty() && !in_role(roles, "target") {
            return Err(CliError::Input(
                "give --target (a unit of the target hex) or --unit target=ID".to_owned(),
            ));
        }
        for (on, field) in [
            (
                self.target_mounted,
                crate::field!(FireInput: target.mounted),
            ),
            (
                self.target_gunboat,
                crate::field!(FireInput: target.gunboat),
            ),
        ] {
            if on {
                given.push(field.to_string());
            }
        }
        let fire = FireInput {
            game: game_arg(&self.game)?,
            phase,
            firers,
            target: Target {
                units,
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
            origins: crate::rules::situation::Origins::default(),
        };
        Ok((fire, given))
    }
}

impl MeleeArgs {
    /// The melee attack the flags describe, and the fields they gave (as JSON pointers).
    fn input(&self, roles: &Roles) -> Result<(MeleeInput, Vec<String>), CliError> {
        let mut given = Vec::new();
        let mut attackers = Vec::new();
        for (i, a) in self.attackers.iter().enumerate() {
            let recorded = in_role(roles, &format!("attacker-{}", i + 1));
            let (attacker, gave) = input(spec::attacker(a, i + 1, recorded))?;
            given.extend(pointers(crate::field!(MeleeInput: attackers), i, gave));
            attackers.push(attacker);
        }
        let mut defenders = Vec::new();
        for (i, d) in self.defenders.iter().enumerate() {
            let (defender, gave) = input(spec::defender(d, i + 1))?;
            given.extend(pointers(crate::field!(MeleeInput: defenders), i, gave));
            defenders.push(defender);
        }
        let ridge = self
            .ridge
            .as_deref()
            .map(|r| r.parse().map_err(|e| format!("--ridge: {e}")))
            .transpose();
        let melee = MeleeInput {
            game: game_arg(&self.game)?,
            attackers,
            defenders,
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
            origins: crate::rules::situation::Origins::default(),
        };
        Ok((melee, given))
    }
}

/// Runs `laager sotq fire`.
pub fn run_fire(args: &FireArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let roles = args.campaign.roles(&args.roles, FIRE_ROLES)?;
    let (fire, given) = args.input(&charts, &roles)?;
    resolve_and_apply(
        fire,
        |records, roles, fire| read::fire(records, roles, fire, &given),
        sotq::Request::Fire,
        &charts,
        &args.dice.choice(),
        &args.common,
        &args.campaign,
        &roles,
    )
}

/// Runs `laager sotq melee`.
pub fn run_melee(args: &MeleeArgs) -> Result<Outcome, CliError> {
    let charts = load(&args.common)?;
    let roles = args.campaign.roles(&args.roles, MELEE_ROLES)?;
    let (melee, given) = args.input(&roles)?;
    resolve_and_apply(
        melee,
        |records, roles, melee| read::melee(records, roles, melee, &given),
        sotq::Request::Melee,
        &charts,
        &args.dice.choice(),
        &args.common,
        &args.campaign,
        &roles,
    )
}
