//! The strategy registry: every way astar-lab can answer a query, by name.
//!
//! This crate sits between the search (`astar-core` and the open-list crates
//! below it) and everything that measures or presents searches (the harness,
//! the benches, the tests). It owns three things:
//!
//! - [`Solver`]: the one interface a strategy answers through. A call goes
//!   through a vtable once per search, never inside one.
//! - [`Strategy`]: the registry, an enum matched once. Each open list is one
//!   line in [`strategy`], which monomorphises the core search for it, so the
//!   hot loop has no dynamic dispatch.
//! - The strategies that are not open lists: the zero-cost [`FloorSolver`],
//!   the peers ([`PathfindingPeer`], [`PetgraphPeer`]), other crates' A*
//!   on the same query, and jump point search ([`GridJpsPeer`]).
//!
//! The peers bring their own data structures, which is what they measure:
//!
//! - `pathfinding`'s `astar` walks the grid through a successor closure (no
//!   graph is built) and keeps an `FxIndexMap` from node to (parent index,
//!   cost) for every node reached and a `std` `BinaryHeap` of (estimated
//!   cost, cost, index) entries with no decrease-key.
//! - `petgraph`'s `algo::astar` searches a [`petgraph::csr::Csr`] built from
//!   the grid untimed in `prepare` (preparation memory), and keeps a `std`
//!   `BinaryHeap` of `MinScored` ((F, H, G), node) entries with no
//!   decrease-key, a `hashbrown` `HashMap` from node to its best (F, H, G)
//!   and a path tracker (another `HashMap`, from node to predecessor).
//!
//! Neither reports counters: both report those of this project's search on
//! the same query, run untimed in `prepare`; their outcome, cost and path are
//! their own.
//!
//! Apart from them, [`GridJpsPeer`] runs `grid_pathfinding`'s jump point
//! search: another algorithm, not an A* over an open list
//! ([`Kind::Algorithm`]), a reference row for what changing the algorithm
//! buys, under its own move set only (corners cut, √2 diagonals).
//!
//! It has no command line, no charts and no files: benches and tests use it
//! without pulling in what the harness needs.

mod floor;
mod grid_moves;
mod jps_peer;
mod peer;
mod peer_common;
mod petgraph_peer;
mod solver;
pub mod strategy;

pub use floor::{FloorSolver, LazyFloorSolver, ReplaySolver};
pub use jps_peer::GridJpsPeer;
pub use peer::PathfindingPeer;
pub use petgraph_peer::{CallbackCalls, PetgraphPeer};
pub use solver::Solver;
pub use strategy::{Growth, Kind, Strategy, StrategyList, WithOpenList};

/// The list the floor records with and the peer takes its counters from:
/// the indexed binary heap (any correct list runs the same search).
pub type ReferenceList = openlist_heap::BinaryHeap;

/// Bytes per node of the untimed search a peer takes its counters from, for
/// the map it last ran on: G and tag, and the heap's position map and slots.
fn reference_search_bytes_per_node(search: &astar_core::Search<ReferenceList>) -> f64 {
    astar_core::SEARCH_BYTES_PER_NODE as f64
        + astar_core::OpenList::bytes_per_node(search.open_list())
}

/// What every peer refuses, and why: another crate's A* has no expansion
/// limit, breaks ties its own way (so under an inadmissible heuristic its cost
/// would depend on that), always stops when it takes the goal off its heap,
/// and adds step costs (so it cannot follow seed 001's slip).
fn peer_supports(peer: &str, rules: &astar_core::Rules) -> Result<(), astar_core::Unsupported> {
    use astar_core::{GoalTest, StepRule, Unsupported};
    if rules.expansion_limit.is_some() {
        return Err(Unsupported::new(format!(
            "{peer}'s astar has no expansion limit"
        )));
    }
    if !rules.is_admissible() {
        return Err(Unsupported::new(format!(
            "with an inadmissible heuristic the cost depends on tie-breaking, which {peer} does its own way"
        )));
    }
    if rules.goal_test != GoalTest::Closed {
        return Err(Unsupported::new(format!(
            "{peer}'s astar stops only when it takes the goal off its heap"
        )));
    }
    if rules.step_rule != StepRule::Sum {
        return Err(Unsupported::new(format!(
            "{peer}'s astar adds step costs; it cannot follow seed 001's slip"
        )));
    }
    Ok(())
}

/// What every peer checks before it searches: what any search checks
/// ([`astar_core::Query::check`]) and the rules [`peer_supports`] allows.
fn peer_check(
    peer: &'static str,
    query: &astar_core::Query,
) -> Result<(), astar_core::SearchError> {
    query.check()?;
    peer_supports(peer, query.rules)
        .map_err(|reason| astar_core::SearchError::Unsupported { list: peer, reason })
}

/// A strategy name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// No strategy has this name.
    #[error("unknown strategy {name:?} (expected all or one of: {expected})")]
    UnknownStrategy {
        /// The name given.
        name: String,
        /// Every name there is.
        expected: String,
    },
    /// A list names one strategy twice.
    #[error("strategy {0:?} is named twice")]
    NamedTwice(String),
    /// An empty list.
    #[error("no strategy named")]
    NoStrategy,
}
