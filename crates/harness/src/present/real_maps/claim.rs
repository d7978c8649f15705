//! Seed 000's 2–3× claim on real maps: per map family, each heap's paired
//! median speedup over the linear scan with its 95% bootstrap interval,
//! judged by the random-map claim's own rules ([`crate::present::claim`]):
//! a reading holds in a family only when the whole interval is inside its
//! band.
//!
//! A family's map files are its clusters: the bootstrap resamples the map
//! files, then the rows within each; a family on one map file has its rows
//! alone resampled. A row counts when the heap finished it correctly. Where
//! `linear` went over budget its time is taken to be the budget: no more
//! than it took (a row skipped after a shorter one went over is taken to
//! need the budget at least as well), so the row's speedup is a lower bound,
//! and with it the median and both ends of the interval.

use super::{ratio_of_clusters, Family, OK, OVER_BUDGET};
use crate::present::claim::{list_words, reading_words_at, Places, Verdict, BASE, HEAPS, READINGS};
use crate::present::format::ci_text;
use crate::runs::Record;
use crate::stats::Ratio;
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// One heap's speedup over the linear scan in one family.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilySpeedup {
    /// The map family.
    pub family: String,
    /// The heap.
    pub heap: String,
    /// Median over rows of linear's time ÷ the heap's, with its interval.
    pub speedup: Ratio,
    /// Map files in the family.
    pub maps: usize,
    /// Rows counted.
    pub rows: usize,
    /// Of those, rows where `linear` went over budget, counted at the budget.
    pub censored: usize,
    /// Rows left out: the heap not `ok`, or `linear` wrong.
    pub left_out: usize,
}

/// Per family (in name order) and heap (in [`HEAPS`] order, those the rows
/// have), the speedup over [`BASE`]; `budget_ms` is the run's budget.
pub fn family_speedups(rows: &[Record], budget_ms: f64) -> Vec<FamilySpeedup> {
    let families: BTreeSet<&str> = rows.iter().map(|r| r.family.as_str()).collect();
    let budget_ns = budget_ms * 1e6;
    let mut out = Vec::new();
    for family in families {
        let f = Family::of(rows, family);
        for heap in HEAPS {
            if f.count(heap, |_| true) == 0 || f.count(BASE, |_| true) == 0 {
                continue;
            }
            // Per row: the speedup, and whether linear's time is the budget.
            let value = |k| -> Option<(f64, bool)> {
                let h = f.record(heap, k).filter(|r| r.status == OK)?;
                let l = f.record(BASE, k)?;
                let (ns, censored) = if l.status == OK {
                    (l.ns_per_search, false)
                } else if l.status == OVER_BUDGET {
                    (budget_ns, true)
                } else {
                    return None;
                };
                (h.ns_per_search > 0.0).then(|| (ns / h.ns_per_search, censored))
            };
            let counted: Vec<(f64, bool)> = f.row_keys().filter_map(value).collect();
            let Some(speedup) = ratio_of_clusters(&f.clusters(|k| value(k).map(|v| v.0))) else {
                continue;
            };
            out.push(FamilySpeedup {
                family: family.to_string(),
                heap: heap.to_string(),
                speedup,
                maps: f.map_count(),
                rows: counted.len(),
                censored: counted.iter().filter(|v| v.1).count(),
                left_out: f.row_keys().count() - counted.len(),
            });
        }
    }
    out
}

/// Families as places in a sentence.
fn families_words(v: &[String]) -> String {
    list_words(v)
}

/// Families as the places of [`reading_words_at`].
const FAMILIES: Places<'static, String> = Places {
    words: &families_words,
    at: "in",
    none: "in no family",
    every: "in every family",
};

/// The claim's table and sentences, from the speedups alone.
pub fn claim_markdown(speedups: &[FamilySpeedup], budget_ms: f64) -> String {
    let [common, strict] = READINGS;
    let mut s = String::new();
    let one_map: BTreeSet<&str> = speedups
        .iter()
        .filter(|x| x.maps == 1)
        .map(|x| x.family.as_str())
        .collect();
    let one_map: Vec<String> = one_map.into_iter().map(String::from).collect();
    let _ = writeln!(
        s,
        "Per family, the median over rows of ({BASE} time ÷ heap time) on the same row, with its 95% bootstrap interval in brackets (percentile interval over {} resamples of the family's map files, then of the rows within each{}). A reading of the claim holds in a family only when the whole interval is inside its band, as on random maps: {} (\"{}\") and {} (\"{}\").",
        crate::stats::bootstrap::RESAMPLES,
        if one_map.is_empty() {
            String::new()
        } else {
            format!(
                "; a family on one map file, as {}, has its rows alone resampled",
                list_words(&one_map)
            )
        },
        band(common.band),
        common.words,
        band(strict.band),
        strict.words
    );
    if speedups.iter().any(|x| x.censored > 0) {
        let _ = writeln!(
            s,
            "\nA row where `{BASE}` went over the {budget_ms} ms budget counts with its time set to the budget, less than it took (a row skipped after a shorter one went over is taken to need the budget too): that row's speedup is a lower bound, and so are the median and the interval's ends in its family (marked ≥). There \"above\" is sure; \"inside\", \"overlapping\" and \"below\" may understate the heap."
        );
    }
    let _ = writeln!(
        s,
        "\n| family | maps | heap | rows | `{BASE}` over budget | speedup over `{BASE}` | {} | {} |\n|---|---:|---|---:|---:|---|---|---|",
        band(common.band),
        band(strict.band)
    );
    for x in speedups {
        let _ = writeln!(
            s,
            "| {} | {} | `{}` | {} | {} | {}{} | {} | {} |",
            x.family,
            x.maps,
            x.heap,
            x.rows,
            x.censored,
            if x.censored > 0 { "≥ " } else { "" },
            ci_text(&x.speedup),
            Verdict::of(x.speedup.ci, common.band).words(common.band),
            Verdict::of(x.speedup.ci, strict.band).words(strict.band),
        );
    }
    s.push('\n');
    let heaps: Vec<&str> = HEAPS
        .iter()
        .copied()
        .filter(|h| speedups.iter().any(|x| x.heap == *h))
        .collect();
    for heap in heaps {
        let per: Vec<(String, Ratio)> = speedups
            .iter()
            .filter(|x| x.heap == heap)
            .map(|x| (x.family.clone(), x.speedup))
            .collect();
        let _ = writeln!(
            s,
            "- `{heap}`: read as {}, the claim {}. Read as {}, it {}.",
            common.words,
            reading_words_at(&per, &common, &FAMILIES),
            strict.words,
            reading_words_at(&per, &strict, &FAMILIES)
        );
    }
    let left: Vec<String> = speedups
        .iter()
        .filter(|x| x.left_out > 0)
        .map(|x| format!("`{}` in {}: {}", x.heap, x.family, x.left_out))
        .collect();
    if !left.is_empty() {
        let _ = writeln!(
            s,
            "- Rows left out (the heap over budget or wrong, or `{BASE}` wrong): {}.",
            list_words(&left)
        );
    }
    s
}

/// A band in words: `2–3×`.
fn band((lo, hi): (f64, f64)) -> String {
    format!(
        "{}–{}×",
        crate::present::charts::short_number(lo),
        crate::present::charts::short_number(hi)
    )
}
