//! 1. Manhattan × 10 with diagonal moves (seeds 000, 001) against octile: how
//!    often and by how much the path is longer, and how the expansions
//!    change. Manhattan × 10 is inconsistent with diagonals, so closed nodes
//!    get re-opened: it is measured with closed nodes re-opened (the core's
//!    default), with closed nodes final, and as the seeds search (closed nodes
//!    final and seed 000's neighbour order).

use super::rows::{keyed, keyed_row};
use super::{base_rules, CoreSearch, Experiment, Query};
use astar_core::{ClosedNodes, NeighbourOrder, Rules};
use astar_runs::error::Result;

keyed_row! {
    /// One query under both heuristics (`heuristic.csv`).
    pub struct HeuristicRow in "heuristic.csv" {
        /// Octile cost: the optimum.
        pub optimal: u64,
        /// True cost of the path Manhattan H returned (closed nodes re-opened).
        pub manhattan_cost: u64,
        /// Expansions with octile H.
        pub octile_expansions: u64,
        /// Expansions with Manhattan H (closed nodes re-opened).
        pub manhattan_expansions: u64,
        /// Closed nodes re-opened with Manhattan H.
        pub manhattan_reopens: u64,
        /// True cost with Manhattan H and closed nodes final.
        pub final_cost: u64,
        /// Expansions with Manhattan H and closed nodes final.
        pub final_expansions: u64,
        /// True cost of the seeds' own search: Manhattan H, closed nodes
        /// final, seed 000's neighbour order.
        pub seed_cost: u64,
        /// Expansions of the seeds' own search.
        pub seed_expansions: u64,
    }
}

/// The experiment: the seeds' heuristic against octile (named apart from
/// `astar_core::Heuristic`, the choice it varies).
pub struct HeuristicQuirk;

impl Experiment for HeuristicQuirk {
    type Rows = Vec<HeuristicRow>;

    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        let man = Rules {
            heuristic: astar_core::Heuristic::Manhattan,
            ..base_rules()
        };
        let fin = Rules {
            closed: ClosedNodes::Final,
            ..man
        };
        let seed = Rules {
            neighbour_order: NeighbourOrder::Seed,
            ..fin
        };
        let mut search = CoreSearch::new();
        let m = q.run(&mut search, &man)?;
        let f = q.run(&mut search, &fin)?;
        let sd = q.run(&mut search, &seed)?;
        Ok(vec![keyed!(HeuristicRow at q.key(), {
            optimal: q.optimum.cost,
            manhattan_cost: m.cost,
            octile_expansions: q.optimum.expansions,
            manhattan_expansions: m.expansions,
            manhattan_reopens: m.reopens,
            final_cost: f.cost,
            final_expansions: f.expansions,
            seed_cost: sd.cost,
            seed_expansions: sd.expansions,
        })])
    }
}
