//! `astar-lab threads`: one configuration timed on one worker thread and on
//! several, compared ratio by ratio; fills the writeup's `threads` section.

use anyhow::Result;
use astar_harness::outln;
use astar_harness::present::threads::write_threads;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `astar-lab threads`: do two searches at once change the ratios?
#[derive(Args, Debug)]
pub struct ThreadsArgs {
    /// The run measured on one worker thread (its folders, comma-separated
    /// when sharded).
    #[arg(long, required = true, value_delimiter = ',')]
    pub one: Vec<PathBuf>,
    /// The run of the same configuration on more worker threads.
    #[arg(long, required = true, value_delimiter = ',')]
    pub many: Vec<PathBuf>,
    /// The reports folder whose `README.md` has the `threads` section.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
}

impl ThreadsArgs {
    /// Writes the section and prints the threads to publish with, last.
    pub fn run(self) -> Result<ExitCode> {
        let c = write_threads(&self.one, &self.many, &self.reports)?;
        outln!("{}", self.reports.join("README.md").display());
        outln!("threads to publish with: {}", c.choice());
        Ok(ExitCode::SUCCESS)
    }
}
