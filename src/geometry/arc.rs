//! Arcs of fire: Micro Colonial's firing-arc template and DBA's field of fire.

use super::{Base, Point, Pose, Real, Vector};
use parry2d::na;
use parry2d::query::intersection_test;
use parry2d::query::{Ray, RayCast};
use parry2d::shape::Cuboid;

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

/// Micro Colonial's template laid at one firer: built once per firer when many targets
/// are tested.
///
/// The template is an unbounded wedge and parry has no wedge shape, so a target is tested
/// by its corners (inside the opening) and, failing that, by casting the wedge's two edges
/// as parry rays against it: a convex target meets a convex wedge with none of its corners
/// inside only if one of the wedge's edges crosses it. A wedge wider than 180° is the
/// plane less a convex wedge, which holds the target only if it holds all four corners.
#[derive(Debug, Clone)]
pub struct McArc {
    apex: Point,
    facing: Vector,
    cos_half: Real,
    reflex: bool,
    edges: [Ray; 2],
    /// The template's outline in table mm, drawn out to the reach it was built with.
    pub region: Vec<Point>,
}

impl McArc {
    /// The template of `angle_deg` laid at `firer`; its outline is drawn `reach` mm out.
    /// `None` for an angle outside (0, 360].
    pub fn new(firer: &Base, angle_deg: Real, reach: Real) -> Option<McArc> {
        if !(angle_deg > 0.0 && angle_deg <= 360.0) {
            return None;
        }
        let apex = firer.front_centre();
        let start = firer.facing_deg() - angle_deg / 2.0;
        let direction = |deg: Real| {
            let rad = deg.to_radians();
            Vector::new(rad.sin(), rad.cos())
        };
        let pieces = (angle_deg / 10.0).ceil().max(1.0) as usize;
        let mut region = vec![apex];
        region.extend(
            (0..=pieces)
                .map(|i| apex + direction(start + angle_deg * i as Real / pieces as Real) * reach),
        );
        let reflex = angle_deg > 180.0;
        // A reflex wedge is tested through its complement, which opens the other way.
        let half = if reflex {
            180.0 - angle_deg / 2.0
        } else {
            angle_deg / 2.0
        };
        Some(McArc {
            apex,
            facing: firer.forward() * if reflex { -1.0 } else { 1.0 },
            cos_half: half.to_radians().cos(),
            reflex,
            edges: [
                Ray::new(apex, direction(start)),
                Ray::new(apex, direction(start + angle_deg)),
            ],
            region,
        })
    }

    /// Whether any part of the target is inside the arc (touching its edge counts).
    pub fn holds(&self, target: &Base) -> bool {
        let opening = |corner: &Point| {
            let d = corner - self.apex;
            d.dot(&self.facing) >= d.norm() * self.cos_half
        };
        if self.reflex {
            // Outside the arc only if wholly inside the open complement.
            let strictly_in_complement = |c: &Point| {
                let d = c - self.apex;
                d.norm() > 0.0 && d.dot(&self.facing) > d.norm() * self.cos_half
            };
            return !target.corners().iter().all(strictly_in_complement);
        }
        target.corners().iter().any(opening)
            || self.edges.iter().any(|ray| {
                target
                    .shape()
                    .intersects_ray(target.table_from_base(), ray, Real::MAX)
            })
    }
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
    let arc = McArc::new(firer, angle_deg, reach(firer.front_centre(), target))?;
    Some(ArcCheck {
        in_arc: arc.holds(target),
        region: arc.region,
    })
}

/// DBA's field of fire at one firer, reaching `reach` mm ahead: built once per firer.
#[derive(Debug, Clone)]
pub struct DbaField {
    table_from_strip: Pose,
    strip: Cuboid,
    /// The field's outline in table mm.
    pub region: Vec<Point>,
}

impl DbaField {
    /// The field of `firer`, `reach` mm deep.
    pub fn new(firer: &Base, reach: Real) -> DbaField {
        let width = firer.frontage();
        let half_front = firer.depth() / 2.0;
        let strip = Cuboid::new(Vector::new(1.5 * width, reach / 2.0));
        let table_from_strip =
            firer.table_from_base() * Pose::translation(0.0, half_front + reach / 2.0);
        let region = [
            (-1.5 * width, half_front),
            (1.5 * width, half_front),
            (1.5 * width, half_front + reach),
            (-1.5 * width, half_front + reach),
        ]
        .map(|(x, y)| firer.table_from_base() * Point::new(x, y))
        .to_vec();
        DbaField {
            table_from_strip,
            strip,
            region,
        }
    }

    /// Whether any part of the target is in the field (within the reach; touching counts).
    pub fn holds(&self, target: &Base) -> bool {
        // Most targets are settled by their corners in the strip's own frame: all beyond
        // one side of it, or one inside it. Only the rest need parry's full test.
        let half = self.strip.half_extents;
        let local = target
            .corners()
            .map(|c| self.table_from_strip.inverse_transform_point(&c));
        if local.iter().all(|p| p.x < -half.x)
            || local.iter().all(|p| p.x > half.x)
            || local.iter().all(|p| p.y < -half.y)
            || local.iter().all(|p| p.y > half.y)
        {
            return false;
        }
        if local
            .iter()
            .any(|p| p.x.abs() <= half.x && p.y.abs() <= half.y)
        {
            return true;
        }
        intersection_test(
            &self.table_from_strip,
            &self.strip,
            target.table_from_base(),
            target.shape(),
        )
        .unwrap_or(false)
    }
}

/// DBA: "The field of fire of a base is its frontage and one base width to either flank"
/// (Ranged Combat), straight ahead of the front edge. Any part of the target in it counts.
pub fn dba_field_of_fire(firer: &Base, target: &Base) -> ArcCheck {
    let field = DbaField::new(firer, reach(firer.front_centre(), target));
    ArcCheck {
        in_arc: field.holds(target),
        region: field.region,
    }
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
