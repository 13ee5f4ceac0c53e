//! Terrain on the table: areas (polygons) and linear features (polylines), each with a kind.

use super::{Base, Point, Pose, Real, TOUCH_MM, Vector};
use parry2d::bounding_volume::{Aabb, BoundingVolume};
use parry2d::query::{Ray, RayCast, intersection_test};
use parry2d::shape::{Cuboid, Polyline, Shape};
use parry2d::utils::point_in_poly2d;
use serde::{Deserialize, Serialize};

/// What a piece of terrain is, in the words of the two measured-distance rulesets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TerrainKind {
    /// A hill or kopje: one contour of cut card, with an optional crest line.
    Hill,
    /// Cover of no more particular kind.
    Cover,
    /// Broken ground: "rocks or ravines" (Micro Colonial).
    BrokenGround,
    /// Scrub.
    Scrub,
    /// Soft sand.
    SoftSand,
    /// Dead ground: a unit in it may be fired on only from its edge (Micro Colonial).
    DeadGround,
    /// A wood.
    Wood,
    /// A building.
    Building,
    /// A wall (linear obstacle).
    Wall,
    /// A hedge (linear obstacle).
    Hedge,
    /// A trench (linear obstacle).
    Trench,
    /// A prepared position (redoubt, walled area): its faces have lengths.
    PreparedPosition,
    /// A river: a stream or a small river (DBA).
    River,
    /// A donga: a dried river bed (DBA).
    Donga,
    /// A road or track.
    Road,
    /// Rough ground (DBA): "steep grades, rocky or broken ground and built up areas".
    Rough,
    /// Impassable: "cliffs, lakes etc." (DBA).
    Impassable,
    /// A British camp (DBA).
    Camp,
    /// A Zulu kraal (DBA).
    Kraal,
    /// A camp with its wagons laagered (DBA).
    Laager,
}

impl TerrainKind {
    /// Every kind, in the order the app lists them.
    pub const ALL: [TerrainKind; 20] = [
        TerrainKind::Hill,
        TerrainKind::Cover,
        TerrainKind::BrokenGround,
        TerrainKind::Scrub,
        TerrainKind::SoftSand,
        TerrainKind::DeadGround,
        TerrainKind::Wood,
        TerrainKind::Building,
        TerrainKind::Wall,
        TerrainKind::Hedge,
        TerrainKind::Trench,
        TerrainKind::PreparedPosition,
        TerrainKind::River,
        TerrainKind::Donga,
        TerrainKind::Road,
        TerrainKind::Rough,
        TerrainKind::Impassable,
        TerrainKind::Camp,
        TerrainKind::Kraal,
        TerrainKind::Laager,
    ];

    /// The name used in layout files and JSON (`broken-ground`).
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::Hill => "hill",
            TerrainKind::Cover => "cover",
            TerrainKind::BrokenGround => "broken-ground",
            TerrainKind::Scrub => "scrub",
            TerrainKind::SoftSand => "soft-sand",
            TerrainKind::DeadGround => "dead-ground",
            TerrainKind::Wood => "wood",
            TerrainKind::Building => "building",
            TerrainKind::Wall => "wall",
            TerrainKind::Hedge => "hedge",
            TerrainKind::Trench => "trench",
            TerrainKind::PreparedPosition => "prepared-position",
            TerrainKind::River => "river",
            TerrainKind::Donga => "donga",
            TerrainKind::Road => "road",
            TerrainKind::Rough => "rough",
            TerrainKind::Impassable => "impassable",
            TerrainKind::Camp => "camp",
            TerrainKind::Kraal => "kraal",
            TerrainKind::Laager => "laager",
        }
    }

    /// Looks a kind up by its name.
    pub fn from_name(name: &str) -> Option<TerrainKind> {
        TerrainKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Linear obstacles: drawn as polylines only.
    pub fn is_linear(self) -> bool {
        matches!(
            self,
            TerrainKind::Wall | TerrainKind::Hedge | TerrainKind::Trench
        )
    }

    /// Kinds that may be drawn either as an area or as a line (a chalked road or river).
    pub fn may_be_line(self) -> bool {
        self.is_linear()
            || matches!(
                self,
                TerrainKind::Road | TerrainKind::River | TerrainKind::Donga
            )
    }

    /// Areas that block Micro Colonial sight when between firer and target.
    pub fn blocks_mc_sight(self) -> bool {
        matches!(self, TerrainKind::Building | TerrainKind::Wood)
    }
}

/// A DBA river's type: "streams, which give no defensive bonus; small rivers which give the
/// defender on its banks a + 1 combat modifier when defending in close combat only".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverType {
    /// A stream.
    Stream,
    /// A small river.
    Small,
}

/// A hill's contour level and crest line.
#[derive(Debug, Clone)]
pub struct Hill {
    /// The contour level: 1 for the lowest card, 2 for one stacked on it, and so on.
    pub contour: u32,
    /// The crest line marked on the card, if any ("mark the crest line on each").
    pub crest: Option<(Vec<Point>, Polyline)>,
}

/// The outline of a piece of terrain.
#[derive(Debug, Clone)]
pub enum TerrainShape {
    /// A closed polygon (vertices in order, not repeated) and its boundary as a polyline.
    Area {
        /// The vertices.
        outline: Vec<Point>,
        /// The closed boundary.
        boundary: Polyline,
    },
    /// An open polyline (wall, hedge, trench, a chalked road or river).
    Line {
        /// The vertices.
        points: Vec<Point>,
        /// The polyline.
        polyline: Polyline,
    },
}

/// One piece of terrain.
#[derive(Debug, Clone)]
pub struct Terrain {
    /// Its id in the layout (`isandlwana-hill`).
    pub terrain_id: String,
    /// Its kind.
    pub kind: TerrainKind,
    /// Its outline.
    pub shape: TerrainShape,
    /// Contour and crest, for hills.
    pub hill: Option<Hill>,
    /// Stream or small river, for rivers when the scenario says.
    pub river: Option<RiverType>,
}

fn closed_polyline(outline: &[Point]) -> Polyline {
    let n = outline.len() as u32;
    let indices = (0..n).map(|i| [i, (i + 1) % n]).collect();
    Polyline::new(outline.to_vec(), Some(indices))
}

/// A base shrunk by [`TOUCH_MM`], so laying it against terrain is not being in it.
pub(crate) fn inner_shape(base: &Base) -> Cuboid {
    let half = base.shape().half_extents;
    Cuboid::new(Vector::new(
        (half.x - TOUCH_MM).max(0.0),
        (half.y - TOUCH_MM).max(0.0),
    ))
}

impl Terrain {
    /// An area of terrain.
    pub fn area(terrain_id: impl Into<String>, kind: TerrainKind, outline: Vec<Point>) -> Terrain {
        let boundary = closed_polyline(&outline);
        Terrain {
            terrain_id: terrain_id.into(),
            kind,
            shape: TerrainShape::Area { outline, boundary },
            hill: None,
            river: None,
        }
    }

    /// A linear feature.
    pub fn line(terrain_id: impl Into<String>, kind: TerrainKind, points: Vec<Point>) -> Terrain {
        let polyline = Polyline::new(points.clone(), None);
        Terrain {
            terrain_id: terrain_id.into(),
            kind,
            shape: TerrainShape::Line { points, polyline },
            hill: None,
            river: None,
        }
    }

    /// The same terrain as a hill contour with an optional crest line.
    pub fn with_hill(mut self, contour: u32, crest: Option<Vec<Point>>) -> Terrain {
        self.hill = Some(Hill {
            contour,
            crest: crest.map(|c| {
                let line = Polyline::new(c.clone(), None);
                (c, line)
            }),
        });
        self
    }

    /// The outline's vertices (area) or the line's points.
    pub fn points(&self) -> &[Point] {
        match &self.shape {
            TerrainShape::Area { outline, .. } => outline,
            TerrainShape::Line { points, .. } => points,
        }
    }

    /// The boundary (area) or the line itself, as a parry polyline.
    pub fn polyline(&self) -> &Polyline {
        match &self.shape {
            TerrainShape::Area { boundary, .. } => boundary,
            TerrainShape::Line { polyline, .. } => polyline,
        }
    }

    /// Whether this is an area (rather than a line).
    pub fn is_area(&self) -> bool {
        matches!(self.shape, TerrainShape::Area { .. })
    }

    /// The bounding box.
    pub fn aabb(&self) -> Aabb {
        let outline = self.polyline().compute_aabb(&Pose::identity());
        match self.hill.as_ref().and_then(|h| h.crest.as_ref()) {
            Some((_, crest)) => outline.merged(&crest.compute_aabb(&Pose::identity())),
            None => outline,
        }
    }

    /// Whether a point is inside the area (always false for a line).
    pub fn contains(&self, point: &Point) -> bool {
        match &self.shape {
            TerrainShape::Area { outline, .. } => point_in_poly2d(point, outline),
            TerrainShape::Line { .. } => false,
        }
    }

    /// Whether any part of the base is in the area, or the line runs under it. Touching the
    /// edge from outside is not being in it.
    pub fn under(&self, base: &Base) -> bool {
        let inner = inner_shape(base);
        let crosses = intersection_test(
            base.table_from_base(),
            &inner,
            &Pose::identity(),
            self.polyline(),
        )
        .unwrap_or(false);
        crosses || self.contains(&base.centre())
    }

    /// Whether the base touches the area's edge (or the line): "on the edge of" it.
    pub fn touches_edge(&self, base: &Base) -> bool {
        intersection_test(
            base.table_from_base(),
            base.shape(),
            &Pose::identity(),
            self.polyline(),
        )
        .unwrap_or(false)
    }

    /// Whether the base touches this hill's crest line (stands on the crest).
    pub fn on_crest(&self, base: &Base) -> bool {
        self.hill
            .as_ref()
            .and_then(|h| h.crest.as_ref())
            .is_some_and(|(_, crest)| {
                intersection_test(
                    base.table_from_base(),
                    base.shape(),
                    &Pose::identity(),
                    crest,
                )
                .unwrap_or(false)
            })
    }

    /// Where the segment `a`→`b` first meets this terrain, as a fraction of the way from
    /// `a` (0 when `a` is inside an area), or `None` when it does not meet it.
    pub fn first_hit(&self, a: &Point, b: &Point) -> Option<Real> {
        if self.contains(a) {
            return Some(0.0);
        }
        let ray = Ray::new(*a, b - a);
        self.polyline().cast_local_ray(&ray, 1.0, true)
    }

    /// The faces of a prepared position: each edge of its outline with its length in mm,
    /// which is "the number of fighting factors that the face may accommodate".
    pub fn faces(&self) -> Vec<(Point, Point, Real)> {
        match &self.shape {
            TerrainShape::Area { outline, .. } => (0..outline.len())
                .map(|i| {
                    let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
                    (a, b, parry2d::na::distance(&a, &b))
                })
                .collect(),
            TerrainShape::Line { points, .. } => points
                .windows(2)
                .map(|w| (w[0], w[1], parry2d::na::distance(&w[0], &w[1])))
                .collect(),
        }
    }
}
