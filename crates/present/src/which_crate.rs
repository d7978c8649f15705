//! The writeup's "Which crate should I use?" section and its one-line answer
//! in the root README: every option a Rust user can `cargo add` for A* on a
//! grid, timed beside this project's own lists and the floor.
//!
//! Made from the run folders of `scripts/publish-which-crate.sh`, one folder
//! per [`Workload`] holding one run folder per round (`DATA/random/RUN/`, …),
//! and from the instruction table (`reports/instructions/instructions.csv`),
//! which gives each gap its reason in counted instructions. Every ratio is
//! paired within one run, as everywhere in the reports; with several rounds
//! the section prints each run's median and an interval from the lowest
//! run's lower bound to the highest run's upper bound, so the spread between
//! runs is inside the interval a reader cites.

use crate::format::{interval_text, load_text, micros, sig3};
use crate::report::published_crate_text;
use astar_core::CostModel;
use astar_registry::{Kind, Strategy};
use astar_runs::error::{Context, Error, Result};
use astar_runs::files::write_atomic;
use astar_runs::markers::splice;
use astar_runs::stats::{median, Interval, Ratio};
use astar_runs::{bail, invalid};
use astar_runs::{load_runs, Record, RunMeta, Status};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The name of the writeup's generated section.
pub const SECTION: &str = "which-crate";

/// The name of the root README's generated answer.
pub const ANSWER: &str = "which-crate-answer";

/// Where the section's run folders are kept unless told.
pub const DEFAULT_DATA: &str = "reports/which-crate/data";

/// Where the instruction table is unless told.
pub const DEFAULT_INSTRUCTIONS: &str = "reports/instructions/instructions.csv";

/// What one round of `scripts/publish-which-crate.sh` measures, each in a
/// folder of its own under the data folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// Random maps under the default rules; the table reads the largest size.
    Random,
    /// The committed MovingAI suite under MovingAI's rules.
    MovingAi,
    /// The same rows with corners cut: the only rules jump point search
    /// (`grid-jps`) runs under.
    CornerCutting,
}

impl Workload {
    /// Every workload, in the section's order.
    pub const ALL: [Workload; 3] = [
        Workload::Random,
        Workload::MovingAi,
        Workload::CornerCutting,
    ];

    /// Its folder under the data folder.
    pub fn folder(self) -> &'static str {
        match self {
            Workload::Random => "random",
            Workload::MovingAi => "movingai",
            Workload::CornerCutting => "corner-cutting",
        }
    }

    /// Its workload in the instruction table, where it has one.
    fn counted_as(self) -> Option<&'static str> {
        match self {
            Workload::Random => Some("random"),
            Workload::MovingAi => Some("movingai"),
            Workload::CornerCutting => None,
        }
    }
}

/// One run folder: its facts and the rows its table compares.
struct Run {
    folder: PathBuf,
    meta: RunMeta,
    /// Every row of a real-map run; a random run's rows at its largest size.
    rows: Vec<Record>,
}

impl Run {
    fn load(folder: &Path) -> Result<Run> {
        let loaded = load_runs(&[folder.to_path_buf()])?;
        let meta = loaded
            .metas
            .into_iter()
            .next()
            .expect("one folder, one meta");
        let largest = loaded.rows.iter().map(|r| r.size).max();
        let rows = if meta.real_maps.is_some() {
            loaded.rows
        } else {
            loaded
                .rows
                .into_iter()
                .filter(|r| Some(r.size) == largest)
                .collect()
        };
        Ok(Run {
            folder: folder.to_path_buf(),
            meta,
            rows,
        })
    }

    /// Strategy `s`'s records.
    fn of(&self, s: Strategy) -> impl Iterator<Item = &Record> {
        self.rows.iter().filter(move |r| r.strategy == s.name())
    }

    /// Strategy `s`'s records by row (scenario file or map, then query).
    fn records(&self, s: Strategy) -> BTreeMap<(u64, u32), &Record> {
        self.of(s).map(|r| ((r.map_seed, r.query), r)).collect()
    }

    /// The paired ratio `a`'s time ÷ `b`'s over the rows both finished, with
    /// the bootstrap interval of its median (maps resampled, then rows
    /// within each: a row's `map_seed` names its map on random maps and its
    /// scenario file on real ones), over the rows of map family `family`, or
    /// of every family.
    fn ratio_in(&self, a: Strategy, b: Strategy, family: Option<&str>) -> Option<Ratio> {
        let (ra, rb) = (self.records(a), self.records(b));
        let mut by_map: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
        for (k, x) in &ra {
            let Some(y) = rb.get(k) else { continue };
            if family.is_some_and(|f| x.family != f) {
                continue;
            }
            if x.status == Status::Ok && y.status == Status::Ok && y.ns_per_search > 0.0 {
                by_map
                    .entry(k.0)
                    .or_default()
                    .push(x.ns_per_search / y.ns_per_search);
            }
        }
        Ratio::of_clusters(&by_map.into_values().collect::<Vec<_>>())
    }

    /// The median time per query of `s`'s finished rows, ns.
    fn time(&self, s: Strategy) -> Option<f64> {
        median(
            self.of(s)
                .filter(|r| r.status == Status::Ok)
                .map(|r| r.ns_per_search),
        )
    }

    /// How many of `s`'s rows have a status that `which` picks.
    fn count(&self, s: Strategy, which: impl Fn(&Status) -> bool) -> usize {
        self.of(s).filter(|r| which(&r.status)).count()
    }

    /// The strategies the run measured, in its order.
    fn strategies(&self) -> &[Strategy] {
        &self.meta.config.strategies
    }
}

/// Whether `s` is one of this project's own open lists (not a crate's queue).
fn is_own_list(s: Strategy) -> bool {
    s.kind() == Kind::OpenList && s.crate_name().is_none()
}

/// A ratio measured in every run of a workload.
struct AcrossRuns(Vec<Ratio>);

impl AcrossRuns {
    /// The median of the runs' medians.
    fn median(&self) -> f64 {
        median(self.0.iter().map(|r| r.median)).unwrap_or(f64::NAN)
    }

    /// From the lowest run's lower bound to the highest run's upper bound;
    /// `None` when some run has too few ratios for an interval.
    fn interval(&self) -> Option<Interval> {
        let cis: Option<Vec<Interval>> = self.0.iter().map(|r| r.ci).collect();
        let cis = cis?;
        Some(Interval {
            lo: cis.iter().map(|c| c.lo).fold(f64::INFINITY, f64::min),
            hi: cis.iter().map(|c| c.hi).fold(f64::NEG_INFINITY, f64::max),
        })
    }

    /// `2.41× [2.3–2.5]`, and with several runs each run's median after it:
    /// `2.41× [2.2–2.6] (runs 2.38, 2.45)`.
    fn text(&self) -> String {
        let mut out = format!("{}×", sig3(self.median()));
        match self.interval() {
            Some(ci) => write!(out, " {}", interval_text(ci)).unwrap(),
            None => {
                let n: usize = self.0.iter().map(|r| r.spread.n).sum();
                write!(out, " (n = {n})").unwrap();
            }
        }
        if self.0.len() > 1 {
            let each: Vec<String> = self.0.iter().map(|r| sig3(r.median)).collect();
            write!(out, " (runs {})", each.join(", ")).unwrap();
        }
        out
    }
}

/// One workload's runs.
struct Measured {
    workload: Workload,
    runs: Vec<Run>,
}

impl Measured {
    /// The run folders below `data/WORKLOAD/`, in name (start time) order.
    fn load(data: &Path, workload: Workload) -> Result<Measured> {
        let dir = data.join(workload.folder());
        let mut folders: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        folders.sort();
        if folders.is_empty() {
            bail!("{}: no run folder", dir.display());
        }
        let runs = folders
            .iter()
            .map(|f| Run::load(f))
            .collect::<Result<Vec<_>>>()?;
        Ok(Measured { workload, runs })
    }

    /// The strategies every run measured, in the first run's order.
    fn strategies(&self) -> Vec<Strategy> {
        self.runs[0]
            .strategies()
            .iter()
            .copied()
            .filter(|s| self.runs.iter().all(|r| r.strategies().contains(s)))
            .collect()
    }

    fn across(&self, a: Strategy, b: Strategy) -> Option<AcrossRuns> {
        self.across_in(a, b, None)
    }

    /// `across` over the rows of one map family, or of all.
    fn across_in(&self, a: Strategy, b: Strategy, family: Option<&str>) -> Option<AcrossRuns> {
        let each: Option<Vec<Ratio>> = self.runs.iter().map(|r| r.ratio_in(a, b, family)).collect();
        each.map(AcrossRuns)
    }

    /// The map families of the first run's rows, in name order (empty on
    /// random maps).
    fn families(&self) -> Vec<&str> {
        let names: std::collections::BTreeSet<&str> = self.runs[0]
            .rows
            .iter()
            .map(|r| r.family.as_str())
            .filter(|f| !f.is_empty())
            .collect();
        names.into_iter().collect()
    }

    /// `a`'s time ÷ `b`'s per map family, in name order, where measured.
    fn by_family(&self, a: Strategy, b: Strategy) -> Vec<(&str, AcrossRuns)> {
        self.families()
            .into_iter()
            .filter_map(|f| Some((f, self.across_in(a, b, Some(f))?)))
            .collect()
    }

    /// This project's other lists that tie with `best`: those whose time ÷
    /// `best`'s has an interval (spanning every run) that includes 1.
    fn ties(&self, best: Strategy) -> Vec<Strategy> {
        self.strategies()
            .into_iter()
            .filter(|&s| s != best && is_own_list(s))
            .filter(|&s| {
                self.across(s, best)
                    .and_then(|r| r.interval())
                    .is_some_and(|ci| ci.lo <= 1.0 && 1.0 <= ci.hi)
            })
            .collect()
    }

    /// This project's fastest open list here: the lowest median time ÷ the
    /// floor among its own lists that finished every row of every run.
    fn fastest_own_list(&self) -> Option<Strategy> {
        self.strategies()
            .into_iter()
            .filter(|&s| is_own_list(s))
            .filter(|&s| self.unfinished(s) == (0, 0))
            .filter_map(|s| Some((s, self.across(s, Strategy::Floor)?.median())))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
    }

    /// The median over runs of `s`'s median time per query, ns.
    fn time(&self, s: Strategy) -> Option<f64> {
        median(self.runs.iter().filter_map(|r| r.time(s)))
    }

    /// The rows of `s` over the time budget, and the rest of those that did
    /// not finish (a wrong answer), over every run.
    fn unfinished(&self, s: Strategy) -> (usize, usize) {
        let count = |which: fn(&Status) -> bool| -> usize {
            self.runs.iter().map(|r| r.count(s, which)).sum()
        };
        (
            count(|st| *st == Status::OverBudget),
            count(|st| !matches!(st, Status::Ok | Status::OverBudget)),
        )
    }

    /// What was measured, in words: the workload, the rows, the runs.
    fn what(&self) -> String {
        let run = &self.runs[0];
        let rows = run.of(Strategy::Floor).count();
        let rules = if run.meta.config.corner_cutting {
            ", corners cut"
        } else {
            ""
        };
        match &run.meta.real_maps {
            Some(real) => {
                let files = run
                    .rows
                    .iter()
                    .map(|r| r.map.as_str())
                    .collect::<std::collections::BTreeSet<_>>()
                    .len();
                format!(
                    "{rows} rows of {files} MovingAI map files ({} a file, spread over its buckets), \
                     costs 1 and √2{rules}, a time budget of {} ms a search",
                    real.sample.map_or("every row".to_string(), |n| n.to_string()),
                    sig3(real.budget_ms),
                )
            }
            None => {
                let size = run.rows.first().map_or(0, |r| r.size);
                let c = &run.meta.config;
                format!(
                    "{rows} queries on {} random {size}² maps ({:.0}% obstacles, {} far-apart queries a map), {}{rules}",
                    c.maps,
                    100.0 * c.densities.first().copied().unwrap_or(0.0),
                    c.queries_at(size),
                    match c.costs {
                        CostModel::Seed => "costs 10/14".to_string(),
                        other => format!("costs `{other}`"),
                    },
                )
            }
        }
    }
}

/// Counts per expansion of one strategy on one workload of the instruction
/// table.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Counted {
    instructions: f64,
    mispredictions: f64,
    stale_pops: f64,
}

/// The instruction table: counts per expansion by (workload, strategy).
struct Instructions {
    rows: BTreeMap<(String, String), Counted>,
    commit: String,
}

impl Instructions {
    /// Reads `instructions.csv` (and the commit its README names).
    fn read(path: &Path) -> Result<Instructions> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let mut lines = text.lines();
        let head: Vec<&str> = lines.next().unwrap_or_default().split(',').collect();
        let malformed = |message: String| Error::Malformed {
            path: path.to_path_buf(),
            message,
        };
        let col = |name: &str| {
            head.iter()
                .position(|h| *h == name)
                .ok_or_else(|| malformed(format!("no column {name}")))
        };
        let [w, s, e, i, m, st] = [
            "workload",
            "strategy",
            "expansions",
            "instructions",
            "branch_mispredictions",
            "stale_pops",
        ]
        .map(col);
        let (w, s, e, i, m, st) = (w?, s?, e?, i?, m?, st?);
        let mut rows = BTreeMap::new();
        for (n, line) in lines.enumerate() {
            let f: Vec<&str> = line.split(',').collect();
            let num = |c: usize| -> Result<f64> {
                f.get(c)
                    .and_then(|v| v.parse::<f64>().ok())
                    .ok_or_else(|| malformed(format!("line {}: not a number", n + 2)))
            };
            let expansions = num(e)?;
            if expansions <= 0.0 {
                return Err(malformed(format!("line {}: no expansions", n + 2)));
            }
            let per = |c: usize| num(c).map(|v| v / expansions);
            rows.insert(
                (f[w].to_string(), f[s].to_string()),
                Counted {
                    instructions: per(i)?,
                    mispredictions: per(m)?,
                    stale_pops: per(st)?,
                },
            );
        }
        let readme = path.with_file_name("README.md");
        let commit = std::fs::read_to_string(&readme)
            .ok()
            .and_then(|t| {
                let at = t.find("at commit\n`").map(|i| i + "at commit\n`".len())?;
                Some(t[at..].split('`').next()?.to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        Ok(Instructions { rows, commit })
    }

    fn of(&self, workload: Workload, s: Strategy) -> Option<Counted> {
        let w = workload.counted_as()?;
        self.rows
            .get(&(w.to_string(), s.name().to_string()))
            .copied()
    }
}

/// The strategy whose code `s` is measured against for its reason, and
/// what differs between the two by construction.
fn shape(s: Strategy) -> Option<(Strategy, &'static str)> {
    Some(match s {
        Strategy::CratePriorityQueue | Strategy::CrateKeyedPq => (
            Strategy::Heap,
            "the same binary heap with decrease-key, but a node's heap slot is found by \
             hashing its id (SipHash) into a hash map, where `heap` reads it from an array",
        ),
        Strategy::CrateDaryHeap => (
            Strategy::LazyHeap,
            "both lazy (a decrease-key pushes a new key, the stale one is popped and skipped); \
             4 children a node where `lazy-heap` has 2",
        ),
        Strategy::LazyHeap => (
            Strategy::Heap,
            "no decrease-key: an improved node's key is pushed again and the stale one \
             popped and skipped later",
        ),
        Strategy::Pathfinding => (
            Strategy::LazyHeap,
            "its own A*: a lazy `BinaryHeap` like `lazy-heap`, plus an `FxIndexMap` that \
             hashes every node reached (parent and cost) where this project's A* indexes \
             arrays; equal F pops the larger G first, then heap order",
        ),
        Strategy::Petgraph => (
            Strategy::LazyHeap,
            "its own A* over a graph built from the grid: a lazy `BinaryHeap` like \
             `lazy-heap`, plus `hashbrown` maps of scores and parents that hash every node \
             reached; equal F pops the smaller estimate first",
        ),
        _ => return None,
    })
}

/// The reason column of `s`: the counted difference from the strategy of
/// the same shape and what differs, or for this project's lists their
/// counts against the floor.
fn why(workload: Workload, s: Strategy, counts: &Instructions) -> String {
    let per = |s| counts.of(workload, s);
    let stale = |c: Counted| {
        if c.stale_pops > 0.0 {
            format!(", {:.2} stale pops", c.stale_pops)
        } else {
            String::new()
        }
    };
    match (s.kind(), shape(s)) {
        (Kind::Algorithm, _) => "another algorithm: jump point search skips the cells between \
            jump points, so it expands far fewer nodes than any A*; it cuts corners, so it runs \
            only under these rules (its own A* is not public)"
            .into(),
        (Kind::Floor, _) => "no open list at all: the recorded search replayed, what no list \
            can beat"
            .into(),
        (_, Some((base, differs))) => match (per(s), per(base)) {
            (Some(a), Some(b)) => {
                let peer = if s.kind() == Kind::Peer {
                    " (per expansion of this project's search of the query)"
                } else {
                    ""
                };
                format!(
                    "{} instructions, {} mispredicted branches{} per expansion{peer}, \
                     against `{base}`'s {} and {}: {differs}",
                    sig3(a.instructions),
                    sig3(a.mispredictions),
                    stale(a),
                    sig3(b.instructions),
                    sig3(b.mispredictions),
                )
            }
            _ if workload.counted_as().is_none() => differs.to_string(),
            _ => format!("not in the instruction table: {differs}"),
        },
        _ => match (per(s), per(Strategy::Floor)) {
            (Some(a), Some(f)) => format!(
                "this project's: {} instructions per expansion, {}× the floor's{}",
                sig3(a.instructions),
                sig3(a.instructions / f.instructions),
                stale(a),
            ),
            _ if workload.counted_as().is_none() => "–".into(),
            _ => "this project's (not in the instruction table)".into(),
        },
    }
}

/// What a strategy is, for the option column: its name and, for a crate's,
/// the crate and the version the runs linked.
fn option_text(s: Strategy, m: &Measured) -> String {
    let metas: Vec<&RunMeta> = m.runs.iter().map(|r| &r.meta).collect();
    match published_crate_text(s, &metas) {
        Some(text) => text,
        None if s.kind() == Kind::Floor => format!("`{s}` (no open list)"),
        None => format!("`{s}` (this project)"),
    }
}

/// The runs of one workload, in words: when, at which commit, on what, and
/// how busy the machine was.
fn runs_text(m: &Measured) -> String {
    let each: Vec<String> = m
        .runs
        .iter()
        .map(|r| {
            format!(
                "{} at `{}` (other load {})",
                r.meta.date,
                r.meta.machine.commit,
                load_text(r.meta.other_load)
            )
        })
        .collect();
    let machine = &m.runs[0].meta.machine;
    format!(
        "{} run{}, {} worker thread each, on {} ({} cores, {}): {}",
        m.runs.len(),
        if m.runs.len() == 1 { "" } else { "s" },
        m.runs[0].meta.threads,
        machine.cpu,
        machine.cores,
        machine.rustc,
        each.join("; ")
    )
}

/// One workload's table, its options sorted by time ÷ the fastest list.
fn table(m: &Measured, best: Strategy, counts: &Instructions) -> String {
    let col = format!("time ÷ `{best}`");
    // The reason is text: aligned left like the option, the numbers right.
    let mut out =
        format!("| option | median time a query | {col} | why (counted) |\n|---|---:|---:|---|\n");
    let mut rows: Vec<((u8, f64), Strategy, String)> = m
        .strategies()
        .into_iter()
        .map(|s| {
            let ratio = if s == best { None } else { m.across(s, best) };
            // Apart from the lists and the A* peers, in this order: another
            // algorithm, then the floor, which no option can beat.
            let group = match s.kind() {
                Kind::Algorithm => 1,
                Kind::Floor => 2,
                _ => 0,
            };
            let key = (group, ratio.as_ref().map_or(1.0, AcrossRuns::median));
            let mut ratio_text = ratio.map_or("1".to_string(), |r| r.text());
            let rows = |n: usize| {
                if n == 1 {
                    "1 row".into()
                } else {
                    format!("{n} rows")
                }
            };
            let (over, wrong) = m.unfinished(s);
            if over > 0 {
                // The rows over the budget are the slowest ones: what is
                // printed is over the rest, so it is a lower bound.
                ratio_text = format!("≥ {ratio_text} ({} over budget)", rows(over));
            }
            if wrong > 0 {
                // A wrong answer is no time to compare: left out, said so.
                write!(
                    ratio_text,
                    " ({} with a mismatch or an error, left out)",
                    rows(wrong)
                )
                .unwrap();
            }
            let time = m
                .time(s)
                .map_or("–".into(), |t| format!("{} µs", micros(t)));
            let line = format!(
                "| {} | {time} | {ratio_text} | {} |\n",
                option_text(s, m),
                why(m.workload, s, counts)
            );
            (key, s, line)
        })
        .collect();
    rows.sort_by(|a, b| {
        (a.0 .0.cmp(&b.0 .0))
            .then(a.0 .1.total_cmp(&b.0 .1))
            .then(a.1.cmp(&b.1))
    });
    for (_, _, line) in rows {
        out.push_str(&line);
    }
    out
}

/// `, tied with `two-level`` when other lists tie with the fastest, or
/// nothing.
fn tied_words(ties: &[Strategy]) -> String {
    if ties.is_empty() {
        return String::new();
    }
    let names: Vec<String> = ties.iter().map(|s| format!("`{s}`")).collect();
    format!(", tied with {}", crate::claim::list_words(&names))
}

/// The fastest option a user can `cargo add` among those timed under a
/// workload (the crates' queues and the A* peers, not another algorithm),
/// and its time ÷ the fastest own list.
fn fastest_crate(m: &Measured, best: Strategy) -> Option<(Strategy, AcrossRuns)> {
    m.strategies()
        .into_iter()
        .filter(|s| s.crate_name().is_some() && s.kind() != Kind::Algorithm)
        .filter_map(|s| Some((s, m.across(s, best)?)))
        .min_by(|a, b| a.1.median().total_cmp(&b.1.median()))
}

/// Everything the section and the answer are made from.
pub struct WhichCrate {
    measured: Vec<Measured>,
    counts: Instructions,
}

impl WhichCrate {
    /// Loads every workload's run folders under `data` and the instruction
    /// table at `instructions`.
    pub fn load(data: &Path, instructions: &Path) -> Result<WhichCrate> {
        let measured = Workload::ALL
            .iter()
            .map(|&w| Measured::load(data, w))
            .collect::<Result<Vec<_>>>()?;
        let counts = Instructions::read(instructions)?;
        Ok(WhichCrate { measured, counts })
    }

    fn workload(&self, w: Workload) -> &Measured {
        self.measured
            .iter()
            .find(|m| m.workload == w)
            .expect("every workload is loaded")
    }

    /// The writeup's section.
    pub fn section(&self) -> Result<String> {
        let mut out = String::new();
        for m in &self.measured {
            let Some(best) = m.fastest_own_list() else {
                bail!(
                    "{}: no list of this project finished every row",
                    m.runs[0].folder.display()
                );
            };
            let title = match m.workload {
                Workload::Random => "Random maps",
                Workload::MovingAi => "MovingAI maps",
                Workload::CornerCutting => "MovingAI maps, corners cut (jump point search)",
            };
            writeln!(out, "**{title}**: {}. {}.\n", m.what(), runs_text(m)).unwrap();
            out.push_str(&table(m, best, &self.counts));
            let ties = m.ties(best);
            if !ties.is_empty() {
                let names: Vec<String> = ties.iter().map(|s| format!("`{s}`")).collect();
                writeln!(
                    out,
                    "\nA tie: the interval of {}'s time ÷ `{best}`'s includes 1.",
                    crate::claim::list_words(&names)
                )
                .unwrap();
            }
            out.push('\n');
            let jps = m.by_family(Strategy::GridJps, best);
            if !jps.is_empty() {
                // What jump point search buys depends on the map more than
                // anything else: per family, not only pooled.
                writeln!(
                    out,
                    "Per map family, `grid-jps`'s time ÷ `{best}`'s:\n\n| map family | time ÷ `{best}` |\n|---|---:|"
                )
                .unwrap();
                for (family, ratio) in jps {
                    writeln!(out, "| {family} | {} |", ratio.text()).unwrap();
                }
                out.push('\n');
            }
        }
        writeln!(
            out,
            "Times are medians over the rows of each run's per-row medians of warm repeats \
             (the median of the runs' medians with several runs). `time ÷` is paired: each \
             row's time over the fastest list's on the same row, then the median, with a 95% \
             bootstrap interval (maps resampled, then rows within each){}. The reasons count \
             instructions, mispredicted branches and stale pops per expansion on the instruction \
             table's two queries (`reports/instructions/`, commit `{}`), whose rules are each \
             table's but for the corner-cut one; a peer's are per expansion of this project's \
             search of the query, as it exposes no counters of its own.",
            if self.measured.iter().any(|m| m.runs.len() > 1) {
                "; with several runs, from the lowest run's lower bound to the highest run's \
                 upper bound, so the spread between runs is inside it"
            } else {
                ""
            },
            self.counts.commit,
        )
        .unwrap();
        Ok(out)
    }

    /// The root README's one paragraph: the fastest crate on each map
    /// family against this project's fastest list, the A* peers, and what
    /// jump point search buys.
    pub fn answer(&self) -> Result<String> {
        let mut parts = Vec::new();
        for w in [Workload::Random, Workload::MovingAi] {
            let m = self.workload(w);
            let best = m.fastest_own_list().ok_or_else(|| {
                invalid!("{}: no list of this project finished every row", w.folder())
            })?;
            let (fastest, ratio) = fastest_crate(m, best)
                .ok_or_else(|| invalid!("{}: no crate measured", w.folder()))?;
            let peers: Vec<String> = m
                .strategies()
                .into_iter()
                .filter(|s| s.kind() == Kind::Peer)
                .filter_map(|s| Some(format!("`{s}` {}", m.across(s, best)?.text())))
                .collect();
            let family = match w {
                Workload::Random => "on random maps",
                _ => "on MovingAI maps",
            };
            parts.push(format!(
                "{family}, the fastest crate is `{}` (its queue as the open list of this \
                 project's A*, `{fastest}`) at {} the time of this project's fastest list \
                 (`{best}`{}); the A* of {}",
                fastest.crate_name().unwrap_or(fastest.name()),
                ratio.text(),
                tied_words(&m.ties(best)),
                peers.join(", ")
            ));
        }
        let cut = self.workload(Workload::CornerCutting);
        let best = cut.fastest_own_list().ok_or_else(|| {
            invalid!("corner-cutting: no list of this project finished every row")
        })?;
        let mut jps = cut.by_family(Strategy::GridJps, best);
        jps.sort_by(|a, b| a.1.median().total_cmp(&b.1.median()));
        let (Some(least), Some(most)) = (jps.first(), jps.last()) else {
            bail!("corner-cutting: grid-jps was not measured");
        };
        Ok(format!(
            "**Which crate should I use?** Timed side by side on one worker thread of an {}: {}. \
             Jump point search (`grid_pathfinding`, corners cut) takes from {}× ({}) to {}× ({}) \
             the time of `{best}` under the same rules, by map family. Details and reasons: \
             [Which crate should I use?](reports/README.md#which-crate-should-i-use).",
            self.measured[0].runs[0].meta.machine.cpu,
            parts.join("; "),
            sig3(least.1.median()),
            least.0,
            sig3(most.1.median()),
            most.0,
        ))
    }
}

/// Writes the section into `writeup` and the answer into `readme`, each
/// between its markers, the markers naming `made_by`. Returns the files.
pub fn write_which_crate(
    which: &WhichCrate,
    writeup: &Path,
    readme: &Path,
    made_by: &str,
) -> Result<Vec<PathBuf>> {
    for (path, name, content) in [
        (writeup, SECTION, which.section()?),
        (readme, ANSWER, which.answer()?),
    ] {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let spliced =
            splice(&text, name, made_by, &content).with_context(|| path.display().to_string())?;
        write_atomic(path, spliced.as_bytes())?;
    }
    Ok(vec![writeup.to_path_buf(), readme.to_path_buf()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run's metadata: `strategies` measured, on random maps unless `real`.
    fn meta(strategies: &[&str], real: bool) -> RunMeta {
        let real_maps = if real {
            r#", "real_maps": {"scen": ["s"], "map_dir": null, "sample": 2, "budget_ms": 100.0}"#
        } else {
            ""
        };
        let json = format!(
            r#"{{"commit": "abc1234", "rustc": "rustc 1.95.0", "cpu": "Test CPU", "cores": 2,
                "peers": {{"crate-priority-queue": "2.7.0"}}, "threads": 1, "date": "2026-12-07T00:00:00Z",
                "command": "astar-lab sweep", "shard": "1/1",
                "config": {{"sizes": [64], "densities": [0.25], "maps": 2, "queries": 2,
                  "strategies": {strategies:?}, "heuristic": "octile", "tie": "lifo",
                  "costs": "seed", "moves": 8, "corner_cutting": false, "seed": 1,
                  "min_time_ms": 2.0}}{real_maps}}}"#
        );
        serde_json::from_str(&json).unwrap()
    }

    /// A finished row of `strategy` on map `map`, query `query`, taking `ns`.
    fn row(strategy: &str, map: u64, query: u32, ns: f64) -> Record {
        Record {
            strategy: strategy.into(),
            map_seed: map,
            query,
            size: 64,
            status: Status::Ok,
            ns_per_search: ns,
            expansions: 10,
            ..Record::default()
        }
    }

    fn run(strategies: &[&str], rows: Vec<Record>) -> Run {
        Run {
            folder: PathBuf::from("runs/x"),
            meta: meta(strategies, false),
            rows,
        }
    }

    /// Every strategy named on two maps of two queries each, each query
    /// taking `ns(strategy, map, query)`.
    fn every_row(strategies: &[&str], ns: impl Fn(&str, u64, u32) -> f64) -> Run {
        let rows = strategies
            .iter()
            .flat_map(|s| (0..2u64).flat_map(move |m| (0..2u32).map(move |q| (*s, m, q))))
            .map(|(s, m, q)| row(s, m, q, ns(s, m, q)))
            .collect();
        run(strategies, rows)
    }

    #[test]
    fn a_ratio_pairs_rows_of_the_same_query_and_skips_unfinished_ones() {
        let mut r = every_row(&["floor", "heap"], |s, m, q| {
            let base = 100.0 * (1 + m) as f64 + q as f64;
            if s == "heap" {
                base * if m == 0 { 2.0 } else { 4.0 }
            } else {
                base
            }
        });
        let ratio = r.ratio_in(Strategy::Heap, Strategy::Floor, None).unwrap();
        assert_eq!((ratio.spread.n, ratio.maps), (4, 2));
        assert_eq!(ratio.median, 3.0, "paired per query: 2, 2, 4, 4");
        // A row over the budget is left out of the pairs, and counted.
        r.rows[0].status = Status::OverBudget;
        let ratio = r.ratio_in(Strategy::Floor, Strategy::Heap, None).unwrap();
        assert_eq!(ratio.spread.n, 3);
        assert_eq!(r.count(Strategy::Floor, |st| *st != Status::Ok), 1);
        assert_eq!(r.count(Strategy::Heap, |st| *st != Status::Ok), 0);
    }

    fn ratio(median: f64, lo: f64, hi: f64) -> Ratio {
        crate::format::tests::ratio(median, lo, hi)
    }

    #[test]
    fn an_interval_across_runs_spans_every_run_and_names_each_median() {
        // The lowest lower bound and the highest upper bound are neither
        // the first run's nor the same run's.
        let across = AcrossRuns(vec![
            ratio(2.2, 2.1, 2.3),
            ratio(2.0, 1.9, 2.1),
            ratio(2.6, 2.5, 2.8),
        ]);
        assert_eq!(across.median(), 2.2);
        assert_eq!(across.interval(), Some(Interval { lo: 1.9, hi: 2.8 }));
        assert_eq!(across.text(), "2.20× [1.9–2.8] (runs 2.20, 2.00, 2.60)");
        let one = AcrossRuns(vec![ratio(2.0, 1.9, 2.1)]);
        assert_eq!(one.text(), "2.00× [1.9–2.1]");
    }

    #[test]
    fn the_fastest_own_list_is_not_a_crate_and_finished_every_row() {
        let names = ["floor", "heap", "bucket", "two-level", "crate-dary-heap"];
        let time = |s: &str| match s {
            "floor" => 100.0,
            "crate-dary-heap" => 110.0,
            "bucket" => 120.0,
            "two-level" => 130.0,
            _ => 200.0,
        };
        let mut m = Measured {
            workload: Workload::Random,
            runs: vec![every_row(&names, |s, _, _| time(s))],
        };
        assert_eq!(m.fastest_own_list(), Some(Strategy::Bucket));
        // Every query alike: an interval of one point, 130/120, not a tie.
        assert_eq!(m.ties(Strategy::Bucket), []);
        let bucket_row = m.runs[0]
            .rows
            .iter()
            .position(|r| r.strategy == "bucket")
            .unwrap();
        m.runs[0].rows[bucket_row].status = Status::OverBudget;
        assert_eq!(m.fastest_own_list(), Some(Strategy::TwoLevel));
        assert_eq!(
            fastest_crate(&m, Strategy::TwoLevel).map(|(s, r)| (s, r.median())),
            Some((Strategy::CrateDaryHeap, 110.0 / 130.0))
        );
    }

    fn counts() -> Instructions {
        let mut rows = BTreeMap::new();
        for (s, i, m, stale) in [
            ("floor", 200.0, 1.0, 0.0),
            ("heap", 500.0, 5.0, 0.0),
            ("crate-priority-queue", 1500.0, 9.0, 0.0),
            ("lazy-heap", 600.0, 6.0, 0.3),
        ] {
            let c = Counted {
                instructions: i,
                mispredictions: m,
                stale_pops: stale,
            };
            rows.insert(("random".to_string(), s.to_string()), c);
        }
        Instructions {
            rows,
            commit: "abc".into(),
        }
    }

    #[test]
    fn a_reason_counts_against_the_list_of_the_same_shape() {
        let w = Workload::Random;
        let pq = why(w, Strategy::CratePriorityQueue, &counts());
        assert!(pq.starts_with("1500 instructions, 9.00 mispredicted branches per expansion, against `heap`'s 500 and 5.00: "), "{pq}");
        assert!(pq.contains("hashing"), "{pq}");
        let lazy = why(w, Strategy::LazyHeap, &counts());
        assert!(
            lazy.starts_with(
                "600 instructions, 6.00 mispredicted branches, 0.30 stale pops per expansion, \
                 against `heap`'s 500 and 5.00: no decrease-key"
            ),
            "{lazy}"
        );
        assert_eq!(
            why(w, Strategy::Heap, &counts()),
            "this project's: 500 instructions per expansion, 2.50× the floor's"
        );
        // Not counted: said so, with the shape still named.
        let keyed = why(w, Strategy::CrateKeyedPq, &counts());
        assert!(
            keyed.starts_with("not in the instruction table: the same binary heap"),
            "{keyed}"
        );
        // The corner-cut workload is not counted: a list's row says
        // nothing, another shape's says only what differs.
        let cut = Workload::CornerCutting;
        assert_eq!(why(cut, Strategy::Heap, &counts()), "–");
        assert!(why(cut, Strategy::LazyHeap, &counts()).starts_with("no decrease-key"));
    }

    #[test]
    fn the_table_puts_another_algorithm_then_the_floor_last_and_marks_unfinished_rows() {
        let names = ["floor", "heap", "bucket", "pathfinding", "grid-jps"];
        let mut r = every_row(&names, |s, _, _| match s {
            "floor" => 100.0,
            // Faster than every list, yet apart from them.
            "grid-jps" => 50.0,
            "bucket" => 120.0,
            "heap" => 240.0,
            _ => 600.0,
        });
        let slow = r
            .rows
            .iter()
            .position(|r| r.strategy == "pathfinding")
            .unwrap();
        r.rows[slow].status = Status::OverBudget;
        let heap = r.rows.iter().position(|r| r.strategy == "heap").unwrap();
        r.rows[heap].status = Status::Mismatch("cost 7, not 6".into());
        let m = Measured {
            workload: Workload::Random,
            runs: vec![r],
        };
        let t = table(&m, Strategy::Bucket, &counts());
        let firsts: Vec<&str> = t
            .lines()
            .skip(2)
            .map(|l| l.split(" | ").next().unwrap())
            .collect();
        assert_eq!(
            firsts,
            [
                "| `bucket` (this project)",
                "| `heap` (this project)",
                "| `pathfinding` (version not recorded)",
                "| `grid-jps` (`grid_pathfinding`, version not recorded)",
                "| `floor` (no open list)"
            ]
        );
        assert!(t.contains("| ≥ 5.00× (n = 3) (1 row over budget) |"), "{t}");
        assert!(
            t.contains("| 2.00× (n = 3) (1 row with a mismatch or an error, left out) |"),
            "{t}"
        );
    }

    #[test]
    fn the_instruction_table_is_read_per_expansion_and_a_bad_line_named() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("instructions.csv");
        std::fs::write(
            &csv,
            "workload,strategy,expansions,instructions,branches,branch_mispredictions,d1_read_misses,d1_write_misses,ll_read_misses,ll_write_misses,pushes,decreases,stale_pops\n\
             random,heap,100,50000,0,300,25,25,0,0,0,0,0\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("README.md"), "at commit\n`beef123`, on").unwrap();
        let t = Instructions::read(&csv).unwrap();
        assert_eq!(t.commit, "beef123");
        assert_eq!(
            t.of(Workload::Random, Strategy::Heap),
            Some(Counted {
                instructions: 500.0,
                mispredictions: 3.0,
                stale_pops: 0.0
            })
        );
        assert_eq!(t.of(Workload::MovingAi, Strategy::Heap), None);
        std::fs::write(&csv, "workload,strategy,expansions,instructions,branches,branch_mispredictions,d1_read_misses,d1_write_misses,ll_read_misses,ll_write_misses,pushes,decreases,stale_pops\nrandom,heap,100,x,0,0,0,0,0,0,0,0,0\n").unwrap();
        let e = Instructions::read(&csv).err().unwrap().to_string();
        assert!(e.ends_with("instructions.csv: line 2: not a number"), "{e}");
    }

    #[test]
    fn jump_point_search_is_judged_per_map_family() {
        let mut r = every_row(&["two-level", "grid-jps"], |s, m, _| match (s, m) {
            ("grid-jps", 0) => 20.0,
            ("grid-jps", _) => 300.0,
            _ => 100.0,
        });
        for row in &mut r.rows {
            row.family = if row.map_seed == 0 { "maze" } else { "city" }.into();
        }
        let m = Measured {
            workload: Workload::CornerCutting,
            runs: vec![r],
        };
        let got: Vec<(&str, f64)> = m
            .by_family(Strategy::GridJps, Strategy::TwoLevel)
            .into_iter()
            .map(|(f, r)| (f, r.median()))
            .collect();
        assert_eq!(got, [("city", 3.0), ("maze", 0.2)]);
    }

    #[test]
    fn an_option_names_the_crate_it_measures_and_the_version_the_run_linked() {
        let m = Measured {
            workload: Workload::Random,
            runs: vec![run(&["floor"], Vec::new())],
        };
        let text = |s| option_text(s, &m);
        assert_eq!(
            text(Strategy::CratePriorityQueue),
            "`crate-priority-queue` (`priority-queue` 2.7.0)"
        );
        assert_eq!(
            text(Strategy::CrateKeyedPq),
            "`crate-keyed-pq` (`keyed_priority_queue`, version not recorded)"
        );
        assert_eq!(
            text(Strategy::Pathfinding),
            "`pathfinding` (version not recorded)"
        );
        assert_eq!(text(Strategy::Heap), "`heap` (this project)");
        assert_eq!(text(Strategy::Floor), "`floor` (no open list)");
    }

    #[test]
    fn a_list_whose_interval_against_the_fastest_includes_one_is_a_tie() {
        let mut rows = Vec::new();
        for map in 0..4u64 {
            for query in 0..3u32 {
                let jitter = if (map + u64::from(query)) % 2 == 0 {
                    95.0
                } else {
                    105.0
                };
                rows.push(row("bucket", map, query, 100.0));
                rows.push(row("two-level", map, query, jitter));
                rows.push(row("sparse-bucket", map, query, 1.5 * jitter));
            }
        }
        let m = Measured {
            workload: Workload::Random,
            runs: vec![run(&["bucket", "two-level", "sparse-bucket"], rows)],
        };
        assert_eq!(m.ties(Strategy::Bucket), [Strategy::TwoLevel]);
        assert_eq!(
            tied_words(&m.ties(Strategy::Bucket)),
            ", tied with `two-level`"
        );
        assert_eq!(tied_words(&[]), "");
    }
}
