//! The performance targets of the faster lists, checked against a run.
//!
//! The targets are stated for 1024×1024 maps with 25% random obstacles, the
//! octile heuristic, 8 moves and no corner cutting: the fastest open list
//! within 1.25× of the floor, the indexed binary heap at least 3× and the
//! fastest at least 6× faster than the `pathfinding` crate's `astar` (and
//! than `petgraph`'s, checked when the run measured it), and at most 10
//! bytes of search state per cell for the fastest. This module turns
//! a run into the writeup's `targets` section: each target, what the run
//! measured (paired medians per query, as every ratio of the report, with
//! their 95% bootstrap intervals) and whether it is met — met or not only
//! when the whole interval agrees, followed by the per-strategy figures behind them. A run
//! under other conditions still gets the section, saying how it differs.

use crate::present::charts::FLOOR;
use crate::present::format::{ci_text, ratio_text};
use crate::runs::LoadedRuns;
use crate::stats::{Group, Ratio, Summary};
use astar_registry::{Kind, Strategy};
use std::fmt::Write as _;

/// The map side the targets are stated for.
pub const TARGET_SIZE: u32 = 1024;
/// The obstacle density the targets are stated for.
pub const TARGET_DENSITY: f64 = 0.25;
/// The fastest list's time over the floor's, at most.
pub const FLOOR_RATIO: f64 = 1.25;
/// The peer's time over the indexed binary heap's, at least.
pub const HEAP_OVER_PEER: f64 = 3.0;
/// The peer's time over the fastest list's, at least.
pub const FASTEST_OVER_PEER: f64 = 6.0;
/// Bytes of search state per cell of the fastest list, at most.
pub const BYTES_PER_CELL: f64 = 10.0;
/// The peer's strategy name.
pub const PEER: &str = "pathfinding";
/// The second peer, `petgraph`'s A*: its targets are checked too when the
/// run measured it.
pub const PETGRAPH: &str = "petgraph";
/// The indexed binary heap's strategy name.
pub const HEAP: &str = "heap";

/// The group and size the targets are checked on: the density closest to
/// 25%, and the targets' own size when the run has it, else its largest.
fn chosen(summary: &Summary) -> Option<(&Group, u32)> {
    let g = summary.groups.iter().min_by(|a, b| {
        (a.density - TARGET_DENSITY)
            .abs()
            .total_cmp(&(b.density - TARGET_DENSITY).abs())
    })?;
    let size = if g.sizes.contains(&TARGET_SIZE) {
        TARGET_SIZE
    } else {
        *g.sizes.last()?
    };
    Some((g, size))
}

fn verdict(met: bool) -> &'static str {
    if met {
        "met"
    } else {
        "**not met**"
    }
}

/// The verdict on a ratio by its 95% interval: met or not met only when
/// both ends agree, otherwise the interval crosses the target.
fn ratio_verdict(r: &Ratio, met: &dyn Fn(f64) -> bool) -> &'static str {
    match (met(r.ci.lo), met(r.ci.hi)) {
        (true, true) => "met",
        (false, false) => "**not met**",
        _ => "undecided: the interval crosses the target",
    }
}

/// The `targets` section of the writeup.
pub fn targets_section(runs: &LoadedRuns, summary: &Summary) -> String {
    let mut s = String::new();
    let Some((g, size)) = chosen(summary) else {
        return "This run has no rows to check the targets against.\n".into();
    };
    let c = &runs.config;
    let mut differs = Vec::new();
    if size != TARGET_SIZE {
        differs.push(format!("its largest map is {size}², not {TARGET_SIZE}²"));
    }
    if g.density != TARGET_DENSITY {
        differs.push(format!(
            "the density is {}, not {TARGET_DENSITY}",
            g.density
        ));
    }
    if c.heuristic != "octile" || c.moves != 8 || c.corner_cutting {
        differs.push(format!(
            "the rules are {} with {} moves{}, not octile with 8 moves and no corner cutting",
            c.heuristic,
            c.moves,
            if c.corner_cutting {
                " and corner cutting"
            } else {
                ""
            }
        ));
    }
    let _ = writeln!(
        s,
        "Checked on the {size}² maps at density {} of this run ({} maps × {} queries, cost model `{}`).",
        g.density,
        c.maps,
        c.queries_at(size),
        c.costs
    );
    if !differs.is_empty() {
        let _ = writeln!(
            s,
            "The targets are stated for other conditions: {}; read the verdicts accordingly.",
            differs.join("; ")
        );
    }
    s.push('\n');

    // The lists: every strategy but the floor and the peers.
    let lists: Vec<&str> = summary
        .strategies
        .iter()
        .map(String::as_str)
        .filter(|n| {
            n.parse::<Strategy>()
                .map_or(*n != FLOOR && *n != PEER, |s| s.kind() == Kind::OpenList)
        })
        .filter(|n| g.cell(size, n).and_then(|c| c.time).is_some())
        .collect();
    let over_floor = |n: &str| g.ratio_ci(size, n, FLOOR);
    let peer_over = |n: &str| g.ratio_ci(size, PEER, n);
    // The second peer only when the run has its times at this size.
    let petgraph = g
        .cell(size, PETGRAPH)
        .and_then(|c| c.time)
        .is_some()
        .then_some(PETGRAPH);
    let fastest = lists
        .iter()
        .copied()
        .filter_map(|n| Some((n, g.cell(size, n)?.time?.median)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(n, _)| n);

    let _ = writeln!(s, "| target | measured | verdict |\n|---|---:|---|");
    let missing = |what: &str| format!("| {what} | not measured in this run | — |");
    let row = |what: String, value: Option<Ratio>, met: &dyn Fn(f64) -> bool| match value {
        Some(r) => format!("| {what} | {} | {} |", ci_text(&r), ratio_verdict(&r, met)),
        None => missing(&what),
    };
    let fastest_name = fastest.unwrap_or("the fastest list");
    let mut lines = vec![row(
        format!("fastest list ({fastest_name}) within {FLOOR_RATIO}× of the floor"),
        fastest.and_then(over_floor),
        &|v| v <= FLOOR_RATIO,
    )];
    for peer in std::iter::once(PEER).chain(petgraph) {
        let over = |n: &str| g.ratio_ci(size, peer, n);
        lines.push(row(
            format!("`{HEAP}` at least {HEAP_OVER_PEER}× faster than `{peer}`"),
            over(HEAP),
            &|v| v >= HEAP_OVER_PEER,
        ));
        lines.push(row(
            format!(
                "fastest list ({fastest_name}) at least {FASTEST_OVER_PEER}× faster than `{peer}`"
            ),
            fastest.and_then(over),
            &|v| v >= FASTEST_OVER_PEER,
        ));
    }
    lines.push(match fastest.and_then(|n| g.cell(size, n)?.bytes_per_cell) {
        Some(b) => format!(
            "| fastest list ({fastest_name}) at most {BYTES_PER_CELL} bytes of search state per cell | {b:.2} B | {} |",
            verdict(b <= BYTES_PER_CELL)
        ),
        None => missing(&format!("at most {BYTES_PER_CELL} bytes per cell")),
    });
    for line in lines {
        let _ = writeln!(s, "{line}");
    }
    if let Some(p) = over_floor(PEER) {
        let _ = writeln!(
            s,
            "\nThe peer takes {} the floor's time, so a list with no cost at all would be {}× faster than the peer: that bounds every peer ratio above.",
            ci_text(&p),
            ratio_text(p.median)
        );
    }
    if let Some(p) = petgraph.and_then(over_floor) {
        let _ = writeln!(
            s,
            "\n`{PETGRAPH}` takes {} the floor's time, which bounds every ratio to `{PETGRAPH}` above in the same way.",
            ci_text(&p),
        );
    }

    let petgraph_head = petgraph.map_or(String::new(), |p| format!(" `{p}` ÷ this |"));
    let _ = writeln!(
        s,
        "\n| strategy | median time per search | × floor | `{PEER}` ÷ this |{petgraph_head} bytes per cell (largest) |\n|---|---:|---:|---:|{}---:|",
        if petgraph.is_some() { "---:|" } else { "" }
    );
    let names = summary.strategies.iter().map(String::as_str);
    for n in names.filter(|n| g.cell(size, n).is_some()) {
        let cell = g.cell(size, n).expect("filtered");
        let time = cell
            .time
            .map(|q| format!("{:.2} ms", q.median / 1e6))
            .unwrap_or_else(|| "—".into());
        let opt = |v: Option<Ratio>| v.map(|r| ci_text(&r)).unwrap_or_else(|| "—".into());
        let bytes = cell
            .bytes_per_cell
            .map(|b| format!("{b:.2}"))
            .unwrap_or_else(|| "—".into());
        let petgraph_cell = match petgraph {
            Some(p) if p == n => " 1 |".to_string(),
            Some(p) => format!(" {} |", opt(g.ratio_ci(size, p, n))),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "| {n} | {time} | {} | {} |{petgraph_cell} {bytes} |",
            if n == FLOOR {
                "1".into()
            } else {
                opt(over_floor(n))
            },
            if n == PEER {
                "1".into()
            } else {
                opt(peer_over(n))
            },
        );
    }
    s
}
