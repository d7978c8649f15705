//! OPEN as an unsorted array; the minimum is found by scanning all of it.
//!
//! This is the "before" of seeds 000 and 003: push is O(1), pop is O(n). A
//! position map (node → index) makes decrease-key O(1), so the scan for the
//! minimum is the only cost that grows with OPEN — the cost the seeds' binary
//! heap removes.

use astar_core::{spread_keys_over_cells, Key, NodeId, OpenList};

const ABSENT: u32 = u32::MAX;

/// Unsorted array with a linear scan for the minimum.
#[derive(Debug, Default, Clone)]
pub struct LinearScan {
    keys: Vec<Key>,
    /// Index of each node's key in `keys`, or `ABSENT`.
    position: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl LinearScan {
    #[inline]
    fn slot(&self, node: NodeId) -> usize {
        let at = self.position[node as usize];
        debug_assert_ne!(at, ABSENT, "node {node} is not on the list");
        at as usize
    }
}

impl OpenList for LinearScan {
    const NAME: &'static str = "linear";

    fn clear(&mut self, nodes: usize) {
        for k in self.keys.drain(..) {
            self.position[k.node() as usize] = ABSENT;
        }
        if self.position.len() < nodes {
            self.position.resize(nodes, ABSENT);
        }
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        self.position[key.node() as usize] = self.keys.len() as u32;
        self.keys.push(key);
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let at = self.slot(key.node());
        self.keys[at] = key;
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        let (at, &min) = self.keys.iter().enumerate().min_by_key(|&(_, k)| k)?;
        self.keys.swap_remove(at);
        if let Some(moved) = self.keys.get(at) {
            self.position[moved.node() as usize] = at as u32;
        }
        self.position[min.node() as usize] = ABSENT;
        Some(min)
    }

    #[inline]
    fn len(&self) -> usize {
        self.keys.len()
    }

    /// The position map (4 bytes a cell) plus the key array at its
    /// capacity, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<u32>() as f64 + spread_keys_over_cells(self.keys.capacity(), self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::LinearScan;
    use astar_core::{Key, OpenList};

    #[test]
    fn conforms() {
        openlist_conformance::check::<LinearScan>();
    }

    /// The memory a sweep reports: 4 bytes a cell for the position map,
    /// plus the 16-byte keys the array has room for, over the cells.
    #[test]
    fn bytes_per_node_is_the_position_map_and_the_keys() {
        let mut list = LinearScan::default();
        list.clear(64);
        assert_eq!(list.bytes_per_node(), 4.0);
        for node in 0..32 {
            list.push(Key::new(node, 0, node));
        }
        let room = list.keys.capacity();
        assert!(room >= 32);
        assert_eq!(list.bytes_per_node(), 4.0 + (room * 16) as f64 / 64.0);
    }
}
