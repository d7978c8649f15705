//! OPEN as a sorted singly-linked list, as the Amit port keeps it.
//!
//! The links live in an arena indexed by node id (`next[node]`), not in boxes,
//! so a node is its own list cell and nothing is allocated per push. Insertion
//! walks from the head to the first larger key: O(n). Pop takes the head: O(1).
//! An improved node is unlinked and inserted again at its new place — the
//! re-sort that the Amit port leaves out.
//!
//! The Amit port itself (seed 002), which keeps its OPEN this way, is a whole
//! search of its own and lives in the `astar-amit` crate.

use astar_core::{Key, NodeId, OpenList};

/// The end of a list: the link after its last node.
pub const NIL: NodeId = NodeId::MAX;

/// Unlinks `node` from the singly-linked list that starts at `head` and
/// whose links are `next[node]`, walking from the head to find its
/// predecessor: O(position). Shared with the Amit port, whose OPEN is linked
/// the same way.
///
/// # Panics
/// If `node` is not on the list.
#[inline]
pub fn unlink(head: &mut NodeId, next: &mut [NodeId], node: NodeId) {
    if *head == node {
        *head = next[node as usize];
        return;
    }
    let mut at = *head;
    while next[at as usize] != node {
        at = next[at as usize];
        assert_ne!(at, NIL, "node {node} is not on the list");
    }
    next[at as usize] = next[node as usize];
}

/// Sorted singly-linked list in an arena.
#[derive(Debug, Clone)]
pub struct SortedLinkedList {
    head: NodeId,
    len: usize,
    /// Successor of each node on the list.
    next: Vec<NodeId>,
    /// Current key of each node on the list.
    key_of: Vec<Key>,
}

impl Default for SortedLinkedList {
    fn default() -> Self {
        SortedLinkedList {
            head: NIL,
            len: 0,
            next: Vec::new(),
            key_of: Vec::new(),
        }
    }
}

impl SortedLinkedList {
    /// Links `key`'s node in before the first node with a larger key.
    #[inline]
    fn insert(&mut self, key: Key) {
        let node = key.node();
        self.key_of[node as usize] = key;
        if self.head == NIL || key < self.key_of[self.head as usize] {
            self.next[node as usize] = self.head;
            self.head = node;
            return;
        }
        let mut at = self.head;
        loop {
            let after = self.next[at as usize];
            if after == NIL || key < self.key_of[after as usize] {
                self.next[node as usize] = after;
                self.next[at as usize] = node;
                return;
            }
            at = after;
        }
    }

    /// Unlinks `node`, walking from the head to find its predecessor.
    #[inline]
    fn unlink(&mut self, node: NodeId) {
        unlink(&mut self.head, &mut self.next, node);
    }

    /// The keys in list order, head first (for tests and pictures).
    pub fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        let mut at = self.head;
        std::iter::from_fn(move || {
            (at != NIL).then(|| {
                let k = self.key_of[at as usize];
                at = self.next[at as usize];
                k
            })
        })
    }
}

impl OpenList for SortedLinkedList {
    const NAME: &'static str = "linked";

    fn clear(&mut self, nodes: usize) {
        self.head = NIL;
        self.len = 0;
        if self.next.len() < nodes {
            self.next.resize(nodes, NIL);
            self.key_of.resize(nodes, Key::default());
        }
    }

    #[inline]
    fn push(&mut self, key: Key) {
        self.insert(key);
        self.len += 1;
    }

    #[inline]
    fn decrease(&mut self, key: Key) {
        self.unlink(key.node());
        self.insert(key);
    }

    #[inline]
    fn pop(&mut self) -> Option<Key> {
        if self.head == NIL {
            return None;
        }
        let node = self.head;
        self.head = self.next[node as usize];
        self.len -= 1;
        Some(self.key_of[node as usize])
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    /// Per cell only: the link (4 bytes) and the key (16). The list is
    /// threaded through these arrays, so it holds nothing else that grows.
    fn bytes_per_node(&self) -> f64 {
        (std::mem::size_of::<NodeId>() + std::mem::size_of::<Key>()) as f64
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn conforms() {
        openlist_conformance::check::<super::SortedLinkedList>();
    }
}
