//! One query: the map, the endpoints and the rules a search answers for.

use crate::grid::{Grid, Point};
use crate::rules::Rules;

/// What one search is asked: the way from `start` to `goal` on `grid` under
/// `rules`. These four always travel together, from the workload to the
/// search and its checks, so they are one value. It only borrows the map and
/// the rules, so it is four words and cheap to copy.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    /// The map searched.
    pub grid: &'a Grid,
    /// Where the path starts.
    pub start: Point,
    /// Where it ends.
    pub goal: Point,
    /// Moves, costs, heuristic, ties and the seeds' modes.
    pub rules: &'a Rules,
}

impl<'a> Query<'a> {
    /// The query from `start` to `goal` on `grid` under `rules`.
    pub fn new(grid: &'a Grid, start: Point, goal: Point, rules: &'a Rules) -> Query<'a> {
        Query {
            grid,
            start,
            goal,
            rules,
        }
    }
}
