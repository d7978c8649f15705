//! OPEN as `std::collections::BinaryHeap` with no decrease-key: what most Rust
//! A* code (and the `pathfinding` crate) does.
//!
//! Push and pop are O(log n) on a plain array of keys. An improved node is
//! pushed again (the list is [`LAZY`](OpenList::LAZY)); its old key stays in
//! the heap and is discarded by the search when it surfaces. It wins by having
//! no position map at all — nothing per map cell, no index upkeep on every
//! move — and pays with a heap that also holds the stale keys. The one design
//! choice: laziness instead of an index.

use astar_core::{spread_keys_over_cells, Key, OpenList};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// `std`'s binary max-heap of reversed keys, with lazy deletion.
#[derive(Debug, Default, Clone)]
pub struct LazyHeap {
    heap: BinaryHeap<Reverse<Key>>,
    /// Nodes the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl OpenList for LazyHeap {
    const NAME: &'static str = "lazy-heap";
    const LAZY: bool = true;

    fn clear(&mut self, nodes: usize) {
        self.heap.clear();
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        self.heap.push(Reverse(key));
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        // The old key stays behind; the search recognises it as stale.
        self.heap.push(Reverse(key));
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        self.heap.pop().map(|Reverse(k)| k)
    }

    #[inline]
    fn len(&self) -> usize {
        self.heap.len()
    }

    /// Nothing per cell; the heap's allocation (live and stale keys, at its
    /// capacity) averaged over the map's nodes.
    fn bytes_per_node(&self) -> f64 {
        spread_keys_over_cells(self.heap.capacity(), self.nodes)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::LazyHeap>();
    }
}
