//! Runs MovingAI scenario files and checks each optimal length.
//!
//! Every row is solved by every chosen strategy under the rules the file's
//! lengths assume ([`Rules::movingai`]). A row passes for a strategy when the
//! path is legal, its length — counted exactly from its straight and diagonal
//! steps, so with √2 diagonals — agrees with the printed optimum to the
//! precision the file prints, and every strategy found the same cost.

use crate::error::{Context, Error, Result};
use crate::{bail, invalid};
use astar_core::verify::check_path;
use astar_core::{check_endpoint, parse_scen, Grid, Outcome, Query, Rules, ScenarioRow};
use astar_registry::{Solver, Strategy};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct ScenOptions {
    /// Strategies to run on every row.
    pub strategies: Vec<Strategy>,
    /// Run only this many rows, spread evenly over the buckets.
    pub sample: Option<usize>,
    /// Where the maps are; by default the scenario file's folder.
    pub maps_dir: Option<PathBuf>,
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

/// Picks `n` rows spread evenly over the buckets (all rows if `n` is larger).
pub fn sample_rows(rows: &[ScenarioRow], n: usize) -> Vec<ScenarioRow> {
    let mut sorted: Vec<&ScenarioRow> = rows.iter().collect();
    sorted.sort_by_key(|r| (r.bucket, r.line));
    if n >= sorted.len() {
        return sorted.into_iter().cloned().collect();
    }
    (0..n)
        .map(|i| sorted[i * sorted.len() / n].clone())
        .collect()
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
    mut solver: impl FnMut(Strategy) -> Box<dyn Solver>,
) -> Result<ScenReport> {
    let text = crate::files::read_text(path)?;
    let scenario = parse_scen(&text).map_err(|e| Error::malformed(path, e))?;
    let rows = match options.sample {
        Some(0) => bail!("--sample must be at least 1"),
        Some(n) => sample_rows(&scenario.rows, n),
        None => scenario.rows.clone(),
    };
    let maps_dir = match &options.maps_dir {
        Some(dir) => dir.clone(),
        None => path.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    let rules = Rules::movingai();
    let mut maps: BTreeMap<String, Grid> = BTreeMap::new();
    let mut solvers: Vec<_> = options.strategies.iter().map(|&s| (s, solver(s))).collect();
    let mut report = ScenReport::default();
    for row in &rows {
        let name = row.map_basename().to_string();
        if !maps.contains_key(&name) {
            let map_path = maps_dir.join(&name);
            let grid = crate::files::load_map(&map_path)
                .with_context(|| format!("{} line {}: its map", path.display(), row.line))?;
            maps.insert(name.clone(), grid);
        }
        let grid = &maps[&name];
        let at = |msg: String| invalid!("{} line {}: {msg}", path.display(), row.line);
        if (grid.width(), grid.height()) != (row.width, row.height) {
            return Err(at(format!(
                "row says the map is {}x{}, {name} is {}x{}",
                row.width,
                row.height,
                grid.width(),
                grid.height()
            )));
        }
        check_endpoint(grid, "start", row.start).map_err(|e| at(e.to_string()))?;
        check_endpoint(grid, "goal", row.goal).map_err(|e| at(e.to_string()))?;

        let mut verdicts = Vec::new();
        for (strategy, solver) in &mut solvers {
            // Untimed: the floor records its search, the peer its counters.
            let query = Query::new(grid, row.start, row.goal, &rules);
            solver.prepare(&query).map_err(|e| at(e.to_string()))?;
            let began = Instant::now();
            let result = solver.solve(&query).map_err(|e| at(e.to_string()))?;
            let tally = report
                .tallies
                .entry(name.clone())
                .or_default()
                .entry(*strategy)
                .or_default();
            tally.time += began.elapsed();
            tally.expansions += result.counters.expansions;
            let verdict = match result.outcome {
                Outcome::Found => {
                    let path = solver.path(grid).expect("a found search has a path");
                    check_path(grid, &rules, row.start, row.goal, &path)
                        .map_err(|e| e.to_string())
                        .and_then(|steps| {
                            let length = steps.euclidean_length();
                            if Some(steps.cost(&rules)) != result.cost.map(u64::from) {
                                Err(format!(
                                    "path costs {} but the search reports {:?}",
                                    steps.cost(&rules),
                                    result.cost
                                ))
                            } else if row.agrees(length) {
                                Ok(())
                            } else {
                                Err(format!(
                                    "length {length:.8}, the file says {} (±{})",
                                    row.optimal, row.tolerance
                                ))
                            }
                        })
                }
                other => Err(format!("{}, the file says {}", other.name(), row.optimal)),
            };
            verdicts.push((*strategy, result.cost, verdict));
        }
        let costs: Vec<_> = verdicts.iter().map(|v| v.1).collect();
        let agree = costs.windows(2).all(|w| w[0] == w[1]);
        for (strategy, _, verdict) in verdicts {
            // Strategies that disagree fail together: none of them can be trusted.
            let verdict = if agree {
                verdict
            } else {
                Err(format!("strategies disagree on the cost: {costs:?}"))
            };
            let tally = report
                .tallies
                .entry(name.clone())
                .or_default()
                .entry(strategy)
                .or_default();
            match verdict {
                Ok(()) => tally.passed += 1,
                Err(why) => {
                    tally.failed += 1;
                    report.failures.push(format!(
                        "{} line {} [{strategy}]: {why}",
                        path.display(),
                        row.line
                    ));
                }
            }
        }
    }
    Ok(report)
}
