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

/// What is wrong with a path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// No cell at all.
    #[error("empty path")]
    Empty,
    /// It does not start at the start or end at the goal.
    #[error("path runs {first} → {last}, expected {start} → {goal}")]
    WrongEnds {
        /// Its first cell.
        first: Point,
        /// Its last cell.
        last: Point,
        /// The query's start.
        start: Point,
        /// The query's goal.
        goal: Point,
    },
    /// Step `step` enters or leaves a wall, or leaves the map.
    #[error("step {step}: {from} → {to} touches a wall or leaves the map")]
    Blocked {
        /// Which step, from 0.
        step: usize,
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
    /// Step `step` is a diagonal past a wall's corner, which the rules forbid.
    #[error("step {step}: {from} → {to} cuts a corner")]
    CutsCorner {
        /// Which step, from 0.
        step: usize,
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
    /// Step `step` is not one of the rules' moves.
    #[error("step {step}: {from} → {to} is not a legal move")]
    IllegalMove {
        /// Which step, from 0.
        step: usize,
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
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
) -> Result<PathSteps, PathError> {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return Err(PathError::Empty);
    };
    if first != start || last != goal {
        return Err(PathError::WrongEnds {
            first,
            last,
            start,
            goal,
        });
    }
    let mut steps = PathSteps::default();
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if !grid.is_passable_at(a) || !grid.is_passable_at(b) {
            return Err(PathError::Blocked {
                step: i,
                from: a,
                to: b,
            });
        }
        let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
        match (dx, dy) {
            (1, 0) | (0, 1) => steps.straight += 1,
            (1, 1) if rules.moves == Moves::Eight => {
                let side_a = Point::new(b.x, a.y);
                let side_b = Point::new(a.x, b.y);
                let corner_free = grid.is_passable_at(side_a) && grid.is_passable_at(side_b);
                if !rules.corner_cutting && !corner_free {
                    return Err(PathError::CutsCorner {
                        step: i,
                        from: a,
                        to: b,
                    });
                }
                steps.diagonal += 1;
            }
            _ => {
                return Err(PathError::IllegalMove {
                    step: i,
                    from: a,
                    to: b,
                })
            }
        }
    }
    Ok(steps)
}
