//! `cargo bench`: every strategy on fixed random maps, one criterion group per
//! map size.
//!
//! Each group `size/N` (benchmarks `size/N/STRATEGY/N`) holds one map of N×N cells with 25% random obstacles
//! and a few queries between distant cells of its largest connected region,
//! all fixed by seed (the sweep's own map and query generators) and built
//! before anything is timed. One benchmark runs every query
//! of the group once per iteration; its throughput is the expansions of those
//! searches, so criterion reports expansions per second. The rules are the
//! default ones: 8 moves, no corner cutting, costs 10 and 14, octile
//! heuristic, LIFO ties. Names only depend on the strategy and the size, so
//! saved baselines compare across commits.
//!
//! The `floor` and `pathfinding` strategies are prepared (the floor records
//! its search, the peer computes its counters) before timing, one solver per
//! query, exactly as the sweep does.
//!
//! Quick by design: 10 samples over about 2 s per benchmark. The strategies
//! whose OPEN operations are linear in OPEN's size (`linear`, `sorted`,
//! `linked`, `heap-scan`: [`Growth::Linear`] in the registry) are skipped on the 1024 map, where one of their
//! searches takes seconds; a full `cargo bench` then stays well under ten
//! minutes on two cores.
//!
//! The group `map/lak303d` runs the same way on a committed MovingAI map
//! (`data/movingai/lak303d.map`, Dragon Age) with a fixed set of its scenario
//! rows under MovingAI's rules: `map/lak303d/STRATEGY/short` every fifth row
//! of buckets 0 to 49, `map/lak303d/STRATEGY/long` every fifth row of
//! buckets 50 and up, the latter without the linear-time lists.

use astar_core::{parse_map, parse_scen, Grid, Point, Query, Rules};
use astar_registry::{Growth, Strategy};
use astar_workload::random_map_with_queries;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

/// Master seed of the benchmark maps: changing it changes every map.
const SEED: u64 = 2024;
/// Obstacle density of every map.
const DENSITY: f64 = 0.25;
/// Map sides, with the number of queries per map.
const SIZES: [(u32, u32); 3] = [(64, 16), (256, 8), (1024, 4)];

/// The map and queries of one group.
fn workload(size: u32, queries: u32) -> (Grid, Vec<(Point, Point)>) {
    random_map_with_queries(SEED, size, DENSITY, 0, queries, &Rules::default())
        .expect("a valid map with queries on its largest region")
}

fn bench(c: &mut Criterion) {
    let rules = Rules::default();
    for (size, queries) in SIZES {
        let (grid, qs) = workload(size, queries);
        let mut group = c.benchmark_group(format!("size/{size}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for &strategy in Strategy::ALL {
            if size >= 1024 && strategy.growth() == Growth::Linear {
                continue;
            }
            if strategy.supports(&rules).is_err() {
                continue;
            }
            // One solver per query, so that each keeps what `prepare` made.
            let mut solvers: Vec<_> = qs.iter().map(|_| strategy.solver()).collect();
            let queries: Vec<_> = qs
                .iter()
                .map(|&(start, goal)| Query::new(&grid, start, goal, &rules))
                .collect();
            let mut expansions = 0;
            for (solver, query) in solvers.iter_mut().zip(&queries) {
                solver.prepare(query).expect("prepare");
                let report = solver.solve(query).expect("solve");
                expansions += report.counters.expansions;
            }
            group.throughput(Throughput::Elements(expansions));
            group.bench_function(BenchmarkId::new(strategy.name(), size), |b| {
                b.iter(|| {
                    for (solver, query) in solvers.iter_mut().zip(&queries) {
                        let report = solver.solve(query).expect("solve");
                        std::hint::black_box(report);
                    }
                })
            });
        }
        group.finish();
    }
}

/// The committed real map of the `map/…` group, and its rows split at this bucket.
const REAL_MAP: &str = "lak303d";
const LONG_FROM_BUCKET: u32 = 50;

/// Start and goal pairs.
type Queries = Vec<(Point, Point)>;

/// The real map and its fixed short and long queries.
fn real_workload() -> (Grid, Queries, Queries) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/movingai/");
    let read = |name: String| std::fs::read_to_string(format!("{dir}{name}")).expect("committed");
    let grid = parse_map(&read(format!("{REAL_MAP}.map"))).expect("a valid map");
    let scen = parse_scen(&read(format!("{REAL_MAP}.map.scen"))).expect("a valid scenario");
    let (mut short, mut long) = (Vec::new(), Vec::new());
    for row in scen.rows.iter().step_by(5) {
        let q = (row.start, row.goal);
        if row.bucket < LONG_FROM_BUCKET {
            short.push(q);
        } else {
            long.push(q);
        }
    }
    (grid, short, long)
}

fn bench_real_map(c: &mut Criterion) {
    let rules = Rules::movingai();
    let (grid, short, long) = real_workload();
    let mut group = c.benchmark_group(format!("map/{REAL_MAP}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (label, qs) in [("short", &short), ("long", &long)] {
        for &strategy in Strategy::ALL {
            if label == "long" && strategy.growth() == Growth::Linear {
                continue;
            }
            if strategy.supports(&rules).is_err() {
                continue;
            }
            let mut solvers: Vec<_> = qs.iter().map(|_| strategy.solver()).collect();
            let queries: Vec<_> = qs
                .iter()
                .map(|&(start, goal)| Query::new(&grid, start, goal, &rules))
                .collect();
            let mut expansions = 0;
            for (solver, query) in solvers.iter_mut().zip(&queries) {
                solver.prepare(query).expect("prepare");
                let report = solver.solve(query).expect("solve");
                expansions += report.counters.expansions;
            }
            group.throughput(Throughput::Elements(expansions));
            group.bench_function(BenchmarkId::new(strategy.name(), label), |b| {
                b.iter(|| {
                    for (solver, query) in solvers.iter_mut().zip(&queries) {
                        let report = solver.solve(query).expect("solve");
                        std::hint::black_box(report);
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench, bench_real_map);
criterion_main!(benches);
