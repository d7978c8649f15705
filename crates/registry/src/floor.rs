//! The zero-cost floor as a strategy.
//!
//! [`FloorSolver`] records one search untimed (in [`Solver::prepare`]) and
//! replays exactly that expansion sequence with no open list
//! ([`astar_core::Floor`]): the time no open list can beat.

use crate::Solver;
use astar_core::{Floor, Grid, NodeId, Point, Rules, SearchError, SearchReport};
use openlist_heap::BinaryHeap;

/// The zero-cost floor as a [`Solver`]: recorded with the indexed binary heap.
#[derive(Debug, Default)]
pub struct FloorSolver {
    floor: Floor<BinaryHeap>,
    nodes: usize,
}

impl Solver for FloorSolver {
    fn name(&self) -> &'static str {
        "floor"
    }
    fn prepare(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<(), SearchError> {
        self.floor.record(grid, start, goal, rules).map(|_| ())
    }
    fn solve(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<SearchReport, SearchError> {
        self.nodes = grid.node_count();
        self.floor.replay(grid, start, goal, rules)
    }
    fn solve_logged(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError> {
        self.floor.record(grid, start, goal, rules)?;
        let report = self.solve(grid, start, goal, rules)?;
        Ok((report, Some(self.floor.expansions().to_vec())))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.floor.path(grid)
    }
    fn bytes_per_node(&self) -> f64 {
        self.floor.bytes_per_node(self.nodes)
    }
    fn preparation_bytes_per_node(&self) -> f64 {
        crate::RECORDING_SEARCH_BYTES_PER_NODE
    }
}
