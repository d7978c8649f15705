//! Reading measured runs back, and the statistics charts and reports share.
//!
//! A sweep may be spread over several run folders (shards, or a resumed run
//! next to its first half). [`load_runs`] merges them after checking that they
//! measured the same configuration, so no chart ever mixes two sweeps.
//!
//! Every statistic is a median or a quartile over queries, and every speedup is
//! *paired*: the ratio of two strategies' times on the same query, then the
//! median of those ratios. Pairing cancels most of what differs between queries
//! (path length, map layout), which a ratio of medians would not.

use crate::record::{Record, RunMeta, SweepConfig};
use anyhow::{anyhow, bail, Context, Result};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The CSV file of a run folder.
pub const RESULTS: &str = "results.csv";
/// The metadata file of a run folder.
pub const META: &str = "meta.json";
/// The status of a row that measured a correct search.
pub const OK: &str = "ok";

/// Several run folders of one sweep, merged.
#[derive(Clone, Debug)]
pub struct LoadedRuns {
    /// The folders, as given.
    pub dirs: Vec<PathBuf>,
    /// Each folder's metadata, in the order of `dirs`.
    pub metas: Vec<RunMeta>,
    /// The configuration they all share.
    pub config: SweepConfig,
    /// Every row, duplicates removed, in file order.
    pub rows: Vec<Record>,
    /// Rows dropped because an earlier row had the same
    /// (size, density, map seed, query, strategy).
    pub duplicates: usize,
    /// Files whose last line was cut short (a killed run) and skipped.
    pub truncated: Vec<PathBuf>,
}

impl LoadedRuns {
    /// Rows whose status is not `ok`: errors and mismatches.
    pub fn bad_rows(&self) -> impl Iterator<Item = &Record> {
        self.rows.iter().filter(|r| r.status != OK)
    }

    /// Strategy names: the configuration's order first, then any other name
    /// found in the rows, alphabetically.
    pub fn strategies(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for s in &self.config.strategies {
            if !names.contains(s) {
                names.push(s.clone());
            }
        }
        let extra: std::collections::BTreeSet<&String> = self
            .rows
            .iter()
            .map(|r| &r.strategy)
            .filter(|s| !names.contains(s))
            .collect();
        names.extend(extra.into_iter().cloned());
        names
    }

    /// How the runs are named in generated text: the folders, comma-separated.
    pub fn dirs_text(&self) -> String {
        self.dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Reads and merges the run folders of one sweep.
///
/// Errors (one line each) on a missing folder or file, malformed JSON or CSV
/// (naming the file and line), or folders whose configurations differ (naming
/// the first differing field). A last line without its newline that does not
/// parse is what a killed run leaves behind: it is skipped and reported in
/// [`LoadedRuns::truncated`].
pub fn load_runs(dirs: &[PathBuf]) -> Result<LoadedRuns> {
    if dirs.is_empty() {
        bail!("no run folder given");
    }
    let mut metas = Vec::new();
    let mut rows = Vec::new();
    let mut truncated = Vec::new();
    let mut seen = HashSet::new();
    let mut duplicates = 0;
    for dir in dirs {
        if !dir.is_dir() {
            bail!("{}: no such run folder", dir.display());
        }
        let meta = read_meta(dir)?;
        if let Some(first) = metas.first() {
            check_same_config(&dirs[0], first, dir, &meta)?;
        }
        metas.push(meta);
        let (file_rows, cut) = read_results(&dir.join(RESULTS))?;
        if cut {
            truncated.push(dir.join(RESULTS));
        }
        for row in file_rows {
            let key = (
                row.size,
                row.density.to_bits(),
                row.map_seed,
                row.query,
                row.strategy.clone(),
            );
            if seen.insert(key) {
                rows.push(row);
            } else {
                duplicates += 1;
            }
        }
    }
    let config = metas[0].config.clone();
    Ok(LoadedRuns {
        dirs: dirs.to_vec(),
        metas,
        config,
        rows,
        duplicates,
        truncated,
    })
}

fn read_meta(dir: &Path) -> Result<RunMeta> {
    let path = dir.join(META);
    let text = std::fs::read_to_string(&path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// Names the first field in which two run folders' configurations differ.
fn check_same_config(a_dir: &Path, a: &RunMeta, b_dir: &Path, b: &RunMeta) -> Result<()> {
    // Compared field by field through JSON so that a field added to
    // `SweepConfig` later is checked without touching this code.
    let a_json = serde_json::to_value(&a.config)?;
    let b_json = serde_json::to_value(&b.config)?;
    if let (Some(a_map), Some(b_map)) = (a_json.as_object(), b_json.as_object()) {
        for (field, a_value) in a_map {
            let b_value = b_map.get(field).unwrap_or(&serde_json::Value::Null);
            if a_value != b_value {
                bail!(
                    "{} and {} are not one sweep: config.{field} differs ({a_value} vs {b_value})",
                    a_dir.display(),
                    b_dir.display()
                );
            }
        }
    }
    Ok(())
}

/// Reads a `results.csv`; the flag says whether a cut-short last line was
/// skipped.
fn read_results(path: &Path) -> Result<(Vec<Record>, bool)> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    // Rows are written whole with their newline, so a last line without one
    // was cut short by a kill: even if it parses, a field may be cut.
    let (text, cut) = match text.rfind('\n') {
        Some(i) if i + 1 < text.len() => (&text[..=i], true),
        _ => (text.as_str(), false),
    };
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| anyhow!("{}: line 1: {e}", path.display()))?
        .clone();
    let mut rows = Vec::new();
    for record in reader.records() {
        let row = match record {
            Ok(r) => {
                let line = r.position().map_or(0, |p| p.line());
                r.deserialize::<Record>(Some(&headers))
                    .map_err(|e| anyhow!("{}: line {line}: {e}", path.display()))?
            }
            Err(e) => match e.position() {
                Some(p) => bail!("{}: line {}: {e}", path.display(), p.line()),
                None => bail!("{}: {e}", path.display()),
            },
        };
        rows.push(row);
    }
    Ok((rows, cut))
}

/// Lower quartile, median, upper quartile and count of a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quartiles {
    /// 25th percentile.
    pub q1: f64,
    /// 50th percentile.
    pub median: f64,
    /// 75th percentile.
    pub q3: f64,
    /// Sample size.
    pub n: usize,
}

impl Quartiles {
    /// The quartiles of `values` (linear interpolation between order
    /// statistics), or `None` for an empty sample. NaNs are ignored.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Quartiles> {
        let mut v: Vec<f64> = values.into_iter().filter(|x| !x.is_nan()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        Some(Quartiles {
            q1: quantile(&v, 0.25),
            median: quantile(&v, 0.5),
            q3: quantile(&v, 0.75),
            n: v.len(),
        })
    }
}

/// The `p` quantile of sorted `v`: position `p·(n−1)`, interpolated.
fn quantile(v: &[f64], p: f64) -> f64 {
    let pos = p * (v.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

/// What one strategy did at one map size (one density).
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// Rows with status `ok`.
    pub ok: usize,
    /// Rows with any other status (errors, mismatches).
    pub bad: usize,
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
    /// ok rows' time per search, per (size, strategy), keyed by (map seed, query).
    times: HashMap<(u32, String), HashMap<(u64, u32), f64>>,
}

impl Group {
    /// The cell of one strategy at one size, if it has any row.
    pub fn cell(&self, size: u32, strategy: &str) -> Option<&Cell> {
        self.cells.get(&(size, strategy.to_string()))
    }

    /// The paired ratio `num`'s time / `den`'s time over the queries both
    /// measured correctly at `size`. Speedup of S over linear is
    /// `ratio(size, "linear", S)`.
    pub fn ratio(&self, size: u32, num: &str, den: &str) -> Option<Quartiles> {
        let a = self.times.get(&(size, num.to_string()))?;
        let b = self.times.get(&(size, den.to_string()))?;
        Quartiles::of(
            a.iter()
                .filter_map(|(k, na)| b.get(k).filter(|nb| **nb > 0.0).map(|nb| na / nb)),
        )
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
    let mut by_density: BTreeMap<u64, Vec<&Record>> = BTreeMap::new();
    for r in &runs.rows {
        // Densities are non-negative, so their bit patterns sort like them.
        by_density.entry(r.density.to_bits()).or_default().push(r);
    }
    let mut groups = Vec::new();
    for (bits, rows) in by_density {
        let mut sizes: Vec<u32> = rows.iter().map(|r| r.size).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let mut by_cell: BTreeMap<(u32, String), Vec<&Record>> = BTreeMap::new();
        for r in &rows {
            by_cell
                .entry((r.size, r.strategy.clone()))
                .or_default()
                .push(r);
        }
        let mut cells = BTreeMap::new();
        let mut times = HashMap::new();
        for (key, rs) in by_cell {
            let ok: Vec<&&Record> = rs.iter().filter(|r| r.status == OK).collect();
            let med = |f: &dyn Fn(&Record) -> Option<f64>| {
                Quartiles::of(ok.iter().filter_map(|r| f(r))).map(|q| q.median)
            };
            let per_exp =
                |x: u64, r: &Record| (r.expansions > 0).then(|| x as f64 / r.expansions as f64);
            let cell = Cell {
                ok: ok.len(),
                bad: rs.len() - ok.len(),
                time: Quartiles::of(ok.iter().map(|r| r.ns_per_search)),
                expansions: med(&|r| Some(r.expansions as f64)),
                ns_per_expansion: med(&|r| per_exp(1, r).map(|x| x * r.ns_per_search)),
                max_open: med(&|r| Some(r.max_open as f64)),
                pushes_per_expansion: med(&|r| per_exp(r.pushes, r)),
                decreases_per_expansion: med(&|r| per_exp(r.decreases, r)),
                path_len: med(&|r| r.path_len),
                bytes_per_cell: ok.iter().map(|r| r.bytes_per_cell).reduce(f64::max),
            };
            let t: HashMap<(u64, u32), f64> = ok
                .iter()
                .map(|r| ((r.map_seed, r.query), r.ns_per_search))
                .collect();
            times.insert(key.clone(), t);
            cells.insert(key, cell);
        }
        groups.push(Group {
            density: f64::from_bits(bits),
            sizes,
            cells,
            times,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_interpolate() {
        let q = Quartiles::of([4.0, 1.0, 3.0, 2.0]).unwrap();
        assert_eq!((q.q1, q.median, q.q3, q.n), (1.75, 2.5, 3.25, 4));
        assert_eq!(Quartiles::of([7.0]).unwrap().median, 7.0);
        assert!(Quartiles::of([]).is_none());
    }
}
