//! What a real-map run folder holds beside a random sweep's: its
//! `meta.json` is a [`RunMeta`] with one more field, `real_maps`, so every
//! reader of random sweeps still reads it (unknown fields are ignored), and
//! readers of real-map runs know the run's kind and its scenario files.

use super::{RunMeta, META};
use crate::error::{Error, Result};
use crate::files::write_atomic;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub use super::OVER_BUDGET;

/// What a real-map run measured, beside its [`super::SweepConfig`]
/// (strategies, tie policy, minimum time).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RealMapsConfig {
    /// Scenario files or folders of them, as given.
    pub scen: Vec<String>,
    /// Folder of the maps, when not beside the scenario files.
    pub map_dir: Option<String>,
    /// Rows per file, spread over the buckets (`None`: every row).
    pub sample: Option<usize>,
    /// Time budget of one search, in milliseconds.
    pub budget_ms: f64,
}

/// A real-map run's `meta.json`: a [`RunMeta`] and its [`RealMapsConfig`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RealMeta {
    /// The fields every run folder has.
    #[serde(flatten)]
    pub run: RunMeta,
    /// What makes it a real-map run.
    pub real_maps: RealMapsConfig,
}

/// Reads a run folder's `meta.json` as a real-map run's; `Ok(None)` when it
/// is a random sweep's.
pub fn read_real_meta(dir: &Path) -> Result<Option<RealMeta>> {
    let path = dir.join(META);
    let text = crate::files::read_text(&path)?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| Error::malformed(&path, e))?;
    if value.get("real_maps").is_none() {
        return Ok(None);
    }
    serde_json::from_value(value)
        .map(Some)
        .map_err(|e| Error::malformed(&path, e))
}

/// Writes a real-map run's `meta.json` (whole or not at all).
pub fn write_real_meta(dir: &Path, meta: &RealMeta) -> Result<()> {
    let mut json = serde_json::to_string_pretty(meta).expect("metadata serialises");
    json.push('\n');
    write_atomic(&dir.join(META), json.as_bytes())
}

/// The `map_seed` column of a scenario file's rows: FNV-1a of its file name,
/// so rows of one file share a key that does not depend on where the file is.
pub fn scen_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scen_keys_are_fixed_and_differ() {
        assert_eq!(scen_key(""), 0xcbf2_9ce4_8422_2325);
        assert_ne!(scen_key("arena.map.scen"), scen_key("den312d.map.scen"));
    }
}
