//! The one trait every open-list strategy implements.

use crate::key::Key;
use crate::rules::Rules;

/// Why an open list (or another strategy) cannot run a search under some
/// rules: the search then refuses with an error instead of running a
/// different search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Unsupported {
    /// What the rules ask that the list cannot do, and what to use instead.
    pub reason: String,
}

impl Unsupported {
    /// A refusal for `reason`.
    pub fn new(reason: impl Into<String>) -> Unsupported {
        Unsupported {
            reason: reason.into(),
        }
    }
}

/// The OPEN list of A*: a priority queue of [`Key`]s, smallest first.
///
/// # Contract
/// - [`clear`](OpenList::clear) empties the list and prepares it for node ids
///   below `nodes`. It is called once before each search, and the same list is
///   reused for many searches: keep allocations, drop contents.
/// - [`push`](OpenList::push) inserts a key whose node is not in the list.
/// - [`decrease`](OpenList::decrease) is called for a node that is in the list
///   with a larger key; afterwards the node must pop with the new key (its new
///   F, or the same F with a newer tie-break). This is decrease-key: seed 001's
///   `aheadNote`.
/// - [`pop`](OpenList::pop) removes and returns the smallest key.
///
/// Keys are a strict total order and no two live keys are equal, so a correct
/// list has exactly one right answer for every pop — which is what makes every
/// strategy run the same search. No two live keys share F and tie-break
/// either (see [`Key`]), so a list may order by those two alone.
///
/// # Lazy lists
/// A list that cannot find a node again may set [`LAZY`](OpenList::LAZY) and
/// implement `decrease` as a plain `push`, leaving the old key in place. Its
/// `pop` then may return such a stale key; the search recognises and discards
/// it (its node's current key is smaller, so the live key always pops first).
/// `len` counts stale entries too: they occupy the list.
///
/// # Lists that only fit some rules
/// A list that can reproduce the exact [`Key`] order only under some rules
/// (say, small integer step costs) overrides [`supports`](OpenList::supports).
/// [`crate::Search`] asks it before every search and fails with
/// [`crate::SearchError::Unsupported`] instead of running a different search.
///
/// # Example
/// The smallest correct list, a vector sorted with the smallest key last,
/// and the search run over it:
///
/// ```
/// use astar_core::{Grid, Key, OpenList, Point, Query, Rules, Search};
///
/// #[derive(Default)]
/// struct SortedVec(Vec<Key>);
///
/// impl OpenList for SortedVec {
///     const NAME: &'static str = "sorted-vec";
///     fn clear(&mut self, _nodes: usize) {
///         self.0.clear();
///     }
///     fn push(&mut self, key: Key) {
///         let at = self.0.partition_point(|k| *k > key);
///         self.0.insert(at, key);
///     }
///     fn decrease(&mut self, key: Key) {
///         self.0.retain(|k| k.node() != key.node());
///         self.push(key);
///     }
///     fn pop(&mut self) -> Option<Key> {
///         self.0.pop()
///     }
///     fn len(&self) -> usize {
///         self.0.len()
///     }
/// }
///
/// let mut list = SortedVec::default();
/// list.push(Key::new(30, 0, 7));
/// list.push(Key::new(20, 0, 8));
/// // Node 7 gets a smaller F, so it now pops first.
/// list.decrease(Key::new(10, 1, 7));
/// assert_eq!(list.pop().map(Key::node), Some(7));
/// assert_eq!(list.pop().map(Key::node), Some(8));
/// assert!(list.is_empty());
///
/// // A corridor of five cells: four straight steps.
/// let grid = Grid::from_ascii(".....").unwrap();
/// let rules = Rules::default();
/// let query = Query::new(&grid, Point::new(0, 0), Point::new(4, 0), &rules);
/// let report = Search::<SortedVec>::new().run(&query).unwrap();
/// assert_eq!(report.cost, Some(4 * rules.costs.straight));
/// ```
pub trait OpenList {
    /// The strategy's name on the command line and in reports.
    const NAME: &'static str;
    /// Whether `pop` may return stale keys (see the trait documentation).
    const LAZY: bool = false;

    /// Whether this list pops keys in exact [`Key`] order under `rules`; the
    /// error says why not. The default accepts every rule set.
    fn supports(_rules: &Rules) -> Result<(), Unsupported>
    where
        Self: Sized,
    {
        Ok(())
    }

    /// Empties the list and prepares it for node ids `0..nodes`.
    fn clear(&mut self, nodes: usize);
    /// Inserts the key of a node that is not in the list.
    fn push(&mut self, key: Key);
    /// Replaces the key of a node already in the list with the smaller `key`.
    fn decrease(&mut self, key: Key);
    /// Removes and returns the smallest key, or `None` when empty.
    fn pop(&mut self) -> Option<Key>;
    /// Number of entries held.
    fn len(&self) -> usize;
    /// Whether the list holds nothing.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Bytes of search state per cell (for reports), one definition for
    /// every list: the element size of each per-cell array (arrays indexed by
    /// node id, such as a position map), plus all the list's other storage —
    /// key arrays, buckets, arenas, free lists, scratch — at the capacity it
    /// holds now (after the search: its high-water mark, spare room
    /// included), divided by the cells the last `clear` prepared for. Heap
    /// allocations are counted at their requested size (no allocator
    /// overhead); the list's own fixed fields are not counted. Each list says
    /// which parts it has. The search adds its own per-cell arrays
    /// ([`crate::SEARCH_BYTES_PER_NODE`]).
    fn bytes_per_node(&self) -> f64 {
        0.0
    }
}

/// Inserts `key` into `stack`, a stack of keys in descending order (the
/// smallest on top, at the end), where it belongs: for the lists that keep
/// one such stack per F and push on top when the key is the smallest, and
/// must insert below the top when it is not (FIFO or larger-G ties).
#[inline(never)]
pub fn insert_descending(stack: &mut Vec<Key>, key: Key) {
    let pos = stack.partition_point(|&k| k > key);
    stack.insert(pos, key);
}

/// `bytes` of storage shared out over a map of `cells` cells: the "other
/// storage" part of [`OpenList::bytes_per_node`] (a list not yet cleared for
/// any map counts as one cell, not a division by zero).
pub fn spread_over_cells(bytes: usize, cells: usize) -> f64 {
    bytes as f64 / cells.max(1) as f64
}

/// Room for `keys` keys shared out over a map of `cells` cells: the usual
/// "other storage" of a list that keeps its keys in arrays.
pub fn spread_keys_over_cells(keys: usize, cells: usize) -> f64 {
    spread_over_cells(keys * std::mem::size_of::<Key>(), cells)
}

/// Whether a list with one bucket per F value, on a ring of `window`
/// buckets, can hold every F on OPEN under `rules`: it needs `2·step + 2`
/// buckets for the largest step cost `step`. Otherwise the refusal names the
/// largest step that fits and the lists to use instead.
pub fn steps_fit_window(rules: &Rules, window: usize) -> Result<(), Unsupported> {
    let step = rules.costs.straight.max(rules.costs.diagonal) as u64;
    if 2 * step + 2 > window as u64 {
        return Err(Unsupported::new(format!(
            "a bucket per F value needs step costs of at most {}, got {step}; use heap or radix",
            (window as u64 - 2) / 2
        )));
    }
    Ok(())
}
