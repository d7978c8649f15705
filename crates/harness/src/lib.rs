//! The astar-lab harness: everything above a single search, one crate per
//! layer, re-exported here under one name (as ripgrep's `grep` re-exports its
//! parts), so the command and the examples see one library.
//!
//! From the bottom up; a crate depends only on crates listed above it, and
//! Cargo enforces it:
//!
//! - `astar-runs` ([`runs`], [`stats`], [`error`], [`files`], [`markers`]):
//!   run folders — the record format, metadata, the writer and the reader —
//!   and the statistics over their rows.
//! - `astar-engine` ([`measure`], [`experiments`]): timing searches, the
//!   workloads, the one sweep engine and the other experiments.
//! - `astar-present` ([`present`]): what a reader sees — the writeup's
//!   generated sections, charts and the claim table — from run folders
//!   alone.
//! - `astar-pictures` ([`pictures`]): pictures of one search, like seed
//!   000's figures (the `render` command), in the charts' font.
//!
//! The strategies themselves come from `astar-registry`; the `astar-lab`
//! command (crate `astar-lab`) parses arguments and calls into these layers.

pub use astar_engine::{experiments, measure};
pub use astar_pictures as pictures;
pub use astar_present as present;
pub use astar_runs as runs;
pub use astar_runs::{bail, invalid, outln};
pub use astar_runs::{error, files, markers, stats};
pub use astar_runs::{Error, Result};
