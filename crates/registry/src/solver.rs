//! The one interface every strategy answers through.

use astar_core::{
    ExpansionLog, Grid, NodeId, OpenList, Point, Query, Search, SearchError, SearchReport,
};

/// Something that answers queries: a [`Search`] over some open list. Calls go
/// through a vtable once per search, never inside one.
///
/// ```
/// use astar_core::{Grid, Point, Query, Rules};
/// use astar_registry::{Solver, Strategy};
///
/// let grid = Grid::from_ascii(
///     "
///     ...#
///     .#.#
///     .#..
///     ",
/// )
/// .unwrap();
/// let rules = Rules::default();
/// let (start, goal) = (Point::new(0, 0), Point::new(3, 2));
/// let query = Query::new(&grid, start, goal, &rules);
///
/// // The floor records its search in `prepare`, untimed, and replays it in `solve`.
/// let mut floor = Strategy::Floor.solver();
/// floor.prepare(&query).unwrap();
/// let replayed = floor.solve(&query).unwrap();
/// let mut heap = Strategy::Heap.solver();
/// let (searched, order) = heap.solve_logged(&query).unwrap();
/// assert_eq!(replayed, searched);
/// assert_eq!(order.map(|o| o.len() as u64), Some(searched.counters.expansions));
///
/// let path = heap.path(&grid).unwrap();
/// assert_eq!((path[0], path[path.len() - 1]), (start, goal));
/// assert_eq!(floor.path(&grid), Some(path));
/// ```
pub trait Solver: Send {
    /// The strategy's name.
    fn name(&self) -> &'static str;
    /// Work done once per query before it is timed, never timed itself (a
    /// replay records the search it replays here). Call it before `solve`.
    ///
    /// What was prepared is tied to the query: the grid's
    /// [`stamp`](Grid::stamp) (renewed on every change to the grid, never
    /// shared by two grids alive at once), the endpoints and the rules. A
    /// `solve` for anything else — another query, another grid even at the
    /// same address, the same grid changed since — does not reuse it: it
    /// prepares again first, inside `solve`, and so still answers right. We
    /// chose that over refusing with an error because a wrong or refused
    /// answer is worse than a slow one, and the only cost falls on callers
    /// that skipped `prepare`: their timing then includes the preparation.
    /// Every timed caller (sweeps, benches, the scenario runner) prepares the
    /// exact query right before timing it.
    fn prepare(&mut self, _query: &Query) -> Result<(), SearchError> {
        Ok(())
    }
    /// Runs one search.
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError>;
    /// Runs one search and also returns the order in which it expanded nodes,
    /// when the strategy can tell (the sameness tests compare these orders).
    /// By default it cannot: another crate's search does not say.
    fn solve_logged(
        &mut self,
        query: &Query,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError> {
        Ok((self.solve(query)?, None))
    }
    /// The path of the last search, start to goal.
    fn path(&self, grid: &Grid) -> Option<Vec<Point>>;
    /// Bytes per map node of search state: the search's own arrays plus the list's.
    fn bytes_per_node(&self) -> f64;
    /// Bytes per map node kept for untimed preparation (the floor's recording
    /// search, the peer's reference search): not search state of the timed
    /// search, so not in [`bytes_per_node`](Solver::bytes_per_node), but
    /// memory a sweep must have.
    fn preparation_bytes_per_node(&self) -> f64 {
        0.0
    }
}

impl<L: OpenList + Send> Solver for Search<L> {
    fn name(&self) -> &'static str {
        L::NAME
    }
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        self.run(query)
    }
    fn solve_logged(
        &mut self,
        query: &Query,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError> {
        let mut log = ExpansionLog::default();
        let report = self.run_observed(query, &mut log)?;
        Ok((report, Some(log.nodes)))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        Search::path(self, grid)
    }
    fn bytes_per_node(&self) -> f64 {
        astar_core::SEARCH_BYTES_PER_NODE as f64 + self.open_list().bytes_per_node()
    }
}
