//! Measuring: the workloads (random maps drawn from seeds, MovingAI scenario
//! suites), how one search is timed, how every strategy is measured on one
//! item, and the facts of the machine that measured them.

pub mod item;
pub mod machine;
pub mod suite;
pub mod timing;
pub mod workload;

use astar_core::{Grid, Point, Rules};

/// One query: a map, its endpoints and the rules of the search.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    /// The map.
    pub grid: &'a Grid,
    /// Where the search starts.
    pub start: Point,
    /// Where it is going.
    pub goal: Point,
    /// How it moves, costs, estimates and breaks ties.
    pub rules: &'a Rules,
}
