//! Charts and reports from a fixture run folder: the files exist and parse,
//! the tables hold the fixture's medians (recomputed here), the writeup keeps
//! every byte outside its generated sections, and several run folders merge
//! only when they belong to one sweep.

use astar_core::{CostModel, Rules};
use astar_harness::present::charts::plot_runs;
use astar_harness::present::format::ratio_text;
use astar_harness::present::report::write_report;
use astar_harness::runs::load_runs;
use astar_harness::runs::{OtherLoad, Record, RunMeta, Status, SweepConfig};
use astar_registry::Strategy;
use std::path::{Path, PathBuf};

const SIZES: [u32; 3] = [32, 64, 128];
const STRATEGIES: [&str; 4] = ["linear", "sorted", "heap", "floor"];
const MAPS: u32 = 2;
const QUERIES: u32 = 3;
/// The one row that is a mismatch: heap, size 64, map 1, query 2.
const BAD: (u32, u64, u32, &str) = (64, 1, 2, "heap");

fn config() -> SweepConfig {
    SweepConfig {
        sizes: SIZES.to_vec(),
        densities: vec![0.25],
        maps: MAPS,
        queries: QUERIES,
        seed: 1,
        min_time_ms: 5.0,
        ..SweepConfig::new(
            &STRATEGIES.map(|s| s.parse().unwrap()),
            &Rules::default(),
            CostModel::Seed,
        )
    }
}

fn meta(config: SweepConfig) -> RunMeta {
    RunMeta {
        command: "astar-lab sweep --sizes 32,64,128".into(),
        peak_rss_bytes: Some(512 << 20),
        other_load: Some(OtherLoad {
            other: 0.31,
            steal: 0.04,
        }),
        ..crate::fixture_meta(config)
    }
}

/// A believable row: the search grows with the map, the per-expansion cost
/// depends on the list and OPEN's size, and queries differ.
fn row(size: u32, map_seed: u64, query: u32, strategy: &str) -> Record {
    let wobble = 1.0 + 0.07 * f64::from((query * 7 + map_seed as u32 * 3) % 5);
    let expansions = u64::from(size * size / 4) + u64::from(query) * 17 + map_seed * 5;
    let max_open = u64::from(size) * 2 + u64::from(query);
    let per_expansion = match strategy {
        "linear" => 10.0 + max_open as f64 * 0.3,
        "sorted" => 20.0 + max_open as f64 * 0.05,
        "heap" => 30.0 + 4.0 * (max_open as f64).log2(),
        _ => 8.0,
    };
    let status = if (size, map_seed, query, strategy) == BAD {
        Status::mismatch("cost 100 vs 102")
    } else {
        Status::Ok
    };
    Record {
        size,
        density: 0.25,
        map_seed,
        query,
        strategy: strategy.into(),
        ns_per_search: (expansions as f64 * per_expansion * wobble).round(),
        repeats: 11,
        expansions,
        pushes: expansions * 13 / 10,
        pops: expansions,
        decreases: expansions / 5,
        reopens: 0,
        max_open,
        cost: Some(u64::from(size) * 12),
        path_len: Some(f64::from(size) * 1.2),
        status,
        start_x: 1,
        start_y: 1,
        goal_x: size - 2,
        goal_y: size - 2,
        stale_pops: 0,
        bytes_per_cell: 24.0 + f64::from(query),

        ..Record::default()
    }
}

fn all_rows() -> Vec<Record> {
    let mut rows = Vec::new();
    for size in SIZES {
        for map_seed in 0..u64::from(MAPS) {
            for query in 0..QUERIES {
                for s in STRATEGIES {
                    rows.push(row(size, map_seed, query, s));
                }
            }
        }
    }
    rows
}

fn csv_text(rows: &[Record]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.serialize(r).unwrap();
    }
    String::from_utf8(w.into_inner().unwrap()).unwrap()
}

fn write_run(dir: &Path, meta: &RunMeta, csv: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(
        dir.join("meta.json"),
        serde_json::to_string_pretty(meta).unwrap(),
    )
    .unwrap();
    std::fs::write(dir.join("results.csv"), csv).unwrap();
    dir.to_path_buf()
}

fn fixture(root: &Path) -> PathBuf {
    write_run(&root.join("run"), &meta(config()), &csv_text(&all_rows()))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The median over the queries where both are ok of `num`'s time ÷ `den`'s
/// at `size`: a paired ratio, recomputed from the fixture.
fn paired_median(size: u32, num: &str, den: &str) -> f64 {
    paired_median_in(&all_rows(), size, num, den)
}

/// [`paired_median`] over `rows`.
fn paired_median_in(rows: &[Record], size: u32, num: &str, den: &str) -> f64 {
    let ok = |strategy: &str| -> Vec<&Record> {
        rows.iter()
            .filter(|r| r.size == size && r.strategy == strategy && r.status == Status::Ok)
            .collect()
    };
    let nums = ok(num);
    median(
        ok(den)
            .iter()
            .filter_map(|d| {
                let n = nums
                    .iter()
                    .find(|n| (n.map_seed, n.query) == (d.map_seed, d.query))?;
                Some(n.ns_per_search / d.ns_per_search)
            })
            .collect(),
    )
}

fn ok_rows(size: u32, strategy: &str) -> Vec<Record> {
    all_rows()
        .into_iter()
        .filter(|r| r.size == size && r.strategy == strategy && r.status == Status::Ok)
        .collect()
}

#[test]
fn plot_writes_every_chart_as_parseable_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let run = fixture(dir.path());
    let out = dir.path().join("charts");
    let files = plot_runs(&[run], &out).unwrap();
    let titles = [
        ("speedup-vs-linear", "Speedup over the linear scan"),
        ("speedup-vs-sorted", "Speedup over the sorted vector"),
        ("time-per-search", "Time per search"),
        ("ns-per-expansion", "Time per expansion"),
        ("open-and-operations", "OPEN size"),
    ];
    assert_eq!(files.len(), 2 * titles.len(), "{files:?}");
    for (stem, title) in titles {
        let svg = std::fs::read_to_string(out.join(format!("{stem}.svg"))).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{stem}.svg: {e}"));
        let text: String = doc
            .descendants()
            .filter_map(|n| n.text())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(title), "{stem}.svg lacks its title {title:?}");
        assert!(text.contains("map side"), "{stem}.svg lacks its x label");

        let png = image::open(out.join(format!("{stem}.png")))
            .unwrap_or_else(|e| panic!("{stem}.png: {e}"))
            .to_rgb8();
        assert!(png.width() >= 800 && png.height() >= 500);
        let inked = png.pixels().filter(|p| p.0 != [255, 255, 255]).count();
        assert!(
            inked > 10_000,
            "{stem}.png is nearly blank ({inked} pixels)"
        );
    }
    // The speedup chart names every strategy but its baseline in the legend.
    let svg = std::fs::read_to_string(out.join("speedup-vs-linear.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    for s in ["sorted", "heap", "floor (upper bound)"] {
        assert!(texts.contains(&s), "legend lacks {s}");
    }
    // Its shaded band is the bootstrap interval of the median, and says so.
    let legend = texts.join(" ");
    assert!(
        legend.contains("95% bootstrap") && legend.contains("of the median"),
        "legend lacks the band's meaning: {legend}"
    );
    // No temporary files are left next to the charts.
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), files.len());
}

/// The generated sections' names, as the report fills them.
const MINE: [&str; 4] = ["conditions", "findings", "targets", "tables"];

/// The text with every one of our generated sections (markers included)
/// cut out: what must stay byte for byte.
fn outside(text: &str) -> String {
    let mut out = text.to_string();
    for name in MINE {
        let begin = out.find(&format!("<!-- BEGIN GENERATED: {name}")).unwrap();
        let end_marker = format!("<!-- END GENERATED: {name} -->");
        let end = out.find(&end_marker).unwrap() + end_marker.len();
        out.replace_range(begin..end, "");
    }
    out
}

fn section<'a>(text: &'a str, name: &str) -> &'a str {
    let begin = text.find(&format!("<!-- BEGIN GENERATED: {name}")).unwrap();
    let end = text
        .find(&format!("<!-- END GENERATED: {name} -->"))
        .unwrap();
    &text[begin..end]
}

#[test]
fn report_splices_only_between_markers() {
    let dir = tempfile::tempdir().unwrap();
    let run = fixture(dir.path());
    let reports = dir.path().join("reports");
    std::fs::create_dir_all(&reports).unwrap();
    let before = "# Writeup\n\nHand-written intro, kept.\n\n\
        <!-- BEGIN GENERATED: conditions (old) -->\nstale\n<!-- END GENERATED: conditions -->\n\n\
        Between, kept.\n\n<!-- BEGIN GENERATED: findings -->\n<!-- END GENERATED: findings -->\n\n\
        <!-- BEGIN GENERATED: targets -->\n<!-- END GENERATED: targets -->\n\n\
        ## What the seeds got right and wrong\n\n\
        <!-- BEGIN GENERATED: seeds (by someone else) -->\nnot ours\n<!-- END GENERATED: seeds -->\n\n\
        <!-- BEGIN GENERATED: tables -->\nold table\n<!-- END GENERATED: tables -->\nOutro, kept.";
    std::fs::write(reports.join("README.md"), before).unwrap();
    write_report(std::slice::from_ref(&run), &reports).unwrap();
    let after = std::fs::read_to_string(reports.join("README.md")).unwrap();
    assert_eq!(outside(&after), outside(before));
    assert!(!after.contains("stale") && !after.contains("old table"));
    assert!(after.contains("not ours"), "another section was touched");
    assert!(section(&after, "tables").contains("Median time per search"));
    assert!(section(&after, "findings").contains("speedup over the linear scan"));
    assert!(section(&after, "conditions").contains("Test CPU"));
    assert!(
        section(&after, "conditions").contains("| 512 MiB |"),
        "the machine facts show the sweep's peak memory"
    );
    assert!(
        section(&after, "conditions").contains("| 31% (steal 4%) |"),
        "the machine facts show what else ran meanwhile"
    );
    assert!(
        section(&after, "tables").contains("astar-lab report"),
        "the opening marker names the command"
    );
    // A second run over the same data changes nothing.
    write_report(&[run], &reports).unwrap();
    assert_eq!(
        std::fs::read_to_string(reports.join("README.md")).unwrap(),
        after
    );
}

/// The cells of the row for `size` in the first table after `heading`.
fn table_row(md: &str, heading: &str, size: u32) -> (Vec<String>, Vec<String>) {
    let at = md.find(heading).unwrap_or_else(|| panic!("no {heading:?}"));
    let mut lines = md[at..].lines().skip_while(|l| !l.starts_with('|'));
    let cells = |l: &str| -> Vec<String> {
        l.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let header = cells(lines.next().unwrap());
    let row = lines
        .take_while(|l| l.starts_with('|'))
        .find(|l| l.starts_with(&format!("| {size}² |")))
        .unwrap_or_else(|| panic!("no row {size} under {heading:?}"));
    (header, cells(row))
}

fn cell<'a>(header: &[String], row: &'a [String], strategy: &str) -> &'a str {
    let i = header.iter().position(|h| h == strategy).unwrap();
    &row[i]
}

#[test]
fn tables_hold_the_fixture_medians() {
    let dir = tempfile::tempdir().unwrap();
    let run = fixture(dir.path());
    let reports = dir.path().join("reports");
    write_report(&[run], &reports).unwrap();
    let md = std::fs::read_to_string(reports.join("tables.md")).unwrap();

    let heading = "**Median time per search (";
    let unit = &md[md.find(heading).unwrap() + heading.len()..];
    let div = match &unit[..unit.find(')').unwrap()] {
        "ns" => 1.0,
        "µs" => 1e3,
        "ms" => 1e6,
        other => panic!("unit {other}"),
    };
    for size in SIZES {
        let (header, row) = table_row(&md, heading, size);
        for s in STRATEGIES {
            let want = median(ok_rows(size, s).iter().map(|r| r.ns_per_search).collect()) / div;
            let got: f64 = cell(&header, &row, s).parse().unwrap();
            assert!(
                (got - want).abs() <= want * 0.005,
                "{s} at {size}: table {got}, fixture {want}"
            );
        }
        // Speedup of the heap over linear: paired per query, then the median.
        let want = paired_median(size, "linear", "heap");
        let (header, row) = table_row(&md, "**Speedup over linear**", size);
        let text = cell(&header, &row, "heap");
        // Three significant digits, then the interval in brackets.
        let got: f64 = text
            .split(' ')
            .next()
            .unwrap()
            .trim_end_matches('×')
            .parse()
            .unwrap();
        if size == BAD.0 {
            // The mismatched heap row leaves five queries: too few for an
            // interval, so their count is printed instead.
            assert!(text.ends_with(" (n = 5)"), "{text}");
        } else {
            assert!(text.contains(" [") && text.ends_with(']'), "{text}");
        }
        assert!(
            (got - want).abs() <= want * 0.005 + 0.006,
            "heap speedup at {size}: {text} vs {want}"
        );
    }
    // Bytes per cell: the largest over the ok rows of each size and strategy.
    for size in SIZES {
        let (header, row) = table_row(&md, "**Bytes of search state per cell**", size);
        for s in STRATEGIES {
            let want = ok_rows(size, s)
                .iter()
                .map(|r| r.bytes_per_cell)
                .fold(f64::MIN, f64::max);
            let got: f64 = cell(&header, &row, s).parse().unwrap();
            assert!((got - want).abs() < 0.06, "{s} at {size}: {got} vs {want}");
        }
    }
    // The mismatch row is counted where it happened and nowhere else.
    let (header, row) = table_row(&md, "**Rows not ok**", BAD.0);
    assert_eq!(cell(&header, &row, "heap"), "1");
    assert_eq!(cell(&header, &row, "linear"), "0");
    assert!(md.contains("1 of 72 rows are errors or mismatches"));
}

#[test]
fn load_runs_rejects_folders_of_different_sweeps() {
    let dir = tempfile::tempdir().unwrap();
    let a = fixture(dir.path());
    let mut other = config();
    other.heuristic = "manhattan".parse().unwrap();
    let b = write_run(&dir.path().join("b"), &meta(other), &csv_text(&all_rows()));
    let err = load_runs(&[a, b]).unwrap_err().to_string();
    assert!(err.contains("heuristic"), "{err}");
    assert!(!err.contains('\n'));
}

#[test]
fn load_runs_merges_shards_drops_duplicates_and_cut_lines() {
    let dir = tempfile::tempdir().unwrap();
    let rows = all_rows();
    let (first, second) = rows.split_at(40);
    // The second shard repeats five rows of the first and was killed while
    // writing its last row.
    let mut second_csv = csv_text(&[&first[35..], second].concat());
    let cut_at = second_csv.trim_end().rfind('\n').unwrap() + 20;
    let last_row_whole = second_csv.clone();
    second_csv.truncate(cut_at);
    let a = write_run(&dir.path().join("a"), &meta(config()), &csv_text(first));
    let b = write_run(&dir.path().join("b"), &meta(config()), &second_csv);
    let loaded = load_runs(&[a.clone(), b.clone()]).unwrap();
    assert_eq!(loaded.duplicates, 5);
    assert_eq!(loaded.truncated, vec![b.join("results.csv")]);
    assert_eq!(loaded.rows.len(), rows.len() - 1);
    assert_eq!(loaded.rows[..], rows[..rows.len() - 1]);

    // The same file whole loads every row.
    std::fs::write(b.join("results.csv"), last_row_whole).unwrap();
    let loaded = load_runs(&[a.clone(), b.clone()]).unwrap();
    assert_eq!(loaded.rows.len(), rows.len());
    assert!(loaded.truncated.is_empty());
}

#[test]
fn load_runs_names_the_file_and_line_of_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = csv_text(&all_rows()[..6]);
    // Line 4 (header is line 1) gets a size that is not a number.
    let lines: Vec<&str> = text.lines().collect();
    let bad = lines[3].replacen("32,", "big,", 1);
    text = [&lines[..3], &[bad.as_str()], &lines[4..]]
        .concat()
        .join("\n")
        + "\n";
    let run = write_run(&dir.path().join("bad"), &meta(config()), &text);
    let err = load_runs(std::slice::from_ref(&run))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("results.csv") && err.contains("line 4"),
        "{err}"
    );

    let missing = dir.path().join("nowhere");
    let err = load_runs(&[missing]).unwrap_err().to_string();
    assert!(err.contains("nowhere"), "{err}");

    std::fs::remove_file(run.join("meta.json")).unwrap();
    let err = load_runs(&[run]).unwrap_err().to_string();
    assert!(err.contains("meta.json"), "{err}");
}

#[test]
fn a_median_of_one_query_has_neither_interval_nor_spread() {
    // The largest size keeps one query: its ratios print their count, not
    // an interval of width zero, and no middle half is made up for it. (At
    // 64² the mismatched row leaves five: too few for an interval too.)
    let top = *SIZES.last().unwrap();
    let rows: Vec<Record> = all_rows()
        .into_iter()
        .filter(|r| r.size != top || (r.map_seed, r.query) == (0, 0))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let run = write_run(&dir.path().join("run"), &meta(config()), &csv_text(&rows));
    let reports = dir.path().join("reports");
    write_report(&[run], &reports).unwrap();
    let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
    let findings = section(&md, "findings");
    let speedup = ratio_text(paired_median_in(&rows, top, "linear", "heap"));
    assert!(
        findings.contains(&format!(
            "- At {top}² one query alone gives `heap`'s speedup, {speedup}×: there is no spread to report."
        )),
        "{findings}"
    );
    assert!(
        !findings.contains(&format!("At {top}² the middle half")),
        "{findings}"
    );
    assert!(
        findings.contains(&format!("too few for an interval at 64² and {top}²")),
        "{findings}"
    );
    let (header, row) = table_row(&md, "**Speedup over linear**", top);
    let text = cell(&header, &row, "heap");
    assert!(text.ends_with("× (n = 1)") && !text.contains('['), "{text}");
}

#[test]
fn targets_section_checks_the_fixture_against_the_targets() {
    let dir = tempfile::tempdir().unwrap();
    let run = fixture(dir.path());
    let reports = dir.path().join("reports");
    write_report(&[run], &reports).unwrap();
    let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
    let targets = section(&md, "targets");
    let top = *SIZES.last().unwrap();
    // The fastest list: the lowest median of its time over the floor's,
    // paired per query, recomputed from the fixture.
    let (fastest, over_floor) = STRATEGIES
        .iter()
        .filter(|s| **s != "floor")
        .map(|s| (*s, paired_median(top, s, "floor")))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    let line = targets
        .lines()
        .find(|l| l.contains(&format!("fastest list ({fastest}) within 1.25×")))
        .unwrap_or_else(|| panic!("no floor target line for {fastest} in\n{targets}"));
    let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
    let (median_text, interval) = cells[1].split_once(' ').unwrap();
    let got: f64 = median_text.trim_end_matches('×').parse().unwrap();
    assert!(
        (got - over_floor).abs() <= over_floor * 0.005 + 0.006,
        "{line} vs {over_floor}"
    );
    // The verdict follows the interval: met or not only when both ends agree.
    let ends: Vec<f64> = interval
        .trim_matches(|c| c == '[' || c == ']')
        .split('–')
        .map(|x| x.parse().unwrap())
        .collect();
    let met = match (ends[0] <= 1.25, ends[1] <= 1.25) {
        (true, true) => "met",
        (false, false) => "**not met**",
        _ => "undecided: the interval crosses the target",
    };
    assert_eq!(cells[2], met, "{line}");
    // No peer in this run: its targets say so rather than invent a verdict.
    assert!(
        targets.contains("at least 3× faster than `pathfinding` | not measured in this run"),
        "{targets}"
    );
    // The fixture is not the targets' map size, and the section says so.
    assert!(
        targets.contains(&format!("its largest map is {top}², not 1024²")),
        "{targets}"
    );
}

/// Map seeds of the paired fixture: not 0 and 1, so no seed equals a query.
const PAIRED_SEEDS: [u64; 2] = [5, 9];

/// Linear's time and the heap's speedup over it, per (map, query): the
/// speedups differ from map to map, so how runs are paired shows.
fn paired_times(map: usize, query: u32) -> (f64, f64) {
    let linear = [[1000.0, 1100.0, 1200.0], [9000.0, 9500.0, 10000.0]];
    let speedup = [[2.0, 3.0, 4.0], [6.0, 7.0, 9.0]];
    (linear[map][query as usize], speedup[map][query as usize])
}

/// Every row ok; the heap's time is linear's over the speedup above, the
/// sorted vector and the floor a fixed fraction of it.
fn paired_rows() -> Vec<Record> {
    let mut rows = Vec::new();
    for size in SIZES {
        for (m, &seed) in PAIRED_SEEDS.iter().enumerate() {
            for query in 0..QUERIES {
                let (linear, speedup) = paired_times(m, query);
                let linear = linear * f64::from(size / 32);
                for s in STRATEGIES {
                    let mut r = row(size, seed, query, s);
                    r.status = Status::Ok;
                    r.ns_per_search = match s {
                        "linear" => linear,
                        "heap" => linear / speedup,
                        "sorted" => linear / 1.5,
                        _ => linear / 20.0,
                    };
                    rows.push(r);
                }
            }
        }
    }
    rows
}

#[test]
fn speedups_pair_runs_by_map_and_query() {
    // What the fixture makes of each way of pairing: paired by (map seed,
    // query) the speedups are 2 3 4 6 7 9, median 5. A ratio of medians, or
    // pairing by query alone (one map's runs standing for both), or one map's
    // heap time against the other map's linear time, each gives another value.
    let rows = paired_rows();
    let at = |size: u32, s: &str, seed: u64, q: u32| {
        rows.iter()
            .find(|r| (r.size, r.strategy.as_str(), r.map_seed, r.query) == (size, s, seed, q))
            .unwrap()
            .ns_per_search
    };
    let want = 5.0;
    for size in SIZES {
        let per_map = |a: u64, b: u64| {
            median(
                (0..QUERIES)
                    .map(|q| at(size, "linear", a, q) / at(size, "heap", b, q))
                    .collect(),
            )
        };
        let [s0, s1] = PAIRED_SEEDS;
        let paired = median(
            PAIRED_SEEDS
                .iter()
                .flat_map(|&m| (0..QUERIES).map(move |q| (m, q)))
                .map(|(m, q)| at(size, "linear", m, q) / at(size, "heap", m, q))
                .collect(),
        );
        assert!((paired - want).abs() < 1e-9);
        let of_medians =
            median(ok_rows_in(&rows, size, "linear")) / median(ok_rows_in(&rows, size, "heap"));
        for other in [
            of_medians,
            per_map(s0, s0),
            per_map(s1, s1),
            per_map(s0, s1),
            per_map(s1, s0),
        ] {
            assert!((other - want).abs() > 0.5, "{other} is too close to {want}");
        }
    }

    let dir = tempfile::tempdir().unwrap();
    let run = write_run(
        &dir.path().join("paired"),
        &meta(config()),
        &csv_text(&rows),
    );
    let reports = dir.path().join("reports");
    write_report(&[run], &reports).unwrap();
    let md = std::fs::read_to_string(reports.join("tables.md")).unwrap();
    for size in SIZES {
        let (header, row) = table_row(&md, "**Speedup over linear**", size);
        let text = cell(&header, &row, "heap");
        let got: f64 = leading_number(text);
        assert!(
            (got - want).abs() <= 0.006,
            "heap speedup at {size}: {text}"
        );
        // Constant speedups pair to themselves however they are paired.
        let text = cell(&header, &row, "sorted");
        let got: f64 = leading_number(text);
        assert!(
            (got - 1.5).abs() <= 0.006,
            "sorted speedup at {size}: {text}"
        );
    }
}

/// The number a table cell opens with: `5.00` of `5.00× [4.1–6.2]`.
fn leading_number(text: &str) -> f64 {
    let first = text.split(' ').next().unwrap();
    first
        .trim_matches(|c: char| c == '*' || c == '×')
        .parse()
        .unwrap_or_else(|_| panic!("no number in {text:?}"))
}

fn ok_rows_in(rows: &[Record], size: u32, strategy: &str) -> Vec<f64> {
    rows.iter()
        .filter(|r| r.size == size && r.strategy == strategy && r.status == Status::Ok)
        .map(|r| r.ns_per_search)
        .collect()
}

/// The fixture's rows split into `n` shards by query, as a sharded sweep
/// splits whole queries: shard `k` (1-based) has the queries `q` with
/// `q % n == k - 1`.
fn shard_rows(n: u32, k: u32) -> Vec<Record> {
    all_rows()
        .into_iter()
        .filter(|r| r.query % n == k - 1)
        .collect()
}

/// Shard `k/n` of the fixture in `root`, measured on `cpu` with `cores`.
fn shard_run(root: &Path, n: u32, k: u32, cpu: &str, cores: usize) -> PathBuf {
    let mut m = meta(config());
    m.shard = format!("{k}/{n}").parse().unwrap();
    m.machine.cpu = cpu.into();
    m.machine.cores = cores;
    write_run(
        &root.join(format!("shard-{k}-of-{n}")),
        &m,
        &csv_text(&shard_rows(n, k)),
    )
}

fn conditions_of(runs: &[PathBuf], reports: &Path) -> String {
    write_report(runs, reports).unwrap();
    let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
    section(&md, "conditions").to_string()
}

#[test]
fn conditions_name_each_machine_when_shards_ran_on_several() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let runs = [
        shard_run(root, 3, 1, "Test CPU", 2),
        shard_run(root, 3, 2, "Other CPU", 8),
        shard_run(root, 3, 3, "Test CPU", 2),
    ];
    let text = conditions_of(&runs, &root.join("reports"));
    let line = text
        .lines()
        .find(|l| l.starts_with("| machines |"))
        .unwrap_or_else(|| panic!("no machines line in\n{text}"));
    assert!(line.contains("2 different machines"), "{line}");
    assert!(
        line.contains("shards 1/3, 3/3 on Test CPU (2 cores, rustc 1.85.0)"),
        "{line}"
    );
    assert!(
        line.contains("shard 2/3 on Other CPU (8 cores, rustc 1.85.0)"),
        "{line}"
    );
    assert!(line.contains("every ratio pairs"), "{line}");
    // Each shard keeps its own line in the run-folder table too.
    for k in 1..=3 {
        assert!(
            text.contains(&format!("shard-{k}-of-3` | {k}/3 |")),
            "{text}"
        );
    }

    // The same CPU with another core count is another machine.
    let dir = tempfile::tempdir().unwrap();
    let runs = [
        shard_run(dir.path(), 2, 1, "Test CPU", 2),
        shard_run(dir.path(), 2, 2, "Test CPU", 4),
    ];
    let text = conditions_of(&runs, &dir.path().join("reports"));
    assert!(text.contains("| machines | 2 different machines"), "{text}");
}

#[test]
fn conditions_of_shards_on_one_machine_read_as_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // Another commit and date, but one machine: no machines line.
    let a = shard_run(root, 2, 1, "Test CPU", 2);
    let b = shard_run(root, 2, 2, "Test CPU", 2);
    let mut m = meta(config());
    m.shard = "2/2".parse().unwrap();
    m.machine.commit = "4567def".into();
    m.date = "2026-01-02T00:00:00Z".into();
    std::fs::write(b.join("meta.json"), serde_json::to_string(&m).unwrap()).unwrap();
    let text = conditions_of(&[a, b], &root.join("reports"));
    assert!(!text.contains("| machines |"), "{text}");
    assert!(!text.contains("different machines"), "{text}");

    // And the shards' conditions equal the unsharded run's, but for the run
    // folder table.
    let whole = fixture(root);
    let whole_text = conditions_of(&[whole], &root.join("whole-reports"));
    let conditions = |t: &str| t.split("\n\n| run folder").next().unwrap().to_string();
    let shards_text = conditions_of(
        &[
            shard_run(root, 2, 1, "Test CPU", 2),
            shard_run(root, 2, 2, "Test CPU", 2),
        ],
        &root.join("same-reports"),
    );
    assert_eq!(
        conditions(&shards_text)
            .split_once('\n')
            .unwrap()
            .1
            .to_string(),
        conditions(&whole_text)
            .split_once('\n')
            .unwrap()
            .1
            .to_string()
    );
}

#[test]
fn ratios_never_pair_rows_from_two_run_folders() {
    // One query's heap row sits in a second folder (a rerun, or a shard from
    // another machine), its linear row in the first: that query has no
    // paired ratio, while each strategy's time still counts it.
    let rows = paired_rows();
    let split =
        |r: &Record| (r.size, r.map_seed, r.query, r.strategy.as_str()) == (64, 9, 1, "heap");
    let (moved, kept): (Vec<Record>, Vec<Record>) = rows.iter().cloned().partition(split);
    assert_eq!(moved.len(), 1);
    let dir = tempfile::tempdir().unwrap();
    let mut other = meta(config());
    other.machine.cpu = "Other CPU".into();
    let a = write_run(&dir.path().join("a"), &meta(config()), &csv_text(&kept));
    let b = write_run(&dir.path().join("b"), &other, &csv_text(&moved));
    let (loaded, summary) = astar_harness::stats::load_and_summarise(&[a, b]).unwrap();
    assert_eq!(loaded.rows.len(), rows.len());
    let g = &summary.groups[0];
    for size in SIZES {
        let n = g.ratio(size, "linear", "heap").unwrap().n;
        let want = if size == 64 { 5 } else { 6 };
        assert_eq!(n, want, "queries paired at {size}");
        assert_eq!(g.ratio_ci(size, "linear", "heap").unwrap().spread.n, want);
        assert_eq!(
            g.cell(size, "heap").unwrap().ok,
            6,
            "the time counts every row"
        );
        // Pairs within the second folder still form (here none, as it has
        // no linear row); the first folder's other pairs are all there.
        assert_eq!(g.ratio(size, "linear", "sorted").unwrap().n, 6);
    }
}

/// A row of `strategy` beside every heap row of `rows`, at `times` the
/// heap's time.
fn beside_heap(rows: &[Record], strategy: &str, times: f64) -> Vec<Record> {
    rows.iter()
        .filter(|r| r.strategy == "heap")
        .map(|h| Record {
            strategy: strategy.into(),
            ns_per_search: h.ns_per_search * times,
            ..h.clone()
        })
        .collect()
}

/// The paired fixture with the peers beside it: `pathfinding` 3.5× the
/// heap's time on every query, and `petgraph` (when asked) 2×.
fn rows_with_peers(petgraph: bool) -> Vec<Record> {
    let mut rows = paired_rows();
    let mut peers = beside_heap(&rows, "pathfinding", 3.5);
    if petgraph {
        peers.extend(beside_heap(&rows, "petgraph", 2.0));
    }
    rows.extend(peers);
    rows
}

/// The conditions name the version of each published crate the run measured, as
/// its metadata records it, and say so when it does not.
#[test]
fn the_conditions_name_each_peer_crates_version() {
    let dir = tempfile::tempdir().unwrap();
    let conditions_of = |name: &str, peers: &[&str], recorded: bool| {
        let mut config = config();
        config
            .strategies
            .extend(peers.iter().map(|p| p.parse::<Strategy>().unwrap()));
        let mut meta = meta(config);
        if !recorded {
            meta.machine.peers.clear();
        }
        let rows = if peers.is_empty() {
            paired_rows()
        } else {
            rows_with_peers(peers.contains(&"petgraph"))
        };
        let run = write_run(&dir.path().join(name), &meta, &csv_text(&rows));
        let reports = dir.path().join(format!("reports-{name}"));
        write_report(&[run], &reports).unwrap();
        let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
        section(&md, "conditions").to_string()
    };
    let both = conditions_of("both", &["pathfinding", "petgraph"], true);
    assert!(
        both.contains("| published crates | `pathfinding` 1.2.3, `petgraph` 0.4.5 |"),
        "{both}"
    );
    let one = conditions_of("one", &["pathfinding"], true);
    assert!(
        one.contains("| published crates | `pathfinding` 1.2.3 |"),
        "{one}"
    );
    let old = conditions_of("old", &["pathfinding"], false);
    assert!(
        old.contains("| published crates | `pathfinding` (version not recorded) |"),
        "{old}"
    );
    let none = conditions_of("none", &[], true);
    assert!(!none.contains("published crates"), "{none}");
}

#[test]
fn targets_check_petgraph_only_when_the_run_has_it() {
    let dir = tempfile::tempdir().unwrap();
    let targets_of = |name: &str, petgraph: bool| {
        let mut config = config();
        config.strategies.push(Strategy::Pathfinding);
        if petgraph {
            config.strategies.push(Strategy::Petgraph);
        }
        let run = write_run(
            &dir.path().join(name),
            &meta(config),
            &csv_text(&rows_with_peers(petgraph)),
        );
        let reports = dir.path().join(format!("reports-{name}"));
        write_report(&[run], &reports).unwrap();
        let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
        section(&md, "targets").to_string()
    };
    let with = targets_of("with", true);
    // The heap is the fastest list (the floor is not one, and neither are
    // the peers, however fast): every ratio is constant, so its interval is
    // a point and the verdict sure.
    for line in [
        "| `heap` at least 3× faster than `pathfinding` | 3.50× [3.50–3.50] | met |",
        "| `heap` at least 3× faster than `petgraph` | 2.00× [2.00–2.00] | **not met** |",
        "| fastest list (heap) at least 6× faster than `petgraph` | 2.00× [2.00–2.00] | **not met** |",
    ] {
        assert!(with.contains(line), "no line {line} in\n{with}");
    }
    assert!(
        with.contains("| strategy | median time per search | × floor | `pathfinding` ÷ this | `petgraph` ÷ this | bytes per cell (largest) |"),
        "{with}"
    );
    let heap_row = with.lines().find(|l| l.starts_with("| heap |")).unwrap();
    assert!(
        heap_row.contains("| 3.50× [3.50–3.50] | 2.00× [2.00–2.00] |"),
        "{heap_row}"
    );
    assert!(with.contains("`petgraph` takes "), "{with}");

    // Without petgraph rows, no petgraph line, column or sentence.
    let without = targets_of("without", false);
    assert!(!without.contains("petgraph"), "{without}");
    assert!(without
        .contains("| `heap` at least 3× faster than `pathfinding` | 3.50× [3.50–3.50] | met |"));
}

/// Under the peer's bound the section says what the 3× and 6× targets ask of
/// a list in "× floor" (the peer's median × floor divided by each target)
/// beside what the heap and the fastest list take, all recomputed here
/// from the fixture's rows at the size judged (its largest).
#[test]
fn the_targets_say_what_each_peer_target_asks_of_a_list() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config();
    config
        .strategies
        .extend([Strategy::Pathfinding, Strategy::TwoLevel]);
    // A list faster than the heap, so that the fastest list is not the heap.
    let mut rows = rows_with_peers(false);
    rows.extend(beside_heap(&rows, "two-level", 0.5));
    let run = write_run(&dir.path().join("run"), &meta(config), &csv_text(&rows));
    let reports = dir.path().join("reports");
    write_report(&[run], &reports).unwrap();
    let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
    let targets = section(&md, "targets");
    let size = *SIZES.last().unwrap();
    let over_floor = |strategy: &str| {
        let at = |s: &str, seed: u64, q: u32| {
            rows.iter()
                .find(|r| (r.size, r.strategy.as_str(), r.map_seed, r.query) == (size, s, seed, q))
                .unwrap()
                .ns_per_search
        };
        median(
            PAIRED_SEEDS
                .iter()
                .flat_map(|&m| (0..QUERIES).map(move |q| (m, q)))
                .map(|(m, q)| at(strategy, m, q) / at("floor", m, q))
                .collect(),
        )
    };
    let peer = over_floor("pathfinding");
    let line = format!(
        "At that bound, 3× faster than the peer means about {}× the floor's time (`heap` takes {}×), and 6× faster about {}× (`two-level` takes {}×).",
        ratio_text(peer / 3.0),
        ratio_text(over_floor("heap")),
        ratio_text(peer / 6.0),
        ratio_text(over_floor("two-level")),
    );
    assert!(targets.contains(&line), "no line\n{line}\nin\n{targets}");
}

/// Two lists whose medians disagree: `bucket` has the lower median time
/// (its ratio to the floor is high on the short queries and low on the long
/// ones), `two-level` the lower median time ÷ floor; `radix` would be the
/// fastest of all but has a row over the time budget.
fn rows_where_time_and_ratio_disagree() -> Vec<Record> {
    let floor = [100.0, 100.0, 100.0, 1000.0, 1000.0, 1000.0];
    let over_floor = [
        ("floor", [1.0; 6]),
        ("bucket", [1.5, 1.5, 1.5, 1.1, 1.1, 1.1]),
        ("two-level", [1.2; 6]),
        ("radix", [1.0; 6]),
    ];
    let mut rows = Vec::new();
    for (i, f) in floor.iter().enumerate() {
        let (map_seed, query) = (PAIRED_SEEDS[i / 3], i as u32 % 3);
        for (strategy, ratio) in over_floor {
            let mut r = Record {
                size: 1024,
                ns_per_search: f * ratio[i],
                ..row(32, map_seed, query, strategy)
            };
            (r.map_seed, r.query) = (map_seed, query);
            if (strategy, i) == ("radix", 5) {
                r.status = Status::OverBudget;
            }
            rows.push(r);
        }
    }
    rows
}

#[test]
fn the_fastest_list_is_the_one_with_the_lowest_time_over_the_floor() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config();
    config.sizes = vec![1024];
    config.strategies = [
        Strategy::Floor,
        Strategy::Bucket,
        Strategy::TwoLevel,
        Strategy::Radix,
    ]
    .to_vec();
    let rows = rows_where_time_and_ratio_disagree();
    // The premise: by median time bucket would win, by ratio two-level.
    assert!(
        median(ok_rows_in(&rows, 1024, "bucket")) < median(ok_rows_in(&rows, 1024, "two-level"))
    );
    let run = write_run(&dir.path().join("run"), &meta(config), &csv_text(&rows));
    let reports = dir.path().join("reports");
    write_report(&[run], &reports).unwrap();
    let md = std::fs::read_to_string(reports.join("README.md")).unwrap();
    let targets = section(&md, "targets");
    let line = "| fastest list (two-level) within 1.25× of the floor | 1.20× [1.20–1.20] | met |";
    assert!(targets.contains(line), "no line {line} in\n{targets}");
    let findings = section(&md, "findings");
    assert!(
        findings.contains("by the median over queries of its time ÷ the floor's")
            && findings.contains("two-level at 1024² (1.20× [1.20–1.20])"),
        "{findings}"
    );
}
