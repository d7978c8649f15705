//! The Amit port as written (seed 002): its own search, not the project's A*.
//!
//! Seed 002 walks through a C++ `AstarPathfinder` adapted from Amit Patel's
//! pages. It differs from the A* in `astar_core::Search` in five choices, each
//! a switch in [`AmitOptions`] so its effect can be measured on its own:
//!
//! 1. **H is the squared Euclidean distance** `(x−sx)² + (y−sy)²` ("should really
//!    use sqrt()"), while every step costs **1** — diagonals included. The
//!    estimate grows quadratically while G grows linearly, so it overestimates
//!    badly and the search is close to greedy best-first search.
//!    ([`AmitHeuristic`], [`AmitCosts`].)
//! 2. **It searches from the goal back to the start.** `FindPath(sx, sy, dx, dy)`
//!    sets `TileNumDest = TileNum(sx, sy)`, puts the first node at `(dx, dy)`
//!    and passes `sx, sy` to `GenerateSuccessors` as its target: the search
//!    starts at the destination and stops when it takes the start off OPEN. The
//!    parent chain of that node then reads start → goal without reversing.
//!    ([`AmitOptions::backward`].)
//! 3. **Diagonals pass corners.** `FreeTile(x, y)` is asked only about the cell
//!    moved to, so a diagonal step is allowed even between two walls that touch
//!    at a corner. ([`AmitOptions::corner_cutting`].)
//! 4. **A closed node that gets a cheaper G is not re-opened.** Each node keeps
//!    up to 8 `Child` pointers (every neighbour it generated or met on OPEN or
//!    CLOSED during its one expansion); `PropagateDown` pushes the new G
//!    depth-first through those pointers into the node's descendants instead.
//! 5. **OPEN is not re-sorted after a node's F improves.** OPEN is a singly
//!    linked list kept sorted by `Insert` (a new node goes before the first node
//!    whose F is not smaller), and `ReturnBestNode` takes its head. When a node
//!    already on OPEN gets a smaller G (in `GenerateSucc` or in
//!    `PropagateDown`), its F is rewritten in place and the node stays where it
//!    was: behind nodes whose F is now larger than its own. The seed's author
//!    asks whether this is a bug. ([`AmitOptions::resort`] = `false` as written,
//!    `true` for the corrected variant that unlinks and re-inserts the node.)
//!
//! # What the seed prints, and what the port takes from it
//!
//! The seed prints `FindPath`, `GenerateSuccessors` and `GenerateSucc` only.
//! Its text is damaged, and the port reads it as follows.
//!
//! - **Re-parenting in `GenerateSucc`.** Both the OPEN and the CLOSED branch
//!   read `if ( g g ) // if our new g value is Parent = BestNode;` followed by
//!   `Old->g = g; Old->f = g + Old->h;`: the text from `<` to the next `>`
//!   is gone (apparently stripped as markup), so the condition lost `< Old->`
//!   and the re-parenting `Old->Parent = BestNode;` (with the opening brace)
//!   sits in the comment. As printed it does not compile. The port takes the intended
//!   `if (g < Old->g) { Old->Parent = BestNode; Old->g = g; Old->f = g + Old->h; }`,
//!   followed in the CLOSED branch by `PropagateDown(Old);`.
//! - **The CLOSED branch's `break`.** It reads
//!   `if ( BestNode->Child[c] == NULL ) // Add Old to the list of BestNode's`
//!   `// Children (or Successors). break;`: the `break;` is in the comment, so
//!   as printed the loop does not stop at the first free child slot; the
//!   `if` takes the next line `BestNode->Child[c] = Old;` as its body and
//!   writes `Old` into every free slot. The port takes the intended loop (as
//!   in the OPEN branch): `Old` goes into the first free slot only.
//! - **Wrapped lines.** In the new-node branch, `Children (or Successors).`,
//!   `don't really` and `looks` have wrapped out of their comments; the port
//!   reads them as comment text.
//! - **`TILESIZE` is never defined** (nor are `TileNum` and `FreeTile`).
//!   The port steps one cell (`TILESIZE` = 1), numbers a cell by its index in
//!   the grid, and takes `FreeTile` as "on the map and passable".
//! - **Functions the seed calls but does not show**, reproduced from Amit's
//!   published code: `Insert` puts a node before the first node on OPEN whose
//!   F is not smaller; `ReturnBestNode` unlinks OPEN's head and links it at
//!   the head of CLOSED (`tmp->NextNode = CLOSED->NextNode; CLOSED->NextNode
//!   = tmp;`); `PropagateDown` first relaxes `Old`'s children, pushing each
//!   improved one on a stack, then pops the stack and relaxes each popped
//!   node's children in turn; `CheckOPEN` / `CheckCLOSED` walk OPEN / CLOSED
//!   from the head until a node's `NodeNum` equals the tile number, and
//!   return it or `NULL`. The original exits the program when OPEN runs
//!   empty; here the search reports no path.
//!
//! **Finding a node on OPEN or CLOSED.** By default a per-cell state answers
//! `CheckOPEN` / `CheckCLOSED` in O(1). That changes the time but not the
//! search, and so times a faster program than the original.
//! [`AmitOptions::walk_lists`] walks the lists instead, as the original does:
//! OPEN is the port's own sorted list, and CLOSED is a list of closed nodes,
//! newest first as `ReturnBestNode` links them, kept only when walking.
//! `GenerateSucc` walks OPEN, and only when the cell is not there walks
//! CLOSED. The search is the same either way (the tests check report,
//! expansion order and path on every combination of the other switches);
//! [`AmitSearch::list_cells_walked`] counts the list cells visited.
//!
//! [`AmitSearch`] keeps its per-cell arrays between searches and never clears
//! them: each cell carries the number of the search that last reached it, and
//! an older number means "not reached yet" (as the core search's `tag` does).
//! A search so touches only the cells it reaches, and its time is the port's
//! own, not that of clearing arrays the size of the map.

use astar_core::{Grid, NodeId, Point, DIRECTIONS};

use openlist_linked::NIL;
const OPEN: u8 = 1;
const CLOSED: u8 = 2;
/// Not reached yet in this search (never stored in `state`).
const NEW: u8 = 0;

/// The port's estimate of the remaining cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmitHeuristic {
    /// `straight · (dx² + dy²)`: the port's choice (straight = 1 there).
    SquaredEuclidean,
    /// The octile distance under the chosen step costs: exact on an empty map,
    /// admissible and consistent. With unit costs it is `max(dx, dy)`.
    Octile,
}

/// The port's step costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmitCosts {
    /// Every one of the eight moves costs 1: the port's `g = BestNode->g + 1`.
    Unit,
    /// Straight 10, diagonal 14, as the other seeds.
    Seed,
}

impl AmitCosts {
    /// (straight, diagonal).
    pub const fn steps(self) -> (u64, u64) {
        match self {
            AmitCosts::Unit => (1, 1),
            AmitCosts::Seed => (10, 14),
        }
    }
}

/// The port's choices, one switch each. [`AmitOptions::FAITHFUL`] is the port
/// as written; flipping one field isolates that one choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AmitOptions {
    /// Re-sort OPEN (unlink and re-insert) when a node's F improves. The port
    /// does not.
    pub resort: bool,
    /// The estimate H.
    pub heuristic: AmitHeuristic,
    /// The step costs.
    pub costs: AmitCosts,
    /// Search from the goal back to the start, as the port does.
    pub backward: bool,
    /// Let a diagonal pass walls at its corners, as the port's `FreeTile` does.
    pub corner_cutting: bool,
    /// Find a node on OPEN and on CLOSED by walking those lists from their
    /// heads, as the original's `CheckOPEN` and `CheckCLOSED` do, instead of
    /// asking the node's per-cell state. The search is the same either way;
    /// only its time differs. `false` (the per-cell state) in
    /// [`AmitOptions::FAITHFUL`], as before this switch existed.
    pub walk_lists: bool,
}

impl AmitOptions {
    /// The port as written.
    pub const FAITHFUL: AmitOptions = AmitOptions {
        resort: false,
        heuristic: AmitHeuristic::SquaredEuclidean,
        costs: AmitCosts::Unit,
        backward: true,
        corner_cutting: true,
        walk_lists: false,
    };

    /// The port as written, but re-sorting OPEN when a node's F improves.
    pub const CORRECTED: AmitOptions = AmitOptions {
        resort: true,
        ..AmitOptions::FAITHFUL
    };

    /// H of a cell `(dx, dy)` away from the search's target.
    pub fn estimate(&self, dx: u64, dy: u64) -> u64 {
        let (straight, diagonal) = self.costs.steps();
        match self.heuristic {
            AmitHeuristic::SquaredEuclidean => straight * (dx * dx + dy * dy),
            AmitHeuristic::Octile => {
                let (lo, hi) = (dx.min(dy), dx.max(dy));
                diagonal * lo + straight * (hi - lo)
            }
        }
    }
}

/// How a port search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmitOutcome {
    /// The search's target was taken from OPEN.
    Found,
    /// OPEN ran empty (the original exits the program here).
    NoPath,
}

/// What one port search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AmitReport {
    /// How it ended.
    pub outcome: AmitOutcome,
    /// G of the node found, under the options' step costs.
    pub cost: Option<u64>,
    /// Nodes expanded (`GenerateSuccessors` calls).
    pub expansions: u64,
    /// Nodes on OPEN whose G improved in `GenerateSucc`.
    pub open_improved: u64,
    /// Nodes on CLOSED whose G improved in `GenerateSucc`.
    pub closed_improved: u64,
    /// Nodes whose G `PropagateDown` lowered.
    pub propagated: u64,
    /// Nodes popped from OPEN while some other node on OPEN had a smaller F:
    /// expansions out of best-first order. Always 0 when re-sorting.
    pub out_of_order_pops: u64,
}

/// A reusable port searcher; its per-cell arrays grow to the largest map seen
/// and are never cleared between searches.
///
/// A cell's entries in `g`, `h`, `f`, `parent`, `children`, `next` and `state`
/// mean something only when its `stamp` equals `generation` (the number of the
/// current search); any other stamp means the cell is new to this search, and
/// its entries are written when the search first reaches it.
#[derive(Debug, Default, Clone)]
pub struct AmitSearch {
    stamp: Vec<u32>,
    generation: u32,
    g: Vec<u64>,
    h: Vec<u64>,
    f: Vec<u64>,
    parent: Vec<NodeId>,
    children: Vec<[NodeId; 8]>,
    next: Vec<NodeId>,
    state: Vec<u8>,
    head: NodeId,
    /// Head of CLOSED, newest first, linked through `next` (a node leaves
    /// OPEN before it joins CLOSED, as the original's one `NextNode` serves
    /// both lists). Kept only when walking the lists.
    closed_head: NodeId,
    /// List cells `CheckOPEN` and `CheckCLOSED` visited in the last search
    /// (0 unless it walked the lists).
    walked: u64,
    stack: Vec<NodeId>,
    last: Option<(NodeId, NodeId, bool)>,
    /// Count out-of-order pops (costs a scan of OPEN per pop).
    pub count_out_of_order: bool,
    /// Tests only: if set, every pop appends (F of the node popped, smallest
    /// F of all cells whose state is OPEN, smallest F on the OPEN list).
    #[cfg(test)]
    pops: Option<Vec<(u64, u64, u64)>>,
}

impl AmitSearch {
    /// A searcher with empty arrays.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs the port from `start` to `goal` (both must be passable cells of
    /// `grid`); `log`, if given, receives the expanded cells in order.
    pub fn run(
        &mut self,
        grid: &Grid,
        start: Point,
        goal: Point,
        opts: &AmitOptions,
        mut log: Option<&mut Vec<Point>>,
    ) -> AmitReport {
        self.begin(grid.node_count());
        self.head = NIL;
        self.closed_head = NIL;
        self.walked = 0;
        self.last = None;

        // FindPath(sx, sy, dx, dy): the first node sits at the destination and
        // the search's target is the start.
        let (origin, target) = if opts.backward {
            (goal, start)
        } else {
            (start, goal)
        };
        let (origin_node, target_node) = (grid.node(origin), grid.node(target));
        let mut report = AmitReport {
            outcome: AmitOutcome::NoPath,
            cost: None,
            expansions: 0,
            open_improved: 0,
            closed_improved: 0,
            propagated: 0,
            out_of_order_pops: 0,
        };
        let h = opts.estimate(
            origin.x.abs_diff(target.x) as u64,
            origin.y.abs_diff(target.y) as u64,
        );
        self.reach(origin_node, NIL, 0, h);
        self.next[origin_node as usize] = NIL;
        self.head = origin_node;

        let passable = grid.passable_nodes();
        let stride = grid.stride() as i64;
        loop {
            // ReturnBestNode: the head of OPEN moves to CLOSED.
            let best = self.head;
            if best == NIL {
                break;
            }
            #[cfg(test)]
            if self.pops.is_some() {
                let seen = (
                    self.f[best as usize],
                    self.min_f_by_state(grid.node_count()),
                    self.min_f_on_open(),
                );
                if let Some(pops) = self.pops.as_mut() {
                    pops.push(seen);
                }
            }
            if self.count_out_of_order && self.min_f_on_open() < self.f[best as usize] {
                report.out_of_order_pops += 1;
            }
            self.head = self.next[best as usize];
            self.state[best as usize] = CLOSED;
            if opts.walk_lists {
                // ReturnBestNode: `tmp->NextNode = CLOSED->NextNode;
                // CLOSED->NextNode = tmp;` — the newest closed node first.
                self.next[best as usize] = self.closed_head;
                self.closed_head = best;
            }
            if best == target_node {
                report.outcome = AmitOutcome::Found;
                report.cost = Some(self.g[best as usize]);
                self.last = Some((origin_node, target_node, opts.backward));
                break;
            }
            report.expansions += 1;
            if let Some(log) = log.as_deref_mut() {
                log.push(grid.point(best));
            }
            // GenerateSuccessors: the eight neighbours in the port's order,
            // upper-left clockwise (the same order as `DIRECTIONS`).
            for (dx, dy) in DIRECTIONS {
                let succ = (best as i64 + dy as i64 * stride + dx as i64) as NodeId;
                if !passable[succ as usize] {
                    continue;
                }
                let diagonal = dx != 0 && dy != 0;
                if diagonal && !opts.corner_cutting {
                    let side_x = (best as i64 + dx as i64) as usize;
                    let side_y = (best as i64 + dy as i64 * stride) as usize;
                    if !passable[side_x] || !passable[side_y] {
                        continue;
                    }
                }
                self.generate_succ(grid, best, succ, diagonal, target, opts, &mut report);
            }
        }
        report
    }

    /// Starts a new generation on arrays of at least `n` cells. Cells the
    /// arrays grow by get stamp 0, which no generation has; when the counter
    /// would wrap, every stamp is reset once so no old stamp can match again.
    fn begin(&mut self, n: usize) {
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.g.resize(n, 0);
            self.h.resize(n, 0);
            self.f.resize(n, 0);
            self.parent.resize(n, NIL);
            self.children.resize(n, [NIL; 8]);
            self.next.resize(n, NIL);
            // Unstamped entries are never read; these values are placeholders.
            self.state.resize(n, 0);
        }
        if self.generation == u32::MAX {
            self.stamp.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Whether `node` has been reached in the current search.
    fn reached(&self, node: NodeId) -> bool {
        self.stamp[node as usize] == self.generation
    }

    /// First reach of `node` in this search: every entry written, the node on
    /// OPEN with no children yet (`next` is set when it is linked into OPEN).
    fn reach(&mut self, node: NodeId, parent: NodeId, g: u64, h: u64) {
        let k = node as usize;
        self.stamp[k] = self.generation;
        self.g[k] = g;
        self.h[k] = h;
        self.f[k] = g + h;
        self.parent[k] = parent;
        self.children[k] = [NIL; 8];
        self.state[k] = OPEN;
    }

    /// A cheaper path to the reached `node`, through `parent` at cost `g`:
    /// its parent, G and F are rewritten (H stays).
    fn lower(&mut self, node: NodeId, parent: NodeId, g: u64) {
        let k = node as usize;
        self.parent[k] = parent;
        self.g[k] = g;
        self.f[k] = g + self.h[k];
    }

    fn add_child(&mut self, parent: NodeId, child: NodeId) {
        let slots = &mut self.children[parent as usize];
        // Each node is expanded once and has at most 8 neighbours, so a free
        // slot always exists.
        if let Some(slot) = slots.iter_mut().find(|c| **c == NIL) {
            *slot = child;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn generate_succ(
        &mut self,
        grid: &Grid,
        best: NodeId,
        succ: NodeId,
        diagonal: bool,
        target: Point,
        opts: &AmitOptions,
        report: &mut AmitReport,
    ) {
        let (straight, diag) = opts.costs.steps();
        let g = self.g[best as usize] + if diagonal { diag } else { straight };
        let s = succ as usize;
        let on = if opts.walk_lists {
            // CheckOPEN, then CheckCLOSED only if not on OPEN.
            if self.check_list(self.head, succ) {
                OPEN
            } else if self.check_list(self.closed_head, succ) {
                CLOSED
            } else {
                NEW
            }
        } else if self.reached(succ) {
            self.state[s]
        } else {
            NEW
        };
        match on {
            NEW => {
                let p = grid.point(succ);
                let h = opts.estimate(p.x.abs_diff(target.x) as u64, p.y.abs_diff(target.y) as u64);
                self.reach(succ, best, g, h);
                self.insert(succ);
                self.add_child(best, succ);
            }
            OPEN => {
                self.add_child(best, succ);
                if g < self.g[s] {
                    self.lower(succ, best, g);
                    report.open_improved += 1;
                    if opts.resort {
                        self.unlink(succ);
                        self.insert(succ);
                    }
                }
            }
            // CLOSED: a reached cell is only ever OPEN or CLOSED.
            _ => {
                self.add_child(best, succ);
                if g < self.g[s] {
                    self.lower(succ, best, g);
                    report.closed_improved += 1;
                    self.propagate_down(succ, grid, opts, report);
                }
            }
        }
    }

    /// Relaxes `father`'s children; improved ones go on the stack.
    fn relax_children(
        &mut self,
        father: NodeId,
        grid: &Grid,
        opts: &AmitOptions,
        report: &mut AmitReport,
    ) {
        let (straight, diag) = opts.costs.steps();
        let fp = grid.point(father);
        for c in 0..8 {
            let child = self.children[father as usize][c];
            if child == NIL {
                break;
            }
            let cp = grid.point(child);
            let step = if cp.x != fp.x && cp.y != fp.y {
                diag
            } else {
                straight
            };
            let g = self.g[father as usize] + step;
            let k = child as usize;
            if g < self.g[k] {
                self.lower(child, father, g);
                report.propagated += 1;
                if opts.resort && self.state[k] == OPEN {
                    self.unlink(child);
                    self.insert(child);
                }
                self.stack.push(child);
            }
        }
    }

    /// PropagateDown: pushes `old`'s new G depth-first into its descendants.
    fn propagate_down(
        &mut self,
        old: NodeId,
        grid: &Grid,
        opts: &AmitOptions,
        report: &mut AmitReport,
    ) {
        self.stack.clear();
        self.relax_children(old, grid, opts, report);
        while let Some(father) = self.stack.pop() {
            self.relax_children(father, grid, opts, report);
        }
    }

    /// CheckOPEN / CheckCLOSED: whether `node` is on the list that starts at
    /// `head`, found by walking it; every cell visited is counted in `walked`.
    fn check_list(&mut self, head: NodeId, node: NodeId) -> bool {
        let mut at = head;
        let mut visited = 0;
        let found = loop {
            if at == NIL {
                break false;
            }
            visited += 1;
            if at == node {
                break true;
            }
            at = self.next[at as usize];
        };
        self.walked += visited;
        found
    }

    /// List cells that `CheckOPEN` and `CheckCLOSED` visited in the last
    /// search: 0 unless it ran with [`AmitOptions::walk_lists`].
    pub fn list_cells_walked(&self) -> u64 {
        self.walked
    }

    /// Insert: before the first node on OPEN whose (current) F is not smaller.
    fn insert(&mut self, node: NodeId) {
        let f = self.f[node as usize];
        let mut prev = NIL;
        let mut at = self.head;
        while at != NIL && self.f[at as usize] < f {
            prev = at;
            at = self.next[at as usize];
        }
        self.next[node as usize] = at;
        if prev == NIL {
            self.head = node;
        } else {
            self.next[prev as usize] = node;
        }
    }

    fn unlink(&mut self, node: NodeId) {
        openlist_linked::unlink(&mut self.head, &mut self.next, node);
    }

    fn min_f_on_open(&self) -> u64 {
        let mut at = self.head;
        let mut min = u64::MAX;
        while at != NIL {
            min = min.min(self.f[at as usize]);
            at = self.next[at as usize];
        }
        min
    }

    /// Smallest F of the first `n` cells whose state is OPEN in this search:
    /// the minimum over OPEN found without the list (for tests).
    #[cfg(test)]
    fn min_f_by_state(&self, n: usize) -> u64 {
        (0..n)
            .filter(|&k| self.stamp[k] == self.generation && self.state[k] == OPEN)
            .map(|k| self.f[k])
            .min()
            .unwrap_or(u64::MAX)
    }

    /// F of the nodes on OPEN, head first (for tests).
    pub fn open_f(&self) -> Vec<u64> {
        let mut out = Vec::new();
        let mut at = self.head;
        while at != NIL {
            out.push(self.f[at as usize]);
            at = self.next[at as usize];
        }
        out
    }

    /// The path of the last search, start to goal inclusive, or `None` if it
    /// found none. `grid` must be the map searched.
    pub fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        let (origin, target, backward) = self.last?;
        let mut path = vec![grid.point(target)];
        let mut node = target;
        while node != origin {
            node = self.parent[node as usize];
            path.push(grid.point(node));
        }
        // Searching backward, the target is the query's start: the parent
        // chain already runs start → goal, which is why the port searches so.
        if !backward {
            path.reverse();
        }
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u32, y: u32) -> Point {
        Point::new(x, y)
    }

    fn run(grid: &Grid, from: Point, to: Point, opts: AmitOptions) -> (AmitReport, Vec<Point>) {
        let mut s = AmitSearch::new();
        let mut log = Vec::new();
        let r = s.run(grid, from, to, &opts, Some(&mut log));
        (r, log)
    }

    /// The admissible twin used to isolate the re-sort: octile H, 10/14 costs,
    /// no corner cutting, still backward and still without re-sorting.
    const ADMISSIBLE: AmitOptions = AmitOptions {
        resort: false,
        heuristic: AmitHeuristic::Octile,
        costs: AmitCosts::Seed,
        backward: true,
        corner_cutting: false,
        walk_lists: false,
    };

    /// [`ADMISSIBLE`] re-sorted: A* itself.
    const RESORTED: AmitOptions = AmitOptions {
        resort: true,
        ..ADMISSIBLE
    };

    #[test]
    fn searches_from_the_goal_and_returns_the_path_start_first() {
        let grid = Grid::from_ascii("S...G").unwrap();
        let mut s = AmitSearch::new();
        let mut log = Vec::new();
        let r = s.run(
            &grid,
            p(0, 0),
            p(4, 0),
            &AmitOptions::FAITHFUL,
            Some(&mut log),
        );
        // Backward: the goal (4,0) is expanded first, the start is found last.
        assert_eq!(log, [p(4, 0), p(3, 0), p(2, 0), p(1, 0)]);
        assert_eq!(r.cost, Some(4));
        let path = s.path(&grid).unwrap();
        assert_eq!(path, [p(0, 0), p(1, 0), p(2, 0), p(3, 0), p(4, 0)]);
        let forward = AmitOptions {
            backward: false,
            ..AmitOptions::FAITHFUL
        };
        let r = s.run(&grid, p(0, 0), p(4, 0), &forward, Some(&mut log));
        assert_eq!(log[4..], [p(0, 0), p(1, 0), p(2, 0), p(3, 0)]);
        assert_eq!(r.cost, Some(4));
        assert_eq!(s.path(&grid).unwrap(), path);
    }

    #[test]
    fn free_tile_lets_diagonals_squeeze_between_walls() {
        // FreeTile looks only at the cell moved to: S → G is one diagonal step
        // between two walls that touch at their corners.
        let grid = Grid::from_ascii("S#\n#G").unwrap();
        let (r, _) = run(&grid, p(0, 0), p(1, 1), AmitOptions::FAITHFUL);
        assert_eq!((r.outcome, r.cost), (AmitOutcome::Found, Some(1)));
        let strict = AmitOptions {
            corner_cutting: false,
            ..AmitOptions::FAITHFUL
        };
        let (r, log) = run(&grid, p(0, 0), p(1, 1), strict);
        assert_eq!(r.outcome, AmitOutcome::NoPath);
        assert_eq!(log, [p(1, 1)]);
    }

    #[test]
    fn squared_euclidean_takes_a_longer_path() {
        // Query (2,0) → (0,2); the search runs from (0,2) to target (2,0) with
        // H = (x−2)² + y² and steps of 1.
        //   #..#
        //   .##.
        //   ....
        // (0,2): H 8. Its neighbours (0,1) and (1,2) both get G 1, H 5, F 6;
        // (1,2) is inserted last and goes first among equals. (1,2) → (2,2)
        // G 2 H 4 F 6, ahead of (0,1) again. (2,2) → (3,1) diagonally past two
        // walls: G 3 H 2 F 5. (3,1) → (2,0): G 4 F 4, found: 4 steps. The
        // shortest is 3: (2,0) (1,0) (0,1) (0,2), but (0,1) is never expanded,
        // because H at (3,1) is 2 where the true remainder is 1.
        let grid = Grid::from_ascii("#..#\n.##.\n....").unwrap();
        let (r, log) = run(&grid, p(2, 0), p(0, 2), AmitOptions::FAITHFUL);
        assert_eq!(log, [p(0, 2), p(1, 2), p(2, 2), p(3, 1)]);
        assert_eq!(r.cost, Some(4));
        let octile = AmitOptions {
            heuristic: AmitHeuristic::Octile,
            ..AmitOptions::FAITHFUL
        };
        let (r, _) = run(&grid, p(2, 0), p(0, 2), octile);
        assert_eq!(r.cost, Some(3));
    }

    #[test]
    fn missing_resort_changes_the_expansion_order() {
        // Query (6,1) → (1,0), searched from (1,0) to target (6,1); octile H to
        // (6,1) with 10/14 costs, no corner cutting.
        //   .......
        //   ....#..
        // (1,0) G0 opens (2,0) F 10+44=54, (2,1) 14+40=54, (1,1) 60, (0,1) 74,
        // (0,0) 74; OPEN: (2,1)54 (2,0)54 (1,1)60 (0,0)74 (0,1)74.
        // (2,1) G14 opens (3,0) 28+34=62 and (3,1) 24+30=54 (head).
        // (3,1) G24: (4,0) cuts the wall's corner, (4,1) is a wall: nothing.
        // (2,0) G10 reaches (3,0) with G 20 < 28: its F drops from 62 to 54.
        //   As written it stays behind (1,1) (F 60): OPEN (1,1)60 (3,0)54 …
        //   Re-sorted it goes first:                 OPEN (3,0)54 (1,1)60 …
        // So the port expands (1,1) — F 60, where A* never goes — before (3,0);
        // then both run (3,0) (4,0) (5,0) and take (6,1) with G 54 (optimal).
        let grid = Grid::from_ascii(".......\n....#..").unwrap();
        let (faithful, log_f) = run(&grid, p(6, 1), p(1, 0), ADMISSIBLE);
        let (fixed, log_c) = run(&grid, p(6, 1), p(1, 0), RESORTED);
        let head = [p(1, 0), p(2, 1), p(3, 1), p(2, 0)];
        let tail = [p(3, 0), p(4, 0), p(5, 0)];
        assert_eq!(log_f, [&head[..], &[p(1, 1)], &tail[..]].concat());
        assert_eq!(log_c, [&head[..], &tail[..]].concat());
        assert_eq!((faithful.cost, fixed.cost), (Some(54), Some(54)));
        assert_eq!(faithful.open_improved, 1);
    }

    #[test]
    fn missing_resort_changes_the_path_cost() {
        // Query (1,0) → (4,3), searched from (4,3) to target (1,0); octile H to
        // (1,0), 10/14, no corner cutting.
        //   #.###
        //   .....
        //   ...#.
        //   .#...
        // (4,3) → (3,3) G10 F48 and (4,2) G10 F48. (3,3) → (2,3) G20 F54 (its
        // diagonals touch the wall (3,2)). (4,2) → (4,1) G20 F54. (4,1) → (3,1)
        // G30 F54. (3,1) → (2,1) G40 F54. (2,1): (1,0) would cut (2,0), so it
        // opens (2,2) G50 F74, (1,2) G54 F74, (1,1) G50 F60.
        // OPEN: (2,3)54 (1,1)60 (1,2)74 (2,2)74. (2,3) G20 reaches (2,2) with G
        // 30: F 74 → 54.
        //   As written (2,2) stays last; (1,1) F60 is taken, opens (1,0) G60
        //   F60 at the head, and (1,0) is found: cost 60, via the top row.
        //   Re-sorted, (2,2) is next: it improves (1,1) to G44 via the diagonal,
        //   (1,1) opens (1,0) G54, found: cost 54 = 10+14+10+10+10, optimal.
        let grid = Grid::from_ascii("#.###\n.....\n...#.\n.#...").unwrap();
        let (faithful, log_f) = run(&grid, p(1, 0), p(4, 3), ADMISSIBLE);
        let (fixed, log_c) = run(&grid, p(1, 0), p(4, 3), RESORTED);
        assert_eq!(faithful.cost, Some(60));
        assert_eq!(fixed.cost, Some(54));
        assert_eq!(log_f.len(), 8);
        assert_eq!(log_c.len(), 9);
        assert_eq!(log_f[7], p(1, 1));
        assert_eq!(log_c[7], p(2, 2));
    }

    #[test]
    fn propagate_down_lowers_closed_descendants() {
        // With the squared estimate the port closes nodes too early; on this
        // board with a wall in the middle, check the bookkeeping it relies on:
        // after every search, each reached node's G equals its parent's G plus
        // the step (what PropagateDown restores), so paths cost their G.
        let mut s = AmitSearch::new();
        let mut propagated = 0;
        for seed in 0..300u64 {
            let grid = Grid::random(12, 9, 0.3, seed).unwrap();
            let free = free_cells(&grid);
            let (a, b) = (free[0], free[free.len() - 1]);
            let r = s.run(&grid, a, b, &AmitOptions::FAITHFUL, None);
            propagated += r.propagated;
            if let Some(path) = s.path(&grid) {
                assert_eq!(path.len() as u64 - 1, r.cost.unwrap(), "seed {seed}");
            }
        }
        assert!(propagated > 0, "no search exercised PropagateDown");
    }

    /// Report, expansion order and path of one search on `s`.
    fn outcome(
        s: &mut AmitSearch,
        grid: &Grid,
        from: Point,
        to: Point,
        opts: &AmitOptions,
    ) -> (AmitReport, Vec<Point>, Option<Vec<Point>>) {
        let mut log = Vec::new();
        let r = s.run(grid, from, to, opts, Some(&mut log));
        (r, log, s.path(grid))
    }

    /// The passable cells of `grid`, row by row.
    fn free_cells(grid: &Grid) -> Vec<Point> {
        (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| p(x, y)))
            .filter(|&q| grid.is_passable_at(q))
            .collect()
    }

    /// A random map and a query on it: a passable cell the seed picks, to
    /// the last passable cell, row by row.
    fn random_query(w: u32, h: u32, density: f64, seed: u64) -> (Grid, Point, Point) {
        let grid = Grid::random(w, h, density, seed).unwrap();
        let free = free_cells(&grid);
        let (a, b) = (free[seed as usize % free.len()], free[free.len() - 1]);
        (grid, a, b)
    }

    #[test]
    fn a_reused_searcher_matches_a_fresh_one() {
        // One searcher runs searches back to back on maps of different sizes
        // (so a cell index means a different cell each time) and with
        // different options; every search must equal a fresh searcher's. Any
        // entry a search reads without having written it (children, parent,
        // G, state, OPEN links) would carry the previous search into this one.
        let variants = [
            AmitOptions::FAITHFUL,
            AmitOptions::CORRECTED,
            ADMISSIBLE,
            RESORTED,
        ];
        let mut reused = AmitSearch::new();
        let mut differ_from_previous = 0;
        let mut previous = None;
        for seed in 0..200u64 {
            let (w, h) = if seed % 2 == 0 { (23, 17) } else { (11, 9) };
            let (grid, a, b) = random_query(w, h, 0.3, seed);
            let opts = variants[seed as usize % variants.len()];
            let got = outcome(&mut reused, &grid, a, b, &opts);
            let want = outcome(&mut AmitSearch::new(), &grid, a, b, &opts);
            assert_eq!(got, want, "seed {seed}");
            differ_from_previous += usize::from(previous.as_ref() != Some(&want));
            previous = Some(want);
        }
        assert!(differ_from_previous > 150, "the searches are too alike");
    }

    #[test]
    fn the_generation_counter_wraps_without_reviving_old_cells() {
        // The first search stamps its cells with generation 1. Jump the
        // counter to its end: the next search uses u32::MAX and the one after
        // wraps back to 1, where the first search's stamps would mean
        // "reached" again unless every stamp was reset.
        let (big, a, b) = random_query(20, 20, 0.2, 5);
        let (small, c, d) = random_query(9, 7, 0.2, 6);
        let mut s = AmitSearch::new();
        for opts in [AmitOptions::FAITHFUL, AmitOptions::CORRECTED] {
            s.run(&big, a, b, &opts, None);
            s.generation = u32::MAX - 1;
            let last = outcome(&mut s, &small, c, d, &opts);
            assert_eq!(s.generation, u32::MAX);
            assert_eq!(last, outcome(&mut AmitSearch::new(), &small, c, d, &opts));
            let wrapped = outcome(&mut s, &big, a, b, &opts);
            assert_eq!(s.generation, 1);
            assert_eq!(wrapped, outcome(&mut AmitSearch::new(), &big, a, b, &opts));
        }
    }

    #[test]
    fn corrected_admissible_variant_is_optimal() {
        // With octile H, 10/14 costs, no corner cutting and re-sorting, the port
        // is A*: its cost must equal the project's A* on the same query.
        use astar_core::{Query, Rules, Search};
        let mut core = Search::<openlist_linked::SortedLinkedList>::new();
        let mut s = AmitSearch::new();
        for seed in 0..300u64 {
            let (grid, a, b) = random_query(10, 8, 0.25, seed);
            let want = core
                .run(&Query::new(&grid, a, b, &Rules::default()))
                .unwrap()
                .cost;
            let got = s.run(&grid, a, b, &RESORTED, None);
            assert_eq!(got.cost, want.map(u64::from), "seed {seed}");
            assert_eq!(got.closed_improved, 0, "consistent H never improves CLOSED");
        }
    }

    /// Every combination of the five search switches (`walk_lists` off).
    fn all_options() -> Vec<AmitOptions> {
        let mut out = Vec::new();
        for bits in 0..32u32 {
            out.push(AmitOptions {
                resort: bits & 1 != 0,
                heuristic: if bits & 2 != 0 {
                    AmitHeuristic::Octile
                } else {
                    AmitHeuristic::SquaredEuclidean
                },
                costs: if bits & 4 != 0 {
                    AmitCosts::Seed
                } else {
                    AmitCosts::Unit
                },
                backward: bits & 8 != 0,
                corner_cutting: bits & 16 != 0,
                walk_lists: false,
            });
        }
        out
    }

    /// Query `i` of a reproducible family: width and height in 8..=48,
    /// wall density in 0.10..=0.35, endpoints from [`random_query`].
    fn varied_query(i: u64) -> (Grid, Point, Point) {
        let mix = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11;
        let w = 8 + (mix % 41) as u32;
        let h = 8 + ((mix / 41) % 41) as u32;
        let density = 0.10 + 0.25 * ((mix / 1681) % 26) as f64 / 25.0;
        random_query(w, h, density, i)
    }

    #[test]
    fn walking_the_lists_does_the_same_search() {
        // CheckOPEN / CheckCLOSED by walking must answer exactly as the
        // per-cell state does: same report, expansion order and path, for
        // every switch combination, with both searchers reused across queries.
        let options = all_options();
        let mut by_state = AmitSearch::new();
        let mut by_walk = AmitSearch::new();
        let (mut found, mut closed_improved, mut walked) = (0, 0, 0);
        for i in 0..320u64 {
            let (grid, a, b) = varied_query(i);
            let opts = options[i as usize % options.len()];
            let walking = AmitOptions {
                walk_lists: true,
                ..opts
            };
            let want = outcome(&mut by_state, &grid, a, b, &opts);
            assert_eq!(by_state.list_cells_walked(), 0);
            let got = outcome(&mut by_walk, &grid, a, b, &walking);
            // Reports first, so a failure prints them rather than two logs.
            assert_eq!(got.0, want.0, "query {i}, {opts:?}");
            assert!(got == want, "query {i}, {opts:?}: order or path differ");
            found += usize::from(want.0.outcome == AmitOutcome::Found);
            closed_improved += want.0.closed_improved;
            walked += by_walk.list_cells_walked();
        }
        assert!(found > 200, "too few queries found a path: {found}");
        assert!(closed_improved > 0, "no query met a node on CLOSED again");
        assert!(walked > 0);
    }

    #[test]
    fn walking_the_lists_visits_the_cells_counted_by_hand() {
        // Query (0,0) → (2,0), searched from c = (2,0) to a = (0,0); H = x² + y²,
        // steps of 1. Cells and H:
        //   a b c      a 0  b 1  c 4
        //   d e f      d 1  e 2  f 5
        // Each GenerateSucc walks OPEN; only if the cell is not there, CLOSED.
        // Cells visited (O = on OPEN, C = on CLOSED, newest first):
        // pop c; CLOSED c. Its neighbours in order: f, e, b.
        //   f: OPEN -        0, CLOSED c       1, new F6 → OPEN f
        //   e: OPEN f        1, CLOSED c       1, new F3 → OPEN e f
        //   b: OPEN e f      2, CLOSED c       1, new F2 → OPEN b e f   (6)
        // pop b; CLOSED b c; OPEN e f. Neighbours: c, f, e, d, a.
        //   c: OPEN e f      2, CLOSED b c (found) 2                    (10)
        //   f: OPEN e f (found) 2                                       (12)
        //   e: OPEN e (found)   1                                       (13)
        //   d: OPEN e f      2, CLOSED b c     2, new F3 → OPEN d e f   (17)
        //   a: OPEN d e f    3, CLOSED b c     2, new F2 → OPEN a d e f (22)
        // pop a: the target. 22 cells.
        let grid = Grid::from_ascii("...\n...").unwrap();
        let walking = AmitOptions {
            walk_lists: true,
            ..AmitOptions::FAITHFUL
        };
        let mut s = AmitSearch::new();
        let mut log = Vec::new();
        let r = s.run(&grid, p(0, 0), p(2, 0), &walking, Some(&mut log));
        assert_eq!(log, [p(2, 0), p(1, 0)]);
        assert_eq!(r.cost, Some(2));
        assert_eq!(s.list_cells_walked(), 22);
        assert_eq!(s.open_f(), [3, 3, 6]);
        // The same search without walking visits no list cell.
        let plain = s.run(&grid, p(0, 0), p(2, 0), &AmitOptions::FAITHFUL, None);
        assert_eq!(plain, r);
        assert_eq!(s.list_cells_walked(), 0);
    }

    /// Runs a search recording every pop as (F popped, smallest F of the
    /// cells in state OPEN, smallest F on the list); returns the report and
    /// the number of pops whose F exceeded the smallest.
    fn observed(
        s: &mut AmitSearch,
        grid: &Grid,
        from: Point,
        to: Point,
        opts: &AmitOptions,
    ) -> (AmitReport, u64) {
        s.pops = Some(Vec::new());
        s.count_out_of_order = true;
        let r = s.run(grid, from, to, opts, None);
        let pops = s.pops.take().unwrap();
        s.count_out_of_order = false;
        let mut late = 0;
        for &(popped, by_state, on_list) in &pops {
            // The list holds exactly the OPEN cells, so both minima agree.
            assert_eq!(by_state, on_list, "the OPEN list lost a node");
            assert!(popped >= by_state, "popped a node not on OPEN");
            late += u64::from(popped > by_state);
        }
        let expected_pops = r.expansions + u64::from(r.outcome == AmitOutcome::Found);
        assert_eq!(pops.len() as u64, expected_pops);
        assert_eq!(r.out_of_order_pops, late, "the built-in counter disagrees");
        (r, late)
    }

    #[test]
    fn the_corrected_variant_never_pops_out_of_order() {
        // Every switch combination with re-sorting (walking the lists or not)
        // must take off OPEN a node of the smallest F at that moment; the same
        // check on the same queries without re-sorting must find late pops,
        // or it could not fail.
        let options: Vec<AmitOptions> = all_options()
            .into_iter()
            .flat_map(|o| {
                [
                    o,
                    AmitOptions {
                        walk_lists: true,
                        ..o
                    },
                ]
            })
            .filter(|o| o.resort)
            .collect();
        let mut s = AmitSearch::new();
        let (mut late_without, mut queries_late, mut pops) = (0, 0, 0);
        for i in 0..300u64 {
            let (grid, a, b) = varied_query(1000 + i);
            let opts = options[i as usize % options.len()];
            let (r, late) = observed(&mut s, &grid, a, b, &opts);
            assert_eq!(late, 0, "query {i}, {opts:?}: {late} late pops");
            pops += r.expansions;
            let unsorted = AmitOptions {
                resort: false,
                ..opts
            };
            let (_, late) = observed(&mut s, &grid, a, b, &unsorted);
            late_without += late;
            queries_late += u64::from(late > 0);
        }
        assert!(pops > 10_000, "too little search: {pops} pops");
        assert!(
            queries_late >= 10,
            "without re-sorting only {queries_late} queries popped late ({late_without} pops)"
        );
    }

    /// The cells on OPEN, head first.
    fn open_points(s: &AmitSearch, grid: &Grid) -> Vec<Point> {
        let mut out = Vec::new();
        let mut at = s.head;
        while at != NIL {
            out.push(grid.point(at));
            at = s.next[at as usize];
        }
        out
    }

    #[test]
    fn propagate_down_re_sorts_the_open_nodes_it_improves() {
        // Query (4,0) → (0,1) as written (H = (x−4)² + y², steps of 1, corner
        // cutting), searched from (0,1) to target (4,0). Cells with H:
        //   ..##..     (0,0)16 (1,0) 9 ##   ##   (4,0) 0 (5,0) 1
        //   ...##.     (0,1)17 (1,1)10 (2,1) 5 ## ##     (5,1) 2
        //   ....#.     (0,2)20 (1,2)13 (2,2) 8 (3,2) 5 ## (5,2) 5
        //   ..#..#     (0,3)25 (1,3)18 ##   (3,3)10 (4,3) 9 ##
        // Pops (G, F) and OPEN after each, head first:
        // (0,1) 0,17 → (1,0)10 (1,1)11 (1,2)14 (0,0)17 (0,2)21
        // (1,0) 1,10 → (2,1) 2,7 ahead; the rest meets OPEN/CLOSED no cheaper.
        // (2,1) 2,7  → (3,2)8 (2,2)11 (1,1)11 (1,2)14 (0,0)17 (0,2)21
        // (3,2) 3,8  → (2,2)11 (1,1)11 (4,3)13 (3,3)14 (1,2)14 (0,0)17 (0,2)21
        // (2,2) 3,11 → … (0,2)21 (1,3) 4,22 at the tail; (2,2)'s children are
        //               (1,1) (2,1) (3,2) (3,3) (1,3) (1,2).
        // (1,1) 1,11 reaches the closed (2,2) with G 2 < 3: PropagateDown
        //   lowers its OPEN children (3,3) to G 3, F 13 and (1,3) to G 3, F 21.
        //   Re-sorted, each goes before the first node whose F is not smaller:
        //     OPEN (3,3)13 (4,3)13 (1,2)14 (0,0)17 (1,3)21 (0,2)21
        //   As written, both stay where they were:
        //     OPEN (4,3)13 (3,3)13 (1,2)14 (0,0)17 (0,2)21 (1,3)21
        // Re-sorted, (3,3) is expanded (it opens nothing) before (4,3); then
        // both go (4,3) → (5,2) G5 F10 → (5,1) G6 F8 → (4,0) G7, found, leaving
        // (5,0) G7 F8 at the head of OPEN.
        let grid = Grid::from_ascii(
            "
            ..##..
            ...##.
            ....#.
            ..#..#",
        )
        .unwrap();
        let (from, to) = (p(4, 0), p(0, 1));
        let head = [p(0, 1), p(1, 0), p(2, 1), p(3, 2), p(2, 2), p(1, 1)];
        let tail = [p(4, 3), p(5, 2), p(5, 1)];
        let rest = [p(1, 2), p(0, 0)];

        let mut s = AmitSearch::new();
        let mut log = Vec::new();
        let r = s.run(&grid, from, to, &AmitOptions::CORRECTED, Some(&mut log));
        assert_eq!(log, [&head[..], &[p(3, 3)], &tail[..]].concat());
        assert_eq!(
            (r.closed_improved, r.propagated, r.open_improved),
            (1, 2, 0)
        );
        assert_eq!(r.cost, Some(7));
        let open = [&[p(5, 0)], &rest[..], &[p(1, 3), p(0, 2)]].concat();
        assert_eq!(open_points(&s, &grid), open);
        assert_eq!(s.open_f(), [8, 14, 17, 21, 21]);

        log.clear();
        let r = s.run(&grid, from, to, &AmitOptions::FAITHFUL, Some(&mut log));
        assert_eq!(log, [&head[..], &tail[..]].concat());
        assert_eq!(
            (r.closed_improved, r.propagated, r.open_improved),
            (1, 2, 0)
        );
        assert_eq!(r.cost, Some(7));
        let open = [&[p(5, 0), p(3, 3)], &rest[..], &[p(0, 2), p(1, 3)]].concat();
        assert_eq!(open_points(&s, &grid), open);
        assert_eq!(s.open_f(), [8, 13, 14, 17, 21, 21]);
    }
}
