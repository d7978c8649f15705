//! Runs MovingAI scenario files and checks each optimal length.
//!
//! Every row is solved once by every chosen strategy under the rules the
//! file's lengths assume ([`Rules::movingai`]), through the engine's
//! [`measure_item`]: a row passes for a strategy when the strategies agree
//! and its path passes [`check_row`](crate::measure::suite::check_row).

use crate::measure::item::{measure_item, Item};
use crate::measure::suite::load_suite;
use crate::measure::timing::Repeats;
use astar_core::Query;
use astar_core::Rules;
use astar_registry::{Solver, Strategy, StrategyList};
use astar_runs::error::Result;
use astar_runs::{RealMapsConfig, Record, Status};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// What to run.
#[derive(Clone, Debug)]
pub struct ScenOptions {
    /// Strategies to run on every row: `all` means every one that runs
    /// MovingAI's rules, which the runner owns.
    pub strategies: StrategyList,
    /// Run only this many rows, spread evenly over the buckets.
    pub sample: Option<usize>,
    /// Where the maps are; by default the scenario file's folder.
    pub maps_dir: Option<std::path::PathBuf>,
}

/// Totals for one map and one strategy.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Rows that agreed with the file.
    pub passed: u64,
    /// Rows that did not.
    pub failed: u64,
    /// Expansions over all rows.
    pub expansions: u64,
    /// Search time over all rows.
    pub time: Duration,
}

/// The outcome of a scenario run.
#[derive(Clone, Debug, Default)]
pub struct ScenReport {
    /// Tallies by map file name, then strategy.
    pub tallies: BTreeMap<String, BTreeMap<Strategy, Tally>>,
    /// One line per failed (row, strategy).
    pub failures: Vec<String>,
}

impl ScenReport {
    /// (passed, failed) over every row and strategy.
    pub fn totals(&self) -> (u64, u64) {
        self.tallies
            .values()
            .flat_map(|m| m.values())
            .fold((0, 0), |(p, f), t| (p + t.passed, f + t.failed))
    }
}

/// Runs a scenario file.
pub fn run_scenario(path: &Path, options: &ScenOptions) -> Result<ScenReport> {
    run_scenario_with(path, options, Strategy::solver)
}

/// Runs a scenario file with the solver `solver(s)` answering for each
/// strategy `s` of `options` (its rows are tallied under `s`).
/// [`run_scenario`] uses the registry's solvers; tests hand in their own.
pub fn run_scenario_with(
    path: &Path,
    options: &ScenOptions,
    solver: impl FnMut(Strategy) -> Box<dyn Solver>,
) -> Result<ScenReport> {
    let suite = load_suite(&RealMapsConfig {
        scen: vec![path.display().to_string()],
        map_dir: options.maps_dir.as_ref().map(|d| d.display().to_string()),
        sample: options.sample,
        budget_ms: f64::INFINITY,
    })?;
    let rules = Rules::movingai();
    let strategies = &options.strategies.for_rules(&rules);
    let mut solvers: Vec<Box<dyn Solver>> = strategies.iter().copied().map(solver).collect();
    let mut report = ScenReport::default();
    for file in &suite {
        for (index, row) in file.rows.iter().enumerate() {
            let name = row.map_basename();
            let item = Item {
                query: Query {
                    grid: &file.maps[name].grid,
                    start: row.start,
                    goal: row.goal,
                    rules: &rules,
                },
                template: Record::default(),
                index,
                check: Some(row),
            };
            let rows = measure_item(&item, strategies, &mut solvers, Repeats::Once, None, &[]);
            for (&strategy, r) in strategies.iter().zip(&rows) {
                let tally = report
                    .tallies
                    .entry(name.to_string())
                    .or_default()
                    .entry(strategy)
                    .or_default();
                if r.ns_per_search.is_finite() {
                    tally.time += Duration::from_nanos(r.ns_per_search as u64);
                }
                tally.expansions += r.expansions;
                match &r.status {
                    Status::Ok => tally.passed += 1,
                    other => {
                        tally.failed += 1;
                        report.failures.push(format!(
                            "{} line {} [{strategy}]: {}",
                            path.display(),
                            row.line,
                            match other {
                                Status::Mismatch(why) | Status::Error(why) => why.as_str(),
                                _ => "over budget",
                            }
                        ));
                    }
                }
            }
        }
    }
    Ok(report)
}
