//! The one generic A* of the project, in the order of seed 000's six steps.

use crate::grid::{Grid, NodeId, Point, DIRECTIONS};
use crate::key::Key;
use crate::open_list::OpenList;
use crate::query::Query;
use crate::rules::{
    Costs, GoalTest, Heuristic, Moves, NeighbourOrder, Rules, StepRule, TiePolicy,
    SEED_NEIGHBOUR_ORDER,
};

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
    /// Successors produced by expansions: every legal move out of an expanded
    /// node, whether or not it improved the neighbour (GPPC's "generated").
    pub generated: u64,
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
    /// A G, H or F of the search did not fit in 32 bits.
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
        reason: crate::Unsupported,
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
pub const SEARCH_BYTES_PER_NODE: usize = std::mem::size_of::<Cell>();

/// What the search keeps per cell. G and the tag sit side by side because
/// they are always read together: one cache line per neighbour, not two.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    g: u32,
    tag: u32,
}

/// Bit `d` of a neighbour mask stands for the move `DIRECTIONS[d]`.
/// The straight moves are the odd bits.
const STRAIGHT_BITS: u8 = 0b1010_1010;

/// Division by a grid's stride as a multiply and a shift, exact for every
/// node id (below [`crate::grid::MAX_CELLS`] = 2^28): a hardware divide per
/// expansion costs more than the rest of the bookkeeping of a pop.
///
/// With `l = ceil(log2 d)` and `m = ceil(2^(28 + l) / d)`, `(n * m) >> (28 + l)`
/// equals `n / d` for every `n < 2^28` (Granlund and Montgomery, "Division by
/// invariant integers using multiplication", 1994, theorem 4.2); `n * m` stays
/// below 2^58.
#[derive(Clone, Copy, Debug)]
struct StrideDivider {
    divisor: u32,
    magic: u64,
    shift: u32,
}

impl StrideDivider {
    const NUMERATOR_BITS: u32 = 28;

    fn new(divisor: u32) -> StrideDivider {
        assert!(divisor > 0, "a stride is at least 3");
        let l = u32::BITS - (divisor - 1).leading_zeros();
        let shift = Self::NUMERATOR_BITS + l;
        let magic = (1u64 << shift).div_ceil(divisor as u64);
        StrideDivider {
            divisor,
            magic,
            shift,
        }
    }

    /// `(n / divisor, n % divisor)`.
    #[inline(always)]
    fn div_rem(self, n: NodeId) -> (u32, u32) {
        debug_assert!(u64::from(n) < 1 << Self::NUMERATOR_BITS);
        let q = ((n as u64 * self.magic) >> self.shift) as u32;
        (q, n - q * self.divisor)
    }
}

/// The moves allowed from a cell whose passable neighbours are `open`: without
/// corner cutting a diagonal also needs both straight cells beside it, which
/// are the bits next to it (rotating by one brings each beside the diagonal).
#[inline(always)]
fn allowed_moves(open: u8, moves: Moves, corner_cutting: bool) -> u8 {
    let allowed = if corner_cutting {
        open
    } else {
        open & (STRAIGHT_BITS | (open.rotate_left(1) & open.rotate_right(1)))
    };
    match moves {
        Moves::Four => allowed & STRAIGHT_BITS,
        Moves::Eight => allowed,
    }
}

/// The neighbour order as a type, so that the hot loop is compiled once per
/// order and the default one walks the neighbour mask with no permutation at
/// all (both functions are the identity there).
trait Order {
    /// A mask over [`DIRECTIONS`] rearranged so that bit `i` is the move
    /// generated `i`-th.
    fn arrange(mask: u8) -> u8;
    /// The index into [`DIRECTIONS`] of the move generated `i`-th.
    fn direction(i: usize) -> usize;
}
struct DefaultOrder;
struct SeedOrder;
impl Order for DefaultOrder {
    #[inline(always)]
    fn arrange(mask: u8) -> u8 {
        mask
    }
    #[inline(always)]
    fn direction(i: usize) -> usize {
        i
    }
}

/// [`SEED_NEIGHBOUR_ORDER`] applied to every mask (read when the move table
/// is built).
const SEED_ARRANGED: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut i = 0;
        while i < 8 {
            if mask & (1 << SEED_NEIGHBOUR_ORDER[i]) != 0 {
                table[mask] |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

impl Order for SeedOrder {
    #[inline(always)]
    fn arrange(mask: u8) -> u8 {
        SEED_ARRANGED[mask as usize]
    }
    #[inline(always)]
    fn direction(i: usize) -> usize {
        SEED_NEIGHBOUR_ORDER[i & 7]
    }
}

/// The rules a search runs under, as a type, so that the hot loop of the
/// standard rules (LIFO ties, steps that add up, the goal tested when it is
/// closed, closed nodes re-opened) is compiled without the seeds' modes: each
/// mode is a loop-invariant test per move otherwise.
trait Mode {
    /// Whether the rules are the standard ones (see [`Mode`]).
    const STANDARD: bool;
    /// The tie field of the key made `seq`-th (from 0), with cost `g`,
    /// under `policy`.
    #[inline(always)]
    fn tie(policy: TiePolicy, seq: u64, g: u32) -> u64 {
        debug_assert!(!Self::STANDARD || policy == TiePolicy::Lifo);
        let policy = if Self::STANDARD {
            TiePolicy::Lifo
        } else {
            policy
        };
        match policy {
            TiePolicy::Lifo => !seq,
            TiePolicy::Fifo => seq,
            TiePolicy::LargerG => ((!g as u64) << 32) | (!(seq as u32)) as u64,
        }
    }
}
/// The standard rules only.
struct Standard;
/// Any rules, read at run time.
struct AnyRules;
impl Mode for Standard {
    const STANDARD: bool = true;
}
impl Mode for AnyRules {
    const STANDARD: bool = false;
}

impl Standard {
    /// Whether `rules` are the standard ones. (Seed 001's slip also makes
    /// closed nodes final, so the last test would exclude it alone; the
    /// step rule is named for the reader.)
    fn fits(rules: &Rules) -> bool {
        rules.tie == TiePolicy::Lifo
            && rules.step_rule == StepRule::Sum
            && rules.goal_test == GoalTest::Closed
            && !rules.closed_nodes_final()
    }
}

/// A reusable A* searcher over open list `L`.
///
/// Create one per thread and call [`Search::run`] for each query; its arrays
/// grow to the largest map seen and are never cleared between searches.
///
/// ```
/// use astar_core::grid::find_marker;
/// use astar_core::verify::check_path;
/// use astar_core::{Grid, Outcome, Query, Rules, Search};
/// # use astar_core::{Key, OpenList};
/// # // The core has no open list of its own: a sorted vector stands in.
/// # #[derive(Default)]
/// # struct SortedVec(Vec<Key>);
/// # impl OpenList for SortedVec {
/// #     const NAME: &'static str = "sorted-vec";
/// #     fn clear(&mut self, _nodes: usize) { self.0.clear(); }
/// #     fn push(&mut self, key: Key) {
/// #         let at = self.0.partition_point(|k| *k > key);
/// #         self.0.insert(at, key);
/// #     }
/// #     fn decrease(&mut self, key: Key) {
/// #         self.0.retain(|k| k.node() != key.node());
/// #         self.push(key);
/// #     }
/// #     fn pop(&mut self) -> Option<Key> { self.0.pop() }
/// #     fn len(&self) -> usize { self.0.len() }
/// # }
///
/// let drawing = "
///     S.#.G
///     ..#..
///     .....
/// ";
/// let grid = Grid::from_ascii(drawing).unwrap();
/// let start = find_marker(drawing, 'S').unwrap();
/// let goal = find_marker(drawing, 'G').unwrap();
/// let rules = Rules::default();
/// let query = Query::new(&grid, start, goal, &rules);
///
/// let mut search = Search::<SortedVec>::new();
/// let report = search.run(&query).unwrap();
/// assert_eq!(report.outcome, Outcome::Found);
/// // Down to the gap under the wall and up again, each way two straight
/// // steps and a diagonal (no diagonal past the wall's corner).
/// let (straight, diagonal) = (rules.costs.straight, rules.costs.diagonal);
/// assert_eq!(report.cost, Some(2 * (2 * straight + diagonal)));
///
/// let path = search.path(&grid).unwrap();
/// let steps = check_path(&grid, &rules, start, goal, &path).unwrap();
/// assert_eq!((steps.straight, steps.diagonal), (4, 2));
/// ```
#[derive(Debug, Default)]
pub struct Search<L> {
    open: L,
    cells: Vec<Cell>,
    generation: u32,
    /// Start node, goal node and stride of the last search that found a
    /// path, for path reconstruction.
    last: Option<(NodeId, NodeId, u32)>,
    /// The moves of every neighbour mask under the last rules searched
    /// (see [`MoveTable`]), kept while the rules stay the same.
    moves: MoveTable,
}

/// For each of the 256 masks of passable neighbours, the moves a node with
/// those neighbours makes (corner rule and four or eight moves applied),
/// arranged in generation order (bit `i` is the move generated `i`-th), and
/// how many there are: one load per expansion instead of the rules' tests.
/// Also which of those moves a node reached by a given move need not try
/// (see [`MoveTable::dominated`]). Built once for a set of rules and reused
/// while they do not change.
#[derive(Clone, Debug)]
struct MoveTable {
    /// `(moves, count)` per mask.
    entries: [(u8, u8); 256],
    /// `dominated[d][mask]`: the moves (arranged like `entries`) out of a
    /// node N whose parent P reached it by move `d`, P's passable
    /// neighbours being `mask`, that land on a cell P itself moved to at
    /// most as cheaply as through N — P, and the cells beside both that P
    /// was allowed to step to. When P was expanded it gave each such cell a
    /// G at most G(P) + step(P→M) ≤ G(N) + step(N→M), and G only falls, so
    /// the move cannot improve it: skipping it changes nothing in the
    /// search but the work (it is the "natural neighbours" pruning of jump
    /// point search, without the jumps). Under seed 001's slip, where G does
    /// not add up along a path, only the move back to P (closed, and closed
    /// nodes are final there).
    dominated: [[u8; 256]; 8],
    /// The rules the table was built for.
    built_for: Option<(Moves, bool, NeighbourOrder, Costs, StepRule)>,
}

impl Default for MoveTable {
    fn default() -> Self {
        MoveTable {
            entries: [(0, 0); 256],
            dominated: [[0; 256]; 8],
            built_for: None,
        }
    }
}

impl MoveTable {
    /// The table for these rules, building it if the last one was for others.
    fn for_rules<N: Order>(&mut self, rules: &Rules) -> &MoveTable {
        let want = (
            rules.moves,
            rules.corner_cutting,
            rules.neighbour_order,
            rules.costs,
            rules.step_rule,
        );
        if self.built_for == Some(want) {
            return self;
        }
        let allowed = |open: u8| allowed_moves(open, rules.moves, rules.corner_cutting);
        for open in 0..=255u8 {
            let moves = allowed(open);
            self.entries[open as usize] = (N::arrange(moves), moves.count_ones() as u8);
        }
        let step = |d: usize| {
            if d % 2 == 0 {
                rules.costs.diagonal
            } else {
                rules.costs.straight
            }
        };
        for (d, &(pdx, pdy)) in DIRECTIONS.iter().enumerate() {
            let back = 1u8 << ((d + 4) % 8);
            for open in 0..=255u8 {
                let mut skip = back;
                if rules.step_rule == StepRule::Sum {
                    let parent_moves = allowed(open);
                    for (e, &(ex, ey)) in DIRECTIONS.iter().enumerate() {
                        // From N, the cell P reaches by move `e`.
                        let (rx, ry) = (ex - pdx, ey - pdy);
                        let Some(f) = DIRECTIONS.iter().position(|&m| m == (rx, ry)) else {
                            continue;
                        };
                        let through_n = u64::from(step(d)) + u64::from(step(f));
                        if parent_moves & (1 << e) != 0 && u64::from(step(e)) <= through_n {
                            skip |= 1 << f;
                        }
                    }
                }
                self.dominated[d][open as usize] = N::arrange(skip);
            }
        }
        self.built_for = Some(want);
        self
    }
}

/// The heuristic as a type, so that the hot loop is compiled once per heuristic
/// instead of matching on it at every node.
trait Estimate {
    fn estimate(dx: u32, dy: u32, c: Costs) -> u64;
}
struct OctileH;
struct ManhattanH;
struct ChebyshevH;
struct EuclideanH;
struct ZeroH;
impl Estimate for OctileH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u64 {
        // diagonal·min + straight·(max − min), as straight·(dx + dy) minus
        // (2·straight − diagonal)·min: one min instead of a min and a max.
        // Wrapping, because 2·straight − diagonal is negative when diagonal
        // steps cost more than two straight ones; the result is the same.
        let (straight, diagonal) = (u64::from(c.straight), u64::from(c.diagonal));
        let saved = (2 * straight).wrapping_sub(diagonal);
        let straight_only = straight * (u64::from(dx) + u64::from(dy));
        straight_only.wrapping_sub(saved.wrapping_mul(u64::from(dx.min(dy))))
    }
}
impl Estimate for ManhattanH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u64 {
        u64::from(c.straight) * (u64::from(dx) + u64::from(dy))
    }
}
impl Estimate for ChebyshevH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u64 {
        u64::from(c.straight) * u64::from(dx.max(dy))
    }
}
impl Estimate for EuclideanH {
    #[inline(always)]
    fn estimate(dx: u32, dy: u32, c: Costs) -> u64 {
        let d = ((dx as f64).powi(2) + (dy as f64).powi(2)).sqrt();
        (c.straight as f64 * d).floor() as u64
    }
}
impl Estimate for ZeroH {
    #[inline(always)]
    fn estimate(_: u32, _: u32, _: Costs) -> u64 {
        0
    }
}

/// H of a point under `rules`, as the search computes it (in 64 bits: a
/// search whose H or F does not fit in 32 fails with
/// [`SearchError::CostOverflow`]).
pub fn heuristic(rules: &Rules, from: Point, goal: Point) -> u64 {
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

// `Query::check` lives beside the search's errors it returns, so the query
// module needs nothing of the search.
impl Query<'_> {
    /// What any search needs of a query before it runs, whatever its open
    /// list or crate: both endpoints on the map and passable, and step costs
    /// above zero.
    pub fn check(&self) -> Result<(), SearchError> {
        check_endpoint(self.grid, "start", self.start)?;
        check_endpoint(self.grid, "goal", self.goal)?;
        let costs = self.rules.costs;
        if costs.straight == 0 || costs.diagonal == 0 {
            return Err(SearchError::BadCosts(costs));
        }
        Ok(())
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
            cells: Vec::new(),
            generation: 0,
            last: None,
            moves: MoveTable::default(),
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

    /// Answers `query`.
    pub fn run(&mut self, query: &Query) -> Result<SearchReport, SearchError> {
        self.run_observed(query, &mut NoObserver)
    }

    /// Answers `query`, reporting every event to `observer`.
    pub fn run_observed(
        &mut self,
        query: &Query,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        query.check()?;
        L::supports(query.rules).map_err(|reason| SearchError::Unsupported {
            list: L::NAME,
            reason,
        })?;
        self.prepare(query.grid);
        match query.rules.neighbour_order {
            NeighbourOrder::Default => self.astar_in::<DefaultOrder>(query, observer),
            NeighbourOrder::Seed => self.astar_in::<SeedOrder>(query, observer),
        }
    }

    /// The search in neighbour order `N`, with the mode and the heuristic
    /// as types.
    fn astar_in<N: Order>(
        &mut self,
        query: &Query,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        if Standard::fits(query.rules) {
            self.astar_mode::<N, Standard>(query, observer)
        } else {
            self.astar_mode::<N, AnyRules>(query, observer)
        }
    }

    /// The search in neighbour order `N` and mode `M`, with the heuristic
    /// as a type.
    fn astar_mode<N: Order, M: Mode>(
        &mut self,
        query: &Query,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        match query.rules.heuristic {
            Heuristic::Octile => self.astar::<OctileH, N, M>(query, observer),
            Heuristic::Manhattan => self.astar::<ManhattanH, N, M>(query, observer),
            Heuristic::Chebyshev => self.astar::<ChebyshevH, N, M>(query, observer),
            Heuristic::Euclidean => self.astar::<EuclideanH, N, M>(query, observer),
            Heuristic::Zero => self.astar::<ZeroH, N, M>(query, observer),
        }
    }

    /// Sizes the per-cell arrays and starts a new generation.
    fn prepare(&mut self, grid: &Grid) {
        let n = grid.node_count();
        if self.cells.len() < n {
            self.cells.resize(n, Cell::default());
        }
        if self.generation == MAX_GENERATION {
            // Once in 2^27 searches: old stamps could collide, so really clear.
            self.cells.fill(Cell::default());
            self.generation = 0;
        }
        self.generation += 1;
        self.open.clear(n);
        self.last = None;
    }

    fn astar<H: Estimate, N: Order, M: Mode>(
        &mut self,
        query: &Query,
        observer: &mut impl Observer,
    ) -> Result<SearchReport, SearchError> {
        let (grid, start, goal, rules) = (query.grid, query.start, query.goal, query.rules);
        let stride = grid.stride();
        let row_of = StrideDivider::new(stride);
        let costs = rules.costs;
        let neighbour_masks = grid.neighbour_masks();
        let generation = self.generation;
        let stamp = generation << GEN_SHIFT;
        // Per move: where it lands, what it costs, and its (dx, dy).
        let offsets: [isize; 8] =
            DIRECTIONS.map(|(dx, dy)| dy as isize * stride as isize + dx as isize);
        let steps: [u32; 8] = std::array::from_fn(|d| {
            if d % 2 == 0 {
                costs.diagonal
            } else {
                costs.straight
            }
        });
        let h_of = |x: u32, y: u32| H::estimate(x.abs_diff(goal.x), y.abs_diff(goal.y), costs);
        let overflow = || SearchError::CostOverflow(costs);
        let mut c = Counters::default();
        let goal_node = grid.node(goal);
        let start_node = grid.node(start);
        let cells = &mut self.cells[..grid.node_count()];
        let open = &mut self.open;
        // The push counter behind the tie-break: every key gets a fresh one.
        let mut seq: u64 = 0;
        // The tags the early row reads below see, folded together and handed
        // to `black_box` once after the loop: that keeps the reads without a
        // compiler barrier inside the loop.
        let mut touched = 0u32;
        let tie_policy = rules.tie;
        let mut key = |f: u32, g: u32, node: NodeId| {
            let tie = M::tie(tie_policy, seq, g);
            seq += 1;
            Key::new(f, tie, node)
        };

        // Step 1: put the start on OPEN.
        let h0 = u32::try_from(h_of(start.x, start.y)).map_err(|_| overflow())?;
        cells[start_node as usize] = Cell {
            g: 0,
            tag: stamp | STATUS_OPEN,
        };
        open.push(key(h0, 0, start_node));
        observer.opened(start_node, 0, h0);
        c.pushes = 1;
        c.max_open = 1;

        // Rules and seed modes, hoisted: loop-invariant, so their branches
        // predict perfectly.
        let move_table = self.moves.for_rules::<N>(rules);
        let expansion_limit = rules.expansion_limit.unwrap_or(u64::MAX);
        let stop_on_open = !M::STANDARD && rules.goal_test == GoalTest::Opened;
        let step_rule = if M::STANDARD {
            StepRule::Sum
        } else {
            rules.step_rule
        };
        let closed_final = !M::STANDARD && rules.closed_nodes_final();
        let outcome = 'search: loop {
            // Step 2: the lowest F on OPEN becomes the current node.
            let Some(popped) = open.pop() else {
                // Step 6: OPEN is empty, so there is no path.
                break Outcome::NoPath;
            };
            let node = popped.node();
            // A lazy list's stale key is always found CLOSED: a node gets a new
            // key only when its G drops, so its newest key has the smallest F
            // of all its keys (H is the node's own) and pops first, closing it.
            // Re-opening pushes a newer, smaller key again. So an older key
            // can only be the smallest on OPEN once the node is closed, and
            // the status alone tells stale from live, without computing H.
            // Checked before the early reads below, which a stale key does
            // not need (for other lists this test is compiled out).
            if L::LAZY && cells[node as usize].tag & STATUS_MASK != STATUS_OPEN {
                c.stale_pops += 1;
                continue;
            }
            // Read the cells above and below now, beside the node's own. The
            // moves are known only once the node's cell and mask are in, so on
            // a map larger than the cache the neighbours' rows would miss
            // after that, each miss waiting on another; read here, the misses
            // overlap. (Side by side this took 5–8% off the floor, two-level
            // and the heap on random 1024² maps.)
            let (n, s) = (node as usize, stride as usize);
            if let Some(rows) = cells.get(n.wrapping_sub(s)..=n + s) {
                touched ^= rows[0].tag ^ rows[rows.len() - 1].tag;
            }
            let (row, column) = row_of.div_rem(node);
            // Map coordinates: the padded storage has a border row and column.
            let (x, y) = (column - 1, row - 1);
            let Cell { g, tag } = cells[node as usize];
            debug_assert_eq!(tag & STATUS_MASK, STATUS_OPEN);
            // (The floor's replayed keys carry only the node, so only lazy
            // lists' keys are checked.)
            debug_assert!(
                !L::LAZY || u64::from(popped.f()) == u64::from(g) + h_of(x, y),
                "a stale key passed for live"
            );
            c.pops += 1;
            // Step 3: move it to CLOSED.
            cells[node as usize].tag = (tag & !STATUS_MASK) | STATUS_CLOSED;
            // Step 4: stop when the goal is closed.
            if node == goal_node {
                break Outcome::Found;
            }
            if c.expansions >= expansion_limit {
                break Outcome::LimitReached;
            }
            c.expansions += 1;
            observer.expanded(node, g);

            // Step 5: look at each neighbour it may move to, in the rules'
            // neighbour order (bit `i` of `moves_left` is the `i`-th move).
            let open_cells = neighbour_masks[node as usize];
            let (moves, count) = move_table.entries[open_cells as usize];
            c.generated += u64::from(count);
            // Moves that cannot improve anything, given how this node was
            // reached, are not tried (see `MoveTable::dominated`); they still
            // count as generated. The start has no parent.
            let dominated = if node == start_node {
                0
            } else {
                let d = (tag & DIR_MASK) as usize;
                let parent = node.wrapping_add_signed(-offsets[d] as i32);
                move_table.dominated[d][neighbour_masks[parent as usize] as usize]
            };
            let mut moves_left = moves & !dominated;
            while moves_left != 0 {
                // `& 7` lets the compiler see that every table index is in range.
                let d = N::direction(moves_left.trailing_zeros() as usize) & 7;
                moves_left &= moves_left - 1;
                let next = node.wrapping_add_signed(offsets[d] as i32);
                // G, H and F in 64 bits, so that one test below finds any of
                // them past 32 bits (F is the largest). A G past 32 bits never
                // improves a known cell, so only a move to a new cell fails.
                let next_g = match step_rule {
                    StepRule::Sum => u64::from(g) + u64::from(steps[d]),
                    StepRule::Seed001Slip => u64::from(
                        step_rule
                            .child_g(g, d % 2 == 0, costs)
                            .ok_or_else(overflow)?,
                    ),
                };
                let cell = &mut cells[next as usize];
                // Generations only grow (and every tag is zeroed when they
                // start again from 1), so a tag below this search's stamp was
                // written by an older search: the node is new.
                let fresh = cell.tag < stamp;
                // A new node counts as reached at no finite cost, so that one
                // comparison tells whether the move improves anything.
                let known_g = if fresh { u64::MAX } else { u64::from(cell.g) };
                if next_g >= known_g {
                    // Closed or open with a G at least as good: skip.
                    continue;
                }
                let next_status = cell.tag & STATUS_MASK;
                if closed_final && !fresh && next_status == STATUS_CLOSED {
                    // Closed nodes are final (seeds 000 and 001 skip them
                    // outright); under seed 001's slip re-opening one could
                    // also make a node its own ancestor.
                    continue;
                }
                let (dx, dy) = DIRECTIONS[d];
                let h = h_of(x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
                let f = next_g + h;
                if f > u64::from(u32::MAX) {
                    return Err(overflow());
                }
                let (next_g, h, f) = (next_g as u32, h as u32, f as u32);
                *cell = Cell {
                    g: next_g,
                    tag: stamp | STATUS_OPEN | d as u32,
                };
                let k = key(f, next_g, next);
                if !fresh && next_status == STATUS_OPEN {
                    // Already on OPEN with a worse G: re-parent and decrease its key.
                    open.decrease(k);
                    observer.improved(next, next_g);
                    c.decreases += 1;
                } else {
                    if !fresh {
                        // Closed with a worse G (inconsistent heuristic): re-open.
                        c.reopens += 1;
                    }
                    open.push(k);
                    observer.opened(next, next_g, h);
                    c.pushes += 1;
                }
                if stop_on_open && next == goal_node {
                    // Seed 000's quicker stop: the goal has just been put on OPEN.
                    c.max_open = c.max_open.max(open.len() as u64);
                    break 'search Outcome::Found;
                }
            }
            // OPEN only grows while a node is expanded, so its size after the
            // expansion is the largest it reached during it.
            c.max_open = c.max_open.max(open.len() as u64);
        };
        std::hint::black_box(touched);
        let cost = (outcome == Outcome::Found).then(|| cells[goal_node as usize].g);
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
            let (dx, dy) = DIRECTIONS[(self.cells[node as usize].tag & DIR_MASK) as usize];
            node = (node as i64 - dx as i64 - dy as i64 * stride as i64) as NodeId;
            path.push(grid.point(node));
        }
        path.reverse();
        Some(path)
    }

    /// G of a node in the last search, if the search reached it.
    pub fn g_of(&self, node: NodeId) -> Option<u32> {
        let cell = self.cells.get(node as usize)?;
        (cell.tag >> GEN_SHIFT == self.generation).then_some(cell.g)
    }

    /// Where a node stood when the last search ended.
    pub fn state_of(&self, node: NodeId) -> NodeState {
        match self.cells.get(node as usize).map(|c| c.tag) {
            Some(t) if t >> GEN_SHIFT == self.generation => match t & STATUS_MASK {
                STATUS_OPEN => NodeState::Open,
                _ => NodeState::Closed,
            },
            _ => NodeState::New,
        }
    }

    /// The parent of a node reached by the last search (`None` for the start
    /// and for nodes it did not reach).
    pub fn parent_of(&self, grid: &Grid, node: NodeId) -> Option<NodeId> {
        let g = self.g_of(node)?;
        let tag = self.cells[node as usize].tag;
        if g == 0 && tag & DIR_MASK == 0 {
            // The start: G 0 and no direction written. (A step costs more than 0.)
            return None;
        }
        let (dx, dy) = DIRECTIONS[(tag & DIR_MASK) as usize];
        Some((node as i64 - dx as i64 - dy as i64 * grid.stride() as i64) as NodeId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{MAX_CELLS, MAX_SIDE};

    #[test]
    fn stride_divider_matches_hardware_division() {
        let top = MAX_CELLS as u32 - 1;
        let mut divisors: Vec<u32> = (1..=600).collect();
        divisors.extend([1023, 1024, 1025, 1026, 4098, 65_535, MAX_SIDE + 2]);
        divisors.extend((0..16).map(|k| (1u32 << k) + 1));
        for d in divisors {
            let div = StrideDivider::new(d);
            // Around every multiple near the ends of the range, where a
            // too-small multiplier first shows, and a spread in between.
            let near = |m: u32| (m * d).saturating_sub(1)..=(m * d + 1).min(top);
            let checks = near(1)
                .chain(near(2))
                .chain(near(top / d))
                .chain(near(top / d - 1))
                .chain((0..top).step_by(1_048_573))
                .chain([0, top]);
            for n in checks {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }
}
