//! `bytes_per_node` follows its one definition for every strategy: per-cell
//! arrays plus everything else the list holds, at its capacity, over the
//! cells. A list that reports only its per-cell arrays while its key storage
//! grew with OPEN fails here.

use astar_core::{Grid, Heuristic, Point, Query, Rules, SearchReport, SEARCH_BYTES_PER_NODE};
use astar_registry::Kind;
use astar_registry::{Solver, Strategy};
use std::mem::size_of;

/// The fewest bytes a key takes in any list (see the test below).
const KEY_BYTES_AT_LEAST: u64 = 12;

/// Lists threaded through their per-cell arrays: they hold nothing that
/// grows with OPEN, so their figure must not move. Every other strategy keeps
/// OPEN's entries in storage of its own.
const ALL_PER_CELL: &[&str] = &["linked"];

/// A prepared and solved search's figures: bytes a cell of search state and
/// of preparation, and its report.
fn run_both(
    strategy: Strategy,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
) -> (f64, f64, SearchReport) {
    let mut solver: Box<dyn Solver> = strategy.solver();
    solver
        .prepare(&Query::new(grid, start, goal, rules))
        .unwrap();
    let report = solver.solve(&Query::new(grid, start, goal, rules)).unwrap();
    (
        solver.bytes_per_node(),
        solver.preparation_bytes_per_node(),
        report,
    )
}

fn run(
    strategy: Strategy,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
) -> (f64, SearchReport) {
    let (bytes, _, report) = run_both(strategy, grid, start, goal, rules);
    (bytes, report)
}

/// The untimed search a floor records or a peer takes its counters from is
/// memory a sweep must have (its estimate adds it): its figure must grow
/// with what that search held, as the timed search's does. A figure that
/// counts only per-cell arrays, leaving out the recorded pops or the
/// recording list's keys, fails here; the open lists prepare nothing.
#[test]
fn preparation_bytes_count_what_the_untimed_search_held() {
    let grid = Grid::open(96, 96).unwrap();
    let cells = grid.node_count() as f64;
    let rules = Rules {
        heuristic: Heuristic::Zero,
        ..Rules::default()
    };
    let corner = Point::new(0, 0);
    let far = Point::new(95, 95);
    for strategy in Strategy::supporting(&rules) {
        let (_, small, tiny) = run_both(strategy, &grid, corner, corner, &rules);
        let (_, big, report) = run_both(strategy, &grid, corner, far, &rules);
        if strategy.kind() == Kind::OpenList {
            assert_eq!((small, big), (0.0, 0.0), "{strategy} prepares nothing");
            continue;
        }
        assert!(
            small >= SEARCH_BYTES_PER_NODE as f64,
            "{strategy}: {small} bytes a cell is below the untimed search's own arrays"
        );
        let (c, t) = (report.counters, tiny.counters);
        // The untimed search runs over a heap (lazy for the lazy floor): at
        // its peak it held OPEN's keys, at 12 bytes or more each; a floor's
        // recording also keeps every pop, at least a node id each.
        let mut needed = c.max_open.saturating_sub(4 * t.max_open) * KEY_BYTES_AT_LEAST;
        if strategy.kind() == Kind::Floor {
            let pops = |c: astar_core::Counters| c.pops + c.stale_pops;
            needed += pops(c).saturating_sub(4 * pops(t)) * size_of::<u32>() as u64;
        }
        let grown = (big - small) * cells;
        assert!(
            grown >= needed as f64,
            "{strategy}: its preparation grew by {grown} bytes, less than the {needed} bytes its untimed search held"
        );
    }
}

#[test]
fn bytes_per_cell_count_what_open_held() {
    // A Dijkstra-like search (zero heuristic) from one corner of an open map
    // holds a long frontier on OPEN; a search from a cell to itself holds one key.
    let grid = Grid::open(96, 96).unwrap();
    let cells = grid.node_count() as f64;
    let rules = Rules {
        heuristic: Heuristic::Zero,
        ..Rules::default()
    };
    let corner = Point::new(0, 0);
    let far = Point::new(95, 95);
    for &strategy in Strategy::ALL {
        if strategy.supports(&rules).is_err() {
            continue;
        }
        let (small, tiny) = run(strategy, &grid, corner, corner, &rules);
        let (big, report) = run(strategy, &grid, corner, far, &rules);
        // The peer keeps hash maps, not per-cell arrays: its figure is an
        // estimate that follows what it reached (checked below).
        assert!(
            strategy.kind() == Kind::Peer || small >= SEARCH_BYTES_PER_NODE as f64,
            "{strategy}: {small} bytes a cell is below the search's own arrays"
        );
        assert!(big >= small, "{strategy}: {big} < {small}");
        let grown = (big - small) * cells;
        let c = report.counters;
        assert!(c.max_open > 100, "the big search must hold a large OPEN");
        if ALL_PER_CELL.contains(&strategy.name()) {
            assert_eq!(
                big, small,
                "{strategy} holds nothing beyond its per-cell arrays"
            );
            continue;
        }
        // What the held storage must at least have room for, in bytes: every
        // key OPEN held at its peak (stale ones too, for lazy lists), less the
        // few the tiny search already had room for, at 12 bytes a key (the
        // least any list here keeps: the heap's narrow slots, an 8-byte word
        // and the node). A floor holds no OPEN: its storage is the recorded
        // order, at least one node id per pop (the lazy floor keeps keys).
        let (needed, what) = match strategy.kind() {
            Kind::Floor => (
                c.pops.saturating_sub(4 * tiny.counters.pops) * size_of::<u32>() as u64,
                "node ids popped",
            ),
            _ => (
                c.max_open.saturating_sub(4 * tiny.counters.max_open) * KEY_BYTES_AT_LEAST,
                "keys on OPEN at its peak",
            ),
        };
        assert!(
            grown >= needed as f64,
            "{strategy}: its figure grew by {grown} bytes, less than the {needed} bytes of {what}"
        );
    }
}
