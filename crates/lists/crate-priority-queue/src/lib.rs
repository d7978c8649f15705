//! OPEN as the `priority-queue` crate's `PriorityQueue` (version 2.7, default
//! features, so std's `RandomState` hasher, SipHash-1-3): decrease-key as
//! most Rust users write it, with `change_priority`.
//!
//! The item is the node id and the priority the lab's whole [`Key`], so the
//! queue orders exactly as every other list does. The crate is a max-heap:
//! the key goes in as `Reverse<Key>`, which only flips the comparison.
//!
//! Its shape is the lab's `heap` (an indexed binary heap with decrease-key);
//! what the crate's API costs per operation over it:
//!
//! - **Finding a node** hashes its id and probes a hash table (an
//!   `IndexMap` from node to key), where the lab's heap reads one slot of a
//!   per-cell position array. Push hashes to insert the node, decrease
//!   hashes to find it.
//! - **Comparing** goes through an index: the heap array holds indices into
//!   the map's entries, and the keys live in those entries, so every
//!   comparison while sifting first loads an index, then the key it points
//!   to. The lab's heap compares the keys in its own array.
//! - **Moving** a key writes the heap slot and its inverse (entry → heap
//!   slot) on every level a sift passes, where the lab's heap writes one
//!   position per operation.
//! - **Popping** removes the root's entry from the map by swapping the last
//!   entry into its place: two probes of the hash table (by the stored
//!   hashes, no hashing again) and the inverse fixed for the entry that
//!   moved, before the sift down.
//! - **Storage**: the node id is held twice (as the item and inside the
//!   key); per entry a map entry (stored hash, node, 16-byte key), a
//!   hash-table slot (an index and a control byte) and two positions; no
//!   per-cell array.
//!
//! [`Key`]: astar_core::Key

use astar_core::{spread_over_cells, Key, NodeId, OpenList};
use priority_queue::PriorityQueue;
use std::cmp::Reverse;
use std::mem::size_of;

/// Bytes the crate keeps per entry it has room for, from its data layout (it
/// does not say): an index-map entry (the stored hash, the node and the key,
/// padded to the key's 16-byte alignment), a hash-table slot (an index and a
/// control byte), and the heap's and its inverse's positions.
const BYTES_PER_ENTRY: usize =
    size_of::<(usize, NodeId, Key)>() + size_of::<usize>() + 1 + 2 * size_of::<usize>();

/// The `priority-queue` crate's `PriorityQueue` of node ids, by reversed key.
///
/// ```
/// use astar_core::{Key, OpenList};
/// use openlist_crate_priority_queue::CratePriorityQueue;
///
/// let mut open = CratePriorityQueue::default();
/// open.clear(10);
/// for (f, node) in [(50, 1), (20, 2), (40, 3)] {
///     open.push(Key::new(f, 0, node));
/// }
/// // `change_priority` finds node 3 by its hash.
/// open.decrease(Key::new(10, 1, 3));
/// let order: Vec<_> = std::iter::from_fn(|| open.pop()).map(|k| k.node()).collect();
/// assert_eq!(order, [3, 2, 1]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct CratePriorityQueue {
    queue: PriorityQueue<NodeId, Reverse<Key>>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl OpenList for CratePriorityQueue {
    const NAME: &'static str = "crate-priority-queue";

    fn clear(&mut self, nodes: usize) {
        // Keeps the map's and the heap's allocations.
        self.queue.clear();
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        let old = self.queue.push(key.node(), Reverse(key));
        debug_assert!(old.is_none(), "node {} was on OPEN", key.node());
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let old = self.queue.change_priority(&key.node(), Reverse(key));
        debug_assert!(
            old.is_some_and(|Reverse(old)| old > key),
            "node {} was not on OPEN with a larger key",
            key.node()
        );
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        self.queue.pop().map(|(_, Reverse(key))| key)
    }

    #[inline]
    fn len(&self) -> usize {
        self.queue.len()
    }

    /// Nothing per cell; the crate's storage at the capacity it reports,
    /// estimated from its data layout, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        spread_over_cells(self.queue.capacity() * BYTES_PER_ENTRY, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::CratePriorityQueue>();
    }
}
