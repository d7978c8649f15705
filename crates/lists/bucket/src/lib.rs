//! OPEN as a bucket queue (Dial's algorithm): one bucket per F value, over a
//! circular window of F values, each bucket a stack ordered by the full key.
//!
//! A push is O(1) when the key is the smallest of its bucket — always the case
//! under the default tie policy (LIFO: the last key pushed with a given F has
//! the smallest tie field), where the bucket is plain last-in-first-out. A pop
//! is O(1) plus a scan of a bitmap for the next non-empty bucket when the
//! current one runs out. Decrease-key is lazy (the list is
//! [`LAZY`](OpenList::LAZY)): the improved key goes into its new bucket and the
//! old one is discarded by the search when popped. It wins on grids with small
//! integer costs, where F takes few distinct values close together.
//!
//! The design choice is exactness over speed at the edges. Under the other tie
//! policies (FIFO, larger-G) a new key may belong below the top of its bucket
//! and is inserted in order (binary search, then a shift), so the pop order is
//! still the exact [`Key`] order, just slower. The window grows (doubling) to
//! cover the spread of F on OPEN and, if a key falls below the window's start
//! (only inconsistent heuristics and the conformance suite do that), the start
//! moves down. What it refuses ([`OpenList::supports`]): step costs so large
//! that the F spread of a consistent search, up to about twice the largest
//! step, would need more than [`MAX_WINDOW`] buckets.

use astar_core::{spread_over_cells, Key, OpenList, Rules, Unsupported};

/// The largest number of buckets the window may grow to (about 25 MB of
/// bucket headers).
pub const MAX_WINDOW: usize = 1 << 20;
const FIRST_WINDOW: usize = 64;

/// Bucket queue over a circular window of F values.
#[derive(Debug, Clone)]
pub struct BucketQueue {
    /// `buckets[f % window]`: keys with that F, in descending order, so the
    /// smallest is on top (at the end).
    buckets: Vec<Vec<Key>>,
    /// One bit per bucket, set when a key goes into an empty bucket. A pop
    /// that empties a bucket leaves its bit set; the scan for the next bucket
    /// clears it, which keeps the bitmap out of the pop's fast path.
    occupied: Vec<u64>,
    /// Every key held has F in `base..base + window`.
    base: u32,
    len: usize,
    nodes: usize,
}

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue {
            buckets: vec![Vec::new(); FIRST_WINDOW],
            occupied: vec![0; FIRST_WINDOW / 64],
            base: 0,
            len: 0,
            nodes: 0,
        }
    }
}

impl BucketQueue {
    #[inline(always)]
    fn mask(&self) -> usize {
        self.buckets.len() - 1
    }

    /// Moves or widens the window so that it covers F `f` as well as every
    /// key held: the start goes down to `f` if need be, and the window grows
    /// (doubling) to the whole spread.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, f: u32) {
        if self.len == 0 {
            self.base = f;
            return;
        }
        let low = f.min(self.base);
        let high = f.max(self.max_f());
        let span = (high - low) as u64 + 1;
        if span > self.buckets.len() as u64 {
            self.grow(span);
        }
        self.base = low;
    }

    /// The largest F held (stale keys included); the list must not be empty.
    fn max_f(&self) -> u32 {
        let mut high = self.base;
        for (w, &word) in self.occupied.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                if let Some(top) = self.buckets[w * 64 + bits.trailing_zeros() as usize].first() {
                    high = high.max(top.f());
                }
                bits &= bits - 1;
            }
        }
        high
    }

    /// Grows the window to at least `span` F values, moving every bucket to
    /// its index in the wider ring.
    fn grow(&mut self, span: u64) {
        let window = (span as usize)
            .next_power_of_two()
            .max(2 * self.buckets.len());
        assert!(
            window <= MAX_WINDOW,
            "bucket queue: F spread {span} exceeds {MAX_WINDOW} buckets (supports() should have refused these rules)"
        );
        let old = std::mem::replace(&mut self.buckets, vec![Vec::new(); window]);
        self.occupied = vec![0; window / 64];
        for bucket in old.into_iter().filter(|b| !b.is_empty()) {
            // All keys of a bucket share one F: the window held the whole spread.
            let at = bucket[0].f() as usize & (window - 1);
            self.occupied[at / 64] |= 1 << (at % 64);
            self.buckets[at] = bucket;
        }
    }

    /// Inserts `key` below the top of its bucket, keeping the bucket in
    /// descending order (FIFO or larger-G ties, where a new key need not be
    /// the smallest of its F).
    #[inline(never)]
    fn insert_in_order(&mut self, at: usize, key: Key) {
        let bucket = &mut self.buckets[at];
        let pos = bucket.partition_point(|&k| k > key);
        bucket.insert(pos, key);
    }

    /// Pops from the next non-empty bucket after the current one ran out,
    /// clearing the bits of emptied buckets on the way.
    #[cold]
    #[inline(never)]
    fn pop_further(&mut self) -> Option<Key> {
        if self.len == 0 {
            return None;
        }
        loop {
            self.base += self.next_occupied() as u32;
            let at = self.base as usize & self.mask();
            if let Some(key) = self.buckets[at].pop() {
                self.len -= 1;
                return Some(key);
            }
            self.occupied[at / 64] &= !(1 << (at % 64));
        }
    }

    /// Distance, in buckets, from the current bucket to the next one whose
    /// bit is set (itself included); the list must not be empty.
    fn next_occupied(&self) -> usize {
        let mask = self.mask();
        let start = self.base as usize & mask;
        let words = self.occupied.len();
        let (w0, b0) = (start / 64, start % 64);
        let first = self.occupied[w0] >> b0;
        if first != 0 {
            return first.trailing_zeros() as usize;
        }
        let mut dist = 64 - b0;
        for i in 1..=words {
            let word = self.occupied[(w0 + i) % words];
            if word != 0 {
                return dist + word.trailing_zeros() as usize;
            }
            dist += 64;
        }
        unreachable!("next_occupied on an empty bucket queue")
    }
}

impl OpenList for BucketQueue {
    const NAME: &'static str = "bucket";
    const LAZY: bool = true;

    fn supports(rules: &Rules) -> Result<(), Unsupported> {
        let step = rules.costs.straight.max(rules.costs.diagonal) as u64;
        if 2 * step + 2 > MAX_WINDOW as u64 {
            return Err(Unsupported::new(format!(
                "a bucket per F value needs step costs of at most {}, got {step}; use heap or radix",
                (MAX_WINDOW as u64 - 2) / 2
            )));
        }
        Ok(())
    }

    fn clear(&mut self, nodes: usize) {
        for (w, word) in self.occupied.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                self.buckets[w * 64 + bits.trailing_zeros() as usize].clear();
                bits &= bits - 1;
            }
            *word = 0;
        }
        self.len = 0;
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        let f = key.f();
        // One comparison catches both F below the window and F beyond it.
        if f.wrapping_sub(self.base) as usize > self.mask() {
            self.make_room(f);
        }
        let at = f as usize & self.mask();
        let bucket = &mut self.buckets[at];
        match bucket.last() {
            Some(&top) if key < top => bucket.push(key),
            Some(_) => self.insert_in_order(at, key),
            None => {
                bucket.push(key);
                self.occupied[at / 64] |= 1 << (at % 64);
            }
        }
        self.len += 1;
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        // Lazy: the old key stays in its bucket and pops as stale.
        self.push(key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        let at = self.base as usize & self.mask();
        match self.buckets[at].pop() {
            Some(key) => {
                self.len -= 1;
                Some(key)
            }
            None => self.pop_further(),
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Nothing per cell. Counted: the bucket headers (24 bytes per bucket of
    /// the window, whose size follows the step costs, not the map), the
    /// bitmap, and every bucket's key storage at its capacity (live and stale
    /// keys), all averaged over the map's nodes.
    fn bytes_per_node(&self) -> f64 {
        let headers = self.buckets.len() * std::mem::size_of::<Vec<Key>>()
            + self.occupied.len() * std::mem::size_of::<u64>();
        let keys: usize =
            self.buckets.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<Key>();
        spread_over_cells(headers + keys, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::{Costs, Rules};

    #[test]
    fn conforms() {
        openlist_conformance::check::<BucketQueue>();
    }

    #[test]
    fn refuses_steps_too_large_for_the_window() {
        assert!(BucketQueue::supports(&Rules::movingai()).is_ok());
        let huge = Rules {
            costs: Costs {
                straight: 1 << 20,
                diagonal: 3 << 19,
            },
            ..Rules::default()
        };
        let err = BucketQueue::supports(&huge).unwrap_err();
        assert!(err.reason.contains("step costs of at most"), "{err}");
    }

    #[test]
    fn rising_f_wraps_the_ring_and_widens_it_without_losing_order() {
        // As in A*: F creeps up while keys are pushed and popped, so the
        // window wraps round its ring many times; a late burst of wide
        // spreads makes it grow while it holds keys. Pops must follow a
        // plain sorted reference throughout.
        let mut q = BucketQueue::default();
        q.clear(1 << 16);
        let mut reference = std::collections::BTreeSet::new();
        let mut state = 12345u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        let (mut floor_f, mut node) = (100u32, 0u32);
        for step in 0..20_000u32 {
            let spread = if step < 15_000 { 30 } else { 3000 };
            for _ in 0..2 {
                let key = Key::new(floor_f + next() % spread, next() as u64, node);
                node += 1;
                q.push(key);
                reference.insert(key);
            }
            let want = reference.pop_first();
            assert_eq!(q.pop(), want, "step {step}");
            floor_f = want.map_or(floor_f, |k| k.f());
        }
        while let Some(want) = reference.pop_first() {
            assert_eq!(q.pop(), Some(want));
        }
        assert_eq!(q.pop(), None);
        assert!(q.is_empty());
    }

    #[test]
    fn window_grows_and_moves_down_without_losing_order() {
        // A spread far wider than the first window, pushed out of order,
        // including keys below the window's start: pops come out sorted.
        let mut q = BucketQueue::default();
        q.clear(16);
        let fs = [500u32, 3, 9000, 70, 70, 2, 65_000, 1];
        for (node, &f) in fs.iter().enumerate() {
            q.push(Key::new(f, node as u64, node as u32));
        }
        let mut want: Vec<Key> = fs
            .iter()
            .enumerate()
            .map(|(n, &f)| Key::new(f, n as u64, n as u32))
            .collect();
        want.sort();
        let got: Vec<Key> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(got, want);
    }
}
