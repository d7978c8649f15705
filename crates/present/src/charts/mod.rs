//! `astar-lab plot`: the charts of a sweep, redrawn from its run folders
//! without measuring anything.
//!
//! Every chart is written twice, as SVG and as PNG, each through a temporary
//! file and a rename. A chart is described once as data (`spec`: a
//! `Chart` of panels of series in data coordinates, built from the run's
//! summary) and drawn by one generic function for both backends (`draw`).
//! Axes, grid and axis labels come from plotters; lines, bands and markers
//! are drawn in pixel coordinates, so any marker shape works the same in the
//! plot and in the legend.
//!
//! Every strategy has a look of its own (`style`): a hue family per
//! group (lists, heaps, monotone queues, references), and within it a
//! shade, a marker and a dash pattern; the legend lists the groups under
//! headings. Time axes are labelled in ns, µs, ms and s.
//!
//! Axes (`axis`) are linear in a transformed value (log₂ of the map side;
//! log₁₀ of the y value when it spans decades), with tick labels printed in
//! the original units: one code path for linear and log axes.

mod axis;
mod draw;
pub mod families;
mod spec;
mod style;

use astar_runs::error::Result;
use astar_runs::files::write_atomic;
use astar_runs::stats::load_and_summarise;
use plotters::style::FontStyle;
use std::path::{Path, PathBuf};

/// The font family every chart asks for.
pub(crate) const FONT: &str = "sans-serif";

/// The font the PNG charts use, compiled in so that text looks the same on
/// every machine (plotters' `ab_glyph` feature never looks at system fonts).
static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// The seeds' claim: a binary heap makes A* 2–3× faster than a linear scan.
pub const CLAIM: (f64, f64) = (2.0, 3.0);

/// Draws every chart of the sweep in `runs` into `out_dir`, as SVG and PNG.
/// Returns the files written.
pub fn plot_runs(runs: &[PathBuf], out_dir: &Path) -> Result<Vec<PathBuf>> {
    register_font()?;
    let (loaded, summary) = load_and_summarise(runs)?;
    let mut written = Vec::new();
    let several = summary.groups.len() > 1;
    for group in &summary.groups {
        // One set of charts per density; a suffix only when there are several.
        let suffix = if several {
            format!("-d{}", group.density)
        } else {
            String::new()
        };
        for chart in spec::charts(&loaded, &summary, group) {
            let stem = format!("{}{suffix}", chart.titles.stem);
            let svg_path = out_dir.join(format!("{stem}.svg"));
            let figure = draw::Figure::Lines(&chart);
            write_atomic(&svg_path, draw::render_svg(figure)?.as_bytes())?;
            written.push(svg_path);
            let png_path = out_dir.join(format!("{stem}.png"));
            write_atomic(&png_path, &draw::render_png(figure)?)?;
            written.push(png_path);
        }
    }
    Ok(written)
}

/// Registers the embedded font under the family name the charts ask for.
pub fn register_font() -> Result<()> {
    static DONE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *DONE.get_or_init(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES).is_ok()
    });
    if !ok {
        astar_runs::bail!("the embedded font could not be read");
    }
    Ok(())
}

/// The unit for times given in ns: the one in which the middle of the data
/// is at least 1.
pub fn time_unit(ns: &[f64]) -> (&'static str, f64) {
    let mut v: Vec<f64> = ns.iter().copied().filter(|x| *x > 0.0).collect();
    v.sort_by(f64::total_cmp);
    let mid = v.get(v.len() / 2).copied().unwrap_or(1.0);
    if mid >= 1e6 {
        ("ms", 1e6)
    } else if mid >= 1e3 {
        ("µs", 1e3)
    } else {
        ("ns", 1.0)
    }
}

/// A number as a tick label: at most three significant digits, no trailing
/// zeros.
pub fn short_number(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    if a >= 1e6 {
        let exp = a.log10().floor() as i32;
        let m = v / 10f64.powi(exp);
        return format!("{}e{exp}", trim(format!("{m:.2}")));
    }
    let decimals = (2 - a.log10().floor() as i32).clamp(0, 6) as usize;
    trim(format!("{v:.decimals$}"))
}

fn trim(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(short_number(2.0), "2");
        assert_eq!(short_number(0.25), "0.25");
        assert_eq!(short_number(1234.0), "1234");
        assert_eq!(short_number(2.5e7), "2.5e7");
        assert_eq!(short_number(12.345), "12.3");
    }
}
