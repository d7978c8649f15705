//! The astar-lab harness: everything above a single search.
//!
//! - [`strategy`]: the registry of open lists — one enum, matched once, so each
//!   search loop is compiled for its list with no dynamic dispatch inside it.
//! - [`scenario`]: runs MovingAI scenario files and checks every length.
//! - [`solve`]: one query, every strategy, side by side.
//! - [`sweep`]: the parallel measuring sweep on random maps.
//! - [`render`]: pictures of a search, like seed 000's figures.
//! - [`seeds`]: the seeds' quirks, measured.
//! - [`baselines`]: the zero-cost floor and the `pathfinding` peer.
//! - [`runs`], [`plot`], [`report`]: run folders read back, charts, tables and
//!   the writeup's generated sections.
//! - [`claim`]: where seed 000's 2–3× claim holds, per condition.
//!
//! The `astar-lab` binary is a thin command line over these modules.

/// Prints a line to standard output like `println!`, but a closed pipe
/// (`astar-lab … | head`) is not an error worth a panic: the line is dropped.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod claim;
pub mod cli;
pub mod output;
pub mod plot;
pub mod record;
pub mod render;
pub mod report;
pub mod runs;
pub mod scenario;
pub mod seeds;
pub mod solve;
pub mod sweep;
pub mod targets;

pub use astar_registry::{Solver, Strategy};

/// Reads a file, naming it in the error.
pub fn read_text(path: &std::path::Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Reads and parses a MovingAI map file, naming the file in any error.
pub fn load_map(path: &std::path::Path) -> anyhow::Result<astar_core::Grid> {
    astar_core::parse_map(&read_text(path)?).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}
