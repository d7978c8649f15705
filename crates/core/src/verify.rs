//! Independent checks of a search's answer, for tests and the scenario runner.

use crate::grid::{Grid, Point};
use crate::rules::{Moves, Rules};

/// A path's step counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PathSteps {
    /// Horizontal and vertical steps.
    pub straight: u64,
    /// Diagonal steps.
    pub diagonal: u64,
}

impl PathSteps {
    /// Cost under the rules' integer step costs.
    pub fn cost(&self, rules: &Rules) -> u64 {
        self.straight * rules.costs.straight as u64 + self.diagonal * rules.costs.diagonal as u64
    }

    /// Length in cells with diagonals of exactly √2, as MovingAI measures it.
    pub fn euclidean_length(&self) -> f64 {
        self.straight as f64 + self.diagonal as f64 * std::f64::consts::SQRT_2
    }
}

/// Checks that `path` goes from `start` to `goal` by legal steps under `rules`
/// (passable cells, allowed moves, no cut corner when cutting is forbidden)
/// and counts its steps; the error says which step is wrong.
pub fn check_path(
    grid: &Grid,
    rules: &Rules,
    start: Point,
    goal: Point,
    path: &[Point],
) -> Result<PathSteps, String> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Err("empty path".into());
    };
    if first != start || last != goal {
        return Err(format!(
            "path runs {first} → {last}, expected {start} → {goal}"
        ));
    }
    let mut steps = PathSteps::default();
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if !grid.is_passable_at(a) || !grid.is_passable_at(b) {
            return Err(format!(
                "step {i}: {a} → {b} touches a wall or leaves the map"
            ));
        }
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        match (dx, dy) {
            (1, 0) | (0, 1) => steps.straight += 1,
            (1, 1) if rules.moves == Moves::Eight => {
                let side_a = Point::new(b.x, a.y);
                let side_b = Point::new(a.x, b.y);
                let corner_free = grid.is_passable_at(side_a) && grid.is_passable_at(side_b);
                if !rules.corner_cutting && !corner_free {
                    return Err(format!("step {i}: {a} → {b} cuts a corner"));
                }
                steps.diagonal += 1;
            }
            _ => return Err(format!("step {i}: {a} → {b} is not a legal move")),
        }
    }
    Ok(steps)
}
