//! The measured data: one CSV row per (map, query, strategy), and the run's
//! metadata. Sweeps write these; plots and reports read only these.

use astar_core::{CostModel, Moves, Rules};
use astar_registry::Strategy;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One measured search: a row of a run's `results.csv`.
///
/// The first fifteen columns are a stable interface other tools read; new
/// columns are only ever appended after them, each with a default, so older
/// files still read.
///
/// A row of a real-map run (`sweep --scen`) fills the columns after
/// `bytes_per_cell` as well: the scenario file and row, the map and its
/// family, and the GPPC counts. There `size` is the map's larger side,
/// `density` its fraction of blocked cells, `map_seed` a fixed hash of the
/// scenario file's name ([`scen_key`](crate::runs::real_maps::scen_key)) and
/// `query` the row's line in that file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Side of the square map, in cells.
    pub size: u32,
    /// Obstacle density the map was generated with.
    pub density: f64,
    /// Seed the map was generated from.
    pub map_seed: u64,
    /// Index of the query on this map.
    pub query: u32,
    /// Strategy name.
    pub strategy: String,
    /// Median wall time of one search, in nanoseconds.
    pub ns_per_search: f64,
    /// How many timed searches the median is over.
    pub repeats: u32,
    /// Expansions of one search.
    pub expansions: u64,
    /// Pushes of one search.
    pub pushes: u64,
    /// Live pops of one search.
    pub pops: u64,
    /// Decrease-key calls of one search.
    pub decreases: u64,
    /// Re-opened closed nodes.
    pub reopens: u64,
    /// Largest OPEN size.
    pub max_open: u64,
    /// Path cost (empty when no path).
    pub cost: Option<u64>,
    /// Path length in cells (cost / straight cost; empty when no path).
    pub path_len: Option<f64>,
    /// `ok`, or what went wrong (`mismatch: …`, `error: …`): a wrong answer is
    /// recorded, never dropped.
    pub status: String,
    /// Start cell x.
    pub start_x: u32,
    /// Start cell y.
    pub start_y: u32,
    /// Goal cell x.
    pub goal_x: u32,
    /// Goal cell y.
    pub goal_y: u32,
    /// Stale entries popped (lazy lists).
    pub stale_pops: u64,
    /// Bytes of search state per map cell (search arrays plus the list's own).
    pub bytes_per_cell: f64,
    /// Successors produced by the expansions (every legal move out of an
    /// expanded node).
    #[serde(default)]
    pub generated: u64,
    /// Scenario file name (real-map runs; empty in a random sweep).
    #[serde(default)]
    pub scen: String,
    /// Map family, e.g. `dragon-age` or `maze` (real-map runs).
    #[serde(default)]
    pub family: String,
    /// Map file name (real-map runs).
    #[serde(default)]
    pub map: String,
    /// The row's bucket in its scenario file (real-map runs).
    #[serde(default)]
    pub bucket: u32,
    /// The file's optimal length, as printed (real-map runs).
    #[serde(default)]
    pub optimal: Option<f64>,
    /// Necessary expansions: expanded nodes whose F is below the optimal cost
    /// C*, counted untimed on a separate observed search (real-map runs).
    #[serde(default)]
    pub necessary: Option<u64>,
}

impl Record {
    /// Whether the row is an error or a mismatch: neither `ok` nor over the
    /// time budget (which is on record as what it is, not a wrong answer).
    pub fn is_bad(&self) -> bool {
        self.status != super::OK && self.status != super::OVER_BUDGET
    }
}

/// What a sweep measured: enough to regenerate every map and query, and to
/// check that several run folders belong to one sweep.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepConfig {
    /// Map sides.
    pub sizes: Vec<u32>,
    /// Obstacle densities.
    pub densities: Vec<f64>,
    /// Maps per (size, density).
    pub maps: u32,
    /// Queries per map, at every size without an entry in
    /// `queries_per_size`.
    pub queries: u32,
    /// Queries per map at particular sizes, overriding `queries` there (so
    /// small, fast maps can get many more queries than large ones). Empty,
    /// and absent from `meta.json`, when every size has `queries`; run
    /// folders written before it existed read as empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub queries_per_size: BTreeMap<u32, u32>,
    /// Strategy names, in the order given.
    pub strategies: Vec<String>,
    /// Heuristic name.
    pub heuristic: String,
    /// Tie policy name.
    pub tie: String,
    /// Cost model name.
    pub costs: String,
    /// 4 or 8.
    pub moves: u8,
    /// Whether diagonals may cut corners.
    pub corner_cutting: bool,
    /// Master seed: map and query seeds derive from it.
    pub seed: u64,
    /// Minimum total time of the repeats of one timed search, in milliseconds.
    pub min_time_ms: f64,
    /// Time budget of one search, in milliseconds: a strategy whose search
    /// takes longer is recorded `over-budget` there and is not run on the
    /// rest of that size or on larger sizes (rows `over-budget` too). Absent
    /// from `meta.json` when there is none, and in folders written before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<f64>,
}

impl SweepConfig {
    /// Queries per map at map side `size`.
    pub fn queries_at(&self, size: u32) -> u32 {
        self.queries_per_size
            .get(&size)
            .copied()
            .unwrap_or(self.queries)
    }

    /// Queries per map for each size, in words: `4` when every size has the
    /// same count, else `32²: 96, 64²: 96, …`.
    pub fn queries_text(&self) -> String {
        let counts: Vec<u32> = self.sizes.iter().map(|&z| self.queries_at(z)).collect();
        match counts.first() {
            Some(&c) if counts.iter().all(|&x| x == c) => c.to_string(),
            None => self.queries.to_string(),
            _ => self
                .sizes
                .iter()
                .zip(&counts)
                .map(|(z, c)| format!("{z}²: {c}"))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// The search rules the config names. A sweep measures optimal searches
    /// only, so the goal test is always `closed` and there is no limit.
    pub fn rules(&self) -> crate::Result<Rules> {
        let bad = |what: &str, e: String| crate::invalid!("config.{what}: {e}");
        let model: CostModel = self.costs.parse().map_err(|e| bad("costs", e))?;
        Ok(Rules {
            moves: self
                .moves
                .to_string()
                .parse::<Moves>()
                .map_err(|e| bad("moves", e))?,
            corner_cutting: self.corner_cutting,
            costs: model.costs(),
            heuristic: self.heuristic.parse().map_err(|e| bad("heuristic", e))?,
            tie: self.tie.parse().map_err(|e| bad("tie", e))?,
            step_rule: model.step_rule(),
            ..Rules::default()
        })
    }

    /// The strategies the config names, in its order.
    pub fn strategy_list(&self) -> crate::Result<Vec<Strategy>> {
        self.strategies
            .iter()
            .map(|name| {
                name.parse::<Strategy>()
                    .map_err(|e| crate::invalid!("config.strategies: {e}"))
            })
            .collect()
    }
}

/// The build and the machine that measured something: the first fields of
/// every `meta.json` (a sweep's run folder, the seeds' folder).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MachineFacts {
    /// Git commit of the measured code (with `-dirty` when the tree had changes).
    pub commit: String,
    /// `rustc --version` of the compiler that built the binary.
    pub rustc: String,
    /// CPU model name.
    pub cpu: String,
    /// Logical cores of the machine.
    pub cores: usize,
    /// The version of each peer crate the build linked, by crate name
    /// (`Strategy::peer_version`); empty in runs recorded before it was.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub peers: BTreeMap<String, String>,
}

/// The machine's CPU time that other work took while a run measured: a
/// run on a busy machine times every strategy slower, and not all alike.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OtherLoad {
    /// Share of all the machine's CPU time (every core) that went to other
    /// processes, steal included: 0 on an otherwise idle machine.
    pub other: f64,
    /// Share of it the hypervisor gave to other guests (steal time).
    pub steal: f64,
}

impl OtherLoad {
    /// The busier of two measurements (parts of one resumed run).
    pub fn max(self, other: OtherLoad) -> OtherLoad {
        OtherLoad {
            other: self.other.max(other.other),
            steal: self.steal.max(other.steal),
        }
    }
}

impl std::fmt::Display for OtherLoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "other work took {:.1}% of the machine's CPU time (steal {:.1}%)",
            100.0 * self.other,
            100.0 * self.steal
        )
    }
}

/// The machine and build a run was measured on: `meta.json` in a run folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMeta {
    /// Who measured: commit, compiler, CPU, cores (flattened into the JSON).
    #[serde(flatten)]
    pub machine: MachineFacts,
    /// Worker threads the sweep used.
    pub threads: usize,
    /// Start of the run, RFC 3339, UTC.
    pub date: String,
    /// The exact command line.
    pub command: String,
    /// This shard, `K/N` (`1/1` for a whole sweep).
    pub shard: String,
    /// Peak resident memory of the sweep process, in bytes (`VmHWM` on
    /// Linux; the largest over `--resume`s), written when the sweep ends;
    /// absent where it cannot be read and in runs that did not finish.
    #[serde(default)]
    pub peak_rss_bytes: Option<u64>,
    /// What else ran on the machine while the sweep did (the busiest of a
    /// resumed run's parts), written when the sweep ends; absent where it
    /// cannot be read and in runs that did not finish.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_load: Option<OtherLoad>,
    /// What was measured.
    pub config: SweepConfig,
}

impl RunMeta {
    /// Adds what is known only when a run ends: its peak memory and what
    /// else ran meanwhile. A resumed run keeps the largest over its parts.
    pub fn note_end(&mut self, peak_rss_bytes: Option<u64>, other_load: Option<OtherLoad>) {
        if let Some(peak) = peak_rss_bytes {
            self.peak_rss_bytes = Some(self.peak_rss_bytes.map_or(peak, |p| p.max(peak)));
        }
        if let Some(load) = other_load {
            self.other_load = Some(self.other_load.map_or(load, |l| l.max(load)));
        }
    }
}

#[cfg(test)]
impl SweepConfig {
    /// A small configuration for unit tests: default rules, every strategy,
    /// 4 maps per size and 4 queries a map.
    pub(crate) fn for_tests(sizes: Vec<u32>) -> SweepConfig {
        let rules = Rules::default();
        SweepConfig {
            sizes,
            densities: vec![0.25],
            maps: 4,
            queries: 4,
            queries_per_size: BTreeMap::new(),
            strategies: Strategy::ALL.iter().map(|s| s.name().to_string()).collect(),
            heuristic: rules.heuristic.name().into(),
            tie: rules.tie.name().into(),
            costs: CostModel::Seed.name().into(),
            moves: 8,
            corner_cutting: rules.corner_cutting,
            seed: 1,
            min_time_ms: 1.0,
            budget_ms: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_without_per_size_queries_still_read() {
        let mut config = SweepConfig::for_tests(vec![32, 64, 128]);
        let json = serde_json::to_string(&config).unwrap();
        assert!(!json.contains("queries_per_size"), "absent when empty");
        let back: SweepConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(back, config);
        assert_eq!((back.queries_at(32), back.queries_text()), (4, "4".into()));
        config.sizes = vec![32, 64];
        config.queries_per_size = [(32, 9)].into_iter().collect();
        let back: SweepConfig =
            serde_json::from_str(&serde_json::to_string(&config).unwrap()).unwrap();
        assert_eq!((back.queries_at(32), back.queries_at(64)), (9, 4));
        assert_eq!(back.queries_text(), "32²: 9, 64²: 4");
    }
}
