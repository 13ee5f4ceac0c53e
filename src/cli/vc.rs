//! `laager vc ...`: Victoria Cross II from the command line: British fire, volley fire,
//! ammunition, Zulu random fire, melee and the hospital fire, each with typed dice, a seed
//! or its exact odds.

use super::situation::{SituationArgs, counted, given_or_read, run_counted};
use super::{CliError, Outcome, print_odds, print_resolved, run_and_apply, run_request};
use crate::bounds::{Count, Seed, Strength, ZoneRange};
use crate::dice::DiceChoice;
use crate::game::victory::VcCounts;
use crate::rules::Request;
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::victoria_cross::{
    self as vc, AlternateVictoryInput, AmmoInput, AmmoSituation, Battle, BayonetChargeInput,
    FireInput, FireSituation, HospitalSituation, MeleeExchangeInput, MeleeSituation,
    RandomFireSituation, ReplacementsInput, Side, SolitaireEntryInput, SolitaireMove, Stack,
    VictoryCheck, VictoryPointsInput, VolleySituation, VpTurn, ZoneAmmo, ZoneFire, ZoneSp,
    ZuluEntryInput, ZuluReentryInput,
};
use crate::ruleset::Ruleset;

mod args;

use args::NO_DICE;
pub use args::{Common, DiceArgs, VcCommand};

/// Where a count the records give comes from, for the error asking for it.
const RECORDS: &str = "a game's records: --campaign FILE.laager [--game N]";

/// Runs a `vc` subcommand.
pub fn run(command: VcCommand) -> Result<Outcome, CliError> {
    match command {
        VcCommand::VictoryPoints {
            battle,
            turn,
            hospital,
            kraal_both,
            redoubt,
            water_cart,
            zones_held,
            vp_units_eliminated,
            zulu_losses,
            deductions_before,
            british_exited_sp,
            common,
            situation,
        } => {
            let turn = turn.get();
            let vp_units_eliminated = vp_units_eliminated.map(Count::get);
            let zulu_losses = zulu_losses.map(Strength::get);
            let deductions_before = deductions_before.get();
            let british_exited_sp = british_exited_sp.get();
            let battle = Battle::from(battle);
            let blank = VictoryPointsInput {
                battle,
                turn: VpTurn {
                    turn,
                    hospital,
                    kraal_both,
                    redoubt,
                    water_cart,
                    zones_held,
                    vp_units_eliminated: 0,
                    zulu_losses: 0,
                    deductions_before,
                    british_exited_sp,
                },
                origins: Origins::default(),
            };
            let charts = common.tables.load(Ruleset::VictoriaCross)?;
            let (mut context, mut input, _) =
                counted(&situation, &charts, blank.clone(), |state| {
                    let counts = crate::game::victory::vc_counts(state)?;
                    let mut input = blank;
                    counts.fill_victory_points(battle, &mut input.turn);
                    input.origins = counts.vp_origins(battle);
                    Ok(input)
                })?;
            // A flag given wins over the records' count; without records each is 0.
            given(vp_units_eliminated, &mut input.turn.vp_units_eliminated);
            given(zulu_losses, &mut input.turn.zulu_losses);
            let request = Request::VictoriaCross(vc::Request::VictoryPoints(input));
            run_counted(
                &request,
                &charts,
                common.json,
                &mut context,
                situation.apply,
            )
        }
        VcCommand::Victory {
            battle,
            turn,
            british_sp,
            zulu_vp,
            common,
            situation,
        } => {
            let turn = turn.get();
            let british_sp = british_sp.map(Strength::get);
            let zulu_vp = zulu_vp.get();
            let blank = VictoryCheck {
                battle: battle.into(),
                turn,
                british_sp: 0,
                zulu_vp,
                origins: Origins::default(),
            };
            let fill = |counts: VcCounts, blank| VictoryCheck {
                british_sp: counts.british_sp,
                origins: counts.british_origins(),
                ..blank
            };
            let given = (british_sp, "--british-sp N");
            let slot: fn(&mut VictoryCheck) -> &mut u32 = |input| &mut input.british_sp;
            let wrap = vc::Request::Victory;
            on_records(&situation, &common, blank, fill, given, slot, wrap)
        }
        VcCommand::AlternateVictory {
            british_sp,
            common,
            situation,
        } => {
            let british_sp = british_sp.map(Strength::get);
            let blank = AlternateVictoryInput {
                british_sp: 0,
                origins: Origins::default(),
            };
            let fill = |counts: VcCounts, _| AlternateVictoryInput {
                british_sp: counts.british_sp,
                origins: counts.british_origins(),
            };
            let given = (british_sp, "--british-sp N");
            let slot: fn(&mut AlternateVictoryInput) -> &mut u32 = |input| &mut input.british_sp;
            let wrap = vc::Request::AlternateVictory;
            on_records(&situation, &common, blank, fill, given, slot, wrap)
        }
        VcCommand::ZuluReentry {
            on_board_sp,
            loss_track_sp,
            common,
            situation,
        } => {
            let on_board_sp = on_board_sp.map(Strength::get);
            let loss_track_sp = loss_track_sp.get();
            let blank = ZuluReentryInput {
                on_board_sp: 0,
                loss_track_sp,
                origins: Origins::default(),
            };
            let fill = |counts: VcCounts, blank| {
                let mut origins = Origins::default();
                origins.note(
                    "/on_board_sp",
                    "Zulu warrior SP on the board",
                    counts.zulu_on_board_sp,
                    crate::rules::situation::Source::Records,
                    counts.zulu_why,
                );
                ZuluReentryInput {
                    on_board_sp: counts.zulu_on_board_sp,
                    origins,
                    ..blank
                }
            };
            let given = (on_board_sp, "--on-board-sp N");
            let slot: fn(&mut ZuluReentryInput) -> &mut u32 = |input| &mut input.on_board_sp;
            let wrap = vc::Request::ZuluReentry;
            on_records(&situation, &common, blank, fill, given, slot, wrap)
        }
        VcCommand::Fire {
            battle,
            sp,
            range,
            from,
            to,
            friendly,
            night,
            zone_before_wall,
            walls_crossed,
            dice,
            common,
            situation,
        } => {
            let sp = sp.map(Strength::get);
            let range = range.map(ZoneRange::get);
            let given = sp.unwrap_or_default();
            // A zone before the wall means a wall is crossed: 1 unless said otherwise.
            let walls_crossed = walls_crossed.map_or(u32::from(zone_before_wall), Count::get);
            let input = if let (Some(from), Some(to)) = (from, to) {
                FireInput::FromBoard(ZoneFire {
                    battle: battle.into(),
                    from,
                    to,
                    sp: given,
                    night,
                    friendly,
                    walls_crossed,
                    zone_before_wall,
                    origins: crate::rules::situation::Origins::default(),
                })
            } else {
                let mut s = FireSituation::new(battle.into(), given, range.unwrap_or_default());
                s.night = night;
                s.zone_before_wall = zone_before_wall;
                s.walls_crossed = walls_crossed;
                FireInput::AtRange(s)
            };
            let read = |records: &dyn Records, roles: &Roles, input| {
                let mut input = vc::situation::fire(records, roles, input)?;
                // A flag given wins over the records' SP; the origins step says so.
                if let Some(sp) = sp {
                    match &mut input {
                        FireInput::AtRange(s) => s.sp = sp,
                        FireInput::FromBoard(s) => s.sp = sp,
                    }
                }
                Ok(input)
            };
            from_records(
                input,
                vc::situation::FIRE_ROLES,
                read,
                vc::Request::Fire,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::Volley {
            battle,
            sp,
            dice,
            common,
            situation,
        } => {
            let sp = sp.map(Strength::get);
            let s = VolleySituation::new(battle.into(), sp.unwrap_or_default());
            let read = |records: &dyn Records, roles: &Roles, input| {
                let mut input = vc::situation::volley(records, roles, input)?;
                // A flag given wins over the records' SP; the origins step says so.
                given(sp, &mut input.infantry_sp);
                Ok(input)
            };
            from_records(
                s,
                vc::situation::VOLLEY_ROLES,
                read,
                vc::Request::Volley,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::Ammo {
            ones,
            distance,
            from,
            dice,
            common,
            situation,
        } => {
            let ones = ones.get();
            let distance = distance.map(Count::get);
            let input = match from {
                Some(from) => AmmoInput::FromBoard(ZoneAmmo {
                    from,
                    ones,
                    markable_units: None,
                    origins: crate::rules::situation::Origins::default(),
                }),
                None => AmmoInput::AtDistance(AmmoSituation {
                    ones,
                    distance: distance.unwrap_or_default(),
                    markable_units: None,
                    origins: crate::rules::situation::Origins::default(),
                }),
            };
            from_records(
                input,
                vc::situation::AMMO_ROLES,
                vc::situation::ammo,
                vc::Request::Ammo,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::RandomFire {
            battle,
            night,
            water_cart,
            dice,
            common,
            situation,
        } => {
            let mut s = RandomFireSituation::new(battle.into());
            s.night = night;
            s.water_cart = water_cart;
            from_records(
                s,
                vc::situation::RANDOM_FIRE_ROLES,
                vc::situation::random_fire,
                vc::Request::RandomFire,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::Melee {
            battle,
            side,
            sp,
            across_wall,
            into_building,
            out_of_building,
            in_laager_camp,
            into,
            from,
            turn,
            dice,
            common,
            situation,
        } => {
            let sp = sp.map(Strength::get);
            let into_building = into_building.map(Count::get);
            let turn = turn.map(Count::get);
            let given_side = side.map(Side::from);
            let side = given_side.unwrap_or(Side::British);
            let mut s = MeleeSituation::new(battle.into(), side, sp.unwrap_or(0));
            s.across_wall = across_wall;
            s.into_building_from_zones = into_building.unwrap_or(0);
            s.out_of_building = out_of_building;
            s.in_laager_camp = in_laager_camp;
            s.turn = turn;
            s.into = into;
            s.from = from
                .iter()
                .map(|text| {
                    ZoneSp::parse(text).map_err(|e| CliError::Input(format!("--from: {e}")))
                })
                .collect::<Result<_, _>>()?;
            let read = |records: &dyn Records, roles: &Roles, input| {
                let mut input = vc::situation::melee(records, roles, input)?;
                // A flag given wins over the records'; the origins step says so.
                given(sp, &mut input.sp);
                given(given_side, &mut input.side);
                Ok(input)
            };
            from_records(
                s,
                vc::situation::MELEE_ROLES,
                read,
                vc::Request::Melee,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::BayonetCharge {
            battle,
            british_sp,
            zulu_sp,
            across_wall,
            stop_after,
            dice,
            common,
            situation,
        } => {
            let british_sp = british_sp.map(Strength::get);
            let zulu_sp = zulu_sp.map(Strength::get);
            let stop_after = stop_after.map(Count::get);
            let s = BayonetChargeInput {
                battle: battle.into(),
                british_sp: british_sp.unwrap_or_default(),
                zulu_sp: zulu_sp.unwrap_or_default(),
                across_wall,
                stop_after_rounds: stop_after,
                origins: crate::rules::situation::Origins::default(),
            };
            let read = |records: &dyn Records, roles: &Roles, input| {
                let mut input = vc::situation::bayonet_charge(records, roles, input)?;
                // A flag given wins over the records'; the origins step says so.
                given(british_sp, &mut input.british_sp);
                given(zulu_sp, &mut input.zulu_sp);
                Ok(input)
            };
            from_records(
                s,
                vc::situation::BAYONET_ROLES,
                read,
                vc::Request::BayonetCharge,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::Replacements {
            battle,
            replace,
            common,
            situation,
        } => {
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
        VcCommand::MeleeExchange {
            battle,
            zulu_sp,
            british_sp,
            across_wall,
            building,
            in_laager_camp,
            turn,
            dice,
            common,
            situation,
        } => {
            let zulu_sp = zulu_sp.map(Strength::get);
            let british_sp = british_sp.map(Strength::get);
            let building = building.map(Count::get);
            let turn = turn.map(Count::get);
            let input = MeleeExchangeInput::over(
                Battle::from(battle),
                zulu_sp.unwrap_or(0),
                british_sp.unwrap_or(0),
                vc::ExchangeGround {
                    across_wall,
                    into_building_from_zones: building.unwrap_or(0),
                    in_laager_camp,
                    turn,
                },
            );
            let read = |records: &dyn Records, roles: &Roles, input| {
                let mut input = vc::situation::melee_exchange(records, roles, input)?;
                // A flag given wins over the records'; the origins step says so.
                given(zulu_sp, &mut input.zulu.sp);
                given(british_sp, &mut input.british.sp);
                Ok(input)
            };
            from_records(
                input,
                vc::situation::ZONE_ROLES,
                read,
                vc::Request::MeleeExchange,
                &situation,
                &dice,
                &common,
            )
        }
        VcCommand::Stacking {
            battle,
            side,
            zone,
            sp,
            leaders,
            common,
            situation,
        } => {
            let sp = sp.map(Strength::get);
            let leaders = leaders.map(Count::get);
            let side_given = side.map(Side::from);
            let s = Stack {
                battle: battle.into(),
                side: side_given.unwrap_or(Side::British),
                zone,
                sp: sp.unwrap_or(0),
                leaders: leaders.unwrap_or(0),
                origins: Origins::default(),
            };
            let read = |records: &dyn Records, roles: &Roles, input| {
                let mut input = vc::situation::stack(records, roles, input)?;
                // A flag given wins over the records'; the origins step says so.
                given(side_given, &mut input.side);
                given(sp, &mut input.sp);
                given(leaders, &mut input.leaders);
                Ok(input)
            };
            from_records(
                s,
                vc::situation::ZONE_ROLES,
                read,
                vc::Request::Stacking,
                &situation,
                &NO_DICE,
                &common,
            )
        }
        VcCommand::ZuluEntry {
            battle,
            zone,
            turn,
            common,
            situation,
        } => {
            let turn = turn.get();
            let input = ZuluEntryInput {
                battle: battle.into(),
                zone,
                turn,
            };
            let wrap = vc::Request::ZuluEntry;
            about_no_counter(input, wrap, &situation, &NO_DICE, &common)
        }
        VcCommand::SolitaireEntry {
            dice,
            common,
            situation,
        } => {
            let wrap = vc::Request::SolitaireEntry;
            about_no_counter(SolitaireEntryInput {}, wrap, &situation, &dice, &common)
        }
        VcCommand::SolitaireMovement {
            adjacent_to_british,
            zulu_on_right,
            zulu_on_left,
            dice,
            common,
            situation,
        } => {
            let input = SolitaireMove {
                adjacent_to_british,
                zulu_on_right,
                zulu_on_left,
            };
            let wrap = vc::Request::SolitaireMovement;
            about_no_counter(input, wrap, &situation, &dice, &common)
        }
        VcCommand::Hospital {
            track,
            dice,
            common,
            situation,
        } => {
            let track = track.get();
            let s = HospitalSituation {
                track: u32::from(track),
                zulu_melee_on_hospital: true,
                units: Vec::new(),
                origins: Origins::default(),
            };
            from_records(
                s,
                vc::situation::HOSPITAL_ROLES,
                vc::situation::hospital,
                vc::Request::Hospital,
                &situation,
                &dice,
                &common,
            )
        }
    }
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
        return go(&request, dice, common);
    }
    let choice = DiceChoice::from_flags(dice.dice.as_deref(), dice.seed.map(Seed::get));
    let apply = context.as_mut().filter(|_| situation.apply);
    run_and_apply(&request, &charts, &choice, common.json, &roles, apply)
}

/// A procedure counted on the records (`game::victory::vc_counts`, laid into `blank` by
/// `fill`) with `--campaign`, else on `blank`; the count a flag gives (`given`: its value
/// and its name for the error asking for it) wins over the records' (`slot`).
fn on_records<I: Clone>(
    situation: &SituationArgs,
    common: &Common,
    blank: I,
    fill: impl FnOnce(VcCounts, I) -> I,
    given: (Option<u32>, &str),
    slot: fn(&mut I) -> &mut u32,
    wrap: impl FnOnce(I) -> vc::Request,
) -> Result<Outcome, CliError> {
    let charts = common.tables.load(Ruleset::VictoriaCross)?;
    let (mut context, mut input, read) = counted(situation, &charts, blank.clone(), |state| {
        Ok(fill(crate::game::victory::vc_counts(state)?, blank))
    })?;
    given_or_read(given.0, slot(&mut input), read, given.1, RECORDS)?;
    let request = Request::VictoriaCross(wrap(input));
    run_counted(
        &request,
        &charts,
        common.json,
        &mut context,
        situation.apply,
    )
}

/// Loads the tables, then resolves with typed or seeded dice, or prints the odds.
fn go(request: &Request, dice: &DiceArgs, common: &Common) -> Result<Outcome, CliError> {
    let charts = common.tables.load(Ruleset::VictoriaCross)?;
    if dice.odds {
        return match request.odds(&charts) {
            Some(Ok(odds)) => {
                print_odds(
                    &odds,
                    common.json,
                    request.better_is_higher(),
                    Some((request, &Roles::default())),
                );
                Ok(Outcome::Done)
            }
            Some(Err(refusal)) => Ok(print_resolved(&Err(refusal), common.json)),
            None => Err(CliError::Input(format!(
                "--odds: vc {} works out no odds; give the faces thrown (--dice F,...) or a --seed",
                request.procedure()
            ))),
        };
    }
    let choice = DiceChoice::from_flags(dice.dice.as_deref(), dice.seed.map(Seed::get));
    run_request(request, &charts, &choice, common.json)
}
