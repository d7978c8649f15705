//! `astar-lab sweep`: time every strategy on random maps into a run folder,
//! then (for the presets) regenerate `reports/` from it.

use crate::args::{
    parse_densities, parse_min_time, parse_positive, parse_shard, parse_sizes, Densities, RuleArgs,
    Sizes,
};
use anyhow::{bail, Context, Result};
use astar_harness::experiments::sweep::{
    self, config_differences, is_preset, Destination, Shard, SweepPlan, DEFAULT_SEED, FULL, QUICK,
};
use astar_harness::measure::machine;
use astar_harness::outln;
use astar_harness::runs::{store, SweepConfig};
use astar_registry::{Strategy, StrategyList};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `astar-lab sweep`: time every strategy on random maps.
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
    /// The full preset: up to 4096², more maps and queries (about an hour).
    #[arg(long)]
    pub full: bool,
    /// Carry on with a killed run in this folder: its configuration comes from
    /// its meta.json, and any flag given beside it must agree with it.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Run only slice K of N of the sweep's items.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Repeat each search until the repeats take this long, then take the median.
    #[arg(long, value_parser = parse_min_time, allow_hyphen_values = true)]
    pub min_time_ms: Option<f64>,
    /// Do not regenerate the charts and report afterwards.
    #[arg(long)]
    pub no_report: bool,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub real: crate::cmd::real_maps::RealMapArgs,
}

impl SweepArgs {
    /// The config these flags ask for: the preset, with any flag given overriding it.
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
        SweepConfig {
            sizes,
            densities: self.densities.clone().map_or(p.densities.to_vec(), |d| d.0),
            maps: self.maps.unwrap_or(p.maps),
            queries: self.queries.unwrap_or(p.queries),
            queries_per_size,
            strategies: self
                .strategies
                .0
                .iter()
                .map(|s| s.name().to_string())
                .collect(),
            heuristic: self.rules.heuristic.name().into(),
            tie: self.rules.tie.name().into(),
            costs: self.rules.costs.name().into(),
            moves: match self.rules.moves {
                astar_core::Moves::Four => 4,
                astar_core::Moves::Eight => 8,
            },
            corner_cutting: self.rules.corner_cutting,
            seed: self.seed,
            min_time_ms: self.min_time_ms.unwrap_or(p.min_time_ms),
            budget_ms: self.real.budget_ms.or(p.budget_ms),
        }
    }

    /// Runs the sweep. Exit code 1 if any row is a mismatch or an error.
    /// `matches` tells which flags were given, for `--resume`.
    pub fn run(self, matches: &ArgMatches) -> Result<ExitCode> {
        if let Some(code) = crate::cmd::real_maps::dispatch(&self, matches)? {
            return Ok(code);
        }
        if self.rules.goal_test != astar_core::GoalTest::Closed {
            // The config does not record a goal test: a sweep measures optimal searches only.
            bail!("sweep supports only --goal-test closed");
        }
        if self.rules.neighbours != astar_core::NeighbourOrder::Default
            || self.rules.closed != astar_core::ClosedNodes::Reopen
        {
            // Nor a neighbour order or closed-node rule: the run folder would
            // not say which search it measured.
            bail!("sweep supports only --neighbours default and --closed reopen");
        }
        let threads = self.threads.map_or_else(machine::cores, |t| t as usize);
        let plan = match &self.resume {
            Some(dir) => self.resume_plan(dir, matches, threads)?,
            None => SweepPlan {
                config: self.config(),
                threads,
                shard: self.shard.unwrap_or(Shard::WHOLE),
                destination: Destination::New(self.out.clone()),
            },
        };
        let finished = sweep::run(&plan)?;
        let bad = finished.bad_rows();
        if self.no_report {
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

    /// The plan that finishes the run in `dir`: its configuration and shard
    /// come from its metadata; a flag given beside `--resume` must agree.
    fn resume_plan(&self, dir: &Path, matches: &ArgMatches, threads: usize) -> Result<SweepPlan> {
        let meta = store::read_meta(dir).with_context(|| format!("--resume {}", dir.display()))?;
        let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
        let asked = self.config();
        let mut fields: Vec<&str> = FLAG_FIELDS
            .iter()
            .filter(|(flag, _)| given(flag))
            .flat_map(|(_, fields)| fields.iter().copied())
            .collect();
        fields.sort_unstable();
        fields.dedup();
        let (there, wanted) = (
            serde_json::to_value(&meta.config)?,
            serde_json::to_value(&asked)?,
        );
        let differences: Vec<String> = fields
            .into_iter()
            .filter(|f| there[*f] != wanted[*f])
            .map(|f| format!("{f} {} there, {} asked", there[f], wanted[f]))
            .collect();
        if !differences.is_empty() {
            bail!(
                "--resume {}: that run has another configuration ({}); leave those flags out, the run's own are used",
                dir.display(),
                differences.join("; ")
            );
        }
        let shard = match self.shard {
            Some(shard) if shard.to_string() != meta.shard => bail!(
                "--resume {}: that run is shard {}, not {shard}",
                dir.display(),
                meta.shard
            ),
            Some(shard) => shard,
            None => parse_shard(&meta.shard).map_err(|e| {
                anyhow::anyhow!("{}: {e}", dir.join(astar_harness::runs::META).display())
            })?,
        };
        if config_differences(&meta.config, &asked).is_some() {
            eprintln!("resuming {} with its own configuration", dir.display());
        }
        Ok(SweepPlan {
            config: meta.config,
            threads,
            shard,
            destination: Destination::Resume(dir.to_path_buf()),
        })
    }
}

/// Each flag that sets part of the configuration, and the fields it sets;
/// a preset flag sets every field a preset holds.
const FLAG_FIELDS: [(&str, &[&str]); 15] = [
    ("sizes", &["sizes", "queries_per_size"]),
    ("densities", &["densities"]),
    ("maps", &["maps"]),
    ("queries", &["queries", "queries_per_size"]),
    ("strategies", &["strategies"]),
    ("heuristic", &["heuristic"]),
    ("tie", &["tie"]),
    ("costs", &["costs"]),
    ("moves", &["moves"]),
    ("corner_cutting", &["corner_cutting"]),
    ("seed", &["seed"]),
    ("min_time_ms", &["min_time_ms"]),
    ("budget_ms", &["budget_ms"]),
    ("quick", PRESET_FIELDS),
    ("full", PRESET_FIELDS),
];

/// The fields a preset sets.
const PRESET_FIELDS: &[&str] = &[
    "sizes",
    "densities",
    "maps",
    "queries",
    "queries_per_size",
    "min_time_ms",
    "budget_ms",
];

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
