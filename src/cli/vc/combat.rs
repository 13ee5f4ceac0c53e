//! `laager vc ...`'s combat: British fire and volleys, ammunition, Zulu random fire, the
//! melee, the bayonet charge, the melee exchange and the hospital's fire, each from its
//! flags and, with `--campaign`, the records.

use super::super::{CliError, Outcome};
use super::args::{
    AmmoArgs, BayonetChargeArgs, FireArgs, HospitalArgs, MeleeArgs, MeleeExchangeArgs,
    RandomFireArgs, VolleyArgs,
};
use super::{from_records, given};
use crate::bounds::{Count, Strength, ZoneRange};
use crate::rules::situation::{Records, Roles};
use crate::rules::victoria_cross::{
    self as vc, AmmoInput, AmmoSituation, Battle, BayonetChargeInput, FireInput, FireSituation,
    HospitalSituation, MeleeExchangeInput, MeleeSituation, RandomFireSituation, Side,
    VolleySituation, ZoneAmmo, ZoneFire, ZoneSp,
};

/// `laager vc fire`.
pub(super) fn fire(args: FireArgs) -> Result<Outcome, CliError> {
    let FireArgs {
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
    } = args;
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

/// `laager vc volley`: the records give the leader and his group's SP for the counters
/// in their roles; an SP given wins.
pub(super) fn volley(args: &VolleyArgs) -> Result<Outcome, CliError> {
    let roles = args.situation.roles(vc::situation::VOLLEY_ROLES)?;
    let s: VolleySituation = args.fields.build(&roles)?;
    let given = args.fields.given.pointers();
    from_records(
        s,
        vc::situation::VOLLEY_ROLES,
        |records, roles, input| vc::situation::volley(records, roles, input, &given),
        vc::Request::Volley,
        &args.situation,
        &args.dice,
        &args.common,
    )
}

/// `laager vc ammo`.
pub(super) fn ammo(args: AmmoArgs) -> Result<Outcome, CliError> {
    let AmmoArgs {
        ones,
        distance,
        from,
        dice,
        common,
        situation,
    } = args;
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

/// `laager vc random-fire`.
pub(super) fn random_fire(args: &RandomFireArgs) -> Result<Outcome, CliError> {
    let s: RandomFireSituation = args.fields.build(&Roles::default())?;
    from_records(
        s,
        vc::situation::RANDOM_FIRE_ROLES,
        vc::situation::random_fire,
        vc::Request::RandomFire,
        &args.situation,
        &args.dice,
        &args.common,
    )
}

/// `laager vc melee`.
pub(super) fn melee(args: MeleeArgs) -> Result<Outcome, CliError> {
    let MeleeArgs {
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
    } = args;
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
        .map(|text| ZoneSp::parse(text).map_err(|e| CliError::Input(format!("--from: {e}"))))
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

/// `laager vc bayonet-charge`.
pub(super) fn bayonet_charge(args: &BayonetChargeArgs) -> Result<Outcome, CliError> {
    let roles = args.situation.roles(vc::situation::BAYONET_ROLES)?;
    let s: BayonetChargeInput = args.fields.build(&roles)?;
    let given = args.fields.given.pointers();
    from_records(
        s,
        vc::situation::BAYONET_ROLES,
        |records, roles, input| vc::situation::bayonet_charge(records, roles, input, &given),
        vc::Request::BayonetCharge,
        &args.situation,
        &args.dice,
        &args.common,
    )
}

/// `laager vc melee-exchange`.
pub(super) fn melee_exchange(args: MeleeExchangeArgs) -> Result<Outcome, CliError> {
    let MeleeExchangeArgs {
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
    } = args;
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

/// `laager vc hospital`.
pub(super) fn hospital(args: &HospitalArgs) -> Result<Outcome, CliError> {
    let s: HospitalSituation = args.fields.build(&Roles::default())?;
    from_records(
        s,
        vc::situation::HOSPITAL_ROLES,
        vc::situation::hospital,
        vc::Request::Hospital,
        &args.situation,
        &args.dice,
        &args.common,
    )
}
