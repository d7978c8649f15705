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
//! For example, to count the instructions of two queries under `heap`:
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*solve_all*'
//! target/release/examples/one heap 2 1`.

use astar_core::{Grid, Point, Rules};
use astar_harness::measure::workload::random_map_with_queries;
use astar_registry::{Solver, Strategy};

/// Every query once per round; returns the expansions of the last round.
#[inline(never)]
fn solve_all(
    solvers: &mut [Box<dyn Solver>],
    grid: &Grid,
    queries: &[(Point, Point)],
    rules: &Rules,
    rounds: u32,
) -> u64 {
    let mut expansions = 0;
    for _ in 0..rounds {
        expansions = 0;
        for (solver, &(a, b)) in solvers.iter_mut().zip(queries) {
            let r = solver.solve(grid, a, b, rules).expect("solve");
            expansions += r.counters.expansions;
        }
    }
    expansions
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(strategy) = args.first().map(|s| s.parse::<Strategy>()) else {
        eprintln!("error: usage: one STRATEGY [queries] [rounds]");
        std::process::exit(2);
    };
    let strategy = strategy.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    });
    let number =
        |i: usize, default: u32| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (queries, rounds) = (number(1, 2), number(2, 1));
    let (size, density) = (1024, 0.25);
    let rules = Rules::default();
    let (grid, qs) =
        random_map_with_queries(2024, size, density, 0, queries, &rules).expect("map and queries");
    let mut solvers: Vec<Box<dyn Solver>> = qs
        .iter()
        .map(|&(a, b)| {
            let mut solver = strategy.solver();
            solver.prepare(&grid, a, b, &rules).expect("prepare");
            solver
        })
        .collect();
    for (solver, &(a, b)) in solvers.iter_mut().zip(&qs) {
        solver.solve(&grid, a, b, &rules).expect("solve");
    }
    let expansions = solve_all(&mut solvers, &grid, &qs, &rules, rounds);
    println!(
        "{} {queries} queries: {expansions} expansions",
        strategy.name()
    );
}
