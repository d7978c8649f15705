//! OPEN as a two-level bucket queue for sparse integer F: coarse buckets of
//! `2^grain` F values each, unordered, over a short ring, and the lowest
//! bucket sorted into one run, smallest key on top.
//!
//! Under MovingAI's √2 costs (13860 and 19601) OPEN holds a hundred or more
//! distinct F values spread over some 40,000. A bucket per F value (the
//! `bucket` and `sparse-bucket` strategies) then touches a cold slot, a cold
//! stack and a bitmap per new F, and clears a window of 40,000 values before
//! every search. Here a push beyond the lowest bucket is an append to one of
//! a few dozen buckets (their ends stay in cache), and when the run is used
//! up the next bucket is sorted into it by a counting sort on F; pops then
//! come off one hot array with no search for the next F at all.
//!
//! # Grain
//! A key of the run's bucket but above its top is inserted in order (binary
//! search, then a shift). In A* a new key's F exceeds the F being expanded by
//! either nothing or at least some step-dependent gap (8119 under MovingAI
//! costs, 6 under 10/14), so the grain adapts: it starts at
//! `2^`[`START_GRAIN`] and, when such a key differs in F from the run's top
//! by less than the bucket width, every key is re-bucketed under the largest
//! grain below that gap, as long as the ring stays within [`MAX_RING`]
//! buckets (a spread too wide for the ring coarsens the grain instead). A
//! few re-bucketings at the start of a search, while OPEN is small.
//!
//! # Complexity
//! Push O(1) (plus the in-order insert above, which the grain keeps rare);
//! pop O(1) amortised: each key is sorted once, by counting on F, with an
//! insertion sort of the bucket's distinct F values. Lazy decrease-key (the
//! list is [`LAZY`](OpenList::LAZY)). Memory: the keys, the ring's headers
//! and a fixed 48 KB of counting scratch, whatever the map.
//!
//! # Exactness
//! Keys pop in exact [`Key`] order. The counting sort keeps push order among
//! equal F, which is descending key order under LIFO ties (the tie field
//! falls with every push); the list notices any push that breaks that, and
//! then checks each sorted bucket and sorts it in full if need be. A key
//! below the run's bucket moves the ring down (or re-buckets everything).
//! Every step cost is supported: the grain coarsens to fit any F spread.

use astar_core::{spread_over_cells, Key, OpenList};

/// The most coarse buckets the ring may hold.
const MAX_RING: usize = 256;
const FIRST_RING: usize = 16;
/// The widest grain the counting sort handles (a count per F of a bucket).
const MAX_COUNTED: u32 = 12;
const COUNTED: usize = 1 << MAX_COUNTED;

/// The grain (log2 of the coarse bucket width) a search starts with.
pub const START_GRAIN: u32 = 12;

/// The two-level bucket queue of [`START_GRAIN`].
pub type TwoLevelBucket = TwoLevel<START_GRAIN>;

/// Two-level bucket queue starting at grain `K` (see the crate doc).
#[derive(Debug, Clone)]
pub struct TwoLevel<const K: u32> {
    /// The keys of coarse bucket `cur_c`, descending: the smallest on top.
    run: Vec<Key>,
    /// `ring[c % len]`: the keys with F in coarse bucket `c` (F >> `grain`),
    /// for `c` in `cur_c + 1 .. cur_c + len`, unordered.
    ring: Vec<Vec<Key>>,
    /// log2 of a coarse bucket's width in F.
    grain: u32,
    /// The coarse bucket of the run.
    cur_c: u32,
    len: usize,
    nodes: usize,
    /// Counting sort scratch: a count per F of a coarse bucket, and its F
    /// values.
    count: Box<[u32; COUNTED]>,
    distinct: Box<[u32; 2 * COUNTED]>,
    /// The tie of the last key put into the ring, and whether every key put
    /// there since the last clear had a smaller tie than the one before
    /// (LIFO ties): then keys of equal F in a bucket are in descending order.
    last_tie: u64,
    ordered: bool,
}

impl<const K: u32> Default for TwoLevel<K> {
    fn default() -> Self {
        TwoLevel {
            run: Vec::new(),
            ring: vec![Vec::new(); FIRST_RING],
            grain: K,
            cur_c: 0,
            len: 0,
            nodes: 0,
            count: Box::new([0; COUNTED]),
            distinct: Box::new([0; 2 * COUNTED]),
            last_tie: u64::MAX,
            ordered: true,
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
            self.ordered &= key.tie() < self.last_tie;
            self.last_tie = key.tie();
            self.ring[at].push(key);
        } else {
            self.place_cold(key);
        }
    }

    /// A key above the run's top, in the run's coarse bucket.
    #[cold]
    #[inline(never)]
    fn run_insert(&mut self, key: Key) {
        let low = self.run.last().expect("run_insert on an empty run").f();
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
        insert_in_order(&mut self.run, key);
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
        for i in (1..=mask).rev() {
            let at = (self.cur_c as usize + i) & mask;
            if !self.ring[at].is_empty() {
                let c = self.cur_c as u64 + i as u64;
                return (((c + 1) << self.grain) - 1).min(u32::MAX as u64) as u32;
            }
        }
        (((self.cur_c as u64 + 1) << self.grain) - 1).min(u32::MAX as u64) as u32
    }

    #[cold]
    #[inline(never)]
    fn place_cold(&mut self, key: Key) {
        let f = key.f();
        if self.len == 0 {
            self.cur_c = f >> self.grain;
            self.run.push(key);
            return;
        }
        let c = f >> self.grain;
        if c > self.cur_c {
            // Beyond the ring: a longer ring or a coarser grain.
            let span = (c - self.cur_c) as usize + 1;
            if span <= MAX_RING {
                self.grow_ring(span);
                let at = c as usize & self.mask();
                self.ordered = false;
                self.ring[at].push(key);
            } else {
                let low = self.lowest_f();
                let grain = self.grain_for(low, f);
                self.rebuild(grain, Some(key));
            }
        } else {
            // Below the run: the run goes back to its coarse bucket and the
            // window moves down, if the ring still covers everything.
            let high = self.highest_f();
            if ((high >> self.grain) - c) as usize <= self.mask() {
                let at = self.cur_c as usize & self.mask();
                let run = std::mem::take(&mut self.run);
                self.ring[at].extend(run.iter().rev());
                self.ordered = false;
                self.run = run;
                self.run.clear();
                self.cur_c = c;
                self.run.push(key);
            } else {
                let grain = self.grain_for(f, high);
                self.rebuild(grain, Some(key));
            }
        }
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
        let old = std::mem::replace(&mut self.ring, vec![Vec::new(); len]);
        for bucket in old.into_iter().filter(|b| !b.is_empty()) {
            let at = (bucket[0].f() >> self.grain) as usize & (len - 1);
            self.ring[at] = bucket;
        }
    }

    /// Every key re-bucketed under grain `grain` (with `extra` added).
    fn rebuild(&mut self, grain: u32, extra: Option<Key>) {
        let mut all = std::mem::take(&mut self.run);
        for bucket in &mut self.ring {
            all.append(bucket);
        }
        all.extend(extra);
        self.ordered = false;
        self.grain = grain;
        let low = all.iter().map(|k| k.f()).min().unwrap_or(0);
        let high = all.iter().map(|k| k.f()).max().unwrap_or(0);
        let span = ((high >> grain) - (low >> grain)) as usize + 1;
        let len = span.next_power_of_two().max(self.ring.len());
        self.ring.resize(len, Vec::new());
        self.cur_c = low >> grain;
        let mut run = Vec::new();
        for &key in &all {
            let c = key.f() >> grain;
            if c == self.cur_c {
                run.push(key);
            } else {
                self.ring[c as usize & (len - 1)].push(key);
            }
        }
        run.sort_unstable_by(|a, b| b.cmp(a));
        self.run = run;
    }

    #[cold]
    #[inline(never)]
    fn pop_further(&mut self) -> Option<Key> {
        if self.len == 0 {
            return None;
        }
        let mask = self.mask();
        let mut i = 1;
        let at = loop {
            let at = (self.cur_c as usize + i) & mask;
            if !self.ring[at].is_empty() {
                break at;
            }
            i += 1;
        };
        self.cur_c = self.cur_c.wrapping_add(i as u32);
        self.spread(at);
        self.len -= 1;
        self.run.pop()
    }

    /// Sorts coarse bucket `at` into the (empty) run: a counting sort by F
    /// that keeps push order among equal F, then a check of the full order.
    fn spread(&mut self, at: usize) {
        let bucket = std::mem::take(&mut self.ring[at]);
        self.run.clear();
        self.run.extend_from_slice(&bucket);
        if self.grain > MAX_COUNTED {
            self.run.sort_unstable_by(|a, b| b.cmp(a));
        } else {
            let w = (1usize << self.grain) - 1;
            let count = &mut *self.count;
            let distinct = &mut *self.distinct;
            let mut nd = 0;
            for key in &bucket {
                let i = key.f() as usize & w & (COUNTED - 1);
                distinct[nd & (2 * COUNTED - 1)] = key.f();
                nd += (count[i] == 0) as usize;
                count[i] += 1;
            }
            // Descending F.
            let d = &mut distinct[..nd.min(COUNTED)];
            for j in 1..d.len() {
                let x = d[j];
                let mut k = j;
                while k > 0 && d[k - 1] < x {
                    d[k] = d[k - 1];
                    k -= 1;
                }
                d[k] = x;
            }
            let mut pos = 0;
            for &f in d.iter() {
                let i = f as usize & w & (COUNTED - 1);
                let n = count[i];
                count[i] = pos;
                pos += n;
            }
            let out = &mut self.run[..];
            for &key in &bucket {
                let i = key.f() as usize & w & (COUNTED - 1);
                let p = count[i];
                out[p as usize] = key;
                count[i] = p + 1;
            }
            for &f in d.iter() {
                count[f as usize & w & (COUNTED - 1)] = 0;
            }
            if !self.ordered && !self.run.is_sorted_by(|a, b| a > b) {
                self.run.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        let mut bucket = bucket;
        bucket.clear();
        self.ring[at] = bucket;
    }
}

#[inline(never)]
fn insert_in_order(stack: &mut Vec<Key>, key: Key) {
    let pos = stack.partition_point(|&k| k > key);
    stack.insert(pos, key);
}

impl<const K: u32> OpenList for TwoLevel<K> {
    const NAME: &'static str = "two-level";
    const LAZY: bool = true;

    fn clear(&mut self, nodes: usize) {
        self.run.clear();
        for b in &mut self.ring {
            b.clear();
        }
        self.grain = K;
        self.last_tie = u64::MAX;
        self.ordered = true;
        self.len = 0;
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        self.place(key);
        self.len += 1;
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        self.push(key);
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        match self.run.pop() {
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

    /// Nothing per cell. Counted: the ring's headers, the counting scratch,
    /// and the key storage of the run and of every bucket at its capacity
    /// (live and stale keys), all averaged over the map's nodes.
    fn bytes_per_node(&self) -> f64 {
        let fixed = self.ring.len() * std::mem::size_of::<Vec<Key>>()
            + (self.count.len() + self.distinct.len()) * 4;
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

    #[test]
    fn conforms() {
        openlist_conformance::check::<TwoLevelBucket>();
        // Fine start grains reach the ring, its growth and the moves below
        // the run with the conformance suite's small F values.
        openlist_conformance::check::<TwoLevel<3>>();
        openlist_conformance::check::<TwoLevel<0>>();
    }

    /// Drives `q` like A* under step costs with gaps `gaps` between F values
    /// (keys at the F being expanded or a gap above it), ties LIFO (falling
    /// with every push) or random, every pop checked.
    fn rising_f(q: &mut TwoLevelBucket, gaps: &[u32], lifo: bool, seed: u64) {
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
    fn movingai_gaps_keep_the_start_grain_and_pop_in_order() {
        // The F gaps of octile moves under MovingAI costs: 0, 2s - d,
        // 2(d - s), d, 2s and 2d.
        let gaps = [0, 8119, 11482, 19601, 27720, 39202];
        let mut q = TwoLevelBucket::default();
        for lifo in [true, false] {
            rising_f(&mut q, &gaps, lifo, 7);
            assert_eq!(q.grain, START_GRAIN, "lifo {lifo}");
        }
    }

    #[test]
    fn small_gaps_make_the_grain_finer_and_pop_in_order() {
        // 10/14 costs: gaps 0, 6, 8, 14, 20 and 28, all inside one bucket
        // of the start grain, so the grain drops below the smallest gap (or
        // lower: a key's F is measured from the run's top, which may already
        // be above the F it was made from).
        let gaps = [0, 6, 8, 14, 20, 28];
        let mut q = TwoLevelBucket::default();
        for lifo in [true, false] {
            rising_f(&mut q, &gaps, lifo, 11);
            assert!(q.grain <= 2, "lifo {lifo}: grain {}", q.grain);
        }
        // A new search starts again from the start grain.
        q.clear(8);
        assert_eq!(q.grain, START_GRAIN);
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
