//! `astar-lab seeds`: the seeds' quirks, measured on random maps.
//!
//! Five experiments, each on the same reproducible maps and queries (drawn as
//! the sweep draws them: [`crate::measure::workload`]):
//!
//! 1. **heuristic** — Manhattan × 10 with diagonal moves (seeds 000, 001)
//!    against octile: how often and by how much the path is longer, and how
//!    many expansions it saves.
//! 2. **goal test** — stopping when the goal enters OPEN (seed 000's quicker
//!    option) against stopping when it is closed, under both heuristics.
//! 3. **slip** — seed 001's precedence slip (`seed001-slip`), with its own
//!    Manhattan heuristic and with octile: the true cost of the path returned.
//! 4. **amit** — the Amit port (seed 002, `astar_amit`) as written
//!    and with each of its choices flipped, and the missing re-sort isolated:
//!    every variant is run with and without re-sorting, all else identical.
//!    Each variant is judged on optimality (the true cost of its path), on
//!    expansions, and on speed: the port's `run` alone is timed, the best of
//!    [`AMIT_TIMING_REPEATS`] runs after a warm-up, every variant of a query
//!    one after another on one thread, so times compare side by side with the
//!    corrected port (`as-written+resort`).
//! 5. **heap-scan** — seed 003's heap with a linear `isIn` scan against the
//!    indexed heap: time ratio, when the `heap-scan` strategy is registered.
//!
//! Each experiment writes a CSV (one row per query) into the output folder;
//! the tables and the sentences built from them go into the folder's
//! `README.md` and the writeup's `seeds` section, between generated markers.
//! The machine, compiler and commit that measured the times are named in the
//! tables, in the markers and in the folder's `meta.json`.

use crate::files::write_atomic;
use crate::measure::machine;
use crate::measure::timing::time_search;
use crate::measure::workload::{largest_component, map_seed, query};
use crate::present::markers::splice;
use anyhow::{bail, Context, Result};
use astar_amit::{AmitCosts, AmitHeuristic, AmitOptions, AmitOutcome, AmitSearch};
use astar_core::verify::check_path;
use astar_core::{
    Costs, GoalTest, Grid, Heuristic, Outcome, Point, Rules, Search, StepRule, TiePolicy,
};
use astar_registry::Strategy;
use clap::Args;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Map sides for `--sizes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeList(pub Vec<u32>);

fn parse_sizes(text: &str) -> Result<SizeList, String> {
    let sizes = text
        .split(',')
        .map(|s| match s.trim().parse::<u32>() {
            Ok(n) if (4..=4096).contains(&n) => Ok(n),
            _ => Err(format!("expected map sides from 4 to 4096, got {s:?}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SizeList(sizes))
}

fn parse_count(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("expected a positive whole number, got {text:?}")),
    }
}

fn parse_density(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(d) if (0.0..0.9).contains(&d) => Ok(d),
        _ => Err(format!(
            "expected an obstacle density in [0, 0.9), got {text:?}"
        )),
    }
}

/// `astar-lab seeds`: measure the seeds' quirks.
#[derive(Args, Debug, Clone)]
pub struct SeedsArgs {
    /// Maps per size.
    #[arg(long, default_value_t = 20, value_parser = parse_count)]
    pub maps: u32,
    /// Map sides, comma-separated.
    #[arg(long, default_value = "32,64,128", value_parser = parse_sizes)]
    pub sizes: SizeList,
    /// Queries per map.
    #[arg(long, default_value_t = 5, value_parser = parse_count)]
    pub queries: u32,
    /// Obstacle density of the random maps.
    #[arg(long, default_value_t = 0.2, value_parser = parse_density)]
    pub density: f64,
    /// Master seed: the same seed gives the same maps and queries.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder for the CSVs, tables.md and README.md.
    #[arg(long, default_value = "reports/seeds")]
    pub out: PathBuf,
    /// Writeup whose `seeds` section gets the summary, or `none`.
    #[arg(long, default_value = "reports/README.md")]
    pub writeup: String,
    /// Least time per timed heap / heap-scan measurement, in milliseconds.
    #[arg(long, default_value_t = 5)]
    pub min_time_ms: u64,
}

/// The maps and queries of a run.
#[derive(Clone, Debug)]
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

/// The rules queries are drawn under (the project's default: no corner cutting).
fn base_rules() -> Rules {
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

/// The Amit variants run on every query: name and options. Pairs `2k` and
/// `2k+1` differ only in re-sorting (without, with).
pub const AMIT_VARIANTS: [(&str, AmitOptions); 10] = {
    const F: AmitOptions = AmitOptions::FAITHFUL;
    const OCT: AmitOptions = AmitOptions {
        heuristic: AmitHeuristic::Octile,
        ..F
    };
    const C: AmitOptions = AmitOptions {
        costs: AmitCosts::Seed,
        ..F
    };
    const ADM: AmitOptions = AmitOptions {
        heuristic: AmitHeuristic::Octile,
        costs: AmitCosts::Seed,
        ..F
    };
    [
        ("as-written", F),
        ("as-written+resort", AmitOptions { resort: true, ..F }),
        ("octile-h", OCT),
        (
            "octile-h+resort",
            AmitOptions {
                resort: true,
                ..OCT
            },
        ),
        ("costs-10-14", C),
        ("costs-10-14+resort", AmitOptions { resort: true, ..C }),
        ("octile-h+costs-10-14", ADM),
        (
            "octile-h+costs-10-14+resort",
            AmitOptions {
                resort: true,
                ..ADM
            },
        ),
        (
            "forward",
            AmitOptions {
                backward: false,
                ..F
            },
        ),
        (
            "no-corner-cutting",
            AmitOptions {
                corner_cutting: false,
                ..F
            },
        ),
    ]
};

/// The goal-test comparisons: heuristic and tie policy.
pub const GOAL_TEST_CASES: [(Heuristic, TiePolicy); 4] = [
    (Heuristic::Octile, TiePolicy::Lifo),
    (Heuristic::Manhattan, TiePolicy::Lifo),
    (Heuristic::Octile, TiePolicy::Fifo),
    (Heuristic::Manhattan, TiePolicy::Fifo),
];

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
}

/// One Amit variant's result on a query.
#[derive(Clone, Debug, Default)]
pub struct AmitRun {
    /// True cost of the path under 10/14 (with the variant's corner rule).
    pub cost: u64,
    /// Cost under the variant's own step costs (G of the node found).
    pub own_cost: u64,
    /// Nodes expanded.
    pub expansions: u64,
    /// Pops taken while OPEN held a smaller F.
    pub out_of_order: u64,
    /// Nanoseconds of the search: the best of [`AMIT_TIMING_REPEATS`] timed
    /// runs (0 until [`time_amit`] has timed it).
    pub ns: u64,
    /// Expanded cells, in order.
    pub order: Vec<Point>,
    /// The path.
    pub path: Vec<Point>,
}

/// Everything measured on one query.
#[derive(Clone, Debug)]
pub struct QueryResult {
    /// The query.
    pub spec: QuerySpec,
    /// Octile, goal on close: the optimum (no corner cutting).
    pub octile: Run,
    /// Manhattan, goal on close.
    pub manhattan: Run,
    /// Goal on close and goal on open, for each of [`GOAL_TEST_CASES`].
    pub goal_tests: Vec<(Run, Run)>,
    /// Seed 001 as written: slip + Manhattan.
    pub slip_manhattan: Run,
    /// Slip + octile.
    pub slip_octile: Run,
    /// The optimum with corner cutting (the Amit port's moves).
    pub optimal_cutting: u64,
    /// The fewest steps (every move costs 1), with and without corner cutting.
    pub fewest_steps: (u64, u64),
    /// The Amit variants, in [`AMIT_VARIANTS`] order.
    pub amit: Vec<AmitRun>,
}

fn core_run(
    search: &mut Search<astar_registry::ReferenceList>,
    grid: &Grid,
    q: &QuerySpec,
    rules: &Rules,
) -> Result<Run> {
    let r = search.run(grid, q.start, q.goal, rules)?;
    if r.outcome != Outcome::Found {
        bail!(
            "no path for {} → {} (queries are connected)",
            q.start,
            q.goal
        );
    }
    let path = search.path(grid).context("a found search has a path")?;
    let steps = check_path(grid, rules, q.start, q.goal, &path)
        .map_err(|e| anyhow::anyhow!("bad path: {e}"))?;
    Ok(Run {
        cost: steps.cost(rules),
        reported: u64::from(r.cost.unwrap_or(0)),
        expansions: r.counters.expansions,
    })
}

/// Runs the Amit port with `opts` on a query and checks its path.
pub fn amit_run(
    search: &mut AmitSearch,
    grid: &Grid,
    q: &QuerySpec,
    opts: &AmitOptions,
) -> Result<AmitRun> {
    // The out-of-order count scans OPEN on every pop; only untimed runs pay it.
    search.count_out_of_order = !opts.resort;
    let mut order = Vec::new();
    let r = search.run(grid, q.start, q.goal, opts, Some(&mut order));
    if r.outcome != AmitOutcome::Found {
        bail!("the Amit port found no path for {} → {}", q.start, q.goal);
    }
    let path = search.path(grid).context("a found search has a path")?;
    let rules = Rules {
        corner_cutting: opts.corner_cutting,
        ..Rules::default()
    };
    let steps = check_path(grid, &rules, q.start, q.goal, &path)
        .map_err(|e| anyhow::anyhow!("bad Amit path: {e}"))?;
    let own = opts.costs.steps();
    let own_cost = steps.straight * own.0 + steps.diagonal * own.1;
    if Some(own_cost) != r.cost {
        bail!("Amit path costs {own_cost} but G is {:?}", r.cost);
    }
    Ok(AmitRun {
        cost: steps.cost(&rules),
        own_cost,
        expansions: r.expansions,
        out_of_order: r.out_of_order_pops,
        ns: 0,
        order,
        path,
    })
}

const UNIT: Costs = Costs {
    straight: 1,
    diagonal: 1,
};

/// Measures one query: every core mode and every Amit variant.
pub fn measure_query(grid: &Grid, q: &QuerySpec) -> Result<QueryResult> {
    let mut s = Search::<astar_registry::ReferenceList>::new();
    let oct = base_rules();
    let man = Rules {
        heuristic: Heuristic::Manhattan,
        ..oct
    };
    let opened = |r: Rules| Rules {
        goal_test: GoalTest::Opened,
        ..r
    };
    let slip = |r: Rules| Rules {
        step_rule: StepRule::Seed001Slip,
        ..r
    };
    let cutting = Rules {
        corner_cutting: true,
        ..oct
    };
    let mut amit = AmitSearch::new();
    Ok(QueryResult {
        spec: q.clone(),
        octile: core_run(&mut s, grid, q, &oct)?,
        manhattan: core_run(&mut s, grid, q, &man)?,
        goal_tests: GOAL_TEST_CASES
            .iter()
            .map(|&(heuristic, tie)| {
                let r = Rules {
                    heuristic,
                    tie,
                    ..oct
                };
                Ok((
                    core_run(&mut s, grid, q, &r)?,
                    core_run(&mut s, grid, q, &opened(r))?,
                ))
            })
            .collect::<Result<_>>()?,
        slip_manhattan: core_run(&mut s, grid, q, &slip(man))?,
        slip_octile: core_run(&mut s, grid, q, &slip(oct))?,
        optimal_cutting: core_run(&mut s, grid, q, &cutting)?.cost,
        fewest_steps: (
            core_run(
                &mut s,
                grid,
                q,
                &Rules {
                    costs: UNIT,
                    ..cutting
                },
            )?
            .cost,
            core_run(&mut s, grid, q, &Rules { costs: UNIT, ..oct })?.cost,
        ),
        amit: AMIT_VARIANTS
            .iter()
            .map(|(_, o)| amit_run(&mut amit, grid, q, o))
            .collect::<Result<_>>()?,
    })
}

/// Measures every query of the run, in parallel over maps.
pub fn measure_all(work: &[(Grid, Vec<QuerySpec>)]) -> Result<Vec<QueryResult>> {
    let per_map: Vec<Vec<QueryResult>> = work
        .par_iter()
        .map(|(grid, qs)| qs.iter().map(|q| measure_query(grid, q)).collect())
        .collect::<Result<_>>()?;
    Ok(per_map.into_iter().flatten().collect())
}

/// Timed runs of each Amit variant per query; its time is the fastest of them.
///
/// The minimum, not the median: a search's own work is fixed, and everything
/// that makes a run slower (the scheduler, other processes, a cold cache) only
/// adds, so the fastest run is the closest to that work. Three runs after the
/// warm-up already drop most interruptions while keeping the pass short.
pub const AMIT_TIMING_REPEATS: usize = 3;

/// Untimed runs of the same search before a variant's timed runs, so each
/// variant is timed with caches and branch history trained on its own search.
pub const AMIT_WARM_UP: usize = 2;

/// Times every Amit variant on every query, on this thread alone: for each
/// query, the variants one after another, so they are measured side by side
/// under the same conditions; each variant gets [`AMIT_WARM_UP`] untimed runs
/// and then [`AMIT_TIMING_REPEATS`] timed ones of the same search. Only `run`
/// is timed (no log, no out-of-order scan, no path check). `results` must be
/// [`measure_all`]'s output for `work`.
///
/// Why back to back with a warm-up, not interleaved: searches here take
/// microseconds, and a run is faster the more identical runs came just before
/// it (caches, branch history). Interleaved, with one warm-up run each, the
/// variant timed right after its re-sort twin (the same search when nothing
/// is re-sorted) came out 1.1–1.3× faster than the twin, and the other way
/// round when the order was reversed; back to back, twins agree within a few
/// percent in either order.
pub fn time_amit(work: &[(Grid, Vec<QuerySpec>)], results: &mut [QueryResult]) -> Result<()> {
    let count: usize = work.iter().map(|(_, qs)| qs.len()).sum();
    if count != results.len() {
        bail!("Amit timing: {count} queries for {} results", results.len());
    }
    let queries = work
        .iter()
        .flat_map(|(grid, qs)| qs.iter().map(move |q| (grid, q)));
    let mut search = AmitSearch::new();
    search.count_out_of_order = false;
    for ((grid, q), result) in queries.zip(results.iter_mut()) {
        if (q.size, q.map, q.query) != (result.spec.size, result.spec.map, result.spec.query) {
            bail!("Amit timing: results are not in workload order");
        }
        for ((_, opts), run) in AMIT_VARIANTS.iter().zip(&mut result.amit) {
            run.ns = u64::MAX;
            for _ in 0..AMIT_WARM_UP {
                search.run(grid, q.start, q.goal, opts, None);
            }
            for _ in 0..AMIT_TIMING_REPEATS {
                let began = Instant::now();
                let r = search.run(grid, q.start, q.goal, opts, None);
                let ns = began.elapsed().as_nanos() as u64;
                if r.expansions != run.expansions || r.cost != Some(run.own_cost) {
                    bail!("a timed Amit run did a different search than the checked one");
                }
                run.ns = run.ns.min(ns);
            }
        }
    }
    Ok(())
}

/// The machine, build and moment that measured a `seeds` run's times: the
/// output folder's `meta.json` (the sweep's facts, from [`machine`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeedsMeta {
    /// Git commit of the measured code (with `-dirty` when the tree had changes).
    pub commit: String,
    /// `rustc --version` of the compiler that built the binary.
    pub rustc: String,
    /// CPU model name.
    pub cpu: String,
    /// Logical cores of the machine.
    pub cores: usize,
    /// Start of the run, RFC 3339, UTC.
    pub date: String,
    /// The exact command line.
    pub command: String,
}

impl SeedsMeta {
    /// The facts of this process, now.
    pub fn now() -> SeedsMeta {
        SeedsMeta {
            commit: machine::git_commit(),
            rustc: machine::rustc_version(),
            cpu: machine::cpu_model(),
            cores: machine::cores(),
            date: machine::UtcTime::now().rfc3339(),
            command: machine::command_line(),
        }
    }

    /// One line for the tables and markers: where and from what the times came.
    pub fn describe(&self) -> String {
        format!(
            "commit {} built by {}, on {} ({} logical cores), {}",
            self.commit, self.rustc, self.cpu, self.cores, self.date
        )
    }
}

/// For each re-sort pair (variants `2k`, `2k+1`) and query: whether the
/// expansion order, the path and its cost differ.
pub fn resort_effects(r: &QueryResult, pair: usize) -> (bool, bool, bool) {
    let (a, b) = (&r.amit[2 * pair], &r.amit[2 * pair + 1]);
    (
        a.order != b.order,
        a.path != b.path,
        a.own_cost != b.own_cost,
    )
}

/// One query timed with `heap` and `heap-scan`: the query, median ns of
/// each, and the expansions.
pub type HeapScanRow = (QuerySpec, f64, f64, u64);

/// Seed 003's heap with a linear `isIn` against the indexed heap: median
/// nanoseconds of each on every query, sequentially (rows: spec, heap, scan).
pub fn time_heap_scan(
    work: &[(Grid, Vec<QuerySpec>)],
    min_time: Duration,
) -> Result<Option<Vec<HeapScanRow>>> {
    let Some(&scan) = Strategy::ALL.iter().find(|s| s.name() == "heap-scan") else {
        return Ok(None);
    };
    let Some(&heap) = Strategy::ALL.iter().find(|s| s.name() == "heap") else {
        return Ok(None);
    };
    let rules = base_rules();
    let (mut hs, mut ss) = (heap.solver(), scan.solver());
    let mut rows = Vec::new();
    for (grid, qs) in work {
        for q in qs {
            let a = time_search(hs.as_mut(), grid, q.start, q.goal, &rules, min_time)
                .map_err(|e| anyhow::anyhow!("heap: {e}"))?;
            let b = time_search(ss.as_mut(), grid, q.start, q.goal, &rules, min_time)
                .map_err(|e| anyhow::anyhow!("heap-scan: {e}"))?;
            if a.report.counters.expansions != b.report.counters.expansions {
                bail!("heap and heap-scan ran different searches");
            }
            rows.push((
                q.clone(),
                a.ns_per_search,
                b.ns_per_search,
                a.report.counters.expansions,
            ));
        }
    }
    Ok(Some(rows))
}

fn csv_text(header: &str, rows: impl IntoIterator<Item = String>) -> String {
    let mut out = String::from(header);
    out.push('\n');
    for r in rows {
        out.push_str(&r);
        out.push('\n');
    }
    out
}

fn key(q: &QuerySpec) -> String {
    format!(
        "{},{},{},{} {},{} {}",
        q.size, q.map, q.query, q.start.x, q.start.y, q.goal.x, q.goal.y
    )
}

/// Percent `part / whole`, or 0 for an empty whole.
fn pct(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn mean(xs: impl IntoIterator<Item = f64>) -> f64 {
    let (mut s, mut n) = (0.0, 0usize);
    for x in xs {
        s += x;
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        s / n as f64
    }
}

fn excess(cost: u64, best: u64) -> f64 {
    if best == 0 {
        0.0
    } else {
        100.0 * (cost as f64 - best as f64) / best as f64
    }
}

/// Suboptimality of `runs` (cost, optimum): (share longer %, mean excess over
/// all %, max excess %).
fn subopt(pairs: &[(u64, u64)]) -> (usize, f64, f64, f64) {
    let longer = pairs.iter().filter(|(c, b)| c > b).count();
    let ex: Vec<f64> = pairs.iter().map(|&(c, b)| excess(c, b)).collect();
    let max = ex.iter().cloned().fold(0.0, f64::max);
    (longer, pct(longer, pairs.len()), mean(ex), max)
}

/// The generated tables and sentences, and the CSVs, of a run.
pub struct Outputs {
    /// File name → contents.
    pub csvs: Vec<(&'static str, String)>,
    /// Markdown: tables and generated sentences.
    pub markdown: String,
}

/// Builds the CSVs and the markdown from the measured results.
pub fn outputs(
    cfg: &SeedsConfig,
    results: &[QueryResult],
    heap_scan: Option<&[HeapScanRow]>,
    meta: &SeedsMeta,
) -> Outputs {
    let mut csvs = Vec::new();
    let qh = "size,map,query,start,goal";
    csvs.push((
        "heuristic.csv",
        csv_text(
            &format!("{qh},optimal,manhattan_cost,octile_expansions,manhattan_expansions"),
            results.iter().map(|r| {
                format!(
                    "{},{},{},{},{}",
                    key(&r.spec),
                    r.octile.cost,
                    r.manhattan.cost,
                    r.octile.expansions,
                    r.manhattan.expansions
                )
            }),
        ),
    ));
    csvs.push((
        "goal_test.csv",
        csv_text(
            &format!("{qh},heuristic,tie,optimal,closed_cost,opened_cost,closed_expansions,opened_expansions"),
            results.iter().flat_map(|r| {
                r.goal_tests.iter().zip(GOAL_TEST_CASES).map(|(&(c, o), (h, t))| {
                    format!(
                        "{},{h},{t},{},{},{},{},{}",
                        key(&r.spec),
                        r.octile.cost,
                        c.cost,
                        o.cost,
                        c.expansions,
                        o.expansions
                    )
                })
            }),
        ),
    ));
    csvs.push((
        "slip.csv",
        csv_text(
            &format!("{qh},heuristic,optimal,correct_cost,slip_true_cost,slip_reported_g,correct_expansions,slip_expansions"),
            results.iter().flat_map(|r| {
                [
                    ("manhattan", r.manhattan, r.slip_manhattan),
                    ("octile", r.octile, r.slip_octile),
                ]
                .map(|(h, c, s)| {
                    format!(
                        "{},{h},{},{},{},{},{},{}",
                        key(&r.spec),
                        r.octile.cost,
                        c.cost,
                        s.cost,
                        s.reported,
                        c.expansions,
                        s.expansions
                    )
                })
            }),
        ),
    ));
    csvs.push((
        "amit.csv",
        csv_text(
            &format!(
                "{qh},variant,optimal,cost,own_optimal,own_cost,expansions,out_of_order_pops,ns"
            ),
            results.iter().flat_map(|r| {
                r.amit.iter().zip(AMIT_VARIANTS).map(|(a, (name, o))| {
                    let best = if o.corner_cutting {
                        r.optimal_cutting
                    } else {
                        r.octile.cost
                    };
                    format!(
                        "{},{name},{best},{},{},{},{},{},{}",
                        key(&r.spec),
                        a.cost,
                        own_optimum(r, &o),
                        a.own_cost,
                        a.expansions,
                        a.out_of_order,
                        a.ns
                    )
                })
            }),
        ),
    ));
    csvs.push((
        "amit_resort.csv",
        csv_text(
            &format!("{qh},variant,order_changed,path_changed,cost_changed,cost_without,cost_with,expansions_without,expansions_with,out_of_order_pops"),
            results.iter().flat_map(|r| {
                (0..4).map(move |k| {
                    let (o, p, c) = resort_effects(r, k);
                    let (a, b) = (&r.amit[2 * k], &r.amit[2 * k + 1]);
                    format!(
                        "{},{},{},{},{},{},{},{},{},{}",
                        key(&r.spec),
                        AMIT_VARIANTS[2 * k].0,
                        o as u8,
                        p as u8,
                        c as u8,
                        a.own_cost,
                        b.own_cost,
                        a.expansions,
                        b.expansions,
                        a.out_of_order
                    )
                })
            }),
        ),
    ));
    if let Some(rows) = heap_scan {
        csvs.push((
            "heap_scan.csv",
            csv_text(
                &format!("{qh},expansions,heap_ns,heap_scan_ns"),
                rows.iter()
                    .map(|(q, h, s, e)| format!("{},{e},{h:.0},{s:.0}", key(q))),
            ),
        ));
    }

    let markdown = markdown(cfg, results, heap_scan, meta);
    Outputs { csvs, markdown }
}

/// The optimum of a query in an Amit variant's own step costs and corner rule.
pub fn own_optimum(r: &QueryResult, o: &AmitOptions) -> u64 {
    match (o.costs, o.corner_cutting) {
        (AmitCosts::Unit, true) => r.fewest_steps.0,
        (AmitCosts::Unit, false) => r.fewest_steps.1,
        (AmitCosts::Seed, true) => r.optimal_cutting,
        (AmitCosts::Seed, false) => r.octile.cost,
    }
}

fn by_size(results: &[QueryResult], size: u32) -> Vec<&QueryResult> {
    results.iter().filter(|r| r.spec.size == size).collect()
}

/// The median of `xs` (mean of the middle two when even), 0 when empty.
fn median_of(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Nanoseconds as microseconds, three significant digits.
fn micros(ns: f64) -> String {
    let us = ns / 1000.0;
    if us >= 100.0 {
        format!("{us:.0}")
    } else if us >= 10.0 {
        format!("{us:.1}")
    } else {
        format!("{us:.2}")
    }
}

/// Index in [`AMIT_VARIANTS`] of the corrected port, the time reference.
const AMIT_REFERENCE: usize = 1;

/// Median over `rs` of variant `i`'s time over the corrected port's on the
/// same query.
fn amit_time_ratio(rs: &[&QueryResult], i: usize) -> f64 {
    median_of(
        rs.iter()
            .map(|r| r.amit[i].ns as f64 / (r.amit[AMIT_REFERENCE].ns as f64).max(1.0))
            .collect(),
    )
}

/// Median time of variant `i` over `rs`, in nanoseconds.
fn amit_median_ns(rs: &[&QueryResult], i: usize) -> f64 {
    median_of(rs.iter().map(|r| r.amit[i].ns as f64).collect())
}

fn markdown(
    cfg: &SeedsConfig,
    results: &[QueryResult],
    heap_scan: Option<&[HeapScanRow]>,
    meta: &SeedsMeta,
) -> String {
    let mut m = String::new();
    let n_total = results.len();
    let _ = writeln!(
        m,
        "Random maps of density {}, {} maps per size and {} queries per map (start and goal at least half a side apart, in the largest connected component), master seed {}: {} queries in all. Costs are 10/14; \"optimal\" is the project's A* with octile H under the same move rules. Percentages of excess are over the optimal cost. CSVs: `heuristic.csv`, `goal_test.csv`, `slip.csv`, `amit.csv`, `amit_resort.csv`{}.\n",
        cfg.density,
        cfg.maps,
        cfg.queries,
        cfg.seed,
        n_total,
        if heap_scan.is_some() { ", `heap_scan.csv`" } else { "" }
    );

    // 1. Manhattan vs octile.
    let _ = writeln!(
        m,
        "#### 1. Manhattan × 10 with diagonal moves (seeds 000, 001) vs octile\n"
    );
    let _ = writeln!(m, "| size | queries | longer than optimal | mean excess | max excess | expansions, octile | expansions, Manhattan | expansions saved |");
    let _ = writeln!(m, "|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut all = Vec::new();
    for &size in &cfg.sizes {
        let rs = by_size(results, size);
        let pairs: Vec<(u64, u64)> = rs
            .iter()
            .map(|r| (r.manhattan.cost, r.octile.cost))
            .collect();
        all.extend(pairs.iter().copied());
        let (_, share, mean_ex, max_ex) = subopt(&pairs);
        let eo = mean(rs.iter().map(|r| r.octile.expansions as f64));
        let em = mean(rs.iter().map(|r| r.manhattan.expansions as f64));
        let _ = writeln!(
            m,
            "| {size} | {} | {share:.1}% | {mean_ex:.2}% | {max_ex:.2}% | {eo:.0} | {em:.0} | {:.1}% |",
            rs.len(),
            100.0 * (1.0 - em / eo.max(1.0))
        );
    }
    let (longer, share, mean_ex, max_ex) = subopt(&all);
    let _ = writeln!(
        m,
        "\nOver all {} queries, Manhattan returned a longer path than optimal on {longer} ({share:.1}%), by {mean_ex:.2}% on average and {max_ex:.2}% at worst.\n",
        all.len()
    );

    // 2. Goal test.
    let _ = writeln!(
        m,
        "#### 2. Stopping when the goal enters OPEN (seed 000's quicker option)\n"
    );
    let _ = writeln!(m, "| heuristic | ties | size | queries | path cost differs from goal-on-close | longer than optimal (open / close) | max excess (open) | expansions, close | expansions, open | expansions saved |");
    let _ = writeln!(m, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut sentences = Vec::new();
    for (k, (h, tie)) in GOAL_TEST_CASES.iter().enumerate() {
        let (mut diff_all, mut n_all, mut worse_all) = (0, 0, 0);
        let (mut ec_all, mut eo_all) = (0.0, 0.0);
        for &size in &cfg.sizes {
            let rs = by_size(results, size);
            let runs: Vec<(Run, Run, u64)> = rs
                .iter()
                .map(|r| (r.goal_tests[k].0, r.goal_tests[k].1, r.octile.cost))
                .collect();
            let diff = runs.iter().filter(|(c, o, _)| c.cost != o.cost).count();
            let worse = runs.iter().filter(|(c, o, _)| o.cost > c.cost).count();
            let long_o = runs.iter().filter(|(_, o, b)| o.cost > *b).count();
            let long_c = runs.iter().filter(|(c, _, b)| c.cost > *b).count();
            let max_o = runs
                .iter()
                .map(|(_, o, b)| excess(o.cost, *b))
                .fold(0.0, f64::max);
            let ec = mean(runs.iter().map(|(c, _, _)| c.expansions as f64));
            let eo = mean(runs.iter().map(|(_, o, _)| o.expansions as f64));
            ec_all += runs
                .iter()
                .map(|(c, _, _)| c.expansions as f64)
                .sum::<f64>();
            eo_all += runs
                .iter()
                .map(|(_, o, _)| o.expansions as f64)
                .sum::<f64>();
            diff_all += diff;
            worse_all += worse;
            n_all += runs.len();
            let _ = writeln!(
                m,
                "| {h} | {tie} | {size} | {} | {diff} ({:.1}%) | {:.1}% / {:.1}% | {max_o:.2}% | {ec:.1} | {eo:.1} | {:.2}% |",
                runs.len(),
                pct(diff, runs.len()),
                pct(long_o, runs.len()),
                pct(long_c, runs.len()),
                100.0 * (1.0 - eo / ec.max(1.0))
            );
        }
        sentences.push(format!(
            "With {h} H and {tie} ties, stopping on open changed the path's cost on {diff_all} of {n_all} queries ({:.1}%), made it longer on {worse_all}, and saved {:.2}% of the expansions.",
            pct(diff_all, n_all),
            100.0 * (1.0 - eo_all / ec_all.max(1.0))
        ));
    }
    let _ = writeln!(m, "\n{}\n", sentences.join(" "));

    // 3. Slip.
    let _ = writeln!(
        m,
        "#### 3. Seed 001's precedence slip (`--costs seed001-slip`)\n"
    );
    let _ = writeln!(m, "| heuristic | size | queries | longer than optimal | mean excess | max excess | reported G ≠ true cost | expansions, correct | expansions, slip |");
    let _ = writeln!(m, "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut slip_sentence = String::new();
    for (h, pick) in [
        (
            "Manhattan (as written)",
            (|r: &QueryResult| (r.manhattan, r.slip_manhattan)) as fn(&QueryResult) -> (Run, Run),
        ),
        ("octile", |r: &QueryResult| (r.octile, r.slip_octile)),
    ] {
        let mut all = Vec::new();
        for &size in &cfg.sizes {
            let rs = by_size(results, size);
            let pairs: Vec<(u64, u64)> =
                rs.iter().map(|r| (pick(r).1.cost, r.octile.cost)).collect();
            all.extend(pairs.iter().copied());
            let (_, share, mean_ex, max_ex) = subopt(&pairs);
            let lies = rs
                .iter()
                .filter(|r| pick(r).1.reported != pick(r).1.cost)
                .count();
            let ec = mean(rs.iter().map(|r| pick(r).0.expansions as f64));
            let es = mean(rs.iter().map(|r| pick(r).1.expansions as f64));
            let _ = writeln!(
                m,
                "| {h} | {size} | {} | {share:.1}% | {mean_ex:.2}% | {max_ex:.2}% | {:.1}% | {ec:.0} | {es:.0} |",
                rs.len(),
                pct(lies, rs.len())
            );
        }
        let (longer, share, mean_ex, max_ex) = subopt(&all);
        if slip_sentence.is_empty() {
            slip_sentence = format!(
                "Seed 001 as written (slip and Manhattan H) returned a longer path than optimal on {longer} of {} queries ({share:.1}%), {mean_ex:.2}% longer on average and {max_ex:.2}% at worst.",
                all.len()
            );
        }
    }
    let _ = writeln!(m, "\n{slip_sentence}\n");

    // 4. Amit.
    let _ = writeln!(m, "#### 4. The Amit port (seed 002)\n");
    let _ = writeln!(
        m,
        "Re-sorting isolated: each variant run without and with the re-sort, all else identical.\n"
    );
    let _ = writeln!(m, "| variant | size | queries | expansion order changed | path changed | path cost changed | cost worse without re-sort | out-of-order pops per query | expansions without / with | median µs without / with |");
    let _ = writeln!(m, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut resort_sentences = Vec::new();
    for k in 0..4 {
        let name = AMIT_VARIANTS[2 * k].0;
        let (mut o_all, mut p_all, mut c_all, mut w_all, mut n_all) = (0, 0, 0, 0, 0);
        for &size in &cfg.sizes {
            let rs = by_size(results, size);
            let eff: Vec<(bool, bool, bool)> = rs.iter().map(|r| resort_effects(r, k)).collect();
            let o = eff.iter().filter(|e| e.0).count();
            let p = eff.iter().filter(|e| e.1).count();
            let c = eff.iter().filter(|e| e.2).count();
            let w = rs
                .iter()
                .filter(|r| r.amit[2 * k].own_cost > r.amit[2 * k + 1].own_cost)
                .count();
            let ooo = mean(rs.iter().map(|r| r.amit[2 * k].out_of_order as f64));
            let ea = mean(rs.iter().map(|r| r.amit[2 * k].expansions as f64));
            let eb = mean(rs.iter().map(|r| r.amit[2 * k + 1].expansions as f64));
            let n = rs.len();
            let _ = writeln!(
                m,
                "| {name} | {size} | {n} | {o} ({:.1}%) | {p} ({:.1}%) | {c} ({:.1}%) | {w} | {ooo:.1} | {ea:.0} / {eb:.0} | {} / {} |",
                pct(o, n),
                pct(p, n),
                pct(c, n),
                micros(amit_median_ns(&rs, 2 * k)),
                micros(amit_median_ns(&rs, 2 * k + 1))
            );
            o_all += o;
            p_all += p;
            c_all += c;
            w_all += w;
            n_all += n;
        }
        resort_sentences.push(format!(
            "{name}: order changed on {o_all} of {n_all} queries ({:.1}%), path on {p_all}, cost on {c_all} ({w_all} worse without the re-sort).",
            pct(o_all, n_all)
        ));
    }
    let _ = writeln!(m, "\nIn all sizes — {}\n", resort_sentences.join(" "));
    let _ = writeln!(m, "Each choice of the port, measured by the true cost of its path under 10/14 against the optimum under the same corner rule:\n");
    let reference = AMIT_VARIANTS[AMIT_REFERENCE].0;
    let _ = writeln!(m, "| variant | size | longer than optimal | mean excess | max excess | not optimal in its own costs | mean expansions | median µs per search | time / {reference} (median) |");
    let _ = writeln!(m, "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (i, (name, o)) in AMIT_VARIANTS.iter().enumerate() {
        for &size in &cfg.sizes {
            let rs = by_size(results, size);
            let pairs: Vec<(u64, u64)> = rs
                .iter()
                .map(|r| {
                    let best = if o.corner_cutting {
                        r.optimal_cutting
                    } else {
                        r.octile.cost
                    };
                    (r.amit[i].cost, best)
                })
                .collect();
            let (_, share, mean_ex, max_ex) = subopt(&pairs);
            let own = rs
                .iter()
                .filter(|r| r.amit[i].own_cost > own_optimum(r, o))
                .count();
            let e = mean(rs.iter().map(|r| r.amit[i].expansions as f64));
            let _ = writeln!(
                m,
                "| {name} | {size} | {share:.1}% | {mean_ex:.2}% | {max_ex:.2}% | {:.1}% | {e:.0} | {} | {:.2}× |",
                pct(own, rs.len()),
                micros(amit_median_ns(&rs, i)),
                amit_time_ratio(&rs, i)
            );
        }
    }
    let everything: Vec<&QueryResult> = results.iter().collect();
    let speed: Vec<String> = AMIT_VARIANTS
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != AMIT_REFERENCE)
        .map(|(i, (name, _))| {
            let expansions = median_of(
                everything
                    .iter()
                    .map(|r| {
                        r.amit[i].expansions as f64
                            / (r.amit[AMIT_REFERENCE].expansions as f64).max(1.0)
                    })
                    .collect(),
            );
            format!(
                "{name} {:.2}× the time ({expansions:.2}× the expansions)",
                amit_time_ratio(&everything, i)
            )
        })
        .collect();
    let _ = writeln!(
        m,
        "\nSpeed: the time of the port's search alone, the fastest of {AMIT_TIMING_REPEATS} runs after {AMIT_WARM_UP} untimed ones, the variants of a query one after another on one thread (`amit.csv`, `ns`); measured at {}. Over all {} queries, the median per query against {reference} on the same query: {}.\n",
        meta.describe(),
        everything.len(),
        speed.join("; ")
    );

    // 5. heap-scan.
    let _ = writeln!(
        m,
        "#### 5. Seed 003's linear `isIn` (`heap-scan`) vs the indexed heap\n"
    );
    match heap_scan {
        None => {
            let _ = writeln!(
                m,
                "Not measured: no strategy named `heap-scan` is registered in this build.\n"
            );
        }
        Some(rows) => {
            let _ = writeln!(m, "| size | queries | mean expansions | median ns, heap | median ns, heap-scan | time ratio (mean of per-query ratios) |");
            let _ = writeln!(m, "|---:|---:|---:|---:|---:|---:|");
            for &size in &cfg.sizes {
                let rs: Vec<_> = rows.iter().filter(|r| r.0.size == size).collect();
                let e = mean(rs.iter().map(|r| r.3 as f64));
                let h = mean(rs.iter().map(|r| r.1));
                let s = mean(rs.iter().map(|r| r.2));
                let ratio = mean(rs.iter().map(|r| r.2 / r.1.max(1.0)));
                let _ = writeln!(
                    m,
                    "| {size} | {} | {e:.0} | {h:.0} | {s:.0} | {ratio:.2}× |",
                    rs.len()
                );
            }
            let _ = writeln!(m);
        }
    }
    m
}

const SEEDS_README_TEMPLATE: &str =
    "# The seeds, measured\n\n<!-- BEGIN GENERATED: seeds -->\n<!-- END GENERATED: seeds -->\n";

impl SeedsArgs {
    /// The maps and queries these flags describe.
    pub fn config(&self) -> SeedsConfig {
        SeedsConfig {
            sizes: self.sizes.0.clone(),
            maps: self.maps,
            queries: self.queries,
            density: self.density,
            seed: self.seed,
        }
    }

    /// Runs every experiment and writes the outputs.
    pub fn run(self) -> Result<ExitCode> {
        let cfg = self.config();
        let began = Instant::now();
        let work = workload(&cfg)?;
        let meta = SeedsMeta::now();
        let mut results = measure_all(&work)?;
        // Timed after the parallel pass, on one thread, so no search shares
        // the cores with another of this run.
        time_amit(&work, &mut results)?;
        let heap_scan = time_heap_scan(&work, Duration::from_millis(self.min_time_ms))?;
        let out = outputs(&cfg, &results, heap_scan.as_deref(), &meta);
        write_outputs(&self, &out, &meta)?;
        crate::outln!("{}", out.markdown);
        eprintln!(
            "{} queries in {:.1} s; wrote {}",
            results.len(),
            began.elapsed().as_secs_f64(),
            self.out.display()
        );
        Ok(ExitCode::SUCCESS)
    }

    fn made_by(&self, meta: &SeedsMeta) -> String {
        format!(
            "`astar-lab seeds --maps {} --sizes {} --queries {} --density {} --seed {}` at {} on {}",
            self.maps,
            self.sizes
                .0
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(","),
            self.queries,
            self.density,
            self.seed,
            meta.commit,
            meta.cpu
        )
    }
}

fn write_outputs(args: &SeedsArgs, out: &Outputs, meta: &SeedsMeta) -> Result<()> {
    for (name, text) in &out.csvs {
        write_atomic(&args.out.join(name), text.as_bytes())?;
    }
    let json = serde_json::to_string_pretty(meta).context("meta.json")?;
    write_atomic(&args.out.join("meta.json"), format!("{json}\n").as_bytes())?;
    let made_by = args.made_by(meta);
    write_atomic(
        &args.out.join("tables.md"),
        format!(
            "<!-- generated by {made_by}; do not edit -->\n\n{}",
            out.markdown
        )
        .as_bytes(),
    )?;
    let readme = args.out.join("README.md");
    let text = if readme.exists() {
        crate::files::read_text(&readme)?
    } else {
        SEEDS_README_TEMPLATE.to_string()
    };
    write_atomic(
        &readme,
        splice(&text, "seeds", &made_by, &out.markdown)?.as_bytes(),
    )?;
    if args.writeup != "none" {
        let path = Path::new(&args.writeup);
        if !path.exists() {
            eprintln!("note: {} does not exist; not updated", path.display());
            return Ok(());
        }
        let text = crate::files::read_text(path)?;
        match splice(&text, "seeds", &made_by, &out.markdown) {
            Ok(new) => write_atomic(path, new.as_bytes())?,
            Err(e) => eprintln!("note: {} not updated: {e:#}", path.display()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> (Vec<(Grid, Vec<QuerySpec>)>, Vec<QueryResult>) {
        let cfg = SeedsConfig {
            sizes: vec![12, 16],
            maps: 2,
            queries: 2,
            density: 0.2,
            seed: 3,
        };
        let work = workload(&cfg).unwrap();
        let results = measure_all(&work).unwrap();
        (work, results)
    }

    #[test]
    fn amit_timing_times_every_variant_of_every_query() {
        let (work, mut results) = tiny();
        assert_eq!(results.len(), 8);
        time_amit(&work, &mut results).unwrap();
        for r in &results {
            assert_eq!(r.amit.len(), AMIT_VARIANTS.len());
            // u64::MAX is the "not timed yet" start of the minimum.
            assert!(r.amit.iter().all(|a| a.ns != u64::MAX), "{:?}", r.spec);
        }
    }

    #[test]
    fn amit_timing_refuses_results_of_other_queries() {
        let (work, mut results) = tiny();
        results.swap(0, 1);
        assert!(time_amit(&work, &mut results).is_err());
        let (work, mut results) = tiny();
        results.pop();
        assert!(time_amit(&work, &mut results).is_err());
    }

    #[test]
    fn median_of_odd_even_and_empty_samples() {
        assert_eq!(median_of(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median_of(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median_of(Vec::new()), 0.0);
    }
}
