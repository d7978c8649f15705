//! One query, solved by each chosen strategy side by side.

use crate::measure::item::{agreement, time_item, Item, Measured};
use crate::measure::timing::Repeats;
use astar_core::Query;
use astar_core::{Point, SearchReport};
use astar_registry::Strategy;
use astar_runs::bail;
use astar_runs::error::Result;
use astar_runs::Record;

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

/// Runs every strategy on one query, once each, through the engine's
/// [`time_item`]. Fails if one cannot run or they disagree: every strategy
/// must run the same search.
pub fn solve_all(query: &Query, strategies: &[Strategy]) -> Result<Vec<Answer>> {
    // Among several, a strategy that cannot run these rules (the peer
    // under a limit, say) sits out; asked for alone, it says why.
    let strategies: Vec<Strategy> = strategies
        .iter()
        .copied()
        .filter(|s| strategies.len() == 1 || s.supports(query.rules).is_ok())
        .collect();
    let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
    let item = Item {
        query: *query,
        template: Record::default(),
        index: 0,
        check: None,
    };
    let measured = time_item(&item, &mut solvers, Repeats::Once, None, &[]);
    if let Err(why) = agreement(&strategies, &measured) {
        bail!("{why}");
    }
    strategies
        .iter()
        .zip(measured)
        .zip(&solvers)
        .map(|((&strategy, m), solver)| match m {
            Measured::Timed(t) => Ok(Answer {
                strategy,
                report: t.report,
                path: solver.path(query.grid),
            }),
            Measured::Failed(why) => bail!("{strategy}: {why}"),
            Measured::Skipped => unreachable!("nothing is skipped without a budget"),
        })
        .collect()
}
