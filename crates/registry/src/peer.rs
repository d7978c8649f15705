//! The `pathfinding` peer: another crate's A* on the same query.
//!
//! [`PathfindingPeer`] runs the `pathfinding` crate's `astar` on the same
//! grid, moves, corner rule, integer costs and heuristic: what a Rust user
//! would reach for first. Its own data structures: an `IndexMap` from node to
//! (parent index, cost) for every node reached, and a `std`
//! `BinaryHeap` of (estimated cost, cost, index) entries with no
//! decrease-key (an improved node is pushed again and its stale entry skipped
//! when popped). It does the whole search on every `solve`. It
//! exposes no counters, so the counters it reports are those of this
//! project's search on the same query, run untimed in `prepare`; its
//! outcome, cost and path are its own. It breaks ties its own way, so it
//! expands other nodes and may return another optimal path; only its cost is
//! comparable. It refuses an expansion limit (it has none) and inadmissible
//! heuristics (the cost found would then depend on the tie-breaking).

use crate::peer_common::PeerCommon;
use crate::Solver;
use astar_core::{
    heuristic, Grid, NodeId, Point, Query, Rules, SearchError, SearchReport, Unsupported,
    DIRECTIONS,
};

/// The `pathfinding` crate's `astar` as a [`Solver`].
#[derive(Debug, Default)]
pub struct PathfindingPeer {
    /// The counters and the last path.
    common: PeerCommon,
    /// How many times the last `solve` asked for a node's successors.
    successor_calls: u64,
}

impl PathfindingPeer {
    /// Whether the peer can run under `rules`, and why not.
    pub fn supports(rules: &Rules) -> Result<(), Unsupported> {
        crate::peer_supports("pathfinding", rules)
    }

    /// How many times the last [`Solver::solve`] asked the crate's `astar`
    /// for a node's successors: once per node it expanded (stale heap
    /// entries are skipped before the call, the goal is not expanded). The
    /// peer's own work, not the counters it reports, so tests can check it
    /// searched as an A* with the query's heuristic. One increment per
    /// expansion, next to generating eight neighbours.
    pub fn successor_calls(&self) -> u64 {
        self.successor_calls
    }

    fn check(query: &Query) -> Result<(), SearchError> {
        crate::peer_check("pathfinding", query)
    }
}

impl Solver for PathfindingPeer {
    fn name(&self) -> &'static str {
        "pathfinding"
    }
    fn prepare(&mut self, query: &Query) -> Result<(), SearchError> {
        Self::check(query)?;
        self.common.prepare(query)
    }
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        Self::check(query)?;
        let (grid, start, goal, rules) = (query.grid, query.start, query.goal, query.rules);
        if !self.common.is_prepared_for(query) {
            // Not prepared for this query: get the counters now (the caller
            // did not separate untimed work, so it is timed along).
            self.prepare(query)?;
        }
        let stride = grid.stride();
        let passable = grid.passable_nodes();
        let offsets: [i64; 8] = DIRECTIONS.map(|(dx, dy)| dy as i64 * stride as i64 + dx as i64);
        let eight = rules.moves == astar_core::Moves::Eight;
        let (straight, diagonal) = (rules.costs.straight, rules.costs.diagonal);
        let corner_cutting = rules.corner_cutting;
        let mut calls = 0u64;
        // Same neighbours, in the same order, with the same rules as the core.
        let successors = |&node: &NodeId| {
            calls += 1;
            let mut out = [(0u32, 0u32); 8];
            let mut n = 0;
            for (d, &offset) in offsets.iter().enumerate() {
                let diagonal_move = d % 2 == 0;
                if diagonal_move && !eight {
                    continue;
                }
                let next = (node as i64 + offset) as NodeId;
                if !passable[next as usize] {
                    continue;
                }
                if diagonal_move && !corner_cutting {
                    let (dx, dy) = DIRECTIONS[d];
                    let beside_x = (node as i64 + dx as i64) as usize;
                    let beside_y = (node as i64 + dy as i64 * stride as i64) as usize;
                    if !passable[beside_x] || !passable[beside_y] {
                        continue;
                    }
                }
                out[n] = (next, if diagonal_move { diagonal } else { straight });
                n += 1;
            }
            out.into_iter().take(n)
        };
        let h = |&node: &NodeId| {
            let p = Point::new(node % stride - 1, node / stride - 1);
            // The core's search of this query (run by `prepare`) found every
            // H it met within 32 bits; one past it, of a node only this peer
            // generates, saturates, which keeps H admissible.
            u32::try_from(heuristic(rules, p, goal)).unwrap_or(u32::MAX)
        };
        let goal_node = grid.node(goal);
        let found =
            pathfinding::directed::astar::astar(&grid.node(start), successors, h, |&node| {
                node == goal_node
            });
        self.successor_calls = calls;
        Ok(self.common.answer(stride, found))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.common.path(grid)
    }
    fn preparation_bytes_per_node(&self) -> f64 {
        self.common.preparation_bytes_per_node()
    }
    /// An estimate from the crate's data layout, as it does not say: per node
    /// it reaches, an index-map entry (hash, node, parent index, cost: 32
    /// bytes) and a hash-table slot (8 bytes), and per push a heap entry (16
    /// bytes); the nodes reached are taken as this project's push count for
    /// the same query. Averaged over the map's nodes; spare capacity not counted.
    fn bytes_per_node(&self) -> f64 {
        match self.common.prepared_counters() {
            Some((counters, nodes)) => counters.pushes as f64 * 56.0 / nodes.max(1) as f64,
            None => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FloorSolver;
    use astar_core::Search;
    use openlist_heap::BinaryHeap;

    /// A recording made for one grid must never answer for another: not for
    /// a grid built after the first was dropped (same size, so its storage
    /// may reuse the same address), nor for the same grid changed since.
    #[test]
    fn a_stale_preparation_is_never_reused() {
        let rules = Rules::default();
        let (start, goal) = (Point::new(0, 0), Point::new(11, 0));
        let open = || Grid::open(12, 6).unwrap();
        let wall = |g: &mut Grid| {
            for y in 0..5 {
                g.set_passable(Point::new(6, y), false);
            }
        };
        let mut walled = open();
        wall(&mut walled);
        let plain = |g: &Grid| Search::<BinaryHeap>::new().run(&Query::new(g, start, goal, &rules));
        let want = plain(&walled).unwrap();
        assert_ne!(want.cost, plain(&open()).unwrap().cost, "the wall matters");

        let solvers: [Box<dyn Solver>; 2] = [
            Box::new(FloorSolver::default()),
            Box::new(PathfindingPeer::default()),
        ];
        for mut solver in solvers {
            let name = solver.name();
            // Another grid after the prepared one is dropped.
            for _ in 0..3 {
                let a = open();
                solver
                    .prepare(&Query::new(&a, start, goal, &rules))
                    .unwrap();
                drop(a);
                let b = walled.clone();
                let got = solver.solve(&Query::new(&b, start, goal, &rules)).unwrap();
                assert_eq!(got, want, "{name}: new grid");
            }
            // The prepared grid itself, changed after `prepare`.
            let mut a = open();
            solver
                .prepare(&Query::new(&a, start, goal, &rules))
                .unwrap();
            wall(&mut a);
            let got = solver.solve(&Query::new(&a, start, goal, &rules)).unwrap();
            assert_eq!(got, want, "{name}: changed grid");
            let path = solver.path(&a).expect("a path");
            assert!(
                path.iter().all(|&p| a.is_passable_at(p)),
                "{name}: path through a wall"
            );
        }
    }
}
