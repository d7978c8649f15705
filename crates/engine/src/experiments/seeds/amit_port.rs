//! The Amit port's variants and one checked run of a variant: what the
//! [`super::amit`] experiment measures with.

use super::QuerySpec;
use astar_amit::{AmitCosts, AmitHeuristic, AmitOptions, AmitOutcome, AmitSearch};
use astar_core::verify::check_path;
use astar_core::{Grid, Point, Rules};
use astar_runs::error::Result;
use astar_runs::{bail, invalid};

/// The Amit variants run on every query: name and options. Pairs `2k` and
/// `2k+1` differ only in re-sorting (without, with), except `forward` and
/// `no-corner-cutting` (8 and 9). The last pair finds nodes on OPEN and CLOSED
/// by walking the lists, as the seed's `CheckOPEN` / `CheckCLOSED` do: the same
/// search as the first pair, timed as written.
pub const AMIT_VARIANTS: [(&str, AmitOptions); 12] = {
    const F: AmitOptions = AmitOptions::FAITHFUL;
    const OCT: AmitOptions = AmitOptions {
        heuristic: AmitHeuristic::Octile,
        ..F
    };
    const C: AmitOptions = AmitOptions {
        costs: AmitCosts::Seed,
        ..F
    };
    const ADM: AmitOptions = AmitOptions {
        heuristic: AmitHeuristic::Octile,
        costs: AmitCosts::Seed,
        ..F
    };
    [
        ("as-written", F),
        ("as-written+resort", AmitOptions { resort: true, ..F }),
        ("octile-h", OCT),
        (
            "octile-h+resort",
            AmitOptions {
                resort: true,
                ..OCT
            },
        ),
        ("costs-10-14", C),
        ("costs-10-14+resort", AmitOptions { resort: true, ..C }),
        ("octile-h+costs-10-14", ADM),
        (
            "octile-h+costs-10-14+resort",
            AmitOptions {
                resort: true,
                ..ADM
            },
        ),
        (
            "forward",
            AmitOptions {
                backward: false,
                ..F
            },
        ),
        (
            "no-corner-cutting",
            AmitOptions {
                corner_cutting: false,
                ..F
            },
        ),
        (
            "as-written+walk",
            AmitOptions {
                walk_lists: true,
                ..F
            },
        ),
        (
            "as-written+resort+walk",
            AmitOptions {
                resort: true,
                walk_lists: true,
                ..F
            },
        ),
    ]
};

/// One Amit variant's result on a query.
#[derive(Clone, Debug, Default)]
pub struct AmitRun {
    /// True cost of the path under 10/14 (with the variant's corner rule).
    pub cost: u64,
    /// Cost under the variant's own step costs (G of the node found).
    pub own_cost: u64,
    /// Nodes expanded.
    pub expansions: u64,
    /// Pops taken while OPEN held a smaller F.
    pub out_of_order: u64,
    /// Expanded cells, in order.
    pub order: Vec<Point>,
    /// The path.
    pub path: Vec<Point>,
}

/// Runs the Amit port with `opts` on a query and checks its path.
pub fn amit_run(
    search: &mut AmitSearch,
    grid: &Grid,
    q: &QuerySpec,
    opts: &AmitOptions,
) -> Result<AmitRun> {
    // The out-of-order count scans OPEN on every pop; only untimed runs pay it.
    search.count_out_of_order = !opts.resort;
    let mut order = Vec::new();
    let r = search.run(grid, q.start, q.goal, opts, Some(&mut order));
    if r.outcome != AmitOutcome::Found {
        bail!("the Amit port found no path for {} → {}", q.start, q.goal);
    }
    let path = search
        .path(grid)
        .ok_or_else(|| invalid!("a found search has a path"))?;
    let rules = Rules {
        corner_cutting: opts.corner_cutting,
        ..Rules::default()
    };
    let steps = check_path(grid, &rules, q.start, q.goal, &path)
        .map_err(|e| invalid!("bad Amit path: {e}"))?;
    let own = opts.costs.steps();
    let own_cost = steps.straight * own.0 + steps.diagonal * own.1;
    if Some(own_cost) != r.cost {
        bail!("Amit path costs {own_cost} but G is {:?}", r.cost);
    }
    Ok(AmitRun {
        cost: steps.cost(&rules),
        own_cost,
        expansions: r.expansions,
        out_of_order: r.out_of_order_pops,
        order,
        path,
    })
}
