//! The whole table at once: range and arc for every pair of opposing units, and line of
//! sight for the pairs in range and arc (the benchmark's workload, and the app's overlay).

use super::{
    Base, DbaField, Layout, McArc, Real, Sight, centre_to_nearest, dba_line_of_sight, edge_to_edge,
    mc_line_of_sight,
};
use crate::ruleset::Ruleset;
use parry2d::bounding_volume::BoundingVolume;

/// What the matrix measures, under which ruleset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatrixOptions {
    /// Micro Colonial (range centre to nearest point, the arc template, terrain sight) or
    /// DBA (nearest points, the field of fire, bases between).
    pub ruleset: Ruleset,
    /// The range limit for sight to be looked along, mm.
    pub range_mm: Real,
    /// The Micro Colonial arc angle, when known (no arc, so no sight, without it).
    pub mc_arc_deg: Option<Real>,
}

/// One firer–target pair's measurements.
#[derive(Debug, Clone, PartialEq)]
pub struct PairMeasure {
    /// The firer's position in the layout.
    pub firer: usize,
    /// The target's position in the layout.
    pub target: usize,
    /// The range as the ruleset measures it, mm.
    pub range_mm: Real,
    /// Whether the target is in the firer's arc (`None` while the Micro Colonial angle is
    /// unknown).
    pub in_arc: Option<bool>,
    /// The sight line, for pairs in range and arc.
    pub sight: Option<Sight>,
}

/// Every ordered pair of bases on different sides, measured.
///
/// # Behavior
/// Each firer's arc or field is laid once and tested against each target; sight, the
/// costly part, is looked along only for pairs in range and arc, and each sight line asks
/// the spatial indexes for the few bases or terrain near it.
pub fn opposing_matrix(layout: &Layout, options: &MatrixOptions) -> Vec<PairMeasure> {
    let bases = layout.bases();
    let Some(everything) = bases.iter().map(Base::aabb).reduce(|a, b| a.merged(&b)) else {
        return Vec::new();
    };
    // Every base lies within the box's diagonal of any point of the box.
    let reach = (everything.maxs - everything.mins).norm() + 1.0;
    let mut out = Vec::with_capacity(bases.len() * bases.len() / 2);
    for (i, firer) in bases.iter().enumerate() {
        let (mc_arc, dba_field) = match options.ruleset {
            Ruleset::DbaZulu => (None, Some(DbaField::new(firer, reach))),
            _ => (
                options.mc_arc_deg.and_then(|a| McArc::new(firer, a, reach)),
                None,
            ),
        };
        for (j, target) in bases.iter().enumerate() {
            if firer.side() == target.side() {
                continue;
            }
            let (range_mm, in_arc) = match &dba_field {
                Some(field) => (edge_to_edge(firer, target).mm, Some(field.holds(target))),
                None => (
                    centre_to_nearest(firer, target).mm,
                    mc_arc.as_ref().map(|arc| arc.holds(target)),
                ),
            };
            let sight =
                (in_arc == Some(true) && range_mm <= options.range_mm).then(|| {
                    match options.ruleset {
                        Ruleset::DbaZulu => dba_line_of_sight(layout, firer, target),
                        _ => mc_line_of_sight(layout, firer, target),
                    }
                });
            out.push(PairMeasure {
                firer: i,
                target: j,
                range_mm,
                in_arc,
                sight,
            });
        }
    }
    out
}
