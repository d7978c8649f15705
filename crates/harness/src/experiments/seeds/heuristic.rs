//! 1. Manhattan × 10 with diagonal moves (seeds 000, 001) against octile: how
//!    often and by how much the path is longer, and how many expansions it
//!    saves.

use super::rows::{keyed_row, Key};
use super::summary::{mean, subopt};
use super::{base_rules, core_run, CoreSearch, Experiment, Query, Setting};
use crate::error::Result;
use astar_core::Rules;
use std::fmt::Write as _;

keyed_row! {
    /// One query under both heuristics (`heuristic.csv`).
    pub struct HeuristicRow in "heuristic.csv" {
        /// Octile cost: the optimum.
        pub optimal: u64,
        /// True cost of the path Manhattan H returned.
        pub manhattan_cost: u64,
        /// Expansions with octile H.
        pub octile_expansions: u64,
        /// Expansions with Manhattan H.
        pub manhattan_expansions: u64,
    }
}

/// The experiment.
pub struct Heuristic;

impl Experiment for Heuristic {
    type Rows = Vec<HeuristicRow>;

    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        let man = Rules {
            heuristic: astar_core::Heuristic::Manhattan,
            ..base_rules()
        };
        let m = core_run(&mut CoreSearch::new(), q.grid, q.spec, &man)?;
        let k = Key::of(q.spec);
        Ok(vec![HeuristicRow {
            size: k.size,
            map: k.map,
            query: k.query,
            start: k.start,
            goal: k.goal,
            optimal: q.optimum.cost,
            manhattan_cost: m.cost,
            octile_expansions: q.optimum.expansions,
            manhattan_expansions: m.expansions,
        }])
    }

    fn table(&self, s: &Setting<'_>, rows: Option<&Self::Rows>) -> String {
        let rows = rows.map(Vec::as_slice).unwrap_or_default();
        let mut m = String::new();
        let _ = writeln!(
            m,
            "#### 1. Manhattan × 10 with diagonal moves (seeds 000, 001) vs octile\n"
        );
        let _ = writeln!(m, "| size | queries | longer than optimal | mean excess | max excess | expansions, octile | expansions, Manhattan | expansions saved |");
        let _ = writeln!(m, "|---:|---:|---:|---:|---:|---:|---:|---:|");
        let mut all = Vec::new();
        for &size in &s.config.sizes {
            let rs: Vec<&HeuristicRow> = rows.iter().filter(|r| r.size == size).collect();
            let pairs: Vec<(u64, u64)> = rs.iter().map(|r| (r.manhattan_cost, r.optimal)).collect();
            all.extend(pairs.iter().copied());
            let (_, share, mean_ex, max_ex) = subopt(&pairs);
            let eo = mean(rs.iter().map(|r| r.octile_expansions as f64));
            let em = mean(rs.iter().map(|r| r.manhattan_expansions as f64));
            let _ = writeln!(
                m,
                "| {size} | {} | {share:.1}% | {mean_ex:.2}% | {max_ex:.2}% | {eo:.0} | {em:.0} | {:.1}% |",
                rs.len(),
                100.0 * (1.0 - em / eo.max(1.0))
            );
        }
        let (longer, share, mean_ex, max_ex) = subopt(&all);
        let _ = writeln!(
            m,
            "\nOver all {} queries, Manhattan returned a longer path than optimal on {longer} ({share:.1}%), by {mean_ex:.2}% on average and {max_ex:.2}% at worst.\n",
            all.len()
        );
        m
    }
}
