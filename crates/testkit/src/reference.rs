//! An independent reference for the search, written only for tests: a plain
//! Dijkstra over `std::collections::BinaryHeap` and a path checker, both with
//! their own neighbour code taken straight from the rules. Nothing here uses the
//! core's search, its direction table or its verifier, so a bug there cannot
//! hide itself by being copied.

use astar_core::{Grid, Moves, Point, Rules};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Whether the cell at signed coordinates is on the map and passable.
fn free(grid: &Grid, x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < grid.width() as i64
        && y < grid.height() as i64
        && grid.is_passable_at(Point::new(x as u32, y as u32))
}

/// Cost of stepping from `a` to the adjacent `b` under `rules`, or `None` if
/// the step is not allowed: `b` blocked or off the map, not a king's move, a
/// diagonal with 4 moves, or a diagonal past a blocked orthogonal neighbour
/// when corner cutting is forbidden.
pub fn step_cost(grid: &Grid, rules: &Rules, a: Point, b: Point) -> Option<u64> {
    let (ax, ay, bx, by) = (a.x as i64, a.y as i64, b.x as i64, b.y as i64);
    if !free(grid, ax, ay) || !free(grid, bx, by) {
        return None;
    }
    match ((bx - ax).abs(), (by - ay).abs()) {
        (1, 0) | (0, 1) => Some(rules.costs.straight as u64),
        (1, 1) if rules.moves == Moves::Eight => {
            let both_free = free(grid, bx, ay) && free(grid, ax, by);
            (rules.corner_cutting || both_free).then_some(rules.costs.diagonal as u64)
        }
        _ => None,
    }
}

/// The legal moves out of `p`, with their costs.
pub fn neighbours(grid: &Grid, rules: &Rules, p: Point) -> Vec<(Point, u64)> {
    let mut out = Vec::with_capacity(8);
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            let (x, y) = (p.x as i64 + dx, p.y as i64 + dy);
            if (dx, dy) == (0, 0) || !free(grid, x, y) {
                continue;
            }
            let q = Point::new(x as u32, y as u32);
            if let Some(c) = step_cost(grid, rules, p, q) {
                out.push((q, c));
            }
        }
    }
    out
}

/// Shortest distances from `start` to every cell (row-major, `None` when
/// unreachable), by Dijkstra's algorithm with lazy deletion.
pub fn distances(grid: &Grid, rules: &Rules, start: Point) -> Vec<Option<u64>> {
    let w = grid.width() as usize;
    let index = |p: Point| p.y as usize * w + p.x as usize;
    let mut dist = vec![None; w * grid.height() as usize];
    let mut heap = BinaryHeap::new();
    dist[index(start)] = Some(0);
    heap.push(Reverse((0u64, start.x, start.y)));
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let p = Point::new(x, y);
        if dist[index(p)] != Some(d) {
            continue; // a stale entry: p was settled with a smaller distance
        }
        for (q, c) in neighbours(grid, rules, p) {
            let nd = d + c;
            if dist[index(q)].is_none_or(|old| nd < old) {
                dist[index(q)] = Some(nd);
                heap.push(Reverse((nd, q.x, q.y)));
            }
        }
    }
    dist
}

/// The optimal cost from `start` to `goal`, or `None` if the goal is unreachable.
pub fn shortest(grid: &Grid, rules: &Rules, start: Point, goal: Point) -> Option<u64> {
    distances(grid, rules, start)[goal.y as usize * grid.width() as usize + goal.x as usize]
}

/// Checks a path independently of the core's verifier: it starts at `start`,
/// ends at `goal`, every step is legal, and returns the sum of the step costs.
pub fn path_cost(
    grid: &Grid,
    rules: &Rules,
    start: Point,
    goal: Point,
    path: &[Point],
) -> Result<u64, String> {
    if path.first() != Some(&start) || path.last() != Some(&goal) {
        return Err(format!(
            "path ends are {:?} and {:?}, expected {start} and {goal}",
            path.first(),
            path.last()
        ));
    }
    let mut total = 0;
    for (i, w) in path.windows(2).enumerate() {
        total += step_cost(grid, rules, w[0], w[1])
            .ok_or_else(|| format!("step {i}: {} -> {} is not a legal move", w[0], w[1]))?;
    }
    Ok(total)
}

#[test]
fn reference_knows_the_rules() {
    let grid = Grid::from_ascii(
        "
        ...
        .#.
        ...
        ",
    )
    .unwrap();
    let eight = Rules::default();
    let (a, b) = (Point::new(0, 0), Point::new(1, 1));
    assert_eq!(step_cost(&grid, &eight, a, b), None, "onto a wall");
    // A diagonal whose orthogonal neighbour is the wall: forbidden, unless cutting.
    let (c, d) = (Point::new(1, 0), Point::new(0, 1));
    assert_eq!(step_cost(&grid, &eight, c, d), None);
    let cutting = Rules {
        corner_cutting: true,
        ..eight
    };
    assert_eq!(step_cost(&grid, &cutting, c, d), Some(14));
    let four = Rules {
        moves: Moves::Four,
        ..eight
    };
    assert_eq!(step_cost(&grid, &four, c, d), None);
    assert_eq!(
        step_cost(&grid, &eight, a, Point::new(2, 0)),
        None,
        "a jump"
    );
    // Around the centre wall, corner to opposite corner: 2 straight + 1
    // diagonal would cut the wall, so it is 4 straight steps.
    assert_eq!(shortest(&grid, &eight, a, Point::new(2, 2)), Some(40));
    assert_eq!(
        shortest(&grid, &cutting, a, Point::new(2, 2)),
        Some(10 + 14 + 10)
    );
    let walled = Grid::from_ascii(".#.").unwrap();
    assert_eq!(
        shortest(&walled, &eight, Point::new(0, 0), Point::new(2, 0)),
        None
    );
}
