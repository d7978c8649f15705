//! OPEN as a bucket queue for sparse integer F: one ordered stack per F value
//! that is live on OPEN, drawn from a pool, and a two-level bitmap over a
//! circular window of F values to find the next live F in O(1).
//!
//! Dial's bucket queue (the `bucket` strategy) spends its time on maps whose F
//! values are far apart: under MovingAI's √2 costs (13860 and 19601) the F
//! values on OPEN are a few dozen points spread over a window of some 40,000,
//! so each change of the lowest F scans hundreds of empty bitmap words and
//! every new F touches a cold bucket header. Here a bucket of the window is a
//! 4-byte slot holding the id of a stack (or nothing), the stacks live in one
//! pool that hands back the most recently emptied stack first (its memory is
//! still in cache), and a summary word per 64 bitmap words lets the search for
//! the next live F skip 4096 empty F values per word.
//!
//! # Complexity
//! With `W` the window (a power of two covering the F spread on OPEN, at most
//! [`MAX_WINDOW`]): push O(1), pop O(1) amortised plus O(W / 4096) summary
//! words when the lowest F runs out (one or two words for MovingAI costs),
//! lazy decrease-key O(1) (the list is [`LAZY`](OpenList::LAZY): the improved
//! key is pushed and the old one discarded by the search when popped). The
//! memory is 4 bytes per bucket of the window plus the keys, whatever the map.
//!
//! # Where it wins
//! Integer step costs of any size up to the window limit, with few distinct F
//! values on OPEN: MovingAI costs on any map family, and the small 10/14 costs
//! too, where it does what the plain bucket queue does with less memory.
//!
//! # Exactness
//! Keys pop in exact [`Key`] order. Each stack holds the keys of one F in
//! descending order, smallest on top: under the default LIFO tie policy a new
//! key is always the smallest of its F and goes on top in O(1); under FIFO or
//! larger-G ties it is inserted in order (binary search, then a shift). A key
//! below the lowest F (inconsistent heuristics, the conformance suite) moves
//! the window's start down, and a key beyond the window widens it (doubling).
//! What it refuses ([`OpenList::supports`]): step costs so large that the F
//! spread of a consistent search, up to about twice the largest step, would
//! need more than [`MAX_WINDOW`] buckets.

use astar_core::{
    insert_descending, spread_over_cells, steps_fit_window, Key, OpenList, Rules, Unsupported,
};

/// The largest number of buckets the window may grow to (4 MB of slots).
pub const MAX_WINDOW: usize = 1 << 20;
const FIRST_WINDOW: usize = 64;
/// A slot that holds no stack.
const NO_STACK: u32 = u32::MAX;
/// `cur` when there is no current level (after `clear`).
const NO_LEVEL: u64 = u64::MAX;
/// The stack id of the always-empty stack that `top` names when there is no
/// current level, so that `pop` needs no extra test.
const EMPTY_STACK: u32 = 0;

/// Bucket queue over a circular window of F values, with pooled stacks and a
/// two-level bitmap.
#[derive(Debug, Clone)]
pub struct SparseBucket {
    /// `slots[f % window]`: the stack of the keys with F `f`, or [`NO_STACK`].
    slots: Vec<u32>,
    /// One bit per slot, set when the slot holds a stack.
    bits: Vec<u64>,
    /// One bit per word of `bits`, set when that word is not zero.
    summary: Vec<u64>,
    /// The pool: each stack in descending key order (smallest on top, at the
    /// end). Stack [`EMPTY_STACK`] is never given to a level.
    stacks: Vec<Vec<Key>>,
    /// The F of the level each stack in use holds.
    level_f: Vec<u32>,
    /// Stacks not in use, the most recently emptied last.
    free: Vec<u32>,
    /// F of the current (lowest) level, or [`NO_LEVEL`]. Every level other
    /// than the current one holds keys; the current one may be empty.
    cur: u64,
    /// The current level's stack ([`EMPTY_STACK`] when there is none).
    top: u32,
    /// Every level has F in `base..base + window`; `base == cur` when there
    /// is a current level.
    base: u32,
    len: usize,
    nodes: usize,
}

impl Default for SparseBucket {
    fn default() -> Self {
        SparseBucket {
            slots: vec![NO_STACK; FIRST_WINDOW],
            bits: vec![0; FIRST_WINDOW / 64],
            summary: vec![0; 1],
            stacks: vec![Vec::new()],
            level_f: vec![0],
            free: Vec::new(),
            cur: NO_LEVEL,
            top: EMPTY_STACK,
            base: 0,
            len: 0,
            nodes: 0,
        }
    }
}

impl SparseBucket {
    #[inline(always)]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// Puts `key` on stack `id`, keeping it in descending order.
    #[inline(always)]
    fn push_onto(&mut self, id: u32, key: Key) {
        let stack = &mut self.stacks[id as usize];
        match stack.last() {
            Some(&top) if key > top => insert_descending(stack, key),
            _ => stack.push(key),
        }
    }

    /// Gives the level of F `f` a stack from the pool, at slot `at`.
    #[inline(always)]
    fn new_level(&mut self, at: usize, f: u32) -> u32 {
        let id = match self.free.pop() {
            Some(id) => id,
            None => self.new_stack(),
        };
        self.level_f[id as usize] = f;
        self.slots[at] = id;
        self.bits[at / 64] |= 1 << (at % 64);
        self.summary[at / 4096] |= 1 << ((at / 64) % 64);
        id
    }

    #[cold]
    #[inline(never)]
    fn new_stack(&mut self) -> u32 {
        self.stacks.push(Vec::new());
        self.level_f.push(0);
        (self.stacks.len() - 1) as u32
    }

    /// Returns the (empty) stack of the level at slot `at` to the pool.
    #[inline(always)]
    fn release(&mut self, at: usize) {
        let id = self.slots[at];
        debug_assert!(id != NO_STACK && self.stacks[id as usize].is_empty());
        self.slots[at] = NO_STACK;
        let word = &mut self.bits[at / 64];
        *word &= !(1 << (at % 64));
        if *word == 0 {
            self.summary[at / 4096] &= !(1 << ((at / 64) % 64));
        }
        self.free.push(id);
    }

    /// Pushes a key whose F is not the current level's.
    #[inline(always)]
    fn push_other(&mut self, key: Key) {
        let f = key.f();
        // One comparison catches both F below the window and F beyond it; no
        // current level makes `base` meaningless, so that goes the cold way too.
        if self.cur == NO_LEVEL || f.wrapping_sub(self.base) as usize > self.mask() {
            return self.push_cold(key);
        }
        let at = f as usize & self.mask();
        let mut id = self.slots[at];
        if id == NO_STACK {
            id = self.new_level(at, f);
        }
        self.push_onto(id, key);
    }

    /// Pushes a key that starts the first level, goes below the current one
    /// or beyond the window.
    #[cold]
    #[inline(never)]
    fn push_cold(&mut self, key: Key) {
        let f = key.f();
        if self.cur == NO_LEVEL {
            self.base = f;
        } else if f < self.base {
            let at = self.base as usize & self.mask();
            if self.stacks[self.top as usize].is_empty() {
                self.release(at);
            }
            let high = self.max_f().unwrap_or(f);
            self.fit(f, high);
            self.base = f;
        } else {
            self.fit(self.base, f);
            let at = f as usize & self.mask();
            let mut id = self.slots[at];
            if id == NO_STACK {
                id = self.new_level(at, f);
            }
            return self.push_onto(id, key);
        }
        // A new lowest level.
        self.cur = f as u64;
        self.top = self.new_level(f as usize & self.mask(), f);
        self.push_onto(self.top, key);
    }

    /// The largest F of the levels held, if any.
    fn max_f(&self) -> Option<u32> {
        let mut high = None;
        for (w, &word) in self.bits.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let id = self.slots[w * 64 + b.trailing_zeros() as usize];
                let f = self.level_f[id as usize];
                high = Some(high.map_or(f, |h: u32| h.max(f)));
                b &= b - 1;
            }
        }
        high
    }

    /// Widens the window (doubling) until it covers F `low..=high`, moving
    /// every level to its slot in the wider ring.
    fn fit(&mut self, low: u32, high: u32) {
        let span = (high - low) as u64 + 1;
        if span <= self.slots.len() as u64 {
            return;
        }
        let window = (span as usize)
            .next_power_of_two()
            .max(2 * self.slots.len());
        assert!(
            window <= MAX_WINDOW,
            "sparse bucket queue: F spread {span} exceeds {MAX_WINDOW} buckets (supports() should have refused these rules)"
        );
        let old_slots = std::mem::replace(&mut self.slots, vec![NO_STACK; window]);
        let old_bits = std::mem::replace(&mut self.bits, vec![0; window / 64]);
        self.summary = vec![0; window.div_ceil(4096)];
        for (w, &word) in old_bits.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let id = old_slots[w * 64 + b.trailing_zeros() as usize];
                let at = self.level_f[id as usize] as usize & (window - 1);
                self.slots[at] = id;
                self.bits[at / 64] |= 1 << (at % 64);
                self.summary[at / 4096] |= 1 << ((at / 64) % 64);
                b &= b - 1;
            }
        }
    }

    /// Pops after the current level ran out: moves to the next level.
    #[cold]
    #[inline(never)]
    fn pop_further(&mut self) -> Option<Key> {
        if self.len == 0 {
            return None;
        }
        let start = self.base as usize & self.mask();
        self.release(start);
        let at = self.next_slot(start);
        self.base = self
            .base
            .wrapping_add((at.wrapping_sub(start) & self.mask()) as u32);
        self.cur = self.base as u64;
        self.top = self.slots[at];
        self.len -= 1;
        self.stacks[self.top as usize].pop()
    }

    /// The first slot at or after `start`, going round the ring, that holds
    /// a level; the list must hold one.
    fn next_slot(&self, start: usize) -> usize {
        let w0 = start / 64;
        let word = self.bits[w0] & (u64::MAX << (start % 64));
        if word != 0 {
            return w0 * 64 + word.trailing_zeros() as usize;
        }
        let w = self
            .next_word(w0 + 1, self.bits.len())
            .or_else(|| self.next_word(0, w0 + 1))
            .expect("next_slot on an empty sparse bucket queue");
        w * 64 + self.bits[w].trailing_zeros() as usize
    }

    /// The first non-zero word of `bits` in `from..to`, by the summary.
    #[inline(always)]
    fn next_word(&self, from: usize, to: usize) -> Option<usize> {
        if from >= to {
            return None;
        }
        let mut s = from / 64;
        let mut m = self.summary[s] & (u64::MAX << (from % 64));
        loop {
            if m != 0 {
                let w = s * 64 + m.trailing_zeros() as usize;
                return (w < to).then_some(w);
            }
            s += 1;
            if s * 64 >= to {
                return None;
            }
            m = self.summary[s];
        }
    }
}

impl OpenList for SparseBucket {
    const NAME: &'static str = "sparse-bucket";
    const LAZY: bool = true;

    fn supports(rules: &Rules) -> Result<(), Unsupported> {
        steps_fit_window(rules, MAX_WINDOW)
    }

    fn clear(&mut self, nodes: usize) {
        for w in 0..self.bits.len() {
            let mut b = self.bits[w];
            while b != 0 {
                let at = w * 64 + b.trailing_zeros() as usize;
                let id = self.slots[at];
                self.stacks[id as usize].clear();
                self.slots[at] = NO_STACK;
                self.free.push(id);
                b &= b - 1;
            }
            self.bits[w] = 0;
        }
        self.summary.fill(0);
        self.cur = NO_LEVEL;
        self.top = EMPTY_STACK;
        self.len = 0;
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        if key.f() as u64 == self.cur {
            self.push_onto(self.top, key);
        } else {
            self.push_other(key);
        }
        self.len += 1;
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        // Lazy: the old key stays on its stack and pops as stale.
        self.push(key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        match self.stacks[self.top as usize].pop() {
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

    /// Nothing per cell. Counted: the window's slots (4 bytes per bucket,
    /// whose number follows the step costs, not the map), both bitmaps, the
    /// pool's stack headers, F values and free list, and every stack's key
    /// storage at its capacity (live and stale keys), all averaged over the
    /// map's nodes.
    fn bytes_per_node(&self) -> f64 {
        let fixed = self.slots.len() * std::mem::size_of::<u32>()
            + (self.bits.len() + self.summary.len()) * std::mem::size_of::<u64>()
            + self.stacks.len() * std::mem::size_of::<Vec<Key>>()
            + self.level_f.capacity() * std::mem::size_of::<u32>()
            + self.free.capacity() * std::mem::size_of::<u32>();
        let keys: usize =
            self.stacks.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<Key>();
        spread_over_cells(fixed + keys, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use openlist_conformance::{check_rising_f, lcg};

    #[test]
    fn conforms() {
        openlist_conformance::check::<SparseBucket>();
    }

    /// A key below the window widens it to cover every level held, up to
    /// the highest: with levels at F 100 and 150 in a window of 64, F 60
    /// needs 91 slots, or 150 would wrap round to before 100.
    #[test]
    fn a_key_below_the_window_widens_it_to_the_highest_level() {
        assert_eq!(window_and_pops(&[100, 150, 60]), (128, vec![60, 100, 150]));
    }

    /// Pushes one key at each F of `fs` (in order, one node each) into an
    /// empty queue; returns its window's slots, and the F of what it pops
    /// (one pop past its keys, so a queue that never runs dry shows).
    fn window_and_pops(fs: &[u32]) -> (usize, Vec<u32>) {
        let mut q = SparseBucket::default();
        q.clear(8);
        for (node, &f) in fs.iter().enumerate() {
            q.push(Key::new(f, 0, node as u32));
        }
        let slots = q.slots.len();
        let popped = std::iter::from_fn(|| q.pop())
            .take(fs.len() + 1)
            .map(|k| k.f())
            .collect();
        (slots, popped)
    }

    /// The next level is looked for in the bitmap words after the current
    /// one before the ring wraps round: in a window of 128 from F 40, F 100
    /// is in the next word and F 140 wraps round into the current word's
    /// low bits (slot 12), so 100 pops first.
    #[test]
    fn the_next_level_is_found_before_the_ring_wraps_round() {
        assert_eq!(window_and_pops(&[40, 100, 140]), (128, vec![40, 100, 140]));
    }

    /// The window follows the spread of F on OPEN, not F's size: far from
    /// F 0 (long searches under MovingAI costs) a spread of 101 takes 128
    /// slots, where one sized by F itself would pass `MAX_WINDOW`.
    #[test]
    fn the_window_grows_by_the_spread_of_f_not_its_size() {
        let mut q = SparseBucket::default();
        q.clear(8);
        q.push(Key::new(900_000, 0, 0));
        q.push(Key::new(900_100, 0, 1));
        assert_eq!(q.slots.len(), 128);
        let popped: Vec<u32> = std::iter::from_fn(|| q.pop())
            .take(3)
            .map(|k| k.f())
            .collect();
        assert_eq!(popped, [900_000, 900_100]);
    }

    /// The memory a sweep reports: nothing per cell; the window's 4-byte
    /// slots, the two bitmaps' words, the pool's stack headers (24 bytes),
    /// its F values and free list (4 bytes each, at their capacity), and
    /// the 16-byte keys every stack has room for, over the cells.
    #[test]
    fn bytes_per_node_is_the_slots_bitmaps_pool_and_keys() {
        let mut q = SparseBucket::default();
        q.clear(1000);
        // The first window of 64 slots, a word in each bitmap, and the
        // pool's always-empty stack with its F.
        assert_eq!(
            q.bytes_per_node(),
            (64 * 4 + 2 * 8 + 24 + 4) as f64 / 1000.0
        );
        for node in 0..40 {
            q.push(Key::new(node % 5 * 7, !u64::from(node), node));
        }
        // The two lowest F run out: their stacks go back to the free list.
        for _ in 0..16 {
            q.pop();
        }
        assert!(q.free.capacity() > 0 && q.stacks.len() > 2);
        let fixed = q.slots.len() * 4
            + (q.bits.len() + q.summary.len()) * 8
            + q.stacks.len() * 24
            + q.level_f.capacity() * 4
            + q.free.capacity() * 4;
        let keys = q.stacks.iter().map(Vec::capacity).sum::<usize>() * 16;
        assert_eq!(q.bytes_per_node(), (fixed + keys) as f64 / 1000.0);
    }

    /// A span of F one wider than the window widens it: with F 0 and the
    /// window's width W on OPEN, W may not share 0's slot, or it pops before
    /// the W/2 pushed after it. Each width from the first window up.
    #[test]
    fn a_span_one_past_the_window_widens_it() {
        let mut w = FIRST_WINDOW as u32;
        while w <= 1 << 14 {
            let mut open = SparseBucket::default();
            open.clear(8);
            for (node, f) in [0, w - 1, w, w / 2].into_iter().enumerate() {
                open.push(Key::new(f, 0, node as astar_core::NodeId));
            }
            let popped: Vec<u32> = std::iter::from_fn(|| open.pop()).map(|k| k.f()).collect();
            assert_eq!(popped, [0, w / 2, w - 1, w], "window {w}");
            w *= 2;
        }
    }

    #[test]
    fn refuses_steps_too_large_for_the_window() {
        openlist_conformance::check_refuses_steps_beyond_window::<SparseBucket>();
    }

    #[test]
    fn sparse_rising_f_wraps_and_widens_without_losing_order() {
        // As in A* under MovingAI costs: F creeps up by combinations of large
        // steps, so the levels are far apart and the window wraps round its
        // ring many times; late wide spreads make it grow while it holds
        // keys. Ties are random, so stacks see in-order insertion too.
        let mut next = lcg(12345);
        check_rising_f(&mut SparseBucket::default(), 20_000, |step, last_f| {
            let steps = if step < 15_000 { 3 } else { 40 };
            let f = last_f + (next() % steps) * 5741 + (next() % 2) * 13860;
            (f, next() as u64)
        });
    }

    #[test]
    fn keys_below_the_window_and_far_beyond_it_pop_in_order() {
        let mut q = SparseBucket::default();
        for round in 0..3 {
            q.clear(16);
            let fs = [500u32, 3, 9000, 70, 70, 2, 65_000, 1, 300_000, 0];
            for (node, &f) in fs.iter().enumerate() {
                q.push(Key::new(f, (node + round) as u64, node as u32));
            }
            let mut want: Vec<Key> = fs
                .iter()
                .enumerate()
                .map(|(n, &f)| Key::new(f, (n + round) as u64, n as u32))
                .collect();
            want.sort();
            let got: Vec<Key> = std::iter::from_fn(|| q.pop()).collect();
            assert_eq!(got, want);
        }
    }

    #[test]
    fn an_emptied_list_takes_keys_at_above_and_below_its_last_f() {
        let mut q = SparseBucket::default();
        q.clear(8);
        q.push(Key::new(50, 1, 0));
        assert_eq!(q.pop().map(|k| k.node()), Some(0));
        assert_eq!(q.pop(), None);
        q.push(Key::new(50, 0, 1));
        q.push(Key::new(80, 0, 2));
        q.push(Key::new(20, 0, 3));
        q.push(Key::new(50, 0, 4));
        let got: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|k| k.node()).collect();
        assert_eq!(got, vec![3, 1, 4, 2]);
        assert!(q.is_empty());
    }
}
