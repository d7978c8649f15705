//! 1. Manhattan × 10 with diagonal moves against octile: the tables and the
//!    verdict of [`HeuristicQuirk`]'s rows.

use super::summary::{mean, pct, subopt};
use super::{Setting, Table};
use crate::format::table_head;
use astar_engine::experiments::seeds::heuristic::{HeuristicQuirk, HeuristicRow};
use std::fmt::Write as _;

impl Table for HeuristicQuirk {
    const TITLE: &'static str = "1. Manhattan × 10 with diagonal moves (seeds 000, 001) vs octile";

    fn body(&self, s: &Setting<'_>, rows: &Self::Rows) -> String {
        let mut m = String::new();
        let _ = writeln!(m, "Closed nodes re-opened (the project's default):\n");
        m.push_str(&table_head(
            &[
                "size",
                "queries",
                "longer than optimal",
                "mean excess",
                "max excess",
                "expansions, octile",
                "expansions, Manhattan",
                "expansions, Manhattan vs octile",
            ],
            0,
        ));
        for &size in &s.config.sizes {
            let rs: Vec<&HeuristicRow> = rows.iter().filter(|r| r.size == size).collect();
            let pairs: Vec<(u64, u64)> = rs.iter().map(|r| (r.manhattan_cost, r.optimal)).collect();
            let (_, share, mean_ex, max_ex) = subopt(&pairs);
            let eo = mean(rs.iter().map(|r| r.octile_expansions as f64));
            let em = mean(rs.iter().map(|r| r.manhattan_expansions as f64));
            let _ = writeln!(
                m,
                "| {size} | {} | {share:.1}% | {mean_ex:.2}% | {max_ex:.2}% | {eo:.0} | {em:.0} | {:+.1}% |",
                rs.len(),
                change(em, eo)
            );
        }
        let (longer, share, mean_ex, max_ex) = subopt(&costs(rows, |r| r.manhattan_cost));
        let _ = writeln!(
            m,
            "\nOver all {} queries, Manhattan returned a longer path than optimal on {longer} ({share:.1}%), by {mean_ex:.2}% on average and {max_ex:.2}% at worst.\n",
            rows.len()
        );
        let _ = writeln!(m, "Closed nodes re-opened, closed nodes final, and the seeds' own search (closed nodes final, seed 000's neighbour order → ↓ ← ↑ ↘ ↙ ↖ ↗), all with Manhattan H:\n");
        m.push_str(&table_head(
            &[
                "size",
                "queries",
                "queries re-opening a node",
                "re-opens per query",
                "longer than optimal (re-open / final / seeds')",
                "mean excess (re-open / final / seeds')",
                "max excess (re-open / final / seeds')",
                "expansions (re-open / final / seeds')",
            ],
            0,
        ));
        for &size in &s.config.sizes {
            let rs: Vec<HeuristicRow> = rows.iter().filter(|r| r.size == size).cloned().collect();
            let reopening = rs.iter().filter(|r| r.manhattan_reopens > 0).count();
            let reopens = mean(rs.iter().map(|r| r.manhattan_reopens as f64));
            let a = subopt(&costs(&rs, |r| r.manhattan_cost));
            let b = subopt(&costs(&rs, |r| r.final_cost));
            let c = subopt(&costs(&rs, |r| r.seed_cost));
            let e = |f: fn(&HeuristicRow) -> u64| mean(rs.iter().map(|r| f(r) as f64));
            let _ = writeln!(
                m,
                "| {size} | {} | {reopening} ({:.1}%) | {reopens:.1} | {:.1}% / {:.1}% / {:.1}% | {:.2}% / {:.2}% / {:.2}% | {:.2}% / {:.2}% / {:.2}% | {:.0} / {:.0} / {:.0} |",
                rs.len(),
                pct(reopening, rs.len()),
                a.1,
                b.1,
                c.1,
                a.2,
                b.2,
                c.2,
                a.3,
                b.3,
                c.3,
                e(|r| r.manhattan_expansions),
                e(|r| r.final_expansions),
                e(|r| r.seed_expansions),
            );
        }
        let _ = writeln!(m, "\n{}\n", verdict(rows));
        m
    }
}

/// (cost, optimum) of every row, with the cost `f` picks.
fn costs(rows: &[HeuristicRow], f: impl Fn(&HeuristicRow) -> u64) -> Vec<(u64, u64)> {
    rows.iter().map(|r| (f(r), r.optimal)).collect()
}

/// Percent change from `base` to `x`.
fn change(x: f64, base: f64) -> f64 {
    100.0 * (x / base.max(1.0) - 1.0)
}

/// The verdict sentence, from the rows alone.
fn verdict(rows: &[HeuristicRow]) -> String {
    let n = rows.len();
    let reopening = rows.iter().filter(|r| r.manhattan_reopens > 0).count();
    let (longer, share, mean_ex, max_ex) = subopt(&costs(rows, |r| r.seed_cost));
    let (longer_re, share_re, ..) = subopt(&costs(rows, |r| r.manhattan_cost));
    let (longer_f, share_f, ..) = subopt(&costs(rows, |r| r.final_cost));
    let eo = mean(rows.iter().map(|r| r.octile_expansions as f64));
    let es = mean(rows.iter().map(|r| r.seed_expansions as f64));
    let em = mean(rows.iter().map(|r| r.manhattan_expansions as f64));
    let ef = mean(rows.iter().map(|r| r.final_expansions as f64));
    let fewer = |x: f64, base: f64| {
        let c = change(x, base);
        if c < 0.0 {
            format!("{:.1}% fewer", -c)
        } else {
            format!("{c:.1}% more")
        }
    };
    let path = if longer == 0 {
        format!(
            "the seeds' own search never returned a longer path than optimal on these {n} queries"
        )
    } else {
        format!("the seeds' own search returned a longer path than optimal on {longer} of {n} queries ({share:.1}%), {mean_ex:.2}% longer on average and {max_ex:.2}% at worst")
    };
    let closing = if reopening == 0 {
        "no closed node was ever reached by a cheaper path, so keeping closed nodes final changed nothing".to_string()
    } else {
        format!(
            "a closed node was reached by a cheaper path on {reopening} of {n} queries ({:.1}%), and re-opening such nodes left the path longer than optimal on {longer_re} queries ({share_re:.1}%) against {longer_f} ({share_f:.1}%) with closed nodes final, with {} expansions",
            pct(reopening, n),
            fewer(em, ef)
        )
    };
    format!(
        "**Verdict:** {path}, expanding {} nodes than octile; {closing}.",
        fewer(es, eo)
    )
}
