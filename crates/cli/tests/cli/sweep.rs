//! `astar-lab sweep` end to end, through the binary: the CSV and metadata it
//! writes, resuming a killed run, shards, determinism, and bad flags.

use crate::reference;
use astar_core::{Grid, Point, Rules};
use astar_harness::measure::workload;
use astar_harness::runs::{Record, RunMeta, Status};
use astar_registry::Strategy;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_astar-lab");

/// A tiny sweep: 2 sizes × 2 maps × 2 queries = 8 items.
const TINY: &[&str] = &[
    "--sizes",
    "16,24",
    "--maps",
    "2",
    "--queries",
    "2",
    "--min-time-ms",
    "0.05",
    "--threads",
    "2",
    "--no-report",
];

fn sweep(cwd: &Path, out: &Path, extra: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(cwd)
        .arg("sweep")
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The run folders under `out`, sorted by name.
fn run_dirs(out: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(out)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs
}

fn rows(dir: &Path) -> Vec<Record> {
    let mut r = csv::Reader::from_path(dir.join("results.csv")).unwrap();
    r.deserialize().map(|x| x.unwrap()).collect()
}

fn meta(dir: &Path) -> RunMeta {
    serde_json::from_str(&std::fs::read_to_string(dir.join("meta.json")).unwrap()).unwrap()
}

/// What identifies a row: (size, map seed, query, strategy).
type RowKey = (u32, u64, u32, String);

fn key(r: &Record) -> RowKey {
    (r.size, r.map_seed, r.query, r.strategy.clone())
}

/// Everything about a row that does not depend on the clock.
fn deterministic(r: &Record) -> String {
    format!(
        "{} {} {} {} {} {:?} {:?} {} {} {} {} {} {} {} {} {} {}",
        r.size,
        r.density,
        r.map_seed,
        r.query,
        r.strategy,
        r.cost,
        r.path_len,
        r.expansions,
        r.pushes,
        r.pops,
        r.decreases,
        r.max_open,
        r.status,
        r.start_x,
        r.start_y,
        r.goal_x,
        r.goal_y
    )
}

fn by_key(rows: &[Record]) -> BTreeMap<RowKey, String> {
    rows.iter().map(|r| (key(r), deterministic(r))).collect()
}

/// What `--strategies all` runs under the default rules.
fn strategy_names() -> Vec<String> {
    Strategy::supporting(&astar_core::Rules::default())
        .iter()
        .map(|s| s.name().to_string())
        .collect()
}

/// A sweep long enough for the kernel's CPU counters (10 ms ticks) to move
/// many times records what else ran meanwhile.
#[test]
fn a_sweep_long_enough_records_what_else_ran() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    // Two strategies, each timed for at least 150 ms on one query.
    let args = [
        "--sizes",
        "16",
        "--maps",
        "1",
        "--queries",
        "1",
        "--strategies",
        "heap,floor",
        "--min-time-ms",
        "150",
        "--threads",
        "1",
        "--no-report",
    ];
    let o = sweep(tmp.path(), &out, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let m = meta(&run_dirs(&out)[0]);
    if cfg!(target_os = "linux") {
        let load = m.other_load.expect("what else ran is recorded");
        assert!((0.0..=1.0).contains(&load.other), "{load:?}");
        assert!((0.0..=load.other).contains(&load.steal), "{load:?}");
    }
}

#[test]
fn tiny_sweep_end_to_end() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    let o = sweep(tmp.path(), &out, TINY);
    assert!(o.status.success(), "{}", stderr(&o));
    let dirs = run_dirs(&out);
    assert_eq!(dirs.len(), 1, "one run folder");
    let dir = &dirs[0];

    // The columns other tools rely on, in the order the issue fixes.
    let text = std::fs::read_to_string(dir.join("results.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    assert_eq!(
        header[..15],
        [
            "size",
            "density",
            "map_seed",
            "query",
            "strategy",
            "ns_per_search",
            "repeats",
            "expansions",
            "pushes",
            "pops",
            "decreases",
            "reopens",
            "max_open",
            "cost",
            "path_len"
        ]
    );

    let m = meta(dir);
    assert!(!m.machine.commit.is_empty());
    assert!(m.machine.rustc.starts_with("rustc "), "{}", m.machine.rustc);
    assert!(!m.machine.cpu.is_empty());
    assert!(m.machine.cores >= 1);
    // The crate of each strategy that measures a published one (the peers,
    // the crate-backed lists), with the version the build links, and no
    // other strategy.
    for &s in Strategy::ALL {
        assert_eq!(
            m.machine.peers.get(s.name()).map(String::as_str),
            s.crate_version(),
            "{s}"
        );
    }
    assert_eq!(m.threads, 2);
    // A run this short can end within one tick of the kernel's CPU
    // counters, and then what else ran is unknown (see the next test).
    if let Some(load) = m.other_load {
        assert!((0.0..=1.0).contains(&load.other), "{load:?}");
        assert!((0.0..=load.other).contains(&load.steal), "{load:?}");
    }
    let d = m.date.as_bytes();
    assert!(
        d.len() == 20 && d[4] == b'-' && d[10] == b'T' && d[19] == b'Z',
        "RFC 3339 UTC: {}",
        m.date
    );
    assert!(
        m.command.contains("sweep") && m.command.contains("16,24"),
        "{}",
        m.command
    );
    assert_eq!(m.shard.to_string(), "1/1");
    assert_eq!(m.config.sizes, vec![16, 24]);
    assert_eq!(
        m.config.strategies,
        Strategy::supporting(&astar_core::Rules::default())
    );

    let rows = rows(dir);
    let names = strategy_names();
    assert_eq!(rows.len(), 8 * names.len());
    let rules = Rules::default();
    let mut items: BTreeMap<(u32, u64, u32), Vec<&Record>> = BTreeMap::new();
    for r in &rows {
        items
            .entry((r.size, r.map_seed, r.query))
            .or_default()
            .push(r);
    }
    assert_eq!(items.len(), 8);
    for ((size, seed, _), group) in &items {
        let got: BTreeSet<&str> = group.iter().map(|r| r.strategy.as_str()).collect();
        assert_eq!(got.len(), names.len(), "every strategy, once");
        let first = group[0];
        // Check the answer against an independent Dijkstra on the map rebuilt
        // from the row alone.
        let grid = Grid::random(*size, *size, first.density, *seed).unwrap();
        let (s, g) = (
            Point::new(first.start_x, first.start_y),
            Point::new(first.goal_x, first.goal_y),
        );
        assert!(s.x.abs_diff(g.x).max(s.y.abs_diff(g.y)) >= size / 2);
        let best = reference::shortest(&grid, &rules, s, g);
        assert!(best.is_some(), "start and goal are connected");
        for r in group {
            assert_eq!(r.status, Status::Ok);
            assert_eq!(r.cost, best, "{}", r.strategy);
            assert_eq!(r.expansions, first.expansions, "{}", r.strategy);
            assert_eq!((r.start_x, r.goal_y), (first.start_x, first.goal_y));
            assert!(r.repeats >= 1 && r.ns_per_search > 0.0);
            assert_eq!(r.path_len, r.cost.map(|c| c as f64 / 10.0));
        }
    }
}

/// Cuts a results file as a kill would: after `keep` bytes (mid-line).
fn truncate(path: &Path, keep: usize) {
    let bytes = std::fs::read(path).unwrap();
    std::fs::write(path, &bytes[..keep]).unwrap();
}

#[test]
fn resume_after_a_kill_keeps_rows_and_adds_none_twice() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    let o = sweep(tmp.path(), &out, TINY);
    assert!(o.status.success(), "{}", stderr(&o));
    let dir = run_dirs(&out).remove(0);
    let whole = rows(&dir);
    let meta_before = meta(&dir);
    let csv_path = dir.join("results.csv");
    let text = std::fs::read_to_string(&csv_path).unwrap();

    // Killed in the middle of a line, two items and a bit in: the header,
    // whole items, part of an item, and half a line remain.
    let n = strategy_names().len();
    let line_ends: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
    let two_items = line_ends[2 * n]; // header + 2n rows
    let cut = line_ends[2 * n + 2] + 7; // two more rows, then 7 bytes of the next
    truncate(&csv_path, cut);

    // `--resume DIR` alone: the configuration comes from the run's meta.json.
    let dir_arg = dir.to_str().unwrap().to_string();
    let args = ["--resume", dir_arg.as_str()];
    let o = sweep(tmp.path(), &out, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(run_dirs(&out).len(), 1, "resuming makes no new folder");
    assert_eq!(
        meta(&dir).config,
        meta_before.config,
        "the run's own config"
    );

    let after = std::fs::read_to_string(&csv_path).unwrap();
    assert_eq!(
        after[..two_items],
        text[..two_items],
        "the finished items are kept as they were"
    );
    let resumed = rows(&dir);
    assert_eq!(resumed.len(), whole.len(), "none missing, none twice");
    let keys: BTreeSet<RowKey> = resumed.iter().map(key).collect();
    assert_eq!(keys.len(), resumed.len(), "no duplicates");
    assert_eq!(by_key(&resumed), by_key(&whole), "the same searches");

    // Resuming a finished run does nothing.
    let o = sweep(tmp.path(), &out, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&csv_path).unwrap(), after);
}

#[test]
fn resume_after_a_real_kill() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    // Enough items that the run is usually still going when it is killed;
    // the assertions hold wherever the kill lands.
    let args = [
        "--sizes",
        "20",
        "--maps",
        "8",
        "--queries",
        "2",
        "--min-time-ms",
        "1",
        "--threads",
        "2",
        "--no-report",
    ];
    let mut child = Command::new(BIN)
        .current_dir(tmp.path())
        .arg("sweep")
        .args(args)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let began = Instant::now();
    loop {
        let some_rows = run_dirs(&out).first().is_some_and(|d| {
            std::fs::read_to_string(d.join("results.csv"))
                .is_ok_and(|t| t.lines().count() > 1 + strategy_names().len())
        });
        if some_rows || began.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let dir = run_dirs(&out).remove(0);

    let mut resume = args.to_vec();
    let dir_arg = dir.to_str().unwrap().to_string();
    resume.extend(["--resume", &dir_arg]);
    let o = sweep(tmp.path(), &out, &resume);
    assert!(o.status.success(), "{}", stderr(&o));
    let resumed = rows(&dir);
    let keys: BTreeSet<RowKey> = resumed.iter().map(key).collect();
    assert_eq!(keys.len(), resumed.len(), "no duplicates");
    assert_eq!(resumed.len(), 16 * strategy_names().len(), "none missing");
}

/// The tiny sweep on one thread, so its items run in a known order, with a
/// budget of one nanosecond a search: every first search goes over it.
const OVER_BUDGET_SWEEP: &[&str] = &[
    "--sizes",
    "16,24",
    "--maps",
    "2",
    "--queries",
    "2",
    "--min-time-ms",
    "0.05",
    "--threads",
    "1",
    "--no-report",
    "--strategies",
    "heap,linear,floor",
    "--budget-ms",
    "0.000001",
];

/// Checks a run of [`OVER_BUDGET_SWEEP`]: each strategy timed once, on the
/// first item, and every later row of it `over-budget` without a time.
fn check_over_budget_rows(rows: &[Record]) {
    assert_eq!(rows.len(), 8 * 3);
    let first = (rows[0].size, rows[0].map_seed, rows[0].query);
    assert_eq!(first.0, 16, "the smaller size runs first");
    for r in rows {
        assert_eq!(r.status, Status::OverBudget, "{r:?}");
        if (r.size, r.map_seed, r.query) == first {
            assert!(r.ns_per_search > 0.0 && r.repeats == 1, "timed once: {r:?}");
            assert_eq!(r.cost, rows[0].cost, "a search over budget still finished");
        } else {
            assert!(r.ns_per_search.is_nan() && r.repeats == 0, "skipped: {r:?}");
        }
    }
}

#[test]
fn a_search_over_the_budget_stops_its_strategy() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    let o = sweep(tmp.path(), &out, OVER_BUDGET_SWEEP);
    // Over budget is on record, not an error: the exit status stays 0.
    assert!(o.status.success(), "{}", stderr(&o));
    let dir = run_dirs(&out).remove(0);
    assert_eq!(meta(&dir).config.budget_ms, Some(0.000001));
    check_over_budget_rows(&rows(&dir));

    // A resumed run knows who went over from the rows it already has.
    let results = dir.join("results.csv");
    let text = std::fs::read_to_string(&results).unwrap();
    let keep: usize = text.lines().take(1 + 3).map(|l| l.len() + 1).sum();
    truncate(&results, keep);
    let dir_arg = dir.to_str().unwrap().to_string();
    let o = sweep(tmp.path(), &out, &["--resume", &dir_arg, "--no-report"]);
    assert!(o.status.success(), "{}", stderr(&o));
    check_over_budget_rows(&rows(&dir));

    // The report counts them apart from errors and says what the budget was.
    let reports = tmp.path().join("reports");
    let o = Command::new(BIN)
        .args(["report", &dir_arg, "--reports"])
        .arg(&reports)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let readme = std::fs::read_to_string(reports.join("README.md")).unwrap();
    assert!(
        readme.contains("0 errors or mismatches, 24 over the time budget"),
        "{readme}"
    );
    assert!(
        readme.contains("`heap` at 16² (0 of 4 queries finished within it)"),
        "{readme}"
    );
}

#[test]
fn a_line_that_went_over_budget_ends_in_a_mark() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    let mut args = TINY.to_vec();
    args.extend(["--strategies", "heap,linear,floor"]);
    assert!(sweep(tmp.path(), &out, &args).status.success());
    let dir = run_dirs(&out).remove(0);
    let plot = |name: &str| {
        let charts = tmp.path().join(name);
        let o = Command::new(BIN)
            .arg("plot")
            .arg(&dir)
            .arg("--out")
            .arg(&charts)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(charts.join("time-per-search.svg")).unwrap()
    };
    let note = "end mark:";
    assert!(!plot("before").contains(note), "no budget, no end mark");
    // As if `linear` had gone over the budget at the larger size.
    let mut rows = rows(&dir);
    for r in rows
        .iter_mut()
        .filter(|r| r.strategy == "linear" && r.size == 24)
    {
        r.status = Status::OverBudget;
    }
    let mut w = csv::Writer::from_path(dir.join("results.csv")).unwrap();
    for r in &rows {
        w.serialize(r).unwrap();
    }
    w.flush().unwrap();
    assert!(
        plot("after").contains(note),
        "the legend names the end mark"
    );
}

#[test]
fn shards_partition_the_sweep() {
    let tmp = tempfile::tempdir().unwrap();
    let whole_out = tmp.path().join("whole");
    assert!(sweep(tmp.path(), &whole_out, TINY).status.success());
    let whole = rows(&run_dirs(&whole_out)[0]);

    let out = tmp.path().join("shards");
    let mut parts = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let mut args = TINY.to_vec();
        args.extend(["--shard", shard]);
        let o = sweep(tmp.path(), &out, &args);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    for dir in run_dirs(&out) {
        let m = meta(&dir);
        let (k, n) = (m.shard.k, m.shard.n);
        assert!(
            dir.to_str()
                .unwrap()
                .ends_with(&format!("-shard-{k}-of-{n}")),
            "{}",
            dir.display()
        );
        parts.push(rows(&dir));
    }
    assert_eq!(parts.len(), 3);
    let mut union = BTreeMap::new();
    // Which shard measured each query: all its strategies in one shard, so
    // a paired ratio (two strategies on one query) never spans two shards,
    // which may have run on two machines.
    let mut query_shard: BTreeMap<(u32, u64, u32), usize> = BTreeMap::new();
    for (i, part) in parts.iter().enumerate() {
        assert!(!part.is_empty(), "8 items over 3 shards: none is empty");
        for (k, v) in by_key(part) {
            assert!(union.insert(k, v).is_none(), "shards are disjoint");
        }
        for r in part {
            let shard = *query_shard
                .entry((r.size, r.map_seed, r.query))
                .or_insert(i);
            assert_eq!(shard, i, "a query's rows are in one shard: {r:?}");
        }
        let strategies = |q: &(u32, u64, u32)| {
            part.iter()
                .filter(|r| (r.size, r.map_seed, r.query) == *q)
                .count()
        };
        for q in query_shard.iter().filter(|(_, s)| **s == i).map(|(q, _)| q) {
            assert_eq!(
                strategies(q),
                strategy_names().len(),
                "{q:?}: every strategy"
            );
        }
    }
    assert_eq!(union, by_key(&whole), "together they are the whole sweep");
}

#[test]
fn maps_and_queries_depend_only_on_the_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |seed: &str, out: &str| {
        let mut args = TINY.to_vec();
        args.extend(["--seed", seed, "--strategies", "heap,linear"]);
        let out = tmp.path().join(out);
        assert!(sweep(tmp.path(), &out, &args).status.success());
        rows(&run_dirs(&out)[0])
    };
    let a = run("7", "a");
    let b = run("7", "b");
    let c = run("8", "c");
    assert_eq!(by_key(&a), by_key(&b), "same seed, same maps and searches");
    let seeds = |rows: &[Record]| rows.iter().map(|r| r.map_seed).collect::<BTreeSet<_>>();
    assert!(
        seeds(&a).is_disjoint(&seeds(&c)),
        "another seed, other maps"
    );
    // Each row's map and query regenerate from the library alone.
    for r in &a {
        let grid = Grid::random(r.size, r.size, r.density, r.map_seed).unwrap();
        let cells = workload::largest_component(&grid, &Rules::default());
        let (s, g) = workload::query(&grid, &cells, r.map_seed, r.query).unwrap();
        assert_eq!(
            (s, g),
            (
                Point::new(r.start_x, r.start_y),
                Point::new(r.goal_x, r.goal_y)
            )
        );
    }
}

#[test]
fn bad_flags_exit_2_with_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("runs");
    let cases: &[&[&str]] = &[
        &["--sizes", ""],
        &["--sizes", "0"],
        &["--sizes", "32,abc"],
        &["--densities", "1"],
        &["--densities", "-0.1"],
        &["--strategies", "linear,nope"],
        &["--shard", "3/2"],
        &["--shard", "0/4"],
        &["--shard", "1-2"],
        &["--maps", "0"],
        &["--budget-ms", "0"],
        &["--budget-ms", "-5"],
        &["--sizes", "16000"],
        &["--resume", "no-such-run"],
    ];
    for case in cases {
        let o = sweep(tmp.path(), &out, case);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{case:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{case:?}: {err}");
        assert!(err.starts_with("error: "), "{case:?}: {err}");
    }
    assert!(run_dirs(&out).is_empty(), "no run folder for bad flags");

    // Resuming with another configuration is refused, and the run is untouched.
    assert!(sweep(tmp.path(), &out, TINY).status.success());
    let dir = run_dirs(&out).remove(0);
    let before = std::fs::read(dir.join("results.csv")).unwrap();
    let mut args = TINY.to_vec();
    let dir_arg = dir.to_str().unwrap().to_string();
    args.extend(["--seed", "99", "--resume", &dir_arg]);
    let o = sweep(tmp.path(), &out, &args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("seed") && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(std::fs::read(dir.join("results.csv")).unwrap(), before);
}
