//! Timing one item: every strategy on one query, in a rotating order.

use crate::runs::{Record, OK, OVER_BUDGET};
use astar_core::{Grid, Point, Query, Rules, SearchReport};
use astar_registry::{Solver, Strategy};
use std::time::{Duration, Instant};

/// One strategy's measurement of one search.
#[derive(Clone, Debug)]
pub(crate) struct Timing {
    /// What the search did (the same on every repeat).
    pub report: SearchReport,
    /// Median wall time of one search, in nanoseconds.
    pub ns_per_search: f64,
    /// How many timed searches the median is over.
    pub repeats: u32,
}

/// Fewest timed searches a median is taken over, unless one search is slow.
pub(crate) const MIN_REPEATS: usize = 5;

/// A search that takes this many times the minimum time is timed once.
pub(crate) const SLOW: u32 = 10;

/// Times one search: `prepare` (untimed), then `solve` repeated until the
/// timed searches add up to `min_time` and number at least [`MIN_REPEATS`],
/// and the median of them.
///
/// The first search is a warm-up (caches, branch predictors) and is not
/// counted, unless it alone took [`SLOW`] × `min_time`: then it is the single
/// sample, because repeating the slowest strategies would multiply the length
/// of a sweep for a correction far below the spread between queries. Several
/// samples are what make the median robust: a search the scheduler
/// interrupts takes many times its real time.
pub(crate) fn time_search(
    solver: &mut dyn Solver,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
    min_time: Duration,
) -> Result<Timing, String> {
    time_search_within(solver, grid, start, goal, rules, min_time, None).map(|(t, _)| t)
}

/// [`time_search`] with a time budget: when the first search alone takes
/// longer than `budget`, it is not repeated, and the flag says so (the timing
/// is then that one search).
pub(crate) fn time_search_within(
    solver: &mut dyn Solver,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
    min_time: Duration,
    budget: Option<Duration>,
) -> Result<(Timing, bool), String> {
    let query = Query::new(grid, start, goal, rules);
    solver
        .prepare(&query)
        .map_err(|e| format!("prepare: {e}"))?;
    let began = Instant::now();
    let first = solver.solve(&query).map_err(|e| e.to_string())?;
    let took = began.elapsed();
    let over = budget.is_some_and(|b| took > b);
    if over || (took >= min_time * SLOW && !min_time.is_zero()) {
        return Ok((
            Timing {
                report: first,
                ns_per_search: took.as_nanos() as f64,
                repeats: 1,
            },
            over,
        ));
    }
    let mut samples: Vec<u64> = Vec::new();
    let mut total = Duration::ZERO;
    while total < min_time || samples.len() < MIN_REPEATS {
        let began = Instant::now();
        let report = solver.solve(&query).map_err(|e| e.to_string())?;
        let took = began.elapsed();
        if report != first {
            return Err(format!(
                "repeat {} did a different search than the first",
                samples.len() + 1
            ));
        }
        samples.push(took.as_nanos() as u64);
        total += took;
    }
    Ok((
        Timing {
            report: first,
            ns_per_search: crate::stats::median(samples.iter().map(|&ns| ns as f64)).unwrap_or(0.0),
            repeats: samples.len() as u32,
        },
        false,
    ))
}

/// Where an item stands, for its rows.
#[derive(Clone, Copy, Debug)]
pub struct ItemInfo {
    /// Map side.
    pub size: u32,
    /// Map density.
    pub density: f64,
    /// Map seed.
    pub map_seed: u64,
    /// Query number.
    pub query: u32,
    /// Position in the sweep (decides the rotation).
    pub index: usize,
}

/// A row with the item's fields filled in and nothing measured.
fn blank_row(info: &ItemInfo, strategy: Strategy, start: Point, goal: Point) -> Record {
    Record {
        size: info.size,
        density: info.density,
        map_seed: info.map_seed,
        query: info.query,
        strategy: strategy.name().to_string(),
        ns_per_search: f64::NAN,
        repeats: 0,
        expansions: 0,
        pushes: 0,
        pops: 0,
        decreases: 0,
        reopens: 0,
        max_open: 0,
        cost: None,
        path_len: None,
        status: String::new(),
        start_x: start.x,
        start_y: start.y,
        goal_x: goal.x,
        goal_y: goal.y,
        stale_pops: 0,
        bytes_per_cell: 0.0,
        ..Record::default()
    }
}

/// Rows for an item that could not be set up (e.g. no query on its map):
/// one `error: …` row per strategy, so the failure is on record.
pub(crate) fn error_rows(info: &ItemInfo, strategies: &[Strategy], why: &str) -> Vec<Record> {
    strategies
        .iter()
        .map(|&s| Record {
            status: format!("error: {}", one_line(why)),
            ..blank_row(info, s, Point::new(0, 0), Point::new(0, 0))
        })
        .collect()
}

/// Keeps a message on one CSV line.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// A time budget for the searches of one item.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The longest one search may take; `None`: no budget.
    pub limit: Option<Duration>,
    /// Per strategy (in the order of the item's strategies): not to be run,
    /// because it already went over the budget on a shorter search. An empty
    /// list skips none.
    pub skip: Vec<bool>,
}

impl Budget {
    /// No budget: every strategy runs, however long it takes.
    pub const NONE: Budget = Budget {
        limit: None,
        skip: Vec::new(),
    };
}

/// Runs every strategy on one query and returns one row per strategy, in the
/// order of `strategies`. `solvers[i]` must be a solver of `strategies[i]`.
///
/// Strategies run in an order rotated by the item's index, so no strategy is
/// always first (cold) or last. Every strategy must agree on the outcome, the
/// cost and the expansions; if any disagrees, every row of the item says
/// `mismatch: …`, since no one of them can be trusted.
///
/// With a [`Budget`], a strategy it skips gets an `over-budget` row with no
/// time, and one whose first search takes longer than its limit gets an
/// `over-budget` row with that one search's time (still checked against the
/// others, since it finished).
#[allow(clippy::too_many_arguments)]
pub fn measure_item(
    info: &ItemInfo,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
    strategies: &[Strategy],
    solvers: &mut [Box<dyn Solver>],
    min_time: Duration,
    budget: &Budget,
) -> Vec<Record> {
    let n = strategies.len();
    // None: skipped, over budget on a shorter search.
    let mut results: Vec<Option<Result<(Timing, bool), String>>> = vec![None; n];
    for k in 0..n {
        let i = (k + info.index) % n;
        if budget.skip.get(i).copied().unwrap_or(false) {
            continue;
        }
        results[i] = Some(time_search_within(
            solvers[i].as_mut(),
            grid,
            start,
            goal,
            rules,
            min_time,
            budget.limit,
        ));
    }
    let fingerprint = |t: &Timing| {
        (
            t.report.outcome,
            t.report.cost,
            t.report.counters.expansions,
        )
    };
    let ok: Vec<_> = results
        .iter()
        .flatten()
        .flatten()
        .map(|(t, _)| fingerprint(t))
        .collect();
    let agree = ok.windows(2).all(|w| w[0] == w[1]);
    let mismatch = (!agree).then(|| {
        let each: Vec<String> = strategies
            .iter()
            .zip(&results)
            .filter_map(|(s, r)| match r {
                Some(Ok((t, _))) => Some(format!(
                    "{s} {} cost {} expansions {}",
                    t.report.outcome.name(),
                    t.report.cost.map_or("-".into(), |c| c.to_string()),
                    t.report.counters.expansions
                )),
                _ => None,
            })
            .collect();
        format!("mismatch: {}", each.join("; "))
    });
    strategies
        .iter()
        .zip(results)
        .zip(solvers.iter())
        .map(|((&strategy, result), solver)| {
            let mut row = blank_row(info, strategy, start, goal);
            row.bytes_per_cell = solver.bytes_per_node();
            match result {
                None => row.status = OVER_BUDGET.into(),
                Some(Err(why)) => row.status = format!("error: {}", one_line(&why)),
                Some(Ok((t, went_over))) => {
                    let c = t.report.counters;
                    row.ns_per_search = t.ns_per_search;
                    row.repeats = t.repeats;
                    row.expansions = c.expansions;
                    row.pushes = c.pushes;
                    row.pops = c.pops;
                    row.decreases = c.decreases;
                    row.reopens = c.reopens;
                    row.max_open = c.max_open;
                    row.stale_pops = c.stale_pops;
                    row.generated = c.generated;
                    row.cost = t.report.cost.map(u64::from);
                    row.path_len = t.report.length_in_cells(rules.costs);
                    row.status = match &mismatch {
                        Some(why) => why.clone(),
                        None if went_over => OVER_BUDGET.into(),
                        None => OK.into(),
                    };
                }
            }
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_gets_a_row_and_they_agree() {
        let grid = Grid::random(24, 24, 0.2, 3).unwrap();
        let cells = crate::measure::workload::largest_component(&grid, &Rules::default());
        let (s, g) = crate::measure::workload::query(&grid, &cells, 3, 0).unwrap();
        let strategies = Strategy::ALL.to_vec();
        let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
        let info = ItemInfo {
            size: 24,
            density: 0.2,
            map_seed: 3,
            query: 0,
            index: 1,
        };
        let rows = measure_item(
            &info,
            &grid,
            s,
            g,
            &Rules::default(),
            &strategies,
            &mut solvers,
            Duration::from_micros(200),
            &Budget::NONE,
        );
        assert_eq!(rows.len(), strategies.len());
        for (row, s) in rows.iter().zip(&strategies) {
            assert_eq!(row.strategy, s.name());
            assert_eq!(row.status, "ok");
            assert!(row.repeats >= 1 && row.ns_per_search > 0.0);
            assert_eq!(row.cost, rows[0].cost);
            assert!(row.cost.is_some());
        }
    }
}
