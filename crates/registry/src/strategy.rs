//! The strategy registry: every open list the harness can run, by name.
//!
//! Adding an open list means one crate under `crates/lists/` and one line in
//! the `lists` part of the `strategies!` list below (plus the crate's line in
//! this crate's `Cargo.toml`); the command line, sweeps, benches, tests and
//! reports pick it up from here. Each line also says how the list's
//! operations grow ([`Growth`]), which is how benches and examples know which
//! lists to leave out of large maps. The `others` part holds the strategies
//! that are not open lists — the zero-cost `floor`, its lazy form
//! `lazy-floor`, and the peers — each with
//! its own [`Solver`]; [`Strategy::with`] (generic over the list type) covers
//! the open lists only, and [`Strategy::kind`] tells them apart.

use crate::{RegistryError, Solver};
use astar_core::{OpenList, Rules, Search, Unsupported};
use std::fmt;
use std::str::FromStr;

/// Calls back with the open-list type of a strategy: how generic code (tests,
/// benches) gets one monomorphised search per strategy from a runtime name.
pub trait WithOpenList {
    /// What the callback returns.
    type Output;
    /// Called with the strategy's open-list type.
    fn call<L: OpenList + Default + Send + 'static>(self) -> Self::Output;
}

/// How the cost of a list's OPEN operations grows with the number of keys on
/// OPEN: what decides whether the list can be timed on large maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Growth {
    /// Some operation is linear in OPEN's size (a scan or a walk): seconds per
    /// search on a 1024² map, so benches and examples skip such lists there.
    Linear,
    /// Every operation is logarithmic, amortised constant or better.
    Sublinear,
}

/// What kind of strategy a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// An open list run by the core search: reports its expansion order.
    OpenList,
    /// A zero-cost floor (`floor`, or `lazy-floor` for lazy lists): a
    /// recorded search replayed with no open list.
    Floor,
    /// Another crate's A*: comparable on cost only.
    Peer,
    /// Another algorithm (jump point search), not an A* over an open list:
    /// a reference row for what changing the algorithm buys, kept apart
    /// from the lists and the A* peers in every table and chart.
    Algorithm,
}

impl Kind {
    /// The kind of the strategy called `name`; `None` for a name the
    /// registry does not know (a run folder may name a strategy since
    /// removed or renamed).
    pub fn of_name(name: &str) -> Option<Kind> {
        Strategy::named(name).map(Strategy::kind)
    }
}

macro_rules! strategies {
    (
        lists { $( $(#[$doc:meta])* $variant:ident => $list:ty, $growth:ident ),+ $(,)? }
        others { $( $(#[$odoc:meta])* $ovariant:ident => $oname:literal, $kind:ident, $solver:ty ),+ $(,)? }
    ) => {
        /// A strategy, by name: an open list, a floor, a peer, or another
        /// algorithm (jump point search).
        ///
        /// ```
        /// use astar_core::{Grid, Point, Query, Rules};
        /// use astar_registry::{Kind, Strategy};
        ///
        /// let heap: Strategy = "heap".parse().unwrap();
        /// assert_eq!(heap, Strategy::Heap);
        /// assert_eq!(heap.kind(), Kind::OpenList);
        /// assert!("no-such-list".parse::<Strategy>().is_err());
        ///
        /// // Every strategy that runs these rules gives the same report: the
        /// // same cost, and (the peers reporting the core's) the same counters.
        /// // Jump point search cuts corners, so it runs other rules.
        /// let grid = Grid::from_ascii(
        ///     "
        ///     .....#....
        ///     .###.#.##.
        ///     .#...#..#.
        ///     .#.###.##.
        ///     ..........
        ///     ",
        /// )
        /// .unwrap();
        /// let rules = Rules::default();
        /// let (start, goal) = (Point::new(0, 0), Point::new(9, 0));
        /// let query = Query::new(&grid, start, goal, &rules);
        /// let mut reports = Vec::new();
        /// for strategy in Strategy::supporting(&rules) {
        ///     let mut solver = strategy.solver();
        ///     solver.prepare(&query).unwrap();
        ///     reports.push(solver.solve(&query).unwrap());
        /// }
        /// assert_eq!(reports.len(), Strategy::ALL.len() - 1);
        /// assert!(Strategy::GridJps.supports(&rules).is_err());
        /// assert!(reports[0].cost.is_some());
        /// assert!(reports.iter().all(|r| *r == reports[0]));
        /// ```
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

            /// How the list's operations grow with OPEN's size; strategies
            /// that are not open lists count as [`Growth::Sublinear`].
            pub fn growth(self) -> Growth {
                match self {
                    $( Strategy::$variant => Growth::$growth, )+
                    $( Strategy::$ovariant => Growth::Sublinear, )+
                }
            }

            /// Whether this is an open list, the floor or a peer.
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
        Linear => openlist_linear::LinearScan, Linear,
        /// Sorted vector, binary-search insertion.
        Sorted => openlist_sorted::SortedVec, Linear,
        /// Sorted singly-linked list in an arena.
        Linked => openlist_linked::SortedLinkedList, Linear,
        /// Indexed binary heap with decrease-key.
        Heap => openlist_heap::BinaryHeap, Sublinear,
        /// `std`'s binary heap, no decrease-key: stale entries skipped.
        LazyHeap => openlist_lazy_heap::LazyHeap, Sublinear,
        /// Indexed 2-ary heap (the const-generic d-ary code).
        Dary2 => openlist_dary::Dary2, Sublinear,
        /// Indexed 4-ary heap.
        Dary4 => openlist_dary::Dary4, Sublinear,
        /// Indexed 8-ary heap.
        Dary8 => openlist_dary::Dary8, Sublinear,
        /// Pairing heap with decrease-key, in an arena.
        Pairing => openlist_pairing::PairingHeap, Sublinear,
        /// Bucket queue (Dial): ordered stacks per F over a circular window.
        Bucket => openlist_bucket::BucketQueue, Sublinear,
        /// Bucket queue for sparse F: pooled stacks, two-level bitmap.
        SparseBucket => openlist_sparse_bucket::SparseBucket, Sublinear,
        /// Two-level bucket queue for sparse F: coarse buckets, a sorted run.
        TwoLevel => openlist_two_level::TwoLevelBucket, Sublinear,
        /// Radix heap on F, exact order among equal F.
        Radix => openlist_radix::RadixHeap, Sublinear,
        /// Seed 003's heap: decrease-key finds the node by a linear scan.
        HeapScan => openlist_heap_scan::ScanHeap, Linear,
        /// The `priority-queue` crate: an indexed heap over a hash map.
        CratePriorityQueue => openlist_crate_priority_queue::CratePriorityQueue, Sublinear,
        /// The `keyed_priority_queue` crate: a binary heap beside a hash map.
        CrateKeyedPq => openlist_crate_keyed_pq::CrateKeyedPq, Sublinear,
        /// The `dary_heap` crate's 4-ary heap, no decrease-key: stale entries skipped.
        CrateDaryHeap => openlist_crate_dary_heap::CrateDaryHeap, Sublinear,
    }
    others {
        /// The zero-cost floor: the recorded search replayed without OPEN.
        Floor => "floor", Floor, crate::floor::FloorSolver,
        /// The floor of lazy lists: the recorded search's stale pops replayed too.
        LazyFloor => "lazy-floor", Floor, crate::floor::LazyFloorSolver,
        /// The `pathfinding` crate's `astar`.
        Pathfinding => "pathfinding", Peer, crate::peer::PathfindingPeer,
        /// `petgraph`'s `algo::astar` on a compressed-sparse-row graph of the grid.
        Petgraph => "petgraph", Peer, crate::petgraph_peer::PetgraphPeer,
        /// `grid_pathfinding`'s jump point search (corner-cutting moves only).
        GridJps => "grid-jps", Algorithm, crate::jps_peer::GridJpsPeer,
    }
}

impl Strategy {
    /// Whether this strategy can run a search under `rules`, and why not.
    pub fn supports(self, rules: &Rules) -> Result<(), Unsupported> {
        struct Supports<'a>(&'a Rules);
        impl WithOpenList for Supports<'_> {
            type Output = Result<(), Unsupported>;
            fn call<L: OpenList + Default + Send + 'static>(self) -> Result<(), Unsupported> {
                L::supports(self.0)
            }
        }
        match self.kind() {
            Kind::OpenList => self.with(Supports(rules)).unwrap_or(Ok(())),
            Kind::Floor => Ok(()),
            Kind::Peer => match self {
                Strategy::Pathfinding => crate::peer::PathfindingPeer::supports(rules),
                Strategy::Petgraph => crate::petgraph_peer::PetgraphPeer::supports(rules),
                _ => unreachable!("{self} is not a peer"),
            },
            Kind::Algorithm => crate::jps_peer::GridJpsPeer::supports(rules),
        }
    }

    /// The published crate this strategy measures, with the version this
    /// build links (from `Cargo.lock`, read when the registry is built): a
    /// peer's A*, jump point search, or the queue a crate-backed open list wraps. `None` for
    /// the project's own strategies.
    fn published(self) -> Option<(&'static str, &'static str)> {
        match self {
            Strategy::Pathfinding => Some(("pathfinding", env!("CRATE_VERSION_PATHFINDING"))),
            Strategy::Petgraph => Some(("petgraph", env!("CRATE_VERSION_PETGRAPH"))),
            Strategy::GridJps => Some(("grid_pathfinding", env!("CRATE_VERSION_GRID_PATHFINDING"))),
            Strategy::CratePriorityQueue => {
                Some(("priority-queue", env!("CRATE_VERSION_PRIORITY_QUEUE")))
            }
            Strategy::CrateKeyedPq => Some((
                "keyed_priority_queue",
                env!("CRATE_VERSION_KEYED_PRIORITY_QUEUE"),
            )),
            Strategy::CrateDaryHeap => Some(("dary_heap", env!("CRATE_VERSION_DARY_HEAP"))),
            _ => None,
        }
    }

    /// The name on crates.io of the published crate this strategy measures
    /// (see [`Strategy::crate_version`]); `None` for the project's own
    /// strategies.
    pub fn crate_name(self) -> Option<&'static str> {
        self.published().map(|(name, _)| name)
    }

    /// For a peer or a crate-backed open list, the version of the crate it
    /// measures that this build links: what a run folder records next to
    /// the commit, so a cited ratio names the crate's version. `None` for
    /// the project's own strategies.
    pub fn crate_version(self) -> Option<&'static str> {
        self.published().map(|(_, version)| version)
    }

    /// Parses `all` or a comma-separated list of names (no repeats).
    pub fn parse_list(text: &str) -> Result<StrategyList, RegistryError> {
        if text.trim() == "all" {
            return Ok(StrategyList::All);
        }
        let mut out = Vec::new();
        for name in text.split(',').map(str::trim) {
            let s: Strategy = name.parse()?;
            if out.contains(&s) {
                return Err(RegistryError::NamedTwice(name.to_string()));
            }
            out.push(s);
        }
        if out.is_empty() {
            return Err(RegistryError::NoStrategy);
        }
        Ok(StrategyList::Named(out))
    }

    /// Every strategy that can run a search under `rules`, in report order:
    /// what `all` means for a run under those rules (a strategy named on
    /// its own that cannot is refused with the reason instead).
    pub fn supporting(rules: &Rules) -> Vec<Strategy> {
        Strategy::ALL
            .iter()
            .copied()
            .filter(|s| s.supports(rules).is_ok())
            .collect()
    }

    /// The open lists whose operations grow linearly ([`Growth::Linear`]).
    pub fn linear_time() -> impl Iterator<Item = Strategy> {
        Strategy::LISTS
            .iter()
            .copied()
            .filter(|s| s.growth() == Growth::Linear)
    }

    /// The strategy called `name`, if the registry knows it (parsing one
    /// says which names it knows instead).
    pub fn named(name: &str) -> Option<Strategy> {
        Strategy::ALL.iter().copied().find(|s| s.name() == name)
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
pub enum StrategyList {
    /// `all`: every strategy that can run the rules of the run.
    All,
    /// The strategies named, in the order given.
    Named(Vec<Strategy>),
}

impl StrategyList {
    /// The strategies of a run under `rules`: for `all` every one that
    /// supports them ([`Strategy::supporting`]), so `all` never asks for a
    /// search that must fail; named ones as given, for the run to refuse
    /// with the reason if one cannot.
    pub fn for_rules(&self, rules: &Rules) -> Vec<Strategy> {
        match self {
            StrategyList::All => Strategy::supporting(rules),
            StrategyList::Named(named) => named.clone(),
        }
    }
}

impl FromStr for Strategy {
    type Err = RegistryError;
    fn from_str(s: &str) -> Result<Self, RegistryError> {
        Strategy::named(s).ok_or_else(|| RegistryError::UnknownStrategy {
            name: s.to_string(),
            expected: Strategy::names(),
        })
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::{Kind, Strategy};

    /// Every strategy that measures a published crate names it and the
    /// version this build links, as `Cargo.lock` records it: every peer,
    /// and exactly the open lists named `crate-…`; the project's own
    /// strategies name none.
    #[test]
    fn each_published_crate_is_named_with_its_locked_version() {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
                .unwrap();
        for &s in Strategy::ALL {
            let published = match s.kind() {
                Kind::Peer | Kind::Algorithm => true,
                Kind::OpenList => s.name().starts_with("crate-"),
                Kind::Floor => false,
            };
            let (Some(name), Some(version)) = (s.crate_name(), s.crate_version()) else {
                assert!(!published, "{s} names no crate");
                assert_eq!((s.crate_name(), s.crate_version()), (None, None), "{s}");
                continue;
            };
            assert!(published, "{s} names a crate, {name}");
            assert!(
                version.split('.').count() == 3
                    && version.split('.').all(|p| p.parse::<u32>().is_ok()),
                "{s}: {version:?}"
            );
            let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
            assert!(
                lock.contains(&entry),
                "{s}: {name} {version} is not in Cargo.lock"
            );
        }
    }

    #[test]
    fn a_name_has_its_strategys_kind_and_an_unknown_name_none() {
        for &s in Strategy::ALL {
            assert_eq!(Kind::of_name(s.name()), Some(s.kind()), "{s}");
        }
        assert_eq!(Kind::of_name("heap"), Some(Kind::OpenList));
        assert_eq!(Kind::of_name("floor"), Some(Kind::Floor));
        assert_eq!(Kind::of_name("pathfinding"), Some(Kind::Peer));
        assert_eq!(Kind::of_name("Heap"), None);
        assert_eq!(Kind::of_name("no-such-list"), None);
    }
}
