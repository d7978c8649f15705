//! One query, solved by each chosen strategy side by side.

use crate::bail;
use crate::error::Result;
use astar_core::{Grid, Point, Query, Rules, SearchReport};
use astar_registry::Strategy;

/// One strategy's answer to a query.
#[derive(Clone, Debug)]
pub struct Answer {
    /// Which strategy.
    pub strategy: Strategy,
    /// What the search reported.
    pub report: SearchReport,
    /// The path, start to goal, if one was found.
    pub path: Option<Vec<Point>>,
}

/// Runs every strategy on one query. Fails if they disagree on cost or
/// expansions: every strategy must run the same search.
pub fn solve_all(
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
    strategies: &[Strategy],
) -> Result<Vec<Answer>> {
    let mut answers = Vec::new();
    for &strategy in strategies {
        // Among several, a strategy that cannot run these rules (the peer
        // under a limit, say) sits out; asked for alone, it says why.
        if strategies.len() > 1 && strategy.supports(rules).is_err() {
            continue;
        }
        let mut solver = strategy.solver();
        let query = Query::new(grid, start, goal, rules);
        solver.prepare(&query)?;
        let report = solver.solve(&query)?;
        let path = solver.path(grid);
        answers.push(Answer {
            strategy,
            report,
            path,
        });
    }
    if let Some(first) = answers.first() {
        for a in &answers[1..] {
            if (a.report.cost, a.report.counters.expansions)
                != (first.report.cost, first.report.counters.expansions)
            {
                bail!(
                    "{} and {} disagree: cost {:?} vs {:?}, expansions {} vs {}",
                    first.strategy,
                    a.strategy,
                    first.report.cost,
                    a.report.cost,
                    first.report.counters.expansions,
                    a.report.counters.expansions
                );
            }
        }
    }
    Ok(answers)
}
