//! The `grid_pathfinding` reference row: jump point search, another
//! algorithm, not another open list.
//!
//! [`GridJpsPeer`] runs `grid_pathfinding`'s `PathingGrid::get_path_single_goal`
//! on the same map and endpoints. That crate offers jump point search only
//! (its plain A* is private and always prunes): it skips the cells between
//! jump points, so it expands far fewer nodes than any A* over any open list.
//! It is measured as what *changing the algorithm* buys, beside what changing
//! the list buys, and kept apart from the lists and the A* peers in every
//! table and chart ([`crate::Kind::Algorithm`]).
//!
//! Its movement rules are not MovingAI's: a diagonal step needs only its
//! target cell free, so its paths cut corners (on the committed MovingAI
//! files, most of its paths do, and many are shorter than the files' optimal
//! lengths, which forbid it). This project's `corner_cutting` rule is the
//! same move set, so the peer runs only under it, with 8 moves and √2
//! diagonals, and refuses every other rule with the reason. Its step costs
//! are its own 70/99 (√2 to 1e-4); the cost it reports is that of the path it
//! returns, recomputed under the query's costs. Its paths are not always
//! optimal (a few cells too long on some queries, far more than 70/99 against
//! √2 explains): a sweep compares its answer with the A* searches' and
//! records a worse one as a mismatch of its own row, never as a silently
//! different answer (`engine::measure::item::same_answer`).
//!
//! It exposes no counters: like the A* peers it reports those of this
//! project's A* on the same query (run untimed in `prepare`), so its time
//! per expansion is per *A\** expansion, a normalisation, not its own work.
//! Its grid (the blocked cells, its neighbour masks, jump-point masks and
//! connected components) is built untimed in `prepare`, as a game would
//! build it once per map.

use crate::peer_common::PeerCommon;
use crate::Solver;
use astar_core::{
    CostModel, Grid, Heuristic, Moves, NodeId, Point, Query, Rules, SearchError, SearchReport,
    Unsupported,
};
use grid_pathfinding::PathingGrid;
use grid_util::grid::ValueGrid;

/// `grid_pathfinding`'s jump point search as a [`Solver`].
#[derive(Default)]
pub struct GridJpsPeer {
    /// The counters and the last path.
    common: PeerCommon,
    /// The crate's grid, and the stamp of the map it was built from.
    built: Option<(u64, PathingGrid)>,
}

impl std::fmt::Debug for GridJpsPeer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GridJpsPeer")
            .field("built_for", &self.built.as_ref().map(|(stamp, _)| stamp))
            .finish_non_exhaustive()
    }
}

/// The name in reports and on the command line.
const NAME: &str = "grid-jps";

impl GridJpsPeer {
    /// Whether the peer can run under `rules`, and why not: its own move set
    /// (8 moves, corners cut), √2 diagonals and the octile estimate, plus what
    /// every peer refuses.
    pub fn supports(rules: &Rules) -> Result<(), Unsupported> {
        if rules.moves != Moves::Eight {
            return Err(Unsupported::new(
                "grid_pathfinding's jump point search is run with 8 moves here (--moves 8)",
            ));
        }
        if !rules.corner_cutting {
            return Err(Unsupported::new(
                "grid_pathfinding's diagonal moves cut corners (a diagonal needs only its target free), \
                 which these rules forbid; run it with --corner-cutting",
            ));
        }
        if rules.costs != CostModel::MovingAi.costs() {
            return Err(Unsupported::new(
                "grid_pathfinding's diagonal costs √2 (99/70), not this query's; run it with --costs movingai",
            ));
        }
        if rules.heuristic != Heuristic::Octile {
            return Err(Unsupported::new(
                "grid_pathfinding estimates with its own octile distance only (--heuristic octile)",
            ));
        }
        crate::peer_supports(NAME, rules)
    }

    fn check(query: &Query) -> Result<(), SearchError> {
        query.check()?;
        Self::supports(query.rules)
            .map_err(|reason| SearchError::Unsupported { list: NAME, reason })
    }

    /// Builds the crate's grid for `grid` unless it holds it already.
    fn build(&mut self, grid: &Grid) {
        if self.built.as_ref().is_some_and(|(s, _)| *s == grid.stamp()) {
            return;
        }
        let (w, h) = (grid.width(), grid.height());
        let mut pathing = PathingGrid::new(w as usize, h as usize, false);
        for y in 0..h {
            for x in 0..w {
                if !grid.is_passable_at(Point::new(x, y)) {
                    pathing.grid.set(x as i32, y as i32, true);
                }
            }
        }
        pathing.initialize();
        pathing.generate_components();
        self.built = Some((grid.stamp(), pathing));
    }
}

impl Solver for GridJpsPeer {
    fn name(&self) -> &'static str {
        NAME
    }
    fn prepare(&mut self, query: &Query) -> Result<(), SearchError> {
        Self::check(query)?;
        self.build(query.grid);
        self.common.prepare(query)
    }
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        Self::check(query)?;
        let grid = query.grid;
        if !self.common.is_prepared_for(query)
            || self.built.as_ref().map(|b| b.0) != Some(grid.stamp())
        {
            // Not prepared for this query: prepare now (timed along).
            self.prepare(query)?;
        }
        let pathing = &self.built.as_ref().expect("built by prepare").1;
        let at = |p: Point| grid_util::point::Point::new(p.x as i32, p.y as i32);
        let found = pathing.get_path_single_goal(at(query.start), at(query.goal), false);
        let costs = query.rules.costs;
        let answer = found.map(|cells| {
            let nodes: Vec<NodeId> = cells
                .iter()
                .map(|c| grid.node(Point::new(c.x as u32, c.y as u32)))
                .collect();
            let cost = cells
                .windows(2)
                .map(|s| {
                    if s[0].x != s[1].x && s[0].y != s[1].y {
                        costs.diagonal
                    } else {
                        costs.straight
                    }
                })
                .sum();
            (nodes, cost)
        });
        Ok(self.common.answer(grid.stride(), answer))
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.common.path(grid)
    }
    fn preparation_bytes_per_node(&self) -> f64 {
        // The crate's grid: a bool, two u8 masks and a union-find entry
        // (parent and rank, 16 bytes) per cell, beside the reference search.
        self.common.preparation_bytes_per_node() + 19.0
    }
    /// An estimate from the crate's data layout, as it does not say: per node
    /// it reaches an index-map entry (hash, point, parent index, cost: 32
    /// bytes) and a slot (8 bytes), per push a heap entry (16 bytes). Jump
    /// point search reaches far fewer nodes than A*, and how many it does not
    /// say, so this is an upper bound: this project's A* pushes for the query.
    fn bytes_per_node(&self) -> f64 {
        match self.common.prepared_counters() {
            Some((counters, nodes)) => counters.pushes as f64 * 56.0 / nodes.max(1) as f64,
            None => 0.0,
        }
    }
}
