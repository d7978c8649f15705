//! The real-map tables: per map family, every strategy's time against the
//! floor, the linear scan and the heap, with its over-budget rows; and the
//! three tie policies compared by expansions ÷ necessary expansions and time.
//!
//! Computed from real-map run folders only (`sweep --scen`), grouped by their
//! tie policy: the runs with LIFO ties (the default) make the time tables,
//! every run the tie table. The section is spliced into `README.md` between
//! markers that name the command, so it regenerates byte for byte.

pub mod bins;
pub mod claim;
pub mod targets;

use crate::charts::families::{
    speedup_stem, write_real_map_charts, FamilySpeedups, FloorPanel, FLOOR_STEM,
};
use crate::claim::list_words;
use crate::format::{ci_text, micros};
use crate::report::published_crates_text;
use crate::targets::{is_list, REAL_FLOOR_RATIO, REAL_HEAP_FLOOR_RATIO};
use astar_core::TiePolicy;
use astar_registry::Strategy;
use astar_runs::bail;
use astar_runs::error::{Context, Result};
use astar_runs::files::write_atomic;
use astar_runs::markers::splice;
use astar_runs::stats::{median, Ratio};
use astar_runs::{load_runs, read_real_meta, LoadedRuns, RealMeta, Record, Status};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where the real-map report goes unless told.
pub const DEFAULT_OUT: &str = "reports/real-maps";

/// The name of the generated section.
pub const SECTION: &str = "real-maps";

/// The runs of one tie policy, merged.
struct TieRuns {
    tie: TiePolicy,
    meta: RealMeta,
    runs: LoadedRuns,
}

/// Reads real-map run folders and groups them by tie policy, in the order
/// first given; a folder that is not a real-map run is an error.
fn load_by_tie(dirs: &[PathBuf]) -> Result<Vec<TieRuns>> {
    let mut groups: Vec<(TiePolicy, RealMeta, Vec<PathBuf>)> = Vec::new();
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
        let tie = meta.run.config.tie;
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

/// One family's rows of one run, by strategy, keyed by row.
pub(crate) struct Family<'a> {
    by_strategy: BTreeMap<&'a str, HashMap<(u64, u32), &'a Record>>,
    maps: BTreeSet<&'a str>,
    rows: BTreeSet<(u64, u32)>,
    /// The map file of each row.
    map_of: HashMap<(u64, u32), &'a str>,
}

impl<'a> Family<'a> {
    pub(crate) fn of(rows: &'a [Record], family: &str) -> Family<'a> {
        Family::of_rows(rows.iter().filter(|r| r.family == family))
    }

    /// The rows of one map file (named as in the rows' `map` field), as a
    /// family of one map.
    pub(crate) fn of_map(rows: &'a [Record], map: &str) -> Family<'a> {
        Family::of_rows(rows.iter().filter(|r| r.map == map))
    }

    fn of_rows(rows: impl Iterator<Item = &'a Record>) -> Family<'a> {
        let mut f = Family {
            by_strategy: BTreeMap::new(),
            maps: BTreeSet::new(),
            rows: BTreeSet::new(),
            map_of: HashMap::new(),
        };
        for r in rows {
            f.by_strategy
                .entry(r.strategy.as_str())
                .or_default()
                .insert(key(r), r);
            f.maps.insert(r.map.as_str());
            f.rows.insert(key(r));
            f.map_of.insert(key(r), r.map.as_str());
        }
        f
    }

    /// The record of strategy `s` on row `k`, if any.
    pub(crate) fn record(&self, s: &str, k: (u64, u32)) -> Option<&'a Record> {
        self.by_strategy.get(s)?.get(&k).copied()
    }

    /// The family's rows, in order (scenario file, then line).
    pub(crate) fn row_keys(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.rows.iter().copied()
    }

    /// How many map files the family's rows are on.
    pub(crate) fn map_count(&self) -> usize {
        self.maps.len()
    }

    /// `value` of every row that has one, grouped by map file (in name
    /// order), rows in order within a map: the clusters the bootstrap
    /// resamples (map files, then rows within each).
    pub(crate) fn clusters(&self, value: impl Fn((u64, u32)) -> Option<f64>) -> Vec<Vec<f64>> {
        let mut by_map: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
        for k in self.row_keys() {
            if let Some(v) = value(k).filter(|v| !v.is_nan()) {
                by_map.entry(self.map_of[&k]).or_default().push(v);
            }
        }
        by_map.into_values().collect()
    }

    /// The paired ratio `a`'s time ÷ `b`'s over the rows where both are
    /// `ok`, with the 95% bootstrap interval of its median (map files
    /// resampled, then rows within each; a family on one map file has its
    /// rows alone resampled).
    pub(crate) fn ratio_ci(&self, a: &str, b: &str) -> Option<Ratio> {
        Ratio::of_clusters(&self.clusters(|k| {
            let (ra, rb) = (self.record(a, k)?, self.record(b, k)?);
            (ra.status == Status::Ok && rb.status == Status::Ok && rb.ns_per_search > 0.0)
                .then(|| ra.ns_per_search / rb.ns_per_search)
        }))
    }

    pub(crate) fn ok(&self, s: &str) -> impl Iterator<Item = &&'a Record> {
        self.by_strategy
            .get(s)
            .into_iter()
            .flat_map(|m| m.values())
            .filter(|r| r.status == Status::Ok)
    }

    pub(crate) fn count(&self, s: &str, pred: impl Fn(&Record) -> bool) -> usize {
        self.by_strategy
            .get(s)
            .map_or(0, |m| m.values().filter(|r| pred(r)).count())
    }

    /// Median over rows where both are ok of `a`'s time ÷ `b`'s.
    fn ratio(&self, a: &str, b: &str) -> Option<f64> {
        let (ma, mb) = (self.by_strategy.get(a)?, self.by_strategy.get(b)?);
        median(ma.iter().filter_map(|(k, ra)| {
            let rb = mb.get(k)?;
            (ra.status == Status::Ok && rb.status == Status::Ok && rb.ns_per_search > 0.0)
                .then(|| ra.ns_per_search / rb.ns_per_search)
        }))
    }

    /// The open list with the lowest median time ÷ floor among those with no
    /// row over budget or wrong in this family: the rule
    /// [`crate::targets::fastest_list`] applies to a sweep.
    pub(crate) fn fastest_list<'s>(&self, strategies: &'s [String]) -> Option<(&'s str, f64)> {
        strategies
            .iter()
            .filter(|s| is_list(s))
            .filter(|s| self.count(s, |r| r.status != Status::Ok) == 0)
            .filter_map(|s| Some((s.as_str(), self.ratio(s, Strategy::Floor.name())?)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Decrease-keys per expansion over the family's rows: each row
    /// counts once (every strategy searches a row alike), from a record
    /// that finished it.
    pub(crate) fn decreases_per_expansion(&self) -> Option<f64> {
        let (decreases, expansions) = self
            .per_row(|r| (r.status == Status::Ok).then_some((r.decreases, r.expansions)))
            .into_iter()
            .fold((0, 0), |(d, e), (rd, re)| (d + rd, e + re));
        (expansions > 0).then(|| decreases as f64 / expansions as f64)
    }

    /// Per row: expansions and necessary expansions, from any row that searched.
    fn counts(&self) -> Vec<(u64, u64)> {
        self.per_row(|r| {
            let necessary = r.necessary.filter(|_| r.repeats > 0)?;
            Some((r.expansions, necessary))
        })
    }

    /// Per row, in row order: what `pick` takes from the first record of
    /// the row it takes anything from (strategies in name order). For the
    /// counts every strategy's search of a row shares.
    fn per_row<T>(&self, pick: impl Fn(&Record) -> Option<T>) -> Vec<T> {
        let mut out = BTreeMap::new();
        for m in self.by_strategy.values() {
            for (k, r) in m {
                if !out.contains_key(k) {
                    if let Some(v) = pick(r) {
                        out.insert(*k, v);
                    }
                }
            }
        }
        out.into_values().collect()
    }
}

/// The runs the time tables, the claim and the charts are made from: the
/// LIFO ones, or the first given.
fn main_group(groups: &[TieRuns]) -> &TieRuns {
    groups
        .iter()
        .find(|g| g.tie == TiePolicy::Lifo)
        .unwrap_or(&groups[0])
}

/// The charts' stems in the order they are shown: time ÷ floor, then each
/// family's speedups.
fn chart_stems(families: &BTreeSet<&str>) -> Vec<(String, String)> {
    let mut out = vec![(
        FLOOR_STEM.to_string(),
        "Time ÷ floor per map family".to_string(),
    )];
    for f in families {
        out.push((speedup_stem(f), format!("Speedup against search size: {f}")));
    }
    out
}

/// What was measured, and the published crates' versions when any ran.
fn measured_text(main: &TieRuns) -> String {
    let meta = &main.meta;
    let peers = published_crates_text(&main.runs, &main.runs.strategies())
        .map_or(String::new(), |p| format!(" Published crates: {p}."));
    format!(
        "Measured at commit `{}` on {} ({} thread{}; other load {}), {}; {} ties; {} rows per scenario file ({}), search budget {} ms, repeats until {} ms.{peers}",
        meta.run.machine.commit,
        meta.run.machine.cpu,
        meta.run.threads,
        if meta.run.threads == 1 { "" } else { "s" },
        crate::format::load_text(meta.run.other_load),
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
    )
}

/// The generated section's markdown.
fn section(groups: &[TieRuns]) -> String {
    let main = main_group(groups);
    let rows = &main.runs.rows;
    let strategies = main.runs.strategies();
    let families: BTreeSet<&str> = rows.iter().map(|r| r.family.as_str()).collect();
    let (floor, linear_scan, heap) = (
        Strategy::Floor.name(),
        Strategy::Linear.name(),
        Strategy::Heap.name(),
    );
    let mut md = String::new();
    let _ = writeln!(md, "{}\n", measured_text(main));
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
            .map(|s| f.count(s, |r| r.status == Status::OverBudget).to_string())
            .collect();
        let _ = writeln!(
            md,
            "| {family} | {} | {} | {} | {} | {} | {} | {} |",
            f.maps.iter().copied().collect::<Vec<_>>().join(", "),
            f.rows.len(),
            fastest.map_or("-", |(s, _)| s),
            num(fastest.map(|(_, r)| r), 2),
            num(f.ratio(heap, floor), 2),
            num(fastest.and_then(|(s, _)| f.ratio(heap, s)), 2),
            over.join(" / ")
        );
    }
    let budget = main.meta.real_maps.budget_ms;
    let _ = writeln!(md, "\n### The seeds' 2–3× claim\n");
    let _ = writeln!(
        md,
        "{}",
        claim::claim_markdown(&claim::family_speedups(rows, budget), budget)
    );
    let _ = writeln!(md, "### Charts\n");
    let _ = writeln!(
        md,
        "Every strategy's time ÷ the floor's per family (median over rows, with its 95% bootstrap interval); then per family, each strategy's speedup over the linear scan and over the heap against the size of the search (rows binned by expansions, {}). Each chart is also here as SVG.\n",
        bins::bins_text()
    );
    for (stem, alt) in chart_stems(&families) {
        let _ = writeln!(md, "![{alt}]({stem}.png)\n");
    }
    let _ = writeln!(md, "### Time per family\n");
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
                median(f.ok(s).map(|r| r.ns_per_search)).map_or("-".into(), micros),
                num(f.ratio(s, floor), 2),
                num(f.ratio(linear_scan, s), 2),
                num(f.ratio(heap, s), 2),
                f.count(s, |r| r.status == Status::OverBudget),
                f.count(s, Record::is_bad),
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
                .all(|g| g.runs.config.strategies.iter().any(|n| n.name() == *s))
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
                    median(f.ok(s).map(|r| r.ns_per_search)).map_or("-".into(), micros)
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

/// The name of the writeup's generated section on real maps.
pub const WRITEUP_SECTION: &str = "on-real-maps";

/// The writeup's section: what was measured, the fastest list per family,
/// the bucket queue against the heap, the claim, and links to the tables
/// and charts in `link` (the real-map report's folder, relative to the
/// writeup).
fn writeup_section(groups: &[TieRuns], link: &str) -> String {
    let main = main_group(groups);
    let rows = &main.runs.rows;
    let strategies = main.runs.strategies();
    let families: BTreeSet<&str> = rows.iter().map(|r| r.family.as_str()).collect();
    let maps: BTreeSet<&str> = rows.iter().map(|r| r.map.as_str()).collect();
    let row_count: BTreeSet<(u64, u32)> = rows.iter().map(key).collect();
    let mut md = String::new();
    let names: Vec<String> = families.iter().map(|f| f.to_string()).collect();
    let _ = writeln!(
        md,
        "{} rows on {} map files in {} families ({}). {} Tables and charts: [{link}/README.md]({link}/README.md).\n",
        row_count.len(),
        maps.len(),
        families.len(),
        list_words(&names),
        measured_text(main),
    );
    let fastest: Vec<String> = families
        .iter()
        .map(|family| {
            let f = Family::of(rows, family);
            match f.fastest_list(&strategies) {
                Some((s, _)) => format!(
                    "{s} in {family} ({})",
                    f.ratio_ci(s, Strategy::Floor.name())
                        .map_or("-".into(), |r| ci_text(&r))
                ),
                None => format!("none in {family} (every list has a row over budget or wrong)"),
            }
        })
        .collect();
    let _ = writeln!(
        md,
        "- Fastest open list per family, by the median over rows of its time ÷ the floor's (among the lists with no row over budget; that median in parentheses, with its 95% bootstrap interval): {}.",
        list_words(&fastest)
    );
    let has = |s: &str| strategies.iter().any(|n| n == s);
    let (bucket, heap) = (Strategy::Bucket.name(), Strategy::Heap.name());
    if has(bucket) && has(heap) {
        let mut faster = Vec::new();
        let mut slower = Vec::new();
        let mut undecided = Vec::new();
        for family in &families {
            let Some(r) = Family::of(rows, family).ratio_ci(heap, bucket) else {
                continue;
            };
            let text = format!("{family} {}", ci_text(&r));
            if r.ci.is_some_and(|ci| ci.lo > 1.0) {
                faster.push(text);
            } else if r.ci.is_some_and(|ci| ci.hi < 1.0) {
                slower.push(text);
            } else {
                undecided.push(text);
            }
        }
        let mut parts = Vec::new();
        for (what, v) in [
            ("faster (interval above 1×)", &faster),
            ("slower (interval below 1×)", &slower),
            ("undecided (interval across 1×)", &undecided),
        ] {
            if !v.is_empty() {
                parts.push(format!("{what} in {}", list_words(v)));
            }
        }
        let verdict = if faster.len() == families.len() {
            "it beats the heap in every family"
        } else {
            "it does not beat the heap in every family"
        };
        let _ = writeln!(
            md,
            "- The bucket queue against the heap (the heap's time ÷ the bucket queue's on the same row, median over rows): {}; {verdict}.",
            parts.join("; ")
        );
    }
    let decreases: Vec<String> = families
        .iter()
        .filter_map(|family| {
            let d = Family::of(rows, family).decreases_per_expansion()?;
            Some(format!("{family} {d:.2}"))
        })
        .collect();
    if !decreases.is_empty() {
        let _ = writeln!(
            md,
            "- Decrease-keys per expansion, over each family's rows: {}. Each one makes the heap sift a key up, and leaves every lazy list a stale key to pop later; the instruction table (`scripts/instructions.sh`) counts the same for its random query and its maze row, beside what each list spends per expansion.",
            list_words(&decreases)
        );
    }
    let _ = writeln!(
        md,
        "\nThe targets for real maps, beside the random-map ones above: on every map, the fastest list within {REAL_FLOOR_RATIO}× of the floor and `{heap}` within {REAL_HEAP_FLOOR_RATIO}×, and the fastest list not slower than `{heap}`. Judged per map file on the median over its rows of each paired ratio, with its 95% bootstrap interval (rows resampled); met or not met only when the whole interval agrees.\n\n{}",
        targets::targets_markdown(rows, &strategies)
    );
    let budget = main.meta.real_maps.budget_ms;
    let _ = writeln!(
        md,
        "Seed 000's claim on these maps, judged as on random maps:\n\n{}",
        claim::claim_markdown(&claim::family_speedups(rows, budget), budget)
    );
    let charts: Vec<String> = chart_stems(&families)
        .into_iter()
        .skip(1)
        .zip(&families)
        .map(|((stem, _), f)| format!("[{f}]({link}/{stem}.png)"))
        .collect();
    let _ = writeln!(
        md,
        "![Time ÷ floor per map family]({link}/{FLOOR_STEM}.png)\n\nSpeedup over the linear scan and over the heap against the size of the search, per family: {}.",
        charts.join(", ")
    );
    md
}

/// The data of the real-map charts, and draws them into `out`.
fn write_charts(groups: &[TieRuns], out: &Path) -> Result<Vec<PathBuf>> {
    let main = main_group(groups);
    let rows = &main.runs.rows;
    let strategies = main.runs.strategies();
    let families: BTreeSet<&str> = rows.iter().map(|r| r.family.as_str()).collect();
    let (linear, heap) = (Strategy::Linear.name(), Strategy::Heap.name());
    let mut speedups = Vec::new();
    let mut floor = Vec::new();
    for family in &families {
        let f = Family::of(rows, family);
        let maps = f.maps.iter().copied().collect::<Vec<_>>().join(", ");
        let what = format!("{family}: {} rows on {maps}", f.rows.len());
        speedups.push(FamilySpeedups {
            family: family.to_string(),
            what: what.clone(),
            over_linear: bins::binned(&f, &strategies, linear),
            over_heap: bins::binned(&f, &strategies, heap),
            linear_over_budget: f.count(linear, |r| r.status == Status::OverBudget),
            rows: f.rows.len(),
        });
        floor.push(FloorPanel {
            title: format!("{family} ({} rows)", f.rows.len()),
            dots: strategies
                .iter()
                .map(|s| {
                    (
                        s.clone(),
                        f.ratio_ci(s, Strategy::Floor.name()),
                        f.count(s, |r| r.status == Status::OverBudget),
                    )
                })
                .collect(),
        });
    }
    let conditions = format!(
        "{} ties, commit {}.",
        main.tie, main.meta.run.machine.commit
    );
    std::fs::create_dir_all(out).map_err(|e| astar_runs::error::Error::io(out, e))?;
    write_real_map_charts(
        out,
        &strategies,
        &speedups,
        &floor,
        &bins::bins_text(),
        &conditions,
    )
}

/// `target` as a link from a file in `from`: relative when it lies below
/// it, as given otherwise.
fn link_from(from: &Path, target: &Path) -> String {
    let rel = target.strip_prefix(from).unwrap_or(target);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Writes the real-map section of `out/README.md` and the charts beside it
/// from real-map run folders (several tie policies, shards merged), and,
/// when given, the writeup's section on real maps into `writeup` (which must
/// hold its markers). `made_by` is the command, as the markers should name
/// it. Returns the files written.
pub fn write_real_maps_report(
    dirs: &[PathBuf],
    out: &Path,
    writeup: Option<&Path>,
    made_by: &str,
) -> Result<Vec<PathBuf>> {
    let groups = load_by_tie(dirs)?;
    let content = section(&groups);
    let path = out.join("README.md");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => template(),
        Err(e) => return Err(astar_runs::error::Error::io(&path, e)),
    };
    let text = splice(&text, SECTION, made_by, &content)?;
    // The writeup is read and spliced before anything is written, so a
    // writeup without its markers leaves every file as it was.
    let writeup_text = match writeup {
        Some(writeup) => {
            let from = writeup.parent().unwrap_or(Path::new(""));
            let body = writeup_section(&groups, &link_from(from, out));
            let old = astar_runs::files::read_text(writeup)?;
            let new = splice(&old, WRITEUP_SECTION, made_by, &body)
                .with_context(|| writeup.display().to_string())?;
            Some((writeup, new))
        }
        None => None,
    };
    let mut written = write_charts(&groups, out)?;
    write_atomic(&path, text.as_bytes())?;
    written.push(path);
    if let Some((writeup, new)) = writeup_text {
        write_atomic(writeup, new.as_bytes())?;
        written.push(writeup.to_path_buf());
    }
    Ok(written)
}

/// A finished row of `strategy` on line `line` of `map` in `family`, keyed
/// as a real-map run writes it; the tests of this folder set its measures.
#[cfg(test)]
pub(crate) fn test_row(family: &str, map: &str, line: u32, strategy: &str) -> Record {
    Record {
        map_seed: astar_runs::scen_key(map),
        query: line,
        strategy: strategy.into(),
        status: Status::Ok,
        family: family.into(),
        map: map.into(),
        ..Record::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of `strategy` on line `line` of `a.map` in family `f`.
    fn rec(line: u32, strategy: &str, status: Status, decreases: u64, expansions: u64) -> Record {
        Record {
            status,
            decreases,
            expansions,
            ..test_row("f", "a.map", line, strategy)
        }
    }

    #[test]
    fn decreases_per_expansion_counts_each_row_once_from_a_finished_search() {
        let rows = vec![
            // Row 0, searched by three strategies alike: counted once.
            rec(0, "floor", Status::Ok, 30, 100),
            rec(0, "heap", Status::Ok, 30, 100),
            rec(0, "two-level", Status::Ok, 30, 100),
            // Row 1: one strategy over budget (its counts are of an
            // unfinished search), another finished.
            rec(1, "linear", Status::OverBudget, 1, 1000),
            rec(1, "heap", Status::Ok, 90, 100),
            // Row 2: no strategy finished it.
            rec(2, "linear", Status::OverBudget, 7, 7),
        ];
        let got = Family::of(&rows, "f").decreases_per_expansion();
        assert_eq!(got, Some(120.0 / 200.0));
        assert_eq!(Family::of(&rows[5..], "f").decreases_per_expansion(), None);
    }

    #[test]
    fn counts_come_from_a_record_that_searched_its_row() {
        let with = |mut r: Record, repeats, necessary| {
            r.repeats = repeats;
            r.necessary = necessary;
            r
        };
        let rows = vec![
            // Row 0: "heap" comes first by name but never searched.
            with(rec(0, "heap", Status::OverBudget, 0, 5), 0, Some(3)),
            with(rec(0, "linear", Status::Ok, 0, 100), 4, Some(60)),
            // Row 1: searched, but with no necessary count: left out.
            with(rec(1, "heap", Status::Ok, 0, 50), 4, None),
            // Row 2: two records that searched: the first by name counts.
            with(rec(2, "heap", Status::Ok, 0, 70), 1, Some(40)),
            with(rec(2, "linear", Status::Ok, 0, 71), 1, Some(41)),
        ];
        assert_eq!(Family::of(&rows, "f").counts(), vec![(100, 60), (70, 40)]);
    }
}
