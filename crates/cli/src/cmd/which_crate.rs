//! `astar-lab which-crate`: the writeup's "Which crate should I use?"
//! section and the root README's answer, from the run folders of
//! `scripts/publish-which-crate.sh` and the instruction table.

use anyhow::Result;
use astar_harness::outln;
use astar_harness::present::which_crate::{
    write_which_crate, WhichCrate, DEFAULT_DATA, DEFAULT_INSTRUCTIONS,
};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `astar-lab which-crate`: every option a Rust user can `cargo add`,
/// against this project's fastest list.
#[derive(Args, Debug)]
pub struct WhichCrateArgs {
    /// The folder of `random/`, `movingai/` and `corner-cutting/`, each
    /// holding one run folder per round.
    #[arg(default_value = DEFAULT_DATA)]
    pub data: PathBuf,
    /// The instruction table the reasons are counted from.
    #[arg(long, default_value = DEFAULT_INSTRUCTIONS)]
    pub instructions: PathBuf,
    /// The writeup with the `which-crate` section.
    #[arg(long, default_value = "reports/README.md")]
    pub writeup: PathBuf,
    /// The README with the `which-crate-answer` paragraph.
    #[arg(long, default_value = "README.md")]
    pub readme: PathBuf,
}

impl WhichCrateArgs {
    /// Writes the section and the answer and names the files.
    pub fn run(self) -> Result<ExitCode> {
        let which = WhichCrate::load(&self.data, &self.instructions)?;
        let mut command = format!("astar-lab which-crate {}", self.data.display());
        if self.instructions != Path::new(DEFAULT_INSTRUCTIONS) {
            command += &format!(" --instructions {}", self.instructions.display());
        }
        let made_by = format!("`{command}`");
        for path in write_which_crate(&which, &self.writeup, &self.readme, &made_by)? {
            outln!("{}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}
