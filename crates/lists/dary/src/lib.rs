//! OPEN as an indexed d-ary min-heap with decrease-key; `D` is a const generic.
//!
//! Push and decrease-key are O(log_D n) (sift up compares with one parent per
//! level); pop is O(D log_D n) (sift down looks at `D` children per level). A
//! wider heap is shallower: fewer levels to climb on the push-heavy A* workload
//! and, with 16-byte keys, `D = 4` children fill one 64-byte cache line. A
//! position map (node → index, 4 bytes per cell) finds a node for decrease-key
//! in O(1), as the indexed binary heap's does. The one design choice: `D`.

use astar_core::{spread_keys_over_cells, Key, OpenList};

const ABSENT: u32 = u32::MAX;

/// Indexed `D`-ary min-heap.
#[derive(Debug, Clone)]
pub struct DaryHeap<const D: usize> {
    heap: Vec<Key>,
    /// Index of each node's key in `heap`, or `ABSENT`.
    position: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

/// The binary case.
pub type Dary2 = DaryHeap<2>;
/// Four children per node: one cache line of keys.
pub type Dary4 = DaryHeap<4>;
/// Eight children per node.
pub type Dary8 = DaryHeap<8>;

impl<const D: usize> Default for DaryHeap<D> {
    fn default() -> Self {
        const { assert!(D >= 2, "a heap needs at least two children per node") };
        DaryHeap {
            heap: Vec::new(),
            position: Vec::new(),
            nodes: 0,
        }
    }
}

impl<const D: usize> DaryHeap<D> {
    #[inline(always)]
    fn place(&mut self, at: usize, key: Key) {
        self.heap[at] = key;
        self.position[key.node() as usize] = at as u32;
    }

    /// Moves `key`, which belongs at hole `at`, up past larger parents.
    #[inline(always)]
    fn sift_up(&mut self, mut at: usize, key: Key) {
        while at > 0 {
            let parent = (at - 1) / D;
            let above = self.heap[parent];
            if above <= key {
                break;
            }
            self.place(at, above);
            at = parent;
        }
        self.place(at, key);
    }

    /// Moves `key`, which belongs at hole `at`, down past smaller children.
    #[inline(always)]
    fn sift_down(&mut self, mut at: usize, key: Key) {
        let len = self.heap.len();
        loop {
            let first = D * at + 1;
            if first >= len {
                break;
            }
            let last = (first + D).min(len);
            let mut child = first;
            let mut best = self.heap[first];
            for i in first + 1..last {
                let k = self.heap[i];
                if k < best {
                    best = k;
                    child = i;
                }
            }
            if key <= best {
                break;
            }
            self.place(at, best);
            at = child;
        }
        self.place(at, key);
    }
}

/// The name of each arity, checked at compile time to be one of the three.
const fn name_of(d: usize) -> &'static str {
    match d {
        2 => "dary2",
        4 => "dary4",
        8 => "dary8",
        _ => panic!("only D = 2, 4 and 8 have strategy names"),
    }
}

impl<const D: usize> OpenList for DaryHeap<D> {
    const NAME: &'static str = name_of(D);

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
            self.sift_down(0, last);
        }
        self.position[top.node() as usize] = ABSENT;
        Some(top)
    }

    fn len(&self) -> usize {
        self.heap.len()
    }

    /// The position map (4 bytes a cell) plus the key array at its capacity,
    /// averaged over the nodes.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<u32>() as f64 + spread_keys_over_cells(self.heap.capacity(), self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conforms() {
        openlist_conformance::check::<Dary2>();
        openlist_conformance::check::<Dary4>();
        openlist_conformance::check::<Dary8>();
    }

    #[test]
    fn names_follow_the_arity() {
        assert_eq!(
            [Dary2::NAME, Dary4::NAME, Dary8::NAME],
            ["dary2", "dary4", "dary8"]
        );
    }
}
