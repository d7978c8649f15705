//! OPEN as a radix heap over F, for the monotone F of a consistent heuristic.
//!
//! Keys are bucketed by the highest bit in which their F differs from the F of
//! the last minimum (`last`): bucket 0 holds F equal to `last`, bucket `i`
//! holds F differing first in bit `i - 1`. Push is O(1). When bucket 0 runs
//! out, the lowest non-empty bucket is emptied into lower ones around its
//! minimum F; each key moves down at most 32 times, so pops are O(log C)
//! amortised, where C is the F spread. Decrease-key is lazy (the list is
//! [`LAZY`](OpenList::LAZY)). It wins over heaps when OPEN is large, with
//! none of a bucket queue's dependence on small costs.
//!
//! The design choice: radix only on F, and bucket 0 kept as a stack ordered
//! by the full [`Key`] — the tie field and node decide among equal F, and
//! under the default LIFO tie policy a new key is always the smallest of its
//! F, so it goes on top in O(1). Other policies insert in order there. A key
//! below `last` (only inconsistent heuristics and the conformance suite make
//! one) re-buckets everything around the new minimum: slow, still exact.

use astar_core::{insert_descending, spread_over_cells, Key, OpenList};

/// Radix heap on F with an exactly ordered lowest bucket.
#[derive(Debug, Clone)]
pub struct RadixHeap {
    /// `buckets[0]` descending (smallest on top); the others unordered.
    buckets: [Vec<Key>; 33],
    /// Bit `i` set when `buckets[i]` holds anything, for `i` from 1 (bucket 0
    /// is tested by its length).
    occupied: u64,
    /// F of the last minimum; every key held has F at least this.
    last: u32,
    len: usize,
    nodes: usize,
}

impl Default for RadixHeap {
    fn default() -> Self {
        RadixHeap {
            buckets: std::array::from_fn(|_| Vec::new()),
            occupied: 0,
            last: 0,
            len: 0,
            nodes: 0,
        }
    }
}

/// The bucket of F `f` relative to `last`.
#[inline(always)]
fn bucket_of(f: u32, last: u32) -> usize {
    (32 - (f ^ last).leading_zeros()) as usize
}

impl RadixHeap {
    /// Re-buckets every key around a new, lower `last`.
    #[cold]
    #[inline(never)]
    fn lower_last(&mut self, f: u32) {
        self.last = f;
        if self.len == 0 {
            return;
        }
        let all: Vec<Key> = self.buckets.iter_mut().flat_map(|b| b.drain(..)).collect();
        self.occupied = 0;
        for key in all {
            let i = bucket_of(key.f(), f);
            self.buckets[i].push(key);
            self.occupied |= 1 << i;
        }
        self.buckets[0].sort_unstable_by(|a, b| b.cmp(a));
    }

    /// Refills bucket 0 from the lowest non-empty bucket; the list must hold
    /// something and bucket 0 must be empty.
    fn refill(&mut self) {
        let i = (self.occupied & !1).trailing_zeros() as usize;
        let mut moving = std::mem::take(&mut self.buckets[i]);
        self.occupied &= !(1 << i);
        let last = moving.iter().map(|k| k.f()).min().expect("occupied bucket");
        self.last = last;
        let mut occupied = self.occupied;
        for &key in &moving {
            let j = bucket_of(key.f(), last);
            self.buckets[j].push(key);
            occupied |= 1 << j;
        }
        self.occupied = occupied;
        // Keys reach bucket 0 in push order, which under LIFO ties is already
        // descending; other policies need the sort.
        let zero = &mut self.buckets[0];
        if !zero.is_sorted_by(|a, b| a > b) {
            zero.sort_unstable_by(|a, b| b.cmp(a));
        }
        moving.clear();
        // Hand the emptied allocation back so buckets keep their capacity.
        if self.buckets[i].is_empty() {
            self.buckets[i] = moving;
        }
    }

    /// Pops after bucket 0 ran out: refills it, unless the list is empty.
    #[inline(never)]
    fn pop_refilled(&mut self) -> Option<Key> {
        if self.len == 0 {
            return None;
        }
        self.refill();
        self.len -= 1;
        self.buckets[0].pop()
    }
}

impl OpenList for RadixHeap {
    const NAME: &'static str = "radix";
    const LAZY: bool = true;

    fn clear(&mut self, nodes: usize) {
        for b in &mut self.buckets {
            b.clear();
        }
        self.occupied = 0;
        self.len = 0;
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        let f = key.f();
        if f < self.last {
            self.lower_last(f);
        }
        let i = bucket_of(f, self.last);
        // Only bucket 0 (F = `last`) is ordered.
        if i == 0 && self.buckets[0].last().is_some_and(|&top| key > top) {
            insert_descending(&mut self.buckets[0], key);
        } else {
            self.buckets[i].push(key);
        }
        // Bit 0 is never read: bucket 0 is tested by its length.
        self.occupied |= 1 << i;
        self.len += 1;
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        // Lazy: the old key stays and pops as stale.
        self.push(key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        match self.buckets[0].pop() {
            Some(key) => {
                self.len -= 1;
                Some(key)
            }
            None => self.pop_refilled(),
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Nothing per cell; the buckets' key storage at its capacity (live and
    /// stale keys) averaged over the map's nodes.
    fn bytes_per_node(&self) -> f64 {
        let keys: usize =
            self.buckets.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<Key>();
        spread_over_cells(keys, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conforms() {
        openlist_conformance::check::<RadixHeap>();
    }

    /// Bucket `i` holds F differing from `last` first in bit `i - 1`, and
    /// bucket 0 F equal to it: a list that put every key in bucket 0 would
    /// still pop in order, but as a sorted array, not a radix heap.
    #[test]
    fn a_key_goes_to_the_bucket_of_its_highest_bit_apart_from_last() {
        assert_eq!(bucket_of(7, 7), 0);
        assert_eq!(bucket_of(6, 7), 1);
        assert_eq!(bucket_of(5, 7), 2);
        assert_eq!(bucket_of(12, 7), 4);
        assert_eq!(bucket_of(u32::MAX, 0), 32);
        let mut q = RadixHeap::default();
        q.clear(8);
        q.push(Key::new(0, 0, 0));
        q.push(Key::new(3, 0, 1));
        q.push(Key::new(9, 0, 2));
        let held: Vec<usize> = q.buckets.iter().map(Vec::len).collect();
        assert_eq!(held[..5], [1, 0, 1, 0, 1]);
        assert_eq!(q.occupied & !1, 0b10100);
    }

    /// The memory a sweep reports: nothing per cell, the 16-byte keys every
    /// bucket has room for, over the cells.
    #[test]
    fn bytes_per_node_is_the_buckets_keys_over_the_cells() {
        let mut q = RadixHeap::default();
        q.clear(64);
        assert_eq!(q.bytes_per_node(), 0.0);
        for node in 0..32 {
            q.push(Key::new(node * 3, 0, node));
        }
        let room: usize = q.buckets.iter().map(Vec::capacity).sum();
        assert!(room >= 32);
        assert_eq!(q.bytes_per_node(), (room * 16) as f64 / 64.0);
    }

    #[test]
    fn equal_f_pops_in_key_order_after_a_refill() {
        // Keys of one F reach bucket 0 through a refill in push order; they
        // must still pop by tie field.
        let mut q = RadixHeap::default();
        q.clear(8);
        q.push(Key::new(1, 0, 0));
        q.push(Key::new(6, 5, 1));
        q.push(Key::new(6, 2, 2));
        q.push(Key::new(6, 9, 3));
        // One pop more than the keys: a list that never runs dry fails
        // here instead of filling memory.
        let got: Vec<u32> = std::iter::from_fn(|| q.pop())
            .take(5)
            .map(|k| k.node())
            .collect();
        assert_eq!(got, [0, 2, 1, 3]);
    }
}
