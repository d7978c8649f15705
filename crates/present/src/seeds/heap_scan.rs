//! 5. Seed 003's heap with a linear `isIn` scan against the indexed heap:
//!    the tables and the verdict of [`HeapScan`]'s rows.

use super::summary::mean;
use super::{Setting, Table};
use crate::format::table_head;
use astar_engine::experiments::seeds::heap_scan::{HeapScan, HeapScanRow};
use astar_runs::stats::median;
use std::fmt::Write as _;

impl Table for HeapScan {
    const TITLE: &'static str = "5. Seed 003's linear `isIn` (`heap-scan`) vs the indexed heap";

    fn body(&self, s: &Setting<'_>, rows: &Self::Rows) -> String {
        let mut m = String::new();
        m.push_str(&table_head(
            &[
                "size",
                "queries",
                "mean expansions",
                "median ns, heap",
                "median ns, heap-scan",
                "time ratio (median of per-query ratios)",
            ],
            0,
        ));
        for &size in &s.config.sizes {
            let rs: Vec<&HeapScanRow> = rows.iter().filter(|r| r.size == size).collect();
            let e = mean(rs.iter().map(|r| r.expansions as f64));
            let h = median(rs.iter().map(|r| r.heap_ns as f64)).unwrap_or(0.0);
            let sc = median(rs.iter().map(|r| r.heap_scan_ns as f64)).unwrap_or(0.0);
            let ratio = ratio_at(rows, size);
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

/// The median over the queries at `size` of heap-scan's time ÷ the heap's:
/// what the table prints and the verdict reads.
fn ratio_at(rows: &[HeapScanRow], size: u32) -> f64 {
    median(
        rows.iter()
            .filter(|r| r.size == size)
            .map(|r| r.heap_scan_ns as f64 / (r.heap_ns as f64).max(1.0)),
    )
    .unwrap_or(0.0)
}

/// The verdict: how the linear scan's cost grows with the map, from the
/// per-query time ratios.
fn verdict(rows: &[HeapScanRow], s: &Setting<'_>) -> String {
    let ratio = |size: u32| ratio_at(rows, size);
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
