//! `astar-lab real-maps-report`: the real-map tables, charts and writeup
//! section from `sweep --scen` run folders.

use anyhow::Result;
use astar_harness::outln;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `astar-lab real-maps-report`: the real-map tables from run folders.
#[derive(Args, Debug)]
pub struct RealMapsReportArgs {
    /// Real-map run folders (`sweep --scen`): one or more per tie policy;
    /// the LIFO runs make the time tables, all of them the tie table.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// Where `README.md` and the charts are written (its generated section replaced).
    #[arg(long, default_value = astar_harness::present::real_maps::DEFAULT_OUT)]
    pub out: PathBuf,
    /// The writeup whose `on-real-maps` section is filled too (it must hold
    /// its markers), e.g. `reports/README.md`.
    #[arg(long)]
    pub writeup: Option<PathBuf>,
}

impl RealMapsReportArgs {
    /// Writes the tables, the charts and the writeup's section, and names
    /// the files.
    pub fn run(self) -> Result<ExitCode> {
        let runs: Vec<String> = self.runs.iter().map(|d| d.display().to_string()).collect();
        let writeup = self
            .writeup
            .as_ref()
            .map(|w| format!(" --writeup {}", w.display()))
            .unwrap_or_default();
        let made_by = format!(
            "`astar-lab real-maps-report {} --out {}{writeup}`",
            runs.join(" "),
            self.out.display()
        );
        let written = astar_harness::present::real_maps::write_real_maps_report(
            &self.runs,
            &self.out,
            self.writeup.as_deref(),
            &made_by,
        )?;
        for path in written {
            outln!("{}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
