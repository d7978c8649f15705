//! The `pathfinding` peer does the work of an A* with the query's heuristic,
//! not only its cost. Its counters are this project's (see the peer's docs),
//! so only its own successor calls show what it searched: with a consistent
//! heuristic, any A* expands every node with F below the optimal cost C* and
//! none with F above it, whatever its tie-breaking. A Dijkstra's (H = 0)
//! finds the same cost but expands every node closer than C*, far more.

use crate::reference;
use astar_core::{heuristic, Grid, Heuristic, Point, Query, Rules};
use astar_registry::{PathfindingPeer, Solver};

/// Nodes with F < C* and with F ≤ C* (F = true G from `start` + H to `goal`),
/// and nodes with G < C*: what a Dijkstra's expands at least.
fn bounds(grid: &Grid, rules: &Rules, start: Point, goal: Point) -> (u64, u64, u64) {
    let dist = reference::distances(grid, rules, start);
    let w = grid.width();
    let c = dist[(goal.y * w + goal.x) as usize].expect("the goal is reachable");
    let (mut below, mut at_most, mut closer) = (0, 0, 0);
    for (i, g) in dist.iter().enumerate() {
        let Some(g) = *g else { continue };
        let p = Point::new(i as u32 % w, i as u32 / w);
        let f = g + heuristic(rules, p, goal);
        below += u64::from(f < c);
        at_most += u64::from(f <= c);
        closer += u64::from(g < c);
    }
    (below, at_most, closer)
}

/// Runs the peer the way the harness does and checks its successor calls lie
/// between the bounds of an A* under `rules`; returns them.
fn check(grid: &Grid, rules: &Rules, start: Point, goal: Point) -> u64 {
    let mut peer = PathfindingPeer::default();
    peer.prepare(&Query::new(grid, start, goal, rules)).unwrap();
    let report = peer.solve(&Query::new(grid, start, goal, rules)).unwrap();
    let calls = peer.successor_calls();
    let (below, at_most, _) = bounds(grid, rules, start, goal);
    assert!(
        below <= calls && calls < at_most,
        "{start} -> {goal} under {:?}: {calls} successor calls, an A* makes {below}..{at_most} \
         (this project's search expanded {})",
        rules.heuristic,
        report.counters.expansions
    );
    calls
}

#[test]
fn the_peer_expands_what_an_a_star_expands_on_an_open_map() {
    let grid = Grid::open(64, 64).unwrap();
    let rules = Rules::default();
    // Along a row only the straight line has F = C*: exactly 63 expansions.
    let (start, goal) = (Point::new(0, 0), Point::new(63, 0));
    assert_eq!(check(&grid, &rules, start, goal), 63);
    let (_, at_most, closer) = bounds(&grid, &rules, start, goal);
    assert!(closer > 40 * at_most, "a Dijkstra's would show: {closer}");
    // Off the diagonal, ties fill a parallelogram; still far below Dijkstra's.
    for goal in [Point::new(63, 40), Point::new(20, 63), Point::new(63, 63)] {
        let calls = check(&grid, &rules, start, goal);
        let (_, _, closer) = bounds(&grid, &rules, start, goal);
        assert!(calls * 2 < closer, "{goal}: {calls} vs {closer}");
    }
}

#[test]
fn the_peer_expands_what_an_a_star_expands_on_random_maps() {
    for seed in 0..4 {
        let grid = Grid::random(48, 48, 0.2, seed).unwrap();
        let cells: Vec<Point> = (0..48 * 48)
            .map(|i| Point::new(i % 48, i / 48))
            .filter(|&p| grid.is_passable_at(p))
            .collect();
        let start = cells[cells.len() / 2];
        let dist = reference::distances(&grid, &Rules::default(), start);
        let goal = *cells
            .iter()
            .max_by_key(|p| dist[(p.y * 48 + p.x) as usize])
            .unwrap();
        for heuristic in [Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Zero] {
            let rules = Rules {
                heuristic,
                ..Rules::default()
            };
            check(&grid, &rules, start, goal);
        }
    }
}
