//! The OPEN key: a strict total order over everything that can be on OPEN.

use crate::grid::NodeId;
use std::fmt;

/// What an open list orders by: smaller pops first.
///
/// Layout, from the most significant bits: F (32 bits), the tie-break (64 bits,
/// filled in by the [`crate::TiePolicy`]), the node id (32 bits). Comparing two
/// keys is one 128-bit comparison, and no two live keys are ever equal, so an
/// open list needs no tie-breaking of its own: any correct list pops the same
/// sequence. The node travels inside the key, so a list stores keys only.
///
/// The search's tie-break counts the keys it makes, so no two live keys
/// share F and tie-break either, and the node never decides an order (under
/// larger-G ties, whose tie-break keeps the count's low 32 bits, that holds
/// for searches that make fewer than 2^32 keys: every search on a map of at
/// most [`crate::grid::MAX_CELLS`] cells with a consistent heuristic).
///
/// ```
/// use astar_core::Key;
///
/// // F decides first, then the tie-break, then the node.
/// assert!(Key::new(10, 99, 5) < Key::new(11, 0, 0));
/// assert!(Key::new(10, 1, 9) < Key::new(10, 2, 0));
/// assert!(Key::new(10, 1, 3) < Key::new(10, 1, 4));
///
/// let key = Key::new(42, 7, 3);
/// assert_eq!((key.f(), key.tie(), key.node()), (42, 7, 3));
/// assert_eq!(Key::from_bits(key.bits()), key);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Key(u128);

impl Key {
    /// A key from its three fields.
    #[inline]
    pub const fn new(f: u32, tie: u64, node: NodeId) -> Key {
        Key(((f as u128) << 96) | ((tie as u128) << 32) | node as u128)
    }

    /// The largest key; a sentinel greater than every real key of node `u32::MAX - 1`.
    pub const MAX: Key = Key(u128::MAX);

    /// F = G + H.
    #[inline]
    pub const fn f(self) -> u32 {
        (self.0 >> 96) as u32
    }

    /// The tie-break field.
    #[inline]
    pub const fn tie(self) -> u64 {
        (self.0 >> 32) as u64
    }

    /// The node this key belongs to.
    #[inline]
    pub const fn node(self) -> NodeId {
        self.0 as u32
    }

    /// The raw 128-bit value, for lists that bucket or radix-sort by bits.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The key whose raw value is `bits` (the inverse of [`Key::bits`]), for
    /// lists that store keys split up.
    #[inline]
    pub const fn from_bits(bits: u128) -> Key {
        Key(bits)
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Key(f={}, tie={:#x}, node={})",
            self.f(),
            self.tie(),
            self.node()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_order_lexicographically() {
        let k = Key::new(7, 0xdead_beef_0000_0001, 42);
        assert_eq!((k.f(), k.tie(), k.node()), (7, 0xdead_beef_0000_0001, 42));
        assert_eq!(Key::from_bits(k.bits()), k);
        assert!(Key::new(1, u64::MAX, u32::MAX) < Key::new(2, 0, 0));
        assert!(Key::new(2, 1, u32::MAX) < Key::new(2, 2, 0));
        assert!(Key::new(2, 2, 3) < Key::new(2, 2, 4));
    }
}
