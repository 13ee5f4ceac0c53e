//! The table as the referee sees it: its size, the bases on it and the terrain, with the
//! spatial indexes the measurements use.

use super::{Base, Footprints, Point, Pose, Real, SpatialIndex, Terrain, TerrainShape};
use crate::ruleset::{Ruleset, Scenario};
use parry2d::bounding_volume::Aabb;

/// The playing area, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Table {
    /// Along the near edge (x).
    pub width_mm: Real,
    /// From the near edge to the far edge (y).
    pub depth_mm: Real,
}

impl Table {
    /// 6' × 4', the common club table.
    pub const SIX_BY_FOUR: Table = Table {
        width_mm: 1828.8,
        depth_mm: 1219.2,
    };
    /// 3' wide × 2' deep: "The standard table size for 15mm is 2' x 3'" (DBA Zulu).
    pub const THREE_BY_TWO: Table = Table {
        width_mm: 914.4,
        depth_mm: 609.6,
    };
    /// A metre square: "Battlefield 1000 mm" (Micro Colonial, campaigns).
    pub const METRE_SQUARE: Table = Table {
        width_mm: 1000.0,
        depth_mm: 1000.0,
    };

    /// The common sizes the app offers, with their names in layout files.
    pub const PRESETS: [(&'static str, Table); 3] = [
        ("6x4ft", Table::SIX_BY_FOUR),
        ("3x2ft", Table::THREE_BY_TWO),
        ("1000mm", Table::METRE_SQUARE),
    ];

    /// Whether a point is on the table (edges included, to [`super::TOUCH_MM`]).
    pub fn holds(&self, point: &Point) -> bool {
        let slack = super::TOUCH_MM;
        point.x >= -slack
            && point.y >= -slack
            && point.x <= self.width_mm + slack
            && point.y <= self.depth_mm + slack
    }
}

/// A whole table: size, bases and terrain, indexed for the queries.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The table's size.
    pub table: Table,
    /// The ruleset the layout is played under, if it says.
    pub ruleset: Option<Ruleset>,
    /// The DBA figure scale in mm (6, 10, 15, 25), if the layout says.
    pub figure_scale_mm: Option<u32>,
    /// The scenario with rules of its own the table is laid out for (Micro Colonial's
    /// Rorke's Drift game), if the layout says.
    pub scenario: Option<Scenario>,
    bases: Vec<Base>,
    terrain: Vec<Terrain>,
    footprints: Footprints,
    terrain_index: SpatialIndex,
    grounds: Vec<Ground>,
}

/// How one base of the layout stands to the terrain, worked out once when the layout is
/// built, so the table-wide queries do not test the same base against the same wood for
/// every target. Entries are terrain positions.
#[derive(Debug, Clone, Default)]
struct Ground {
    under: Vec<usize>,
    on_edge: Vec<usize>,
    on_crest: Vec<usize>,
}

impl Layout {
    /// A layout; builds the indexes.
    pub fn new(table: Table, bases: Vec<Base>, terrain: Vec<Terrain>) -> Layout {
        let terrain_boxes: Vec<Aabb> = terrain.iter().map(Terrain::aabb).collect();
        let terrain_index = SpatialIndex::build(&terrain_boxes);
        let grounds = bases
            .iter()
            .map(|base| {
                let mut ground = Ground::default();
                for i in terrain_index.query(&base.aabb()) {
                    let t = &terrain[i];
                    if t.under(base) {
                        ground.under.push(i);
                    }
                    if t.touches_edge(base) {
                        ground.on_edge.push(i);
                    }
                    if t.on_crest(base) {
                        ground.on_crest.push(i);
                    }
                }
                ground
            })
            .collect();
        Layout {
            table,
            ruleset: None,
            figure_scale_mm: None,
            scenario: None,
            footprints: Footprints::build(&bases),
            terrain_index,
            grounds,
            bases,
            terrain,
        }
    }

    /// The position of a base in this layout, when it is one of this layout's own.
    fn position_of(&self, base: &Base) -> Option<usize> {
        let start = self.bases.as_ptr() as usize;
        let address = std::ptr::from_ref(base) as usize;
        let i = address.checked_sub(start)? / std::mem::size_of::<Base>().max(1);
        self.bases
            .get(i)
            .filter(|own| std::ptr::eq(*own, base))
            .map(|_| i)
    }

    /// Whether any part of `base` is in the terrain at `terrain_pos` (cached for own bases).
    pub fn is_under(&self, terrain_pos: usize, base: &Base) -> bool {
        match self.position_of(base) {
            Some(i) => self.grounds[i].under.contains(&terrain_pos),
            None => self.terrain[terrain_pos].under(base),
        }
    }

    /// Whether `base` touches the edge of the terrain at `terrain_pos`.
    pub fn is_on_edge(&self, terrain_pos: usize, base: &Base) -> bool {
        match self.position_of(base) {
            Some(i) => self.grounds[i].on_edge.contains(&terrain_pos),
            None => self.terrain[terrain_pos].touches_edge(base),
        }
    }

    /// Whether `base` stands on the crest of the hill at `terrain_pos`.
    pub fn is_on_crest(&self, terrain_pos: usize, base: &Base) -> bool {
        match self.position_of(base) {
            Some(i) => self.grounds[i].on_crest.contains(&terrain_pos),
            None => self.terrain[terrain_pos].on_crest(base),
        }
    }

    /// The same layout played under a ruleset.
    pub fn with_ruleset(mut self, ruleset: Option<Ruleset>) -> Layout {
        self.ruleset = ruleset;
        self
    }

    /// The DBA figure scale its bases are sized at: the layout's, or 15 mm, the scale the
    /// rules' base depths are given at, when it names none.
    pub fn figure_scale(&self) -> u32 {
        self.figure_scale_mm
            .unwrap_or(super::BASELINE_FIGURE_SCALE_MM)
    }

    /// The same layout at a DBA figure scale.
    pub fn with_figure_scale(mut self, figure_scale_mm: Option<u32>) -> Layout {
        self.figure_scale_mm = figure_scale_mm;
        self
    }

    /// The same layout laid out for a scenario.
    pub fn with_scenario(mut self, scenario: Option<Scenario>) -> Layout {
        self.scenario = scenario;
        self
    }

    /// `layout` with this layout's ruleset, figure scale and scenario: the header a table
    /// keeps while its pieces change.
    fn keeping_header(&self, layout: Layout) -> Layout {
        layout
            .with_ruleset(self.ruleset)
            .with_figure_scale(self.figure_scale_mm)
            .with_scenario(self.scenario)
    }

    /// Every base.
    pub fn bases(&self) -> &[Base] {
        &self.bases
    }

    /// Every piece of terrain.
    pub fn terrain(&self) -> &[Terrain] {
        &self.terrain
    }

    /// The base of a unit, by its id.
    pub fn base(&self, unit_id: &str) -> Option<&Base> {
        self.bases.iter().find(|b| b.unit_id() == unit_id)
    }

    /// The bases whose boxes meet `query`.
    pub fn bases_near(&self, query: &Aabb) -> impl Iterator<Item = &Base> + '_ {
        self.footprints_near(query)
            .flat_map(|stack| stack.iter().map(|i| &self.bases[*i]))
    }

    /// The bases whose boxes meet `query`, grouped by footprint: each group's bases (by
    /// position, ascending) lie exactly on one another, so an exact test on the first
    /// answers for all of them.
    pub fn footprints_near(&self, query: &Aabb) -> impl Iterator<Item = &[usize]> + '_ {
        self.footprints
            .near(query)
            .map(|f| self.footprints.members(f))
    }

    /// The bases grouped by footprint, with their index.
    pub fn footprints(&self) -> &Footprints {
        &self.footprints
    }

    /// The first terrain along a ray, by `hit(position, best_so_far)` (see
    /// [`SpatialIndex::cast_ray`]).
    pub fn first_terrain_along(
        &self,
        ray: &parry2d::query::Ray,
        max_time_of_impact: Real,
        hit: impl Fn(usize, Real) -> Option<Real>,
    ) -> Option<(usize, Real)> {
        self.terrain_index.cast_ray(ray, max_time_of_impact, hit)
    }

    /// The positions of the terrain any part of `base` is in.
    pub fn under_positions(&self, base: &Base) -> Vec<usize> {
        match self.position_of(base) {
            Some(i) => self.grounds[i].under.clone(),
            None => self
                .terrain_index
                .query(&base.aabb())
                .filter(|i| self.terrain[*i].under(base))
                .collect(),
        }
    }

    /// The terrain whose boxes meet `query`, with their positions.
    pub fn terrain_near_indexed(
        &self,
        query: &Aabb,
    ) -> impl Iterator<Item = (usize, &Terrain)> + '_ {
        self.terrain_index
            .query(query)
            .map(|i| (i, &self.terrain[i]))
    }

    /// The terrain whose boxes meet `query`.
    pub fn terrain_near(&self, query: &Aabb) -> impl Iterator<Item = &Terrain> + '_ {
        self.terrain_index.query(query).map(|i| &self.terrain[i])
    }

    /// The same table and terrain with these bases (the table as played: bases moved,
    /// removed or added since the layout was drawn).
    pub fn with_bases(&self, bases: Vec<Base>) -> Layout {
        self.keeping_header(Layout::new(self.table, bases, self.terrain.clone()))
    }

    /// The same table and bases with this terrain.
    pub fn with_terrain(&self, terrain: Vec<Terrain>) -> Layout {
        self.keeping_header(Layout::new(self.table, self.bases.clone(), terrain))
    }

    /// The whole layout moved rigidly by `pose` (the table size is kept): every measurement
    /// between its pieces is unchanged, which the property tests check.
    pub fn moved(&self, pose: &Pose) -> Layout {
        let turn = -pose.rotation.angle().to_degrees();
        let bases = self
            .bases
            .iter()
            .map(|b| b.placed(pose * b.centre(), b.facing_deg() + turn))
            .collect();
        let terrain = self
            .terrain
            .iter()
            .map(|t| {
                let points: Vec<Point> = t.points().iter().map(|p| pose * p).collect();
                let mut moved = match t.shape {
                    TerrainShape::Area { .. } => {
                        Terrain::area(t.terrain_id.clone(), t.kind, points)
                    }
                    TerrainShape::Line { .. } => {
                        Terrain::line(t.terrain_id.clone(), t.kind, points)
                    }
                };
                if let Some(hill) = &t.hill {
                    let crest = hill
                        .crest
                        .as_ref()
                        .map(|(c, _)| c.iter().map(|p| pose * p).collect());
                    moved = moved.with_hill(hill.contour, crest);
                }
                moved.river = t.river;
                moved
            })
            .collect();
        self.keeping_header(Layout::new(self.table, bases, terrain))
    }
}
