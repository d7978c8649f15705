//! Tests of the `astar-lab` command, one test binary with a module per topic.
//!
//! - [`bad_input`]: bad input gets one `error:` line and exit 2.
//! - [`sweep`]: sweeps write, resume and shard run folders.
//! - [`report`]: charts and tables from hand-written run folders.
//! - [`claim`]: the heap's speedup per condition and the claim-conditions section.
//! - [`render`]: pictures of searches.
//! - [`threads`]: one worker thread against several, ratio by ratio.
//! - [`regenerate`]: the published reports regenerate byte for byte from their data.
//! - [`seeds`]: the seed modes on hand-checked boards; the re-sort count checked independently.

mod bad_input;
mod claim;
mod real_maps;
mod regenerate;
mod render;
mod report;
mod seeds;
mod sweep;
mod threads;

use astar_harness::runs::{MachineFacts, RunMeta, Shard, SweepConfig};
pub use astar_testkit::reference;
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

/// Runs the `astar-lab` binary with `args` in the folder `cwd`.
pub fn astar_lab_in(cwd: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_astar-lab"))
        .current_dir(cwd)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the binary runs")
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
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../harness/tests/data")
}

/// The metadata of a hand-written run folder: a made-up machine and commit
/// that the report and claim tests look for in what they generate.
pub fn fixture_meta(config: SweepConfig) -> RunMeta {
    RunMeta {
        machine: MachineFacts {
            commit: "0123abc".into(),
            rustc: "rustc 1.85.0".into(),
            cpu: "Test CPU".into(),
            cores: 2,
            peers: [("pathfinding", "1.2.3"), ("petgraph", "0.4.5")]
                .map(|(name, version)| (name.to_string(), version.to_string()))
                .into(),
        },
        threads: 2,
        date: "2026-01-01T00:00:00Z".into(),
        command: "astar-lab sweep".into(),
        shard: Shard::WHOLE,
        peak_rss_bytes: None,
        other_load: None,
        config,
        real_maps: None,
    }
}
