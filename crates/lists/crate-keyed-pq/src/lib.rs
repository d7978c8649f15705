//! OPEN as the `keyed_priority_queue` crate's `KeyedPriorityQueue` (version
//! 0.4, which has no features; std's `RandomState` hasher, SipHash-1-3):
//! another indexed heap with decrease-key, by `set_priority`.
//!
//! The queue's key is the node id and its priority the lab's whole [`Key`],
//! so it orders exactly as every other list does. The crate is a max-heap:
//! the key goes in as `Reverse<Key>`, which only flips the comparison.
//!
//! Its shape is the lab's `heap` (an indexed binary heap with decrease-key),
//! and it differs from the `priority-queue` crate (`crate-priority-queue`)
//! in where the key lives: here in the heap array itself, beside the index
//! of the node's map entry, and the map holds each node's heap slot. What
//! the crate's API costs per operation over the lab's heap:
//!
//! - **Finding a node** hashes its id and probes a hash table (an
//!   `IndexMap` from node to heap slot), where the lab's heap reads one slot
//!   of a per-cell position array. Push hashes to insert the node, decrease
//!   hashes to find it.
//! - **Moving** a key swaps two heap entries (key and map index, 32 bytes
//!   each) on every level a sift passes and writes the moved entry's slot
//!   into its map entry; the lab's heap moves a hole and writes one position
//!   per operation. Comparisons read the keys in the heap array, as the lab's
//!   do.
//! - **Popping** sifts the last entry down from the root, then removes the
//!   node's entry from the map by swapping the last map entry into its
//!   place: two probes of the hash table (by the stored hashes, no hashing
//!   again) and the moved entry's map index fixed in the heap.
//! - **Storage**: the node id is held twice (as the map's key and inside
//!   the lab's key); per entry a heap entry (map index and 16-byte key), a
//!   map entry (stored hash, node, heap slot) and a hash-table slot (an
//!   index and a control byte); no per-cell array.
//!
//! [`Key`]: astar_core::Key

use astar_core::{spread_over_cells, Key, NodeId, OpenList};
use keyed_priority_queue::KeyedPriorityQueue;
use std::cmp::Reverse;
use std::mem::size_of;

/// Bytes the crate keeps per entry, from its data layout (it does not say):
/// a heap entry (map index and key, padded to the key's 16-byte alignment),
/// an index-map entry (the stored hash, the node and the heap slot) and a
/// hash-table slot (an index and a control byte).
const BYTES_PER_ENTRY: usize =
    size_of::<(usize, Key)>() + size_of::<(usize, NodeId, usize)>() + size_of::<usize>() + 1;

/// The `keyed_priority_queue` crate's queue of node ids, by reversed key.
///
/// ```
/// use astar_core::{Key, OpenList};
/// use openlist_crate_keyed_pq::CrateKeyedPq;
///
/// let mut open = CrateKeyedPq::default();
/// open.clear(10);
/// for (f, node) in [(50, 1), (20, 2), (40, 3)] {
///     open.push(Key::new(f, 0, node));
/// }
/// // `set_priority` finds node 3 by its hash.
/// open.decrease(Key::new(10, 1, 3));
/// let order: Vec<_> = std::iter::from_fn(|| open.pop()).map(|k| k.node()).collect();
/// assert_eq!(order, [3, 2, 1]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct CrateKeyedPq {
    queue: KeyedPriorityQueue<NodeId, Reverse<Key>>,
    /// The most entries held at once since the list was made: the crate
    /// reports no capacity, and its storage, which `clear` keeps, has room
    /// for at least this many.
    peak: usize,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl OpenList for CrateKeyedPq {
    const NAME: &'static str = "crate-keyed-pq";

    fn clear(&mut self, nodes: usize) {
        // Keeps the heap's and the map's allocations.
        self.queue.clear();
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        let old = self.queue.push(key.node(), Reverse(key));
        debug_assert!(old.is_none(), "node {} was on OPEN", key.node());
        self.peak = self.peak.max(self.queue.len());
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let old = self.queue.set_priority(&key.node(), Reverse(key));
        debug_assert!(
            old.is_ok_and(|Reverse(old)| old > key),
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

    /// Nothing per cell; the crate's storage for the most entries it has
    /// held (a lower bound on its capacity, which it does not report),
    /// estimated from its data layout, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        spread_over_cells(self.peak * BYTES_PER_ENTRY, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::CrateKeyedPq>();
    }
}
