//! What each ruleset measures between a firer and a target: the range as its rule measures
//! it (Micro Colonial from the firer's centre to the target's nearest point; DBA between
//! the nearest points of the two bases), the arc or field of fire, the line of sight and
//! the contact edge. The canvas overlay, the measurement panel and the situations of the
//! procedures all read this one answer.

use crate::charts::{CellReader, Charts};
use crate::geometry::{
    ArcCheck, Contact, Distance, Layout, Real, Sight, centre_to_nearest, contact_edge,
    dba_field_of_fire, dba_line_of_sight, edge_to_edge, mc_firing_arc, mc_line_of_sight,
};
use crate::ruleset::Ruleset;

/// The measurements between two selected units under one ruleset.
#[derive(Debug, Clone)]
pub struct Measurement {
    /// The ruleset whose measurements these are (Micro Colonial or DBA).
    pub ruleset: Ruleset,
    /// The firing unit.
    pub firer: String,
    /// The target unit.
    pub target: String,
    /// The range, and the tape it was measured along.
    pub range: Distance,
    /// How the range is measured, in the rule's words.
    pub range_rule: &'static str,
    /// The arc or field of fire, or why it cannot be drawn (a chart cell not supplied).
    pub arc: Result<ArcCheck, String>,
    /// The line of sight.
    pub sight: Sight,
    /// The firer's front edge against the target's edges.
    pub contact: Contact,
    /// What the charts read to measure warn of: a club's or a reconstructed template
    /// angle, or the angle no one has supplied (Micro Colonial).
    pub warnings: Vec<String>,
}

/// One pair measured under both rulesets that measure (`laager measure` reports both), with
/// the line of sight the layout's own ruleset decides.
#[derive(Debug, Clone)]
pub struct BothRulesets {
    /// Under Micro Colonial.
    pub micro_colonial: Measurement,
    /// Under DBA-style Zulu.
    pub dba: Measurement,
}

impl BothRulesets {
    /// The line of sight a layout of `ruleset` has: its own ruleset's; a layout that names
    /// none is blocked when either ruleset's sight is blocked (DBA's first).
    pub fn sight(&self, ruleset: Option<Ruleset>) -> &Sight {
        match ruleset {
            Some(Ruleset::DbaZulu) => &self.dba.sight,
            None if !self.dba.sight.clear => &self.dba.sight,
            _ => &self.micro_colonial.sight,
        }
    }
}

/// Measures firer → target under Micro Colonial and under DBA (`None` when either unit is
/// missing).
pub fn measure_both(
    layout: &Layout,
    charts: &Charts,
    firer_id: &str,
    target_id: &str,
) -> Option<BothRulesets> {
    Some(BothRulesets {
        micro_colonial: measure(layout, charts, Ruleset::MicroColonial, firer_id, target_id)?,
        dba: measure(layout, charts, Ruleset::DbaZulu, firer_id, target_id)?,
    })
}

/// The warning of a Micro Colonial arc no one has supplied.
const ARC_UNKNOWN: &str = "micro-colonial arc unknown: needs chart cell firing_arc:angle_deg (the document does not print the template's angle; supply it with --cell firing_arc:angle_deg=N or a club's tables folder)";

/// The Micro Colonial firing-arc template's opening as a club supplied it, read as a rule
/// reads a cell (a club's or a reconstructed value is warned of in `warnings`): `Ok(None)`
/// when no one has supplied it; an error naming the cell when it is not an opening of more
/// than 0 and at most 360 degrees.
pub fn mc_arc_angle_read(
    charts: &Charts,
    warnings: &mut Vec<String>,
) -> Result<Option<Real>, String> {
    let mut reader = CellReader::new(charts, Ruleset::MicroColonial);
    let angle = reader
        .get("firing_arc", &["angle_deg"])
        .and_then(|v| v.as_number())
        .map(|a| a as Real);
    warnings.extend(reader.warnings().iter().cloned());
    match angle {
        Some(a) if !(a > 0.0 && a <= 360.0) => Err(format!(
            "firing_arc:angle_deg = {a}: expected more than 0 and at most 360 degrees"
        )),
        angle => Ok(angle),
    }
}

/// The Micro Colonial firing-arc template's opening, if a club has supplied it as an
/// opening of more than 0 and at most 360 degrees ([`mc_arc_angle_read`]).
pub fn mc_arc_angle(charts: &Charts) -> Option<Real> {
    mc_arc_angle_read(charts, &mut Vec::new()).ok().flatten()
}

/// Measures firer → target under `ruleset` (Micro Colonial or DBA; `None` for the board
/// games, which do not measure, or when either unit is missing).
pub fn measure(
    layout: &Layout,
    charts: &Charts,
    ruleset: Ruleset,
    firer_id: &str,
    target_id: &str,
) -> Option<Measurement> {
    let firer = layout.base(firer_id)?;
    let target = layout.base(target_id)?;
    let contact = contact_edge(firer, target);
    let mut warnings = Vec::new();
    let (range, range_rule, arc, sight) = match ruleset {
        Ruleset::MicroColonial => {
            let arc = match mc_arc_angle_read(charts, &mut warnings) {
                Ok(Some(angle)) => mc_firing_arc(firer, target, angle)
                    .ok_or_else(|| format!("arc of fire: {angle}° is not an angle of 0 to 360")),
                Ok(None) => {
                    warnings.push(ARC_UNKNOWN.to_owned());
                    Err("arc of fire: the document does not print the angle of its Firing arc template (a club types it in that chart)".to_owned())
                }
                Err(why) => Err(format!("arc of fire: {why}")),
            };
            (
                centre_to_nearest(firer, target),
                "centre of the firer to the nearest point of the target",
                arc,
                mc_line_of_sight(layout, firer, target),
            )
        }
        Ruleset::DbaZulu => (
            edge_to_edge(firer, target),
            "nearest points of the two bases",
            Ok(dba_field_of_fire(firer, target)),
            dba_line_of_sight(layout, firer, target),
        ),
        Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => return None,
    };
    Some(Measurement {
        ruleset,
        firer: firer_id.to_owned(),
        target: target_id.to_owned(),
        range,
        range_rule,
        arc,
        sight,
        contact,
        warnings,
    })
}
