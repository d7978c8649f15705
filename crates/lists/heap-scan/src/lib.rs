//! OPEN as seed 003 wrote it: a 1-based binary min-heap with no position map,
//! the heap closest to the one the tutorial timed.
//!
//! Push and pop are O(log n), sifting by swaps as the seed's `_percolateUp`
//! does. Seed 003's template has no decrease-key; this crate adds one, as the
//! seeds' A* needs it (seed 001 calls `aheadNote(getIndex(id))` with no
//! node → index table, so its `getIndex` must search the array): decrease-key
//! first finds the node the way the template's `isIn` does, scanning the array
//! from index 1, O(n) per decrease, then sifts it up. The decrease-key is the
//! project's addition to seed 003; everything else is the seed as written. It
//! never wins; it measures what the missing position map costs.

use astar_core::{spread_keys_over_cells, Key, OpenList};

/// Binary min-heap whose membership test scans the array.
#[derive(Debug, Clone)]
pub struct ScanHeap {
    /// `array[0]` is unused, as in the seed: the children of `i` are `2i`, `2i+1`.
    array: Vec<Key>,
    nodes: usize,
}

impl Default for ScanHeap {
    fn default() -> Self {
        ScanHeap {
            array: vec![Key::MAX],
            nodes: 0,
        }
    }
}

impl ScanHeap {
    /// The seed's `isIn`: the index of `node`'s key, found by a linear scan.
    #[inline]
    fn is_in(&self, node: u32) -> Option<usize> {
        (1..self.array.len()).find(|&i| self.array[i].node() == node)
    }

    /// The seed's `_percolateUp`: swap with the parent while smaller.
    #[inline]
    fn percolate_up(&mut self, mut hole: usize) {
        while hole > 1 && self.array[hole] < self.array[hole / 2] {
            self.array.swap(hole, hole / 2);
            hole /= 2;
        }
    }

    /// The seed's `_percolateDown`.
    #[inline]
    fn percolate_down(&mut self, mut hole: usize) {
        let size = self.array.len() - 1;
        let temp = self.array[hole];
        while hole * 2 <= size {
            let mut child = hole * 2;
            if child != size && self.array[child + 1] < self.array[child] {
                child += 1;
            }
            if self.array[child] < temp {
                self.array[hole] = self.array[child];
            } else {
                break;
            }
            hole = child;
        }
        self.array[hole] = temp;
    }
}

impl OpenList for ScanHeap {
    const NAME: &'static str = "heap-scan";

    fn clear(&mut self, nodes: usize) {
        self.array.truncate(1);
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        self.array.push(key);
        self.percolate_up(self.array.len() - 1);
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let at = self
            .is_in(key.node())
            .expect("decrease of a node that is not on the heap");
        self.array[at] = key;
        self.percolate_up(at);
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        if self.array.len() == 1 {
            return None;
        }
        let min = self.array[1];
        let last = self.array.pop().expect("non-empty");
        if self.array.len() > 1 {
            self.array[1] = last;
            self.percolate_down(1);
        }
        Some(min)
    }

    #[inline]
    fn len(&self) -> usize {
        self.array.len() - 1
    }

    /// Nothing per cell; the key array at its capacity, averaged over the nodes.
    fn bytes_per_node(&self) -> f64 {
        spread_keys_over_cells(self.array.capacity(), self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::ScanHeap;
    use astar_core::{Key, OpenList};

    #[test]
    fn conforms() {
        openlist_conformance::check::<ScanHeap>();
    }

    /// The memory a sweep reports: nothing per cell, the 16-byte keys the
    /// array has room for (its unused first slot too), over the cells.
    #[test]
    fn bytes_per_node_is_the_key_array_over_the_cells() {
        let mut list = ScanHeap::default();
        list.clear(64);
        for node in 0..32 {
            list.push(Key::new(node, 0, node));
        }
        let room = list.array.capacity();
        assert!(room > 32);
        assert_eq!(list.bytes_per_node(), (room * 16) as f64 / 64.0);
    }
}
