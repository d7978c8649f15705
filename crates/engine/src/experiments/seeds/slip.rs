//! 3. Seed 001's precedence slip (`seed001-slip`), with its own Manhattan
//!    heuristic and with octile: the true cost of the path returned, and
//!    whether the G it reports is that cost.

use super::rows::{keyed, keyed_row};
use super::{base_rules, CoreSearch, Experiment, Query};
use astar_core::{Heuristic, Rules, StepRule};
use astar_runs::error::Result;

/// The heuristics the slip runs under: name in the CSV, label in the table.
pub const CASES: [(Heuristic, &str, &str); 2] = [
    (Heuristic::Manhattan, "manhattan", "Manhattan (as written)"),
    (Heuristic::Octile, "octile", "octile"),
];

keyed_row! {
    /// One query with the slip and without, under one heuristic (`slip.csv`).
    pub struct SlipRow in "slip.csv" {
        /// `manhattan` (seed 001 as written) or `octile`.
        pub heuristic: String,
        /// Octile cost: the optimum.
        pub optimal: u64,
        /// True cost of the path without the slip, same heuristic.
        pub correct_cost: u64,
        /// True cost of the path the slip returned.
        pub slip_true_cost: u64,
        /// G of the goal as the slip reported it.
        pub slip_reported_g: u64,
        /// Expansions without the slip.
        pub correct_expansions: u64,
        /// Expansions with the slip.
        pub slip_expansions: u64,
    }
}

/// The experiment.
pub struct Slip;

impl Experiment for Slip {
    type Rows = Vec<SlipRow>;

    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        let mut s = CoreSearch::new();
        CASES
            .iter()
            .map(|&(heuristic, name, _)| {
                let correct_rules = Rules {
                    heuristic,
                    ..base_rules()
                };
                let correct = if heuristic == Heuristic::Octile {
                    q.optimum
                } else {
                    q.run(&mut s, &correct_rules)?
                };
                let slip_rules = Rules {
                    step_rule: StepRule::Seed001Slip,
                    ..correct_rules
                };
                let slip = q.run(&mut s, &slip_rules)?;
                Ok(keyed!(SlipRow at q.key(), {
                    heuristic: name.to_string(),
                    optimal: q.optimum.cost,
                    correct_cost: correct.cost,
                    slip_true_cost: slip.cost,
                    slip_reported_g: slip.reported,
                    correct_expansions: correct.expansions,
                    slip_expansions: slip.expansions,
                }))
            })
            .collect()
    }
}
