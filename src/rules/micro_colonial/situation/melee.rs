//! The situation of a round of melee (`a` the attacker, `b` the defender): each side's FF
//! and type from its record and counter, and the Melee Table 4 factors the table and the
//! records decide.

use super::{Unit, commander_near, level, note_strength, rule, unit};
use crate::geometry::{EdgeName, Layout, contact_edge, edge_to_edge, round_mm};
use crate::resolution::Refusal;
use crate::rules::field::FieldId;
use crate::rules::micro_colonial::melee::{MeleeInput, Side};
use crate::rules::micro_colonial::morale_due::MoraleClass;
use crate::rules::micro_colonial::recorded::{INFANTRY, MOUNTED, Status, class_of, has_status};
use crate::rules::micro_colonial::rorkes_drift::{RD_MELEE_ROLES, RdMeleeInput, ZMarkerInput};
use crate::rules::situation::{Origins, Records, Roles, Source};

const CALC: &str = "MELEE CALCULATIONS";

/// One Table 4 factor the table or the records decided for a side.
struct Decided {
    name: &'static str,
    applies: bool,
    source: Source,
    why: String,
}

/// The melee between the units in roles `a` and `b` on this table, with these records,
/// over `base`.
///
/// Refuses (as bad input) a role not given or a counter not on the table.
pub fn melee(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: MeleeInput,
) -> Result<MeleeInput, Refusal> {
    let rule = rule(CALC);
    let a = unit(layout, records, roles, "a", &rule)?;
    let b = unit(layout, records, roles, "b", &rule)?;
    let mut input = base;
    let mut origins = Origins::default();
    let apart =
        contact_edge(a.base, b.base).edge.is_none() && contact_edge(b.base, a.base).edge.is_none();
    let why = if apart {
        format!(
            "{} and {} do not touch on the table ({} apart)",
            a.who(),
            b.who(),
            crate::rules::words::mm(round_mm(edge_to_edge(a.base, b.base).mm))
        )
    } else {
        format!("{} and {} touch on the table", a.who(), b.who())
    };
    input.in_contact = Some(!apart);
    origins.note(
        crate::field!(MeleeInput: in_contact),
        "in contact",
        !apart,
        Source::Table,
        why.clone(),
    );
    if apart {
        origins.undecided.push(format!(
            "{why}: where they are engaged (flank or rear) is the referee's call"
        ));
    }
    let (a_level, b_level) = (level(layout, a.base), level(layout, b.base));
    for (me, other, side) in [(&a, &b, &mut input.a), (&b, &a, &mut input.b)] {
        let name = me.role;
        if let Some(ff) = note_strength(
            &mut origins,
            side_field(name).then(crate::field!(Side: ff)),
            &format!("{name} FF"),
            me,
        ) {
            side.ff = ff;
        }
        if let Some(kind) = melee_type(&mut origins, me) {
            side.kind = kind.to_owned();
        }
        let mut decided = Vec::new();
        if !apart {
            decided.extend(engaged(me, other));
        }
        decided.push(commander(layout, me));
        let (mine, theirs) = if name == "a" {
            (&a_level, &b_level)
        } else {
            (&b_level, &a_level)
        };
        decided.push(uphill(me, mine, theirs));
        if me.source == Source::Records {
            decided.push(Decided {
                name: "falling-back-in-melee",
                applies: has_status(&me.record, &Status::FallingBack),
                source: Source::Records,
                why: format!(
                    "{} is {}",
                    me.who(),
                    me.record
                        .status
                        .as_ref()
                        .map_or("of no status", Status::name)
                ),
            });
            decided.extend(loser_last_move(&mut origins, records, me));
        }
        put(&mut origins, side, name, decided);
    }
    input.origins = origins;
    Ok(input)
}

/// Puts the decided factors on a side, replacing its own choice of them, and notes each.
/// The melee's side `role` ("a" or "b") names.
fn side_field(role: &str) -> FieldId {
    if role == "b" {
        crate::field!(MeleeInput: b)
    } else {
        crate::field!(MeleeInput: a)
    }
}

fn put(origins: &mut Origins, side: &mut Side, name: &str, decided: Vec<Decided>) {
    side.factors
        .retain(|f| !decided.iter().any(|d| d.name == f.as_str()));
    for d in decided {
        if d.applies {
            side.factors.push(d.name.to_owned());
        }
        origins.note(
            side_field(name)
                .then(crate::field!(Side: factors))
                .key(d.name),
            format!("{name}:{}", d.name),
            d.applies,
            d.source,
            d.why,
        );
    }
}

/// Melee Tables 1 to 3's troop type, when the counter and the class name it: a Fanatic
/// infantry or mounted counter is native fanatic infantry or cavalry; a European regular
/// infantry counter is regular infantry. Other types (levies, irregulars, the kinds of
/// regular cavalry) are the referee's call.
fn melee_type(origins: &mut Origins, me: &Unit<'_>) -> Option<&'static str> {
    let counter = me.base.unit_type();
    let class = class_of(&me.record);
    let kind = match (counter, class) {
        (INFANTRY, Some(MoraleClass::Fanatic)) => "native-fanatic-infantry",
        (INFANTRY, Some(MoraleClass::EuropeanRegular)) => "regular-infantry",
        (MOUNTED, Some(MoraleClass::Fanatic)) => "native-fanatic-cavalry",
        _ => {
            origins.undecided.push(format!(
                "{}'s melee type: its counter is {counter}, its class {} (the melee tables' type is the referee's call)",
                me.who(),
                me.record.class.as_deref().unwrap_or("not recorded")
            ));
            return None;
        }
    };
    origins.note(
        side_field(me.role).then(crate::field!(Side: kind)),
        format!("{} type", me.role),
        kind,
        me.source,
        format!(
            "{}'s counter is {counter}, its class {}",
            me.who(),
            me.record.class.as_deref().unwrap_or_default()
        ),
    );
    Some(kind)
}

/// "ATTACKED IN FLANK" and "ATTACKED IN REAR": the other side's front edge against this
/// side's edges.
fn engaged(me: &Unit<'_>, other: &Unit<'_>) -> [Decided; 2] {
    let edge = contact_edge(other.base, me.base).edge;
    let why = match edge {
        Some(e) => format!(
            "{}'s front edge touches {}'s {}",
            other.who(),
            me.who(),
            e.word()
        ),
        None => format!("{}'s front edge does not touch {}", other.who(), me.who()),
    };
    [
        Decided {
            name: "attacked-in-flank",
            applies: edge == Some(EdgeName::Flank),
            source: Source::Table,
            why: why.clone(),
        },
        Decided {
            name: "attacked-in-rear",
            applies: edge == Some(EdgeName::Rear),
            source: Source::Table,
            why,
        },
    ]
}

/// "+10 IF C-IN-C WITHIN 100MM AND IN SIGHT".
fn commander(layout: &Layout, me: &Unit<'_>) -> Decided {
    let near = commander_near(layout, me.base);
    Decided {
        name: "c-in-c-within-100mm",
        applies: near.is_some(),
        source: Source::Table,
        why: match near {
            Some((id, mm)) => format!(
                "commander '{id}' is {} from {} and in sight",
                crate::rules::words::mm(mm),
                me.who()
            ),
            None => format!(
                "no commander's counter within 100 mm of {} and in sight",
                me.who()
            ),
        },
    }
}

/// "IF UPHILL FROM ENEMY": the contours under the two counters' centres.
fn uphill(me: &Unit<'_>, mine: &(u32, Option<String>), theirs: &(u32, Option<String>)) -> Decided {
    let on = |level: &(u32, Option<String>)| match &level.1 {
        Some(id) => format!("on hill '{id}' (contour {})", level.0),
        None => "off every hill".to_owned(),
    };
    Decided {
        name: "uphill",
        applies: mine.0 > theirs.0,
        source: Source::Table,
        why: format!("{} is {}, its enemy {}", me.who(), on(mine), on(theirs)),
    }
}

/// "LOSER OF MELEE LAST MOVE (NOT FANATICS OR REGULARS)", from the records.
fn loser_last_move(origins: &mut Origins, records: &dyn Records, me: &Unit<'_>) -> Option<Decided> {
    let now = records.move_number();
    let lost = me
        .record
        .melees
        .iter()
        .rev()
        .find(|m| m.move_number + 1 == now && !m.won);
    let class = class_of(&me.record);
    let (applies, why) = match (lost, class) {
        (None, _) => (false, format!("{} lost no melee last move", me.who())),
        (Some(m), Some(MoraleClass::Other)) => (
            true,
            format!("{} lost a melee against '{}' last move", me.who(), m.other),
        ),
        (Some(m), Some(elite)) => (
            false,
            format!(
                "{} lost a melee against '{}' last move, but is {} ('not fanatics or regulars')",
                me.who(),
                m.other,
                elite.name()
            ),
        ),
        (Some(m), None) => {
            origins.undecided.push(format!(
                "{} lost a melee against '{}' last move; its class is not recorded ('not fanatics or regulars'): loser-last-move is the referee's call",
                me.who(),
                m.other
            ));
            return None;
        }
    };
    Some(Decided {
        name: "loser-last-move",
        applies,
        source: Source::Records,
        why,
    })
}

/// A Rorke's Drift melee between the Zulu unit in role `zulu` and the sections in roles
/// `front-1` ... `front-4` (in contact, the right-hand section first) and `second-1` ...
/// `second-4` (a second rank) on this table, with these records, over `base`: the Zulu
/// unit's present FF and each section's, in order, from their record sheets; and, after the
/// contact round, "Falling Back in Melee" for a side whose record shows it falling back.
/// The ranks no role names, the CSM, a building, cover, a counter-attack and Table 4's
/// factors stay as `base` has them.
///
/// Refuses (as bad input) the Zulu role not given or a counter not on the table.
pub fn rd_melee(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: RdMeleeInput,
) -> Result<RdMeleeInput, Refusal> {
    let rule = rule("Rorke's Drift, MELEE");
    let zulu = unit(layout, records, roles, "zulu", &rule)?;
    let mut input = base;
    let mut origins = Origins::default();
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(RdMeleeInput: zulu_ff),
        "Zulu FF",
        &zulu,
    ) {
        input.zulu_ff = ff;
    }
    let mut falling_back = Vec::new();
    for (field, label, prefix) in [
        (
            crate::field!(RdMeleeInput: front_rank),
            "sections in contact",
            "front",
        ),
        (
            crate::field!(RdMeleeInput: second_rank),
            "second rank",
            "second",
        ),
    ] {
        let mut ranks = Vec::new();
        let mut named = Vec::new();
        let mut source = Source::Table;
        let ranked = RD_MELEE_ROLES
            .iter()
            .copied()
            .filter(|r| r.starts_with(prefix) && roles.get(r).is_some());
        for role in ranked {
            let section = unit(layout, records, roles, role, &rule)?;
            if section.source == Source::Records {
                source = Source::Records;
            }
            let Some(ff) = section.strength() else {
                origins.undecided.push(format!(
                    "{}: strength not recorded — set its IF in the roster",
                    section.who()
                ));
                continue;
            };
            if has_status(&section.record, &Status::FallingBack) {
                falling_back.push(section.who());
            }
            ranks.push(ff);
            named.push(format!("{} {ff}", section.who()));
        }
        if named.is_empty() {
            continue;
        }
        origins.note(
            field,
            label,
            &ranks,
            source,
            format!("present FF from the right: {}", named.join(", ")),
        );
        if prefix == "front" {
            input.front_rank = ranks;
        } else {
            input.second_rank = ranks;
        }
    }
    if input.later_round {
        let zulu_back = has_status(&zulu.record, &Status::FallingBack);
        input.zulu_falling_back = zulu_back;
        origins.note(
            crate::field!(RdMeleeInput: zulu_falling_back),
            "Zulus falling back in melee",
            zulu_back,
            zulu.source,
            format!(
                "{} is {} on {}",
                zulu.who(),
                zulu.record
                    .status
                    .as_ref()
                    .map_or("of no status", Status::name),
                zulu.record_words()
            ),
        );
        input.british_falling_back = !falling_back.is_empty();
        origins.note(
            crate::field!(RdMeleeInput: british_falling_back),
            "sections falling back in melee",
            !falling_back.is_empty(),
            Source::Records,
            if falling_back.is_empty() {
                "no section's record shows it falling back".to_owned()
            } else {
                format!("{} falling back on the records", falling_back.join(", "))
            },
        );
    }
    input.origins = origins;
    Ok(input)
}

/// The Z marker of the Zulu unit in role `zulu` on this table, with these records: "Each
/// of the 'Z' markers has a fighting factor of 1/100th. of the main unit's present
/// fighting factor" — its present FF from its record sheet.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn z_marker(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: ZMarkerInput,
) -> Result<ZMarkerInput, Refusal> {
    let zulu = unit(
        layout,
        records,
        roles,
        "zulu",
        &rule("Rorke's Drift, IN BUILDINGS"),
    )?;
    let mut input = base;
    let mut origins = Origins::default();
    if let Some(ff) = note_strength(
        &mut origins,
        crate::field!(ZMarkerInput: zulu_present_ff),
        "Zulu FF",
        &zulu,
    ) {
        input.zulu_present_ff = ff;
    }
    input.origins = origins;
    Ok(input)
}
