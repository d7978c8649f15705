//! `astar-lab sweep`: time every strategy on random maps or on MovingAI
//! scenario rows (`--scen`) into a run folder, then (for the random presets)
//! regenerate `reports/` from it.

use crate::args::{
    parse_budget, parse_densities, parse_min_time, parse_positive, parse_sizes, Densities,
    RuleArgs, Sizes,
};
use anyhow::{bail, Context, Result};
use astar_core::{ClosedNodes, GoalTest, NeighbourOrder};
use astar_harness::experiments::sweep::{
    self, is_preset, real_config, real_rules, SweepPlan, DEFAULT_SEED, FULL, QUICK, REAL_BUDGET_MS,
    REAL_MIN_TIME_MS,
};
use astar_harness::measure::machine;
use astar_harness::outln;
use astar_harness::runs::{store, Destination, RealMapsConfig, Shard, SweepConfig};
use astar_registry::{Strategy, StrategyList};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `astar-lab sweep`: time every strategy on random maps or scenario rows.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// Map sides, comma-separated (default: 32,64,…,1024; --full to 4096).
    #[arg(long, value_parser = parse_sizes, allow_hyphen_values = true)]
    pub sizes: Option<Sizes>,
    /// Obstacle densities in [0, 1), comma-separated (default 0.25).
    #[arg(long, value_parser = parse_densities, allow_hyphen_values = true)]
    pub densities: Option<Densities>,
    /// Maps per (size, density).
    #[arg(long, value_parser = parse_positive)]
    pub maps: Option<u32>,
    /// Start/goal queries per map, at every size (default: the preset's,
    /// which gives small maps more).
    #[arg(long, value_parser = parse_positive)]
    pub queries: Option<u32>,
    /// Strategy names, comma-separated, or all.
    #[arg(long, default_value = "all", value_parser = Strategy::parse_list)]
    pub strategies: StrategyList,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub rules: RuleArgs,
    /// Master seed: every map and query derives from it.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = parse_positive)]
    pub threads: Option<u32>,
    /// Where run folders go.
    #[arg(long, default_value = "runs")]
    pub out: PathBuf,
    /// The quick preset (the default).
    #[arg(long, conflicts_with = "full")]
    pub quick: bool,
    /// The full preset: up to 4096², more maps and queries (about 15 minutes on one thread).
    #[arg(long)]
    pub full: bool,
    /// Carry on with a killed run in this folder. Alone, its configuration
    /// comes from its meta.json; given with the flags that started it, they
    /// must describe the same run.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Run only slice K of N of the sweep's items (of its files, with --scen).
    #[arg(long)]
    pub shard: Option<Shard>,
    /// Repeat each search until the repeats take this long, then take the median.
    #[arg(long, value_parser = parse_min_time, allow_hyphen_values = true)]
    pub min_time_ms: Option<f64>,
    /// Do not regenerate the charts and report afterwards.
    #[arg(long)]
    pub no_report: bool,
    /// MovingAI scenario files, or folders of them: time every strategy on
    /// their rows instead of on random maps.
    #[arg(long, num_args = 1..)]
    pub scen: Vec<String>,
    /// With --scen: the folder of the maps (default: beside each scenario file).
    #[arg(long, requires = "scen")]
    pub map_dir: Option<String>,
    /// With --scen: rows per scenario file, spread over the buckets (default: every row).
    #[arg(long, requires = "scen", value_parser = parse_positive)]
    pub sample: Option<u32>,
    /// Time budget of one search, ms: a strategy over it is recorded
    /// over-budget there and not run on longer searches (with --scen: the
    /// longer rows of the file; on random maps: the rest of that size and the
    /// larger sizes). Default: none on random maps (--full has one), 200 with --scen.
    #[arg(long, value_parser = parse_budget)]
    pub budget_ms: Option<f64>,
}

/// Flags that set no part of what a run measures: they may stand beside
/// `--resume DIR` alone. Any other flag there asks for a configuration,
/// which must be the run's.
const NOT_CONFIG: [&str; 5] = ["resume", "threads", "out", "no_report", "shard"];

/// Flags of `sweep` that say what random maps to draw or which rules to use:
/// a real-map sweep has its own maps and MovingAI's rules (only `--tie` may vary).
const RANDOM_ONLY: [&str; 13] = [
    "sizes",
    "densities",
    "maps",
    "queries",
    "seed",
    "quick",
    "full",
    "heuristic",
    "costs",
    "moves",
    "neighbours",
    "closed",
    "goal_test",
];

impl SweepArgs {
    /// The random-map config these flags ask for: the preset, with any flag
    /// given overriding it.
    pub fn config(&self) -> SweepConfig {
        let p = if self.full { FULL } else { QUICK };
        let sizes = self.sizes.clone().map_or(p.sizes.to_vec(), |s| s.0);
        // `--queries` sets every size; otherwise the preset's per-size counts
        // hold at the sizes measured.
        let queries_per_size = match self.queries {
            Some(_) => Default::default(),
            None => p
                .queries_per_size
                .iter()
                .copied()
                .filter(|(z, _)| sizes.contains(z))
                .collect(),
        };
        let rules = self.rules.rules();
        SweepConfig {
            sizes,
            densities: self.densities.clone().map_or(p.densities.to_vec(), |d| d.0),
            maps: self.maps.unwrap_or(p.maps),
            queries: self.queries.unwrap_or(p.queries),
            queries_per_size,
            seed: self.seed,
            min_time_ms: self.min_time_ms.unwrap_or(p.min_time_ms),
            budget_ms: self.budget_ms.or(p.budget_ms),
            ..SweepConfig::new(&self.strategies.for_rules(&rules), &rules, self.rules.costs)
        }
    }

    /// The sweep these flags ask for, as if it were a new run: random maps,
    /// or with `--scen` the scenario files.
    fn asked(&self, given: &dyn Fn(&str) -> bool) -> Result<SweepPlan> {
        let threads = self.threads.map_or_else(machine::cores, |t| t as usize);
        let shard = self.shard.unwrap_or(Shard::WHOLE);
        let destination = Destination::New(self.out.clone());
        if self.scen.is_empty() {
            if self.rules.goal_test != GoalTest::Closed {
                // The config does not record a goal test: a sweep measures optimal searches only.
                bail!("sweep supports only --goal-test closed");
            }
            if self.rules.neighbours != NeighbourOrder::Default
                || self.rules.closed != ClosedNodes::Reopen
            {
                // Nor a neighbour order or closed-node rule: the run folder would
                // not say which search it measured.
                bail!("sweep supports only --neighbours default and --closed reopen");
            }
            return Ok(SweepPlan {
                config: self.config(),
                real: None,
                threads,
                shard,
                destination,
            });
        }
        if let Some(flag) = RANDOM_ONLY.iter().find(|f| given(f)) {
            bail!(
                "--{} is for random maps; a --scen sweep uses its files' maps and MovingAI's rules (with --corner-cutting if asked)",
                flag.replace('_', "-")
            );
        }
        let rules = real_rules(self.rules.tie, self.rules.corner_cutting);
        Ok(SweepPlan {
            config: real_config(
                &self.strategies.for_rules(&rules),
                &rules,
                self.min_time_ms.unwrap_or(REAL_MIN_TIME_MS),
            ),
            real: Some(RealMapsConfig {
                scen: self.scen.clone(),
                map_dir: self.map_dir.clone(),
                sample: self.sample.map(|n| n as usize),
                budget_ms: self.budget_ms.unwrap_or(REAL_BUDGET_MS),
            }),
            threads,
            shard,
            destination,
        })
    }

    /// The sweep to run. `--resume DIR` alone finishes the run in `DIR` with
    /// its own configuration and shard; with any flag that sets a
    /// configuration, the run's must be the one asked (the engine refuses
    /// it otherwise, naming what differs).
    fn plan(&self, matches: &ArgMatches) -> Result<SweepPlan> {
        let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
        let asked = self.asked(&given)?;
        let Some(dir) = &self.resume else {
            return Ok(asked);
        };
        let destination = Destination::Resume(dir.clone());
        let asks_config = matches
            .ids()
            .any(|id| given(id.as_str()) && !NOT_CONFIG.contains(&id.as_str()));
        if asks_config {
            return Ok(SweepPlan {
                destination,
                ..asked
            });
        }
        let meta = store::read_meta(dir).with_context(|| format!("--resume {}", dir.display()))?;
        Ok(SweepPlan {
            config: meta.config,
            real: meta.real_maps,
            shard: self.shard.unwrap_or(meta.shard),
            destination,
            ..asked
        })
    }

    /// Runs the sweep. Exit code 1 if any row is a mismatch or an error.
    /// `matches` tells which flags were given, for `--resume`.
    pub fn run(self, matches: &ArgMatches) -> Result<ExitCode> {
        let plan = self.plan(matches)?;
        let finished = sweep::run(&plan)?;
        let bad = finished.bad_rows();
        if plan.real.is_some() {
            outln!(
                "`astar-lab real-maps-report {}` makes its tables",
                finished.dir.display()
            );
        } else if self.no_report {
        } else if plan.shard.n > 1 {
            outln!("a shard is part of a sweep: make the report from all its run folders");
        } else if !is_preset(&plan.config) {
            outln!(
                "not a --quick or --full sweep, so reports/ is left alone; `astar-lab plot {0}` and `astar-lab report {0}` make its charts and tables",
                finished.dir.display()
            );
        } else {
            publish(&finished.dir).with_context(|| {
                format!("the run is in {}, but its report", finished.dir.display())
            })?;
            outln!("charts and report regenerated in reports/");
        }
        if bad > 0 {
            eprintln!("{bad} rows are mismatches or errors: see the status column");
            return Ok(ExitCode::from(1));
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Publishes a finished run: copies its data into `reports/data/` and
/// regenerates the charts and the report from it. The charts and tables are
/// drawn from the published copy, so the writeup names data that is in the
/// repository, not a git-ignored run folder.
fn publish(run: &Path) -> Result<()> {
    let reports = Path::new("reports");
    let published = astar_harness::runs::store::copy_run(run, &reports.join("data"))?;
    let runs = [published];
    astar_harness::present::charts::plot_runs(&runs, &reports.join("charts"))?;
    astar_harness::present::report::write_report(&runs, reports)?;
    Ok(())
}
