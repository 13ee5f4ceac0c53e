//! The situation of a unit's move (`unit`): the D figures not yet struck through, the
//! mode its status forces on it, and a square's limit by the ground under it; of a charge
//! (`charger`, `target`): the distance to the target and the charger's D figures; of an
//! evasion (`unit`); of a pursuit (`pursuer`, `pursued`): who pursues and a prepared
//! position under it; and of a sub-commander's initiative test (`sub-commander`, `unit`).

use super::{optional_unit, rule, unit};
use crate::geometry::{Layout, TerrainKind, terrain_under};
use crate::geometry::{edge_to_edge, round_mm};
use crate::resolution::Refusal;
use crate::rules::micro_colonial::charge::{ChargeInput, InitiativeInput, Pursuer, PursuitInput};
use crate::rules::micro_colonial::evade::{EvadeInput, Evader};
use crate::rules::micro_colonial::morale_due::MoraleClass;
use crate::rules::micro_colonial::movement::{Mode, MoveInput, Square};
use crate::rules::micro_colonial::recorded::{ARTILLERY, COMMANDER, INFANTRY};
use crate::rules::micro_colonial::recorded::{
    Formation, Status, class_of, has_status, in_formation,
};
use crate::rules::situation::{Origins, Records, Roles, Source};

/// The move of the unit in role `unit` on this table, with these records, over `base`:
///
/// - "Before a unit is moved consult its record sheet and, where a figure appears in the
///   'D' column, reduce the unit's movement accordingly": the FF lost to volley fire not
///   yet struck through;
/// - a broken unit routs ("rout towards its own base line ... at rout speed") and a unit
///   falling back falls back: the mode its status gives;
/// - "Units forming a large multi-unit square may move up to a maximum of 25 mm per move in
///   open ground or 10 mm per move if any part of the square is in terrain other than open
///   ground": the ground under a unit in square.
///
/// The troop type, the terrain crossed, the changes and interpenetrations stay as `base`
/// has them. Refuses (as bad input) the role not given or a counter not on the table.
pub fn movement(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: MoveInput,
) -> Result<MoveInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule("MOVEMENT"))?;
    let mut input = base;
    let mut origins = Origins::default();
    if me.source == Source::Records {
        input.volley_losses = me.record.volley_losses_unstruck;
        origins.note(
            crate::field!(MoveInput: volley_losses),
            "volley losses",
            input.volley_losses,
            Source::Records,
            format!("{}'s D figures not yet struck through", me.who()),
        );
        let forced = if has_status(&me.record, &Status::Broken) {
            Some(Mode::Break)
        } else if has_status(&me.record, &Status::FallingBack) {
            Some(Mode::FallBack)
        } else if matches!(input.mode, Mode::Break | Mode::FallBack) {
            // A mode a status gave another unit does not carry over to this one.
            Some(Mode::Normal)
        } else {
            None
        };
        if let Some(mode) = forced {
            input.mode = mode;
            let status = me
                .record
                .status
                .as_ref()
                .map_or("of no status", Status::name);
            origins.note(
                crate::field!(MoveInput: mode),
                "mode",
                mode,
                Source::Records,
                format!("{} is {status}", me.who()),
            );
        }
    }
    let square = in_formation(&me.record, &Formation::Square).then(|| {
        if terrain_under(layout, me.base).is_empty() {
            Square::Open
        } else {
            Square::Other
        }
    });
    input.square = square;
    let why = match square {
        Some(Square::Open) => format!("{} is in square, wholly in open ground", me.who()),
        Some(Square::Other) => format!(
            "{} is in square, partly in terrain other than open ground",
            me.who()
        ),
        None => format!("{} is not in square", me.who()),
    };
    origins.note(
        crate::field!(MoveInput: square),
        "square",
        square,
        me.source,
        why,
    );
    input.origins = origins;
    Ok(input)
}

/// The charge of the unit in role `charger` at the unit in role `target` on this table,
/// with these records, over `base`:
///
/// - "unless its target is within its charge distance at the beginning of its move": the
///   gap between the two counters' nearest edges, measured on the table;
/// - "taking into account any loss from volley fire effect": the charger's D figures not
///   yet struck through.
///
/// Its charge rate, the moves since it last charged, a pursuit and a cause for a morale
/// test during the charge stay as `base` has them. Refuses (as bad input) a role not given
/// or a counter not on the table.
pub fn charge(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: ChargeInput,
) -> Result<ChargeInput, Refusal> {
    let charger = unit(layout, records, roles, "charger", &rule("CHARGING"))?;
    let target = unit(layout, records, roles, "target", &rule("CHARGING"))?;
    let mut input = base;
    let mut origins = Origins::default();
    input.target_mm = round_mm(edge_to_edge(charger.base, target.base).mm);
    origins.note(
        crate::field!(ChargeInput: target_mm),
        "distance to the target",
        input.target_mm,
        Source::Table,
        format!(
            "the gap between {} and {}, nearest edge to nearest edge",
            charger.who(),
            target.who()
        ),
    );
    if charger.source == Source::Records {
        input.volley_losses = charger.record.volley_losses_unstruck;
        origins.note(
            crate::field!(ChargeInput: volley_losses),
            "volley losses",
            input.volley_losses,
            Source::Records,
            format!("{}'s D figures not yet struck through", charger.who()),
        );
    }
    origins.undecided.push(format!(
        "{}'s charge rate, and the moves since it last charged",
        charger.who()
    ));
    input.origins = origins;
    Ok(input)
}

/// The evasion of the unit in role `unit` on this table, with these records, over `base`:
/// "Artillery crews and open order troops may attempt to evade an attacker" — an artillery
/// counter's crew, or a
/// unit whose record shows it in open order. Limbering and the crew's morale stay as
/// `base` has them; a unit that is neither is left to the referee, named.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn evade(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: EvadeInput,
) -> Result<EvadeInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule("EVADING"))?;
    let mut input = base;
    let mut origins = Origins::default();
    if me.base.unit_type() == ARTILLERY {
        input.evader = Evader::ArtilleryCrew;
        origins.note(
            crate::field!(EvadeInput: evader),
            "evader",
            input.evader,
            Source::Table,
            format!("{} is an artillery counter: its crew evades", me.who()),
        );
    } else if in_formation(&me.record, &Formation::OpenOrder) {
        input.evader = Evader::OpenOrder;
        origins.note(
            crate::field!(EvadeInput: evader),
            "evader",
            input.evader,
            me.source,
            format!("{} is in open order on {}", me.who(), me.record_words()),
        );
    } else {
        origins.undecided.push(format!(
            "{} is neither an artillery counter nor in open order on {}: who evades is the referee's call",
            me.who(),
            me.record_words()
        ));
    }
    input.origins = origins;
    Ok(input)
}

/// "PREPARED POSITIONS In this game, prepared positions will comprise of one of the
/// following, when occupied by troops. 1. Buildings or redoubts. 2. Stone walls or
/// barricades. 3. Trenches.": the terrain kinds that are one.
const PREPARED: [TerrainKind; 4] = [
    TerrainKind::Building,
    TerrainKind::PreparedPosition,
    TerrainKind::Wall,
    TerrainKind::Trench,
];

/// The pursuit by the unit in role `pursuer` (of the unit in role `pursued`, if given) on
/// this table, with these records, over `base`:
///
/// - "On the second and subsequent round of pursuit all natives and irregular troops must
///   throw one dice": who pursues, from its record's class — a Fanatic unit is native
///   ("natives will be referred to as either Fanatic or Levy"), a European regular one is
///   neither native nor irregular; a unit of class other (a levy, irregulars or
///   non-European regulars) is left to the referee;
/// - "except for Infantry units in prepared positions, who need not pursue": an infantry
///   counter on a building, redoubt, wall or trench on the table;
/// - "Pursuit of a breaking unit": a pursued unit its record does not show broken is named
///   in the first step.
///
/// The round of pursuit stays as `base` has it: the records do not count it. Refuses (as
/// bad input) the pursuer not given or a counter not on the table.
pub fn pursuit(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: PursuitInput,
) -> Result<PursuitInput, Refusal> {
    let rule_of = rule("PURSUIT");
    let pursuer = unit(layout, records, roles, "pursuer", &rule_of)?;
    let pursued = optional_unit(layout, records, roles, "pursued", &rule_of)?;
    let mut input = base;
    let mut origins = Origins::default();
    let on = pursuer.record_words();
    let kind = match class_of(&pursuer.record) {
        Some(MoraleClass::Fanatic) => Some((Pursuer::Native, "fanatic: Fanatics are natives")),
        Some(MoraleClass::EuropeanRegular) => Some((
            Pursuer::Other,
            "european-regular: neither natives nor irregular troops",
        )),
        Some(MoraleClass::Other) => {
            origins.undecided.push(format!(
                "{} is of class other on {on}: a levy (native), irregulars or non-European regulars is the referee's call",
                pursuer.who()
            ));
            None
        }
        None => {
            origins.undecided.push(format!(
                "who {} is: native, irregular or other (no class on {on})",
                pursuer.who()
            ));
            None
        }
    };
    if let Some((kind, why)) = kind {
        input.pursuer = kind;
        origins.note(
            crate::field!(PursuitInput: pursuer),
            "pursuer",
            kind,
            pursuer.source,
            format!("{} is of class {why}", pursuer.who()),
        );
    }
    let counter = pursuer.base.unit_type();
    if counter.is_empty() {
        origins.undecided.push(format!(
            "whether {} is infantry in a prepared position (its counter has no type)",
            pursuer.who()
        ));
    } else {
        let held: Vec<&str> = terrain_under(layout, pursuer.base)
            .into_iter()
            .filter(|t| PREPARED.contains(&t.kind))
            .map(|t| t.terrain_id.as_str())
            .collect();
        let prepared = counter == INFANTRY && !held.is_empty();
        input.infantry_in_prepared_position = prepared;
        let why = if counter != INFANTRY {
            format!("{} is a {counter} counter, not infantry", pursuer.who())
        } else if prepared {
            format!(
                "{} is an infantry counter on {}: a prepared position",
                pursuer.who(),
                held.join(", ")
            )
        } else {
            format!(
                "{} is on no building, redoubt, wall or trench",
                pursuer.who()
            )
        };
        origins.note(
            crate::field!(PursuitInput: infantry_in_prepared_position),
            "infantry in a prepared position",
            prepared,
            Source::Table,
            why,
        );
    }
    if let Some(pursued) = pursued
        && pursued.source == Source::Records
        && !has_status(&pursued.record, &Status::Broken)
    {
        origins.undecided.push(format!(
            "{} is {} on its record sheet, not broken: 'Pursuit of a breaking unit'",
            pursued.who(),
            pursued
                .record
                .status
                .as_ref()
                .map_or("of no status", Status::name)
        ));
    }
    input.origins = origins;
    Ok(input)
}

/// The initiative test of the figure in role `sub-commander` (for the unit in role `unit`,
/// if given) on this table, over `base`: "Where these figures are fielded each may alter
/// the game orders for a unit by taking an initiative test" — the counter must be a
/// commander's; whether it is a sub-commander's rather than the C-in-C's is the referee's
/// (the two share the counter type). The test throws one die and reads nothing else.
///
/// Refuses (as bad input) the role not given, a counter not on the table, or a counter of
/// another type.
pub fn initiative(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: InitiativeInput,
) -> Result<InitiativeInput, Refusal> {
    let rule_of = rule("APPENDIX 2 SUB COMMANDERS");
    let officer = unit(layout, records, roles, "sub-commander", &rule_of)?;
    optional_unit(layout, records, roles, "unit", &rule_of)?;
    let counter = officer.base.unit_type();
    if !counter.is_empty() && counter != COMMANDER {
        return Err(Refusal::bad_input(
            rule_of,
            format!(
                "{} is a {counter} counter, not a commander's: 'Where these figures are fielded each may alter the game orders for a unit by taking an initiative test'",
                officer.who()
            ),
        ));
    }
    let mut input = base;
    let mut origins = Origins::default();
    origins.undecided.push(if counter.is_empty() {
        format!(
            "whether {} is a sub-commander's figure (its counter has no type)",
            officer.who()
        )
    } else {
        format!(
            "whether {} is a sub-commander rather than the C-in-C (both are commander counters)",
            officer.who()
        )
    });
    input.origins = origins;
    Ok(input)
}
