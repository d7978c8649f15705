//! `astar-lab claim`: where seed 000's "a heap is 2–3× faster" claim holds.
//!
//! Each run folder given is one *condition*: a sweep with one factor
//! (heuristic, obstacle density or tie policy) moved from the default. For
//! each condition and map size this reports each heap's median paired
//! speedup over the linear list with its 95% bootstrap interval, and where
//! each reading of the claim holds: only where the whole interval lies in the
//! reading's band (2–3× as fast, or 3–4× as fast for "raised by 2–3×"). The
//! table and the sentences below it are generated together from the same
//! figures, and spliced into the writeup's `claim-conditions` section.

use crate::format::ci_text;
use astar_core::{Heuristic, TiePolicy};
use astar_registry::Strategy;
use astar_runs::bail;
use astar_runs::error::{Context, Result};
use astar_runs::files::write_atomic;
use astar_runs::markers::splice;
use astar_runs::stats::{load_and_summarise, Interval, Ratio};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The generated section of the writeup this command fills.
pub const SECTION: &str = "claim-conditions";

/// The condition every other one moves a single factor away from.
pub const DEFAULT: (Heuristic, f64, TiePolicy) = (Heuristic::Octile, 0.25, TiePolicy::Lifo);

/// The heaps the claim is tested on, each against [`BASE`]: the indexed
/// binary heap, and seed 003's heap with a linear-scan decrease-key (the
/// heap closest to the tutorial's).
pub const HEAPS: [Strategy; 2] = [Strategy::Heap, Strategy::HeapScan];

/// The list the claim measures the heaps against: the tutorial's linear scan.
pub const BASE: Strategy = Strategy::Linear;

/// One reading of the claim's words, and the band of speedups it claims.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The reading, in words.
    pub words: &'static str,
    /// Its band, as (lowest, highest) speedup.
    pub band: (f64, f64),
}

/// The two readings of 提高了2到3倍: commonly "made 2–3× as fast"; strictly
/// "raised by 2–3×", so 3–4× as fast.
pub const READINGS: [Reading; 2] = [
    Reading {
        words: "2–3× as fast",
        band: (2.0, 3.0),
    },
    Reading {
        words: "raised by 2–3×, so 3–4× as fast",
        band: (3.0, 4.0),
    },
];

/// Where a speedup stands against a reading's band, judged by its 95%
/// interval, not its median alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The whole interval is below the band: the heap gains less than
    /// claimed (or loses).
    Below,
    /// The whole interval is inside the band: the claim holds.
    Inside,
    /// The interval reaches outside the band and into or across it: the
    /// data cannot tell.
    Overlaps,
    /// The whole interval is above the band.
    Above,
    /// Too few ratios for an interval: the data cannot tell.
    TooFew,
}

impl Verdict {
    /// The verdict for an interval against `(lo, hi)`; `None`, no interval.
    pub fn of(ci: Option<Interval>, (lo, hi): (f64, f64)) -> Verdict {
        let Some(ci) = ci else {
            return Verdict::TooFew;
        };
        if ci.inside(lo, hi) {
            Verdict::Inside
        } else if ci.lo > hi {
            Verdict::Above
        } else if ci.hi < lo {
            Verdict::Below
        } else {
            Verdict::Overlaps
        }
    }
}

impl Verdict {
    /// The verdict in a few words against `band`: `inside 2–3×`, `above
    /// 3×`, `below 2×`, `overlapping 2–3×`.
    pub fn words(self, (lo, hi): (f64, f64)) -> String {
        let band = format!("{}–{}×", short(lo), short(hi));
        match self {
            Verdict::Inside => format!("inside {band}"),
            Verdict::Above => format!("above {}×", short(hi)),
            Verdict::Below => format!("below {}×", short(lo)),
            Verdict::Overlaps => format!("overlapping {band}"),
            Verdict::TooFew => "too few for an interval".into(),
        }
    }
}

/// Items in words: `a, b and c`, or `none`.
pub fn list_words(items: &[String]) -> String {
    match items {
        [] => "none".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A list of sizes in words: `32², 64² and 128²`, or `none`.
pub fn sizes_words(v: &[u32]) -> String {
    let s: Vec<String> = v.iter().map(|x| format!("{x}²")).collect();
    list_words(&s)
}

/// The places (sizes, families, …) of `speedups` whose interval has verdict
/// `v` against `band`.
pub fn places_where<T: Clone>(speedups: &[(T, Ratio)], band: (f64, f64), v: Verdict) -> Vec<T> {
    speedups
        .iter()
        .filter(|(_, r)| Verdict::of(r.ci, band) == v)
        .map(|(place, _)| place.clone())
        .collect()
}

/// The sizes of `speedups` whose interval has verdict `v` against `band`.
pub fn sizes_where(speedups: &[(u32, Ratio)], band: (f64, f64), v: Verdict) -> Vec<u32> {
    places_where(speedups, band, v)
}

/// How the places a speedup was measured at read in a sentence.
pub struct Places<'a, T> {
    /// The places in words, as [`sizes_words`].
    pub words: &'a dyn Fn(&[T]) -> String,
    /// The preposition before them: `at`, `in`.
    pub at: &'a str,
    /// No place: `at no measured size`.
    pub none: &'a str,
    /// Every place: `at every measured size`.
    pub every: &'a str,
}

/// Map sizes as places.
pub const SIZES: Places<'static, u32> = Places {
    words: &sizes_words,
    at: "at",
    none: "at no measured size",
    every: "at every measured size",
};

/// Where one reading holds for a series of speedups, in words: `inside
/// 2–3× at 64²; overlaps it at 32²; above at …`.
pub fn reading_words(speedups: &[(u32, Ratio)], reading: &Reading) -> String {
    reading_words_at(speedups, reading, &SIZES)
}

/// [`reading_words`] for speedups at any kind of place (map sizes, map
/// families).
pub fn reading_words_at<T: Clone>(
    speedups: &[(T, Ratio)],
    reading: &Reading,
    places: &Places<'_, T>,
) -> String {
    let (lo, hi) = reading.band;
    let band = format!("{}–{}×", short(lo), short(hi));
    let at = places.at;
    let inside = places_where(speedups, reading.band, Verdict::Inside);
    let mut parts = vec![if inside.is_empty() {
        format!("holds (interval inside {band}) {}", places.none)
    } else if inside.len() == speedups.len() {
        format!("holds (interval inside {band}) {}", places.every)
    } else {
        format!(
            "holds (interval inside {band}) {at} {}",
            (places.words)(&inside)
        )
    }];
    for (v, what) in [
        (Verdict::Overlaps, format!("interval overlapping {band}")),
        (Verdict::Below, format!("below {}×", short(lo))),
        (Verdict::Above, format!("above {}×", short(hi))),
        (Verdict::TooFew, "too few for an interval".into()),
    ] {
        let found = places_where(speedups, reading.band, v);
        if !found.is_empty() {
            parts.push(format!("{what} {at} {}", (places.words)(&found)));
        }
    }
    parts.join("; ")
}

/// A band's end: `2`, `3.5`.
fn short(v: f64) -> String {
    crate::charts::short_number(v)
}

/// One condition: its factors and each heap's speedup per size.
#[derive(Clone, Debug)]
pub struct Condition {
    /// The run folder's name.
    pub name: String,
    /// The run folder, as given.
    pub dir: PathBuf,
    /// Heuristic name.
    pub heuristic: Heuristic,
    /// Obstacle density.
    pub density: f64,
    /// Tie policy name.
    pub tie: TiePolicy,
    /// For each of [`HEAPS`] the run measured, in that order: per size,
    /// ascending, the median over queries of linear time ÷ the heap's time
    /// on the same query, with its 95% bootstrap interval.
    pub speedups: Vec<(String, Vec<(u32, Ratio)>)>,
    /// Which build and machine measured it: commit, CPU and start date of
    /// each run folder merged.
    pub measured_by: Vec<String>,
}

impl Condition {
    /// Which factors differ from the default: heuristic, density, tie policy.
    fn factors_moved(&self) -> (bool, bool, bool) {
        (
            self.heuristic != DEFAULT.0,
            self.density != DEFAULT.1,
            self.tie != DEFAULT.2,
        )
    }

    /// What moves this condition away from the default, in words.
    pub fn moved(&self) -> String {
        let (heuristic, density, tie) = self.factors_moved();
        let mut moved = Vec::new();
        if heuristic {
            moved.push(format!("{} heuristic", self.heuristic));
        }
        if density {
            moved.push(format!("density {}", self.density));
        }
        if tie {
            moved.push(format!("{} ties", self.tie));
        }
        if moved.is_empty() {
            "default".into()
        } else {
            moved.join(", ")
        }
    }

    /// Where the condition stands in the table: the default first, then
    /// those that move only the heuristic, only the density, only the tie
    /// policy, then the rest, each group by its values.
    fn order(&self, other: &Condition) -> std::cmp::Ordering {
        let group = |c: &Condition| match c.factors_moved() {
            (false, false, false) => 0,
            (true, false, false) => 1,
            (false, true, false) => 2,
            (false, false, true) => 3,
            _ => 4,
        };
        group(self)
            .cmp(&group(other))
            .then_with(|| self.heuristic.name().cmp(other.heuristic.name()))
            .then_with(|| self.density.total_cmp(&other.density))
            .then_with(|| self.tie.name().cmp(other.tie.name()))
            .then_with(|| self.dir.cmp(&other.dir))
    }

    /// The speedups of one heap, if the run measured it.
    pub fn of(&self, heap: &str) -> Option<&[(u32, Ratio)]> {
        self.speedups
            .iter()
            .find(|(h, _)| h == heap)
            .map(|(_, v)| v.as_slice())
    }
}

/// Reads each run folder as one condition, in the table's order whatever
/// the folders' order (see `Condition::order`), so that a glob over the
/// folders regenerates the same section. Errors if a folder holds several
/// densities, or lacks the linear list or both heaps.
pub fn claim_conditions(dirs: &[PathBuf]) -> Result<Vec<Condition>> {
    let mut out = Vec::new();
    for dir in dirs {
        let (runs, summary) = load_and_summarise(std::slice::from_ref(dir))?;
        let [group] = summary.groups.as_slice() else {
            bail!(
                "{}: a condition is one density, this run has {}",
                dir.display(),
                summary.groups.len()
            );
        };
        let has = |s: &str| summary.strategies.iter().any(|x| x == s);
        if !has(BASE.name()) {
            bail!("{}: no {BASE} rows", dir.display());
        }
        if !HEAPS.iter().any(|h| has(h.name())) {
            bail!("{}: no {} rows", dir.display(), HEAPS[0]);
        }
        let speedups = HEAPS
            .map(Strategy::name)
            .into_iter()
            .filter(|h| has(h))
            .map(|heap| {
                let per_size = group
                    .sizes
                    .iter()
                    .filter_map(|&size| group.ratio_ci(size, BASE.name(), heap).map(|r| (size, r)))
                    .collect();
                (heap.to_string(), per_size)
            })
            .collect();
        let name = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        out.push(Condition {
            name,
            dir: dir.clone(),
            heuristic: runs.config.heuristic,
            density: group.density,
            tie: runs.config.tie,
            speedups,
            measured_by: runs
                .metas
                .iter()
                .map(|m| {
                    let f = &m.machine;
                    format!("commit {} on {} ({} cores)", f.commit, f.cpu, f.cores)
                })
                .collect(),
        });
    }
    out.sort_by(Condition::order);
    Ok(out)
}

/// The markdown table and the sentences, from the conditions alone.
pub fn claim_markdown(conditions: &[Condition]) -> String {
    let sizes: std::collections::BTreeSet<u32> = conditions
        .iter()
        .flat_map(|c| c.speedups.iter().flat_map(|(_, v)| v.iter().map(|s| s.0)))
        .collect();
    let [common, strict] = READINGS;
    let band_of = |r: &Reading| format!("{}–{}×", short(r.band.0), short(r.band.1));
    let (common_band, strict_band) = (band_of(&common), band_of(&strict));
    let too_few = conditions
        .iter()
        .flat_map(|c| c.speedups.iter().flat_map(|(_, v)| v))
        .any(|(_, r)| r.ci.is_none());
    let too_few_mark = if too_few {
        format!(
            ", ? too few queries for an interval (fewer than {}; their count in parentheses instead)",
            astar_runs::stats::bootstrap::FEWEST_VALUES
        )
    } else {
        String::new()
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Median over queries of ({BASE} time ÷ heap time) on the same query, with its 95% bootstrap interval in brackets (percentile interval over {} resamples of the maps, then of the queries within each map). A reading of the claim holds at a size only when the whole interval is inside its band. Marks are for the common reading, {common_band}: **bold** inside it, ↓ below it, ↑ above it, ~ overlapping its edge{too_few_mark}. The last two columns give the sizes where each reading holds: {common_band} (\"{}\") and {strict_band} (\"{}\").\n",
        astar_runs::stats::bootstrap::RESAMPLES,
        common.words,
        strict.words
    );
    let _ = write!(s, "| condition | heuristic | density | ties | heap |");
    for size in &sizes {
        let _ = write!(s, " {size}² |");
    }
    let _ = write!(
        s,
        " inside {common_band} | inside {strict_band} |\n|---|---|---|---|---|"
    );
    for _ in &sizes {
        s.push_str("---|");
    }
    s.push_str("---|---|\n");
    for c in conditions {
        for (heap, speedups) in &c.speedups {
            let _ = write!(
                s,
                "| {} | {} | {} | {} | `{heap}` |",
                c.moved(),
                c.heuristic,
                c.density,
                c.tie
            );
            for size in &sizes {
                let cell = match speedups.iter().find(|x| x.0 == *size) {
                    Some((_, r)) => match Verdict::of(r.ci, common.band) {
                        Verdict::Inside => format!("**{}**", ci_text(r)),
                        Verdict::Below => format!("{} ↓", ci_text(r)),
                        Verdict::Above => format!("{} ↑", ci_text(r)),
                        Verdict::Overlaps => format!("{} ~", ci_text(r)),
                        Verdict::TooFew => format!("{} ?", ci_text(r)),
                    },
                    None => "–".into(),
                };
                let _ = write!(s, " {cell} |");
            }
            let _ = writeln!(
                s,
                " {} | {} |",
                sizes_words(&sizes_where(speedups, common.band, Verdict::Inside)),
                sizes_words(&sizes_where(speedups, strict.band, Verdict::Inside))
            );
        }
    }
    s.push('\n');
    for c in conditions {
        for (heap, speedups) in &c.speedups {
            let (Some(first), Some(last)) = (speedups.first(), speedups.last()) else {
                let _ = writeln!(
                    s,
                    "- **{}**, `{heap}`: no size with both lists measured.",
                    c.moved()
                );
                continue;
            };
            let _ = writeln!(
                s,
                "- **{}**, `{heap}` ({} heuristic, density {}, {} ties): the median speedup over the linear scan runs from {} at {}² to {} at {}². Read as {}, the claim {}. Read as {}, it {}.",
                c.moved(),
                c.heuristic,
                c.density,
                c.tie,
                ci_text(&first.1),
                first.0,
                ci_text(&last.1),
                last.0,
                common.words,
                reading_words(speedups, &common),
                strict.words,
                reading_words(speedups, &strict)
            );
        }
    }
    let mut machines: Vec<&String> = conditions.iter().flat_map(|c| &c.measured_by).collect();
    machines.sort();
    machines.dedup();
    if !machines.is_empty() {
        let list: Vec<&str> = machines.iter().map(|m| m.as_str()).collect();
        let _ = writeln!(s, "\nMeasured at {}.", list.join("; "));
    }
    s
}

/// Writes `reports_dir/conditions/claim.md` and splices the section into
/// `reports_dir/README.md`, which must already hold its markers. Returns the
/// files written.
pub fn write_claim(conditions: &[Condition], reports_dir: &Path) -> Result<Vec<PathBuf>> {
    let body = claim_markdown(conditions);
    let dirs_text: Vec<String> = conditions
        .iter()
        .map(|c| c.dir.display().to_string())
        .collect();
    let made_by = format!("`astar-lab claim {}`", dirs_text.join(" "));
    let table = reports_dir.join("conditions").join("claim.md");
    let doc =
        format!("# Where the 2–3× claim holds\n\nGenerated by {made_by}; do not edit.\n\n{body}");
    write_atomic(&table, doc.as_bytes())?;
    let readme = reports_dir.join("README.md");
    let text = astar_runs::files::read_text(&readme)?;
    let text =
        splice(&text, SECTION, &made_by, &body).with_context(|| format!("{}", readme.display()))?;
    write_atomic(&readme, text.as_bytes())?;
    Ok(vec![table, readme])
}
