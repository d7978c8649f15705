//! `astar-lab plot`: the charts of a sweep, redrawn from its run folders.

use anyhow::Result;
use astar_harness::present::charts::plot_runs;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `astar-lab plot`: draw the charts of one sweep from its run folders.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// Run folders of one sweep (several shards are merged).
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// Where to write the charts.
    #[arg(long, default_value = "reports/charts")]
    pub out: PathBuf,
}

impl PlotArgs {
    /// Draws every chart and prints the files written.
    pub fn run(self) -> Result<ExitCode> {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        for path in plot_runs(&self.runs, &self.out)? {
            // A closed pipe (`| head`) is not an error of the plot.
            let _ = writeln!(out, "{}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
