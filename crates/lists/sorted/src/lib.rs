//! OPEN as a vector kept sorted, largest key first, so the minimum pops from
//! the cheap end in O(1).
//!
//! Insertion finds its place by binary search (O(log n) comparisons) but then
//! shifts everything after it (O(n) moves) — the ordered table seed 003 weighs
//! and rejects. Decrease-key finds the old entry by binary search on the
//! node's old key, which the list remembers per node.

use astar_core::{spread_keys_over_cells, Key, OpenList};

/// Sorted vector with binary-search insertion.
#[derive(Debug, Default, Clone)]
pub struct SortedVec {
    /// Descending: the smallest key is last.
    keys: Vec<Key>,
    /// The key each node currently has on the list.
    key_of: Vec<Key>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl SortedVec {
    /// Index where `key` is, or would be inserted, in the descending vector.
    #[inline]
    fn index_of(&self, key: Key) -> Result<usize, usize> {
        self.keys.binary_search_by(|probe| key.cmp(probe))
    }
}

impl OpenList for SortedVec {
    const NAME: &'static str = "sorted";

    fn clear(&mut self, nodes: usize) {
        self.keys.clear();
        if self.key_of.len() < nodes {
            self.key_of.resize(nodes, Key::default());
        }
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        let at = self.index_of(key).unwrap_or_else(|at| at);
        self.keys.insert(at, key);
        self.key_of[key.node() as usize] = key;
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let old = self.key_of[key.node() as usize];
        let at = self
            .index_of(old)
            .expect("decrease of a node that is not on the list");
        self.keys.remove(at);
        self.push(key);
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        self.keys.pop()
    }

    #[inline]
    fn len(&self) -> usize {
        self.keys.len()
    }

    /// Each node's key (16 bytes a cell) plus the sorted key array at its
    /// capacity, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<Key>() as f64 + spread_keys_over_cells(self.keys.capacity(), self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::SortedVec;
    use astar_core::{Key, OpenList};

    #[test]
    fn conforms() {
        openlist_conformance::check::<SortedVec>();
    }

    /// The memory a sweep reports: each cell's 16-byte key, plus the
    /// 16-byte keys the sorted array has room for, over the cells.
    #[test]
    fn bytes_per_node_is_each_cells_key_and_the_sorted_keys() {
        let mut list = SortedVec::default();
        list.clear(64);
        assert_eq!(list.bytes_per_node(), 16.0);
        for node in 0..32 {
            list.push(Key::new(node, 0, node));
        }
        let room = list.keys.capacity();
        assert!(room >= 32);
        assert_eq!(list.bytes_per_node(), 16.0 + (room * 16) as f64 / 64.0);
    }
}
