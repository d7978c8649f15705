//! 4. The Amit port (seed 002, `astar_amit`) as written and with each of its
//!    choices flipped, and the missing re-sort isolated: every variant is run
//!    with and without re-sorting, all else identical. Each variant is judged
//!    on optimality (the true cost of its path), on expansions, and on speed:
//!    the port's `run` alone is timed, the best of [`AMIT_TIMING_REPEATS`]
//!    runs after a warm-up, every variant of a query one after another on one
//!    thread, so times compare side by side with the corrected port
//!    (`as-written+resort`). The `+walk` pair finds nodes by walking OPEN and
//!    CLOSED as the original does: the same search, timed as written.

pub use super::amit_port::{amit_run, AmitRun, AMIT_VARIANTS};
use super::rows::{bit, keyed, keyed_row, Key};
use super::{base_rules, CoreSearch, Experiment, Query, QuerySpec};
use astar_amit::{AmitCosts, AmitOptions, AmitSearch};
use astar_core::{Costs, Rules};
use astar_runs::bail;
use astar_runs::error::Result;
use std::time::Instant;

/// The re-sort pairs `k`: variants `2k` (without) and `2k+1` (with), in the
/// order of `amit_resort.csv`'s rows. Pair 4 (`forward`, `no-corner-cutting`)
/// is not one.
pub const RESORT_PAIRS: [usize; 5] = [0, 1, 2, 3, 5];

/// The re-sort pairs per query.
const PAIRS: usize = RESORT_PAIRS.len();

/// Index in [`AMIT_VARIANTS`] of the port as written.
pub const AS_WRITTEN: usize = 0;

/// Index in [`AMIT_VARIANTS`] of the port as written, walking the lists.
pub const AS_WRITTEN_WALK: usize = 10;

/// Index in [`AMIT_VARIANTS`] of the corrected port, the time reference.
pub const AMIT_REFERENCE: usize = 1;

/// Timed runs of each Amit variant per query; its time is the fastest of them.
///
/// The minimum, not the median: a search's own work is fixed, and everything
/// that makes a run slower (the scheduler, other processes, a cold cache) only
/// adds, so the fastest run is the closest to that work. Three runs after the
/// warm-up already drop most interruptions while keeping the pass short.
pub const AMIT_TIMING_REPEATS: usize = 3;

/// Untimed runs of the same search before a variant's timed runs, so each
/// variant is timed with caches and branch history trained on its own search.
pub const AMIT_WARM_UP: usize = 2;

keyed_row! {
    /// One Amit variant on one query (`amit.csv`).
    pub struct AmitRow in "amit.csv" {
        /// The variant's name in [`AMIT_VARIANTS`].
        pub variant: String,
        /// The optimum under 10/14 and the variant's corner rule.
        pub optimal: u64,
        /// True cost of the variant's path under 10/14.
        pub cost: u64,
        /// The optimum in the variant's own step costs and corner rule.
        pub own_optimal: u64,
        /// The path's cost in the variant's own step costs.
        pub own_cost: u64,
        /// Nodes expanded.
        pub expansions: u64,
        /// Pops taken while OPEN held a smaller F (0 for re-sorting variants).
        pub out_of_order_pops: u64,
        /// Nanoseconds of the search: the best of [`AMIT_TIMING_REPEATS`].
        pub ns: u64,
    }
}

keyed_row! {
    /// One re-sort pair on one query: what the re-sort changed
    /// (`amit_resort.csv`).
    pub struct ResortRow in "amit_resort.csv" {
        /// The name of the pair's variant without re-sorting.
        pub variant: String,
        /// Whether the expansion order differs.
        #[serde(with = "bit")]
        pub order_changed: bool,
        /// Whether the path differs.
        #[serde(with = "bit")]
        pub path_changed: bool,
        /// Whether the path's own cost differs.
        #[serde(with = "bit")]
        pub cost_changed: bool,
        /// Own cost without the re-sort.
        pub cost_without: u64,
        /// Own cost with the re-sort.
        pub cost_with: u64,
        /// Expansions without the re-sort.
        pub expansions_without: u64,
        /// Expansions with the re-sort.
        pub expansions_with: u64,
        /// Out-of-order pops without the re-sort.
        pub out_of_order_pops: u64,
    }
}

const UNIT: Costs = Costs {
    straight: 1,
    diagonal: 1,
};

/// The experiment.
pub struct Amit;

impl Experiment for Amit {
    type Rows = (Vec<AmitRow>, Vec<ResortRow>);

    fn measure(&self, q: &Query<'_>) -> Result<Self::Rows> {
        let (grid, spec) = (q.grid, q.spec);
        let mut s = CoreSearch::new();
        let cutting = Rules {
            corner_cutting: true,
            ..base_rules()
        };
        let optimal_cutting = q.run(&mut s, &cutting)?.cost;
        let unit = |rules: Rules| Rules {
            costs: UNIT,
            ..rules
        };
        let fewest_cutting = q.run(&mut s, &unit(cutting))?.cost;
        let fewest = q.run(&mut s, &unit(base_rules()))?.cost;
        // The optimum in a variant's own step costs and corner rule.
        let own_optimum = |o: &AmitOptions| match (o.costs, o.corner_cutting) {
            (AmitCosts::Unit, true) => fewest_cutting,
            (AmitCosts::Unit, false) => fewest,
            (AmitCosts::Seed, true) => optimal_cutting,
            (AmitCosts::Seed, false) => q.optimum.cost,
        };
        let mut search = AmitSearch::new();
        let runs = AMIT_VARIANTS
            .iter()
            .map(|(_, o)| amit_run(&mut search, grid, spec, o))
            .collect::<Result<Vec<_>>>()?;
        let k = q.key();
        let amit = runs
            .iter()
            .zip(AMIT_VARIANTS)
            .map(|(a, (name, o))| {
                keyed!(AmitRow at k, {
                    variant: name.to_string(),
                    optimal: if o.corner_cutting {
                        optimal_cutting
                    } else {
                        q.optimum.cost
                    },
                    cost: a.cost,
                    own_optimal: own_optimum(&o),
                    own_cost: a.own_cost,
                    expansions: a.expansions,
                    out_of_order_pops: a.out_of_order,
                    ns: 0,
                })
            })
            .collect();
        let resort = RESORT_PAIRS
            .iter()
            .map(|&p| {
                let (a, b) = (&runs[2 * p], &runs[2 * p + 1]);
                keyed!(ResortRow at k, {
                    variant: AMIT_VARIANTS[2 * p].0.to_string(),
                    order_changed: a.order != b.order,
                    path_changed: a.path != b.path,
                    cost_changed: a.own_cost != b.own_cost,
                    cost_without: a.own_cost,
                    cost_with: b.own_cost,
                    expansions_without: a.expansions,
                    expansions_with: b.expansions,
                    out_of_order_pops: a.out_of_order,
                })
            })
            .collect();
        Ok((amit, resort))
    }

    /// Times every variant of the query, one after another: each gets
    /// [`AMIT_WARM_UP`] untimed runs and then [`AMIT_TIMING_REPEATS`] timed
    /// ones of the same search. Only `run` is timed (no log, no out-of-order
    /// scan, no path check).
    ///
    /// Why back to back with a warm-up, not interleaved: searches here take
    /// microseconds, and a run is faster the more identical runs came just
    /// before it (caches, branch history). Interleaved, with one warm-up run
    /// each, the variant timed right after its re-sort twin (the same search
    /// when nothing is re-sorted) came out 1.1–1.3× faster than the twin, and
    /// the other way round when the order was reversed; back to back, twins
    /// agree within a few percent in either order.
    fn time(&self, q: &Query<'_>, rows: &mut Self::Rows) -> Result<()> {
        let mut search = AmitSearch::new();
        search.count_out_of_order = false;
        check_query(&rows.0, q.spec)?;
        for ((_, opts), row) in AMIT_VARIANTS.iter().zip(&mut rows.0) {
            row.ns = u64::MAX;
            for _ in 0..AMIT_WARM_UP {
                search.run(q.grid, q.spec.start, q.spec.goal, opts, None);
            }
            for _ in 0..AMIT_TIMING_REPEATS {
                let began = Instant::now();
                let r = search.run(q.grid, q.spec.start, q.spec.goal, opts, None);
                let ns = began.elapsed().as_nanos() as u64;
                if r.expansions != row.expansions || r.cost != Some(row.own_cost) {
                    bail!("a timed Amit run did a different search than the checked one");
                }
                row.ns = row.ns.min(ns);
            }
        }
        Ok(())
    }

    fn check(&self, rows: &Self::Rows) -> Result<()> {
        let (amit, resort) = rows;
        let groups = amit.len() / AMIT_VARIANTS.len();
        if amit.len() % AMIT_VARIANTS.len() != 0 || resort.len() != groups * PAIRS {
            bail!(
                "amit.csv has {} rows and amit_resort.csv {}: not {} and {} per query",
                amit.len(),
                resort.len(),
                AMIT_VARIANTS.len(),
                PAIRS
            );
        }
        for (g, chunk) in amit.chunks(AMIT_VARIANTS.len()).enumerate() {
            let key = chunk[0].key();
            for (row, (name, _)) in chunk.iter().zip(AMIT_VARIANTS) {
                if row.key() != key || row.variant != name {
                    bail!("amit.csv: query {} is not every variant in order", g + 1);
                }
            }
            for (&p, row) in RESORT_PAIRS.iter().zip(&resort[g * PAIRS..(g + 1) * PAIRS]) {
                if row.key() != key || row.variant != AMIT_VARIANTS[2 * p].0 {
                    bail!(
                        "amit_resort.csv: query {} is not every pair in order",
                        g + 1
                    );
                }
            }
        }
        Ok(())
    }
}

/// Refuses rows that are not this query's variants in order.
fn check_query(rows: &[AmitRow], q: &QuerySpec) -> Result<()> {
    let key = Key::of(q);
    if rows.len() != AMIT_VARIANTS.len()
        || rows
            .iter()
            .zip(AMIT_VARIANTS)
            .any(|(r, (name, _))| r.key() != key || r.variant != name)
    {
        bail!(
            "Amit timing: the rows are not every variant of query {} of map {} of size {}",
            q.query,
            q.map,
            q.size
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::tests::tiny;
    use super::super::{core_run, workload, Query};
    use super::*;
    use std::time::Duration;

    /// A query with its optimum and its measured rows.
    type Measured = (Grid, QuerySpec, Run, <Amit as Experiment>::Rows);

    /// The tiny run's queries, each measured.
    fn measured() -> Vec<Measured> {
        let work = workload(&tiny().config).unwrap();
        let mut out = Vec::new();
        for (grid, qs) in work {
            for spec in qs {
                let optimum =
                    core_run(&mut CoreSearch::new(), &grid, &spec, &base_rules()).unwrap();
                let q = Query {
                    grid: &grid,
                    spec: &spec,
                    optimum,
                    min_time: Duration::from_millis(1),
                };
                let rows = Amit.measure(&q).unwrap();
                out.push((grid.clone(), spec.clone(), optimum, rows));
            }
        }
        out
    }

    use super::super::{Rows, Run};
    use astar_core::Grid;

    #[test]
    fn amit_timing_times_every_variant_of_every_query() {
        let mut all = measured();
        assert_eq!(all.len(), 8);
        for (grid, spec, optimum, rows) in &mut all {
            let q = Query {
                grid,
                spec,
                optimum: *optimum,
                min_time: Duration::from_millis(1),
            };
            Amit.time(&q, rows).unwrap();
            assert_eq!(rows.0.len(), AMIT_VARIANTS.len());
            // u64::MAX is the "not timed yet" start of the minimum.
            assert!(rows.0.iter().all(|a| a.ns != u64::MAX), "{spec:?}");
        }
    }

    #[test]
    fn walking_the_lists_runs_the_same_search_as_written() {
        for (_, _, _, (amit, resort)) in measured() {
            let (a, w) = (&amit[AS_WRITTEN], &amit[AS_WRITTEN_WALK]);
            assert_eq!(
                (a.cost, a.own_cost, a.expansions),
                (w.cost, w.own_cost, w.expansions)
            );
            let (first, last) = (&resort[0], &resort[PAIRS - 1]);
            assert_eq!(last.variant, "as-written+walk");
            assert_eq!(first.order_changed, last.order_changed);
            assert_eq!(first.cost_with, last.cost_with);
        }
    }

    #[test]
    fn amit_timing_refuses_results_of_other_queries() {
        let mut all = measured();
        let other = all[1].3.clone();
        let (grid, spec, optimum, rows) = &mut all[0];
        let q = Query {
            grid,
            spec,
            optimum: *optimum,
            min_time: Duration::from_millis(1),
        };
        assert!(Amit.time(&q, &mut other.clone()).is_err());
        rows.0.pop();
        assert!(Amit.time(&q, rows).is_err());
        let mut two = other.clone();
        two.append(other);
        assert!(Amit.check(&two).is_ok());
        two.0.swap(0, 1);
        assert!(Amit.check(&two).is_err());
    }
}
