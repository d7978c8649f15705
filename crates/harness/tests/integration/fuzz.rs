//! The map and scenario parsers on arbitrary bytes and on damaged real files:
//! they return `Ok` or `Err`, never panic. Proptest fails the test on a panic.
//! A damaged scenario is also run end to end, to show the runner only errors.

use crate::data_dir;
use astar_core::{parse_map, parse_scen};
use astar_harness::experiments::scenario::{run_scenario, ScenOptions};
use proptest::prelude::*;
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The scenario runner on a damaged scen next to the real map: a report
    /// or an error, never a panic (rows off the map, wrong sizes, bad lengths).
    #[test]
    fn damaged_scen_runs_or_errors(mutations in prop::collection::vec(mutation(), 1..4)) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("arena.map"), arena_map()).unwrap();
        let scen = dir.path().join("damaged.scen");
        std::fs::write(&scen, apply(arena_scen(), &mutations)).unwrap();
        let options = ScenOptions {
            strategies: vec![astar_registry::Strategy::ALL[0]],
            sample: Some(40),
            maps_dir: None,
        };
        let _ = run_scenario(&scen, &options);
    }
}
