//! How stable the published intervals are to the bootstrap's own randomness:
//! every paired ratio of the published run (each strategy over linear, over
//! sorted, and over the floor, per size), its interval computed with the
//! fixed seed and with another; the count of ends that differ as the report
//! prints them (at two or three significant digits), at two (rounded
//! outward) and at three, and the time taken.
//!
//! A measurement, not a check: run it in release on the published data with
//!
//!     cargo test --release -p astar-harness --test bootstrap_stability -- --ignored --nocapture

use astar_harness::present::format::{interval_digits, interval_ends, Digits};
use astar_harness::runs::{load_runs, Status};
use astar_harness::stats::bootstrap::{median_interval_with, RESAMPLES, SEED};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

#[test]
#[ignore = "a measurement on the published data; run it in release"]
fn published_intervals_are_stable_to_the_printed_digits() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../reports/data");
    let runs = load_runs(&[data]).unwrap();
    // (size, strategy) -> (map, query) -> time.
    let mut times: BTreeMap<(u32, String), BTreeMap<(u64, u32), f64>> = BTreeMap::new();
    for r in runs.rows.iter().filter(|r| r.status == Status::Ok) {
        times
            .entry((r.size, r.strategy.clone()))
            .or_default()
            .insert((r.map_seed, r.query), r.ns_per_search);
    }
    let strategies = runs.strategies();
    let sizes: Vec<u32> = {
        let mut v: Vec<u32> = times.keys().map(|k| k.0).collect();
        v.dedup();
        v
    };
    let mut samples: Vec<Vec<Vec<f64>>> = Vec::new();
    for &size in &sizes {
        for s in &strategies {
            for (num, den) in [
                ("linear", s.as_str()),
                ("sorted", s.as_str()),
                (s.as_str(), "floor"),
            ] {
                if num == den {
                    continue;
                }
                let (Some(a), Some(b)) = (
                    times.get(&(size, num.to_string())),
                    times.get(&(size, den.to_string())),
                ) else {
                    continue;
                };
                let mut by_map: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
                for (k, na) in a {
                    if let Some(nb) = b.get(k) {
                        by_map.entry(k.0).or_default().push(na / nb);
                    }
                }
                samples.push(by_map.into_values().collect());
            }
        }
    }
    let changed = |x: [String; 2], y: [String; 2]| x.iter().zip(&y).filter(|(p, q)| p != q).count();
    for resamples in [RESAMPLES / 2, RESAMPLES, 2 * RESAMPLES] {
        let began = Instant::now();
        let (mut intervals, mut ends, mut as_printed, mut at_two, mut at_three) = (0, 0, 0, 0, 0);
        for clusters in &samples {
            let slices: Vec<&[f64]> = clusters.iter().map(Vec::as_slice).collect();
            // Ratios too few for an interval have none with either seed.
            let (Some(a), Some(b)) = (
                median_interval_with(&slices, resamples, SEED),
                median_interval_with(&slices, resamples, SEED ^ 0x9e37_79b9),
            ) else {
                continue;
            };
            intervals += 1;
            ends += 2;
            as_printed += changed(
                interval_ends(a, interval_digits(a)),
                interval_ends(b, interval_digits(b)),
            );
            at_two += changed(interval_ends(a, Digits::Two), interval_ends(b, Digits::Two));
            at_three += changed(
                interval_ends(a, Digits::Three),
                interval_ends(b, Digits::Three),
            );
        }
        let took = began.elapsed().as_secs_f64() / 2.0;
        println!(
            "{resamples} resamples: {intervals} intervals over {} rows in {took:.2} s; of {ends} ends, {as_printed} change with the seed as printed, {at_two} at two significant digits, {at_three} at three",
            runs.rows.len()
        );
    }
}
