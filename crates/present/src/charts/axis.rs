//! Axes: a range in a transformed value (log₂ of the map side, log₁₀ of a
//! y value spanning decades) with ticks at round values of the original.

use super::short_number;
use super::spec::{Format, Panel, XScale};
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;

/// One axis: a range in transformed space and its ticks.
#[derive(Clone, Debug)]
pub(crate) struct Axis {
    pub(crate) log: bool,
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    pub(crate) ticks: Vec<f64>,
}

impl Axis {
    pub(crate) fn t(&self, v: f64) -> f64 {
        if self.log {
            v.max(f64::MIN_POSITIVE).log10()
        } else {
            v
        }
    }
}

/// A linear coordinate whose grid lines and labels sit exactly at the
/// axis's ticks.
pub(crate) struct Ticked(pub(crate) Axis);

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let f = (v - self.0.lo) / (self.0.hi - self.0.lo);
        limit.0 + (f * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.0.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.0.lo..self.0.hi
    }
}

/// The x axis: log₂ of the map side, a tick at every power of two; or
/// log₁₀ of a count, ticks at 1-2-5 × 10^k.
pub(crate) fn x_axis(panels: &[Panel], scale: XScale) -> Axis {
    let xs: Vec<f64> = panels
        .iter()
        .flat_map(|p| p.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)))
        .filter(|x| *x > 0.0)
        .map(|x| scale.t(x))
        .collect();
    if scale == XScale::Count {
        let (lo, hi) = min_max(&xs).unwrap_or((0.0, 1.0));
        let pad = ((hi - lo) * 0.04).max(0.1);
        let (lo, hi) = (lo - pad, hi + pad);
        return Axis {
            log: false,
            lo,
            hi,
            ticks: count_ticks(lo, hi),
        };
    }
    let (lo, hi) = min_max(&xs).unwrap_or((5.0, 10.0));
    let (lo, hi) = if hi - lo < 1.0 {
        (lo - 1.0, hi + 1.0)
    } else {
        (lo - 0.25, hi + 0.25)
    };
    let ticks = (lo.ceil() as i32..=hi.floor() as i32)
        .map(f64::from)
        .collect();
    Axis {
        log: false,
        lo,
        hi,
        ticks,
    }
}

/// The y axis of a panel: includes every point, band, shade and reference,
/// log when forced or when the data spans more than a factor of 30.
pub(crate) fn y_axis(panel: &Panel) -> Axis {
    let mut ys: Vec<f64> = Vec::new();
    for s in &panel.series {
        ys.extend(s.points.iter().map(|p| p.1));
        ys.extend(s.band.iter().flat_map(|b| [b.1, b.2]));
    }
    if let Some((a, b, _)) = &panel.shade {
        ys.extend([*a, *b]);
    }
    if let Some((r, _)) = &panel.reference {
        ys.push(*r);
    }
    value_axis(ys, panel.y_log)
}

/// An axis over values: including all of them, log when forced or when they
/// span more than a factor of 30.
pub(crate) fn value_axis(mut ys: Vec<f64>, forced_log: Option<bool>) -> Axis {
    ys.retain(|y| y.is_finite());
    let (lo, hi) = min_max(&ys).unwrap_or((0.0, 1.0));
    let positive = lo > 0.0;
    let log = match forced_log {
        Some(forced) => forced && positive,
        None => positive && hi / lo > 30.0,
    };
    if log {
        let (l, h) = (lo.log10(), hi.log10());
        let pad = ((h - l) * 0.06).max(0.05);
        let (l, h) = (l - pad, h + pad);
        Axis {
            log: true,
            lo: l,
            hi: h,
            ticks: log_ticks(l, h),
        }
    } else {
        let lo = lo.min(0.0);
        let hi = if hi > lo { hi * 1.08 } else { lo + 1.0 };
        let ticks = linear_ticks(lo, hi);
        Axis {
            log: false,
            lo,
            hi,
            ticks,
        }
    }
}

fn min_max(v: &[f64]) -> Option<(f64, f64)> {
    let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// Ticks at 1-2-5 × 10^k (or only 10^k when that is too many), as log₁₀.
pub(crate) fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    ticks_at_most(
        lo,
        hi,
        10,
        &[&[1.0, 1.5, 2.0, 3.0, 5.0, 7.0], &[1.0, 2.0, 5.0], &[1.0]],
    )
}

/// Ticks of a count axis, narrower than a y axis: at most six, at 1-2-5 ×
/// 10^k, 1-3 × 10^k or 10^k, as log₁₀.
pub(crate) fn count_ticks(lo: f64, hi: f64) -> Vec<f64> {
    ticks_at_most(
        lo,
        hi,
        6,
        &[
            &[1.0, 1.5, 2.0, 3.0, 5.0, 7.0],
            &[1.0, 2.0, 5.0],
            &[1.0, 3.0],
            &[1.0],
        ],
    )
}

/// Ticks at the first set of mantissas × 10^k that gives at most `most`,
/// as log₁₀; failing all, whole decades at a step.
fn ticks_at_most(lo: f64, hi: f64, most: usize, sets: &[&[f64]]) -> Vec<f64> {
    for mantissas in sets {
        let mut t = Vec::new();
        for k in (lo.floor() as i32)..=(hi.ceil() as i32) {
            for m in mantissas.iter() {
                let v = (m * 10f64.powi(k)).log10();
                if v >= lo && v <= hi {
                    t.push(v);
                }
            }
        }
        if t.len() <= most {
            return t;
        }
    }
    let step = ((hi - lo) / 8.0).ceil().max(1.0);
    let mut t = Vec::new();
    let mut k = lo.ceil();
    while k <= hi {
        t.push(k);
        k += step;
    }
    t
}

/// About six ticks at a round step.
fn linear_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let raw = (hi - lo) / 6.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let mut t = Vec::new();
    let mut v = (lo / step).ceil() * step;
    while v <= hi + step * 1e-9 {
        t.push(if v.abs() < step * 1e-9 { 0.0 } else { v });
        v += step;
    }
    t
}

/// A tick label for `v` read as `format`.
pub(crate) fn tick_label(format: Format, v: f64) -> String {
    match format {
        Format::Number => short_number(v),
        Format::Duration => duration_label(v),
        Format::Count => count_label(v),
    }
}

/// A time in ns as a label in the unit that keeps it at least 1: `500 ns`,
/// `10 µs`, `1.5 ms`, `2 s`.
pub(crate) fn duration_label(ns: f64) -> String {
    let ns = three_digits(ns);
    let a = ns.abs();
    let (unit, div) = if a >= 1e9 {
        ("s", 1e9)
    } else if a >= 1e6 {
        ("ms", 1e6)
    } else if a >= 1e3 {
        ("µs", 1e3)
    } else {
        ("ns", 1.0)
    };
    if ns == 0.0 {
        return "0".into();
    }
    format!("{} {unit}", short_number(ns / div))
}

/// `v` rounded to three significant digits, so that a tick at 10^6 computed
/// as 999 999.99… picks the unit of 10^6.
fn three_digits(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let mag = 10f64.powf(v.abs().log10().floor() - 2.0);
    (v / mag).round() * mag
}

/// A count as a label: `950`, `1500`, `20k`, `1.5M`.
pub(crate) fn count_label(v: f64) -> String {
    let v = three_digits(v);
    let a = v.abs();
    if a >= 1e6 {
        format!("{}M", short_number(v / 1e6))
    } else if a >= 1e4 {
        format!("{}k", short_number(v / 1e3))
    } else {
        short_number(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_stay_in_range_and_few() {
        let t = log_ticks(0.0, 5.0);
        assert!(t.len() <= 10 && t.len() >= 5, "{t:?}");
        assert!(t.iter().all(|v| (0.0..=5.0).contains(v)));
        let t = linear_ticks(0.0, 7.3);
        assert_eq!(t.first(), Some(&0.0));
        assert!(t.len() >= 4 && t.len() <= 8, "{t:?}");
    }

    #[test]
    fn time_ticks_read_in_their_own_unit() {
        assert_eq!(duration_label(1.0), "1 ns");
        assert_eq!(duration_label(500.0), "500 ns");
        assert_eq!(duration_label(1e4), "10 µs");
        assert_eq!(duration_label(1.5e5), "150 µs");
        assert_eq!(duration_label(1e6), "1 ms");
        assert_eq!(duration_label(2.5e7), "25 ms");
        assert_eq!(duration_label(1e9), "1 s");
        assert_eq!(duration_label(3e10), "30 s");
        // The ticks of a log axis from 1 µs to 1 s, as drawn.
        let labels: Vec<String> = log_ticks(3.0, 9.0)
            .iter()
            .map(|t| tick_label(Format::Duration, 10f64.powf(*t)))
            .collect();
        assert_eq!(
            labels,
            ["1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s"]
        );
        assert!(labels.iter().all(|l| !l.contains('e')));
    }

    #[test]
    fn count_axes_have_few_ticks() {
        // Expansions from 20 to 20 000: 30, 100, 300, … rather than ten
        // labels that run into each other.
        let labels: Vec<String> = count_ticks(20f64.log10(), 20e3f64.log10())
            .iter()
            .map(|t| count_label(10f64.powf(*t)))
            .collect();
        assert_eq!(labels, ["30", "100", "300", "1000", "3000", "10k"]);
        assert_eq!(count_ticks(4.2, 5.35).len(), 4, "20k, 50k, 100k, 200k");
    }

    #[test]
    fn counts_read_with_k_and_m() {
        assert_eq!(count_label(950.0), "950");
        assert_eq!(count_label(1e5), "100k");
        assert_eq!(count_label(1.5e6), "1.5M");
    }
}
