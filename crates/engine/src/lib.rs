//! The measuring engine: the workloads, how a search is timed, how every
//! strategy is measured on one item, and the experiments built on it — the
//! one sweep engine (random maps and MovingAI rows), the scenario checker,
//! one query side by side, and the seeds' quirks. It writes run folders
//! through `astar-runs` and draws nothing.
//!
//! - [`measure`]: timing one search, every strategy on one item
//!   ([`measure::item::measure_item`]), the workloads and the machine's facts.
//! - [`experiments`]: what is measured, each through `measure_item`.

pub mod experiments;
pub mod measure;
