//! The `petgraph` peer: a graph library's A* on the grid built as a graph.
//!
//! [`PetgraphPeer`] runs `petgraph::algo::astar` on a graph built from the
//! grid, with the same moves, corner rule, integer step costs and heuristic
//! ([`astar_core::heuristic`]) as the core: what a user who already keeps
//! their map as a petgraph graph reaches for.
//!
//! # The graph
//! A [`Csr`] (compressed sparse row), directed, with one graph node per grid
//! node id (the padded storage, so a graph index *is* a [`NodeId`] and no id
//! map sits in the search) and one edge per legal move, weighted with the
//! move's integer cost. Walls and the padding border are nodes without
//! edges; the last padding node carries one self-loop, which no search can
//! reach, only so that the row array covers every grid node id. It holds,
//! per node, a row offset (`usize`), and per directed edge a target
//! (`u32`) and a cost (`u32`): on an open 8-connected map about 72 bytes a
//! cell. We chose it over `Graph` and `StableGraph` because the map is
//! built once and only read: a `Csr` keeps each node's edges contiguous, so
//! the `edges(node)` petgraph's astar calls per expansion is one slice walk,
//! where `Graph` follows a linked list of 20-byte edges (and `StableGraph`
//! adds holes); and over an implicit graph (petgraph's traits implemented on
//! the grid) because that would move the successor rules back into the
//! timed search and measure our trait code, not the graph a petgraph user
//! has. The graph is built untimed in [`Solver::prepare`], keyed on the
//! grid's [`stamp`](Grid::stamp), its size and the rules that shape the
//! graph (moves, corner rule, step costs): a changed or replaced grid, or
//! other rules, rebuild it; another query on the same map and rules reuses
//! it. `solve` runs only the A*.
//!
//! # Its search
//! petgraph 0.8's `astar` keeps a `std` `BinaryHeap` of `MinScored` entries,
//! each (the score triple (F, H, G), node), smallest first, with no
//! decrease-key: an improved node is pushed again and its stale entry is
//! skipped when popped (its G is above the best one recorded). Among equal F
//! it pops the smaller H first; among equal scores, in whatever order the
//! heap gives. Beside the heap it keeps one `hashbrown` `HashMap` (foldhash)
//! from node to its best (F, H, G) so far, and a path tracker, another such
//! `HashMap` from node to predecessor, which it walks back from the goal when
//! the goal is popped.
//! It has no closed set: a node popped with its best G is expanded, and
//! every edge out of it costs one call of the edge-cost callback and one of
//! the estimate callback, whether or not the neighbour improves. Costs are
//! `u64` in its search (its `Measure` adds without checking, and `u32`
//! could wrap on large maps with MovingAI's costs); the cost reported is
//! the `u32` the core would report. It does the whole search on every
//! `solve`.
//!
//! It exposes no counters, so the counters it reports are those of this
//! project's search on the same query, run untimed in `prepare` (as the
//! `pathfinding` peer does); its outcome, cost and path are its own. It
//! breaks ties its own way, so it expands other nodes and may return another
//! optimal path; only its cost is comparable. It refuses what the
//! `pathfinding` peer refuses, with [`Unsupported`]: an expansion limit (it
//! has none) and inadmissible heuristics (the cost found would then depend
//! on the tie-breaking).

use crate::grid_moves::{for_each_successor, ASCENDING};
use crate::peer_common::PeerCommon;
use crate::Solver;
use astar_core::{
    heuristic, Costs, Grid, Moves, NodeId, Point, Query, Rules, SearchError, SearchReport,
    Unsupported,
};
use petgraph::csr::Csr;
use std::cell::Cell;
use std::mem::size_of;

/// The graph petgraph searches: grid node ids as nodes, step costs as weights.
type GridGraph = Csr<(), u32, petgraph::Directed, u32>;

/// What a built graph stands for: the grid's content ([`Grid::stamp`], not
/// its address, which another grid may reuse), its size, and the rules that
/// decide its edges and their weights.
type GraphId = (u64, u32, u32, Moves, bool, Costs);

fn graph_id(grid: &Grid, rules: &Rules) -> GraphId {
    (
        grid.stamp(),
        grid.width(),
        grid.height(),
        rules.moves,
        rules.corner_cutting,
        rules.costs,
    )
}

/// Builds the graph of `grid` under `rules`: one node per grid node id, one
/// edge per legal move.
fn build(grid: &Grid, rules: &Rules) -> GridGraph {
    let nodes = grid.node_count() as NodeId;
    let mut edges: Vec<(u32, u32, u32)> = Vec::new();
    for node in 0..nodes {
        if grid.is_passable(node) {
            // Ascending targets: the sort order `from_sorted_edges` needs.
            for_each_successor(grid, rules, node, &ASCENDING, |next, cost| {
                edges.push((node, next, cost))
            });
        }
    }
    // The last node id is padding (never passable, never reached): a loop on
    // it makes the graph's row array cover every node id.
    let last = nodes - 1;
    edges.push((last, last, 0));
    Csr::from_sorted_edges(&edges).expect("edges are generated in sorted order")
}

/// How often petgraph's astar called back during one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CallbackCalls {
    /// Calls of the edge-cost callback: one per edge out of an expanded node.
    pub edge_costs: u64,
    /// Calls of the estimate callback: one for the start, one per edge.
    pub estimates: u64,
    /// Calls of the goal test: one per entry popped, stale ones included.
    pub goal_tests: u64,
}

/// Watches the callbacks; `()` watches nothing, so the timed search pays
/// for no counting.
trait Probe {
    fn edge_cost(&self) {}
    fn estimate(&self) {}
    fn goal_test(&self) {}
}

impl Probe for () {}

#[derive(Default)]
struct Counting {
    edge_costs: Cell<u64>,
    estimates: Cell<u64>,
    goal_tests: Cell<u64>,
}

impl Probe for Counting {
    fn edge_cost(&self) {
        self.edge_costs.set(self.edge_costs.get() + 1);
    }
    fn estimate(&self) {
        self.estimates.set(self.estimates.get() + 1);
    }
    fn goal_test(&self) {
        self.goal_tests.set(self.goal_tests.get() + 1);
    }
}

/// `petgraph::algo::astar` on a [`Csr`] of the grid, as a [`Solver`].
#[derive(Debug, Default)]
pub struct PetgraphPeer {
    /// The grid as a graph, and what it was built for.
    graph: Option<(GraphId, GridGraph)>,
    /// The counters and the last path.
    common: PeerCommon,
}

impl PetgraphPeer {
    /// Whether the peer can run under `rules`, and why not.
    pub fn supports(rules: &Rules) -> Result<(), Unsupported> {
        crate::peer_supports("petgraph", rules)
    }

    fn check(query: &Query) -> Result<(), SearchError> {
        crate::peer_check("petgraph", query)
    }

    /// [`Solver::solve`], also counting petgraph's calls of the callbacks:
    /// what it really did, as opposed to the counters, which are the core's.
    /// Counting is not free, so `solve` itself counts nothing.
    pub fn solve_counted(
        &mut self,
        query: &Query,
    ) -> Result<(SearchReport, CallbackCalls), SearchError> {
        let probe = Counting::default();
        let report = self.search(query, &probe)?;
        let calls = CallbackCalls {
            edge_costs: probe.edge_costs.get(),
            estimates: probe.estimates.get(),
            goal_tests: probe.goal_tests.get(),
        };
        Ok((report, calls))
    }

    /// The graph's bytes: a row offset per node, a target and a cost per edge.
    fn graph_bytes(graph: &GridGraph) -> usize {
        (graph.node_count() + 1) * size_of::<usize>()
            + graph.edge_count() * (size_of::<u32>() + size_of::<u32>())
    }

    fn search(&mut self, query: &Query, probe: &impl Probe) -> Result<SearchReport, SearchError> {
        Self::check(query)?;
        let (grid, start, goal, rules) = (query.grid, query.start, query.goal, query.rules);
        let fresh = |g: &Option<(GraphId, GridGraph)>| {
            g.as_ref()
                .is_some_and(|(id, _)| *id == graph_id(grid, rules))
        };
        if !self.common.is_prepared_for(query) || !fresh(&self.graph) {
            // Not prepared for this query: build and count now (the caller
            // did not separate untimed work, so it is timed along).
            self.prepare(query)?;
        }
        let (_, graph) = self.graph.as_ref().expect("prepared above");
        let stride = grid.stride();
        let goal_node = grid.node(goal);
        let found = petgraph::algo::astar(
            graph,
            grid.node(start),
            |node| {
                probe.goal_test();
                node == goal_node
            },
            |edge| {
                probe.edge_cost();
                u64::from(*edge.weight())
            },
            |node| {
                probe.estimate();
                let p = Point::new(node % stride - 1, node / stride - 1);
                heuristic(rules, p, goal)
            },
        );
        let found = match found {
            Some((cost, path)) => {
                let cost =
                    u32::try_from(cost).map_err(|_| SearchError::CostOverflow(rules.costs))?;
                Some((path, cost))
            }
            None => None,
        };
        Ok(self.common.answer(stride, found))
    }
}

impl Solver for PetgraphPeer {
    fn name(&self) -> &'static str {
        "petgraph"
    }
    /// Builds the graph (unless the one kept was built for this grid's
    /// stamp and size and these moves, corner rule and costs) and runs this
    /// project's search on the query for the counters.
    fn prepare(&mut self, query: &Query) -> Result<(), SearchError> {
        Self::check(query)?;
        let gid = graph_id(query.grid, query.rules);
        if self.graph.as_ref().is_none_or(|(id, _)| *id != gid) {
            // Drop the old graph first: two large graphs need not coexist.
            self.graph = None;
            self.graph = Some((gid, build(query.grid, query.rules)));
        }
        self.common.prepare(query)
    }
    fn solve(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        self.search(query, &())
    }
    fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        self.common.path(grid)
    }
    /// The graph (a row offset per node, a target and a cost per edge; spare
    /// capacity not counted) plus the per-cell arrays of the untimed
    /// reference search, over the map's nodes. The edge list the graph is
    /// built from is freed before any search and not counted.
    fn preparation_bytes_per_node(&self) -> f64 {
        let graph = match &self.graph {
            Some((_, graph)) => Self::graph_bytes(graph) as f64 / graph.node_count().max(1) as f64,
            None => 0.0,
        };
        self.common.preparation_bytes_per_node() + graph
    }
    /// An estimate from petgraph's data layout, as it does not say: per node
    /// reached, a score-map entry (node, (F, H, G): 32 bytes and a control
    /// byte) and, but for the start, a path-tracker entry (node,
    /// predecessor: 8 bytes and a control byte); per push a heap entry (32
    /// bytes: an upper bound on the heap's peak, since entries are popped on
    /// the way). The nodes reached and the pushes are taken from this
    /// project's search on the same query (pushes less re-opens, and pushes
    /// plus decreases, as petgraph pushes an improved node again). Averaged
    /// over the map's nodes; spare capacity not counted.
    fn bytes_per_node(&self) -> f64 {
        let Some((c, nodes)) = self.common.prepared_counters() else {
            return 0.0;
        };
        let reached = c.pushes.saturating_sub(c.reopens);
        let score = size_of::<(u32, (u64, u64, u64))>() + 1;
        let tracker = size_of::<(u32, u32)>() + 1;
        let entry = size_of::<((u64, u64, u64), u32)>();
        let bytes = reached * score as u64
            + reached.saturating_sub(1) * tracker as u64
            + (c.pushes + c.decreases) * entry as u64;
        bytes as f64 / nodes.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graph has a node for every grid node id and an edge for every
    /// legal move, and its size is what the memory figure says.
    #[test]
    fn the_graph_covers_every_node_id() {
        let grid = Grid::random(13, 9, 0.3, 7).unwrap();
        let rules = Rules::default();
        let graph = build(&grid, &rules);
        assert_eq!(graph.node_count(), grid.node_count());
        let mut moves = 0;
        for node in 0..grid.node_count() as NodeId {
            if grid.is_passable(node) {
                for_each_successor(&grid, &rules, node, &ASCENDING, |_, _| moves += 1);
            }
        }
        assert_eq!(graph.edge_count(), moves + 1, "one loop on the last node");
        let open = Grid::open(30, 30).unwrap();
        let per_node =
            PetgraphPeer::graph_bytes(&build(&open, &rules)) as f64 / open.node_count() as f64;
        assert!((50.0..80.0).contains(&per_node), "{per_node}");
    }
}
