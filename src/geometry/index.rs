//! The spatial index every all-pairs query goes through: parry's BVH over bounding boxes.
//!
//! A query returns the candidates whose boxes meet the query box; the caller then runs the
//! exact parry test on those only, so a line of sight looks at the few bases near its
//! corridor instead of every base on the table.

use parry2d::bounding_volume::{Aabb, BoundingVolume};
use parry2d::math::Real;
use parry2d::partitioning::{Bvh, BvhBuildStrategy, BvhNode};
use parry2d::query::Ray;

/// A bounding-volume hierarchy over a list of boxes, answering by list position.
#[derive(Debug, Clone)]
pub struct SpatialIndex {
    bvh: Bvh,
    len: usize,
}

impl SpatialIndex {
    /// Builds the index over boxes; a query answers with their positions in this list.
    pub fn build(boxes: &[Aabb]) -> SpatialIndex {
        SpatialIndex {
            bvh: Bvh::from_leaves(BvhBuildStrategy::Binned, boxes),
            len: boxes.len(),
        }
    }

    /// The positions of the boxes that meet `query`.
    pub fn query(&self, query: &Aabb) -> impl Iterator<Item = usize> + '_ {
        // An empty tree has a default root; asking it nothing keeps it from answering noise.
        let empty = self.len == 0;
        let query = *query;
        self.bvh
            .leaves(move |node: &BvhNode| node.aabb().intersects(&query))
            .filter(move |_| !empty)
            .map(|i| i as usize)
    }

    /// The first leaf along a ray: `leaf_hit(position, best_so_far)` gives the time of
    /// impact on that leaf's own shape; only leaves whose boxes the ray crosses are asked.
    pub fn cast_ray(
        &self,
        ray: &Ray,
        max_time_of_impact: Real,
        leaf_hit: impl Fn(usize, Real) -> Option<Real>,
    ) -> Option<(usize, Real)> {
        if self.len == 0 {
            return None;
        }
        self.bvh
            .cast_ray(ray, max_time_of_impact, |leaf, best| {
                leaf_hit(leaf as usize, best)
            })
            .map(|(leaf, toi)| (leaf as usize, toi))
    }

    /// How many boxes it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
