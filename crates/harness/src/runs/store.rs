//! A run folder on disk: creating it, appending rows as they finish, and
//! picking up a killed run where it stopped.

use super::{Record, RunMeta, META, RESULTS};
use crate::bail;
use crate::error::{Context, Error, Result};
use crate::files::write_atomic;
use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What identifies an item in a CSV: (size, density bits, map seed, query).
pub(crate) type ItemKey = (u32, u64, u64, u32);

/// The item a row belongs to.
pub(crate) fn item_key(r: &Record) -> ItemKey {
    (r.size, r.density.to_bits(), r.map_seed, r.query)
}

/// The CSV header line, without its newline, as the `csv` crate writes it for
/// [`Record`].
pub fn header() -> String {
    let blank = Record::default();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.serialize(&blank).expect("a record serialises");
    let bytes = w.into_inner().expect("writing to memory");
    let text = String::from_utf8(bytes).expect("csv writes UTF-8");
    text.lines().next().unwrap_or_default().to_string()
}

/// Creates a fresh folder `out/name`, or `out/name-2`, `-3`, … if it exists:
/// an earlier run is never overwritten.
pub(crate) fn create_run_dir(out: &Path, name: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for n in 1u32.. {
        let dir = if n == 1 {
            out.join(name)
        } else {
            out.join(format!("{name}-{n}"))
        };
        // create_dir fails if the folder exists, so two runs started in the
        // same second cannot share one.
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("creating {}", dir.display())),
        }
    }
    unreachable!("some suffix is free")
}

pub use super::read_meta;

/// Writes a run folder's `meta.json` (whole or not at all).
pub(crate) fn write_meta(dir: &Path, meta: &RunMeta) -> Result<()> {
    let mut json = serde_json::to_string_pretty(meta).expect("metadata serialises");
    json.push('\n');
    write_atomic(&dir.join(META), json.as_bytes())
}

/// Reads every row of a run's CSV (a cut-short last line, as a killed run
/// leaves, is skipped).
pub(crate) fn read_rows(dir: &Path) -> Result<Vec<Record>> {
    super::read_results(&dir.join(RESULTS)).map(|(rows, _)| rows)
}

/// Copies a run folder's files into `to` (each whole or not at all) and
/// returns `to`: how a finished run is published.
pub fn copy_run(run: &Path, to: &Path) -> Result<PathBuf> {
    for name in [RESULTS, META] {
        let from = run.join(name);
        let bytes = std::fs::read(&from).with_context(|| format!("reading {}", from.display()))?;
        write_atomic(&to.join(name), &bytes)?;
    }
    Ok(to.to_path_buf())
}

/// The open `results.csv` of a run, appended to by any thread.
pub(crate) struct RunFile {
    file: Mutex<File>,
    path: PathBuf,
}

impl RunFile {
    /// Starts `results.csv` in a new run folder with just the header.
    pub(crate) fn create(dir: &Path) -> Result<RunFile> {
        let path = dir.join(RESULTS);
        write_atomic(&path, format!("{}\n", header()).as_bytes())?;
        RunFile::append_to(path)
    }

    fn append_to(path: PathBuf) -> Result<RunFile> {
        let file = OpenOptions::new()
            .append(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        Ok(RunFile {
            file: Mutex::new(file),
            path,
        })
    }

    /// Re-opens the `results.csv` of a killed run. Keeps the rows of every
    /// item that has a row for each of `strategies`; drops a partly written
    /// last line and the rows of items that were cut short (they will be
    /// measured again, whole). Returns the file and the items it holds.
    pub fn resume(dir: &Path, strategies: &[&str]) -> Result<(RunFile, HashSet<ItemKey>)> {
        let path = dir.join(RESULTS);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let text = std::str::from_utf8(&bytes[..whole])
            .map_err(|e| Error::malformed(&path, format!("not UTF-8: {e}")))?;
        let head = header();
        let mut kept = format!("{head}\n");
        let mut done = HashSet::new();
        if !text.is_empty() {
            let first = text.lines().next().unwrap_or_default();
            if first != head {
                bail!(
                    "{}: its columns are not the ones this version writes",
                    path.display()
                );
            }
            // Each row's text span, grouped by item, in file order.
            let mut reader = csv::Reader::from_reader(text.as_bytes());
            let headers = reader
                .byte_headers()
                .map_err(|e| Error::malformed(&path, e))?
                .clone();
            let mut raw = csv::ByteRecord::new();
            let mut order: Vec<ItemKey> = Vec::new();
            let mut by_item: HashMap<ItemKey, Vec<(String, usize, usize)>> = HashMap::new();
            loop {
                let start = reader.position().byte() as usize;
                let more = reader
                    .read_byte_record(&mut raw)
                    .map_err(|e| Error::malformed(&path, e))?;
                if !more {
                    break;
                }
                let end = reader.position().byte() as usize;
                let row: Record = raw
                    .deserialize(Some(&headers))
                    .map_err(|e| Error::malformed(&path, e))?;
                let key = item_key(&row);
                let rows = by_item.entry(key).or_insert_with(|| {
                    order.push(key);
                    Vec::new()
                });
                rows.push((row.strategy, start, end));
            }
            for key in order {
                let rows = &by_item[&key];
                let names: HashSet<&str> = rows.iter().map(|r| r.0.as_str()).collect();
                let complete =
                    rows.len() == strategies.len() && strategies.iter().all(|s| names.contains(s));
                if complete {
                    for (_, start, end) in rows {
                        kept.push_str(&text[*start..*end]);
                    }
                    done.insert(key);
                }
            }
        }
        if kept.as_bytes() != bytes.as_slice() {
            write_atomic(&path, kept.as_bytes())?;
        }
        Ok((RunFile::append_to(path)?, done))
    }

    /// Appends the rows of one item with a single write, straight to the
    /// operating system: nothing stays buffered in the process, so a killed
    /// run keeps every item written before it.
    pub(crate) fn append(&self, rows: &[Record]) -> Result<()> {
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        for row in rows {
            w.serialize(row)
                .map_err(|e| Error::malformed(&self.path, e))?;
        }
        let bytes = w
            .into_inner()
            .map_err(|e| Error::malformed(&self.path, e))?;
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(&bytes)
            .and_then(|()| file.flush())
            .with_context(|| format!("writing {}", self.path.display()))
    }
}
