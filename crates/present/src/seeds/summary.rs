//! The figures the seeds' tables print: shares, means and excess over the
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
