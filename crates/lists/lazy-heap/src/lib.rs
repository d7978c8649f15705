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

/// A max-heap of reversed keys, as a lazy OPEN needs one: `std`'s
/// `BinaryHeap`, or a published crate's drop-in for it (`crate-dary-heap`).
/// What the list does with it, [`LazyOpen`] does once for all of them.
pub trait KeyHeap: Default + Send {
    /// The list's name in reports and on the command line.
    const NAME: &'static str;
    /// Adds a key.
    fn push(&mut self, key: Reverse<Key>);
    /// Removes the largest, that is the smallest key.
    fn pop(&mut self) -> Option<Reverse<Key>>;
    /// Keys held, stale ones included.
    fn len(&self) -> usize;
    /// Whether it holds no key.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Empties the heap, keeping its allocation.
    fn clear(&mut self);
    /// Keys the allocation holds.
    fn capacity(&self) -> usize;
}

impl KeyHeap for BinaryHeap<Reverse<Key>> {
    const NAME: &'static str = "lazy-heap";
    #[inline]
    fn push(&mut self, key: Reverse<Key>) {
        BinaryHeap::push(self, key);
    }
    #[inline]
    fn pop(&mut self) -> Option<Reverse<Key>> {
        BinaryHeap::pop(self)
    }
    #[inline]
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }
    #[inline]
    fn clear(&mut self) {
        BinaryHeap::clear(self);
    }
    #[inline]
    fn capacity(&self) -> usize {
        BinaryHeap::capacity(self)
    }
}

/// A max-heap of reversed keys with lazy deletion, as OPEN.
#[derive(Debug, Default, Clone)]
pub struct LazyOpen<H> {
    heap: H,
    /// Nodes the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

/// `std`'s binary max-heap of reversed keys, with lazy deletion.
pub type LazyHeap = LazyOpen<BinaryHeap<Reverse<Key>>>;

impl<H: KeyHeap> OpenList for LazyOpen<H> {
    const NAME: &'static str = H::NAME;
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
