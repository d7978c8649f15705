//! Quick check of the performance targets: every fast strategy side by side
//! in one run, as "× floor", the peer's time over each strategy's, and bytes
//! of search state per cell (the largest over the queries), then each target
//! with its measured ratio and whether it is met (point values of one run,
//! not the writeup's intervals).
//!
//! Random mode, the default: the random-map targets on 1024×1024 maps with
//! 25% random obstacles (default rules: 8 moves, no corner cutting, octile).
//!
//! `cargo run --release -p astar-harness --example targets [queries] [rounds] [strategies]`
//!
//! Real-map mode: the MovingAI targets, file by file, under
//! `Rules::movingai()`, on `--rows` rows of each scenario file (spread over
//! its buckets, so short and long queries both appear; run easiest first and
//! named by their lines in the file). A folder means every `.scen` in it, no
//! file the committed `data/movingai/`. Then, per target, how many files met
//! it and the worst one.
//!
//! `cargo run --release -p astar-harness --example targets -- --scen [FILE.scen|DIR …]
//! [--rows N] [--rounds R] [--strategies a,b]`
//!
//! Each strategy keeps one solver for every query, as a sweep's worker does;
//! each query is prepared (the floor records its search untimed), then timed
//! in rounds that interleave the strategies in a rotating order (so a slow
//! spell of the machine hits all alike), keeping each strategy's fastest. Without a strategy list, every strategy whose open-list
//! operations are not linear-time runs, the floor and the peers included.

use astar_core::{Grid, Point, Rules};
use astar_harness::experiments::sweep::REAL_BUDGET_MS;
use astar_harness::measure::suite::load_suite;
use astar_harness::measure::workload::random_map_with_queries;
use astar_harness::present::targets::{random_checks, real_map_checks, Check, Measured, PEER};
use astar_harness::runs::RealMapsConfig;
use astar_registry::{Growth, Strategy};
use std::fmt::Write as _;
use std::time::Instant;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// One query: its map, start and goal.
type Query<'a> = (&'a Grid, Point, Point);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}

/// Measures and judges as the arguments say; returns the text to print.
fn run(args: &[String]) -> Result<String> {
    if args.iter().any(|a| a == "--scen") {
        real_maps(args)
    } else {
        random(args)
    }
}

/// A count of at least 1.
fn count(text: &str, what: &str) -> Result<usize> {
    match text.parse() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{what} must be a whole number of at least 1, not {text:?}").into()),
    }
}

/// The strategies named (in the registry's order), else every one that is
/// not linear-time.
fn strategies(names: Option<&str>) -> Result<Vec<Strategy>> {
    let chosen = match names {
        Some(names) => Strategy::parse_list(names)?.for_rules(&Rules::default()),
        None => Strategy::supporting(&Rules::default()),
    };
    Ok(Strategy::ALL
        .iter()
        .copied()
        .filter(|s| chosen.contains(s) && (names.is_some() || s.growth() != Growth::Linear))
        .collect())
}

fn random(args: &[String]) -> Result<String> {
    if let Some(flag) = args.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown flag {flag} (real maps: --scen [FILE.scen …])").into());
    }
    if args.len() > 3 {
        return Err("usage: targets [queries] [rounds] [strategy,…]".into());
    }
    let number = |i: usize, default: usize, what: &str| match args.get(i) {
        Some(a) => count(a, what),
        None => Ok(default),
    };
    let (queries, rounds) = (number(0, 8, "queries")?, number(1, 5, "rounds")?);
    let strategies = strategies(args.get(2).map(String::as_str))?;
    let rules = Rules::default();
    let (grid, qs) = random_map_with_queries(2024, 1024, 0.25, 0, u32::try_from(queries)?, &rules)?;
    let qs: Vec<Query> = qs.into_iter().map(|(a, b)| (&grid, a, b)).collect();
    let (measured, searched) = measure(&strategies, &qs, &rules, rounds)?;
    let mut out = format!("{queries} queries, {searched}, best of {rounds} rounds\n");
    print_table(&mut out, &measured);
    print_checks(&mut out, &random_checks(&measured));
    Ok(out)
}

fn real_maps(args: &[String]) -> Result<String> {
    let (mut files, mut rows, mut rounds, mut names) = (Vec::new(), 40, 5, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--scen" => {}
            "--rows" => rows = count(value()?, "--rows")?,
            "--rounds" => rounds = count(value()?, "--rounds")?,
            "--strategies" => names = Some(value()?.as_str()),
            flag if flag.starts_with("--") => return Err(format!("unknown flag {flag}").into()),
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        files.push(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/movingai").into());
    }
    let strategies = strategies(names)?;
    let suite = load_suite(&RealMapsConfig {
        scen: files,
        map_dir: None,
        sample: Some(rows),
        budget_ms: REAL_BUDGET_MS,
    })?;
    let rules = Rules::movingai();
    let mut out = String::new();
    let mut judged = Vec::new();
    for file in &suite {
        let qs: Vec<Query> = file
            .rows
            .iter()
            .map(|r| (&file.maps[r.map_basename()].grid, r.start, r.goal))
            .collect();
        let (measured, searched) = measure(&strategies, &qs, &rules, rounds)?;
        let (first, last) = (&file.rows[0], &file.rows[file.rows.len() - 1]);
        let lines: Vec<String> = file.rows.iter().map(|r| r.line.to_string()).collect();
        writeln!(
            out,
            "\n{}: {} rows (buckets {}–{}, optimal length {}–{}; file lines {}, easiest first), {searched}, best of {rounds} rounds",
            file.name,
            qs.len(),
            first.bucket,
            last.bucket,
            first.optimal,
            last.optimal,
            lines.join(" ")
        )?;
        print_table(&mut out, &measured);
        let checks = real_map_checks(&measured);
        print_checks(&mut out, &checks);
        judged.push((&file.name, checks));
    }
    let files = |n: usize| format!("{n} file{}", if n == 1 { "" } else { "s" });
    writeln!(out, "\nover {}:", files(judged.len()))?;
    for (t, target) in judged[0].1.iter().enumerate() {
        let met = judged.iter().filter(|(_, c)| c[t].met()).count();
        // A file where a strategy the target needs did not run is not judged.
        let measured = judged.iter().filter(|(_, c)| c[t].value.is_some()).count();
        if measured == 0 {
            writeln!(out, "{}: not measured — not judged", target.target)?;
            continue;
        }
        let worst = judged
            .iter()
            .filter_map(|(name, c)| Some((name, &c[t], c[t].value?)))
            .reduce(|w, x| if target.bound.worse(x.2, w.2) { x } else { w })
            .map_or(String::new(), |(name, c, _)| {
                format!("; worst {name}: {}", c.value_text())
            });
        writeln!(
            out,
            "{}: met on {met} of {}{worst}",
            target.target,
            files(measured)
        )?;
    }
    Ok(out)
}

/// Every strategy on every query, `rounds` times; per strategy, the sum over
/// the queries of each query's fastest time and its largest bytes per cell
/// over the queries. Also returns the expansions and decrease-keys of one
/// pass over the queries. The strategies must agree on every cost.
///
/// One solver per strategy, reused from query to query, as a sweep's worker
/// keeps one. A solver per query (a set of per-cell arrays for each query,
/// each cold when its turn came) added about a third to the floor's time
/// with two strategies and pulled every "× floor" towards 1. Each query is
/// prepared (the floor records it untimed), then timed `rounds` times, the
/// strategies in a rotating order so a slow spell hits all alike. With many
/// strategies their arrays still push each other out of the cache between
/// rounds; a sweep times a strategy's repeats back to back, warm, so its
/// ratios can read higher than these.
fn measure(
    strategies: &[Strategy],
    queries: &[Query],
    rules: &Rules,
    rounds: usize,
) -> Result<(Vec<Measured>, Searched)> {
    let mut solvers: Vec<_> = strategies.iter().map(|s| s.solver()).collect();
    let mut seconds = vec![0.0; strategies.len()];
    let mut bytes_per_cell = vec![0.0f64; strategies.len()];
    let mut searched = Searched::default();
    for &(grid, a, b) in queries {
        let query = astar_core::Query::new(grid, a, b, rules);
        for (solver, s) in solvers.iter_mut().zip(strategies) {
            solver
                .prepare(&query)
                .map_err(|e| format!("{s} from {a} to {b}: {e}"))?;
        }
        let mut best = vec![f64::INFINITY; strategies.len()];
        let mut cost = None;
        for round in 0..rounds {
            for k in 0..strategies.len() {
                let i = (k + round) % strategies.len();
                let began = Instant::now();
                let r = solvers[i].solve(&query);
                let t = began.elapsed().as_secs_f64();
                let r = r.map_err(|e| format!("{} from {a} to {b}: {e}", strategies[i]))?;
                best[i] = best[i].min(t);
                if *cost.get_or_insert(r.cost) != r.cost {
                    return Err(
                        format!("the strategies disagree on the cost from {a} to {b}").into(),
                    );
                }
                if i == 0 && round == 0 {
                    searched.expansions += r.counters.expansions;
                    searched.decreases += r.counters.decreases;
                }
            }
        }
        for (i, solver) in solvers.iter().enumerate() {
            seconds[i] += best[i];
            bytes_per_cell[i] = bytes_per_cell[i].max(solver.bytes_per_node());
        }
    }
    let measured = strategies
        .iter()
        .zip(seconds.into_iter().zip(bytes_per_cell))
        .map(|(&strategy, (seconds, bytes_per_cell))| Measured {
            strategy,
            seconds,
            bytes_per_cell,
        })
        .collect();
    Ok((measured, searched))
}

/// What one pass over the queries searched (every strategy alike).
#[derive(Default)]
struct Searched {
    expansions: u64,
    decreases: u64,
}

impl std::fmt::Display for Searched {
    /// The expansions, and the decrease-keys per expansion: each one a sift
    /// up in the heap and a stale key for a lazy list.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let per = self.decreases as f64 / self.expansions.max(1) as f64;
        write!(
            f,
            "{} expansions ({per:.2} decrease-keys each)",
            self.expansions
        )
    }
}

fn print_table(out: &mut String, measured: &[Measured]) {
    let time = |s: Strategy| {
        measured
            .iter()
            .find(|m| m.strategy == s)
            .map_or(f64::NAN, |m| m.seconds)
    };
    let (floor, peer) = (time(Strategy::Floor), time(PEER));
    let _ = writeln!(
        out,
        "{:<14} {:>9} {:>8} {:>16} {:>10}",
        "strategy",
        "ms",
        "x floor",
        format!("{PEER}/this"),
        "bytes/cell"
    );
    // A ratio to a strategy the run left out is a dash, not NaN.
    let ratio = |over: f64, under: f64, decimals: usize| {
        if over.is_nan() || under.is_nan() {
            "-".to_string()
        } else {
            format!("{:.decimals$}", over / under)
        }
    };
    for m in measured {
        let _ = writeln!(
            out,
            "{:<14} {:>9.2} {:>8} {:>16} {:>10.2}",
            m.strategy.name(),
            m.seconds * 1e3,
            ratio(m.seconds, floor, 3),
            ratio(peer, m.seconds, 2),
            m.bytes_per_cell
        );
    }
}

fn print_checks(out: &mut String, checks: &[Check]) {
    for c in checks {
        let _ = writeln!(out, "  {c}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arena.map.scen");

    fn args(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    #[test]
    fn every_strategy_measured_on_the_same_searches() {
        let rules = Rules::default();
        let (grid, qs) = random_map_with_queries(7, 48, 0.25, 0, 3, &rules).unwrap();
        let qs: Vec<Query> = qs.into_iter().map(|(a, b)| (&grid, a, b)).collect();
        let chosen = [
            Strategy::Heap,
            Strategy::Bucket,
            Strategy::Floor,
            Strategy::Pathfinding,
        ];
        let (measured, searched) = measure(&chosen, &qs, &rules, 2).unwrap();
        let got: Vec<Strategy> = measured.iter().map(|m| m.strategy).collect();
        assert_eq!(got, chosen);
        assert!(measured.iter().all(|m| m.seconds > 0.0), "{measured:?}");
        // One pass's counts, from another list's search of the same queries.
        let mut linear = Strategy::Linear.solver();
        let (mut expansions, mut decreases) = (0, 0);
        for &(g, a, b) in &qs {
            let c = linear
                .solve(&astar_core::Query::new(g, a, b, &rules))
                .unwrap()
                .counters;
            expansions += c.expansions;
            decreases += c.decreases;
        }
        assert!(expansions > 0);
        assert_eq!(
            (searched.expansions, searched.decreases),
            (expansions, decreases)
        );
        // The heap keeps a position per cell; its bytes are counted.
        assert!(measured[0].bytes_per_cell > 0.0, "{measured:?}");
    }

    #[test]
    fn real_maps_judge_each_file_then_all_files() {
        let text = run(&args(&format!(
            "--scen {SCEN} --rows 4 --rounds 1 --strategies heap,bucket,floor"
        )))
        .unwrap();
        assert!(text.contains("arena.map.scen: 4 rows"), "{text}");
        for s in ["heap", "bucket", "floor"] {
            assert!(text.lines().any(|l| l.starts_with(s)), "{s}: {text}");
        }
        let summary: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "over 1 file:")
            .skip(1)
            .collect();
        assert_eq!(summary.len(), 3, "one line per real-map target: {text}");
        for line in summary {
            assert!(line.contains(" of 1 file"), "{line}");
        }
    }

    #[test]
    fn without_a_list_every_strategy_but_the_linear_time_ones() {
        let all = strategies(None).unwrap();
        assert!(all.contains(&Strategy::Floor) && all.contains(&Strategy::Petgraph));
        assert!(!all.contains(&Strategy::Linear) && !all.contains(&Strategy::HeapScan));
        assert_eq!(
            strategies(Some("linear,heap")).unwrap(),
            [Strategy::Linear, Strategy::Heap]
        );
    }

    #[test]
    fn bad_arguments_are_refused_before_measuring() {
        for bad in ["--rows 3", "1 2 heap extra", "0", "2 x"] {
            assert!(run(&args(bad)).is_err(), "{bad}");
        }
        assert!(run(&args(&format!("--scen {SCEN} --rows"))).is_err());
        assert!(run(&args(&format!("--scen {SCEN} --sideways 1"))).is_err());
        assert!(run(&args(&format!("--scen {SCEN} --strategies nothing"))).is_err());
    }
}
