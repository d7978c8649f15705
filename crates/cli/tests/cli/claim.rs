//! `astar-lab claim` on hand-written run folders: the heap's median paired
//! speedup per condition and size (recomputed here from the chosen times), the
//! verdict against the 2–3× band, and the splice into the writeup.

use astar_harness::present::claim::{claim_conditions, claim_markdown, Verdict};
use astar_harness::runs::{Record, RunMeta, SweepConfig};
use std::path::{Path, PathBuf};

fn meta(heuristic: &str, density: f64, tie: &str) -> RunMeta {
    crate::fixture_meta(SweepConfig {
        sizes: vec![32, 64],
        densities: vec![density],
        maps: 1,
        queries: 3,
        queries_per_size: Default::default(),
        strategies: vec!["linear".into(), "heap".into()],
        heuristic: heuristic.into(),
        tie: tie.into(),
        costs: "seed".into(),
        moves: 8,
        corner_cutting: false,
        seed: 1,
        min_time_ms: 5.0,
    })
}

fn row(size: u32, density: f64, query: u32, strategy: &str, ns: f64, status: &str) -> Record {
    Record {
        size,
        density,
        map_seed: 7,
        query,
        strategy: strategy.into(),
        ns_per_search: ns,
        repeats: 5,
        expansions: 100,
        pushes: 120,
        pops: 100,
        decreases: 10,
        reopens: 0,
        max_open: 40,
        cost: Some(500),
        path_len: Some(50.0),
        status: status.into(),
        start_x: 1,
        start_y: 1,
        goal_x: size - 2,
        goal_y: size - 2,
        stale_pops: 0,
        bytes_per_cell: 24.0,
    }
}

/// Writes a run folder whose rows give, per size, the linear and heap times
/// of queries 0, 1, 2; `bad` marks one heap row as a mismatch.
fn write_run(
    dir: &Path,
    meta: &RunMeta,
    times: &[(u32, [f64; 3], [f64; 3])],
    bad: Option<(u32, u32)>,
) -> PathBuf {
    let density = meta.config.densities[0];
    let mut w = csv::Writer::from_writer(Vec::new());
    for (size, linear, heap) in times {
        for q in 0..3u32 {
            w.serialize(row(*size, density, q, "linear", linear[q as usize], "ok"))
                .unwrap();
            let status = if bad == Some((*size, q)) {
                "mismatch: cost 500 vs 510"
            } else {
                "ok"
            };
            w.serialize(row(*size, density, q, "heap", heap[q as usize], status))
                .unwrap();
        }
    }
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("meta.json"), serde_json::to_string(meta).unwrap()).unwrap();
    std::fs::write(dir.join("results.csv"), w.into_inner().unwrap()).unwrap();
    dir.to_path_buf()
}

/// The median of an odd or even sample, written out here independently.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn ratios(linear: [f64; 3], heap: [f64; 3], skip: Option<usize>) -> Vec<f64> {
    (0..3)
        .filter(|i| Some(*i) != skip)
        .map(|i| linear[i] / heap[i])
        .collect()
}

/// Times chosen so that one median falls inside the band, one above and one
/// below, and so that keeping the mismatched row would change a median.
const DEFAULT_32: ([f64; 3], [f64; 3]) = ([250.0, 300.0, 100.0], [100.0, 100.0, 100.0]);
const DEFAULT_64: ([f64; 3], [f64; 3]) = ([400.0, 500.0, 1200.0], [100.0, 100.0, 100.0]);
const FIFO_32: ([f64; 3], [f64; 3]) = ([150.0, 240.0, 180.0], [100.0, 200.0, 100.0]);

fn fixture(root: &Path) -> Vec<PathBuf> {
    let default = write_run(
        &root.join("default"),
        &meta("octile", 0.25, "lifo"),
        &[
            (32, DEFAULT_32.0, DEFAULT_32.1),
            (64, DEFAULT_64.0, DEFAULT_64.1),
        ],
        Some((64, 2)),
    );
    let fifo = write_run(
        &root.join("tie-fifo"),
        &meta("octile", 0.25, "fifo"),
        &[(32, FIFO_32.0, FIFO_32.1)],
        None,
    );
    vec![default, fifo]
}

#[test]
fn medians_and_verdicts_per_condition() {
    let dir = tempfile::tempdir().unwrap();
    let runs = fixture(dir.path());
    let conditions = claim_conditions(&runs).unwrap();
    assert_eq!(conditions.len(), 2);

    let d32 = median(ratios(DEFAULT_32.0, DEFAULT_32.1, None));
    // The mismatched heap row (query 2) has no pair, so it drops out.
    let d64 = median(ratios(DEFAULT_64.0, DEFAULT_64.1, Some(2)));
    let f32_ = median(ratios(FIFO_32.0, FIFO_32.1, None));
    assert_ne!(d64, median(ratios(DEFAULT_64.0, DEFAULT_64.1, None)));

    let default = &conditions[0];
    assert_eq!(default.name, "default");
    assert_eq!(default.moved(), "default");
    assert_eq!(default.speedups, vec![(32, d32, 3), (64, d64, 2)]);
    assert_eq!(default.sizes_where(Verdict::Inside), vec![32]);
    assert_eq!(default.sizes_where(Verdict::Above), vec![64]);

    let fifo = &conditions[1];
    assert_eq!(fifo.moved(), "fifo ties");
    assert_eq!(fifo.speedups, vec![(32, f32_, 3)]);
    assert_eq!(fifo.sizes_where(Verdict::Below), vec![32]);

    let md = claim_markdown(&conditions);
    assert!(md.contains(&format!("**{d32:.2}**")), "{md}");
    assert!(md.contains(&format!("{d64:.2} ↑")), "{md}");
    assert!(md.contains(&format!("{f32_:.2} ↓")), "{md}");
    // The fifo condition has no 64² row: its cell says so rather than inventing one.
    let fifo_line = md.lines().find(|l| l.starts_with("| fifo ties |")).unwrap();
    assert!(fifo_line.contains("| – |"), "{fifo_line}");
    assert!(md.contains("the claim holds at no measured size"), "{md}");
    // The machine and build that measured it are named once.
    assert_eq!(
        md.matches("Measured at commit 0123abc on Test CPU").count(),
        1,
        "{md}"
    );
}

#[test]
fn the_binary_splices_only_its_section() {
    let dir = tempfile::tempdir().unwrap();
    let runs = fixture(dir.path());
    let reports = dir.path().join("reports");
    std::fs::create_dir_all(&reports).unwrap();
    let before = "# Results\n\nhand text\n<!-- BEGIN GENERATED: claim-conditions -->\nold\n<!-- END GENERATED: claim-conditions -->\nmore hand text\n";
    std::fs::write(reports.join("README.md"), before).unwrap();
    let mut args: Vec<String> = vec!["claim".into()];
    args.extend(runs.iter().map(|r| r.display().to_string()));
    args.extend(["--reports".into(), reports.display().to_string()]);
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = crate::astar_lab(&arg_refs);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = std::fs::read_to_string(reports.join("README.md")).unwrap();
    assert!(after.starts_with(
        "# Results\n\nhand text\n<!-- BEGIN GENERATED: claim-conditions (by `astar-lab claim "
    ));
    assert!(after.ends_with("<!-- END GENERATED: claim-conditions -->\nmore hand text\n"));
    assert!(!after.contains("\nold\n"));
    assert!(after.contains("| fifo ties |"));
    let table = std::fs::read_to_string(reports.join("conditions/claim.md")).unwrap();
    assert!(table.contains("| default |"));

    // A writeup without the markers is one error line and exit 2, not a panic.
    std::fs::write(reports.join("README.md"), "# Results\n").unwrap();
    let out = crate::astar_lab(&arg_refs);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn a_condition_is_one_density() {
    let dir = tempfile::tempdir().unwrap();
    let mut m = meta("octile", 0.25, "lifo");
    m.config.densities = vec![0.25, 0.1];
    let run = dir.path().join("mixed");
    write_run(&run, &m, &[(32, DEFAULT_32.0, DEFAULT_32.1)], None);
    // A second density's rows in the same folder.
    let mut text = std::fs::read_to_string(run.join("results.csv")).unwrap();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(row(32, 0.1, 0, "linear", 100.0, "ok")).unwrap();
    let extra = String::from_utf8(w.into_inner().unwrap()).unwrap();
    text.push_str(extra.lines().nth(1).unwrap());
    text.push('\n');
    std::fs::write(run.join("results.csv"), text).unwrap();
    let err = claim_conditions(&[run]).unwrap_err().to_string();
    assert!(err.contains("one density"), "{err}");
}
