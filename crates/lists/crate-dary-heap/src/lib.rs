//! OPEN as the `dary_heap` crate's `QuaternaryHeap` (version 0.3, no
//! features), a drop-in for `std`'s `BinaryHeap` with four children per
//! node, and no decrease-key: an improved node is pushed again (the list is
//! [`LAZY`](OpenList::LAZY)) and its stale key discarded by the search when
//! it surfaces, exactly as `lazy-heap` does with `std`'s heap.
//!
//! The heap holds the lab's whole [`Key`]s, so it pops exactly as every
//! other list does; the crate is a max-heap, so a key goes in as
//! `Reverse<Key>`, which only flips the comparison.
//!
//! Why four children: the crate's documentation names the quaternary heap
//! as the usual starting point; a sift down compares four 16-byte keys a
//! level, 64 bytes, a cache line's worth, over half as many levels as a
//! binary heap; two children would be `lazy-heap` again (`std`'s heap, the
//! same code shape); and four sits beside the lab's own indexed `dary4`.
//!
//! What the crate's API costs per operation over the lab's list of the same
//! shape, `lazy-heap`: nothing more — no hashing, no index, no per-cell
//! array, the key stored as it is (wrapped in `Reverse`). Against the lab's
//! `dary4`, which has the same arity, it saves the position map and its
//! upkeep on every move, and pays with the stale keys it holds and pops.

use astar_core::Key;
use dary_heap::QuaternaryHeap;
use openlist_lazy_heap::{KeyHeap, LazyOpen};
use std::cmp::Reverse;

/// The `dary_heap` crate's 4-ary max-heap of reversed keys, with lazy
/// deletion: `lazy-heap`'s list over the crate's heap.
///
/// ```
/// use astar_core::{Key, OpenList};
/// use openlist_crate_dary_heap::CrateDaryHeap;
///
/// let mut open = CrateDaryHeap::default();
/// open.clear(10);
/// for (f, node) in [(50, 1), (20, 2), (40, 3)] {
///     open.push(Key::new(f, 0, node));
/// }
/// // No decrease-key: node 3's new key is pushed beside its old one.
/// open.decrease(Key::new(10, 1, 3));
/// assert_eq!(open.len(), 4);
/// let order: Vec<_> = std::iter::from_fn(|| open.pop()).map(|k| k.node()).collect();
/// // The stale key of node 3 comes off last; the search skips it.
/// assert_eq!(order, [3, 2, 3, 1]);
/// ```
pub type CrateDaryHeap = LazyOpen<Quaternary>;

/// The crate's `QuaternaryHeap` of reversed keys, as the heap of a lazy OPEN
/// (a type of this crate, so that it may take the trait).
#[derive(Debug, Clone, Default)]
pub struct Quaternary(QuaternaryHeap<Reverse<Key>>);

impl KeyHeap for Quaternary {
    const NAME: &'static str = "crate-dary-heap";
    #[inline]
    fn push(&mut self, key: Reverse<Key>) {
        self.0.push(key);
    }
    #[inline]
    fn pop(&mut self) -> Option<Reverse<Key>> {
        self.0.pop()
    }
    #[inline]
    fn len(&self) -> usize {
        self.0.len()
    }
    #[inline]
    fn clear(&mut self) {
        self.0.clear();
    }
    #[inline]
    fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::CrateDaryHeap>();
    }
}
