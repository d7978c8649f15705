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

use astar_core::{Grid, Point, Rules};
use astar_harness::measure::workload::random_map_with_queries;
use astar_registry::{Growth, Strategy};
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
            let mut expansions = 0;
            for (solver, &(start, goal)) in solvers.iter_mut().zip(&qs) {
                solver.prepare(&grid, start, goal, &rules).expect("prepare");
                let report = solver.solve(&grid, start, goal, &rules).expect("solve");
                expansions += report.counters.expansions;
            }
            group.throughput(Throughput::Elements(expansions));
            group.bench_function(BenchmarkId::new(strategy.name(), size), |b| {
                b.iter(|| {
                    for (solver, &(start, goal)) in solvers.iter_mut().zip(&qs) {
                        let report = solver.solve(&grid, start, goal, &rules).expect("solve");
                        std::hint::black_box(report);
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
