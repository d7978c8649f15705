//! The numbers the tables print: shares, means, medians and excess over the
//! optimum, the same for every experiment.

/// Percent `part / whole`, or 0 for an empty whole.
pub fn pct(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The mean of `xs`, summed in order; 0 when empty.
pub fn mean(xs: impl IntoIterator<Item = f64>) -> f64 {
    let (mut s, mut n) = (0.0, 0usize);
    for x in xs {
        s += x;
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        s / n as f64
    }
}

/// Percent by which `cost` exceeds `best` (0 when `best` is 0).
pub fn excess(cost: u64, best: u64) -> f64 {
    if best == 0 {
        0.0
    } else {
        100.0 * (cost as f64 - best as f64) / best as f64
    }
}

/// Suboptimality of `pairs` (cost, optimum): (how many are longer, share
/// longer %, mean excess over all %, max excess %).
pub fn subopt(pairs: &[(u64, u64)]) -> (usize, f64, f64, f64) {
    let longer = pairs.iter().filter(|(c, b)| c > b).count();
    let ex: Vec<f64> = pairs.iter().map(|&(c, b)| excess(c, b)).collect();
    let max = ex.iter().cloned().fold(0.0, f64::max);
    (longer, pct(longer, pairs.len()), mean(ex), max)
}

/// The median of `xs` (mean of the middle two when even), 0 when empty.
pub fn median_of(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Nanoseconds as microseconds, three significant digits.
pub fn micros(ns: f64) -> String {
    let us = ns / 1000.0;
    if us >= 100.0 {
        format!("{us:.0}")
    } else if us >= 10.0 {
        format!("{us:.1}")
    } else {
        format!("{us:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty_samples() {
        assert_eq!(median_of(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median_of(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median_of(Vec::new()), 0.0);
    }
}
