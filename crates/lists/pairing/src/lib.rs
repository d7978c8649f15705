//! OPEN as a pairing heap with decrease-key, in an arena of slots linked by
//! indices (no `Box`, no pointers).
//!
//! Push and decrease-key are O(1) (meld a tree into the root; decrease cuts the
//! node's subtree and melds it back); pop is O(log n) amortised, by the
//! standard two-pass pairing of the root's children. It wins where
//! decrease-key is frequent, since each costs one cut and one comparison. The
//! one design choice: slots live in a reusable arena (freed slots are reused),
//! found from a node through a 4-byte-per-cell slot map, so the per-cell cost
//! stays at one `u32` and the heavier slots scale with OPEN, not with the map.

use astar_core::{spread_over_cells, Key, OpenList};

const NIL: u32 = u32::MAX;

/// One heap node: its key and its links (leftmost child, next sibling, and
/// `prev`: the left sibling, or the parent for a leftmost child).
#[derive(Debug, Clone, Copy)]
struct Slot {
    key: Key,
    child: u32,
    next: u32,
    prev: u32,
}

/// Pairing min-heap with decrease-key.
#[derive(Debug, Default, Clone)]
pub struct PairingHeap {
    slots: Vec<Slot>,
    /// Freed slots, reused before the arena grows.
    free: Vec<u32>,
    /// Slot of each node on the heap, or `NIL`.
    slot_of: Vec<u32>,
    root: u32,
    len: usize,
    /// Scratch for the pairing passes of `pop`.
    pairs: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

impl PairingHeap {
    /// Links two roots; the one with the larger key becomes the leftmost child
    /// of the other, which is returned.
    #[inline(always)]
    fn meld(&mut self, a: u32, b: u32) -> u32 {
        let (a, b) = if self.slots[b as usize].key < self.slots[a as usize].key {
            (b, a)
        } else {
            (a, b)
        };
        let first = self.slots[a as usize].child;
        if first != NIL {
            self.slots[first as usize].prev = b;
        }
        let sb = &mut self.slots[b as usize];
        sb.next = first;
        sb.prev = a;
        self.slots[a as usize].child = b;
        a
    }

    #[inline]
    fn alloc(&mut self, key: Key) -> u32 {
        let slot = Slot {
            key,
            child: NIL,
            next: NIL,
            prev: NIL,
        };
        match self.free.pop() {
            Some(s) => {
                self.slots[s as usize] = slot;
                s
            }
            None => {
                self.slots.push(slot);
                (self.slots.len() - 1) as u32
            }
        }
    }
}

impl OpenList for PairingHeap {
    const NAME: &'static str = "pairing";

    fn clear(&mut self, nodes: usize) {
        for s in &self.slots {
            if let Some(p) = self.slot_of.get_mut(s.key.node() as usize) {
                *p = NIL;
            }
        }
        self.slots.clear();
        self.free.clear();
        if self.slot_of.len() < nodes {
            self.slot_of.resize(nodes, NIL);
        }
        self.root = NIL;
        self.len = 0;
        self.nodes = nodes;
    }

    #[inline]
    fn push(&mut self, key: Key) {
        let s = self.alloc(key);
        self.slot_of[key.node() as usize] = s;
        self.root = if self.root == NIL {
            s
        } else {
            self.meld(self.root, s)
        };
        self.len += 1;
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        let s = self.slot_of[key.node() as usize];
        debug_assert_ne!(s, NIL, "decrease of a node that is not on the heap");
        self.slots[s as usize].key = key;
        if s == self.root {
            return;
        }
        // Cut the subtree of `s` out of its sibling list, then meld it back.
        let Slot { next, prev, .. } = self.slots[s as usize];
        if self.slots[prev as usize].child == s {
            self.slots[prev as usize].child = next;
        } else {
            self.slots[prev as usize].next = next;
        }
        if next != NIL {
            self.slots[next as usize].prev = prev;
        }
        self.slots[s as usize].next = NIL;
        self.slots[s as usize].prev = NIL;
        self.root = self.meld(self.root, s);
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        if self.root == NIL {
            return None;
        }
        let r = self.root;
        let top = self.slots[r as usize].key;
        // First pass: meld the children in pairs, left to right.
        let mut pairs = std::mem::take(&mut self.pairs);
        let mut c = self.slots[r as usize].child;
        while c != NIL {
            let d = self.slots[c as usize].next;
            let rest = if d == NIL {
                NIL
            } else {
                self.slots[d as usize].next
            };
            self.slots[c as usize].next = NIL;
            self.slots[c as usize].prev = NIL;
            let t = if d == NIL {
                c
            } else {
                self.slots[d as usize].next = NIL;
                self.slots[d as usize].prev = NIL;
                self.meld(c, d)
            };
            pairs.push(t);
            c = rest;
        }
        // Second pass: meld the pairs right to left into one tree.
        let mut root = pairs.pop().unwrap_or(NIL);
        while let Some(t) = pairs.pop() {
            root = self.meld(t, root);
        }
        self.pairs = pairs;
        self.root = root;
        self.slot_of[top.node() as usize] = NIL;
        self.free.push(r);
        self.len -= 1;
        Some(top)
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    /// The slot map (4 bytes a cell) plus the slot arena, free list and scratch
    /// at their capacity, averaged over the nodes.
    fn bytes_per_node(&self) -> f64 {
        let held = self.slots.capacity() * std::mem::size_of::<Slot>()
            + (self.free.capacity() + self.pairs.capacity()) * std::mem::size_of::<u32>();
        std::mem::size_of::<u32>() as f64 + spread_over_cells(held, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::PairingHeap>();
    }
}
