//! Command-line arguments and the code behind each `astar-lab` command.
//!
//! Each command is an `Args` struct with a `run` method, so the binary itself
//! only parses and dispatches.

use crate::scenario::{run_scenario, ScenOptions};
use crate::solve::solve_all;
use crate::strategy::{Strategy, StrategyList};
use anyhow::Result;
use astar_core::{CostModel, GoalTest, Heuristic, Moves, Point, Rules, TiePolicy};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Parses `X,Y`.
pub fn parse_point(text: &str) -> Result<Point, String> {
    let bad = || format!("expected a cell as X,Y (two whole numbers), got {text:?}");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok(Point::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// The search rules as flags, shared by every command that searches.
#[derive(Args, Clone, Debug)]
pub struct RuleArgs {
    /// Heuristic: octile, manhattan, chebyshev, euclidean or zero.
    #[arg(long, default_value = "octile")]
    pub heuristic: Heuristic,
    /// Step costs: seed (10/14), movingai (√2 diagonals) or seed001-slip
    /// (seed 001's precedence slip: a new G is 10, or 14 for the start's diagonals).
    #[arg(long, default_value = "seed")]
    pub costs: CostModel,
    /// Stop when the goal is closed (optimal) or as soon as it is opened (seed 000's quicker option).
    #[arg(long, default_value = "closed")]
    pub goal_test: GoalTest,
    /// 4- or 8-connected moves.
    #[arg(long, default_value = "8")]
    pub moves: Moves,
    /// Let diagonals pass a blocked orthogonal neighbour.
    #[arg(long)]
    pub corner_cutting: bool,
    /// Order among equal F: lifo (seed 000), fifo or larger-g.
    #[arg(long, default_value = "lifo")]
    pub tie: TiePolicy,
}

impl RuleArgs {
    /// The rules these flags describe.
    pub fn rules(&self) -> Rules {
        Rules {
            moves: self.moves,
            corner_cutting: self.corner_cutting,
            costs: self.costs.costs(),
            heuristic: self.heuristic,
            tie: self.tie,
            expansion_limit: None,
            goal_test: self.goal_test,
            step_rule: self.costs.step_rule(),
            ..Rules::default()
        }
    }
}

/// `astar-lab solve`: one query on one map.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// MovingAI .map file.
    #[arg(long)]
    pub map: PathBuf,
    /// Start cell, X,Y (x is the column, y the row, 0,0 top left).
    // Hyphen values are taken as values, so `--from -1,0` is refused by the
    // point parser under the flag's own name instead of read as a flag.
    #[arg(long, value_parser = parse_point, allow_hyphen_values = true)]
    pub from: Point,
    /// Goal cell, X,Y.
    #[arg(long, value_parser = parse_point, allow_hyphen_values = true)]
    pub to: Point,
    /// A strategy name, or all.
    #[arg(long, default_value = "heap", value_parser = Strategy::parse_list)]
    pub strategy: StrategyList,
    /// Give up after this many expansions.
    #[arg(long)]
    pub limit: Option<u64>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub rules: RuleArgs,
}

impl SolveArgs {
    /// Solves and prints one line per strategy, then the path.
    pub fn run(self) -> Result<ExitCode> {
        let grid = crate::load_map(&self.map)?;
        let rules = Rules {
            expansion_limit: self.limit,
            ..self.rules.rules()
        };
        let strategies = self.strategy.0;
        let answers = solve_all(&grid, self.from, self.to, &rules, &strategies)?;
        crate::outln!(
            "{:<10} {:>8} {:>10} {:>10} {:>10} {:>9} {:>9} {:>9} {:>7} {:>8}",
            "strategy",
            "outcome",
            "cost",
            "length",
            "expansions",
            "pushes",
            "pops",
            "decreases",
            "reopens",
            "max_open"
        );
        for a in &answers {
            let c = a.report.counters;
            crate::outln!(
                "{:<10} {:>8} {:>10} {:>10} {:>10} {:>9} {:>9} {:>9} {:>7} {:>8}",
                a.strategy.name(),
                a.report.outcome.name(),
                a.report.cost.map_or("-".into(), |c| c.to_string()),
                a.report
                    .length_in_cells(rules.costs)
                    .map_or("-".into(), |l| format!("{l:.4}")),
                c.expansions,
                c.pushes,
                c.pops,
                c.decreases,
                c.reopens,
                c.max_open
            );
        }
        if let Some(path) = answers.first().and_then(|a| a.path.as_ref()) {
            let cells: Vec<String> = path.iter().map(|p| p.to_string()).collect();
            crate::outln!("path ({} cells): {}", path.len(), cells.join(" "));
            if rules.step_rule != astar_core::StepRule::Sum {
                // The slip's G is not a path cost: recompute the path's real one.
                let steps = astar_core::verify::check_path(&grid, &rules, self.from, self.to, path)
                    .map_err(|e| anyhow::anyhow!("the search returned a bad path: {e}"))?;
                crate::outln!(
                    "true cost of this path: {} (the cost column is G under {}, not the path's cost)",
                    steps.cost(&rules),
                    self.rules.costs
                );
            }
        } else {
            crate::outln!("path: none");
        }
        Ok(ExitCode::SUCCESS)
    }
}

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
            strategies: self.strategy.0,
            sample: self.sample,
            maps_dir: self.maps,
        };
        let report = run_scenario(&self.file, &options)?;
        for (map, by_strategy) in &report.tallies {
            crate::outln!("map {map}");
            crate::outln!(
                "  {:<10} {:>7} {:>7} {:>12} {:>10}",
                "strategy",
                "passed",
                "failed",
                "expansions",
                "time_ms"
            );
            for (strategy, t) in by_strategy {
                crate::outln!(
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
            crate::outln!("FAIL {line}");
        }
        if report.failures.len() > 20 {
            crate::outln!("… and {} more failures", report.failures.len() - 20);
        }
        let (passed, failed) = report.totals();
        crate::outln!("{passed} passed, {failed} failed");
        Ok(if failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}

/// Turns an error into the one line the binary prints.
pub fn error_line(e: &anyhow::Error) -> String {
    let mut line = format!("error: {e:#}");
    line.retain(|c| c != '\n');
    line
}
