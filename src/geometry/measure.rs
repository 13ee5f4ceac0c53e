//! Distances as the rules define them: Micro Colonial's centre of the firer to the nearest
//! point of the target, DBA's nearest points base to base, and DBA's move allowance.

use super::{Base, Point, Real};
use parry2d::na;
use parry2d::query::{ClosestPoints, PointQuery, closest_points, contact};

/// A measured distance with the segment it was measured along.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distance {
    /// The distance in mm (0 when the shapes touch or overlap).
    pub mm: Real,
    /// Where the tape starts.
    pub from: Point,
    /// Where the tape ends.
    pub to: Point,
}

/// Micro Colonial range: "Measure the range from the centre of the firing unit to the
/// nearest point on the target counter" (Small Arms Fire 1; Artillery Fire 1). Rounding it
/// is the fire rule's business, not this one's.
///
/// # Returns
/// The distance and the tape: from the firer's centre to the target's nearest point (both
/// the firer's centre when the centre is on or inside the target).
pub fn centre_to_nearest(firer: &Base, target: &Base) -> Distance {
    let from = firer.centre();
    let projection = target
        .shape()
        .project_point(target.table_from_base(), &from, true);
    let to = projection.point;
    Distance {
        mm: na::distance(&from, &to),
        from,
        to,
    }
}

/// DBA distance: between the nearest points of two bases ("no point on the base exceeds
/// its maximum movement distance" is measured between points of bases).
///
/// # Returns
/// The gap and its end points, or 0 and the deepest contact point when they touch or overlap.
pub fn edge_to_edge(a: &Base, b: &Base) -> Distance {
    // Bases farther apart than their circumscribed circles cannot touch, and between two
    // disjoint convex shapes the nearest points include a corner of one of them: eight
    // parry point projections settle it, cheaper than the general query.
    let reach = a.shape().half_extents.norm() + b.shape().half_extents.norm();
    if na::distance(&a.centre(), &b.centre()) > reach + 1.0 {
        // Each corner is brought into the other base's frame and measured there; only the
        // nearest is projected back for the tape's end points.
        let mut best: (Real, bool, Point) = (Real::MAX, false, a.centre());
        for (flip, from_base, onto) in [(false, a, b), (true, b, a)] {
            for corner in from_base.corners() {
                let local = onto.table_from_base().inverse_transform_point(&corner);
                let mm = onto.shape().distance_to_local_point(&local, true);
                if mm < best.0 {
                    best = (mm, flip, corner);
                }
            }
        }
        let (mm, flip, corner) = best;
        let onto = if flip { a } else { b };
        let on = onto
            .shape()
            .project_point(onto.table_from_base(), &corner, true)
            .point;
        let (from, to) = if flip { (on, corner) } else { (corner, on) };
        return Distance { mm, from, to };
    }
    let found = closest_points(
        a.table_from_base(),
        a.shape(),
        b.table_from_base(),
        b.shape(),
        Real::MAX,
    );
    if let Ok(ClosestPoints::WithinMargin(from, to)) = found {
        let mm = na::distance(&from, &to);
        if mm > 0.0 {
            return Distance { mm, from, to };
        }
    }
    // Touching or overlapping: the contact point shows where.
    let touching = contact(
        a.table_from_base(),
        a.shape(),
        b.table_from_base(),
        b.shape(),
        0.0,
    )
    .ok()
    .flatten()
    .map_or_else(|| na::center(&a.centre(), &b.centre()), |c| c.point1);
    Distance {
        mm: 0.0,
        from: touching,
        to: touching,
    }
}

/// Whether a DBA move keeps within its allowance: "A single base may be moved in any
/// direction so long as no point on the base exceeds its maximum movement distance."
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveCheck {
    /// Whether no point moved farther than the allowance.
    pub legal: bool,
    /// The farthest any point moved, mm.
    pub farthest_mm: Real,
    /// That point before the move.
    pub from: Point,
    /// That point after the move.
    pub to: Point,
}

/// Checks a straight move from `before` to `after` (a slide plus a turn).
///
/// # Behavior
/// A rigid move carries each point of the base by an amount that is a convex function of
/// the point's position in the base, so the farthest-moving point is a corner: the four
/// corners are compared.
pub fn move_check(before: &Base, after: &Base, allowance_mm: Real) -> MoveCheck {
    let mut best = (0.0, before.centre(), after.centre());
    for (from, to) in before.corners().into_iter().zip(after.corners()) {
        let moved = na::distance(&from, &to);
        if moved > best.0 {
            best = (moved, from, to);
        }
    }
    MoveCheck {
        legal: best.0 <= allowance_mm + super::TOUCH_MM,
        farthest_mm: best.0,
        from: best.1,
        to: best.2,
    }
}
