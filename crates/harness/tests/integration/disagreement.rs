//! A deliberately wrong solver, handed to the sweep's measuring of one item
//! and to the scenario runner: every row it touches says so (status not
//! `ok`, a failed scenario row), the summary leaves those rows out of every
//! median, and the totals the commands take their exit status from count them.

use crate::data_dir;
use astar_core::{Grid, NodeId, Point, Query, Rules, SearchError, SearchReport};
use astar_harness::experiments::scenario::{run_scenario_with, ScenOptions};
use astar_harness::experiments::sweep::{preset_config, QUICK};
use astar_harness::measure::item::{measure_item, Item};
use astar_harness::measure::timing::Repeats;
use astar_harness::measure::workload;
use astar_harness::runs::{Finished, LoadedRuns, Record, Status};
use astar_harness::stats::summarise;
use astar_registry::{Solver, Strategy};
use std::time::Duration;

/// What the wrong solver gets wrong.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// Reports a cost one too high.
    Cost,
    /// Reports one expansion too many.
    Expansions,
    /// Reports the right cost with a path that skips a cell.
    Path,
}

/// A real solver with one fault.
struct Wrong {
    inner: Box<dyn Solver>,
    fault: Fault,
}

impl Wrong {
    fn of(strategy: Strategy, fault: Fault) -> Box<dyn Solver> {
        Box::new(Wrong {
            inner: strategy.solver(),
            fault,
        })
    }
}

impl Solver for Wrong {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn prepare(&mut self, query: &Query) -> Result<(), SearchError> {
        self.inner.prepare(query)
    }
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        let mut report = self.inner.solve(query)?;
        match self.fault {
            Fault::Cost => report.cost = report.cost.map(|c| c + 1),
            Fault::Expansions => report.counters.expansions += 1,
            Fault::Path => {}
        }
        Ok(report)
    }
    fn solve_logged(
        &mut self,
        query: &Query,
    ) -> Result<(SearchReport, Option<Vec<NodeId>>), SearchError> {
        Ok((self.solve(query)?, None))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        let mut path = self.inner.path(grid)?;
        if let Fault::Path = self.fault {
            if path.len() >= 3 {
                path.remove(path.len() / 2);
            } else {
                path.clear();
            }
        }
        Some(path)
    }
    fn bytes_per_node(&self) -> f64 {
        self.inner.bytes_per_node()
    }
}

const STRATEGIES: [Strategy; 3] = [Strategy::Heap, Strategy::Floor, Strategy::Pathfinding];

/// Measures query `query` of a random map with `STRATEGIES`, the last one's
/// solver `last` (honest when `None`).
fn item(query: u32, last: Option<Fault>) -> Vec<Record> {
    let rules = Rules::default();
    let grid = Grid::random(24, 24, 0.2, 3).unwrap();
    let cells = workload::largest_component(&grid, &rules);
    let (start, goal) = workload::query(&grid, &cells, 3, query).unwrap();
    let mut solvers: Vec<Box<dyn Solver>> = STRATEGIES.iter().map(|s| s.solver()).collect();
    if let Some(fault) = last {
        solvers[2] = Wrong::of(STRATEGIES[2], fault);
    }
    let item = Item {
        query: Query {
            grid: &grid,
            start,
            goal,
            rules: &rules,
        },
        template: Record {
            size: 24,
            density: 0.2,
            map_seed: 3,
            query,
            ..Record::default()
        },
        index: query as usize,
        check: None,
    };
    let repeats = Repeats::Median(Duration::ZERO);
    measure_item(&item, &STRATEGIES, &mut solvers, repeats, None, &[])
}

#[test]
fn a_disagreeing_strategy_marks_every_row_of_its_item() {
    for fault in [Fault::Cost, Fault::Expansions] {
        let rows = item(0, Some(fault));
        assert_eq!(rows.len(), STRATEGIES.len());
        for row in &rows {
            assert!(
                matches!(row.status, Status::Mismatch(_)),
                "{fault:?}, {}: status {:?}",
                row.strategy,
                row.status
            );
        }
        // The message shows every strategy's answer, the wrong one included.
        for s in STRATEGIES {
            let text = rows[0].status.to_string();
            assert!(text.contains(s.name()), "{text}");
        }
    }
    let honest = item(0, None);
    assert!(honest.iter().all(|r| r.status == Status::Ok), "{honest:#?}");
}

#[test]
fn mismatched_rows_stay_out_of_the_summary_and_fail_the_sweep() {
    let honest = item(1, None);
    let mut rows = item(0, Some(Fault::Cost));
    rows.extend(honest.iter().cloned());
    let finished = Finished {
        dir: std::path::PathBuf::new(),
        rows: rows.clone(),
    };
    assert_eq!(finished.bad_rows(), STRATEGIES.len(), "the sweep exits 1");

    let runs = LoadedRuns {
        dirs: Vec::new(),
        metas: Vec::new(),
        config: preset_config(&QUICK),
        rows,
        sources: Vec::new(),
        duplicates: 0,
        truncated: Vec::new(),
    };
    assert_eq!(runs.bad_rows().count(), STRATEGIES.len());
    let summary = summarise(&runs).unwrap();
    let group = &summary.groups[0];
    for (s, ok) in STRATEGIES.iter().zip(&honest) {
        let cell = group.cell(24, s.name()).unwrap();
        assert_eq!((cell.ok, cell.bad), (1, 1), "{s}");
        let time = cell.time.unwrap();
        assert_eq!((time.n, time.median), (1, ok.ns_per_search), "{s}");
        assert_eq!(cell.expansions, Some(ok.expansions as f64), "{s}");
        assert_eq!(cell.path_len, ok.path_len, "{s}");
        let ratio = group.ratio(24, s.name(), STRATEGIES[0].name()).unwrap();
        assert_eq!(ratio.n, 1, "{s}: only the ok query is paired");
    }
}

/// Runs the `version 1.0` arena file with `STRATEGIES`, the last one wrong.
fn scen_with(fault: Fault) -> (u64, astar_harness::experiments::scenario::ScenReport) {
    let path = data_dir().join("arena-v1.0.scen");
    let rows = astar_core::parse_scen(&std::fs::read_to_string(&path).unwrap())
        .unwrap()
        .rows
        .len() as u64;
    let options = ScenOptions {
        strategies: astar_registry::StrategyList::Named(STRATEGIES.to_vec()),
        sample: None,
        maps_dir: None,
    };
    let report = run_scenario_with(&path, &options, |s| {
        if s == STRATEGIES[2] {
            Wrong::of(s, fault)
        } else {
            s.solver()
        }
    })
    .unwrap();
    (rows, report)
}

#[test]
fn a_wrong_cost_fails_every_strategy_on_every_row_of_a_scenario() {
    let (rows, report) = scen_with(Fault::Cost);
    let n = STRATEGIES.len() as u64;
    assert_eq!(report.totals(), (0, rows * n), "{:#?}", report.failures);
    assert_eq!(report.failures.len() as u64, rows * n);
    for s in &STRATEGIES[..2] {
        let mine = report
            .failures
            .iter()
            .filter(|f| f.contains(&format!("[{s}]")))
            .collect::<Vec<_>>();
        assert_eq!(mine.len() as u64, rows, "{s}");
        assert!(
            mine.iter().all(|f| f.contains("disagree")),
            "{s}: {mine:#?}"
        );
    }
}

#[test]
fn a_wrong_path_fails_its_strategy_on_every_row_of_a_scenario() {
    let (rows, report) = scen_with(Fault::Path);
    let n = STRATEGIES.len() as u64;
    assert_eq!(
        report.totals(),
        (rows * (n - 1), rows),
        "{:#?}",
        report.failures
    );
    let wrong = format!("[{}]", STRATEGIES[2]);
    assert!(
        report.failures.iter().all(|f| f.contains(&wrong)),
        "{:#?}",
        report.failures
    );
    let tallies = &report.tallies["arena.map"];
    assert_eq!(tallies[&STRATEGIES[2]].failed, rows);
    assert_eq!(tallies[&STRATEGIES[0]].failed, 0);
}
