//! Every strategy in the registry runs the identical search.
//!
//! On a few hundred seeded random maps — sizes from 1 cell to 48×48, square and
//! not, densities up to 0.45, 4 and 8 moves, both corner rules, every heuristic,
//! every tie policy, several step costs, random starts and goals (equal ones and
//! unreachable ones included), some with an expansion limit — each strategy must
//! expand the same nodes in the same order, end the same way, count the same,
//! and return the same path. The costs are checked against the reference
//! Dijkstra. Strategies added to the registry later are covered automatically.

use crate::reference;
use crate::SplitMix;
use astar_core::{
    Costs, Grid, Heuristic, Moves, NodeId, OpenList, Outcome, Point, Rules, TiePolicy,
};
use astar_registry::{Kind, Strategy, WithOpenList};

const HEURISTICS: [Heuristic; 5] = [
    Heuristic::Octile,
    Heuristic::Manhattan,
    Heuristic::Chebyshev,
    Heuristic::Euclidean,
    Heuristic::Zero,
];
const TIES: [TiePolicy; 3] = [TiePolicy::Lifo, TiePolicy::Fifo, TiePolicy::LargerG];
/// The seed's costs, the √2 approximation, and a pair with diagonal > 2 ×
/// straight (under which Manhattan is admissible even with diagonals).
const COSTS: [Costs; 3] = [
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
const DENSITIES: [f64; 7] = [0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.45];

/// One random query.
struct Case {
    grid: Grid,
    start: Point,
    goal: Point,
    rules: Rules,
    what: String,
}

/// The `i`-th random case, or `None` when its map has no passable cell.
fn case(i: u64) -> Option<Case> {
    let mut rng = SplitMix(0x5a3e_0000 + i);
    let width = rng.range(1, 48) as u32;
    // A third square, the rest any shape; some one cell wide or high.
    let height = match i % 3 {
        0 => width,
        _ => rng.range(1, 48) as u32,
    };
    let density = rng.pick(&DENSITIES);
    let map_seed = rng.next_u64();
    let grid = Grid::random(width, height, density, map_seed).unwrap();
    let free: Vec<Point> = (0..height)
        .flat_map(|y| (0..width).map(move |x| Point::new(x, y)))
        .filter(|&p| grid.is_passable_at(p))
        .collect();
    if free.is_empty() {
        return None;
    }
    let start = rng.pick(&free);
    let goal = if rng.chance(1, 12) {
        start
    } else {
        rng.pick(&free)
    };
    // Every heuristic meets every tie policy: i walks the 15 combinations.
    let rules = Rules {
        moves: if rng.chance(1, 3) {
            Moves::Four
        } else {
            Moves::Eight
        },
        corner_cutting: rng.chance(1, 2),
        costs: rng.pick(&COSTS),
        heuristic: HEURISTICS[(i % 5) as usize],
        tie: TIES[(i / 5 % 3) as usize],
        expansion_limit: rng.chance(1, 8).then(|| rng.range(0, 60)),
        ..Rules::default()
    };
    let what = format!(
        "case {i}: {width}x{height} density {density} map seed {map_seed}, {start} -> {goal}, {rules:?}"
    );
    Some(Case {
        grid,
        start,
        goal,
        rules,
        what,
    })
}

/// What one strategy did on one case.
#[derive(Debug, PartialEq)]
struct Run {
    outcome: Outcome,
    cost: Option<u32>,
    /// expansions, pushes, pops, decreases, reopens. Not `max_open` and
    /// `stale_pops`: a lazy list keeps stale entries, which count in its size
    /// and are popped and discarded, so those two legitimately differ.
    counters: [u64; 5],
    log: Option<Vec<NodeId>>,
    path: Option<Vec<Point>>,
}

/// What `strategy` did on the case, or `None` if it does not support the rules.
fn run(strategy: Strategy, solver: &mut dyn astar_registry::Solver, c: &Case) -> Option<Run> {
    let (report, log) = crate::solve(strategy, solver, &c.grid, c.start, c.goal, &c.rules)?;
    let k = report.counters;
    Some(Run {
        outcome: report.outcome,
        cost: report.cost,
        counters: [k.expansions, k.pushes, k.pops, k.decreases, k.reopens],
        log,
        path: solver.path(&c.grid),
    })
}

/// Checks one strategy's run against the baseline run and the reference.
fn check(name: &str, got: &Run, base: &Run, reference: Option<u64>, c: &Case) {
    let what = &c.what;
    assert_eq!(got.outcome, base.outcome, "{name}, {what}");
    assert_eq!(got.cost, base.cost, "{name}, {what}");
    assert_eq!(
        got.counters[0], base.counters[0],
        "{name} expansions, {what}"
    );
    if let Some(log) = &got.log {
        // A strategy that can report its expansion order must match exactly.
        assert_eq!(
            Some(log),
            base.log.as_ref(),
            "{name} expansion order, {what}"
        );
        assert_eq!(log.len() as u64, got.counters[0], "{name}, {what}");
        assert_eq!(got.counters, base.counters, "{name} counters, {what}");
        assert_eq!(got.path, base.path, "{name} path, {what}");
    }
    match got.outcome {
        Outcome::Found => {
            let cost = u64::from(got.cost.expect("found has a cost"));
            let best = reference
                .unwrap_or_else(|| panic!("{name} found a path the reference did not, {what}"));
            if c.rules.is_admissible() {
                assert_eq!(cost, best, "{name} admissible cost, {what}");
            } else {
                assert!(cost >= best, "{name} beat the optimum, {what}");
            }
            let path = got.path.as_ref().expect("found has a path");
            let walked = reference::path_cost(&c.grid, &c.rules, c.start, c.goal, path)
                .unwrap_or_else(|e| panic!("{name}: {e}, {what}"));
            assert_eq!(walked, cost, "{name} path cost, {what}");
        }
        Outcome::NoPath => {
            assert_eq!(reference, None, "{name} missed a path, {what}");
            assert_eq!(got.path, None, "{name}, {what}");
        }
        Outcome::LimitReached => {
            let limit = c.rules.expansion_limit.expect("a limit was set");
            assert_eq!(got.counters[0], limit, "{name} stopped early, {what}");
            assert_eq!(got.path, None, "{name}, {what}");
        }
    }
    // The goal (or, at the limit, the node that would exceed it) is popped but
    // not expanded; with no path every popped node was expanded.
    let unexpanded_pops = u64::from(got.outcome != Outcome::NoPath);
    assert_eq!(
        got.counters[2],
        got.counters[0] + unexpanded_pops,
        "{name} pops, {what}"
    );
}

/// The number of random cases; some have no passable cell and are skipped.
const CASES: u64 = 320;

#[test]
fn every_strategy_runs_the_same_search() {
    // Every A*: jump point search (`Kind::Algorithm`) is another search, with
    // tests of its own (`jump_points`).
    let astar: Vec<Strategy> = Strategy::ALL
        .iter()
        .copied()
        .filter(|s| s.kind() != Kind::Algorithm)
        .collect();
    assert!(astar.len() >= 2, "nothing to compare");
    // One solver per strategy, reused for every case: reuse across maps of
    // different sizes is part of what is tested.
    let mut solvers: Vec<_> = astar.iter().map(|s| (*s, s.solver())).collect();
    let mut ran = vec![0u32; solvers.len()];
    let (mut maps, mut found, mut no_path, mut limited, mut same_cell) = (0, 0, 0, 0, 0);
    for i in 0..CASES {
        let Some(c) = case(i) else { continue };
        maps += 1;
        let reference = reference::shortest(&c.grid, &c.rules, c.start, c.goal);
        let mut runs: Vec<(Strategy, Run)> = Vec::new();
        for (k, (s, solver)) in solvers.iter_mut().enumerate() {
            // A strategy that cannot reproduce the search under these rules
            // (say, a bucket queue with huge step costs) says so and sits out.
            if let Some(r) = run(*s, solver.as_mut(), &c) {
                runs.push((*s, r));
                ran[k] += 1;
            }
        }
        // The baseline is the first strategy that reports its expansion order.
        let base = runs
            .iter()
            .find(|(_, r)| r.log.is_some())
            .map(|(_, r)| r)
            .expect("some strategy reports its expansions");
        for (s, r) in &runs {
            check(s.name(), r, base, reference, &c);
        }
        if i % 16 == 0 {
            // A fresh solver must agree with the reused ones.
            let (s, reused) = &runs[0];
            let fresh = run(*s, s.solver().as_mut(), &c);
            assert_eq!(
                fresh.as_ref(),
                Some(reused),
                "{s} fresh vs reused, {}",
                c.what
            );
        }
        match base.outcome {
            Outcome::Found => found += 1,
            Outcome::NoPath => no_path += 1,
            Outcome::LimitReached => limited += 1,
        }
        same_cell += u64::from(c.start == c.goal);
    }
    // The case mix really covers what it claims to.
    assert!(maps >= 200, "only {maps} maps");
    assert!(found >= 150, "only {found} searches found a path");
    assert!(no_path >= 10, "only {no_path} unreachable goals");
    assert!(limited >= 10, "only {limited} searches hit the limit");
    assert!(same_cell >= 5, "only {same_cell} start == goal");
    // No strategy escapes by refusing most rules.
    for ((s, _), n) in solvers.iter().zip(&ran) {
        assert!(*n >= 60, "{s} ran only {n} of {maps} cases");
    }
}

/// Whether a strategy is a lazy open list (decrease-key by a second key).
fn is_lazy(s: Strategy) -> bool {
    struct Lazy;
    impl WithOpenList for Lazy {
        type Output = bool;
        fn call<L: OpenList + Default + Send + 'static>(self) -> bool {
            L::LAZY
        }
    }
    s.with(Lazy).unwrap_or(false)
}

/// The lazy floor stands for every lazy list: each pops exactly its stale
/// keys (keys are a strict total order, so the stale ones too come off in
/// one order), and so counts the same stale pops and holds the same largest
/// OPEN. A list that dropped stale keys unseen, or popped one out of order
/// past the goal, would differ here, while the sameness test above, which
/// leaves those two counters out, would pass.
#[test]
fn every_lazy_list_pops_the_lazy_floors_stale_keys() {
    let lazy: Vec<Strategy> = Strategy::LISTS
        .iter()
        .copied()
        .filter(|&s| is_lazy(s))
        .collect();
    assert!(lazy.len() >= 4, "only {} lazy lists", lazy.len());
    let mut floor = Strategy::LazyFloor.solver();
    let mut solvers: Vec<_> = lazy.iter().map(|s| (*s, s.solver())).collect();
    let (mut compared, mut stale) = (0, 0);
    for i in 0..CASES {
        let Some(c) = case(i) else { continue };
        let Some((want, _)) = crate::solve(
            Strategy::LazyFloor,
            floor.as_mut(),
            &c.grid,
            c.start,
            c.goal,
            &c.rules,
        ) else {
            continue;
        };
        stale += want.counters.stale_pops;
        for (s, solver) in &mut solvers {
            let Some((got, _)) =
                crate::solve(*s, solver.as_mut(), &c.grid, c.start, c.goal, &c.rules)
            else {
                continue;
            };
            assert_eq!(got, want, "{s} against the lazy floor, {}", c.what);
            compared += 1;
        }
    }
    assert!(compared >= 1200, "only {compared} runs compared");
    assert!(stale >= 4000, "only {stale} stale pops in all");
}

/// A small hand-checkable case of the limit: on an open 5×1 corridor from one
/// end to the other, a limit of 2 expansions stops every strategy at the third
/// pop, and a limit of 4 is just enough (the goal is popped, never expanded).
#[test]
fn expansion_limit_is_the_same_for_all() {
    let grid = Grid::from_ascii(".....").unwrap();
    for (limit, want) in [(2, Outcome::LimitReached), (4, Outcome::Found)] {
        let rules = Rules {
            expansion_limit: Some(limit),
            ..Rules::default()
        };
        let mut ran = 0;
        for &s in Strategy::ALL {
            let mut solver = s.solver();
            let (a, b) = (Point::new(0, 0), Point::new(4, 0));
            let Some((r, _)) = crate::solve(s, solver.as_mut(), &grid, a, b, &rules) else {
                continue; // a strategy without an expansion limit
            };
            ran += 1;
            assert_eq!(r.outcome, want, "{s} with limit {limit}");
            assert_eq!(
                r.counters.expansions,
                limit.min(4),
                "{s} with limit {limit}"
            );
        }
        assert!(ran >= 2, "{ran} strategies support a limit");
    }
}

/// `Rules::is_admissible` decides which costs are checked for optimality
/// above, so it is checked itself: on an open 16×16 map, it says yes exactly
/// when the heuristic never exceeds the reference distance to the goal.
#[test]
fn admissibility_matches_the_reference() {
    let grid = Grid::open(16, 16).unwrap();
    let goal = Point::new(0, 0);
    let costs = [
        COSTS[0],
        COSTS[1],
        COSTS[2],
        Costs {
            straight: 10,
            diagonal: 9,
        },
        Costs {
            straight: 1,
            diagonal: 1,
        },
        Costs {
            straight: 10,
            diagonal: 20,
        },
        Costs {
            straight: 3,
            diagonal: 4,
        },
    ];
    for c in costs {
        for moves in [Moves::Four, Moves::Eight] {
            for h in HEURISTICS {
                let rules = Rules {
                    moves,
                    costs: c,
                    heuristic: h,
                    ..Rules::default()
                };
                let dist = reference::distances(&grid, &rules, goal);
                let over = (0..16)
                    .flat_map(|y| (0..16).map(move |x| Point::new(x, y)))
                    .find(|&p| {
                        let d = dist[(p.y * 16 + p.x) as usize].unwrap();
                        astar_core::heuristic(&rules, p, goal) > d
                    });
                assert_eq!(
                    rules.is_admissible(),
                    over.is_none(),
                    "{h} {moves:?} {c:?}: overestimates at {over:?}"
                );
            }
        }
    }
}
