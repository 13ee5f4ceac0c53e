//! The table: oriented bases, terrain areas and lines, and every measurement the rules ask
//! for (range, arc of fire, line of sight, contact edge, proximity, terrain under and
//! crossed), each returned with the geometry that produced it so a canvas can draw it.
//!
//! Coordinates are millimetres from the table's near-left corner: x along the near edge,
//! y towards the far edge. A facing is in degrees clockwise from +y (0 faces the far
//! edge). Frontage runs across the facing, depth along it. Inches appear only at the
//! edges (input and display). nalgebra (through `parry2d::na`) holds poses and vectors;
//! parry2d does the distances, closest points, casts and overlap tests; parry's BVH is the
//! spatial index for every all-pairs query. Nothing here touches files or the UI.

mod arc;
mod base;
mod contact;
mod footprint;
mod ground;
mod index;
mod layout;
mod matrix;
mod measure;
mod placement;
mod proximity;
mod sight;
mod sizes;
mod terrain;

pub mod file;

pub use arc::{ArcCheck, DbaField, McArc, dba_field_of_fire, firing_arc, mc_firing_arc};
pub use base::{Base, Edge, EdgeName, UnitRecord};
pub use contact::{Contact, FaceContact, Overlaps, contact_edge, overlaps, prepared_face_contact};
pub use footprint::Footprints;
pub use ground::{ContourClimb, Crossing, contours_crossed_up, terrain_crossed, terrain_under};
pub use index::SpatialIndex;
pub use layout::{Layout, Table};
pub use matrix::{MatrixOptions, PairMeasure, opposing_matrix};
pub use measure::{Distance, MoveCheck, centre_to_nearest, edge_to_edge, move_check};
pub use placement::{PlacementError, TableEdge, place_by_edges, place_by_tapes, place_by_tapes_mm};
pub use proximity::{Nearby, OverheadFire, overhead_fire, pinned_by, pinning_zone, within};
pub use sight::{Blocker, Sight, dba_line_of_sight, mc_line_of_sight};
pub use sizes::{
    BASELINE_FIGURE_SCALE_MM, BaseSize, DBA_FRONTAGE_15MM, MC_COUNTER_TYPES, dba_base_size,
    figure_scale_factor, mc_counter_size,
};
pub use terrain::{Hill, RiverType, Terrain, TerrainKind, TerrainShape};

/// The scalar parry2d computes in (`f32`): ample for a table measured to a tenth of a mm.
pub type Real = parry2d::math::Real;
/// A point on the table, in millimetres.
pub type Point = parry2d::na::Point2<Real>;
/// A vector on the table, in millimetres.
pub type Vector = parry2d::na::Vector2<Real>;
/// A rigid placement (rotation then translation), e.g. `table_from_base`.
pub type Pose = parry2d::na::Isometry2<Real>;

/// Millimetres in one inch.
pub const MM_PER_INCH: f64 = 25.4;

/// How close two things must be, in mm, to count as touching rather than apart, and how far
/// one must reach into another to count as inside it rather than touching.
///
/// Players measure with a tape to the nearest millimetre at best; a hundredth of a mm only
/// absorbs rounding, so a base laid against another still touches it.
pub const TOUCH_MM: Real = 0.01;

/// Rounds a millimetre figure for output: f32 arithmetic leaves noise below a thousandth.
pub fn round_mm(value: Real) -> f64 {
    (f64::from(value) * 1000.0).round() / 1000.0
}
