//! OPEN as an indexed binary min-heap with decrease-key: the standard
//! decrease-key heap, the project's, not a seed's.
//!
//! The heap is an array of keys (0-based: the children of `i` are `2i+1` and
//! `2i+2`); a position map (node → index) lets decrease-key find a node in O(1)
//! and sift it up in O(log n). Push and pop are O(log n). Neither seed has that
//! map: seed 001's AS3 class moves an improved node up with
//! `aheadNote(getIndex(id))`, and it keeps no node → index table, so
//! `getIndex` can only search the heap's array for the id (the seed omits its
//! body); seed 003's template has no decrease-key at all and finds a node with
//! a linear `isIn`. The heap the tutorial timed is therefore closer to
//! `heap-scan` (the `openlist-heap-scan` crate); the position map is what
//! removes the scan.
//!
//! Speed: a pop walks the hole at the root down to a leaf and sifts the
//! last key up from there (Floyd's bottom-up variant: one comparison per
//! level on the way down instead of two, since the last key almost always
//! belongs near the bottom). The walk picks the smaller child by adding the
//! comparison's result to the left child's index rather than branching on
//! it — which child is smaller is a coin toss that a branch predictor loses
//! half the time, and that misprediction, not instruction count, once made
//! this heap about 30% slower than the otherwise identical 2-ary heap of the
//! `dary` crate.

use astar_core::{spread_over_cells, Key, OpenList};

const ABSENT: u32 = u32::MAX;

/// Indexed binary min-heap.
#[derive(Debug, Default, Clone)]
pub struct BinaryHeap {
    heap: Vec<Key>,
    /// Index of each node's key in `heap`, or `ABSENT`.
    position: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl BinaryHeap {
    #[inline(always)]
    fn place(&mut self, at: usize, key: Key) {
        self.heap[at] = key;
        self.position[key.node() as usize] = at as u32;
    }

    /// Moves `key`, which belongs at hole `at`, up past larger parents.
    #[inline(always)]
    fn sift_up(&mut self, mut at: usize, key: Key) {
        while at > 0 {
            let parent = (at - 1) / 2;
            let above = self.heap[parent];
            if above <= key {
                break;
            }
            self.place(at, above);
            at = parent;
        }
        self.place(at, key);
    }

    /// Fills the hole at the root with `key` (the former last key): the hole
    /// first walks down to a leaf, each step pulling up the smaller child,
    /// and `key` then sifts up from there (Floyd's bottom-up variant). The
    /// last key of a heap belongs near the bottom, so this saves comparing
    /// it with a child on every level on the way down, for a level or two
    /// of sifting up at the end.
    #[inline(always)]
    fn fill_root(&mut self, key: Key) {
        let heap = &mut self.heap[..];
        let len = heap.len();
        let mut at = 0;
        // Both children exist while `left < len - 1`; written so, every
        // index below is visibly in range and needs no bounds check.
        let both = len.saturating_sub(1);
        loop {
            let left = 2 * at + 1;
            let child = if left < both {
                let pair = &heap[left..left + 2];
                // Which child is smaller is a coin toss: add the comparison
                // instead of branching on it, so no misprediction is possible.
                left + usize::from(pair[1] < pair[0])
            } else if left < len {
                left
            } else {
                break;
            };
            let below = heap[child];
            heap[at] = below;
            self.position[below.node() as usize] = at as u32;
            at = child;
        }
        self.sift_up(at, key);
    }
}

impl OpenList for BinaryHeap {
    const NAME: &'static str = "heap";

    fn clear(&mut self, nodes: usize) {
        for k in self.heap.drain(..) {
            self.position[k.node() as usize] = ABSENT;
        }
        if self.position.len() < nodes {
            self.position.resize(nodes, ABSENT);
        }
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        self.heap.push(key);
        self.sift_up(self.heap.len() - 1, key);
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let at = self.position[key.node() as usize];
        debug_assert_ne!(at, ABSENT, "decrease of a node that is not on the heap");
        self.sift_up(at as usize, key);
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        if !self.heap.is_empty() {
            self.fill_root(last);
        }
        self.position[top.node() as usize] = ABSENT;
        Some(top)
    }

    #[inline]
    fn len(&self) -> usize {
        self.heap.len()
    }

    /// The position map (4 bytes a cell) plus the key array at its
    /// capacity, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<u32>() as f64
            + spread_over_cells(
                self.heap.capacity() * std::mem::size_of::<Key>(),
                self.nodes,
            )
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::BinaryHeap>();
    }
}
