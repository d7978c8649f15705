//! `astar-lab report`: the tables and the writeup's generated sections, from
//! run folders.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `astar-lab report`: write the tables and the writeup's generated sections.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Run folders of one sweep (several shards are merged).
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// The reports folder: `tables.md` is written there and `README.md` updated.
    #[arg(long, default_value = astar_harness::present::report::DEFAULT_REPORTS)]
    pub reports: PathBuf,
}

impl ReportArgs {
    /// Writes the report and names the files.
    pub fn run(self) -> Result<ExitCode> {
        astar_harness::present::report::write_report(&self.runs, &self.reports)?;
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        for name in ["tables.md", "README.md"] {
            let _ = writeln!(out, "{}", self.reports.join(name).display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
