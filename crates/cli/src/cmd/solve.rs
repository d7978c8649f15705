//! `astar-lab solve`: one query, every chosen strategy side by side.

use crate::args::{parse_point, RuleArgs};
use anyhow::{anyhow, Result};
use astar_core::Query;
use astar_core::{Point, Rules};
use astar_harness::experiments::solve::solve_all;
use astar_harness::outln;
use astar_registry::{Strategy, StrategyList};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

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
        let grid = astar_harness::files::load_map(&self.map)?;
        let rules = Rules {
            expansion_limit: self.limit,
            ..self.rules.rules()
        };
        let strategies = self.strategy.for_rules(&rules);
        let query = Query {
            grid: &grid,
            start: self.from,
            goal: self.to,
            rules: &rules,
        };
        let answers = solve_all(&query, &strategies)?;
        outln!(
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
            outln!(
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
            outln!("path ({} cells): {}", path.len(), cells.join(" "));
            if rules.step_rule != astar_core::StepRule::Sum {
                // The slip's G is not a path cost: recompute the path's real one.
                let steps = astar_core::verify::check_path(&grid, &rules, self.from, self.to, path)
                    .map_err(|e| anyhow!("the search returned a bad path: {e}"))?;
                outln!(
                    "true cost of this path: {} (the cost column is G under {}, not the path's cost)",
                    steps.cost(&rules),
                    self.rules.costs
                );
            }
        } else {
            outln!("path: none");
        }
        Ok(ExitCode::SUCCESS)
    }
}
