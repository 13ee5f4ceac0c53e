//! The bases' spatial index: bases grouped by footprint, then parry's BVH over the distinct
//! footprints.
//!
//! Bases laid exactly on one another (the same centre, facing, frontage and depth) share a
//! footprint, and every exact test between two footprints answers for all their bases at
//! once, so a query's cost grows with the distinct footprints near it, not with how many
//! bases share a spot: a stack of 20,000 bases is one entry of the tree.

use super::{Base, SpatialIndex};
use parry2d::bounding_volume::Aabb;
use std::collections::HashMap;

/// The bases of a layout grouped by footprint and indexed by their footprints' boxes.
#[derive(Debug, Clone)]
pub struct Footprints {
    /// Each footprint's bases, by position in the layout, ascending.
    members: Vec<Vec<usize>>,
    /// Each base's footprint.
    footprint_of: Vec<usize>,
    /// The tree over the footprints' boxes, answering by footprint.
    index: SpatialIndex,
}

/// What makes two footprints the same: the bits of the centre, facing and size (a negative
/// zero is counted as zero), so only bases lying exactly on one another share one.
fn key(base: &Base) -> [u32; 5] {
    let c = base.centre();
    [c.x, c.y, base.facing_deg(), base.frontage(), base.depth()].map(|v| (v + 0.0).to_bits())
}

impl Footprints {
    /// Groups `bases` by footprint (in the order each footprint first appears) and indexes
    /// the footprints.
    pub fn build(bases: &[Base]) -> Footprints {
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut footprint_of = Vec::with_capacity(bases.len());
        let mut seen: HashMap<[u32; 5], usize> = HashMap::with_capacity(bases.len());
        for (i, base) in bases.iter().enumerate() {
            let next = members.len();
            let f = *seen.entry(key(base)).or_insert(next);
            if f == next {
                members.push(Vec::new());
            }
            members[f].push(i);
            footprint_of.push(f);
        }
        let boxes: Vec<Aabb> = members.iter().map(|m| bases[m[0]].aabb()).collect();
        Footprints {
            index: SpatialIndex::build(&boxes),
            members,
            footprint_of,
        }
    }

    /// The footprints whose boxes meet `query`.
    pub fn near(&self, query: &Aabb) -> impl Iterator<Item = usize> + '_ {
        self.index.query(query)
    }

    /// The bases of footprint `f`, by position, ascending; the first stands for them all.
    pub fn members(&self, f: usize) -> &[usize] {
        &self.members[f]
    }

    /// The footprint of the base at `position`.
    pub fn of(&self, position: usize) -> usize {
        self.footprint_of[position]
    }

    /// How many distinct footprints there are.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether there are none (no bases).
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }
}
