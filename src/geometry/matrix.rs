//! The whole table at once: range and arc for every pair of opposing units, and line of
//! sight for the pairs in range and arc (the benchmark's workload, and the app's overlay).

use super::{
    Base, Layout, Real, Sight, centre_to_nearest, dba_field_of_fire, dba_line_of_sight,
    edge_to_edge, mc_firing_arc, mc_line_of_sight,
};

/// What the matrix measures against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatrixOptions {
    /// Micro Colonial range limit (centre to nearest point), mm.
    pub mc_range_mm: Real,
    /// The Micro Colonial arc angle, when known.
    pub mc_arc_deg: Option<Real>,
    /// DBA range limit (nearest points), mm.
    pub dba_range_mm: Real,
}

/// One firer–target pair's measurements.
#[derive(Debug, Clone, PartialEq)]
pub struct PairMeasure {
    /// The firer's position in the layout.
    pub firer: usize,
    /// The target's position in the layout.
    pub target: usize,
    /// Micro Colonial range, mm.
    pub centre_to_nearest_mm: Real,
    /// DBA distance, mm.
    pub edge_to_edge_mm: Real,
    /// In the Micro Colonial arc (`None` while the angle is unknown).
    pub mc_in_arc: Option<bool>,
    /// In the DBA field of fire.
    pub dba_in_arc: bool,
    /// Micro Colonial sight, for pairs in its range and arc.
    pub mc_sight: Option<Sight>,
    /// DBA sight, for pairs in its range and field of fire.
    pub dba_sight: Option<Sight>,
}

/// Every ordered pair of bases on different sides, measured.
pub fn opposing_matrix(layout: &Layout, options: &MatrixOptions) -> Vec<PairMeasure> {
    let bases = layout.bases();
    let mut out = Vec::new();
    for (i, firer) in bases.iter().enumerate() {
        for (j, target) in bases.iter().enumerate() {
            if firer.side() == target.side() {
                continue;
            }
            out.push(measure_pair(layout, options, (i, firer), (j, target)));
        }
    }
    out
}

fn measure_pair(
    layout: &Layout,
    options: &MatrixOptions,
    (i, firer): (usize, &Base),
    (j, target): (usize, &Base),
) -> PairMeasure {
    let range = centre_to_nearest(firer, target).mm;
    let gap = edge_to_edge(firer, target).mm;
    let mc_in_arc = options
        .mc_arc_deg
        .and_then(|a| mc_firing_arc(firer, target, a))
        .map(|a| a.in_arc);
    let dba_in_arc = dba_field_of_fire(firer, target).in_arc;
    let mc_sight = (mc_in_arc == Some(true) && range <= options.mc_range_mm)
        .then(|| mc_line_of_sight(layout, firer, target));
    let dba_sight = (dba_in_arc && gap <= options.dba_range_mm)
        .then(|| dba_line_of_sight(layout, firer, target));
    PairMeasure {
        firer: i,
        target: j,
        centre_to_nearest_mm: range,
        edge_to_edge_mm: gap,
        mc_in_arc,
        dba_in_arc,
        mc_sight,
        dba_sight,
    }
}
