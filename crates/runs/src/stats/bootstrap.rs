//! Bootstrap confidence intervals for a median over clustered queries.
//!
//! The queries of one map are not independent samples: they share the map's
//! layout, so their speedups go up and down together. An interval that
//! resampled queries alone would treat a run of 3 maps × 100 queries as 300
//! independent draws and come out too narrow. So each resample is two-stage:
//! draw as many maps as there are, with replacement, from the maps measured;
//! then, within each drawn map, draw as many queries as it has, with
//! replacement, from its queries; the statistic is the median of all the
//! values drawn. The interval is the **percentile interval**: the 2.5th and
//! 97.5th percentiles (interpolated between order statistics, as
//! [`Quartiles`](super::Quartiles)) of [`RESAMPLES`] such medians.
//!
//! The random numbers come from ChaCha8 seeded with [`SEED`] afresh for every
//! interval, so an interval depends only on its sample (in the order given)
//! and a report regenerates byte for byte.

use super::quantile;
use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many resamples an interval is over. How far the printed ends move
/// with the seed, and what the resamples cost, on the published data:
/// `tests/bootstrap_stability.rs`.
pub const RESAMPLES: usize = 4000;

/// The fixed seed of every interval's random numbers.
pub const SEED: u64 = 0x05ee_d000_b007_57a9;

/// The interval's coverage.
pub const LEVEL: f64 = 0.95;

/// A confidence interval: `lo ≤ hi`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
}

impl Interval {
    /// Whether the whole interval lies in `[lo, hi]`.
    pub fn inside(&self, lo: f64, hi: f64) -> bool {
        self.lo >= lo && self.hi <= hi
    }
}

/// The fewest values a median gets an interval from: the smallest `n` for
/// which the sample's whole range, min to max, holds the median of what it
/// was drawn from at least [`LEVEL`] of the time. That range misses it when
/// every value falls on one side, with probability `2 · 2^-n`; a percentile
/// interval lies inside the range, so with fewer values no interval can have
/// 95% coverage, and one value would print as a width of zero. (6 at 95%.)
pub const FEWEST_VALUES: usize = {
    let (mut n, mut miss) = (1, 1.0);
    while miss > 1.0 - LEVEL {
        n += 1;
        miss /= 2.0;
    }
    n
};

/// The 95% percentile bootstrap interval of the median of `clusters` (one
/// slice of values per map), resampling maps and then queries within each
/// map, with [`RESAMPLES`] resamples and the fixed [`SEED`]. `None` when the
/// clusters hold fewer than [`FEWEST_VALUES`] values in all. NaNs must have
/// been removed.
pub fn median_interval(clusters: &[&[f64]]) -> Option<Interval> {
    median_interval_with(clusters, RESAMPLES, SEED)
}

/// [`median_interval`] with a given resample count and seed.
pub fn median_interval_with(clusters: &[&[f64]], resamples: usize, seed: u64) -> Option<Interval> {
    let values: usize = clusters.iter().map(|c| c.len()).sum();
    if values < FEWEST_VALUES {
        return None;
    }
    percentile_interval(clusters, resamples, seed)
}

/// The percentile interval of `resamples` resampled medians, for a sample of
/// any size.
fn percentile_interval(clusters: &[&[f64]], resamples: usize, seed: u64) -> Option<Interval> {
    let mut medians = resampled_medians(clusters, resamples, seed)?;
    medians.sort_by(f64::total_cmp);
    let tail = (1.0 - LEVEL) / 2.0;
    Some(Interval {
        lo: quantile(&medians, tail),
        hi: quantile(&medians, 1.0 - tail),
    })
}

/// The medians of `resamples` two-stage resamples of `clusters` (maps, then
/// queries within each map), in the order drawn. `None` when no cluster has
/// a value; empty clusters are left out.
pub fn resampled_medians(clusters: &[&[f64]], resamples: usize, seed: u64) -> Option<Vec<f64>> {
    let clusters: Vec<&[f64]> = clusters.iter().copied().filter(|c| !c.is_empty()).collect();
    if clusters.is_empty() || resamples == 0 {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draw = |n: usize| below(rng.next_u64(), n);
    let largest = clusters.iter().map(|c| c.len()).max().unwrap_or(0);
    let mut buf: Vec<f64> = Vec::with_capacity(largest * clusters.len());
    let mut out = Vec::with_capacity(resamples);
    for _ in 0..resamples {
        buf.clear();
        for _ in 0..clusters.len() {
            let c = clusters[draw(clusters.len())];
            for _ in 0..c.len() {
                buf.push(c[draw(c.len())]);
            }
        }
        out.push(median_in_place(&mut buf));
    }
    Some(out)
}

/// `x` mapped onto `0..n` by a multiply and shift (a bias of at most n/2⁶⁴).
fn below(x: u64, n: usize) -> usize {
    ((u128::from(x) * n as u128) >> 64) as usize
}

/// The median of a non-empty sample (the mean of the middle two when its
/// size is even), reordering it.
fn median_in_place(v: &mut [f64]) -> f64 {
    let n = v.len();
    let (lower, mid, _) = v.select_nth_unstable_by(n / 2, f64::total_cmp);
    let mid = *mid;
    if n % 2 == 1 {
        mid
    } else {
        // Interpolated as `Quartiles` does, so the two agree to the bit.
        let below = lower.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        below + (mid - below) * 0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::median;
    use std::collections::BTreeMap;

    #[test]
    fn median_in_place_agrees_with_median() {
        for v in [
            vec![3.0],
            vec![2.0, 1.0],
            vec![5.0, 1.0, 4.0, 4.0],
            vec![9.0, 2.0, 7.0, 1.0, 3.0],
        ] {
            assert_eq!(median_in_place(&mut v.clone()), median(v).unwrap());
        }
    }

    #[test]
    fn a_constant_sample_has_a_zero_width_interval_at_the_constant() {
        let a = [2.5; 7];
        let b = [2.5; 3];
        let ci = median_interval(&[&a, &b]).unwrap();
        assert_eq!((ci.lo, ci.hi), (2.5, 2.5));
        assert!(median_interval(&[]).is_none());
        assert!(median_interval(&[&[]]).is_none());
    }

    #[test]
    fn too_few_values_have_no_interval() {
        // At 95%, a sample's range misses the median 1 time in 16 with five
        // values and 1 in 32 with six.
        assert_eq!(FEWEST_VALUES, 6);
        let five = [1.0, 2.0, 3.0, 4.0, 5.0];
        let six = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        assert!(median_interval(&[&five]).is_none());
        assert!(median_interval(&[&five[..2], &five[2..]]).is_none());
        assert!(median_interval(&[&[7.0]]).is_none());
        let ci = median_interval(&[&six]).unwrap();
        assert!(ci.lo < ci.hi, "{ci:?}");
        assert!(median_interval(&[&six[..1], &six[1..4], &six[4..]]).is_some());
    }

    #[test]
    fn the_same_sample_gives_the_same_interval() {
        let a = [1.0, 4.0, 2.0, 8.0];
        let b = [3.0, 3.5];
        assert_eq!(median_interval(&[&a, &b]), median_interval(&[&a, &b]));
    }

    /// Every resample of a two-stage bootstrap, enumerated: each outcome's
    /// median and its probability.
    fn exact_distribution(clusters: &[&[f64]]) -> BTreeMap<u64, f64> {
        let m = clusters.len();
        let mut out: BTreeMap<u64, f64> = BTreeMap::new();
        // Every sequence of m drawn maps, then every sequence of queries
        // within each.
        let mut maps = vec![0usize; m];
        loop {
            let p_maps = (1.0 / m as f64).powi(m as i32);
            let drawn: Vec<&[f64]> = maps.iter().map(|&i| clusters[i]).collect();
            let mut picks: Vec<Vec<usize>> = drawn.iter().map(|c| vec![0; c.len()]).collect();
            loop {
                let values: Vec<f64> = drawn
                    .iter()
                    .zip(&picks)
                    .flat_map(|(c, p)| p.iter().map(|&i| c[i]))
                    .collect();
                let p: f64 = drawn
                    .iter()
                    .map(|c| (1.0 / c.len() as f64).powi(c.len() as i32))
                    .product();
                *out.entry(median(values).unwrap().to_bits()).or_default() += p_maps * p;
                // Next sequence of picks (an odometer).
                let mut k = 0;
                loop {
                    let flat = picks.iter().map(Vec::len).sum::<usize>();
                    if k == flat {
                        break;
                    }
                    let (ci, qi) = locate(&picks, k);
                    picks[ci][qi] += 1;
                    if picks[ci][qi] < drawn[ci].len() {
                        break;
                    }
                    picks[ci][qi] = 0;
                    k += 1;
                }
                if k == picks.iter().map(Vec::len).sum::<usize>() {
                    break;
                }
            }
            let mut k = 0;
            while k < m {
                maps[k] += 1;
                if maps[k] < m {
                    break;
                }
                maps[k] = 0;
                k += 1;
            }
            if k == m {
                break;
            }
        }
        out
    }

    fn locate(picks: &[Vec<usize>], mut k: usize) -> (usize, usize) {
        for (ci, p) in picks.iter().enumerate() {
            if k < p.len() {
                return (ci, k);
            }
            k -= p.len();
        }
        unreachable!()
    }

    /// The exact percentile ends: the smallest median whose cumulative
    /// probability reaches 2.5%, and the one reaching 97.5%; each with how
    /// far the cumulative probability is from the cut (so a test can require
    /// the Monte Carlo estimate to be clear of it).
    fn exact_ends(dist: &BTreeMap<u64, f64>) -> ((f64, f64), (f64, f64)) {
        let tail = (1.0 - LEVEL) / 2.0;
        let mut cum = 0.0;
        let (mut lo, mut hi) = (None, None);
        for (&bits, &p) in dist {
            let before = cum;
            cum += p;
            let v = f64::from_bits(bits);
            if lo.is_none() && cum > tail {
                lo = Some((v, (cum - tail).min(tail - before)));
            }
            if hi.is_none() && cum > 1.0 - tail {
                hi = Some((v, (cum - (1.0 - tail)).min((1.0 - tail) - before)));
            }
        }
        (lo.unwrap(), hi.unwrap())
    }

    #[test]
    fn small_samples_agree_with_every_resample_enumerated() {
        let one: &[&[f64]] = &[&[1.0, 2.0, 3.0]];
        let two: &[&[f64]] = &[&[1.0, 5.0], &[2.0, 9.0]];
        let three: &[&[f64]] = &[&[1.0, 2.0], &[4.0], &[3.0, 8.0]];
        for clusters in [one, two, three] {
            let dist = exact_distribution(clusters);
            let total: f64 = dist.values().sum();
            assert!((total - 1.0).abs() < 1e-12, "probabilities sum to 1");
            // The resampled medians take each value as often as it is likely.
            let n = 200_000;
            let medians = resampled_medians(clusters, n, SEED).unwrap();
            let mut seen: BTreeMap<u64, f64> = BTreeMap::new();
            for m in &medians {
                *seen.entry(m.to_bits()).or_default() += 1.0 / n as f64;
            }
            assert_eq!(
                seen.keys().collect::<Vec<_>>(),
                dist.keys().collect::<Vec<_>>(),
                "{clusters:?}: the same possible medians"
            );
            for (k, p) in &dist {
                let sd = (p * (1.0 - p) / n as f64).sqrt();
                assert!(
                    (seen[k] - p).abs() < 5.0 * sd + 1e-9,
                    "{clusters:?}: median {} seen {} of the time, exactly {p}",
                    f64::from_bits(*k),
                    seen[k]
                );
            }
            // And the interval's ends are the exact percentiles, where those
            // are clear of the cut.
            let ((lo, lo_margin), (hi, hi_margin)) = exact_ends(&dist);
            let ci = percentile_interval(clusters, RESAMPLES, SEED).unwrap();
            if lo_margin > 0.005 {
                assert_eq!(ci.lo, lo, "{clusters:?}");
            }
            if hi_margin > 0.005 {
                assert_eq!(ci.hi, hi, "{clusters:?}");
            }
        }
        // One map of [1, 2, 3]: the median is 1 with probability 7/27, so
        // the interval is the whole range.
        let ci = percentile_interval(one, RESAMPLES, SEED).unwrap();
        assert_eq!((ci.lo, ci.hi), (1.0, 3.0));
    }

    #[test]
    fn resampling_maps_widens_the_interval_of_clustered_queries() {
        // Three maps whose queries sit at three levels: the median depends
        // mostly on which maps are drawn.
        let level =
            |base: f64| -> Vec<f64> { (0..40).map(|i| base + 0.01 * f64::from(i)).collect() };
        let (a, b, c) = (level(1.0), level(2.0), level(4.0));
        let by_map = median_interval(&[&a, &b, &c]).unwrap();
        let pooled: Vec<f64> = [a, b, c].concat();
        let queries_only = median_interval(&[&pooled]).unwrap();
        let (wide, narrow) = (by_map.hi - by_map.lo, queries_only.hi - queries_only.lo);
        assert!(
            wide > 5.0 * narrow,
            "maps then queries {by_map:?}, queries alone {queries_only:?}"
        );
        assert!(by_map.lo < 2.0 && by_map.hi > 4.0, "{by_map:?}");
        assert!(queries_only.inside(1.9, 2.5), "{queries_only:?}");
    }
}
