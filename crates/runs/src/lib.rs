//! Run folders and their statistics: what every reader of measured results
//! needs, and nothing that measures or draws.
//!
//! A run folder holds `results.csv` (one [`Record`] per map, query and
//! strategy) and `meta.json` ([`RunMeta`]: the machine, the build and the
//! [`SweepConfig`]). [`record`] defines both formats, [`store`] writes a run
//! folder (created new, never overwritten; appended row by row; resumed), and
//! this crate's root reads run folders back. [`stats`] turns their rows into
//! medians, intervals and paired ratios.
//!
//! A sweep may be spread over several run folders (shards, or a resumed run
//! next to its first half). [`load_runs`] merges them after checking that they
//! measured the same configuration, so no chart ever mixes two sweeps.
//!
//! Beside them, the plumbing every layer above shares: [`error`] (the one
//! error type), [`files`] (whole-or-nothing writes, reads that name the
//! file) and [`markers`] (generated sections spliced between markers that
//! name their command).

/// Prints a line to standard output like `println!`, but a closed pipe
/// (`astar-lab … | head`) is not an error worth a panic: the line is dropped.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod error;
pub mod files;
pub mod markers;
pub mod record;
pub mod stats;
pub mod store;

pub use error::{Error, Result};

pub use record::{
    scen_key, Difference, MachineFacts, OtherLoad, RealMapsConfig, Record, RunMeta, Shard, Status,
    SweepConfig,
};
pub use store::{Destination, Finished};

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The CSV file of a run folder.
pub const RESULTS: &str = "results.csv";
/// The metadata file of a run folder.
pub const META: &str = "meta.json";

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
        self.rows.iter().filter(|r| r.status == Status::OverBudget)
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
            if !names.iter().any(|n| n == s.name()) {
                names.push(s.name().to_string());
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

/// A real-map run's metadata, read: its [`RunMeta`] and the
/// [`RealMapsConfig`] that makes it a real-map run.
#[derive(Clone, Debug, PartialEq)]
pub struct RealMeta {
    /// The fields every run folder has (its `real_maps` is `Some`).
    pub run: RunMeta,
    /// What makes it a real-map run.
    pub real_maps: RealMapsConfig,
}

/// Reads a run folder's `meta.json` as a real-map run's; `Ok(None)` when it
/// is a random sweep's.
pub fn read_real_meta(dir: &Path) -> Result<Option<RealMeta>> {
    let run = read_meta(dir)?;
    Ok(run
        .real_maps
        .clone()
        .map(|real_maps| RealMeta { run, real_maps }))
}

/// Refuses two run folders whose configurations differ, naming the first
/// field that does.
fn check_same_config(a_dir: &Path, a: &RunMeta, b_dir: &Path, b: &RunMeta) -> Result<()> {
    if let Some(d) = a.config.differences(&b.config).first() {
        bail!(
            "{} and {} are not one sweep: config.{} differs ({} vs {})",
            a_dir.display(),
            b_dir.display(),
            d.field,
            d.mine,
            d.theirs
        );
    }
    Ok(())
}

/// Reads a `results.csv`; the flag says whether a cut-short last line was
/// skipped.
pub fn read_results(path: &Path) -> Result<(Vec<Record>, bool)> {
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
