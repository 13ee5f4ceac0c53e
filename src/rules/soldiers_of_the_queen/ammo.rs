//! Ammunition (PART 11, Isandhlwana only): the Ammunition Roster and resupply from the
//! Supply Wagon.

use super::cells::Cells;
use super::{RULESET, cell_rule, rule, throw};
use crate::charts::{Band, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, count, counted, flag, parsed};
use crate::rules::situation::Origins;
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// A row of the Ammunition Resupply Table (PART 11: "Each time that a British foot or
/// dismounted cavalry unit fires").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ResupplyUnit {
    /// A foot unit.
    #[default]
    Foot,
    /// A dismounted cavalry unit.
    DismountedCavalry,
}

impl ResupplyUnit {
    /// The row's name.
    pub fn name(self) -> &'static str {
        match self {
            ResupplyUnit::Foot => "foot",
            ResupplyUnit::DismountedCavalry => "dismounted-cavalry",
        }
    }
}

impl FromStr for ResupplyUnit {
    type Err = String;

    fn from_str(text: &str) -> Result<ResupplyUnit, String> {
        match text.trim() {
            "foot" => Ok(ResupplyUnit::Foot),
            "dismounted-cavalry" => Ok(ResupplyUnit::DismountedCavalry),
            other => Err(format!(
                "'{other}' is not a unit type that draws ammunition: expected foot or dismounted-cavalry"
            )),
        }
    }
}

serde_by_name!(ResupplyUnit, name);

/// One resupply attempt in the British Ammunition Supply Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResupplyInput {
    /// A row of the Ammunition Resupply Table.
    #[serde(default)]
    pub unit_type: ResupplyUnit,
    /// Boxes on the unit's Ammunition Roster.
    pub boxes: u32,
    /// Boxes marked off.
    pub marked: u32,
    /// Range from the unit to the Supply Wagon, in hexes.
    pub range: u32,
    /// The unit is an artillery unit.
    #[serde(default)]
    pub artillery: bool,
    /// Pinned.
    #[serde(default)]
    pub pinned: bool,
    /// Routed.
    #[serde(default)]
    pub routed: bool,
    /// The path to the wagon goes through an enemy-controlled hex not negated by a British unit.
    #[serde(default)]
    pub path_blocked: bool,
    /// The unit on the roster, when named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The resupply's fields, as `laager sotq resupply` and the desk's form ask for them.
const RESUPPLY_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        field: crate::field!(ResupplyInput: unit_type),
        flag: "unit-type",
        value_name: "UNIT_TYPE",
        label: "unit type",
        help: "foot or dismounted-cavalry, the row of the Ammunition Resupply Table (not given: foot, or what the records' troop type gives)",
        kind: Kind::Choice {
            names: &["foot", "dismounted-cavalry"],
        },
        required: false,
        from_records: true,
        parse: parsed::<ResupplyUnit>,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: boxes),
        flag: "boxes",
        value_name: "N",
        label: "roster boxes",
        help: "Boxes on the unit's Ammunition Roster",
        kind: counted("boxes"),
        required: true,
        from_records: false,
        parse: count,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: marked),
        flag: "marked",
        value_name: "N",
        label: "boxes marked",
        help: "Boxes marked off",
        kind: counted("boxes"),
        required: true,
        from_records: false,
        parse: count,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: range),
        flag: "range",
        value_name: "HEXES",
        label: "hexes to the wagon",
        help: "Range from the unit to the Supply Wagon in hexes (or --from CCRR --wagon CCRR)",
        kind: counted("hexes"),
        required: true,
        from_records: false,
        parse: count,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: artillery),
        flag: "artillery",
        value_name: "",
        label: "the unit is artillery",
        help: "The unit is artillery; the records give it from the unit's troop type",
        kind: Kind::Flag,
        required: false,
        from_records: true,
        parse: flag,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: pinned),
        flag: "pinned",
        value_name: "",
        label: "pinned",
        help: "The unit is Pinned; the records give its status",
        kind: Kind::Flag,
        required: false,
        from_records: true,
        parse: flag,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: routed),
        flag: "routed",
        value_name: "",
        label: "routed",
        help: "The unit is Routed; the records give its status",
        kind: Kind::Flag,
        required: false,
        from_records: true,
        parse: flag,
    },
    FieldSpec {
        field: crate::field!(ResupplyInput: path_blocked),
        flag: "path-blocked",
        value_name: "",
        label: "the path to the wagon goes through an enemy-controlled hex",
        help: "The path to the wagon goes through an enemy-controlled hex",
        kind: Kind::Flag,
        required: false,
        from_records: false,
        parse: flag,
    },
];

/// The roster after the attempt: the `--json` outcome of `laager sotq resupply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResupplyOutcome {
    /// The unit may attempt resupply at all.
    pub eligible: bool,
    /// The roll erased a marked box.
    pub resupplied: bool,
    /// Boxes marked after the attempt.
    pub marked: u32,
    /// Every box is marked: the unit cannot fire.
    pub out_of_ammo: bool,
}

/// One resupply roll (PART 11, Isandhlwana).
pub struct Resupply;

impl Procedure for Resupply {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "resupply";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::UNIT_ROLES;
    const FIELDS: &'static [FieldSpec] = RESUPPLY_FIELDS;
    type Input = ResupplyInput;
    type Outcome = ResupplyOutcome;

    fn resolve(
        charts: &Charts,
        input: &ResupplyInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ResupplyOutcome>, Refusal> {
        let resolved = resupply(charts, input, dice);
        super::records_first(resolved, &input.origins, input, "PART 11")
    }
}

/// Resolves one resupply roll.
fn resupply(
    charts: &Charts,
    r: &ResupplyInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<ResupplyOutcome>, Refusal> {
    let refuse = |reason: String| Refusal::bad_input(rule("PART 11"), reason);
    if r.marked > r.boxes {
        return Err(refuse(format!(
            "{} boxes marked on a roster of {}",
            r.marked, r.boxes
        )));
    }
    let mut res = Resolution::<()>::new(RULESET, Resupply::NAME, charts.hash());
    let reasons = [
        (
            r.artillery,
            "Artillery units never run out of ammunition and never have to be resupplied",
        ),
        (
            r.pinned || r.routed,
            "To obtain more ammunition, a British unit must not be Pinned or Routed",
        ),
        (
            r.path_blocked,
            "the path it traces to the Supply Wagon cannot go through an enemy-controlled hex",
        ),
        (
            2 * r.marked < r.boxes,
            "only a unit that has used at least half of its available ammunition can attempt to get more",
        ),
    ];
    if let Some((_, why)) = reasons.iter().find(|(applies, _)| *applies) {
        res.step(Step::note(rule("PART 11"), *why));
        return Ok(res.with_outcome(ResupplyOutcome {
            eligible: false,
            resupplied: false,
            marked: r.marked,
            out_of_ammo: r.marked == r.boxes && !r.artillery,
        }));
    }
    let chart = "ammunition_resupply";
    let mut cells = Cells::new(charts);
    let column = cells.column_of(
        chart,
        i64::from(r.range),
        &format!("a range of {} hexes from the wagon", r.range),
    );
    let cell = column
        .as_deref()
        .and_then(|column| cells.get(chart, &[r.unit_type.name(), column]));
    if let Some(refusal) = cells.refusal(rule("PART 11"), None) {
        return Err(refusal);
    }
    let column = column.unwrap_or_default();
    let key = [r.unit_type.name(), column.as_str()];
    let text = cell.map(|v| v.to_string()).unwrap_or_default();
    let band = if text == "none" {
        None
    } else {
        Some(Band::parse(&text).ok_or_else(|| {
            refuse(format!(
                "{chart}:{} holds '{text}', not a band of die faces (1-4) or none",
                key.join(":")
            ))
        })?)
    };
    let face = throw(dice, 1, &mut res, "PART 11")?[0];
    let success = band.is_some_and(|b| b.contains(i64::from(face)));
    res.step(Step::valued(
        cell_rule("PART 11", chart, &key),
        format!(
            "die {face} against {text} for {} at range {} from the wagon",
            r.unit_type.name(),
            r.range
        ),
        face,
        None,
    ));
    let marked = if success { r.marked - 1 } else { r.marked };
    res.step(Step::valued(
        rule("PART 11"),
        if success {
            "the number rolled is within the range: erase the last marked box"
        } else {
            "not within the range: no ammunition this phase"
        },
        marked,
        None,
    ));
    for w in cells.warnings() {
        res.warn(w.clone());
    }
    Ok(res.with_outcome(ResupplyOutcome {
        eligible: true,
        resupplied: success,
        marked,
        out_of_ammo: marked == r.boxes,
    }))
}
