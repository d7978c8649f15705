//! 5. Seed 003's heap with a linear `isIn` scan (`heap-scan`) against the
//!    indexed heap: the time of each on every query, when the `heap-scan`
//!    strategy is registered.

use super::rows::{keyed_row, Key};
use super::summary::{mean, median_of};
use super::{base_rules, Experiment, Query, Setting};
use crate::error::Result;
use crate::measure::timing::{time_search, Repeats};
use crate::{bail, invalid};
use astar_registry::Strategy;
use std::fmt::Write as _;

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

    fn available(&self) -> bool {
        Strategy::named("heap-scan").is_some() && Strategy::named("heap").is_some()
    }

    /// Only the row's query: everything in it is timed.
    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        let k = Key::of(q.spec);
        Ok(vec![HeapScanRow {
            size: k.size,
            map: k.map,
            query: k.query,
            start: k.start,
            goal: k.goal,
            expansions: 0,
            heap_ns: 0,
            heap_scan_ns: 0,
        }])
    }

    /// Times the query with `heap`, then with `heap-scan`, each for at least
    /// the run's least time.
    fn time(&self, q: &Query<'_>, rows: &mut Self::Rows) -> Result<()> {
        let (Some(heap), Some(scan)) = (Strategy::named("heap"), Strategy::named("heap-scan"))
        else {
            bail!("heap-scan: the strategies are not registered");
        };
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

    fn table(&self, s: &Setting<'_>, rows: Option<&Self::Rows>) -> String {
        let mut m = String::new();
        let _ = writeln!(
            m,
            "#### 5. Seed 003's linear `isIn` (`heap-scan`) vs the indexed heap\n"
        );
        let Some(rows) = rows else {
            let _ = writeln!(
                m,
                "Not measured: no strategy named `heap-scan` is registered in this build.\n"
            );
            return m;
        };
        let _ = writeln!(m, "| size | queries | mean expansions | median ns, heap | median ns, heap-scan | time ratio (mean of per-query ratios) |");
        let _ = writeln!(m, "|---:|---:|---:|---:|---:|---:|");
        for &size in &s.config.sizes {
            let rs: Vec<&HeapScanRow> = rows.iter().filter(|r| r.size == size).collect();
            let e = mean(rs.iter().map(|r| r.expansions as f64));
            let h = median_of(rs.iter().map(|r| r.heap_ns as f64).collect());
            let sc = median_of(rs.iter().map(|r| r.heap_scan_ns as f64).collect());
            let ratio = mean(
                rs.iter()
                    .map(|r| r.heap_scan_ns as f64 / (r.heap_ns as f64).max(1.0)),
            );
            let _ = writeln!(
                m,
                "| {size} | {} | {e:.0} | {h:.0} | {sc:.0} | {ratio:.2}× |",
                rs.len()
            );
        }
        let _ = writeln!(m, "\n{}\n", verdict(rows, s));
        m
    }
}

/// The verdict: how the linear scan's cost grows with the map, from the
/// per-query time ratios.
fn verdict(rows: &[HeapScanRow], s: &Setting<'_>) -> String {
    let ratio = |size: u32| {
        median_of(
            rows.iter()
                .filter(|r| r.size == size)
                .map(|r| r.heap_scan_ns as f64 / (r.heap_ns as f64).max(1.0))
                .collect(),
        )
    };
    let (Some(&lo), Some(&hi)) = (s.config.sizes.first(), s.config.sizes.last()) else {
        return String::new();
    };
    let read = |r: f64| {
        if r >= 1.0 {
            format!("{r:.2}×")
        } else {
            format!("{r:.2}× (faster)")
        }
    };
    let (a, b) = (ratio(lo), ratio(hi));
    let trend = if b > a {
        "the scan's cost grows with the map"
    } else {
        "the scan's cost does not grow with the map here"
    };
    format!(
        "**Verdict:** the same search with the linear `isIn` took {} the indexed heap's time at side {lo} and {} at side {hi} (median of the per-query ratios): {trend}.",
        read(a),
        read(b)
    )
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
