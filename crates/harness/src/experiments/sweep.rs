//! `astar-lab sweep`: every strategy on many random maps and queries, timed.
//!
//! A sweep is a list of items — one query on one map — fixed by its
//! [`SweepConfig`] (see [`workload`]). Items run in parallel on a rayon pool;
//! each runs every strategy on the same query ([`measure`]), and its rows are
//! appended to the run's `results.csv` as soon as it finishes ([`store`]), so a
//! killed run keeps every finished item and `--resume` carries on from there.
//! The run folder's `meta.json` says what was measured and on what.

use crate::error::Result;
use crate::measure::{machine, timing as measure, workload};
use crate::runs::store;
use crate::runs::{MachineFacts, Record, RunMeta, SweepConfig, OK, OVER_BUDGET};
use crate::{bail, invalid};
use astar_core::{Grid, NodeId, Point, Query, Rules};
use astar_registry::{Solver, Strategy};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The master seed when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 1;

/// The shape of a named sweep.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Map sides.
    pub sizes: &'static [u32],
    /// Obstacle densities.
    pub densities: &'static [f64],
    /// Maps per (size, density).
    pub maps: u32,
    /// Queries per map, at sizes not in `queries_per_size`.
    pub queries: u32,
    /// Queries per map at particular sizes: (side, queries).
    pub queries_per_size: &'static [(u32, u32)],
    /// Minimum total time of the repeats of one search, ms.
    pub min_time_ms: f64,
    /// Time budget of one search, ms (see [`SweepConfig::budget_ms`]).
    pub budget_ms: Option<f64>,
}

/// `--quick`, the default: sized to finish the sweep itself in about two
/// minutes on two cores (charts and report a few seconds more). A small map's
/// query costs little more than its strategies' minimum timing (14 × 5 ms),
/// so the small sizes get many queries, enough for a bootstrap interval of
/// the median worth printing; the linear scan at 1024 (about 2 s a query)
/// bounds the large ones. Five maps per size, since the interval resamples
/// maps before queries.
pub const QUICK: Preset = Preset {
    sizes: &[32, 64, 128, 256, 512, 1024],
    densities: &[0.25],
    maps: 5,
    queries: 4,
    queries_per_size: &[(32, 96), (64, 96), (128, 64), (256, 40), (512, 10)],
    min_time_ms: 5.0,
    budget_ms: None,
};

/// `--full`: the published figures; up to 4096², in about 15 minutes on one
/// worker thread, most of it on the largest maps. The fast lists and the peers run at
/// every size (under a second a search at 4096²); the linear-time lists grow
/// quadratically (the linked list takes seconds a search at 2048²), so a
/// per-search budget stops each of them at the first search that exceeds it
/// and skips it on the larger sizes, recorded `over-budget`. The budget sits
/// far above the slowest peer's search at 4096² so that only the linear-time
/// lists meet it. Queries per map fall with the size, but every size has at
/// least 30 queries on 5 maps, for an interval of the median; 1024², the
/// size the speed targets are stated for, has 120, so that their verdicts
/// rest on narrower intervals.
pub const FULL: Preset = Preset {
    sizes: &[32, 64, 128, 256, 512, 1024, 2048, 4096],
    densities: &[0.25],
    maps: 5,
    queries: 4,
    queries_per_size: &[
        (32, 96),
        (64, 96),
        (128, 64),
        (256, 40),
        (512, 24),
        (1024, 24),
        (2048, 8),
        (4096, 6),
    ],
    min_time_ms: 5.0,
    budget_ms: Some(10_000.0),
};

/// One slice of a sweep: `K/N`, 1 ≤ K ≤ N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub k: u32,
    /// How many slices.
    pub n: u32,
}

impl Shard {
    /// The whole sweep.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// The config of a preset with default rules, seed and strategies.
pub fn preset_config(p: &Preset) -> SweepConfig {
    let rules = Rules::default();
    SweepConfig {
        sizes: p.sizes.to_vec(),
        densities: p.densities.to_vec(),
        maps: p.maps,
        queries: p.queries,
        queries_per_size: p.queries_per_size.iter().copied().collect(),
        strategies: Strategy::ALL.iter().map(|s| s.name().to_string()).collect(),
        heuristic: rules.heuristic.name().into(),
        tie: rules.tie.name().into(),
        costs: astar_core::CostModel::Seed.name().into(),
        moves: 8,
        corner_cutting: rules.corner_cutting,
        seed: DEFAULT_SEED,
        min_time_ms: p.min_time_ms,
        budget_ms: p.budget_ms,
    }
}

/// Whether `config` is the `--quick` or the `--full` preset: only those
/// regenerate `reports/`.
pub fn is_preset(config: &SweepConfig) -> bool {
    *config == preset_config(&QUICK) || *config == preset_config(&FULL)
}

/// Where a sweep's rows go.
#[derive(Clone, Debug)]
pub enum Destination {
    /// A new run folder under this folder, named after the date and commit.
    New(PathBuf),
    /// The run folder of a killed run, carried on from where it stopped.
    Resume(PathBuf),
}

/// A sweep to run.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    /// What to measure.
    pub config: SweepConfig,
    /// Worker threads.
    pub threads: usize,
    /// Which slice of the sweep.
    pub shard: Shard,
    /// Where the rows go.
    pub destination: Destination,
}

/// A finished sweep.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Its run folder.
    pub dir: PathBuf,
    /// Every row in it (earlier runs' too, after a resume).
    pub rows: Vec<Record>,
}

impl Finished {
    /// Rows that are mismatches or errors (a row over the time budget is
    /// neither: it is on record as what it is).
    pub fn bad_rows(&self) -> usize {
        self.rows.iter().filter(|r| r.is_bad()).count()
    }
}

/// Runs a sweep into its run folder and prints a summary.
pub fn run(plan: &SweepPlan) -> Result<Finished> {
    let config = &plan.config;
    let (threads, shard) = (plan.threads, plan.shard);
    let strategies = config.strategy_list()?;
    let rules = config.rules()?;
    check_memory(config, &strategies, &rules, threads)?;

    let (dir, file, done) = match &plan.destination {
        Destination::Resume(dir) => {
            let meta = store::read_meta(dir)?;
            check_same(dir, &meta, config, shard)?;
            let names: Vec<&str> = config.strategies.iter().map(String::as_str).collect();
            let (file, done) = store::RunFile::resume(dir, &names)?;
            let now = machine::git_commit();
            if now != meta.machine.commit {
                eprintln!(
                    "warning: {} was measured at commit {}, this is {now}",
                    dir.display(),
                    meta.machine.commit
                );
            }
            (dir.clone(), file, done)
        }
        Destination::New(out) => {
            let when = machine::UtcTime::now();
            let commit = machine::git_commit();
            let mut name = format!("{}-{}", when.compact(), commit);
            if shard.n > 1 {
                name.push_str(&format!("-shard-{}-of-{}", shard.k, shard.n));
            }
            let dir = store::create_run_dir(out, &name)?;
            let meta = RunMeta {
                machine: MachineFacts {
                    commit,
                    ..machine::facts()
                },
                threads,
                date: when.rfc3339(),
                command: machine::command_line(),
                shard: shard.to_string(),
                peak_rss_bytes: None,
                other_load: None,
                config: config.clone(),
            };
            store::write_meta(&dir, &meta)?;
            let file = store::RunFile::create(&dir)?;
            (dir, file, Default::default())
        }
    };

    let began = Instant::now();
    let cpu_at_start = machine::cpu_times();
    let specs = workload::maps(config);
    let pending: Vec<workload::Item> = workload::shard(workload::items(config), shard.k, shard.n)
        .into_iter()
        .filter(|it| {
            let m = &specs[it.map];
            !done.contains(&(m.size, m.density.to_bits(), m.seed, it.query))
        })
        .collect();
    eprintln!(
        "sweep: {} items to run ({} already done), {} threads, writing {}",
        pending.len(),
        done.len(),
        threads,
        dir.join(crate::runs::RESULTS).display()
    );
    let job = Job {
        specs: &specs,
        strategies: &strategies,
        rules,
        min_time: Duration::from_secs_f64(config.min_time_ms / 1e3),
        budget: config.budget_ms.map(|ms| Duration::from_secs_f64(ms / 1e3)),
        over: Mutex::new({
            let mut since = BTreeMap::new();
            note_over_budget(&mut since, &store::read_rows(&dir)?);
            since
        }),
        file: &file,
    };
    job.run(&pending, threads)?;
    let wall = began.elapsed();
    // Written at the end, the only moment the peak and the load are known.
    let peak = machine::peak_resident_memory();
    let load = machine::other_load_since(cpu_at_start);
    if peak.is_some() || load.is_some() {
        let mut meta = store::read_meta(&dir)?;
        meta.note_end(peak, load);
        store::write_meta(&dir, &meta)?;
    }
    if let Some(peak) = peak {
        crate::outln!("peak resident memory {:.1} MiB", peak as f64 / 1048576.0);
    }
    if let Some(load) = load {
        crate::outln!("{load}");
    }

    let rows = store::read_rows(&dir)?;
    print_summary(&dir, &rows, config, wall);
    Ok(Finished { dir, rows })
}

/// Refuses a folder measured with another configuration or shard.
fn check_same(dir: &Path, meta: &RunMeta, config: &SweepConfig, shard: Shard) -> Result<()> {
    if meta.shard != shard.to_string() {
        bail!(
            "--resume {}: that run is shard {}, not {shard}",
            dir.display(),
            meta.shard
        );
    }
    if let Some(diffs) = config_differences(&meta.config, config) {
        bail!(
            "--resume {}: that run has another configuration ({})",
            dir.display(),
            diffs.join("; ")
        );
    }
    Ok(())
}

/// The fields in which two configurations differ, as `field THERE there,
/// ASKED asked`, or `None` when they agree. Compared through JSON so that a
/// field added to [`SweepConfig`] later is compared without touching this.
pub fn config_differences(there: &SweepConfig, asked: &SweepConfig) -> Option<Vec<String>> {
    if there == asked {
        return None;
    }
    let there = serde_json::to_value(there).expect("a config serialises");
    let asked = serde_json::to_value(asked).expect("a config serialises");
    Some(
        there
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(k, v)| asked.get(k.as_str()) != Some(v))
            .map(|(k, v)| format!("{k} {v} there, {} asked", asked[k.as_str()]))
            .collect(),
    )
}

/// Bytes of memory a sweep needs at its largest size, and why, or an error
/// when that exceeds what the machine has free.
fn check_memory(
    config: &SweepConfig,
    strategies: &[Strategy],
    rules: &Rules,
    threads: usize,
) -> Result<()> {
    let needed = memory_estimate(config, strategies, rules, threads);
    // Without /proc/meminfo, assume a modest machine rather than none.
    let available = machine::available_memory().unwrap_or(8 << 30);
    if needed > available {
        bail!(
            "size {} needs up to about {:.1} GiB ({threads} threads × {} strategies' search arrays, plus maps), but only {:.1} GiB is available",
            config.sizes.iter().max().copied().unwrap_or(0),
            needed as f64 / (1u64 << 30) as f64,
            strategies.len(),
            available as f64 / (1u64 << 30) as f64
        );
    }
    Ok(())
}

/// Side of the open map on which [`memory_estimate`] asks each strategy its
/// bytes per cell.
const PROBE_SIDE: u32 = 64;

/// Estimates the peak memory of a sweep, in bytes.
///
/// Per worker thread, one searcher per strategy, each with per-cell arrays
/// (the search's own and the list's, and those of the untimed search the
/// floors and the peers prepare with: asked of each strategy after a search
/// that closes every cell of a small map) plus room for OPEN's entries,
/// allowed 2 bytes a cell (a 16-byte key for one cell in 8; OPEN stays far
/// smaller on these maps).
/// Shared: every map of the largest size with its largest component (5 bytes
/// a cell), the labelling scratch of each thread (5), and the warm-up map (1).
pub fn memory_estimate(
    config: &SweepConfig,
    strategies: &[Strategy],
    rules: &Rules,
    threads: usize,
) -> u64 {
    let side = u64::from(config.sizes.iter().max().copied().unwrap_or(0));
    let cells = (side + 2) * (side + 2);
    // Big enough that a list's fixed storage (a ring of buckets, sort
    // scratch) spread over its cells is small beside its per-cell arrays, as
    // on the sweep's large maps; a 2×2 map made a few kilobytes of it read as
    // hundreds of bytes a cell.
    //
    // The goal is walled off, so the search closes every other cell: what a
    // strategy keeps per query (the floors' recorded pops, OPEN's keys, a
    // peer's maps) is then at the most a search of that map can need, as on
    // the large maps' longest queries, not at a straight path's few cells.
    let mut probe = Grid::open(PROBE_SIDE, PROBE_SIDE).expect("the probe map is valid");
    let corner = Point::new(PROBE_SIDE - 1, PROBE_SIDE - 1);
    for (x, y) in [(1, 0), (0, 1), (1, 1)] {
        probe.set_passable(Point::new(corner.x - x, corner.y - y), false);
    }
    let per_cell_per_thread: f64 = strategies
        .iter()
        .map(|s| {
            let mut solver = s.solver();
            let _ = solver.solve(&Query::new(&probe, Point::new(0, 0), corner, rules));
            solver.bytes_per_node() + solver.preparation_bytes_per_node() + 2.0
        })
        .sum();
    let maps_at_once = (config.densities.len() as u64) * u64::from(config.maps);
    let shared = 5 * maps_at_once + 5 * threads as u64 + 1;
    (cells as f64 * (per_cell_per_thread * threads as f64 + shared as f64)) as u64
}

/// Adds to `since` (per strategy, the smallest map side at which one of its
/// searches went over the budget) what `rows` say: a finished item's rows,
/// or on resume those of the killed run.
fn note_over_budget(since: &mut BTreeMap<String, u32>, rows: &[Record]) {
    for r in rows.iter().filter(|r| r.status == OVER_BUDGET) {
        let side = since.entry(r.strategy.clone()).or_insert(r.size);
        *side = (*side).min(r.size);
    }
}

/// Everything the workers share.
struct Job<'a> {
    specs: &'a [workload::MapSpec],
    strategies: &'a [Strategy],
    rules: Rules,
    min_time: Duration,
    /// The longest one search may take, if the config sets a budget.
    budget: Option<Duration>,
    /// Per strategy name, the smallest side at which it went over the budget:
    /// from then on it is skipped at that side and every larger one.
    over: Mutex<BTreeMap<String, u32>>,
    file: &'a store::RunFile,
}

/// A built map and the cells queries are drawn from.
struct BuiltMap {
    grid: Grid,
    cells: Vec<NodeId>,
}

impl Job<'_> {
    /// Runs the items, size by size: the maps of one size are built in
    /// parallel (untimed), then its items run in parallel.
    fn run(&self, pending: &[workload::Item], threads: usize) -> Result<()> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| invalid!("starting {threads} threads: {e}"))?;
        // One set of searchers per worker thread, reused across items, so
        // their arrays are allocated once per size, never during a search.
        let slots: Vec<Mutex<Vec<Box<dyn Solver>>>> = (0..threads)
            .map(|_| Mutex::new(self.strategies.iter().map(|s| s.solver()).collect()))
            .collect();
        let progress = progress_bar(
            pending
                .iter()
                .map(|it| weight(self.specs[it.map].size))
                .sum(),
        );
        let mut sizes: Vec<u32> = pending.iter().map(|it| self.specs[it.map].size).collect();
        sizes.dedup();
        pool.install(|| -> Result<()> {
            for size in sizes {
                let items: Vec<_> = pending
                    .iter()
                    .filter(|it| self.specs[it.map].size == size)
                    .collect();
                let mut wanted: Vec<usize> = items.iter().map(|it| it.map).collect();
                wanted.sort_unstable();
                wanted.dedup();
                let built: BTreeMap<usize, Result<BuiltMap, String>> = wanted
                    .par_iter()
                    .map(|&m| (m, self.build(&self.specs[m])))
                    .collect();
                progress.set_message(format!("size {size}"));
                self.warm_up(&slots, size);
                items.par_iter().try_for_each(|it| -> Result<()> {
                    let slot = rayon::current_thread_index().unwrap_or(0) % slots.len();
                    let mut solvers = slots[slot].lock().unwrap_or_else(|p| p.into_inner());
                    let rows = self.item(it, &built[&it.map], &mut solvers);
                    drop(solvers);
                    self.file.append(&rows)?;
                    progress.inc(weight(size));
                    Ok(())
                })?;
            }
            Ok(())
        })?;
        progress.finish_and_clear();
        Ok(())
    }

    /// Builds a map and finds its largest component.
    fn build(&self, spec: &workload::MapSpec) -> Result<BuiltMap, String> {
        let grid = spec.build().map_err(|e| e.to_string())?;
        let cells = workload::largest_component(&grid, &self.rules);
        Ok(BuiltMap { grid, cells })
    }

    /// Grows every thread's search arrays to maps of side `size` with a
    /// trivial search, so no timed search pays for allocation.
    fn warm_up(&self, slots: &[Mutex<Vec<Box<dyn Solver>>>], size: u32) {
        let Ok(grid) = Grid::open(size, size) else {
            return;
        };
        rayon::broadcast(|ctx| {
            let mut solvers = slots[ctx.index() % slots.len()]
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            for solver in solvers.iter_mut() {
                let origin = Point::new(0, 0);
                let _ = solver.solve(&Query::new(&grid, origin, origin, &self.rules));
            }
        });
    }

    /// Measures one item (or records why it could not be).
    fn item(
        &self,
        it: &workload::Item,
        built: &Result<BuiltMap, String>,
        solvers: &mut [Box<dyn Solver>],
    ) -> Vec<Record> {
        let spec = &self.specs[it.map];
        let info = measure::ItemInfo {
            size: spec.size,
            density: spec.density,
            map_seed: spec.seed,
            query: it.query,
            index: it.index,
        };
        let query = built.as_ref().map_err(String::clone).and_then(|b| {
            workload::query(&b.grid, &b.cells, spec.seed, it.query)
                .map(|q| (b, q))
                .map_err(|e| e.to_string())
        });
        let budget = measure::Budget {
            limit: self.budget,
            skip: {
                let over = self.over.lock().unwrap_or_else(|p| p.into_inner());
                self.strategies
                    .iter()
                    .map(|s| over.get(s.name()).is_some_and(|&side| side <= spec.size))
                    .collect()
            },
        };
        let rows = match query {
            Err(why) => measure::error_rows(&info, self.strategies, &why),
            Ok((b, (start, goal))) => measure::measure_item(
                &info,
                &b.grid,
                start,
                goal,
                &self.rules,
                self.strategies,
                solvers,
                self.min_time,
                &budget,
            ),
        };
        note_over_budget(
            &mut self.over.lock().unwrap_or_else(|p| p.into_inner()),
            &rows,
        );
        rows
    }
}

/// Rough relative cost of an item of side `size`, for the progress bar's ETA.
fn weight(size: u32) -> u64 {
    u64::from(size).pow(2)
}

/// A progress bar on stderr when it is a terminal; nothing otherwise.
fn progress_bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {percent:>3}% ETA {eta} {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Prints, per size, the median time per search of each strategy.
fn print_summary(dir: &Path, rows: &[Record], config: &SweepConfig, wall: Duration) {
    let ok: Vec<&Record> = rows.iter().filter(|r| r.status == OK).collect();
    let over = rows.iter().filter(|r| r.status == OVER_BUDGET).count();
    crate::outln!(
        "run {}: {} rows ({} ok{}) in {:.1} s",
        dir.display(),
        rows.len(),
        ok.len(),
        if over > 0 {
            format!(", {over} over budget")
        } else {
            String::new()
        },
        wall.as_secs_f64()
    );
    print!("{:>6}", "size");
    for s in &config.strategies {
        print!(" {:>14}", format!("{s} µs"));
    }
    crate::outln!();
    for &size in &config.sizes {
        print!("{size:>6}");
        for s in &config.strategies {
            let ns = ok
                .iter()
                .filter(|r| r.size == size && &r.strategy == s)
                .map(|r| (r.ns_per_search as u64) as f64);
            let went_over = || {
                rows.iter()
                    .any(|r| r.size == size && &r.strategy == s && r.status == OVER_BUDGET)
            };
            match crate::stats::median(ns) {
                None if went_over() => print!(" {:>14}", "over budget"),
                None => print!(" {:>14}", "-"),
                Some(median) => print!(" {:>14.1}", median / 1e3),
            }
        }
        crate::outln!();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate covers what the committed 4096² runs measured: for each
    /// run folder's own configuration, strategies and threads, it is at least
    /// the peak memory the sweep recorded (an estimate below it would let a
    /// sweep past the check that then runs out of memory), and not so far
    /// above that it turns away a sweep the machine could run.
    #[test]
    fn the_estimate_covers_the_peak_memory_of_the_published_runs() {
        let reports = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../reports");
        for dir in ["data", "memory/data"] {
            let meta = crate::runs::read_meta(&reports.join(dir)).unwrap();
            let config = &meta.config;
            let strategies = config.strategy_list().unwrap();
            let estimate =
                memory_estimate(config, &strategies, &config.rules().unwrap(), meta.threads);
            let peak = meta
                .peak_rss_bytes
                .expect("a finished run records its peak");
            let ratio = estimate as f64 / peak as f64;
            eprintln!("{dir}: estimate {estimate} bytes, peak {peak} ({ratio:.2}×)");
            assert!(
                ratio >= 1.0,
                "{dir}: estimated {estimate} bytes, below the {peak} measured"
            );
            assert!(
                ratio < 2.5,
                "{dir}: estimated {estimate} bytes, {ratio:.2}× the {peak} measured"
            );
        }
    }

    /// The published sweep fits the machines it is published on: every
    /// strategy's per-cell arrays are counted, and no list's fixed storage
    /// passes for per-cell memory (a probe map of a few cells once put
    /// `--full` at 57 GiB on one thread).
    #[test]
    fn the_full_sweep_is_estimated_at_what_its_arrays_take() {
        let config = preset_config(&FULL);
        let rules = Rules::default();
        let gib = |threads| {
            memory_estimate(&config, Strategy::ALL, &rules, threads) as f64 / (1u64 << 30) as f64
        };
        let (one, two) = (gib(1), gib(2));
        eprintln!("--full: {one:.1} GiB on 1 thread, {two:.1} GiB on 2");
        // 4098² cells × (17 strategies × at least 10 bytes each); on two
        // threads, within the 24 GiB of the machines it is published on.
        assert!(one > 2.5, "{one}");
        assert!(two < 22.0, "{two}");
        assert!(two > one * 1.5, "{one} {two}");
    }
}
