//! 2. Stopping when the goal enters OPEN (seed 000's "quicker" option) against
//!    stopping when it is closed, under both heuristics and both tie orders.

use super::rows::{keyed, keyed_row};
use super::{base_rules, CoreSearch, Experiment, Query};
use astar_core::{GoalTest as Stop, Heuristic, Rules, TiePolicy};
use astar_runs::error::Result;

/// The goal-test comparisons: heuristic and tie policy.
pub const GOAL_TEST_CASES: [(Heuristic, TiePolicy); 4] = [
    (Heuristic::Octile, TiePolicy::Lifo),
    (Heuristic::Manhattan, TiePolicy::Lifo),
    (Heuristic::Octile, TiePolicy::Fifo),
    (Heuristic::Manhattan, TiePolicy::Fifo),
];

keyed_row! {
    /// One query under one of [`GOAL_TEST_CASES`], stopping on close and on
    /// open (`goal_test.csv`).
    pub struct GoalTestRow in "goal_test.csv" {
        /// The heuristic, as `--heuristic` names it.
        pub heuristic: String,
        /// The tie policy, as `--tie` names it.
        pub tie: String,
        /// Octile cost: the optimum.
        pub optimal: u64,
        /// True cost of the path, goal on close.
        pub closed_cost: u64,
        /// True cost of the path, goal on open.
        pub opened_cost: u64,
        /// Expansions, goal on close.
        pub closed_expansions: u64,
        /// Expansions, goal on open.
        pub opened_expansions: u64,
    }
}

/// The experiment: seed 000's goal test against the default (named apart
/// from `astar_core::GoalTest`, the choice it varies).
pub struct GoalTestQuirk;

impl Experiment for GoalTestQuirk {
    type Rows = Vec<GoalTestRow>;

    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        let mut s = CoreSearch::new();
        GOAL_TEST_CASES
            .iter()
            .map(|&(heuristic, tie)| {
                let closed = Rules {
                    heuristic,
                    tie,
                    ..base_rules()
                };
                let opened = Rules {
                    goal_test: Stop::Opened,
                    ..closed
                };
                let c = q.run(&mut s, &closed)?;
                let o = q.run(&mut s, &opened)?;
                Ok(keyed!(GoalTestRow at q.key(), {
                    heuristic: heuristic.to_string(),
                    tie: tie.to_string(),
                    optimal: q.optimum.cost,
                    closed_cost: c.cost,
                    opened_cost: o.cost,
                    closed_expansions: c.expansions,
                    opened_expansions: o.expansions,
                }))
            })
            .collect()
    }
}
