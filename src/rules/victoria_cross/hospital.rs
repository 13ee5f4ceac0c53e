//! The hospital fire at Rorke's Drift ("Rorke's Drift: Hospital Phase").

use super::{RULESET, Reader, cell_rule, resolution, rule, throw};
use crate::charts::Charts;
use crate::dice::{DiceSource, Dist};
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, condition, parsed};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const HOSPITAL: &str = "Rorke's Drift: Hospital Phase";

/// One Hospital Phase roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HospitalSituation {
    /// The box of the Hospital Fire Track the marker is in (0 before the fire starts).
    #[serde(default)]
    pub track: u32,
    /// The Zulus have meleed a hospital zone this turn or an earlier one.
    #[serde(default)]
    pub zulu_melee_on_hospital: bool,
    /// The counters in the hospital zones (L, M, N, O), as the records name them: "Any
    /// units still in the hospital when it burns down are eliminated".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
    /// The values the records decided (`situation::hospital`), stated as the resolution's
    /// first steps.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Where the hospital fire marker ends: the `--json` outcome of `laager vc hospital`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HospitalOutcome {
    /// The box the marker is in now.
    pub track: u32,
    /// The hospital has burned down.
    pub burned: bool,
    /// The counters in the hospital that burn with it ("Any units still in the hospital
    /// when it burns down are eliminated"): applying removes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<String>,
}

struct Plan {
    moves: [u32; 6],
    burned_at: u32,
    warnings: Vec<String>,
}

fn plan(charts: &Charts, s: &HospitalSituation) -> Result<Plan, Refusal> {
    // A marker past box 0 means the rolls have begun: only the first roll waits for the
    // melee.
    if s.track == 0 && !s.zulu_melee_on_hospital {
        return Err(Refusal::by_rule(
            rule(HOSPITAL),
            "no Zulu melee on a hospital zone yet: the rolls begin \"with the first turn of a Zulu melee attack on any hospital zone\"",
        ));
    }
    let mut reader = Reader::new(charts);
    let mut moves = [0; 6];
    for (i, m) in moves.iter_mut().enumerate() {
        *m = reader
            .int("hospital_fire", &[&(i + 1).to_string()])
            .unwrap_or(0) as u32;
    }
    let burned_at = reader.int("hospital_fire", &["burned-at"]).unwrap_or(0) as u32;
    reader.check(&rule(HOSPITAL))?;
    if s.track >= burned_at {
        return Err(Refusal::by_rule(
            rule(HOSPITAL),
            format!(
                "box {}: the hospital has burned down (\"when it reaches the {burned_at} box on the track\"); no more rolls",
                s.track
            ),
        ));
    }
    Ok(Plan {
        moves,
        burned_at,
        warnings: reader.cells.warnings().to_vec(),
    })
}

/// Rolls the hospital fire die: `outcome.track` (the box now), `outcome.burned`.
fn hospital(
    charts: &Charts,
    s: &HospitalSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<HospitalOutcome>, Refusal> {
    let plan = plan(charts, s)?;
    let mut r = resolution(charts, Hospital::NAME);
    r.steps = s.origins.steps(s, &rule(HOSPITAL));
    for w in &plan.warnings {
        r.warn(w.clone());
    }
    r.step(Step::valued(
        rule(HOSPITAL),
        "the marker's box on the Hospital Fire Track",
        s.track,
        None,
    ));
    let (roll, faces) = throw(dice, 1, HOSPITAL)?;
    r.rolls.push(roll);
    let face = faces[0];
    let moved = plan.moves[usize::from(face - 1)];
    let track = (s.track + moved).min(plan.burned_at);
    let text = match face {
        1 => "a roll of 1: \"the marker does not move at all\"".to_owned(),
        2..=4 => format!("a roll of {face}: \"the marker is moved one spot on the fire track\""),
        5 => "a roll of 5: \"it moves 2 spots\"".to_owned(),
        _ => "a roll of 6: \"it jumps three spots\"".to_owned(),
    };
    r.step(Step::valued(
        cell_rule(HOSPITAL, "hospital_fire", &[&face.to_string()]),
        text,
        moved,
        Some(track.into()),
    ));
    if s.track == 0 && face >= 2 {
        r.step(Step::note(
            rule(HOSPITAL),
            "\"a roll of 2 - 6 gets the fire started\"",
        ));
    }
    let burned = track >= plan.burned_at;
    let mut eliminated = Vec::new();
    if burned {
        r.step(Step::note(
            cell_rule(HOSPITAL, "hospital_fire", &["burned-at"]),
            "the hospital has burned down: no unit may move into it; \"Any units still in the hospital when it burns down are eliminated\"; the Zulus score the hospital's VP",
        ));
        if !s.units.is_empty() {
            r.step(Step::valued(
                rule(HOSPITAL),
                format!(
                    "\"Any units still in the hospital when it burns down are eliminated (Zulu units return per replacement rules)\": {}",
                    s.units.join(", ")
                ),
                s.units.len(),
                None,
            ));
            eliminated.clone_from(&s.units);
        }
    } else if !s.units.is_empty() {
        r.step(Step::note(
            rule(HOSPITAL),
            format!(
                "the hospital still stands: {} stay in it",
                s.units.join(", ")
            ),
        ));
    }
    Ok(r.with_outcome(HospitalOutcome {
        track,
        burned,
        eliminated,
    }))
}

/// The exact odds of the marker's box after one roll.
fn hospital_odds(charts: &Charts, s: &HospitalSituation) -> Result<Odds, Refusal> {
    let plan = plan(charts, s)?;
    let (track, moves, top) = (s.track, plan.moves, plan.burned_at);
    Ok(Dist::d6()
        .map(|face| i64::from((track + moves[(face - 1) as usize]).min(top)))
        .to_odds())
}

/// Rorke's Drift's Hospital Phase roll: `track`, `burned`.
pub struct Hospital;

/// The Hospital Phase's fields, as `laager vc hospital` and the desk's form ask for them;
/// the counters in the hospital come from the records (`--unit unit-N=ID`).
const HOSPITAL_FIELDS: &[FieldSpec] = &[
    FieldSpec {
        field: crate::field!(HospitalSituation: track),
        flag: "track",
        value_name: "N",
        label: "box the marker is in",
        help: "The box of the Hospital Fire Track the marker is in (0, the default, before the fire starts)",
        kind: Kind::Number {
            unit: "box",
            min: crate::bounds::HospitalBox::MIN as i64,
            max: crate::bounds::HospitalBox::MAX as i64,
        },
        required: false,
        from_records: false,
        parse: parsed::<crate::bounds::HospitalBox>,
    },
    condition(
        crate::field!(HospitalSituation: zulu_melee_on_hospital),
        "zulu-melee-on-hospital",
        "the Zulus have meleed a hospital zone",
        "The Zulus have meleed a hospital zone this turn or an earlier one: the rolls begin \"with the first turn of a Zulu melee attack on any hospital zone\" (needed only while the marker is in box 0)",
    ),
];

impl Procedure for Hospital {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "hospital";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::HOSPITAL_ROLES;
    // "The counters in the hospital zones (British, VP units, Zulus)": of either side.
    const EITHER_SIDE: &'static [&'static str] = super::situation::HOSPITAL_ROLES;
    const FIELDS: &'static [FieldSpec] = HOSPITAL_FIELDS;
    type Input = HospitalSituation;
    type Outcome = HospitalOutcome;

    fn resolve(
        charts: &Charts,
        input: &HospitalSituation,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<HospitalOutcome>, Refusal> {
        hospital(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &HospitalSituation) -> Option<Result<Odds, Refusal>> {
        Some(hospital_odds(charts, input))
    }
}
