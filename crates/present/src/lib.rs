//! Presentation: what a reader sees, regenerated from run folders only
//! (through `astar-runs`), and the seeds' tables from the rows their
//! experiments (in `astar-engine`) write. It never measures.
//!
//! - [`report`]: the writeup's generated sections and `tables.md`, with the
//!   [`targets`] section.
//! - [`charts`]: the sweep's charts (SVG and PNG).
//! - [`claim`]: where seed 000's 2–3× claim holds, per condition.
//! - [`real_maps`]: the real-map tables and charts, the claim per map family,
//!   and the writeup's section on real maps.
//! - [`seeds`]: the tables of the seeds' quirks, and the writeup's section.
//! - [`format`](mod@format): how numbers read in generated text.

pub mod charts;
pub mod claim;
pub mod format;
pub mod real_maps;
pub mod report;
pub mod seeds;
pub mod targets;
pub mod threads;
pub mod which_crate;
