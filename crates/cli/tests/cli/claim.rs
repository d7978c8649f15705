//! `astar-lab claim` on hand-written run folders: each heap's median paired
//! speedup per condition and size (recomputed here from the chosen times),
//! its bootstrap interval, the verdicts of both readings of the claim, and
//! the splice into the writeup.

use astar_core::{CostModel, Rules};
use astar_harness::present::claim::{
    claim_conditions, claim_markdown, sizes_where, Verdict, READINGS,
};
use astar_harness::runs::{Record, RunMeta, SweepConfig};
use astar_registry::Strategy;
use std::path::{Path, PathBuf};

fn meta(heuristic: &str, density: f64, tie: &str) -> RunMeta {
    let rules = Rules {
        heuristic: heuristic.parse().unwrap(),
        tie: tie.parse().unwrap(),
        ..Rules::default()
    };
    let strategies = [Strategy::Linear, Strategy::Heap, Strategy::HeapScan];
    crate::fixture_meta(SweepConfig {
        sizes: vec![32, 64],
        densities: vec![density],
        maps: 1,
        queries: 7,
        seed: 1,
        min_time_ms: 5.0,
        ..SweepConfig::new(&strategies, &rules, CostModel::Seed)
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
        status: status.parse().unwrap(),
        start_x: 1,
        start_y: 1,
        goal_x: size - 2,
        goal_y: size - 2,
        stale_pops: 0,
        bytes_per_cell: 24.0,

        ..Record::default()
    }
}

/// Writes a run folder whose rows give, per size, the linear and heap times
/// of queries 0, 1, 2, … (heap-scan takes twice the heap's); `bad` marks one
/// heap row as a mismatch.
fn write_run(
    dir: &Path,
    meta: &RunMeta,
    times: &[(u32, &[f64], &[f64])],
    bad: Option<(u32, u32)>,
) -> PathBuf {
    let density = meta.config.densities[0];
    let mut w = csv::Writer::from_writer(Vec::new());
    for (size, linear, heap) in times {
        for q in 0..linear.len() as u32 {
            w.serialize(row(*size, density, q, "linear", linear[q as usize], "ok"))
                .unwrap();
            let status = if bad == Some((*size, q)) {
                "mismatch: cost 500 vs 510"
            } else {
                "ok"
            };
            w.serialize(row(*size, density, q, "heap", heap[q as usize], status))
                .unwrap();
            let scan = 2.0 * heap[q as usize];
            w.serialize(row(*size, density, q, "heap-scan", scan, "ok"))
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

fn ratios(linear: &[f64], heap: &[f64], skip: Option<usize>) -> Vec<f64> {
    (0..linear.len())
        .filter(|i| Some(*i) != skip)
        .map(|i| linear[i] / heap[i])
        .collect()
}

/// Times chosen so that the heap's interval falls inside the 2–3× band at
/// one size, above both bands at another, below at a third and across the
/// band's edge at a fourth, so that keeping the mismatched row would change
/// a median, and so that one size has too few queries for an interval. All
/// on one map, so each interval is the bootstrap over queries. Seven
/// queries repeat three ratios, so each is the median of a resample more
/// than 2.5% of the time and the interval's ends are the smallest and the
/// largest ratio.
const HEAP: [f64; 7] = [100.0; 7];
const DEFAULT_32: ([f64; 7], [f64; 7]) = ([240.0, 250.0, 260.0, 240.0, 250.0, 260.0, 240.0], HEAP);
const DEFAULT_64: ([f64; 7], [f64; 7]) =
    ([500.0, 600.0, 1200.0, 500.0, 600.0, 1200.0, 500.0], HEAP);
const FIFO_32: ([f64; 7], [f64; 7]) = (
    [150.0, 240.0, 180.0, 150.0, 240.0, 180.0, 150.0],
    [100.0, 200.0, 100.0, 100.0, 200.0, 100.0, 100.0],
);
const ZERO_32: ([f64; 7], [f64; 7]) = ([150.0, 250.0, 350.0, 150.0, 250.0, 350.0, 150.0], HEAP);
/// One query: a median with no interval.
const ZERO_64: ([f64; 1], [f64; 1]) = ([400.0], [100.0]);

fn fixture(root: &Path) -> Vec<PathBuf> {
    let default = write_run(
        &root.join("default"),
        &meta("octile", 0.25, "lifo"),
        &[
            (32, &DEFAULT_32.0, &DEFAULT_32.1),
            (64, &DEFAULT_64.0, &DEFAULT_64.1),
        ],
        Some((64, 1)),
    );
    let fifo = write_run(
        &root.join("tie-fifo"),
        &meta("octile", 0.25, "fifo"),
        &[(32, &FIFO_32.0, &FIFO_32.1)],
        None,
    );
    let zero = write_run(
        &root.join("heuristic-zero"),
        &meta("zero", 0.25, "lifo"),
        &[(32, &ZERO_32.0, &ZERO_32.1), (64, &ZERO_64.0, &ZERO_64.1)],
        None,
    );
    vec![default, fifo, zero]
}

/// The smallest and largest value.
fn range(v: &[f64]) -> (f64, f64) {
    let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo, hi)
}

#[test]
fn medians_intervals_and_verdicts_per_condition() {
    let dir = tempfile::tempdir().unwrap();
    let runs = fixture(dir.path());
    let conditions = claim_conditions(&runs).unwrap();
    // The fixture lists default, fifo, zero; the table orders the default
    // first, then a moved heuristic, density or tie policy, in that order.
    let names: Vec<&str> = conditions.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["default", "heuristic-zero", "tie-fifo"]);
    let [common, strict] = READINGS;

    let d32 = ratios(&DEFAULT_32.0, &DEFAULT_32.1, None);
    // The mismatched heap row (query 1) has no pair, so it drops out.
    let d64 = ratios(&DEFAULT_64.0, &DEFAULT_64.1, Some(1));
    let f32_ = ratios(&FIFO_32.0, &FIFO_32.1, None);
    assert_ne!(
        median(d64.clone()),
        median(ratios(&DEFAULT_64.0, &DEFAULT_64.1, None))
    );

    let default = &conditions[0];
    assert_eq!(default.name, "default");
    assert_eq!(default.moved(), "default");
    let heap = default.of("heap").unwrap();
    let got: Vec<(u32, f64, (f64, f64), usize)> = heap
        .iter()
        .map(|(z, r)| {
            let ci = r.ci.expect("seven or six queries have an interval");
            (*z, r.median, (ci.lo, ci.hi), r.spread.n)
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (32, median(d32.clone()), range(&d32), 7),
            (64, median(d64.clone()), range(&d64), 6)
        ]
    );
    assert_eq!(sizes_where(heap, common.band, Verdict::Inside), vec![32]);
    assert_eq!(sizes_where(heap, common.band, Verdict::Above), vec![64]);
    assert_eq!(sizes_where(heap, strict.band, Verdict::Below), vec![32]);
    assert_eq!(sizes_where(heap, strict.band, Verdict::Above), vec![64]);
    // Heap-scan takes twice the heap's time, so half its speedup.
    let scan = default.of("heap-scan").unwrap();
    assert_eq!(scan[0].1.median, median(d32.clone()) / 2.0);
    assert_eq!(sizes_where(scan, common.band, Verdict::Below), vec![32]);

    let fifo = &conditions[2];
    assert_eq!(fifo.moved(), "fifo ties");
    let heap = fifo.of("heap").unwrap();
    assert_eq!(heap.len(), 1);
    assert_eq!(heap[0].1.median, median(f32_.clone()));
    assert_eq!(sizes_where(heap, common.band, Verdict::Below), vec![32]);

    // 1.5–3.5: the median (2.5) is inside 2–3×, the interval is not.
    let zero = conditions[1].of("heap").unwrap();
    assert_eq!(zero[0].1.median, 2.5);
    assert_eq!(sizes_where(zero, common.band, Verdict::Overlaps), vec![32]);
    assert_eq!(sizes_where(zero, strict.band, Verdict::Overlaps), vec![32]);
    // One query at 64²: its 4× is in the strict band, but one value is no
    // interval, so no reading is judged there.
    assert_eq!(zero[1].1.median, 4.0);
    assert_eq!(zero[1].1.ci, None);
    for band in [common.band, strict.band] {
        assert_eq!(sizes_where(zero, band, Verdict::TooFew), vec![64]);
        assert!(sizes_where(zero, band, Verdict::Inside).is_empty());
    }

    let md = claim_markdown(&conditions);
    assert!(md.contains("**2.50× [2.4–2.6]**"), "{md}");
    assert!(md.contains("5.50× [5.0–12] ↑"), "{md}");
    assert!(md.contains("1.50× [1.2–1.8] ↓"), "{md}");
    assert!(md.contains("2.50× [1.5–3.5] ~"), "{md}");
    // A median of one query reads with its count and its own mark, which
    // the legend explains.
    assert!(md.contains("| 4.00× (n = 1) ? |"), "{md}");
    assert!(md.contains(", ? too few queries for an interval"), "{md}");
    assert!(
        md.contains("| default | octile | 0.25 | lifo | `heap-scan` |"),
        "{md}"
    );
    // The fifo condition has no 64² row: its cell says so rather than inventing one.
    let fifo_line = md.lines().find(|l| l.starts_with("| fifo ties |")).unwrap();
    assert!(fifo_line.contains("| – |"), "{fifo_line}");
    assert!(
        md.contains("Read as 2–3× as fast, the claim holds (interval inside 2–3×) at no measured size; interval overlapping 2–3× at 32²; too few for an interval at 64²."),
        "{md}"
    );
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

    // The folders in another order (as a shell glob sorts them) write the
    // very same files, marker included.
    let mut reversed: Vec<String> = vec!["claim".into()];
    reversed.extend(runs.iter().rev().map(|r| r.display().to_string()));
    reversed.extend(["--reports".into(), reports.display().to_string()]);
    let reversed: Vec<&str> = reversed.iter().map(String::as_str).collect();
    assert!(crate::astar_lab(&reversed).status.success());
    let read = |name: &str| std::fs::read_to_string(reports.join(name)).unwrap();
    assert_eq!(read("README.md"), after);
    assert_eq!(read("conditions/claim.md"), table);

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
    write_run(&run, &m, &[(32, &DEFAULT_32.0, &DEFAULT_32.1)], None);
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
