//! A run folder on disk: creating it, appending rows as they finish, and
//! picking up a killed run where it stopped.

use super::{OtherLoad, Record, RunMeta, META, RESULTS};
use crate::bail;
use crate::error::{Context, Error, Result};
use crate::files::write_atomic;
use astar_registry::Strategy;
use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What identifies an item in a CSV: (size, density bits, map seed, query).
pub type ItemKey = (u32, u64, u64, u32);

/// The item a row belongs to.
pub fn item_key(r: &Record) -> ItemKey {
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
fn create_run_dir(out: &Path, name: &str) -> Result<PathBuf> {
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

/// Where a sweep's rows go.
#[derive(Clone, Debug)]
pub enum Destination {
    /// A new run folder under this folder, named after the date and commit.
    New(PathBuf),
    /// The run folder of a killed run, carried on from where it stopped.
    Resume(PathBuf),
}

/// A run folder being written: started new, or a killed run resumed.
pub struct OpenRun {
    /// The folder.
    pub dir: PathBuf,
    /// Its `results.csv`, open for appending.
    pub file: RunFile,
    /// The items whose rows are all there already (none in a new run).
    pub done: HashSet<ItemKey>,
    /// Every row already there (none in a new run).
    pub earlier: Vec<Record>,
}

/// Starts writing the run `meta` describes.
///
/// `Destination::New(out)` makes a fresh folder `out/NAME` (suffixed if
/// taken) and writes `meta.json` and the CSV header. `Destination::Resume`
/// carries on with a killed run, under the one resume rule: its `meta.json`
/// must describe the same measurement — the same configuration, real-map
/// configuration and shard — or nothing is touched; its rows of items cut
/// short are dropped, to be measured again whole.
pub fn start(destination: &Destination, meta: &RunMeta, name: &str) -> Result<OpenRun> {
    match destination {
        Destination::New(out) => {
            let dir = create_run_dir(out, name)?;
            write_meta(&dir, meta)?;
            let file = RunFile::create(&dir)?;
            Ok(OpenRun {
                dir,
                file,
                done: HashSet::new(),
                earlier: Vec::new(),
            })
        }
        Destination::Resume(dir) => {
            let there = read_meta(dir)?;
            check_resumable(dir, &there, meta)?;
            eprintln!("resuming {}", dir.display());
            if there.machine.commit != meta.machine.commit {
                eprintln!(
                    "warning: {} was measured at commit {}, this is {}",
                    dir.display(),
                    there.machine.commit,
                    meta.machine.commit
                );
            }
            let (file, done, earlier) = RunFile::resume(dir, &meta.config.strategies)?;
            Ok(OpenRun {
                dir: dir.clone(),
                file,
                done,
                earlier,
            })
        }
    }
}

/// Refuses to resume the run in `dir` (whose metadata is `there`) as the
/// run `asked`, unless both measure the same thing.
pub fn check_resumable(dir: &Path, there: &RunMeta, asked: &RunMeta) -> Result<()> {
    let what = |real: bool| {
        if real {
            "a real-map run"
        } else {
            "a random-map sweep"
        }
    };
    let (was_real, is_real) = (there.real_maps.is_some(), asked.real_maps.is_some());
    if was_real != is_real {
        bail!(
            "--resume {}: that is {}, and these flags ask for {} (give --resume alone, or with the flags that started it)",
            dir.display(),
            what(was_real),
            what(is_real)
        );
    }
    if there.shard != asked.shard {
        bail!(
            "--resume {}: that run is shard {}, not {}",
            dir.display(),
            there.shard,
            asked.shard
        );
    }
    let mut differences: Vec<String> = asked
        .config
        .differences(&there.config)
        .into_iter()
        .map(|d| format!("{} {} there, {} asked", d.field, d.theirs, d.mine))
        .collect();
    if there.real_maps != asked.real_maps {
        differences.push("its scenario files, sample or budget".into());
    }
    if !differences.is_empty() {
        bail!(
            "--resume {}: that run has another configuration ({})",
            dir.display(),
            differences.join("; ")
        );
    }
    Ok(())
}

/// Ends writing a run: adds what is known only now (its peak memory, what
/// else ran meanwhile; the largest over a resumed run's parts) to its
/// `meta.json`, and reads back every row.
pub fn end(dir: &Path, peak: Option<u64>, load: Option<OtherLoad>) -> Result<Finished> {
    if peak.is_some() || load.is_some() {
        let mut meta = read_meta(dir)?;
        meta.note_end(peak, load);
        write_meta(dir, &meta)?;
    }
    Ok(Finished {
        dir: dir.to_path_buf(),
        rows: read_rows(dir)?,
    })
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Its run folder.
    pub dir: PathBuf,
    /// Every row in it (earlier runs' too, after a resume).
    pub rows: Vec<Record>,
}

impl Finished {
    /// Rows that are mismatches or errors (a row over the time budget is
    /// neither: it is on record as what it is).
    pub fn bad_rows(&self) -> usize {
        self.rows.iter().filter(|r| r.is_bad()).count()
    }
}

/// Writes a run folder's `meta.json` (whole or not at all).
pub fn write_meta(dir: &Path, meta: &RunMeta) -> Result<()> {
    let mut json = serde_json::to_string_pretty(meta).expect("metadata serialises");
    json.push('\n');
    write_atomic(&dir.join(META), json.as_bytes())
}

/// Reads every row of a run's CSV (a cut-short last line, as a killed run
/// leaves, is skipped).
pub fn read_rows(dir: &Path) -> Result<Vec<Record>> {
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
pub struct RunFile {
    file: Mutex<File>,
    path: PathBuf,
}

impl RunFile {
    /// Starts `results.csv` in a new run folder with just the header.
    fn create(dir: &Path) -> Result<RunFile> {
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
    /// measured again, whole). Returns the file, the items it holds and
    /// their rows.
    fn resume(
        dir: &Path,
        strategies: &[Strategy],
    ) -> Result<(RunFile, HashSet<ItemKey>, Vec<Record>)> {
        let path = dir.join(RESULTS);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let text = std::str::from_utf8(&bytes[..whole])
            .map_err(|e| Error::malformed(&path, format!("not UTF-8: {e}")))?;
        let head = header();
        let mut kept = format!("{head}\n");
        let mut done = HashSet::new();
        let mut kept_rows = Vec::new();
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
            let mut by_item: HashMap<ItemKey, Vec<(Record, usize, usize)>> = HashMap::new();
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
                rows.push((row, start, end));
            }
            for key in order {
                let rows = by_item.remove(&key).unwrap_or_default();
                let names: HashSet<&str> = rows.iter().map(|r| r.0.strategy.as_str()).collect();
                let complete = rows.len() == strategies.len()
                    && strategies.iter().all(|s| names.contains(s.name()));
                if complete {
                    for (row, start, end) in rows {
                        kept.push_str(&text[start..end]);
                        kept_rows.push(row);
                    }
                    done.insert(key);
                }
            }
        }
        if kept.as_bytes() != bytes.as_slice() {
            write_atomic(&path, kept.as_bytes())?;
        }
        Ok((RunFile::append_to(path)?, done, kept_rows))
    }

    /// Appends the rows of one item with a single write, straight to the
    /// operating system: nothing stays buffered in the process, so a killed
    /// run keeps every item written before it.
    pub fn append(&self, rows: &[Record]) -> Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MachineFacts, RealMapsConfig, Shard, SweepConfig};
    use astar_core::TiePolicy;

    fn meta(config: SweepConfig) -> RunMeta {
        RunMeta {
            machine: MachineFacts {
                commit: "abc".into(),
                rustc: "rustc".into(),
                cpu: "cpu".into(),
                cores: 2,
                peers: Default::default(),
            },
            threads: 1,
            date: "2026-01-01T00:00:00Z".into(),
            command: "astar-lab sweep".into(),
            shard: Shard::WHOLE,
            peak_rss_bytes: None,
            other_load: None,
            config,
            real_maps: None,
        }
    }

    /// The one resume rule: a run resumes only as the measurement it is —
    /// its kind, its shard, its configuration — and the refusal says what
    /// differs.
    #[test]
    fn a_run_resumes_only_as_what_it_measured() {
        let dir = Path::new("runs/x");
        let there = meta(SweepConfig::for_tests(vec![32]));
        assert!(check_resumable(dir, &there, &there).is_ok());
        let refusal =
            |asked: &RunMeta| check_resumable(dir, &there, asked).unwrap_err().to_string();

        let mut other = there.clone();
        other.config.tie = TiePolicy::Fifo;
        let why = refusal(&other);
        assert!(why.contains(r#"tie "lifo" there, "fifo" asked"#), "{why}");

        let mut other = there.clone();
        other.shard = Shard { k: 2, n: 3 };
        assert!(refusal(&other).contains("shard 1/1, not 2/3"));

        let mut other = there.clone();
        other.real_maps = Some(RealMapsConfig {
            scen: vec!["a.scen".into()],
            map_dir: None,
            sample: None,
            budget_ms: 200.0,
        });
        let why = refusal(&other);
        assert!(
            why.contains("a random-map sweep") && why.contains("a real-map run"),
            "{why}"
        );
        // Two real-map runs of other files are not one run either.
        let mut real = other.clone();
        real.real_maps.as_mut().unwrap().sample = Some(5);
        assert!(check_resumable(dir, &other, &real)
            .unwrap_err()
            .to_string()
            .contains("scenario files, sample or budget"));
        // The machine that resumes may differ: only what was measured counts.
        let mut elsewhere = there.clone();
        elsewhere.machine.cpu = "another cpu".into();
        elsewhere.threads = 2;
        assert!(check_resumable(dir, &there, &elsewhere).is_ok());
    }
}
