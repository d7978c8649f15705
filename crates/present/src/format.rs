//! How numbers read in generated text: one place, so every table and
//! sentence prints a figure the same way.

use astar_runs::stats::{Interval, Ratio};
use astar_runs::OtherLoad;

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
    by_magnitude(v, 3)
}

/// Nanoseconds as microseconds: three significant digits from 10 µs up,
/// two decimals below (a time per search in the tables).
pub fn micros(ns: f64) -> String {
    by_magnitude(ns / 1e3, 2)
}

/// `v` with fewer decimals the larger it is (whole from 100 up, one decimal
/// from 10, two from 1, three below), at most `max_decimals`.
fn by_magnitude(v: f64, max_decimals: usize) -> String {
    let a = v.abs();
    let decimals = if a >= 100.0 {
        0
    } else if a >= 10.0 {
        1
    } else if a >= 1.0 {
        2
    } else {
        3
    };
    format!("{v:.*}", decimals.min(max_decimals))
}

/// The head of a markdown table: the column titles, then the rule that
/// aligns the first `text_columns` left and the rest (numbers) right.
pub fn table_head(columns: &[&str], text_columns: usize) -> String {
    let rule: String = (0..columns.len())
        .map(|i| if i < text_columns { "---|" } else { "---:|" })
        .collect();
    format!("| {} |\n|{rule}\n", columns.join(" | "))
}

/// Two significant digits, rounded to the nearest (whole numbers from 10
/// up, rounded to two digits from 100 up).
pub fn sig2(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    let unit = sig2_unit(v.abs());
    if unit > 1.0 {
        format!("{:.0}", (v / unit).round() * unit)
    } else {
        let decimals = (-unit.log10()).round() as usize;
        format!("{v:.decimals$}")
    }
}

/// The step between neighbouring values [`sig2`] prints near `a` (≥ 0): the
/// one place that says how many digits it keeps in each decade.
fn sig2_unit(a: f64) -> f64 {
    if a >= 100.0 {
        10f64.powi(a.log10().floor() as i32 - 1)
    } else if a >= 10.0 {
        1.0
    } else if a >= 1.0 {
        0.1
    } else if a >= 0.1 {
        0.01
    } else {
        0.001
    }
}

/// How many significant digits an interval's ends are printed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digits {
    /// [`sig2`]'s, rounded outward.
    Two,
    /// [`sig3`]'s, the median's own, rounded to the nearest.
    Three,
}

/// The ends of `ci` as printed with `digits`.
///
/// At the median's own precision (three digits) each end is rounded to the
/// nearest, which keeps the order of the ends and the median. At two digits
/// they are rounded away from the interval's inside (the lower end down,
/// the upper one up), so that the printed interval holds the computed one
/// and the median printed beside it: to the nearest, `1.27` in `[1.25,
/// 1.40]` would read `[1.3–1.4]`.
pub fn interval_ends(ci: Interval, digits: Digits) -> [String; 2] {
    match digits {
        Digits::Three => [sig3(ci.lo), sig3(ci.hi)],
        Digits::Two => [sig2_outward(ci.lo, false), sig2_outward(ci.hi, true)],
    }
}

/// `v` at two significant digits, rounded down, or up when `up`.
fn sig2_outward(v: f64, up: bool) -> String {
    if !v.is_finite() || v == 0.0 {
        return sig2(v);
    }
    let unit = sig2_unit(v.abs());
    let steps = v / unit;
    // An end already on a printed value, up to rounding error in the
    // division, stays there rather than moving a whole unit out.
    let slack = 1e-9 * steps.abs();
    let steps = if up {
        (steps - slack).ceil()
    } else {
        (steps + slack).floor()
    };
    sig2(steps * unit)
}

/// A budget in milliseconds, in the unit it reads best in: `500 ms`, `10 s`.
pub fn duration_words(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{} s", sig3(ms / 1000.0))
    } else {
        format!("{} ms", sig3(ms))
    }
}

/// An interval alone ([`interval_ends`]): at two significant digits,
/// `[10–16]` for 10.6 to 15.2, or at three when it is narrower than a unit
/// of the second digit, `[1.23–1.24]` for 1.228 to 1.242, where two would
/// print `[1.2–1.3]`.
///
/// No more digits than that: with the bootstrap's few thousand resamples an
/// end moves with the resampling seed by about 1% of the interval's width,
/// which on a wide interval is a unit in the third digit. On the published
/// run about one end in fourteen changes with another seed as printed here,
/// one in five at three digits throughout (`tests/bootstrap_stability.rs`).
pub fn interval_text(ci: Interval) -> String {
    let [lo, hi] = interval_ends(ci, interval_digits(ci));
    format!("[{lo}–{hi}]")
}

/// The digits [`interval_text`] prints `ci`'s ends with.
pub fn interval_digits(ci: Interval) -> Digits {
    let widest = ci.lo.abs().max(ci.hi.abs());
    if widest > 0.0 && ci.hi - ci.lo < sig2_unit(widest) {
        Digits::Three
    } else {
        Digits::Two
    }
}

/// A paired median with its 95% bootstrap interval: `12.1× [10–16]`,
/// `1.24× [1.23–1.24]`; with how many ratios it is over instead, `54.8× (n =
/// 1)`, when they are too few for an interval.
pub fn ci_text(r: &Ratio) -> String {
    match r.ci {
        Some(ci) => format!("{}× {}", sig3(r.median), interval_text(ci)),
        None => no_interval_text(r),
    }
}

/// A paired median with its interval's ends always at three significant
/// digits, `2.69× [2.64–2.75]`: for a verdict against a threshold or another
/// interval, where two digits could hide which side of it an end lies on
/// (the verdict itself is taken on the unrounded ends). Without an interval,
/// as [`ci_text`].
pub fn ci_text_fine(r: &Ratio) -> String {
    match r.ci {
        Some(ci) => {
            let [lo, hi] = interval_ends(ci, Digits::Three);
            format!("{}× [{lo}–{hi}]", sig3(r.median))
        }
        None => no_interval_text(r),
    }
}

/// A median over too few ratios for an interval: `54.8× (n = 1)`.
fn no_interval_text(r: &Ratio) -> String {
    format!("{}× (n = {})", sig3(r.median), r.spread.n)
}

/// The share of the machine's CPU time other work took during a run, with
/// its steal time, or `-` for runs that did not record it.
pub fn load_text(load: Option<OtherLoad>) -> String {
    load.map_or("-".into(), |l| {
        format!("{:.0}% (steal {:.0}%)", 100.0 * l.other, 100.0 * l.steal)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn microseconds_keep_three_digits_then_two_decimals() {
        assert_eq!(micros(123_456.0), "123");
        assert_eq!(micros(12_345.0), "12.3");
        assert_eq!(micros(1_234.0), "1.23");
        assert_eq!(micros(450.0), "0.45");
    }

    /// A ratio of one sample with the interval given, for tests of how
    /// ratios read and are judged.
    pub(crate) fn ratio(median: f64, lo: f64, hi: f64) -> Ratio {
        Ratio {
            median,
            ci: Some(astar_runs::stats::Interval { lo, hi }),
            spread: astar_runs::stats::Quartiles::of([median]).expect("a finite median"),
            maps: 1,
        }
    }

    #[test]
    fn a_median_reads_with_its_interval() {
        assert_eq!(ci_text(&ratio(12.1234, 10.6, 15.249)), "12.1× [10–16]");
        assert_eq!(ci_text(&ratio(2.5, 0.98, 131.0)), "2.50× [0.98–140]");
        assert_eq!(
            (sig2(1.04), sig2(0.0456), sig2(1549.0)),
            ("1.0".into(), "0.046".into(), "1500".into())
        );
    }

    /// At two digits to the nearest, a narrow interval reads as a point
    /// (`[1.2–1.2]`), or beside a median it does not hold (`1.27× [1.3–1.3]`).
    #[test]
    fn an_interval_reads_finely_enough_and_holds_its_median() {
        assert_eq!(ci_text(&ratio(1.2377, 1.2277, 1.2495)), "1.24× [1.23–1.25]");
        assert_eq!(ci_text(&ratio(1.27, 1.2651, 1.2749)), "1.27× [1.27–1.27]");
        assert_eq!(ci_text(&ratio(1.27, 1.25, 1.40)), "1.27× [1.2–1.4]");
        // Ends already on a printed value stay there, across every decade.
        for (v, text) in [
            (0.29, "0.29"),
            (1.2, "1.2"),
            (3.0, "3.0"),
            (14.0, "14"),
            (130.0, "130"),
        ] {
            assert_eq!(sig2_outward(v, false), text);
            assert_eq!(sig2_outward(v, true), text);
        }
        // Crossing into the next decade prints in that decade's digits.
        assert_eq!(sig2_outward(9.96, true), "10");
        assert_eq!(sig2_outward(0.9996, false), "0.99");
        assert_eq!(sig2_outward(99.2, true), "100");
        // The printed median lies between the printed ends, and ends
        // rounded outward hold the computed ones, over a spread of
        // magnitudes and widths.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let lo = 10f64.powf((state % 50_000) as f64 / 10_000.0 - 2.0);
            let median = lo * (1.0 + (state >> 20) as f64 % 1000.0 / 5000.0);
            let hi = median * (1.0 + (state >> 40) as f64 % 1000.0 / 5000.0);
            let r = ratio(median, lo, hi);
            for text in [ci_text(&r), ci_text_fine(&r)] {
                let [pm, plo, phi]: [f64; 3] = text
                    .split(['×', '[', '–', ']'])
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().unwrap())
                    .collect::<Vec<_>>()
                    .try_into()
                    .unwrap();
                assert!(plo <= pm && pm <= phi, "{median} read {text}");
            }
            let [plo, phi] =
                interval_ends(r.ci.unwrap(), Digits::Two).map(|t| t.parse::<f64>().unwrap());
            assert!(plo <= lo && hi <= phi, "{lo} {hi} read [{plo}–{phi}]");
        }
    }

    #[test]
    fn a_verdicts_interval_keeps_a_third_digit() {
        // Wide enough for two digits in `ci_text`, not in a verdict's.
        let r = ratio(2.69, 2.6449, 2.7501);
        assert_eq!(ci_text(&r), "2.69× [2.6–2.8]");
        assert_eq!(ci_text_fine(&r), "2.69× [2.64–2.75]");
    }
}
