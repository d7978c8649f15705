//! Measuring one item — one query — with every strategy: the one place
//! where searches are timed side by side, checked against each other (and
//! against a scenario file's optimal length), and turned into rows.
//!
//! The random and the real-map sweeps and the scenario checker go through
//! [`measure_item`], `solve` through [`time_item`] and [`agreement`]; only
//! the seeds' experiments, which time one strategy against another of their
//! own choosing, call [`time_search`] alone.

use super::suite::check_row;
use super::timing::{time_search, Repeats, Timing};
use astar_core::Query;
use astar_core::{Outcome, ScenarioRow, SearchReport};
use astar_registry::{Kind, Solver, Strategy};
use astar_runs::{Record, Status};
use std::time::Duration;

/// One query to measure, and what its rows say about where it came from.
#[derive(Clone, Debug)]
pub struct Item<'a> {
    /// The map, endpoints and rules.
    pub query: Query<'a>,
    /// The row every strategy's row starts from: the item's own columns
    /// (size, density, map seed, query, and a real-map row's file, family,
    /// map, bucket, optimal length and necessary expansions); the endpoints
    /// and everything measured are filled in here.
    pub template: Record,
    /// The item's position in its run: strategies run in an order rotated by
    /// it, so no strategy is always first (cold) or last.
    pub index: usize,
    /// The scenario row whose optimal length every answer must match, if any.
    pub check: Option<&'a ScenarioRow>,
}

/// What one strategy's search of an item came to.
#[derive(Clone, Debug)]
pub enum Measured {
    /// Not run: it already went over the budget on a shorter search.
    Skipped,
    /// It could not run.
    Failed(String),
    /// Timed.
    Timed(Timing),
}

impl Measured {
    /// The timing, if the search ran.
    pub fn timing(&self) -> Option<&Timing> {
        match self {
            Measured::Timed(t) => Some(t),
            _ => None,
        }
    }
}

/// What strategies must agree on to have run the same search: how it ended,
/// its cost and its expansions. The one fingerprint of sameness.
pub fn fingerprint(report: &astar_core::SearchReport) -> (Outcome, Option<u32>, u64) {
    (report.outcome, report.cost, report.counters.expansions)
}

/// `Err` naming each strategy's search when the A* searches that ran do not
/// all agree ([`fingerprint`]): then none of them can be trusted. Another
/// algorithm ([`Kind::Algorithm`]) is not an A* search and is left out here;
/// [`same_answer`] judges its answer alone.
pub fn agreement(strategies: &[Strategy], measured: &[Measured]) -> Result<(), String> {
    let timed = astar_timings(strategies, measured);
    if timed
        .windows(2)
        .all(|w| fingerprint(&w[0].1.report) == fingerprint(&w[1].1.report))
    {
        return Ok(());
    }
    let each: Vec<String> = timed
        .iter()
        .map(|(s, t)| {
            format!(
                "{s} {} cost {} expansions {}",
                t.report.outcome.name(),
                t.report.cost.map_or("-".into(), |c| c.to_string()),
                t.report.counters.expansions
            )
        })
        .collect();
    Err(format!("the strategies disagree: {}", each.join("; ")))
}

/// The A* searches that ran, with their timings.
fn astar_timings<'a>(
    strategies: &[Strategy],
    measured: &'a [Measured],
) -> Vec<(Strategy, &'a Timing)> {
    strategies
        .iter()
        .zip(measured)
        .filter(|(s, _)| s.kind() != Kind::Algorithm)
        .filter_map(|(&s, m)| m.timing().map(|t| (s, t)))
        .collect()
}

/// Whether another algorithm's answer (`strategy`'s `report`) is the A*
/// searches' one: the same outcome and cost. A worse path is its own row's
/// mismatch, so it never marks the A* rows it did not share.
pub fn same_answer(
    strategy: Strategy,
    report: &SearchReport,
    strategies: &[Strategy],
    measured: &[Measured],
) -> Result<(), String> {
    let Some((astar, t)) = astar_timings(strategies, measured).into_iter().next() else {
        return Ok(());
    };
    let answer = |r: &SearchReport| (r.outcome, r.cost);
    if answer(report) == answer(&t.report) {
        return Ok(());
    }
    let cost = |r: &SearchReport| r.cost.map_or("-".into(), |c| c.to_string());
    Err(format!(
        "{strategy} {} cost {}, the A* searches ({astar} …) {} cost {}",
        report.outcome.name(),
        cost(report),
        t.report.outcome.name(),
        cost(&t.report)
    ))
}

/// Runs every strategy on one item, in an order rotated by its index, and
/// returns what each came to, in the order of `strategies`. `solvers[i]`
/// must be a solver of `strategies[i]`; a strategy whose `skip[i]` is true
/// is not run (an empty `skip` skips none). A search longer than `budget`
/// is timed once.
pub fn time_item(
    item: &Item,
    solvers: &mut [Box<dyn Solver>],
    repeats: Repeats,
    budget: Option<Duration>,
    skip: &[bool],
) -> Vec<Measured> {
    let n = solvers.len();
    let mut measured = vec![Measured::Skipped; n];
    for k in 0..n {
        let i = (k + item.index) % n;
        if skip.get(i).copied().unwrap_or(false) {
            continue;
        }
        measured[i] = match time_search(solvers[i].as_mut(), &item.query, repeats, budget) {
            Ok(t) => Measured::Timed(t),
            Err(why) => Measured::Failed(why),
        };
    }
    measured
}

/// The rows of an item: one per strategy, in the order of `strategies`.
///
/// If the strategies disagree ([`agreement`]), every row that ran says
/// `mismatch: …`; so does a row whose path contradicts the item's scenario
/// row ([`check_row`]). A skipped strategy gets an `over-budget` row with no
/// time, and one whose first search went over the budget an `over-budget`
/// row with that one search's time (still checked, since it finished).
pub fn rows(
    item: &Item,
    strategies: &[Strategy],
    solvers: &[Box<dyn Solver>],
    measured: &[Measured],
) -> Vec<Record> {
    let agree = agreement(strategies, measured);
    let all = measured;
    let Query {
        grid, start, goal, ..
    } = item.query;
    let rules = item.query.rules;
    strategies
        .iter()
        .zip(measured)
        .zip(solvers)
        .map(|((&strategy, measured), solver)| {
            let mut row = Record {
                strategy: strategy.name().to_string(),
                ns_per_search: f64::NAN,
                start_x: start.x,
                start_y: start.y,
                goal_x: goal.x,
                goal_y: goal.y,
                bytes_per_cell: solver.bytes_per_node(),
                ..item.template.clone()
            };
            match measured {
                Measured::Skipped => row.status = Status::OverBudget,
                Measured::Failed(why) => row.status = Status::error(why),
                Measured::Timed(t) => {
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
                    let checked = agree
                        .clone()
                        .and_then(|()| match strategy.kind() {
                            Kind::Algorithm => same_answer(strategy, &t.report, strategies, all),
                            _ => Ok(()),
                        })
                        .and_then(|()| match item.check {
                            None => Ok(None),
                            Some(scen) => {
                                check_row(grid, rules, scen, &t.report, solver.path(grid)).map(Some)
                            }
                        });
                    row.status = match checked {
                        Err(why) => Status::mismatch(&why),
                        Ok(length) => {
                            // The exact length of a checked path, √2 diagonals and all.
                            row.path_len = length.or(row.path_len);
                            if t.over_budget {
                                Status::OverBudget
                            } else {
                                Status::Ok
                            }
                        }
                    };
                }
            }
            row
        })
        .collect()
}

/// [`time_item`], then its [`rows`].
pub fn measure_item(
    item: &Item,
    strategies: &[Strategy],
    solvers: &mut [Box<dyn Solver>],
    repeats: Repeats,
    budget: Option<Duration>,
    skip: &[bool],
) -> Vec<Record> {
    let measured = time_item(item, solvers, repeats, budget, skip);
    rows(item, strategies, solvers, &measured)
}

/// Rows for an item that could not be set up (e.g. no query on its map):
/// one `error: …` row per strategy, so the failure is on record.
pub fn error_rows(template: &Record, strategies: &[Strategy], why: &str) -> Vec<Record> {
    strategies
        .iter()
        .map(|&s| Record {
            strategy: s.name().to_string(),
            ns_per_search: f64::NAN,
            status: Status::error(why),
            ..template.clone()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::{Grid, Rules};

    fn random_item<'a>(grid: &'a Grid, rules: &'a Rules) -> Item<'a> {
        let cells = crate::measure::workload::largest_component(grid, rules);
        let (start, goal) = crate::measure::workload::query(grid, &cells, 3, 0).unwrap();
        Item {
            query: Query {
                grid,
                start,
                goal,
                rules,
            },
            template: Record {
                size: 24,
                ..Record::default()
            },
            index: 1,
            check: None,
        }
    }

    /// A small random map, under default rules.
    fn small_map() -> (Grid, Rules) {
        (Grid::random(24, 24, 0.2, 3).unwrap(), Rules::default())
    }

    #[test]
    fn every_strategy_gets_a_row_and_they_agree() {
        let (grid, rules) = small_map();
        let item = random_item(&grid, &rules);
        let strategies = Strategy::supporting(&rules);
        let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
        let repeats = Repeats::Median(Duration::from_micros(200));
        let rows = measure_item(&item, &strategies, &mut solvers, repeats, None, &[]);
        assert_eq!(rows.len(), strategies.len());
        for (row, s) in rows.iter().zip(&strategies) {
            assert_eq!(row.strategy, s.name());
            assert_eq!(row.status, Status::Ok);
            assert_eq!(row.size, 24, "the template's columns are kept");
            assert!(row.repeats >= 1 && row.ns_per_search > 0.0);
            assert_eq!(row.cost, rows[0].cost);
            assert!(row.cost.is_some());
        }
    }

    #[test]
    fn skipped_strategies_are_over_budget_and_the_rest_still_agree() {
        let (grid, rules) = small_map();
        let item = random_item(&grid, &rules);
        let strategies = [Strategy::Heap, Strategy::Linear, Strategy::Floor];
        let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
        let skip = [false, true, false];
        let rows = measure_item(&item, &strategies, &mut solvers, Repeats::Once, None, &skip);
        let statuses: Vec<&Status> = rows.iter().map(|r| &r.status).collect();
        assert_eq!(statuses, [&Status::Ok, &Status::OverBudget, &Status::Ok]);
        assert!(rows[1].ns_per_search.is_nan() && rows[1].cost.is_none());
        assert_eq!(rows[0].repeats, 1, "timed once");
    }

    /// A search that does not agree with the others makes every row that
    /// ran a mismatch naming each search.
    #[test]
    fn a_disagreement_marks_every_timed_row() {
        let (grid, rules) = small_map();
        let item = random_item(&grid, &rules);
        let strategies = [Strategy::Heap, Strategy::Bucket, Strategy::Floor];
        let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
        let skip = [false, false, true];
        let mut measured = time_item(&item, &mut solvers, Repeats::Once, None, &skip);
        let Measured::Timed(t) = &mut measured[1] else {
            panic!("bucket ran")
        };
        t.report.counters.expansions += 1;
        let rows = rows(&item, &strategies, &solvers, &measured);
        for row in &rows[..2] {
            let Status::Mismatch(why) = &row.status else {
                panic!("{:?}", row.status)
            };
            assert!(why.contains("heap") && why.contains("bucket"), "{why}");
        }
        assert_eq!(rows[2].status, Status::OverBudget);
    }

    /// Jump point search, another algorithm, is judged by its answer alone:
    /// a worse cost is a mismatch of its own row and leaves the A* rows
    /// alone; the same cost with other expansions (its counters are not an
    /// A*'s) is no mismatch.
    #[test]
    fn another_algorithm_is_judged_by_its_answer_alone() {
        let grid = Grid::random(24, 24, 0.2, 3).unwrap();
        let rules = Rules {
            corner_cutting: true,
            ..Rules::movingai()
        };
        let item = random_item(&grid, &rules);
        let strategies = [Strategy::Heap, Strategy::GridJps, Strategy::Bucket];
        let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
        let measured = time_item(&item, &mut solvers, Repeats::Once, None, &[]);
        let statuses = |measured: &[Measured]| -> Vec<Status> {
            rows(&item, &strategies, &solvers, measured)
                .into_iter()
                .map(|r| r.status)
                .collect()
        };
        assert_eq!(statuses(&measured), [Status::Ok, Status::Ok, Status::Ok]);

        let mut other_count = measured.clone();
        let Measured::Timed(t) = &mut other_count[1] else {
            panic!("grid-jps ran")
        };
        t.report.counters.expansions /= 2;
        assert_eq!(statuses(&other_count), [Status::Ok, Status::Ok, Status::Ok]);

        let mut worse = measured.clone();
        let Measured::Timed(t) = &mut worse[1] else {
            panic!("grid-jps ran")
        };
        t.report.cost = t.report.cost.map(|c| c + 1);
        let got = statuses(&worse);
        assert_eq!((&got[0], &got[2]), (&Status::Ok, &Status::Ok));
        let Status::Mismatch(why) = &got[1] else {
            panic!("{:?}", got[1])
        };
        assert!(why.contains("grid-jps") && why.contains("A*"), "{why}");
    }
}
