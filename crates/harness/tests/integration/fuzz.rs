//! The map and scenario parsers on arbitrary bytes and on damaged real files:
//! they return `Ok` or `Err`, never panic. Proptest fails the test on a panic.
//! A damaged scenario, and the real one next to a damaged map, are also run
//! end to end: the runner either errors naming the line at fault or returns
//! verdicts that the reference Dijkstra confirms row by row.

use crate::{data_dir, reference};
use astar_core::{parse_map, parse_scen, Rules};
use astar_harness::experiments::scenario::{run_scenario, ScenOptions};
use astar_harness::measure::suite::sample_rows;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn arena_map() -> &'static [u8] {
    static TEXT: OnceLock<Vec<u8>> = OnceLock::new();
    TEXT.get_or_init(|| std::fs::read(data_dir().join("arena.map")).unwrap())
}

fn arena_scen() -> &'static [u8] {
    static TEXT: OnceLock<Vec<u8>> = OnceLock::new();
    TEXT.get_or_init(|| std::fs::read(data_dir().join("arena.map.scen")).unwrap())
}

/// One way of damaging a file; positions are taken modulo its length.
#[derive(Clone, Debug)]
enum Mutation {
    /// XOR one byte with a non-zero mask.
    Flip(usize, u8),
    /// Cut the file short.
    Truncate(usize),
    /// Insert a byte.
    Insert(usize, u8),
    /// Repeat one line.
    DuplicateLine(usize),
    /// Drop one line.
    DeleteLine(usize),
    /// Replace one line by another line of the file.
    SwapLine(usize, usize),
}

fn mutation() -> impl proptest::strategy::Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), 1..=255u8).prop_map(|(i, m)| Mutation::Flip(i, m)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        2 => (any::<usize>(), prop::sample::select(b" \t\r\n.@0-9x\xff".to_vec()))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
        2 => any::<usize>().prop_map(Mutation::DuplicateLine),
        2 => any::<usize>().prop_map(Mutation::DeleteLine),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLine(a, b)),
    ]
}

fn apply(text: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for m in mutations {
        let mut lines: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        let (n, l) = (bytes.len().max(1), lines.len());
        match *m {
            Mutation::Flip(i, mask) if !bytes.is_empty() => bytes[i % n] ^= mask,
            Mutation::Truncate(i) => bytes.truncate(i % n),
            Mutation::Insert(i, b) => bytes.insert(i % (bytes.len() + 1), b),
            Mutation::DuplicateLine(i) => {
                let line = lines[i % l].clone();
                lines.insert(i % l, line);
                bytes = lines.join(&b'\n');
            }
            Mutation::DeleteLine(i) => {
                lines.remove(i % l);
                bytes = lines.join(&b'\n');
            }
            Mutation::SwapLine(a, b) => {
                lines[a % l] = lines[b % l].clone();
                bytes = lines.join(&b'\n');
            }
            Mutation::Flip(..) => {}
        }
    }
    bytes
}

/// Parses with both parsers; a parsed map is also drawn, to touch every cell.
fn parse_both(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(grid) = parse_map(&text) {
        assert_eq!(
            grid.to_ascii().len(),
            (grid.width() as usize + 1) * grid.height() as usize
        );
    }
    if let Ok(scen) = parse_scen(&text) {
        for row in &scen.rows {
            assert!(row.optimal.is_finite() && row.tolerance > 0.0);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        parse_both(&bytes);
    }

    /// Arbitrary bodies behind a valid map header, so the row parser is reached.
    #[test]
    fn arbitrary_map_bodies(
        w in 0u64..6, h in 0u64..6,
        body in prop::collection::vec(prop::sample::select(b".@GSOTW\r\n x\xc3\xa9".to_vec()), 0..60),
    ) {
        let mut text = format!("type octile\nheight {h}\nwidth {w}\nmap\n").into_bytes();
        text.extend(body);
        parse_both(&text);
    }

    #[test]
    fn damaged_arena_map(mutations in prop::collection::vec(mutation(), 1..5)) {
        parse_both(&apply(arena_map(), &mutations));
    }

    #[test]
    fn damaged_arena_scen(mutations in prop::collection::vec(mutation(), 1..5)) {
        parse_both(&apply(arena_scen(), &mutations));
    }
}

/// Whether `text` names a line: `line ` and a number.
fn names_a_line(text: &str) -> bool {
    text.match_indices("line ")
        .any(|(i, m)| text[i + m.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Runs `scen` (next to `map`) with one strategy, sampling `sample` rows, and
/// checks what comes out: an error that names the line at fault (or, for a
/// file that is not UTF-8, the file), or a report in which exactly the rows
/// whose printed length disagrees with the reference Dijkstra on the map as
/// parsed are failures, each named by its line.
fn run_and_check(map: &[u8], scen: &[u8], sample: usize) -> Option<(u64, u64)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("arena.map"), map).unwrap();
    let path = dir.path().join("damaged.scen");
    std::fs::write(&path, scen).unwrap();
    let options = ScenOptions {
        strategies: astar_registry::StrategyList::Named(vec![astar_registry::Strategy::ALL[0]]),
        sample: Some(sample),
        maps_dir: None,
    };
    let report = match run_scenario(&path, &options) {
        Err(e) => {
            let e = e.to_string();
            if std::str::from_utf8(scen).is_err() {
                assert!(e.contains("damaged.scen"), "{e}");
            } else {
                assert!(names_a_line(&e), "an error that names no line: {e}");
            }
            return None;
        }
        Ok(report) => report,
    };
    let text = std::str::from_utf8(scen).expect("a report from a UTF-8 file");
    let rows = parse_scen(text)
        .expect("a report from a file that parses")
        .rows;
    let rows = sample_rows(&rows, sample);
    let mut want_failed = BTreeSet::new();
    if !rows.is_empty() {
        let text = std::str::from_utf8(map).expect("a map that was read");
        let grid = parse_map(text).expect("a map that parsed");
        let rules = Rules::movingai();
        for row in &rows {
            let cells = reference::shortest(&grid, &rules, row.start, row.goal)
                .map(|c| c as f64 / f64::from(rules.costs.straight));
            if !cells.is_some_and(|l| row.agrees(l)) {
                want_failed.insert(row.line);
            }
        }
    }
    let prefix = format!("{} line ", path.display());
    let failed: BTreeSet<usize> = report
        .failures
        .iter()
        .map(|f| {
            let rest = f.strip_prefix(&prefix).unwrap_or_else(|| panic!("{f}"));
            let digits = rest.split(' ').next().unwrap();
            digits.parse().unwrap_or_else(|_| panic!("{f}"))
        })
        .collect();
    assert_eq!(failed, want_failed, "{:#?}", report.failures);
    assert_eq!(report.failures.len(), failed.len(), "one failure per row");
    let n = rows.len() as u64;
    let bad = want_failed.len() as u64;
    assert_eq!(report.totals(), (n - bad, bad));
    Some(report.totals())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The scenario runner on a damaged scen next to the real map (rows off
    /// the map, wrong sizes, bad lengths): never a panic, and what comes out
    /// is right.
    #[test]
    fn damaged_scen_runs_or_errors(mutations in prop::collection::vec(mutation(), 1..4)) {
        run_and_check(arena_map(), &apply(arena_scen(), &mutations), 40);
    }

    /// The real scen next to a damaged map (cells turned to walls or back,
    /// rows cut or repeated): an error naming the scen line whose map or
    /// endpoints are at fault, or verdicts right for the map as damaged.
    #[test]
    fn damaged_map_runs_or_errors(mutations in prop::collection::vec(mutation(), 1..4)) {
        run_and_check(&apply(arena_map(), &mutations), arena_scen(), 20);
    }
}

/// A damaged map that still parses can change the verdicts: a wall across
/// the arena's paths makes rows fail, and the check above sees it.
#[test]
fn a_wall_in_the_map_fails_the_rows_it_lengthens() {
    let text = String::from_utf8(arena_map().to_vec()).unwrap();
    let mut grid = parse_map(&text).unwrap();
    let before = grid.passable_count();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let body = lines.iter().position(|l| l.trim() == "map").unwrap() + 1;
    // Wall off column 24 but for its first and last free cells and the
    // scenario's endpoints.
    let scen = parse_scen(std::str::from_utf8(arena_scen()).unwrap()).unwrap();
    let ends: BTreeSet<u32> = scen
        .rows
        .iter()
        .flat_map(|r| [r.start, r.goal])
        .filter(|p| p.x == 24)
        .map(|p| p.y)
        .collect();
    let free: Vec<usize> = (0..grid.height() as usize)
        .filter(|&y| grid.is_passable_at(astar_core::Point::new(24, y as u32)))
        .collect();
    for &y in &free[1..free.len() - 1] {
        if ends.contains(&(y as u32)) {
            continue;
        }
        lines[body + y].replace_range(24..25, "@");
        grid.set_passable(astar_core::Point::new(24, y as u32), false);
    }
    assert!(grid.passable_count() < before);
    let walled = lines.join("\n") + "\n";
    let (_, failed) = run_and_check(walled.as_bytes(), arena_scen(), 160)
        .expect("no row has an endpoint in the wall");
    assert!(failed > 0, "the wall changed no verdict");
}
