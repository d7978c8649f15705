//! Seed 000's 2–3× claim on real maps: per map family, each heap's paired
//! median speedup over the linear scan with its 95% bootstrap interval,
//! judged by the random-map claim's own rules ([`crate::claim`]):
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

use super::Family;
use crate::claim::{list_words, reading_words_at, Places, Verdict, BASE, HEAPS, READINGS};
use crate::format::ci_text;
use astar_registry::Strategy;
use astar_runs::stats::Ratio;
use astar_runs::Record;
use astar_runs::Status;
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
        for heap in HEAPS.map(Strategy::name) {
            if f.count(heap, |_| true) == 0 || f.count(BASE.name(), |_| true) == 0 {
                continue;
            }
            // Per row: the speedup, and whether linear's time is the budget.
            let value = |k| -> Option<(f64, bool)> {
                let h = f.record(heap, k).filter(|r| r.status == Status::Ok)?;
                let l = f.record(BASE.name(), k)?;
                let (ns, censored) = if l.status == Status::Ok {
                    (l.ns_per_search, false)
                } else if l.status == Status::OverBudget {
                    (budget_ns, true)
                } else {
                    return None;
                };
                (h.ns_per_search > 0.0).then(|| (ns / h.ns_per_search, censored))
            };
            let counted: Vec<(f64, bool)> = f.row_keys().filter_map(value).collect();
            let Some(speedup) = Ratio::of_clusters(&f.clusters(|k| value(k).map(|v| v.0))) else {
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
        astar_runs::stats::bootstrap::RESAMPLES,
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
        .map(Strategy::name)
        .into_iter()
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
        crate::charts::short_number(lo),
        crate::charts::short_number(hi)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of `strategy` on line `line` of `map` in `family`: `ns` ok, or
    /// `None` over budget (skipped, no time).
    fn rec(family: &str, map: &str, line: u32, strategy: &str, ns: Option<f64>) -> Record {
        Record {
            status: if ns.is_some() {
                Status::Ok
            } else {
                Status::OverBudget
            },
            ns_per_search: ns.unwrap_or(f64::NAN),
            expansions: 100,
            ..super::super::test_row(family, map, line, strategy)
        }
    }

    /// Rows of a family on one map whose heap speedups over linear are
    /// `speedups` (linear 1000 ns, the heap 1000 ÷ speedup).
    fn family(name: &str, map: &str, speedups: &[f64]) -> Vec<Record> {
        let mut rows = Vec::new();
        for (i, s) in speedups.iter().enumerate() {
            rows.push(rec(name, map, i as u32, "linear", Some(1000.0)));
            rows.push(rec(name, map, i as u32, "heap", Some(1000.0 / s)));
        }
        rows
    }

    fn verdicts(x: &FamilySpeedup) -> [Verdict; 2] {
        READINGS.map(|r| Verdict::of(x.speedup.ci, r.band))
    }

    #[test]
    fn each_family_is_judged_by_its_whole_interval() {
        let mut rows = family("inside", "a.map", &[2.5; 6]);
        rows.extend(family("above", "b.map", &[5.0, 6.0, 5.5, 7.0, 5.0, 6.0]));
        rows.extend(family("below", "c.map", &[1.0, 1.2, 0.9, 1.0, 1.2, 0.9]));
        rows.extend(family("across", "d.map", &[1.0, 2.5, 4.0, 1.0, 2.5, 4.0]));
        // Five rows, all inside 2–3×: too few for an interval, so not judged.
        rows.extend(family("few", "e.map", &[2.5; 5]));
        let got = family_speedups(&rows, 100.0);
        let names: Vec<&str> = got.iter().map(|x| x.family.as_str()).collect();
        assert_eq!(names, ["above", "across", "below", "few", "inside"]);
        let by = |n: &str| got.iter().find(|x| x.family == n).unwrap();
        use Verdict::*;
        assert_eq!(verdicts(by("inside")), [Inside, Below]);
        assert_eq!(by("inside").speedup.median, 2.5);
        assert_eq!(verdicts(by("above")), [Above, Above]);
        assert_eq!(by("above").speedup.median, 5.75);
        assert_eq!(verdicts(by("below")), [Below, Below]);
        assert_eq!(verdicts(by("across")), [Overlaps, Overlaps]);
        assert_eq!(verdicts(by("few")), [TooFew, TooFew]);
        for x in &got {
            assert_eq!((x.maps, x.censored, x.left_out), (1, 0, 0), "{x:?}");
            assert_eq!(x.heap, "heap", "heap-scan has no rows, so no line");
        }
    }

    #[test]
    fn a_family_of_several_maps_resamples_the_maps() {
        // Three maps whose rows sit at three levels. Resampled as rows
        // alone the median would stay near the middle map's 2.7×, inside
        // 2–3×; resampling the maps draws the third map alone one time in
        // 27, so the interval reaches its 3.5× and more: it overlaps 2–3×.
        let level =
            |base: f64| -> Vec<f64> { (0..40).map(|i| base + 0.01 * f64::from(i)).collect() };
        let mut rows = family("three", "a.map", &level(2.0));
        rows.extend(family("three", "b.map", &level(2.5)));
        rows.extend(family("three", "c.map", &level(3.5)));
        let [x] = family_speedups(&rows, 100.0).try_into().unwrap();
        assert_eq!(x.maps, 3);
        assert!(x.speedup.ci.unwrap().hi > 3.5, "{:?}", x.speedup.ci);
        assert_eq!(verdicts(&x)[0], Verdict::Overlaps);
        // The same rows as one map: the rows alone resampled.
        let one: Vec<Record> = rows
            .iter()
            .cloned()
            .map(|r| Record {
                map: "one.map".into(),
                ..r
            })
            .collect();
        let [y] = family_speedups(&one, 100.0).try_into().unwrap();
        assert_eq!(y.maps, 1);
        assert_eq!(verdicts(&y)[0], Verdict::Inside, "{:?}", y.speedup.ci);
    }

    #[test]
    fn linear_over_budget_counts_at_the_budget() {
        // Two rows linear finished (3.5×), four it did not: there the heap
        // took 10 ms, and the budget of 100 ms makes each a 10× lower bound.
        let mut rows = family("m", "m.map", &[3.5, 3.5]);
        for line in 2..6 {
            rows.push(rec("m", "m.map", line, "linear", None));
            rows.push(rec("m", "m.map", line, "heap", Some(10e6)));
        }
        // A row the heap did not finish is left out.
        rows.push(rec("m", "m.map", 9, "linear", Some(1000.0)));
        rows.push(rec("m", "m.map", 9, "heap", None));
        let [x] = family_speedups(&rows, 100.0).try_into().unwrap();
        assert_eq!((x.rows, x.censored, x.left_out), (6, 4, 1));
        assert_eq!(x.speedup.median, 10.0);
        let md = claim_markdown(&[x], 100.0);
        assert!(
            md.contains("| m | 1 | `heap` | 6 | 4 | ≥ 10.0× [3.5–10] |"),
            "{md}"
        );
        assert!(md.contains("over the 100 ms budget counts with its time set to the budget"));
        assert!(md.contains("`heap` in m: 1"), "{md}");
    }

    #[test]
    fn the_sentences_name_the_families_by_verdict() {
        let mut rows = family("inside", "a.map", &[2.5; 6]);
        rows.extend(family("above", "b.map", &[5.0; 6]));
        let md = claim_markdown(&family_speedups(&rows, 100.0), 100.0);
        assert!(
            md.contains("- `heap`: read as 2–3× as fast, the claim holds (interval inside 2–3×) in inside; above 3× in above. Read as raised by 2–3×, so 3–4× as fast, it holds (interval inside 3–4×) in no family; below 3× in inside; above 4× in above."),
            "{md}"
        );
        assert!(md.contains(
            "a family on one map file, as above and inside, has its rows alone resampled"
        ));
        assert!(!md.contains("≥"), "no row over budget, no lower bound");
        assert!(
            md.contains("| 2.50× [2.50–2.50] | inside 2–3× | below 3× |"),
            "{md}"
        );
        assert!(
            md.contains("| 5.00× [5.00–5.00] | above 3× | above 4× |"),
            "{md}"
        );
    }
}
