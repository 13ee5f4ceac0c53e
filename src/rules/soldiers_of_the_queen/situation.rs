//! The situation of a Soldiers of the Queen procedure read from a game's records for the
//! units in their roles: what the roster holds of each unit — its name, its class as its
//! nationality (`regular`, `colonial`, `nnc`, `zulu`, `dervish`), its troop type as its
//! arm and kind ([`Troop`]: PART 6 B's unit types or the plain kinds) and a `pinned`,
//! `routed` or `out of ammo` status.
//!
//! The counters' printed values — Fire Strength, weapon, Morale Rating and Melee
//! Strength — are not in the text and the roster holds one strength, so they stay the
//! referee's, as do the ranges, the map's hexsides and terrain (the map is the club's). A
//! value given by hand (`given`: the input's fields as JSON pointers, `/firers/0/arm`) is
//! kept over the records', and the first steps say so.

use super::units::{Arm, Troop};
use super::{
    AllowanceInput, EntryInput, Kind, LeaderDeathInput, Nationality, Piece, RallyInput,
    ResupplyInput, ResupplyUnit, StackInput, rule,
};
use crate::resolution::Refusal;
use crate::rules::field::FieldId;
use crate::rules::situation::{Filler, Records, Roles, Source};

mod combat;
pub use combat::{fire, melee};

/// The roles of a fire: up to eight units firing together, the units of the target hex
/// (top of the stack first) and its leaders.
pub const FIRE_ROLES: &[&str] = &[
    "firer-1", "firer-2", "firer-3", "firer-4", "firer-5", "firer-6", "firer-7", "firer-8",
    "target", "target-2", "target-3", "leader-1", "leader-2",
];

/// The roles of a melee: up to eight attacking units, the defending units (top of the
/// stack first) and the leaders stacked with them.
pub const MELEE_ROLES: &[&str] = &[
    "attacker-1",
    "attacker-2",
    "attacker-3",
    "attacker-4",
    "attacker-5",
    "attacker-6",
    "attacker-7",
    "attacker-8",
    "defender",
    "defender-2",
    "defender-3",
    "leader-1",
    "leader-2",
];

/// The role of a procedure about one unit: the Routed unit rallied, the unit resupplied,
/// the unit whose Movement Allowance or entry cost is asked.
pub const UNIT_ROLES: &[&str] = &["unit"];

/// The role of a leader's death roll: the leader.
pub const LEADER_ROLES: &[&str] = &["leader"];

/// The roles of a stack check: its pieces, top first.
pub const STACK_ROLES: &[&str] = &[
    "piece-1", "piece-2", "piece-3", "piece-4", "piece-5", "piece-6", "piece-7", "piece-8",
];

/// What the roster holds of one unit.
struct Recorded {
    id: String,
    nationality: Option<Nationality>,
    troop: Option<Troop>,
    troop_type: String,
    pinned: bool,
    routed: bool,
    out_of_ammo: bool,
}

impl Recorded {
    /// Its nationality, refused when the records hold none and none was given.
    fn nationality(&self, role: &str, section: &str) -> Result<Nationality, Refusal> {
        self.nationality.ok_or_else(|| {
            Refusal::bad_input(
                rule(section),
                format!(
                    "{role}: '{}' has no nationality on the roster (its class: regular, colonial, nnc, zulu or dervish): give nationality= for it",
                    self.id
                ),
            )
        })
    }

    fn why(&self, what: &str) -> String {
        format!("'{}' {what}, the records show", self.id)
    }
}

fn status_is(status: Option<&crate::record::Status>, word: &str) -> bool {
    status.is_some_and(|s| s.name().trim().eq_ignore_ascii_case(word))
}

/// One unit of the roster in its role; refused when it is not there or has left the game.
fn recorded(
    records: &dyn Records,
    role: &str,
    id: &str,
    section: &str,
) -> Result<Recorded, Refusal> {
    let refuse = |why: String| Refusal::bad_input(rule(section), why);
    let view = records
        .unit(id)
        .ok_or_else(|| refuse(format!("{role}: no unit '{id}' is on the roster")))?;
    if view.removed {
        return Err(refuse(format!(
            "{role}: '{id}' has left the game, the records show"
        )));
    }
    let status = view.status.as_ref();
    Ok(Recorded {
        id: id.to_owned(),
        nationality: view
            .class
            .as_deref()
            .and_then(|c| Nationality::parse(c).ok()),
        troop: Troop::of(&view.troop_type),
        troop_type: view.troop_type.clone(),
        pinned: status_is(status, "pinned"),
        routed: status_is(status, "routed"),
        out_of_ammo: status_is(status, "out of ammo"),
    })
}

impl Filler<'_> {
    /// A unit's troop-type values, or a note that the records' word says nothing.
    fn troop(&mut self, unit: &Recorded, role: &str) -> Option<Troop> {
        if unit.troop.is_none() {
            self.origins.undecided.push(format!(
                "{role} '{}': troop type '{}' is not one the rules read ({})",
                unit.id,
                unit.troop_type,
                Troop::WORDS
            ));
        }
        unit.troop
    }
}

/// The units in the roles starting `prefix` (`firer-`), as (index from 0, role, id).
fn numbered<'a>(roles: &'a Roles, prefix: &str) -> Vec<(usize, &'a str, &'a str)> {
    roles
        .0
        .iter()
        .filter_map(|(role, id)| {
            let n: usize = role.strip_prefix(prefix)?.parse().ok()?;
            Some((n.checked_sub(1)?, role.as_str(), id.as_str()))
        })
        .collect()
}

/// The units of a hex in roles `first`, `first-2`, `first-3`, as (index, role, id).
fn stacked<'a>(roles: &'a Roles, first: &str) -> Vec<(usize, &'a str, &'a str)> {
    roles
        .0
        .iter()
        .filter_map(|(role, id)| {
            let i = if role == first {
                0
            } else {
                role.strip_prefix(first)?
                    .strip_prefix('-')?
                    .parse::<usize>()
                    .ok()?
                    .checked_sub(1)?
            };
            Some((i, role.as_str(), id.as_str()))
        })
        .collect()
}

fn missing(role: &str, id: &str, what: &str, flag: &str, section: &str) -> Refusal {
    Refusal::bad_input(
        rule(section),
        format!(
            "{role} ('{id}'): {what} printed on the counter, not in the records: give {flag} for it"
        ),
    )
}

/// The side of the units read, refused when they are not all of one side.
fn one_side(units: &[(String, Nationality)], who: &str, section: &str) -> Result<(), Refusal> {
    if let Some((first, n)) = units.first()
        && let Some((other, m)) = units.iter().find(|(_, m)| m.side() != n.side())
    {
        return Err(Refusal::bad_input(
            rule(section),
            format!(
                "{who}: '{first}' is {} and '{other}' {}: they are not one side's",
                n.side().name(),
                m.side().name()
            ),
        ));
    }
    Ok(())
}

/// Checks the units hit are the other side's than the units acting.
fn other_side(
    acting: &[(String, Nationality)],
    hit: &[(String, Nationality)],
    section: &str,
) -> Result<(), Refusal> {
    let Some((a, n)) = acting.first() else {
        return Ok(());
    };
    match hit.iter().find(|(_, m)| m.side() == n.side()) {
        Some((b, _)) => Err(Refusal::bad_input(
            rule(section),
            format!(
                "'{b}' is {} like '{a}': the attack is on the enemy",
                n.side().name()
            ),
        )),
        None => Ok(()),
    }
}

/// Leaders in roles `leader-1`, `leader-2`, checked to be leaders on the roster.
fn leaders(
    records: &dyn Records,
    roles: &Roles,
    section: &str,
) -> Result<Vec<(usize, String)>, Refusal> {
    numbered(roles, "leader-")
        .into_iter()
        .map(|(i, role, id)| {
            let unit = recorded(records, role, id, section)?;
            if unit.troop.is_some_and(|t| !t.leader) {
                return Err(Refusal::bad_input(
                    rule(section),
                    format!(
                        "{role}: '{id}' is recorded as '{}', not a leader",
                        unit.troop_type
                    ),
                ));
            }
            Ok((i, id.to_owned()))
        })
        .collect()
}

/// Puts the leaders of the records in their places of `names` (`leader-1` the first).
fn place_leaders(
    fill: &mut Filler<'_>,
    names: &mut Vec<String>,
    field: FieldId,
    found: Vec<(usize, String)>,
) {
    for (i, id) in found {
        while names.len() <= i {
            names.push(String::new());
        }
        names[i].clone_from(&id);
        let why = format!("'{id}' is a leader on the roster");
        fill.origins.note(
            field.item(i),
            format!("leader-{}", i + 1),
            id,
            Source::Records,
            why,
        );
    }
    names.retain(|l| !l.is_empty());
}

/// A leader's death roll for the leader in role `leader`, checked to be a leader on the
/// roster: applying a death removes him ("killed").
pub fn leader_death(
    records: &dyn Records,
    roles: &Roles,
    mut input: LeaderDeathInput,
) -> Result<LeaderDeathInput, Refusal> {
    const SECTION: &str = "PART 13 D";
    let Some(id) = roles.get("leader") else {
        return Ok(input);
    };
    let unit = recorded(records, "leader", id, SECTION)?;
    if unit.troop.is_some_and(|t| !t.leader) {
        return Err(Refusal::bad_input(
            rule(SECTION),
            format!(
                "leader: '{id}' is recorded as '{}', not a leader",
                unit.troop_type
            ),
        ));
    }
    input.origins.note(
        crate::field!(LeaderDeathInput: leader),
        "leader",
        id,
        Source::Records,
        format!("'{id}' is a leader on the roster"),
    );
    input.leader = Some(id.to_owned());
    Ok(input)
}

/// A rally of the unit in role `unit`: refused unless the records show it Routed ("A
/// Routed unit may be rallied"); whether it is artillery comes from its troop type.
/// Applying a rally clears its status.
pub fn rally(
    records: &dyn Records,
    roles: &Roles,
    mut input: RallyInput,
    given: &[String],
) -> Result<RallyInput, Refusal> {
    const SECTION: &str = "PART 13 E";
    let Some(id) = roles.get("unit") else {
        return Ok(input);
    };
    let unit = recorded(records, "unit", id, SECTION)?;
    if !unit.routed {
        return Err(Refusal::by_rule(
            rule(SECTION),
            format!("unit: '{id}' is not Routed, the records show: only a Routed unit is rallied"),
        ));
    }
    let mut fill = Filler::new(given);
    fill.origins.note(
        crate::field!(RallyInput: unit),
        "unit",
        id,
        Source::Records,
        unit.why("is routed"),
    );
    input.unit = Some(id.to_owned());
    if let Some(n) = unit.nationality
        && n.side() != input.side
    {
        return Err(Refusal::bad_input(
            rule(SECTION),
            format!(
                "unit: '{id}' is {}, not of the rallying side ({})",
                n.side().name(),
                input.side.name()
            ),
        ));
    }
    if let Some(troop) = fill.troop(&unit, "unit") {
        fill.set(
            crate::field!(RallyInput: unit_artillery),
            "artillery",
            &mut input.unit_artillery,
            troop.arm.is_artillery(),
            unit.why(&format!("joined as {}", unit.troop_type)),
        );
    }
    input.origins = fill.origins;
    Ok(input)
}

/// A resupply roll for the unit in role `unit`: whether it is artillery, dismounted
/// cavalry, Pinned or Routed come from the records; its Ammunition Roster's boxes and the
/// range to the wagon stay `input`'s.
pub fn resupply(
    records: &dyn Records,
    roles: &Roles,
    mut input: ResupplyInput,
    given: &[String],
) -> Result<ResupplyInput, Refusal> {
    const SECTION: &str = "PART 11";
    let Some(id) = roles.get("unit") else {
        return Ok(input);
    };
    let unit = recorded(records, "unit", id, SECTION)?;
    let mut fill = Filler::new(given);
    fill.origins.note(
        crate::field!(ResupplyInput: unit),
        "unit",
        id,
        Source::Records,
        unit.why("is on the roster"),
    );
    input.unit = Some(id.to_owned());
    if let Some(troop) = fill.troop(&unit, "unit") {
        let joined = unit.why(&format!("joined as {}", unit.troop_type));
        fill.set(
            crate::field!(ResupplyInput: artillery),
            "artillery",
            &mut input.artillery,
            troop.arm.is_artillery(),
            joined.clone(),
        );
        let kind = if troop.arm == Arm::Cavalry && !troop.mounted {
            ResupplyUnit::DismountedCavalry
        } else {
            ResupplyUnit::Foot
        };
        fill.set(
            crate::field!(ResupplyInput: unit_type),
            "unit type",
            &mut input.unit_type,
            kind,
            joined,
        );
    }
    fill.set(
        crate::field!(ResupplyInput: pinned),
        "pinned",
        &mut input.pinned,
        unit.pinned,
        unit.why(if unit.pinned {
            "is pinned"
        } else {
            "is not pinned"
        }),
    );
    fill.set(
        crate::field!(ResupplyInput: routed),
        "routed",
        &mut input.routed,
        unit.routed,
        unit.why(if unit.routed {
            "is routed"
        } else {
            "is not routed"
        }),
    );
    input.origins = fill.origins;
    Ok(input)
}

/// The PART 6 B unit type of the unit in role `unit`: its recorded troop type (the
/// procedure refuses one that is not a row of the game's table, naming the rows).
fn unit_type(
    records: &dyn Records,
    roles: &Roles,
    section: &str,
) -> Result<Option<(String, String)>, Refusal> {
    let Some(id) = roles.get("unit") else {
        return Ok(None);
    };
    let unit = recorded(records, "unit", id, section)?;
    let word = unit
        .troop_type
        .trim()
        .to_ascii_lowercase()
        .replace(' ', "-");
    if word.is_empty() {
        return Err(Refusal::bad_input(
            rule(section),
            format!("unit: '{id}' has no troop type on the roster: give its unit type"),
        ));
    }
    Ok(Some((id.to_owned(), word)))
}

/// A Movement Allowance for the unit in role `unit`, its PART 6 B type its troop type.
pub fn allowance(
    records: &dyn Records,
    roles: &Roles,
    mut input: AllowanceInput,
    given: &[String],
) -> Result<AllowanceInput, Refusal> {
    if let Some((id, word)) = unit_type(records, roles, "PART 6 B")? {
        let mut fill = Filler::new(given);
        fill.set(
            crate::field!(AllowanceInput: unit_type),
            "unit type",
            &mut input.unit_type,
            word.clone(),
            format!("'{id}' joined as {word}, the records show"),
        );
        input.origins = fill.origins;
    }
    Ok(input)
}

/// A map entry for the unit in role `unit`, its PART 6 B type its troop type.
pub fn entry(
    records: &dyn Records,
    roles: &Roles,
    mut input: EntryInput,
    given: &[String],
) -> Result<EntryInput, Refusal> {
    if let Some((id, word)) = unit_type(records, roles, "PART 15")? {
        let mut fill = Filler::new(given);
        let mut slot = input.unit_type.clone().unwrap_or_default();
        fill.set(
            crate::field!(EntryInput: unit_type),
            "unit type",
            &mut slot,
            word.clone(),
            format!("'{id}' joined as {word}, the records show"),
        );
        input.unit_type = Some(slot);
        input.origins = fill.origins;
    }
    Ok(input)
}

/// A stack of the pieces in roles `piece-1` ... `piece-8` (top first): each one's name,
/// kind (its troop type) and whether it is colonial (its class). Melee Strengths and
/// groups stay `input`'s (the N-th piece there is `piece-N`'s, added when missing).
pub fn stack(
    records: &dyn Records,
    roles: &Roles,
    mut input: StackInput,
    given: &[String],
) -> Result<StackInput, Refusal> {
    const SECTION: &str = "PART 9";
    let mut fill = Filler::new(given);
    for (i, role, id) in numbered(roles, "piece-") {
        let unit = recorded(records, role, id, SECTION)?;
        while input.pieces.len() <= i {
            input.pieces.push(Piece {
                name: format!("piece {}", input.pieces.len() + 1),
                kind: Kind::Foot,
                melee: 0,
                group: None,
                colonial: false,
            });
        }
        let piece = &mut input.pieces[i];
        let at = |field| crate::field!(StackInput: pieces).item(i).then(field);
        let label = |field: &str| format!("{role} {field}");
        fill.set(
            at(crate::field!(Piece: name)),
            &label("name"),
            &mut piece.name,
            id.to_owned(),
            unit.why("is on the roster"),
        );
        if let Some(troop) = fill.troop(&unit, role) {
            fill.set(
                at(crate::field!(Piece: kind)),
                &label("kind"),
                &mut piece.kind,
                troop.kind,
                unit.why(&format!("joined as {}", unit.troop_type)),
            );
        }
        if let Some(n) = unit.nationality {
            if n.side() != input.side {
                return Err(Refusal::bad_input(
                    rule(SECTION),
                    format!(
                        "{role}: '{id}' is {}, not of the stack's side ({})",
                        n.side().name(),
                        input.side.name()
                    ),
                ));
            }
            fill.set(
                at(crate::field!(Piece: colonial)),
                &label("colonial"),
                &mut piece.colonial,
                n.is_colonial(),
                unit.why(&format!("is of class {}", n.name())),
            );
        }
    }
    input.origins = fill.origins;
    Ok(input)
}
