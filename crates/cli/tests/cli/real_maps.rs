//! Real-map sweeps (`sweep --scen`): their rows, their tables, and bad input.

use crate::astar_lab;
use std::path::{Path, PathBuf};

/// The committed suite.
fn suite() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/movingai")
}

/// A folder with `arena.map` and the scenario `text` beside it.
fn with_scen(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(suite().join("arena.map"), dir.path().join("arena.map")).unwrap();
    std::fs::write(dir.path().join("bad.map.scen"), text).unwrap();
    dir
}

fn run_dirs(out: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(out)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn bad_scenario_files_are_one_line_and_leave_no_run() {
    let cases = [
        (
            "version 1\n0\tnowhere.map\t49\t49\t1\t11\t1\t12\t1\n",
            "line 2: its map",
        ),
        (
            "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n0\tarena.map\t50\t49\t1\t11\t1\t12\t1\n",
            "line 3: row says the map is 50x49",
        ),
        (
            "version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\tlong\n",
            "line 2: optimal length",
        ),
        (
            "version 1\n0\tarena.map\t49\t49\t1\t11\t9\t11\t2\n",
            "line 2: optimal length 2 is shorter",
        ),
        (
            "version 1\n0\tarena.map\t49\t49\t0\t0\t1\t12\t12\n",
            "line 2:",
        ),
    ];
    for (text, want) in cases {
        let dir = with_scen(text);
        let out = dir.path().join("runs");
        let scen = dir.path().join("bad.map.scen");
        let o = astar_lab(&[
            "sweep",
            "--scen",
            scen.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{text:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{text:?}: {err}");
        assert!(lines[0].starts_with("error: "), "{err}");
        assert!(lines[0].contains("bad.map.scen"), "{err}");
        assert!(lines[0].contains(want), "{text:?}: {err}");
        assert!(run_dirs(&out).is_empty(), "no run folder for {text:?}");
    }
}

#[test]
fn a_real_map_sweep_records_every_row_and_makes_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("runs");
    let scen = suite().join("arena.map.scen");
    let o = astar_lab(&[
        "sweep",
        "--scen",
        scen.to_str().unwrap(),
        "--sample",
        "3",
        "--min-time-ms",
        "0",
        "--strategies",
        "heap,bucket,floor,linear",
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let runs = run_dirs(&out);
    assert_eq!(runs.len(), 1);
    let loaded = astar_harness::runs::load_runs(&runs).unwrap();
    assert_eq!(loaded.rows.len(), 3 * 4);
    for r in &loaded.rows {
        assert_eq!(r.status, "ok", "{r:?}");
        assert_eq!(r.family, "dragon-age");
        assert_eq!(r.map, "arena.map");
        assert!(r.optimal.is_some() && r.necessary.is_some());
        assert!(r.necessary.unwrap() <= r.expansions);
        assert!(r.generated >= r.expansions);
    }
    let report = dir.path().join("report");
    let o = astar_lab(&[
        "real-maps-report",
        runs[0].to_str().unwrap(),
        "--out",
        report.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(report.join("README.md")).unwrap();
    assert!(text.contains("| dragon-age | arena.map | 3 |"), "{text}");
    assert!(text.contains("BEGIN GENERATED: real-maps (by `astar-lab real-maps-report"));
    // A resume of a finished run has nothing left to do and changes nothing.
    let before = std::fs::read(runs[0].join("results.csv")).unwrap();
    let o = astar_lab(&["sweep", "--resume", runs[0].to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(before, std::fs::read(runs[0].join("results.csv")).unwrap());
}
