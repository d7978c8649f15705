//! The data of the real-map speedup charts: per family and strategy, the
//! paired speedups of its rows, binned by the size of the search.
//!
//! A row counts for the speedup of `s` over a base when both finished it
//! correctly (`ok`): so the rows where the base went over budget are absent
//! (for `linear`, its longest ones), and the speedup there is a lower bound.
//! Rows are binned by their expansions (the same for every strategy, which
//! all run the same search) into bins of equal width on a log scale,
//! [`BINS_PER_DECADE`] to a decade, with edges at 10^(k / BINS_PER_DECADE);
//! a bin is drawn at its geometric centre when it holds at least
//! [`MIN_ROWS`] rows.

use super::Family;
use crate::charts::families::{BinPoint, Binned};
use astar_runs::stats::Quartiles;
use astar_runs::Status;

/// Bins per factor of ten in expansions.
pub const BINS_PER_DECADE: f64 = 2.0;

/// The fewest rows a bin needs to be drawn.
pub const MIN_ROWS: usize = 3;

/// The bins' rule in words, for a chart's subtitle.
pub fn bins_text() -> String {
    format!(
        "{} bins per factor of 10, a bin drawn when it holds at least {MIN_ROWS} rows",
        BINS_PER_DECADE
    )
}

/// The bin of a search of `expansions`, or `None` for an empty search.
pub fn bin_of(expansions: u64) -> Option<i32> {
    (expansions >= 1).then(|| ((expansions as f64).log10() * BINS_PER_DECADE).floor() as i32)
}

/// Bins `(expansions, value)` pairs: per bin with at least [`MIN_ROWS`]
/// rows, its centre, the median and quartiles of its values and its rows,
/// by size.
pub fn log_bins(points: &[(u64, f64)]) -> Vec<BinPoint> {
    let mut by_bin: std::collections::BTreeMap<i32, Vec<f64>> = Default::default();
    for &(x, v) in points {
        if let Some(b) = bin_of(x) {
            if !v.is_nan() {
                by_bin.entry(b).or_default().push(v);
            }
        }
    }
    by_bin
        .into_iter()
        .filter(|(_, vs)| vs.len() >= MIN_ROWS)
        .filter_map(|(b, vs)| {
            let q = Quartiles::of(vs)?;
            Some(BinPoint {
                x: 10f64.powf((f64::from(b) + 0.5) / BINS_PER_DECADE),
                median: q.median,
                q1: q.q1,
                q3: q.q3,
                rows: q.n,
            })
        })
        .collect()
}

/// The rows that count for `s`'s speedup over `base` in a family: both
/// `ok`; each as (expansions, base's time ÷ `s`'s).
pub(crate) fn paired_speedups(f: &Family<'_>, base: &str, s: &str) -> Vec<(u64, f64)> {
    f.row_keys()
        .filter_map(|k| {
            let (rb, rs) = (f.record(base, k)?, f.record(s, k)?);
            (rb.status == Status::Ok && rs.status == Status::Ok && rs.ns_per_search > 0.0)
                .then(|| (rs.expansions, rb.ns_per_search / rs.ns_per_search))
        })
        .collect()
}

/// Every strategy but `base`, binned: its speedups over `base` in a family.
pub(crate) fn binned(f: &Family<'_>, strategies: &[String], base: &str) -> Vec<Binned> {
    strategies
        .iter()
        .filter(|s| *s != base)
        .map(|s| Binned {
            strategy: s.clone(),
            bins: log_bins(&paired_speedups(f, base, s)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_runs::Record;

    #[test]
    fn bins_are_half_decades_from_one_expansion() {
        assert_eq!(bin_of(0), None);
        assert_eq!(bin_of(1), Some(0));
        assert_eq!(bin_of(3), Some(0));
        assert_eq!(bin_of(4), Some(1), "√10 ≈ 3.16 starts the second bin");
        assert_eq!(bin_of(9), Some(1));
        assert_eq!(bin_of(10), Some(2));
        assert_eq!(bin_of(99_999), Some(9));
        assert_eq!(bin_of(100_000), Some(10));
    }

    #[test]
    fn a_bin_needs_enough_rows_and_sits_at_its_centre() {
        // Bin 2 (10..31): three rows; bin 3 (32..99): two rows, not drawn;
        // bin 4 (100..316): four rows.
        let pts = [
            (10, 2.0),
            (20, 4.0),
            (31, 9.0),
            (40, 100.0),
            (90, 100.0),
            (100, 1.0),
            (150, 2.0),
            (200, 3.0),
            (316, 4.0),
        ];
        let bins = log_bins(&pts);
        assert_eq!(bins.len(), 2, "{bins:?}");
        assert_eq!((bins[0].rows, bins[0].median), (3, 4.0));
        assert!((bins[0].x - 10f64.powf(1.25)).abs() < 1e-9);
        assert_eq!((bins[1].rows, bins[1].median), (4, 2.5));
        assert_eq!((bins[1].q1, bins[1].q3), (1.75, 3.25));
        assert!((bins[1].x - 10f64.powf(2.25)).abs() < 1e-9);
    }

    fn rec(line: u32, s: &str, status: &str, ns: f64, expansions: u64) -> Record {
        Record {
            status: status.parse().unwrap(),
            ns_per_search: ns,
            expansions,
            ..super::super::test_row("maze", "m.map", line, s)
        }
    }

    #[test]
    fn only_rows_both_finished_count() {
        let rows = vec![
            rec(1, "linear", "ok", 100.0, 10),
            rec(1, "heap", "ok", 50.0, 10),
            rec(2, "linear", "over-budget", f64::NAN, 0),
            rec(2, "heap", "ok", 10.0, 1000),
            rec(3, "linear", "ok", 900.0, 20),
            rec(3, "heap", "mismatch: x", 30.0, 20),
            rec(4, "linear", "ok", 300.0, 30),
            rec(4, "heap", "ok", 100.0, 30),
        ];
        let f = Family::of(&rows, "maze");
        assert_eq!(
            paired_speedups(&f, "linear", "heap"),
            vec![(10, 2.0), (30, 3.0)]
        );
        // The heap's row 2 is not there over linear, but it is over the heap
        // itself nowhere: the base is left out.
        let b = binned(&f, &["linear".into(), "heap".into()], "linear");
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].strategy, "heap");
    }
}
