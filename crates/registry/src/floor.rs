//! The zero-cost floors as strategies.
//!
//! [`FloorSolver`] records one search untimed (in [`Solver::prepare`]) and
//! replays exactly that expansion sequence with no open list
//! ([`astar_core::Floor`]): the time no open list can beat.
//! [`LazyFloorSolver`] records over a lazy list and replays its stale pops
//! too: the time no lazy list can beat, and, over the floor, what laziness
//! alone costs the search.

use crate::Solver;
use astar_core::{
    ExpansionLog, Floor, Grid, LazyReplayList, NodeId, OpenList, Point, Query, Replay, ReplayList,
    SearchError, SearchReport,
};
use openlist_heap::BinaryHeap;
use openlist_lazy_heap::LazyHeap;

/// A floor as a [`Solver`]: recorded over list `L`, replayed by `R`.
#[derive(Debug)]
pub struct ReplaySolver<L, R: Replay> {
    floor: Floor<L, R>,
    nodes: usize,
}

impl<L: OpenList + Default, R: Replay> Default for ReplaySolver<L, R> {
    fn default() -> Self {
        ReplaySolver {
            floor: Floor::new(),
            nodes: 0,
        }
    }
}

/// The zero-cost floor: recorded with the indexed binary heap.
pub type FloorSolver = ReplaySolver<BinaryHeap, ReplayList>;

/// The floor of lazy lists: recorded with `std`'s heap made lazy, whose
/// stale keys it pops too. Any correct lazy list pops the same keys in the
/// same order (keys are a strict total order, and a node's keys differ in F).
pub type LazyFloorSolver = ReplaySolver<LazyHeap, LazyReplayList>;

impl<L: OpenList + Default + Send, R: Replay + Send> Solver for ReplaySolver<L, R> {
    fn name(&self) -> &'static str {
        R::NAME
    }
    fn prepare(&mut self, query: &Query) -> Result<(), SearchError> {
        self.floor.record(query).map(|_| ())
    }
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        self.nodes = query.grid.node_count();
        self.floor.replay(query)
    }
    fn solve_logged(
        &mut self,
        query: &Query,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError> {
        self.floor.record(query)?;
        self.nodes = query.grid.node_count();
        let mut log = ExpansionLog::default();
        let report = self.floor.replay_observed(query, &mut log)?;
        Ok((report, Some(log.nodes)))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.floor.path(grid)
    }
    fn bytes_per_node(&self) -> f64 {
        self.floor.bytes_per_node(self.nodes)
    }
    fn preparation_bytes_per_node(&self) -> f64 {
        self.floor.recording_bytes_per_node()
    }
}
