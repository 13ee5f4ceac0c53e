//! The ground under and along a base: terrain under it, terrain its move crosses, and the
//! hill contours it climbs.

use super::terrain::inner_shape;
use super::{Base, Layout, Point, Pose, Real, Terrain, TerrainKind, Vector};
use parry2d::bounding_volume::{Aabb, BoundingVolume};
use parry2d::query::{ShapeCastOptions, cast_shapes};
use parry2d::utils::{SegmentsIntersection, segments_intersection2d};

/// The terrain under a base: "A base partly in rough is considered to be as if it were
/// completely in rough" (DBA, Terrain types), so any part of the base counts; lying
/// against the edge from outside does not.
pub fn terrain_under<'a>(layout: &'a Layout, base: &Base) -> Vec<&'a Terrain> {
    let query = base.aabb();
    let mut found: Vec<&'a Terrain> = Vec::new();
    for terrain in layout.terrain_near(&query) {
        if terrain.under(base) {
            found.push(terrain);
        }
    }
    found.sort_by(|a, b| a.terrain_id.cmp(&b.terrain_id));
    found
}

/// A piece of terrain a move runs into, with where the base's centre was when it did.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    /// The terrain id.
    pub terrain_id: String,
    /// Its kind.
    pub kind: TerrainKind,
    /// The base's centre when it first reached the terrain (table mm).
    pub entry: Point,
}

/// The terrain a base meets moving its centre along `path` (facing kept), in the order it
/// meets them: the "terrain penalties ... to any unit moving over or through terrain other
/// than flat open ground" (Micro Colonial) and DBA's river and donga rates need it.
pub fn terrain_crossed(layout: &Layout, base: &Base, path: &[Point]) -> Vec<Crossing> {
    let mut found: Vec<(usize, Real, Crossing)> = Vec::new();
    for (leg, pair) in path.windows(2).enumerate() {
        let start = base.placed(pair[0], base.facing_deg());
        let end = base.placed(pair[1], base.facing_deg());
        let shape = inner_shape(&start);
        let motion: Vector = pair[1] - pair[0];
        let query = start.aabb().merged(&end.aabb());
        for terrain in layout.terrain_near(&query) {
            if found
                .iter()
                .any(|(_, _, c)| c.terrain_id == terrain.terrain_id)
            {
                continue;
            }
            let hit = cast_shapes(
                start.table_from_base(),
                &motion,
                &shape,
                &Pose::identity(),
                &Vector::zeros(),
                terrain.polyline(),
                ShapeCastOptions::with_max_time_of_impact(1.0),
            )
            .ok()
            .flatten()
            .map(|h| h.time_of_impact);
            let toi = hit.or_else(|| terrain.contains(&pair[0]).then_some(0.0));
            if let Some(t) = toi {
                found.push((
                    leg,
                    t,
                    Crossing {
                        terrain_id: terrain.terrain_id.clone(),
                        kind: terrain.kind,
                        entry: pair[0] + motion * t,
                    },
                ));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    found.into_iter().map(|(_, _, c)| c).collect()
}

/// The contours a move climbs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ContourClimb {
    /// How many contours it goes up ("Hill penalties apply per contour and when moving up
    /// only", Micro Colonial, Terrain Penalties note 3).
    pub contours_up: u32,
    /// Each change of level: where, from which level, to which.
    pub changes: Vec<(Point, u32, u32)>,
}

/// The contour level at a point: the highest hill card it is on (0 off every hill).
fn level_at<'a>(hills: impl Iterator<Item = &'a Terrain>, point: Point) -> u32 {
    hills
        .filter(|t| t.contains(&point))
        .filter_map(|t| t.hill.as_ref().map(|h| h.contour))
        .max()
        .unwrap_or(0)
}

/// The contours the base's centre climbs moving along `path`.
pub fn contours_crossed_up(layout: &Layout, path: &[Point]) -> ContourClimb {
    let mut climb = ContourClimb::default();
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let query = Aabb::from_points([a, b].iter().copied());
        let hills: Vec<&Terrain> = layout
            .terrain_near(&query)
            .filter(|t| t.kind == TerrainKind::Hill && t.is_area())
            .collect();
        let mut cuts: Vec<Real> = vec![0.0, 1.0];
        let length = (b - a).norm();
        if length <= 0.0 {
            continue;
        }
        for hill in &hills {
            for (p, q, _) in hill.faces() {
                match segments_intersection2d(&a, &b, &p, &q, 1.0e-6) {
                    Some(SegmentsIntersection::Point { loc1, .. }) => {
                        cuts.push(loc1.barycentric_coordinates()[1]);
                    }
                    Some(SegmentsIntersection::Segment {
                        first_loc1,
                        second_loc1,
                        ..
                    }) => {
                        cuts.push(first_loc1.barycentric_coordinates()[1]);
                        cuts.push(second_loc1.barycentric_coordinates()[1]);
                    }
                    None => {}
                }
            }
        }
        cuts.sort_by(Real::total_cmp);
        cuts.dedup_by(|x, y| (*x - *y).abs() * length < 1.0e-3);
        let mut previous = level_at(hills.iter().copied(), a);
        for w in cuts.windows(2) {
            let middle = a + (b - a) * Real::midpoint(w[0], w[1]);
            let level = level_at(hills.iter().copied(), middle);
            if level != previous {
                climb.changes.push((a + (b - a) * w[0], previous, level));
                climb.contours_up += level.saturating_sub(previous);
                previous = level;
            }
        }
    }
    climb
}
