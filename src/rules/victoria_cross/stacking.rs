//! How many SP a zone may hold ("Maximum Units/SP per Zone"), and where the Zulus may
//! enter the board ("Map Board").

use super::board::Board;
use super::{Battle, RULESET, Reader, Side, cell_rule, resolution, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, count, counted, parsed, strength, strong};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const STACKING: &str = "Maximum Units/SP per Zone";

/// One side's units in one zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stack {
    /// Which battle.
    pub battle: Battle,
    /// Whose units.
    pub side: Side,
    /// The zone.
    pub zone: String,
    /// The SP, leaders not included (the artillery counts 1: "counts as 1 SP for zone SP
    /// limits").
    #[serde(default)]
    pub sp: u32,
    /// The leaders in the zone.
    #[serde(default)]
    pub leaders: u32,
    /// The values the records decided (`situation::stack`: the side, the SP and the
    /// leaders of the units in their roles), stated as the resolution's first steps.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Whether a zone's stack is within its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackingOutcome {
    /// Within the limit.
    pub allowed: bool,
    /// The zone's SP limit; absent when the zone has none.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub limit: Option<i64>,
}

/// Checks a zone's stack against its limit: `outcome.allowed`, `outcome.limit` (absent
/// when the zone has none).
fn stacking(charts: &Charts, s: &Stack) -> Result<Resolution<StackingOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let mut r = resolution(charts, Stacking::NAME);
    r.steps = s.origins.steps(s, &rule(STACKING));
    // The zone is one of the battle's board, whichever battle (a limit per zone holds for
    // a zone on the board only).
    Board::new(charts, s.battle).check_zone(&s.zone, STACKING)?;
    let (limit, counted) = match s.battle {
        Battle::Isandlwana => {
            let key = match s.side {
                Side::British => "isandlwana-british-sp-per-zone",
                Side::Zulu => "isandlwana-zulu-sp-per-zone",
            };
            let limit = reader.need_int("limits", &[key], &rule(STACKING))?;
            r.step(Step::valued(
                cell_rule(STACKING, "limits", &[key]),
                "\"The limits are 16 British SP plus any leaders, for the Zulu player it is 30 SP plus any leaders\"",
                limit,
                None,
            ));
            (Some(limit), s.sp)
        }
        Battle::RorkesDrift => {
            let board = Board::new(charts, Battle::RorkesDrift);
            let building = board.building(&s.zone, STACKING)?;
            let roof = board.feature(&s.zone) == Some("storehouse-roof");
            if roof && s.side == Side::Zulu {
                return Err(Refusal::by_rule(
                    rule(STACKING),
                    format!(
                        "zone {}: \"the British player is the only player allowed to use this zone\"",
                        s.zone
                    ),
                ));
            }
            if building {
                let limit =
                    reader.need_int("limits", &["rorkes-drift-building-sp"], &rule(STACKING))?;
                // British leaders "each count as a 1 SP unit"; Zulu leaders do not count
                // "against the 90 SP limit of the Zulu player, nor zone limits".
                let counted = match s.side {
                    Side::British => s.sp + s.leaders,
                    Side::Zulu => s.sp,
                };
                r.step(Step::valued(
                    cell_rule(STACKING, "limits", &["rorkes-drift-building-sp"]),
                    format!("zone {} is a building zone: 8 SP at most (British leaders count 1 SP each)", s.zone),
                    limit,
                    None,
                ));
                (Some(limit), counted)
            } else {
                r.step(Step::note(
                    rule(STACKING),
                    format!("zone {} is not a building zone: \"any number of SP\" (up to the Zulu 90 SP and the British counters)", s.zone),
                ));
                (None, s.sp)
            }
        }
    };
    let allowed = limit.is_none_or(|l| i64::from(counted) <= l);
    r.step(Step::valued(
        rule(STACKING),
        if allowed {
            "within the limit"
        } else {
            "over the limit"
        },
        counted,
        None,
    ));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(StackingOutcome { allowed, limit }))
}

/// A zone's stack against its limit: `allowed`, `limit`.
pub struct Stacking;

/// The stack's fields, as `laager vc stacking` and the desk's form ask for them; the
/// side, the SP and the leaders of the counters in the zone come from the records
/// (`--unit unit-N=ID`), a value typed winning.
const STACK_FIELDS: &[FieldSpec] = &[
    super::battle_field(crate::field!(Stack: battle)),
    super::melee::side_field(
        crate::field!(Stack: side),
        "Whose units: british or zulu; the records give it",
    ),
    FieldSpec {
        field: crate::field!(Stack: zone),
        flag: "zone",
        value_name: "ZONE",
        label: "zone",
        help: "The zone, as the board names it (a Rorke's Drift building zone holds 8 SP; the roof only the British)",
        kind: Kind::Text {
            examples: &["16", "12", "F", "E"],
        },
        required: true,
        from_records: false,
        parse: parsed::<String>,
    },
    FieldSpec {
        field: crate::field!(Stack: sp),
        flag: "sp",
        value_name: "N",
        label: "SP, leaders apart",
        help: "The SP in the zone, leaders not included (the artillery counts 1 SP for zone SP limits); the records give it",
        kind: strong("SP"),
        required: true,
        from_records: true,
        parse: strength,
    },
    FieldSpec {
        field: crate::field!(Stack: leaders),
        flag: "leaders",
        value_name: "N",
        label: "leaders",
        help: "The leaders in the zone (none when not given); the records count them",
        kind: counted("leaders"),
        required: false,
        from_records: true,
        parse: count,
    },
];

impl Procedure for Stacking {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "stacking";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = super::situation::ZONE_ROLES;
    const EITHER_SIDE: &'static [&'static str] = super::situation::ZONE_ROLES;
    const FIELDS: &'static [FieldSpec] = STACK_FIELDS;
    type Input = Stack;
    type Outcome = StackingOutcome;

    fn resolve(
        charts: &Charts,
        input: &Stack,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<StackingOutcome>, Refusal> {
        stacking(charts, input)
    }
}

/// A Zulu entry onto the board by a zone on a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZuluEntryInput {
    /// Which battle.
    pub battle: Battle,
    /// The zone entered by.
    pub zone: String,
    /// The game turn.
    pub turn: u32,
}

/// Whether the Zulus may enter by the zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZuluEntryOutcome {
    /// They may enter by it this turn.
    pub allowed: bool,
}

/// Whether the Zulus may enter the board by a zone on a turn: `outcome.allowed`.
///
/// Isandlwana: "The Zulu player may use these zones for entry, on or after the turn listed
/// in the shield." Rorke's Drift: "The Zulu player may use any outer board edge zone as an
/// entry point".
fn zulu_entry(
    charts: &Charts,
    input: &ZuluEntryInput,
) -> Result<Resolution<ZuluEntryOutcome>, Refusal> {
    let ZuluEntryInput { battle, zone, turn } = input;
    let (battle, zone, turn) = (*battle, zone.as_str(), *turn);
    let section = "Map Board";
    let board = Board::new(charts, battle);
    let mut r = resolution(charts, ZuluEntry::NAME);
    let mut warnings = Vec::new();
    let allowed = match battle {
        Battle::Isandlwana => match board.entry_turn(zone, section)? {
            Some(shield) => {
                board.note_use(battle.zones_chart(), zone, "entry_turn", &mut warnings);
                let allowed = i64::from(turn) >= shield;
                r.step(Step::valued(
                    cell_rule(section, battle.zones_chart(), &[zone, "entry_turn"]),
                    format!("zone {zone}'s shield: entry on or after turn {shield}"),
                    shield,
                    None,
                ));
                allowed
            }
            None => {
                r.step(Step::note(
                    rule(section),
                    format!("zone {zone} has no entry shield"),
                ));
                false
            }
        },
        // "In Rorke's Drift: The defensive compound - all zones inside the compound have
        // lettered zones (A, B, etc.), and the area outside the compound has numbered zones
        // (1, 2, etc.)": a lettered zone is inside the compound, so never "any outer board
        // edge zone" the Zulus may enter by, whatever a board's cell says.
        Battle::RorkesDrift if is_lettered(zone) => {
            board.check_zone(zone, section)?;
            r.step(Step::valued(
                rule(section),
                format!(
                    "zone {zone} is a lettered zone: \"all zones inside the compound have lettered zones (A, B, etc.)\", and \"The Zulu player may use any outer board edge zone as an entry point in Rorke's Drift\": a zone inside the compound is no entry zone"
                ),
                false,
                None,
            ));
            false
        }
        Battle::RorkesDrift => {
            let edge = board.edge(zone, section)?;
            board.note_use(battle.zones_chart(), zone, "edge", &mut warnings);
            r.step(Step::valued(
                cell_rule(section, battle.zones_chart(), &[zone, "edge"]),
                format!(
                    "zone {zone} {} an outer board edge zone",
                    if edge { "is" } else { "is not" }
                ),
                edge,
                None,
            ));
            edge
        }
    };
    r.step(Step::note(
        rule(section),
        "\"Should one of these zones have a British unit in it on a turn the Zulu player can use it for entry, the Zulu player may then place their entering units in any zone adjacent to the zone blocked by the British units.\"",
    ));
    for w in warnings {
        r.warn(w);
    }
    Ok(r.with_outcome(ZuluEntryOutcome { allowed }))
}

/// A Rorke's Drift zone named by a letter (inside the compound), not a number.
fn is_lettered(zone: &str) -> bool {
    !zone.is_empty() && zone.chars().all(|c| c.is_ascii_alphabetic())
}

/// Whether the Zulus may enter the board by a zone on a turn: `allowed`.
pub struct ZuluEntry;

/// The Zulu entry's fields, as `laager vc zulu-entry` and the desk's form ask for them.
/// The board's zones are the referee's to type: none is assumed.
const ENTRY_FIELDS: &[FieldSpec] = &[
    super::battle_field(crate::field!(ZuluEntryInput: battle)),
    FieldSpec {
        field: crate::field!(ZuluEntryInput: zone),
        flag: "zone",
        value_name: "ZONE",
        label: "zone entered by",
        help: "The zone the Zulus enter by, as the board names it (X or 21 at Isandlwana; an outer edge zone at Rorke's Drift)",
        kind: Kind::Text {
            examples: &["X", "21", "16", "A"],
        },
        required: true,
        from_records: false,
        parse: parsed::<String>,
    },
    FieldSpec {
        field: crate::field!(ZuluEntryInput: turn),
        flag: "turn",
        value_name: "N",
        label: "game turn",
        help: "The game turn the Zulus would enter on",
        kind: counted("turn"),
        required: true,
        from_records: false,
        parse: count,
    },
];

impl Procedure for ZuluEntry {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "zulu-entry";
    const THROWS: bool = false;
    const FIELDS: &'static [FieldSpec] = ENTRY_FIELDS;
    type Input = ZuluEntryInput;
    type Outcome = ZuluEntryOutcome;

    fn resolve(
        charts: &Charts,
        input: &ZuluEntryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ZuluEntryOutcome>, Refusal> {
        zulu_entry(charts, input)
    }
}
