//! The neighbour-order and closed-node rules on boards traced by hand.

mod common;

use astar_core::{ClosedNodes, Heuristic, NeighbourOrder, Rules, TiePolicy};
use common::{p, run, Event};

/// Seed 000's board: start S (1,2), goal G (5,2), a wall at x = 3, y = 1..=3.
const SEED000: &str = "
    .......
    ...#...
    .S.#.G.
    ...#...
    .......
";

/// Seed 000's rules: Manhattan × 10, 10/14, LIFO, no corner cutting.
fn seed000_rules(order: NeighbourOrder) -> Rules {
    Rules {
        heuristic: Heuristic::Manhattan,
        tie: TiePolicy::Lifo,
        neighbour_order: order,
        ..Rules::default()
    }
}

// Seed 000 in the seed's neighbour order → ↓ ← ↑ ↘ ↙ ↖ ↗, traced by hand.
// H(x,y) = 10·(|x−5| + |y−2|); "sN" is the order keys were made in (LIFO:
// among equal F the larger sN pops first).
//
//  1. (1,2) G0 opens soldiers 1..8 as the seed numbers them: s1 → (2,2) G10
//     F40, s2 ↓ (1,3) G10 F60, s3 ← (0,2) G10 F60, s4 ↑ (1,1) G10 F60,
//     s5 ↘ (2,3) G14 F54, s6 ↙ (0,3) G14 F74, s7 ↖ (0,1) G14 F74, s8 ↗ (2,1)
//     G14 F54.
//  2. (2,2) F40: three walls, the closed start, nothing cheaper.
//  3. F54: s8 (2,1) beats s5 — the seed's "the last added, #8". Opens ↑ (2,0)
//     G24 F74 s9, ↖ (1,0) G28 F88 s10; ↗ (3,0) is refused (wall (3,1)).
//  4. F54: s5 (2,3). Opens ↓ (2,4) G24 F74 s11, ↙ (1,4) G28 F88 s12; ↘ (3,4)
//     refused (wall (3,3)).
//  5. F60: s4 (1,1). Improves ↑ (1,0) to G20 F80 s13, opens ↖ (0,0) G24 F94 s14.
//  6. F60: s3 (0,2): nothing cheaper.
//  7. F60: s2 (1,3). Improves ↓ (1,4) to G20 F80 s15, opens ↙ (0,4) G24 F94 s16.
//  8. F74: s11 (2,4) beats s9, s7, s6. Opens → (3,4) G34 F74 s17.
//  9. F74: s17 (3,4). Opens → (4,4) G44 F74 s18 (↗ (4,3) refused: wall (3,3)).
// 10. F74: s18 (4,4). Opens → (5,4) G54 F74 s19, ↑ (4,3) G54 F74 s20,
//     ↗ (5,3) G58 F68 s21.
// 11. F68: s21 (5,3). Opens ↑ the goal (5,2) G68 F68, among four others.
// 12. The goal is taken: G 68, by the lower way round the wall — the default
//     order (seed_modes and the harness's seed000 test) goes over the top.
#[test]
fn seed_order_numbers_soldiers_as_seed_000_and_goes_round_the_bottom() {
    let t = run(
        SEED000,
        p(1, 2),
        p(5, 2),
        &seed000_rules(NeighbourOrder::Seed),
    );
    let first_opened: Vec<_> = t.events[2..10].to_vec();
    assert_eq!(
        first_opened,
        [
            Event::Opened(p(2, 2), 10),
            Event::Opened(p(1, 3), 10),
            Event::Opened(p(0, 2), 10),
            Event::Opened(p(1, 1), 10),
            Event::Opened(p(2, 3), 14),
            Event::Opened(p(0, 3), 14),
            Event::Opened(p(0, 1), 14),
            Event::Opened(p(2, 1), 14),
        ]
    );
    assert_eq!(
        t.expanded(),
        [
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
        ]
    );
    assert_eq!(
        t.path.as_deref(),
        Some(
            &[
                p(1, 2),
                p(2, 3),
                p(2, 4),
                p(3, 4),
                p(4, 4),
                p(5, 3),
                p(5, 2)
            ][..]
        )
    );
    let c = t.report.counters;
    assert_eq!(t.report.cost, Some(68));
    assert_eq!(
        (c.expansions, c.pushes, c.pops, c.decreases, c.reopens),
        (11, 25, 12, 2, 0)
    );
}

#[test]
fn default_order_is_unchanged_on_seed_000() {
    // The same board in the default order ↖ ↑ ↗ → ↘ ↓ ↙ ←: (2,3) is added
    // after (2,1), so round 3 takes (2,3) and the path goes over the top
    // (traced in full in the harness's seed000 test).
    let t = run(
        SEED000,
        p(1, 2),
        p(5, 2),
        &seed000_rules(NeighbourOrder::Default),
    );
    assert_eq!(t.expanded()[..4], [p(1, 2), p(2, 2), p(2, 3), p(2, 1)]);
    assert_eq!(
        t.path.as_deref(),
        Some(
            &[
                p(1, 2),
                p(2, 1),
                p(2, 0),
                p(3, 0),
                p(4, 0),
                p(5, 1),
                p(5, 2)
            ][..]
        )
    );
    assert_eq!(Rules::default().neighbour_order, NeighbourOrder::Default);
}

/// A board where Manhattan × 10 closes a node before its best G.
const REOPEN: &str = "
    ...
    .#.
    ...
    #..
    ...
";

// Query (1,0) → (0,4), Manhattan × 10, FIFO, default order. H(x,y) =
// 10·(x + |y−4|).
//
//  1. (1,0) G0: opens → (2,0) G10 F70 s1, ← (0,0) G10 F50 s2 (↘ ↙ refused
//     by the wall (1,1)).
//  2. (0,0) F50: opens ↓ (0,1) G20 F50 s3.
//  3. (0,1) F50: opens ↓ (0,2) G30 F50 s4.
//  4. (0,2) F50: opens → (1,2) G40 F70 s5 (↘ (1,3) refused by the wall (0,3)).
//  5. F70, FIFO: s1 (2,0). Opens ↓ (2,1) G20 F70 s6.
//  6. F70: s5 (1,2) G40. Opens → (2,2) G50 F90, ↘ (2,3) G54 F84, ↓ (1,3) G50 F70 s9.
//  7. F70: s6 (2,1) G20. Improves ↓ (2,2) to G30 F70 s10.
//  8. F70: s9 (1,3) G50 — closed with G 50. Opens ↘ (2,4) G64, ↓ (1,4) G60 F70 s12.
//  9. F70: s10 (2,2) G30. Improves ↓ (2,3) to G40; ↙ (1,3) is closed, and
//     30 + 14 = 44 < 50:
//     - reopen: (1,3) goes back on OPEN with G 44, F 64, parent (2,2);
//     - final: (1,3) is skipped.
// Reopen: 10. (1,3) G44 F64 improves (1,4) to G54 F64 and (2,4) to G58;
//         11. (1,4) opens the goal G64 F64; 12. the goal: 64, the optimum.
// Final:  10. F70 s12 (1,4) G60 opens the goal G70 F70 s14; 11. s13 (2,3)
//         G40; 12. the goal (s14): 70, by (0,0) (0,1) (0,2) (1,2) (1,3) (1,4).
#[test]
fn reopen_reopens_the_closed_node_and_final_does_not() {
    let reopen = Rules {
        heuristic: Heuristic::Manhattan,
        tie: TiePolicy::Fifo,
        ..Rules::default()
    };
    let fin = Rules {
        closed: ClosedNodes::Final,
        ..reopen
    };
    assert_eq!(reopen.closed, ClosedNodes::Reopen, "the default re-opens");
    let common_part = [
        p(1, 0),
        p(0, 0),
        p(0, 1),
        p(0, 2),
        p(2, 0),
        p(1, 2),
        p(2, 1),
        p(1, 3),
        p(2, 2),
    ];

    let t = run(REOPEN, p(1, 0), p(0, 4), &reopen);
    let mut want = common_part.to_vec();
    want.extend([p(1, 3), p(1, 4)]);
    assert_eq!(t.expanded(), want);
    assert_eq!(t.reopened(), [(p(1, 3), 44)]);
    assert_eq!(t.report.counters.reopens, 1);
    assert_eq!(t.report.cost, Some(64));
    assert_eq!(
        t.path.as_deref(),
        Some(
            &[
                p(1, 0),
                p(2, 0),
                p(2, 1),
                p(2, 2),
                p(1, 3),
                p(1, 4),
                p(0, 4)
            ][..]
        )
    );

    let t = run(REOPEN, p(1, 0), p(0, 4), &fin);
    let mut want = common_part.to_vec();
    want.extend([p(1, 4), p(2, 3)]);
    assert_eq!(t.expanded(), want);
    assert_eq!(t.reopened(), []);
    assert_eq!(t.report.counters.reopens, 0);
    assert_eq!(t.report.cost, Some(70));
    assert_eq!(
        t.path.as_deref(),
        Some(
            &[
                p(1, 0),
                p(0, 0),
                p(0, 1),
                p(0, 2),
                p(1, 2),
                p(1, 3),
                p(1, 4),
                p(0, 4)
            ][..]
        )
    );
    // Final keeps optimality only with a consistent heuristic.
    assert!(!fin.guarantees_optimal());
    assert!(Rules {
        heuristic: Heuristic::Octile,
        ..fin
    }
    .guarantees_optimal());
}
