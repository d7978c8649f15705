//! A suite of MovingAI scenario files: read and checked before anything is
//! measured, and the check of an answer against a row's optimal length.
//!
//! Everything is read and checked up front ([`load_suite`]): a missing map,
//! a row that does not fit its map, or a length that cannot be right is one
//! error naming the file and line, and leaves nothing behind. An answer
//! passes a row ([`check_row`]) when its path is legal, costs what the search
//! says, and its length — counted exactly from its straight and diagonal
//! steps, so with √2 diagonals — agrees with the printed optimum to the
//! precision the file prints.

use astar_core::verify::check_path;
use astar_core::{
    check_endpoint, heuristic, parse_scen, Grid, NodeId, Observer, Outcome, Point, Rules,
    ScenarioRow, Search, SearchReport,
};
use astar_registry::ReferenceList;
use astar_runs::error::{Context, Error, Result};
use astar_runs::RealMapsConfig;
use astar_runs::{bail, invalid};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

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
        let text = astar_runs::files::read_text(&path)?;
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
                let grid = astar_runs::files::load_map(&map_path)
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

/// Picks `n` rows spread evenly over the buckets (all rows if `n` is larger).
pub fn sample_rows(rows: &[ScenarioRow], n: usize) -> Vec<ScenarioRow> {
    let mut sorted: Vec<&ScenarioRow> = rows.iter().collect();
    sorted.sort_by_key(|r| (r.bucket, r.line));
    if n >= sorted.len() {
        return sorted.into_iter().cloned().collect();
    }
    (0..n)
        .map(|i| sorted[i * sorted.len() / n].clone())
        .collect()
}

/// The exact length of an answer's path when it is legal, costs what the
/// search says and agrees with the row's optimal length; else what is wrong.
pub fn check_row(
    grid: &Grid,
    rules: &Rules,
    row: &ScenarioRow,
    report: &SearchReport,
    path: Option<Vec<Point>>,
) -> Result<f64, String> {
    if report.outcome != Outcome::Found {
        return Err(format!(
            "{}, the file says {}",
            report.outcome.name(),
            row.optimal
        ));
    }
    let path = path.ok_or("no path to read")?;
    let steps = check_path(grid, rules, row.start, row.goal, &path).map_err(|e| e.to_string())?;
    if Some(steps.cost(rules)) != report.cost.map(u64::from) {
        return Err(format!(
            "path costs {} but the search reports {:?}",
            steps.cost(rules),
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
        .run_observed(&astar_core::Query::new(grid, start, goal, rules), &mut log)
        .ok()?;
    let c_star = report.cost?;
    Some(log.f.iter().filter(|&&f| f < u64::from(c_star)).count() as u64)
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
