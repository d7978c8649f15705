//! What a sweep measures: its maps and its (map, query) items, from the
//! [`SweepConfig`].
//!
//! The maps and queries themselves are pure functions of seeds, in
//! `astar-workload`, re-exported here; this module only lays a sweep's
//! configuration over them, so any row of a run can be regenerated on its own.

use astar_runs::SweepConfig;
pub use astar_workload::{
    largest_component, map_seed, min_distance, query, query_seed, random_map_with_queries, shard,
    Item, MapSpec, WorkloadError,
};

/// Every map of a sweep, smallest size first, in a fixed order.
pub fn maps(config: &SweepConfig) -> Vec<MapSpec> {
    let mut out = Vec::new();
    for &size in &config.sizes {
        for &density in &config.densities {
            for index in 0..config.maps {
                out.push(MapSpec {
                    size,
                    density,
                    index,
                    seed: map_seed(config.seed, size, density, index),
                });
            }
        }
    }
    out
}

/// Every item of a sweep, in order: map by map, query by query (each map
/// with its size's query count).
pub fn items(config: &SweepConfig) -> Vec<Item> {
    let mut out = Vec::new();
    for (map, spec) in maps(config).iter().enumerate() {
        for query in 0..config.queries_at(spec.size) {
            out.push(Item {
                index: out.len(),
                map,
                query,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_follow_the_queries_of_each_size() {
        let rules = astar_core::Rules::default();
        let mut config = SweepConfig {
            sizes: vec![32, 64],
            densities: vec![0.25],
            maps: 2,
            queries: 3,
            queries_per_size: [(32, 5)].into_iter().collect(),
            ..SweepConfig::new(&[], &rules, astar_core::CostModel::Seed)
        };
        let all = items(&config);
        let specs = maps(&config);
        assert_eq!(all.len(), 2 * 5 + 2 * 3);
        for (i, it) in all.iter().enumerate() {
            assert_eq!(it.index, i);
            assert!(it.query < config.queries_at(specs[it.map].size));
        }
        // Without per-size counts, the items are those of one count for all.
        config.queries_per_size.clear();
        let flat = items(&config);
        assert_eq!(flat.len(), 4 * 3);
        assert!(flat
            .iter()
            .all(|it| it.map == it.index / 3 && it.query == (it.index % 3) as u32));
    }
}
