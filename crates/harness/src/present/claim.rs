//! `astar-lab claim`: where seed 000's "a heap is 2–3× faster" claim holds.
//!
//! Each run folder given is one *condition*: a sweep with one factor
//! (heuristic, obstacle density or tie policy) moved from the default. For
//! each condition and map size this reports the heap's median paired speedup
//! over the linear list, and whether it falls inside the claimed band. The
//! table and the sentences below it are generated together from the same
//! medians, and spliced into the writeup's `claim-conditions` section.

use crate::bail;
use crate::error::{Context, Result};
use crate::files::write_atomic;
use crate::markers::splice;
use crate::present::charts::CLAIM;
use crate::present::format::ratio_text;
use crate::stats::load_and_summarise;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The generated section of the writeup this command fills.
pub const SECTION: &str = "claim-conditions";

/// The condition every other one moves a single factor away from.
pub const DEFAULT: (&str, f64, &str) = ("octile", 0.25, "lifo");

/// The strategy the claim is about, and the one it is measured against.
const CLAIMED: (&str, &str) = ("heap", "linear");

/// Where the claim stands in one condition at one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Below the band: the heap gains less than claimed (or loses).
    Below,
    /// Inside the claimed band.
    Inside,
    /// Above the band: the heap gains more than claimed.
    Above,
}

impl Verdict {
    /// The verdict for a median speedup.
    pub fn of(speedup: f64) -> Verdict {
        if speedup < CLAIM.0 {
            Verdict::Below
        } else if speedup > CLAIM.1 {
            Verdict::Above
        } else {
            Verdict::Inside
        }
    }
}

/// One condition: its factors and the heap's speedup per size.
#[derive(Clone, Debug)]
pub struct Condition {
    /// The run folder's name.
    pub name: String,
    /// Heuristic name.
    pub heuristic: String,
    /// Obstacle density.
    pub density: f64,
    /// Tie policy name.
    pub tie: String,
    /// Per size, ascending: the median over queries of linear time ÷ heap
    /// time on the same query, and how many queries it is over.
    pub speedups: Vec<(u32, f64, usize)>,
    /// Which build and machine measured it: commit, CPU and start date of
    /// each run folder merged.
    pub measured_by: Vec<String>,
}

impl Condition {
    /// What moves this condition away from the default, in words.
    pub fn moved(&self) -> String {
        let mut moved = Vec::new();
        if self.heuristic != DEFAULT.0 {
            moved.push(format!("{} heuristic", self.heuristic));
        }
        if self.density != DEFAULT.1 {
            moved.push(format!("density {}", self.density));
        }
        if self.tie != DEFAULT.2 {
            moved.push(format!("{} ties", self.tie));
        }
        if moved.is_empty() {
            "default".into()
        } else {
            moved.join(", ")
        }
    }

    /// The sizes whose median speedup has verdict `v`.
    pub fn sizes_where(&self, v: Verdict) -> Vec<u32> {
        self.speedups
            .iter()
            .filter(|(_, s, _)| Verdict::of(*s) == v)
            .map(|(size, _, _)| *size)
            .collect()
    }
}

/// Reads each run folder as one condition. Errors if a folder holds several
/// densities, or lacks the heap or the linear list.
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
        for s in [CLAIMED.0, CLAIMED.1] {
            if !summary.strategies.iter().any(|x| x == s) {
                bail!("{}: no {s} rows", dir.display());
            }
        }
        let speedups = group
            .sizes
            .iter()
            .filter_map(|&size| {
                group
                    .ratio(size, CLAIMED.1, CLAIMED.0)
                    .map(|q| (size, q.median, q.n))
            })
            .collect();
        let name = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        out.push(Condition {
            name,
            heuristic: runs.config.heuristic.clone(),
            density: group.density,
            tie: runs.config.tie.clone(),
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
    Ok(out)
}

/// A list of sizes in words: `32, 64 and 128`, or `none`.
fn sizes_words(v: &[u32]) -> String {
    let s: Vec<String> = v.iter().map(|x| format!("{x}²")).collect();
    match s.as_slice() {
        [] => "none".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The markdown table and the sentences, from the conditions alone.
pub fn claim_markdown(conditions: &[Condition]) -> String {
    let sizes: std::collections::BTreeSet<u32> = conditions
        .iter()
        .flat_map(|c| c.speedups.iter().map(|s| s.0))
        .collect();
    let (lo, hi) = CLAIM;
    let band = format!("{}–{}×", ratio_text(lo), ratio_text(hi));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Median over queries of ({} time ÷ {} time) on the same query; **bold**: inside the claimed {band}; ↓ below it, ↑ above it.\n",
        CLAIMED.1, CLAIMED.0
    );
    let _ = write!(s, "| condition | heuristic | density | ties |");
    for size in &sizes {
        let _ = write!(s, " {size}² |");
    }
    let _ = write!(s, " sizes inside {band} |\n|---|---|---|---|");
    for _ in &sizes {
        s.push_str("---|");
    }
    s.push_str("---|\n");
    for c in conditions {
        let _ = write!(
            s,
            "| {} | {} | {} | {} |",
            c.moved(),
            c.heuristic,
            c.density,
            c.tie
        );
        for size in &sizes {
            let cell = match c.speedups.iter().find(|x| x.0 == *size) {
                Some(&(_, v, _)) => match Verdict::of(v) {
                    Verdict::Inside => format!("**{}**", ratio_text(v)),
                    Verdict::Below => format!("{} ↓", ratio_text(v)),
                    Verdict::Above => format!("{} ↑", ratio_text(v)),
                },
                None => "–".into(),
            };
            let _ = write!(s, " {cell} |");
        }
        let _ = writeln!(s, " {} |", sizes_words(&c.sizes_where(Verdict::Inside)));
    }
    s.push('\n');
    for c in conditions {
        let (Some(first), Some(last)) = (c.speedups.first(), c.speedups.last()) else {
            let _ = writeln!(s, "- **{}**: no size with both lists measured.", c.moved());
            continue;
        };
        let (min, max) = c
            .speedups
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
                (a.min(x.1), b.max(x.1))
            });
        let inside = c.sizes_where(Verdict::Inside);
        let below = c.sizes_where(Verdict::Below);
        let above = c.sizes_where(Verdict::Above);
        let mut line = format!(
            "- **{}** ({} heuristic, density {}, {} ties): the heap's median speedup runs from {}× at {}² to {}× at {}² (lowest {}×, highest {}×); ",
            c.moved(),
            c.heuristic,
            c.density,
            c.tie,
            ratio_text(first.1),
            first.0,
            ratio_text(last.1),
            last.0,
            ratio_text(min),
            ratio_text(max)
        );
        if inside.is_empty() {
            line.push_str("the claim holds at no measured size");
        } else if inside.len() == c.speedups.len() {
            line.push_str("the claim holds at every measured size");
        } else {
            line.push_str(&format!("the claim holds at {}", sizes_words(&inside)));
        }
        if !below.is_empty() {
            line.push_str(&format!(
                "; below {}× at {}",
                ratio_text(lo),
                sizes_words(&below)
            ));
        }
        if !above.is_empty() {
            line.push_str(&format!(
                "; above {}× at {}",
                ratio_text(hi),
                sizes_words(&above)
            ));
        }
        line.push('.');
        let _ = writeln!(s, "{line}");
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
pub fn write_claim(
    conditions: &[Condition],
    dirs: &[PathBuf],
    reports_dir: &Path,
) -> Result<Vec<PathBuf>> {
    let body = claim_markdown(conditions);
    let dirs_text: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    let made_by = format!("`astar-lab claim {}`", dirs_text.join(" "));
    let table = reports_dir.join("conditions").join("claim.md");
    let doc =
        format!("# Where the 2–3× claim holds\n\nGenerated by {made_by}; do not edit.\n\n{body}");
    write_atomic(&table, doc.as_bytes())?;
    let readme = reports_dir.join("README.md");
    let text = crate::files::read_text(&readme)?;
    let text =
        splice(&text, SECTION, &made_by, &body).with_context(|| format!("{}", readme.display()))?;
    write_atomic(&readme, text.as_bytes())?;
    Ok(vec![table, readme])
}
