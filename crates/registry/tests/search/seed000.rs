//! Seed 000's worked example, replayed and checked event by event.
//!
//! The classic board: 7 columns × 5 rows, start S at (1,2), goal G at (5,2), a
//! wall of three cells at x = 3, y = 1..=3 between them. The seed's rules:
//! straight step 10, diagonal 14, H = "only straight moves" to the goal × 10
//! (Manhattan), the last added among equal F first (LIFO), closed neighbours
//! skipped, and the eight neighbours numbered as the tutorial numbers its
//! soldiers: #1 right of the start, the other straight ones, then the
//! diagonals (→ ↓ ← ↑ ↘ ↙ ↖ ↗, [`NeighbourOrder::Seed`]).
//!
//! What the text says: the numbering 1–8 of the first expansion, #1's G 10,
//! H 30, F 40, #2's G of 10 + 14 = 24 through #1, #5 and #8 tied at F 54 and
//! #8, the last added, expanded third. What is inferred, not in the text: the
//! board's size and the wall's length (from the figures), no corner cutting
//! (the figures' path never touches the wall's corners), LIFO as the rule for
//! every tie (the text shows one tie), and the goal tested when closed.
//!
//! ```text
//!     x: 0123456
//!   y 0  .......
//!     1  ...#...
//!     2  .S.#.G.
//!     3  ...#...
//!     4  .......
//! ```

use astar_core::{
    ClosedNodes, CostModel, Grid, Heuristic, Moves, NeighbourOrder, NodeId, Observer, OpenList,
    Point, Query, Rules, Search, SearchReport, TiePolicy,
};
use astar_registry::Strategy;
use astar_registry::WithOpenList;
use std::collections::BTreeMap;

const BOARD: &str = "
    .......
    ...#...
    .S.#.G.
    ...#...
    .......
";

/// Seed 000's rules, with the neighbours in `order`.
fn rules(order: NeighbourOrder) -> Rules {
    Rules {
        moves: Moves::Eight,
        corner_cutting: false,
        costs: CostModel::Seed.costs(),
        heuristic: Heuristic::Manhattan,
        tie: TiePolicy::Lifo,
        expansion_limit: None,
        neighbour_order: order,
        closed: ClosedNodes::Final,
        // Goal tested when closed, G a plain sum of step costs: seed 000's six steps.
        ..Rules::default()
    }
}

/// One event of the search, in map coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    Opened { at: Point, g: u32, h: u32 },
    Improved { at: Point, g: u32 },
    Expanded { at: Point, g: u32 },
}

struct Recorder<'a> {
    grid: &'a Grid,
    events: Vec<Event>,
}

impl Observer for Recorder<'_> {
    fn expanded(&mut self, node: NodeId, g: u32) {
        let at = self.grid.point(node);
        self.events.push(Event::Expanded { at, g });
    }
    fn opened(&mut self, node: NodeId, g: u32, h: u32) {
        let at = self.grid.point(node);
        self.events.push(Event::Opened { at, g, h });
    }
    fn improved(&mut self, node: NodeId, g: u32) {
        let at = self.grid.point(node);
        self.events.push(Event::Improved { at, g });
    }
}

/// What one strategy did on the board.
struct Replay {
    events: Vec<Event>,
    report: SearchReport,
    path: Option<Vec<Point>>,
}

/// Runs the board with the strategy's open list and an observer, under
/// seed 000's rules with this neighbour order.
struct RunBoard(NeighbourOrder);
impl WithOpenList for RunBoard {
    type Output = Replay;
    fn call<L: OpenList + Default + Send + 'static>(self) -> Replay {
        let grid = Grid::from_ascii(BOARD).unwrap();
        let (start, goal) = (Point::new(1, 2), Point::new(5, 2));
        let mut search = Search::<L>::new();
        let mut recorder = Recorder {
            grid: &grid,
            events: Vec::new(),
        };
        let report = search
            .run_observed(
                &Query::new(&grid, start, goal, &rules(self.0)),
                &mut recorder,
            )
            .unwrap();
        let events = recorder.events;
        Replay {
            events,
            report,
            path: search.path(&grid),
        }
    }
}

/// A node on OPEN as the events describe it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct OpenNode {
    g: u32,
    h: u32,
    /// Index of the event that last put it on OPEN or improved it: "added".
    added: usize,
}

/// OPEN just before the `k`-th expansion (0-based), rebuilt from the events.
fn open_before(events: &[Event], k: usize) -> BTreeMap<Point, OpenNode> {
    let mut open = BTreeMap::new();
    let mut seen = 0;
    for (i, e) in events.iter().enumerate() {
        match *e {
            Event::Opened { at, g, h } => {
                open.insert(at, OpenNode { g, h, added: i });
            }
            Event::Improved { at, g } => {
                let n: &mut OpenNode = open.get_mut(&at).expect("improved a node not on OPEN");
                n.g = g;
                n.added = i;
            }
            Event::Expanded { at, .. } => {
                if seen == k {
                    return open;
                }
                open.remove(&at).expect("expanded a node not on OPEN");
                seen += 1;
            }
        }
    }
    panic!("fewer than {} expansions", k + 1);
}

fn expansions(events: &[Event]) -> Vec<Point> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Expanded { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

fn p(x: u32, y: u32) -> Point {
    Point::new(x, y)
}

#[test]
fn board_matches_the_drawing() {
    let grid = Grid::from_ascii(BOARD).unwrap();
    assert_eq!((grid.width(), grid.height()), (7, 5));
    let walls: Vec<Point> = (0..5)
        .flat_map(|y| (0..7).map(move |x| p(x, y)))
        .filter(|&q| !grid.is_passable_at(q))
        .collect();
    assert_eq!(walls, [p(3, 1), p(3, 2), p(3, 3)]);
    assert_eq!(astar_core::grid::find_marker(BOARD, 'S'), Some(p(1, 2)));
    assert_eq!(astar_core::grid::find_marker(BOARD, 'G'), Some(p(5, 2)));
}

/// The seed's first three rounds, for every strategy, numbered as the text
/// numbers them.
#[test]
fn first_rounds_are_as_the_seed_tells() {
    for s in Strategy::LISTS {
        let Replay { events, .. } = s
            .with(RunBoard(NeighbourOrder::Seed))
            .expect("an open list");
        let order = expansions(&events);
        // Round 1: "0" is the start, the only node on OPEN, expanded first.
        assert_eq!(
            events[0],
            Event::Opened {
                at: p(1, 2),
                g: 0,
                h: 40
            },
            "{s}"
        );
        assert_eq!(order[0], p(1, 2), "{s}");

        // It sends out soldiers 1 to 8, in the text's numbering.
        let soldiers: Vec<Point> = events[2..10]
            .iter()
            .map(|e| match *e {
                Event::Opened { at, .. } => at,
                other => panic!("{s}: not an opening: {other:?}"),
            })
            .collect();
        let numbered = [
            p(2, 2), // #1 right
            p(1, 3), // #2 down
            p(0, 2), // #3 left
            p(1, 1), // #4 up
            p(2, 3), // #5 right-down
            p(0, 3), // #6 left-down
            p(0, 1), // #7 left-up
            p(2, 1), // #8 right-up
        ];
        assert_eq!(soldiers, numbered, "{s}: soldiers numbered 1 to 8");
        // #1: G 10, H 30 (three straight steps to the goal), F 40 ...
        let open = open_before(&events, 1);
        assert_eq!(open.len(), 8, "{s}: all eight neighbours are open");
        let one = open[&numbered[0]];
        assert_eq!((one.g, one.h, one.g + one.h), (10, 30, 40), "{s}");
        // ... the lowest F on OPEN, alone, so it is expanded second.
        let min_f = open.values().map(|n| n.g + n.h).min().unwrap();
        assert_eq!(min_f, 40, "{s}");
        assert_eq!(open.values().filter(|n| n.g + n.h == 40).count(), 1, "{s}");
        assert_eq!(order[1], numbered[0], "{s}");

        // Round 2 changes nothing: #2 through #1 would be 10 + 14 = 24 > 10.
        let second = events
            .iter()
            .position(|e| *e == Event::Expanded { at: p(2, 2), g: 10 })
            .unwrap();
        assert!(
            matches!(events[second + 1], Event::Expanded { .. }),
            "{s}: expanding #1 opened or improved something: {:?}",
            events[second + 1]
        );
        assert_eq!(open[&numbered[1]].g, 10, "{s}: #2 keeps G 10");

        // Round 3: #5 and #8 are tied at the lowest F, 54; the marshal takes
        // #8, the last added.
        let open = open_before(&events, 2);
        let tied: Vec<Point> = open
            .iter()
            .filter(|(_, n)| n.g + n.h == 54)
            .map(|(q, _)| *q)
            .collect();
        assert_eq!(
            tied,
            [numbered[7], numbered[4]],
            "{s}: #8 and #5 (by position)"
        );
        assert_eq!(
            open.values().map(|n| n.g + n.h).min(),
            Some(54),
            "{s}: the lowest F"
        );
        assert_eq!(order[2], numbered[7], "{s}: the third expansion is #8");
    }
}

/// The whole search in the seed's order, as traced by hand in the core's
/// `tests/search_rules.rs`: every strategy follows it, and it goes round the
/// bottom of the wall.
#[test]
fn whole_search_in_the_seed_order() {
    let expected_order = [
        p(1, 2),
        p(2, 2),
        p(2, 1),
        p(2, 3),
        p(1, 1),
        p(0, 2),
        p(1, 3),
        p(2, 4),
        p(3, 4),
        p(4, 4),
        p(5, 3),
    ];
    let expected_path = [
        p(1, 2),
        p(2, 3),
        p(2, 4),
        p(3, 4),
        p(4, 4),
        p(5, 3),
        p(5, 2),
    ];
    for s in Strategy::LISTS {
        let r = s
            .with(RunBoard(NeighbourOrder::Seed))
            .expect("an open list");
        assert_eq!(expansions(&r.events), expected_order, "{s}");
        assert_eq!(r.path.as_deref(), Some(&expected_path[..]), "{s}");
        assert_eq!(r.report.cost, Some(68), "{s}");
        let c = r.report.counters;
        assert_eq!(
            (c.expansions, c.pushes, c.pops, c.decreases, c.reopens),
            (11, 25, 12, 2, 0),
            "{s}"
        );
    }
}

// The whole search in the project's default order, traced by hand. H(x,y) = 10·(|x−5| + |y−2|); "sN" is the
// order in which keys were made (LIFO: among equal F the larger sN pops first).
// Neighbours are generated clockwise from the upper left: ↖ ↑ ↗ → ↘ ↓ ↙ ←.
//
//  1. (1,2) G0. Opens (0,1) G14 F74 s1, (1,1) G10 F60 s2, (2,1) G14 F54 s3,
//     (2,2) G10 F40 s4, (2,3) G14 F54 s5, (1,3) G10 F60 s6, (0,3) G14 F74 s7,
//     (0,2) G10 F60 s8.
//  2. (2,2) F40 G10. Walls on the right; (1,1) 24≥10, (2,1) 20≥14, (2,3) 20≥14,
//     (1,3) 24≥10, (1,2) closed: nothing changes.
//  3. F54: s5 (2,3) beats s3. (3,4)↘ is refused: (3,3) is a wall (no corner
//     cutting). Opens (2,4) G24 F74 s9, (1,4)↙ G28 F88 s10.
//  4. (2,1) F54 G14. (3,0)↗ refused ((3,1) wall). Opens (1,0)↖ G28 F88 s11,
//     (2,0) G24 F74 s12.
//  5. F60: s8 (0,2) G10. (0,1) 20≥14, (1,1) 24≥10, (1,3) 24≥10, (0,3) 20≥14.
//  6. F60: s6 (1,3) G10. (2,4)↘ 24≥24. Improves (1,4) to G20 F80 s13, opens
//     (0,4)↙ G24 F94 s14.
//  7. F60: s2 (1,1) G10. Opens (0,0)↖ G24 F94 s15, improves (1,0) to G20 F80
//     s16; (2,0)↗ 24≥24, (0,1) 20≥14.
//  8. F74: s12 (2,0) G24 beats s9, s7, s1. Opens (3,0) G34 F74 s17; (3,1) is
//     a wall; (1,0) 34≥20.
//  9. F74: s17 (3,0) G34. (4,1)↘ refused ((3,1) wall). Opens (4,0) G44 F74 s18.
// 10. F74: s18 (4,0) G44. Opens (5,0) G54 F74 s19, (5,1)↘ G58 F68 s20 (both
//     (5,0) and (4,1) free), (4,1) G54 F74 s21.
// 11. F68: s20 (5,1) G58. Opens (6,0)↗ G72 F102, (6,1) G68 F88, (6,2)↘ G72
//     F82, (5,2) G68 F68 (the goal), (4,2)↙ G72 F82; (5,0) 68≥54, (4,1) 68≥54.
// 12. F68: the goal (5,2) is taken from OPEN: found, G = 68.
//
// Parents back from the goal: (5,2) ← (5,1) ← (4,0) ← (3,0) ← (2,0) ← (2,1)
// ← (1,2), costs 14+10+10+10+14+10 = 68. That is also the optimum: the path
// must pass (3,0) or (3,4); each side takes 34 (one diagonal, two straights,
// since no diagonal may touch the wall's corner), and 34 + 34 = 68.
// Keys made: s0..s26 = 27, two of them decrease-keys, so 25 pushes; 12 pops.

#[test]
fn whole_search_in_the_default_order_matches_the_hand_trace() {
    let expected_order = [
        p(1, 2),
        p(2, 2),
        p(2, 3),
        p(2, 1),
        p(0, 2),
        p(1, 3),
        p(1, 1),
        p(2, 0),
        p(3, 0),
        p(4, 0),
        p(5, 1),
    ];
    let expected_path = [
        p(1, 2),
        p(2, 1),
        p(2, 0),
        p(3, 0),
        p(4, 0),
        p(5, 1),
        p(5, 2),
    ];
    for s in Strategy::LISTS {
        let Replay {
            events,
            report,
            path,
        } = s
            .with(RunBoard(NeighbourOrder::Default))
            .expect("an open list");
        assert_eq!(expansions(&events), expected_order, "{s}");
        assert_eq!(path.as_deref(), Some(&expected_path[..]), "{s}");
        assert_eq!(report.cost, Some(68), "{s}");
        let c = report.counters;
        assert_eq!(
            (c.expansions, c.pushes, c.pops, c.decreases, c.reopens),
            (11, 25, 12, 2, 0),
            "{s}"
        );
        let improved: Vec<Event> = events
            .iter()
            .copied()
            .filter(|e| matches!(e, Event::Improved { .. }))
            .collect();
        assert_eq!(
            improved,
            [
                Event::Improved { at: p(1, 4), g: 20 },
                Event::Improved { at: p(1, 0), g: 20 }
            ],
            "{s}"
        );
        // The goal was opened with F = 68 = the path's cost, H = 0.
        assert!(
            events.contains(&Event::Opened {
                at: p(5, 2),
                g: 68,
                h: 0
            }),
            "{s}"
        );
    }
}
