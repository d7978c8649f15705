//! The real-map charts: per map family, every strategy's speedup over the
//! linear scan and over the heap against the size of the search; and every
//! strategy's time ÷ the floor's per family. The figures come computed
//! (binned, paired, with intervals) from `present::real_maps`; this module
//! only says how they look.

use super::draw::{render_png, render_svg, Figure};
use super::register_font;
use super::spec::{
    by_hue, series_label, Chart, Dot, DotChart, DotPanel, Format, Panel, Series, Titles, XScale,
};
use super::style::look_of;
use astar_registry::Strategy;
use astar_runs::error::Result;
use astar_runs::files::write_atomic;
use astar_runs::stats::Ratio;
use std::path::{Path, PathBuf};

/// The chart of time ÷ floor per family.
pub const FLOOR_STEM: &str = "time-over-floor";

/// The speedup chart of one family.
pub fn speedup_stem(family: &str) -> String {
    format!("speedup-{family}")
}

/// One bin of searches: where it sits and what its rows' ratios are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BinPoint {
    /// The bin's centre (geometric), in expansions.
    pub x: f64,
    /// Median of the rows' ratios.
    pub median: f64,
    /// Lower and upper quartile of the rows' ratios.
    pub q1: f64,
    /// Upper quartile.
    pub q3: f64,
    /// How many rows.
    pub rows: usize,
}

/// One strategy's binned speedups.
#[derive(Clone, Debug)]
pub struct Binned {
    /// The strategy.
    pub strategy: String,
    /// Its bins with enough rows, by size.
    pub bins: Vec<BinPoint>,
}

/// A family's speedup chart: over the linear scan and over the heap.
#[derive(Clone, Debug)]
pub struct FamilySpeedups {
    /// The family.
    pub family: String,
    /// Its map files and rows, in words.
    pub what: String,
    /// Speedups over `linear`.
    pub over_linear: Vec<Binned>,
    /// Speedups over `heap`.
    pub over_heap: Vec<Binned>,
    /// Rows where `linear` went over budget: absent from the speedups over it.
    pub linear_over_budget: usize,
    /// All rows of the family.
    pub rows: usize,
}

/// A family's panel of the time ÷ floor chart.
#[derive(Clone, Debug)]
pub struct FloorPanel {
    /// The family and its rows, as the panel's title.
    pub title: String,
    /// Per strategy: its time ÷ the floor's, and its rows over budget.
    pub dots: Vec<(String, Option<Ratio>, usize)>,
}

fn write(out: &Path, stem: &str, figure: Figure<'_>, written: &mut Vec<PathBuf>) -> Result<()> {
    let svg = out.join(format!("{stem}.svg"));
    write_atomic(&svg, render_svg(figure)?.as_bytes())?;
    written.push(svg);
    let png = out.join(format!("{stem}.png"));
    write_atomic(&png, &render_png(figure)?)?;
    written.push(png);
    Ok(())
}

/// The series of one panel: one per strategy, its bins' medians as the
/// line and their interquartile ranges as the band.
fn series(strategies: &[String], binned: &[Binned]) -> Vec<Series> {
    by_hue(
        binned
            .iter()
            .filter(|b| !b.bins.is_empty())
            .map(|b| Series {
                label: series_label(&b.strategy),
                look: look_of(strategies, &b.strategy),
                points: b.bins.iter().map(|p| (p.x, p.median)).collect(),
                band: b.bins.iter().map(|p| (p.x, p.q1, p.q3)).collect(),
                // Over-budget rows are named in the panel's title instead.
                over_budget: false,
            })
            .collect(),
    )
}

/// The speedup chart of one family.
pub(crate) fn speedup_chart(
    strategies: &[String],
    f: &FamilySpeedups,
    bins_text: &str,
    conditions: &str,
) -> Chart {
    let (linear, heap) = (Strategy::Linear.name(), Strategy::Heap.name());
    let absent = if f.linear_over_budget > 0 {
        format!(" Rows where {linear} went over budget (its longest) are absent: there the speedup over {linear} is a lower bound.")
    } else {
        String::new()
    };
    let panel = |base: &str, binned: &[Binned], title: String| Panel {
        title: Some(title),
        y_label: format!("speedup over {base} (×)"),
        // A speedup is a ratio: log, whatever its span, so that every
        // chart of one kind reads alike.
        y_log: Some(true),
        y_format: Format::Number,
        series: series(strategies, binned),
        shade: None,
        reference: Some((1.0, "1× (as fast as the base)".into())),
    };
    let linear_title = if f.linear_over_budget > 0 {
        format!(
            "over {linear} ({} rows absent: a lower bound)",
            f.linear_over_budget
        )
    } else {
        format!("over {linear}")
    };
    Chart {
        titles: Titles {
            stem: speedup_stem(&f.family),
            title: format!("Speedup against search size: {}", f.family),
            subtitle: format!(
                "{}; {conditions} Per row: the base's time ÷ the strategy's; rows binned by expansions ({bins_text}); line: a bin's median, at its centre.{absent}",
                f.what
            ),
            x_label: "expansions per search (log scale)".into(),
        },
        x_scale: XScale::Count,
        panels: vec![
            panel(linear, &f.over_linear, linear_title),
            panel(heap, &f.over_heap, format!("over {heap}")),
        ],
        band_note: Some("shaded: interquartile range of the bin's rows".into()),
    }
}

/// The chart of time ÷ floor, one panel per family.
pub(crate) fn floor_chart(
    strategies: &[String],
    panels: &[FloorPanel],
    conditions: &str,
) -> DotChart {
    let panels: Vec<DotPanel> = panels
        .iter()
        .map(|p| DotPanel {
            title: p.title.clone(),
            rows: p
                .dots
                .iter()
                .filter(|(s, _, _)| s != Strategy::Floor.name())
                .map(|(s, r, over)| Dot {
                    label: if *over > 0 {
                        format!("{s} ({over} over)")
                    } else {
                        s.clone()
                    },
                    look: look_of(strategies, s),
                    value: r.map(|r| r.median),
                    interval: r.and_then(|r| r.ci).map(|ci| (ci.lo, ci.hi)),
                })
                .collect(),
        })
        .collect();
    let rows = panels.len().div_ceil(3).max(1) as u32;
    DotChart {
        titles: Titles {
            stem: FLOOR_STEM.into(),
            title: "Time ÷ floor per map family".into(),
            subtitle: format!(
                "Per row: the strategy's time ÷ the floor's (the same search with no open list); dot: median over the rows both finished; whisker: 95% bootstrap interval (map files, then rows resampled). \"(N over)\": N rows over budget, left out, so the dot understates the list's cost. {conditions}"
            ),
            x_label: "time ÷ floor (×)".into(),
        },
        columns: 3,
        height: 130 + 520 * rows,
        panels,
        reference: Some(1.0),
    }
}

/// Draws every real-map chart into `out`, as SVG and PNG; returns the files.
pub fn write_real_map_charts(
    out: &Path,
    strategies: &[String],
    families: &[FamilySpeedups],
    floor: &[FloorPanel],
    bins_text: &str,
    conditions: &str,
) -> Result<Vec<PathBuf>> {
    register_font()?;
    let mut written = Vec::new();
    for f in families {
        let chart = speedup_chart(strategies, f, bins_text, conditions);
        write(out, &chart.titles.stem, Figure::Lines(&chart), &mut written)?;
    }
    let chart = floor_chart(strategies, floor, conditions);
    write(out, &chart.titles.stem, Figure::Dots(&chart), &mut written)?;
    Ok(written)
}
