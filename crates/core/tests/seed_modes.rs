//! The seed modes of the core search on boards small enough to trace by hand:
//! seed 000's goal-on-open stop and seed 001's precedence slip.

mod common;

use astar_core::verify::check_path;
use astar_core::{
    ExpansionLog, GoalTest, Grid, Heuristic, Outcome, Point, Query, Rules, Search, StepRule,
    TiePolicy,
};
use common::Sorted;

fn p(x: u32, y: u32) -> Point {
    Point::new(x, y)
}

/// Runs a query; returns (G of the goal, true cost of the path under the
/// rules' step costs, expanded cells).
fn solve(grid: &Grid, from: Point, to: Point, rules: &Rules) -> (u32, u64, Vec<Point>) {
    let mut s = Search::<Sorted>::new();
    let mut log = ExpansionLog::default();
    let r = s
        .run_observed(&Query::new(grid, from, to, rules), &mut log)
        .unwrap();
    assert_eq!(r.outcome, Outcome::Found);
    let path = s.path(grid).unwrap();
    let cost = check_path(grid, rules, from, to, &path)
        .unwrap()
        .cost(rules);
    let cells = log.nodes.iter().map(|&n| grid.point(n)).collect();
    (r.cost.unwrap(), cost, cells)
}

#[test]
fn slip_child_g_matches_the_as3_parse() {
    // `g + straight ? 10 : 14` is `(g + (straight ? 1 : 0)) != 0 ? 10 : 14`:
    // 14 only for a diagonal step out of G 0, 10 otherwise — never a sum.
    let c = astar_core::CostModel::Seed.costs();
    let slip = StepRule::Seed001Slip;
    assert_eq!(slip.child_g(0, true, c), Some(14));
    assert_eq!(slip.child_g(0, false, c), Some(10));
    for g in [10, 14, 20, 24, 28, 1000, u32::MAX] {
        assert_eq!(slip.child_g(g, true, c), Some(10), "g {g}");
        assert_eq!(slip.child_g(g, false, c), Some(10), "g {g}");
    }
    assert_eq!(StepRule::Sum.child_g(24, true, c), Some(38));
    assert_eq!(StepRule::Sum.child_g(u32::MAX, false, c), None);
}

#[test]
fn slip_reports_g_10_for_any_path_length() {
    // A corridor of five steps: every node's G is 10 (straight from the start
    // gives 0 + 1 ≠ 0, so 10; from G 10 the sum is ≥ 10, so 10 again).
    let grid = Grid::from_ascii("S.....").unwrap();
    let rules = Rules {
        step_rule: StepRule::Seed001Slip,
        ..Rules::default()
    };
    let (g, cost, _) = solve(&grid, p(0, 0), p(5, 0), &rules);
    assert_eq!((g, cost), (10, 50));
}

#[test]
fn slip_reparents_a_start_diagonal_and_lengthens_the_path() {
    //   ....
    //   ##..      query (3,1) → (0,0), octile H to (0,0), LIFO ties.
    // Start (3,1) G0: (2,0) is a diagonal out of G 0, so G 14, H 20, F 34;
    // (3,0) G10 F40; (2,1) G10 H24 F34 (newest of the F-34 pair: first).
    // (2,1) G10 reaches (2,0) with 10 < 14: re-parented, F 30. (3,0): 10 is
    // not < 10. (2,0) → (1,0) G10 F20 → (0,0) G10. The path (3,1) (2,1)
    // (2,0) (1,0) (0,0) costs 10+10+10+10 = 40; the correct search takes the
    // diagonal: 14+10+10 = 34.
    let grid = Grid::from_ascii("....\n##..").unwrap();
    let slip = Rules {
        step_rule: StepRule::Seed001Slip,
        ..Rules::default()
    };
    let (g, cost, cells) = solve(&grid, p(3, 1), p(0, 0), &slip);
    assert_eq!(cells, [p(3, 1), p(2, 1), p(2, 0), p(1, 0)]);
    assert_eq!((g, cost), (10, 40));
    let (g, cost, _) = solve(&grid, p(3, 1), p(0, 0), &Rules::default());
    assert_eq!((g, cost as u32), (34, 34));
}

#[test]
fn slip_never_reopens_a_closed_node() {
    // Re-opening under the slip could make a node its own ancestor and the
    // path walk loop forever; on random boards every path must be legal.
    let rules = Rules {
        step_rule: StepRule::Seed001Slip,
        ..Rules::default()
    };
    let mut s = Search::<Sorted>::new();
    for seed in 0..300 {
        let grid = Grid::random(9, 7, 0.2, seed).unwrap();
        let free: Vec<Point> = (0..7)
            .flat_map(|y| (0..9).map(move |x| p(x, y)))
            .filter(|&q| grid.is_passable_at(q))
            .collect();
        let (a, b) = (free[seed as usize % free.len()], free[free.len() - 1]);
        let r = s.run(&Query::new(&grid, a, b, &rules)).unwrap();
        assert_eq!(r.counters.reopens, 0);
        if r.outcome == Outcome::Found {
            let path = s.path(&grid).unwrap();
            assert!(
                path.len() <= free.len(),
                "seed {seed}: the path repeats a cell"
            );
            check_path(&grid, &rules, a, b, &path).unwrap();
        }
    }
}

#[test]
fn goal_on_open_saves_an_expansion() {
    //   ..##
    //   ..#.      query (0,0) → (1,2), octile H, FIFO ties.
    //   #..#
    // (0,0) G0 opens (1,0) G10 F30, (1,1) G14 H10 F24, (0,1) G10 H14 F24.
    // FIFO: (1,1) first; it opens the goal (1,2) with G 24 (F 24) — with
    // goal-on-open the search stops here after 2 expansions. Goal-on-close
    // first expands (0,1) (F 24, older), whose diagonal to the goal would cut
    // the wall (0,2), then closes the goal: 3 expansions, same cost 24.
    let grid = Grid::from_ascii("..##\n..#.\n#..#").unwrap();
    let closed = Rules {
        tie: TiePolicy::Fifo,
        ..Rules::default()
    };
    let opened = Rules {
        goal_test: GoalTest::Opened,
        ..closed
    };
    let (g, _, cells) = solve(&grid, p(0, 0), p(1, 2), &closed);
    assert_eq!((g, cells), (24, vec![p(0, 0), p(1, 1), p(0, 1)]));
    let (g, _, cells) = solve(&grid, p(0, 0), p(1, 2), &opened);
    assert_eq!((g, cells), (24, vec![p(0, 0), p(1, 1)]));
}

#[test]
fn goal_on_open_is_optimal_when_h_is_exact_for_one_step() {
    // Octile H is exact for one legal step, so the expanded node that first
    // opens the goal has F = its G + step = the goal's G, and every node with
    // a smaller F was expanded before it: goal-on-open cannot lose with it.
    let mut s = Search::<Sorted>::new();
    for seed in 0..400 {
        let grid = Grid::random(10, 8, 0.25, seed).unwrap();
        let free: Vec<Point> = (0..8)
            .flat_map(|y| (0..10).map(move |x| p(x, y)))
            .filter(|&q| grid.is_passable_at(q))
            .collect();
        let (a, b) = (free[seed as usize % free.len()], free[free.len() - 1]);
        for tie in [TiePolicy::Lifo, TiePolicy::Fifo] {
            let closed = Rules {
                tie,
                ..Rules::default()
            };
            let opened = Rules {
                goal_test: GoalTest::Opened,
                ..closed
            };
            let want = s.run(&Query::new(&grid, a, b, &closed)).unwrap().cost;
            assert_eq!(s.run(&Query::new(&grid, a, b, &opened)).unwrap().cost, want);
        }
    }
}

#[test]
fn goal_on_open_can_lose_when_h_underestimates_a_diagonal() {
    // Chebyshev H counts a diagonal step as 10, not 14. With corner cutting:
    //   ......
    //   .##.#.
    //   #.....     query (0,3) → (4,5)
    //   .#...#
    //   .#....
    //   ......
    // The goal's straight neighbour (3,5) and diagonal neighbour (3,4) both
    // get H 10, so F counts the last step as 10 either way and the search may
    // expand (3,4) — G 42 by the zig-zag (0,3) (1,2) (2,3) (3,4) — first. That
    // opens the goal with G 42+14 = 56 and goal-on-open stops. Goal-on-close
    // goes on to the optimum 54, e.g. (0,3) (0,4) (1,5) (2,5) (3,5) (4,5) =
    // 10+14+10+10+10 (Chebyshev H is admissible, so this is the best).
    let grid = Grid::from_ascii("......\n.##.#.\n#.....\n.#...#\n.#....\n......").unwrap();
    let closed = Rules {
        heuristic: Heuristic::Chebyshev,
        corner_cutting: true,
        ..Rules::default()
    };
    let opened = Rules {
        goal_test: GoalTest::Opened,
        ..closed
    };
    let (_, best, _) = solve(&grid, p(0, 3), p(4, 5), &closed);
    let (g, cost, _) = solve(&grid, p(0, 3), p(4, 5), &opened);
    assert_eq!(g as u64, cost);
    assert_eq!((best, cost), (54, 56));
}
