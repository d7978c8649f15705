//! The real-map tables: per map family, every strategy's time against the
//! floor, the linear scan and the heap, with its over-budget rows; and the
//! three tie policies compared by expansions ÷ necessary expansions and time.
//!
//! Computed from real-map run folders only (`sweep --scen`), grouped by their
//! tie policy: the runs with LIFO ties (the default) make the time tables,
//! every run the tie table. The section is spliced into `README.md` between
//! markers that name the command, so it regenerates byte for byte.

use crate::bail;
use crate::error::Result;
use crate::files::write_atomic;
use crate::markers::splice;
use crate::runs::real_maps::{read_real_meta, RealMeta, OVER_BUDGET};
use crate::runs::{load_runs, LoadedRuns, Record, OK};
use crate::stats::median;
use astar_registry::{Kind, Strategy};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where the real-map report goes unless told.
pub const DEFAULT_OUT: &str = "reports/real-maps";

/// The name of the generated section.
pub const SECTION: &str = "real-maps";

/// The runs of one tie policy, merged.
struct TieRuns {
    tie: String,
    meta: RealMeta,
    runs: LoadedRuns,
}

/// Reads real-map run folders and groups them by tie policy, in the order
/// first given; a folder that is not a real-map run is an error.
fn load_by_tie(dirs: &[PathBuf]) -> Result<Vec<TieRuns>> {
    let mut groups: Vec<(String, RealMeta, Vec<PathBuf>)> = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            bail!("{}: no such run folder", dir.display());
        }
        let Some(meta) = read_real_meta(dir)? else {
            bail!(
                "{}: not a real-map run (made by `sweep --scen`)",
                dir.display()
            );
        };
        let tie = meta.run.config.tie.clone();
        match groups.iter_mut().find(|g| g.0 == tie) {
            Some(g) => g.2.push(dir.clone()),
            None => groups.push((tie, meta, vec![dir.clone()])),
        }
    }
    if groups.is_empty() {
        bail!("no run folder given");
    }
    groups
        .into_iter()
        .map(|(tie, meta, dirs)| {
            Ok(TieRuns {
                tie,
                meta,
                runs: load_runs(&dirs)?,
            })
        })
        .collect()
}

/// A row's pairing key: its scenario file and line.
fn key(r: &Record) -> (u64, u32) {
    (r.map_seed, r.query)
}

/// `1.23` or `-`.
fn num(v: Option<f64>, decimals: usize) -> String {
    v.map_or("-".into(), |v| format!("{v:.decimals$}"))
}

/// Microseconds from nanoseconds, three significant digits or more.
fn micros(ns: Option<f64>) -> String {
    match ns.map(|ns| ns / 1e3) {
        None => "-".into(),
        Some(us) if us >= 100.0 => format!("{us:.0}"),
        Some(us) if us >= 10.0 => format!("{us:.1}"),
        Some(us) => format!("{us:.2}"),
    }
}

/// One family's rows of one run, by strategy, keyed by row.
struct Family<'a> {
    by_strategy: BTreeMap<&'a str, HashMap<(u64, u32), &'a Record>>,
    maps: BTreeSet<&'a str>,
    rows: BTreeSet<(u64, u32)>,
}

impl<'a> Family<'a> {
    fn of(rows: &'a [Record], family: &str) -> Family<'a> {
        let mut f = Family {
            by_strategy: BTreeMap::new(),
            maps: BTreeSet::new(),
            rows: BTreeSet::new(),
        };
        for r in rows.iter().filter(|r| r.family == family) {
            f.by_strategy
                .entry(r.strategy.as_str())
                .or_default()
                .insert(key(r), r);
            f.maps.insert(r.map.as_str());
            f.rows.insert(key(r));
        }
        f
    }

    fn ok(&self, s: &str) -> impl Iterator<Item = &&'a Record> {
        self.by_strategy
            .get(s)
            .into_iter()
            .flat_map(|m| m.values())
            .filter(|r| r.status == OK)
    }

    fn count(&self, s: &str, pred: impl Fn(&Record) -> bool) -> usize {
        self.by_strategy
            .get(s)
            .map_or(0, |m| m.values().filter(|r| pred(r)).count())
    }

    /// Median over rows where both are ok of `a`'s time ÷ `b`'s.
    fn ratio(&self, a: &str, b: &str) -> Option<f64> {
        let (ma, mb) = (self.by_strategy.get(a)?, self.by_strategy.get(b)?);
        median(ma.iter().filter_map(|(k, ra)| {
            let rb = mb.get(k)?;
            (ra.status == OK && rb.status == OK && rb.ns_per_search > 0.0)
                .then(|| ra.ns_per_search / rb.ns_per_search)
        }))
    }

    /// The open list with the lowest median time ÷ floor among those with no
    /// row over budget or wrong in this family.
    fn fastest_list<'s>(&self, strategies: &'s [String]) -> Option<(&'s str, f64)> {
        strategies
            .iter()
            .filter(|s| {
                s.parse::<Strategy>()
                    .is_ok_and(|st| st.kind() == Kind::OpenList)
            })
            .filter(|s| self.count(s, |r| r.status != OK) == 0)
            .filter_map(|s| Some((s.as_str(), self.ratio(s, "floor")?)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Per row: expansions and necessary expansions, from any row that searched.
    fn counts(&self) -> Vec<(u64, u64)> {
        let mut out = BTreeMap::new();
        for m in self.by_strategy.values() {
            for (k, r) in m {
                if r.repeats > 0 {
                    if let Some(nec) = r.necessary {
                        out.entry(*k).or_insert((r.expansions, nec));
                    }
                }
            }
        }
        out.into_values().collect()
    }
}

/// The generated section's markdown.
fn section(groups: &[TieRuns]) -> String {
    let main = groups
        .iter()
        .find(|g| g.tie == "lifo")
        .unwrap_or(&groups[0]);
    let rows = &main.runs.rows;
    let strategies = main.runs.strategies();
    let families: BTreeSet<&str> = rows.iter().map(|r| r.family.as_str()).collect();
    let meta = &main.meta;
    let mut md = String::new();
    let _ = writeln!(
        md,
        "Measured at commit `{}` on {} ({} threads), {}; {} ties; {} rows per scenario file ({}), search budget {} ms, repeats until {} ms.\n",
        meta.run.machine.commit,
        meta.run.machine.cpu,
        meta.run.threads,
        meta.run.date.split('T').next().unwrap_or_default(),
        main.tie,
        meta.real_maps
            .sample
            .map_or("every".into(), |n| n.to_string()),
        if meta.real_maps.sample.is_some() {
            "spread over the buckets"
        } else {
            "all of them"
        },
        meta.real_maps.budget_ms,
        meta.run.config.min_time_ms,
    );
    let _ = writeln!(md, "### Summary\n");
    let _ = writeln!(
        md,
        "Per family: the fastest open list (lowest median time ÷ floor, among the lists with no row over budget), the heap's time ÷ floor and ÷ the fastest list's (medians over rows), and the rows over budget of the linear-time lists.\n"
    );
    let linear: Vec<&str> = Strategy::linear_time()
        .map(|s| s.name())
        .filter(|s| strategies.iter().any(|n| n == s))
        .collect();
    let _ = writeln!(
        md,
        "| family | maps | rows | fastest list | × floor | heap × floor | heap ÷ fastest | over budget ({}) |",
        linear.join(", ")
    );
    let _ = writeln!(md, "|---|---|---:|---|---:|---:|---:|---:|");
    for family in &families {
        let f = Family::of(rows, family);
        let fastest = f.fastest_list(&strategies);
        let over: Vec<String> = linear
            .iter()
            .map(|s| f.count(s, |r| r.status == OVER_BUDGET).to_string())
            .collect();
        let _ = writeln!(
            md,
            "| {family} | {} | {} | {} | {} | {} | {} | {} |",
            f.maps.iter().copied().collect::<Vec<_>>().join(", "),
            f.rows.len(),
            fastest.map_or("-", |(s, _)| s),
            num(fastest.map(|(_, r)| r), 2),
            num(f.ratio("heap", "floor"), 2),
            num(fastest.and_then(|(s, _)| f.ratio("heap", s)), 2),
            over.join(" / ")
        );
    }
    let _ = writeln!(md, "\n### Time per family\n");
    let _ = writeln!(
        md,
        "Median time of one search over the rows the strategy ran correctly (`ok`); \"× floor\" is the median over rows of its time ÷ the floor's, the speedups the median over rows of the linear scan's or the heap's time ÷ its own, both on the rows where both are `ok` (so a speedup over `linear` leaves out the rows where `linear` went over budget: it is a lower bound there). \"over budget\" counts the rows where its search took longer than the budget or was skipped after a shorter row did; \"wrong\" counts mismatches and errors.\n"
    );
    for family in &families {
        let f = Family::of(rows, family);
        let _ = writeln!(
            md,
            "#### {family}\n\n{} rows on {}.\n",
            f.rows.len(),
            f.maps.iter().copied().collect::<Vec<_>>().join(", ")
        );
        let _ = writeln!(
            md,
            "| strategy | ok | median µs | × floor | speedup over linear | speedup over heap | over budget | wrong |"
        );
        let _ = writeln!(md, "|---|---:|---:|---:|---:|---:|---:|---:|");
        for s in &strategies {
            let ok = f.ok(s).count();
            let _ = writeln!(
                md,
                "| {s} | {ok} | {} | {} | {} | {} | {} | {} |",
                micros(median(f.ok(s).map(|r| r.ns_per_search))),
                num(f.ratio(s, "floor"), 2),
                num(f.ratio("linear", s), 2),
                num(f.ratio("heap", s), 2),
                f.count(s, |r| r.status == OVER_BUDGET),
                f.count(s, |r| r.status != OK && r.status != OVER_BUDGET),
            );
        }
        let _ = writeln!(md);
    }
    // Tie policies.
    let common: Vec<String> = strategies
        .iter()
        .filter(|s| {
            groups
                .iter()
                .all(|g| g.runs.config.strategies.iter().any(|n| n == *s))
        })
        .cloned()
        .collect();
    let _ = writeln!(md, "### Tie policies\n");
    let _ = writeln!(
        md,
        "The same rows under each tie policy among equal F (one run each). Necessary expansions are the expanded nodes whose F is below the optimal cost C*, which every A* with this heuristic expands, whatever its ties; \"exp ÷ nec\" is a row's expansions over them (median over rows with at least one necessary expansion; \"total\" is the sums' ratio). Times are medians over `ok` rows, µs.\n"
    );
    for family in &families {
        let _ = writeln!(md, "#### {family}\n");
        let mut head =
            "| tie | rows | median expansions | median necessary | exp ÷ nec | exp ÷ nec (total) |"
                .to_string();
        let mut rule = "|---|---:|---:|---:|---:|---:|".to_string();
        for s in &common {
            let _ = write!(head, " {s} µs |");
            rule.push_str("---:|");
        }
        let _ = writeln!(md, "{head}\n{rule}");
        for g in groups {
            let f = Family::of(&g.runs.rows, family);
            let counts = f.counts();
            let (exp, nec): (u64, u64) =
                counts.iter().fold((0, 0), |(a, b), (e, n)| (a + e, b + n));
            let mut line = format!(
                "| {} | {} | {} | {} | {} | {} |",
                g.tie,
                f.rows.len(),
                num(median(counts.iter().map(|c| c.0 as f64)), 0),
                num(median(counts.iter().map(|c| c.1 as f64)), 0),
                num(
                    median(
                        counts
                            .iter()
                            .filter(|c| c.1 > 0)
                            .map(|c| c.0 as f64 / c.1 as f64)
                    ),
                    3
                ),
                num((nec > 0).then(|| exp as f64 / nec as f64), 3),
            );
            for s in &common {
                let _ = write!(
                    line,
                    " {} |",
                    micros(median(f.ok(s).map(|r| r.ns_per_search)))
                );
            }
            let _ = writeln!(md, "{line}");
        }
        let _ = writeln!(md);
    }
    md
}

/// The README written when there is none: prose around the marker.
fn template() -> String {
    format!(
        "# Real maps: every open list on MovingAI benchmark maps\n\n\
Every strategy on sampled rows of the MovingAI scenario files in `data/movingai/` \
(see its `ATTRIBUTION.md` for sources and licence), measured with \
`scripts/publish-real-maps.sh`: the same paired, rotated, repeated, median timing \
as the random sweep, every path checked against the file's optimal length. \
The run folders are in `data/`; `results.csv` has one row per scenario row and \
strategy, with the family, map, bucket, optimal length, nodes generated and \
necessary expansions.\n\n\
<!-- BEGIN GENERATED: {SECTION} -->\n<!-- END GENERATED: {SECTION} -->\n"
    )
}

/// Writes the real-map section of `out/README.md` from real-map run folders
/// (several tie policies, shards merged) and returns the file written.
/// `made_by` is the command, as the marker should name it.
pub fn write_real_maps_report(dirs: &[PathBuf], out: &Path, made_by: &str) -> Result<PathBuf> {
    let groups = load_by_tie(dirs)?;
    let content = section(&groups);
    let path = out.join("README.md");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => template(),
        Err(e) => return Err(crate::error::Error::io(&path, e)),
    };
    let text = splice(&text, SECTION, made_by, &content)?;
    std::fs::create_dir_all(out).map_err(|e| crate::error::Error::io(out, e))?;
    write_atomic(&path, text.as_bytes())?;
    Ok(path)
}
