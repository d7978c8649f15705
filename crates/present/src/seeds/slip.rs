//! 3. Seed 001's precedence slip: the tables and the verdict of [`Slip`]'s
//!    rows.

use super::summary::{mean, pct, subopt};
use super::{Setting, Table};
use crate::format::table_head;
use astar_engine::experiments::seeds::slip::{Slip, SlipRow, CASES};
use std::fmt::Write as _;

impl Table for Slip {
    const TITLE: &'static str = "3. Seed 001's precedence slip (`--costs seed001-slip`)";

    fn body(&self, s: &Setting<'_>, rows: &Self::Rows) -> String {
        let mut m = String::new();
        m.push_str(&table_head(
            &[
                "heuristic",
                "size",
                "queries",
                "longer than optimal",
                "mean excess",
                "max excess",
                "reported G ≠ true cost",
                "expansions, correct",
                "expansions, slip",
            ],
            1,
        ));
        let mut slip_sentence = String::new();
        for (_, name, label) in CASES {
            let mut all = Vec::new();
            for &size in &s.config.sizes {
                let rs: Vec<&SlipRow> = rows
                    .iter()
                    .filter(|r| r.size == size && r.heuristic == name)
                    .collect();
                let pairs: Vec<(u64, u64)> =
                    rs.iter().map(|r| (r.slip_true_cost, r.optimal)).collect();
                all.extend(pairs.iter().copied());
                let (_, share, mean_ex, max_ex) = subopt(&pairs);
                let lies = rs
                    .iter()
                    .filter(|r| r.slip_reported_g != r.slip_true_cost)
                    .count();
                let ec = mean(rs.iter().map(|r| r.correct_expansions as f64));
                let es = mean(rs.iter().map(|r| r.slip_expansions as f64));
                let _ = writeln!(
                    m,
                    "| {label} | {size} | {} | {share:.1}% | {mean_ex:.2}% | {max_ex:.2}% | {:.1}% | {ec:.0} | {es:.0} |",
                    rs.len(),
                    pct(lies, rs.len())
                );
            }
            let (longer, share, mean_ex, max_ex) = subopt(&all);
            if slip_sentence.is_empty() {
                slip_sentence = format!(
                    "Seed 001 as written (slip and Manhattan H) returned a longer path than optimal on {longer} of {} queries ({share:.1}%), {mean_ex:.2}% longer on average and {max_ex:.2}% at worst.",
                    all.len()
                );
            }
        }
        let _ = writeln!(m, "\n{slip_sentence}\n");
        let _ = writeln!(m, "{}\n", verdict(rows));
        m
    }
}

/// The verdict on seed 001 as written (slip and Manhattan H), from the rows.
fn verdict(rows: &[SlipRow]) -> String {
    let rs: Vec<&SlipRow> = rows.iter().filter(|r| r.heuristic == CASES[0].1).collect();
    let n = rs.len();
    let lies = rs
        .iter()
        .filter(|r| r.slip_reported_g != r.slip_true_cost)
        .count();
    let longer = rs
        .iter()
        .filter(|r| r.slip_true_cost > r.correct_cost)
        .count();
    let ec = mean(rs.iter().map(|r| r.correct_expansions as f64));
    let es = mean(rs.iter().map(|r| r.slip_expansions as f64));
    let change = 100.0 * (es / ec.max(1.0) - 1.0);
    let expansions = if change < 0.0 {
        format!("{:.1}% fewer", -change)
    } else {
        format!("{change:.1}% more")
    };
    format!(
        "**Verdict:** against the same search without the slip (Manhattan H), the slip expanded {expansions} nodes, returned a longer path on {longer} of {n} queries ({:.1}%), and reported a G other than its path's true cost on {lies} ({:.1}%).",
        pct(longer, n),
        pct(lies, n)
    )
}
