//! `laager vc ...`: Victoria Cross II from the command line: British fire, volley fire,
//! ammunition, Zulu random fire, melee and the hospital fire, each with typed dice, a seed
//! or its exact odds.

use super::described::Described;
use super::situation::{SituationArgs, records_of, run_counted};
use super::{CliError, Outcome, print_request_odds, print_resolved, run_and_apply};
use crate::bounds::{Seed, Strength};
use crate::dice::DiceChoice;
use crate::game::victory::VcCounts;
use crate::rules::Request;
use crate::rules::situation::{Records, Roles};
use crate::rules::victoria_cross::{
    self as vc, ReplacementsInput, SolitaireEntryInput, SolitaireMove, Stack, ZuluEntryInput,
};
use crate::ruleset::Ruleset;

mod args;
mod combat;

use args::{
    AlternateVictoryArgs, NO_DICE, ReplacementsArgs, SolitaireEntryArgs, SolitaireMovementArgs,
    StackingArgs, VictoryArgs, VictoryPointsArgs, ZuluEntryArgs, ZuluReentryArgs,
};
pub use args::{Common, DiceArgs, VcCommand};

/// Runs a `vc` subcommand.
pub fn run(command: VcCommand) -> Result<Outcome, CliError> {
    match command {
        VcCommand::VictoryPoints(args) => victory_points(&args),
        VcCommand::Victory(args) => victory(&args),
        VcCommand::AlternateVictory(args) => alternate_victory(&args),
        VcCommand::ZuluReentry(args) => zulu_reentry(&args),
        VcCommand::Fire(args) => combat::fire(args),
        VcCommand::Volley(args) => combat::volley(&args),
        VcCommand::Ammo(args) => combat::ammo(args),
        VcCommand::RandomFire(args) => combat::random_fire(&args),
        VcCommand::Melee(args) => combat::melee(args),
        VcCommand::BayonetCharge(args) => combat::bayonet_charge(&args),
        VcCommand::Replacements(args) => replacements(args),
        VcCommand::MeleeExchange(args) => combat::melee_exchange(args),
        VcCommand::Stacking(args) => stacking(&args),
        VcCommand::ZuluEntry(args) => zulu_entry(&args),
        VcCommand::SolitaireEntry(args) => solitaire_entry(args),
        VcCommand::SolitaireMovement(args) => solitaire_movement(&args),
        VcCommand::Hospital(args) => combat::hospital(&args),
    }
}

/// `laager vc victory-points`.
fn victory_points(args: &VictoryPointsArgs) -> Result<Outcome, CliError> {
    let wrap = vc::Request::VictoryPoints;
    let lay = VcCounts::victory_points;
    on_counts(&args.fields, &args.situation, &args.common, lay, wrap)
}

/// `laager vc victory`.
fn victory(args: &VictoryArgs) -> Result<Outcome, CliError> {
    let wrap = vc::Request::Victory;
    on_counts(
        &args.fields,
        &args.situation,
        &args.common,
        VcCounts::victory,
        wrap,
    )
}

/// `laager vc alternate-victory`.
fn alternate_victory(args: &AlternateVictoryArgs) -> Result<Outcome, CliError> {
    let wrap = vc::Request::AlternateVictory;
    let lay = VcCounts::alternate_victory;
    on_counts(&args.fields, &args.situation, &args.common, lay, wrap)
}

/// `laager vc zulu-reentry`.
fn zulu_reentry(args: &ZuluReentryArgs) -> Result<Outcome, CliError> {
    let wrap = vc::Request::ZuluReentry;
    let lay = VcCounts::zulu_reentry;
    on_counts(&args.fields, &args.situation, &args.common, lay, wrap)
}

/// `laager vc replacements`.
fn replacements(args: ReplacementsArgs) -> Result<Outcome, CliError> {
    let ReplacementsArgs {
        battle,
        replace,
        common,
        situation,
    } = args;
    let roles = situation.roles(vc::situation::REPLACEMENT_ROLES)?;
    let units = replace
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let recorded = roles.get(&format!("unit-{}", i + 1)).is_some();
            replacement_unit(spec, i + 1, recorded)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(CliError::Input)?;
    let s = ReplacementsInput {
        battle: battle.into(),
        units,
        origins: crate::rules::situation::Origins::default(),
    };
    from_records(
        s,
        vc::situation::REPLACEMENT_ROLES,
        vc::situation::replacements,
        vc::Request::Replacements,
        &situation,
        &NO_DICE,
        &common,
    )
}

/// `laager vc stacking`.
fn stacking(args: &StackingArgs) -> Result<Outcome, CliError> {
    let roles = args.situation.roles(vc::situation::ZONE_ROLES)?;
    let input: Stack = args.fields.build(&roles)?;
    let given = args.fields.given.pointers();
    from_records(
        input,
        vc::situation::ZONE_ROLES,
        |records, roles, input| vc::situation::stack(records, roles, input, &given),
        vc::Request::Stacking,
        &args.situation,
        &NO_DICE,
        &args.common,
    )
}

/// `laager vc zulu-entry`.
fn zulu_entry(args: &ZuluEntryArgs) -> Result<Outcome, CliError> {
    let input: ZuluEntryInput = args.fields.build(&Roles::default())?;
    let wrap = vc::Request::ZuluEntry;
    about_no_counter(input, wrap, &args.situation, &NO_DICE, &args.common)
}

/// `laager vc solitaire-entry`.
fn solitaire_entry(args: SolitaireEntryArgs) -> Result<Outcome, CliError> {
    let SolitaireEntryArgs {
        dice,
        common,
        situation,
    } = args;
    let wrap = vc::Request::SolitaireEntry;
    about_no_counter(SolitaireEntryInput {}, wrap, &situation, &dice, &common)
}

/// `laager vc solitaire-movement`.
fn solitaire_movement(args: &SolitaireMovementArgs) -> Result<Outcome, CliError> {
    let input: SolitaireMove = args.fields.build(&Roles::default())?;
    let wrap = vc::Request::SolitaireMovement;
    about_no_counter(input, wrap, &args.situation, &args.dice, &args.common)
}

/// A procedure about no counter (the hospital's fire track, an entry zone, the solitaire
/// charts): resolved, or its odds, and with `--campaign ... --apply` logged in the game.
fn about_no_counter<I>(
    input: I,
    wrap: impl FnOnce(I) -> vc::Request,
    situation: &SituationArgs,
    dice: &DiceArgs,
    common: &Common,
) -> Result<Outcome, CliError> {
    from_records(
        input,
        &[],
        |_, _, input| Ok(input),
        wrap,
        situation,
        dice,
        common,
    )
}

/// A value a flag gives wins over the records' (the situation's origins step then says it
/// was given by hand).
fn given<T, F: Into<T>>(flag: Option<F>, slot: &mut T) {
    if let Some(value) = flag {
        *slot = value.into();
    }
}

/// Reads a `--replace` spec: `name=`, `sp=`, `full=`, `gain=` and the flag `in-g`; with a
/// unit of the records in its role (`recorded`) only `gain=` and `in-g`, the rest read.
fn replacement_unit(
    spec: &str,
    index: usize,
    recorded: bool,
) -> Result<crate::rules::victoria_cross::ReplacementUnit, String> {
    let err = |why: String| format!("--replace '{spec}': {why}");
    let mut unit = crate::rules::victoria_cross::ReplacementUnit {
        name: format!("unit {index}"),
        sp: 0,
        full_sp: 0,
        started_in_g: false,
        gain: 0,
    };
    let (mut sp, mut full, mut gain) = (None, None, None);
    for token in spec.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let number = |v: &str| {
            Strength::parse(v)
                .map(Strength::get)
                .map_err(|e| err(e.to_string()))
        };
        match token.split_once('=') {
            Some(("name", v)) if !recorded => v.trim().clone_into(&mut unit.name),
            Some(("sp", v)) if !recorded => sp = Some(number(v)?),
            Some(("full", v)) if !recorded => full = Some(number(v)?),
            Some(("gain", v)) => gain = Some(number(v)?),
            None if token == "in-g" => unit.started_in_g = true,
            _ if recorded => {
                return Err(err(format!(
                    "'{token}': the records give its name and SP; expected gain= and in-g"
                )));
            }
            _ => {
                return Err(err(format!(
                    "'{token}': expected name=, sp=, full=, gain= and in-g"
                )));
            }
        }
    }
    unit.gain = gain.ok_or_else(|| err("needs gain=".to_owned()))?;
    if !recorded {
        unit.sp = sp.ok_or_else(|| err("needs sp= (or --unit unit-N=ID)".to_owned()))?;
        unit.full_sp = full.ok_or_else(|| err("needs full= (or --unit unit-N=ID)".to_owned()))?;
    }
    Ok(unit)
}

/// A fire or a melee, its counters read from a campaign's records when `--unit` roles are
/// given (`read` builds the input from them and lays the flags given over it), resolved
/// and, with `--apply`, logged.
fn from_records<I>(
    input: I,
    roles: &[&str],
    read: impl FnOnce(&dyn Records, &Roles, I) -> Result<I, crate::resolution::Refusal>,
    wrap: impl FnOnce(I) -> vc::Request,
    situation: &SituationArgs,
    dice: &DiceArgs,
    common: &Common,
) -> Result<Outcome, CliError> {
    super::odds_apply_nothing(dice.odds, situation.apply)?;
    let charts = common.tables.load(Ruleset::VictoriaCross)?;
    let roles = situation.roles(roles)?;
    let mut context = situation.records_context(&charts)?;
    let input = match &context {
        Some(context) if !roles.0.is_empty() => match read(context.records(), &roles, input) {
            Ok(input) => input,
            Err(refusal) => return Ok(print_resolved(&Err(refusal), common.json)),
        },
        _ => input,
    };
    let request = Request::VictoriaCross(wrap(input));
    if dice.odds {
        return odds(&request, common);
    }
    if request.throws() && dice.dice.is_none() && dice.seed.is_none() {
        return Err(CliError::Input(format!(
            "vc {} throws dice: give the faces thrown (--dice F,...), a --seed S or --odds",
            request.procedure()
        )));
    }
    let choice = DiceChoice::from_flags(dice.dice.as_deref(), dice.seed.map(Seed::get));
    let apply = context.as_mut().filter(|_| situation.apply);
    run_and_apply(&request, &charts, &choice, common.json, &roles, apply)
}

/// A procedure counted on the whole roster (`game::victory::vc_counts`): with
/// `--campaign`/`--layout` the engine lays the records' counts (`lay`) over the flags
/// given, a value typed winning; without, every field it needs is a flag.
fn on_counts<P: crate::rules::Procedure>(
    fields: &Described<P>,
    situation: &SituationArgs,
    common: &Common,
    lay: fn(&VcCounts, P::Input, &[String]) -> P::Input,
    wrap: impl FnOnce(P::Input) -> vc::Request,
) -> Result<Outcome, CliError>
where
    P::Input: serde::de::DeserializeOwned,
{
    let charts = common.tables.load(Ruleset::VictoriaCross)?;
    situation.roles(&[])?;
    let mut context = situation.records_context(&charts)?;
    let input = match records_of(context.as_ref())? {
        Some(state) => {
            let counts = crate::game::victory::vc_counts(state).map_err(CliError::Input)?;
            lay(
                &counts,
                fields.build_reading(true)?,
                &fields.given.pointers(),
            )
        }
        None => fields.build_reading(false)?,
    };
    let request = Request::VictoriaCross(wrap(input));
    run_counted(
        &request,
        &charts,
        common.json,
        &mut context,
        situation.apply,
    )
}

/// Loads the tables and prints the exact odds of `request` (`--odds`).
fn odds(request: &Request, common: &Common) -> Result<Outcome, CliError> {
    let charts = common.tables.load(Ruleset::VictoriaCross)?;
    print_request_odds(request, &charts, common.json, &Roles::default(), || {
        CliError::Input(format!(
            "--odds: vc {} works out no odds; give the faces thrown (--dice F,...) or a --seed",
            request.procedure()
        ))
    })
}
