//! What the hand-traced tests share: a trivial open list and a runner that
//! records every event of a search in map coordinates.
#![allow(dead_code)]

use astar_core::{
    Grid, Key, NodeId, Observer, OpenList, Point, Query, Rules, Search, SearchReport,
};

/// A plain sorted vector: the smallest key is popped from the back.
#[derive(Default)]
pub struct Sorted(Vec<Key>);
impl OpenList for Sorted {
    const NAME: &'static str = "sorted";
    fn clear(&mut self, _: usize) {
        self.0.clear();
    }
    fn push(&mut self, key: Key) {
        let at = self.0.partition_point(|&k| k > key);
        self.0.insert(at, key);
    }
    fn decrease(&mut self, key: Key) {
        self.0.retain(|k| k.node() != key.node());
        self.push(key);
    }
    fn pop(&mut self) -> Option<Key> {
        self.0.pop()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// [`Sorted`] made lazy: a decrease-key pushes a second key and leaves the
/// old one, which pops stale later.
#[derive(Default)]
pub struct LazySorted(Sorted);
impl OpenList for LazySorted {
    const NAME: &'static str = "lazy-sorted";
    const LAZY: bool = true;
    fn clear(&mut self, nodes: usize) {
        self.0.clear(nodes);
    }
    fn push(&mut self, key: Key) {
        self.0.push(key);
    }
    fn decrease(&mut self, key: Key) {
        self.0.push(key);
    }
    fn pop(&mut self) -> Option<Key> {
        self.0.pop()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A point.
pub fn p(x: u32, y: u32) -> Point {
    Point::new(x, y)
}

/// One event of a search, in map coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Put on OPEN (first time or re-opened).
    Opened(Point, u32),
    /// On OPEN, G improved.
    Improved(Point, u32),
    /// Taken from OPEN and expanded.
    Expanded(Point, u32),
}

struct Recorder<'a> {
    grid: &'a Grid,
    events: Vec<Event>,
}

impl Observer for Recorder<'_> {
    fn expanded(&mut self, node: NodeId, g: u32) {
        self.events.push(Event::Expanded(self.grid.point(node), g));
    }
    fn opened(&mut self, node: NodeId, g: u32, _h: u32) {
        self.events.push(Event::Opened(self.grid.point(node), g));
    }
    fn improved(&mut self, node: NodeId, g: u32) {
        self.events.push(Event::Improved(self.grid.point(node), g));
    }
}

/// What one search did.
pub struct Trace {
    pub report: SearchReport,
    pub events: Vec<Event>,
    pub path: Option<Vec<Point>>,
}

impl Trace {
    /// The expanded cells, in order.
    pub fn expanded(&self) -> Vec<Point> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Expanded(q, _) => Some(*q),
                _ => None,
            })
            .collect()
    }

    /// The cells put on OPEN again after they had been expanded, with their new G.
    pub fn reopened(&self) -> Vec<(Point, u32)> {
        let mut closed = std::collections::HashSet::new();
        let mut out = Vec::new();
        for e in &self.events {
            match *e {
                Event::Expanded(q, _) => {
                    closed.insert(q);
                }
                Event::Opened(q, g) if closed.contains(&q) => out.push((q, g)),
                _ => {}
            }
        }
        out
    }
}

/// Runs one query over [`Sorted`].
pub fn run(board: &str, from: Point, to: Point, rules: &Rules) -> Trace {
    let grid = Grid::from_ascii(board).unwrap();
    let mut search = Search::<Sorted>::new();
    let mut recorder = Recorder {
        grid: &grid,
        events: Vec::new(),
    };
    let report = search
        .run_observed(&Query::new(&grid, from, to, rules), &mut recorder)
        .unwrap();
    Trace {
        report,
        events: recorder.events,
        path: search.path(&grid),
    }
}
