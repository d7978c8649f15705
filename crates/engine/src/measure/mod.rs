//! Measuring: the workloads (random maps drawn from seeds, MovingAI scenario
//! suites), how one search is timed, how every strategy is measured on one
//! item, and the facts of the machine that measured them.

pub mod item;
pub mod machine;
pub mod suite;
pub mod timing;
pub mod workload;
