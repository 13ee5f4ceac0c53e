//! Contact: which edge of a target an attacker's front edge touches, the overlaps on a
//! target's flanks (DBA), and which face of a prepared position is touched.

use super::{Base, Edge, EdgeName, Layout, Point, Real, TOUCH_MM, Terrain, TerrainKind, Vector};
use parry2d::bounding_volume::BoundingVolume;
use serde::Serialize;

/// Where an attacker's front edge lies along a target's edge.
#[derive(Debug, Clone, PartialEq)]
pub struct Contact {
    /// The edge as the rules name it (front, flank, rear), or `None` for no contact.
    pub edge: Option<EdgeName>,
    /// Which edge exactly (left or right flank).
    pub target_edge: Option<Edge>,
    /// The shared stretch of edge, in table mm.
    pub shared: Option<(Point, Point)>,
    /// Its length, mm.
    pub length_mm: Real,
}

/// The along-edge interval an attacker's front edge shares with one straight edge, when the
/// front edge lies on it (to [`TOUCH_MM`]) and faces into it.
///
/// `origin`, `along` (unit) and `outward` (unit normal) describe the edge; `length` its
/// length. Returns the shared interval in along-edge coordinates.
fn shared_stretch(
    attacker: &Base,
    origin: Point,
    along: Vector,
    outward: Vector,
    length: Real,
) -> Option<(Real, Real)> {
    // Facing into the edge: the attacker's forward runs against the outward normal.
    if attacker.forward().dot(&outward) > -0.99 {
        return None;
    }
    let (fl, fr) = attacker.edge(Edge::Front);
    let off = |p: Point| (p - origin).dot(&outward);
    if off(fl).abs() > TOUCH_MM || off(fr).abs() > TOUCH_MM {
        return None;
    }
    let (s, t) = ((fl - origin).dot(&along), (fr - origin).dot(&along));
    let (lo, hi) = (s.min(t).max(0.0), s.max(t).min(length));
    (hi - lo > TOUCH_MM).then_some((lo, hi))
}

/// The edge of `target` along which `attacker`'s front edge shares the longest contact.
///
/// # Behavior
/// Close combat "occurs ... [when] a base contacts either the front edge, flank or rear
/// edge of an enemy base with its front edge" (DBA, Close Combat). The attacker's front edge
/// must lie along the target's edge (to [`TOUCH_MM`]) and face into it; touching at a corner
/// only is no contact.
pub fn contact_edge(attacker: &Base, target: &Base) -> Contact {
    let mut best: Option<(Real, Edge, Point, Point)> = None;
    for edge in Edge::ALL {
        let (a, b) = target.edge(edge);
        let length = parry2d::na::distance(&a, &b);
        if length <= 0.0 {
            continue;
        }
        let along = (b - a) / length;
        // Edges run clockwise seen from above, so the outward normal is along turned right.
        let outward = Vector::new(along.y, -along.x);
        let outward = if (a - target.centre()).dot(&outward) < 0.0 {
            -outward
        } else {
            outward
        };
        if let Some((lo, hi)) = shared_stretch(attacker, a, along, outward, length) {
            let shared = hi - lo;
            if best.as_ref().is_none_or(|(l, ..)| shared > *l) {
                best = Some((shared, edge, a + along * lo, a + along * hi));
            }
        }
    }
    match best {
        Some((length_mm, edge, p, q)) => Contact {
            edge: Some(edge.name()),
            target_edge: Some(edge),
            shared: Some((p, q)),
            length_mm,
        },
        None => Contact {
            edge: None,
            target_edge: None,
            shared: None,
            length_mm: 0.0,
        },
    }
}

/// The enemy bases overlapping a target's flanks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Overlaps {
    /// The enemy overlapping its left flank.
    pub left: Option<String>,
    /// The enemy overlapping its right flank.
    pub right: Option<String>,
}

/// DBA overlaps: "Bases in close combat may overlap an enemy base and receive a - 1 factor
/// applied to the defender per overlap". An overlapping base stands beside the one in
/// front contact: its front edge in line with the target's front edge and its front corner
/// touching the target's front corner.
pub fn overlaps(layout: &Layout, target: &Base) -> Overlaps {
    let mut found = Overlaps::default();
    let query = target.aabb().loosened(TOUCH_MM * 2.0);
    let (fl, fr) = target.edge(Edge::Front);
    let along = target.right();
    let outward = target.forward();
    let bases = layout.bases();
    // The geometry is tested once per footprint, on its first enemy base: the bases lying
    // on it stand alike.
    for stack in layout.footprints_near(&query) {
        let is_enemy = |b: &&Base| b.side() != target.side() && b.unit_id() != target.unit_id();
        let Some(enemy) = stack.iter().map(|i| &bases[*i]).find(is_enemy) else {
            continue;
        };
        if enemy.forward().dot(&outward) > -0.99 {
            continue;
        }
        let (el, er) = enemy.edge(Edge::Front);
        let off = |p: Point| (p - fl).dot(&outward);
        if off(el).abs() > TOUCH_MM || off(er).abs() > TOUCH_MM {
            continue;
        }
        // Seen from the target, the enemy's front-left corner is on the target's right.
        let (s, t) = ((el - fl).dot(&along), (er - fl).dot(&along));
        let (lo, hi) = (s.min(t), s.max(t));
        let width = (fr - fl).norm();
        if (hi - 0.0).abs() <= TOUCH_MM {
            found.left.get_or_insert_with(|| enemy.unit_id().to_owned());
        } else if (lo - width).abs() <= TOUCH_MM {
            found
                .right
                .get_or_insert_with(|| enemy.unit_id().to_owned());
        }
    }
    found
}

/// A prepared position's face an attacker touches.
#[derive(Debug, Clone, PartialEq)]
pub struct FaceContact {
    /// The face's position in the outline (face `i` runs from vertex `i` to `i + 1`).
    pub face: usize,
    /// The face's length in mm: the fighting factors it may hold ("measure the face and
    /// record on it the number of millimetres in length").
    pub face_length_mm: Real,
    /// The stretch of the face the attacker's front edge touches.
    pub shared: (Point, Point),
}

/// Which face of a prepared position the attacker's front edge touches ("an attacking unit
/// touches the edge of an Occupied prepared position", Micro Colonial, Melees), the one
/// with the longest contact; `None` if none, or if the terrain is not a prepared position.
pub fn prepared_face_contact(attacker: &Base, position: &Terrain) -> Option<FaceContact> {
    if position.kind != TerrainKind::PreparedPosition {
        return None;
    }
    let mut best: Option<(Real, FaceContact)> = None;
    for (i, (a, b, length)) in position.faces().into_iter().enumerate() {
        if length <= 0.0 {
            continue;
        }
        let along = (b - a) / length;
        let normal = Vector::new(along.y, -along.x);
        // The outward side is the one the attacker stands on.
        let outward = if (attacker.centre() - a).dot(&normal) >= 0.0 {
            normal
        } else {
            -normal
        };
        if let Some((lo, hi)) = shared_stretch(attacker, a, along, outward, length) {
            let shared = hi - lo;
            if best.as_ref().is_none_or(|(l, _)| shared > *l) {
                best = Some((
                    shared,
                    FaceContact {
                        face: i,
                        face_length_mm: length,
                        shared: (a + along * lo, a + along * hi),
                    },
                ));
            }
        }
    }
    best.map(|(_, f)| f)
}
