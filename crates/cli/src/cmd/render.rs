//! `astar-lab render`: pictures of one search (or two side by side).

use crate::args::{parse_point, RuleArgs};
use anyhow::{bail, Result};
use astar_core::{Grid, Point};
use astar_harness::files::{load_map, write_atomic};
use astar_harness::pictures::{draw, extension, StillFormat, Variant};
use astar_registry::Strategy;
use clap::Args;
use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;

/// Two variants to draw side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compare(pub Variant, pub Variant);

/// Parses `A,B`.
pub fn parse_compare(text: &str) -> Result<Compare, String> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| format!("expected two variants as A,B, got {text:?}"))?;
    Ok(Compare(a.trim().parse()?, b.trim().parse()?))
}

/// A random map as `--random SIZE,DENSITY,SEED`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomMap {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Chance that a cell is a wall.
    pub density: f64,
    /// Generator seed.
    pub seed: u64,
}

/// Parses `SIZE,DENSITY,SEED`, where SIZE is `N` (square) or `WxH`.
pub fn parse_random(text: &str) -> Result<RandomMap, String> {
    let bad =
        || format!("expected SIZE,DENSITY,SEED (e.g. 24,0.25,7 or 40x30,0.2,1), got {text:?}");
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [size, density, seed] = parts[..] else {
        return Err(bad());
    };
    let (w, h) = size.split_once(['x', 'X']).unwrap_or((size, size));
    Ok(RandomMap {
        width: w.parse().map_err(|_| bad())?,
        height: h.parse().map_err(|_| bad())?,
        density: density.parse().map_err(|_| bad())?,
        seed: seed.parse().map_err(|_| bad())?,
    })
}

/// `astar-lab render`: pictures of one search (or two side by side).
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// MovingAI .map file.
    #[arg(long, required_unless_present = "random", conflicts_with = "random")]
    pub map: Option<PathBuf>,
    /// A random map instead: SIZE,DENSITY,SEED (SIZE is N or WxH).
    #[arg(long, value_parser = parse_random)]
    pub random: Option<RandomMap>,
    /// Start cell, X,Y (x is the column, y the row, 0,0 top left).
    #[arg(long, value_parser = parse_point)]
    pub from: Point,
    /// Goal cell, X,Y.
    #[arg(long, value_parser = parse_point)]
    pub to: Point,
    /// The open list to search with (every strategy draws the same picture).
    #[arg(long, default_value = "heap")]
    pub strategy: Strategy,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub rules: RuleArgs,
    /// The picture of the finished search: FILE.svg or FILE.png.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The expansions frame by frame: FILE.gif.
    #[arg(long)]
    pub animate: Option<PathBuf>,
    /// Draw the search as it stood after this many expansions, not at its end.
    #[arg(long, requires = "out")]
    pub after: Option<u64>,
    /// Two searches side by side, e.g. octile,manhattan (overrides --heuristic).
    #[arg(long, value_parser = parse_compare)]
    pub compare: Option<Compare>,
}

impl RenderArgs {
    /// Searches, draws and writes the files asked for.
    pub fn run(self) -> Result<ExitCode> {
        // Check the file names before searching, so a typo costs nothing.
        let still = self.out.as_deref().map(StillFormat::of).transpose()?;
        if let Some(gif) = &self.animate {
            if extension(gif).as_deref() != Some("gif") {
                bail!(
                    "unknown animation extension of {}: expected .gif",
                    gif.display()
                );
            }
        }
        if self.out.is_none() && self.animate.is_none() {
            bail!("nothing to draw into: give --out FILE.svg|FILE.png and/or --animate FILE.gif");
        }
        let grid = match (&self.map, self.random) {
            (Some(path), _) => load_map(path)?,
            (None, Some(r)) => Grid::random(r.width, r.height, r.density, r.seed)?,
            (None, None) => bail!("give --map FILE or --random SIZE,DENSITY,SEED"),
        };
        let rules = self.rules.rules();
        let variants = match self.compare {
            Some(Compare(a, b)) => vec![a, b],
            None => vec![Variant::Heuristic(rules.heuristic)],
        };
        let recordings = variants
            .iter()
            .map(|v| v.record(&grid, self.from, self.to, &rules, self.strategy))
            .collect::<astar_harness::Result<Vec<_>>>()?;
        for r in &recordings {
            say(format_args!(
                "{}: {}, cost {}, {} expansions",
                r.label,
                r.report.outcome.name(),
                r.report.cost.map_or("-".into(), |c| c.to_string()),
                r.report.counters.expansions
            ));
        }
        if let (Some(path), Some(format)) = (&self.out, still) {
            let bytes = draw::still(&grid, &recordings, format, self.after)?;
            write_atomic(path, &bytes)?;
            say(format_args!("wrote {}", path.display()));
        }
        if let Some(path) = &self.animate {
            let (bytes, frames) = draw::animation(&grid, &recordings)?;
            write_atomic(path, &bytes)?;
            say(format_args!("wrote {} ({frames} frames)", path.display()));
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Prints one line of progress; a closed stdout (`| head`) is not an error,
/// the files are what matter.
fn say(line: fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::Heuristic;

    #[test]
    fn names_parse() {
        assert_eq!(
            parse_compare("octile, manhattan").unwrap(),
            Compare(
                Variant::Heuristic(Heuristic::Octile),
                Variant::Heuristic(Heuristic::Manhattan)
            )
        );
        assert!(parse_compare("octile").is_err());
        assert!(parse_compare("octile,nope").unwrap_err().contains("nope"));
        let r = parse_random("40x30,0.2,9").unwrap();
        assert_eq!((r.width, r.height, r.seed), (40, 30, 9));
        assert_eq!(parse_random("24,0.25,7").unwrap().height, 24);
        assert!(parse_random("24,0.25").is_err());
    }
}
