//! One file per subcommand: its arguments beside its `run`.

pub mod claim;
pub mod plot;
pub mod real_maps_report;
pub mod render;
pub mod report;
pub mod scen;
pub mod seeds;
pub mod solve;
pub mod sweep;
pub mod threads;
pub mod which_crate;
