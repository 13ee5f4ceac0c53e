//! A unit's base or counter: an oriented rectangle with its unit id and side.

use super::{Point, Pose, Real, Vector};
use crate::record::Formation;
use parry2d::bounding_volume::Aabb;
use parry2d::shape::{Cuboid, Shape};
use serde::Serialize;

/// One base (DBA) or counter (Micro Colonial) on the table.
///
/// In its own frame (`base` space) the centre is the origin, +x runs to its right along
/// the frontage and +y straight ahead along the depth; `table_from_base` maps that frame
/// onto the table.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::struct_field_names)] // `table_from_base` names its spaces, as STYLE asks
pub struct Base {
    unit_id: String,
    side: String,
    unit_type: String,
    record: UnitRecord,
    centre: Point,
    facing_deg: Real,
    frontage: Real,
    depth: Real,
    table_from_base: Pose,
    shape: Cuboid,
    corners: [Point; 4],
}

/// What a layout may say about a unit beyond its base: the records it starts a game with.
/// None of it is geometry; the referee's desk reads it when a game begins.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitRecord {
    /// Initial strength in the ruleset's measure (Micro Colonial fighting factors, DBA
    /// bases, Victoria Cross and Soldiers of the Queen SP), when the layout gives it.
    pub strength: Option<u32>,
    /// The unit's class for the morale rules (Micro Colonial `fanatic`,
    /// `european-regular`, `other`), when the layout gives it.
    pub class: Option<String>,
    /// The army-list record its initial strength is read from (Micro Colonial
    /// `army_lists`, e.g. `unodwengu`), when the layout names one.
    pub army_list: Option<String>,
    /// Its formation (Micro Colonial `close-order`, `open-order`, `square`, `two-unit`),
    /// when the layout gives it.
    pub formation: Option<Formation>,
}

/// One of the four edges of a base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// The front edge (the frontage, facing the enemy).
    Front,
    /// The left flank, as the base sees it.
    LeftFlank,
    /// The right flank, as the base sees it.
    RightFlank,
    /// The rear edge.
    Rear,
}

/// An edge as the rules name it: front, flank or rear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeName {
    /// The front edge.
    Front,
    /// Either flank.
    Flank,
    /// The rear edge.
    Rear,
}

impl Edge {
    /// All four edges: front, right flank, rear, left flank.
    pub const ALL: [Edge; 4] = [Edge::Front, Edge::RightFlank, Edge::Rear, Edge::LeftFlank];

    /// The rules' name for the edge.
    pub fn name(self) -> EdgeName {
        match self {
            Edge::Front => EdgeName::Front,
            Edge::LeftFlank | Edge::RightFlank => EdgeName::Flank,
            Edge::Rear => EdgeName::Rear,
        }
    }
}

impl EdgeName {
    /// The word used in JSON and text: `front`, `flank`, `rear`.
    pub fn word(self) -> &'static str {
        match self {
            EdgeName::Front => "front",
            EdgeName::Flank => "flank",
            EdgeName::Rear => "rear",
        }
    }
}

impl Base {
    /// A base of `frontage` × `depth` mm centred at `centre`, facing `facing_deg` degrees
    /// clockwise from the far edge (+y).
    pub fn new(
        unit_id: impl Into<String>,
        side: impl Into<String>,
        centre: Point,
        facing_deg: Real,
        frontage: Real,
        depth: Real,
    ) -> Base {
        // Clockwise from +y is a negative (counter-clockwise) rotation of the base frame.
        let table_from_base = Pose::new(centre.coords, -facing_deg.to_radians());
        let (w, d) = (frontage / 2.0, depth / 2.0);
        let corners =
            [(-w, d), (w, d), (w, -d), (-w, -d)].map(|(x, y)| table_from_base * Point::new(x, y));
        Base {
            unit_id: unit_id.into(),
            side: side.into(),
            unit_type: String::new(),
            record: UnitRecord::default(),
            centre,
            facing_deg,
            frontage,
            depth,
            table_from_base,
            shape: Cuboid::new(Vector::new(frontage / 2.0, depth / 2.0)),
            corners,
        }
    }

    /// The same base with a unit type (`british-regulars`, `infantry`).
    pub fn with_type(mut self, unit_type: impl Into<String>) -> Base {
        self.unit_type = unit_type.into();
        self
    }

    /// The same base with the records a layout gives for its unit.
    pub fn with_record(mut self, record: UnitRecord) -> Base {
        self.record = record;
        self
    }

    /// The same base moved to a new centre and facing.
    pub fn placed(&self, centre: Point, facing_deg: Real) -> Base {
        Base::new(
            self.unit_id.clone(),
            self.side.clone(),
            centre,
            facing_deg,
            self.frontage,
            self.depth,
        )
        .with_type(self.unit_type.clone())
        .with_record(self.record.clone())
    }

    /// The unit's id (`2/24 G`).
    pub fn unit_id(&self) -> &str {
        &self.unit_id
    }

    /// The side it fights for (`british`, `zulu`).
    pub fn side(&self) -> &str {
        &self.side
    }

    /// The unit type its size came from (empty when typed in).
    pub fn unit_type(&self) -> &str {
        &self.unit_type
    }

    /// The records the layout gives for its unit (strength, class, army list).
    pub fn record(&self) -> &UnitRecord {
        &self.record
    }

    /// The centre, in table mm.
    pub fn centre(&self) -> Point {
        self.centre
    }

    /// The facing, degrees clockwise from +y.
    pub fn facing_deg(&self) -> Real {
        self.facing_deg
    }

    /// The frontage (across the facing), mm.
    pub fn frontage(&self) -> Real {
        self.frontage
    }

    /// The depth (along the facing), mm.
    pub fn depth(&self) -> Real {
        self.depth
    }

    /// The pose mapping the base's own frame onto the table.
    pub fn table_from_base(&self) -> &Pose {
        &self.table_from_base
    }

    /// The rectangle as a parry shape, in the base's own frame.
    pub fn shape(&self) -> &Cuboid {
        &self.shape
    }

    /// The unit vector straight ahead, in table space.
    pub fn forward(&self) -> Vector {
        self.table_from_base * Vector::y()
    }

    /// The unit vector to the base's right, in table space.
    pub fn right(&self) -> Vector {
        self.table_from_base * Vector::x()
    }

    /// The corners in table space: front-left, front-right, rear-right, rear-left.
    pub fn corners(&self) -> [Point; 4] {
        self.corners
    }

    /// One edge as a segment in table space, left to right as seen from outside the base.
    pub fn edge(&self, edge: Edge) -> (Point, Point) {
        let [fl, fr, rr, rl] = self.corners();
        match edge {
            Edge::Front => (fl, fr),
            Edge::RightFlank => (fr, rr),
            Edge::Rear => (rr, rl),
            Edge::LeftFlank => (rl, fl),
        }
    }

    /// The midpoint of the front edge, in table space.
    pub fn front_centre(&self) -> Point {
        self.table_from_base * Point::new(0.0, self.depth / 2.0)
    }

    /// The bounding box in table space.
    pub fn aabb(&self) -> Aabb {
        self.shape.compute_aabb(&self.table_from_base)
    }
}
