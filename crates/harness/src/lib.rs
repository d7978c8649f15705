//! The astar-lab harness: everything above a single search, in layers.
//!
//! From the bottom up; a module uses only modules listed above it:
//!
//! - [`error`]: the one error type every module returns.
//! - [`files`]: whole-file writes and reads that name the file in errors.
//! - [`markers`]: generated sections spliced between markers that name
//!   their command.
//! - [`runs`]: run folders — the record format, metadata, the writer and the
//!   reader, one set of file names.
//! - [`stats`]: medians, quartiles and paired ratios over a run's rows.
//! - [`measure`]: timing one search, the maps and queries of a workload, and
//!   the machine's facts.
//! - [`experiments`]: what is measured — the random sweep, the MovingAI
//!   scenario runner, one query side by side, and the seeds' quirks.
//! - [`present`]: what a reader sees — the writeup's generated sections,
//!   charts, the claim table and pictures of searches.
//!
//! The strategies themselves come from `astar-registry`; the `astar-lab`
//! command (crate `astar-lab`) parses arguments and calls into these layers.

/// Prints a line to standard output like `println!`, but a closed pipe
/// (`astar-lab … | head`) is not an error worth a panic: the line is dropped.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod error;
pub mod experiments;
pub mod files;
pub mod markers;
pub mod measure;
pub mod present;
pub mod runs;
pub mod stats;

pub use error::{Error, Result};
