//! The seed modes end to end: the `solve` flags on hand-checked boards, and
//! the `seeds` command's count of re-sort effects against an independent,
//! separately written Amit port run on the same maps and queries.

use crate::{astar_lab, rejects};
use astar_amit::{AmitCosts, AmitHeuristic};
use astar_core::{Grid, Point};
use astar_harness::experiments::seeds::{workload, SeedsConfig, AMIT_VARIANTS};

/// A MovingAI map file for a drawing.
fn map_file(dir: &std::path::Path, drawing: &str) -> String {
    let rows: Vec<&str> = drawing.lines().collect();
    let text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n{}\n",
        rows.len(),
        rows[0].len(),
        rows.join("\n")
    );
    let path = dir.join("board.map");
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn solve_reports_the_true_cost_under_the_slip() {
    // The board of the core test `slip_reparents_a_start_diagonal…`: the slip
    // reports G 10 and returns a path of four straight steps (40), where the
    // correct search finds 34.
    let dir = tempfile::tempdir().unwrap();
    let map = map_file(dir.path(), "....\n@@..");
    let out = astar_lab(&[
        "solve",
        "--map",
        &map,
        "--from",
        "3,1",
        "--to",
        "0,0",
        "--costs",
        "seed001-slip",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("true cost of this path: 40"), "{text}");
    let out = astar_lab(&["solve", "--map", &map, "--from", "3,1", "--to", "0,0"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("true cost"), "{text}");
    assert!(text.contains(" 34 "), "{text}");
}

#[test]
fn solve_goal_test_flag_saves_an_expansion() {
    // The board of the core test `goal_on_open_saves_an_expansion`: FIFO
    // ties, 3 expansions when the goal is closed, 2 when it is opened.
    let dir = tempfile::tempdir().unwrap();
    let map = map_file(dir.path(), "..@@\n..@.\n@..@");
    // Every run here is the same query; only the trailing flags differ.
    let base = ["solve", "--map", &map, "--from", "0,0", "--to", "1,2"];
    let expansions = |goal_test: &str| -> u64 {
        let extra = [
            "--tie",
            "fifo",
            "--strategy",
            "heap",
            "--goal-test",
            goal_test,
        ];
        let out = astar_lab(&[&base[..], &extra].concat());
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{text}");
        let row = text
            .lines()
            .find(|l| l.starts_with("heap"))
            .expect("a heap row");
        row.split_whitespace().nth(4).unwrap().parse().unwrap()
    };
    assert_eq!(expansions("closed"), 3);
    assert_eq!(expansions("opened"), 2);
    rejects(&[&base[..], &["--goal-test", "never"]].concat(), &[]);
}

/// An Amit port written independently of `astar_amit`: OPEN is a
/// plain vector kept in list order, cells are indexed `y * width + x`, and
/// children are vectors. Same rules (as the seed's code reads): backward
/// search, FreeTile corner rule, insertion before the first F not smaller,
/// PropagateDown with an explicit stack. Returns the expanded cells in order.
fn independent_port(
    grid: &Grid,
    start: Point,
    goal: Point,
    squared: bool,
    unit: bool,
    resort: bool,
) -> Vec<(u32, u32)> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let n = (w * h) as usize;
    let (sc, dc) = if unit { (1u64, 1u64) } else { (10, 14) };
    let target = (start.x as i64, start.y as i64);
    let est = |x: i64, y: i64| -> u64 {
        let (dx, dy) = ((x - target.0).unsigned_abs(), (y - target.1).unsigned_abs());
        if squared {
            sc * (dx * dx + dy * dy)
        } else {
            dc * dx.min(dy) + sc * (dx.max(dy) - dx.min(dy))
        }
    };
    let free = |x: i64, y: i64| {
        x >= 0 && y >= 0 && x < w && y < h && grid.is_passable_at(Point::new(x as u32, y as u32))
    };
    // 0 new, 1 open, 2 closed.
    let mut state = vec![0u8; n];
    let (mut g, mut hh, mut f) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut open: Vec<usize> = Vec::new();
    let put = |open: &mut Vec<usize>, f: &[u64], c: usize| {
        let at = open
            .iter()
            .position(|&o| f[o] >= f[c])
            .unwrap_or(open.len());
        open.insert(at, c);
    };
    let moves = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
    ];
    let origin = (goal.y as i64 * w + goal.x as i64) as usize;
    let goal_cell = (target.1 * w + target.0) as usize;
    hh[origin] = est(goal.x as i64, goal.y as i64);
    f[origin] = hh[origin];
    state[origin] = 1;
    open.push(origin);
    let mut order = Vec::new();
    while !open.is_empty() {
        let best = open.remove(0);
        state[best] = 2;
        if best == goal_cell {
            break;
        }
        let (bx, by) = (best as i64 % w, best as i64 / w);
        order.push((bx as u32, by as u32));
        for (dx, dy) in moves {
            let (x, y) = (bx + dx, by + dy);
            if !free(x, y) {
                continue;
            }
            let c = (y * w + x) as usize;
            let ng = g[best] + if dx != 0 && dy != 0 { dc } else { sc };
            match state[c] {
                0 => {
                    g[c] = ng;
                    hh[c] = est(x, y);
                    f[c] = ng + hh[c];
                    state[c] = 1;
                    put(&mut open, &f, c);
                    kids[best].push(c);
                }
                s => {
                    kids[best].push(c);
                    if ng < g[c] {
                        g[c] = ng;
                        f[c] = ng + hh[c];
                        if s == 1 && resort {
                            open.retain(|&o| o != c);
                            put(&mut open, &f, c);
                        }
                        if s == 2 {
                            // PropagateDown: relax c's children, then the stack.
                            let mut stack = Vec::new();
                            let relax =
                                |p: usize,
                                 stack: &mut Vec<usize>,
                                 g: &mut Vec<u64>,
                                 f: &mut Vec<u64>,
                                 open: &mut Vec<usize>| {
                                    for &k in &kids[p] {
                                        let diag = (k as i64 % w != p as i64 % w)
                                            && (k as i64 / w != p as i64 / w);
                                        let ng = g[p] + if diag { dc } else { sc };
                                        if ng < g[k] {
                                            g[k] = ng;
                                            f[k] = ng + hh[k];
                                            if resort && state[k] == 1 {
                                                open.retain(|&o| o != k);
                                                put(open, f, k);
                                            }
                                            stack.push(k);
                                        }
                                    }
                                };
                            relax(c, &mut stack, &mut g, &mut f, &mut open);
                            while let Some(p) = stack.pop() {
                                relax(p, &mut stack, &mut g, &mut f, &mut open);
                            }
                        }
                    }
                }
            }
        }
    }
    order
}

#[test]
fn resort_order_changes_match_an_independent_count() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("seeds");
    let out = astar_lab(&[
        "seeds",
        "--maps",
        "6",
        "--sizes",
        "12,20",
        "--queries",
        "4",
        "--seed",
        "7",
        "--out",
        out_dir.to_str().unwrap(),
        "--writeup",
        "none",
        "--min-time-ms",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(out_dir.join("amit_resort.csv")).unwrap();
    let mut header = csv.lines().next().unwrap().split(',');
    let variant_col = header.clone().position(|c| c == "variant").unwrap();
    let order_col = header.position(|c| c == "order_changed").unwrap();

    let cfg = SeedsConfig {
        sizes: vec![12, 20],
        maps: 6,
        queries: 4,
        density: 0.2,
        seed: 7,
    };
    let work = workload(&cfg).unwrap();
    let mut total = 0;
    for k in 0..4 {
        let (name, opts) = AMIT_VARIANTS[2 * k];
        let from_command = csv
            .lines()
            .skip(1)
            .map(|l| l.split(',').collect::<Vec<_>>())
            .filter(|cols| cols[variant_col] == name)
            .filter(|cols| cols[order_col] == "1")
            .count();
        let squared = opts.heuristic == AmitHeuristic::SquaredEuclidean;
        let unit = opts.costs == AmitCosts::Unit;
        let mut independent = 0;
        for (grid, queries) in &work {
            for q in queries {
                let a = independent_port(grid, q.start, q.goal, squared, unit, false);
                let b = independent_port(grid, q.start, q.goal, squared, unit, true);
                independent += usize::from(a != b);
            }
        }
        assert_eq!(from_command, independent, "variant {name}");
        total += independent;
    }
    // The boards are big enough that the re-sort matters somewhere; a count
    // of zero everywhere would make the comparison above empty.
    assert!(total > 0);
}

#[test]
fn from_data_rebuilds_what_the_measuring_run_wrote() {
    // A small measured folder and a writeup with a seeds section; rebuilding
    // them from the CSVs and meta.json alone gives the same bytes.
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("seeds");
    let writeup = dir.path().join("README.md");
    std::fs::write(
        &writeup,
        "# Writeup\n\n<!-- BEGIN GENERATED: seeds -->\n<!-- END GENERATED: seeds -->\n\nAfter.\n",
    )
    .unwrap();
    let (out_arg, writeup_arg) = (out_dir.to_str().unwrap(), writeup.to_str().unwrap());
    let out = astar_lab(&[
        "seeds",
        "--maps",
        "2",
        "--sizes",
        "12,16",
        "--queries",
        "2",
        "--seed",
        "5",
        "--out",
        out_arg,
        "--writeup",
        writeup_arg,
        "--min-time-ms",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names = ["tables.md", "README.md"];
    let measured: Vec<Vec<u8>> = names
        .iter()
        .map(|n| std::fs::read(out_dir.join(n)).unwrap())
        .collect();
    let measured_writeup = std::fs::read(&writeup).unwrap();
    let section = String::from_utf8_lossy(&measured_writeup).into_owned();
    assert!(section.contains("#### 5."), "{section}");
    // Every experiment ends in a verdict; no heading repeats a seed's claim.
    assert_eq!(section.matches("**Verdict:**").count(), 5, "{section}");
    assert!(!section.contains("quicker option"), "{section}");
    let heuristic = std::fs::read_to_string(out_dir.join("heuristic.csv")).unwrap();
    assert!(
        heuristic.starts_with("size,map,query,start,goal,optimal,manhattan_cost,octile_expansions,manhattan_expansions,manhattan_reopens,final_cost,final_expansions,seed_cost,seed_expansions\n"),
        "{heuristic}"
    );
    assert!(
        section.contains(&format!("tables: `astar-lab seeds --from-data {out_arg}`")),
        "{section}"
    );
    // Spoil the generated text so the rebuild has to write it again.
    for n in names {
        std::fs::write(out_dir.join(n), "# The seeds, measured\n\n<!-- BEGIN GENERATED: seeds -->\n<!-- END GENERATED: seeds -->\n").unwrap();
    }
    std::fs::write(
        &writeup,
        "# Writeup\n\n<!-- BEGIN GENERATED: seeds -->\n<!-- END GENERATED: seeds -->\n\nAfter.\n",
    )
    .unwrap();
    let out = astar_lab(&["seeds", "--from-data", out_arg, "--writeup", writeup_arg]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (n, before) in names.iter().zip(&measured) {
        assert_eq!(&std::fs::read(out_dir.join(n)).unwrap(), before, "{n}");
    }
    assert_eq!(std::fs::read(&writeup).unwrap(), measured_writeup);
    // Measuring flags do not mix with rebuilding.
    rejects(&["seeds", "--from-data", out_arg, "--maps", "3"], &[]);
}
