//! Tests of the harness library, one test binary with a module per topic.
//!
//! - [`movingai`]: the real `arena` benchmark passes for every strategy; both scen versions.
//! - [`disagreement`]: a wrong solver's rows say so, stay out of the summary and fail the run.
//! - [`fuzz`]: the map and scen parsers never panic on arbitrary or mutated input.

mod disagreement;
mod fuzz;
mod movingai;

pub use astar_testkit::reference;
use std::path::PathBuf;

/// The folder with the test fixtures.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}
