//! The fields of the Victory Conditions' checks and the Zulu re-entry, as `laager vc` and
//! the desk's forms ask for them. The British SP left and the Zulu SP on the board are
//! counted on the whole roster when a game's records are open
//! (`game::victory::vc_counts`); a value typed wins.

use super::{AlternateVictoryInput, VictoryCheck, VictoryPointsInput, ZuluReentryInput};
use crate::rules::describe::{
    FieldSpec, Kind, condition, count, counted, parsed, strength, strong,
};
use serde_json::Value;

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

/// A list of zones typed comma-separated (`12, 16`), as a [`FieldSpec::parse`]: each zone
/// as the board names it, an empty list refused.
fn zones(text: &str) -> Result<Value, String> {
    let zones: Vec<Value> = text
        .split(',')
        .map(str::trim)
        .filter(|zone| !zone.is_empty())
        .map(Value::from)
        .collect();
    if zones.is_empty() {
        return Err(format!(
            "'{text}' names no zone: type the zones comma-separated (12,16)"
        ));
    }
    Ok(Value::Array(zones))
}

/// `laager vc victory-points`.
pub(super) const POINTS_FIELDS: &[FieldSpec] = &[
    super::super::battle_field(crate::field!(VictoryPointsInput: battle)),
    FieldSpec {
        field: crate::field!(VictoryPointsInput: turn.turn),
        flag: "turn",
        value_name: "N",
        label: "turn just played",
        help: "The game turn just played (1 to 16)",
        kind: counted("turn"),
        required: true,
        from_records: false,
        parse: count,
    },
    condition(
        crate::field!(VictoryPointsInput: turn.hospital),
        "hospital",
        "the Zulus hold the hospital (or it burned)",
        "Rorke's Drift: the Zulus control the hospital, or it has burned down",
    ),
    condition(
        crate::field!(VictoryPointsInput: turn.kraal_both),
        "kraal-both",
        "the Zulus hold both kraal zones A and B",
        "Rorke's Drift: the Zulus control both kraal zones A and B",
    ),
    condition(
        crate::field!(VictoryPointsInput: turn.redoubt),
        "redoubt",
        "the Zulus hold the final redoubt D",
        "Rorke's Drift: the Zulus hold the final redoubt D",
    ),
    condition(
        crate::field!(VictoryPointsInput: turn.water_cart),
        "water-cart",
        "the Zulus occupy the water cart zone J",
        "Rorke's Drift: the Zulus occupy the water cart zone J at the end of the turn",
    ),
    FieldSpec {
        field: crate::field!(VictoryPointsInput: turn.zones_held),
        flag: "zones-held",
        value_name: "ZONE,...",
        label: "zones the Zulus hold",
        help: "Isandlwana: the zones the Zulus hold, comma-separated (their VP are on the board)",
        kind: Kind::Text {
            examples: &["12", "12,16", "7"],
        },
        required: false,
        from_records: false,
        parse: zones,
    },
    FieldSpec {
        field: crate::field!(VictoryPointsInput: turn.vp_units_eliminated),
        flag: "vp-units-eliminated",
        value_name: "N",
        label: "VP units eliminated so far",
        help: "Rorke's Drift: the VP units eliminated so far (none when not given); the records count them",
        kind: counted("units"),
        required: false,
        from_records: true,
        parse: count,
    },
    FieldSpec {
        field: crate::field!(VictoryPointsInput: turn.zulu_losses),
        flag: "zulu-losses",
        value_name: "N",
        label: "Zulu SP lost this turn",
        help: "The Zulu SP lost this turn (none when not given); the records count them",
        kind: strong("SP"),
        required: false,
        from_records: true,
        parse: strength,
    },
    FieldSpec {
        field: crate::field!(VictoryPointsInput: turn.deductions_before),
        flag: "deductions-before",
        value_name: "VP",
        label: "VP deducted in earlier turns",
        help: "The VP deducted in earlier turns for heavy losses (none when not given)",
        kind: counted("VP"),
        required: false,
        from_records: false,
        parse: count,
    },
    FieldSpec {
        field: crate::field!(VictoryPointsInput: turn.british_exited_sp),
        flag: "british-exited-sp",
        value_name: "N",
        label: "British SP exited (turn 13 on)",
        help: "Isandlwana: the British SP exited through zones 21, 27 or 31 on turn 13 or later, so far (none when not given)",
        kind: strong("SP"),
        required: false,
        from_records: false,
        parse: strength,
    },
];
