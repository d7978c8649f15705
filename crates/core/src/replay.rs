//! The zero-cost floor: one search recorded, then replayed with no open list.
//!
//! [`Floor::record`] runs the search once over a real (non-lazy) open list and
//! writes down every key it popped. [`Floor::replay`] then runs the very same
//! A* loop of [`Search`] — neighbour generation, G and parent relaxation, tags,
//! counters — but its "open list" hands back the recorded nodes in order and
//! does nothing on push or decrease. Nothing that orders OPEN is left, so no
//! open list can make this A* faster than the replay: its time is the floor
//! that every strategy is compared with.

use crate::grid::{Grid, NodeId, Point};
use crate::key::Key;
use crate::open_list::OpenList;
use crate::rules::Rules;
use crate::search::{Search, SearchError, SearchReport};

/// Wraps a list and records the node of every key it pops.
#[derive(Debug, Default)]
struct Recording<L> {
    inner: L,
    popped: Vec<NodeId>,
}

impl<L: OpenList> OpenList for Recording<L> {
    const NAME: &'static str = L::NAME;
    const LAZY: bool = L::LAZY;

    fn supports(rules: &Rules) -> Result<(), crate::Unsupported> {
        L::supports(rules)
    }
    fn clear(&mut self, nodes: usize) {
        self.inner.clear(nodes);
        self.popped.clear();
    }
    fn push(&mut self, key: Key) {
        self.inner.push(key);
    }
    fn decrease(&mut self, key: Key) {
        self.inner.decrease(key);
    }
    fn pop(&mut self) -> Option<Key> {
        let key = self.inner.pop()?;
        self.popped.push(key.node());
        Some(key)
    }
    fn len(&self) -> usize {
        self.inner.len()
    }
}

/// The replay's stand-in for OPEN: pops the recorded nodes in order and only
/// counts pushes, so that `len` (and the `max_open` counter) matches the
/// search it replays.
#[derive(Debug, Default)]
pub struct ReplayList {
    order: Vec<NodeId>,
    next: usize,
    live: usize,
}

impl OpenList for ReplayList {
    const NAME: &'static str = "floor";

    fn clear(&mut self, _nodes: usize) {
        self.next = 0;
        self.live = 0;
    }
    #[inline(always)]
    fn push(&mut self, _key: Key) {
        self.live += 1;
    }
    #[inline(always)]
    fn decrease(&mut self, _key: Key) {}
    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        let node = *self.order.get(self.next)?;
        self.next += 1;
        self.live -= 1;
        // Only the node is read from a popped key when the list is not lazy.
        Some(Key::new(0, 0, node))
    }
    fn len(&self) -> usize {
        self.live
    }
}

/// What identifies a query: the grid's content (by its [`Grid::stamp`],
/// renewed on every change, so neither another grid that reuses the same
/// storage nor an edited one passes for the recorded one), the endpoints and
/// the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct QueryId {
    grid: u64,
    start: Point,
    goal: Point,
    rules: Rules,
}

impl QueryId {
    fn of(grid: &Grid, start: Point, goal: Point, rules: &Rules) -> QueryId {
        QueryId {
            grid: grid.stamp(),
            start,
            goal,
            rules: *rules,
        }
    }
}

/// Records a search over open list `L`, then replays it without one.
#[derive(Debug)]
pub struct Floor<L> {
    recorder: Search<Recording<L>>,
    replay: Search<ReplayList>,
    recorded: Option<(QueryId, SearchReport)>,
}

impl<L: OpenList + Default> Default for Floor<L> {
    fn default() -> Self {
        Self::new()
    }
}

impl<L: OpenList + Default> Floor<L> {
    /// A floor that records with a default `L`.
    pub fn new() -> Self {
        const {
            assert!(
                !L::LAZY,
                "record with a non-lazy list: a lazy one also pops stale keys"
            )
        };
        Floor {
            recorder: Search::new(),
            replay: Search::with_open_list(ReplayList::default()),
            recorded: None,
        }
    }

    /// Runs the search over `L` and keeps the order of its pops for
    /// [`replay`](Floor::replay). Not meant to be timed.
    pub fn record(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<SearchReport, SearchError> {
        self.recorded = None;
        let report = self.recorder.run(grid, start, goal, rules)?;
        let popped = &self.recorder.open_list().popped;
        let order = &mut self.replay.open_list_mut().order;
        order.clear();
        order.extend_from_slice(popped);
        self.recorded = Some((QueryId::of(grid, start, goal, rules), report));
        Ok(report)
    }

    /// Replays the recorded search: the same report, with no open list. If
    /// the last recording was of another query (another grid or the same grid
    /// changed since — see [`Grid::stamp`] —, other endpoints or rules), this
    /// records first, so the answer is always right.
    pub fn replay(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<SearchReport, SearchError> {
        let id = QueryId::of(grid, start, goal, rules);
        if self.recorded.is_none_or(|(q, _)| q != id) {
            self.record(grid, start, goal, rules)?;
        }
        let report = self.replay.run(grid, start, goal, rules)?;
        debug_assert_eq!(Some(report), self.recorded.map(|(_, r)| r));
        Ok(report)
    }

    /// The nodes the recorded search expanded, in order (its last pop is the
    /// goal, or the node that hit the limit, and is not expanded).
    pub fn expansions(&self) -> &[NodeId] {
        let popped = &self.replay.open_list().order;
        match self.recorded {
            Some((_, r)) => &popped[..r.counters.expansions as usize],
            None => &[],
        }
    }

    /// The path of the last replay, start to goal.
    pub fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.replay.path(grid)
    }

    /// Bytes per node of the replay's state: the search arrays and the
    /// recorded order (4 bytes per popped node, averaged over the nodes).
    pub fn bytes_per_node(&self, nodes: usize) -> f64 {
        let order = self.replay.open_list().order.capacity() * std::mem::size_of::<NodeId>();
        crate::SEARCH_BYTES_PER_NODE as f64 + crate::spread_over_cells(order, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ExpansionLog;
    use crate::{Heuristic, Moves, Outcome};

    /// A plain sorted-vector list, enough to record with.
    #[derive(Default)]
    struct Sorted(Vec<Key>);
    impl OpenList for Sorted {
        const NAME: &'static str = "sorted";
        fn clear(&mut self, _: usize) {
            self.0.clear();
        }
        fn push(&mut self, key: Key) {
            let at = self.0.partition_point(|&k| k > key);
            self.0.insert(at, key);
        }
        fn decrease(&mut self, key: Key) {
            self.0.retain(|k| k.node() != key.node());
            self.push(key);
        }
        fn pop(&mut self) -> Option<Key> {
            self.0.pop()
        }
        fn len(&self) -> usize {
            self.0.len()
        }
    }

    /// The first and last passable cells in reading order.
    fn ends(grid: &Grid) -> (Point, Point) {
        let free: Vec<Point> = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| Point::new(x, y)))
            .filter(|&p| grid.is_passable_at(p))
            .collect();
        (free[0], *free.last().unwrap())
    }

    #[test]
    fn replay_matches_the_recorded_search() {
        for (seed, heuristic, limit) in [
            (1, Heuristic::Octile, None),
            (2, Heuristic::Manhattan, None),
            (3, Heuristic::Zero, Some(40)),
        ] {
            // The limited search runs on an open map, so it surely hits the limit.
            let density = if limit.is_some() { 0.0 } else { 0.3 };
            let grid = Grid::random(40, 30, density, seed).unwrap();
            let rules = Rules {
                heuristic,
                expansion_limit: limit,
                moves: if seed == 2 { Moves::Four } else { Moves::Eight },
                ..Rules::default()
            };
            let (start, goal) = ends(&grid);
            let mut direct = Search::<Sorted>::new();
            let mut log = ExpansionLog::default();
            let want = direct
                .run_observed(&grid, start, goal, &rules, &mut log)
                .unwrap();
            let mut floor = Floor::<Sorted>::new();
            floor.record(&grid, start, goal, &rules).unwrap();
            let got = floor.replay(&grid, start, goal, &rules).unwrap();
            assert_eq!(got, want, "seed {seed}");
            assert_eq!(floor.expansions(), &log.nodes[..], "seed {seed}");
            assert_eq!(floor.path(&grid), direct.path(&grid), "seed {seed}");
            if limit.is_some() {
                assert_eq!(got.outcome, Outcome::LimitReached);
            }
        }
    }

    #[test]
    fn replay_follows_the_neighbour_order_and_closed_rule() {
        use crate::{ClosedNodes, NeighbourOrder, TiePolicy};
        let grid = Grid::random(30, 24, 0.25, 11).unwrap();
        let (start, goal) = ends(&grid);
        let mut floor = Floor::<Sorted>::new();
        let mut direct = Search::<Sorted>::new();
        for neighbour_order in [NeighbourOrder::Default, NeighbourOrder::Seed] {
            for closed in [ClosedNodes::Reopen, ClosedNodes::Final] {
                let rules = Rules {
                    heuristic: Heuristic::Manhattan,
                    tie: TiePolicy::Lifo,
                    neighbour_order,
                    closed,
                    ..Rules::default()
                };
                let mut log = ExpansionLog::default();
                let want = direct
                    .run_observed(&grid, start, goal, &rules, &mut log)
                    .unwrap();
                let got = floor.replay(&grid, start, goal, &rules).unwrap();
                let what = format!("{neighbour_order} {closed}");
                assert_eq!(got, want, "{what}");
                assert_eq!(floor.expansions(), &log.nodes[..], "{what}");
                assert_eq!(floor.path(&grid), direct.path(&grid), "{what}");
            }
        }
    }

    /// A grid changed after the recording, or another grid with the same
    /// size (whose storage may well reuse the dropped one's address), must
    /// not replay the stale recording.
    #[test]
    fn replay_on_a_changed_or_new_grid_records_again() {
        let rules = Rules::default();
        let (start, goal) = (Point::new(0, 0), Point::new(9, 0));
        let open = || Grid::open(10, 5).unwrap();
        let walled = || {
            let mut g = open();
            for y in 0..4 {
                g.set_passable(Point::new(5, y), false);
            }
            g
        };
        let want_open = Search::<Sorted>::new()
            .run(&open(), start, goal, &rules)
            .unwrap();
        let want_walled = Search::<Sorted>::new()
            .run(&walled(), start, goal, &rules)
            .unwrap();
        assert_ne!(want_open.cost, want_walled.cost, "the wall must matter");

        let mut floor = Floor::<Sorted>::new();
        let mut grid = open();
        floor.record(&grid, start, goal, &rules).unwrap();
        for y in 0..4 {
            grid.set_passable(Point::new(5, y), false);
        }
        assert_eq!(
            floor.replay(&grid, start, goal, &rules).unwrap(),
            want_walled
        );

        for _ in 0..4 {
            let a = open();
            floor.record(&a, start, goal, &rules).unwrap();
            drop(a);
            let b = walled();
            assert_eq!(floor.replay(&b, start, goal, &rules).unwrap(), want_walled);
        }
    }

    #[test]
    fn replay_of_another_query_records_it_first() {
        let grid = Grid::random(20, 20, 0.2, 7).unwrap();
        let rules = Rules::default();
        let mut floor = Floor::<Sorted>::new();
        let (a, b) = ends(&grid);
        let c = Point::new(10, 3);
        assert!(grid.is_passable_at(c));
        floor.record(&grid, a, b, &rules).unwrap();
        let got = floor.replay(&grid, a, c, &rules).unwrap();
        let want = Search::<Sorted>::new().run(&grid, a, c, &rules).unwrap();
        assert_eq!(got, want);
    }
}
