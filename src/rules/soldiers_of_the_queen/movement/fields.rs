//! What the Movement Allowance and the map entry ask for, as `laager sotq allowance`,
//! `laager sotq entry` and the desk's forms ask for it: their described fields.

use super::super::hex::Hex;
use super::{AllowanceInput, EntryInput};
use crate::rules::describe::{FieldSpec, Kind, parsed};
use crate::rules::field::FieldId;

/// The unit type, typed as a row of PART 6 B's table or read from the records for the
/// unit named in role `unit` (`--unit unit=ID`).
const fn unit_type(field: FieldId, required: bool, help: &'static str) -> FieldSpec {
    FieldSpec {
        field,
        flag: "unit",
        value_name: "TYPE|unit=ID",
        label: "unit type",
        help,
        kind: Kind::Text {
            examples: &[
                "zulu-infantry",
                "horse-mounted",
                "camel",
                "gunboat",
                "regular-infantry",
            ],
        },
        required,
        from_records: true,
        parse: parsed::<String>,
    }
}

/// The Movement Allowance's fields.
pub(super) const ALLOWANCE: &[FieldSpec] = &[
    super::super::game_field(crate::field!(AllowanceInput: game)),
    unit_type(
        crate::field!(AllowanceInput: unit_type),
        true,
        "The unit type as PART 6 B's table names it (zulu-infantry, horse-mounted, camel, gunboat, ...), or unit=ID: the unit of --campaign's records, its troop type the type",
    ),
];

/// The entry's fields, as `laager sotq entry` and the desk's form ask for them.
pub(super) const ENTRY: &[FieldSpec] = &[
    super::super::game_field(crate::field!(EntryInput: game)),
    super::super::side_field(crate::field!(EntryInput: side), "entering side"),
    FieldSpec {
        field: crate::field!(EntryInput: order),
        flag: "order",
        value_name: "N",
        label: "order through the hex",
        help: "Which unit through this hex this Game Turn this is (1 = the first)",
        kind: Kind::Number {
            unit: "place",
            min: crate::bounds::Place::MIN as i64,
            max: crate::bounds::Place::MAX as i64,
        },
        required: true,
        from_records: false,
        parse: parsed::<crate::bounds::Place>,
    },
    FieldSpec {
        field: crate::field!(EntryInput: hex_cost),
        flag: "hex-cost",
        value_name: "MP",
        label: "hex cost",
        help: "The entry hex's Movement Point cost (not given: read from its terrain)",
        kind: Kind::Number {
            unit: "Movement Points",
            min: crate::bounds::Cost::MIN,
            max: crate::bounds::Cost::MAX,
        },
        required: false,
        from_records: false,
        parse: parsed::<crate::bounds::Cost>,
    },
    FieldSpec {
        field: crate::field!(EntryInput: terrain),
        flag: "terrain",
        value_name: "TERRAIN",
        label: "terrain",
        help: "The entry hex's terrain, a row of the Terrain Effects Chart (or its hex cost, not both)",
        kind: Kind::Text {
            examples: &["clear", "woods", "donga", "trail"],
        },
        required: false,
        from_records: false,
        parse: parsed::<String>,
    },
    FieldSpec {
        field: crate::field!(EntryInput: hex),
        flag: "hex",
        value_name: "CCRR",
        label: "entry hex",
        help: "The entry hex, CCRR (not given: not named)",
        kind: Kind::Text {
            examples: &["0712", "0328", "2525"],
        },
        required: false,
        from_records: false,
        parse: parsed::<Hex>,
    },
    unit_type(
        crate::field!(EntryInput: unit_type),
        false,
        "The unit type, a row of PART 6 B's Unit Movement Allowance table, for the Movement Points left after entry; or unit=ID: the unit of --campaign's records, its troop type the type",
    ),
];
