//! What the floor and the peer prepare belongs to one query: grid, endpoints
//! and rules. Prepared under one and solved under another — other tie policy,
//! heuristic, corner rule, moves or costs, another grid, another endpoint —
//! each answers as a fresh search does, never from the stale preparation.

use astar_core::verify::check_path;
use astar_core::{
    CostModel, Grid, Heuristic, Moves, Point, Query, Rules, Search, SearchReport, TiePolicy,
};
use astar_registry::{FloorSolver, PathfindingPeer, ReferenceList, Solver};

fn fresh(grid: &Grid, start: Point, goal: Point, rules: &Rules) -> SearchReport {
    Search::<ReferenceList>::new()
        .run(&Query::new(grid, start, goal, rules))
        .unwrap()
}

/// A map with walls that make rules matter: corners to cut, detours that
/// tie under one policy and not another.
fn walled() -> Grid {
    Grid::from_ascii(
        "\
....................
..#######...........
........#....###....
..#.....#......#....
..#..####......#....
..#............#....
..######...#####....
...........#........
....###....#...#....
....................",
    )
    .unwrap()
}

/// Every way of asking another query than the one prepared.
/// `None` for the grid means the very grid prepared (same stamp).
fn variants() -> Vec<(&'static str, Option<Grid>, Point, Point, Rules)> {
    let base = Rules::default();
    let (s, g) = (Point::new(0, 9), Point::new(19, 0));
    let with = |f: fn(&mut Rules)| {
        let mut r = base;
        f(&mut r);
        r
    };
    let mut other_grid = walled();
    other_grid.set_passable(Point::new(11, 9), false);
    other_grid.set_passable(Point::new(11, 8), true);
    vec![
        ("fifo ties", None, s, g, with(|r| r.tie = TiePolicy::Fifo)),
        (
            "larger-G ties",
            None,
            s,
            g,
            with(|r| r.tie = TiePolicy::LargerG),
        ),
        (
            "chebyshev",
            None,
            s,
            g,
            with(|r| r.heuristic = Heuristic::Chebyshev),
        ),
        (
            "no heuristic",
            None,
            s,
            g,
            with(|r| r.heuristic = Heuristic::Zero),
        ),
        (
            "corner cutting",
            None,
            s,
            g,
            with(|r| r.corner_cutting = true),
        ),
        ("four moves", None, s, g, with(|r| r.moves = Moves::Four)),
        (
            "movingai costs",
            None,
            s,
            g,
            with(|r| r.costs = CostModel::MovingAi.costs()),
        ),
        ("another grid", Some(other_grid), s, g, base),
        ("another goal", None, s, Point::new(17, 7), base),
        ("another start", None, Point::new(3, 3), g, base),
    ]
}

#[test]
fn a_preparation_answers_only_its_own_query() {
    let (grid, start, goal, rules) = (
        walled(),
        Point::new(0, 9),
        Point::new(19, 0),
        Rules::default(),
    );
    let prepared = fresh(&grid, start, goal, &rules);
    for (what, other, s, g, r) in variants() {
        let other = other.as_ref().unwrap_or(&grid);
        let want = fresh(other, s, g, &r);
        assert_ne!(want, prepared, "{what}: the change must show in the search");
        let solvers: [Box<dyn Solver>; 2] = [
            Box::new(FloorSolver::default()),
            Box::new(PathfindingPeer::default()),
        ];
        for mut solver in solvers {
            let name = solver.name();
            solver
                .prepare(&Query::new(&grid, start, goal, &rules))
                .unwrap();
            let got = solver.solve(&Query::new(other, s, g, &r)).unwrap();
            assert_eq!(got, want, "{name}, {what}");
            let path = solver.path(other).expect("a path");
            let steps = check_path(other, &r, s, g, &path)
                .unwrap_or_else(|e| panic!("{name}, {what}: {e}"));
            assert_eq!(
                Some(steps.cost(&r)),
                got.cost.map(u64::from),
                "{name}, {what}"
            );
            // Solving the prepared query again still answers it.
            solver
                .prepare(&Query::new(&grid, start, goal, &rules))
                .unwrap();
            assert_eq!(
                solver
                    .solve(&Query::new(&grid, start, goal, &rules))
                    .unwrap(),
                prepared,
                "{name}"
            );
        }
    }
}
