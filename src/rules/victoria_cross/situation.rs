//! The situation of a fire or a melee read from a game's records for the counters in
//! their roles: the SP they bring, counted by [`super::firing_sp`] and [`super::melee_sp`]
//! from each counter's kind (its recorded troop type), its present SP and an Ammo Depleted
//! marker (its status). The zones stay the referee's (the board is the club's): the range,
//! the walls and the buildings are given as flags or read off the board's lists.
//!
//! The counter in role `target` is the one its owner takes the hits off ("the owning
//! player determines which units incur them"): applying the result records them on it, as
//! far as its SP go.

use super::units::{Unit, UnitKind, firing_sp, melee_sp};
use super::{FireInput, MeleeSituation, Side, rule};
use crate::resolution::{Refusal, Step};
use crate::rules::field::FieldId;
use crate::rules::situation::{Filler, Origins, Records, Roles, Source};

/// The roles of a fire: the British counters firing together from one zone, and the
/// counter hit.
pub const FIRE_ROLES: &[&str] = &[
    "firer-1", "firer-2", "firer-3", "firer-4", "firer-5", "firer-6", "firer-7", "firer-8",
    "target",
];

/// The roles of one side's melee: its counters meleeing into the zone, and the counter of
/// the other side hit.
pub const MELEE_ROLES: &[&str] = &[
    "unit-1", "unit-2", "unit-3", "unit-4", "unit-5", "unit-6", "unit-7", "unit-8", "target",
];

const FIRING_SP: &str = "firing SP";

/// The roles of a volley: the leader, the infantry counters grouped with him, and the
/// counter hit.
pub const VOLLEY_ROLES: &[&str] = &[
    "leader",
    "infantry-1",
    "infantry-2",
    "infantry-3",
    "infantry-4",
    "target",
];

/// The roles of a bayonet charge: the leader, the British counters charging with him, and
/// the Zulu counter of the zone charged.
pub const BAYONET_ROLES: &[&str] = &["leader", "unit-1", "unit-2", "unit-3", "unit-4", "target"];

/// The roles of the British replacements: the counters given replacement SP ("up to two
/// units may be receive replacements").
pub const REPLACEMENT_ROLES: &[&str] = &["unit-1", "unit-2"];

/// The role of a Zulu random fire: the British counter hit.
pub const RANDOM_FIRE_ROLES: &[&str] = &["target"];

/// The roles of an ammunition check: the British counters that fired.
pub const AMMO_ROLES: &[&str] = &[
    "firer-1", "firer-2", "firer-3", "firer-4", "firer-5", "firer-6", "firer-7", "firer-8",
];

/// The roles of the Hospital Phase: the counters in the hospital zones L, M, N and O
/// (British, VP units, Zulus), which burn with it.
pub const HOSPITAL_ROLES: &[&str] = &[
    "unit-1", "unit-2", "unit-3", "unit-4", "unit-5", "unit-6", "unit-7", "unit-8", "unit-9",
    "unit-10", "unit-11", "unit-12", "unit-13", "unit-14", "unit-15", "unit-16",
];

/// The Hospital Phase with the counters in roles `unit-1` ... `unit-16`, the ones the
/// referee says are in the hospital zones (the zones are the club's board): each must be on
/// the roster and still in the game. Their names go into the input, so the resolution
/// names those that burn; the track stays `base`'s.
pub fn hospital(
    records: &dyn Records,
    roles: &Roles,
    mut base: super::HospitalSituation,
) -> Result<super::HospitalSituation, Refusal> {
    const HOSPITAL: &str = "Rorke's Drift: Hospital Phase";
    let units = counters(records, roles, "unit-", HOSPITAL)?;
    let names: Vec<String> = units.iter().map(|u| u.name.clone()).collect();
    let mut origins = Origins::default();
    origins.note(
        crate::field!(super::HospitalSituation: units),
        "counters in the hospital",
        names.clone(),
        Source::Records,
        format!(
            "{} in the hospital, on the roster and still in the game",
            names.join(", ")
        ),
    );
    base.units = names;
    base.origins = origins;
    Ok(base)
}

/// The counters that fired and may be marked Ammo Depleted: "Any firing unit (British
/// players choice, other than artillery) is marked with an Ammo Depleted marker" — one that
/// brought firing SP (the Combat Example marks Pulleine, a leader), not the artillery.
pub fn markable(records: &dyn Records, roles: &Roles) -> Result<Vec<String>, Refusal> {
    Ok(markable_of(&counters(records, roles, "firer-", AMMO)?))
}

/// The counters of `units` that may be marked Ammo Depleted ([`markable`]).
fn markable_of(units: &[Unit]) -> Vec<String> {
    units
        .iter()
        .filter(|u| u.kind != UnitKind::Artillery && firing_sp(std::slice::from_ref(u)).0 > 0)
        .map(|u| u.name.clone())
        .collect()
}

const AMMO: &str = "Fire Combat: ISANDLWANA: British ammunition";

/// Isandlwana's ammunition check after the fire of the counters in roles `firer-1` ...
/// `firer-8`: no more can be marked than the firing units other than the artillery
/// ([`markable`]). The 1s and the distance to zone 15 stay as `base` has them.
pub fn ammo(
    records: &dyn Records,
    roles: &Roles,
    base: super::AmmoInput,
) -> Result<super::AmmoInput, Refusal> {
    let units = counters(records, roles, "firer-", AMMO)?;
    if let Some(zulu) = units.iter().find(|u| side_of(u.kind) == Side::Zulu) {
        return Err(Refusal::bad_input(
            rule(AMMO),
            format!(
                "'{}' is a Zulu counter: the check is the British fire's",
                zulu.name
            ),
        ));
    }
    let names = markable_of(&units);
    let n = u32::try_from(names.len()).unwrap_or(u32::MAX);
    let why = if names.is_empty() {
        "none of the counters that fired may be marked (the artillery, or no firing SP)".to_owned()
    } else {
        format!(
            "{} fired and may be marked (\"Any firing unit (British players choice, other than artillery)\")",
            names.join(", ")
        )
    };
    let mut origins = Origins::default();
    origins.note(
        crate::field!(super::AmmoSituation: markable_units),
        "units that may be marked",
        n,
        Source::Records,
        why,
    );
    let mut input = base;
    match &mut input {
        super::AmmoInput::AtDistance(s) => {
            s.markable_units = Some(n);
            s.origins = origins;
        }
        super::AmmoInput::FromBoard(s) => {
            s.markable_units = Some(n);
            s.origins = origins;
        }
    }
    Ok(input)
}

/// The kinds as the records spell them.
pub const KINDS: &str =
    "infantry, native-infantry, cavalry, artillery, leader, vp-unit, warriors, zulu-leader";

/// A counter's kind from its recorded troop type, spelt as [`KINDS`] (any case).
pub fn kind_of(troop_type: &str) -> Option<UnitKind> {
    serde_json::from_value(serde_json::Value::String(troop_type.trim().to_lowercase())).ok()
}

fn side_of(kind: UnitKind) -> Side {
    match kind {
        UnitKind::Warriors | UnitKind::ZuluLeader => Side::Zulu,
        _ => Side::British,
    }
}

/// The counter marked Ammo Depleted: its status, as the roster writes the marker.
fn ammo_depleted(status: Option<&crate::record::Status>) -> bool {
    status
        .is_some_and(|s| s.name().trim().to_lowercase().replace(['-', '_'], " ") == "ammo depleted")
}

/// One counter's record in a role, as a [`Unit`].
fn counter(records: &dyn Records, role: &str, id: &str, section: &str) -> Result<Unit, Refusal> {
    let refuse = |why: String| Refusal::bad_input(rule(section), why);
    let view = records
        .unit(id)
        .ok_or_else(|| refuse(format!("{role}: no unit '{id}' is on the roster")))?;
    if view.removed {
        return Err(refuse(format!(
            "{role}: '{id}' has left the game, the records show"
        )));
    }
    let kind = kind_of(&view.troop_type).ok_or_else(|| {
        refuse(format!(
            "{role}: '{id}' is recorded as '{}', not a Victoria Cross counter ({KINDS})",
            view.troop_type
        ))
    })?;
    Ok(Unit {
        name: id.to_owned(),
        kind,
        sp: view.present,
        ammo_depleted: ammo_depleted(view.status.as_ref()),
        moved: false,
    })
}

/// The British leader in role `leader` (a volley's, a bayonet charge's), refused when none
/// is named or the records show another kind of counter.
fn leader(records: &dyn Records, roles: &Roles, section: &str) -> Result<Unit, Refusal> {
    let refuse = |why: String| Refusal::bad_input(rule(section), why);
    let id = roles.need("leader").map_err(refuse)?;
    let leader = counter(records, "leader", id, section)?;
    if leader.kind != UnitKind::Leader {
        return Err(refuse(format!(
            "leader: '{id}' is not recorded as a British leader"
        )));
    }
    Ok(leader)
}

/// Each counter's step of an SP count, in words: why the records give the SP they give.
fn counted(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| format!("{} {}", s.text, s.value.clone().unwrap_or_default()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The counters in the roles starting `prefix`, in the roles' order; refuses none given.
fn counters(
    records: &dyn Records,
    roles: &Roles,
    prefix: &str,
    section: &str,
) -> Result<Vec<Unit>, Refusal> {
    let units = roles
        .0
        .iter()
        .filter(|(role, _)| role.starts_with(prefix))
        .map(|(role, id)| counter(records, role, id, section))
        .collect::<Result<Vec<_>, _>>()?;
    if units.is_empty() {
        return Err(Refusal::bad_input(
            rule(section),
            format!("--unit {prefix}1=ID is needed: which counters take part?"),
        ));
    }
    Ok(units)
}

/// The side of `units` (at least one), all of which must be of it: refused as bad input
/// under `section`, naming two counters of different sides and `why` one side only.
fn one_side(units: &[Unit], section: &str, why: &str) -> Result<Side, Refusal> {
    let side = side_of(units[0].kind);
    match units.iter().find(|u| side_of(u.kind) != side) {
        Some(other) => Err(Refusal::bad_input(
            rule(section),
            format!(
                "'{}' is a {} counter and '{}' a {} one: {why}",
                units[0].name,
                side.id(),
                other.name,
                side_of(other.kind).id()
            ),
        )),
        None => Ok(side),
    }
}

/// The counter hit, checked to be of `side`.
fn target(records: &dyn Records, roles: &Roles, side: Side, section: &str) -> Result<(), Refusal> {
    let Some(id) = roles.get("target") else {
        return Ok(());
    };
    let unit = counter(records, "target", id, section)?;
    if side_of(unit.kind) != side {
        return Err(Refusal::bad_input(
            rule(section),
            format!(
                "target: '{id}' is a {} counter: the hits fall on the other side's",
                side_of(unit.kind).id()
            ),
        ));
    }
    Ok(())
}

/// The SP counted, noted with each counter's step; the artillery's Moved side is the
/// referee's.
fn note_sp(
    origins: &mut Origins,
    (field, label): (FieldId, &str),
    sp: u32,
    steps: &[Step],
    units: &[Unit],
) {
    let fire = label == FIRING_SP;
    let why = counted(steps);
    origins.note(field, label, sp, Source::Records, why);
    // The artillery "counts as 1 SP in melee, whether on it's Moved or 6 SP side".
    for unit in units
        .iter()
        .filter(|u| fire && u.kind == UnitKind::Artillery)
    {
        origins.undecided.push(format!(
            "{} is the artillery: on its Moved side it counts otherwise (\"May either move 1 zone or fire\"); the records do not show which side is up (--sp)",
            unit.name
        ));
    }
}

/// A British fire: the firing SP of the counters in roles `firer-1` ... `firer-8`, by
/// "All British units except the VP units and British native infantry can fire during fire
/// combat" and the Ammo Depleted marker; the counter in role `target` must be a Zulu one.
/// The range (or the zones) stay as `base` has them.
pub fn fire(records: &dyn Records, roles: &Roles, base: FireInput) -> Result<FireInput, Refusal> {
    const SECTION: &str = "Fire Combat";
    let units = counters(records, roles, "firer-", SECTION)?;
    if let Some(zulu) = units.iter().find(|u| side_of(u.kind) == Side::Zulu) {
        return Err(Refusal::bad_input(
            rule(SECTION),
            format!(
                "'{}' is a Zulu counter: \"Zulus fire only by random fire\" (laager vc random-fire)",
                zulu.name
            ),
        ));
    }
    target(records, roles, Side::Zulu, SECTION)?;
    let (sp, steps) = firing_sp(&units);
    let mut origins = Origins::default();
    note_sp(
        &mut origins,
        (crate::field!(super::FireSituation: sp), FIRING_SP),
        sp,
        &steps,
        &units,
    );
    let mut input = base;
    match &mut input {
        FireInput::AtRange(s) => {
            s.sp = sp;
            s.origins = origins;
        }
        FireInput::FromBoard(s) => {
            s.sp = sp;
            s.origins = origins;
        }
    }
    Ok(input)
}

/// A leader's volley: "Chard, Bromhead, Durnford, and Pulleine, may each conduct volley
/// fire with up to 4 SP plus themselves" — the leader in role `leader` and the British
/// infantry in roles `infantry-1` ... `infantry-4`, their SP counted as for fire (an Ammo
/// Depleted counter brings none); the counter in role `target` must be a Zulu one. Whether
/// the group moved, the zone's adjacency and walls stay as `base` has them.
pub fn volley(
    records: &dyn Records,
    roles: &Roles,
    base: super::VolleySituation,
    given: &[String],
) -> Result<super::VolleySituation, Refusal> {
    const SECTION: &str = "British Leaders: VOLLEY FIRE";
    let refuse = |why: String| Refusal::bad_input(rule(SECTION), why);
    let leader = leader(records, roles, SECTION)?;
    let units = counters(records, roles, "infantry-", SECTION)?;
    if let Some(other) = units.iter().find(|u| u.kind != UnitKind::Infantry) {
        return Err(refuse(format!(
            "'{}' is not British infantry: the leader volleys \"with up to 4 SP\" of infantry",
            other.name
        )));
    }
    target(records, roles, Side::Zulu, SECTION)?;
    let (sp, steps) = firing_sp(&units);
    let mut origins = Origins::default();
    let mut input = base;
    input.leader = Some(leader.name.clone());
    origins.note(
        crate::field!(super::VolleySituation: leader),
        "leader",
        &leader.name,
        Source::Records,
        format!("{} is recorded as a leader", leader.name),
    );
    // An SP given by hand wins over the records'; the origins step says so.
    let mut fill = Filler::new(given);
    fill.origins = origins;
    fill.set(
        crate::field!(super::VolleySituation: infantry_sp),
        "infantry SP",
        &mut input.infantry_sp,
        sp,
        counted(&steps),
    );
    input.origins = fill.origins;
    Ok(input)
}

/// A Zulu random fire: its dice are the battle's and the turn's, so the records give
/// nothing to it but the counter hit, which must be a British one ("the Zulu player may
/// fire at any zone" holding British units). `base` is returned as given.
pub fn random_fire(
    records: &dyn Records,
    roles: &Roles,
    base: super::RandomFireSituation,
) -> Result<super::RandomFireSituation, Refusal> {
    const SECTION: &str = "Fire Combat: ZULU RANDOM FIRE COMBAT";
    if roles.get("target").is_none() {
        return Err(Refusal::bad_input(
            rule(SECTION),
            "--unit target=ID is needed: which British counter takes the hits?",
        ));
    }
    target(records, roles, Side::British, SECTION)?;
    Ok(base)
}

/// One side's melee: the meleeing SP of the counters in roles `unit-1` ... `unit-8`, all
/// of one side (which sets who melees), by the Melee Combat counts (the artillery 1, a
/// leader 1, Ammo Depleted counters still melee); the counter in role `target` must be of
/// the other side. Walls, buildings and the zones stay as `base` has them; with `--from`
/// zones the SP are the zones' own.
pub fn melee(
    records: &dyn Records,
    roles: &Roles,
    base: MeleeSituation,
) -> Result<MeleeSituation, Refusal> {
    const SECTION: &str = "Melee Combat";
    let units = counters(records, roles, "unit-", SECTION)?;
    let side = one_side(&units, SECTION, "one side melees at a time")?;
    let other = match side {
        Side::British => Side::Zulu,
        Side::Zulu => Side::British,
    };
    target(records, roles, other, SECTION)?;
    let (sp, steps) = melee_sp(&units);
    let mut input = base;
    let mut origins = Origins::default();
    input.side = side;
    origins.note(
        crate::field!(MeleeSituation: side),
        "side",
        side.id(),
        Source::Records,
        format!("{} is a {} counter", units[0].name, side.id()),
    );
    note_sp(
        &mut origins,
        (crate::field!(MeleeSituation: sp), "meleeing SP"),
        sp,
        &steps,
        &units,
    );
    input.sp = sp;
    input.origins = origins;
    Ok(input)
}

/// A bayonet charge: "a British leader with up to 4 SP each can conduct a bayonet charge"
/// — the leader in role `leader` and the British counters in `unit-1` ... `unit-4`, their
/// SP counted as in melee (a leader 1, the artillery 1, Ammo Depleted counters still melee),
/// and the Zulu counter charged in role `target`, its SP the Zulu SP. The walls and the
/// rounds stay as `base` has them.
pub fn bayonet_charge(
    records: &dyn Records,
    roles: &Roles,
    base: super::BayonetChargeInput,
    given: &[String],
) -> Result<super::BayonetChargeInput, Refusal> {
    const SECTION: &str = "British Leaders: BAYONET CHARGE";
    let refuse = |why: String| Refusal::bad_input(rule(SECTION), why);
    let leader = leader(records, roles, SECTION)?;
    let mut units = vec![leader];
    for (role, id) in roles.0.iter().filter(|(r, _)| r.starts_with("unit-")) {
        units.push(counter(records, role, id, SECTION)?);
    }
    if let Some(zulu) = units.iter().find(|u| side_of(u.kind) == Side::Zulu) {
        return Err(refuse(format!(
            "'{}' is a Zulu counter: the British charge",
            zulu.name
        )));
    }
    let target_id = roles.get("target").ok_or_else(|| {
        refuse("--unit target=ID is needed: which Zulu counter is charged?".into())
    })?;
    target(records, roles, Side::Zulu, SECTION)?;
    let zulus = counter(records, "target", target_id, SECTION)?;
    let (sp, steps) = melee_sp(&units);
    let mut input = base;
    // A value given by hand wins over the records'; the origins step says so.
    let mut fill = Filler::new(given);
    fill.set(
        crate::field!(super::BayonetChargeInput: british_sp),
        "British SP",
        &mut input.british_sp,
        sp,
        counted(&steps),
    );
    fill.set(
        crate::field!(super::BayonetChargeInput: zulu_sp),
        "Zulu SP",
        &mut input.zulu_sp,
        zulus.sp,
        format!("{} has {} SP, the records show", zulus.name, zulus.sp),
    );
    input.origins = fill.origins;
    Ok(input)
}

/// The British replacements at Rorke's Drift for the counters in roles `unit-1`, `unit-2`:
/// each one's SP now (its present SP) and full strength (the SP it joined with) from the
/// records; whether it started the turn in zone G and the SP given stay `base`'s (the N-th
/// unit there is `unit-N`'s; the board is the club's, the choice the British player's).
pub fn replacements(
    records: &dyn Records,
    roles: &Roles,
    base: super::ReplacementsInput,
) -> Result<super::ReplacementsInput, Refusal> {
    const SECTION: &str = "Replacements";
    let mut input = base;
    let mut origins = Origins::default();
    for (role, id) in roles.0.iter().filter(|(r, _)| r.starts_with("unit-")) {
        let Some(i) = role
            .strip_prefix("unit-")
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1))
        else {
            continue;
        };
        let unit = counter(records, role, id, SECTION)?;
        if side_of(unit.kind) != Side::British {
            return Err(Refusal::bad_input(
                rule(SECTION),
                format!("{role}: '{id}' is a Zulu counter: the British receive replacements"),
            ));
        }
        let full = records.unit(id).map_or(unit.sp, |view| view.initial);
        while input.units.len() <= i {
            input.units.push(super::ReplacementUnit {
                name: format!("unit {}", input.units.len() + 1),
                sp: 0,
                full_sp: 0,
                started_in_g: false,
                gain: 0,
            });
        }
        let slot = &mut input.units[i];
        slot.name.clone_from(id);
        slot.sp = unit.sp;
        slot.full_sp = full;
        let unit_field = crate::field!(super::ReplacementsInput: units).item(i);
        let at = |field| unit_field.clone().then(field);
        origins.note(
            at(crate::field!(super::ReplacementUnit: name)),
            format!("{role} name"),
            id,
            Source::Records,
            format!("'{id}' is on the roster"),
        );
        origins.note(
            at(crate::field!(super::ReplacementUnit: sp)),
            format!("{role} SP"),
            unit.sp,
            Source::Records,
            format!("'{id}' has {} SP, the records show", unit.sp),
        );
        origins.note(
            at(crate::field!(super::ReplacementUnit: full_sp)),
            format!("{role} full SP"),
            full,
            Source::Records,
            format!("'{id}' joined with {full} SP"),
        );
    }
    input.origins = origins;
    Ok(input)
}

/// The roles of both sides' melee over one zone, and of a zone's stack: its counters, each
/// one's side read from the records.
pub const ZONE_ROLES: &[&str] = &[
    "unit-1", "unit-2", "unit-3", "unit-4", "unit-5", "unit-6", "unit-7", "unit-8", "unit-9",
    "unit-10", "unit-11", "unit-12", "unit-13", "unit-14", "unit-15", "unit-16",
];

/// Both sides' melee over one zone: the counters in roles `unit-1` ... `unit-16`, each
/// going to its side's melee by what the records say it is, their SP counted as in melee
/// ([`melee`]: the artillery 1, a leader 1). "The Zulu player declares and completes his
/// melee attacks first; however and losses are not applied until all units from the
/// British and Zulu player in a zone have meleed" — so both sides must have a counter in
/// the exchange. The walls, buildings and the turn stay as `base` has them.
pub fn melee_exchange(
    records: &dyn Records,
    roles: &Roles,
    base: super::MeleeExchangeInput,
) -> Result<super::MeleeExchangeInput, Refusal> {
    const SECTION: &str = "Melee Combat";
    let mut british = Vec::new();
    let mut zulus = Vec::new();
    for (role, id) in roles.0.iter().filter(|(r, _)| r.starts_with("unit-")) {
        let unit = counter(records, role, id, SECTION)?;
        match side_of(unit.kind) {
            Side::British => british.push(unit),
            Side::Zulu => zulus.push(unit),
        }
    }
    let side = |units: &[Unit], mut base: MeleeSituation, who: &str| {
        if units.is_empty() {
            return Err(Refusal::bad_input(
                rule(SECTION),
                format!(
                    "no {who} counter is among the units: an exchange is both sides' melee over one zone"
                ),
            ));
        }
        let (sp, steps) = melee_sp(units);
        let mut origins = Origins::default();
        note_sp(
            &mut origins,
            (
                crate::field!(super::ZoneSp: sp),
                &format!("{who} meleeing SP"),
            ),
            sp,
            &steps,
            units,
        );
        base.sp = sp;
        base.origins = origins;
        Ok(base)
    };
    Ok(super::MeleeExchangeInput {
        zulu: side(&zulus, base.zulu, "Zulu")?,
        british: side(&british, base.british, "British")?,
    })
}

/// A zone's stack: the counters in roles `unit-1` ... `unit-16`, all of one side (which
/// sets whose limit), their SP counted for the zone limits — "The artillery counts as 1 SP
/// for zone SP limits", a VP unit none — and the leaders apart ("16 British SP plus any
/// leaders"). The zone stays as `base` has it (the board is the club's).
pub fn stack(
    records: &dyn Records,
    roles: &Roles,
    base: super::Stack,
    given: &[String],
) -> Result<super::Stack, Refusal> {
    const SECTION: &str = "Maximum Units/SP per Zone";
    let units = counters(records, roles, "unit-", SECTION)?;
    let side = one_side(&units, SECTION, "a stack is one side's units in a zone")?;
    let leaders: Vec<&Unit> = units
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Leader | UnitKind::ZuluLeader))
        .collect();
    let mut sp = 0;
    let mut parts = Vec::new();
    for unit in units
        .iter()
        .filter(|u| !matches!(u.kind, UnitKind::Leader | UnitKind::ZuluLeader))
    {
        let (n, why) = match unit.kind {
            UnitKind::Artillery => (1, "the artillery counts as 1 SP for zone SP limits"),
            UnitKind::VpUnit => (0, "a VP unit has no SP"),
            _ => (unit.sp, "its SP"),
        };
        sp += n;
        parts.push(format!("{} {n} ({why})", unit.name));
    }
    let mut input = base;
    // A value given by hand wins over the records'; the origins step says so.
    let mut fill = Filler::new(given);
    fill.set(
        crate::field!(super::Stack: side),
        "side",
        &mut input.side,
        side,
        format!("{} is a {} counter", units[0].name, side.id()),
    );
    let why = if parts.is_empty() {
        "only leaders".to_owned()
    } else {
        parts.join(", ")
    };
    fill.set(
        crate::field!(super::Stack: sp),
        "SP",
        &mut input.sp,
        sp,
        why,
    );
    let names: Vec<&str> = leaders.iter().map(|u| u.name.as_str()).collect();
    fill.set(
        crate::field!(super::Stack: leaders),
        "leaders",
        &mut input.leaders,
        u32::try_from(leaders.len()).unwrap_or(u32::MAX),
        if names.is_empty() {
            "no leader among the units".to_owned()
        } else {
            format!("{} recorded as leader(s)", names.join(", "))
        },
    );
    input.origins = fill.origins;
    Ok(input)
}
