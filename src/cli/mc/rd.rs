//! `laager mc rd melee` and `laager mc rd fire`: the Rorke's Drift melee and fire, the
//! basic game's calculations with the supplement's exceptions.

use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::Common;
use super::fire::{FireArgs, build};
use super::table::{Needs, Table};
use super::thrown::Throw;
use crate::bounds::Strength;
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::rorkes_drift::RdMelee;
use crate::rules::micro_colonial::situation;
use crate::rules::micro_colonial::{
    self as mc,
    rorkes_drift::{RdFireInput, RdMeleeInput},
};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc rd melee`.
///
/// The Zulus' basic melee factor is their present FF / 10 (/ 100 in a building, with the Z
/// markers); the sections count their full present FF, both ranks, the CSM 5 more; the
/// defenders' losses are divided by 10 and split equally from the right-hand section. The
/// Melee Table cell is Table 1's native-fanatic-infantry against regular-infantry (lost:
/// `--cell`). Dice: A's random factor then B's — A is the Zulu unit, or the sections on a
/// counter-attack.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit zulu=ID` and `--unit front-1=ID` ... `front-4` (the sections in contact, the
/// right-hand one first) and `second-1` ... `second-4` reads each one's present FF from
/// its record, and after the contact round a side falling back; a flag given here wins.
#[allow(clippy::struct_excessive_bools)] // one flag per condition the rules name
#[derive(Debug, Args)]
pub struct RdMeleeArgs {
    /// The Zulu unit's present FF (the main unit's, for a Z marker in a building). Needed
    /// unless a table's records give it (--unit zulu=ID).
    #[arg(long, value_name = "N")]
    pub zulu_ff: Option<Strength>,
    /// A section of the first rank in contact, by its present FF, the right-hand section
    /// first (repeatable). Needed unless a table gives them (--unit front-1=ID ...).
    #[arg(long = "section", value_name = "FF")]
    pub sections: Vec<Strength>,
    /// A section of a second rank, by its present FF, the right-hand section first
    /// (repeatable; not behind cover, across an obstacle or in a building).
    #[arg(long = "second-rank", value_name = "FF")]
    pub second_rank: Vec<Strength>,
    /// The CSM leads the sections (5 more).
    #[arg(long)]
    pub csm_leads: bool,
    /// Fought inside a building: the Zulus' FF / 100 (the Z markers); no morale tests.
    #[arg(long)]
    pub in_building: bool,
    /// The sections are behind cover, or an obstacle separates them from the Zulus.
    #[arg(long)]
    pub across_obstacle: bool,
    /// The sections fight from cover (the perimeter wall, a barricade): "For melee
    /// calculations all cover will be counted where applicable" (Table 4's in-cover, whose
    /// value the document does not give: --cell melee_additional_factors:in-cover=N).
    #[arg(long)]
    pub sections_in_cover: bool,
    /// The Zulu unit fights from cover (Table 4's in-cover for it).
    #[arg(long)]
    pub zulu_in_cover: bool,
    /// A British counter-attack against a Zulu unit inside the perimeter: the sections are
    /// the attacker, with two black dice on the contact round.
    #[arg(long)]
    pub counter_attack: bool,
    /// A round after the contact round (no impact dice).
    #[arg(long)]
    pub later_round: bool,
    /// The Zulus charged in: two black dice on the contact round.
    #[arg(long)]
    pub zulu_impact: bool,
    /// A Melee Table 4 factor for the Zulu unit (repeatable).
    #[arg(long = "zulu-factor", value_name = "NAME")]
    pub zulu_factors: Vec<String>,
    /// A Melee Table 4 factor for the sections (repeatable).
    #[arg(long = "british-factor", value_name = "NAME")]
    pub british_factors: Vec<String>,
    /// In the redoubt: the FF the third rank's independent fire took off the Zulu unit this
    /// round, counted as melee casualties.
    #[arg(long, value_name = "N")]
    pub third_rank_fire_losses: Option<Strength>,
    /// The Zulu unit was ordered to fall back and could not: 'Falling Back in Melee', -5
    /// in the later rounds of the same melee.
    #[arg(long)]
    pub zulu_falling_back: bool,
    /// The sections were ordered to fall back and could not: -5 likewise.
    #[arg(long)]
    pub british_falling_back: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the Zulu unit and the sections are read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rd melee`.
pub fn run_melee(args: &RdMeleeArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, RdMelee::ROLES)?;
    let base = RdMeleeInput {
        zulu_ff: 0,
        front_rank: Vec::new(),
        second_rank: Vec::new(),
        csm_leads: args.csm_leads,
        in_building: args.in_building,
        across_obstacle: args.across_obstacle,
        sections_in_cover: args.sections_in_cover,
        zulu_in_cover: args.zulu_in_cover,
        counter_attack: args.counter_attack,
        later_round: args.later_round,
        zulu_impact: args.zulu_impact,
        zulu_factors: args.zulu_factors.clone(),
        british_factors: args.british_factors.clone(),
        third_rank_fire_losses: args.third_rank_fire_losses.map(Strength::get),
        zulu_falling_back: args.zulu_falling_back,
        british_falling_back: args.british_falling_back,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::rd_melee) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.zulu_ff.map(Strength::get),
        &mut input.zulu_ff,
        &origins,
        crate::field!(RdMeleeInput: zulu_ff),
        "--zulu-ff N",
    );
    let sections = (!args.sections.is_empty()).then(|| strengths(&args.sections));
    needs.take(
        sections,
        &mut input.front_rank,
        &origins,
        crate::field!(RdMeleeInput: front_rank),
        "--section FF",
    );
    if !args.second_rank.is_empty() {
        input.second_rank = strengths(&args.second_rank);
    }
    needs.check(&table, "--unit zulu=ID --unit front-1=ID")?;
    input.zulu_falling_back |= args.zulu_falling_back;
    input.british_falling_back |= args.british_falling_back;
    args.throw
        .run_on(mc::Request::RdMelee(input), &charts, json, &mut table)
}

/// `laager mc rd fire`.
///
/// The basic fire's flags (`laager mc fire`), with the sections combining (`--section FF`,
/// repeatable: their total is the firing FF), a two-unit formation's rear at its full FF,
/// Zulu rifles' two black dice, the redoubt's initial volleys, and all cover ignored (a
/// target in cover is given as in the open).
#[allow(clippy::struct_excessive_bools)] // clap flags
#[derive(Debug, Args)]
pub struct RdFireArgs {
    /// A British section combining its fire on the one target, by its present FF
    /// (repeatable).
    #[arg(long = "section", value_name = "FF")]
    pub sections: Vec<Strength>,
    /// The firers are behind cover (the perimeter wall): no two-rank formation.
    #[arg(long)]
    pub behind_cover: bool,
    /// A Zulu rifle unit fires (--firer natives): two black dice each time.
    #[arg(long)]
    pub zulu_rifles: bool,
    /// The redoubt's final defence: all three ranks fire, every volley an initial volley.
    #[arg(long)]
    pub redoubt: bool,
    /// A British volley at a Zulu unit inside the perimeter, where its move rate is halved:
    /// losses beyond it halt the unit, which must test morale.
    #[arg(long)]
    pub zulu_inside_perimeter: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub fire: FireArgs,
}

/// Runs `laager mc rd fire`.
pub fn run_fire(args: &RdFireArgs) -> Result<Outcome, CliError> {
    let charts = args.fire.common.tables.load(Ruleset::MicroColonial)?;
    let sections = strengths(&args.sections);
    let total = match sections
        .iter()
        .try_fold(0u32, |sum, ff| sum.checked_add(*ff))
    {
        _ if sections.is_empty() => None,
        Some(total) => Some(
            Strength::new(total)
                .map_err(|e| CliError::Input(format!("--section: the sections' total {e}")))?
                .get(),
        ),
        None => {
            return Err(CliError::Input(
                "--section: the sections' total is too large to count".to_owned(),
            ));
        }
    };
    let (fire, mut table) = match build(&args.fire, &charts, total)? {
        Ok(built) => built,
        Err(printed) => return printed,
    };
    let input = RdFireInput {
        fire,
        sections,
        behind_cover: args.behind_cover,
        zulu_rifles: args.zulu_rifles,
        redoubt: args.redoubt,
        zulu_inside_perimeter: args.zulu_inside_perimeter,
    };
    args.fire.throw.run_on(
        mc::Request::RdFire(input),
        &charts,
        args.fire.common.json,
        &mut table,
    )
}

/// `laager mc rd setup`.
#[derive(Debug, Args)]
pub struct RdSetupArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// With --campaign FILE.laager [--game N] and --apply the forces are logged in the
    /// game (the set-up is about no unit: no --unit).
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// `laager mc rd z-marker`.
#[derive(Debug, Args)]
pub struct ZMarkerArgs {
    /// The Zulu unit's present FF. Needed unless a table's records give it (--unit
    /// zulu=ID).
    #[arg(long, value_name = "N")]
    pub zulu_ff: Option<Strength>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the Zulu unit is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// Runs `laager mc rd z-marker`.
pub fn run_z_marker(args: &ZMarkerArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, mc::rorkes_drift::ZMarker::ROLES)?;
    let base = mc::rorkes_drift::ZMarkerInput {
        zulu_present_ff: 0,
        origins: Origins::default(),
    };
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::z_marker) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.zulu_ff.map(Strength::get),
        &mut input.zulu_present_ff,
        &origins,
        crate::field!(mc::rorkes_drift::ZMarkerInput: zulu_present_ff),
        "--zulu-ff N",
    );
    needs.check(&table, "--unit zulu=ID")?;
    table.run_plain(mc::Request::ZMarker(input), &charts, json)
}

/// The strengths given by a repeated flag, as the engine counts them.
fn strengths(given: &[Strength]) -> Vec<u32> {
    given.iter().map(|ff| ff.get()).collect()
}
