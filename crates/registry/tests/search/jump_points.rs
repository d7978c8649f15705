//! `grid_pathfinding`'s jump point search, the reference row of another
//! algorithm: it runs only under the move set it has (8 moves, corners cut,
//! √2 diagonals, octile), refuses every other rule set with the reason, and
//! under its own returns a legal path, never cheaper than the optimum, whose
//! cost is what it reports.

use crate::SplitMix;
use astar_core::verify::check_path;
use astar_core::{
    CostModel, Grid, Heuristic, Moves, Outcome, Point, Query, Rules, Search, SearchError,
};
use astar_registry::{GridJpsPeer, Kind, ReferenceList, Strategy};

/// The rules it runs: MovingAI's costs with corner cutting.
fn jps_rules() -> Rules {
    Rules {
        corner_cutting: true,
        ..Rules::with_cost_model(CostModel::MovingAi)
    }
}

#[test]
fn it_is_the_one_other_algorithm() {
    let others: Vec<_> = Strategy::ALL
        .iter()
        .filter(|s| s.kind() == Kind::Algorithm)
        .map(|s| s.name())
        .collect();
    assert_eq!(others, ["grid-jps"]);
}

/// Each rule its moves do not follow is refused, by a reason naming the flag
/// that would make it run; and the search refuses such a query the same way.
#[test]
fn other_rules_are_refused_with_the_flag_that_fits() {
    let base = jps_rules();
    assert_eq!(GridJpsPeer::supports(&base), Ok(()));
    let cases = [
        (
            Rules {
                corner_cutting: false,
                ..base
            },
            "--corner-cutting",
        ),
        (
            Rules {
                moves: Moves::Four,
                ..base
            },
            "--moves 8",
        ),
        (
            Rules {
                costs: CostModel::Seed.costs(),
                ..base
            },
            "--costs movingai",
        ),
        (
            Rules {
                heuristic: Heuristic::Manhattan,
                ..base
            },
            "--heuristic octile",
        ),
        (
            Rules {
                heuristic: Heuristic::Zero,
                ..base
            },
            "--heuristic octile",
        ),
    ];
    let grid = Grid::open(8, 8).unwrap();
    for (rules, flag) in cases {
        let why = GridJpsPeer::supports(&rules).expect_err(flag);
        assert!(why.reason.contains(flag), "{flag}: {}", why.reason);
        let query = Query::new(&grid, Point::new(0, 0), Point::new(7, 7), &rules);
        let mut peer = Strategy::GridJps.solver();
        assert!(
            matches!(peer.solve(&query), Err(SearchError::Unsupported { .. })),
            "{flag}: searched"
        );
    }
    assert!(
        GridJpsPeer::supports(&Rules::movingai()).is_err(),
        "MovingAI's own rules"
    );
}

/// On random maps under its rules: the same outcome as the core, a legal
/// path from start to goal costing what it reports, never below the core's
/// optimum, and the core's counters (it has none of its own).
#[test]
fn it_finds_legal_paths_no_cheaper_than_the_optimum() {
    let rules = jps_rules();
    let mut rng = SplitMix(0x5eed_1e55);
    let mut peer = Strategy::GridJps.solver();
    let (mut found, mut optimal, mut none) = (0u32, 0u32, 0u32);
    for map in 0..40u64 {
        let (w, h) = (rng.range(2, 40) as u32, rng.range(2, 40) as u32);
        let grid = Grid::random(w, h, 0.08 * rng.range(0, 6) as f64, map).unwrap();
        let free: Vec<Point> = (0..h)
            .flat_map(|y| (0..w).map(move |x| Point::new(x, y)))
            .filter(|&p| grid.is_passable_at(p))
            .collect();
        if free.len() < 2 {
            continue;
        }
        for _ in 0..5 {
            let (start, goal) = (rng.pick(&free), rng.pick(&free));
            let query = Query::new(&grid, start, goal, &rules);
            let want = Search::<ReferenceList>::new().run(&query).unwrap();
            peer.prepare(&query).unwrap();
            let got = peer.solve(&query).unwrap();
            let what = format!("map {map} {w}x{h}, {start} -> {goal}");
            assert_eq!(got.outcome, want.outcome, "{what}");
            assert_eq!(got.counters, want.counters, "{what}: the core's counters");
            if got.outcome != Outcome::Found {
                assert_eq!(peer.path(&grid), None, "{what}");
                none += 1;
                continue;
            }
            let path = peer.path(&grid).expect("a path");
            let steps = check_path(&grid, &rules, start, goal, &path)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(Some(steps.cost(&rules)), got.cost.map(u64::from), "{what}");
            assert!(got.cost >= want.cost, "{what}: below the optimum");
            found += 1;
            optimal += u32::from(got.cost == want.cost);
        }
    }
    assert!(
        found >= 100 && none >= 3,
        "{found} found, {none} unreachable"
    );
    // Jump point search is exact in principle; this crate's is on almost
    // every query (see the crate's doc for the files where it is not).
    assert!(
        optimal * 10 >= found * 9,
        "optimal on only {optimal} of {found}"
    );
}
