//! The fields of the Victory Conditions' checks and the Zulu re-entry, as `laager vc` and
//! the desk's forms ask for them. The British SP left and the Zulu SP on the board are
//! counted on the whole roster when a game's records are open
//! (`game::victory::vc_counts`); a value typed wins.

use super::{AlternateVictoryInput, VictoryCheck, ZuluReentryInput};
use crate::rules::describe::{FieldSpec, Kind, count, counted, parsed, strength, strong};

/// The British SP left, as every door asks for it; the records count it.
const fn british_sp(
    field: crate::rules::field::FieldId,
    label: &'static str,
    help: &'static str,
) -> FieldSpec {
    FieldSpec {
        field,
        flag: "british-sp",
        value_name: "N",
        label,
        help,
        kind: strong("SP"),
        required: true,
        from_records: true,
        parse: strength,
    }
}

/// `laager vc victory`.
pub(super) const VICTORY_FIELDS: &[FieldSpec] = &[
    super::super::battle_field(crate::field!(VictoryCheck: battle)),
    FieldSpec {
        field: crate::field!(VictoryCheck: turn),
        flag: "turn",
        value_name: "N",
        label: "turn just played",
        help: "The game turn just played (16 is the last)",
        kind: counted("turn"),
        required: true,
        from_records: false,
        parse: count,
    },
    british_sp(
        crate::field!(VictoryCheck: british_sp),
        "British SP left",
        "The SP of every British unit left (native infantry and cavalry included, the artillery counted as 1 SP); the records count it",
    ),
    FieldSpec {
        field: crate::field!(VictoryCheck: zulu_vp),
        flag: "zulu-vp",
        value_name: "VP",
        label: "Zulu VP",
        help: "The Zulu Victory Points total (vc victory-points works it out)",
        kind: Kind::Number {
            unit: "VP",
            min: crate::bounds::VictoryPoints::MIN,
            max: crate::bounds::VictoryPoints::MAX,
        },
        required: true,
        from_records: false,
        parse: parsed::<crate::bounds::VictoryPoints>,
    },
];

/// `laager vc alternate-victory`.
pub(super) const ALTERNATE_FIELDS: &[FieldSpec] = &[british_sp(
    crate::field!(AlternateVictoryInput: british_sp),
    "British SP left at game end",
    "The SP of every British unit that survives the game; the records count it",
)];

/// `laager vc zulu-reentry`.
pub(super) const REENTRY_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        field: crate::field!(ZuluReentryInput: on_board_sp),
        flag: "on-board-sp",
        value_name: "N",
        label: "Zulu SP on the board",
        help: "Zulu warrior SP on the board now, leaders not counted; the records count it",
        kind: strong("SP"),
        required: true,
        from_records: true,
        parse: strength,
    },
    FieldSpec {
        field: crate::field!(ZuluReentryInput: loss_track_sp),
        flag: "loss-track-sp",
        value_name: "N",
        label: "SP on the Loss Track",
        help: "SP on the Zulu Loss Track",
        kind: strong("SP"),
        required: true,
        from_records: false,
        parse: strength,
    },
];
