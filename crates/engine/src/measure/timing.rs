//! Timing one search: untimed preparation, then repeated searches and the
//! median of them, or one search where one is all that is wanted.

use astar_core::Query;
use astar_core::SearchReport;
use astar_registry::Solver;
use std::time::{Duration, Instant};

/// One strategy's measurement of one search.
#[derive(Clone, Debug)]
pub struct Timing {
    /// What the search did (the same on every repeat).
    pub report: SearchReport,
    /// Median wall time of one search, in nanoseconds.
    pub ns_per_search: f64,
    /// How many timed searches the median is over.
    pub repeats: u32,
    /// Whether the first search alone took longer than the budget (it is
    /// then the only one).
    pub over_budget: bool,
}

/// How many times a search is timed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Repeats {
    /// Once, cold: for checking answers, where the time is a by-product.
    Once,
    /// After a warm-up search, until the timed searches add up to this long
    /// and number at least [`MIN_REPEATS`]; the median of them. How sweeps
    /// time.
    Median(Duration),
}

/// Fewest timed searches a median is taken over, unless one search is slow.
pub const MIN_REPEATS: usize = 5;

/// A search that takes this many times the minimum time is timed once.
pub const SLOW: u32 = 10;

/// Times one search: `prepare` (untimed), then `solve` as `repeats` says.
///
/// Under [`Repeats::Median`] the first search is a warm-up (caches, branch
/// predictors) and is not counted, unless it alone took [`SLOW`] × the
/// minimum time, or longer than `budget`: then it is the single sample,
/// because repeating the slowest strategies would multiply the length of a
/// sweep for a correction far below the spread between queries. Several
/// samples are what make the median robust: a search the scheduler
/// interrupts takes many times its real time. Every repeat must do the same
/// search as the first.
pub fn time_search(
    solver: &mut dyn Solver,
    query: &Query,
    repeats: Repeats,
    budget: Option<Duration>,
) -> Result<Timing, String> {
    solver.prepare(query).map_err(|e| e.to_string())?;
    let began = Instant::now();
    let first = solver.solve(query).map_err(|e| e.to_string())?;
    let took = began.elapsed();
    let over_budget = budget.is_some_and(|b| took > b);
    let once = Timing {
        report: first,
        ns_per_search: took.as_nanos() as f64,
        repeats: 1,
        over_budget,
    };
    let min_time = match repeats {
        Repeats::Once => return Ok(once),
        Repeats::Median(min_time) => min_time,
    };
    if over_budget || (took >= min_time * SLOW && !min_time.is_zero()) {
        return Ok(once);
    }
    let mut samples: Vec<f64> = Vec::new();
    let mut total = Duration::ZERO;
    while total < min_time || samples.len() < MIN_REPEATS {
        let began = Instant::now();
        let report = solver.solve(query).map_err(|e| e.to_string())?;
        let took = began.elapsed();
        if report != first {
            return Err(format!(
                "repeat {} did a different search than the first",
                samples.len() + 1
            ));
        }
        samples.push(took.as_nanos() as f64);
        total += took;
    }
    Ok(Timing {
        ns_per_search: astar_runs::stats::median(samples.iter().copied()).unwrap_or(0.0),
        repeats: samples.len() as u32,
        ..once
    })
}
