//! 5. Seed 003's heap with a linear `isIn` scan (`heap-scan`) against the
//!    indexed heap: the time of each on every query.

use super::rows::{keyed, keyed_row};
use super::{base_rules, Experiment, Query};
use crate::measure::timing::{time_search, Repeats};
use astar_registry::Strategy;
use astar_runs::error::Result;
use astar_runs::{bail, invalid};

keyed_row! {
    /// One query timed with `heap` and `heap-scan` (`heap_scan.csv`).
    pub struct HeapScanRow in "heap_scan.csv" {
        /// Nodes expanded (the same search in both).
        pub expansions: u64,
        /// Nanoseconds per search with `heap`, to the nearest whole.
        pub heap_ns: u64,
        /// Nanoseconds per search with `heap-scan`, to the nearest whole.
        pub heap_scan_ns: u64,
    }
}

/// Nanoseconds per search, rounded as the CSV writes them (ties to even, as
/// `{:.0}` did), so the tables of a measured run and of its CSVs agree.
fn whole_ns(ns: f64) -> u64 {
    ns.round_ties_even() as u64
}

/// The experiment.
pub struct HeapScan;

impl Experiment for HeapScan {
    type Rows = Vec<HeapScanRow>;

    /// Only the row's query: everything in it is timed.
    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        Ok(vec![keyed!(HeapScanRow at q.key(), {
            expansions: 0,
            heap_ns: 0,
            heap_scan_ns: 0,
        })])
    }

    /// Times the query with `heap`, then with `heap-scan`, each for at least
    /// the run's least time.
    fn time(&self, q: &Query<'_>, rows: &mut Self::Rows) -> Result<()> {
        let (heap, scan) = (Strategy::Heap, Strategy::HeapScan);
        let [row] = rows.as_mut_slice() else {
            bail!("heap-scan: one row per query");
        };
        let (s, rules) = (q.spec, base_rules());
        let (mut hs, mut ss) = (heap.solver(), scan.solver());
        let query = astar_core::Query {
            grid: q.grid,
            start: s.start,
            goal: s.goal,
            rules: &rules,
        };
        let repeats = Repeats::Median(q.min_time);
        let a =
            time_search(hs.as_mut(), &query, repeats, None).map_err(|e| invalid!("heap: {e}"))?;
        let b = time_search(ss.as_mut(), &query, repeats, None)
            .map_err(|e| invalid!("heap-scan: {e}"))?;
        if a.report.counters.expansions != b.report.counters.expansions {
            bail!("heap and heap-scan ran different searches");
        }
        row.expansions = a.report.counters.expansions;
        row.heap_ns = whole_ns(a.ns_per_search);
        row.heap_scan_ns = whole_ns(b.ns_per_search);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_ns_rounds_as_the_csv_always_did() {
        for ns in [0.4, 0.5, 1.5, 2.5, 1234.49, 1234.5, 99999.51] {
            assert_eq!(whole_ns(ns).to_string(), format!("{ns:.0}"), "{ns}");
        }
    }
}
