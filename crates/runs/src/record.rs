//! The measured data: one CSV row per (map, query, strategy), and the run's
//! metadata. Sweeps write these; plots and reports read only these.

use astar_core::{CostModel, Heuristic, Moves, Rules, TiePolicy};
use astar_registry::Strategy;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// What became of one strategy's search of one item: the `status` column.
///
/// On disk it is the text it always was (`ok`, `over-budget`,
/// `mismatch: …`, `error: …`), so every committed run folder reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// A correct search, measured.
    #[default]
    Ok,
    /// The search took longer than the run's time budget, or was not run
    /// because the same strategy already went over it on a shorter search
    /// (a shorter row of the file, or a smaller map).
    OverBudget,
    /// The strategies disagree, or the answer contradicts the scenario file:
    /// a wrong answer is recorded, never dropped. The text says what.
    Mismatch(String),
    /// The search could not run (or its item could not be set up).
    Error(String),
}

impl Status {
    /// A mismatch, its text kept on one CSV line.
    pub fn mismatch(why: &str) -> Status {
        Status::Mismatch(one_line(why))
    }

    /// An error, its text kept on one CSV line.
    pub fn error(why: &str) -> Status {
        Status::Error(one_line(why))
    }

    /// Whether this is a mismatch or an error: neither a measurement nor
    /// a search over the budget (which is on record as what it is).
    pub fn is_bad(&self) -> bool {
        matches!(self, Status::Mismatch(_) | Status::Error(_))
    }
}

/// Keeps a message on one CSV line.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ok => f.write_str("ok"),
            Status::OverBudget => f.write_str("over-budget"),
            Status::Mismatch(why) => write!(f, "mismatch: {why}"),
            Status::Error(why) => write!(f, "error: {why}"),
        }
    }
}

impl FromStr for Status {
    type Err = String;
    fn from_str(s: &str) -> Result<Status, String> {
        match s {
            "ok" => Ok(Status::Ok),
            "over-budget" => Ok(Status::OverBudget),
            _ => {
                if let Some(why) = s.strip_prefix("mismatch: ") {
                    Ok(Status::Mismatch(why.into()))
                } else if let Some(why) = s.strip_prefix("error: ") {
                    Ok(Status::Error(why.into()))
                } else {
                    Err(format!(
                        "unknown status {s:?} (expected ok, over-budget, mismatch: …, error: …)"
                    ))
                }
            }
        }
    }
}

/// Serde for a value written by its name ([`fmt::Display`]) and read back
/// by parsing it ([`FromStr`]): how the typed configuration keeps the
/// names `meta.json` has always held, and a row's `status` its text.
/// Use it as `#[serde(with = "astar_runs::record::by_name")]`.
pub mod by_name {
    use super::*;

    /// Writes `value` as its [`fmt::Display`] text.
    pub fn serialize<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    /// Reads a value back from its text with [`FromStr`].
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr<Err: fmt::Display>,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// [`by_name`] for a list.
mod by_names {
    use super::*;

    pub fn serialize<T: fmt::Display, S: Serializer>(
        values: &[T],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(values.iter().map(ToString::to_string))
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
    where
        T: FromStr<Err: fmt::Display>,
        D: Deserializer<'de>,
    {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .map(|t| t.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}

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
/// scenario file's name ([`scen_key`]) and
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
    #[serde(with = "by_name")]
    pub status: Status,
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
        self.status.is_bad()
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
    /// The strategies, in the order given (by name in `meta.json`).
    #[serde(with = "by_names")]
    pub strategies: Vec<Strategy>,
    /// The heuristic (by name in `meta.json`).
    #[serde(with = "by_name")]
    pub heuristic: Heuristic,
    /// The tie policy (by name in `meta.json`).
    #[serde(with = "by_name")]
    pub tie: TiePolicy,
    /// The cost model (by name in `meta.json`).
    #[serde(with = "by_name")]
    pub costs: CostModel,
    /// Straight moves only, or diagonals too (4 or 8 in `meta.json`).
    #[serde(with = "moves_count")]
    pub moves: Moves,
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
    pub fn rules(&self) -> Rules {
        Rules {
            moves: self.moves,
            corner_cutting: self.corner_cutting,
            heuristic: self.heuristic,
            tie: self.tie,
            ..Rules::with_cost_model(self.costs)
        }
    }

    /// A configuration of `strategies` under `rules` and `costs`, with no
    /// maps, no queries, seed 0, no minimum time and no budget: what every
    /// sweep's configuration is built from, so a new field is added here
    /// and where it is set.
    pub fn new(strategies: &[Strategy], rules: &Rules, costs: CostModel) -> SweepConfig {
        SweepConfig {
            sizes: Vec::new(),
            densities: Vec::new(),
            maps: 0,
            queries: 0,
            queries_per_size: BTreeMap::new(),
            strategies: strategies.to_vec(),
            heuristic: rules.heuristic,
            tie: rules.tie,
            costs,
            moves: rules.moves,
            corner_cutting: rules.corner_cutting,
            seed: 0,
            min_time_ms: 0.0,
            budget_ms: None,
        }
    }

    /// The fields in which `self` differs from `other`, in name order;
    /// empty when they agree. Compared through JSON, field by field, so a
    /// field added later is compared without touching this: the one
    /// comparison of configurations.
    pub fn differences(&self, other: &SweepConfig) -> Vec<Difference> {
        if self == other {
            return Vec::new();
        }
        let mine = serde_json::to_value(self).expect("a config serialises");
        let theirs = serde_json::to_value(other).expect("a config serialises");
        let null = serde_json::Value::Null;
        let fields: std::collections::BTreeSet<&String> = mine
            .as_object()
            .into_iter()
            .chain(theirs.as_object())
            .flat_map(|m| m.keys())
            .collect();
        fields
            .into_iter()
            .filter_map(|k| {
                let (a, b) = (
                    mine.get(k.as_str()).unwrap_or(&null),
                    theirs.get(k.as_str()).unwrap_or(&null),
                );
                (a != b).then(|| Difference {
                    field: k.clone(),
                    mine: a.to_string(),
                    theirs: b.to_string(),
                })
            })
            .collect()
    }
}

/// A field in which two configurations differ, with each one's value as
/// `meta.json` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The field's name in `meta.json`.
    pub field: String,
    /// Its value in the configuration asked.
    pub mine: String,
    /// Its value in the one compared with.
    pub theirs: String,
}

/// Serde for [`Moves`] as the number of moves, 4 or 8, as `meta.json` has
/// always held it.
mod moves_count {
    use super::*;

    pub fn serialize<S: Serializer>(moves: &Moves, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(match moves {
            Moves::Four => 4,
            Moves::Eight => 8,
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Moves, D::Error> {
        match u8::deserialize(d)? {
            4 => Ok(Moves::Four),
            8 => Ok(Moves::Eight),
            n => Err(serde::de::Error::custom(format!(
                "moves must be 4 or 8, not {n}"
            ))),
        }
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
    /// The version of each published crate the build linked that a
    /// strategy measures, by strategy name (`Strategy::crate_version`): the
    /// peers' since they were added, the crate-backed open lists' since
    /// those were (the key kept its first name); empty in runs recorded
    /// before either.
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

/// One slice of a sweep: `K/N`, 1 ≤ K ≤ N. Slices are disjoint and together
/// make the whole sweep, so a batch scheduler can run them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub k: u32,
    /// How many slices.
    pub n: u32,
}

impl Shard {
    /// The whole sweep.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Whether the `index`-th of a sweep's units of work (an item, or a
    /// scenario file) is in this slice: every N-th, from the K-th.
    pub fn holds(self, index: usize) -> bool {
        index % self.n as usize == (self.k - 1) as usize
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected a shard as K/N with 1 <= K <= N, got {text:?}");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u32, u32) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
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
    /// This shard (`K/N` in `meta.json`; `1/1` for a whole sweep).
    #[serde(with = "by_name")]
    pub shard: Shard,
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
    /// What makes it a real-map run (`sweep --scen`): its scenario files,
    /// sample and budget. Absent in a random sweep's `meta.json`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub real_maps: Option<RealMapsConfig>,
}

/// What a real-map run measured, beside its [`SweepConfig`] (strategies, tie
/// policy, minimum time; the rest is MovingAI's rules).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RealMapsConfig {
    /// Scenario files or folders of them, as given.
    pub scen: Vec<String>,
    /// Folder of the maps, when not beside the scenario files.
    pub map_dir: Option<String>,
    /// Rows per file, spread over the buckets (`None`: every row).
    pub sample: Option<usize>,
    /// Time budget of one search, in milliseconds.
    pub budget_ms: f64,
}

/// The `map_seed` column of a scenario file's rows: FNV-1a of its file name,
/// so rows of one file share a key that does not depend on where the file is.
pub fn scen_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl RunMeta {
    /// The time budget of one search: the real-map run's own, else the
    /// sweep configuration's.
    pub fn budget_ms(&self) -> Option<f64> {
        match &self.real_maps {
            Some(real) => Some(real.budget_ms),
            None => self.config.budget_ms,
        }
    }

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
        SweepConfig {
            sizes,
            densities: vec![0.25],
            maps: 4,
            queries: 4,
            seed: 1,
            min_time_ms: 1.0,
            ..SweepConfig::new(Strategy::ALL, &Rules::default(), CostModel::Seed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scen_keys_are_fixed_and_differ() {
        assert_eq!(scen_key(""), 0xcbf2_9ce4_8422_2325);
        assert_ne!(scen_key("arena.map.scen"), scen_key("den312d.map.scen"));
    }

    #[test]
    fn statuses_read_back_as_written() {
        for status in [
            Status::Ok,
            Status::OverBudget,
            Status::mismatch("heap cost 3\nfloor cost 4"),
            Status::error("no query"),
        ] {
            let text = status.to_string();
            assert!(!text.contains('\n'), "{text}");
            assert_eq!(text.parse::<Status>(), Ok(status));
        }
        assert_eq!(Status::OverBudget.to_string(), "over-budget");
        assert!("fine".parse::<Status>().is_err());
        assert!(Status::error("x").is_bad() && !Status::OverBudget.is_bad());
    }

    /// The typed fields go to disk under the names `meta.json` has always
    /// held, come back equal, and an unknown name is refused.
    #[test]
    fn typed_fields_are_written_by_their_names() {
        let config = SweepConfig {
            tie: TiePolicy::LargerG,
            ..SweepConfig::for_tests(vec![32])
        };
        let json = serde_json::to_value(&config).unwrap();
        assert_eq!(json["tie"], "larger-g");
        assert_eq!(json["heuristic"], "octile");
        assert_eq!(json["costs"], "seed");
        assert_eq!(json["moves"], 8);
        assert_eq!(json["strategies"][0], Strategy::ALL[0].name());
        let back: SweepConfig = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, config);
        for (field, value) in [("tie", "sideways"), ("strategies", "[\"nope\"]")] {
            let mut bad = json.clone();
            bad[field] = serde_json::from_str(value).unwrap_or(value.into());
            assert!(
                serde_json::from_value::<SweepConfig>(bad).is_err(),
                "{field}"
            );
        }
    }

    #[test]
    fn differences_name_each_differing_field() {
        let a = SweepConfig::for_tests(vec![32]);
        assert!(a.differences(&a).is_empty());
        let b = SweepConfig {
            tie: TiePolicy::Fifo,
            budget_ms: Some(5.0),
            ..a.clone()
        };
        let differences = a.differences(&b);
        let named: Vec<(&str, &str, &str)> = differences
            .iter()
            .map(|d| (d.field.as_str(), d.mine.as_str(), d.theirs.as_str()))
            .collect();
        assert_eq!(
            named,
            [
                ("budget_ms", "null", "5.0"),
                ("tie", "\"lifo\"", "\"fifo\"")
            ]
        );
    }

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
