//! `astar-lab plot`: the charts of a sweep, redrawn from its run folders
//! without measuring anything.
//!
//! Every chart is written twice, as SVG and as PNG, each through a temporary
//! file and a rename. A chart is described once as data ([`Chart`]: panels of
//! series in data coordinates) and drawn by one generic function for both
//! backends. Axes, grid and axis labels come from plotters; lines, bands and
//! markers are drawn in pixel coordinates, so any marker shape works the same
//! in the plot and in the legend.
//!
//! Axes are linear in a transformed value (log₂ of the map side; log₁₀ of the
//! y value when it spans decades), with tick labels printed in the original
//! units: one code path for linear and log axes.

use crate::files::write_atomic;
use crate::runs::LoadedRuns;
use crate::stats::{load_and_summarise, Group, Summary};
use anyhow::{anyhow, Result};
use clap::Args;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Chart size in pixels (PNG) and user units (SVG).
const SIZE: (u32, u32) = (1280, 760);
/// Width of the legend column on the right.
const LEGEND_W: u32 = 290;
/// Height of the title block.
const TITLE_H: u32 = 78;
/// The font family every chart asks for.
const FONT: &str = "sans-serif";

/// The font the PNG charts use, compiled in so that text looks the same on
/// every machine (plotters' `ab_glyph` feature never looks at system fonts).
static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// The seeds' claim: a binary heap makes A* 2–3× faster than a linear scan.
pub const CLAIM: (f64, f64) = (2.0, 3.0);

/// The name of the zero-cost lower bound, drawn dashed when present.
pub const FLOOR: &str = "floor";

/// `astar-lab plot`: draw the charts of one sweep from its run folders.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// Run folders of one sweep (several shards are merged).
    #[arg(required = true)]
    pub runs: Vec<PathBuf>,
    /// Where to write the charts.
    #[arg(long, default_value = "reports/charts")]
    pub out: PathBuf,
}

impl PlotArgs {
    /// Draws every chart and prints the files written.
    pub fn run(self) -> Result<ExitCode> {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        for path in plot_runs(&self.runs, &self.out)? {
            // A closed pipe (`| head`) is not an error of the plot.
            let _ = writeln!(out, "{}", path.display());
        }
        Ok(ExitCode::SUCCESS)
    }
}

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
        for chart in charts(&loaded, &summary, group) {
            let stem = format!("{}{suffix}", chart.stem);
            let svg_path = out_dir.join(format!("{stem}.svg"));
            write_atomic(&svg_path, render_svg(&chart)?.as_bytes())?;
            written.push(svg_path);
            let png_path = out_dir.join(format!("{stem}.png"));
            write_atomic(&png_path, &render_png(&chart)?)?;
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
    anyhow::ensure!(ok, "the embedded font could not be read");
    Ok(())
}

/// A marker shape; with the colour it tells strategies apart without colour.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Marker {
    Circle,
    Triangle,
    Square,
    Diamond,
    Cross,
    None,
}

/// How one series looks.
#[derive(Clone, Copy, Debug)]
struct Look {
    colour: RGBColor,
    marker: Marker,
    dashed: bool,
    /// Line width in pixels.
    width: u32,
}

/// Okabe–Ito's colour-blind-safe colours (yellow left out: unreadable on
/// white), then three of Paul Tol's muted ones for longer lists; vermillion
/// is kept for the heap and black for the floor.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),   // blue
    RGBColor(0, 158, 115),   // bluish green
    RGBColor(204, 121, 167), // reddish purple
    RGBColor(230, 159, 0),   // orange
    RGBColor(86, 180, 233),  // sky blue
    RGBColor(136, 34, 85),   // wine
    RGBColor(153, 153, 51),  // olive
    RGBColor(51, 34, 136),   // indigo
];
/// The heap, whose speedup the seeds claim.
const HEAP: &str = "heap";
const HEAP_COLOUR: RGBColor = RGBColor(213, 94, 0); // Okabe–Ito vermillion
const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Diamond,
    Marker::Cross,
];

/// The look of a strategy, from its place in the run's order; the floor is
/// black and dashed.
fn look(strategies: &[String], name: &str) -> Look {
    if name == FLOOR {
        return Look {
            colour: BLACK,
            marker: Marker::None,
            dashed: true,
            width: 2,
        };
    }
    // The seeds' claim is about the heap: its colour is its own and its
    // line is thicker.
    if name == HEAP {
        return Look {
            colour: HEAP_COLOUR,
            marker: Marker::Diamond,
            dashed: false,
            width: 5,
        };
    }
    let i = strategies
        .iter()
        .filter(|s| *s != FLOOR && *s != HEAP)
        .position(|s| s == name)
        .unwrap_or(0);
    Look {
        colour: PALETTE[i % PALETTE.len()],
        marker: MARKERS[i % MARKERS.len()],
        dashed: false,
        width: 3,
    }
}

/// One line: points (x = map side, y) and an optional band (x, low, high).
#[derive(Clone, Debug)]
struct Series {
    label: String,
    look: Look,
    points: Vec<(f64, f64)>,
    band: Vec<(f64, f64, f64)>,
}

/// One plotting area.
#[derive(Clone, Debug)]
struct Panel {
    title: Option<String>,
    y_label: String,
    /// Force a log y axis; otherwise chosen from the data's span.
    y_log: Option<bool>,
    series: Vec<Series>,
    /// A shaded horizontal band, with its legend text.
    shade: Option<(f64, f64, String)>,
    /// A dashed horizontal reference line, with its legend text.
    reference: Option<(f64, String)>,
}

/// A whole chart: a title, panels side by side, one legend.
#[derive(Clone, Debug)]
struct Chart {
    stem: String,
    title: String,
    subtitle: String,
    x_label: String,
    panels: Vec<Panel>,
    /// Legend note for the bands, when the series have bands.
    band_note: Option<String>,
}

/// The charts of one density.
fn charts(runs: &LoadedRuns, summary: &Summary, group: &Group) -> Vec<Chart> {
    let cfg = &runs.config;
    let strategies = &summary.strategies;
    let queries = group
        .sizes
        .iter()
        .filter_map(|s| {
            strategies
                .iter()
                .filter_map(|st| group.cell(*s, st))
                .map(|c| c.ok + c.bad)
                .max()
        })
        .max()
        .unwrap_or(0);
    let conditions = format!(
        "density {}, {} heuristic, {} ties, {}-connected; up to {} queries per size; run {}",
        group.density,
        cfg.heuristic,
        cfg.tie,
        cfg.moves,
        queries,
        runs.dirs_text()
    );
    let x_label = "map side (cells, log₂ scale)".to_string();
    let mut out = Vec::new();
    for base in ["linear", "sorted"] {
        if !strategies.iter().any(|s| s == base) {
            continue;
        }
        let series: Vec<Series> = strategies
            .iter()
            .filter(|s| *s != base)
            .filter_map(|s| {
                let qs: Vec<(f64, crate::stats::Quartiles)> = group
                    .sizes
                    .iter()
                    .filter_map(|&size| group.ratio(size, base, s).map(|q| (f64::from(size), q)))
                    .collect();
                (!qs.is_empty()).then(|| Series {
                    label: if s == FLOOR {
                        format!("{FLOOR} (lower bound)")
                    } else {
                        s.clone()
                    },
                    look: look(strategies, s),
                    points: qs.iter().map(|(x, q)| (*x, q.median)).collect(),
                    band: qs.iter().map(|(x, q)| (*x, q.q1, q.q3)).collect(),
                })
            })
            .collect();
        let title = format!("Speedup over the {} vs map size", base_name(base));
        out.push(Chart {
            stem: format!("speedup-vs-{base}"),
            title,
            subtitle: format!(
                "per query: {base} time ÷ strategy time, same query; line: median over queries. {conditions}"
            ),
            x_label: x_label.clone(),
            panels: vec![Panel {
                title: None,
                y_label: format!("speedup over {base} (×)"),
                y_log: None,
                series,
                shade: (base == "linear").then(|| {
                    (CLAIM.0, CLAIM.1, "seeds' claim for the heap: 2–3×".to_string())
                }),
                reference: Some((1.0, format!("1× (as fast as {base})"))),
            }],
            band_note: Some("shaded: interquartile range over queries".into()),
        });
    }

    // Time per search, in the unit that keeps the middle of the data readable.
    let all_times: Vec<f64> = group
        .cells
        .values()
        .filter_map(|c| c.time.map(|q| q.median))
        .collect();
    let (unit, div) = time_unit(&all_times);
    let time_series = per_strategy(strategies, group, |c| {
        c.time
            .map(|q| (q.median / div, Some((q.q1 / div, q.q3 / div))))
    });
    out.push(Chart {
        stem: "time-per-search".into(),
        title: "Time per search vs map size".into(),
        subtitle: format!("median over queries of each query's median time; {conditions}"),
        x_label: x_label.clone(),
        panels: vec![Panel {
            title: None,
            y_label: format!("time per search ({unit}, log scale)"),
            y_log: Some(true),
            series: time_series,
            shade: None,
            reference: None,
        }],
        band_note: Some("shaded: interquartile range over queries".into()),
    });

    out.push(Chart {
        stem: "ns-per-expansion".into(),
        title: "Time per expansion vs map size".into(),
        subtitle: format!(
            "median over queries of time per search ÷ expansions; how each list's cost per step grows. {conditions}"
        ),
        x_label: x_label.clone(),
        panels: vec![Panel {
            title: None,
            y_label: "ns per expansion".into(),
            y_log: None,
            series: per_strategy(strategies, group, |c| c.ns_per_expansion.map(|v| (v, None))),
            shade: None,
            reference: None,
        }],
        band_note: None,
    });

    let [max_open, pushes, decreases] = merge_identical([
        per_strategy(strategies, group, |c| c.max_open.map(|v| (v, None))),
        per_strategy(strategies, group, |c| {
            c.pushes_per_expansion.map(|v| (v, None))
        }),
        per_strategy(strategies, group, |c| {
            c.decreases_per_expansion.map(|v| (v, None))
        }),
    ]);
    out.push(Chart {
        stem: "open-and-operations".into(),
        title: "OPEN size and open-list operations vs map size".into(),
        subtitle: format!(
            "medians over queries; strategies that performed the same search share a line. {conditions}"
        ),
        x_label,
        panels: vec![
            Panel {
                title: Some("largest OPEN".into()),
                y_label: "largest OPEN (nodes, log scale)".into(),
                y_log: Some(true),
                series: max_open,
                shade: None,
                reference: None,
            },
            Panel {
                title: Some("pushes per expansion".into()),
                y_label: "pushes per expansion".into(),
                y_log: Some(false),
                series: pushes,
                shade: None,
                reference: None,
            },
            Panel {
                title: Some("decreases per expansion".into()),
                y_label: "decrease-keys per expansion".into(),
                y_log: Some(false),
                series: decreases,
                shade: None,
                reference: None,
            },
        ],
        band_note: None,
    });
    out
}

/// "linear scan" for `linear`, "sorted vector" for `sorted`.
fn base_name(base: &str) -> &str {
    match base {
        "linear" => "linear scan",
        "sorted" => "sorted vector",
        other => other,
    }
}

/// The low and high edge of an interquartile band.
type Band = (f64, f64);

/// One series per strategy with a value at some size.
fn per_strategy(
    strategies: &[String],
    group: &Group,
    value: impl Fn(&crate::stats::Cell) -> Option<(f64, Option<Band>)>,
) -> Vec<Series> {
    strategies
        .iter()
        .filter_map(|s| {
            let vals: Vec<(f64, f64, Option<Band>)> = group
                .sizes
                .iter()
                .filter_map(|&size| {
                    let (v, band) = value(group.cell(size, s)?)?;
                    Some((f64::from(size), v, band))
                })
                .collect();
            (!vals.is_empty()).then(|| Series {
                label: s.clone(),
                look: look(strategies, s),
                points: vals.iter().map(|(x, v, _)| (*x, *v)).collect(),
                band: vals
                    .iter()
                    .filter_map(|(x, _, b)| b.map(|(lo, hi)| (*x, lo, hi)))
                    .collect(),
            })
        })
        .collect()
}

/// Merges strategies whose series are the same in every panel into one line
/// labelled with all their names: counters are identical for every list that
/// did the same search, and one line per list would hide all but the last.
fn merge_identical<const N: usize>(panels: [Vec<Series>; N]) -> [Vec<Series>; N] {
    let same = |a: &Series, b: &Series| {
        a.points.len() == b.points.len()
            && a.points
                .iter()
                .zip(&b.points)
                .all(|(p, q)| p.0 == q.0 && (p.1 - q.1).abs() <= 1e-9 * p.1.abs().max(1.0))
    };
    let find = |panel: &Vec<Series>, label: &str| panel.iter().find(|s| s.label == label).cloned();
    // Every strategy's label, in order of first appearance.
    let mut labels: Vec<String> = Vec::new();
    for s in panels.iter().flatten() {
        if !labels.contains(&s.label) {
            labels.push(s.label.clone());
        }
    }
    // Groups of labels whose series agree in every panel.
    let mut groups: Vec<Vec<String>> = Vec::new();
    for l in labels {
        let joins = groups.iter_mut().find(|g| {
            panels.iter().all(|p| match (find(p, &g[0]), find(p, &l)) {
                (Some(a), Some(b)) => same(&a, &b),
                (None, None) => true,
                _ => false,
            })
        });
        match joins {
            Some(g) => g.push(l),
            None => groups.push(vec![l]),
        }
    }
    panels.map(|p| {
        groups
            .iter()
            .filter_map(|g| {
                find(&p, &g[0]).map(|mut s| {
                    s.label = g.join(", ");
                    s
                })
            })
            .collect()
    })
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

/// One axis: a range in transformed space and its ticks.
#[derive(Clone, Debug)]
struct Axis {
    log: bool,
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
}

impl Axis {
    fn t(&self, v: f64) -> f64 {
        if self.log {
            v.max(f64::MIN_POSITIVE).log10()
        } else {
            v
        }
    }
}

/// A linear coordinate whose grid lines and labels sit exactly at the
/// axis's ticks.
struct Ticked(Axis);

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let f = (v - self.0.lo) / (self.0.hi - self.0.lo);
        limit.0 + (f * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.0.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.0.lo..self.0.hi
    }
}

/// The x axis: log₂ of the map side, a tick at every power of two.
fn x_axis(panels: &[Panel]) -> Axis {
    let xs: Vec<f64> = panels
        .iter()
        .flat_map(|p| p.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)))
        .filter(|x| *x > 0.0)
        .map(f64::log2)
        .collect();
    let (lo, hi) = min_max(&xs).unwrap_or((5.0, 10.0));
    let (lo, hi) = if hi - lo < 1.0 {
        (lo - 1.0, hi + 1.0)
    } else {
        (lo - 0.25, hi + 0.25)
    };
    let ticks = (lo.ceil() as i32..=hi.floor() as i32)
        .map(f64::from)
        .collect();
    Axis {
        log: false,
        lo,
        hi,
        ticks,
    }
}

/// The y axis of a panel: includes every point, band, shade and reference,
/// log when forced or when the data spans more than a factor of 30.
fn y_axis(panel: &Panel) -> Axis {
    let mut ys: Vec<f64> = Vec::new();
    for s in &panel.series {
        ys.extend(s.points.iter().map(|p| p.1));
        ys.extend(s.band.iter().flat_map(|b| [b.1, b.2]));
    }
    if let Some((a, b, _)) = &panel.shade {
        ys.extend([*a, *b]);
    }
    if let Some((r, _)) = &panel.reference {
        ys.push(*r);
    }
    ys.retain(|y| y.is_finite());
    let (lo, hi) = min_max(&ys).unwrap_or((0.0, 1.0));
    let positive = lo > 0.0;
    let log = match panel.y_log {
        Some(forced) => forced && positive,
        None => positive && hi / lo > 30.0,
    };
    if log {
        let (l, h) = (lo.log10(), hi.log10());
        let pad = ((h - l) * 0.06).max(0.05);
        let (l, h) = (l - pad, h + pad);
        Axis {
            log: true,
            lo: l,
            hi: h,
            ticks: log_ticks(l, h),
        }
    } else {
        let lo = lo.min(0.0);
        let hi = if hi > lo { hi * 1.08 } else { lo + 1.0 };
        let ticks = linear_ticks(lo, hi);
        Axis {
            log: false,
            lo,
            hi,
            ticks,
        }
    }
}

fn min_max(v: &[f64]) -> Option<(f64, f64)> {
    let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// Ticks at 1-2-5 × 10^k (or only 10^k when that is too many), as log₁₀.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    for mantissas in [
        &[1.0, 1.5, 2.0, 3.0, 5.0, 7.0][..],
        &[1.0, 2.0, 5.0],
        &[1.0],
    ] {
        let mut t = Vec::new();
        for k in (lo.floor() as i32)..=(hi.ceil() as i32) {
            for m in mantissas {
                let v = (m * 10f64.powi(k)).log10();
                if v >= lo && v <= hi {
                    t.push(v);
                }
            }
        }
        if t.len() <= 10 {
            return t;
        }
    }
    let step = ((hi - lo) / 8.0).ceil().max(1.0);
    let mut t = Vec::new();
    let mut k = lo.ceil();
    while k <= hi {
        t.push(k);
        k += step;
    }
    t
}

/// About six ticks at a round step.
fn linear_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let raw = (hi - lo) / 6.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let mut t = Vec::new();
    let mut v = (lo / step).ceil() * step;
    while v <= hi + step * 1e-9 {
        t.push(if v.abs() < step * 1e-9 { 0.0 } else { v });
        v += step;
    }
    t
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

fn render_svg(chart: &Chart) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        draw(chart, &root)?;
        root.present()
            .map_err(|e| anyhow!("drawing {}: {e}", chart.stem))?;
    }
    Ok(svg)
}

fn render_png(chart: &Chart) -> Result<Vec<u8>> {
    let mut rgb = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
        draw(chart, &root)?;
        root.present()
            .map_err(|e| anyhow!("drawing {}: {e}", chart.stem))?;
    }
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &rgb,
        SIZE.0,
        SIZE.1,
        image::ColorType::Rgb8,
    )?;
    Ok(png)
}

/// Draws a chart on any backend.
fn draw<DB: DrawingBackend>(chart: &Chart, root: &DrawingArea<DB, Shift>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing {}: {e}", chart.stem);
    root.fill(&WHITE).map_err(e)?;
    root.draw(&Text::new(
        chart.title.clone(),
        (24, 14),
        (FONT, 28).into_font().color(&BLACK),
    ))
    .map_err(e)?;
    for (i, line) in wrap(&chart.subtitle, 150).iter().enumerate() {
        root.draw(&Text::new(
            line.clone(),
            (24, 50 + 18 * i as i32),
            (FONT, 15).into_font().color(&RGBColor(70, 70, 70)),
        ))
        .map_err(e)?;
    }
    let (_, body) = root.split_vertically(TITLE_H + 6);
    let (plots, legend) = body.split_horizontally(SIZE.0 - LEGEND_W);
    let areas = plots.split_evenly((1, chart.panels.len()));
    let x = x_axis(&chart.panels);
    for (area, panel) in areas.iter().zip(&chart.panels) {
        draw_panel(chart, panel, &x, area, root)?;
    }
    draw_legend(chart, &legend, root)
}

/// Word-wraps `text` at `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("never empty");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

fn draw_panel<DB: DrawingBackend>(
    chart: &Chart,
    panel: &Panel,
    x: &Axis,
    area: &DrawingArea<DB, Shift>,
    root: &DrawingArea<DB, Shift>,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing {}: {e}", chart.stem);
    let y = y_axis(panel);
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(12)
        .margin_top(if panel.title.is_some() { 4 } else { 12 })
        .x_label_area_size(56)
        .y_label_area_size(if chart.panels.len() > 1 { 72 } else { 84 });
    if let Some(t) = &panel.title {
        builder.caption(t, (FONT, 18));
    }
    let mut ctx = builder
        .build_cartesian_2d(Ticked(x.clone()), Ticked(y.clone()))
        .map_err(e)?;
    let y_fmt = |v: &f64| short_number(if y.log { 10f64.powf(*v) } else { *v });
    let x_fmt = |v: &f64| short_number(2f64.powf(*v).round());
    let x_desc = if chart.panels.len() > 1 {
        "map side (cells, log₂)"
    } else {
        chart.x_label.as_str()
    };
    // A log axis chosen from the data says so, like a forced one does.
    let y_desc = if y.log && !panel.y_label.contains("log") {
        format!("{}, log scale", panel.y_label)
    } else {
        panel.y_label.clone()
    };
    ctx.configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc.as_str())
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .label_style((FONT, 15))
        .axis_desc_style((FONT, 17))
        .bold_line_style(RGBColor(215, 215, 215))
        .light_line_style(TRANSPARENT)
        .axis_style(RGBColor(90, 90, 90))
        .draw()
        .map_err(e)?;

    let px = |sx: f64, sy: f64| ctx.backend_coord(&(sx.log2(), y.t(sy)));
    let (left, top) = ctx.backend_coord(&(x.lo, y.hi));
    let (right, bottom) = ctx.backend_coord(&(x.hi, y.lo));
    let clamp = |p: (i32, i32)| (p.0.clamp(left, right), p.1.clamp(top, bottom));

    if let Some((a, b, _)) = &panel.shade {
        let (_, ya) = ctx.backend_coord(&(x.lo, y.t(*a)));
        let (_, yb) = ctx.backend_coord(&(x.lo, y.t(*b)));
        root.draw(&Rectangle::new(
            [clamp((left, yb)), clamp((right, ya))],
            SHADE.filled(),
        ))
        .map_err(e)?;
    }
    if let Some((r, _)) = &panel.reference {
        let (_, yr) = ctx.backend_coord(&(x.lo, y.t(*r)));
        if yr >= top && yr <= bottom {
            dashed(
                root,
                &[(left, yr), (right, yr)],
                REFERENCE.stroke_width(2),
                6,
                5,
            )
            .map_err(e)?;
        }
    }
    // With many lines, every band at once is a blur: then only the heap's.
    let crowded = panel.series.len() > BANDS_UP_TO;
    for s in &panel.series {
        if s.band.len() >= 2 && (!crowded || s.label == HEAP) {
            let mut poly: Vec<(i32, i32)> = s.band.iter().map(|b| clamp(px(b.0, b.2))).collect();
            poly.extend(s.band.iter().rev().map(|b| clamp(px(b.0, b.1))));
            root.draw(&Polygon::new(poly, s.look.colour.mix(0.13).filled()))
                .map_err(e)?;
        }
    }
    for s in &panel.series {
        let pts: Vec<(i32, i32)> = s.points.iter().map(|p| clamp(px(p.0, p.1))).collect();
        let style = s.look.colour.stroke_width(s.look.width);
        if s.look.dashed {
            dashed(root, &pts, style, 10, 6).map_err(e)?;
        } else {
            root.draw(&PathElement::new(pts.clone(), style))
                .map_err(e)?;
        }
        for p in pts {
            marker(root, p, s.look).map_err(e)?;
        }
    }
    Ok(())
}

/// How many series may each show their interquartile band.
const BANDS_UP_TO: usize = 5;

/// The claim band's fill and the reference line's colour.
const SHADE: RGBAColor = RGBAColor(240, 228, 66, 0.35);
const REFERENCE: RGBColor = RGBColor(120, 120, 120);

/// A dashed polyline in pixel coordinates.
fn dashed<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    pts: &[(i32, i32)],
    style: ShapeStyle,
    dash: i32,
    gap: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let mut on = true;
    let mut left = f64::from(dash);
    for w in pts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
        let len = dx.hypot(dy);
        let mut t = 0.0;
        while t < len {
            let step = left.min(len - t);
            if on {
                let p = |s: f64| {
                    (
                        a.0 + (dx * s / len).round() as i32,
                        a.1 + (dy * s / len).round() as i32,
                    )
                };
                root.draw(&PathElement::new(vec![p(t), p(t + step)], style))?;
            }
            t += step;
            left -= step;
            if left <= 0.0 {
                on = !on;
                left = f64::from(if on { dash } else { gap });
            }
        }
    }
    Ok(())
}

/// A marker centred on `at`, in pixels.
fn marker<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    look: Look,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let c = look.colour;
    let (x, y) = at;
    match look.marker {
        Marker::Circle => root.draw(&Circle::new(at, 5, c.filled())),
        Marker::Triangle => root.draw(&Polygon::new(
            vec![(x, y - 7), (x + 6, y + 4), (x - 6, y + 4)],
            c.filled(),
        )),
        Marker::Square => root.draw(&Rectangle::new(
            [(x - 5, y - 5), (x + 5, y + 5)],
            c.filled(),
        )),
        Marker::Diamond => root.draw(&Polygon::new(
            vec![(x, y - 7), (x + 6, y), (x, y + 7), (x - 6, y)],
            c.filled(),
        )),
        Marker::Cross => {
            let s = c.stroke_width(3);
            root.draw(&PathElement::new(vec![(x - 5, y - 5), (x + 5, y + 5)], s))?;
            root.draw(&PathElement::new(vec![(x - 5, y + 5), (x + 5, y - 5)], s))
        }
        Marker::None => Ok(()),
    }
}

/// The legend column: every series once (by label), then the shade, the
/// reference line and the band note.
fn draw_legend<DB: DrawingBackend>(
    chart: &Chart,
    legend: &DrawingArea<DB, Shift>,
    root: &DrawingArea<DB, Shift>,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("drawing {}: {e}", chart.stem);
    let (bx, by) = legend.get_base_pixel();
    let x0 = bx + 8;
    let mut yy = by + 24;
    root.draw(&Text::new("legend", (x0, yy), (FONT, 16).into_font()))
        .map_err(e)?;
    yy += 30;
    let mut seen: Vec<&str> = Vec::new();
    for s in chart.panels.iter().flat_map(|p| &p.series) {
        if seen.contains(&s.label.as_str()) {
            continue;
        }
        seen.push(&s.label);
        let style = s.look.colour.stroke_width(s.look.width);
        let seg = [(x0, yy), (x0 + 36, yy)];
        if s.look.dashed {
            dashed(root, &seg, style, 8, 5).map_err(e)?;
        } else {
            root.draw(&PathElement::new(seg.to_vec(), style))
                .map_err(e)?;
        }
        marker(root, (x0 + 18, yy), s.look).map_err(e)?;
        yy = label_lines(root, &s.label, x0 + 46, yy).map_err(e)?;
    }
    let panel = &chart.panels[0];
    if let Some((_, _, label)) = &panel.shade {
        yy += 6;
        root.draw(&Rectangle::new(
            [(x0, yy - 8), (x0 + 36, yy + 8)],
            SHADE.filled(),
        ))
        .map_err(e)?;
        yy = label_lines(root, label, x0 + 46, yy).map_err(e)?;
    }
    if let Some((_, label)) = &panel.reference {
        dashed(
            root,
            &[(x0, yy), (x0 + 36, yy)],
            REFERENCE.stroke_width(2),
            6,
            5,
        )
        .map_err(e)?;
        yy = label_lines(root, label, x0 + 46, yy).map_err(e)?;
    }
    if let Some(note) = &chart.band_note {
        let note = if chart.panels[0].series.len() > BANDS_UP_TO {
            format!("{note}, shown for the heap only")
        } else {
            note.clone()
        };
        yy += 6;
        for (i, line) in wrap(&note, 32).iter().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (x0, yy + 18 * i as i32),
                (FONT, 14).into_font().color(&RGBColor(70, 70, 70)),
            ))
            .map_err(e)?;
        }
    }
    Ok(())
}

/// A legend label, word-wrapped, its first line centred on `y`; returns
/// where the next entry goes.
fn label_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    label: &str,
    x: i32,
    y: i32,
) -> Result<i32, DrawingAreaErrorKind<DB::ErrorType>> {
    let lines = wrap(label, 26);
    for (i, line) in lines.iter().enumerate() {
        root.draw(&Text::new(
            line.clone(),
            (x, y - 8 + 18 * i as i32),
            (FONT, 15).into_font(),
        ))?;
    }
    Ok(y + 18 * (lines.len() as i32 - 1) + 28)
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

    #[test]
    fn log_ticks_stay_in_range_and_few() {
        let t = log_ticks(0.0, 5.0);
        assert!(t.len() <= 10 && t.len() >= 5, "{t:?}");
        assert!(t.iter().all(|v| (0.0..=5.0).contains(v)));
        let t = linear_ticks(0.0, 7.3);
        assert_eq!(t.first(), Some(&0.0));
        assert!(t.len() >= 4 && t.len() <= 8, "{t:?}");
    }
}
