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
//! A pushed key above the slot two levels over the last one will sink to the
//! leaves, so the push walks the hole down instead (never comparing the key
//! on the way down) and sifts the key up the last few levels.
//! Only a pop that finds the root still vacant refills it, walking the hole
//! down to a leaf and sifting the last key up from there (Floyd's bottom-up
//! variant).
//!
//! A walk down goes two levels a step, comparing the four grandchildren
//! while it compares the two children (three comparisons for two levels):
//! which child is smaller decides where the next loads go, so a level at a
//! time each level's loads would wait on the level before. Measured side by
//! side, that took 10% off the heap's time on a random 1024² query and 2% on
//! a MovingAI maze row, for 4% more instructions.
//!
//! Keys that move up are not written to the position map: a node's recorded
//! slot is its slot or a descendant of it, and decrease-key walks up to it.
//! That leaves one position write per operation instead of one per level,
//! and those scattered writes were most of the heap's cache misses. The
//! position of a node off the heap is never read, so it is never reset.
//!
//! The keys' high and low 64 bits sit in two arrays: a slot's halves are
//! then addressed by the slot index times 8, which x86 folds into the load,
//! where 16-byte keys need a shift per access; and with the 16-byte aligned
//! blocks the system allocator hands out, two siblings' halves share one
//! block and never straddle a cache line. The arrays keep their length
//! (every slot past the last key holds the largest key), so a push or pop
//! writes no vector length. The smaller child is picked by adding the
//! comparison's result to the left child's index, not by a branch a
//! predictor would lose half the time; a sentinel below the root and the
//! largest keys after the last key stop the loops without extra tests.

use astar_core::{spread_over_cells, Key, OpenList};

const ROOT: usize = 1;

/// The key whose halves are `hi` and `lo`.
#[inline(always)]
fn join(hi: u64, lo: u64) -> u128 {
    (u128::from(hi) << 64) | u128::from(lo)
}

/// The high and low halves of `key`.
#[inline(always)]
fn split(key: Key) -> (u64, u64) {
    ((key.bits() >> 64) as u64, key.bits() as u64)
}

/// Moves the key `(khi, klo)`, which belongs at hole `at`, up past larger
/// parents, and records where the keys it passes and it itself end up.
#[inline(always)]
fn sift_up(
    hi: &mut [u64],
    lo: &mut [u64],
    position: &mut [u32],
    mut at: usize,
    khi: u64,
    klo: u64,
) {
    let key = join(khi, klo);
    // One length for both halves, so that one index check serves both.
    let hi = &mut hi[..=at];
    let lo = &mut lo[..hi.len()];
    loop {
        let parent = at >> 1;
        let (phi, plo) = (hi[parent], lo[parent]);
        if join(phi, plo) <= key {
            break;
        }
        hi[at] = phi;
        lo[at] = plo;
        position[plo as u32 as usize] = at as u32;
        at = parent;
    }
    hi[at] = khi;
    lo[at] = klo;
    position[klo as u32 as usize] = at as u32;
}

/// Walks the vacant root down to a leaf along the smaller children, moving
/// each up into the hole above it; returns the leaf. The last slot must
/// hold the largest key.
///
/// Two levels a step: the four grandchildren are compared with the two
/// children, before it is known which pair is on the path, so that the
/// loads of a step wait on the step before it, not on the level before it.
/// The hole takes the path a level at a time would take.
#[inline(always)]
fn walk_down(hi: &mut [u64], lo: &mut [u64]) -> usize {
    let key = |hi: &[u64], lo: &[u64], i: usize| join(hi[i], lo[i]);
    let lo = &mut lo[..hi.len()];
    let mut at = ROOT;
    while 4 * at + 3 < hi.len() {
        let (left, first) = (2 * at, 4 * at);
        let right = usize::from(key(hi, lo, left + 1) < key(hi, lo, left));
        // The smaller child of each child, both computed, one taken.
        let under_left = usize::from(key(hi, lo, first + 1) < key(hi, lo, first));
        let under_right = 2 + usize::from(key(hi, lo, first + 3) < key(hi, lo, first + 2));
        let child = left + right;
        let grandchild = first + if right == 1 { under_right } else { under_left };
        hi[at] = hi[child];
        lo[at] = lo[child];
        hi[child] = hi[grandchild];
        lo[child] = lo[grandchild];
        at = grandchild;
    }
    let mut left = 2 * at;
    while left + 1 < hi.len() {
        let right = usize::from(key(hi, lo, left + 1) < key(hi, lo, left));
        let child = left + right;
        hi[at] = hi[child];
        lo[at] = lo[child];
        at = child;
        left = 2 * child;
    }
    at
}

/// Indexed binary min-heap.
#[derive(Debug, Clone)]
pub struct BinaryHeap {
    /// The keys' high and low 64 bits, in two arrays indexed by slot: slot
    /// 0 holds the smallest key (a sentinel sift-up stops at), slots
    /// `1..=len + hole` the keys (the children of slot `i` are `2i` and
    /// `2i + 1`), and every later slot the largest key (a missing child,
    /// and what `decrease` walks up past); there is always at least one
    /// such slot. The two arrays always have the same length.
    hi: Vec<u64>,
    lo: Vec<u64>,
    /// Keys held.
    len: usize,
    /// Whether the root slot is vacant: a pop takes the root and leaves its
    /// slot to the next push. A vacant root holds the smallest key, so that
    /// sift-up stops below it.
    hole: bool,
    /// For each node on the heap, its slot or a descendant of its slot (keys
    /// that move up are not recorded); anything for the others.
    position: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl Default for BinaryHeap {
    fn default() -> Self {
        let mut heap = BinaryHeap {
            hi: vec![u64::MAX; 16],
            lo: vec![u64::MAX; 16],
            len: 0,
            hole: false,
            position: Vec::new(),
            nodes: 0,
        };
        heap.hi[0] = 0;
        heap.lo[0] = 0;
        heap
    }
}

impl BinaryHeap {
    /// Doubles the slots.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let slots = 2 * self.hi.len();
        self.hi.resize(slots, u64::MAX);
        self.lo.resize(slots, u64::MAX);
    }

    /// Fills the vacant root: the last key leaves its slot, the hole walks
    /// down to a leaf along the smaller children (Floyd's bottom-up
    /// variant: the last key is not compared on the way down), and the last
    /// key sifts up from there.
    #[inline(always)]
    fn fill_hole(&mut self) {
        self.hole = false;
        let len = self.len;
        // Slot `len + 1` holds the last key, and is the last that can be a
        // child once it leaves.
        let hi = &mut self.hi[..len + 2];
        let lo = &mut self.lo[..hi.len()];
        let (lhi, llo) = (hi[len + 1], lo[len + 1]);
        hi[len + 1] = u64::MAX;
        lo[len + 1] = u64::MAX;
        if len == 0 {
            return;
        }
        let at = walk_down(hi, lo);
        sift_up(hi, lo, &mut self.position, at, lhi, llo);
    }
}

impl OpenList for BinaryHeap {
    const NAME: &'static str = "heap";

    fn clear(&mut self, nodes: usize) {
        let end = self.len + usize::from(self.hole);
        self.hi[ROOT..=end].fill(u64::MAX);
        self.lo[ROOT..=end].fill(u64::MAX);
        self.len = 0;
        self.hole = false;
        if self.position.len() < nodes {
            self.position.resize(nodes, 0);
        }
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        let (khi, klo) = split(key);
        if self.hole {
            // Into the vacant root.
            self.hole = false;
            self.len += 1;
            let len = self.len;
            let hi = &mut self.hi[..len + 2];
            let lo = &mut self.lo[..hi.len()];
            let key = key.bits();
            if key > join(hi[len >> 2], lo[len >> 2]) {
                // Above a slot two levels over the last: it sinks to the
                // leaves, so walk the hole down (without comparing the key)
                // and sift the key up from there.
                let at = walk_down(hi, lo);
                sift_up(hi, lo, &mut self.position, at, khi, klo);
                return;
            }
            // Sift down from the root.
            let mut at = ROOT;
            loop {
                let left = 2 * at;
                let (Some(h), Some(l)) = (hi.get(left..left + 2), lo.get(left..left + 2)) else {
                    break;
                };
                let right = usize::from(join(h[1], l[1]) < join(h[0], l[0]));
                let (chi, clo) = (h[right], l[right]);
                if key <= join(chi, clo) {
                    break;
                }
                hi[at] = chi;
                lo[at] = clo;
                at = left + right;
            }
            hi[at] = khi;
            lo[at] = klo;
            self.position[key as u32 as usize] = at as u32;
            return;
        }
        let at = self.len + 1;
        if at + 1 >= self.hi.len() {
            self.grow();
        }
        self.len = at;
        sift_up(&mut self.hi, &mut self.lo, &mut self.position, at, khi, klo);
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        let node = key.node();
        // The recorded slot is the node's or a descendant's; slots past the
        // last key hold the largest key, whose node is none of ours.
        let mut at = self.position[node as usize] as usize;
        while self.lo[at] as u32 != node {
            debug_assert!(at > ROOT, "node {node} is not on the heap");
            at >>= 1;
        }
        let (khi, klo) = split(key);
        sift_up(&mut self.hi, &mut self.lo, &mut self.position, at, khi, klo);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        if self.hole {
            self.fill_hole();
        }
        if self.len == 0 {
            return None;
        }
        let (hi, lo) = (self.hi[ROOT], self.lo[ROOT]);
        self.hi[ROOT] = 0;
        self.lo[ROOT] = 0;
        self.len -= 1;
        self.hole = true;
        Some(Key::from_bits(join(hi, lo)))
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    /// The position map (4 bytes a cell) plus the two key arrays at their
    /// capacity, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<u32>() as f64
            + spread_over_cells(
                (self.hi.capacity() + self.lo.capacity()) * std::mem::size_of::<u64>(),
                self.nodes,
            )
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
