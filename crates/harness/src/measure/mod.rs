//! Measuring: how one search is timed, which maps and queries a workload
//! holds, and the facts of the machine that measured them.

pub mod machine;
pub mod timing;
pub mod workload;
