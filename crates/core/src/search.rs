//! The one generic A* of the project, in the order of seed 000's six steps.

use crate::grid::{Grid, NodeId, Point};
use crate::key::Key;
use crate::open_list::OpenList;
use crate::rules::{Costs, GoalTest, Heuristic, Moves, Rules, StepRule, TiePolicy};

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The goal was taken from OPEN: a path exists.
    Found,
    /// OPEN emptied before the goal was reached: no path exists.
    NoPath,
    /// The expansion limit was reached first.
    LimitReached,
}

impl Outcome {
    /// Short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Found => "found",
            Outcome::NoPath => "no-path",
            Outcome::LimitReached => "limit",
        }
    }
}

/// What a search did, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Nodes whose neighbours were generated (the goal, once taken, is not expanded).
    pub expansions: u64,
    /// Keys inserted with `push`, re-opened nodes included.
    pub pushes: u64,
    /// Live keys popped (stale keys of lazy lists not included).
    pub pops: u64,
    /// Stale keys popped and discarded (lazy lists only).
    pub stale_pops: u64,
    /// OPEN nodes whose G improved (decrease-key calls).
    pub decreases: u64,
    /// Closed nodes that got a cheaper G and went back on OPEN.
    pub reopens: u64,
    /// Largest number of entries OPEN held.
    pub max_open: u64,
}

/// Where a node stands in a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeState {
    /// Not reached.
    New,
    /// On OPEN.
    Open,
    /// On CLOSED.
    Closed,
}

/// The result of one search. The path itself is read with [`Search::path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchReport {
    /// How it ended.
    pub outcome: Outcome,
    /// Cost of the path found (G of the goal), when found.
    pub cost: Option<u32>,
    /// What it did.
    pub counters: Counters,
}

impl SearchReport {
    /// Path length in cells: cost divided by the straight step cost.
    pub fn length_in_cells(&self, costs: Costs) -> Option<f64> {
        self.cost.map(|c| c as f64 / costs.straight as f64)
    }
}

/// Why a search could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Start or goal is off the map.
    #[error("{which} {point} is off the {width}x{height} map")]
    OffMap {
        /// "start" or "goal".
        which: &'static str,
        /// The point.
        point: Point,
        /// Map width.
        width: u32,
        /// Map height.
        height: u32,
    },
    /// Start or goal is a wall.
    #[error("{which} {point} is on a wall")]
    OnWall {
        /// "start" or "goal".
        which: &'static str,
        /// The point.
        point: Point,
    },
    /// A cost did not fit in 32 bits.
    #[error("path costs overflow 32 bits on this map with step costs {0:?}")]
    CostOverflow(Costs),
    /// Step costs must be positive.
    #[error("step costs must be positive, got {0:?}")]
    BadCosts(Costs),
    /// The open list cannot reproduce the key order under these rules (see
    /// [`OpenList::supports`]).
    #[error("open list {list} does not support these rules: {reason}")]
    Unsupported {
        /// The list's name.
        list: &'static str,
        /// Why not.
        reason: String,
    },
}

/// Receives the events of a search, for tests, pictures and replays. The
/// default methods do nothing, and [`NoObserver`] compiles away entirely.
pub trait Observer {
    /// `node` was taken from OPEN and is about to be expanded, with cost `g`.
    fn expanded(&mut self, _node: NodeId, _g: u32) {}
    /// `node` was put on OPEN (first time, or re-opened) with cost `g` and estimate `h`.
    fn opened(&mut self, _node: NodeId, _g: u32, _h: u32) {}
    /// `node`, already on OPEN, got the cheaper cost `g` via a new parent.
    fn improved(&mut self, _node: NodeId, _g: u32) {}
}

/// The observer that observes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;
impl Observer for NoObserver {}

impl<O: Observer + ?Sized> Observer for &mut O {
    fn expanded(&mut self, node: NodeId, g: u32) {
        (**self).expanded(node, g)
    }
    fn opened(&mut self, node: NodeId, g: u32, h: u32) {
        (**self).opened(node, g, h)
    }
    fn improved(&mut self, node: NodeId, g: u32) {
        (**self).improved(node, g)
    }
}

/// Records every expansion in order: what sameness tests compare, and what a
/// replay of the search needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpansionLog {
    /// Expanded nodes, in order.
    pub nodes: Vec<NodeId>,
}

impl Observer for ExpansionLog {
    fn expanded(&mut self, node: NodeId, _g: u32) {
        self.nodes.push(node);
    }
}

/// The eight moves, as (dx, dy), in the order neighbours are generated:
/// clockwise from the upper left, as in seed 002's `GenerateSuccessors`.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// Indices into [`DIRECTIONS`] of the four straight moves, in generation order.
const STRAIGHT: [u8; 4] = [1, 3, 5, 7];

// Per-cell tag: bits 0-2 parent direction, bits 3-4 status, bits 5-31 the
// generation (search number) that wrote it. A tag from an older generation
// means "new" — that is how the arrays are reused without clearing.
const STATUS_OPEN: u32 = 1 << 3;
const STATUS_CLOSED: u32 = 2 << 3;
const STATUS_MASK: u32 = 3 << 3;
const DIR_MASK: u32 = 7;
const GEN_SHIFT: u32 = 5;
const MAX_GENERATION: u32 = u32::MAX >> GEN_SHIFT;

/// Bytes of per-cell state the search itself keeps: G (4) and the tag (4).
pub const SEARCH_BYTES_PER_NODE: usize = 8;

/// A reusable A* searcher over open list `L`.
///
/// Create one per thread and call [`Search::run`] for each query; its arrays
/// grow to the largest map seen and are never cleared between searches.
#[derive(Debug, Default)]
pub struct Search<L> {
    open: L,
    g: Vec<u32>,
    tag: Vec<u32>,
    generation: u32,
    seq: u64,
    /// Goal node and stride of the last search, for path reconstruction.
    last: Option<(NodeId, NodeId, u32)>,
}

/// The heuristic as a type, so that the hot loop is compiled once per heuristic
/// instead of matching on it at every node.
trait Estimate {
    fn estimate(dx: u32, dy: u32, c: Costs) -> u32;
}
struct OctileH;
struct ManhattanH;
struct ChebyshevH;
struct EuclideanH;
struct ZeroH;
impl Estimate for OctileH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u32 {
        let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
        c.diagonal * lo + c.straight * (hi - lo)
    }
}
impl Estimate for ManhattanH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u32 {
        c.straight * (dx + dy)
    }
}
impl Estimate for ChebyshevH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u32 {
        c.straight * dx.max(dy)
    }
}
impl Estimate for EuclideanH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u32 {
        let d = ((dx as f64).powi(2) + (dy as f64).powi(2)).sqrt();
        (c.straight as f64 * d).floor() as u32
    }
}
impl Estimate for ZeroH {
    #[inline(always)]
    fn estimate(_: u32, _: u32, _: Costs) -> u32 {
        0
    }
}

/// H of a point under `rules`, as the search computes it.
pub fn heuristic(rules: &Rules, from: Point, goal: Point) -> u32 {
    let (dx, dy) = (from.x.abs_diff(goal.x), from.y.abs_diff(goal.y));
    let c = rules.costs;
    match rules.heuristic {
        Heuristic::Octile => OctileH::estimate(dx, dy, c),
        Heuristic::Manhattan => ManhattanH::estimate(dx, dy, c),
        Heuristic::Chebyshev => ChebyshevH::estimate(dx, dy, c),
        Heuristic::Euclidean => EuclideanH::estimate(dx, dy, c),
        Heuristic::Zero => ZeroH::estimate(dx, dy, c),
    }
}

/// Checks that a start or goal is on the map and passable.
pub fn check_endpoint(grid: &Grid, which: &'static str, p: Point) -> Result<(), SearchError> {
    if !grid.contains(p) {
        return Err(SearchError::OffMap {
            which,
            point: p,
            width: grid.width(),
            height: grid.height(),
        });
    }
    if !grid.is_passable_at(p) {
        return Err(SearchError::OnWall { which, point: p });
    }
    Ok(())
}

impl<L: OpenList + Default> Search<L> {
    /// A searcher with an empty open list.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<L: OpenList> Search<L> {
    /// A searcher around a given open list.
    pub fn with_open_list(open: L) -> Self {
        Search {
            open,
            g: Vec::new(),
            tag: Vec::new(),
            generation: 0,
            seq: 0,
            last: None,
        }
    }

    /// The open list, e.g. to ask its memory use.
    pub fn open_list(&self) -> &L {
        &self.open
    }

    /// The open list, mutably (the replay loads its recorded order here).
    pub(crate) fn open_list_mut(&mut self) -> &mut L {
        &mut self.open
    }

    /// Searches from `start` to `goal`.
    pub fn run(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
    ) -> Result<SearchReport, SearchError> {
        self.run_observed(grid, start, goal, rules, &mut NoObserver)
    }

    /// Searches from `start` to `goal`, reporting every event to `observer`.
    pub fn run_observed(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        check_endpoint(grid, "start", start)?;
        check_endpoint(grid, "goal", goal)?;
        if rules.costs.straight == 0 || rules.costs.diagonal == 0 {
            return Err(SearchError::BadCosts(rules.costs));
        }
        L::supports(rules).map_err(|reason| SearchError::Unsupported {
            list: L::NAME,
            reason,
        })?;
        self.prepare(grid);
        match rules.heuristic {
            Heuristic::Octile => self.astar::<OctileH>(grid, start, goal, rules, observer),
            Heuristic::Manhattan => self.astar::<ManhattanH>(grid, start, goal, rules, observer),
            Heuristic::Chebyshev => self.astar::<ChebyshevH>(grid, start, goal, rules, observer),
            Heuristic::Euclidean => self.astar::<EuclideanH>(grid, start, goal, rules, observer),
            Heuristic::Zero => self.astar::<ZeroH>(grid, start, goal, rules, observer),
        }
    }

    /// Sizes the per-cell arrays and starts a new generation.
    fn prepare(&mut self, grid: &Grid) {
        let n = grid.node_count();
        if self.g.len() < n {
            self.g.resize(n, 0);
            self.tag.resize(n, 0);
        }
        if self.generation == MAX_GENERATION {
            // Once in 2^27 searches: old stamps could collide, so really clear.
            self.tag.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.seq = 0;
        self.open.clear(n);
        self.last = None;
    }

    #[inline(always)]
    fn key(&mut self, f: u32, g: u32, node: NodeId, tie: TiePolicy) -> Key {
        let seq = self.seq;
        self.seq += 1;
        let tie = match tie {
            TiePolicy::Lifo => !seq,
            TiePolicy::Fifo => seq,
            TiePolicy::LargerG => ((!g as u64) << 32) | (!(seq as u32)) as u64,
        };
        Key::new(f, tie, node)
    }

    fn astar<H: Estimate>(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        let stride = grid.stride();
        let costs = rules.costs;
        let passable = grid.passable_nodes();
        let stamp = self.generation << GEN_SHIFT;
        let offsets: [i64; 8] = DIRECTIONS.map(|(dx, dy)| dy as i64 * stride as i64 + dx as i64);
        let dirs: &[u8] = match rules.moves {
            Moves::Four => &STRAIGHT,
            Moves::Eight => &[0, 1, 2, 3, 4, 5, 6, 7],
        };
        let h_of = |x: u32, y: u32| H::estimate(x.abs_diff(goal.x), y.abs_diff(goal.y), costs);
        let overflow = || SearchError::CostOverflow(costs);
        let mut c = Counters::default();
        let goal_node = grid.node(goal);
        let start_node = grid.node(start);

        // Step 1: put the start on OPEN.
        let h0 = h_of(start.x, start.y);
        self.g[start_node as usize] = 0;
        self.tag[start_node as usize] = stamp | STATUS_OPEN;
        let k = self.key(h0, 0, start_node, rules.tie);
        self.open.push(k);
        observer.opened(start_node, 0, h0);
        c.pushes = 1;
        c.max_open = 1;

        // Seed modes, hoisted: loop-invariant, so their branches predict perfectly.
        let stop_on_open = rules.goal_test == GoalTest::Opened;
        let step_rule = rules.step_rule;
        let slip = step_rule == StepRule::Seed001Slip;
        let outcome = 'search: loop {
            // Step 2: the lowest F on OPEN becomes the current node.
            let Some(key) = self.open.pop() else {
                // Step 6: OPEN is empty, so there is no path.
                break Outcome::NoPath;
            };
            let node = key.node();
            let (x, y) = (node % stride - 1, node / stride - 1);
            let tag = self.tag[node as usize];
            let g = self.g[node as usize];
            if L::LAZY && (tag & STATUS_MASK != STATUS_OPEN || key.f() != g + h_of(x, y)) {
                c.stale_pops += 1;
                continue;
            }
            debug_assert_eq!(tag & STATUS_MASK, STATUS_OPEN);
            c.pops += 1;
            // Step 3: move it to CLOSED.
            self.tag[node as usize] = (tag & !STATUS_MASK) | STATUS_CLOSED;
            // Step 4: stop when the goal is closed.
            if node == goal_node {
                break Outcome::Found;
            }
            if rules
                .expansion_limit
                .is_some_and(|limit| c.expansions >= limit)
            {
                break Outcome::LimitReached;
            }
            c.expansions += 1;
            observer.expanded(node, g);

            // Step 5: look at each neighbour.
            for &d in dirs {
                let next = (node as i64 + offsets[d as usize]) as NodeId;
                if !passable[next as usize] {
                    continue;
                }
                let diagonal = d % 2 == 0;
                if diagonal && !rules.corner_cutting {
                    let (dx, dy) = DIRECTIONS[d as usize];
                    let beside_x = (node as i64 + dx as i64) as usize;
                    let beside_y = (node as i64 + dy as i64 * stride as i64) as usize;
                    if !passable[beside_x] || !passable[beside_y] {
                        continue;
                    }
                }
                let next_g = step_rule.child_g(g, diagonal, costs).ok_or_else(overflow)?;
                let next_tag = self.tag[next as usize];
                let fresh = next_tag >> GEN_SHIFT != self.generation;
                if !fresh && next_g >= self.g[next as usize] {
                    // Closed or open with a G at least as good: skip.
                    continue;
                }
                if slip && !fresh && next_tag & STATUS_MASK == STATUS_CLOSED {
                    // Seed 001 skips closed nodes outright; re-opening one under
                    // the slip could make a node its own ancestor.
                    continue;
                }
                let (dx, dy) = DIRECTIONS[d as usize];
                let (nx, ny) = ((x as i32 + dx) as u32, (y as i32 + dy) as u32);
                let h = h_of(nx, ny);
                let f = next_g.checked_add(h).ok_or_else(overflow)?;
                self.g[next as usize] = next_g;
                self.tag[next as usize] = stamp | STATUS_OPEN | d as u32;
                let k = self.key(f, next_g, next, rules.tie);
                if !fresh && next_tag & STATUS_MASK == STATUS_OPEN {
                    // Already on OPEN with a worse G: re-parent and decrease its key.
                    self.open.decrease(k);
                    observer.improved(next, next_g);
                    c.decreases += 1;
                } else {
                    if !fresh {
                        // Closed with a worse G (inconsistent heuristic): re-open.
                        c.reopens += 1;
                    }
                    self.open.push(k);
                    observer.opened(next, next_g, h);
                    c.pushes += 1;
                }
                if stop_on_open && next == goal_node {
                    // Seed 000's quicker stop: the goal has just been put on OPEN.
                    c.max_open = c.max_open.max(self.open.len() as u64);
                    break 'search Outcome::Found;
                }
            }
            // OPEN only grows while a node is expanded, so its size after the
            // expansion is the largest it reached during it.
            c.max_open = c.max_open.max(self.open.len() as u64);
        };
        let cost = (outcome == Outcome::Found).then(|| self.g[goal_node as usize]);
        if outcome == Outcome::Found {
            self.last = Some((start_node, goal_node, stride));
        }
        Ok(SearchReport {
            outcome,
            cost,
            counters: c,
        })
    }

    /// The path of the last search, from start to goal inclusive (seed 001's
    /// `getPath`), or `None` if it found none. `grid` must be the map searched.
    pub fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        let (start, goal, stride) = self.last?;
        debug_assert_eq!(stride, grid.stride());
        let mut path = vec![grid.point(goal)];
        let mut node = goal;
        while node != start {
            let (dx, dy) = DIRECTIONS[(self.tag[node as usize] & DIR_MASK) as usize];
            node = (node as i64 - dx as i64 - dy as i64 * stride as i64) as NodeId;
            path.push(grid.point(node));
        }
        path.reverse();
        Some(path)
    }

    /// G of a node in the last search, if the search reached it.
    pub fn g_of(&self, node: NodeId) -> Option<u32> {
        let reached = self.tag.get(node as usize)? >> GEN_SHIFT == self.generation;
        reached.then(|| self.g[node as usize])
    }

    /// Where a node stood when the last search ended.
    pub fn state_of(&self, node: NodeId) -> NodeState {
        match self.tag.get(node as usize) {
            Some(&t) if t >> GEN_SHIFT == self.generation => match t & STATUS_MASK {
                STATUS_OPEN => NodeState::Open,
                _ => NodeState::Closed,
            },
            _ => NodeState::New,
        }
    }

    /// The parent of a node reached by the last search (`None` for the start
    /// and for nodes it did not reach).
    pub fn parent_of(&self, grid: &Grid, node: NodeId) -> Option<NodeId> {
        self.g_of(node)?;
        if self.g[node as usize] == 0 && self.tag[node as usize] & DIR_MASK == 0 {
            // The start: G 0 and no direction written. (A step costs more than 0.)
            return None;
        }
        let (dx, dy) = DIRECTIONS[(self.tag[node as usize] & DIR_MASK) as usize];
        Some((node as i64 - dx as i64 - dy as i64 * grid.stride() as i64) as NodeId)
    }
}
