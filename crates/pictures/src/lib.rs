//! `astar-lab render`: pictures of a search, drawn like seed 000's battle maps.
//!
//! A search is recorded once through an [`Observer`] (every expansion, every
//! cell put on OPEN or improved) together with the searcher's final state. A
//! picture is a [`Snapshot`] of that record: the final state for a still, and
//! the state after each of a sample of expansions for an animation. Drawing
//! lives in [`draw`]; the crate's root records, replays and writes the files.
//!
//! Colours follow the seed's figures: start red, goal blue, walls yellow, OPEN
//! green, CLOSED purple; on small boards every reached cell shows F (top left),
//! G (bottom left), H (bottom right) and an arrow to its parent.

pub mod draw;

use astar_core::{
    heuristic, Grid, Heuristic, NodeId, NodeState, Observer, OpenList, Outcome, Point, Query,
    Rules, Search, SearchReport,
};
use astar_registry::{Strategy, WithOpenList};
use astar_runs::bail;
use astar_runs::error::{Context, Error, Result};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// One way of searching the board, as named by `--compare A,B`.
///
/// Only heuristics so far; a variant that is not the core A* with other rules
/// (a port of another program, say) becomes one more arm here, with a
/// [`Variant::record`] that produces the same [`Recording`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The core A* with this heuristic; the other rules come from the flags.
    Heuristic(Heuristic),
}

impl Variant {
    /// Every accepted name, for messages.
    pub fn names() -> Vec<&'static str> {
        Heuristic::NAMES.to_vec()
    }

    /// Runs this variant on one query and records it.
    pub fn record(
        self,
        grid: &Grid,
        start: Point,
        goal: Point,
        rules: &Rules,
        strategy: Strategy,
    ) -> Result<Recording> {
        match self {
            Variant::Heuristic(h) => {
                let rules = Rules {
                    heuristic: h,
                    ..*rules
                };
                let label = format!("{h} heuristic");
                record_search(grid, start, goal, &rules, strategy, &label)
            }
        }
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if let Ok(h) = s.parse::<Heuristic>() {
            return Ok(Variant::Heuristic(h));
        }
        Err(format!(
            "unknown variant {s:?} (expected one of: {})",
            Variant::names().join(", ")
        ))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Heuristic(h) => f.write_str(h.name()),
        }
    }
}

/// The picture formats `--out` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StillFormat {
    /// Scalable vector graphics: text stays text.
    Svg,
    /// A bitmap.
    Png,
}

impl StillFormat {
    /// The format a file name asks for.
    pub fn of(path: &Path) -> Result<StillFormat> {
        match extension(path).as_deref() {
            Some("svg") => Ok(StillFormat::Svg),
            Some("png") => Ok(StillFormat::Png),
            _ => bail!(
                "unknown output extension of {}: expected .svg or .png",
                path.display()
            ),
        }
    }
}

/// The lower-case extension of a file name.
pub fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

/// One event of a search, in map coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Taken from OPEN and expanded; the cells opened or improved next are its children.
    Expanded(Point),
    /// Put on OPEN (first time or re-opened) with cost `g`.
    Opened(Point, u32),
    /// On OPEN already, got the cheaper cost `g`.
    Improved(Point, u32),
}

/// What one cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// New, on OPEN or on CLOSED.
    pub state: NodeState,
    /// G, once reached.
    pub g: Option<u32>,
    /// The cell it was reached from (none for the start).
    pub parent: Option<Point>,
    /// 1 for the first cell taken from OPEN, 2 for the next, …
    pub order: Option<u32>,
}

impl Cell {
    const NEW: Cell = Cell {
        state: NodeState::New,
        g: None,
        parent: None,
        order: None,
    };
}

/// The state of every cell at one moment of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Map width.
    pub width: u32,
    /// Cells, row by row.
    pub cells: Vec<Cell>,
    /// The path found, when the search is over and found one.
    pub path: Option<Vec<Point>>,
    /// The cell being expanded, during an animation.
    pub current: Option<Point>,
    /// Expansions done so far.
    pub expansions: u64,
}

impl Snapshot {
    fn empty(width: u32, height: u32) -> Snapshot {
        Snapshot {
            width,
            cells: vec![Cell::NEW; width as usize * height as usize],
            path: None,
            current: None,
            expansions: 0,
        }
    }

    /// The cell at `p`.
    pub fn at(&self, p: Point) -> &Cell {
        &self.cells[(p.y * self.width + p.x) as usize]
    }

    fn at_mut(&mut self, p: Point) -> &mut Cell {
        &mut self.cells[(p.y * self.width + p.x) as usize]
    }

    /// How many cells are on OPEN and on CLOSED.
    pub fn counts(&self) -> (usize, usize) {
        let open = self
            .cells
            .iter()
            .filter(|c| c.state == NodeState::Open)
            .count();
        let closed = self
            .cells
            .iter()
            .filter(|c| c.state == NodeState::Closed)
            .count();
        (open, closed)
    }
}

/// A recorded search: what a picture or an animation is drawn from.
#[derive(Clone, Debug)]
pub struct Recording {
    /// Panel title.
    pub label: String,
    /// The rules it ran under (H is drawn with these).
    pub rules: Rules,
    /// Start cell.
    pub start: Point,
    /// Goal cell.
    pub goal: Point,
    /// Every event, in order.
    pub events: Vec<Event>,
    /// What the search reported.
    pub report: SearchReport,
    /// The state when it ended, read back from the searcher.
    pub last: Snapshot,
}

impl Recording {
    /// H of a cell, as the search computes it.
    pub fn h(&self, p: Point) -> u64 {
        heuristic(&self.rules, p, self.goal)
    }

    /// Replays the events into snapshots, one expansion at a time.
    pub fn replay(&self) -> Replay<'_> {
        Replay {
            rec: self,
            next: 0,
            snap: Snapshot::empty(
                self.last.width,
                self.last.cells.len() as u32 / self.last.width,
            ),
            expanding: None,
        }
    }
}

/// Steps through a [`Recording`], rebuilding each intermediate state.
#[derive(Debug)]
pub struct Replay<'a> {
    rec: &'a Recording,
    next: usize,
    snap: Snapshot,
    expanding: Option<Point>,
}

impl Replay<'_> {
    /// The state after `k` expansions (`k` must not go backwards): the cells
    /// the `k`-th expansion opened are on OPEN, and it is the current cell.
    pub fn after(&mut self, k: u64) -> &Snapshot {
        while let Some(&event) = self.rec.events.get(self.next) {
            match event {
                Event::Expanded(p) => {
                    if self.snap.expansions == k {
                        break;
                    }
                    self.snap.expansions += 1;
                    let order = self.snap.expansions as u32;
                    let cell = self.snap.at_mut(p);
                    cell.state = NodeState::Closed;
                    cell.order = Some(order);
                    self.expanding = Some(p);
                }
                Event::Opened(p, g) | Event::Improved(p, g) => {
                    let parent = self.expanding;
                    let cell = self.snap.at_mut(p);
                    cell.state = NodeState::Open;
                    cell.g = Some(g);
                    cell.parent = parent;
                }
            }
            self.next += 1;
        }
        self.snap.current = self.expanding;
        &self.snap
    }

    /// The state once every event is replayed and the goal, if reached, is
    /// closed: what the searcher itself reports at the end.
    pub fn finish(mut self) -> Snapshot {
        self.after(u64::MAX);
        let mut snap = self.snap;
        snap.current = None;
        if self.rec.report.outcome == Outcome::Found {
            let order = snap.expansions as u32 + 1;
            let goal = snap.at_mut(self.rec.goal);
            goal.state = NodeState::Closed;
            goal.order = Some(order);
            snap.path = self.rec.last.path.clone();
        }
        snap
    }
}

/// Collects a search's events.
#[derive(Debug)]
struct Recorder<'g> {
    grid: &'g Grid,
    events: Vec<Event>,
}

impl Observer for Recorder<'_> {
    fn expanded(&mut self, node: NodeId, _g: u32) {
        self.events.push(Event::Expanded(self.grid.point(node)));
    }
    fn opened(&mut self, node: NodeId, g: u32, _h: u32) {
        self.events.push(Event::Opened(self.grid.point(node), g));
    }
    fn improved(&mut self, node: NodeId, g: u32) {
        self.events.push(Event::Improved(self.grid.point(node), g));
    }
}

struct RecordWith<'a> {
    grid: &'a Grid,
    start: Point,
    goal: Point,
    rules: &'a Rules,
    label: &'a str,
}

impl WithOpenList for RecordWith<'_> {
    type Output = Result<Recording>;
    fn call<L: OpenList + Default + Send + 'static>(self) -> Result<Recording> {
        let RecordWith {
            grid,
            start,
            goal,
            rules,
            label,
        } = self;
        let mut search = Search::<L>::new();
        let mut recorder = Recorder {
            grid,
            events: Vec::new(),
        };
        let report = search.run_observed(&Query::new(grid, start, goal, rules), &mut recorder)?;
        // The final picture reads the searcher's own state, not the replay:
        // the two agreeing is checked by the tests.
        let mut last = Snapshot::empty(grid.width(), grid.height());
        last.expansions = report.counters.expansions;
        let mut order = 0;
        for event in &recorder.events {
            if let Event::Expanded(p) = *event {
                order += 1;
                last.at_mut(p).order = Some(order);
            }
        }
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let p = Point::new(x, y);
                let node = grid.node(p);
                let cell = last.at_mut(p);
                cell.state = search.state_of(node);
                cell.g = search.g_of(node);
                cell.parent = search.parent_of(grid, node).map(|n| grid.point(n));
            }
        }
        if report.outcome == Outcome::Found {
            last.at_mut(goal).order = Some(order + 1);
        }
        last.path = search.path(grid);
        Ok(Recording {
            label: label.to_string(),
            rules: *rules,
            start,
            goal,
            events: recorder.events,
            report,
            last,
        })
    }
}

/// Runs the core A* with `strategy`'s open list and records it.
pub(crate) fn record_search(
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
    strategy: Strategy,
    label: &str,
) -> Result<Recording> {
    strategy
        .with(RecordWith {
            grid,
            start,
            goal,
            rules,
            label,
        })
        .ok_or_else(|| {
            astar_runs::invalid!("strategy {strategy} is not an open list: it cannot be drawn")
        })?
        .with_context(|| format!("searching from {start} to {goal}"))
}

/// Turns a drawing error into the harness's error (plotters' errors are not
/// all `Send + Sync`).
fn draw_error(e: impl fmt::Display) -> Error {
    astar_runs::invalid!("drawing: {e}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::CostModel;

    /// Seed 000's worked example: a 7×5 board, a wall at x=3 from y=1 to 3.
    fn seed_board() -> Grid {
        Grid::from_ascii(
            "
            .......
            ...#...
            ...#...
            ...#...
            .......
            ",
        )
        .unwrap()
    }

    fn seed_rules() -> Rules {
        Rules {
            heuristic: Heuristic::Manhattan,
            costs: CostModel::Seed.costs(),
            ..Rules::default()
        }
    }

    #[test]
    fn first_expansion_matches_the_seed() {
        let grid = seed_board();
        let rules = seed_rules();
        let (start, goal) = (Point::new(1, 2), Point::new(5, 2));
        let rec = record_search(&grid, start, goal, &rules, Strategy::Heap, "m").unwrap();
        let mut replay = rec.replay();
        let snap = replay.after(1);
        // The seed: the start's right neighbour has G 10, H 30, F 40; the
        // diagonals toward the goal G 14, H 40, F 54. All eight are on OPEN.
        let right = snap.at(Point::new(2, 2));
        assert_eq!(right.state, NodeState::Open);
        assert_eq!(right.g, Some(10));
        assert_eq!(right.parent, Some(start));
        assert_eq!(rec.h(Point::new(2, 2)), 30);
        for p in [Point::new(2, 1), Point::new(2, 3)] {
            assert_eq!(u64::from(snap.at(p).g.unwrap()) + rec.h(p), 54);
        }
        assert_eq!(snap.counts(), (8, 1));
        assert_eq!(snap.at(start).order, Some(1));
    }

    #[test]
    fn replay_ends_where_the_searcher_ended() {
        let rules = seed_rules();
        for (grid, start, goal) in [
            (seed_board(), Point::new(1, 2), Point::new(5, 2)),
            (
                Grid::random(20, 20, 0.3, 3).unwrap(),
                Point::new(0, 0),
                Point::new(19, 19),
            ),
        ] {
            let mut grid = grid;
            grid.set_passable(start, true);
            grid.set_passable(goal, true);
            for h in [Heuristic::Manhattan, Heuristic::Octile] {
                let rules = Rules {
                    heuristic: h,
                    ..rules
                };
                let rec = record_search(&grid, start, goal, &rules, Strategy::Linear, "x").unwrap();
                assert_eq!(rec.replay().finish(), rec.last, "{h}");
            }
        }
    }

    #[test]
    fn still_formats_by_extension() {
        assert!(StillFormat::of(Path::new("a.jpg")).is_err());
        assert_eq!(
            StillFormat::of(Path::new("a.PNG")).unwrap(),
            StillFormat::Png
        );
    }
}
