//! `astar-lab claim`: where seed 000's 2–3× claim holds, per condition, from
//! one run folder per condition.

use anyhow::Result;
use astar_harness::outln;
use astar_harness::present::claim::{claim_conditions, write_claim};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `astar-lab claim`: the heap's speedup over linear, per condition and size.
#[derive(Args, Debug)]
pub struct ClaimArgs {
    /// Run folders, one per condition (each a single-density sweep); the
    /// folder's name names the condition.
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// The reports folder: `conditions/claim.md` is written there and the
    /// `claim-conditions` section of `README.md` updated.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
}

impl ClaimArgs {
    /// Writes the table and the section and names the files.
    pub fn run(self) -> Result<ExitCode> {
        let conditions = claim_conditions(&self.runs)?;
        let written = write_claim(&conditions, &self.reports)?;
        for path in written {
            outln!("{}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
