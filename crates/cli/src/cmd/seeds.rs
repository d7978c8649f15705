//! `astar-lab seeds`: the seeds' quirks measured on random maps, or their
//! tables rebuilt from a folder's data (`--from-data`).

use crate::args::{parse_density, parse_positive, parse_sizes, Sizes};
use anyhow::Result;
use astar_harness::experiments::seeds::{self, SeedsConfig, SeedsRun};
use astar_harness::outln;
use astar_harness::present::seeds::write_tables;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// `astar-lab seeds`: measure the seeds' quirks, or rebuild their tables.
#[derive(Args, Debug, Clone)]
pub struct SeedsArgs {
    /// Maps per size.
    #[arg(long, default_value_t = 20, value_parser = parse_positive)]
    pub maps: u32,
    /// Map sides, comma-separated.
    #[arg(long, default_value = "32,64,128", value_parser = parse_sizes)]
    pub sizes: Sizes,
    /// Queries per map.
    #[arg(long, default_value_t = 5, value_parser = parse_positive)]
    pub queries: u32,
    /// Obstacle density of the random maps.
    #[arg(long, default_value_t = 0.2, value_parser = parse_density)]
    pub density: f64,
    /// Master seed: the same seed gives the same maps and queries.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder for the CSVs, tables.md and README.md.
    #[arg(long, default_value = "reports/seeds")]
    pub out: PathBuf,
    /// Writeup whose `seeds` section gets the summary, or `none`.
    #[arg(long, default_value = "reports/README.md")]
    pub writeup: String,
    /// Least time per timed heap / heap-scan measurement, in milliseconds.
    #[arg(long, default_value_t = 5)]
    pub min_time_ms: u64,
    /// Measure nothing: rebuild tables.md, README.md and the writeup's section
    /// from the CSVs and meta.json in this folder.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["maps", "sizes", "queries", "density", "seed", "out", "min_time_ms"])]
    pub from_data: Option<PathBuf>,
}

impl SeedsArgs {
    /// The maps and queries these flags describe.
    pub fn config(&self) -> SeedsConfig {
        SeedsConfig {
            sizes: self.sizes.0.clone(),
            maps: self.maps,
            queries: self.queries,
            density: self.density,
            seed: self.seed,
        }
    }

    /// The measuring run these flags describe.
    pub fn seeds_run(&self) -> SeedsRun {
        SeedsRun {
            config: self.config(),
            min_time: Duration::from_millis(self.min_time_ms),
            out: self.out.clone(),
        }
    }

    fn writeup_path(&self) -> Option<&Path> {
        (self.writeup != "none").then(|| Path::new(&self.writeup))
    }

    /// Measures and writes the outputs, or with `--from-data` rebuilds the
    /// tables of a folder; prints the tables.
    pub fn run(self) -> Result<ExitCode> {
        // The tables are made from the folder's files either way, so a
        // rebuild leaves the bytes a measuring run wrote.
        let markdown = match &self.from_data {
            Some(dir) => {
                let markdown = write_tables(dir, self.writeup_path())?;
                eprintln!("rebuilt the tables of {}", dir.display());
                markdown
            }
            None => {
                let run = self.seeds_run();
                seeds::run(&run)?;
                write_tables(&run.out, self.writeup_path())?
            }
        };
        outln!("{markdown}");
        Ok(ExitCode::SUCCESS)
    }
}
