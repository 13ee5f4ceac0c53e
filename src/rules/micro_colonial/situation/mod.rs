//! The situation of a Micro Colonial procedure, built from the table (a layout) and the
//! game's records for the units in their roles, for the desk and `--layout`/`--campaign`
//! with `--unit ROLE=ID` alike.
//!
//! Each function takes `base`, the input as the referee has it so far (the desk's form,
//! or the command line's flags): the values the table and the records decide replace its
//! own, each noted in the input's origins with what decided it; the rest is kept. A value
//! given by hand afterwards wins, and the resolution's first steps say so.
//!
//! - [`fire`] (`firer`, `target`, `rear`) and [`artillery`] (`gun`, `target`, `screen`):
//!   the range measured on the table, the arc of fire with the club's template, the FF on
//!   the record sheets, the target's section of Table 2 (or the Shell table's target), the
//!   two-unit formation's rear unit;
//! - [`melee`] (`a`, `b`): each side's FF, type and Table 4 factors; [`rd_melee`] (`zulu`,
//!   `front-1`..., `second-1`...): the Zulu unit's and each section's FF, falling back;
//! - [`morale`], [`rally`], [`rout_loss`] and [`movement`] (`unit`): IF and PF, Morale
//!   Table 4's factors, the Rally table's class, the unit's status, its move mode, its D
//!   figures not yet struck and its square;
//! - [`evade`] (`unit`): an artillery crew or a unit in open order;
//! - [`charge`] (`charger`, `target`): the distance to the target, the charger's D figures;
//! - [`pursuit`] (`pursuer`, `pursued`): who pursues, from its class, and infantry in a
//!   prepared position; [`initiative`] (`sub-commander`, `unit`): a commander's counter;
//! - [`jam`] (`gun`): a gun's counter, and a native crew from a Fanatic class;
//! - [`loss_factor`] (`unit`): IF and PF;
//! - Rorke's Drift: [`break_in`] (`zulu`): the room met and a defender in it;
//!   [`rd_firing_party`] (`leader`, `zulu`): a command counter leading;
//!   [`rd_combine`] (`into`, `removed`): each counter's FF and kind; [`rd_move`] (`unit`):
//!   its side;
//! - [`morale_due`] (`unit`): the morale causes' class, losses and melees this move;
//! - [`losses_due`]: the morale test a unit's losses this move make due.
//!
//! A unit not on the roster reads the layout's own record of it (its strength, class and
//! formation), as a game started on that table would.

mod fire;
mod melee;
mod morale;
mod movement;
mod rorkes_drift;

pub use fire::{artillery, fire, jam};
pub use melee::{melee, rd_melee, z_marker};
pub use morale::{LossesDue, loss_factor, losses_due, morale, morale_due, rally, rout_loss};
pub use movement::{charge, evade, initiative, movement, pursuit};
pub use rorkes_drift::{break_in, rd_combine, rd_firing_party, rd_move};

use super::recorded::{self, COMMANDER};
use super::section;
use crate::geometry::{Base, Layout, edge_to_edge, mc_line_of_sight, round_mm};
use crate::resolution::{Refusal, RuleRef};
use crate::rules::field::{Field, FieldId};
use crate::rules::situation::{Origins, Records, Roles, Source, UnitView};
use serde::Serialize;
use serde_json::{Map, Value};

/// "IF C-IN-C WITHIN 100MM AND IN SIGHT" (Melee Table 4; Morale Table 4).
const COMMANDER_MM: f64 = 100.0;

/// One unit in a role: its counter on the table and its record.
struct Unit<'l> {
    /// The role it is in.
    role: &'static str,
    /// Its counter.
    base: &'l Base,
    /// Its record: the game's, or the layout's own when it is not on the roster.
    record: UnitView,
    /// Where the record came from.
    source: Source,
}

impl Unit<'_> {
    fn id(&self) -> &str {
        self.base.unit_id()
    }

    /// `firer ('1/24 A')`.
    fn who(&self) -> String {
        format!("{} ('{}')", self.role, self.id())
    }

    /// Its present strength, when its record gives one.
    fn strength(&self) -> Option<u32> {
        (self.record.initial > 0).then_some(self.record.present)
    }

    /// Where its record is read, in words.
    fn record_words(&self) -> &'static str {
        match self.source {
            Source::Records => "its record sheet",
            Source::Table => "the layout",
        }
    }
}

/// The layout's own record of a unit, as a game started on that table would give it.
fn layout_record(base: &Base) -> UnitView {
    let record = base.record();
    let strength = record.strength.unwrap_or(0);
    UnitView {
        initial: strength,
        present: strength,
        class: record.class.clone(),
        formation: record.formation.clone(),
        ..UnitView::default()
    }
}

/// The unit in `role`, with its record; refuses (as bad input) a role not given or a
/// counter not on the table.
fn unit<'l>(
    layout: &'l Layout,
    records: &dyn Records,
    roles: &Roles,
    role: &'static str,
    rule: &RuleRef,
) -> Result<Unit<'l>, Refusal> {
    let refuse = |why: String| Refusal::bad_input(rule.clone(), why);
    let id = roles.need(role).map_err(refuse)?;
    found(layout, records, role, id)
        .ok_or_else(|| refuse(format!("{role}: no counter '{id}' is on the table")))
}

/// The unit in an optional role, if given; refuses one named but not on the table.
fn optional_unit<'l>(
    layout: &'l Layout,
    records: &dyn Records,
    roles: &Roles,
    role: &'static str,
    rule: &RuleRef,
) -> Result<Option<Unit<'l>>, Refusal> {
    match roles.get(role) {
        None => Ok(None),
        Some(_) => unit(layout, records, roles, role, rule).map(Some),
    }
}

/// A counter on the table and its record, by id.
fn found<'l>(
    layout: &'l Layout,
    records: &dyn Records,
    role: &'static str,
    id: &str,
) -> Option<Unit<'l>> {
    let base = layout.base(id)?;
    let (record, source) = match records.unit(id) {
        Some(record) => (record, Source::Records),
        None => (layout_record(base), Source::Table),
    };
    Some(Unit {
        role,
        base,
        record,
        source,
    })
}

/// Notes a unit's present FF into `field`, or leaves it to the referee when its strength
/// is not recorded.
fn note_strength(
    origins: &mut Origins,
    field: impl Field,
    label: &str,
    unit: &Unit<'_>,
) -> Option<u32> {
    let Some(present) = unit.strength() else {
        origins.undecided.push(format!(
            "{}: strength not recorded — set its IF in the roster",
            unit.who()
        ));
        return None;
    };
    origins.note(
        field,
        label,
        present,
        unit.source,
        format!(
            "{}'s PF (present fighting factor) on {}",
            unit.who(),
            unit.record_words()
        ),
    );
    Some(present)
}

/// The nearest friendly commander's counter within 100 mm of `unit` and in sight, with
/// its distance: "IF C-IN-C WITHIN 100MM AND IN SIGHT".
fn commander_near(layout: &Layout, unit: &Base) -> Option<(String, f64)> {
    layout
        .bases()
        .iter()
        .filter(|b| b.side() == unit.side() && b.unit_id() != unit.unit_id())
        .filter(|b| b.unit_type() == COMMANDER)
        .map(|b| (b, round_mm(edge_to_edge(unit, b).mm)))
        .filter(|(b, mm)| *mm <= COMMANDER_MM && mc_line_of_sight(layout, b, unit).clear)
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(b, mm)| (b.unit_id().to_owned(), mm))
}

/// The friendly units within `mm` of `unit` that the records show broken and still in the
/// game.
fn broken_near(layout: &Layout, records: &dyn Records, unit: &Base, mm: f64) -> Vec<String> {
    layout
        .bases()
        .iter()
        .filter(|b| b.side() == unit.side() && b.unit_id() != unit.unit_id())
        .filter(|b| f64::from(edge_to_edge(unit, b).mm) <= mm)
        .filter(|b| {
            records
                .unit(b.unit_id())
                .is_some_and(|r| !r.removed && recorded::has_status(&r, &recorded::Status::Broken))
        })
        .map(|b| b.unit_id().to_owned())
        .collect()
}

/// The contour a counter's centre stands on: the highest hill holding it (0 off every
/// hill), with that hill's id.
fn level(layout: &Layout, base: &Base) -> (u32, Option<String>) {
    crate::geometry::terrain_under(layout, base)
        .into_iter()
        .filter(|t| t.contains(&base.centre()))
        .filter_map(|t| {
            t.hill
                .as_ref()
                .map(|h| (h.contour, Some(t.terrain_id.clone())))
        })
        .max()
        .unwrap_or((0, None))
}

/// A rule reference for a situation's refusals.
fn rule(name: &str) -> RuleRef {
    section(name)
}

/// The input as JSON with each list of factors (`/factors`, `/a/factors`) read as a map
/// from factor to its count (or `true`), and every factor the table or the records decided
/// present (0 or `false` when it does not apply): the form the origins' fields point into.
pub(crate) fn factor_view(input: &impl Serialize, origins: &Origins, lists: &[FieldId]) -> Value {
    let mut value = serde_json::to_value(input).unwrap_or(Value::Null);
    for list in lists {
        let Some(slot) = value.pointer_mut(list.pointer()) else {
            continue;
        };
        let mut map = Map::new();
        if let Value::Array(items) = slot {
            for item in items.iter() {
                match item {
                    Value::String(name) => {
                        map.insert(name.clone(), Value::Bool(true));
                    }
                    Value::Array(pair) => {
                        if let (Some(Value::String(name)), Some(count)) =
                            (pair.first(), pair.get(1))
                        {
                            map.insert(name.clone(), count.clone());
                        }
                    }
                    _ => {}
                }
            }
        }
        let prefix = format!("{}/", list.pointer());
        for origin in &origins.decided {
            if let Some(name) = origin.field.strip_prefix(&prefix) {
                let blank = match origin.value {
                    Value::Bool(_) => Value::Bool(false),
                    _ => Value::from(0),
                };
                map.entry(name.to_owned()).or_insert(blank);
            }
        }
        *slot = Value::Object(map);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_factor_list_reads_as_a_map_with_the_decided_ones_present() {
        let mut origins = Origins::default();
        let factors = crate::field!(crate::rules::micro_colonial::morale::MoraleInput: factors);
        origins.note(
            factors.key("winner-of-melee"),
            "w",
            1,
            Source::Records,
            "won",
        );
        origins.note(
            factors.key("loser-of-melee"),
            "l",
            0,
            Source::Records,
            "none",
        );
        let input = serde_json::json!({"factors": [["winner-of-melee", 1], ["under-fire", 1]]});
        let view = factor_view(&input, &origins, &[factors]);
        assert_eq!(
            view["factors"],
            serde_json::json!({"winner-of-melee": 1, "under-fire": 1, "loser-of-melee": 0})
        );
    }
}
