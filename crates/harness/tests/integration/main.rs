//! Integration tests of astar-lab, one test binary with a module per topic.
//!
//! - [`reference`]: an independent Dijkstra and path checker, written only for tests.
//! - [`sameness`]: every registered strategy runs the identical search.
//! - [`paths`]: every path is legal and costs what the search says; re-opens happen.
//! - [`seed000`]: seed 000's worked example, traced by hand.
//! - [`seeds`]: the seed modes on hand-checked boards; the re-sort count checked independently.
//! - [`movingai`]: the real `arena` benchmark passes for every strategy; both scen versions.
//! - [`bad_input`]: the `astar-lab` binary rejects bad input with one `error:` line and exit 2.
//! - [`claim`]: the heap's speedup per condition and the claim-conditions section.
//! - [`fuzz`]: the map and scen parsers never panic on arbitrary or mutated input.
//! - [`memory`]: every strategy's bytes per cell count what OPEN held.

mod bad_input;
mod claim;
mod fuzz;
mod memory;
mod movingai;
mod paths;
mod reference;
mod render;
mod report;
mod sameness;
mod seed000;
mod seeds;
mod sweep;

use astar_core::{Grid, NodeId, Point, Rules, SearchError, SearchReport};
use astar_lab::record::{RunMeta, SweepConfig};
use astar_lab::{Solver, Strategy};
use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the `astar-lab` binary with `args`. `RUST_BACKTRACE` is unset so a
/// panic prints its short form, whose `RUST_BACKTRACE` hint the tests look for.
pub fn astar_lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_astar-lab"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the binary runs")
}

/// Runs one search the way the harness does (the untimed `prepare`, then the
/// search, logged), or returns `None` when the strategy does not support the
/// rules — after checking that it refuses them exactly when
/// [`Strategy::supports`] says so, with [`SearchError::Unsupported`].
pub fn solve(
    strategy: Strategy,
    solver: &mut dyn Solver,
    grid: &Grid,
    start: Point,
    goal: Point,
    rules: &Rules,
) -> Option<(SearchReport, Option<Vec<NodeId>>)> {
    let supported = strategy.supports(rules);
    let result = solver
        .prepare(grid, start, goal, rules)
        .and_then(|()| solver.solve_logged(grid, start, goal, rules));
    match result {
        Ok(answer) => {
            assert_eq!(
                supported,
                Ok(()),
                "{strategy} ran rules it refuses: {rules:?}"
            );
            Some(answer)
        }
        Err(SearchError::Unsupported { .. }) => {
            assert!(
                supported.is_err(),
                "{strategy} refused rules it supports: {rules:?}"
            );
            None
        }
        Err(e) => panic!("{strategy}: {e} ({start} -> {goal}, {rules:?})"),
    }
}

/// Runs the binary and checks that it rejects the input properly, with a
/// message that contains every one of `wanted`.
pub fn rejects(args: &[&str], wanted: &[&str]) {
    let out = astar_lab(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let call = format!("astar-lab {}", args.join(" "));
    for text in [&stderr, &stdout] {
        assert!(
            !text.contains("panicked") && !text.contains("RUST_BACKTRACE"),
            "{call} panicked:\n{text}"
        );
    }
    assert_eq!(out.status.code(), Some(2), "{call}\nstderr: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{call}: not one line on stderr:\n{stderr}");
    assert!(lines[0].starts_with("error: "), "{call}: {stderr}");
    for w in wanted {
        assert!(lines[0].contains(w), "{call}: {w:?} missing from {stderr}");
    }
}

/// The folder with the test fixtures.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// A tiny deterministic generator (SplitMix64), so the random cases depend on
/// nothing but their seed — not on any crate's version.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() as u64 - 1) as usize]
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

/// The metadata of a hand-written run folder: a made-up machine and commit
/// that the report and claim tests look for in what they generate.
pub fn fixture_meta(config: SweepConfig) -> RunMeta {
    RunMeta {
        commit: "0123abc".into(),
        rustc: "rustc 1.85.0".into(),
        cpu: "Test CPU".into(),
        cores: 2,
        threads: 2,
        date: "2026-01-01T00:00:00Z".into(),
        command: "astar-lab sweep".into(),
        shard: "1/1".into(),
        peak_rss_bytes: None,
        config,
    }
}
