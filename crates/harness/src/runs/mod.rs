//! Run folders: the one owner of what a measured run is on disk.
//!
//! A run folder holds `results.csv` (one [`Record`] per map, query and
//! strategy) and `meta.json` ([`RunMeta`]: the machine, the build and the
//! [`SweepConfig`]). [`record`] defines both formats, [`store`] writes a run
//! folder (created new, never overwritten; appended row by row; resumed), and
//! this module reads run folders back.
//!
//! A sweep may be spread over several run folders (shards, or a resumed run
//! next to its first half). [`load_runs`] merges them after checking that they
//! measured the same configuration, so no chart ever mixes two sweeps.

pub mod real_maps;
pub mod record;
pub mod store;

pub use record::{MachineFacts, OtherLoad, Record, RunMeta, SweepConfig};

use crate::bail;
use crate::error::{Error, Result};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The CSV file of a run folder.
pub const RESULTS: &str = "results.csv";
/// The metadata file of a run folder.
pub const META: &str = "meta.json";
/// The status of a row that measured a correct search.
pub const OK: &str = "ok";
/// The status of a row whose search took longer than the run's time budget,
/// or that was not run because the same strategy already went over it on a
/// shorter search (a shorter row of the file, or a smaller map).
pub const OVER_BUDGET: &str = "over-budget";

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
    /// The folder each row came from: an index into `dirs`, in the order of
    /// `rows`. Statistics pair rows only within one folder (one shard, so
    /// one machine).
    pub sources: Vec<usize>,
    /// Rows dropped because an earlier row had the same
    /// (size, density, map seed, query, strategy).
    pub duplicates: usize,
    /// Files whose last line was cut short (a killed run) and skipped.
    pub truncated: Vec<PathBuf>,
}

impl LoadedRuns {
    /// Rows that are errors or mismatches: neither `ok` nor `over-budget`.
    pub fn bad_rows(&self) -> impl Iterator<Item = &Record> {
        self.rows.iter().filter(|r| r.is_bad())
    }

    /// Rows over the run's time budget (measured once, or skipped).
    pub fn over_budget_rows(&self) -> impl Iterator<Item = &Record> {
        self.rows.iter().filter(|r| r.status == OVER_BUDGET)
    }

    /// The folder row `i` came from (an index into `dirs`); 0 when
    /// `sources` was left empty, as for rows that were never in a folder.
    pub fn source(&self, i: usize) -> usize {
        self.sources.get(i).copied().unwrap_or(0)
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
    pub(crate) fn dirs_text(&self) -> String {
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
    let mut sources = Vec::new();
    let mut truncated = Vec::new();
    let mut seen = HashSet::new();
    let mut duplicates = 0;
    for (source, dir) in dirs.iter().enumerate() {
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
                sources.push(source);
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
        sources,
        duplicates,
        truncated,
    })
}

/// Reads a run folder's `meta.json`.
pub fn read_meta(dir: &Path) -> Result<RunMeta> {
    let path = dir.join(META);
    let text = crate::files::read_text(&path)?;
    serde_json::from_str(&text).map_err(|e| Error::malformed(&path, e))
}

/// Names the first field in which two run folders' configurations differ.
fn check_same_config(a_dir: &Path, a: &RunMeta, b_dir: &Path, b: &RunMeta) -> Result<()> {
    // Compared field by field through JSON so that a field added to
    // `SweepConfig` later is checked without touching this code.
    let a_json = serde_json::to_value(&a.config).expect("a config serialises");
    let b_json = serde_json::to_value(&b.config).expect("a config serialises");
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
pub(crate) fn read_results(path: &Path) -> Result<(Vec<Record>, bool)> {
    let text = crate::files::read_text(path)?;
    // Rows are written whole with their newline, so a last line without one
    // was cut short by a kill: even if it parses, a field may be cut.
    let (text, cut) = match text.rfind('\n') {
        Some(i) if i + 1 < text.len() => (&text[..=i], true),
        _ => (text.as_str(), false),
    };
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| Error::malformed(path, format!("line 1: {e}")))?
        .clone();
    let mut rows = Vec::new();
    for record in reader.records() {
        let row = match record {
            Ok(r) => {
                let line = r.position().map_or(0, |p| p.line());
                r.deserialize::<Record>(Some(&headers))
                    .map_err(|e| Error::malformed(path, format!("line {line}: {e}")))?
            }
            Err(e) => match e.position() {
                Some(p) => return Err(Error::malformed(path, format!("line {}: {e}", p.line()))),
                None => return Err(Error::malformed(path, e)),
            },
        };
        rows.push(row);
    }
    Ok((rows, cut))
}
