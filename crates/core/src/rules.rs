//! The rules of a search: moves, costs, heuristic, tie policy, neighbour order
//! and what happens to closed nodes.

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
    /// Seed 001's precedence slip: the seed's 10/14 costs, but each new G is
    /// what `g + (same row or column) ? 10 : 14` really computes in AS3. See
    /// [`StepRule::Seed001Slip`].
    Seed001Slip,
}

impl CostModel {
    /// How this preset turns a parent's G and a step into a child's G.
    pub const fn step_rule(self) -> StepRule {
        match self {
            CostModel::Seed001Slip => StepRule::Seed001Slip,
            CostModel::Seed | CostModel::MovingAi => StepRule::Sum,
        }
    }

    /// The step costs of this preset.
    pub const fn costs(self) -> Costs {
        match self {
            CostModel::Seed | CostModel::Seed001Slip => Costs {
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

/// How a child's G is computed from its parent's G and the step between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum StepRule {
    /// G(child) = G(parent) + step cost: what every A* means.
    #[default]
    Sum,
    /// Seed 001's line `cost = g + (note[0] == x || note[1] == y) ? COST_STRAIGHT
    /// : COST_DIAGONAL;`. In AS3 (as in C and Java) `+` binds tighter than `?:`,
    /// so it parses as `(g + straight) ? 10 : 14`, where the Boolean `straight`
    /// converts to 1 or 0. The sum is a Number, and a Number is true unless it
    /// is 0; G is never negative, so the sum is 0 exactly when `g == 0` and the
    /// step is diagonal. Hence the child's G is **not accumulated** at all:
    ///
    /// - a diagonal step from a node with G = 0 (the start) gives 14;
    /// - every other step gives 10 (straight from the start: 0 + 1 ≠ 0; any
    ///   step from a node with G ≥ 10: the sum is ≥ 10).
    ///
    /// Every node but the start thus has G 10 or 14, F = 10 + H away from the
    /// start's diagonals, and the search degenerates into greedy best-first
    /// search on H; the only "improvement" is a start diagonal (14) reached
    /// again by a straight or later step (10). The G of the goal says nothing
    /// about the path's length, so reports recompute the true cost of the path.
    ///
    /// As in seed 001 (whose `getArounds` skips closed nodes), a search under
    /// this rule never re-opens a closed node: a start diagonal (G 14) reached
    /// again from its own descendant (G 10) would otherwise take that
    /// descendant as its parent and close a cycle.
    Seed001Slip,
}

impl StepRule {
    /// G of a child reached from a parent with G `g` by a straight or diagonal
    /// step, under `costs`. `None` if the sum overflows 32 bits.
    #[inline(always)]
    pub fn child_g(self, g: u32, diagonal: bool, costs: Costs) -> Option<u32> {
        match self {
            StepRule::Sum => g.checked_add(if diagonal {
                costs.diagonal
            } else {
                costs.straight
            }),
            // (g + (straight as 0/1)) != 0 ? straight : diagonal, as AS3 does it.
            StepRule::Seed001Slip => Some(if g as u64 + u64::from(!diagonal) != 0 {
                costs.straight
            } else {
                costs.diagonal
            }),
        }
    }
}

/// When the search stops with a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GoalTest {
    /// When the goal is taken from OPEN and closed (step 4 of seed 000): the
    /// path is optimal with an admissible heuristic.
    #[default]
    Closed,
    /// As soon as the goal is put on OPEN, seed 000's "quicker" option that
    /// "sometimes finds a path that is not shortest": the goal's first G need
    /// not be its best.
    Opened,
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

/// In which order an expanded node's neighbours are generated.
///
/// Within one expansion every neighbour is relaxed once, so the order never
/// changes a G or a parent by itself; it changes the order in which keys are
/// made, and so which of several equal-F nodes was "added last" (LIFO) or
/// "first" (FIFO). Under a tie rule that looks at insertion order it changes
/// the search: its expansions, and with them possibly its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NeighbourOrder {
    /// [`crate::DIRECTIONS`]: clockwise from the upper left, ↖ ↑ ↗ → ↘ ↓ ↙ ←,
    /// as seed 002's `GenerateSuccessors` (the Amit port) does it. The default
    /// because every published run of this project used it, so its expansion
    /// counts stay comparable, and because it lets the search walk the
    /// neighbour mask bit by bit with no permutation.
    #[default]
    Default,
    /// The straight neighbours first, then the diagonals: → ↓ ← ↑ ↘ ↙ ↖ ↗
    /// (right, down, left, up, right-down, left-down, left-up, right-up), as
    /// public ports of seed 001's AS3 class scan them. This is the numbering of
    /// seed 000's worked example: the first expansion's neighbours are soldiers
    /// 1..8 with #1 the cell right of the start, and its round 3 picks #8 (the
    /// upper right diagonal) over #5 (the lower right one) as the last added of
    /// the two F = 54 nodes.
    Seed,
}

impl NeighbourOrder {
    /// The moves in generation order, as indices into [`crate::DIRECTIONS`].
    pub const fn directions(self) -> [usize; 8] {
        match self {
            NeighbourOrder::Default => [0, 1, 2, 3, 4, 5, 6, 7],
            NeighbourOrder::Seed => SEED_NEIGHBOUR_ORDER,
        }
    }
}

/// [`NeighbourOrder::Seed`] as indices into [`crate::DIRECTIONS`]
/// (↖0 ↑1 ↗2 →3 ↘4 ↓5 ↙6 ←7): → ↓ ← ↑ ↘ ↙ ↖ ↗.
pub(crate) const SEED_NEIGHBOUR_ORDER: [usize; 8] = [3, 5, 7, 1, 4, 6, 0, 2];

/// What happens when an expansion reaches a closed node by a cheaper path.
///
/// That happens only under an inconsistent heuristic (an admissible
/// consistent one closes every node with its best G), such as the seeds'
/// Manhattan × 10 with diagonal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ClosedNodes {
    /// The node takes the cheaper G and the new parent and goes back on OPEN
    /// (counted in [`crate::Counters::reopens`]). The default, and what the
    /// search has always done: with an admissible but inconsistent heuristic
    /// it is what keeps the path optimal, and it is the textbook A* that
    /// MovingAI's optimal lengths are checked against.
    #[default]
    Reopen,
    /// A closed node is final: it is never touched again, whatever G a later
    /// expansion offers. Step 5 of seed 000 ("skip it if it is not passable or
    /// already on the closed list") and seed 001's `getArounds`, which leaves
    /// closed nodes out of the neighbours altogether. Under an inconsistent
    /// heuristic the path may then be longer than the optimum.
    Final,
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
    /// When to stop: goal closed (default) or goal opened (seed 000's option).
    pub goal_test: GoalTest,
    /// How G accumulates: a plain sum (default) or seed 001's slip.
    pub step_rule: StepRule,
    /// Order in which an expansion generates its neighbours.
    pub neighbour_order: NeighbourOrder,
    /// Whether a closed node reached by a cheaper path is re-opened. (Under
    /// [`StepRule::Seed001Slip`] closed nodes are final whatever this says.)
    pub closed: ClosedNodes,
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
            goal_test: GoalTest::Closed,
            step_rule: StepRule::Sum,
            neighbour_order: NeighbourOrder::Default,
            closed: ClosedNodes::Reopen,
        }
    }
}

impl Rules {
    /// The default rules with `model`'s step costs and step rule: the two
    /// fields a cost preset sets, so a preset is never half applied.
    pub fn with_cost_model(model: CostModel) -> Rules {
        Rules {
            costs: model.costs(),
            step_rule: model.step_rule(),
            ..Rules::default()
        }
    }

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
            // With a diagonal dearer than two straight steps, octile exceeds
            // Manhattan, the true distance on an empty 4-connected map.
            (Heuristic::Octile, Moves::Four) => diagonal <= 2 * straight,
            (_, Moves::Four) => true,
            (Heuristic::Manhattan, Moves::Eight) => diagonal >= 2 * straight,
            // Octile is the empty-map distance only while a diagonal is worth
            // taking and no cheaper than a straight step; outside that range a
            // detour beats it and it overestimates (costs 2/5: octile says 5 for
            // one diagonal, two straight steps cost 4).
            (Heuristic::Octile, Moves::Eight) => straight <= diagonal && diagonal <= 2 * straight,
            (Heuristic::Chebyshev, Moves::Eight) => diagonal >= straight,
            // √(dx²+dy²) ≤ octile whenever a diagonal costs at least √2 straights.
            (Heuristic::Euclidean, Moves::Eight) => {
                (diagonal as u64).pow(2) >= 2 * (straight as u64).pow(2)
            }
        }
    }

    /// Whether the path found is guaranteed optimal: the goal tested when
    /// closed, G a true sum of step costs, and a heuristic that is admissible
    /// if closed nodes are re-opened, or consistent if they are final (an
    /// admissible heuristic alone lets a node close before its best G, and a
    /// final node keeps that worse G).
    pub fn guarantees_optimal(&self) -> bool {
        let heuristic_ok = match self.closed {
            ClosedNodes::Reopen => self.is_admissible(),
            ClosedNodes::Final => self.is_consistent(),
        };
        heuristic_ok && self.goal_test == GoalTest::Closed && self.step_rule == StepRule::Sum
    }

    /// Whether a closed node is never re-opened under these rules, whatever
    /// the heuristic: closed nodes final, or seed 001's slip (which implies it).
    pub fn closed_nodes_final(&self) -> bool {
        self.closed == ClosedNodes::Final || self.step_rule == StepRule::Seed001Slip
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
    "seed001-slip" => CostModel::Seed001Slip,
);
named_enum!(GoalTest, "goal test",
    "closed" => GoalTest::Closed,
    "opened" => GoalTest::Opened,
);
named_enum!(Moves, "move set",
    "8" => Moves::Eight,
    "4" => Moves::Four,
);
named_enum!(NeighbourOrder, "neighbour order",
    "default" => NeighbourOrder::Default,
    "seed" => NeighbourOrder::Seed,
);
named_enum!(ClosedNodes, "closed-node rule",
    "reopen" => ClosedNodes::Reopen,
    "final" => ClosedNodes::Final,
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
        for name in NeighbourOrder::NAMES {
            assert_eq!(name.parse::<NeighbourOrder>().unwrap().name(), *name);
        }
        for name in ClosedNodes::NAMES {
            assert_eq!(name.parse::<ClosedNodes>().unwrap().name(), *name);
        }
        assert_eq!(NeighbourOrder::NAMES, ["default", "seed"]);
        assert_eq!(ClosedNodes::NAMES, ["reopen", "final"]);
        assert_eq!(Rules::default().neighbour_order, NeighbourOrder::Default);
        assert_eq!(Rules::default().closed, ClosedNodes::Reopen);
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

    #[test]
    fn seed_neighbour_order_is_straights_then_diagonals() {
        use crate::DIRECTIONS;
        let moves = NeighbourOrder::Seed.directions().map(|d| DIRECTIONS[d]);
        // right, down, left, up, right-down, left-down, left-up, right-up (y down).
        assert_eq!(
            moves,
            [
                (1, 0),
                (0, 1),
                (-1, 0),
                (0, -1),
                (1, 1),
                (-1, 1),
                (-1, -1),
                (1, -1)
            ]
        );
        let default = NeighbourOrder::Default.directions().map(|d| DIRECTIONS[d]);
        assert_eq!(default, DIRECTIONS);
    }

    #[test]
    fn final_closed_nodes_need_a_consistent_heuristic_for_optimality() {
        let fin = Rules {
            closed: ClosedNodes::Final,
            ..Rules::default()
        };
        assert!(fin.guarantees_optimal());
        assert!(fin.closed_nodes_final());
        assert!(!Rules::default().closed_nodes_final());
        let man = Rules {
            heuristic: Heuristic::Manhattan,
            ..fin
        };
        assert!(!man.guarantees_optimal());
        let slip = Rules {
            step_rule: StepRule::Seed001Slip,
            ..Rules::default()
        };
        assert!(slip.closed_nodes_final());
    }
}
