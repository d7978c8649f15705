//! Test support shared by the crates' test suites, written only for tests.
//!
//! - [`reference`](mod@reference): a plain Dijkstra and a path checker with their own
//!   neighbour code, sharing nothing with the core search, so a bug there
//!   cannot hide itself by being copied.
//! - [`SplitMix`]: a tiny seeded generator, so random cases depend on nothing
//!   but their seed — not on any crate's version.

pub mod reference;

/// A tiny deterministic generator (SplitMix64), so the random cases depend on
/// nothing but their seed — not on any crate's version.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() as u64 - 1) as usize]
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}
