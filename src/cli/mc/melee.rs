//! `laager mc melee`: one round of melee between attacker A and defender B.

use super::super::situation::SituationArgs;
use super::super::{CliError, Outcome};
use super::Common;
use super::table::{Needs, Table};
use super::thrown::Throw;
use crate::bounds::{Millimetres, Strength};
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::melee::{Melee, MeleeInput, Side, TYPES};
use crate::rules::micro_colonial::{self as mc, situation};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use clap::Args;

/// `laager mc melee`.
///
/// From a table: `--layout FILE.json` or `--campaign FILE.laager [--game N]` with
/// `--unit a=ID --unit b=ID` (a the attacker, b the defender) builds the melee as the desk
/// does — each side's FF from the records, its type from its counter and class, and Table
/// 4's factors the table and the records decide (a commander within 100 mm, attacked in
/// flank or rear, uphill, falling back, loser last move); a flag given here wins, and a
/// step says so.
#[allow(clippy::struct_excessive_bools)] // one flag per condition the rules name
#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// The attacker's present FF. Needed unless a table's records give it (--unit a=ID).
    #[arg(long, value_name = "N")]
    pub a_ff: Option<Strength>,
    /// The attacker's TYPE: regular-infantry, irregular-infantry, native-fanatic-infantry,
    /// native-levy-infantry, regular-cavalry, regular-lancers, medium-cavalry,
    /// irregular-cavalry, native-levy-cavalry, native-fanatic-cavalry. Needed unless the
    /// table's counter and class give it.
    #[arg(long, value_name = "TYPE", value_parser = clap::builder::PossibleValuesParser::new(TYPES))]
    pub a_type: Option<String>,
    /// The defender's present FF. Needed unless a table's records give it (--unit b=ID).
    #[arg(long, value_name = "N")]
    pub b_ff: Option<Strength>,
    /// The defender's TYPE (as --a-type).
    #[arg(long, value_name = "TYPE", value_parser = clap::builder::PossibleValuesParser::new(TYPES))]
    pub b_type: Option<String>,
    /// A Melee Table 4 factor for the attacker (repeatable): c-in-c-within-100mm,
    /// attacked-in-flank, attacked-in-rear, uphill, falling-back-in-melee, loser-last-move.
    /// With a table, `NAME=0` clears a factor the table set.
    #[arg(long = "a-factor", value_name = "NAME[=0]")]
    pub a_factors: Vec<String>,
    /// A Melee Table 4 factor for the defender (repeatable; names as --a-factor).
    #[arg(long = "b-factor", value_name = "NAME[=0]")]
    pub b_factors: Vec<String>,
    /// Who throws the impact round's two black dice: a, b or both.
    #[arg(long, value_parser = ["a", "b", "both"])]
    pub impact: Option<String>,
    /// Who attacks in flank (or only part of the enemy counter) in the first round: half FF.
    #[arg(long, value_parser = ["a", "b"])]
    pub flank_attack: Option<String>,
    /// The range the attacker fired at before charging (over 50 mm keeps the impact bonus).
    #[arg(long, value_name = "N")]
    pub a_fired_at_mm: Option<Millimetres>,
    /// The range the defender fired at before counter-charging.
    #[arg(long, value_name = "N")]
    pub b_fired_at_mm: Option<Millimetres>,
    /// The last 20 mm of the attacker's charge were not straight (no impact bonus).
    #[arg(long)]
    pub a_last_20mm_curved: bool,
    /// The last 20 mm of the defender's counter-charge were not straight (no impact bonus).
    #[arg(long)]
    pub b_last_20mm_curved: bool,
    /// The defender, mounted, is already engaged in a stationary melee (or this melee goes
    /// on): only then may infantry other than native fanatics move to engage it.
    #[arg(long)]
    pub b_in_stationary_melee: bool,
    /// The referee's call that the units are in contact, where the table (--layout) shows
    /// them apart; a step records it.
    #[arg(long)]
    pub in_contact: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub throw: Throw,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// The table the melee is read from.
    #[command(flatten)]
    pub situation: SituationArgs,
}

fn side(ff: Option<u32>, kind: Option<&String>, flags: (bool, bool, Option<f64>, bool)) -> Side {
    let (impact, flank_attack, fired_at_mm, last_20mm_curved) = flags;
    Side {
        ff: ff.unwrap_or(0),
        kind: kind.cloned().unwrap_or_default(),
        factors: Vec::new(),
        impact,
        flank_attack,
        fired_at_mm,
        last_20mm_curved,
        in_stationary_melee: false,
    }
}

/// A factor flag over the side's factors: `NAME` adds it, `NAME=0` clears it.
fn put_factor(factors: &mut Vec<String>, flag: &str) {
    match flag.strip_suffix("=0") {
        Some(name) => factors.retain(|f| f != name),
        None if factors.iter().any(|f| f == flag) => {}
        None => factors.push(flag.to_owned()),
    }
}

/// Runs `laager mc melee`.
pub fn run(args: &MeleeArgs) -> Result<Outcome, CliError> {
    let charts = args.common.tables.load(Ruleset::MicroColonial)?;
    let mut table = Table::read(&args.situation, &charts, Melee::ROLES)?;
    let impact = args.impact.as_deref();
    let flank = args.flank_attack.as_deref();
    let mut base = MeleeInput {
        a: side(
            args.a_ff.map(Into::into),
            args.a_type.as_ref(),
            (
                matches!(impact, Some("a" | "both")),
                flank == Some("a"),
                args.a_fired_at_mm.map(Into::into),
                args.a_last_20mm_curved,
            ),
        ),
        b: side(
            args.b_ff.map(Into::into),
            args.b_type.as_ref(),
            (
                matches!(impact, Some("b" | "both")),
                flank == Some("b"),
                args.b_fired_at_mm.map(Into::into),
                args.b_last_20mm_curved,
            ),
        ),
        in_contact: None,
        origins: Origins::default(),
    };
    base.b.in_stationary_melee = args.b_in_stationary_melee;
    let json = args.common.json;
    let mut input = match table.build(base, json, situation::melee) {
        Ok(input) => input,
        Err(printed) => return printed,
    };
    // A flag given here wins over the table's value; the origins step says so.
    let origins = input.origins.clone();
    let mut needs = Needs::default();
    needs.take(
        args.a_ff,
        &mut input.a.ff,
        &origins,
        crate::field!(MeleeInput: a.ff),
        "--a-ff N",
    );
    needs.take(
        args.a_type.clone(),
        &mut input.a.kind,
        &origins,
        crate::field!(MeleeInput: a.kind),
        "--a-type TYPE",
    );
    needs.take(
        args.b_ff,
        &mut input.b.ff,
        &origins,
        crate::field!(MeleeInput: b.ff),
        "--b-ff N",
    );
    needs.take(
        args.b_type.clone(),
        &mut input.b.kind,
        &origins,
        crate::field!(MeleeInput: b.kind),
        "--b-type TYPE",
    );
    needs.check(&table, "--unit a=ID --unit b=ID")?;
    if args.in_contact {
        input.in_contact = Some(true);
    }
    for flag in &args.a_factors {
        put_factor(&mut input.a.factors, flag);
    }
    for flag in &args.b_factors {
        put_factor(&mut input.b.factors, flag);
    }
    args.throw
        .run_on(mc::Request::Melee(input), &charts, json, &mut table)
}
