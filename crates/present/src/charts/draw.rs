//! Drawing a [`Chart`] with plotters, on the SVG or the bitmap backend.

use super::axis::{count_label, tick_label, value_axis, x_axis, y_axis, Axis, Ticked};
use super::spec::{Chart, DotChart, Format, Panel, Titles, XScale, OVER_BUDGET_NOTE};
use super::style::{Look, Marker, Rgb};
use super::{short_number, FONT};
use astar_registry::Strategy;
use astar_runs::error::{Error, Result};
use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Chart size in pixels (PNG) and user units (SVG).
const SIZE: (u32, u32) = (1280, 760);
/// Width of the legend column on the right.
const LEGEND_W: u32 = 290;
/// Height of the title block.
const TITLE_H: u32 = 88;

/// The plotters colour of a chart colour.
fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Something drawn as a chart: a line chart or a dot chart.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Figure<'a> {
    Lines(&'a Chart),
    Dots(&'a DotChart),
}

impl Figure<'_> {
    fn stem(&self) -> &str {
        match self {
            Figure::Lines(c) => &c.titles.stem,
            Figure::Dots(c) => &c.titles.stem,
        }
    }

    fn size(&self) -> (u32, u32) {
        match self {
            Figure::Lines(_) => SIZE,
            Figure::Dots(c) => (SIZE.0, c.height),
        }
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        match self {
            Figure::Lines(c) => draw(c, root),
            Figure::Dots(c) => draw_dots(c, root),
        }
    }
}

pub(crate) fn render_svg(figure: Figure<'_>) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, figure.size()).into_drawing_area();
        figure.draw(&root)?;
        root.present().map_err(|e| Error::draw(figure.stem(), e))?;
    }
    Ok(svg)
}

pub(crate) fn render_png(figure: Figure<'_>) -> Result<Vec<u8>> {
    let (w, h) = figure.size();
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        figure.draw(&root)?;
        root.present().map_err(|e| Error::draw(figure.stem(), e))?;
    }
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &rgb,
        w,
        h,
        image::ColorType::Rgb8,
    )
    .map_err(|e| Error::draw(figure.stem(), e))?;
    Ok(png)
}

/// The title and the word-wrapped subtitle at the top of a chart, on white;
/// returns the area below them, `gap` pixels down. The title block has room
/// for the title and two lines of subtitle, more when the subtitle is longer.
fn draw_titles<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    titles: &Titles,
    gap: u32,
) -> Result<DrawingArea<DB, Shift>>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| Error::draw(&titles.stem, e);
    root.fill(&WHITE).map_err(e)?;
    root.draw(&Text::new(
        titles.title.as_str(),
        (24, 14),
        (FONT, 30).into_font().color(&BLACK),
    ))
    .map_err(e)?;
    let grey = (FONT, 16).into_font().color(&RGBColor(70, 70, 70));
    let lines =
        draw_wrapped(root, &titles.subtitle, SUBTITLE_CHARS, (24, 52), 20, &grey).map_err(e)?;
    let height = TITLE_H.max(48 + 20 * lines as u32);
    Ok(root.split_vertically(height + gap).1)
}

/// Draws `text` word-wrapped at `width` characters, the first line at `at`
/// and each next one `step` pixels lower; returns how many lines it took.
fn draw_wrapped<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    text: &str,
    width: usize,
    at: (i32, i32),
    step: i32,
    style: &TextStyle<'_>,
) -> Result<i32, DrawingAreaErrorKind<DB::ErrorType>> {
    let lines = wrap(text, width);
    for (i, line) in lines.iter().enumerate() {
        root.draw(&Text::new(
            line.as_str(),
            (at.0, at.1 + step * i as i32),
            style.clone(),
        ))?;
    }
    Ok(lines.len() as i32)
}

/// Draws a chart on any backend.
fn draw<DB: DrawingBackend>(chart: &Chart, root: &DrawingArea<DB, Shift>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let body = draw_titles(root, &chart.titles, 6)?;
    let (plots, legend) = body.split_horizontally(SIZE.0 - LEGEND_W);
    let areas = plots.split_evenly((1, chart.panels.len()));
    let x = x_axis(&chart.panels, chart.x_scale);
    for (area, panel) in areas.iter().zip(&chart.panels) {
        draw_panel(chart, panel, &x, area, root)?;
    }
    draw_legend(chart, &legend, root)
}

/// Characters per line of a subtitle.
const SUBTITLE_CHARS: usize = 135;

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

/// An axis's description: its label, and on a log axis chosen from the data
/// a word that says so, like a forced one's label does.
fn axis_desc(label: &str, log: bool) -> String {
    if log && !label.contains("log") {
        format!("{label}, log scale")
    } else {
        label.to_string()
    }
}

/// The grid and labels every chart draws: tick labels `size` pixels high in
/// the charts' font (axis descriptions one larger), major grid lines in the
/// grey `grid`, no minor ones, dark grey axes.
fn mesh<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    style: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    size: i32,
    grid: u8,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB> {
    style
        .label_style((FONT, size))
        .axis_desc_style((FONT, size + 1))
        .bold_line_style(RGBColor(grid, grid, grid))
        .light_line_style(TRANSPARENT)
        .axis_style(RGBColor(90, 90, 90))
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
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| Error::draw(&chart.titles.stem, e);
    let y = y_axis(panel);
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(12)
        .margin_top(if panel.title.is_some() { 4 } else { 12 })
        .x_label_area_size(60)
        .y_label_area_size(if chart.panels.len() > 1 { 80 } else { 100 });
    if let Some(t) = &panel.title {
        builder.caption(t, (FONT, 20));
    }
    let mut ctx = builder
        .build_cartesian_2d(Ticked(x.clone()), Ticked(y.clone()))
        .map_err(e)?;
    let y_fmt = |v: &f64| tick_label(panel.y_format, if y.log { 10f64.powf(*v) } else { *v });
    // Side panels in a row are narrow: past this many powers of two their
    // labels would run together ("256512"), so only every other one is
    // labelled (the first, the third, …); every tick keeps its grid line.
    let first = x.ticks.first().copied().unwrap_or_default();
    let crowded = chart.panels.len() > 1 && x.ticks.len() > CROWDED_SIDES;
    let x_fmt = |v: &f64| match chart.x_scale {
        XScale::Side if crowded && (v - first).round() as i64 % 2 == 1 => String::new(),
        XScale::Side => short_number(2f64.powf(*v).round()),
        XScale::Count => count_label(chart.x_scale.inverse(*v)),
    };
    let x_desc = if chart.panels.len() > 1 && chart.x_scale == XScale::Side {
        "map side (cells, log₂)"
    } else {
        chart.titles.x_label.as_str()
    };
    let y_desc = axis_desc(&panel.y_label, y.log);
    mesh(
        ctx.configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc.as_str())
            .x_label_formatter(&x_fmt)
            .y_label_formatter(&y_fmt),
        18,
        215,
    )
    .draw()
    .map_err(e)?;

    let px = |sx: f64, sy: f64| ctx.backend_coord(&(chart.x_scale.t(sx), y.t(sy)));
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
                &[6, 5],
            )
            .map_err(e)?;
        }
    }
    // With many lines, every band at once is a blur: then only the heap's.
    let crowded = panel.series.len() > BANDS_UP_TO;
    for s in &panel.series {
        if s.band.len() >= 2 && (!crowded || s.label == Strategy::Heap.name()) {
            let mut poly: Vec<(i32, i32)> = s.band.iter().map(|b| clamp(px(b.0, b.2))).collect();
            poly.extend(s.band.iter().rev().map(|b| clamp(px(b.0, b.1))));
            root.draw(&Polygon::new(poly, rgb(s.look.colour).mix(0.13).filled()))
                .map_err(e)?;
        }
    }
    for s in &panel.series {
        let pts: Vec<(i32, i32)> = s.points.iter().map(|p| clamp(px(p.0, p.1))).collect();
        let style = rgb(s.look.colour).stroke_width(s.look.width);
        dashed(root, &pts, style, s.look.dash.pattern()).map_err(e)?;
        if let (true, Some(&last)) = (s.over_budget, pts.last()) {
            end_mark(root, last, s.look.colour).map_err(e)?;
        }
        for p in pts {
            marker(root, p, s.look).map_err(e)?;
        }
    }
    Ok(())
}

/// The mark after a line's last point when the next size went over the time
/// budget: a short stroke, then a bar across, like a road's dead end.
fn end_mark<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    colour: Rgb,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (x, y) = at;
    let s = rgb(colour).stroke_width(3);
    root.draw(&PathElement::new(vec![(x, y), (x + 14, y)], s))?;
    root.draw(&PathElement::new(
        vec![(x + 14, y - 10), (x + 14, y + 10)],
        s,
    ))
}

/// How many series may each show their band.
const BANDS_UP_TO: usize = 5;

/// The claim band's fill and the reference line's colour.
const SHADE: RGBAColor = RGBAColor(240, 228, 66, 0.35);
const REFERENCE: RGBColor = RGBColor(120, 120, 120);

/// A polyline in pixel coordinates, dashed by `pattern` (lengths drawn and
/// skipped in turn; solid when empty).
fn dashed<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    pts: &[(i32, i32)],
    style: ShapeStyle,
    pattern: &[i32],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if pattern.is_empty() {
        return root.draw(&PathElement::new(pts.to_vec(), style));
    }
    let mut on = true;
    let mut i = 0;
    let mut left = f64::from(pattern[0]);
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
                i = (i + 1) % pattern.len();
                left = f64::from(pattern[i]);
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
    let c = rgb(look.colour);
    let (x, y) = at;
    match look.marker {
        Marker::Circle => root.draw(&Circle::new(at, 6, c.filled())),
        Marker::Triangle => root.draw(&Polygon::new(
            vec![(x, y - 8), (x + 7, y + 5), (x - 7, y + 5)],
            c.filled(),
        )),
        Marker::Square => root.draw(&Rectangle::new(
            [(x - 6, y - 6), (x + 6, y + 6)],
            c.filled(),
        )),
        Marker::Diamond => root.draw(&Polygon::new(
            vec![(x, y - 8), (x + 7, y), (x, y + 8), (x - 7, y)],
            c.filled(),
        )),
        Marker::Cross => {
            let s = c.stroke_width(3);
            root.draw(&PathElement::new(vec![(x - 6, y - 6), (x + 6, y + 6)], s))?;
            root.draw(&PathElement::new(vec![(x - 6, y + 6), (x + 6, y - 6)], s))
        }
        Marker::Star => {
            // Five points, outer radius 9 and inner 4, the first one up.
            let pts: Vec<(i32, i32)> = (0..10)
                .map(|k| {
                    let r = if k % 2 == 0 { 9.0 } else { 4.0 };
                    let a = std::f64::consts::PI * (f64::from(k) / 5.0 - 0.5);
                    (
                        x + (r * a.cos()).round() as i32,
                        y + (r * a.sin()).round() as i32,
                    )
                })
                .collect();
            root.draw(&Polygon::new(pts, c.filled()))
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
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| Error::draw(&chart.titles.stem, e);
    let (bx, by) = legend.get_base_pixel();
    let x0 = bx + 8;
    let mut yy = by + 12;
    let mut seen: Vec<&str> = Vec::new();
    let mut hue = None;
    // Lines shared by several strategies (joined labels) may span groups:
    // then no headings.
    let headed = !chart
        .panels
        .iter()
        .flat_map(|p| &p.series)
        .any(|s| s.label.contains(", "));
    // Every series once, in legend groups, one hue each (stable: a panel's order within
    // a group), so a group one panel lacks does not get a second heading.
    let mut entries: Vec<&super::spec::Series> = Vec::new();
    for s in chart.panels.iter().flat_map(|p| &p.series) {
        if !seen.contains(&s.label.as_str()) {
            seen.push(&s.label);
            entries.push(s);
        }
    }
    if headed {
        entries.sort_by_key(|s| s.look.hue);
    }
    // A long legend packs its entries closer, so that it and its notes fit
    // the chart's height.
    let gap = match entries.len() {
        n if n > DENSE_OVER => 19,
        n if n > COMPACT_OVER => 23,
        _ => 27,
    };
    for s in entries {
        // A heading over each group's entries.
        if headed && hue != Some(s.look.hue) {
            hue = Some(s.look.hue);
            root.draw(&Text::new(
                s.look.hue.heading(),
                (x0, yy),
                (FONT, 15).into_font().color(&RGBColor(90, 90, 90)),
            ))
            .map_err(e)?;
            yy += gap + 3;
        }
        let style = rgb(s.look.colour).stroke_width(s.look.width);
        let seg = [(x0, yy), (x0 + 40, yy)];
        dashed(root, &seg, style, s.look.dash.pattern()).map_err(e)?;
        marker(root, (x0 + 20, yy), s.look).map_err(e)?;
        yy = label_lines(root, &s.label, x0 + 50, yy, gap).map_err(e)?;
    }
    let panel = &chart.panels[0];
    if let Some((_, _, label)) = &panel.shade {
        yy += 6;
        root.draw(&Rectangle::new(
            [(x0, yy - 8), (x0 + 40, yy + 8)],
            SHADE.filled(),
        ))
        .map_err(e)?;
        yy = label_lines(root, label, x0 + 50, yy, 27).map_err(e)?;
    }
    if let Some((_, label)) = &panel.reference {
        dashed(
            root,
            &[(x0, yy), (x0 + 40, yy)],
            REFERENCE.stroke_width(2),
            &[6, 5],
        )
        .map_err(e)?;
        yy = label_lines(root, label, x0 + 50, yy, 27).map_err(e)?;
    }
    let ends = chart
        .panels
        .iter()
        .flat_map(|p| &p.series)
        .any(|s| s.over_budget);
    if ends {
        yy += 6;
        end_mark(root, (x0 + 12, yy), Rgb(70, 70, 70)).map_err(e)?;
        yy = label_lines(root, OVER_BUDGET_NOTE, x0 + 50, yy, 27).map_err(e)?;
    }
    if let Some(note) = &chart.band_note {
        let note = if chart.panels[0].series.len() > BANDS_UP_TO {
            format!("{note}, shown for the heap only")
        } else {
            note.clone()
        };
        yy += 6;
        let grey = (FONT, 15).into_font().color(&RGBColor(70, 70, 70));
        draw_wrapped(root, &note, 30, (x0, yy), 19, &grey).map_err(e)?;
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
    gap: i32,
) -> Result<i32, DrawingAreaErrorKind<DB::ErrorType>> {
    let style = (FONT, 17).into_font().into();
    let lines = draw_wrapped(root, label, 22, (x, y - 9), 19, &style)?;
    Ok(y + 19 * (lines - 1) + gap)
}

/// Legends with more entries than this are packed closer.
const COMPACT_OVER: usize = 12;

/// A narrow panel labels every other map side when it has more than this
/// many.
const CROWDED_SIDES: usize = 5;

/// Legends with more entries than this are packed closer still.
const DENSE_OVER: usize = 16;

/// Draws a dot chart: the title, then its panels in a grid, each a column
/// of labelled rows on a value axis shared by every panel.
fn draw_dots<DB: DrawingBackend>(chart: &DotChart, root: &DrawingArea<DB, Shift>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| Error::draw(&chart.titles.stem, e);
    let body = draw_titles(root, &chart.titles, 16)?;
    let columns = chart.columns.max(1);
    let rows = chart.panels.len().div_ceil(columns).max(1);
    let areas = body.split_evenly((rows, columns));
    let mut values: Vec<f64> = Vec::new();
    for d in chart.panels.iter().flat_map(|p| &p.rows) {
        values.extend(d.value);
        values.extend(d.interval.iter().flat_map(|i| [i.0, i.1]));
    }
    values.extend(chart.reference);
    let x = value_axis(values, None);
    for (area, panel) in areas.iter().zip(&chart.panels) {
        let n = panel.rows.len();
        let y = Axis {
            log: false,
            lo: -0.6,
            hi: n as f64 - 0.4,
            ticks: (0..n).map(|i| i as f64).collect(),
        };
        let mut ctx = ChartBuilder::on(area)
            .margin(10)
            .margin_right(24)
            .caption(&panel.title, (FONT, 21))
            .x_label_area_size(54)
            .y_label_area_size(150)
            .build_cartesian_2d(Ticked(x.clone()), Ticked(y.clone()))
            .map_err(e)?;
        // Row i from the top.
        let row_at = |v: f64| n - 1 - (v.round().max(0.0) as usize).min(n - 1);
        let y_fmt = |v: &f64| panel.rows[row_at(*v)].label.clone();
        let x_fmt = |v: &f64| tick_label(Format::Number, if x.log { 10f64.powf(*v) } else { *v });
        let x_desc = axis_desc(&chart.titles.x_label, x.log);
        mesh(
            ctx.configure_mesh()
                .x_desc(x_desc.as_str())
                .x_label_formatter(&x_fmt)
                .y_label_formatter(&y_fmt),
            16,
            225,
        )
        .draw()
        .map_err(e)?;
        let at = |v: f64, i: usize| ctx.backend_coord(&(x.t(v), (n - 1 - i) as f64));
        let (_, top) = ctx.backend_coord(&(x.lo, y.hi));
        let (_, bottom) = ctx.backend_coord(&(x.lo, y.lo));
        if let Some(r) = chart.reference {
            let (xr, _) = at(r, 0);
            dashed(
                root,
                &[(xr, top), (xr, bottom)],
                REFERENCE.stroke_width(2),
                &[6, 5],
            )
            .map_err(e)?;
        }
        for (i, d) in panel.rows.iter().enumerate() {
            let colour = rgb(d.look.colour);
            if let Some((lo, hi)) = d.interval {
                let (a, b) = (at(lo, i), at(hi, i));
                let s = colour.stroke_width(2);
                root.draw(&PathElement::new(vec![a, b], s)).map_err(e)?;
                for end in [a, b] {
                    root.draw(&PathElement::new(
                        vec![(end.0, end.1 - 6), (end.0, end.1 + 6)],
                        s,
                    ))
                    .map_err(e)?;
                }
            }
            if let Some(v) = d.value {
                let look = Look {
                    marker: match d.look.marker {
                        Marker::None => Marker::Circle,
                        m => m,
                    },
                    ..d.look
                };
                marker(root, at(v, i), look).map_err(e)?;
            }
        }
    }
    Ok(())
}
