//! Every path is legal under its rules and costs what the search reports
//! (checked twice, by the core's verifier and by the test's own checker);
//! re-opening really happens with an inconsistent heuristic; and costs past
//! 32 bits are an error.

use crate::reference;
use crate::SplitMix;
use astar_core::verify::check_path;
use astar_core::{
    CostModel, Costs, Grid, Heuristic, Moves, Outcome, Point, Query, Rules, SearchError, TiePolicy,
};
use astar_registry::Strategy;

/// Random passable cell, or `None` on a map with none.
fn free_cell(grid: &Grid, rng: &mut SplitMix) -> Option<Point> {
    let free: Vec<Point> = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Point::new(x, y)))
        .filter(|&p| grid.is_passable_at(p))
        .collect();
    (!free.is_empty()).then(|| rng.pick(&free))
}

#[test]
fn paths_are_legal_and_cost_what_is_reported() {
    let mut rng = SplitMix(0xba7b);
    let mut checked = 0;
    for i in 0..120u64 {
        let (w, h) = (rng.range(2, 40) as u32, rng.range(2, 40) as u32);
        let grid = Grid::random(w, h, 0.05 * rng.range(0, 8) as f64, i).unwrap();
        let (Some(start), Some(goal)) = (free_cell(&grid, &mut rng), free_cell(&grid, &mut rng))
        else {
            continue;
        };
        let rules = Rules {
            moves: if i % 4 == 0 {
                Moves::Four
            } else {
                Moves::Eight
            },
            corner_cutting: i % 3 == 0,
            costs: if i % 2 == 0 {
                CostModel::Seed
            } else {
                CostModel::MovingAi
            }
            .costs(),
            heuristic: [Heuristic::Octile, Heuristic::Manhattan, Heuristic::Zero]
                [(i / 4 % 3) as usize],
            tie: TiePolicy::Lifo,
            expansion_limit: None,
            ..Rules::default()
        };
        for &s in Strategy::ALL {
            let mut solver = s.solver();
            let Some((report, _)) = crate::solve(s, solver.as_mut(), &grid, start, goal, &rules)
            else {
                continue;
            };
            let path = solver.path(&grid);
            let what = format!("{s}, map {i} {w}x{h}, {start} -> {goal}, {rules:?}");
            if report.outcome != Outcome::Found {
                assert_eq!(path, None, "{what}");
                continue;
            }
            let path = path.expect("found a path");
            let cost = u64::from(report.cost.unwrap());
            let steps = check_path(&grid, &rules, start, goal, &path)
                .unwrap_or_else(|e| panic!("core verifier: {e}, {what}"));
            assert_eq!(steps.cost(&rules), cost, "core verifier cost, {what}");
            let own = reference::path_cost(&grid, &rules, start, goal, &path)
                .unwrap_or_else(|e| panic!("own checker: {e}, {what}"));
            assert_eq!(own, cost, "own checker cost, {what}");
            assert_eq!(
                steps.straight + steps.diagonal + 1,
                path.len() as u64,
                "{what}"
            );
            if rules.moves == Moves::Four {
                assert_eq!(steps.diagonal, 0, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 200, "only {checked} paths checked");
}

#[test]
fn start_equal_to_goal_is_a_one_cell_path() {
    let grid = Grid::random(6, 6, 0.0, 1).unwrap();
    let p = Point::new(3, 2);
    let rules = Rules::default();
    for s in Strategy::supporting(&rules) {
        let mut solver = s.solver();
        let (r, _) = crate::solve(s, solver.as_mut(), &grid, p, p, &rules).expect("supported");
        assert_eq!((r.outcome, r.cost), (Outcome::Found, Some(0)), "{s}");
        assert_eq!(solver.path(&grid), Some(vec![p]), "{s}");
        assert_eq!(r.counters.expansions, 0, "{s}: the goal is never expanded");
    }
}

/// Both checkers must reject broken paths, or the checks above prove nothing.
#[test]
fn both_checkers_reject_bad_paths() {
    let grid = Grid::from_ascii(
        "
        ...
        .#.
        ...
        ",
    )
    .unwrap();
    let rules = Rules::default();
    let p = |x, y| Point::new(x, y);
    let (start, goal) = (p(1, 0), p(0, 1));
    let bad: [(&str, Vec<Point>); 5] = [
        ("cuts the wall's corner", vec![p(1, 0), p(0, 1)]),
        ("jumps", vec![p(1, 0), p(0, 0), p(0, 2), p(0, 1)]),
        ("walks through the wall", vec![p(1, 0), p(1, 1), p(0, 1)]),
        ("wrong end", vec![p(1, 0), p(0, 0)]),
        ("empty", vec![]),
    ];
    for (why, path) in bad {
        assert!(
            check_path(&grid, &rules, start, goal, &path).is_err(),
            "core accepts: {why}"
        );
        assert!(
            reference::path_cost(&grid, &rules, start, goal, &path).is_err(),
            "own checker accepts: {why}"
        );
    }
    let good = [p(1, 0), p(0, 0), p(0, 1)];
    assert_eq!(
        reference::path_cost(&grid, &rules, start, goal, &good),
        Ok(20)
    );
    assert_eq!(
        check_path(&grid, &rules, start, goal, &good)
            .unwrap()
            .cost(&rules),
        20
    );
    // The same corner cut is fine once cutting is allowed.
    let cutting = Rules {
        corner_cutting: true,
        ..rules
    };
    let cut = [p(1, 0), p(0, 1)];
    assert_eq!(
        reference::path_cost(&grid, &cutting, start, goal, &cut),
        Ok(14)
    );
    assert!(check_path(&grid, &cutting, start, goal, &cut).is_ok());
}

/// Manhattan with diagonal moves overestimates, so it is inconsistent and a
/// closed node can later be reached more cheaply. Find such a search among
/// random maps; there, every strategy re-opens the same number of times and
/// still returns a legal path no cheaper than the optimum.
#[test]
fn inconsistent_heuristic_reopens_closed_nodes() {
    let rules = Rules {
        heuristic: Heuristic::Manhattan,
        ..Rules::default()
    };
    assert!(!rules.is_consistent());
    let mut rng = SplitMix(0x4e09e);
    let mut hit = None;
    for seed in 0..400u64 {
        let grid = Grid::random(32, 32, 0.3, seed).unwrap();
        let (Some(start), Some(goal)) = (free_cell(&grid, &mut rng), free_cell(&grid, &mut rng))
        else {
            continue;
        };
        let s = Strategy::ALL[0];
        let (r, _) = crate::solve(s, s.solver().as_mut(), &grid, start, goal, &rules).unwrap();
        if r.counters.reopens > 0 && r.outcome == Outcome::Found {
            hit = Some((grid, start, goal, r.counters.reopens));
            break;
        }
    }
    let (grid, start, goal, reopens) = hit.expect("no search re-opened a node");
    let best = reference::shortest(&grid, &rules, start, goal).unwrap();
    let mut ran = 0;
    for &s in Strategy::ALL {
        let mut solver = s.solver();
        let Some((r, _)) = crate::solve(s, solver.as_mut(), &grid, start, goal, &rules) else {
            continue; // refuses inadmissible heuristics
        };
        ran += 1;
        assert_eq!(r.counters.reopens, reopens, "{s}");
        let path = solver.path(&grid).unwrap();
        check_path(&grid, &rules, start, goal, &path).unwrap();
        let cost = reference::path_cost(&grid, &rules, start, goal, &path).unwrap();
        assert_eq!(Some(cost), r.cost.map(u64::from), "{s}");
        assert!(cost >= best, "{s}");
    }
    assert!(ran >= 2, "only {ran} strategies ran");
}

/// Costs past 32 bits are an error for every strategy, never a wrapped cost:
/// on a winding corridor, where the path is far longer than the map is wide
/// and high, G and F overflow while the estimate does not; on an open map,
/// the start's estimate itself.
#[test]
fn costs_past_32_bits_are_an_error_never_a_wrapped_cost() {
    // Five rows of corridor joined at alternate ends: 58 straight steps from
    // the top left to the bottom right (no diagonal cuts a corner).
    let winding = Grid::from_ascii(
        "
        ...........
        ##########.
        ...........
        .##########
        ...........
        ##########.
        ...........
        .##########
        ...........
        ",
    )
    .unwrap();
    let open = Grid::random(40, 40, 0.0, 1).unwrap();
    // The same with the start walled in: no F but the start's is made.
    let mut shut_in = open.clone();
    for p in [Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)] {
        shut_in.set_passable(p, false);
    }
    let corner_to_corner = |grid: &Grid| {
        let far = Point::new(grid.width() - 1, grid.height() - 1);
        (Point::new(0, 0), far)
    };
    let steps = |straight: u32| Costs {
        straight,
        diagonal: straight + straight / 2,
    };
    // 58 steps of 75M overflow 32 bits (the largest estimate, 8 diagonal
    // and 2 straight steps, does not); of 70M they fit, and so does every
    // F on the way. On the open maps the start's estimate, 39 diagonal
    // steps, overflows.
    let cases = [
        (&winding, steps(75_000_000), None),
        (&winding, steps(70_000_000), Some(58 * 70_000_000)),
        (&open, steps(80_000_000), None),
        (&shut_in, steps(80_000_000), None),
    ];
    for (grid, costs, want) in cases {
        let (start, goal) = corner_to_corner(grid);
        let rules = Rules {
            costs,
            ..Rules::default()
        };
        for &s in Strategy::ALL {
            if s.supports(&rules).is_err() {
                continue;
            }
            let mut solver = s.solver();
            let result = solver
                .prepare(&Query::new(grid, start, goal, &rules))
                .and_then(|()| solver.solve(&Query::new(grid, start, goal, &rules)));
            let what = format!("{s}, {costs:?}");
            match want {
                None => assert_eq!(
                    result.err(),
                    Some(SearchError::CostOverflow(costs)),
                    "{what}"
                ),
                Some(cost) => assert_eq!(result.expect(&what).cost, Some(cost), "{what}"),
            }
        }
    }
}
