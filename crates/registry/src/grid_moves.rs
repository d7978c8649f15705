//! The grid's moves as a peer sees them: which neighbours a node has under
//! the rules, and what each step costs. The same moves, corner rule and
//! integer step costs as the core's search, written out once for the peers
//! that build or walk a graph of their own.

use astar_core::{Grid, Moves, NodeId, Rules, DIRECTIONS};

/// The moves in ascending order of the neighbour's node id (↖ ↑ ↗ ← → ↙ ↓ ↘),
/// as indices into [`DIRECTIONS`]: the order a compressed sparse row wants
/// its edges in.
pub(crate) const ASCENDING: [usize; 8] = [0, 1, 2, 7, 3, 6, 5, 4];

/// Calls `f(neighbour, step cost)` for every move out of `node` that the
/// rules allow, in the order `order` gives (indices into [`DIRECTIONS`]).
///
/// `node` must be a passable node (one not on the grid's padding border), so
/// every neighbour id is in range. A diagonal needs both cells beside it free
/// unless the rules allow corner cutting; diagonals exist only with
/// [`Moves::Eight`].
pub(crate) fn for_each_successor(
    grid: &Grid,
    rules: &Rules,
    node: NodeId,
    order: &[usize; 8],
    mut f: impl FnMut(NodeId, u32),
) {
    let passable = grid.passable_nodes();
    let stride = i64::from(grid.stride());
    let eight = rules.moves == Moves::Eight;
    let at = |dx: i32, dy: i32| (i64::from(node) + i64::from(dy) * stride + i64::from(dx)) as usize;
    for &d in order {
        let (dx, dy) = DIRECTIONS[d];
        let diagonal = dx != 0 && dy != 0;
        if diagonal && !eight {
            continue;
        }
        let next = at(dx, dy);
        if !passable[next] {
            continue;
        }
        if diagonal && !rules.corner_cutting && !(passable[at(dx, 0)] && passable[at(0, dy)]) {
            continue;
        }
        let cost = if diagonal {
            rules.costs.diagonal
        } else {
            rules.costs.straight
        };
        f(next as NodeId, cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::verify::check_path;
    use astar_core::Point;

    /// The moves agree with the core's own path checker, one step at a time:
    /// a neighbour is listed exactly when the two-cell path to it is legal,
    /// at the cost the checker gives it, on random maps under every move set
    /// and corner rule.
    #[test]
    fn successors_are_the_legal_steps() {
        for seed in 0..20u64 {
            let grid = Grid::random(9, 7, 0.35, seed).unwrap();
            for moves in [Moves::Four, Moves::Eight] {
                for corner_cutting in [false, true] {
                    let rules = Rules {
                        moves,
                        corner_cutting,
                        ..Rules::default()
                    };
                    for y in 0..grid.height() {
                        for x in 0..grid.width() {
                            let p = Point::new(x, y);
                            if !grid.is_passable_at(p) {
                                continue;
                            }
                            let mut got = Vec::new();
                            for_each_successor(&grid, &rules, grid.node(p), &ASCENDING, |n, c| {
                                got.push((grid.point(n), u64::from(c)))
                            });
                            assert!(got
                                .windows(2)
                                .all(|w| grid.node(w[0].0) < grid.node(w[1].0)));
                            let mut want = Vec::new();
                            for (dx, dy) in DIRECTIONS {
                                let (qx, qy) = (x as i64 + dx as i64, y as i64 + dy as i64);
                                if qx < 0 || qy < 0 {
                                    continue;
                                }
                                let q = Point::new(qx as u32, qy as u32);
                                if !grid.is_passable_at(q) {
                                    continue;
                                }
                                if let Ok(steps) = check_path(&grid, &rules, p, q, &[p, q]) {
                                    want.push((q, steps.cost(&rules)));
                                }
                            }
                            got.sort_by_key(|&(q, _)| (q.y, q.x));
                            want.sort_by_key(|&(q, _)| (q.y, q.x));
                            assert_eq!(got, want, "{p} seed {seed} {rules:?}");
                        }
                    }
                }
            }
        }
    }
}
