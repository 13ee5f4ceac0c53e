//! Typed positions: a unit placed by its distances from two table edges, or by tape
//! distances from two units already placed.

use super::{Point, Real, Table, Vector};
use parry2d::na;

/// One edge of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableEdge {
    /// The near edge (y = 0).
    Near,
    /// The far edge (y = depth).
    Far,
    /// The left edge (x = 0).
    Left,
    /// The right edge (x = width).
    Right,
}

impl TableEdge {
    /// Parses `near`, `far`, `left` or `right`.
    pub fn from_name(name: &str) -> Option<TableEdge> {
        match name {
            "near" => Some(TableEdge::Near),
            "far" => Some(TableEdge::Far),
            "left" => Some(TableEdge::Left),
            "right" => Some(TableEdge::Right),
            _ => None,
        }
    }

    fn is_side(self) -> bool {
        matches!(self, TableEdge::Left | TableEdge::Right)
    }
}

/// Why a typed position cannot be placed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlacementError {
    /// Both distances are from parallel edges.
    #[error("the two edges must be one of near/far and one of left/right")]
    ParallelEdges,
    /// A distance is negative or not a number.
    #[error("a distance must be a number of mm, zero or more (found {0})")]
    BadDistance(Real),
    /// The point would be off the table.
    #[error("that puts the centre off the table at ({0:.1}, {1:.1}) mm")]
    OffTable(Real, Real),
    /// The two tapes start at the same point.
    #[error("the two units are at the same point: their tapes cannot fix a position")]
    SameCentre,
    /// The two tapes cannot meet.
    #[error("tapes of {0:.1} and {1:.1} mm cannot meet: the units are {2:.1} mm apart")]
    TapesDoNotMeet(Real, Real, Real),
}

/// Places a centre by its distances from two edges, one of near/far and one of left/right.
pub fn place_by_edges(
    table: &Table,
    first: (TableEdge, Real),
    second: (TableEdge, Real),
) -> Result<Point, PlacementError> {
    for (_, d) in [first, second] {
        if !(d.is_finite() && d >= 0.0) {
            return Err(PlacementError::BadDistance(d));
        }
    }
    let (side, ends) = match (first.0.is_side(), second.0.is_side()) {
        (true, false) => (first, second),
        (false, true) => (second, first),
        _ => return Err(PlacementError::ParallelEdges),
    };
    let x = match side.0 {
        TableEdge::Left => side.1,
        _ => table.width_mm - side.1,
    };
    let y = match ends.0 {
        TableEdge::Near => ends.1,
        _ => table.depth_mm - ends.1,
    };
    let point = Point::new(x, y);
    if table.holds(&point) {
        Ok(point)
    } else {
        Err(PlacementError::OffTable(x, y))
    }
}

/// Places a centre by tape distances from two placed units' centres: the two points where
/// the circles meet (the same point twice when they only touch). The app asks which.
pub fn place_by_tapes(
    a: Point,
    distance_a: Real,
    b: Point,
    distance_b: Real,
) -> Result<[Point; 2], PlacementError> {
    for d in [distance_a, distance_b] {
        if !(d.is_finite() && d >= 0.0) {
            return Err(PlacementError::BadDistance(d));
        }
    }
    let apart = na::distance(&a, &b);
    if apart <= super::TOUCH_MM {
        return Err(PlacementError::SameCentre);
    }
    let slack = super::TOUCH_MM;
    if apart > distance_a + distance_b + slack || apart < (distance_a - distance_b).abs() - slack {
        return Err(PlacementError::TapesDoNotMeet(
            distance_a, distance_b, apart,
        ));
    }
    // Along the line of centres to the chord, then half the chord either side.
    let along = (apart * apart + distance_a * distance_a - distance_b * distance_b) / (2.0 * apart);
    let half_chord = (distance_a * distance_a - along * along).max(0.0).sqrt();
    let unit = (b - a) / apart;
    let across = Vector::new(-unit.y, unit.x);
    let foot = a + unit * along;
    Ok([foot + across * half_chord, foot - across * half_chord])
}

/// [`place_by_tapes`] from two units of a layout, by id.
pub fn place_by_tapes_mm(
    layout: &super::Layout,
    (unit_a, distance_a): (&str, Real),
    (unit_b, distance_b): (&str, Real),
) -> Option<Result<[Point; 2], PlacementError>> {
    let a = layout.base(unit_a)?.centre();
    let b = layout.base(unit_b)?.centre();
    Some(place_by_tapes(a, distance_a, b, distance_b))
}
