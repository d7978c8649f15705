//! Experiments: what is measured, each producing rows for the layers above.
//! Every one that runs strategies measures through
//! [`measure_item`](crate::measure::item::measure_item).
//!
//! - [`sweep`]: the one sweep engine: every strategy on random maps or on
//!   MovingAI scenario rows, timed, into a run folder.
//! - [`scenario`]: every row of a MovingAI scenario file, checked.
//! - [`solve`]: one query, every strategy side by side.
//! - [`seeds`]: the seeds' quirks, one experiment each.

pub mod scenario;
pub mod seeds;
pub mod solve;
pub mod sweep;
