//! OPEN as a two-level bucket queue for sparse integer F: coarse buckets of
//! `2^grain` F values each, in push order, over a ring, and the lowest
//! bucket, the run, sorted descending: smallest key on top.
//!
//! Under MovingAI's √2 costs (13860 and 19601) OPEN holds a hundred or more
//! distinct F values spread over some 40,000. A bucket per F value (the
//! `bucket` and `sparse-bucket` strategies) then touches a cold slot, a cold
//! stack and a bitmap per new F, and clears a window of 40,000 values before
//! every search. Here a push beyond the run is an append to one of a few
//! hundred buckets, and when the run is used up the next non-empty bucket
//! becomes the run in place: its storage is lent to the run (and goes back to
//! its slot when the run is used up, so every slot keeps its allocation), no
//! key is copied. Pops come off one array.
//!
//! # Grain
//! The grain is the finest that lets the ring cover OPEN's spread of F in
//! [`MAX_RING`] buckets: it starts at `2^`[`START_GRAIN`] and a key beyond
//! the ring re-buckets every key under a coarser grain. In A* OPEN's F lie
//! within the largest step's F gap above the F being expanded (2 × 19601
//! under MovingAI costs: grain 7, a bucket per 128 F values; 28 under 10/14:
//! grain 0, a bucket per F), so most buckets hold one F, and a bucket of one
//! F is in descending key order as pushed under LIFO ties (the tie field
//! falls with every push). A key of the run's bucket but above its top is
//! inserted in order (binary search, then a shift); if its F differs from
//! the top's, every key is re-bucketed under a grain finer than that gap (if
//! the ring still covers the spread). The grain carries over to the next
//! search, so a list reused under the same rules re-buckets only in its
//! first search, while OPEN is small.
//!
//! # Complexity
//! Push O(1) (plus the in-order insert above, which the grain keeps rare);
//! pop O(1) amortised plus a scan of the ring's empty buckets: a bucket
//! becoming the run is checked for descending order in one pass, and only a
//! bucket out of order (more than one F, or ties that do not fall with every
//! push) is sorted, by comparisons. Lazy decrease-key (the list is
//! [`LAZY`](OpenList::LAZY)). Memory: the keys and the ring's headers,
//! whatever the map; between searches every slot gives back all but
//! [`KEEP`] keys' room (so a reused list grows again only past that).
//!
//! # Exactness
//! Keys pop in exact [`Key`] order: the run is always sorted, and every other
//! bucket holds keys of larger F. A key below the run's bucket moves the
//! ring down (or re-buckets everything). Every step cost is supported: the
//! grain coarsens to fit any F spread.

use astar_core::{insert_descending, spread_over_cells, Key, OpenList};

/// The most coarse buckets the ring may hold.
pub const MAX_RING: usize = 512;
const FIRST_RING: usize = 16;
/// The most keys' room a slot keeps from one search to the next: a bucket
/// per F keeps its largest size otherwise, over hundreds of slots.
pub const KEEP: usize = 64;

/// The grain (log2 of the coarse bucket width) a list starts with.
pub const START_GRAIN: u32 = 0;

/// The two-level bucket queue of [`START_GRAIN`].
pub type TwoLevelBucket = TwoLevel<START_GRAIN>;

/// Two-level bucket queue starting at grain `K` (see the crate doc).
#[derive(Debug, Clone)]
pub struct TwoLevel<const K: u32> {
    /// The keys of the current coarse bucket, `cur_c`, descending: the
    /// smallest on top. Its storage is slot `cur`'s, lent out (the slot
    /// holds an empty vector meanwhile), so every slot keeps its allocation.
    run: Vec<Key>,
    /// `ring[c % len]`: the keys with F in coarse bucket `c` (F >> `grain`),
    /// for `c` in `cur_c + 1 .. cur_c + len`, in push order.
    ring: Vec<Vec<Key>>,
    /// log2 of a coarse bucket's width in F.
    grain: u32,
    /// The current coarse bucket, and its slot `cur_c % len`.
    cur_c: u32,
    cur: usize,
    /// Keys held outside the current bucket.
    in_ring: usize,
    /// Bit `i % 64` of word `i / 64`: slot `i` may hold more than [`KEEP`]
    /// keys' room, for [`clear`](OpenList::clear) to shrink. Set for each
    /// slot the run's storage goes back to with that much room. Any other
    /// slot with that much room still holds the keys it grew for (keys
    /// leave a slot only with its storage, lent to the run, or when buckets
    /// change slots, after which every roomy slot is marked again).
    roomy: [u64; MAX_RING / 64],
    nodes: usize,
}

impl<const K: u32> Default for TwoLevel<K> {
    fn default() -> Self {
        TwoLevel {
            run: Vec::new(),
            ring: vec![Vec::new(); FIRST_RING],
            grain: K,
            cur_c: 0,
            cur: 0,
            in_ring: 0,
            roomy: [0; MAX_RING / 64],
            nodes: 0,
        }
    }
}

impl<const K: u32> TwoLevel<K> {
    #[inline(always)]
    fn mask(&self) -> usize {
        self.ring.len() - 1
    }

    #[inline(always)]
    fn place(&mut self, key: Key) {
        let c = key.f() >> self.grain;
        let d = c.wrapping_sub(self.cur_c) as usize;
        if d == 0 {
            match self.run.last() {
                Some(&top) if key > top => self.run_insert(key),
                _ => self.run.push(key),
            }
        } else if d <= self.mask() {
            let at = c as usize & self.mask();
            self.ring[at].push(key);
            self.in_ring += 1;
        } else {
            self.place_cold(key);
        }
    }

    /// A key above the current bucket's top, in that bucket.
    #[cold]
    #[inline(never)]
    fn run_insert(&mut self, key: Key) {
        let low = self.lowest_f();
        let f = key.f();
        if f > low {
            // A finer grain would put this key in a bucket of its own.
            let fine = 31 - (f - low).leading_zeros();
            let want = fine.max(self.grain_for(low, self.highest_f()));
            if want < self.grain {
                self.rebuild(want, None);
                return self.place(key);
            }
        }
        insert_descending(&mut self.run, key);
    }

    /// The smallest grain whose ring covers F `low..=high` within [`MAX_RING`].
    fn grain_for(&self, low: u32, high: u32) -> u32 {
        let mut g = 0;
        while g < 31 && ((high >> g) - (low >> g)) as usize >= MAX_RING {
            g += 1;
        }
        g
    }

    /// An upper bound of every F held.
    fn highest_f(&self) -> u32 {
        let mask = self.mask();
        let top = (1..=mask)
            .rev()
            .find(|&i| !self.ring[(self.cur + i) & mask].is_empty())
            .unwrap_or(0);
        let c = self.cur_c as u64 + top as u64;
        (((c + 1) << self.grain) - 1).min(u32::MAX as u64) as u32
    }

    #[cold]
    #[inline(never)]
    fn place_cold(&mut self, key: Key) {
        let f = key.f();
        let c = f >> self.grain;
        if self.is_empty() {
            self.stow();
            self.cur_c = c;
            self.cur = c as usize & self.mask();
            self.lend();
            self.run.push(key);
            return;
        }
        if c > self.cur_c {
            // Beyond the ring: a longer ring or a coarser grain.
            let span = (c - self.cur_c) as usize + 1;
            if span <= MAX_RING {
                self.grow_ring(span);
                let at = c as usize & self.mask();
                self.ring[at].push(key);
                self.in_ring += 1;
            } else {
                let low = self.lowest_f();
                let grain = self.grain_for(low, f);
                self.rebuild(grain, Some(key));
            }
        } else {
            // Below the current bucket: the window moves down, if the ring
            // still covers everything.
            let high = self.highest_f();
            if ((high >> self.grain) - c) as usize <= self.mask() {
                self.in_ring += self.run.len();
                self.stow();
                self.cur_c = c;
                self.cur = c as usize & self.mask();
                self.lend();
                self.run.push(key);
            } else {
                let grain = self.grain_for(f, high);
                self.rebuild(grain, Some(key));
            }
        }
    }

    /// Slot `cur` gets its storage back from the run (the run's keys too).
    #[inline(always)]
    fn stow(&mut self) {
        self.mark_roomy(self.cur, self.run.capacity());
        std::mem::swap(&mut self.run, &mut self.ring[self.cur]);
    }

    /// Marks slot `at` for [`clear`](OpenList::clear) to shrink if its
    /// storage has room for more than [`KEEP`] keys.
    #[inline(always)]
    fn mark_roomy(&mut self, at: usize, capacity: usize) {
        self.roomy[at / 64] |= u64::from(capacity > KEEP) << (at % 64);
    }

    /// The run takes slot `cur`'s storage and keys (sorted or not).
    fn lend(&mut self) {
        std::mem::swap(&mut self.run, &mut self.ring[self.cur]);
    }

    /// A lower bound of every F held.
    fn lowest_f(&self) -> u32 {
        match self.run.last() {
            Some(k) => k.f(),
            None => self.cur_c << self.grain,
        }
    }

    /// Lengthens the ring to at least `span` buckets, each bucket moved to
    /// its place in the longer ring.
    fn grow_ring(&mut self, span: usize) {
        let len = span.next_power_of_two().max(self.ring.len());
        if len == self.ring.len() {
            return;
        }
        self.stow();
        let old = std::mem::replace(&mut self.ring, vec![Vec::new(); len]);
        let mut spare = Vec::new();
        for bucket in old {
            match bucket.first() {
                Some(k) => {
                    let at = (k.f() >> self.grain) as usize & (len - 1);
                    self.ring[at] = bucket;
                }
                None => spare.push(bucket),
            }
        }
        // Empty buckets keep their allocations, in new slots.
        for slot in self.ring.iter_mut().filter(|b| b.capacity() == 0) {
            match spare.pop() {
                Some(b) => *slot = b,
                None => break,
            }
        }
        self.cur = self.cur_c as usize & (len - 1);
        self.lend();
        self.find_roomy_slots();
    }

    /// Every key re-bucketed under grain `grain` (with `extra` added).
    fn rebuild(&mut self, grain: u32, extra: Option<Key>) {
        self.stow();
        let mut all = Vec::with_capacity(self.len() + 1);
        for bucket in &mut self.ring {
            all.append(bucket);
        }
        all.extend(extra);
        self.grain = grain;
        let low = all.iter().map(|k| k.f()).min().unwrap_or(0);
        let high = all.iter().map(|k| k.f()).max().unwrap_or(0);
        let span = ((high >> grain) - (low >> grain)) as usize + 1;
        let len = span.next_power_of_two().max(self.ring.len());
        self.ring.resize(len, Vec::new());
        self.cur_c = low >> grain;
        self.cur = self.cur_c as usize & (len - 1);
        for &key in &all {
            self.ring[(key.f() >> grain) as usize & (len - 1)].push(key);
        }
        self.lend();
        self.run.sort_unstable_by(|a, b| b.cmp(a));
        self.in_ring = all.len() - self.run.len();
        // Emptied slots keep their room, wherever their keys went.
        self.find_roomy_slots();
    }

    /// Every slot with more than [`KEEP`] keys' room, found again after
    /// buckets changed slots.
    fn find_roomy_slots(&mut self) {
        self.roomy = [0; MAX_RING / 64];
        for at in 0..self.ring.len() {
            self.mark_roomy(at, self.ring[at].capacity());
        }
    }

    /// The current bucket is used up: the next non-empty one becomes
    /// current, sorted if its push order is not already descending.
    #[cold]
    #[inline(never)]
    fn pop_further(&mut self) -> Option<Key> {
        if self.in_ring == 0 {
            return None;
        }
        let mask = self.mask();
        let mut i = 1;
        let at = loop {
            let at = (self.cur + i) & mask;
            if !self.ring[at].is_empty() {
                break at;
            }
            i += 1;
        };
        self.cur_c = self.cur_c.wrapping_add(i as u32);
        self.stow();
        self.cur = at;
        self.lend();
        self.in_ring -= self.run.len();
        // Push order is descending order when a bucket holds one F and the
        // ties fall with every push (LIFO): no sort at all.
        if !self.run.is_sorted_by(|a, b| a > b) {
            self.run.sort_unstable_by(|a, b| b.cmp(a));
        }
        self.run.pop()
    }
}

impl<const K: u32> OpenList for TwoLevel<K> {
    const NAME: &'static str = "two-level";
    const LAZY: bool = true;

    /// Empties every slot, but shrinks only the slots that can have more
    /// than [`KEEP`] keys' room: those marked `roomy`, and, when more than
    /// `KEEP` keys are left, any slot holding them. On a small map a search
    /// expands a few dozen nodes, and checking the room of all 512 slots
    /// cost more than a tenth of it.
    fn clear(&mut self, nodes: usize) {
        self.run.clear();
        self.run.shrink_to(KEEP);
        if self.in_ring > KEEP {
            for bucket in &mut self.ring {
                bucket.clear();
                bucket.shrink_to(KEEP);
            }
            // Every slot is shrunk already.
            self.roomy = [0; MAX_RING / 64];
        } else {
            for bucket in &mut self.ring {
                bucket.clear();
            }
        }
        for (word, bits) in self.roomy.iter_mut().enumerate() {
            while *bits != 0 {
                let at = word * 64 + bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                self.ring[at].shrink_to(KEEP);
            }
        }
        self.in_ring = 0;
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        self.place(key);
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        self.push(key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        match self.run.pop() {
            Some(key) => Some(key),
            None => self.pop_further(),
        }
    }

    fn len(&self) -> usize {
        self.run.len() + self.in_ring
    }

    /// Nothing per cell. Counted: the ring's headers and the key storage of
    /// the run and of every bucket at its capacity (live and stale keys), all
    /// averaged over the map's nodes.
    fn bytes_per_node(&self) -> f64 {
        let fixed = self.ring.len() * std::mem::size_of::<Vec<Key>>();
        let keys: usize = self
            .ring
            .iter()
            .chain(std::iter::once(&self.run))
            .map(Vec::capacity)
            .sum::<usize>()
            * std::mem::size_of::<Key>();
        spread_over_cells(fixed + keys, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use openlist_conformance::{check_rising_f, lcg};

    /// The F gaps of octile moves under MovingAI costs (s = 13860, d =
    /// 19601): 0, 2s - d, 2(d - s), d, 2s and 2d.
    const MOVINGAI_GAPS: [u32; 6] = [0, 8119, 11482, 19601, 27720, 39202];

    /// The memory a sweep reports: nothing per cell; the ring's bucket
    /// headers (24 bytes each) and the 16-byte keys the run and every
    /// bucket have room for, over the cells.
    #[test]
    fn bytes_per_node_is_the_ring_headers_and_keys() {
        let mut q = TwoLevelBucket::default();
        q.clear(1000);
        assert_eq!(q.bytes_per_node(), (FIRST_RING * 24) as f64 / 1000.0);
        for node in 0..40 {
            q.push(Key::new(node % 5, !u64::from(node), node));
        }
        let room = q.ring.iter().map(Vec::capacity).sum::<usize>() + q.run.capacity();
        assert!(room >= 40);
        assert_eq!(
            q.bytes_per_node(),
            (q.ring.len() * 24 + room * 16) as f64 / 1000.0
        );
    }

    #[test]
    fn conforms() {
        // Fine start grains reach the ring, its growth and the moves below
        // the run with the conformance suite's small F values; coarse ones
        // the finer re-bucketing.
        openlist_conformance::check::<TwoLevelBucket>();
        openlist_conformance::check::<TwoLevel<3>>();
        openlist_conformance::check::<TwoLevel<12>>();
    }

    /// Drives `q` like A* under step costs with gaps `gaps` between F values
    /// (keys at the F being expanded or a gap above it), ties LIFO (falling
    /// with every push) or random, every pop checked.
    fn rising_f<const K: u32>(q: &mut TwoLevel<K>, gaps: &[u32], lifo: bool, seed: u64) {
        let mut next = lcg(seed);
        let mut seq = 0u64;
        check_rising_f(q, 20_000, |_, last_f| {
            let f = last_f + gaps[next() as usize % gaps.len()];
            seq += 1;
            let tie = if lifo { !seq } else { next() as u64 };
            (f, tie)
        });
    }

    #[test]
    fn movingai_gaps_coarsen_the_grain_to_fit_the_ring_and_pop_in_order() {
        // OPEN spans up to 2d = 39202 in F, which 512 buckets cover from
        // grain 7 on.
        let mut q = TwoLevelBucket::default();
        for lifo in [true, false] {
            rising_f(&mut q, &MOVINGAI_GAPS, lifo, 7);
            assert_eq!(q.grain, 7, "lifo {lifo}");
        }
    }

    #[test]
    fn small_gaps_make_the_grain_finer_and_pop_in_order() {
        // 10/14 costs: gaps 0, 6, 8, 14, 20 and 28, all inside one bucket
        // of the start grain, so the grain drops below the smallest gap (or
        // lower: a key's F is measured from the run's top, which may already
        // be above the F it was made from).
        let gaps = [0, 6, 8, 14, 20, 28];
        let mut q = TwoLevel::<12>::default();
        for lifo in [true, false] {
            rising_f(&mut q, &gaps, lifo, 11);
            assert!(q.grain <= 2, "lifo {lifo}: grain {}", q.grain);
        }
        // A new search keeps the grain the last one found.
        let grain = q.grain;
        q.clear(8);
        assert_eq!(q.grain, grain);
        // From grain 0 these gaps never need another grain.
        let mut q = TwoLevelBucket::default();
        for lifo in [true, false] {
            rising_f(&mut q, &gaps, lifo, 11);
            assert_eq!(q.grain, 0, "lifo {lifo}");
        }
    }

    #[test]
    fn every_slot_keeps_its_storage_and_gives_back_all_but_keep_keys_room() {
        let mut q = TwoLevelBucket::default();
        // Slot by slot, the run's storage counted at its home slot.
        let capacities = |q: &TwoLevelBucket| -> Vec<usize> {
            let mut c: Vec<usize> = q.ring.iter().map(Vec::capacity).collect();
            c[q.cur] += q.run.capacity();
            c
        };
        rising_f(&mut q, &MOVINGAI_GAPS, true, 3);
        rising_f(&mut q, &MOVINGAI_GAPS, true, 3);
        let after_second = capacities(&q);
        assert!(after_second.iter().filter(|&&c| c > 0).count() > 50);
        rising_f(&mut q, &MOVINGAI_GAPS, true, 3);
        assert_eq!(capacities(&q), after_second);
        assert!(after_second.iter().any(|&c| c > KEEP));
        q.clear(8);
        assert!(capacities(&q).iter().all(|&c| c <= KEEP));
    }

    #[test]
    fn a_finer_grain_leaves_no_slot_holding_more_than_keep_keys_room_after_clear() {
        // Grain 12, a ring of 16: the run in coarse bucket 0, and more than
        // KEEP keys in bucket 1 (slot 1), which grows.
        let mut q = TwoLevel::<12>::default();
        let wide = 2 * KEEP as u32;
        q.push(Key::new(32, u64::MAX, 0));
        for i in 0..wide {
            q.push(Key::new(4096, u64::MAX - 1 - u64::from(i), 1 + i));
        }
        // A key above the run's top, one F above it: every key is
        // re-bucketed under a finer grain, bucket 1's keys into another
        // slot, so slot 1 is left empty with its room.
        q.push(Key::new(33, 0, wide + 1));
        assert!(q.grain < 12);
        assert!(q.ring[1].is_empty() && q.ring[1].capacity() > KEEP);
        // Every key popped but bucket 1's, which are now the run: no key is
        // left in the ring for `clear` to look for.
        assert_eq!(q.pop().map(Key::f), Some(32));
        assert_eq!(q.pop().map(Key::f), Some(33));
        assert_eq!(q.pop().map(Key::f), Some(4096));
        assert_eq!(q.in_ring, 0);
        q.clear(8);
        assert!(q.ring.iter().all(|b| b.capacity() <= KEEP));
        assert!(q.run.capacity() <= KEEP);
    }

    #[test]
    fn a_longer_ring_moves_a_roomy_slot_and_clear_still_gives_its_room_back() {
        // More than KEEP keys at F 0 (the run, slot 0), two at F 1: once
        // the F 0 keys are popped and one at F 1, F 1 is the run and slot 0
        // has its storage back with the F 0 keys' room.
        let mut q = TwoLevelBucket::default();
        let wide = 2 * KEEP as u32;
        for i in 0..wide {
            q.push(Key::new(0, u64::MAX - u64::from(i), i));
        }
        q.push(Key::new(1, 1, wide));
        q.push(Key::new(1, 0, wide + 1));
        for _ in 0..wide {
            assert_eq!(q.pop().map(Key::f), Some(0));
        }
        assert_eq!(q.pop().map(Key::f), Some(1));
        assert_eq!(q.ring.len(), FIRST_RING);
        assert!(q.ring[0].capacity() > KEEP);
        // A key past the ring's 16 buckets lengthens it: empty buckets keep
        // their storage in other slots, slot 0's among them.
        q.push(Key::new(300, 0, wide + 2));
        assert!(q.ring.len() > FIRST_RING);
        assert!(q.ring[0].capacity() <= KEEP);
        assert!(q.ring.iter().any(|b| b.capacity() > KEEP));
        // Used up, so that no key is left in the ring for `clear` to look
        // for.
        assert_eq!(q.pop().map(Key::f), Some(1));
        assert_eq!(q.pop().map(Key::f), Some(300));
        q.clear(8);
        assert!(q.ring.iter().all(|b| b.capacity() <= KEEP));
        assert!(q.run.capacity() <= KEEP);
    }

    #[test]
    fn clear_drops_the_leftover_keys_and_their_room() {
        // A search that ends with more than KEEP keys left in one bucket.
        let mut q = TwoLevelBucket::default();
        let wide = 2 * KEEP as u32;
        q.push(Key::new(0, u64::MAX, 0));
        for i in 0..wide {
            q.push(Key::new(5, u64::MAX - 1 - u64::from(i), 1 + i));
        }
        assert_eq!(q.pop().map(Key::f), Some(0));
        q.clear(8);
        assert_eq!(q.len(), 0);
        assert!(q.ring.iter().all(|b| b.is_empty() && b.capacity() <= KEEP));
        // The next search sees only its own keys.
        q.push(Key::new(9, 0, 3));
        assert_eq!(q.pop(), Some(Key::new(9, 0, 3)));
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn spreads_wider_than_the_ring_coarsen_the_grain() {
        let mut q = TwoLevelBucket::default();
        for round in 0..3u64 {
            q.clear(16);
            let fs = [500u32, 3, u32::MAX, 9000, 70, 70, 2, 1 << 30, 1, 300_000, 0];
            for (node, &f) in fs.iter().enumerate() {
                q.push(Key::new(f, node as u64 + round, node as u32));
            }
            let mut want: Vec<Key> = fs
                .iter()
                .enumerate()
                .map(|(n, &f)| Key::new(f, n as u64 + round, n as u32))
                .collect();
            want.sort();
            let got: Vec<Key> = std::iter::from_fn(|| q.pop()).collect();
            assert_eq!(got, want);
            assert!(q.ring.len() <= MAX_RING);
        }
    }
}
