//! The replay floor: a recorded search replayed with no open list does
//! exactly the search it recorded.

mod common;

use astar_core::Query;
use astar_core::*;
use common::{LazySorted, Sorted};

/// The first and last passable cells in reading order.
fn ends(grid: &Grid) -> (Point, Point) {
    let free: Vec<Point> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Point::new(x, y)))
        .filter(|&p| grid.is_passable_at(p))
        .collect();
    (free[0], *free.last().unwrap())
}

#[test]
fn replay_matches_the_recorded_search() {
    for (seed, heuristic, limit) in [
        (1, Heuristic::Octile, None),
        (2, Heuristic::Manhattan, None),
        (3, Heuristic::Zero, Some(40)),
    ] {
        // The limited search runs on an open map, so it surely hits the limit.
        let density = if limit.is_some() { 0.0 } else { 0.3 };
        let grid = Grid::random(40, 30, density, seed).unwrap();
        let rules = Rules {
            heuristic,
            expansion_limit: limit,
            moves: if seed == 2 { Moves::Four } else { Moves::Eight },
            ..Rules::default()
        };
        let (start, goal) = ends(&grid);
        let mut direct = Search::<Sorted>::new();
        let mut log = ExpansionLog::default();
        let want = direct
            .run_observed(&Query::new(&grid, start, goal, &rules), &mut log)
            .unwrap();
        let mut floor = Floor::<Sorted>::new();
        floor
            .record(&Query::new(&grid, start, goal, &rules))
            .unwrap();
        let got = floor
            .replay(&Query::new(&grid, start, goal, &rules))
            .unwrap();
        assert_eq!(got, want, "seed {seed}");
        assert_eq!(floor.expansions(), &log.nodes[..], "seed {seed}");
        assert_eq!(floor.path(&grid), direct.path(&grid), "seed {seed}");
        if limit.is_some() {
            assert_eq!(got.outcome, Outcome::LimitReached);
        }
    }
}

/// The lazy floor replays a lazy list's search, stale pops and all: the same
/// report (stale pops, largest OPEN with its stale keys), the same
/// expansions and path.
#[test]
fn lazy_replay_matches_the_recorded_lazy_search() {
    for (seed, costs, heuristic) in [
        (1, Rules::default().costs, Heuristic::Zero),
        (2, Rules::movingai().costs, Heuristic::Octile),
    ] {
        let grid = Grid::random(60, 40, 0.2, seed).unwrap();
        let rules = Rules {
            costs,
            heuristic,
            ..Rules::default()
        };
        let (start, goal) = ends(&grid);
        let mut direct = Search::<LazySorted>::new();
        let mut log = ExpansionLog::default();
        let want = direct
            .run_observed(&Query::new(&grid, start, goal, &rules), &mut log)
            .unwrap();
        assert_eq!(want.outcome, Outcome::Found, "seed {seed}");
        assert!(
            want.counters.stale_pops > 10,
            "seed {seed}: {:?}",
            want.counters
        );
        let mut floor = Floor::<LazySorted, LazyReplayList>::new();
        for got in [
            floor
                .replay(&Query::new(&grid, start, goal, &rules))
                .unwrap(),
            floor
                .replay(&Query::new(&grid, start, goal, &rules))
                .unwrap(),
        ] {
            assert_eq!(got, want, "seed {seed}");
        }
        let mut replayed = ExpansionLog::default();
        floor
            .replay_observed(&Query::new(&grid, start, goal, &rules), &mut replayed)
            .unwrap();
        assert_eq!(replayed.nodes, log.nodes, "seed {seed}");
        assert_eq!(floor.path(&grid), direct.path(&grid), "seed {seed}");
    }
}

#[test]
fn replay_follows_the_neighbour_order_and_closed_rule() {
    use crate::{ClosedNodes, NeighbourOrder, TiePolicy};
    let grid = Grid::random(30, 24, 0.25, 11).unwrap();
    let (start, goal) = ends(&grid);
    let mut floor = Floor::<Sorted>::new();
    let mut direct = Search::<Sorted>::new();
    for neighbour_order in [NeighbourOrder::Default, NeighbourOrder::Seed] {
        for closed in [ClosedNodes::Reopen, ClosedNodes::Final] {
            let rules = Rules {
                heuristic: Heuristic::Manhattan,
                tie: TiePolicy::Lifo,
                neighbour_order,
                closed,
                ..Rules::default()
            };
            let mut log = ExpansionLog::default();
            let want = direct
                .run_observed(&Query::new(&grid, start, goal, &rules), &mut log)
                .unwrap();
            let got = floor
                .replay(&Query::new(&grid, start, goal, &rules))
                .unwrap();
            let what = format!("{neighbour_order} {closed}");
            assert_eq!(got, want, "{what}");
            assert_eq!(floor.expansions(), &log.nodes[..], "{what}");
            assert_eq!(floor.path(&grid), direct.path(&grid), "{what}");
        }
    }
}

/// A grid changed after the recording, or another grid with the same
/// size (whose storage may well reuse the dropped one's address), must
/// not replay the stale recording.
#[test]
fn replay_on_a_changed_or_new_grid_records_again() {
    let rules = Rules::default();
    let (start, goal) = (Point::new(0, 0), Point::new(9, 0));
    let open = || Grid::open(10, 5).unwrap();
    let walled = || {
        let mut g = open();
        for y in 0..4 {
            g.set_passable(Point::new(5, y), false);
        }
        g
    };
    let want_open = Search::<Sorted>::new()
        .run(&Query::new(&open(), start, goal, &rules))
        .unwrap();
    let want_walled = Search::<Sorted>::new()
        .run(&Query::new(&walled(), start, goal, &rules))
        .unwrap();
    assert_ne!(want_open.cost, want_walled.cost, "the wall must matter");

    let mut floor = Floor::<Sorted>::new();
    let mut grid = open();
    floor
        .record(&Query::new(&grid, start, goal, &rules))
        .unwrap();
    for y in 0..4 {
        grid.set_passable(Point::new(5, y), false);
    }
    assert_eq!(
        floor
            .replay(&Query::new(&grid, start, goal, &rules))
            .unwrap(),
        want_walled
    );

    for _ in 0..4 {
        let a = open();
        floor.record(&Query::new(&a, start, goal, &rules)).unwrap();
        drop(a);
        let b = walled();
        assert_eq!(
            floor.replay(&Query::new(&b, start, goal, &rules)).unwrap(),
            want_walled
        );
    }
}

#[test]
fn replay_of_another_query_records_it_first() {
    let grid = Grid::random(20, 20, 0.2, 7).unwrap();
    let rules = Rules::default();
    let mut floor = Floor::<Sorted>::new();
    let (a, b) = ends(&grid);
    let c = Point::new(10, 3);
    assert!(grid.is_passable_at(c));
    floor.record(&Query::new(&grid, a, b, &rules)).unwrap();
    let got = floor.replay(&Query::new(&grid, a, c, &rules)).unwrap();
    let want = Search::<Sorted>::new()
        .run(&Query::new(&grid, a, c, &rules))
        .unwrap();
    assert_eq!(got, want);
}
