//! The conformance suite of the [`OpenList`] contract.
//!
//! Every open-list crate calls [`check`] from one test. It drives the list with
//! random sequences of push, decrease, pop and clear — generated the way A*
//! generates them: decreases only ever lower a node's key, a popped node
//! comes back only with a key below every key it held before (a re-open), and
//! no two live keys share F and tie-break — and
//! compares each answer with a plain `BTreeSet` reference. Lazy lists may hand
//! back stale keys; those are checked to be keys the node really held, and
//! skipped, just as the search skips them.
//!
//! Lists whose structure follows how F rises (windows, rings, coarse buckets)
//! also call [`check_rising_f`]: the random sequences above use small F
//! values and never reach those parts.

use astar_core::{Costs, Key, OpenList, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::collections::{BTreeMap, BTreeSet};

/// Node ids the generated operations use: few, so nodes are reused often.
const NODES: u32 = 48;

/// One operation, before it is fitted to the list's current content.
#[derive(Clone, Debug)]
enum Op {
    /// Push node `node % NODES` if it is not on the list, else decrease it.
    Touch { node: u32, f: u32, tie: u64 },
    /// Pop the minimum.
    Pop,
    /// Clear the list.
    Clear,
}

/// A tie-break: any 64 bits, or, as a search makes them, a small count
/// under a high half shared with other keys (FIFO's zero, LIFO's ones), so
/// that lists which store that half once see both, and a switch between
/// them with keys held.
fn tie() -> impl Strategy<Value = u64> {
    prop_oneof![
        2 => any::<u64>(),
        1 => 0..64u64,
        1 => (0..64u64).prop_map(|t| !t),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0..NODES, 0..40u32, tie()).prop_map(|(node, f, tie)| Op::Touch { node, f, tie }),
        4 => Just(Op::Pop),
        1 => Just(Op::Clear),
    ]
}

/// The reference: the live key of each node on the list, and every key each
/// node has held since the last clear.
#[derive(Default)]
struct Reference {
    live: BTreeSet<Key>,
    current: BTreeMap<u32, Key>,
    lowest_ever: BTreeMap<u32, Key>,
    held: BTreeSet<Key>,
}

fn run_ops<L: OpenList + Default>(ops: &[Op]) -> Result<(), TestCaseError> {
    let mut list = L::default();
    list.clear(NODES as usize);
    let mut r = Reference::default();
    for op in ops {
        match *op {
            Op::Touch { node, f, tie } => {
                // Keys must shrink for the node; make the new key below its lowest.
                let wanted = Key::new(f, tie, node);
                let key = match r.lowest_ever.get(&node) {
                    Some(&low) if wanted >= low => {
                        if low.f() == 0 && low.tie() == 0 {
                            continue; // cannot go lower
                        }
                        let (f, tie) = if low.tie() > 0 {
                            (low.f(), low.tie() - 1)
                        } else {
                            (low.f() - 1, tie)
                        };
                        Key::new(f, tie, node)
                    }
                    _ => wanted,
                };
                // No two live keys share F and tie-break (the contract).
                if r.live
                    .iter()
                    .any(|k| (k.f(), k.tie()) == (key.f(), key.tie()))
                {
                    continue;
                }
                if let Some(old) = r.current.insert(node, key) {
                    r.live.remove(&old);
                    list.decrease(key);
                } else {
                    list.push(key);
                }
                r.live.insert(key);
                r.held.insert(key);
                r.lowest_ever.insert(node, key);
            }
            Op::Pop => loop {
                let got = list.pop();
                let want = r.live.first().copied();
                match got {
                    Some(k) if L::LAZY && r.current.get(&k.node()) != Some(&k) => {
                        prop_assert!(
                            r.held.contains(&k),
                            "{} popped {k:?}, a key never pushed",
                            L::NAME
                        );
                        prop_assert!(
                            want.is_none_or(|w| k < w),
                            "{} popped stale {k:?} after skipping the live minimum {want:?}",
                            L::NAME
                        );
                        r.held.remove(&k);
                    }
                    _ => {
                        prop_assert_eq!(got, want, "{} popped the wrong key", L::NAME);
                        if let Some(k) = got {
                            r.live.remove(&k);
                            r.current.remove(&k.node());
                            r.held.remove(&k);
                        }
                        break;
                    }
                }
            },
            Op::Clear => {
                list.clear(NODES as usize);
                r = Reference::default();
            }
        }
        if L::LAZY {
            prop_assert!(
                list.len() >= r.live.len(),
                "{}: len below the live count",
                L::NAME
            );
        } else {
            prop_assert_eq!(list.len(), r.live.len(), "{}: wrong len", L::NAME);
        }
        prop_assert_eq!(list.is_empty(), list.len() == 0);
    }
    Ok(())
}

/// Runs the conformance suite on `L`; panics with a minimal failing operation
/// sequence if the list breaks the contract.
pub fn check<L: OpenList + Default>() {
    let mut runner = TestRunner::new(Config {
        cases: 384,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&proptest::collection::vec(op(), 0..300), |ops| {
        run_ops::<L>(&ops)
    });
    if let Err(e) = result {
        panic!("{} breaks the OpenList contract: {e}", L::NAME);
    }
    // A hand-made case that every reader can follow: equal F, tie decides.
    let mut list = L::default();
    list.clear(8);
    assert!(list.pop().is_none());
    list.push(Key::new(5, 2, 1));
    list.push(Key::new(5, 1, 2));
    list.push(Key::new(3, 9, 3));
    list.decrease(Key::new(5, 0, 1));
    let mut order = Vec::new();
    while let Some(k) = list.pop() {
        if !L::LAZY || order.iter().all(|&(n, _)| n != k.node()) {
            order.push((k.node(), k.f()));
        }
    }
    assert_eq!(order, [(3, 3), (1, 5), (2, 5)], "{}", L::NAME);
}

/// Steps [`check_rising_f`] may take: two new nodes a step, each id below
/// the node count it clears the list for.
const RISING_NODES: u32 = 1 << 16;

/// Drives `list` the way A* drives OPEN while F rises, checking every pop
/// against a `BTreeSet`: `steps` times, two keys pushed, whose F and tie
/// `new_key(step, last_f)` gives from the F of the last pop (nodes numbered
/// in push order), then one pop; then the list is drained and must end
/// empty. Lazy lists are not handed decreases here, so no stale keys.
pub fn check_rising_f<L: OpenList>(
    list: &mut L,
    steps: u32,
    mut new_key: impl FnMut(u32, u32) -> (u32, u64),
) {
    assert!(
        steps * 2 <= RISING_NODES,
        "at most {} steps",
        RISING_NODES / 2
    );
    list.clear(RISING_NODES as usize);
    let mut reference = BTreeSet::new();
    let (mut last_f, mut node) = (100u32, 0u32);
    for step in 0..steps {
        for _ in 0..2 {
            let (f, tie) = new_key(step, last_f);
            let key = Key::new(f, tie, node);
            node += 1;
            list.push(key);
            reference.insert(key);
        }
        let want = reference.pop_first();
        assert_eq!(list.pop(), want, "{}: step {step}", L::NAME);
        last_f = want.map_or(last_f, |k| k.f());
    }
    while let Some(want) = reference.pop_first() {
        assert_eq!(list.pop(), Some(want), "{}: draining", L::NAME);
    }
    assert_eq!(list.pop(), None, "{}: drained", L::NAME);
    assert!(list.is_empty(), "{}: drained", L::NAME);
}

/// A small deterministic generator (a 64-bit LCG's high bits) for tests
/// that draw keys, such as the `new_key` of [`check_rising_f`].
pub fn lcg(mut state: u64) -> impl FnMut() -> u32 {
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u32
    }
}

/// Checks a list whose buckets cover a window of F values
/// ([`astar_core::steps_fit_window`]): it runs MovingAI's step costs and
/// refuses step costs too large for its window, saying so.
pub fn check_refuses_steps_beyond_window<L: OpenList>() {
    if let Err(e) = L::supports(&Rules::movingai()) {
        panic!("{} refuses MovingAI's costs: {e}", L::NAME);
    }
    let huge = Rules {
        costs: Costs {
            straight: 1 << 20,
            diagonal: 3 << 19,
        },
        ..Rules::default()
    };
    let err = L::supports(&huge).expect_err("steps of 2^20 fit no window");
    assert!(err.reason.contains("step costs of at most"), "{err}");
}
