//! The peers (other crates' A*), every one the registry lists: they find the
//! core's cost under every rule set they accept, never answer from a stale
//! preparation, and do the work they claim.

use crate::SplitMix;
use astar_core::verify::check_path;
use astar_core::{
    Costs, Grid, Heuristic, Moves, NodeId, Outcome, Point, Query, Rules, Search, SearchReport,
};
use astar_registry::{Kind, PetgraphPeer, ReferenceList, Solver, Strategy};

fn peers() -> impl Iterator<Item = Strategy> {
    Strategy::ALL
        .iter()
        .copied()
        .filter(|s| s.kind() == Kind::Peer)
}

fn core(grid: &Grid, start: Point, goal: Point, rules: &Rules) -> SearchReport {
    Search::<ReferenceList>::new()
        .run(&Query::new(grid, start, goal, rules))
        .unwrap()
}

fn free_cells(grid: &Grid) -> Vec<Point> {
    (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Point::new(x, y)))
        .filter(|&p| grid.is_passable_at(p))
        .collect()
}

#[test]
fn both_peers_are_registered() {
    let names: Vec<_> = peers().map(|s| s.name()).collect();
    assert_eq!(names, ["pathfinding", "petgraph"]);
}

/// Every heuristic, both move sets, corner cutting on and off, three cost
/// pairs, on random maps: a peer runs exactly the admissible rule sets,
/// refuses the others with `Unsupported`, and finds the core's cost along a
/// legal path (or no path where the core finds none).
#[test]
fn peers_find_the_core_cost_under_every_admissible_rule_set() {
    let heuristics = [
        Heuristic::Octile,
        Heuristic::Manhattan,
        Heuristic::Chebyshev,
        Heuristic::Euclidean,
        Heuristic::Zero,
    ];
    let costs = [
        Costs {
            straight: 10,
            diagonal: 14,
        },
        Costs {
            straight: 13860,
            diagonal: 19601,
        },
        Costs {
            straight: 2,
            diagonal: 5,
        },
    ];
    let mut rng = SplitMix(0x9e7_9a4f);
    let mut solvers: Vec<_> = peers().map(|s| (s, s.solver())).collect();
    let (mut compared, mut refused, mut unreachable) = (0u32, 0u32, 0u32);
    for map in 0..24u64 {
        let (w, h) = (rng.range(2, 30) as u32, rng.range(2, 30) as u32);
        let grid = Grid::random(w, h, 0.05 * rng.range(0, 7) as f64, map).unwrap();
        let free = free_cells(&grid);
        if free.len() < 2 {
            continue;
        }
        let (start, goal) = (rng.pick(&free), rng.pick(&free));
        for heuristic in heuristics {
            for moves in [Moves::Four, Moves::Eight] {
                for corner_cutting in [false, true] {
                    for costs in costs {
                        let rules = Rules {
                            heuristic,
                            moves,
                            corner_cutting,
                            costs,
                            ..Rules::default()
                        };
                        let want = core(&grid, start, goal, &rules);
                        for (s, solver) in &mut solvers {
                            let what =
                                format!("{s}, map {map} {w}x{h}, {start} -> {goal}, {rules:?}");
                            let Some((got, _)) =
                                crate::solve(*s, solver.as_mut(), &grid, start, goal, &rules)
                            else {
                                assert!(!rules.is_admissible(), "{what}: refused");
                                refused += 1;
                                continue;
                            };
                            assert!(rules.is_admissible(), "{what}: ran");
                            assert_eq!(got.outcome, want.outcome, "{what}");
                            assert_eq!(got.cost, want.cost, "{what}");
                            assert_eq!(got.counters, want.counters, "{what}: the core's counters");
                            let path = solver.path(&grid);
                            if got.outcome == Outcome::Found {
                                let path = path.expect("found a path");
                                let steps = check_path(&grid, &rules, start, goal, &path)
                                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                                assert_eq!(Some(steps.cost(&rules)), got.cost.map(u64::from));
                                compared += 1;
                            } else {
                                assert_eq!(path, None, "{what}");
                                unreachable += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(compared >= 1000, "only {compared} paths compared");
    assert!(refused >= 50, "only {refused} refusals");
    assert!(unreachable >= 10, "only {unreachable} unreachable goals");
}

/// A preparation made for one grid or rule set never answers for another:
/// not for a grid built after the prepared one was dropped (its storage may
/// reuse the address), nor for the prepared grid changed since, nor for
/// other moves, another corner rule or other costs on the same grid. Each
/// `solve` without a fresh `prepare` must give what a fresh solver gives.
#[test]
fn a_stale_preparation_is_never_reused() {
    let (start, goal) = (Point::new(0, 0), Point::new(11, 0));
    let open = || Grid::open(12, 6).unwrap();
    // A wall with one gap at the bottom, whose end a diagonal may cut: the
    // cost depends on the wall, the moves, the corner rule and the costs.
    let wall = |g: &mut Grid| {
        for y in 0..5 {
            g.set_passable(Point::new(6, y), false);
        }
    };
    let mut walled = open();
    wall(&mut walled);
    let rules = Rules::default();
    let other_rules = [
        Rules {
            moves: Moves::Four,
            ..rules
        },
        Rules {
            corner_cutting: true,
            ..rules
        },
        Rules {
            costs: Costs {
                straight: 10,
                diagonal: 11,
            },
            ..rules
        },
    ];
    for r in &other_rules {
        assert_ne!(
            core(&walled, start, goal, r).cost,
            core(&walled, start, goal, &rules).cost,
            "{r:?} must change the answer"
        );
    }
    assert_ne!(
        core(&walled, start, goal, &rules).cost,
        core(&open(), start, goal, &rules).cost,
        "the wall matters"
    );
    let fresh = |s: Strategy, g: &Grid, r: &Rules| {
        let mut solver = s.solver();
        solver.prepare(&Query::new(g, start, goal, r)).unwrap();
        let report = solver.solve(&Query::new(g, start, goal, r)).unwrap();
        (report, solver.path(g))
    };
    for s in peers() {
        let mut solver = s.solver();
        let want = fresh(s, &walled, &rules);
        // Another grid after the prepared one is dropped.
        for _ in 0..3 {
            let a = open();
            solver
                .prepare(&Query::new(&a, start, goal, &rules))
                .unwrap();
            drop(a);
            let b = walled.clone();
            let got = solver.solve(&Query::new(&b, start, goal, &rules)).unwrap();
            assert_eq!(got, want.0, "{s}: new grid");
            check_path(&b, &rules, start, goal, &solver.path(&b).unwrap()).unwrap();
        }
        // The prepared grid itself, changed after `prepare`.
        let mut a = open();
        solver
            .prepare(&Query::new(&a, start, goal, &rules))
            .unwrap();
        wall(&mut a);
        let got = solver.solve(&Query::new(&a, start, goal, &rules)).unwrap();
        assert_eq!(got, want.0, "{s}: changed grid");
        check_path(&a, &rules, start, goal, &solver.path(&a).unwrap()).unwrap();
        // The same grid, prepared under other rules than it is solved with,
        // both ways round.
        for r in &other_rules {
            for (prepared, solved) in [(&rules, r), (r, &rules)] {
                solver
                    .prepare(&Query::new(&walled, start, goal, prepared))
                    .unwrap();
                let got = solver
                    .solve(&Query::new(&walled, start, goal, solved))
                    .unwrap();
                let want = fresh(s, &walled, solved);
                assert_eq!(got, want.0, "{s}: prepared {prepared:?}, solved {solved:?}");
                let path = solver.path(&walled).unwrap();
                let steps = check_path(&walled, solved, start, goal, &path)
                    .unwrap_or_else(|e| panic!("{s}: {e}, solved {solved:?}"));
                assert_eq!(Some(steps.cost(solved)), got.cost.map(u64::from));
            }
        }
    }
}

/// Sum over the nodes the core expanded of their number of moves: what an
/// A* that expands the same nodes asks of an edge-cost callback.
fn edges_out_of_expanded(grid: &Grid, start: Point, goal: Point, rules: &Rules) -> (u64, u64) {
    let mut search = Search::<ReferenceList>::new();
    let (report, log) = search
        .solve_logged(&Query::new(grid, start, goal, rules))
        .unwrap();
    let log: Vec<NodeId> = log.expect("the core logs its expansions");
    assert_eq!(log.len() as u64, report.counters.expansions);
    let moves = |n: NodeId| {
        let p = grid.point(n);
        let mut count = 0;
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                let (qx, qy) = (p.x as i64 + dx, p.y as i64 + dy);
                if (dx, dy) == (0, 0) || qx < 0 || qy < 0 {
                    continue;
                }
                let q = Point::new(qx as u32, qy as u32);
                if grid.is_passable_at(q) && check_path(grid, rules, p, q, &[p, q]).is_ok() {
                    count += 1;
                }
            }
        }
        count
    };
    (log.iter().map(|&n| moves(n)).sum(), report.counters.pops)
}

/// petgraph's astar really searches with the heuristic. On an open square
/// map from one corner to the other under octile, the heuristic is exact and
/// only the diagonal has the optimal F, so an A* expands the diagonal and
/// nothing else, whatever its tie-breaking: the edge-cost callback is called
/// once per move out of those cells, exactly as often as the core's search
/// examines moves, and far less often than Dijkstra's algorithm (the zero
/// heuristic) would. The estimate is called once for the start and once per
/// edge, and the goal test once per pop.
#[test]
fn petgraph_does_the_work_of_an_a_star() {
    let n = 40;
    let grid = Grid::open(n, n).unwrap();
    let (start, goal) = (Point::new(0, 0), Point::new(n - 1, n - 1));
    let rules = Rules::default();
    assert_eq!(rules.heuristic, Heuristic::Octile);
    let (astar_edges, pops) = edges_out_of_expanded(&grid, start, goal, &rules);
    assert_eq!(astar_edges, 3 + 8 * u64::from(n - 2), "the diagonal only");
    let dijkstra = Rules {
        heuristic: Heuristic::Zero,
        ..rules
    };
    let (dijkstra_edges, _) = edges_out_of_expanded(&grid, start, goal, &dijkstra);
    assert!(dijkstra_edges > 20 * astar_edges, "{dijkstra_edges}");

    let mut peer = PetgraphPeer::default();
    peer.prepare(&Query::new(&grid, start, goal, &rules))
        .unwrap();
    let (report, calls) = peer
        .solve_counted(&Query::new(&grid, start, goal, &rules))
        .unwrap();
    assert_eq!(report.cost, core(&grid, start, goal, &rules).cost);
    assert_eq!(
        calls.edge_costs, astar_edges,
        "edge-cost calls of an A* with the heuristic (Dijkstra's would be {dijkstra_edges})"
    );
    assert_eq!(calls.estimates, calls.edge_costs + 1);
    assert_eq!(calls.goal_tests, pops, "one goal test per pop");

    // Under the zero heuristic it is Dijkstra's algorithm and says so: more
    // edges than the A* on the same query, within the ties' reach of the
    // core's Dijkstra (both expand every node with G below the goal's).
    peer.prepare(&Query::new(&grid, start, goal, &dijkstra))
        .unwrap();
    let (_, calls) = peer
        .solve_counted(&Query::new(&grid, start, goal, &dijkstra))
        .unwrap();
    assert!(
        calls.edge_costs > 20 * astar_edges
            && calls.edge_costs <= dijkstra_edges + 8 * u64::from(n),
        "{} edge-cost calls under Dijkstra, core {dijkstra_edges}",
        calls.edge_costs
    );
}
