//! Statistics over measured rows, computed in one place and rendered elsewhere.
//!
//! Every statistic is a median or a quartile over queries, and every speedup is
//! *paired*: the ratio of two strategies' times on the same query, then the
//! median of those ratios. Both times come from one run folder: shards of a
//! sweep may run on different machines, and a pair never spans two of them. Pairing cancels most of what differs between queries
//! (path length, map layout), which a ratio of medians would not. Each
//! paired median carries a 95% bootstrap interval that resamples maps, then
//! queries within each map ([`bootstrap`]).

pub mod bootstrap;
pub mod summary;

pub use bootstrap::Interval;
pub use summary::{load_and_summarise, summarise, Cell, Group, Ratio, Summary};

/// Lower quartile, median, upper quartile and count of a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quartiles {
    /// 25th percentile.
    pub q1: f64,
    /// 50th percentile.
    pub median: f64,
    /// 75th percentile.
    pub q3: f64,
    /// Sample size.
    pub n: usize,
}

impl Quartiles {
    /// The quartiles of `values` (linear interpolation between order
    /// statistics), or `None` for an empty sample. NaNs are ignored.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Quartiles> {
        let mut v: Vec<f64> = values.into_iter().filter(|x| !x.is_nan()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        Some(Quartiles {
            q1: quantile(&v, 0.25),
            median: quantile(&v, 0.5),
            q3: quantile(&v, 0.75),
            n: v.len(),
        })
    }
}

/// The median of a sample (the mean of the middle two when its size is
/// even), or `None` when it is empty. NaNs are ignored.
pub fn median(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    Quartiles::of(values).map(|q| q.median)
}

/// The `p` quantile of sorted `v`: position `p·(n−1)`, interpolated.
fn quantile(v: &[f64], p: f64) -> f64 {
    let pos = p * (v.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_interpolate() {
        // Mean 4.25, so a mean taken for the median would show.
        let q = Quartiles::of([4.0, 10.0, 1.0, 2.0]).unwrap();
        assert_eq!((q.q1, q.median, q.q3, q.n), (1.75, 3.0, 5.5, 4));
        let q = Quartiles::of([9.0, 1.0, 2.0, 3.0, f64::NAN]).unwrap();
        assert_eq!(
            (q.q1, q.median, q.q3, q.n),
            (1.75, 2.5, 4.5, 4),
            "NaN ignored"
        );
        assert_eq!(Quartiles::of([7.0]).unwrap().median, 7.0);
        assert!(Quartiles::of([]).is_none());
    }

    #[test]
    fn median_of_odd_and_even_samples() {
        assert_eq!(median([5.0, 1.0, 30.0]), Some(5.0));
        assert_eq!(median([4.0, 1.0, 3.0, 20.0]), Some(3.5));
        assert_eq!(median([7.0]), Some(7.0));
        assert_eq!(median([]), None);
    }
}
