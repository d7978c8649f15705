//! The work astar-lab measures: random maps and the queries on them, each
//! a pure function of seeds.
//!
//! A map comes from (master seed, size, density, map index), a query from
//! (map seed, query index), so any row of a run can be regenerated on its
//! own. Seeds are mixed with SplitMix64 and maps and queries drawn with
//! ChaCha8 using raw 64-bit outputs only, so the same seeds give the same
//! work on every platform and `rand` version.
//!
//! It sits right above `astar-core` and below everything that measures: the
//! harness builds a sweep's maps and items on it, and the benches draw their
//! fixed workload from it without pulling in the harness.

use astar_core::{Grid, GridError, Moves, NodeId, Point, Rules, DIRECTIONS};
use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Why a workload could not be drawn.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WorkloadError {
    /// The map could not be made as asked (an impossible size, say).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The map has no passable cell to put a query on.
    #[error("the map has no passable cell")]
    NoPassableCell,
    /// No start and goal far enough apart were drawn.
    #[error("no two cells of the largest connected component ({cells} cells) at least {need} apart after {draws} draws")]
    NoFarPair {
        /// Cells of the largest component.
        cells: usize,
        /// The distance asked for ([`min_distance`]).
        need: u32,
        /// How many draws were tried.
        draws: u32,
    },
}

/// A result with a [`WorkloadError`].
pub type Result<T, E = WorkloadError> = std::result::Result<T, E>;

/// SplitMix64's finaliser: a bijective mix of 64 bits.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Seed of map number `index` of the family (size, density) under master seed `master`.
pub fn map_seed(master: u64, size: u32, density: f64, index: u32) -> u64 {
    // Each field goes through the mixer separately, so no two fields can cancel.
    let mut h = mix(master ^ 0x6d61_7073); // "maps"
    h = mix(h ^ u64::from(size));
    h = mix(h ^ density.to_bits());
    mix(h ^ u64::from(index))
}

/// Seed of query number `query` on the map with seed `map_seed`.
pub fn query_seed(map_seed: u64, query: u32) -> u64 {
    mix(mix(map_seed ^ 0x7175_6572_7973) ^ u64::from(query)) // "querys"
}

/// Map `index` of the family (size, density) under master seed `master`,
/// with `queries` far-apart queries on its largest region: the fixed
/// workload of a benchmark, an example or an experiment, drawn exactly as a
/// sweep draws its maps and queries.
pub fn random_map_with_queries(
    master: u64,
    size: u32,
    density: f64,
    index: u32,
    queries: u32,
    rules: &Rules,
) -> Result<(Grid, Vec<(Point, Point)>)> {
    let seed = map_seed(master, size, density, index);
    let grid = Grid::random(size, size, density, seed)?;
    let cells = largest_component(&grid, rules);
    let qs = (0..queries)
        .map(|q| query(&grid, &cells, seed, q))
        .collect::<Result<Vec<_>>>()?;
    Ok((grid, qs))
}

/// One map of a sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapSpec {
    /// Side, in cells.
    pub size: u32,
    /// Obstacle density.
    pub density: f64,
    /// Index among the maps of its (size, density) family.
    pub index: u32,
    /// The seed [`Grid::random`] is called with.
    pub seed: u64,
}

impl MapSpec {
    /// Builds the map.
    pub fn build(&self) -> Result<Grid, GridError> {
        Grid::random(self.size, self.size, self.density, self.seed)
    }
}

/// One unit of work: every strategy on one query of one map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// Position in the sweep's item order (what shards and rotations use).
    pub index: usize,
    /// Index into the sweep's list of maps.
    pub map: usize,
    /// Query number on that map.
    pub query: u32,
}

/// Shard `k` of `n` (1-based): the items whose index is `k - 1` modulo `n`.
/// Round-robin rather than contiguous, so every shard gets a fair share of
/// the large (slow) maps.
pub fn shard(items: Vec<Item>, k: u32, n: u32) -> Vec<Item> {
    items
        .into_iter()
        .filter(|it| it.index % n as usize == (k - 1) as usize)
        .collect()
}

/// Padded-index offsets of the neighbours a search may step to, as pairs of
/// (offset, the two orthogonal offsets a diagonal passes, if it must check them).
fn steps(grid: &Grid, rules: &Rules) -> Vec<(i64, Option<(i64, i64)>)> {
    let stride = grid.stride() as i64;
    DIRECTIONS
        .iter()
        .enumerate()
        .filter(|(d, _)| rules.moves == Moves::Eight || d % 2 == 1)
        .map(|(d, &(dx, dy))| {
            let (dx, dy) = (dx as i64, dy as i64);
            let check = (d % 2 == 0 && !rules.corner_cutting).then_some((dx, dy * stride));
            (dy * stride + dx, check)
        })
        .collect()
}

/// The cells of the largest connected component under the rules' moves and
/// corner rule, as node ids in increasing order. Ties go to the component
/// whose first cell comes first in row-major order.
pub fn largest_component(grid: &Grid, rules: &Rules) -> Vec<NodeId> {
    let passable = grid.passable_nodes();
    let steps = steps(grid, rules);
    let mut seen = vec![false; passable.len()];
    let mut best: Vec<NodeId> = Vec::new();
    let mut queue: Vec<NodeId> = Vec::new();
    for first in 0..passable.len() {
        if !passable[first] || seen[first] {
            continue;
        }
        seen[first] = true;
        queue.clear();
        queue.push(first as NodeId);
        let mut head = 0;
        while head < queue.len() {
            let node = queue[head] as i64;
            head += 1;
            for &(offset, check) in &steps {
                let next = (node + offset) as usize;
                // The border is blocked, so `next` never leaves the array.
                if !passable[next] || seen[next] {
                    continue;
                }
                if let Some((a, b)) = check {
                    if !passable[(node + a) as usize] || !passable[(node + b) as usize] {
                        continue;
                    }
                }
                seen[next] = true;
                queue.push(next as NodeId);
            }
        }
        if queue.len() > best.len() {
            best = std::mem::take(&mut queue);
        }
    }
    best.sort_unstable();
    best
}

/// How far apart start and goal must be: half the side (Chebyshev distance).
pub fn min_distance(size: u32) -> u32 {
    size / 2
}

/// How many start/goal draws to try before giving up on a map.
const MAX_DRAWS: u32 = 100_000;

/// A uniform index below `n` from 64 raw bits (multiply-shift, no float).
fn below(bits: u64, n: usize) -> usize {
    ((u128::from(bits) * n as u128) >> 64) as usize
}

/// Query `query` of a map: a start and a goal drawn uniformly from the largest
/// component `cells`, redrawn until they are at least [`min_distance`] apart.
pub fn query(grid: &Grid, cells: &[NodeId], map_seed: u64, query: u32) -> Result<(Point, Point)> {
    if cells.is_empty() {
        return Err(WorkloadError::NoPassableCell);
    }
    let need = min_distance(grid.width().max(grid.height()));
    let mut rng = ChaCha8Rng::seed_from_u64(query_seed(map_seed, query));
    for _ in 0..MAX_DRAWS {
        let start = grid.point(cells[below(rng.next_u64(), cells.len())]);
        let goal = grid.point(cells[below(rng.next_u64(), cells.len())]);
        if start.x.abs_diff(goal.x).max(start.y.abs_diff(goal.y)) >= need {
            return Ok((start, goal));
        }
    }
    Err(WorkloadError::NoFarPair {
        cells: cells.len(),
        need,
        draws: MAX_DRAWS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_follow_the_corner_rule() {
        // Two open cells touching only diagonally.
        let g = Grid::from_ascii(
            "
            .#.
            #..
            ",
        )
        .unwrap();
        let strict = Rules::default();
        assert_eq!(largest_component(&g, &strict).len(), 3);
        let cutting = Rules {
            corner_cutting: true,
            ..Rules::default()
        };
        assert_eq!(largest_component(&g, &cutting).len(), 4);
        let four = Rules {
            moves: Moves::Four,
            corner_cutting: true,
            ..Rules::default()
        };
        assert_eq!(largest_component(&g, &four).len(), 3);
    }

    #[test]
    fn queries_are_far_apart_and_reproducible() {
        let g = Grid::random(64, 64, 0.25, 9).unwrap();
        let cells = largest_component(&g, &Rules::default());
        for q in 0..20 {
            let (s, t) = query(&g, &cells, 9, q).unwrap();
            assert_eq!(query(&g, &cells, 9, q).unwrap(), (s, t));
            assert!(s.x.abs_diff(t.x).max(s.y.abs_diff(t.y)) >= 32);
            assert!(cells.contains(&g.node(s)) && cells.contains(&g.node(t)));
        }
        assert!(query(&g, &[], 9, 0).is_err());
    }

    #[test]
    fn shards_partition_the_items() {
        let all: Vec<Item> = (0..10)
            .map(|index| Item {
                index,
                map: index / 3,
                query: (index % 3) as u32,
            })
            .collect();
        let mut seen: Vec<usize> = (1..=3)
            .flat_map(|k| shard(all.clone(), k, 3))
            .map(|it| it.index)
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
    }
}
