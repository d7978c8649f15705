//! The seeds' tables: per experiment of `astar-lab seeds`, markdown tables
//! and sentences ending in a verdict, made from a folder's CSVs and
//! `meta.json` alone; then `tables.md`, the folder's `README.md` section and
//! the writeup's `seeds` section, spliced between markers that name the
//! command. Measuring a run and rebuilding its tables (`--from-data`) both
//! come here, so either leaves the same bytes.
//!
//! One file per experiment, each implementing [`Table`] for the experiment
//! of `experiments::seeds` it reads the rows of.

mod amit;
mod goal_test;
mod heap_scan;
mod heuristic;
mod slip;
mod summary;

use astar_engine::experiments::seeds::{
    amit::Amit, goal_test::GoalTestQuirk, heap_scan::HeapScan, heuristic::HeuristicQuirk,
    slip::Slip, Experiment, Rows, SeedsConfig, SeedsMeta,
};
use astar_runs::bail;
use astar_runs::error::{Error, Result};
use astar_runs::files::write_atomic;
use astar_runs::markers::splice;
use std::fmt::Write as _;
use std::path::Path;

/// Where the tables are made: the run's configuration and the facts of the
/// machine that measured it.
pub struct Setting<'a> {
    /// The maps and queries.
    pub config: &'a SeedsConfig,
    /// The machine, build and moment of the measurement.
    pub meta: &'a SeedsMeta,
}

/// An experiment's tables, made of its rows.
pub(crate) trait Table: Experiment {
    /// The section's heading, numbered as the writeup numbers the quirks.
    const TITLE: &'static str;
    /// The markdown tables and sentences of all rows, in workload order.
    fn body(&self, s: &Setting<'_>, rows: &Self::Rows) -> String;
}

/// A [`Table`] with its row type hidden, so [`TABLES`] is a plain list.
trait AnyTable: Sync {
    /// The experiment's CSV file names.
    fn files(&self) -> Vec<&'static str>;
    /// Reads the experiment's CSVs from `dir`: whether they were there, and
    /// the tables.
    fn read(&self, dir: &Path, s: &Setting<'_>) -> Result<(bool, String)>;
}

impl<E: Table> AnyTable for E {
    fn files(&self) -> Vec<&'static str> {
        E::Rows::files()
    }

    fn read(&self, dir: &Path, s: &Setting<'_>) -> Result<(bool, String)> {
        let mut m = format!("#### {}\n\n", E::TITLE);
        let Some(rows) = E::Rows::read(dir)? else {
            let files: Vec<String> = self.files().iter().map(|n| format!("`{n}`")).collect();
            let _ = writeln!(
                m,
                "Not measured: the folder has no {}.\n",
                files.join(" or ")
            );
            return Ok((false, m));
        };
        self.check(&rows)?;
        m.push_str(&self.body(s, &rows));
        Ok((true, m))
    }
}

/// The tables, in the order of `experiments::seeds::EXPERIMENTS`.
const TABLES: &[&dyn AnyTable] = &[&HeuristicQuirk, &GoalTestQuirk, &Slip, &Amit, &HeapScan];

/// The markdown of a folder's CSVs and `meta.json`: the introduction, then
/// every experiment's tables.
pub fn tables_from(dir: &Path) -> Result<(SeedsMeta, String)> {
    let meta_path = dir.join("meta.json");
    let meta: SeedsMeta = serde_json::from_str(&astar_runs::files::read_text(&meta_path)?)
        .map_err(|e| Error::malformed(&meta_path, format!("not a seeds meta.json: {e}")))?;
    let Some(config) = meta.config.clone() else {
        bail!(
            "{}: no configuration recorded; measure again with `astar-lab seeds`",
            meta_path.display()
        );
    };
    let s = Setting {
        config: &config,
        meta: &meta,
    };
    let mut csvs = Vec::new();
    let mut tables = String::new();
    for t in TABLES {
        let (measured, table) = t.read(dir, &s)?;
        if measured {
            csvs.extend(t.files());
        }
        tables.push_str(&table);
    }
    let queries = config.sizes.len() as u64 * u64::from(config.maps) * u64::from(config.queries);
    let names: Vec<String> = csvs.iter().map(|n| format!("`{n}`")).collect();
    let markdown = format!(
        "Random maps of density {}, {} maps per size and {} queries per map (start and goal at least half a side apart, in the largest connected component), master seed {}: {queries} queries in all. Costs are 10/14; \"optimal\" is the project's A* with octile H under the same move rules. Percentages of excess are over the optimal cost. CSVs: {}.\n\n{tables}",
        config.density,
        config.maps,
        config.queries,
        config.seed,
        names.join(", ")
    );
    Ok((meta, markdown))
}

const SEEDS_README_TEMPLATE: &str =
    "# The seeds, measured\n\n<!-- BEGIN GENERATED: seeds -->\n<!-- END GENERATED: seeds -->\n";

/// The marker text: the measuring command (from the recorded configuration)
/// and the command that rebuilds the tables from `dir`. Measuring and
/// rebuilding write the same, so either leaves the same bytes.
fn made_by(config: &SeedsConfig, meta: &SeedsMeta, dir: &Path) -> String {
    let sizes: Vec<String> = config.sizes.iter().map(|s| s.to_string()).collect();
    format!(
        "`astar-lab seeds --maps {} --sizes {} --queries {} --density {} --seed {}` at {} on {}; tables: `astar-lab seeds --from-data {}`",
        config.maps,
        sizes.join(","),
        config.queries,
        config.density,
        config.seed,
        meta.machine.commit,
        meta.machine.cpu,
        dir.display()
    )
}

/// Makes the tables of the CSVs and `meta.json` in `dir` and writes
/// `tables.md`, the folder's `README.md` section and, if given, the
/// writeup's `seeds` section. Returns the markdown of the tables.
pub fn write_tables(dir: &Path, writeup: Option<&Path>) -> Result<String> {
    let (meta, markdown) = tables_from(dir)?;
    let Some(config) = meta.config.as_ref() else {
        bail!("{}: meta.json has no config", dir.display());
    };
    let made_by = made_by(config, &meta, dir);
    write_atomic(
        &dir.join("tables.md"),
        format!("<!-- generated by {made_by}; do not edit -->\n\n{markdown}").as_bytes(),
    )?;
    let readme = dir.join("README.md");
    let text = if readme.exists() {
        astar_runs::files::read_text(&readme)?
    } else {
        SEEDS_README_TEMPLATE.to_string()
    };
    write_atomic(
        &readme,
        splice(&text, "seeds", &made_by, &markdown)?.as_bytes(),
    )?;
    if let Some(path) = writeup {
        if !path.exists() {
            eprintln!("note: {} does not exist; not updated", path.display());
            return Ok(markdown);
        }
        let text = astar_runs::files::read_text(path)?;
        match splice(&text, "seeds", &made_by, &markdown) {
            Ok(new) => write_atomic(path, new.as_bytes())?,
            Err(e) => eprintln!("note: {} not updated: {e:#}", path.display()),
        }
    }
    Ok(markdown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_engine::experiments::seeds::{self, EXPERIMENTS};

    #[test]
    fn every_experiment_has_its_table_in_the_same_order() {
        let measured: Vec<Vec<&str>> = EXPERIMENTS.iter().map(|e| e.files()).collect();
        let tabled: Vec<Vec<&str>> = TABLES.iter().map(|t| t.files()).collect();
        assert_eq!(measured, tabled);
    }

    #[test]
    fn rebuilding_the_tables_gives_the_same_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let run = seeds::SeedsRun {
            config: seeds::SeedsConfig {
                sizes: vec![12, 16],
                maps: 2,
                queries: 2,
                density: 0.2,
                seed: 3,
            },
            min_time: std::time::Duration::from_millis(1),
            out: dir.path().join("seeds"),
        };
        seeds::run(&run).unwrap();
        let first = write_tables(&run.out, None).unwrap();
        let tables = std::fs::read(run.out.join("tables.md")).unwrap();
        let readme = std::fs::read(run.out.join("README.md")).unwrap();
        assert!(first.contains("#### 5. Seed 003"), "{first}");
        assert_eq!(write_tables(&run.out, None).unwrap(), first);
        assert_eq!(std::fs::read(run.out.join("tables.md")).unwrap(), tables);
        assert_eq!(std::fs::read(run.out.join("README.md")).unwrap(), readme);

        // An experiment whose CSV is gone is said to be unmeasured under its
        // own title; the others keep their tables.
        std::fs::remove_file(run.out.join("slip.csv")).unwrap();
        let (_, without) = tables_from(&run.out).unwrap();
        let slip = format!(
            "#### {}\n\nNot measured: the folder has no `slip.csv`.\n\n",
            Slip::TITLE
        );
        assert!(without.contains(&slip), "{without}");
        assert!(
            !without.contains("`slip.csv`, "),
            "an unmeasured CSV is not listed: {without}"
        );
        for title in [
            HeuristicQuirk::TITLE,
            GoalTestQuirk::TITLE,
            Amit::TITLE,
            HeapScan::TITLE,
        ] {
            let at = without.find(title).unwrap();
            assert!(
                without[at..].contains("\n| "),
                "{title} lost its table: {without}"
            );
        }
    }

    #[test]
    fn a_folder_without_a_recorded_config_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let meta = r#"{"commit":"x","rustc":"r","cpu":"c","cores":1,"date":"d","command":"c"}"#;
        std::fs::write(dir.path().join("meta.json"), meta).unwrap();
        let e = tables_from(dir.path()).err().unwrap();
        assert!(format!("{e:#}").contains("no configuration"), "{e:#}");
    }
}
