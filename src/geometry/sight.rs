//! Line of sight: DBA's corridor that no other base may be even partly inside, and Micro
//! Colonial's tape crossing buildings, woods, crests and dead ground.

use super::{Base, Layout, Point, Pose, Real, TOUCH_MM, TerrainKind, centre_to_nearest};
use parry2d::na;
use parry2d::query::{PointQuery, Ray, RayCast, contact};
use parry2d::shape::{ConvexPolygon, Shape};

/// What blocks a line of sight.
#[derive(Debug, Clone, PartialEq)]
pub struct Blocker {
    /// The unit id of the base, or the terrain id.
    pub id: String,
    /// `base`, or the terrain kind (`wood`, `hill` for a crest, `dead-ground`).
    pub kind: String,
    /// Where the line meets it (table mm).
    pub point: Point,
}

/// A line of sight with the geometry it was judged on.
#[derive(Debug, Clone, PartialEq)]
pub struct Sight {
    /// Whether nothing blocks it.
    pub clear: bool,
    /// The first blocker from the firer, if any.
    pub blocked_by: Option<Blocker>,
    /// The corridor (DBA: a polygon) or the tape (Micro Colonial: two points) it looked along.
    pub along: Vec<Point>,
}

impl Sight {
    fn clear(along: Vec<Point>) -> Sight {
        Sight {
            clear: true,
            blocked_by: None,
            along,
        }
    }

    fn blocked(blocker: Blocker, along: Vec<Point>) -> Sight {
        Sight {
            clear: false,
            blocked_by: Some(blocker),
            along,
        }
    }
}

/// The edge of `target` nearest the firer's front edge (by the distance between midpoints).
fn nearest_edge(firer: &Base, target: &Base) -> (Point, Point) {
    let eye = firer.front_centre();
    super::Edge::ALL
        .into_iter()
        .map(|e| target.edge(e))
        .min_by(|a, b| {
            let da = na::distance_squared(&na::center(&a.0, &a.1), &eye);
            let db = na::distance_squared(&na::center(&b.0, &b.1), &eye);
            da.total_cmp(&db)
        })
        .unwrap_or_else(|| target.edge(super::Edge::Front))
}

/// DBA: "Bases may not fire at a target if another base is even partly between" (Ranged
/// Combat). Between is the corridor joining the firer's front edge to the target's nearest
/// edge; a base touching the corridor's side without entering it is not between.
///
/// # Returns
/// Clear, or the base nearest the firer that is inside the corridor.
pub fn dba_line_of_sight(layout: &Layout, firer: &Base, target: &Base) -> Sight {
    let (fl, fr) = firer.edge(super::Edge::Front);
    let (ta, tb) = nearest_edge(firer, target);
    let Some(corridor) = ConvexPolygon::from_convex_hull(&[fl, fr, ta, tb]) else {
        // The front edge and the target's edge are in one line: nothing can be between.
        return Sight::clear(vec![fl, fr, tb, ta]);
    };
    let along = corridor.points().to_vec();
    let identity = Pose::identity();
    let query = corridor.compute_aabb(&identity);
    let eye = firer.front_centre();
    let mut best: Option<(Real, &Base)> = None;
    let bases = layout.bases();
    // Bases on one footprint are tested once, by the first that is neither end of the
    // line (each of a stack's bases blocks it alike).
    for stack in layout.footprints_near(&query) {
        let Some(other) = stack
            .iter()
            .map(|i| &bases[*i])
            .find(|b| b.unit_id() != firer.unit_id() && b.unit_id() != target.unit_id())
        else {
            continue;
        };
        let inside = contact(
            &identity,
            &corridor,
            other.table_from_base(),
            other.shape(),
            0.0,
        )
        .ok()
        .flatten()
        .is_some_and(|c| c.dist < -TOUCH_MM);
        if inside {
            let d = other
                .shape()
                .distance_to_point(other.table_from_base(), &eye, true);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, other));
            }
        }
    }
    match best {
        Some((_, base)) => {
            let point = base
                .shape()
                .project_point(base.table_from_base(), &eye, true)
                .point;
            Sight::blocked(
                Blocker {
                    id: base.unit_id().to_owned(),
                    kind: "base".to_owned(),
                    point,
                },
                along,
            )
        }
        None => Sight::clear(along),
    }
}

/// Micro Colonial: sight along the range tape (the firer's centre to the target's nearest
/// point) is blocked by buildings and woods between (not one the firer or target is in), by
/// a hill's crest line between (not one either stands on), and by dead ground: "Whilst in
/// dead ground a unit may not be fired on except by enemy units which are on the edge of
/// the dead ground."
///
/// # Behavior
/// The tape is cast as a ray through the terrain's spatial index, so only the terrain whose
/// boxes it crosses is tested, nearest first.
pub fn mc_line_of_sight(layout: &Layout, firer: &Base, target: &Base) -> Sight {
    let tape = centre_to_nearest(firer, target);
    let (a, b) = (tape.from, tape.to);
    let along = vec![a, b];
    let direction = b - a;
    let ray = Ray::new(a, direction);
    let terrain = layout.terrain();
    // The firer's centre is outside every area it blocks by (an area under the firer does
    // not block), so a ray cast on the boundary finds where the tape enters the area.
    let area_hit = |i: usize, best: Real| {
        let t = &terrain[i];
        (t.kind.blocks_mc_sight()
            && t.is_area()
            && !layout.is_under(i, firer)
            && !layout.is_under(i, target))
        .then(|| t.polyline().cast_local_ray(&ray, best, true))
        .flatten()
    };
    let crest_hit = |i: usize, best: Real| {
        let crest = terrain[i].hill.as_ref().and_then(|h| h.crest.as_ref())?;
        if layout.is_on_crest(i, firer) || layout.is_on_crest(i, target) {
            return None;
        }
        crest.1.cast_local_ray(&ray, best, true)
    };
    let first = layout.first_terrain_along(&ray, 1.0, |i, best| {
        match (area_hit(i, best), crest_hit(i, best)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        }
    });
    if let Some((i, t)) = first {
        let found = &terrain[i];
        let kind = if area_hit(i, 1.0).is_some_and(|x| x <= t) {
            found.kind.name().to_owned()
        } else {
            format!("{} crest", found.kind.name())
        };
        return Sight::blocked(
            Blocker {
                id: found.terrain_id.clone(),
                kind,
                point: a + direction * t,
            },
            along,
        );
    }
    for i in layout.under_positions(target) {
        let t = &terrain[i];
        if t.kind == TerrainKind::DeadGround
            && t.is_area()
            && !layout.is_on_edge(i, firer)
            && !layout.is_under(i, firer)
        {
            return Sight::blocked(
                Blocker {
                    id: t.terrain_id.clone(),
                    kind: t.kind.name().to_owned(),
                    point: b,
                },
                along,
            );
        }
    }
    Sight::clear(along)
}
