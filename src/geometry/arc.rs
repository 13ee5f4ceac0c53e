//! Arcs of fire: Micro Colonial's firing-arc template and DBA's field of fire.

use super::{Base, Point, Pose, Real, Vector};
use parry2d::na;
use parry2d::query::intersection_test;
use parry2d::shape::{Cuboid, Triangle};

/// Whether a target is inside an arc, and the arc's outline (cut off just past the target)
/// for drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct ArcCheck {
    /// Whether any part of the target is inside.
    pub in_arc: bool,
    /// The arc's outline in table mm, truncated beyond the target.
    pub region: Vec<Point>,
}

/// How far past the target an arc must reach to hold all of it.
fn reach(from: Point, target: &Base) -> Real {
    let half = target.shape().half_extents;
    na::distance(&from, &target.centre()) + half.norm() + 1.0
}

/// Micro Colonial: "place the firing arc segment alongside the unit and lay a tape measure
/// along the appropriate line. If any of the target counter is within the arc it may be
/// engaged." (Arcs of Fire).
///
/// # Arguments
/// `angle_deg` is the template's full opening (`firing_arc:angle_deg`, which the document
/// does not print). The template is laid against the front edge: its apex at the middle of
/// the front edge, opening straight ahead, split evenly either side of the facing.
///
/// # Returns
/// Whether any part of the target is within the arc; `None` for an angle outside (0, 360].
pub fn mc_firing_arc(firer: &Base, target: &Base, angle_deg: Real) -> Option<ArcCheck> {
    if !(angle_deg > 0.0 && angle_deg <= 360.0) {
        return None;
    }
    let apex = firer.front_centre();
    // Each piece is a triangle of at most 90°, whose far side stays beyond cos 45° of its
    // reach; 1.5 times the target's farthest point keeps the whole target inside that.
    let radius = 1.5 * reach(apex, target);
    let pieces = (angle_deg / 90.0).ceil().max(1.0) as usize;
    let step = angle_deg / pieces as Real;
    let facing = firer.facing_deg();
    let start = facing - angle_deg / 2.0;
    let at = |deg: Real| {
        let rad = deg.to_radians();
        apex + Vector::new(rad.sin(), rad.cos()) * radius
    };
    let mut region = vec![apex];
    let mut in_arc = false;
    for i in 0..pieces {
        let (a, b) = (start + step * i as Real, start + step * (i + 1) as Real);
        let (pa, pb) = (at(a), at(b));
        if i == 0 {
            region.push(pa);
        }
        region.push(pb);
        if !in_arc {
            // Counter-clockwise, as parry's triangle tests expect (a → b is clockwise).
            let triangle = Triangle::new(apex, pb, pa);
            in_arc = intersection_test(
                &Pose::identity(),
                &triangle,
                target.table_from_base(),
                target.shape(),
            )
            .unwrap_or(false);
        }
    }
    Some(ArcCheck { in_arc, region })
}

/// DBA: "The field of fire of a base is its frontage and one base width to either flank"
/// (Ranged Combat), straight ahead of the front edge. Any part of the target in it counts.
pub fn dba_field_of_fire(firer: &Base, target: &Base) -> ArcCheck {
    let width = firer.frontage();
    let length = reach(firer.front_centre(), target);
    let half_front = firer.depth() / 2.0;
    let strip = Cuboid::new(Vector::new(1.5 * width, length / 2.0));
    let table_from_strip =
        firer.table_from_base() * Pose::translation(0.0, half_front + length / 2.0);
    let in_arc = intersection_test(
        &table_from_strip,
        &strip,
        target.table_from_base(),
        target.shape(),
    )
    .unwrap_or(false);
    let region = [
        (-1.5 * width, half_front),
        (1.5 * width, half_front),
        (1.5 * width, half_front + length),
        (-1.5 * width, half_front + length),
    ]
    .map(|(x, y)| firer.table_from_base() * Point::new(x, y))
    .to_vec();
    ArcCheck { in_arc, region }
}

/// Both rulesets' arcs at once: (Micro Colonial, when its angle is known; DBA).
pub fn firing_arc(
    firer: &Base,
    target: &Base,
    mc_angle_deg: Option<Real>,
) -> (Option<ArcCheck>, ArcCheck) {
    (
        mc_angle_deg.and_then(|a| mc_firing_arc(firer, target, a)),
        dba_field_of_fire(firer, target),
    )
}
