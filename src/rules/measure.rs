//! What each ruleset measures between a firer and a target: the range as its rule measures
//! it (Micro Colonial from the firer's centre to the target's nearest point; DBA between
//! the nearest points of the two bases), the arc or field of fire, the line of sight and
//! the contact edge. The canvas overlay, the measurement panel and the situations of the
//! procedures all read this one answer.

use crate::charts::Charts;
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
}

/// The Micro Colonial firing-arc template's opening, if a club has supplied it.
pub fn mc_arc_angle(charts: &Charts) -> Option<Real> {
    charts
        .chart(Ruleset::MicroColonial, "firing_arc")?
        .cell(&["angle_deg"])?
        .value
        .as_ref()?
        .as_number()
        .map(|a| a as Real)
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
    let (range, range_rule, arc, sight) = match ruleset {
        Ruleset::MicroColonial => {
            let arc = mc_arc_angle(charts)
                .ok_or_else(|| {
                    "arc of fire: the document does not print the angle of its Firing arc template (a club types it in that chart)"
                        .to_owned()
                })
                .and_then(|angle| {
                    mc_firing_arc(firer, target, angle)
                        .ok_or_else(|| format!("arc of fire: {angle}° is not an angle of 0 to 360"))
                });
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
    })
}
