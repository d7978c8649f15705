//! The zero-cost floor: one search recorded, then replayed with no open list.
//!
//! [`Floor::record`] runs the search once over a real (non-lazy) open list and
//! writes down every key it popped. [`Floor::replay`] then runs the very same
//! A* loop of [`Search`] — neighbour generation, G and parent relaxation, tags,
//! counters — but its "open list" hands back the recorded nodes in order and
//! does nothing on push or decrease. Nothing that orders OPEN is left, so no
//! open list can make this A* faster than the replay: its time is the floor
//! that every strategy is compared with.
//!
//! A lazy list (decrease-key by pushing a second key) also pops the stale
//! keys, and the search checks each one. [`LazyReplayList`] replays such a
//! recording, stale keys and all, so that `Floor<L, LazyReplayList>` is the
//! floor of lazy lists: what laziness costs the search, with no list.

use crate::grid::{Grid, NodeId, Point};
use crate::key::Key;
use crate::open_list::OpenList;
use crate::query::Query;
use crate::rules::Rules;
use crate::search::{NoObserver, Observer, Search, SearchError, SearchReport};

/// Wraps a list and records what replay `R` keeps of every key it pops (and
/// the last key handed to it, which the replay must build too).
#[derive(Debug)]
struct Recording<L, R: Replay> {
    inner: L,
    popped: Vec<R::Popped>,
    last_handed: Key,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl<L: Default, R: Replay> Default for Recording<L, R> {
    fn default() -> Self {
        Recording {
            inner: L::default(),
            popped: Vec::new(),
            last_handed: Key::default(),
            nodes: 0,
        }
    }
}

impl<L: OpenList, R: Replay> OpenList for Recording<L, R> {
    const NAME: &'static str = L::NAME;
    const LAZY: bool = L::LAZY;

    fn supports(rules: &Rules) -> Result<(), crate::Unsupported> {
        L::supports(rules)
    }
    fn clear(&mut self, nodes: usize) {
        self.inner.clear(nodes);
        self.popped.clear();
        self.nodes = nodes;
    }
    fn push(&mut self, key: Key) {
        self.last_handed = key;
        self.inner.push(key);
    }
    fn decrease(&mut self, key: Key) {
        self.last_handed = key;
        self.inner.decrease(key);
    }
    fn pop(&mut self) -> Option<Key> {
        let key = self.inner.pop()?;
        self.popped.push(R::kept(key));
        Some(key)
    }
    fn len(&self) -> usize {
        self.inner.len()
    }
    /// The list's own bytes and the pops recorded so far, at their capacity.
    fn bytes_per_node(&self) -> f64 {
        let popped = self.popped.capacity() * std::mem::size_of::<R::Popped>();
        self.inner.bytes_per_node() + crate::spread_over_cells(popped, self.nodes)
    }
}

/// A replay's stand-in for OPEN: what it keeps of each recorded pop, and how
/// it takes a recording in. Sealed: the two replays below are the only ones.
pub trait Replay: OpenList + Default + sealed::Sealed {
    /// What the replay keeps of a popped key.
    type Popped: Copy + std::fmt::Debug + Send;
    /// What of `key` the replay keeps.
    fn kept(key: Key) -> Self::Popped;
    /// The recorded pops, in order, for the recording to fill.
    fn order_mut(&mut self) -> &mut Vec<Self::Popped>;
    /// The recorded pops, in order (a `Vec`, for its capacity).
    fn order(&self) -> &Vec<Self::Popped>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::ReplayList {}
    impl Sealed for super::LazyReplayList {}
}

/// What both replays hold: the recorded pops, how far the search has
/// taken them, how many keys OPEN would hold, and the last key handed in.
#[derive(Debug, Default)]
struct Recorded<P> {
    order: Vec<P>,
    next: usize,
    live: usize,
    last_handed: Key,
}

impl<P: Copy> Recorded<P> {
    fn rewind(&mut self) {
        self.next = 0;
        self.live = 0;
    }
    /// Keeps `key` (see [`ReplayList`] for why) and counts it as a key OPEN
    /// holds when `adds`.
    #[inline(always)]
    fn hand(&mut self, key: Key, adds: bool) {
        self.last_handed = key;
        self.live += usize::from(adds);
    }
    #[inline(always)]
    fn take(&mut self) -> Option<P> {
        let popped = *self.order.get(self.next)?;
        self.next += 1;
        self.live -= 1;
        Some(popped)
    }
}

/// The replay's stand-in for OPEN: pops the recorded nodes in order, counts
/// pushes, so that `len` (and the `max_open` counter) matches the search it
/// replays, and keeps the last key it was handed.
///
/// Keeping that key is what a list does at the least with a key it is given
/// (one store), and it is what makes the replay build every key the search
/// builds: a push that ignored its key would let the compiler drop the key's
/// tie field and F, and the floor would do less than the search it stands for.
#[derive(Debug, Default)]
pub struct ReplayList(Recorded<NodeId>);

impl OpenList for ReplayList {
    const NAME: &'static str = "floor";

    fn clear(&mut self, _nodes: usize) {
        self.0.rewind();
    }
    #[inline(always)]
    fn push(&mut self, key: Key) {
        self.0.hand(key, true);
    }
    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        // Decrease-key replaces a key: OPEN holds no more than before.
        self.0.hand(key, false);
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        let node = self.0.take()?;
        // Only the node is read from a popped key when the list is not lazy.
        Some(Key::new(0, 0, node))
    }
    fn len(&self) -> usize {
        self.0.live
    }
}

impl Replay for ReplayList {
    type Popped = NodeId;
    fn kept(key: Key) -> NodeId {
        key.node()
    }
    fn order_mut(&mut self) -> &mut Vec<NodeId> {
        &mut self.0.order
    }
    fn order(&self) -> &Vec<NodeId> {
        &self.0.order
    }
}

/// The stand-in for a lazy OPEN: hands back the recorded keys in order, the
/// stale ones too, so that the search pops each stale key and finds its node
/// closed, as over a lazy list. A decrease-key adds a key, as a lazy list's
/// does, so `len` counts stale keys too.
///
/// It hands back whole keys (16 bytes a pop, read in order), not just nodes:
/// a lazy list's pop returns the key it was given, and the search checks a
/// live key's F against the node's (in debug builds).
#[derive(Debug, Default)]
pub struct LazyReplayList(Recorded<Key>);

impl OpenList for LazyReplayList {
    const NAME: &'static str = "lazy-floor";
    const LAZY: bool = true;

    fn clear(&mut self, _nodes: usize) {
        self.0.rewind();
    }
    #[inline(always)]
    fn push(&mut self, key: Key) {
        self.0.hand(key, true);
    }
    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        // A lazy list adds the new key beside the stale one.
        self.0.hand(key, true);
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        self.0.take()
    }
    fn len(&self) -> usize {
        self.0.live
    }
}

impl Replay for LazyReplayList {
    type Popped = Key;
    fn kept(key: Key) -> Key {
        key
    }
    fn order_mut(&mut self) -> &mut Vec<Key> {
        &mut self.0.order
    }
    fn order(&self) -> &Vec<Key> {
        &self.0.order
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
    fn of(query: &Query) -> QueryId {
        QueryId {
            grid: query.grid.stamp(),
            start: query.start,
            goal: query.goal,
            rules: *query.rules,
        }
    }
}

/// Records a search over open list `L`, then replays it without one, with
/// replay `R`: [`ReplayList`] (the floor) for a list that is not lazy,
/// [`LazyReplayList`] (the floor of lazy lists) for one that is.
#[derive(Debug)]
pub struct Floor<L, R: Replay = ReplayList> {
    recorder: Search<Recording<L, R>>,
    replay: Search<R>,
    recorded: Option<(QueryId, SearchReport)>,
}

impl<L: OpenList + Default, R: Replay> Default for Floor<L, R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<L: OpenList + Default, R: Replay> Floor<L, R> {
    /// A floor that records with a default `L`.
    pub fn new() -> Self {
        const {
            assert!(
                L::LAZY == R::LAZY,
                "record with a list as lazy as the replay: only a lazy list pops stale keys, \
                 and only a lazy replay hands them back"
            )
        };
        Floor {
            recorder: Search::new(),
            replay: Search::with_open_list(R::default()),
            recorded: None,
        }
    }

    /// Runs the search over `L` and keeps the order of its pops for
    /// [`replay`](Floor::replay). Not meant to be timed.
    pub fn record(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        self.recorded = None;
        let report = self.recorder.run(query)?;
        let popped = &self.recorder.open_list().popped;
        let order = self.replay.open_list_mut().order_mut();
        order.clear();
        order.extend_from_slice(popped);
        self.recorded = Some((QueryId::of(query), report));
        Ok(report)
    }

    /// Replays the recorded search: the same report, with no open list. If
    /// the last recording was of another query (another grid or the same grid
    /// changed since — see [`Grid::stamp`] —, other endpoints or rules), this
    /// records first, so the answer is always right.
    pub fn replay(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        self.replay_observed(query, &mut NoObserver)
    }

    /// [`replay`](Floor::replay), reporting every event to `observer` (as
    /// [`Search::run_observed`]; not for timing, as the observer is compiled
    /// into the replayed loop).
    pub fn replay_observed(
        &mut self,
        query: &Query,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        let id = QueryId::of(query);
        if self.recorded.is_none_or(|(q, _)| q != id) {
            self.record(query)?;
        }
        let report = self.replay.run_observed(query, observer)?;
        debug_assert_eq!(Some(report), self.recorded.map(|(_, r)| r));
        Ok(report)
    }

    /// The path of the last replay, start to goal.
    pub fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.replay.path(grid)
    }

    /// Bytes per node of the replay's state: the search arrays and the
    /// recorded order (what the replay keeps of each pop — 4 bytes for the
    /// floor, a 16-byte key for the lazy floor —, averaged over the nodes).
    pub fn bytes_per_node(&self, nodes: usize) -> f64 {
        let order = self.replay.open_list().order().capacity() * std::mem::size_of::<R::Popped>();
        crate::SEARCH_BYTES_PER_NODE as f64 + crate::spread_over_cells(order, nodes)
    }

    /// Bytes per node of the recording search, which is not timed but is
    /// memory the floor must have while it records: its search arrays, the
    /// list it records over and the pops it has recorded, for the map it last
    /// recorded on.
    pub fn recording_bytes_per_node(&self) -> f64 {
        crate::SEARCH_BYTES_PER_NODE as f64 + self.recorder.open_list().bytes_per_node()
    }
}

impl<L: OpenList + Default> Floor<L> {
    /// The nodes the recorded search expanded, in order (its last pop is the
    /// goal, or the node that hit the limit, and is not expanded).
    pub fn expansions(&self) -> &[NodeId] {
        let popped = self.replay.open_list().order();
        match self.recorded {
            Some((_, r)) => &popped[..r.counters.expansions as usize],
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A list that keeps its keys in a plain sorted vector: slow and obviously
    /// right, enough to record a search.
    #[derive(Debug, Default)]
    struct Sorted(Vec<Key>);
    impl OpenList for Sorted {
        const NAME: &'static str = "sorted-test";
        fn clear(&mut self, _nodes: usize) {
            self.0.clear();
        }
        fn push(&mut self, key: Key) {
            let at = self.0.partition_point(|k| *k > key);
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

    /// The replay builds every key the search builds (F and tie field, not
    /// just the node): the last key handed to its stand-in list is the last
    /// key the recorded search handed to its real one.
    #[test]
    fn the_replay_hands_on_the_keys_the_search_built() {
        let mut grid = Grid::random(40, 30, 0.25, 9).unwrap();
        let (start, goal) = (Point::new(0, 0), Point::new(39, 29));
        grid.set_passable(start, true);
        grid.set_passable(goal, true);
        let rules = Rules::default();
        let mut floor = Floor::<Sorted>::new();
        let query = Query::new(&grid, start, goal, &rules);
        for found in [floor.record(&query), floor.replay(&query)] {
            assert!(found.unwrap().counters.pushes > 100);
        }
        let recorded = floor.recorder.open_list().last_handed;
        assert_ne!(recorded, Key::default());
        assert_eq!(floor.replay.open_list().0.last_handed, recorded);
    }
}
