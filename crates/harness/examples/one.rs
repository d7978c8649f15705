//! Runs one strategy on the targets workload (1024×1024, 25% random
//! obstacles, default rules), for profilers that count instructions: the
//! counted searches happen inside `solve_all` (never inlined), so a profiler
//! can count that function alone and leave out map generation, each query's
//! untimed preparation (the floor's recording) and a first warm-up round (in
//! which every list and search sizes its arrays, as the timed harness's best
//! of several rounds never sees).
//!
//! `cargo run --release -p astar-harness --example one STRATEGY [queries] [rounds]`
//!
//! With `--scen FILE.scen ROW` it runs one row of a MovingAI scenario file
//! instead (the map is the row's map file beside the scenario, under
//! `Rules::movingai()`): `one STRATEGY --scen FILE.scen ROW [rounds]`, where
//! ROW counts the file's queries from 0. With `--sample N` in place of ROW
//! it runs N rows of the file, the ones `astar-lab sweep --scen FILE.scen
//! --sample N` and the `targets` example pick (spread over its buckets).
//!
//! `--tie POLICY` (first, after the strategy) breaks ties among equal F by
//! `lifo` (the default), `fifo` or `larger-g`, on either workload.
//!
//! It prints the expansions of one round, the rounds, and the best round's
//! wall time (each round timed on its own), which
//! `scripts/compare-builds.sh` reads to put two builds side by side; then
//! the keys one round pushed, the decrease-keys, and the stale keys a lazy
//! list popped (`scripts/instructions.sh` reports them per expansion).
//!
//! For example, to count the instructions of two queries under `heap`:
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*solve_all*'
//! target/release/examples/one heap 2 1`.

use astar_core::{parse_map, parse_scen, Counters, Grid, Point, Query, Rules, TiePolicy};
use astar_harness::experiments::sweep::REAL_BUDGET_MS;
use astar_harness::measure::suite::load_suite;
use astar_harness::measure::workload::random_map_with_queries;
use astar_harness::runs::RealMapsConfig;
use astar_registry::{Solver, Strategy};
use std::path::Path;
use std::time::{Duration, Instant};

/// Every query once (one round); returns the counters summed over them.
#[inline(never)]
fn solve_all(
    solvers: &mut [Box<dyn Solver>],
    grid: &Grid,
    queries: &[(Point, Point)],
    rules: &Rules,
) -> Counters {
    let mut sum = Counters::default();
    for (solver, &(a, b)) in solvers.iter_mut().zip(queries) {
        let c = solver
            .solve(&Query::new(grid, a, b, rules))
            .expect("solve")
            .counters;
        sum.expansions += c.expansions;
        sum.pushes += c.pushes;
        sum.decreases += c.decreases;
        sum.stale_pops += c.stale_pops;
    }
    sum
}

/// What went wrong, as the one line printed after `error: `.
type Result<T> = std::result::Result<T, String>;

/// The map and query of row `row` of the scenario file `scen`.
fn scenario_query(scen: &str, row: usize) -> Result<(Grid, Point, Point)> {
    let text = std::fs::read_to_string(scen).map_err(|e| format!("{scen}: {e}"))?;
    let scenario = parse_scen(&text).map_err(|e| format!("{scen}: {e}"))?;
    let r = scenario
        .rows
        .get(row)
        .ok_or_else(|| format!("{scen} has {} rows", scenario.rows.len()))?;
    let dir = Path::new(scen).parent().unwrap_or(Path::new("."));
    let map_path = dir.join(r.map_basename());
    let map_text =
        std::fs::read_to_string(&map_path).map_err(|e| format!("{}: {e}", map_path.display()))?;
    let grid = parse_map(&map_text).map_err(|e| format!("{}: {e}", map_path.display()))?;
    Ok((grid, r.start, r.goal))
}

/// The map and queries of `rows` rows of the scenario file `scen`, spread
/// over its buckets as a sampled real-map sweep picks them.
fn scenario_sample(scen: &str, rows: usize) -> Result<(Grid, Vec<(Point, Point)>)> {
    let suite = load_suite(&RealMapsConfig {
        scen: vec![scen.to_string()],
        map_dir: None,
        sample: Some(rows),
        budget_ms: REAL_BUDGET_MS,
    })
    .map_err(|e| format!("{e:#}"))?;
    let [file] = &suite[..] else {
        return Err(format!("{scen}: not one scenario file"));
    };
    let [map] = &file.maps.values().collect::<Vec<_>>()[..] else {
        return Err(format!("{scen}: its rows name more than one map"));
    };
    let queries = file.rows.iter().map(|r| (r.start, r.goal)).collect();
    Ok((map.grid.clone(), queries))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(args) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

/// Parses the arguments, searches, and returns the line to print.
fn run(mut args: Vec<String>) -> Result<String> {
    let usage = "usage: one STRATEGY [--tie POLICY] [queries] [rounds] | \
                 one STRATEGY [--tie POLICY] --scen FILE.scen (ROW | --sample N) [rounds]";
    let Some(strategy) = args.first().map(|s| s.parse::<Strategy>()) else {
        return Err(usage.into());
    };
    let mut tie = TiePolicy::Lifo;
    if args.get(1).map(String::as_str) == Some("--tie") {
        let Some(name) = args.get(2) else {
            return Err(usage.into());
        };
        tie = name.parse()?;
        args.drain(1..3);
    }
    let strategy = strategy.map_err(|e| e.to_string())?;
    let number =
        |i: usize, default: u32| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (grid, qs, mut rules, rounds, what) = if args.get(1).map(String::as_str) == Some("--scen") {
        let Some(scen) = args.get(2) else {
            return Err(usage.into());
        };
        if args.get(3).map(String::as_str) == Some("--sample") {
            let Some(rows) = args.get(4).and_then(|r| r.parse().ok()) else {
                return Err(usage.into());
            };
            let (grid, qs) = scenario_sample(scen, rows)?;
            let what = format!("{scen} --sample {rows}");
            (grid, qs, Rules::movingai(), number(5, 1), what)
        } else {
            let Some(row) = args.get(3).and_then(|r| r.parse().ok()) else {
                return Err(usage.into());
            };
            let (grid, a, b) = scenario_query(scen, row)?;
            let what = format!("{scen} row {row}");
            (grid, vec![(a, b)], Rules::movingai(), number(4, 1), what)
        }
    } else {
        let (queries, rounds) = (number(1, 2), number(2, 1));
        let (size, density) = (1024, 0.25);
        let rules = Rules::default();
        let (grid, qs) = random_map_with_queries(2024, size, density, 0, queries, &rules)
            .map_err(|e| format!("{e:#}"))?;
        (grid, qs, rules, rounds, format!("{queries} queries"))
    };
    rules.tie = tie;
    let mut solvers: Vec<Box<dyn Solver>> = qs
        .iter()
        .map(|&(a, b)| {
            let mut solver = strategy.solver();
            solver
                .prepare(&Query::new(&grid, a, b, &rules))
                .map_err(|e| format!("{strategy} from {a} to {b}: {e}"))?;
            Ok(solver)
        })
        .collect::<Result<_>>()?;
    // The warm-up round: every query solves here, or nothing is timed.
    for (solver, &(a, b)) in solvers.iter_mut().zip(&qs) {
        solver
            .solve(&Query::new(&grid, a, b, &rules))
            .map_err(|e| format!("{strategy} from {a} to {b}: {e}"))?;
    }
    let mut counted = Counters::default();
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        let started = Instant::now();
        counted = solve_all(&mut solvers, &grid, &qs, &rules);
        best = best.min(started.elapsed());
    }
    // The counts after the time, so that readers of the older format
    // (`scripts/compare-builds.sh` compares old builds too) still match.
    Ok(format!(
        "{} {what}: {} expansions, {rounds} rounds, best round {} ns; \
         a round: {} pushes, {} decreases, {} stale pops",
        strategy.name(),
        counted.expansions,
        best.as_nanos(),
        counted.pushes,
        counted.decreases,
        counted.stale_pops
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map.scen");

    fn one(args: &str) -> Result<String> {
        run(args.split(' ').map(String::from).collect())
    }

    /// The numbers of the printed line, in order: expansions, rounds, best
    /// round's ns, pushes, decreases, stale pops (what the scripts read).
    fn numbers(line: &str) -> Vec<u64> {
        let (_, counts) = line.split_once(": ").expect("a colon after the workload");
        counts
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect()
    }

    /// Row `row` of the scenario searched by another list: the same search.
    fn expected(row: usize) -> Counters {
        let (grid, a, b) = scenario_query(SCEN, row).unwrap();
        let mut linear = Strategy::Linear.solver();
        linear
            .solve(&Query::new(&grid, a, b, &Rules::movingai()))
            .unwrap()
            .counters
    }

    #[test]
    fn a_scenario_row_prints_one_rounds_counts_of_that_row() {
        let line = one(&format!("heap --scen {SCEN} 148 3")).unwrap();
        let want = expected(148);
        assert!(want.expansions > 10, "a row with a search to count");
        assert!(
            line.starts_with(&format!("heap {SCEN} row 148: ")),
            "{line}"
        );
        let n = numbers(&line);
        assert_eq!(n.len(), 6, "{line}");
        // One round's counts, not three rounds' sum.
        assert_eq!((n[0], n[1]), (want.expansions, 3), "{line}");
        assert!(n[2] > 0, "a best round took some time: {line}");
        assert_eq!((n[3], n[4]), (want.pushes, want.decreases), "{line}");
        // The indexed heap decreases keys in place: nothing stale to pop.
        assert_eq!(n[5], 0, "{line}");
    }

    #[test]
    fn a_lazy_list_pops_the_stale_keys_of_its_decreases() {
        let want = expected(148);
        assert!(want.decreases > 0, "a row whose search decreases keys");
        let n = numbers(&one(&format!("lazy-heap --scen {SCEN} 148 1")).unwrap());
        assert_eq!(
            (n[0], n[3], n[4]),
            (want.expansions, want.pushes, want.decreases)
        );
        // Each decrease leaves a stale key, popped only if the search gets
        // to it before the goal.
        assert!(n[5] > 0 && n[5] <= want.decreases, "{n:?}");
    }

    #[test]
    fn a_sample_is_the_same_rows_whatever_the_strategy() {
        let run =
            |s: &str| numbers(&one(&format!("{s} --tie fifo --scen {SCEN} --sample 3 2")).unwrap());
        let (floor, linear) = (run("floor"), run("linear"));
        assert_eq!(floor[1], 2, "rounds");
        assert!(floor[0] > 0, "{floor:?}");
        assert_eq!(floor[0], linear[0], "the floor replays the same search");
    }

    #[test]
    fn bad_arguments_are_one_message() {
        let e = one("no-such-list").unwrap_err();
        assert!(e.contains("no-such-list"), "{e}");
        assert!(one("heap --scen").unwrap_err().starts_with("usage:"));
        assert!(one(&format!("heap --scen {SCEN} x"))
            .unwrap_err()
            .starts_with("usage:"));
        assert!(one(&format!("heap --scen {SCEN} 100000"))
            .unwrap_err()
            .contains("rows"));
        assert!(one("heap --tie sideways 1 1").is_err());
    }
}
