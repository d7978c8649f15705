//! Bad input to the `astar-lab` binary: exit code 2, exactly one line on
//! stderr that starts with `error:` and names the file and line or the flag,
//! and never a panic. A scenario row whose length is wrong is not bad input
//! but a failed row: exit code 1 and a closing `0 passed, N failed` line.

use crate::{astar_lab, rejects};
use astar_registry::Strategy;
use std::path::{Path, PathBuf};

/// Writes `text` to `dir/name` and returns the path as a string.
fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// A valid 5×3 map with a wall at (2,1).
const GOOD_MAP: &str = "type octile\nheight 3\nwidth 5\nmap\n.....\n..@..\n.....\n";

#[test]
fn malformed_maps_name_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "header.map",
            "type square\nheight 1\nwidth 1\nmap\n.\n",
            &["line 1", "type octile"],
        ),
        ("empty.map", "", &["line 1"]),
        (
            "field.map",
            "type octile\nheigth 1\nwidth 1\nmap\n.\n",
            &["line 2", "heigth"],
        ),
        (
            "number.map",
            "type octile\nheight two\nwidth 3\nmap\n...\n",
            &["line 2", "two"],
        ),
        (
            "negative.map",
            "type octile\nheight 1\nwidth -3\nmap\n...\n",
            &["line 3", "-3"],
        ),
        (
            "huge-number.map",
            "type octile\nheight 1\nwidth 99999999999999999999999\nmap\n.\n",
            &["line 3", "not a whole number"],
        ),
        (
            "rows.map",
            "type octile\nheight 3\nwidth 2\nmap\n..\n..\n",
            &["2 rows", "height 3"],
        ),
        (
            "extra-row.map",
            "type octile\nheight 1\nwidth 2\nmap\n..\n..\n",
            &["line 6"],
        ),
        (
            "width.map",
            "type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
            &["line 6", "width 3"],
        ),
        (
            "char.map",
            "type octile\nheight 1\nwidth 3\nmap\n.x.\n",
            &["line 5", "'x'"],
        ),
        (
            "zero.map",
            "type octile\nheight 0\nwidth 3\nmap\n",
            &["out of range"],
        ),
        (
            "absurd.map",
            "type octile\nheight 4000000000\nwidth 4000000000\nmap\n",
            &["out of range"],
        ),
        (
            "no-width.map",
            "type octile\nheight 1\nmap\n.\n",
            &["width"],
        ),
    ];
    for (name, text, wanted) in cases {
        let path = write(dir.path(), name, text);
        let mut want = vec![*name];
        want.extend_from_slice(wanted);
        rejects(
            &["solve", "--map", &path, "--from", "0,0", "--to", "0,0"],
            &want,
        );
    }
    // Not UTF-8 at all.
    let path = write(dir.path(), "binary.map", [0xff, 0xfe, 0x00, 0x80]);
    rejects(
        &["solve", "--map", &path, "--from", "0,0", "--to", "0,0"],
        &["binary.map"],
    );
    let missing = dir.path().join("missing.map");
    let missing = missing.to_str().unwrap();
    rejects(
        &["solve", "--map", missing, "--from", "0,0", "--to", "0,0"],
        &["missing.map"],
    );
}

#[test]
fn bad_queries_and_flags_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let map = write(dir.path(), "good.map", GOOD_MAP);
    let solve = |extra: &[&str], wanted: &[&str]| {
        let mut args = vec!["solve", "--map", &map];
        args.extend_from_slice(extra);
        rejects(&args, wanted);
    };
    solve(&["--from", "9,9", "--to", "0,0"], &["start", "9,9", "off"]);
    solve(&["--from", "0,0", "--to", "5,0"], &["goal", "5,0", "off"]);
    solve(&["--from", "2,1", "--to", "0,0"], &["start", "2,1", "wall"]);
    solve(&["--from", "0,0", "--to", "2,1"], &["goal", "2,1", "wall"]);
    solve(&["--from", "1", "--to", "0,0"], &["--from"]);
    solve(&["--from=-1,0", "--to", "0,0"], &["--from", "-1,0"]);
    solve(&["--from", "-1,0", "--to", "0,0"], &["--from", "-1,0"]);
    solve(&["--from", "0,0", "--to", "-3,-4"], &["--to", "-3,-4"]);
    solve(&["--from", "0,0", "--to", "0,99999999999"], &["--to"]);
    let ok = ["--from", "0,0", "--to", "4,2"];
    for (flag, value) in [
        ("--strategy", "bogus"),
        ("--strategy", "heap,heap"),
        ("--heuristic", "octagonal"),
        ("--tie", "sideways"),
        ("--moves", "6"),
        ("--costs", "cheap"),
        ("--limit", "x"),
    ] {
        let mut args = ok.to_vec();
        args.extend([flag, value]);
        solve(&args, &[flag, value]);
    }
    // A negative number needs `=`, or it reads as a flag of its own.
    let mut args = ok.to_vec();
    args.push("--limit=-5");
    solve(&args, &["--limit", "-5"]);
    let mut args = ok.to_vec();
    args.push("--frobnicate");
    solve(&args, &["--frobnicate"]);
    rejects(&["solve", "--from", "0,0", "--to", "0,0"], &["--map"]);
    rejects(&["frobnicate"], &["frobnicate"]);
    // The same map and query are fine: the failures above are the flags' fault.
    let out = astar_lab(&["solve", "--map", &map, "--from", "0,0", "--to", "4,2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn malformed_scenarios_name_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.map", GOOD_MAP);
    let row = |fields: &str| format!("version 1\n{}\n", fields.replace(' ', "\t"));
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        (
            "header.scen",
            "version 3\n".into(),
            vec!["line 1", "version 3"],
        ),
        (
            "fields.scen",
            row("0 good.map 5 3 0 0 4"),
            vec!["line 2", "7 fields"],
        ),
        (
            "startx.scen",
            row("0 good.map 5 3 x 0 4 0 4"),
            vec!["line 2", "start x"],
        ),
        (
            "length.scen",
            row("0 good.map 5 3 0 0 4 0 long"),
            vec!["line 2", "long"],
        ),
        (
            "nan.scen",
            row("0 good.map 5 3 0 0 4 0 NaN"),
            vec!["line 2", "NaN"],
        ),
        (
            "nomap.scen",
            row("0 nosuch.map 5 3 0 0 4 0 4"),
            vec!["line 2", "nosuch.map"],
        ),
        (
            "size.scen",
            row("0 good.map 10 10 0 0 4 0 4"),
            vec!["line 2", "10x10"],
        ),
        (
            "off.scen",
            row("0 good.map 5 3 0 0 4 3 4"),
            vec!["line 2", "goal", "off"],
        ),
        (
            "wall.scen",
            row("0 good.map 5 3 2 1 4 0 2.41421"),
            vec!["line 2", "start", "wall"],
        ),
    ];
    for (name, text, mut wanted) in cases {
        let path = write(dir.path(), name, text);
        wanted.push(name);
        rejects(&["scen", &path], &wanted);
    }
    let missing = dir.path().join("missing.scen");
    rejects(&["scen", missing.to_str().unwrap()], &["missing.scen"]);
    let good = write(dir.path(), "good.scen", row("0 good.map 5 3 0 0 4 0 4"));
    rejects(&["scen", &good, "--sample", "0"], &["sample"]);
    rejects(
        &["scen", &good, "--strategy", "bogus"],
        &["--strategy", "bogus"],
    );
}

/// A row whose printed length is wrong fails for every strategy: exit code 1,
/// and the closing line counts the failures. A correct row passes.
#[test]
fn wrong_length_fails_the_row_not_the_run() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.map", GOOD_MAP);
    let n = Strategy::supporting(&astar_core::Rules::movingai()).len();
    // (0,0) to (4,2) around the wall at (2,1). Two diagonals down-right
    // would be needed for a length of 2 + 2√2, but every such pair passes the
    // wall's corner, so the best is one diagonal and four straights (over the
    // top, or below the wall): 4 + √2 = 5.41421. Claiming 2 + 2√2 is wrong.
    for (length, code, closing) in [
        ("4.82843", 1, format!("0 passed, {n} failed")),
        ("5.41421", 0, format!("{n} passed, 0 failed")),
    ] {
        let scen = write(
            dir.path(),
            "row.scen",
            format!("version 1\n0\tgood.map\t5\t3\t0\t0\t4\t2\t{length}\n"),
        );
        let out = astar_lab(&["scen", &scen]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(code), "{stdout}");
        assert_eq!(stdout.lines().last(), Some(closing.as_str()), "{stdout}");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `which-crate` names the folder it lacks, and a bad line of the
/// instruction table, in one line.
#[test]
fn which_crate_names_a_missing_folder_and_a_bad_instruction_line() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data_text = data.to_str().unwrap();
    rejects(&["which-crate", data_text], &["data/random"]);
    for w in ["random", "movingai", "corner-cutting"] {
        std::fs::create_dir_all(data.join(w)).unwrap();
    }
    rejects(&["which-crate", data_text], &["random: no run folder"]);
    let csv = write(
        dir.path(),
        "instructions.csv",
        "workload,strategy,expansions\nrandom,heap,0\n",
    );
    // The run folders are read first; give the instruction table alone.
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../reports/which-crate/data");
    rejects(
        &[
            "which-crate",
            reports.to_str().unwrap(),
            "--instructions",
            &csv,
        ],
        &["instructions.csv", "no column instructions"],
    );
    rejects(&["which-crate", "--what"], &["--what"]);
}
