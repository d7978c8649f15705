//! OPEN as a bucket queue (Dial's algorithm): one bucket per F value, over a
//! circular window of F values, each bucket a stack ordered by the full key.
//!
//! The bucket of the lowest F is held apart as the current stack: a pop is
//! a plain stack pop from it, and a push of that F a plain stack push, with
//! no ring index to compute. A push of a higher F goes to its bucket in the
//! ring. When the current stack runs out, the next non-empty bucket is found
//! by a bitmap with one bit per bucket and a summary bit per bitmap word (so
//! that F values hundreds of buckets apart, as under MovingAI costs, cost a
//! word or two to skip), and becomes the current stack in place: its storage
//! is lent to the current stack, no key is copied, and goes back to its slot
//! when the next bucket is taken, so that every slot keeps its own allocation
//! (handing storage round the ring instead would let every slot grow, over
//! many searches, to the largest stack). Decrease-key is lazy (the list is
//! [`LAZY`](OpenList::LAZY)): the improved key goes into its new bucket and
//! the old one is discarded by the search when popped. It wins on grids with
//! small integer costs, where F takes few distinct values close together.
//!
//! The design choice is exactness over speed at the edges. A push goes on
//! top of its stack without a look at the top when its tie field is below
//! every tie field pushed since `clear` — always so under the default tie
//! policy (LIFO: the tie field falls with every push). Under the other
//! policies (FIFO, larger-G) a new key may belong below the top of its
//! bucket and is inserted in order (binary search, then a shift), so the pop
//! order is still the exact [`Key`] order, just slower. The window grows
//! (doubling) to cover the spread of F on OPEN and, if a key falls below the
//! window's start (only inconsistent heuristics and the conformance suite do
//! that), the start moves down. What it refuses ([`OpenList::supports`]):
//! step costs so large that the F spread of a consistent search, up to about
//! twice the largest step, would need more than [`MAX_WINDOW`] buckets.

use astar_core::{
    insert_descending, spread_over_cells, steps_fit_window, Key, OpenList, Rules, Unsupported,
};

/// The largest number of buckets the window may grow to (about 25 MB of
/// bucket headers).
pub const MAX_WINDOW: usize = 1 << 20;
const FIRST_WINDOW: usize = 64;

/// Bucket queue over a circular window of F values, the lowest F's bucket
/// held apart.
#[derive(Debug, Clone)]
pub struct BucketQueue {
    /// The keys with F `base`, in descending order, so the smallest is on
    /// top (at the end). Pops and the pushes of F `base` touch only this
    /// stack, with no ring index to compute. Its storage is slot `home`'s,
    /// lent out.
    cur: Vec<Key>,
    /// `buckets[f % window]`: the keys with F `f` in `base + 1..base +
    /// window`, in descending order like `cur`. The bucket of `base` itself
    /// is always empty: its keys are in `cur`.
    buckets: Vec<Vec<Key>>,
    /// One bit per bucket, set exactly when the bucket holds keys.
    occupied: Vec<u64>,
    /// One bit per word of `occupied`, set exactly when the word is not
    /// zero: the next F is found in a word or two even when F values lie
    /// hundreds of buckets apart (MovingAI costs).
    summary: Vec<u64>,
    /// `buckets.len() - 1` (the window is a power of two).
    mask: u32,
    /// Every key held has F in `base..base + window`.
    base: u32,
    /// Keys held in `buckets` (`cur` counts its own).
    in_ring: usize,
    /// The smallest tie field pushed since `clear`: a key with a smaller
    /// one is smaller than every key of its F held, and goes on top of its
    /// stack without a look at the top (always so under LIFO ties, where the
    /// tie field falls with every push).
    min_tie: u64,
    /// The slot whose storage `cur` holds; the slot holds an empty vector
    /// meanwhile (`base`'s slot, but for the moment `base` moves).
    home: usize,
    nodes: usize,
}

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue {
            cur: Vec::new(),
            buckets: vec![Vec::new(); FIRST_WINDOW],
            occupied: vec![0; FIRST_WINDOW / 64],
            summary: vec![0; 1],
            mask: FIRST_WINDOW as u32 - 1,
            base: 0,
            in_ring: 0,
            min_tie: u64::MAX,
            home: 0,
            nodes: 0,
        }
    }
}

/// Puts `key` into `stack` (the keys of its F), keeping it in descending
/// order; `min_tie` is [`BucketQueue::min_tie`].
#[inline(always)]
fn push_in_order(stack: &mut Vec<Key>, key: Key, min_tie: &mut u64) {
    let tie = key.tie();
    if tie < *min_tie {
        *min_tie = tie;
        stack.push(key);
    } else {
        match stack.last() {
            Some(&top) if key > top => insert_descending(stack, key),
            _ => stack.push(key),
        }
    }
}

/// Sets bucket `at`'s bit and its word's summary bit.
#[inline(always)]
fn mark(occupied: &mut [u64], summary: &mut [u64], at: usize) {
    occupied[at / 64] |= 1 << (at % 64);
    summary[at / 4096] |= 1 << ((at / 64) % 64);
}

/// Clears bucket `at`'s bit, and its word's summary bit if the word is left
/// empty.
fn unmark(occupied: &mut [u64], summary: &mut [u64], at: usize) {
    let w = at / 64;
    occupied[w] &= !(1 << (at % 64));
    if occupied[w] == 0 {
        summary[w / 64] &= !(1 << (w % 64));
    }
}

impl BucketQueue {
    /// Pushes a key whose F lies outside `base..base + window`: moves or
    /// widens the window to cover it first.
    #[cold]
    #[inline(never)]
    fn push_outside(&mut self, key: Key) {
        let f = key.f();
        if self.len() == 0 {
            self.stow();
            self.base = f;
            self.lend((f & self.mask) as usize);
        } else {
            // Park the current stack in the ring, where it moves with the
            // others, then take back whatever has the new base's F.
            self.park();
            let low = f.min(self.base);
            let high = f.max(self.max_f());
            let span = (high - low) as u64 + 1;
            if span > self.buckets.len() as u64 {
                self.grow(span);
            }
            self.base = low;
            self.unpark();
        }
        self.push(key);
    }

    /// Gives the current stack's storage (and keys) back to its slot; the
    /// current stack is left with that slot's empty stand-in.
    fn stow(&mut self) {
        std::mem::swap(&mut self.cur, &mut self.buckets[self.home]);
    }

    /// Lends slot `at`'s storage (and keys) to the current stack, which
    /// must hold only the stand-in [`stow`](Self::stow) left it.
    fn lend(&mut self, at: usize) {
        std::mem::swap(&mut self.cur, &mut self.buckets[at]);
        self.home = at;
    }

    /// Moves the keys of the current stack into the ring bucket of their F.
    fn park(&mut self) {
        let had = self.cur.len();
        self.stow();
        if had > 0 {
            self.in_ring += had;
            mark(&mut self.occupied, &mut self.summary, self.home);
        }
    }

    /// Moves the keys of the ring bucket of F `base` into the current stack,
    /// which must hold only the stand-in [`park`](Self::park) left it.
    fn unpark(&mut self) {
        let at = (self.base & self.mask) as usize;
        self.lend(at);
        if !self.cur.is_empty() {
            self.in_ring -= self.cur.len();
            unmark(&mut self.occupied, &mut self.summary, at);
        }
    }

    /// The largest F held in the ring (stale keys included), or `base`.
    fn max_f(&self) -> u32 {
        let mut high = self.base;
        for (w, &word) in self.occupied.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let bucket = &self.buckets[w * 64 + bits.trailing_zeros() as usize];
                high = high.max(bucket[0].f());
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
        self.summary = vec![0; window.div_ceil(4096)];
        self.mask = window as u32 - 1;
        for bucket in old.into_iter().filter(|b| !b.is_empty()) {
            // All keys of a bucket share one F: the window held the whole spread.
            let at = bucket[0].f() as usize & (window - 1);
            mark(&mut self.occupied, &mut self.summary, at);
            self.buckets[at] = bucket;
        }
    }

    /// Pops after the current stack ran out: the next non-empty bucket of
    /// the ring becomes the current stack.
    #[cold]
    #[inline(never)]
    fn pop_next_bucket(&mut self) -> Option<Key> {
        if self.in_ring == 0 {
            return None;
        }
        self.base = self.base.wrapping_add(self.next_occupied());
        let at = (self.base & self.mask) as usize;
        self.stow();
        self.lend(at);
        self.in_ring -= self.cur.len();
        unmark(&mut self.occupied, &mut self.summary, at);
        self.cur.pop()
    }

    /// Distance, in buckets, from the bucket of `base` to the next one
    /// that holds keys; the ring must not be empty.
    fn next_occupied(&self) -> u32 {
        let mask = self.mask as usize;
        let start = self.base as usize & mask;
        let (w0, b0) = (start / 64, start % 64);
        let first = self.occupied[w0] >> b0;
        if first != 0 {
            return first.trailing_zeros();
        }
        // The next word with a bit set, after `w0` or else round the ring
        // (back to `w0` itself, whose bits below `b0` come last).
        let w = self
            .first_word_from(w0 + 1)
            .or_else(|| self.first_word_from(0))
            .expect("next_occupied on an empty ring");
        let at = w * 64 + self.occupied[w].trailing_zeros() as usize;
        (at.wrapping_sub(start) & mask) as u32
    }

    /// The first word of `occupied` at or after `from` that is not zero.
    fn first_word_from(&self, from: usize) -> Option<usize> {
        let mut s = from / 64;
        let mut bits = self.summary.get(s)? & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some(s * 64 + bits.trailing_zeros() as usize);
            }
            s += 1;
            bits = *self.summary.get(s)?;
        }
    }
}

impl OpenList for BucketQueue {
    const NAME: &'static str = "bucket";
    const LAZY: bool = true;

    fn supports(rules: &Rules) -> Result<(), Unsupported> {
        steps_fit_window(rules, MAX_WINDOW)
    }

    fn clear(&mut self, nodes: usize) {
        self.cur.clear();
        for (w, word) in self.occupied.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                self.buckets[w * 64 + bits.trailing_zeros() as usize].clear();
                bits &= bits - 1;
            }
            *word = 0;
        }
        self.summary.fill(0);
        self.in_ring = 0;
        self.min_tie = u64::MAX;
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        let d = key.f().wrapping_sub(self.base);
        if d == 0 {
            push_in_order(&mut self.cur, key, &mut self.min_tie);
            return;
        }
        let BucketQueue {
            buckets,
            occupied,
            summary,
            min_tie,
            mask,
            ..
        } = self;
        // One comparison catches both F below the window and F beyond it.
        if d > *mask {
            return self.push_outside(key);
        }
        let at = (key.f() & *mask) as usize;
        let bucket = &mut buckets[at];
        if bucket.is_empty() {
            mark(occupied, summary, at);
        }
        push_in_order(bucket, key, min_tie);
        self.in_ring += 1;
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        // Lazy: the old key stays in its bucket and pops as stale.
        self.push(key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        match self.cur.pop() {
            Some(key) => Some(key),
            None => self.pop_next_bucket(),
        }
    }

    fn len(&self) -> usize {
        self.cur.len() + self.in_ring
    }

    /// Nothing per cell. Counted: the bucket headers (24 bytes per bucket of
    /// the window, whose size follows the step costs, not the map, and the
    /// current stack's), the two bitmaps, and every stack's key storage at
    /// its capacity (live and stale keys), all averaged over the map's
    /// nodes.
    fn bytes_per_node(&self) -> f64 {
        let headers = (self.buckets.len() + 1) * std::mem::size_of::<Vec<Key>>()
            + (self.occupied.len() + self.summary.len()) * std::mem::size_of::<u64>();
        let keys = (self.buckets.iter().map(Vec::capacity).sum::<usize>() + self.cur.capacity())
            * std::mem::size_of::<Key>();
        spread_over_cells(headers + keys, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use openlist_conformance::{check_rising_f, lcg};

    #[test]
    fn conforms() {
        openlist_conformance::check::<BucketQueue>();
    }

    #[test]
    fn refuses_steps_too_large_for_the_window() {
        openlist_conformance::check_refuses_steps_beyond_window::<BucketQueue>();
    }

    #[test]
    fn rising_f_wraps_the_ring_and_widens_it_without_losing_order() {
        // As in A*: F creeps up while keys are pushed and popped, so the
        // window wraps round its ring many times; a late burst of wide
        // spreads makes it grow while it holds keys. Ties are random, so
        // stacks see in-order insertion too.
        let mut next = lcg(12345);
        check_rising_f(&mut BucketQueue::default(), 20_000, |step, last_f| {
            let spread = if step < 15_000 { 30 } else { 3000 };
            (last_f + next() % spread, next() as u64)
        });
    }

    #[test]
    fn lifo_ties_go_on_top_and_long_buckets_become_current() {
        // Under LIFO ties every key is the smallest of its F: the fast push.
        // Few F values, so buckets grow long before they are reached.
        let mut next = lcg(777);
        let mut seq = 0u64;
        check_rising_f(&mut BucketQueue::default(), 20_000, |_, last_f| {
            seq += 1;
            (last_f + next() % 4 * 5, !seq)
        });
    }

    #[test]
    fn every_slot_keeps_its_own_storage_from_search_to_search() {
        // The same rising workload, search after search. Each slot's room
        // (the current stack's counted at the slot it was lent from) is the
        // same after the third search as after the second, so storage does
        // not wander round the ring; no key is copied into a stack of
        // another slot's.
        let mut q = BucketQueue::default();
        let search = |q: &mut BucketQueue| {
            let mut next = lcg(99);
            let mut seq = 0u64;
            check_rising_f(q, 20_000, |_, last_f| {
                seq += 1;
                (last_f + next() % 5 * 4, !seq)
            });
        };
        let room = |q: &BucketQueue| -> Vec<usize> {
            let mut room: Vec<usize> = q.buckets.iter().map(Vec::capacity).collect();
            room[q.home] += q.cur.capacity();
            room
        };
        search(&mut q);
        search(&mut q);
        let second = room(&q);
        assert!(second.iter().filter(|&&c| c > 0).count() > 4);
        search(&mut q);
        assert_eq!(room(&q), second);
        // The lent slot holds nothing of its own meanwhile.
        assert_eq!(q.buckets[q.home].capacity(), 0);
    }

    #[test]
    fn sparse_rising_f_finds_the_next_f_across_the_summary() {
        // As under MovingAI costs: F values far apart, so the next live F
        // is many bitmap words away and found by the summary, round the
        // ring of a wide window; buckets hold a key or two.
        let mut next = lcg(4242);
        check_rising_f(&mut BucketQueue::default(), 20_000, |step, last_f| {
            let steps = if step < 15_000 { 3 } else { 40 };
            let f = last_f + (next() % steps) * 5741 + (next() % 2) * 13860;
            (f, next() as u64)
        });
    }

    #[test]
    fn widening_keeps_the_keys_of_the_current_f_together() {
        // The window widens while the current F (made current by a pop)
        // still has a key; a later key of that F, larger than the one
        // left, must pop after it.
        let mut q = BucketQueue::default();
        q.clear(8);
        q.push(Key::new(10, 5, 0));
        q.push(Key::new(10, 7, 3));
        assert_eq!(q.pop(), Some(Key::new(10, 5, 0)));
        q.push(Key::new(100_000, 0, 1));
        q.push(Key::new(10, 9, 2));
        let got: Vec<u32> = std::iter::from_fn(|| q.pop()).map(Key::node).collect();
        assert_eq!(got, [3, 2, 1]);
    }

    /// A span of F one wider than the window widens it: with F 0 and the
    /// window's width W on OPEN, W may not share 0's slot. Each width from
    /// the first window up, with keys held, so the window must grow rather
    /// than move.
    #[test]
    fn a_span_one_past_the_window_widens_it() {
        let mut w = FIRST_WINDOW as u32;
        while w <= 1 << 14 {
            let mut q = BucketQueue::default();
            q.clear(8);
            for (node, f) in [0, w - 1, w, w / 2].into_iter().enumerate() {
                q.push(Key::new(f, 0, node as u32));
            }
            assert!(q.buckets.len() > w as usize, "window {w} not widened");
            let popped: Vec<u32> = std::iter::from_fn(|| q.pop())
                .take(5)
                .map(|k| k.f())
                .collect();
            assert_eq!(popped, [0, w / 2, w - 1, w], "window {w}");
            w *= 2;
        }
    }

    /// `clear` empties the buckets past the first bitmap word too: a key
    /// left in one would come back in the next search.
    #[test]
    fn clear_empties_every_bucket_of_a_wide_window() {
        let mut q = BucketQueue::default();
        q.clear(8);
        q.push(Key::new(0, 0, 0));
        q.push(Key::new(100, 0, 1));
        assert_eq!(q.buckets.len(), 128);
        q.clear(8);
        q.push(Key::new(0, 0, 2));
        q.push(Key::new(100, 5, 3));
        let popped: Vec<u32> = std::iter::from_fn(|| q.pop())
            .take(3)
            .map(Key::node)
            .collect();
        assert_eq!(popped, [2, 3]);
    }

    /// The next F is looked for in the bitmap words after the current one
    /// before the ring wraps round: with F 100 in the next word and F 130
    /// wrapped round into the current word's low bits, 100 pops first.
    #[test]
    fn the_next_f_is_found_before_the_ring_wraps_round() {
        let mut q = BucketQueue::default();
        q.clear(8);
        q.push(Key::new(40, 0, 0));
        q.push(Key::new(100, 0, 1));
        assert_eq!(q.buckets.len(), 128);
        assert_eq!(q.pop().map(|k| k.f()), Some(40));
        // Slot 130 % 128 = 2: below the current F's slot, 40.
        q.push(Key::new(130, 0, 2));
        let popped: Vec<u32> = std::iter::from_fn(|| q.pop())
            .take(3)
            .map(|k| k.f())
            .collect();
        assert_eq!(popped, [100, 130]);
    }

    /// The window follows the spread of F on OPEN, not F's size: far from
    /// F 0 (long searches under MovingAI costs) a spread of 101 takes 128
    /// buckets, where one sized by F itself would pass `MAX_WINDOW`.
    #[test]
    fn the_window_grows_by_the_spread_of_f_not_its_size() {
        let mut q = BucketQueue::default();
        q.clear(8);
        q.push(Key::new(900_000, 0, 0));
        q.push(Key::new(900_100, 0, 1));
        assert_eq!(q.buckets.len(), 128);
        assert_eq!(q.pop().map(|k| k.f()), Some(900_000));
        assert_eq!(q.pop().map(|k| k.f()), Some(900_100));
        assert_eq!(q.pop(), None);
    }

    /// The memory a sweep reports: nothing per cell; the headers of the
    /// window's buckets and of the current stack (24 bytes each), the two
    /// bitmaps' words, and the 16-byte keys every stack has room for, over
    /// the cells.
    #[test]
    fn bytes_per_node_is_the_headers_bitmaps_and_keys() {
        let mut q = BucketQueue::default();
        q.clear(1000);
        // The first window: 64 buckets, one word in each bitmap.
        let fixed = (64 + 1) * 24 + 2 * 8;
        assert_eq!(q.bytes_per_node(), fixed as f64 / 1000.0);
        for node in 0..40 {
            q.push(Key::new(node % 5, !u64::from(node), node));
        }
        let room = q.buckets.iter().map(Vec::capacity).sum::<usize>() + q.cur.capacity();
        assert!(room >= 40);
        assert_eq!(q.bytes_per_node(), (fixed + room * 16) as f64 / 1000.0);
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
