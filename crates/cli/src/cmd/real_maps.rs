//! Real maps: `sweep --scen` (every strategy on MovingAI scenario rows, into
//! a run folder) and `real-maps-report` (its tables).

use crate::args::{parse_positive, parse_shard};
use crate::cmd::sweep::SweepArgs;
use anyhow::{bail, Result};
use astar_harness::experiments::real_maps::{self, RealPlan, DEFAULT_BUDGET_MS};
use astar_harness::experiments::sweep::{Destination, Shard};
use astar_harness::measure::machine;
use astar_harness::outln;
use astar_harness::runs::real_maps::{read_real_meta, RealMapsConfig};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use std::path::PathBuf;
use std::process::ExitCode;

/// Minimum total time of the repeats of one search in a real-map sweep, ms,
/// when `--min-time-ms` is not given.
pub const DEFAULT_MIN_TIME_MS: f64 = 2.0;

/// The `sweep` flags of a real-map sweep.
#[derive(Args, Debug, Default)]
pub struct RealMapArgs {
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
    /// larger sizes). Default: none on random maps (--full has one), 100 with --scen.
    #[arg(long, value_parser = crate::args::parse_budget)]
    pub budget_ms: Option<f64>,
}

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
    "corner_cutting",
    "neighbours",
    "closed",
];

/// Runs a real-map sweep when the flags ask for one (`--scen`, or `--resume`
/// of a real-map run); `None` when they ask for a random sweep.
pub fn dispatch(args: &SweepArgs, matches: &ArgMatches) -> Result<Option<ExitCode>> {
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let threads = args.threads.map_or_else(machine::cores, |t| t as usize);
    let plan = if let Some(dir) = &args.resume {
        let Some(meta) = read_real_meta(dir)? else {
            return Ok(None);
        };
        if let Some(flag) = RANDOM_ONLY
            .iter()
            .chain(&["scen", "strategies", "tie", "min_time_ms"])
            .find(|f| given(f))
        {
            bail!(
                "--resume {}: give it alone (with --threads at most); --{} comes from the run",
                dir.display(),
                flag.replace('_', "-")
            );
        }
        let shard = match args.shard {
            Some(s) if s.to_string() != meta.run.shard => bail!(
                "--resume {}: that run is shard {}, not {s}",
                dir.display(),
                meta.run.shard
            ),
            Some(s) => s,
            None => parse_shard(&meta.run.shard).map_err(|e| anyhow::anyhow!("{e}"))?,
        };
        RealPlan {
            config: meta.run.config,
            real: meta.real_maps,
            threads,
            shard,
            destination: Destination::Resume(dir.clone()),
        }
    } else if args.real.scen.is_empty() {
        return Ok(None);
    } else {
        if let Some(flag) = RANDOM_ONLY.iter().find(|f| given(f)) {
            bail!(
                "--{} is for random maps; a --scen sweep uses its files' maps and MovingAI's rules",
                flag.replace('_', "-")
            );
        }
        if args.rules.goal_test != astar_core::GoalTest::Closed {
            bail!("sweep supports only --goal-test closed");
        }
        RealPlan {
            config: real_maps::real_config(
                &args.strategies.0,
                args.rules.tie.name(),
                args.min_time_ms.unwrap_or(DEFAULT_MIN_TIME_MS),
            ),
            real: RealMapsConfig {
                scen: args.real.scen.clone(),
                map_dir: args.real.map_dir.clone(),
                sample: args.real.sample.map(|n| n as usize),
                budget_ms: args.real.budget_ms.unwrap_or(DEFAULT_BUDGET_MS),
            },
            threads,
            shard: args.shard.unwrap_or(Shard::WHOLE),
            destination: Destination::New(args.out.clone()),
        }
    };
    let finished = real_maps::run(&plan)?;
    let bad = finished.rows.iter().filter(|r| r.is_bad()).count();
    outln!(
        "`astar-lab real-maps-report {}` makes its tables",
        finished.dir.display()
    );
    if bad > 0 {
        eprintln!("{bad} rows are mismatches or errors: see the status column");
        return Ok(Some(ExitCode::from(1)));
    }
    Ok(Some(ExitCode::SUCCESS))
}

/// `astar-lab real-maps-report`: the real-map tables from run folders.
#[derive(Args, Debug)]
pub struct RealMapsReportArgs {
    /// Real-map run folders (`sweep --scen`): one or more per tie policy;
    /// the LIFO runs make the time tables, all of them the tie table.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// Where `README.md` and the charts are written (its generated section replaced).
    #[arg(long, default_value = astar_harness::present::real_maps::DEFAULT_OUT)]
    pub out: PathBuf,
    /// The writeup whose `on-real-maps` section is filled too (it must hold
    /// its markers), e.g. `reports/README.md`.
    #[arg(long)]
    pub writeup: Option<PathBuf>,
}

impl RealMapsReportArgs {
    /// Writes the tables, the charts and the writeup's section, and names
    /// the files.
    pub fn run(self) -> Result<ExitCode> {
        let runs: Vec<String> = self.runs.iter().map(|d| d.display().to_string()).collect();
        let writeup = self
            .writeup
            .as_ref()
            .map(|w| format!(" --writeup {}", w.display()))
            .unwrap_or_default();
        let made_by = format!(
            "`astar-lab real-maps-report {} --out {}{writeup}`",
            runs.join(" "),
            self.out.display()
        );
        let written = astar_harness::present::real_maps::write_real_maps_report(
            &self.runs,
            &self.out,
            self.writeup.as_deref(),
            &made_by,
        )?;
        for path in written {
            outln!("{}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
