//! 2. Stopping when the goal enters OPEN against stopping when it is
//!    closed: the tables and the verdict of [`GoalTestQuirk`]'s rows.

use super::summary::{excess, mean, pct};
use super::{Setting, Table};
use crate::format::table_head;
use astar_engine::experiments::seeds::goal_test::{GoalTestQuirk, GoalTestRow, GOAL_TEST_CASES};
use std::fmt::Write as _;

impl Table for GoalTestQuirk {
    const TITLE: &'static str =
        "2. Stopping when the goal enters OPEN (seed 000's option) vs when it is closed";

    fn body(&self, s: &Setting<'_>, rows: &Self::Rows) -> String {
        let mut m = String::new();
        m.push_str(&table_head(
            &[
                "heuristic",
                "ties",
                "size",
                "queries",
                "path cost differs from goal-on-close",
                "longer than optimal (open / close)",
                "max excess (open)",
                "expansions, close",
                "expansions, open",
                "expansions, open vs close",
            ],
            2,
        ));
        let mut sentences = Vec::new();
        // Per case: tie order, share of expansions saved, queries whose cost
        // changed, queries.
        let mut saved = Vec::new();
        for (h, tie) in GOAL_TEST_CASES {
            let (h, tie) = (h.to_string(), tie.to_string());
            let tie_name = tie.clone();
            let (mut diff_all, mut n_all, mut worse_all) = (0, 0, 0);
            let (mut ec_all, mut eo_all) = (0.0, 0.0);
            for &size in &s.config.sizes {
                let runs: Vec<&GoalTestRow> = rows
                    .iter()
                    .filter(|r| r.size == size && r.heuristic == h && r.tie == tie)
                    .collect();
                let diff = runs
                    .iter()
                    .filter(|r| r.closed_cost != r.opened_cost)
                    .count();
                let worse = runs
                    .iter()
                    .filter(|r| r.opened_cost > r.closed_cost)
                    .count();
                let long_o = runs.iter().filter(|r| r.opened_cost > r.optimal).count();
                let long_c = runs.iter().filter(|r| r.closed_cost > r.optimal).count();
                let max_o = runs
                    .iter()
                    .map(|r| excess(r.opened_cost, r.optimal))
                    .fold(0.0, f64::max);
                let ec = mean(runs.iter().map(|r| r.closed_expansions as f64));
                let eo = mean(runs.iter().map(|r| r.opened_expansions as f64));
                ec_all += runs.iter().map(|r| r.closed_expansions as f64).sum::<f64>();
                eo_all += runs.iter().map(|r| r.opened_expansions as f64).sum::<f64>();
                diff_all += diff;
                worse_all += worse;
                n_all += runs.len();
                let _ = writeln!(
                    m,
                    "| {h} | {tie} | {size} | {} | {diff} ({:.1}%) | {:.1}% / {:.1}% | {max_o:.2}% | {ec:.1} | {eo:.1} | {:+.2}% |",
                    runs.len(),
                    pct(diff, runs.len()),
                    pct(long_o, runs.len()),
                    pct(long_c, runs.len()),
                    100.0 * (eo / ec.max(1.0) - 1.0)
                );
            }
            let save = 100.0 * (1.0 - eo_all / ec_all.max(1.0));
            sentences.push(format!(
                "With {h} H and {tie} ties, stopping on open changed the path's cost on {diff_all} of {n_all} queries ({:.1}%), made it longer on {worse_all}, and {}.",
                pct(diff_all, n_all),
                saving(save)
            ));
            saved.push((tie_name, save, diff_all, n_all));
        }
        let _ = writeln!(m, "\n{}\n", sentences.join(" "));
        let _ = writeln!(m, "{}\n", verdict(&saved));
        m
    }
}

/// Below this share of expansions saved (percent), stopping on open is not
/// called quicker.
const NOTICEABLE: f64 = 1.0;

/// What a share of expansions saved reads as.
fn saving(save: f64) -> String {
    if save >= 0.0 {
        format!("saved {save:.2}% of the expansions")
    } else {
        format!("cost {:.2}% more expansions", -save)
    }
}

/// The verdict: whether stopping on open was measurably quicker, by tie
/// order, and whether it ever changed a path's cost.
fn verdict(saved: &[(String, f64, usize, usize)]) -> String {
    let best = saved.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
    let changed: usize = saved.iter().map(|s| s.2).sum();
    let runs: usize = saved.iter().map(|s| s.3).sum();
    let by_tie = |tie: &str| {
        let xs: Vec<f64> = saved.iter().filter(|s| s.0 == tie).map(|s| s.1).collect();
        let lo = xs.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        if xs.is_empty() {
            String::new()
        } else {
            let (lo, hi) = (format!("{lo:.2}%"), format!("{hi:.2}%"));
            if lo == hi {
                format!("{lo} under {tie} ties")
            } else {
                format!("{lo} to {hi} under {tie} ties")
            }
        }
    };
    let ties: Vec<String> = ["lifo", "fifo"]
        .iter()
        .map(|t| by_tie(t))
        .filter(|s| !s.is_empty())
        .collect();
    let quick = if best.is_finite() && best >= NOTICEABLE {
        "measurably quicker in expansions".to_string()
    } else {
        format!(
            "not measurably quicker (under {NOTICEABLE}% of the expansions saved in every case)"
        )
    };
    let cost = if changed == 0 {
        "and it never changed a path's cost".to_string()
    } else {
        format!("and it changed a path's cost in {changed} of {runs} runs")
    };
    format!(
        "**Verdict:** the share of expansions saved by stopping when the goal enters OPEN was {} (over both heuristics): {quick}, {cost}.",
        ties.join(" and ")
    )
}
