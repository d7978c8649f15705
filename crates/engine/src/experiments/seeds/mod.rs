//! `astar-lab seeds`: the seeds' quirks, measured on random maps.
//!
//! Five experiments, each on the same reproducible maps and queries (drawn as
//! the sweep draws them: [`crate::measure::workload`]), each in its own file
//! behind one trait, [`Experiment`]:
//!
//! 1. [`heuristic`] — Manhattan × 10 with diagonal moves (seeds 000, 001)
//!    against octile, with closed nodes re-opened and final.
//! 2. [`goal_test`] — stopping when the goal enters OPEN (seed 000's
//!    "quicker" option) against stopping when it is closed.
//! 3. [`slip`] — seed 001's precedence slip (`seed001-slip`).
//! 4. [`amit`] — the Amit port (seed 002) as written and with each of its
//!    choices flipped, the missing re-sort isolated.
//! 5. [`heap_scan`] — seed 003's heap with a linear `isIn` scan against the
//!    indexed heap, when the `heap-scan` strategy is registered.
//!
//! An experiment has two parts: **measure** (a query → its rows, untimed and
//! in parallel over maps, then optionally **time**d one query after another on
//! one thread) and its **rows** (serde types, one CSV each, written and read
//! with the `csv` crate). [`run`] writes the CSVs and `meta.json`; the tables
//! are made from those files alone, by `present::seeds`, whether just
//! measured or rebuilt later. Adding an experiment means one file and one line
//! in [`EXPERIMENTS`] here, and its table in `present::seeds`.
//!
//! The machine, compiler and commit that measured the times are named in the
//! tables, in the markers and in the folder's `meta.json`, which also records
//! the configuration the tables are rebuilt with.

pub mod amit;
mod amit_port;
mod erased;
pub mod goal_test;
pub mod heap_scan;
pub mod heuristic;
pub mod rows;
pub mod slip;

pub use amit::{amit_run, AmitRun, AMIT_TIMING_REPEATS, AMIT_VARIANTS, AMIT_WARM_UP};
pub use goal_test::GOAL_TEST_CASES;
pub use rows::{CsvRow, Rows};

use crate::measure::machine;
use crate::measure::workload::{largest_component, map_seed, query};
use astar_core::verify::check_path;
use astar_core::{Grid, Outcome, Point, Rules, Search};
use astar_runs::error::{Context, Result};
use astar_runs::files::write_atomic;
use astar_runs::MachineFacts;
use astar_runs::{bail, invalid};
use erased::Erased;
use rayon::prelude::*;
use rows::Key;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One experiment: how a query is measured and the rows it yields. See the
/// [module documentation](self).
pub trait Experiment: Sync + 'static {
    /// The rows of one query (and of the whole run, appended): one CSV per
    /// row type.
    type Rows: Rows;

    /// Whether this build can run the experiment (default: yes). One that
    /// cannot writes no CSV, and its table says it was not measured.
    fn available(&self) -> bool {
        true
    }

    /// **Measure**: the rows of one query. Untimed; queries of different maps
    /// run in parallel.
    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows>;

    /// Times what [`measure`](Self::measure) found, filling the rows' times:
    /// called after every query was measured, for one query after another on
    /// one thread, so no search shares the cores with another of the run.
    /// Default: nothing is timed.
    fn time(&self, _q: &Query<'_>, _rows: &mut Self::Rows) -> Result<()> {
        Ok(())
    }

    /// Checks rows read back from a folder before a table is made of them
    /// (default: nothing to check).
    fn check(&self, _rows: &Self::Rows) -> Result<()> {
        Ok(())
    }
}

/// The experiments, in the order of their CSVs and tables.
pub const EXPERIMENTS: &[&dyn Erased] = &[
    &heuristic::HeuristicQuirk,
    &goal_test::GoalTestQuirk,
    &slip::Slip,
    &amit::Amit,
    &heap_scan::HeapScan,
];

/// The maps and queries of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeedsConfig {
    /// Map sides.
    pub sizes: Vec<u32>,
    /// Maps per size.
    pub maps: u32,
    /// Queries per map.
    pub queries: u32,
    /// Obstacle density.
    pub density: f64,
    /// Master seed.
    pub seed: u64,
}

/// A measuring run: the workload, the timing and where the outputs go.
#[derive(Clone, Debug)]
pub struct SeedsRun {
    /// The maps and queries.
    pub config: SeedsConfig,
    /// Least time per timed heap / heap-scan measurement.
    pub min_time: Duration,
    /// Folder for the CSVs and `meta.json` (the tables go beside them).
    pub out: PathBuf,
}

/// One query of the run.
#[derive(Clone, Debug)]
pub struct QuerySpec {
    /// Map side.
    pub size: u32,
    /// Map index within its size.
    pub map: u32,
    /// Query index within its map.
    pub query: u32,
    /// Start cell.
    pub start: Point,
    /// Goal cell.
    pub goal: Point,
}

/// What an experiment measures a query with.
pub struct Query<'a> {
    /// The map.
    pub grid: &'a Grid,
    /// The query.
    pub spec: &'a QuerySpec,
    /// The optimum: the project's A* with octile H, goal on close, under
    /// [`base_rules`]. Every experiment compares against it.
    pub optimum: Run,
    /// Least time per timed measurement, for experiments that use one.
    pub min_time: Duration,
}

impl Query<'_> {
    /// The key columns of the query's rows.
    pub fn key(&self) -> Key {
        Key::of(self.spec)
    }

    /// The project's A* under `rules` on the query, its path checked
    /// ([`core_run`]).
    pub fn run(&self, search: &mut CoreSearch, rules: &Rules) -> Result<Run> {
        core_run(search, self.grid, self.spec, rules)
    }
}

/// The rules queries are drawn under (the project's default: no corner cutting).
pub fn base_rules() -> Rules {
    Rules::default()
}

/// Every map of the run with its queries, in order: size, map, query. Maps and
/// queries are the sweep's: `Grid::random(size, size, density, map_seed(..))`
/// and `workload::query` on the largest component under the default rules.
pub fn workload(cfg: &SeedsConfig) -> Result<Vec<(Grid, Vec<QuerySpec>)>> {
    let mut specs = Vec::new();
    for &size in &cfg.sizes {
        for map in 0..cfg.maps {
            specs.push((size, map));
        }
    }
    specs
        .par_iter()
        .map(|&(size, map)| {
            let seed = map_seed(cfg.seed, size, cfg.density, map);
            let grid = Grid::random(size, size, cfg.density, seed)?;
            let cells = largest_component(&grid, &base_rules());
            let mut qs = Vec::new();
            for q in 0..cfg.queries {
                let (start, goal) = query(&grid, &cells, seed, q)
                    .with_context(|| format!("map {map} of size {size}"))?;
                qs.push(QuerySpec {
                    size,
                    map,
                    query: q,
                    start,
                    goal,
                });
            }
            Ok((grid, qs))
        })
        .collect()
}

/// One core search's result: the path's true cost under the step costs, the
/// G it reported, and its expansions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Run {
    /// True cost of the returned path (recomputed from its steps).
    pub cost: u64,
    /// G of the goal as the search reported it.
    pub reported: u64,
    /// Nodes expanded.
    pub expansions: u64,
    /// Closed nodes re-opened because a cheaper path reached them.
    pub reopens: u64,
}

/// The project's search, for the experiments' core runs.
pub type CoreSearch = Search<astar_registry::ReferenceList>;

/// Runs the project's A* under `rules` on a query and checks its path.
pub fn core_run(search: &mut CoreSearch, grid: &Grid, q: &QuerySpec, rules: &Rules) -> Result<Run> {
    let r = search.run(&astar_core::Query::new(grid, q.start, q.goal, rules))?;
    if r.outcome != Outcome::Found {
        bail!(
            "no path for {} → {} (queries are connected)",
            q.start,
            q.goal
        );
    }
    let path = search
        .path(grid)
        .ok_or_else(|| invalid!("a found search has a path"))?;
    let steps =
        check_path(grid, rules, q.start, q.goal, &path).map_err(|e| invalid!("bad path: {e}"))?;
    Ok(Run {
        cost: steps.cost(rules),
        reported: u64::from(r.cost.unwrap_or(0)),
        expansions: r.counters.expansions,
        reopens: r.counters.reopens,
    })
}

/// The machine, build and moment that measured a `seeds` run's times, and the
/// run's configuration: the output folder's `meta.json` (the sweep's facts,
/// from [`machine`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeedsMeta {
    /// Who measured: commit, compiler, CPU, cores (flattened into the JSON).
    #[serde(flatten)]
    pub machine: MachineFacts,
    /// Start of the run, RFC 3339, UTC.
    pub date: String,
    /// The exact command line.
    pub command: String,
    /// The maps and queries measured (absent in folders written before it was
    /// recorded; such a folder cannot be rebuilt from its data).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<SeedsConfig>,
    /// Least time per timed heap / heap-scan measurement, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_time_ms: Option<u64>,
}

impl SeedsMeta {
    /// The facts of this process, now, for a run of `config`.
    pub fn now(config: &SeedsConfig, min_time: Duration) -> SeedsMeta {
        SeedsMeta {
            machine: machine::facts(),
            date: machine::UtcTime::now().rfc3339(),
            command: machine::command_line(),
            config: Some(config.clone()),
            min_time_ms: Some(min_time.as_millis() as u64),
        }
    }

    /// One line for the tables and markers: where and from what the times came.
    pub fn describe(&self) -> String {
        format!(
            "commit {} built by {}, on {} ({} logical cores), {}",
            self.machine.commit,
            self.machine.rustc,
            self.machine.cpu,
            self.machine.cores,
            self.date
        )
    }
}

/// Measures every experiment on the run's workload, into CSV text (file
/// name → contents, in [`EXPERIMENTS`] order); nothing is written.
pub fn measure(run: &SeedsRun) -> Result<Vec<(&'static str, String)>> {
    let work = workload(&run.config)?;
    let optima: Vec<Vec<Run>> = work
        .par_iter()
        .map(|(grid, qs)| {
            let mut search = CoreSearch::new();
            qs.iter()
                .map(|q| core_run(&mut search, grid, q, &base_rules()))
                .collect()
        })
        .collect::<Result<_>>()?;
    let queries: Vec<Vec<Query<'_>>> = work
        .iter()
        .zip(&optima)
        .map(|((grid, qs), opt)| {
            qs.iter()
                .zip(opt)
                .map(|(spec, &optimum)| Query {
                    grid,
                    spec,
                    optimum,
                    min_time: run.min_time,
                })
                .collect()
        })
        .collect();
    let mut csvs = Vec::new();
    for e in EXPERIMENTS {
        csvs.extend(e.measure(&queries)?);
    }
    Ok(csvs)
}

/// Measures every experiment and writes the CSVs and `meta.json` into the
/// run's folder: what `present::seeds` makes the tables of.
pub fn run(run: &SeedsRun) -> Result<()> {
    let began = Instant::now();
    let meta = SeedsMeta::now(&run.config, run.min_time);
    let csvs = measure(run)?;
    for (name, text) in &csvs {
        write_atomic(&run.out.join(name), text.as_bytes())?;
    }
    // A CSV of an experiment this build did not measure would be read back
    // as if it had been.
    for e in EXPERIMENTS {
        for name in e.files() {
            let path = run.out.join(name);
            if !csvs.iter().any(|(n, _)| *n == name) && path.exists() {
                std::fs::remove_file(&path)
                    .with_context(|| format!("removing the stale {}", path.display()))?;
            }
        }
    }
    let json = serde_json::to_string_pretty(&meta).expect("metadata serialises");
    write_atomic(&run.out.join("meta.json"), format!("{json}\n").as_bytes())?;
    let queries: usize = run.config.sizes.len() * (run.config.maps * run.config.queries) as usize;
    eprintln!(
        "{queries} queries in {:.1} s; wrote {}",
        began.elapsed().as_secs_f64(),
        run.out.display()
    );
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn tiny() -> SeedsRun {
        SeedsRun {
            config: SeedsConfig {
                sizes: vec![12, 16],
                maps: 2,
                queries: 2,
                density: 0.2,
                seed: 3,
            },
            min_time: Duration::from_millis(1),
            out: PathBuf::new(),
        }
    }

    #[test]
    fn a_run_writes_every_experiments_csvs_and_its_configuration() {
        let dir = tempfile::tempdir().unwrap();
        let run = SeedsRun {
            out: dir.path().join("seeds"),
            ..tiny()
        };
        super::run(&run).unwrap();
        for e in EXPERIMENTS {
            for name in e.files() {
                assert!(run.out.join(name).exists(), "{name}");
            }
        }
        let meta: SeedsMeta =
            serde_json::from_str(&std::fs::read_to_string(run.out.join("meta.json")).unwrap())
                .unwrap();
        assert_eq!(meta.config, Some(run.config));
    }
}
