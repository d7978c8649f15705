//! OPEN as an indexed binary min-heap with decrease-key: the standard
//! decrease-key heap, the project's, not a seed's.
//!
//! The heap is an array of keys (1-based: the children of slot `i` are `2i`
//! and `2i + 1`); a position map (node → slot) lets decrease-key find a node
//! and sift it up in O(log n). Push and pop are O(log n). Neither seed has
//! that map: seed 001's AS3 class moves an improved node up with
//! `aheadNote(getIndex(id))`, and it keeps no node → index table, so
//! `getIndex` can only search the heap's array for the id (the seed omits its
//! body); seed 003's template has no decrease-key at all and finds a node with
//! a linear `isIn`. The heap the tutorial timed is therefore closer to
//! `heap-scan` (the `openlist-heap-scan` crate); the position map is what
//! removes the scan.
//!
//! Speed: a pop takes the root and leaves its slot vacant; the next push
//! sifts its key down from there instead of up from the bottom, which
//! spares refilling the root with the last key (a walk to a leaf), and a
//! pushed key that is the new minimum stays at the root after one comparison.
//! Only a pop that finds the root still vacant refills it, walking the hole
//! down to a leaf and sifting the last key up from there (Floyd's bottom-up
//! variant: one comparison per level on the way down). Keys that move up
//! are not written to the position map: a node's recorded slot is its slot
//! or a descendant of it, and decrease-key walks up to it. That leaves one
//! position write per operation instead of one per level, and those scattered
//! writes were most of the heap's cache misses. The smaller child is picked
//! by adding the comparison's result to the left child's index, not by a
//! branch a predictor would lose half the time; sibling pairs sit in
//! 32-byte-aligned blocks, never across a cache line; a sentinel below the
//! root and one after the last key stop the loops without index tests.

use astar_core::{spread_over_cells, Key, OpenList};

const ABSENT: u32 = u32::MAX;
const ROOT: usize = 1;
/// Bytes per key, and per pair of sibling keys.
const KEY_BYTES: usize = std::mem::size_of::<Key>();
const PAIR_BYTES: usize = 2 * KEY_BYTES;

/// Indexed binary min-heap.
#[derive(Debug, Clone)]
pub struct BinaryHeap {
    /// `base` spare slots, then slot 0 (the smallest key: a sentinel
    /// sift-up stops at), the keys at slots `1..=len` (the children of slot
    /// `i` are `2i` and `2i + 1`), and slot `len + 1` (the largest key: a
    /// missing right child). `base` (0 or 1) puts every pair of siblings in
    /// one 32-byte-aligned block, so that no pair straddles a cache line.
    keys: Vec<Key>,
    base: usize,
    /// Whether the root slot is vacant: a pop takes the root and leaves its
    /// slot to the next push, which sifts down from there.
    hole: bool,
    /// For each node on the heap, its slot or a descendant of its slot (keys
    /// that move up are not recorded); `ABSENT` for the others.
    position: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl Default for BinaryHeap {
    fn default() -> Self {
        let mut heap = BinaryHeap {
            keys: Vec::new(),
            base: 0,
            hole: false,
            position: Vec::new(),
            nodes: 0,
        };
        heap.reallocate(16);
        heap
    }
}

impl BinaryHeap {
    /// The slots (slot 0 first).
    #[inline(always)]
    fn slots(&mut self) -> &mut [Key] {
        &mut self.keys[self.base..]
    }

    /// Moves the slots to an allocation of `capacity` keys, aligned as
    /// `base` describes.
    #[cold]
    fn reallocate(&mut self, capacity: usize) {
        let mut keys = Vec::with_capacity(capacity + 1);
        let base = usize::from(keys.as_ptr() as usize % PAIR_BYTES != 0);
        keys.resize(base, Key::MAX);
        if self.keys.is_empty() {
            keys.extend([Key::default(), Key::MAX]);
        } else {
            keys.extend_from_slice(&self.keys[self.base..]);
        }
        self.keys = keys;
        self.base = base;
    }

    /// Keys held.
    #[inline(always)]
    fn count(&self) -> usize {
        self.keys.len() - self.base - 2
    }

    /// Moves `key`, which belongs at hole `at`, up past larger parents.
    #[inline(always)]
    fn sift_up(&mut self, mut at: usize, key: Key) {
        let base = self.base;
        let heap = &mut self.keys[base..];
        loop {
            let parent = at >> 1;
            let above = heap[parent];
            if above <= key {
                break;
            }
            heap[at] = above;
            self.position[above.node() as usize] = at as u32;
            at = parent;
        }
        heap[at] = key;
        self.position[key.node() as usize] = at as u32;
    }

    /// Fills the hole at the root with `key` (Floyd's bottom-up variant).
    #[inline(always)]
    fn fill_root(&mut self, key: Key) {
        let heap = self.slots();
        let mut at = ROOT;
        loop {
            let left = 2 * at;
            let Some(pair) = heap.get(left..left + 2) else {
                break;
            };
            let right = usize::from(pair[1] < pair[0]);
            heap[at] = pair[right];
            at = left + right;
        }
        self.sift_up(at, key);
    }

    /// Moves `key`, which belongs at hole `at`, down past smaller children.
    /// Keys that move up are not recorded.
    #[inline(always)]
    fn sift_down(&mut self, mut at: usize, key: Key) {
        let heap = self.slots();
        loop {
            let left = 2 * at;
            let Some(pair) = heap.get(left..left + 2) else {
                break;
            };
            let right = usize::from(pair[1] < pair[0]);
            let below = pair[right];
            if key <= below {
                break;
            }
            heap[at] = below;
            at = left + right;
        }
        heap[at] = key;
        self.position[key.node() as usize] = at as u32;
    }

    /// Fills the vacant root with the last key.
    #[inline(always)]
    fn fill_hole(&mut self) {
        self.hole = false;
        let n = self.count();
        self.keys.pop();
        let last = std::mem::replace(&mut self.slots()[n], Key::MAX);
        if n > 1 {
            self.fill_root(last);
        }
    }

    /// The slot of `node`, found from its recorded slot by walking up.
    #[inline(always)]
    fn find(&mut self, node: u32) -> usize {
        let mut at = self.position[node as usize] as usize;
        debug_assert_ne!(at as u32, ABSENT, "node {node} is not on the heap");
        let n = self.count();
        while at > n {
            at >>= 1;
        }
        let heap = self.slots();
        while heap[at].node() != node {
            debug_assert!(at > ROOT, "node {node} lost");
            at >>= 1;
        }
        at
    }
}

impl OpenList for BinaryHeap {
    const NAME: &'static str = "heap";

    fn clear(&mut self, nodes: usize) {
        let base = self.base;
        let first = ROOT + usize::from(self.hole);
        for k in self.keys.drain(base..).skip(first).rev().skip(1) {
            self.position[k.node() as usize] = ABSENT;
        }
        self.keys.extend([Key::default(), Key::MAX]);
        self.hole = false;
        if self.position.len() < nodes {
            self.position.resize(nodes, ABSENT);
        }
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        if self.hole {
            self.hole = false;
            self.sift_down(ROOT, key);
            return;
        }
        if self.keys.len() == self.keys.capacity() {
            self.reallocate(2 * self.keys.capacity());
        }
        let at = self.count() + 1;
        self.keys.push(Key::MAX);
        self.sift_up(at, key);
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        let at = self.find(key.node());
        self.sift_up(at, key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        if self.hole {
            self.fill_hole();
        }
        if self.count() == 0 {
            return None;
        }
        let heap = self.slots();
        let top = std::mem::take(&mut heap[ROOT]);
        self.position[top.node() as usize] = ABSENT;
        self.hole = true;
        Some(top)
    }

    #[inline]
    fn len(&self) -> usize {
        self.count() - usize::from(self.hole)
    }

    /// The position map (4 bytes a cell) plus the key array at its
    /// capacity, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<u32>() as f64
            + spread_over_cells(self.keys.capacity() * KEY_BYTES, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::BinaryHeap;
    use astar_core::{Key, OpenList};
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn conforms() {
        openlist_conformance::check::<BinaryHeap>();
    }

    /// A deep heap (thousands of keys, where the conformance suite's stay
    /// below fifty) driven the way A* drives it: pops followed by no push,
    /// one or several (the first fills the vacant root), and decreases both
    /// while the root is vacant and after keys have moved up unrecorded.
    /// Every pop and length is checked against a `BTreeSet`.
    #[test]
    fn deep_heaps_pop_in_key_order() {
        const NODES: u32 = 6000;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let mut heap = BinaryHeap::default();
        for round in 0..3 {
            heap.clear(NODES as usize);
            let mut live = BTreeSet::new();
            let mut current: BTreeMap<u32, Key> = BTreeMap::new();
            let mut seq = 0u64;
            let mut key = |f: u32, node: u32| {
                seq += 1;
                Key::new(f, !seq, node)
            };
            for _ in 0..40_000 {
                let node = next(u64::from(NODES)) as u32;
                match (current.get(&node).copied(), next(10)) {
                    (None, 0..=5) => {
                        let k = key(next(5000) as u32, node);
                        heap.push(k);
                        live.insert(k);
                        current.insert(node, k);
                    }
                    (Some(old), 0..=2) if old.f() > 0 => {
                        let k = key(next(u64::from(old.f())) as u32, node);
                        heap.decrease(k);
                        live.remove(&old);
                        live.insert(k);
                        current.insert(node, k);
                    }
                    _ => {
                        let want = live.pop_first();
                        assert_eq!(heap.pop(), want, "round {round}");
                        if let Some(k) = want {
                            current.remove(&k.node());
                        }
                    }
                }
                assert_eq!(heap.len(), live.len());
            }
            // The second round drains the heap; the others leave it full
            // for `clear`.
            if round == 1 {
                while let Some(k) = live.pop_first() {
                    assert_eq!(heap.pop(), Some(k));
                }
                assert_eq!(heap.pop(), None);
            }
        }
    }
}
