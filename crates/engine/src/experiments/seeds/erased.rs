//! An [`Experiment`] as the run sees it: one object-safe trait, implemented
//! for every experiment, so [`super::EXPERIMENTS`] is a plain list.

use super::{Experiment, Query, Rows};
use astar_runs::error::Result;
use rayon::prelude::*;

/// An experiment with its row type hidden: measured on a workload, it gives
/// its CSVs.
pub trait Erased: Sync {
    /// The experiment's CSV file names.
    fn files(&self) -> Vec<&'static str>;
    /// Measures every query (`queries` per map, in workload order): file
    /// name → contents, none when this build cannot run the experiment.
    fn measure(&self, queries: &[Vec<Query<'_>>]) -> Result<Vec<(&'static str, String)>>;
}

impl<E: Experiment> Erased for E {
    fn files(&self) -> Vec<&'static str> {
        E::Rows::files()
    }

    fn measure(&self, queries: &[Vec<Query<'_>>]) -> Result<Vec<(&'static str, String)>> {
        if !self.available() {
            return Ok(Vec::new());
        }
        let mut per_query: Vec<E::Rows> = queries
            .par_iter()
            .map(|qs| {
                qs.iter()
                    .map(|q| self.measure(q))
                    .collect::<Result<Vec<_>>>()
            })
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .flatten()
            .collect();
        for (q, rows) in queries.iter().flatten().zip(&mut per_query) {
            self.time(q, rows)?;
        }
        let mut all = E::Rows::default();
        for rows in per_query {
            all.append(rows);
        }
        all.csvs()
    }
}
