//! The core search against an independent A*, expansion by expansion.
//!
//! Every open list runs the same core search, so a core bug that keeps the
//! optimal cost (a wrong tie-break, a neighbour generated in the wrong
//! order, a closed node re-opened when it should not be) is invisible when
//! the lists are compared with one another. The reference below shares no
//! code with the core search: its own neighbour tables, step costs,
//! heuristics, tie rule (an explicit `BTreeSet` of (F, tie, node) keys) and
//! counters. Only the map is read through [`Grid`].

mod common;

use astar_core::{
    ClosedNodes, Costs, Grid, Heuristic, Moves, NeighbourOrder, Outcome, Point, Query, Rules,
    Search, TiePolicy,
};
use common::Sorted;
use std::collections::BTreeSet;

/// Step costs (straight, diagonal) the configurations cycle through: the
/// seeds' 10/14, a diagonal dearer than two straight steps (so a diagonal
/// is never the cheaper way round a corner, and octile overestimates), and
/// equal steps.
const COSTS: [(u32, u32); 3] = [(10, 14), (10, 25), (7, 7)];

/// ↖ ↑ ↗ → ↘ ↓ ↙ ← (y grows downwards).
const CLOCKWISE: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];
/// → ↓ ← ↑ ↘ ↙ ↖ ↗.
const STRAIGHTS_FIRST: [(i64, i64); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// One configuration of the rules, spelled out for the reference.
#[derive(Clone, Copy, Debug)]
struct Config {
    tie: TiePolicy,
    manhattan: bool,
    seed_order: bool,
    final_closed: bool,
    corner_cutting: bool,
    four: bool,
    /// (straight, diagonal).
    costs: (u32, u32),
}

impl Config {
    fn all() -> Vec<Config> {
        let mut out = Vec::new();
        for tie in [TiePolicy::Lifo, TiePolicy::Fifo, TiePolicy::LargerG] {
            for manhattan in [false, true] {
                for seed_order in [false, true] {
                    for final_closed in [false, true] {
                        for corner_cutting in [false, true] {
                            for four in [false, true] {
                                for costs in COSTS {
                                    out.push(Config {
                                        tie,
                                        manhattan,
                                        seed_order,
                                        final_closed,
                                        corner_cutting,
                                        four,
                                        costs,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn rules(self) -> Rules {
        Rules {
            moves: if self.four { Moves::Four } else { Moves::Eight },
            corner_cutting: self.corner_cutting,
            heuristic: if self.manhattan {
                Heuristic::Manhattan
            } else {
                Heuristic::Octile
            },
            tie: self.tie,
            neighbour_order: if self.seed_order {
                NeighbourOrder::Seed
            } else {
                NeighbourOrder::Default
            },
            closed: if self.final_closed {
                ClosedNodes::Final
            } else {
                ClosedNodes::Reopen
            },
            costs: Costs {
                straight: self.costs.0,
                diagonal: self.costs.1,
            },
            ..Rules::default()
        }
    }
}

/// What the reference found.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    expanded: Vec<(u32, u32)>,
    cost: Option<u32>,
    path: Option<Vec<(u32, u32)>>,
    reopens: u64,
    decreases: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    New,
    Open,
    Closed,
}

/// A textbook A* over a `w`×`h` array of passable cells.
fn reference(
    free: &[bool],
    w: u32,
    h: u32,
    start: (u32, u32),
    goal: (u32, u32),
    cfg: Config,
) -> Answer {
    let n = (w * h) as usize;
    let id = |x: u32, y: u32| (y * w + x) as usize;
    let is_free = |x: i64, y: i64| {
        x >= 0 && y >= 0 && x < w as i64 && y < h as i64 && free[(y as u32 * w + x as u32) as usize]
    };
    let (straight, diagonal_cost) = cfg.costs;
    let estimate = |x: u32, y: u32| -> u32 {
        let dx = x.abs_diff(goal.0);
        let dy = y.abs_diff(goal.1);
        if cfg.manhattan {
            straight * (dx + dy)
        } else {
            let (short, long) = (dx.min(dy), dx.max(dy));
            diagonal_cost * short + straight * (long - short)
        }
    };
    let order = if cfg.seed_order {
        STRAIGHTS_FIRST
    } else {
        CLOCKWISE
    };
    let mut g = vec![u32::MAX; n];
    let mut state = vec![State::New; n];
    let mut parent = vec![usize::MAX; n];
    let mut current_key = vec![(0u32, 0u64, 0usize); n];
    let mut open: BTreeSet<(u32, u64, usize)> = BTreeSet::new();
    let mut made: u64 = 0;
    let mut make_key = |f: u32, g: u32, node: usize| {
        let tie = match cfg.tie {
            TiePolicy::Lifo => u64::MAX - made,
            TiePolicy::Fifo => made,
            TiePolicy::LargerG => {
                (u64::from(u32::MAX - g) << 32) | u64::from(u32::MAX - made as u32)
            }
        };
        made += 1;
        (f, tie, node)
    };
    let s = id(start.0, start.1);
    g[s] = 0;
    state[s] = State::Open;
    current_key[s] = make_key(estimate(start.0, start.1), 0, s);
    open.insert(current_key[s]);
    let (mut expanded, mut reopens, mut decreases) = (Vec::new(), 0, 0);
    let goal_id = id(goal.0, goal.1);
    let mut found = false;
    while let Some(k) = open.pop_first() {
        let node = k.2;
        state[node] = State::Closed;
        if node == goal_id {
            found = true;
            break;
        }
        let (x, y) = ((node as u32) % w, (node as u32) / w);
        expanded.push((x, y));
        for &(dx, dy) in &order {
            let diagonal = dx != 0 && dy != 0;
            if diagonal && cfg.four {
                continue;
            }
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if !is_free(nx, ny) {
                continue;
            }
            if diagonal
                && !cfg.corner_cutting
                && !(is_free(x as i64 + dx, y as i64) && is_free(x as i64, y as i64 + dy))
            {
                continue;
            }
            let m = id(nx as u32, ny as u32);
            let new_g = g[node] + if diagonal { diagonal_cost } else { straight };
            match state[m] {
                State::Closed if cfg.final_closed => continue,
                State::New => {}
                _ if new_g >= g[m] => continue,
                _ => {}
            }
            let key = make_key(new_g + estimate(nx as u32, ny as u32), new_g, m);
            match state[m] {
                State::Open => {
                    assert!(open.remove(&current_key[m]));
                    decreases += 1;
                }
                State::Closed => reopens += 1,
                State::New => {}
            }
            g[m] = new_g;
            parent[m] = node;
            state[m] = State::Open;
            current_key[m] = key;
            open.insert(key);
        }
    }
    let point = |i: usize| ((i as u32) % w, (i as u32) / w);
    let path = found.then(|| {
        let mut path = vec![goal];
        let mut i = goal_id;
        while i != s {
            i = parent[i];
            path.push(point(i));
        }
        path.reverse();
        path
    });
    Answer {
        expanded,
        cost: found.then_some(g[goal_id]),
        path,
        reopens,
        decreases,
    }
}

/// A small deterministic generator (SplitMix64) for sizes and endpoints.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn core_search_matches_an_independent_reference_expansion_by_expansion() {
    let configs = Config::all();
    assert_eq!(configs.len(), 288);
    let mut rng = Mix(0x5eed_0000_a57a);
    let mut search = Search::<Sorted>::new();
    let mut log = astar_core::ExpansionLog::default();
    let (mut runs, mut found, mut reopened, mut decreased) = (0, 0, 0, 0);
    const MAPS: usize = 288;
    const PER_MAP: usize = 8;
    for map in 0..MAPS {
        let w = 8 + rng.below(33) as u32;
        let h = 8 + rng.below(33) as u32;
        let density = [0.1, 0.2, 0.3, 0.4][map % 4];
        let grid = Grid::random(w, h, density, 1000 + map as u64).unwrap();
        let free: Vec<bool> = (0..h)
            .flat_map(|y| (0..w).map(move |x| Point::new(x, y)))
            .map(|q| grid.is_passable_at(q))
            .collect();
        let cells: Vec<u32> = (0..w * h).filter(|&i| free[i as usize]).collect();
        if cells.len() < 2 {
            continue;
        }
        for j in 0..PER_MAP {
            // Every configuration comes round MAPS·PER_MAP/288 = 8 times.
            let cfg = configs[(map * PER_MAP + j) % configs.len()];
            let a = cells[rng.below(cells.len() as u64) as usize];
            let b = cells[rng.below(cells.len() as u64) as usize];
            let (start, goal) = ((a % w, a / w), (b % w, b / w));
            let want = reference(&free, w, h, start, goal, cfg);
            let rules = cfg.rules();
            log.nodes.clear();
            let report = search
                .run_observed(
                    &Query::new(
                        &grid,
                        Point::new(start.0, start.1),
                        Point::new(goal.0, goal.1),
                        &rules,
                    ),
                    &mut log,
                )
                .unwrap();
            let got = Answer {
                expanded: log
                    .nodes
                    .iter()
                    .map(|&n| {
                        let q = grid.point(n);
                        (q.x, q.y)
                    })
                    .collect(),
                cost: report.cost,
                path: search
                    .path(&grid)
                    .map(|p| p.iter().map(|q| (q.x, q.y)).collect()),
                reopens: report.counters.reopens,
                decreases: report.counters.decreases,
            };
            assert_eq!(
                report.outcome == Outcome::Found,
                want.cost.is_some(),
                "map {map} {w}x{h}, {start:?} -> {goal:?}, {cfg:?}"
            );
            if got != want {
                let first = got
                    .expanded
                    .iter()
                    .zip(&want.expanded)
                    .position(|(a, b)| a != b);
                panic!(
                    "map {map} {w}x{h} density {density}, {start:?} -> {goal:?}, {cfg:?}: \
                     first differing expansion {first:?}\ncore:      {got:?}\nreference: {want:?}"
                );
            }
            runs += 1;
            found += usize::from(want.cost.is_some());
            reopened += usize::from(want.reopens > 0);
            decreased += usize::from(want.decreases > 0);
        }
    }
    // The sweep must exercise what it is meant to check.
    assert!(runs > 2000, "{runs}");
    assert!(found > runs / 2, "{found} of {runs}");
    assert!(reopened > 20, "only {reopened} searches re-opened a node");
    assert!(
        decreased > runs / 4,
        "only {decreased} searches decreased a key"
    );
}

#[test]
fn final_closed_nodes_are_never_reopened_and_reopen_does_reopen() {
    // On random maps under Manhattan × 10 with diagonals: `Final` never
    // re-opens, while `Reopen` does somewhere (and the two then differ).
    let mut search = Search::<Sorted>::new();
    let mut rng = Mix(77);
    let (mut reopened, mut differ) = (0, 0);
    for seed in 0..200 {
        let grid = Grid::random(20, 16, 0.2, seed).unwrap();
        let cells: Vec<Point> = (0..16)
            .flat_map(|y| (0..20).map(move |x| Point::new(x, y)))
            .filter(|&q| grid.is_passable_at(q))
            .collect();
        let a = cells[rng.below(cells.len() as u64) as usize];
        let b = cells[rng.below(cells.len() as u64) as usize];
        for tie in [TiePolicy::Lifo, TiePolicy::Fifo, TiePolicy::LargerG] {
            let reopen = Rules {
                heuristic: Heuristic::Manhattan,
                tie,
                ..Rules::default()
            };
            let fin = Rules {
                closed: ClosedNodes::Final,
                ..reopen
            };
            let r = search.run(&Query::new(&grid, a, b, &reopen)).unwrap();
            let f = search.run(&Query::new(&grid, a, b, &fin)).unwrap();
            assert_eq!(f.counters.reopens, 0, "seed {seed} {tie}");
            reopened += usize::from(r.counters.reopens > 0);
            differ += usize::from(r.counters.reopens > 0 && r != f);
        }
    }
    assert!(reopened > 10, "{reopened}");
    assert_eq!(differ, reopened);
}
