//! Grid maps: which cells can be walked on.
//!
//! A [`Grid`] stores passability with a one-cell wall border around the map, so
//! that neighbour generation never needs a bounds check: a step off the map lands
//! on a border wall. Public coordinates are map coordinates — x is the column, y
//! the row, (0,0) the top-left cell — and [`NodeId`]s are indices into the padded
//! array.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// A cell in map coordinates: `x` is the column, `y` the row, (0,0) top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
}

impl Point {
    /// A point at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Index of a cell in a grid's padded storage; what open lists store.
pub type NodeId = u32;

/// The eight moves, as (dx, dy), in the order neighbours are generated under
/// [`crate::NeighbourOrder::Default`]: clockwise from the upper left, as in
/// seed 002's `GenerateSuccessors`. A move is named by its index here
/// everywhere (neighbour masks, parent directions in the search's tags),
/// whatever the order. The opposite of move `d` is move `(d + 4) % 8`.
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

/// The largest side accepted, in cells. Larger maps are refused, not truncated.
pub const MAX_SIDE: u32 = 1 << 15;
/// The largest number of cells accepted (padding included), so that node ids,
/// and the 32-bit node field of a [`crate::Key`], always fit.
pub const MAX_CELLS: u64 = 1 << 28;

/// Why a grid could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GridError {
    /// A side is zero or too large.
    #[error("map size {width}x{height} is out of range (each side 1..={MAX_SIDE}, at most {MAX_CELLS} cells)")]
    BadSize {
        /// Requested width.
        width: u64,
        /// Requested height.
        height: u64,
    },
    /// The obstacle density is not in `[0, 1)`.
    #[error("obstacle density {0} is outside [0, 1)")]
    BadDensity(f64),
    /// An ASCII drawing has a line of another length, or a character we do not know.
    #[error("drawing line {line}: {message}")]
    BadDrawing {
        /// 1-based line of the drawing.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// A rectangular map of passable and blocked cells.
///
/// Equality compares the map (size and walls), never the [`stamp`](Grid::stamp).
#[derive(Clone)]
pub struct Grid {
    width: u32,
    height: u32,
    /// Row length of the padded storage: `width + 2`.
    stride: u32,
    /// Passability of the padded map, row-major; the border is blocked.
    passable: Vec<bool>,
    /// For each cell of the map, which of its eight neighbours are passable,
    /// as a mask over [`DIRECTIONS`] (see [`Grid::neighbour_masks`]); kept
    /// up to date by every change, so a search reads one byte per expansion
    /// instead of the eight cells around it. Border cells hold no meaning.
    neighbours: Vec<u8>,
    /// Identity of this content: see [`Grid::stamp`]. A clone keeps it, as
    /// it has the same content.
    stamp: u64,
}

/// Source of grid stamps; 0 is never handed out.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

fn new_stamp() -> u64 {
    // Only uniqueness matters, not ordering with other memory.
    NEXT_STAMP.fetch_add(1, Ordering::Relaxed)
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        (self.width, self.height, &self.passable) == (other.width, other.height, &other.passable)
    }
}

impl Eq for Grid {}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Grid {}x{}", self.width, self.height)?;
        f.write_str(&self.to_ascii())
    }
}

/// Checks a requested size and returns it as `(width, height)`.
pub fn check_size(width: u64, height: u64) -> Result<(u32, u32), GridError> {
    let ok = (1..=MAX_SIDE as u64).contains(&width)
        && (1..=MAX_SIDE as u64).contains(&height)
        && (width + 2) * (height + 2) <= MAX_CELLS;
    if ok {
        Ok((width as u32, height as u32))
    } else {
        Err(GridError::BadSize { width, height })
    }
}

impl Grid {
    /// A map of the given size with every cell passable.
    pub fn open(width: u32, height: u32) -> Result<Grid, GridError> {
        let (width, height) = check_size(width.into(), height.into())?;
        let stride = width + 2;
        let mut passable = vec![false; (stride as usize) * (height as usize + 2)];
        for y in 0..height {
            let row = (y as usize + 1) * stride as usize;
            passable[row + 1..row + 1 + width as usize].fill(true);
        }
        let mut grid = Grid {
            width,
            height,
            stride,
            neighbours: vec![0; passable.len()],
            passable,
            stamp: new_stamp(),
        };
        for y in 0..height {
            for x in 0..width {
                let node = grid.node(Point::new(x, y)) as usize;
                grid.neighbours[node] = grid.neighbour_mask_of(node);
            }
        }
        Ok(grid)
    }

    /// Uniform random obstacles: each cell is blocked with probability `density`.
    ///
    /// The same `(width, height, density, seed)` gives the same map on every
    /// platform: the generator is ChaCha8 (whose output stream is fixed by its
    /// specification), and the blocked test compares raw 64-bit outputs with a
    /// threshold instead of going through a distribution whose algorithm could
    /// change between `rand` versions.
    pub fn random(width: u32, height: u32, density: f64, seed: u64) -> Result<Grid, GridError> {
        if !(0.0..1.0).contains(&density) {
            return Err(GridError::BadDensity(density));
        }
        let mut grid = Grid::open(width, height)?;
        // density < 1, so the product is below 2^64 and the cast is exact enough.
        let threshold = (density * 18_446_744_073_709_551_616.0) as u64;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for y in 0..height {
            for x in 0..width {
                let blocked = rng.next_u64() < threshold;
                grid.put(Point::new(x, y), !blocked);
            }
        }
        Ok(grid)
    }

    /// A map from a drawing, one text line per row: `.` is passable, `#` (or
    /// any MovingAI blocked character, `@ O T W`) is a wall. `S` and `G` are
    /// passable, as in MovingAI maps; [`find_marker`] locates them. Leading and
    /// trailing blank lines and indentation are ignored, so drawings can sit in
    /// indented raw strings.
    pub fn from_ascii(drawing: &str) -> Result<Grid, GridError> {
        let rows: Vec<&str> = drawing
            .lines()
            .map(str::trim)
            .skip_while(|l| l.is_empty())
            .collect();
        let end = rows
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(0, |i| i + 1);
        let rows = &rows[..end];
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut grid =
            Grid::open(width as u32, rows.len() as u32).map_err(|_| GridError::BadSize {
                width: width as u64,
                height: rows.len() as u64,
            })?;
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(GridError::BadDrawing {
                    line: y + 1,
                    message: format!(
                        "{} characters where the first row has {width}",
                        row.chars().count()
                    ),
                });
            }
            for (x, c) in row.chars().enumerate() {
                let passable = match c {
                    '.' | 'S' | 'G' => true,
                    '#' | '@' | 'O' | 'T' | 'W' => false,
                    other => {
                        return Err(GridError::BadDrawing {
                            line: y + 1,
                            message: format!("unknown character {other:?}"),
                        })
                    }
                };
                grid.put(Point::new(x as u32, y as u32), passable);
            }
        }
        Ok(grid)
    }

    /// Draws the map back: `.` passable, `#` wall, one line per row.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity((self.width as usize + 1) * self.height as usize);
        for y in 0..self.height {
            for x in 0..self.width {
                out.push(if self.is_passable_at(Point::new(x, y)) {
                    '.'
                } else {
                    '#'
                });
            }
            out.push('\n');
        }
        out
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Row length of the padded storage; moving one row down adds this to a node id.
    pub fn stride(&self) -> u32 {
        self.stride
    }

    /// Number of node ids, padding included: per-cell search arrays have this length.
    pub fn node_count(&self) -> usize {
        self.passable.len()
    }

    /// Number of passable cells.
    pub fn passable_count(&self) -> usize {
        self.passable.iter().filter(|&&p| p).count()
    }

    /// Whether `p` lies on the map.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The node id of an on-map point.
    #[inline]
    pub fn node(&self, p: Point) -> NodeId {
        debug_assert!(self.contains(p));
        (p.y + 1) * self.stride + p.x + 1
    }

    /// The map point of a node id that is not on the border.
    #[inline]
    pub fn point(&self, node: NodeId) -> Point {
        Point::new(node % self.stride - 1, node / self.stride - 1)
    }

    /// Whether the node (padded index) is passable; border nodes are not.
    #[inline]
    pub fn is_passable(&self, node: NodeId) -> bool {
        self.passable[node as usize]
    }

    /// Whether the point is on the map and passable.
    pub fn is_passable_at(&self, p: Point) -> bool {
        self.contains(p) && self.passable[self.node(p) as usize]
    }

    /// Makes an on-map cell passable or blocked, and gives the grid a new
    /// [`stamp`](Grid::stamp).
    pub fn set_passable(&mut self, p: Point, passable: bool) {
        self.put(p, passable);
        self.stamp = new_stamp();
    }

    /// [`set_passable`](Grid::set_passable) without the new stamp, for the
    /// constructors: their grid got a fresh one in [`Grid::open`] and is not
    /// shared before it is returned.
    fn put(&mut self, p: Point, passable: bool) {
        assert!(
            self.contains(p),
            "point {p} is off the {}x{} map",
            self.width,
            self.height
        );
        let node = self.node(p) as usize;
        if self.passable[node] == passable {
            return;
        }
        self.passable[node] = passable;
        // The cell is move `d` away from each neighbour that is the opposite
        // move away from it. A cell of the map has all eight neighbours
        // inside the padded storage (some on the border).
        for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
            let neighbour =
                node.wrapping_add_signed(dy as isize * self.stride as isize + dx as isize);
            let bit = 1 << ((d + 4) % 8);
            if passable {
                self.neighbours[neighbour] |= bit;
            } else {
                self.neighbours[neighbour] &= !bit;
            }
        }
    }

    /// Which of the eight neighbours of map cell `node` are passable,
    /// computed from the cells around it (what [`Grid::neighbour_masks`]
    /// keeps up to date).
    fn neighbour_mask_of(&self, node: usize) -> u8 {
        DIRECTIONS
            .into_iter()
            .enumerate()
            .map(|(d, (dx, dy))| {
                let at = node.wrapping_add_signed(dy as isize * self.stride as isize + dx as isize);
                u8::from(self.passable[at]) << d
            })
            .fold(0, |mask, bit| mask | bit)
    }

    /// An identity for this grid's content, cheap to compare: drawn from a
    /// process-wide counter when the grid is built and drawn anew on every
    /// change to it, so two grids alive at once, or one grid before and
    /// after a change, never share a stamp (a clone shares its original's
    /// until either changes). Whatever caches work per map (a recorded
    /// search) keys it on this, not on the storage address, which a later
    /// grid may reuse.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// The padded passability array, for code that walks it by node id.
    pub fn passable_nodes(&self) -> &[bool] {
        &self.passable
    }

    /// For each node, which of its eight neighbours are passable: bit `d`
    /// stands for the move [`DIRECTIONS`]`[d]`. Meaningful for the cells of
    /// the map, not for the border.
    pub fn neighbour_masks(&self) -> &[u8] {
        &self.neighbours
    }
}

/// Finds the single occurrence of `marker` in a drawing, as a map point.
pub fn find_marker(drawing: &str, marker: char) -> Option<Point> {
    let rows = drawing.lines().map(str::trim).skip_while(|l| l.is_empty());
    for (y, row) in rows.enumerate() {
        if let Some(x) = row.chars().position(|c| c == marker) {
            return Some(Point::new(x as u32, y as u32));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_round_trip_and_border() {
        let g = Grid::from_ascii(
            "
            ..#
            S.G
            ",
        )
        .unwrap();
        assert_eq!((g.width(), g.height()), (3, 2));
        assert_eq!(g.to_ascii(), "..#\n...\n");
        assert!(!g.is_passable_at(Point::new(2, 0)));
        assert!(
            !g.is_passable_at(Point::new(3, 0)),
            "off the map is not passable"
        );
        let n = g.node(Point::new(0, 0));
        assert!(!g.is_passable(n - 1), "left border is a wall");
        assert!(!g.is_passable(n - g.stride()), "top border is a wall");
        assert_eq!(g.point(n), Point::new(0, 0));
        assert_eq!(find_marker("..\n.G", 'G'), Some(Point::new(1, 1)));
    }

    #[test]
    fn ragged_drawing_is_an_error() {
        let e = Grid::from_ascii("...\n..\n").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        assert!(Grid::from_ascii("..x\n").is_err());
    }

    #[test]
    fn random_maps_depend_only_on_their_parameters() {
        let a = Grid::random(40, 30, 0.3, 7).unwrap();
        let b = Grid::random(40, 30, 0.3, 7).unwrap();
        let c = Grid::random(40, 30, 0.3, 8).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        let blocked = 40 * 30 - a.passable_count();
        assert!(
            (250..470).contains(&blocked),
            "about 30% blocked, got {blocked}"
        );
        assert_eq!(Grid::random(10, 10, 0.0, 1).unwrap().passable_count(), 100);
    }

    /// Pins the generator: if this changes, every published map changed, and
    /// every published figure with it.
    #[test]
    fn random_map_stream_is_pinned() {
        let g = Grid::random(16, 4, 0.25, 42).unwrap();
        let fnv = g.to_ascii().bytes().fold(0xcbf29ce484222325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100000001b3)
        });
        assert_eq!(fnv, PINNED_RANDOM_MAP_HASH, "map was:\n{}", g.to_ascii());
    }
    const PINNED_RANDOM_MAP_HASH: u64 = 11132234886608008276;

    #[test]
    fn stamps_follow_content_changes_not_equality() {
        let mut a = Grid::random(12, 9, 0.2, 5).unwrap();
        let b = Grid::random(12, 9, 0.2, 5).unwrap();
        assert_eq!(a, b, "equality ignores the stamp");
        assert_ne!(a.stamp(), b.stamp(), "two grids never share a stamp");
        let copy = a.clone();
        assert_eq!(copy.stamp(), a.stamp(), "a clone has the same content");
        let before = a.stamp();
        a.set_passable(Point::new(3, 3), false);
        assert_ne!(a.stamp(), before, "a change renews the stamp");
        assert_ne!(a.stamp(), copy.stamp());
        assert_eq!(format!("{a:?}"), format!("{:?}", a.clone()));
    }

    /// Every change keeps the neighbour masks equal to masks computed from
    /// scratch (a wrong opposite direction, or a forgotten update, shows).
    #[test]
    fn neighbour_masks_follow_every_change() {
        use rand::RngExt;
        let check = |g: &Grid| {
            for y in 0..g.height() {
                for x in 0..g.width() {
                    let node = g.node(Point::new(x, y)) as usize;
                    assert_eq!(
                        g.neighbour_masks()[node],
                        g.neighbour_mask_of(node),
                        "{x},{y}"
                    );
                }
            }
        };
        let mut g = Grid::random(9, 7, 0.3, 11).unwrap();
        check(&g);
        check(&Grid::open(1, 1).unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let p = Point::new(rng.random_range(0..9), rng.random_range(0..7));
            g.set_passable(p, rng.random_bool(0.5));
            check(&g);
        }
        let corner = Grid::from_ascii(".#\n#.").unwrap();
        let node = corner.node(Point::new(0, 0)) as usize;
        assert_eq!(
            corner.neighbour_masks()[node],
            1 << 4,
            "only the lower right"
        );
    }

    #[test]
    fn sizes_and_densities_are_checked() {
        assert!(Grid::open(0, 5).is_err());
        assert!(Grid::open(MAX_SIDE + 1, 1).is_err());
        assert!(Grid::open(MAX_SIDE, MAX_SIDE).is_err(), "too many cells");
        assert!(Grid::random(5, 5, 1.0, 0).is_err());
        assert!(Grid::random(5, 5, -0.1, 0).is_err());
        assert!(Grid::random(5, 5, f64::NAN, 0).is_err());
    }
}
