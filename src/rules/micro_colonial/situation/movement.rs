//! The situation of a unit's move (`unit`): the D figures not yet struck through, the
//! mode its status forces on it, and a square's limit by the ground under it; and of a
//! charge (`charger`, `target`): the distance to the target and the charger's D figures.

use super::{rule, unit};
use crate::geometry::{Layout, terrain_under};
use crate::geometry::{edge_to_edge, round_mm};
use crate::resolution::Refusal;
use crate::rules::micro_colonial::charge::ChargeInput;
use crate::rules::micro_colonial::evade::{EvadeInput, Evader};
use crate::rules::micro_colonial::movement::{Mode, MoveInput, Square};
use crate::rules::micro_colonial::recorded::ARTILLERY;
use crate::rules::micro_colonial::recorded::{Formation, Status, has_status, in_formation};
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
            "/volley_losses",
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
                "/mode",
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
    origins.note("/square", "square", square, me.source, why);
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
        "/target_mm",
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
            "/volley_losses",
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
            "/evader",
            "evader",
            input.evader,
            Source::Table,
            format!("{} is an artillery counter: its crew evades", me.who()),
        );
    } else if in_formation(&me.record, &Formation::OpenOrder) {
        input.evader = Evader::OpenOrder;
        origins.note(
            "/evader",
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
