//! `laager mc melee`: one round of melee between attacker A and defender B.

use super::super::{CliError, Outcome};
use super::Common;
use super::thrown::Throw;
use crate::rules::micro_colonial as mc;
use crate::rules::micro_colonial::melee::{MeleeInput, Side, TYPES};
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc melee`.
#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// The attacker's present FF.
    #[arg(long, value_name = "N")]
    pub a_ff: u32,
    /// The attacker's TYPE: regular-infantry, irregular-infantry, native-fanatic-infantry,
    /// native-levy-infantry, regular-cavalry, regular-lancers, medium-cavalry,
    /// irregular-cavalry, native-levy-cavalry, native-fanatic-cavalry.
    #[arg(long, value_name = "TYPE", value_parser = clap::builder::PossibleValuesParser::new(TYPES))]
    pub a_type: String,
    /// The defender's present FF.
    #[arg(long, value_name = "N")]
    pub b_ff: u32,
    /// The defender's TYPE (as --a-type).
    #[arg(long, value_name = "TYPE", value_parser = clap::builder::PossibleValuesParser::new(TYPES))]
    pub b_type: String,
    /// A Melee Table 4 factor for the attacker (repeatable): c-in-c-within-100mm,
    /// attacked-in-flank, attacked-in-rear, uphill, falling-back-in-melee, loser-last-move.
    #[arg(long = "a-factor", value_name = "NAME")]
    pub a_factors: Vec<String>,
    /// A Melee Table 4 factor for the defender (repeatable; names as --a-factor).
    #[arg(long = "b-factor", value_name = "NAME")]
    pub b_factors: Vec<String>,
    /// Who throws the impact round's two black dice: a, b or both.
    #[arg(long, value_parser = ["a", "b", "both"])]
    pub impact: Option<String>,
    /// Who attacks in flank (or only part of the enemy counter) in the first round: half FF.
    #[arg(long, value_parser = ["a", "b"])]
    pub flank_attack: Option<String>,
    /// The range the attacker fired at before charging (over 50 mm keeps the impact bonus).
    #[arg(long, value_name = "N")]
    pub a_fired_at_mm: Option<f64>,
    /// The range the defender fired at before counter-charging.
    #[arg(long, value_name = "N")]
    pub b_fired_at_mm: Option<f64>,
    /// The last 20 mm of the attacker's charge were not straight (no impact bonus).
    #[arg(long)]
    pub a_last_20mm_curved: bool,
    /// The last 20 mm of the defender's counter-charge were not straight (no impact bonus).
    #[arg(long)]
    pub b_last_20mm_curved: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// Runs `laager mc melee`.
pub fn run(args: &MeleeArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let impact = args.impact.as_deref();
    let flank = args.flank_attack.as_deref();
    let input = MeleeInput {
        a: Side {
            ff: args.a_ff,
            kind: args.a_type.clone(),
            factors: args.a_factors.clone(),
            impact: matches!(impact, Some("a" | "both")),
            flank_attack: flank == Some("a"),
            fired_at_mm: args.a_fired_at_mm,
            last_20mm_curved: args.a_last_20mm_curved,
        },
        b: Side {
            ff: args.b_ff,
            kind: args.b_type.clone(),
            factors: args.b_factors.clone(),
            impact: matches!(impact, Some("b" | "both")),
            flank_attack: flank == Some("b"),
            fired_at_mm: args.b_fired_at_mm,
            last_20mm_curved: args.b_last_20mm_curved,
        },
    };
    args.throw
        .run(mc::Request::Melee(input), &charts, args.common.json)
}
