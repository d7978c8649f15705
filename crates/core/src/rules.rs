//! The rules of a search: moves, costs, heuristic, tie policy.

use std::fmt;
use std::str::FromStr;

/// Which neighbours a cell has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Moves {
    /// Up, right, down, left.
    Four,
    /// The four straight moves and the four diagonals.
    Eight,
}

/// Integer step costs. Lengths in cells are `cost / straight`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Costs {
    /// Cost of a horizontal or vertical step.
    pub straight: u32,
    /// Cost of a diagonal step.
    pub diagonal: u32,
}

/// The named cost presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CostModel {
    /// Straight 10, diagonal 14: the seeds' costs.
    Seed,
    /// Straight 13860, diagonal 19601: 19601/13860 is a convergent of √2 with
    /// relative error 1.3e-9, so optimal lengths match MovingAI's √2 lengths
    /// far better than 1e-6 and, on maps of up to thousands of cells across,
    /// the rational costs rank paths exactly as √2 does.
    MovingAi,
}

impl CostModel {
    /// The step costs of this preset.
    pub const fn costs(self) -> Costs {
        match self {
            CostModel::Seed => Costs {
                straight: 10,
                diagonal: 14,
            },
            CostModel::MovingAi => Costs {
                straight: 13860,
                diagonal: 19601,
            },
        }
    }
}

/// The estimate H of the remaining cost, all scaled by the straight cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Exact distance on an empty 8-connected map: straight·(dx+dy) + (diag − 2·straight)·min(dx,dy).
    Octile,
    /// straight·(dx+dy), what seeds 000 and 001 use; inadmissible with diagonal moves.
    Manhattan,
    /// straight·max(dx,dy).
    Chebyshev,
    /// straight·√(dx²+dy²), rounded down so it never overestimates.
    Euclidean,
    /// Always 0: A* becomes Dijkstra's algorithm.
    Zero,
}

/// Which of several OPEN nodes with the same F pops first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TiePolicy {
    /// The node added last (seed 000's rule); an improved G counts as adding.
    #[default]
    Lifo,
    /// The node added first.
    Fifo,
    /// The node with the larger G (closer to the goal); among equal G, the last added.
    LargerG,
}

/// Everything that decides what a search does, apart from the map and query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// 4- or 8-connected.
    pub moves: Moves,
    /// With 8 moves: whether a diagonal may pass a blocked orthogonal neighbour.
    /// MovingAI's rule (the default) forbids it: a diagonal needs both free.
    pub corner_cutting: bool,
    /// Step costs.
    pub costs: Costs,
    /// Estimate of the remaining cost.
    pub heuristic: Heuristic,
    /// Order among equal F.
    pub tie: TiePolicy,
    /// Give up after this many expansions (the seeds' time-out).
    pub expansion_limit: Option<u64>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            moves: Moves::Eight,
            corner_cutting: false,
            costs: CostModel::Seed.costs(),
            heuristic: Heuristic::Octile,
            tie: TiePolicy::Lifo,
            expansion_limit: None,
        }
    }
}

impl Rules {
    /// The rules MovingAI's optimal lengths assume: 8-connected, no corner
    /// cutting, √2 diagonals, octile heuristic.
    pub fn movingai() -> Rules {
        Rules {
            costs: CostModel::MovingAi.costs(),
            ..Rules::default()
        }
    }

    /// Whether the heuristic never overestimates under these rules, so that the
    /// first path found is optimal.
    pub fn is_admissible(&self) -> bool {
        let Costs { straight, diagonal } = self.costs;
        match (self.heuristic, self.moves) {
            (Heuristic::Zero, _) => true,
            (_, Moves::Four) => true,
            (Heuristic::Manhattan, Moves::Eight) => diagonal >= 2 * straight,
            (Heuristic::Octile, Moves::Eight) => true,
            (Heuristic::Chebyshev, Moves::Eight) => diagonal >= straight,
            // √(dx²+dy²) ≤ octile whenever a diagonal costs at least √2 straights.
            (Heuristic::Euclidean, Moves::Eight) => {
                (diagonal as u64).pow(2) >= 2 * (straight as u64).pow(2)
            }
        }
    }

    /// Whether the heuristic is also consistent, so no closed node is ever re-opened.
    pub fn is_consistent(&self) -> bool {
        // All the admissible heuristics here are consistent on grids: each is a
        // metric whose unit steps cost no more than the moves they estimate.
        self.is_admissible()
    }
}

macro_rules! named_enum {
    ($ty:ty, $what:literal, $( $name:literal => $value:expr ),+ $(,)?) => {
        impl $ty {
            /// Every accepted name, in order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];
            /// The name used on the command line and in reports.
            pub fn name(self) -> &'static str {
                $( if self == $value { return $name; } )+
                unreachable!()
            }
        }
        impl FromStr for $ty {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                match s {
                    $( $name => Ok($value), )+
                    _ => Err(format!(
                        concat!("unknown ", $what, " {:?} (expected one of: {})"),
                        s,
                        Self::NAMES.join(", ")
                    )),
                }
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named_enum!(Heuristic, "heuristic",
    "octile" => Heuristic::Octile,
    "manhattan" => Heuristic::Manhattan,
    "chebyshev" => Heuristic::Chebyshev,
    "euclidean" => Heuristic::Euclidean,
    "zero" => Heuristic::Zero,
);
named_enum!(TiePolicy, "tie policy",
    "lifo" => TiePolicy::Lifo,
    "fifo" => TiePolicy::Fifo,
    "larger-g" => TiePolicy::LargerG,
);
named_enum!(CostModel, "cost model",
    "seed" => CostModel::Seed,
    "movingai" => CostModel::MovingAi,
);
named_enum!(Moves, "move set",
    "8" => Moves::Eight,
    "4" => Moves::Four,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in Heuristic::NAMES {
            assert_eq!(name.parse::<Heuristic>().unwrap().name(), *name);
        }
        for name in TiePolicy::NAMES {
            assert_eq!(name.parse::<TiePolicy>().unwrap().name(), *name);
        }
        let err = "octagonal".parse::<Heuristic>().unwrap_err();
        assert!(err.contains("unknown heuristic \"octagonal\""), "{err}");
    }

    #[test]
    fn movingai_costs_approximate_sqrt2() {
        let c = CostModel::MovingAi.costs();
        let ratio = c.diagonal as f64 / c.straight as f64;
        assert!((ratio / std::f64::consts::SQRT_2 - 1.0).abs() < 1e-8);
    }

    #[test]
    fn manhattan_with_diagonals_is_flagged_inadmissible() {
        let r = Rules {
            heuristic: Heuristic::Manhattan,
            ..Rules::default()
        };
        assert!(!r.is_admissible());
        assert!(Rules::default().is_admissible());
        assert!(Rules {
            moves: Moves::Four,
            ..r
        }
        .is_admissible());
    }
}
