//! The strategy registry: every open list the harness can run, by name.
//!
//! Adding an open list means one crate and one line in the `lists` part of the
//! `strategies!` list below; the command line, sweeps, tests and reports pick
//! it up from here. The `others` part holds the two strategies that are not
//! open lists — the zero-cost `floor` and the `pathfinding` peer — each with
//! its own [`Solver`]; [`Strategy::with`] (generic over the list type) covers
//! the open lists only, and [`Strategy::kind`] tells them apart.

use astar_core::{
    ExpansionLog, Grid, NodeId, OpenList, Point, Rules, Search, SearchError, SearchReport,
};
use std::fmt;
use std::str::FromStr;

/// Something that answers queries: a [`Search`] over some open list. Calls go
/// through a vtable once per search, never inside one.
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
    fn prepare(
        &mut self,
        _grid: &Grid,
        _start: Point,
        _goal: Point,
        _rules: &Rules,
    ) -> Result<(), SearchError> {
        Ok(())
    }
    /// Runs one search.
    fn solve(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<SearchReport, SearchError>;
    /// Runs one search and also returns the order in which it expanded nodes,
    /// when the strategy can tell (the sameness tests compare these orders).
    fn solve_logged(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError>;
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
    fn solve(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<SearchReport, SearchError> {
        self.run(grid, start, goal, rules)
    }
    fn solve_logged(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError> {
        let mut log = ExpansionLog::default();
        let report = self.run_observed(grid, start, goal, rules, &mut log)?;
        Ok((report, Some(log.nodes)))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        Search::path(self, grid)
    }
    fn bytes_per_node(&self) -> f64 {
        astar_core::SEARCH_BYTES_PER_NODE as f64 + self.open_list().bytes_per_node()
    }
}

/// Calls back with the open-list type of a strategy: how generic code (tests,
/// benches) gets one monomorphised search per strategy from a runtime name.
pub trait WithOpenList {
    /// What the callback returns.
    type Output;
    /// Called with the strategy's open-list type.
    fn call<L: OpenList + Default + Send + 'static>(self) -> Self::Output;
}

/// What kind of strategy a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An open list run by the core search: reports its expansion order.
    OpenList,
    /// The zero-cost floor: a recorded search replayed with no open list.
    Floor,
    /// Another crate's A*: comparable on cost only.
    Peer,
}

macro_rules! strategies {
    (
        lists { $( $(#[$doc:meta])* $variant:ident => $list:ty ),+ $(,)? }
        others { $( $(#[$odoc:meta])* $ovariant:ident => $oname:literal, $kind:ident, $solver:ty ),+ $(,)? }
    ) => {
        /// A strategy, by name: an open list, the floor, or the peer.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Strategy {
            $( $(#[$doc])* $variant, )+
            $( $(#[$odoc])* $ovariant, )+
        }

        impl Strategy {
            /// Every strategy, in report order: the open lists, then the others.
            pub const ALL: &'static [Strategy] =
                &[$(Strategy::$variant,)+ $(Strategy::$ovariant,)+];

            /// The open-list strategies only (those [`Strategy::with`] accepts).
            pub const LISTS: &'static [Strategy] = &[$(Strategy::$variant),+];

            /// The name used on the command line and in reports.
            pub fn name(self) -> &'static str {
                match self {
                    $( Strategy::$variant => <$list as OpenList>::NAME, )+
                    $( Strategy::$ovariant => $oname, )+
                }
            }

            /// Whether this is an open list, the floor or the peer.
            pub fn kind(self) -> Kind {
                match self {
                    $( Strategy::$variant => Kind::OpenList, )+
                    $( Strategy::$ovariant => Kind::$kind, )+
                }
            }

            /// Calls `f` with this strategy's open-list type; `None` for the
            /// strategies that are not open lists (floor, peer).
            pub fn with<W: WithOpenList>(self, f: W) -> Option<W::Output> {
                match self {
                    $( Strategy::$variant => Some(f.call::<$list>()), )+
                    $( Strategy::$ovariant => None, )+
                }
            }

            /// A fresh searcher for this strategy.
            pub fn solver(self) -> Box<dyn Solver> {
                match self {
                    $( Strategy::$variant => Box::new(Search::<$list>::new()), )+
                    $( Strategy::$ovariant => Box::new(<$solver>::default()), )+
                }
            }
        }
    };
}

strategies! {
    lists {
        /// Unsorted array, linear scan for the minimum.
        Linear => openlist_linear::LinearScan,
        /// Sorted vector, binary-search insertion.
        Sorted => openlist_sorted::SortedVec,
        /// Sorted singly-linked list in an arena.
        Linked => openlist_linked::SortedLinkedList,
        /// Indexed binary heap with decrease-key.
        Heap => openlist_heap::BinaryHeap,
        /// `std`'s binary heap, no decrease-key: stale entries skipped.
        LazyHeap => openlist_lazy_heap::LazyHeap,
        /// Indexed 2-ary heap (the const-generic d-ary code).
        Dary2 => openlist_dary::Dary2,
        /// Indexed 4-ary heap.
        Dary4 => openlist_dary::Dary4,
        /// Indexed 8-ary heap.
        Dary8 => openlist_dary::Dary8,
        /// Pairing heap with decrease-key, in an arena.
        Pairing => openlist_pairing::PairingHeap,
        /// Bucket queue (Dial): ordered stacks per F over a circular window.
        Bucket => openlist_bucket::BucketQueue,
        /// Radix heap on F, exact order among equal F.
        Radix => openlist_radix::RadixHeap,
        /// Seed 003's heap: decrease-key finds the node by a linear scan.
        HeapScan => openlist_heap_scan::ScanHeap,
    }
    others {
        /// The zero-cost floor: the recorded search replayed without OPEN.
        Floor => "floor", Floor, crate::baselines::FloorSolver,
        /// The `pathfinding` crate's `astar`.
        Pathfinding => "pathfinding", Peer, crate::baselines::PathfindingPeer,
    }
}

impl Strategy {
    /// Whether this strategy can run a search under `rules`, and why not.
    pub fn supports(self, rules: &Rules) -> Result<(), String> {
        struct Supports<'a>(&'a Rules);
        impl WithOpenList for Supports<'_> {
            type Output = Result<(), String>;
            fn call<L: OpenList + Default + Send + 'static>(self) -> Result<(), String> {
                L::supports(self.0)
            }
        }
        match self.kind() {
            Kind::OpenList => self.with(Supports(rules)).unwrap_or(Ok(())),
            Kind::Floor => Ok(()),
            Kind::Peer => crate::baselines::PathfindingPeer::supports(rules),
        }
    }

    /// Parses `all` or a comma-separated list of names (no repeats).
    pub fn parse_list(text: &str) -> Result<StrategyList, String> {
        if text.trim() == "all" {
            return Ok(StrategyList(Strategy::ALL.to_vec()));
        }
        let mut out = Vec::new();
        for name in text.split(',').map(str::trim) {
            let s: Strategy = name.parse()?;
            if out.contains(&s) {
                return Err(format!("strategy {name:?} is named twice"));
            }
            out.push(s);
        }
        if out.is_empty() {
            return Err("no strategy named".into());
        }
        Ok(StrategyList(out))
    }

    /// Every strategy name, for messages.
    pub fn names() -> String {
        Strategy::ALL
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Several strategies, as parsed from `all` or `a,b,c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyList(pub Vec<Strategy>);

impl FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Strategy::ALL
            .iter()
            .copied()
            .find(|x| x.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown strategy {s:?} (expected all or one of: {})",
                    Strategy::names()
                )
            })
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
