//! `astar-lab sweep`: the one sweep engine. Every strategy on every item of
//! a workload, timed side by side, into a run folder.
//!
//! A workload is a list of items, one query each: random maps drawn from
//! seeds and fixed by the [`SweepConfig`] ([`workload`]), or the rows of
//! MovingAI scenario files ([`suite`], `sweep --scen`). Every item is
//! measured by [`measure_item`] (rotated order, one sameness fingerprint, a
//! scenario row's optimal length checked) and its rows appended to the run
//! folder as soon as it finishes ([`store`], one writer with one resume
//! rule), so a killed run keeps every finished item and `--resume` carries on
//! from there.
//!
//! Items run in parallel on a rayon pool, each worker with its own searchers.
//! Random items run size by size, each alone; a scenario file's rows run in
//! order of difficulty on one worker, files in parallel. A strategy whose
//! search goes over the time budget is not run on the items after it of the
//! same difficulty or more: the rest of that size and the larger sizes, or
//! the longer rows of that file. A shard takes every N-th item (random) or
//! every N-th file (scenarios), so the budget works the same in every slice.

use crate::measure::item::{error_rows, measure_item, Item};
use crate::measure::suite::{load_suite, necessary_expansions, ScenFile};
use crate::measure::timing::Repeats;
use crate::measure::{machine, workload};
use astar_core::Query;
use astar_core::{CostModel, Grid, NodeId, Point, Rules, TiePolicy};
use astar_registry::{Solver, Strategy};
use astar_runs::error::Result;
use astar_runs::store;
use astar_runs::{bail, invalid};
use astar_runs::{
    scen_key, Destination, Finished, MachineFacts, RealMapsConfig, Record, RunMeta, Shard, Status,
    SweepConfig,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;
use std::path::Path;
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

/// The budget of one search in a real-map sweep when `--budget-ms` is not
/// given.
pub const REAL_BUDGET_MS: f64 = 200.0;

/// Minimum total time of the repeats of one search in a real-map sweep, ms,
/// when `--min-time-ms` is not given.
pub const REAL_MIN_TIME_MS: f64 = 2.0;

/// The config of a preset with default rules, seed and strategies.
pub fn preset_config(p: &Preset) -> SweepConfig {
    SweepConfig {
        sizes: p.sizes.to_vec(),
        densities: p.densities.to_vec(),
        maps: p.maps,
        queries: p.queries,
        queries_per_size: p.queries_per_size.iter().copied().collect(),
        seed: DEFAULT_SEED,
        min_time_ms: p.min_time_ms,
        budget_ms: p.budget_ms,
        ..SweepConfig::new(
            &Strategy::supporting(&Rules::default()),
            &Rules::default(),
            CostModel::Seed,
        )
    }
}

/// Whether `config` is the `--quick` or the `--full` preset: only those
/// regenerate `reports/`.
pub fn is_preset(config: &SweepConfig) -> bool {
    *config == preset_config(&QUICK) || *config == preset_config(&FULL)
}

/// The rules of a real-map run: MovingAI's, with `tie`, and with corner
/// cutting when `corner_cutting` (a move set some crates use, jump point
/// search among them; the files' optimal lengths then do not apply, and rows
/// are checked against each other only).
pub fn real_rules(tie: TiePolicy, corner_cutting: bool) -> Rules {
    Rules {
        tie,
        corner_cutting,
        ..Rules::movingai()
    }
}

/// The [`SweepConfig`] of a real-map run under `rules` (see [`real_rules`]),
/// with no random maps (the budget is the run's
/// [`RealMapsConfig::budget_ms`]).
pub fn real_config(strategies: &[Strategy], rules: &Rules, min_time_ms: f64) -> SweepConfig {
    SweepConfig {
        min_time_ms,
        ..SweepConfig::new(strategies, rules, CostModel::MovingAi)
    }
}

/// A sweep to run.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    /// What to measure (a real-map run: strategies, tie policy, minimum time).
    pub config: SweepConfig,
    /// The scenario files of a real-map run; `None` for random maps.
    pub real: Option<RealMapsConfig>,
    /// Worker threads.
    pub threads: usize,
    /// Which slice of the sweep.
    pub shard: Shard,
    /// Where the rows go.
    pub destination: Destination,
}

impl SweepPlan {
    /// The search rules of every item.
    pub fn rules(&self) -> Rules {
        self.config.rules()
    }
}

/// Runs a sweep into its run folder and prints a summary.
pub fn run(plan: &SweepPlan) -> Result<Finished> {
    let config = &plan.config;
    let (threads, shard) = (plan.threads, plan.shard);
    let strategies = &config.strategies;
    let rules = plan.rules();
    // Everything is read and checked before a run folder exists.
    for s in strategies {
        if let Err(why) = s.supports(&rules) {
            bail!("strategy {s} cannot run this sweep's rules: {why}");
        }
    }
    let work = match &plan.real {
        None => {
            check_memory(config, strategies, &rules, threads)?;
            Work::Random(workload::maps(config))
        }
        Some(real) => {
            if real.budget_ms.is_nan() || real.budget_ms <= 0.0 {
                bail!("--budget-ms must be positive");
            }
            Work::Scenarios(load_suite(real)?)
        }
    };
    let when = machine::UtcTime::now();
    let commit = machine::git_commit();
    let meta = RunMeta {
        machine: MachineFacts {
            commit: commit.clone(),
            ..machine::facts()
        },
        threads,
        date: when.rfc3339(),
        command: machine::command_line(),
        shard,
        peak_rss_bytes: None,
        other_load: None,
        config: config.clone(),
        real_maps: plan.real.clone(),
    };
    let mut name = format!("{}-{}", when.compact(), commit);
    if plan.real.is_some() {
        name.push_str("-real-maps");
    }
    if shard.n > 1 {
        name.push_str(&format!("-shard-{}-of-{}", shard.k, shard.n));
    }
    let run = store::start(&plan.destination, &meta, &name)?;

    let began = Instant::now();
    let cpu_at_start = machine::cpu_times();
    let stages = work.stages(config, shard);
    let pending = stages.iter().flatten().flatten().count();
    eprintln!(
        "sweep: {pending} items in this slice ({} already done), {threads} threads, writing {}",
        run.done.len(),
        run.dir.join(astar_runs::RESULTS).display()
    );
    let mut over = BTreeMap::new();
    for r in &run.earlier {
        if let Some(scope) = work.scope(r) {
            note_over_budget(&mut over, scope, r);
        }
    }
    let job = Job {
        work: &work,
        strategies,
        rules,
        repeats: Repeats::Median(Duration::from_secs_f64(config.min_time_ms / 1e3)),
        budget: meta.budget_ms().map(|ms| Duration::from_secs_f64(ms / 1e3)),
        over: Mutex::new(over),
        file: &run.file,
        done: &run.done,
    };
    job.run(&stages, threads)?;
    let wall = began.elapsed();
    // Known only at the end: the peak memory and what else ran meanwhile.
    let peak = machine::peak_resident_memory();
    let load = machine::other_load_since(cpu_at_start);
    let finished = store::end(&run.dir, peak, load)?;
    if let Some(peak) = peak {
        astar_runs::outln!("peak resident memory {:.1} MiB", peak as f64 / 1048576.0);
    }
    if let Some(load) = load {
        astar_runs::outln!("{load}");
    }
    match &work {
        Work::Random(_) => print_summary(&finished.dir, &finished.rows, config, wall),
        Work::Scenarios(_) => print_family_summary(&finished.dir, &finished.rows, strategies, wall),
    }
    Ok(finished)
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

/// What a sweep measures.
enum Work {
    /// Random maps: every map of the configuration, smallest first.
    Random(Vec<workload::MapSpec>),
    /// MovingAI scenario files, read and checked, each file's rows easiest
    /// first.
    Scenarios(Vec<ScenFile>),
}

/// One item of a [`Work`].
#[derive(Clone, Copy, Debug)]
enum Unit {
    /// A random map's query.
    Random(workload::Item),
    /// Row `row` of scenario file `file`.
    Row { file: usize, row: usize },
}

/// Items one worker runs in order (a scenario file's rows, so its budget can
/// skip the longer ones), or one random item alone.
type Batch = Vec<Unit>;

/// Where an item stands for the budget: a group, and a rank within it. A
/// strategy that went over the budget at some rank is not run on the items
/// of its group at that rank or above: random maps are one group ranked by
/// side; a scenario file is a group ranked by its rows' order.
type Scope = (u64, u64);

impl Work {
    /// The batches of this slice, stage by stage: one stage per map side
    /// (random; each stage's maps are built when it starts), or one stage of
    /// one batch per scenario file.
    fn stages(&self, config: &SweepConfig, shard: Shard) -> Vec<Vec<Batch>> {
        match self {
            Work::Random(specs) => {
                let items: Vec<workload::Item> = workload::items(config)
                    .into_iter()
                    .filter(|it| shard.holds(it.index))
                    .collect();
                config
                    .sizes
                    .iter()
                    .map(|&size| {
                        items
                            .iter()
                            .filter(|it| specs[it.map].size == size)
                            .map(|&it| vec![Unit::Random(it)])
                            .collect::<Vec<Batch>>()
                    })
                    .filter(|stage| !stage.is_empty())
                    .collect()
            }
            Work::Scenarios(files) => vec![files
                .iter()
                .enumerate()
                .filter(|(i, _)| shard.holds(*i))
                .map(|(file, f)| {
                    (0..f.rows.len())
                        .map(|row| Unit::Row { file, row })
                        .collect()
                })
                .collect()],
        }
    }

    /// The scope of a row already on record (see [`Scope`]), looked up
    /// from its columns; `None` for a row of a scenario file or row this
    /// work does not hold. Only a resume needs it: a running item knows its
    /// own scope.
    fn scope(&self, r: &Record) -> Option<Scope> {
        match self {
            Work::Random(_) => Some((0, u64::from(r.size))),
            Work::Scenarios(files) => {
                let f = files.iter().find(|f| scen_key(&f.name) == r.map_seed)?;
                let rank = f.rows.iter().position(|row| row.line as u32 == r.query)?;
                Some((r.map_seed, rank as u64))
            }
        }
    }
}

/// Notes in `over` (per scope group and strategy, the lowest rank at which
/// the strategy went over the budget) what row `r`, of an item at `scope`,
/// says: a finished item's rows, or on resume those of the killed run.
fn note_over_budget(over: &mut BTreeMap<(u64, Strategy), u64>, (group, rank): Scope, r: &Record) {
    if r.status != Status::OverBudget {
        return;
    }
    let Some(strategy) = Strategy::named(&r.strategy) else {
        return;
    };
    let lowest = over.entry((group, strategy)).or_insert(rank);
    *lowest = (*lowest).min(rank);
}

/// Everything the workers share.
struct Job<'a> {
    work: &'a Work,
    strategies: &'a [Strategy],
    rules: Rules,
    repeats: Repeats,
    /// The longest one search may take, if the run has a budget.
    budget: Option<Duration>,
    /// Per scope group and strategy, the lowest rank at which it went over
    /// the budget: from there on it is skipped in that group.
    over: Mutex<BTreeMap<(u64, Strategy), u64>>,
    file: &'a store::RunFile,
    /// Items whose rows a resumed run already holds.
    done: &'a HashSet<store::ItemKey>,
}

/// A built random map and the cells queries are drawn from.
struct BuiltMap {
    grid: Grid,
    cells: Vec<NodeId>,
}

/// A worker's searchers, one per strategy, reused from item to item so
/// their arrays are allocated once per map shape, never during a search.
struct Searchers {
    solvers: Vec<Box<dyn Solver>>,
    /// The map shapes they have been grown to.
    grown: HashSet<(u32, u32)>,
}

impl Job<'_> {
    /// Runs the stages one after another, the batches of a stage in
    /// parallel.
    fn run(&self, stages: &[Vec<Batch>], threads: usize) -> Result<()> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| invalid!("starting {threads} threads: {e}"))?;
        let slots: Vec<Mutex<Searchers>> = (0..threads)
            .map(|_| {
                Mutex::new(Searchers {
                    solvers: self.strategies.iter().map(|s| s.solver()).collect(),
                    grown: HashSet::new(),
                })
            })
            .collect();
        let progress = progress_bar(
            stages
                .iter()
                .flatten()
                .flatten()
                .map(|u| self.weight(u))
                .sum(),
        );
        pool.install(|| -> Result<()> {
            for stage in stages {
                let built = self.build_maps(stage);
                stage.par_iter().try_for_each(|batch| -> Result<()> {
                    let slot = rayon::current_thread_index().unwrap_or(0) % slots.len();
                    let mut searchers = slots[slot].lock().unwrap_or_else(|p| p.into_inner());
                    for unit in batch {
                        if let Some(rows) = self.unit(unit, &built, &mut searchers) {
                            self.file.append(&rows)?;
                        }
                        progress.inc(self.weight(unit));
                    }
                    Ok(())
                })?;
            }
            Ok(())
        })?;
        progress.finish_and_clear();
        Ok(())
    }

    /// Builds (untimed, in parallel) the random maps a stage's items are on,
    /// each with its largest component.
    fn build_maps(&self, stage: &[Batch]) -> BTreeMap<usize, Result<BuiltMap, String>> {
        let Work::Random(specs) = self.work else {
            return BTreeMap::new();
        };
        let mut wanted: Vec<usize> = stage
            .iter()
            .flatten()
            .filter_map(|u| match u {
                Unit::Random(it) => Some(it.map),
                Unit::Row { .. } => None,
            })
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        wanted
            .par_iter()
            .map(|&m| {
                let built = specs[m].build().map_err(|e| e.to_string()).map(|grid| {
                    let cells = workload::largest_component(&grid, &self.rules);
                    BuiltMap { grid, cells }
                });
                (m, built)
            })
            .collect()
    }

    /// Rough relative cost of an item, for the progress bar's ETA.
    fn weight(&self, unit: &Unit) -> u64 {
        match (self.work, unit) {
            (Work::Random(specs), Unit::Random(it)) => u64::from(specs[it.map].size).pow(2),
            (Work::Scenarios(files), &Unit::Row { file, row }) => {
                files[file].rows[row].optimal as u64 + 1
            }
            _ => 1,
        }
    }

    /// Measures one item (or records why it could not be); `None` when a
    /// resumed run already holds its rows.
    fn unit(
        &self,
        unit: &Unit,
        built: &BTreeMap<usize, Result<BuiltMap, String>>,
        searchers: &mut Searchers,
    ) -> Option<Vec<Record>> {
        let (template, query, index, check, scope) = match (self.work, *unit) {
            (Work::Random(specs), Unit::Random(it)) => {
                let spec = &specs[it.map];
                let template = Record {
                    size: spec.size,
                    density: spec.density,
                    map_seed: spec.seed,
                    query: it.query,
                    ..Record::default()
                };
                let query = built[&it.map]
                    .as_ref()
                    .map_err(String::clone)
                    .and_then(|b| {
                        workload::query(&b.grid, &b.cells, spec.seed, it.query)
                            .map(|(start, goal)| (&b.grid, start, goal))
                            .map_err(|e| e.to_string())
                    });
                (template, query, it.index, None, (0, u64::from(spec.size)))
            }
            (Work::Scenarios(files), Unit::Row { file, row }) => {
                let f = &files[file];
                let scen = &f.rows[row];
                let map = &f.maps[scen.map_basename()];
                let template = Record {
                    size: map.grid.width().max(map.grid.height()),
                    density: map.density,
                    map_seed: scen_key(&f.name),
                    query: scen.line as u32,
                    scen: f.name.clone(),
                    family: map.family.to_string(),
                    map: scen.map_basename().to_string(),
                    bucket: scen.bucket,
                    optimal: self.file_lengths_apply().then_some(scen.optimal),
                    ..Record::default()
                };
                let scope = (template.map_seed, row as u64);
                (
                    template,
                    Ok((&map.grid, scen.start, scen.goal)),
                    file + row,
                    self.file_lengths_apply().then_some(scen),
                    scope,
                )
            }
            _ => unreachable!("a work's units are of its own kind"),
        };
        if self.done.contains(&store::item_key(&template)) {
            return None;
        }
        let rows = match query {
            Err(why) => error_rows(&template, self.strategies, &why),
            Ok((grid, start, goal)) => {
                let query = Query {
                    grid,
                    start,
                    goal,
                    rules: &self.rules,
                };
                self.grow(searchers, grid);
                let template = match check {
                    // Untimed: one more, observed search.
                    Some(_) => Record {
                        necessary: necessary_expansions(grid, start, goal, &self.rules),
                        ..template
                    },
                    None => template,
                };
                let skip: Vec<bool> = {
                    let over = self.over.lock().unwrap_or_else(|p| p.into_inner());
                    self.strategies
                        .iter()
                        .map(|&s| over.get(&(scope.0, s)).is_some_and(|&rank| rank <= scope.1))
                        .collect()
                };
                let item = Item {
                    query,
                    template,
                    index,
                    check,
                };
                measure_item(
                    &item,
                    self.strategies,
                    &mut searchers.solvers,
                    self.repeats,
                    self.budget,
                    &skip,
                )
            }
        };
        let mut over = self.over.lock().unwrap_or_else(|p| p.into_inner());
        for r in &rows {
            note_over_budget(&mut over, scope, r);
        }
        Some(rows)
    }

    /// Whether a scenario file's optimal lengths hold for this run's rules:
    /// they assume MovingAI's moves, which never cut a corner.
    fn file_lengths_apply(&self) -> bool {
        !self.rules.corner_cutting
    }

    /// Grows every searcher's arrays to maps of `grid`'s shape with a
    /// trivial search on an open map, once per shape, so no timed search
    /// pays for allocation.
    fn grow(&self, searchers: &mut Searchers, grid: &Grid) {
        let shape = (grid.width(), grid.height());
        if !searchers.grown.insert(shape) {
            return;
        }
        if let Ok(open) = Grid::open(shape.0, shape.1) {
            let origin = Point::new(0, 0);
            for solver in &mut searchers.solvers {
                let _ = solver.solve(&Query::new(&open, origin, origin, &self.rules));
            }
        }
    }
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
    let ok: Vec<&Record> = rows.iter().filter(|r| r.status == Status::Ok).collect();
    let over = rows
        .iter()
        .filter(|r| r.status == Status::OverBudget)
        .count();
    astar_runs::outln!(
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
    astar_runs::outln!();
    for &size in &config.sizes {
        print!("{size:>6}");
        for s in &config.strategies {
            let ns = ok
                .iter()
                .filter(|r| r.size == size && r.strategy == s.name())
                .map(|r| (r.ns_per_search as u64) as f64);
            let went_over = || {
                rows.iter().any(|r| {
                    r.size == size && r.strategy == s.name() && r.status == Status::OverBudget
                })
            };
            match astar_runs::stats::median(ns) {
                None if went_over() => print!(" {:>14}", "over budget"),
                None => print!(" {:>14}", "-"),
                Some(median) => print!(" {:>14.1}", median / 1e3),
            }
        }
        astar_runs::outln!();
    }
}

/// Prints, per family, the median time of each strategy and its row counts.
fn print_family_summary(dir: &Path, rows: &[Record], strategies: &[Strategy], wall: Duration) {
    let ok = rows.iter().filter(|r| r.status == Status::Ok).count();
    astar_runs::outln!(
        "run {}: {} rows ({ok} ok) in {:.1} s",
        dir.display(),
        rows.len(),
        wall.as_secs_f64()
    );
    let families: std::collections::BTreeSet<&str> =
        rows.iter().map(|r| r.family.as_str()).collect();
    let width = strategies.iter().map(|s| s.name().len()).max().unwrap_or(0);
    for family in families {
        astar_runs::outln!("{family}");
        for s in strategies {
            let mine: Vec<&Record> = rows
                .iter()
                .filter(|r| r.family == family && r.strategy == s.name())
                .collect();
            let median = astar_runs::stats::median(
                mine.iter()
                    .filter(|r| r.status == Status::Ok)
                    .map(|r| r.ns_per_search),
            );
            let over = mine
                .iter()
                .filter(|r| r.status == Status::OverBudget)
                .count();
            let bad = mine.iter().filter(|r| r.is_bad()).count();
            astar_runs::outln!(
                "  {:<width$} {:>12} µs  {over:>4} over budget  {bad:>3} bad",
                s.name(),
                median.map_or("-".into(), |m| format!("{:.1}", m / 1e3))
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real-map run searches MovingAI's rules under the tie policy it
    /// was asked for, and says so in its configuration.
    #[test]
    fn a_real_map_run_searches_movingai_rules_with_its_tie_policy() {
        for tie in [TiePolicy::Lifo, TiePolicy::Fifo, TiePolicy::LargerG] {
            let config = real_config(&[Strategy::Heap], &real_rules(tie, false), 2.0);
            assert_eq!(config.tie, tie);
            assert_eq!(
                config.rules(),
                Rules {
                    tie,
                    ..Rules::movingai()
                }
            );
        }
    }

    /// The estimate covers what the committed 4096² runs measured: for each
    /// run folder's own configuration, strategies and threads, it is at least
    /// the peak memory the sweep recorded (an estimate below it would let a
    /// sweep past the check that then runs out of memory), and not so far
    /// above that it turns away a sweep the machine could run.
    #[test]
    fn the_estimate_covers_the_peak_memory_of_the_published_runs() {
        let reports = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../reports");
        for dir in ["data", "memory/data"] {
            let meta = astar_runs::read_meta(&reports.join(dir)).unwrap();
            let config = &meta.config;
            let estimate =
                memory_estimate(config, &config.strategies, &config.rules(), meta.threads);
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
            memory_estimate(&config, &config.strategies, &rules, threads) as f64
                / (1u64 << 30) as f64
        };
        let (one, two) = (gib(1), gib(2));
        eprintln!("--full: {one:.1} GiB on 1 thread, {two:.1} GiB on 2");
        // 4098² cells × (20 strategies × at least 10 bytes each); on two
        // threads, within the 24 GiB of the machines it is published on.
        assert!(one > 2.5, "{one}");
        assert!(two < 22.0, "{two}");
        assert!(two > one * 1.5, "{one} {two}");
    }
}
