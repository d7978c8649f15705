//! What both peers keep beside their own search: this project's search on
//! the same query, run untimed for the counters they cannot report, and the
//! last path their crate returned.

use astar_core::{
    Counters, Grid, NodeId, Outcome, Point, Query, Rules, Search, SearchError, SearchReport,
};

/// What the counters were computed for: the grid's content (its
/// [`Grid::stamp`], not its address, which another grid may reuse), the map's
/// node count (for `bytes_per_node`), endpoints and rules.
type QueryId = (u64, usize, Point, Point, Rules);

fn query_id(q: &Query) -> QueryId {
    (
        q.grid.stamp(),
        q.grid.node_count(),
        q.start,
        q.goal,
        *q.rules,
    )
}

/// A peer's counters and its last answer's path.
#[derive(Debug, Default)]
pub(crate) struct PeerCommon {
    /// This project's search, run untimed for the counters.
    reference: Search<crate::ReferenceList>,
    prepared: Option<(QueryId, SearchReport)>,
    /// The last path found, as node ids, and the grid stride it used.
    path: Option<Vec<NodeId>>,
    stride: u32,
}

impl PeerCommon {
    /// Runs this project's search on `query` for the counters (untimed).
    pub(crate) fn prepare(&mut self, query: &Query) -> Result<(), SearchError> {
        let report = self.reference.run(query)?;
        self.prepared = Some((query_id(query), report));
        Ok(())
    }

    /// Whether the counters kept are those of `query`.
    pub(crate) fn is_prepared_for(&self, query: &Query) -> bool {
        self.prepared.is_some_and(|(q, _)| q == query_id(query))
    }

    /// The report for the peer's answer on the map of stride `stride`:
    /// `found` is its path and cost, if it found one; the counters are the
    /// prepared search's. Keeps the path for [`PeerCommon::path`].
    pub(crate) fn answer(
        &mut self,
        stride: u32,
        found: Option<(Vec<NodeId>, u32)>,
    ) -> SearchReport {
        let counters = self.counters();
        self.stride = stride;
        let (outcome, cost) = match found {
            Some((path, cost)) => {
                self.path = Some(path);
                (Outcome::Found, Some(cost))
            }
            None => {
                self.path = None;
                (Outcome::NoPath, None)
            }
        };
        SearchReport {
            outcome,
            cost,
            counters,
        }
    }

    fn counters(&self) -> Counters {
        self.prepared.expect("prepared before answering").1.counters
    }

    /// The last path found, start to goal; `grid` must be the map searched.
    pub(crate) fn path(&self, grid: &Grid) -> Option<Vec<Point>> {
        debug_assert_eq!(self.stride, grid.stride());
        let path = self.path.as_ref()?;
        Some(path.iter().map(|&n| grid.point(n)).collect())
    }

    /// The prepared search's counters and the node count of its map, for
    /// the peers' memory estimates.
    pub(crate) fn prepared_counters(&self) -> Option<(Counters, usize)> {
        self.prepared.map(|(id, r)| (r.counters, id.1))
    }

    /// Bytes per node of the untimed reference search.
    pub(crate) fn preparation_bytes_per_node(&self) -> f64 {
        crate::reference_search_bytes_per_node(&self.reference)
    }
}
