//! Every row of a run, summarised per density, map size and strategy.

use super::bootstrap::{median_interval, Interval};
use super::Quartiles;
use crate::bail;
use crate::error::{Context, Result};
use crate::{load_runs, LoadedRuns, Record, Status};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What one strategy did at one map size (one density).
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// Rows with status `ok`.
    pub ok: usize,
    /// Rows that are errors or mismatches.
    pub bad: usize,
    /// Rows over the run's time budget: measured once and found too slow, or
    /// not run because a smaller map already was.
    pub over_budget: usize,
    /// Time per search, ns, over ok rows.
    pub time: Option<Quartiles>,
    /// Median expansions per search.
    pub expansions: Option<f64>,
    /// Median ns per expansion.
    pub ns_per_expansion: Option<f64>,
    /// Median largest OPEN.
    pub max_open: Option<f64>,
    /// Median pushes per expansion.
    pub pushes_per_expansion: Option<f64>,
    /// Median decrease-key calls per expansion.
    pub decreases_per_expansion: Option<f64>,
    /// Median path length in cells.
    pub path_len: Option<f64>,
    /// Bytes of search state per cell, the largest over ok rows (a list's
    /// storage keeps the capacity its largest search needed).
    pub bytes_per_cell: Option<f64>,
}

/// The rows of one density, grouped by size and strategy.
#[derive(Clone, Debug)]
pub struct Group {
    /// Obstacle density.
    pub density: f64,
    /// Map sides present, ascending.
    pub sizes: Vec<u32>,
    /// Per (size, strategy).
    pub cells: BTreeMap<(u32, String), Cell>,
    /// ok rows' run folder and time per search, per (size, strategy), keyed
    /// by (map seed, query). Two rows pair only when they came from the same
    /// folder: one shard, measured on one machine.
    times: HashMap<(u32, String), HashMap<(u64, u32), Timed>>,
    /// Paired ratios with their intervals, computed once each.
    ratios: RatioCache,
}

/// A row's run folder (an index into [`LoadedRuns::dirs`]) and its time per
/// search in ns.
#[derive(Clone, Copy, Debug)]
struct Timed {
    source: usize,
    ns: f64,
}

impl Timed {
    /// `self`'s time over `den`'s, when both came from one run folder and
    /// `den`'s time is positive.
    fn over(self, den: Timed) -> Option<f64> {
        (self.source == den.source && den.ns > 0.0).then(|| self.ns / den.ns)
    }
}

/// Paired ratios by (size, numerator, denominator), shared by clones.
type RatioCache = Arc<Mutex<HashMap<(u32, String, String), Option<Ratio>>>>;

/// A paired ratio over the queries of one size: its median with a 95%
/// bootstrap interval (maps resampled, then queries within each map; see
/// [`bootstrap`](super::bootstrap)), and its spread over queries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// Median over queries of the per-query ratio.
    pub median: f64,
    /// 95% bootstrap interval of that median; `None` when the ratios are too
    /// few for one ([`FEWEST_VALUES`](super::bootstrap::FEWEST_VALUES)).
    pub ci: Option<Interval>,
    /// Quartiles of the per-query ratios (and how many queries).
    pub spread: Quartiles,
    /// How many maps the queries are on.
    pub maps: usize,
}

impl Ratio {
    /// The median of per-query ratios grouped by map (in a fixed order, so
    /// the interval is too), with its bootstrap interval and spread; `None`
    /// when there is no ratio. Empty groups count as no map.
    pub fn of_clusters(clusters: &[Vec<f64>]) -> Option<Ratio> {
        let spread = Quartiles::of(clusters.iter().flatten().copied())?;
        let slices: Vec<&[f64]> = clusters.iter().map(Vec::as_slice).collect();
        Some(Ratio {
            median: spread.median,
            ci: median_interval(&slices),
            spread,
            maps: slices.iter().filter(|c| !c.is_empty()).count(),
        })
    }
}

impl Group {
    /// The smallest size at which `strategy` has a row over the time budget.
    pub fn over_budget_from(&self, strategy: &str) -> Option<u32> {
        self.sizes
            .iter()
            .copied()
            .find(|&z| self.cell(z, strategy).is_some_and(|c| c.over_budget > 0))
    }

    /// The cell of one strategy at one size, if it has any row.
    pub fn cell(&self, size: u32, strategy: &str) -> Option<&Cell> {
        self.cells.get(&(size, strategy.to_string()))
    }

    /// The paired ratio `num`'s time / `den`'s time over the queries both
    /// measured correctly at `size`, in the same run folder (so on the same
    /// machine). Speedup of S over linear is `ratio(size, "linear", S)`.
    pub fn ratio(&self, size: u32, num: &str, den: &str) -> Option<Quartiles> {
        let a = self.times.get(&(size, num.to_string()))?;
        let b = self.times.get(&(size, den.to_string()))?;
        Quartiles::of(
            a.iter()
                .filter_map(|(k, ta)| b.get(k).and_then(|tb| ta.over(*tb))),
        )
    }
}

impl Group {
    /// The paired ratio `num`'s time / `den`'s time at `size`, as
    /// [`Group::ratio`], with the bootstrap interval of its median. Computed
    /// once per (size, num, den) and kept.
    pub fn ratio_ci(&self, size: u32, num: &str, den: &str) -> Option<Ratio> {
        let key = (size, num.to_string(), den.to_string());
        if let Some(r) = self
            .ratios
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
        {
            return *r;
        }
        let r = self.compute_ratio(size, num, den);
        self.ratios
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, r);
        r
    }

    fn compute_ratio(&self, size: u32, num: &str, den: &str) -> Option<Ratio> {
        let a = self.times.get(&(size, num.to_string()))?;
        let b = self.times.get(&(size, den.to_string()))?;
        // Per map, in map-seed order, the ratios in query order: the
        // bootstrap's input in a fixed order, so its interval is too.
        let mut by_map: BTreeMap<u64, BTreeMap<u32, f64>> = BTreeMap::new();
        for (&(seed, query), ta) in a {
            if let Some(r) = b.get(&(seed, query)).and_then(|tb| ta.over(*tb)) {
                if !r.is_nan() {
                    by_map.entry(seed).or_default().insert(query, r);
                }
            }
        }
        let clusters: Vec<Vec<f64>> = by_map
            .values()
            .map(|qs| qs.values().copied().collect())
            .collect();
        Ratio::of_clusters(&clusters)
    }
}

/// Every row, summarised per density, size and strategy.
#[derive(Clone, Debug)]
pub struct Summary {
    /// One group per density, ascending.
    pub groups: Vec<Group>,
    /// Strategy names, in display order.
    pub strategies: Vec<String>,
}

/// Summarises merged runs. Errors if there is no row at all.
pub fn summarise(runs: &LoadedRuns) -> Result<Summary> {
    if runs.rows.is_empty() {
        bail!("{}: no measured rows", runs.dirs_text());
    }
    let mut by_density: BTreeMap<u64, Vec<(usize, &Record)>> = BTreeMap::new();
    for (i, r) in runs.rows.iter().enumerate() {
        // Densities are non-negative, so their bit patterns sort like them.
        by_density
            .entry(r.density.to_bits())
            .or_default()
            .push((runs.source(i), r));
    }
    let mut groups = Vec::new();
    for (bits, rows) in by_density {
        let mut sizes: Vec<u32> = rows.iter().map(|(_, r)| r.size).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut by_cell: BTreeMap<(u32, String), Vec<(usize, &Record)>> = BTreeMap::new();
        for &(source, r) in &rows {
            by_cell
                .entry((r.size, r.strategy.clone()))
                .or_default()
                .push((source, r));
        }
        let mut cells = BTreeMap::new();
        let mut times = HashMap::new();
        for (key, rs) in by_cell {
            let ok: Vec<&Record> = rs
                .iter()
                .map(|&(_, r)| r)
                .filter(|r| r.status == Status::Ok)
                .collect();
            let med = |f: &dyn Fn(&Record) -> Option<f64>| {
                Quartiles::of(ok.iter().filter_map(|r| f(r))).map(|q| q.median)
            };
            let per_exp =
                |x: u64, r: &Record| (r.expansions > 0).then(|| x as f64 / r.expansions as f64);
            let cell = Cell {
                ok: ok.len(),
                bad: rs.iter().filter(|(_, r)| r.is_bad()).count(),
                over_budget: rs
                    .iter()
                    .filter(|(_, r)| r.status == Status::OverBudget)
                    .count(),
                time: Quartiles::of(ok.iter().map(|r| r.ns_per_search)),
                expansions: med(&|r| Some(r.expansions as f64)),
                ns_per_expansion: med(&|r| per_exp(1, r).map(|x| x * r.ns_per_search)),
                max_open: med(&|r| Some(r.max_open as f64)),
                pushes_per_expansion: med(&|r| per_exp(r.pushes, r)),
                decreases_per_expansion: med(&|r| per_exp(r.decreases, r)),
                path_len: med(&|r| r.path_len),
                bytes_per_cell: ok.iter().map(|r| r.bytes_per_cell).reduce(f64::max),
            };
            let t: HashMap<(u64, u32), Timed> = rs
                .iter()
                .filter(|(_, r)| r.status == Status::Ok)
                .map(|&(source, r)| {
                    let timed = Timed {
                        source,
                        ns: r.ns_per_search,
                    };
                    ((r.map_seed, r.query), timed)
                })
                .collect();
            times.insert(key.clone(), t);
            cells.insert(key, cell);
        }
        groups.push(Group {
            density: f64::from_bits(bits),
            sizes,
            cells,
            times,
            ratios: Default::default(),
        });
    }
    Ok(Summary {
        groups,
        strategies: runs.strategies(),
    })
}

/// Loads and summarises, naming the runs in any error.
pub fn load_and_summarise(dirs: &[PathBuf]) -> Result<(LoadedRuns, Summary)> {
    let runs = load_runs(dirs)?;
    let summary = summarise(&runs).context("summarising")?;
    Ok((runs, summary))
}
