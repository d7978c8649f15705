//! Quick check of the performance targets on 1024×1024 maps with 25% random
//! obstacles (default rules: 8 moves, no corner cutting, octile): every fast
//! strategy side by side in one run, as "× floor", the peer's time over each
//! strategy's, and bytes of search state per cell.
//!
//! `cargo run --release -p astar-harness --example targets [queries] [rounds] [strategies]`
//!
//! Each strategy gets one prepared solver per query; rounds interleave the
//! strategies (so a slow spell of the machine hits all alike) and each query
//! keeps its fastest time.

use astar_core::Rules;
use astar_harness::measure::workload::random_map_with_queries;
use astar_registry::{Growth, Strategy};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u32| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (queries, rounds) = (number(0, 8), number(1, 5));
    let only: Option<Vec<&str>> = args.get(2).map(|a| a.split(',').collect());
    let (size, density) = (1024, 0.25);
    let rules = Rules::default();
    let (grid, qs) =
        random_map_with_queries(2024, size, density, 0, queries, &rules).expect("map and queries");
    let strategies: Vec<Strategy> = Strategy::ALL
        .iter()
        .copied()
        .filter(|s| match &only {
            Some(names) => names.contains(&s.name()),
            None => s.growth() != Growth::Linear,
        })
        .collect();
    let mut solvers: Vec<Vec<_>> = strategies
        .iter()
        .map(|s| {
            qs.iter()
                .map(|&(a, b)| {
                    let mut solver = s.solver();
                    solver.prepare(&grid, a, b, &rules).expect("prepare");
                    solver
                })
                .collect()
        })
        .collect();
    let mut best = vec![vec![f64::INFINITY; qs.len()]; strategies.len()];
    let mut expansions = 0;
    for round in 0..rounds {
        for k in 0..strategies.len() {
            let i = (k + round as usize) % strategies.len();
            for (j, &(a, b)) in qs.iter().enumerate() {
                let began = Instant::now();
                let r = solvers[i][j].solve(&grid, a, b, &rules).expect("solve");
                let t = began.elapsed().as_secs_f64();
                best[i][j] = best[i][j].min(t);
                if i == 0 && round == 0 {
                    expansions += r.counters.expansions;
                }
            }
        }
    }
    let total: Vec<f64> = best.iter().map(|b| b.iter().sum()).collect();
    let at = |name: &str| strategies.iter().position(|s| s.name() == name);
    let floor = at("floor").map(|i| total[i]).unwrap_or(f64::NAN);
    let peer = at("pathfinding").map(|i| total[i]).unwrap_or(f64::NAN);
    println!("{queries} queries, {expansions} expansions, best of {rounds} rounds");
    println!(
        "{:<12} {:>9} {:>8} {:>10} {:>10}",
        "strategy", "ms", "x floor", "peer/this", "bytes/cell"
    );
    for (i, s) in strategies.iter().enumerate() {
        println!(
            "{:<12} {:>9.2} {:>8.3} {:>10.2} {:>10.2}",
            s.name(),
            total[i] * 1e3,
            total[i] / floor,
            peer / total[i],
            solvers[i][0].bytes_per_node()
        );
    }
}
