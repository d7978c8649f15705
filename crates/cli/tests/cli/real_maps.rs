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

/// `sweep --scen` of the committed arena file into `out`, on one thread with
/// no minimum time, with the `extra` flags.
fn arena_sweep(out: &Path, extra: &[&str]) -> std::process::Output {
    let scen = suite().join("arena.map.scen");
    let mut args = vec!["sweep", "--scen", scen.to_str().unwrap()];
    args.extend(["--min-time-ms", "0", "--threads", "1"]);
    args.extend(["--out", out.to_str().unwrap()]);
    args.extend(extra);
    astar_lab(&args)
}

/// A real-map search over the budget is on record, never dropped: with a
/// budget of a nanosecond every strategy's first row of the file is timed
/// once and `over-budget`, and every later row of the file is `over-budget`
/// without a time; the run exits 0, since that is no wrong answer.
#[test]
fn a_real_map_sweep_records_its_over_budget_rows() {
    use astar_harness::runs::Status;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("runs");
    let o = arena_sweep(
        &out,
        &[
            "--sample",
            "4",
            "--budget-ms",
            "0.000001",
            "--strategies",
            "heap,linear,floor",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = astar_harness::runs::load_runs(&run_dirs(&out))
        .unwrap()
        .rows;
    assert_eq!(rows.len(), 4 * 3, "every row of every strategy is kept");
    let first = rows.iter().map(|r| r.query).min().unwrap();
    for r in &rows {
        assert_eq!(r.status, Status::OverBudget, "{r:?}");
        if r.query == first {
            assert!(r.repeats == 1 && r.ns_per_search > 0.0, "timed once: {r:?}");
            assert!(r.cost.is_some(), "it finished: {r:?}");
        } else {
            assert!(r.repeats == 0 && r.ns_per_search.is_nan(), "skipped: {r:?}");
        }
    }
}

#[test]
fn a_real_map_sweep_records_every_row_and_makes_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("runs");
    let o = arena_sweep(
        &out,
        &["--sample", "3", "--strategies", "heap,bucket,floor,linear"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let runs = run_dirs(&out);
    assert_eq!(runs.len(), 1);
    let loaded = astar_harness::runs::load_runs(&runs).unwrap();
    assert_eq!(loaded.rows.len(), 3 * 4);
    for r in &loaded.rows {
        assert_eq!(r.status, astar_harness::runs::Status::Ok, "{r:?}");
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
    // What else ran while it measured, recorded (or `-` when the run was
    // too short for the kernel's counters to move).
    let meta = astar_harness::runs::read_real_meta(&runs[0])
        .unwrap()
        .unwrap();
    let shown = astar_harness::present::format::load_text(meta.run.other_load);
    assert!(text.contains(&format!("other load {shown})")), "{text}");
    assert!(text.contains("BEGIN GENERATED: real-maps (by `astar-lab real-maps-report"));
    // A resume of a finished run has nothing left to do and changes nothing.
    let before = std::fs::read(runs[0].join("results.csv")).unwrap();
    let o = astar_lab(&["sweep", "--resume", runs[0].to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(before, std::fs::read(runs[0].join("results.csv")).unwrap());
}

/// A hand-made real-map run folder: family `open` on one map where the heap
/// is 2.5× as fast as linear on every row, and family `maze` on two maps
/// where it is 6×, with linear over budget on its two longest rows.
fn hand_made_run(dir: &Path) -> PathBuf {
    use astar_harness::runs::store::write_meta;
    use astar_harness::runs::{scen_key, RealMapsConfig, Record, RunMeta, Status};
    let strategies = ["linear", "heap", "bucket", "floor"];
    let config = astar_harness::experiments::sweep::real_config(
        &strategies.map(|s| s.parse().unwrap()),
        &astar_harness::experiments::sweep::real_rules(astar_core::TiePolicy::Lifo, false),
        2.0,
    );
    let meta = RunMeta {
        command: "astar-lab sweep --scen x".into(),
        real_maps: Some(RealMapsConfig {
            scen: vec!["x".into()],
            map_dir: None,
            sample: None,
            budget_ms: 100.0,
        }),
        ..crate::fixture_meta(config)
    };
    let mut rows = Vec::new();
    let mut add = |family: &str, map: &str, line: u32, speedup: f64, linear_over: bool| {
        let linear = 1e6 * f64::from(line + 1);
        for s in strategies {
            let ns = match s {
                "linear" => linear,
                "heap" => linear / speedup,
                "bucket" => linear / speedup / 1.5,
                _ => linear / speedup / 2.0,
            };
            let over = s == "linear" && linear_over;
            rows.push(Record {
                size: 64,
                map_seed: scen_key(&format!("{map}.scen")),
                query: line,
                strategy: s.into(),
                ns_per_search: if over { f64::NAN } else { ns },
                repeats: u32::from(!over),
                expansions: if over { 0 } else { 10 * 10u64.pow(line % 4) },
                status: if over { Status::OverBudget } else { Status::Ok },
                scen: format!("{map}.scen"),
                family: family.into(),
                map: map.into(),
                necessary: Some(5),
                ..Record::default()
            });
        }
    };
    for line in 0..6 {
        add("open", "open.map", line, 2.5, false);
    }
    // Six rows a map: the fewest a median's interval is taken over.
    for (map, lines) in [("maze-a.map", 0..6), ("maze-b.map", 0..6)] {
        for line in lines {
            add("maze", map, line, 6.0, map == "maze-b.map" && line >= 4);
        }
    }
    std::fs::create_dir_all(dir).unwrap();
    write_meta(dir, &meta).unwrap();
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in &rows {
        w.serialize(r).unwrap();
    }
    std::fs::write(dir.join("results.csv"), w.into_inner().unwrap()).unwrap();
    dir.to_path_buf()
}

#[test]
fn the_report_judges_the_claim_per_family_and_fills_the_writeup() {
    let dir = tempfile::tempdir().unwrap();
    let run = hand_made_run(&dir.path().join("run"));
    let out = dir.path().join("reports").join("real-maps");
    let writeup = dir.path().join("reports").join("README.md");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(
        &writeup,
        "# W\n\n<!-- BEGIN GENERATED: on-real-maps -->\n<!-- END GENERATED: on-real-maps -->\n\nafter\n",
    )
    .unwrap();
    let report = || {
        astar_lab(&[
            "real-maps-report",
            run.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--writeup",
            writeup.to_str().unwrap(),
        ])
    };
    let o = report();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    // open: 2.5× on every row of one map, inside 2–3×, below 3–4×.
    assert!(
        readme
            .contains("| open | 1 | `heap` | 6 | 0 | 2.50× [2.50–2.50] | inside 2–3× | below 3× |"),
        "{readme}"
    );
    // maze: two maps; linear over budget on two rows, counted at the 100 ms
    // budget against the heap's 0.83 and 1 ms: 120× and 100×, lower
    // bounds; the median stays 6×, the interval reaches up to them.
    let maze = readme
        .lines()
        .find(|l| l.starts_with("| maze | 2 | `heap` |"))
        .unwrap_or_else(|| panic!("{readme}"));
    assert!(
        maze.starts_with("| maze | 2 | `heap` | 12 | 2 | ≥ 6.00× [6.0–"),
        "{maze}"
    );
    assert!(maze.ends_with("| above 3× | above 4× |"), "{maze}");
    assert!(readme.contains("a family on one map file, as open, has its rows alone resampled"));
    let text = std::fs::read_to_string(&writeup).unwrap();
    assert!(text
        .starts_with("# W\n\n<!-- BEGIN GENERATED: on-real-maps (by `astar-lab real-maps-report "));
    assert!(text.ends_with("<!-- END GENERATED: on-real-maps -->\n\nafter\n"));
    assert!(
        text.contains("bucket in maze (1.33× [1.33–1.33])"),
        "{text}"
    );
    assert!(text.contains("faster (interval above 1×) in maze 1.50× [1.50–1.50] and open 1.50× [1.50–1.50]; it beats the heap in every family"), "{text}");
    // The real-map targets per map file: bucket 1.33× the floor and the
    // heap 2× on every row, so each interval is a point.
    assert!(
        text.contains("| maze-b.map | maze | 6 | bucket | 1.33× [1.33–1.33] | met | 2.00× [2.00–2.00] | met | 1.50× [1.50–1.50] | met |"),
        "{text}"
    );
    assert!(
        text.contains("- Fastest list within 1.5× of the floor: met on 3 of 3 map files (maze-a.map, maze-b.map and open.map)."),
        "{text}"
    );
    assert!(text.contains("![Time ÷ floor per map family](real-maps/time-over-floor.png)"));
    for stem in ["time-over-floor", "speedup-open", "speedup-maze"] {
        for ext in ["png", "svg"] {
            let f = out.join(format!("{stem}.{ext}"));
            assert!(
                std::fs::metadata(&f).unwrap().len() > 1000,
                "{}",
                f.display()
            );
        }
    }

    // A writeup without its markers: one line, exit 2, no file touched.
    let before = std::fs::read(out.join("README.md")).unwrap();
    std::fs::remove_file(out.join("time-over-floor.png")).unwrap();
    std::fs::write(&writeup, "# no markers\n").unwrap();
    let o = report();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("on-real-maps"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&writeup).unwrap(), "# no markers\n");
    assert_eq!(std::fs::read(out.join("README.md")).unwrap(), before);
    assert!(!out.join("time-over-floor.png").exists());
}
