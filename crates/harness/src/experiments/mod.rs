//! Experiments: what is measured, each producing rows for the layers above.
//!
//! - [`sweep`]: every strategy on random maps, timed, into a run folder.
//! - [`scenario`]: every row of a MovingAI scenario file, checked.
//! - [`solve`]: one query, every strategy side by side.
//! - [`seeds`]: the seeds' quirks, one experiment each.

pub mod real_maps;
pub mod scenario;
pub mod seeds;
pub mod solve;
pub mod sweep;
