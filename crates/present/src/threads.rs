//! `astar-lab threads`: does timing two searches at once change the ratios?
//!
//! Two worker threads on two cores share the last-level cache and the memory
//! bandwidth, which a large map's searches (megabytes of per-cell state)
//! feel. This compares two runs of one configuration, one measured on a
//! single worker thread and one on several, by the paired ratios the writeup
//! cites, each with its 95% bootstrap interval, and says which setting to
//! publish with: the one with more threads only when every interval overlaps
//! the single thread's.

use crate::format::ci_text_fine;
use crate::report::reports_flag;
use astar_registry::Strategy;
use astar_runs::bail;
use astar_runs::error::{Context, Error, Result};
use astar_runs::files::write_atomic;
use astar_runs::markers::splice;
use astar_runs::stats::{load_and_summarise, Ratio, Summary};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The writeup's section this fills.
pub const SECTION: &str = "threads";

/// How a compared ratio of two strategies `a`, `b` reads.
#[derive(Clone, Copy)]
enum Reads {
    /// "a over b": a speedup, b's time ÷ a's.
    Over,
    /// "a × b": a's time ÷ b's, b a floor.
    Times,
    /// "a ÷ b": a's time ÷ b's.
    Divided,
}

/// The ratios compared.
const COMPARED: [(Strategy, Reads, Strategy); 4] = [
    (Strategy::Heap, Reads::Over, Strategy::Linear),
    (Strategy::Heap, Reads::Times, Strategy::Floor),
    (Strategy::Bucket, Reads::Times, Strategy::Floor),
    (Strategy::Pathfinding, Reads::Divided, Strategy::Heap),
];

/// One ratio at one size in both runs.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Map side.
    pub size: u32,
    /// What the ratio is, in words.
    pub what: String,
    /// On one worker thread.
    pub one: Ratio,
    /// On several.
    pub many: Ratio,
}

impl Comparison {
    /// Whether the two intervals share a point (or either is too few
    /// ratios for one, so the two cannot be told apart).
    pub fn overlaps(&self) -> bool {
        match (self.one.ci, self.many.ci) {
            (Some(one), Some(many)) => one.lo <= many.hi && many.lo <= one.hi,
            _ => true,
        }
    }
}

/// The two runs compared.
#[derive(Clone, Debug)]
pub struct ThreadsComparison {
    /// Worker threads of the first run (1) and of the second.
    pub threads: (usize, usize),
    /// Every ratio both runs have, by size then by `COMPARED`'s order.
    pub rows: Vec<Comparison>,
}

impl ThreadsComparison {
    /// The threads to publish with: the second run's when every interval
    /// overlaps the single thread's (and there is something to compare), else 1.
    pub fn choice(&self) -> usize {
        if !self.rows.is_empty() && self.rows.iter().all(Comparison::overlaps) {
            self.threads.1
        } else {
            self.threads.0
        }
    }
}

/// Compares run folders `one` (measured on one worker thread) and `many`
/// (on more), which must have measured the same configuration.
pub fn compare(one: &[PathBuf], many: &[PathBuf]) -> Result<ThreadsComparison> {
    let (runs_one, sum_one) = load_and_summarise(one)?;
    let (runs_many, sum_many) = load_and_summarise(many)?;
    let diffs: Vec<String> = runs_many
        .config
        .differences(&runs_one.config)
        .into_iter()
        .map(|d| format!("{} {} there, {} asked", d.field, d.theirs, d.mine))
        .collect();
    if !diffs.is_empty() {
        bail!(
            "the two runs measured different configurations ({})",
            diffs.join("; ")
        );
    }
    let threads = |runs: &astar_runs::LoadedRuns| -> Result<usize> {
        let t = runs.metas[0].threads;
        if runs.metas.iter().any(|m| m.threads != t) {
            bail!("the folders of one run disagree on their worker threads");
        }
        Ok(t)
    };
    let (t1, tn) = (threads(&runs_one)?, threads(&runs_many)?);
    if t1 != 1 || tn < 2 {
        bail!("expected a run on 1 worker thread and one on 2 or more, got {t1} and {tn}");
    }
    Ok(ThreadsComparison {
        threads: (t1, tn),
        rows: comparisons(&sum_one, &sum_many),
    })
}

/// Every ratio of [`COMPARED`] at every size both summaries have.
fn comparisons(one: &Summary, many: &Summary) -> Vec<Comparison> {
    let mut rows = Vec::new();
    for (g1, gn) in one.groups.iter().zip(&many.groups) {
        for &size in g1.sizes.iter().filter(|z| gn.sizes.contains(z)) {
            for (a, reads, b) in COMPARED {
                let (what, num, den) = match reads {
                    Reads::Over => (format!("{a} over {b}"), b.name(), a.name()),
                    Reads::Times => (format!("{a} × {b}"), a.name(), b.name()),
                    Reads::Divided => (format!("{a} ÷ {b}"), a.name(), b.name()),
                };
                if let (Some(a), Some(b)) =
                    (g1.ratio_ci(size, num, den), gn.ratio_ci(size, num, den))
                {
                    rows.push(Comparison {
                        size,
                        what,
                        one: a,
                        many: b,
                    });
                }
            }
        }
    }
    rows
}

/// The section's markdown.
pub fn section(c: &ThreadsComparison) -> String {
    let (t1, tn) = c.threads;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "The same configuration measured twice, on {t1} worker thread and on {tn}; each ratio paired per query within its run, median [95% bootstrap interval].\n"
    );
    let _ = writeln!(
        s,
        "| side | ratio | {t1} thread | {tn} threads | intervals |\n|---:|---|---:|---:|---|"
    );
    // Ends at three digits: two, rounded outward, can make intervals that
    // lie apart read as overlapping.
    for r in &c.rows {
        let _ = writeln!(
            s,
            "| {}² | {} | {} | {} | {} |",
            r.size,
            r.what,
            ci_text_fine(&r.one),
            ci_text_fine(&r.many),
            if r.overlaps() { "overlap" } else { "**apart**" }
        );
    }
    let apart: Vec<String> = c
        .rows
        .iter()
        .filter(|r| !r.overlaps())
        .map(|r| format!("{} at {}²", r.what, r.size))
        .collect();
    let verdict = if c.rows.is_empty() {
        "- The two runs have no ratio in common to compare.".to_string()
    } else if apart.is_empty() {
        format!(
            "- All {} intervals on {tn} threads overlap those on {t1}: the two settings agree within the intervals, so the published runs may use {tn} threads.",
            c.rows.len()
        )
    } else {
        format!(
            "- {} of {} intervals on {tn} threads lie apart from those on {t1} ({}): the settings disagree, so the published runs should use {t1} thread.",
            apart.len(),
            c.rows.len(),
            apart.join(", ")
        )
    };
    let _ = writeln!(s, "\n{verdict}");
    s
}

/// Splices the section into `reports_dir/README.md`; returns the comparison.
pub fn write_threads(
    one: &[PathBuf],
    many: &[PathBuf],
    reports_dir: &Path,
) -> Result<ThreadsComparison> {
    let c = compare(one, many)?;
    let list = |dirs: &[PathBuf]| {
        dirs.iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let made_by = format!(
        "`astar-lab threads --one {} --many {}{}`",
        list(one),
        list(many),
        reports_flag(reports_dir)
    );
    let readme = reports_dir.join("README.md");
    let text = std::fs::read_to_string(&readme).map_err(|e| Error::io(&readme, e))?;
    let text = splice(&text, SECTION, &made_by, &section(&c))
        .with_context(|| format!("{}", readme.display()))?;
    write_atomic(&readme, text.as_bytes())?;
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ratio read in this file's order: low end, median, high end.
    fn ratio(lo: f64, median: f64, hi: f64) -> Ratio {
        crate::format::tests::ratio(median, lo, hi)
    }

    fn row(one: Ratio, many: Ratio) -> Comparison {
        Comparison {
            size: 64,
            what: "heap over linear".into(),
            one,
            many,
        }
    }

    #[test]
    fn more_threads_only_when_every_interval_overlaps() {
        let touching = row(ratio(1.0, 1.5, 2.0), ratio(2.0, 2.5, 3.0));
        let apart = row(ratio(1.0, 1.5, 2.0), ratio(2.01, 2.5, 3.0));
        assert!(touching.overlaps() && !apart.overlaps());
        assert!(!row(ratio(2.01, 2.5, 3.0), ratio(1.0, 1.5, 2.0)).overlaps());
        let c = |rows| ThreadsComparison {
            threads: (1, 2),
            rows,
        };
        assert_eq!(c(vec![touching.clone(), touching.clone()]).choice(), 2);
        assert_eq!(c(vec![touching.clone(), apart.clone()]).choice(), 1);
        assert_eq!(
            c(vec![]).choice(),
            1,
            "nothing compared, nothing shown to agree"
        );
        let text = section(&c(vec![touching, apart]));
        assert!(text.contains("1 of 2 intervals"), "{text}");
        assert!(
            text.contains("**apart**") && text.contains("use 1 thread"),
            "{text}"
        );
    }

    /// Intervals apart must read apart: as `ci_text` prints them (two
    /// digits, rounded outward, as they are wider than 0.1) these would read
    /// [1.8–2.0] and [2.0–2.2].
    #[test]
    fn intervals_apart_read_apart() {
        let close = row(ratio(1.85, 1.95, 1.991), ratio(2.011, 2.09, 2.2));
        assert!(!close.overlaps());
        let text = section(&ThreadsComparison {
            threads: (1, 2),
            rows: vec![close],
        });
        assert!(
            text.contains("| 1.95× [1.85–1.99] | 2.09× [2.01–2.20] | **apart** |"),
            "{text}"
        );
    }
}
