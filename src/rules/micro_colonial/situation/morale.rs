//! The situation of a unit's morale (`unit`): its IF and PF and Morale Table 4's factors
//! the table and the records decide; its Loss table strengths; its Rally table class;
//! whether it is in rout; and the morale causes its losses and melees this move make due.

use super::{Unit, broken_near, commander_near, rule, unit};
use crate::charts::Charts;
use crate::dice::EnteredDice;
use crate::geometry::Layout;
use crate::resolution::Refusal;
use crate::rules::Procedure as _;
use crate::rules::micro_colonial::loss::LossFactorInput;
use crate::rules::micro_colonial::morale::MoraleInput;
use crate::rules::micro_colonial::morale_due::{
    DueCause, MoraleClass, MoraleDue, MoraleDueInput, Quality,
};
use crate::rules::micro_colonial::rally::{RallyClass, RallyInput, RoutLossInput};
use crate::rules::micro_colonial::recorded::{Status, class_of, has_status};
use crate::rules::situation::{Filler, Origins, Records, Roles, Source};

const CALCULATION: &str = "MORALE CALCULATION";
/// "... PER FRIENDLY UNIT BROKEN WITHIN 50MM".
const BROKEN_MM: f64 = 50.0;

/// Morale Table 4's factors this module decides, by their chart keys.
const COMMANDER_NEAR: &str = "c-in-c-within-100mm";
const BROKEN_NEAR: &str = "per-friendly-unit-broken-within-50mm";
const LOST_MELEE: &str = "loser-of-melee";
const WON_MELEE: &str = "winner-of-melee";

/// The morale test of the unit in role `unit` on this table, with these records, over
/// `base`: its IF and PF, and Table 4's factors for a commander near it, broken friends
/// near it and a melee it won ("this move or last") or lost this move; the troop type and
/// the class from its record where `base` names none. Every other factor and the charge
/// stay as `base` has them.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn morale(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: MoraleInput,
) -> Result<MoraleInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule(CALCULATION))?;
    let mut input = base;
    let mut origins = Origins::default();
    if let Some((initial, present)) = note_if_and_pf(&mut origins, &me) {
        input.initial_ff = initial;
        input.present_ff = present;
    }
    // Table 3's row and the result table's column are named as the club's chart names
    // them: where none is given, the unit's own troop type and class as its record words
    // them (a name given by hand, `--troop` and `--class`, stays).
    if input.troop.trim().is_empty() && !me.record.troop_type.is_empty() {
        input.troop.clone_from(&me.record.troop_type);
        origins.note(
            crate::field!(MoraleInput: troop),
            "troop type",
            &input.troop,
            me.source,
            format!("{}'s troop type on {}", me.who(), me.record_words()),
        );
    }
    if input.class.trim().is_empty()
        && let Some(class) = me.record.class.clone()
    {
        origins.note(
            crate::field!(MoraleInput: class),
            "class",
            &class,
            me.source,
            format!("{}'s class on {}", me.who(), me.record_words()),
        );
        input.class = class;
    }
    let mut decided: Vec<(&str, u32, Source, String)> = Vec::new();
    let near = commander_near(layout, me.base);
    decided.push((
        COMMANDER_NEAR,
        u32::from(near.is_some()),
        Source::Table,
        match near {
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
    ));
    let broken = broken_near(layout, records, me.base, BROKEN_MM);
    decided.push((
        BROKEN_NEAR,
        u32::try_from(broken.len()).unwrap_or(u32::MAX),
        Source::Records,
        if broken.is_empty() {
            format!("no friendly unit within 50 mm of {} is broken", me.who())
        } else {
            format!("broken within 50 mm of {}: {}", me.who(), broken.join(", "))
        },
    ));
    if me.source == Source::Records {
        decided.extend(melee_factors(records, &me));
    }
    input
        .factors
        .retain(|(name, _)| !decided.iter().any(|d| d.0 == name.as_str()));
    for (name, count, source, why) in decided {
        if count > 0 {
            input.factors.push((name.to_owned(), count));
        }
        origins.note(
            crate::field!(MoraleInput: factors).key(name),
            format!("factor {name}"),
            count,
            source,
            why,
        );
    }
    input.origins = origins;
    Ok(input)
}

/// Notes the unit's IF and PF into `/initial_ff` and `/present_ff`, or leaves them to the
/// referee when its strength is not recorded.
fn note_if_and_pf(origins: &mut Origins, me: &Unit<'_>) -> Option<(u32, u32)> {
    let Some(present) = me.strength() else {
        origins.undecided.push(format!(
            "{}: strength not recorded — set its IF in the roster",
            me.who()
        ));
        return None;
    };
    let why = |what: &str| format!("{}'s {what} on {}", me.who(), me.record_words());
    origins.note(
        crate::field!(MoraleInput: initial_ff),
        "IF",
        me.record.initial,
        me.source,
        why("IF (initial fighting factor)"),
    );
    origins.note(
        crate::field!(MoraleInput: present_ff),
        "PF",
        present,
        me.source,
        why("PF (present fighting factor)"),
    );
    Some((me.record.initial, present))
}

/// The Loss table lookup of the unit in role `unit`, over `base`: "From the Loss table on
/// the Morale Chart determine the unit's loss factor, using the unit's initial and present
/// fighting factors" — its IF and PF on its record sheet (or the layout's strength for a
/// unit not on the roster); without a recorded strength both are left to the referee.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn loss_factor(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: LossFactorInput,
) -> Result<LossFactorInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule(CALCULATION))?;
    let mut input = base;
    let mut origins = Origins::default();
    if let Some((initial, present)) = note_if_and_pf(&mut origins, &me) {
        input.initial_ff = initial;
        input.present_ff = present;
    }
    input.origins = origins;
    Ok(input)
}

/// "IF WINNER OF MELEE ROUND THIS MOVE OR LAST"; the loser's factor is this move's.
fn melee_factors(records: &dyn Records, me: &Unit<'_>) -> [(&'static str, u32, Source, String); 2] {
    let now = records.move_number();
    let melees = &me.record.melees;
    let this_move = melees.iter().rev().find(|m| m.move_number == now);
    let last_move_win = melees
        .iter()
        .rev()
        .find(|m| m.move_number + 1 == now && m.won)
        .filter(|_| this_move.is_none());
    let (won, lost, why) = match this_move.or(last_move_win) {
        Some(m) => {
            let when = if m.move_number == now {
                "this move"
            } else {
                "last move"
            };
            let word = if m.won { "won" } else { "lost" };
            (
                m.won,
                !m.won,
                format!("{} {word} a melee against '{}' {when}", me.who(), m.other),
            )
        }
        None => (
            false,
            false,
            format!(
                "{} won no melee this move or last and lost none this move",
                me.who()
            ),
        ),
    };
    [
        (WON_MELEE, u32::from(won), Source::Records, why.clone()),
        (LOST_MELEE, u32::from(lost), Source::Records, why),
    ]
}

/// The rally attempt of the unit in role `unit`, over `base`: the Rally table's class when
/// its record names it ("European Regulars and Fanatics"). Levies and irregulars, the
/// command figure with it, a melee and cannister fire stay as `base` has them.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn rally(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: RallyInput,
    given: &[String],
) -> Result<RallyInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule("RALLYING"))?;
    let mut input = base;
    // A class given by hand wins over the record's; the origins step says so.
    let mut fill = Filler::new(given);
    match class_of(&me.record) {
        Some(class @ (MoraleClass::Fanatic | MoraleClass::EuropeanRegular)) => {
            fill.set_from(
                me.source,
                crate::field!(RallyInput: class),
                "class",
                &mut input.class,
                RallyClass::EuropeanRegularOrFanatic,
                format!("{} is of class {} on {}", me.who(), class.name(), me.record_words()),
            );
        }
        Some(MoraleClass::Other) => fill.origins.undecided.push(format!(
            "{} is of class other: levies, or irregular and non-European regulars, is the referee's call",
            me.who()
        )),
        None => {}
    }
    input.origins = fill.origins;
    Ok(input)
}

/// One move of rout of the unit in role `unit`, over `base`: "A breaking unit will lose one
/// dice x 10 fighting factors per move of rout" — a unit its record does not show broken
/// is left to the referee, named in the first step.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn rout_loss(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: RoutLossInput,
) -> Result<RoutLossInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule("BREAK (ROUT)"))?;
    let mut input = base;
    let mut origins = Origins::default();
    if me.source == Source::Records && !has_status(&me.record, &Status::Broken) {
        origins.undecided.push(format!(
            "{} is {}, not broken: 'A breaking unit will lose one dice x 10 fighting factors per move of rout' — the loss is for a unit in rout",
            me.who(),
            me.record.status.as_ref().map_or("of no status", Status::name)
        ));
    }
    input.origins = origins;
    Ok(input)
}

/// The morale causes of the unit in role `unit` on this table, with these records, over
/// `base`: its class, the fighting factors it lost this move, and a melee it won or lost
/// this move (by how many), from its record. Being charged and a flanking unit breaking or
/// falling back stay as `base` has them: the records do not hold them.
///
/// Refuses (as bad input) the role not given or a counter not on the table.
pub fn morale_due(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: MoraleDueInput,
) -> Result<MoraleDueInput, Refusal> {
    let me = unit(layout, records, roles, "unit", &rule("MORALE"))?;
    let mut input = base;
    let mut origins = Origins::default();
    let why = |what: String| format!("{} {what} on {}", me.who(), me.record_words());
    match class_of(&me.record) {
        Some(class) => {
            input.class = class;
            origins.note(
                crate::field!(MoraleDueInput: class),
                "class",
                class,
                me.source,
                why(format!("is of class {}", class.name())),
            );
        }
        None => origins
            .undecided
            .push(format!("{}'s class (not recorded)", me.who())),
    }
    let found = due_input(records, &me.record, input.class);
    let now = records.move_number();
    input.lost_this_move = found.lost_this_move;
    origins.note(
        crate::field!(MoraleDueInput: lost_this_move),
        "lost this move",
        found.lost_this_move,
        me.source,
        why(format!("lost {} FF in move {now}", found.lost_this_move)),
    );
    input.won_melee = found.won_melee;
    origins.note(
        crate::field!(MoraleDueInput: won_melee),
        "won a melee",
        found.won_melee,
        me.source,
        why(if found.won_melee {
            format!("won a melee in move {now}")
        } else {
            format!("won no melee in move {now}")
        }),
    );
    input.melee_lost_by = found.melee_lost_by;
    origins.note(
        crate::field!(MoraleDueInput: melee_lost_by),
        "lost a melee by",
        found.melee_lost_by,
        me.source,
        why(match found.melee_lost_by {
            Some(by) => format!("lost a melee in move {now} by {by} FF"),
            None => format!("lost no melee in move {now}"),
        }),
    );
    origins.undecided.push(
        "whether it is being charged, and a flanking unit breaking or falling back near it"
            .to_owned(),
    );
    input.origins = origins;
    Ok(input)
}

fn due_input(
    records: &dyn Records,
    record: &crate::rules::situation::UnitView,
    class: MoraleClass,
) -> MoraleDueInput {
    let now = records.move_number();
    let this_move = |won: bool| {
        record
            .melees
            .iter()
            .rev()
            .find(|m| m.move_number == now && m.won == won)
    };
    MoraleDueInput {
        class,
        lost_this_move: record.lost_this_move,
        won_melee: this_move(true).is_some(),
        melee_lost_by: this_move(false).map(|m| m.margin),
        being_charged: false,
        flank_broke_within_mm: None,
        flank_quality: Quality::Equal,
        flank_fell_back_within_mm: None,
        origins: Origins::default(),
    }
}

/// The morale test a unit's losses and melees this move make due, as the roster shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LossesDue {
    /// No test is due on them.
    Nothing,
    /// A test is due, for these causes.
    Due(Vec<DueCause>),
    /// The unit's class is not recorded: a test is due if it is of one of these classes,
    /// and not if it is of another.
    ClassUnknown(Vec<MoraleClass>),
}

/// Whether the unit's losses and melees this move make a morale test due ("When a Fanatic
/// unit loses more than 100 fighting factors in any one move"; "more than 50" for
/// European regulars, "but not in a move in which it wins a melee", and other troops; the
/// loser of a melee by more than its class's margin), as MORALE's causes read them.
/// `None` when the records do not hold the unit or a threshold cannot be read.
pub fn losses_due(charts: &Charts, records: &dyn Records, unit_id: &str) -> Option<LossesDue> {
    let record = records.unit(unit_id)?;
    let due = |class: MoraleClass| -> Option<Vec<DueCause>> {
        // The causes throw no dice.
        let mut no_dice = EnteredDice::parse("").ok()?;
        let input = due_input(records, &record, class);
        MoraleDue::resolve(charts, &input, &mut no_dice)
            .ok()
            .map(|r| r.outcome.due)
    };
    if let Some(class) = class_of(&record) {
        let causes = due(class)?;
        return Some(if causes.is_empty() {
            LossesDue::Nothing
        } else {
            LossesDue::Due(causes)
        });
    }
    let mut due_for = Vec::new();
    for class in MoraleClass::ALL {
        if !due(*class)?.is_empty() {
            due_for.push(*class);
        }
    }
    Some(if due_for.is_empty() {
        LossesDue::Nothing
    } else {
        LossesDue::ClassUnknown(due_for)
    })
}
