//! `astar-lab sweep --scen`: every strategy on the rows of MovingAI scenario
//! files, timed as the random sweep times its queries, into a run folder.
//!
//! Everything is read and checked before the run folder is made ([`load_suite`]):
//! a missing map, a row that does not fit its map, or a length that cannot be
//! right is one error naming the file and line, and leaves nothing behind.
//!
//! Each file's rows run in order of difficulty (bucket, then optimal length),
//! on one worker; files run in parallel. Per row, every strategy is timed by
//! `timing::time_search_within` in an order rotated by the row, its path is
//! checked against the file's length at the file's precision, and the
//! strategies must agree on the search. A strategy whose first search on a row
//! takes longer than the budget is recorded `over-budget` there and not run on
//! the longer rows of that file, which are recorded `over-budget` too. The
//! necessary expansions (F below C*) come from one more, untimed search that
//! is observed. A shard takes whole files, so the budget works the same in
//! every slice.

use crate::error::{Context, Error, Result};
use crate::experiments::scenario::sample_rows;
use crate::experiments::sweep::{Destination, Finished, Shard};
use crate::measure::{machine, timing};
use crate::runs::real_maps::{
    read_real_meta, scen_key, write_real_meta, RealMapsConfig, RealMeta, OVER_BUDGET,
};
use crate::runs::{store, Record, RunMeta, SweepConfig, OK};
use crate::{bail, invalid};
use astar_core::verify::check_path;
use astar_core::{
    check_endpoint, heuristic, parse_scen, Grid, NodeId, Observer, Outcome, Point, Query, Rules,
    ScenarioRow, Search,
};
use astar_registry::{ReferenceList, Solver, Strategy};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The budget of one search when `--budget-ms` is not given.
pub const DEFAULT_BUDGET_MS: f64 = 200.0;

/// The family of a map, from its name, else from the folder it is in.
///
/// Cities (`Berlin_0_256`, …) first, then mazes (`maze*`), random maps
/// (`random*`), rooms (`*room*`), Baldur's Gate (`AR` and a digit), Dragon Age
/// (`arena*`, `brc*`, `den*`, `lak*`, `orz*`, `hrt*`, `ost*`, `isound*`, and
/// names that end in a digit and `d`, as `lak303d`); a folder named after a
/// benchmark set (`dao`, `bg512`, `sc1`, `wc3maps512`, `street`, …) decides
/// the rest.
pub fn family_of(map_name: &str, folder: Option<&str>) -> &'static str {
    let stem = map_name.strip_suffix(".map").unwrap_or(map_name);
    let name = stem.to_ascii_lowercase();
    const CITIES: &[&str] = &[
        "berlin", "boston", "denver", "london", "milan", "moscow", "newyork", "paris", "shanghai",
        "sydney",
    ];
    let bytes = name.as_bytes();
    if CITIES.iter().any(|c| name.starts_with(c)) {
        return "city";
    }
    if name.starts_with("maze") {
        return "maze";
    }
    if name.starts_with("random") {
        return "random";
    }
    if name.contains("room") {
        return "rooms";
    }
    if bytes.len() > 2 && name.starts_with("ar") && bytes[2].is_ascii_digit() {
        return "baldurs-gate";
    }
    const DRAGON_AGE: &[&str] = &["arena", "brc", "den", "lak", "orz", "hrt", "ost", "isound"];
    let ends_digit_d = bytes.len() >= 2
        && bytes[bytes.len() - 1] == b'd'
        && bytes[bytes.len() - 2].is_ascii_digit();
    if DRAGON_AGE.iter().any(|p| name.starts_with(p)) || ends_digit_d {
        return "dragon-age";
    }
    match folder.map(str::to_ascii_lowercase).as_deref() {
        Some("dao" | "da2" | "dragonage" | "dragon-age") => "dragon-age",
        Some("bg512" | "bg" | "baldursgate") => "baldurs-gate",
        Some("rooms" | "room") => "rooms",
        Some("mazes" | "maze") => "maze",
        Some("random") => "random",
        Some("street" | "cities" | "city") => "city",
        Some("sc1" | "starcraft") => "starcraft",
        Some("wc3maps512" | "wc3" | "warcraft") => "warcraft-3",
        _ => "other",
    }
}

/// One scenario file, read and checked.
#[derive(Clone, Debug)]
pub struct ScenFile {
    /// The file's name (rows are keyed on it: two files may not share one).
    pub name: String,
    /// Where it is.
    pub path: PathBuf,
    /// Its maps, by file name.
    pub maps: BTreeMap<String, MapInfo>,
    /// The rows to run, easiest first (bucket, optimal length, line).
    pub rows: Vec<ScenarioRow>,
}

/// A map of a scenario file.
#[derive(Clone, Debug)]
pub struct MapInfo {
    /// The map.
    pub grid: Grid,
    /// Its family ([`family_of`]).
    pub family: &'static str,
    /// Fraction of its cells that are blocked.
    pub density: f64,
}

/// The scenario files named by `paths`: files as given, folders as every
/// `*.scen` in them (recursively), in name order.
pub fn scenario_files(paths: &[String]) -> Result<Vec<PathBuf>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| Error::io(dir, e))?
            .map(|e| e.map(|e| e.path()).map_err(|e| Error::io(dir, e)))
            .collect::<Result<_>>()?;
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|e| e == "scen") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for given in paths {
        let path = PathBuf::from(given);
        if path.is_dir() {
            let before = out.len();
            walk(&path, &mut out)?;
            if out.len() == before {
                bail!("{}: no .scen file in this folder", path.display());
            }
        } else if path.is_file() {
            out.push(path);
        } else {
            bail!("{}: no such scenario file or folder", path.display());
        }
    }
    Ok(out)
}

/// Reads and checks every scenario file of a run and its maps, and picks the
/// rows to run. Every problem is one error naming the file and the line.
pub fn load_suite(real: &RealMapsConfig) -> Result<Vec<ScenFile>> {
    if real.sample == Some(0) {
        bail!("--sample must be at least 1");
    }
    if real.budget_ms.is_nan() || real.budget_ms <= 0.0 {
        bail!("--budget-ms must be positive");
    }
    let mut files = Vec::new();
    let mut names = HashSet::new();
    for path in scenario_files(&real.scen)? {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !names.insert(name.clone()) {
            bail!(
                "{}: another scenario file of this run has the name {name}",
                path.display()
            );
        }
        let text = crate::files::read_text(&path)?;
        let scenario = parse_scen(&text).map_err(|e| Error::malformed(&path, e))?;
        if scenario.rows.is_empty() {
            bail!("{}: no rows", path.display());
        }
        let dir = match &real.map_dir {
            Some(dir) => PathBuf::from(dir),
            None => path.parent().map(Path::to_path_buf).unwrap_or_default(),
        };
        let folder = path
            .parent()
            .and_then(|p| p.file_name())
            .map(|f| f.to_string_lossy().into_owned());
        let mut maps: BTreeMap<String, MapInfo> = BTreeMap::new();
        for row in &scenario.rows {
            let at = |msg: String| invalid!("{} line {}: {msg}", path.display(), row.line);
            let map_name = row.map_basename().to_string();
            if !maps.contains_key(&map_name) {
                let map_path = dir.join(&map_name);
                if !map_path.is_file() {
                    return Err(at(format!("its map {} is missing", map_path.display())));
                }
                let grid = crate::files::load_map(&map_path)
                    .with_context(|| format!("{} line {}: its map", path.display(), row.line))?;
                let cells = u64::from(grid.width()) * u64::from(grid.height());
                let density = 1.0 - grid.passable_count() as f64 / cells.max(1) as f64;
                let family = family_of(&map_name, folder.as_deref());
                maps.insert(
                    map_name.clone(),
                    MapInfo {
                        grid,
                        family,
                        density,
                    },
                );
            }
            let grid = &maps[&map_name].grid;
            if (grid.width(), grid.height()) != (row.width, row.height) {
                return Err(at(format!(
                    "row says the map is {}x{}, {map_name} is {}x{}",
                    row.width,
                    row.height,
                    grid.width(),
                    grid.height()
                )));
            }
            check_endpoint(grid, "start", row.start).map_err(|e| at(e.to_string()))?;
            check_endpoint(grid, "goal", row.goal).map_err(|e| at(e.to_string()))?;
            // No path is shorter than the straight-line octile distance.
            let (dx, dy) = (
                f64::from(row.start.x.abs_diff(row.goal.x)),
                f64::from(row.start.y.abs_diff(row.goal.y)),
            );
            let octile = dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy);
            // (Printed lengths are rounded, so allow their precision and a little.)
            if row.optimal + row.tolerance + 1e-6 * octile.max(1.0) < octile {
                return Err(at(format!(
                    "optimal length {} is shorter than the straight-line distance {octile:.5}",
                    row.optimal
                )));
            }
        }
        let mut rows = match real.sample {
            Some(n) => sample_rows(&scenario.rows, n),
            None => scenario.rows.clone(),
        };
        rows.sort_by(|a, b| {
            (a.bucket, a.optimal, a.line)
                .partial_cmp(&(b.bucket, b.optimal, b.line))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        files.push(ScenFile {
            name,
            path,
            maps,
            rows,
        });
    }
    Ok(files)
}

/// A real-map sweep to run.
#[derive(Clone, Debug)]
pub struct RealPlan {
    /// Strategies, tie policy and minimum time (the rest is MovingAI's rules).
    pub config: SweepConfig,
    /// The scenario files, sample and budget.
    pub real: RealMapsConfig,
    /// Worker threads.
    pub threads: usize,
    /// Which slice of the files.
    pub shard: Shard,
    /// Where the rows go.
    pub destination: Destination,
}

/// The [`SweepConfig`] of a real-map run: MovingAI's rules with `tie`.
pub fn real_config(strategies: &[Strategy], tie: &str, min_time_ms: f64) -> SweepConfig {
    let rules = Rules::movingai();
    SweepConfig {
        sizes: Vec::new(),
        densities: Vec::new(),
        maps: 0,
        queries: 0,
        queries_per_size: Default::default(),
        strategies: strategies.iter().map(|s| s.name().to_string()).collect(),
        heuristic: rules.heuristic.name().into(),
        tie: tie.into(),
        costs: astar_core::CostModel::MovingAi.name().into(),
        moves: 8,
        corner_cutting: false,
        seed: 0,
        min_time_ms,
        // A real-map run's budget is its own: `RealMapsConfig::budget_ms`.
        budget_ms: None,
    }
}

/// Records the F = G + H of every expansion.
struct FLog<'a> {
    grid: &'a Grid,
    goal: Point,
    rules: &'a Rules,
    f: Vec<u64>,
}

impl Observer for FLog<'_> {
    fn expanded(&mut self, node: NodeId, g: u32) {
        let h = heuristic(self.rules, self.grid.point(node), self.goal);
        self.f.push(u64::from(g) + h);
    }
}

/// The necessary expansions of a query: expanded nodes whose F is below the
/// optimal cost C*, from one observed search (untimed). `None` when there is
/// no path.
pub fn necessary_expansions(grid: &Grid, start: Point, goal: Point, rules: &Rules) -> Option<u64> {
    let mut log = FLog {
        grid,
        goal,
        rules,
        f: Vec::new(),
    };
    let mut search = Search::<ReferenceList>::new();
    let report = search
        .run_observed(&Query::new(grid, start, goal, rules), &mut log)
        .ok()?;
    let c_star = report.cost?;
    Some(log.f.iter().filter(|&&f| f < u64::from(c_star)).count() as u64)
}

/// Runs a real-map sweep into its run folder and prints a summary.
pub fn run(plan: &RealPlan) -> Result<Finished> {
    let strategies = plan.config.strategy_list()?;
    let mut rules = Rules::movingai();
    rules.tie = plan
        .config
        .tie
        .parse()
        .map_err(|e: String| invalid!("config.tie: {e}"))?;
    for s in &strategies {
        if let Err(why) = s.supports(&rules) {
            bail!("strategy {s} cannot run MovingAI's rules: {why}");
        }
    }
    // Everything is read and checked before a run folder exists.
    let suite = load_suite(&plan.real)?;
    let shard = plan.shard;
    let names: Vec<&str> = plan.config.strategies.iter().map(String::as_str).collect();
    let (dir, file, done) = match &plan.destination {
        Destination::Resume(dir) => {
            let Some(meta) = read_real_meta(dir)? else {
                bail!("--resume {}: not a real-map run", dir.display());
            };
            if meta.run.shard != shard.to_string() {
                bail!(
                    "--resume {}: that run is shard {}, not {shard}",
                    dir.display(),
                    meta.run.shard
                );
            }
            if meta.run.config != plan.config || meta.real_maps != plan.real {
                bail!(
                    "--resume {}: that run has another configuration",
                    dir.display()
                );
            }
            let (file, done) = store::RunFile::resume(dir, &names)?;
            (dir.clone(), file, done)
        }
        Destination::New(out) => {
            let when = machine::UtcTime::now();
            let commit = machine::git_commit();
            let mut name = format!("{}-{}-real-maps", when.compact(), commit);
            if shard.n > 1 {
                name.push_str(&format!("-shard-{}-of-{}", shard.k, shard.n));
            }
            let dir = store::create_run_dir(out, &name)?;
            let meta = RealMeta {
                run: RunMeta {
                    machine: crate::runs::MachineFacts {
                        commit,
                        ..machine::facts()
                    },
                    threads: plan.threads,
                    date: when.rfc3339(),
                    command: machine::command_line(),
                    shard: shard.to_string(),
                    peak_rss_bytes: None,
                    other_load: None,
                    config: plan.config.clone(),
                },
                real_maps: plan.real.clone(),
            };
            write_real_meta(&dir, &meta)?;
            let file = store::RunFile::create(&dir)?;
            (dir, file, Default::default())
        }
    };
    // What a killed run already did: its rows, and who went over budget where.
    let earlier = store::read_rows(&dir)?;
    let mut over: HashMap<(u64, String), ()> = HashMap::new();
    for r in &earlier {
        if r.status == OVER_BUDGET {
            over.insert((r.map_seed, r.strategy.clone()), ());
        }
    }
    let mine: Vec<(usize, &ScenFile)> = suite
        .iter()
        .enumerate()
        .filter(|(i, _)| (*i as u32) % shard.n == shard.k - 1)
        .collect();
    let total: usize = mine.iter().map(|(_, f)| f.rows.len()).sum();
    eprintln!(
        "sweep: {} scenario files, {total} rows ({} already done), {} threads, writing {}",
        mine.len(),
        done.len(),
        plan.threads,
        dir.join(crate::runs::RESULTS).display()
    );
    let began = Instant::now();
    let cpu_at_start = machine::cpu_times();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .map_err(|e| invalid!("starting {} threads: {e}", plan.threads))?;
    let job = Job {
        strategies: &strategies,
        rules,
        min_time: Duration::from_secs_f64(plan.config.min_time_ms / 1e3),
        budget: Duration::from_secs_f64(plan.real.budget_ms / 1e3),
        file: &file,
        done: &done,
        over: &over,
    };
    pool.install(|| mine.par_iter().try_for_each(|(i, f)| job.run_file(*i, f)))?;
    let wall = began.elapsed();
    let peak = machine::peak_resident_memory();
    let load = machine::other_load_since(cpu_at_start);
    if peak.is_some() || load.is_some() {
        if let Some(mut meta) = read_real_meta(&dir)? {
            meta.run.note_end(peak, load);
            write_real_meta(&dir, &meta)?;
        }
    }
    if let Some(load) = load {
        crate::outln!("{load}");
    }
    let rows = store::read_rows(&dir)?;
    print_summary(&dir, &rows, &plan.config.strategies, wall);
    Ok(Finished { dir, rows })
}

/// What the workers share.
struct Job<'a> {
    strategies: &'a [Strategy],
    rules: Rules,
    min_time: Duration,
    budget: Duration,
    file: &'a store::RunFile,
    done: &'a HashSet<store::ItemKey>,
    over: &'a HashMap<(u64, String), ()>,
}

impl Job<'_> {
    /// Every row of one file, easiest first, on this worker.
    fn run_file(&self, index: usize, f: &ScenFile) -> Result<()> {
        let key = scen_key(&f.name);
        let mut solvers: Vec<Box<dyn Solver>> =
            self.strategies.iter().map(|s| s.solver()).collect();
        // Grow every searcher's arrays before anything is timed.
        for info in f.maps.values() {
            if let Ok(open) = Grid::open(info.grid.width(), info.grid.height()) {
                for solver in &mut solvers {
                    let _ = solver.solve(&Query::new(
                        &open,
                        Point::new(0, 0),
                        Point::new(1, 1),
                        &self.rules,
                    ));
                }
            }
        }
        let mut over: HashSet<Strategy> = self
            .strategies
            .iter()
            .copied()
            .filter(|s| self.over.contains_key(&(key, s.name().to_string())))
            .collect();
        let began = Instant::now();
        for (i, row) in f.rows.iter().enumerate() {
            let info = &f.maps[row.map_basename()];
            let side = info.grid.width().max(info.grid.height());
            let item = (side, info.density.to_bits(), key, row.line as u32);
            if self.done.contains(&item) {
                continue;
            }
            let rows = self.row(f, info, row, index + i, &mut solvers, &mut over);
            self.file.append(&rows)?;
        }
        eprintln!(
            "  {}: {} rows in {:.1} s{}",
            f.name,
            f.rows.len(),
            began.elapsed().as_secs_f64(),
            if over.is_empty() {
                String::new()
            } else {
                let mut names: Vec<&str> = over.iter().map(|s| s.name()).collect();
                names.sort_unstable();
                format!(" (over budget: {})", names.join(", "))
            }
        );
        Ok(())
    }

    /// Every strategy on one row: its records, in the order of the strategies.
    fn row(
        &self,
        f: &ScenFile,
        info: &MapInfo,
        row: &ScenarioRow,
        index: usize,
        solvers: &mut [Box<dyn Solver>],
        over: &mut HashSet<Strategy>,
    ) -> Vec<Record> {
        let grid = &info.grid;
        let rules = &self.rules;
        let (start, goal) = (row.start, row.goal);
        let necessary = necessary_expansions(grid, start, goal, rules);
        let n = self.strategies.len();
        // None: skipped (over budget on a shorter row).
        let mut results: Vec<Option<Result<(timing::Timing, bool), String>>> = vec![None; n];
        for k in 0..n {
            let i = (k + index) % n;
            if over.contains(&self.strategies[i]) {
                continue;
            }
            let r = timing::time_search_within(
                solvers[i].as_mut(),
                grid,
                start,
                goal,
                rules,
                self.min_time,
                Some(self.budget),
            );
            if let Ok((_, true)) = &r {
                over.insert(self.strategies[i]);
            }
            results[i] = Some(r);
        }
        let prints: Vec<_> = results
            .iter()
            .flatten()
            .flatten()
            .map(|(t, _)| {
                (
                    t.report.outcome,
                    t.report.cost,
                    t.report.counters.expansions,
                )
            })
            .collect();
        let agree = prints.windows(2).all(|w| w[0] == w[1]);
        let map_seed = scen_key(&f.name);
        let side = grid.width().max(grid.height());
        self.strategies
            .iter()
            .zip(results)
            .zip(solvers.iter())
            .map(|((&strategy, result), solver)| {
                let mut r = Record {
                    size: side,
                    density: info.density,
                    map_seed,
                    query: row.line as u32,
                    strategy: strategy.name().to_string(),
                    ns_per_search: f64::NAN,
                    start_x: start.x,
                    start_y: start.y,
                    goal_x: goal.x,
                    goal_y: goal.y,
                    bytes_per_cell: solver.bytes_per_node(),
                    scen: f.name.clone(),
                    family: info.family.to_string(),
                    map: row.map_basename().to_string(),
                    bucket: row.bucket,
                    optimal: Some(row.optimal),
                    necessary,
                    ..Record::default()
                };
                match result {
                    None => r.status = OVER_BUDGET.into(),
                    Some(Err(why)) => {
                        r.status = format!("error: {}", why.replace(['\n', '\r'], " "))
                    }
                    Some(Ok((t, went_over))) => {
                        let c = t.report.counters;
                        r.ns_per_search = t.ns_per_search;
                        r.repeats = t.repeats;
                        r.expansions = c.expansions;
                        r.pushes = c.pushes;
                        r.pops = c.pops;
                        r.decreases = c.decreases;
                        r.reopens = c.reopens;
                        r.max_open = c.max_open;
                        r.stale_pops = c.stale_pops;
                        r.generated = c.generated;
                        r.cost = t.report.cost.map(u64::from);
                        let verdict = if agree {
                            self.verdict(grid, row, &t.report, solver.as_ref())
                        } else {
                            Err(format!("strategies disagree: {prints:?}"))
                        };
                        match verdict {
                            Ok(length) => {
                                r.path_len = Some(length);
                                r.status = if went_over { OVER_BUDGET } else { OK }.into();
                            }
                            Err(why) => {
                                r.path_len = t.report.length_in_cells(rules.costs);
                                r.status = format!("mismatch: {why}");
                            }
                        }
                    }
                }
                r
            })
            .collect()
    }

    /// The path's exact length when it is legal, costs what the search says
    /// and agrees with the file; else what is wrong.
    fn verdict(
        &self,
        grid: &Grid,
        row: &ScenarioRow,
        report: &astar_core::SearchReport,
        solver: &dyn Solver,
    ) -> Result<f64, String> {
        if report.outcome != Outcome::Found {
            return Err(format!(
                "{}, the file says {}",
                report.outcome.name(),
                row.optimal
            ));
        }
        let path = solver.path(grid).ok_or("no path to read")?;
        let steps =
            check_path(grid, &self.rules, row.start, row.goal, &path).map_err(|e| e.to_string())?;
        if Some(steps.cost(&self.rules)) != report.cost.map(u64::from) {
            return Err(format!(
                "path costs {} but the search reports {:?}",
                steps.cost(&self.rules),
                report.cost
            ));
        }
        let length = steps.euclidean_length();
        if !row.agrees(length) {
            return Err(format!(
                "length {length:.8}, the file says {} (±{})",
                row.optimal, row.tolerance
            ));
        }
        Ok(length)
    }
}

/// Prints, per family, the median time of each strategy and its row counts.
fn print_summary(dir: &Path, rows: &[Record], strategies: &[String], wall: Duration) {
    let ok = rows.iter().filter(|r| r.status == OK).count();
    crate::outln!(
        "run {}: {} rows ({ok} ok) in {:.1} s",
        dir.display(),
        rows.len(),
        wall.as_secs_f64()
    );
    let families: std::collections::BTreeSet<&str> =
        rows.iter().map(|r| r.family.as_str()).collect();
    for family in families {
        crate::outln!("{family}");
        for s in strategies {
            let mine: Vec<&Record> = rows
                .iter()
                .filter(|r| r.family == family && &r.strategy == s)
                .collect();
            let median = crate::stats::median(
                mine.iter()
                    .filter(|r| r.status == OK)
                    .map(|r| r.ns_per_search),
            );
            let over = mine.iter().filter(|r| r.status == OVER_BUDGET).count();
            let bad = mine.iter().filter(|r| r.is_bad()).count();
            crate::outln!(
                "  {s:<12} {:>12} µs  {over:>4} over budget  {bad:>3} bad",
                median.map_or("-".into(), |m| format!("{:.1}", m / 1e3))
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_from_names_and_folders() {
        let cases = [
            ("arena.map", None, "dragon-age"),
            ("den312d.map", None, "dragon-age"),
            ("lak303d.map", None, "dragon-age"),
            ("brc202d.map", None, "dragon-age"),
            ("AR0011SR.map", None, "baldurs-gate"),
            ("32room_000.map", None, "rooms"),
            ("8room_002.map", None, "rooms"),
            ("maze512-32-0.map", None, "maze"),
            ("random512-20-0.map", None, "random"),
            ("Berlin_0_256.map", None, "city"),
            ("Boston_1_1024.map", None, "city"),
            ("Denver_2_512.map", None, "city"),
            ("combat.map", Some("sc1"), "starcraft"),
            ("whatever.map", Some("dao"), "dragon-age"),
            ("whatever.map", None, "other"),
        ];
        for (name, folder, want) in cases {
            assert_eq!(family_of(name, folder), want, "{name} in {folder:?}");
        }
    }

    /// Necessary expansions against an independent count: with a consistent
    /// heuristic, A* expands exactly the nodes with g*(n) + h(n) < C* among
    /// those of F below C*, so counting them from the reference Dijkstra's
    /// distances must give the same number.
    #[test]
    fn necessary_expansions_match_reference_distances() {
        let rules = Rules::movingai();
        for seed in 0..12u64 {
            let grid = Grid::random(24, 20, 0.25, seed).unwrap();
            let cells: Vec<Point> = (0..grid.height())
                .flat_map(|y| (0..grid.width()).map(move |x| Point::new(x, y)))
                .filter(|&p| grid.is_passable_at(p))
                .collect();
            let (start, goal) = (
                cells[seed as usize % 7],
                cells[cells.len() - 1 - seed as usize],
            );
            let dist = astar_testkit::reference::distances(&grid, &rules, start);
            let w = grid.width() as usize;
            let Some(c_star) = dist[goal.y as usize * w + goal.x as usize] else {
                assert_eq!(necessary_expansions(&grid, start, goal, &rules), None);
                continue;
            };
            let want = cells
                .iter()
                .filter(|p| {
                    dist[p.y as usize * w + p.x as usize]
                        .is_some_and(|g| g + heuristic(&rules, **p, goal) < c_star)
                })
                .count() as u64;
            assert_eq!(
                necessary_expansions(&grid, start, goal, &rules),
                Some(want),
                "seed {seed}"
            );
        }
    }
}
