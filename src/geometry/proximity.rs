//! Proximity: units of a side within a distance (and in sight), DBA pinning, and Micro
//! Colonial's 20 mm clearances for overhead artillery fire.

use super::{
    Base, Distance, Layout, Point, Pose, Real, Sight, TOUCH_MM, Vector, centre_to_nearest,
    dba_line_of_sight, edge_to_edge, mc_line_of_sight,
};
use crate::ruleset::Ruleset;
use parry2d::bounding_volume::BoundingVolume;
use parry2d::query::{contact, intersection_test};
use parry2d::shape::{Cuboid, Segment};

/// A unit found near another, with the measurement that found it.
#[derive(Debug, Clone, PartialEq)]
pub struct Nearby {
    /// Its unit id.
    pub unit_id: String,
    /// The distance between nearest points, and where.
    pub distance: Distance,
    /// The sight line, when sight was asked for.
    pub sight: Option<Sight>,
}

/// The bases of `side` within `distance_mm` of `from` (nearest points), nearest first, and
/// in sight under `sight` when given: "C-in-C within 100 mm and in sight" (Micro Colonial,
/// melee additional factors); "a flanking unit within 50 mm" / "within 100 mm" (morale).
pub fn within(
    layout: &Layout,
    from: &Base,
    side: &str,
    distance_mm: Real,
    sight: Option<Ruleset>,
) -> Vec<Nearby> {
    let query = from.aabb().loosened(distance_mm.max(0.0) + TOUCH_MM);
    let bases = layout.bases();
    // The distance is measured once per footprint: the bases lying on one are alike.
    let mut found: Vec<Nearby> = layout
        .footprints_near(&query)
        .filter_map(|stack| {
            let distance = edge_to_edge(from, &bases[stack[0]]);
            (distance.mm <= distance_mm + TOUCH_MM).then_some((stack, distance))
        })
        .flat_map(|(stack, distance)| stack.iter().map(move |i| (&bases[*i], distance)))
        .filter(|(b, _)| b.side() == side && b.unit_id() != from.unit_id())
        .filter_map(|(b, distance)| {
            let seen = match sight {
                Some(Ruleset::DbaZulu) => Some(dba_line_of_sight(layout, from, b)),
                Some(_) => Some(mc_line_of_sight(layout, from, b)),
                None => None,
            };
            if seen.as_ref().is_some_and(|s| !s.clear) {
                return None;
            }
            Some(Nearby {
                unit_id: b.unit_id().to_owned(),
                distance,
                sight: seen,
            })
        })
        .collect();
    found.sort_by(|a, b| a.distance.mm.total_cmp(&b.distance.mm));
    found
}

/// The zone a base pins: straight ahead of its front edge, its frontage wide and
/// `length_mm` deep ("within the length of one base ( 40mm with 15mm figures )"), as a
/// pose and half extents.
pub fn pinning_zone(base: &Base, length_mm: Real) -> (Pose, Cuboid) {
    let pose =
        base.table_from_base() * Pose::translation(0.0, Real::midpoint(base.depth(), length_mm));
    (
        pose,
        Cuboid::new(Vector::new(base.frontage() / 2.0, length_mm / 2.0)),
    )
}

/// The enemy bases that pin `mover` where it stands: DBA "No base may ever cross the front
/// of another base within the length of one base ... and not separated from it ( even
/// partly ) by another base except to contact it or withdraw from it."
pub fn pinned_by(layout: &Layout, mover: &Base, length_mm: Real) -> Vec<String> {
    let query = mover.aabb().loosened(length_mm + TOUCH_MM);
    let bases = layout.bases();
    // The zone is laid once per footprint: the bases lying on one pin alike.
    let mut found: Vec<String> = layout
        .footprints_near(&query)
        .filter(|stack| {
            let (pose, zone) = pinning_zone(&bases[stack[0]], length_mm);
            contact(&pose, &zone, mover.table_from_base(), mover.shape(), 0.0)
                .ok()
                .flatten()
                .is_some_and(|c| c.dist < -TOUCH_MM)
        })
        .flat_map(|stack| stack.iter().map(|i| &bases[*i]))
        .filter(|enemy| enemy.side() != mover.side())
        .filter(|enemy| dba_line_of_sight(layout, enemy, mover).clear)
        .map(|b| b.unit_id().to_owned())
        .collect();
    found.sort();
    found
}

/// Whether a gun may fire shell over friendly troops, with the friends that stop it.
#[derive(Debug, Clone, PartialEq)]
pub struct OverheadFire {
    /// Whether it may: no friends within 20 mm of the gun, none within 20 mm of the target
    /// along the line of fire.
    pub allowed: bool,
    /// Friends within 20 mm of the gun.
    pub near_gun: Vec<String>,
    /// Friends on the line of fire within 20 mm of the target.
    pub near_target: Vec<String>,
    /// The line of fire (the range tape).
    pub line: (Point, Point),
}

/// The clearance, in mm, overhead fire needs from friends at both ends.
pub const OVERHEAD_CLEARANCE_MM: Real = 20.0;

/// Micro Colonial, Overhead Firing: "Guns firing shell may fire over intervening troops on
/// the same level only if the gun is not within 20 mm of friendly troops, o[r] friendly
/// troops are not within 20 mm of the target along the line of fire." The "or" is read as
/// "nor": both clearances are needed, or the 20 mm at the gun would mean nothing.
pub fn overhead_fire(layout: &Layout, gun: &Base, target: &Base) -> OverheadFire {
    let tape = centre_to_nearest(gun, target);
    let line = Segment::new(tape.from, tape.to);
    let mut near_gun = Vec::new();
    let mut near_target = Vec::new();
    let mut query = gun.aabb().loosened(OVERHEAD_CLEARANCE_MM + TOUCH_MM);
    query.merge(&target.aabb().loosened(OVERHEAD_CLEARANCE_MM + TOUCH_MM));
    query.take_point(tape.from);
    let bases = layout.bases();
    // Measured once per footprint: the bases lying on one are alike.
    for stack in layout.footprints_near(&query) {
        let first = &bases[stack[0]];
        let by_gun = edge_to_edge(gun, first).mm <= OVERHEAD_CLEARANCE_MM;
        let on_line = intersection_test(
            &Pose::identity(),
            &line,
            first.table_from_base(),
            first.shape(),
        )
        .unwrap_or(false);
        let by_target = on_line && edge_to_edge(target, first).mm <= OVERHEAD_CLEARANCE_MM;
        for friend in stack.iter().map(|i| &bases[*i]) {
            if friend.side() != gun.side() || friend.unit_id() == gun.unit_id() {
                continue;
            }
            if by_gun {
                near_gun.push(friend.unit_id().to_owned());
            }
            if by_target {
                near_target.push(friend.unit_id().to_owned());
            }
        }
    }
    near_gun.sort();
    near_target.sort();
    OverheadFire {
        allowed: near_gun.is_empty() && near_target.is_empty(),
        near_gun,
        near_target,
        line: (tape.from, tape.to),
    }
}
