//! The fields of the melee procedures, as `laager vc` and the desk's forms ask for them:
//! the SP of the counters in their roles come from the records, a value typed winning.

use super::BayonetChargeInput;
use crate::rules::describe::{
    FieldSpec, Kind, condition, count, counted, parsed, strength, strong,
};

/// A side's field, as every door asks for it (`help`: whose), filled by the records from
/// the counters in the procedure's roles.
pub(crate) const fn side_field(
    field: crate::rules::field::FieldId,
    help: &'static str,
) -> FieldSpec {
    FieldSpec {
        field,
        flag: "side",
        value_name: "SIDE",
        label: "side",
        help,
        kind: Kind::Choice {
            names: super::Side::IDS,
        },
        required: true,
        from_records: true,
        parse: parsed::<super::Side>,
    }
}

/// `laager vc bayonet-charge`.
pub(super) const BAYONET_FIELDS: &[FieldSpec] = &[
    super::super::battle_field(crate::field!(BayonetChargeInput: battle)),
    FieldSpec {
        field: crate::field!(BayonetChargeInput: british_sp),
        flag: "british-sp",
        value_name: "N",
        label: "British SP, leader included",
        help: "The British SP charging, the leader's 1 included (\"a British leader with up to 4 SP each can conduct a bayonet charge\"); the records give it",
        kind: strong("SP"),
        required: true,
        from_records: true,
        parse: strength,
    },
    FieldSpec {
        field: crate::field!(BayonetChargeInput: zulu_sp),
        flag: "zulu-sp",
        value_name: "N",
        label: "Zulu SP charged",
        help: "The Zulu SP in the zone charged; the records give it (--unit target=ID)",
        kind: strong("SP"),
        required: true,
        from_records: true,
        parse: strength,
    },
    condition(
        crate::field!(BayonetChargeInput: across_wall),
        "across-wall",
        "across a wall, door or window",
        "Rorke's Drift: across a wall, door or window, or into or out of a building zone",
    ),
    FieldSpec {
        field: crate::field!(BayonetChargeInput: stop_after_rounds),
        flag: "stop-after",
        value_name: "ROUNDS",
        label: "stop after rounds",
        help: "The British player stops the attack after this many rounds if no side is gone (none: until one side is eliminated)",
        kind: counted("rounds"),
        required: false,
        from_records: false,
        parse: count,
    },
];
