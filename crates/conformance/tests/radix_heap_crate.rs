//! Why the `radix-heap` crate is not among the open lists built on published
//! crates: its `RadixHeapMap` is monotone, a max-heap that refuses (with a
//! panic) any key pushed above the last one popped, and the search's LIFO
//! ties break that. Under LIFO, among keys of equal F the one added last is
//! expanded first, so its tie field is below that of every earlier key of
//! the same F — including the key just popped, whose expansion added it.
//! Under FIFO ties a later key sorts after every earlier one of equal F, so
//! the crate's order could hold the search's exact keys; a list on it would
//! run FIFO searches only.
//!
//! The keys below are built as the search builds them (`Key::new(f, tie,
//! node)`, the tie field `!seq` under LIFO and `seq` under FIFO, `seq`
//! counting pushes), stored as `Reverse` of their bits so that the crate's
//! max-heap pops the smallest key first.

use astar_core::Key;
use radix_heap::RadixHeapMap;
use std::cmp::Reverse;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The search's tie field for the `seq`-th push.
fn lifo(seq: u64) -> u64 {
    !seq
}

fn fifo(seq: u64) -> u64 {
    seq
}

/// Pushes the start, pops it, then pushes what its expansion adds: one
/// neighbour at the same F and one at a larger F. `Err` when the crate
/// refused a push.
fn expand_the_start(tie: fn(u64) -> u64) -> Result<Vec<Key>, ()> {
    let mut heap = RadixHeapMap::new();
    let start = Key::new(10, tie(0), 1);
    heap.push(Reverse(start.bits()), ());
    let (Reverse(popped), ()) = heap.pop().expect("the start");
    assert_eq!(Key::from_bits(popped), start);
    let added = [Key::new(10, tie(1), 2), Key::new(12, tie(2), 3)];
    for key in added {
        catch_unwind(AssertUnwindSafe(|| heap.push(Reverse(key.bits()), ()))).map_err(|_| ())?;
    }
    Ok(std::iter::from_fn(|| heap.pop().map(|(Reverse(bits), ())| Key::from_bits(bits))).collect())
}

#[test]
fn under_lifo_ties_a_key_added_by_an_expansion_sorts_before_the_popped_one() {
    let (popped, added) = (Key::new(10, lifo(0), 1), Key::new(10, lifo(1), 2));
    assert!(
        added < popped,
        "the search's own order: the later key first"
    );
    // The crate refuses it: a LIFO search cannot run on it.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = expand_the_start(lifo);
    std::panic::set_hook(hook);
    assert_eq!(result, Err(()));
}

#[test]
fn under_fifo_ties_the_crate_keeps_the_search_order() {
    assert_eq!(
        expand_the_start(fifo),
        Ok(vec![Key::new(10, fifo(1), 2), Key::new(12, fifo(2), 3)])
    );
}
