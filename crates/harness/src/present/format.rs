//! How numbers read in generated text: one place, so every table and
//! sentence prints a figure the same way.

use crate::runs::OtherLoad;
use crate::stats::{Interval, Ratio};

/// A speedup: `2.41` with two decimals (from 100 up, whole).
pub fn ratio_text(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// Three significant digits (whole numbers from 100 up): how a median with
/// an interval reads.
pub fn sig3(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    let a = v.abs();
    if a >= 100.0 {
        format!("{v:.0}")
    } else if a >= 10.0 {
        format!("{v:.1}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// Two significant digits: how an interval's ends read. With a few thousand
/// resamples an end moves with the bootstrap's seed by about 1% of the
/// interval's width, often a unit in the third digit, rarely in the second.
pub fn sig2(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    let a = v.abs();
    if a >= 100.0 {
        let unit = 10f64.powi(a.log10().floor() as i32 - 1);
        format!("{:.0}", (v / unit).round() * unit)
    } else if a >= 10.0 {
        format!("{v:.0}")
    } else if a >= 1.0 {
        format!("{v:.1}")
    } else if a >= 0.1 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// A budget in milliseconds, in the unit it reads best in: `500 ms`, `10 s`.
pub fn duration_words(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{} s", sig3(ms / 1000.0))
    } else {
        format!("{} ms", sig3(ms))
    }
}

/// An interval alone: `[11–15]`.
pub fn interval_text(ci: Interval) -> String {
    format!("[{}–{}]", sig2(ci.lo), sig2(ci.hi))
}

/// A paired median with its 95% bootstrap interval: `12.1× [11–15]`.
pub fn ci_text(r: &Ratio) -> String {
    format!("{}× {}", sig3(r.median), interval_text(r.ci))
}

/// A paired median with its interval's ends at three significant digits,
/// `1.24× [1.23–1.25]`: for a verdict against a threshold, where two digits
/// could hide which side of it an end lies on (the verdict itself is taken
/// on the unrounded ends).
pub fn ci_text_fine(r: &Ratio) -> String {
    format!("{}× [{}–{}]", sig3(r.median), sig3(r.ci.lo), sig3(r.ci.hi))
}

/// The share of the machine's CPU time other work took during a run, with
/// its steal time, or `-` for runs that did not record it.
pub fn load_text(load: Option<OtherLoad>) -> String {
    load.map_or("-".into(), |l| {
        format!("{:.0}% (steal {:.0}%)", 100.0 * l.other, 100.0 * l.steal)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio(median: f64, lo: f64, hi: f64) -> Ratio {
        Ratio::for_tests(median, lo, hi)
    }

    #[test]
    fn a_median_reads_with_its_interval() {
        assert_eq!(ci_text(&ratio(12.1234, 10.6, 15.249)), "12.1× [11–15]");
        assert_eq!(ci_text(&ratio(2.5, 0.98, 131.0)), "2.50× [0.98–130]");
        assert_eq!(
            (sig2(1.04), sig2(0.0456), sig2(1549.0)),
            ("1.0".into(), "0.046".into(), "1500".into())
        );
    }

    #[test]
    fn a_verdicts_interval_keeps_a_third_digit() {
        let r = ratio(1.2377, 1.2277, 1.2495);
        assert_eq!(ci_text(&r), "1.24× [1.2–1.2]");
        assert_eq!(ci_text_fine(&r), "1.24× [1.23–1.25]");
    }
}
