//! OPEN as an indexed binary min-heap with decrease-key: the standard
//! decrease-key heap, the project's, not a seed's.
//!
//! The heap is an array of keys (1-based: the children of slot `i` are `2i`
//! and `2i + 1`; see "Narrow keys" below for how a slot holds one); a
//! position map (node → slot) lets decrease-key find a node and sift it up
//! in O(log n). Push and pop are O(log n). Neither seed has
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
//! Narrow keys: a search's tie-breaks count the keys it makes, so under LIFO
//! and FIFO ties every key of a search has the same high 32 bits of
//! tie-break (all ones, or all zeros, until the count passes 2^32). While
//! every key held shares that half, the heap keeps it once and a slot holds
//! an 8-byte word, F over the tie-break's low half, beside the node in a
//! second array: a comparison is one 8-byte load a key instead of two, a
//! move copies 12 bytes instead of 16. No two live keys share F and
//! tie-break (the `OpenList` contract), so the words order the keys as the
//! keys do. The first key whose tie-break's high half differs (larger-G ties
//! put G there) moves every key to wide slots, the whole key in two 8-byte
//! halves, slot for slot, until the next `clear`; the heap code is the same
//! for both (generic over its `Lanes`). Measured side by side against the
//! wide slots alone: 8–9% off the heap's time on a random 1024² query and
//! on a MovingAI maze row, under LIFO and FIFO ties; under larger-G ties
//! within 0–3%.
//!
//! Each kind of slot sits in two arrays (lanes) indexed by slot, addressed
//! by the slot index times 8 or 4, which x86 folds into the load, where
//! 16-byte elements need a shift per access; with the 16-byte aligned blocks
//! the system allocator hands out, two siblings' halves share one block and
//! never straddle a cache line. The arrays keep their length (every slot
//! past the last key holds the largest word), so a push or pop writes no
//! vector length. The smaller child is picked by adding the
//! comparison's result to the left child's index, not by a branch a
//! predictor would lose half the time; a sentinel below the root and the
//! largest keys after the last key stop the loops without extra tests.

use astar_core::{spread_over_cells, Key, OpenList};

const ROOT: usize = 1;

/// How a heap's slots hold keys: a high lane of `u64`s and a low lane of
/// [`Lanes::Low`]s, two arrays indexed by slot, and the word a sift compares
/// made from a slot's two.
trait Lanes {
    /// The low lane's element.
    type Low: Copy;
    /// What a sift compares.
    type Word: Copy + Ord;
    /// The low lane of the smallest and of the largest word.
    const LOW_SMALLEST: Self::Low;
    const LOW_LARGEST: Self::Low;
    /// The word of a slot whose lanes hold `high` and `low`.
    fn word(high: u64, low: Self::Low) -> Self::Word;
    /// The node of a slot whose low lane holds `low` (`u32::MAX`, no node,
    /// for the largest word).
    fn node(low: Self::Low) -> u32;
}

/// Narrow slots: the high lane is the word (F over the low half of the
/// tie-break, see [`narrow`]), the low lane the node.
#[derive(Debug, Clone)]
struct Narrow;

impl Lanes for Narrow {
    type Low = u32;
    type Word = u64;
    const LOW_SMALLEST: u32 = 0;
    const LOW_LARGEST: u32 = u32::MAX;
    #[inline(always)]
    fn word(high: u64, _: u32) -> u64 {
        high
    }
    #[inline(always)]
    fn node(low: u32) -> u32 {
        low
    }
}

/// Wide slots: the whole key, its high and low 64 bits (the node is the
/// low 32).
#[derive(Debug, Clone)]
struct Wide;

impl Lanes for Wide {
    type Low = u64;
    type Word = u128;
    const LOW_SMALLEST: u64 = 0;
    const LOW_LARGEST: u64 = u64::MAX;
    #[inline(always)]
    fn word(high: u64, low: u64) -> u128 {
        (u128::from(high) << 64) | u128::from(low)
    }
    #[inline(always)]
    fn node(low: u64) -> u32 {
        low as u32
    }
}

/// Moves the key with lanes `(kh, kl)`, which belongs at hole `at`, up past
/// larger parents, and records where the keys it passes and it itself end
/// up.
#[inline(always)]
fn sift_up<L: Lanes>(
    high: &mut [u64],
    low: &mut [L::Low],
    position: &mut [u32],
    mut at: usize,
    kh: u64,
    kl: L::Low,
) {
    let key = L::word(kh, kl);
    // One length for both lanes, so that one index check serves both.
    let high = &mut high[..=at];
    let low = &mut low[..high.len()];
    loop {
        let parent = at >> 1;
        let (ph, pl) = (high[parent], low[parent]);
        if L::word(ph, pl) <= key {
            break;
        }
        high[at] = ph;
        low[at] = pl;
        position[L::node(pl) as usize] = at as u32;
        at = parent;
    }
    high[at] = kh;
    low[at] = kl;
    position[L::node(kl) as usize] = at as u32;
}

/// Walks the vacant root down to a leaf along the smaller children, moving
/// each up into the hole above it; returns the leaf. The last slot must
/// hold the largest word.
///
/// Two levels a step: the four grandchildren are compared with the two
/// children, before it is known which pair is on the path, so that the
/// loads of a step wait on the step before it, not on the level before it.
/// The hole takes the path a level at a time would take.
#[inline(always)]
fn walk_down<L: Lanes>(high: &mut [u64], low: &mut [L::Low]) -> usize {
    let word = |high: &[u64], low: &[L::Low], i: usize| L::word(high[i], low[i]);
    let low = &mut low[..high.len()];
    // The slot is kept as a `u32` (slots fit: positions are `u32` too) and
    // widened: the compiler then knows `4 * at` cannot wrap, so the step's
    // length test also covers the children, and their own check goes (1–4%
    // fewer instructions for the heap on every workload measured).
    let mut at32 = ROOT as u32;
    loop {
        let at = at32 as usize;
        let (left, first) = (2 * at, 4 * at);
        if first + 3 >= high.len() {
            break;
        }
        let right = usize::from(word(high, low, left + 1) < word(high, low, left));
        // The smaller child of each child, both computed, one taken.
        let under_left = usize::from(word(high, low, first + 1) < word(high, low, first));
        let under_right = 2 + usize::from(word(high, low, first + 3) < word(high, low, first + 2));
        let child = left + right;
        let grandchild = first + if right == 1 { under_right } else { under_left };
        high[at] = high[child];
        low[at] = low[child];
        high[child] = high[grandchild];
        low[child] = low[grandchild];
        at32 = grandchild as u32;
    }
    let mut at = at32 as usize;
    let mut left = 2 * at;
    while left + 1 < high.len() {
        let right = usize::from(word(high, low, left + 1) < word(high, low, left));
        let child = left + right;
        high[at] = high[child];
        low[at] = low[child];
        at = child;
        left = 2 * child;
    }
    at
}

/// The heap proper, in lanes `L`; the position map is its owner's, shared
/// by both kinds of lanes.
#[derive(Debug, Clone)]
struct Heap<L: Lanes> {
    /// The two lanes, always of one length: slot 0 holds the smallest word
    /// (a sentinel sift-up stops at), slots `1..=len + hole` the keys (the
    /// children of slot `i` are `2i` and `2i + 1`), and every later slot the
    /// largest word, whose node is none (a missing child, and what
    /// `decrease` walks up past); there is always at least one such slot.
    high: Vec<u64>,
    low: Vec<L::Low>,
    /// Keys held.
    len: usize,
    /// Whether the root slot is vacant: a pop takes the root and leaves its
    /// slot to the next push. A vacant root holds the smallest word, so
    /// that sift-up stops below it.
    hole: bool,
}

impl<L: Lanes> Default for Heap<L> {
    fn default() -> Self {
        let mut heap = Heap {
            high: vec![u64::MAX; 16],
            low: vec![L::LOW_LARGEST; 16],
            len: 0,
            hole: false,
        };
        heap.high[0] = 0;
        heap.low[0] = L::LOW_SMALLEST;
        heap
    }
}

impl<L: Lanes> Heap<L> {
    /// Doubles the slots.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let slots = 2 * self.high.len();
        self.high.resize(slots, u64::MAX);
        self.low.resize(slots, L::LOW_LARGEST);
    }

    /// Every slot that held a key holds the largest word.
    fn clear(&mut self) {
        let end = self.len + usize::from(self.hole);
        self.high[ROOT..=end].fill(u64::MAX);
        self.low[ROOT..=end].fill(L::LOW_LARGEST);
        self.len = 0;
        self.hole = false;
    }

    /// Fills the vacant root: the last key leaves its slot, the hole walks
    /// down to a leaf along the smaller children (Floyd's bottom-up
    /// variant: the last key is not compared on the way down), and the last
    /// key sifts up from there.
    #[inline(always)]
    fn fill_hole(&mut self, position: &mut [u32]) {
        self.hole = false;
        let len = self.len;
        // Slot `len + 1` holds the last key, and is the last that can be a
        // child once it leaves.
        let high = &mut self.high[..len + 2];
        let low = &mut self.low[..high.len()];
        let (lh, ll) = (high[len + 1], low[len + 1]);
        high[len + 1] = u64::MAX;
        low[len + 1] = L::LOW_LARGEST;
        if len == 0 {
            return;
        }
        let at = walk_down::<L>(high, low);
        sift_up::<L>(high, low, position, at, lh, ll);
    }

    #[inline(always)]
    fn push(&mut self, kh: u64, kl: L::Low, position: &mut [u32]) {
        if self.hole {
            // Into the vacant root.
            self.hole = false;
            self.len += 1;
            let len = self.len;
            let high = &mut self.high[..len + 2];
            let low = &mut self.low[..high.len()];
            let key = L::word(kh, kl);
            if key > L::word(high[len >> 2], low[len >> 2]) {
                // Above a slot two levels over the last: it sinks to the
                // leaves, so walk the hole down (without comparing the key)
                // and sift the key up from there.
                let at = walk_down::<L>(high, low);
                sift_up::<L>(high, low, position, at, kh, kl);
                return;
            }
            // Sift down from the root.
            let mut at = ROOT;
            loop {
                let left = 2 * at;
                let (Some(h), Some(l)) = (high.get(left..left + 2), low.get(left..left + 2)) else {
                    break;
                };
                let right = usize::from(L::word(h[1], l[1]) < L::word(h[0], l[0]));
                let (ch, cl) = (h[right], l[right]);
                if key <= L::word(ch, cl) {
                    break;
                }
                high[at] = ch;
                low[at] = cl;
                at = left + right;
            }
            high[at] = kh;
            low[at] = kl;
            position[L::node(kl) as usize] = at as u32;
            return;
        }
        let at = self.len + 1;
        if at + 1 >= self.high.len() {
            self.grow();
        }
        self.len = at;
        sift_up::<L>(&mut self.high, &mut self.low, position, at, kh, kl);
    }

    #[inline(always)]
    fn decrease(&mut self, kh: u64, kl: L::Low, position: &mut [u32]) {
        let node = L::node(kl);
        // The recorded slot is the node's or a descendant's; slots past the
        // last key name no node.
        let mut at = position[node as usize] as usize;
        while L::node(self.low[at]) != node {
            debug_assert!(at > ROOT, "node {node} is not on the heap");
            at >>= 1;
        }
        sift_up::<L>(&mut self.high, &mut self.low, position, at, kh, kl);
    }

    /// Takes the root's lanes, leaving the root vacant.
    #[inline(always)]
    fn pop(&mut self, position: &mut [u32]) -> Option<(u64, L::Low)> {
        if self.hole {
            self.fill_hole(position);
        }
        if self.len == 0 {
            return None;
        }
        let popped = (self.high[ROOT], self.low[ROOT]);
        self.high[ROOT] = 0;
        self.low[ROOT] = L::LOW_SMALLEST;
        self.len -= 1;
        self.hole = true;
        Some(popped)
    }

    /// Bytes of the two lanes at their capacity.
    fn bytes(&self) -> usize {
        self.high.capacity() * std::mem::size_of::<u64>()
            + self.low.capacity() * std::mem::size_of::<L::Low>()
    }
}

/// The narrow word of `key`: F over the low half of the tie-break. Keys
/// whose tie-breaks share their high half are in the order of their words,
/// as no two live keys share F and tie-break.
#[inline(always)]
fn narrow(key: Key) -> u64 {
    (u64::from(key.f()) << 32) | (key.tie() & 0xffff_ffff)
}

/// The key of a narrow word `word` and node `node` whose tie-break's high
/// half is `tie_high`.
#[inline(always)]
fn widen_key(word: u64, node: u32, tie_high: u64) -> Key {
    Key::new(
        (word >> 32) as u32,
        (tie_high << 32) | (word & 0xffff_ffff),
        node,
    )
}

/// The high and low 64 bits of `key`.
#[inline(always)]
fn split(key: Key) -> (u64, u64) {
    ((key.bits() >> 64) as u64, key.bits() as u64)
}

/// What `BinaryHeap::narrow_tie` holds while the keys are wide: no high
/// half of a tie-break (those fit in 32 bits) equals it.
const WIDE: u64 = u64::MAX;

/// Indexed binary min-heap.
///
/// ```
/// use astar_core::{Key, OpenList};
/// use openlist_heap::BinaryHeap;
///
/// let mut heap = BinaryHeap::default();
/// heap.clear(10);
/// for (f, node) in [(50, 1), (20, 2), (40, 3), (30, 4)] {
///     heap.push(Key::new(f, 0, node));
/// }
/// // Decrease-key finds node 3 through the position map.
/// heap.decrease(Key::new(10, 1, 3));
/// assert_eq!(heap.len(), 4);
/// let order: Vec<_> = std::iter::from_fn(|| heap.pop()).map(|k| k.node()).collect();
/// assert_eq!(order, [3, 2, 4, 1]);
/// assert!(heap.is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct BinaryHeap {
    /// The keys in narrow slots while every key held has a tie-break whose
    /// high half is `narrow_tie`.
    narrow: Heap<Narrow>,
    /// The keys in wide slots, from the first key whose tie-break's high
    /// half differs until the next `clear`.
    wide: Heap<Wide>,
    /// The high half of every narrow key's tie-break, or [`WIDE`].
    narrow_tie: u64,
    /// For each node on the heap, its slot or a descendant of its slot (keys
    /// that move up are not recorded); anything for the others.
    position: Vec<u32>,
    /// Cells the last `clear` prepared for, for `bytes_per_node`.
    nodes: usize,
}

/// The high half of every LIFO tie-break (the default policy's), which a
/// heap starts with.
const LIFO_TIE: u64 = u32::MAX as u64;

impl Default for BinaryHeap {
    fn default() -> Self {
        BinaryHeap {
            narrow: Heap::default(),
            wide: Heap::default(),
            narrow_tie: LIFO_TIE,
            position: Vec::new(),
            nodes: 0,
        }
    }
}

/// Where a key pushed or decreased goes.
enum Route {
    /// Into the narrow heap: the keys are narrow and it shares their half.
    Narrow,
    /// Into the wide heap: the keys are wide.
    Wide,
    /// The keys are narrow and it does not share their half.
    Other,
}

impl BinaryHeap {
    #[inline(always)]
    fn route(&self, key: Key) -> Route {
        if key.tie() >> 32 == self.narrow_tie {
            Route::Narrow
        } else if self.narrow_tie == WIDE {
            Route::Wide
        } else {
            Route::Other
        }
    }

    /// A push whose tie-break's high half is not `narrow_tie` while the keys
    /// are narrow: an empty narrow heap takes that half for its own, a
    /// non-empty one moves every key to the wide heap first.
    #[cold]
    #[inline(never)]
    fn push_other(&mut self, key: Key) {
        if self.narrow.len == 0 {
            self.narrow_tie = key.tie() >> 32;
            self.narrow
                .push(narrow(key), key.node(), &mut self.position);
        } else {
            self.widen();
            let (kh, kl) = split(key);
            self.wide.push(kh, kl, &mut self.position);
        }
    }

    /// A decrease whose tie-break's high half is not `narrow_tie` while the
    /// keys are narrow (the heap holds the node, so it is not empty).
    #[cold]
    #[inline(never)]
    fn decrease_other(&mut self, key: Key) {
        self.widen();
        let (kh, kl) = split(key);
        self.wide.decrease(kh, kl, &mut self.position);
    }

    /// Moves every key to the wide heap, slot for slot: the keys are in the
    /// order of their words, so the heap's shape and the position map stay
    /// valid.
    #[cold]
    fn widen(&mut self) {
        let (from, to) = (&mut self.narrow, &mut self.wide);
        while to.high.len() < from.high.len() {
            to.grow();
        }
        let end = from.len + usize::from(from.hole);
        for slot in ROOT..=end {
            let key = widen_key(from.high[slot], from.low[slot], self.narrow_tie);
            (to.high[slot], to.low[slot]) = split(key);
        }
        if from.hole {
            (to.high[ROOT], to.low[ROOT]) = (0, Wide::LOW_SMALLEST);
        }
        (to.len, to.hole) = (from.len, from.hole);
        from.clear();
        self.narrow_tie = WIDE;
    }
}

impl OpenList for BinaryHeap {
    const NAME: &'static str = "heap";

    fn clear(&mut self, nodes: usize) {
        self.narrow.clear();
        self.wide.clear();
        if self.narrow_tie == WIDE {
            self.narrow_tie = LIFO_TIE;
        }
        if self.position.len() < nodes {
            self.position.resize(nodes, 0);
        }
        self.nodes = nodes;
    }

    #[inline(always)]
    fn push(&mut self, key: Key) {
        match self.route(key) {
            Route::Narrow => self
                .narrow
                .push(narrow(key), key.node(), &mut self.position),
            Route::Wide => {
                let (kh, kl) = split(key);
                self.wide.push(kh, kl, &mut self.position);
            }
            Route::Other => self.push_other(key),
        }
    }

    #[inline(always)]
    fn decrease(&mut self, key: Key) {
        match self.route(key) {
            Route::Narrow => self
                .narrow
                .decrease(narrow(key), key.node(), &mut self.position),
            Route::Wide => {
                let (kh, kl) = split(key);
                self.wide.decrease(kh, kl, &mut self.position);
            }
            Route::Other => self.decrease_other(key),
        }
    }

    /// The key is taken apart in each branch and put together once after
    /// them: the search reads only the node of a popped key, and a 128-bit
    /// key merged from two branches kept the compiler from dropping the
    /// work of building its F and tie-break.
    #[inline(always)]
    fn pop(&mut self) -> Option<Key> {
        let parts = |key: Key| (key.f(), key.tie(), key.node());
        let (f, tie, node) = if self.narrow_tie != WIDE {
            let (word, node) = self.narrow.pop(&mut self.position)?;
            parts(widen_key(word, node, self.narrow_tie))
        } else {
            let (kh, kl) = self.wide.pop(&mut self.position)?;
            parts(Key::from_bits(Wide::word(kh, kl)))
        };
        Some(Key::new(f, tie, node))
    }

    #[inline]
    fn len(&self) -> usize {
        self.narrow.len + self.wide.len
    }

    /// The position map (4 bytes a cell) plus both heaps' lanes at their
    /// capacity, averaged over the cells.
    fn bytes_per_node(&self) -> f64 {
        std::mem::size_of::<u32>() as f64
            + spread_over_cells(self.narrow.bytes() + self.wide.bytes(), self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::{BinaryHeap, WIDE};
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
    /// Every pop and length is checked against a `BTreeSet`. `tie` makes
    /// the tie-break of the `seq`-th key, of F `f`. Returns the heap and
    /// whether its keys were wide at some point.
    fn drive_deep_heap(name: &str, tie: impl Fn(u64, u32) -> u64) -> (BinaryHeap, bool) {
        const NODES: u32 = 6000;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let mut heap = BinaryHeap::default();
        let mut seq = 0u64;
        let mut went_wide = false;
        for round in 0..3 {
            heap.clear(NODES as usize);
            let mut live = BTreeSet::new();
            let mut current: BTreeMap<u32, Key> = BTreeMap::new();
            let mut key = |f: u32, node: u32| {
                seq += 1;
                Key::new(f, tie(seq, f), node)
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
                        assert_eq!(heap.pop(), want, "{name}, round {round}");
                        if let Some(k) = want {
                            current.remove(&k.node());
                        }
                    }
                }
                assert_eq!(heap.len(), live.len(), "{name}, round {round}");
                went_wide |= heap.narrow_tie == WIDE;
            }
            // The second round drains the heap; the others leave it full
            // for `clear`.
            if round == 1 {
                while let Some(k) = live.pop_first() {
                    assert_eq!(heap.pop(), Some(k), "{name}, draining");
                }
                assert_eq!(heap.pop(), None, "{name}, drained");
            }
        }
        (heap, went_wide)
    }

    /// LIFO and FIFO tie-breaks share their high half: the keys stay narrow.
    #[test]
    fn deep_heaps_pop_in_key_order_with_narrow_keys() {
        for (name, tie) in [
            ("lifo", (|s, _| !s) as fn(u64, u32) -> u64),
            ("fifo", |s, _| s),
        ] {
            let (_, went_wide) = drive_deep_heap(name, tie);
            assert!(!went_wide, "{name}: the keys went wide");
        }
    }

    /// Larger-G tie-breaks (G in the high half) differ in their high half
    /// from the second key on: the keys go wide, and come back narrow after
    /// `clear`.
    #[test]
    fn deep_heaps_pop_in_key_order_with_wide_keys() {
        let (mut heap, _) = drive_deep_heap("larger-g", |s, f| {
            (u64::from(!(f / 2)) << 32) | u64::from(!(s as u32))
        });
        assert_eq!(heap.narrow_tie, WIDE, "the keys are not wide");
        heap.clear(10);
        heap.push(Key::new(1, !0, 3));
        assert_eq!(
            (heap.narrow.len, heap.wide.len),
            (1, 0),
            "narrow again after clear"
        );
    }

    /// A count that crosses 2^32 changes the tie-break's high half while
    /// thousands of keys are held, some after a pop left the root vacant:
    /// every key moves to the wide heap in the middle of the run.
    #[test]
    fn deep_heaps_pop_in_key_order_when_the_keys_go_wide_on_the_way() {
        const START: u64 = (1 << 32) - 30_000;
        for (name, tie) in [
            ("lifo", (|s, _| !(START + s)) as fn(u64, u32) -> u64),
            ("fifo", |s, _| START + s),
        ] {
            let (_, went_wide) = drive_deep_heap(name, tie);
            assert!(went_wide, "{name}: the keys stayed narrow");
        }
    }

    /// The memory a sweep reports: the 4-byte position map a cell, plus
    /// both heaps' lanes at their capacity (a narrow slot 8 + 4 bytes, a
    /// wide one 8 + 8), over the cells.
    #[test]
    fn bytes_per_node_is_the_position_map_and_both_heaps_lanes() {
        let mut heap = BinaryHeap::default();
        heap.clear(64);
        let lanes = |heap: &BinaryHeap| {
            heap.narrow.high.capacity() * 8
                + heap.narrow.low.capacity() * 4
                + heap.wide.high.capacity() * 8
                + heap.wide.low.capacity() * 8
        };
        // Sixteen slots of each kind to start with.
        assert_eq!(lanes(&heap), 16 * 12 + 16 * 16);
        assert_eq!(heap.bytes_per_node(), 4.0 + 448.0 / 64.0);
        for node in 0..40 {
            heap.push(Key::new(node, !0, node));
        }
        assert!(heap.narrow.high.capacity() > 40);
        assert_eq!(heap.bytes_per_node(), 4.0 + lanes(&heap) as f64 / 64.0);
    }

    /// Keys that go wide while the root is vacant: the vacant root must stay
    /// below every key, or a decrease to the smallest key would sift into
    /// it and be lost to the next pop.
    #[test]
    fn keys_that_go_wide_with_the_root_vacant_keep_it_below_every_key() {
        let mut heap = BinaryHeap::default();
        heap.clear(8);
        let high = 5u64 << 32;
        let key = |node: u32| Key::new(10 + node, high | u64::from(node), node);
        for node in 1..=4 {
            heap.push(key(node));
        }
        assert_eq!(heap.pop(), Some(key(1)));
        // Another high half: the keys go wide with the root vacant.
        let smallest = Key::new(0, 1, 3);
        heap.decrease(smallest);
        assert_eq!(heap.narrow_tie, WIDE);
        assert_eq!(heap.pop(), Some(smallest));
        assert_eq!(heap.pop(), Some(key(2)));
        assert_eq!(heap.pop(), Some(key(4)));
        assert_eq!(heap.pop(), None);
    }
}
