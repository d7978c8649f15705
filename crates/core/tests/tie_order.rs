//! The tie policies on boards traced by hand, each with equal F and a
//! decrease-key (a node whose G improves while it is on OPEN).

mod common;

use astar_core::{Point, Rules, TiePolicy};
use common::{p, run};

fn rules(tie: TiePolicy) -> Rules {
    // Octile H, 10/14, no corner cutting, default neighbour order ↖ ↑ ↗ → ↘ ↓ ↙ ←.
    Rules {
        tie,
        ..Rules::default()
    }
}

fn expanded(board: &str, from: Point, to: Point, tie: TiePolicy) -> Vec<Point> {
    run(board, from, to, &rules(tie)).expanded()
}

/// Query (3,1) → (0,0). H(x,y) = 14·min(x,y) + 10·(max − min).
const SMALL: &str = "
    ....
    #...
";

// Round 1, every policy: (3,1) G0 F34 opens s1 ↖ (2,0) G14 F34, s2 ↑ (3,0)
// G10 F40, s3 ← (2,1) G10 F34.
//
// FIFO (the oldest of equal F first):
//  2. s1 (2,0) G14: opens s4 ↙ (1,1) G28 F42, s5 ← (1,0) G24 F34.
//  3. s3 (2,1) G10: (1,0) 24 ≥ 24; improves s6 ← (1,1) to G20 F34 — a
//     decrease-key makes a new key, so (1,1) now counts as the newest.
//  4. s5 (1,0) (older than s6): opens s7 ← the goal (0,0) G34 F34.
//  5. s6 (1,1); its ↖ to the goal is refused (wall (0,1)). 6. The goal (s7).
// LIFO (the newest first):
//  2. s3 (2,1): opens s4 ↖ (1,0) G24 F34, s5 ← (1,1) G20 F34.
//  3. s5 (1,1): nothing (↖ refused). 4. s4 (1,0): opens the goal s6. 5. Goal.
// Larger G (then the newest):
//  2. (2,0) G14 beats (2,1) G10: opens (1,1) G28 F42, (1,0) G24 F34.
//  3. (1,0) G24 beats (2,1) G10: opens the goal G34 F34. 4. The goal, G34.
#[test]
fn small_board_under_each_tie_policy() {
    let (from, to) = (p(3, 1), p(0, 0));
    assert_eq!(
        expanded(SMALL, from, to, TiePolicy::Fifo),
        [p(3, 1), p(2, 0), p(2, 1), p(1, 0), p(1, 1)]
    );
    assert_eq!(
        expanded(SMALL, from, to, TiePolicy::Lifo),
        [p(3, 1), p(2, 1), p(1, 1), p(1, 0)]
    );
    assert_eq!(
        expanded(SMALL, from, to, TiePolicy::LargerG),
        [p(3, 1), p(2, 0), p(1, 0)]
    );
    let fifo = run(SMALL, from, to, &rules(TiePolicy::Fifo));
    assert_eq!(fifo.report.counters.decreases, 1);
    assert_eq!(fifo.report.cost, Some(34));
}

/// Query (4,0) → (1,3). H = octile to (1,3).
const MEDIUM: &str = "
    .....
    .....
    ..#..
    .....
";

// LIFO, "sN" the order keys were made in:
//  1. (4,0) G0 F42: s1 ↓ (4,1) G10 F48, s2 ↙ (3,1) G14 F42, s3 ← (3,0) G10 F48.
//  2. (3,1) F42: s4 ↖ (2,0) G28 F62, s5 ↘ (4,2) G28 F62, s6 ↓ (3,2) G24 F48,
//     s7 ← (2,1) G24 F48.
//  3. F48: s7 (2,1): s8 ↖ (1,0) G38 F68, s9 ← (1,1) G34 F54 (↘ ↙ refused by
//     the wall (2,2)).
//  4. F48: s6 (3,2): s10 ↘ (4,3) G38 F68, s11 ↓ (3,3) G34 F54.
//  5. F48: s3 (3,0): improves s12 ← (2,0) to G20 F54.
//  6. F48: s1 (4,1): improves s13 ↓ (4,2) to G20 F54.
//  7. F54 among s13 (4,2), s12 (2,0), s11 (3,3), s9 (1,1): s13, the last
//     improved. Improves ↓ (4,3) to G30 F60.
//  8. F54: s12 (2,0). Improves ← (1,0) to G30 F60.
//  9. F54: s11 (3,3). Opens s16 ← (2,3) G44 F54.
// 10. F54: s16 (2,3). Opens s17 ← the goal (1,3) G54 F54. 11. The goal.
// FIFO (the oldest first) takes (4,1) s1 and (3,0) s3 at F48 before (3,2)
// and (2,1); (4,1) improves (4,2) before (3,0) improves (2,0), so at F54
// (4,2) holds the older key and goes first.
// Larger G: at F48 (2,1) and (3,2) (G24) go before (3,0), (4,1) (G10);
// at F54 (3,3) G34 beats (4,2) and (2,0) (G20) and (1,1) (G34, older).
#[test]
fn medium_board_under_each_tie_policy() {
    let (from, to) = (p(4, 0), p(1, 3));
    assert_eq!(
        expanded(MEDIUM, from, to, TiePolicy::Lifo),
        [
            p(4, 0),
            p(3, 1),
            p(2, 1),
            p(3, 2),
            p(3, 0),
            p(4, 1),
            p(4, 2),
            p(2, 0),
            p(3, 3),
            p(2, 3)
        ]
    );
    assert_eq!(
        expanded(MEDIUM, from, to, TiePolicy::Fifo),
        [
            p(4, 0),
            p(3, 1),
            p(4, 1),
            p(3, 0),
            p(3, 2),
            p(2, 1),
            p(4, 2),
            p(2, 0),
            p(3, 3),
            p(1, 1),
            p(2, 3),
            p(1, 2)
        ]
    );
    assert_eq!(
        expanded(MEDIUM, from, to, TiePolicy::LargerG),
        [
            p(4, 0),
            p(3, 1),
            p(2, 1),
            p(3, 2),
            p(3, 0),
            p(4, 1),
            p(3, 3),
            p(2, 3)
        ]
    );
    let lifo = run(MEDIUM, from, to, &rules(TiePolicy::Lifo));
    assert_eq!(lifo.report.counters.decreases, 4);
    assert_eq!(lifo.report.cost, Some(54));
}
