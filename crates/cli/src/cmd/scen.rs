//! `astar-lab scen`: every row of a MovingAI scenario file, checked.

use anyhow::Result;
use astar_harness::experiments::scenario::{run_scenario, ScenOptions};
use astar_harness::outln;
use astar_registry::{Strategy, StrategyList};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `astar-lab scen`: every row of a MovingAI scenario file, checked.
#[derive(Args, Debug)]
pub struct ScenArgs {
    /// MovingAI .scen file.
    pub file: PathBuf,
    /// Folder with the maps (default: the scenario file's folder).
    #[arg(long)]
    pub maps: Option<PathBuf>,
    /// A strategy name, a comma-separated list, or all.
    #[arg(long, default_value = "all", value_parser = Strategy::parse_list)]
    pub strategy: StrategyList,
    /// Run only N rows, spread evenly over the buckets.
    #[arg(long)]
    pub sample: Option<usize>,
}

impl ScenArgs {
    /// Runs the file; exit code 1 if any row failed.
    pub fn run(self) -> Result<ExitCode> {
        let options = ScenOptions {
            strategies: self.strategy,
            sample: self.sample,
            maps_dir: self.maps,
        };
        let report = run_scenario(&self.file, &options)?;
        for (map, by_strategy) in &report.tallies {
            outln!("map {map}");
            outln!(
                "  {:<10} {:>7} {:>7} {:>12} {:>10}",
                "strategy",
                "passed",
                "failed",
                "expansions",
                "time_ms"
            );
            for (strategy, t) in by_strategy {
                outln!(
                    "  {:<10} {:>7} {:>7} {:>12} {:>10.1}",
                    strategy.name(),
                    t.passed,
                    t.failed,
                    t.expansions,
                    t.time.as_secs_f64() * 1e3
                );
            }
        }
        for line in report.failures.iter().take(20) {
            outln!("FAIL {line}");
        }
        if report.failures.len() > 20 {
            outln!("… and {} more failures", report.failures.len() - 20);
        }
        let (passed, failed) = report.totals();
        outln!("{passed} passed, {failed} failed");
        Ok(if failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}
