//! An [`Experiment`] as the run sees it: one object-safe trait, implemented
//! for every experiment, so [`super::EXPERIMENTS`] is a plain list.

use super::{Experiment, Query, Rows, Setting};
use crate::error::Result;
use rayon::prelude::*;
use std::path::Path;

/// One experiment's outputs: its CSVs (none when not measured) and its tables.
pub struct Section {
    /// File name → contents.
    pub csvs: Vec<(&'static str, String)>,
    /// Markdown.
    pub table: String,
}

/// An experiment with its row type hidden: measured on a workload, or read
/// back from a folder, it gives a [`Section`].
pub trait Erased: Sync {
    /// The experiment's CSV file names.
    fn files(&self) -> Vec<&'static str>;
    /// Measures every query (`queries` per map, in workload order).
    fn measure(&self, queries: &[Vec<Query<'_>>], s: &Setting<'_>) -> Result<Section>;
    /// Reads the experiment's CSVs from `dir` (none there: not measured).
    fn read(&self, dir: &Path, s: &Setting<'_>) -> Result<Section>;
}

impl<E: Experiment> Erased for E {
    fn files(&self) -> Vec<&'static str> {
        E::Rows::files()
    }

    fn measure(&self, queries: &[Vec<Query<'_>>], s: &Setting<'_>) -> Result<Section> {
        if !self.available() {
            return section(self, s, None);
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
        section(self, s, Some(all))
    }

    fn read(&self, dir: &Path, s: &Setting<'_>) -> Result<Section> {
        let rows = E::Rows::read(dir)?;
        if let Some(rows) = &rows {
            self.check(rows)?;
        }
        section(self, s, rows)
    }
}

fn section<E: Experiment>(e: &E, s: &Setting<'_>, rows: Option<E::Rows>) -> Result<Section> {
    let csvs = match &rows {
        Some(r) => r.csvs()?,
        None => Vec::new(),
    };
    Ok(Section {
        csvs,
        table: e.table(s, rows.as_ref()),
    })
}
