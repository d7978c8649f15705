//! Tests of search behaviour across the registry, one test binary with a
//! module per topic.
//!
//! - [`sameness`]: every registered strategy runs the identical search.
//! - [`paths`]: every path is legal and costs what the search says; re-opens happen; costs past 32 bits are an error.
//! - [`seed000`]: seed 000's worked example, traced by hand.
//! - [`memory`]: every strategy's bytes per cell count what OPEN held.
//! - [`jump_points`]: `grid_pathfinding`'s jump point search runs only its own move set, legally, never below the optimum.
//! - [`peers`]: the peers find the core's cost, never reuse a stale preparation, and do the work they claim.
//! - [`peer_work`]: the `pathfinding` peer expands what an A* with the query's heuristic expands.
//! - [`prepared`]: what the floor and the peer prepared never answers another query.

mod jump_points;
mod memory;
mod paths;
mod peer_work;
mod peers;
mod prepared;
mod sameness;
mod seed000;

use astar_core::{Grid, NodeId, Point, Query, Rules, SearchError, SearchReport};
use astar_registry::{Solver, Strategy};
pub use astar_testkit::{reference, SplitMix};

/// Runs one search the way the harness does (the untimed `prepare`, then the
/// search, logged), or returns `None` when the strategy does not support the
/// rules — after checking that it refuses them exactly when
/// [`Strategy::supports`] says so, with [`SearchError::Unsupported`].
pub fn solve(
    strategy: Strategy,
    solver: &mut dyn Solver,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
) -> Option<(SearchReport, Option<Vec<NodeId>>)> {
    let supported = strategy.supports(rules);
    let result = solver
        .prepare(&Query::new(grid, start, goal, rules))
        .and_then(|()| solver.solve_logged(&Query::new(grid, start, goal, rules)));
    match result {
        Ok(answer) => {
            assert_eq!(
                supported,
                Ok(()),
                "{strategy} ran rules it refuses: {rules:?}"
            );
            Some(answer)
        }
        Err(SearchError::Unsupported { .. }) => {
            assert!(
                supported.is_err(),
                "{strategy} refused rules it supports: {rules:?}"
            );
            None
        }
        Err(e) => panic!("{strategy}: {e} ({start} -> {goal}, {rules:?})"),
    }
}
