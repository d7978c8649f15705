//! Drawing recorded searches with plotters: one frame is one or more panels
//! (a board each, with a title) over a shared legend. The same code draws into
//! SVG, PNG and every GIF frame.

use super::{draw_error, Recording, Snapshot, StillFormat};
use astar_core::{CostModel, Costs, Grid, NodeState, Outcome, Point};
use astar_runs::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The start cell. The colours are the seed's: start red, goal blue,
/// obstacles yellow, OPEN green, CLOSED purple.
pub const START: RGBColor = RGBColor(222, 45, 38);
/// The goal cell.
pub const GOAL: RGBColor = RGBColor(33, 102, 212);
/// Walls.
pub const WALL: RGBColor = RGBColor(247, 206, 48);
/// Cells on OPEN.
pub const OPEN: RGBColor = RGBColor(134, 206, 124);
/// Cells on CLOSED.
pub const CLOSED: RGBColor = RGBColor(188, 154, 220);
const EMPTY: RGBColor = RGBColor(255, 255, 255);
const LINES: RGBColor = RGBColor(150, 150, 150);
const INK: RGBColor = RGBColor(20, 20, 20);
const PATH: RGBColor = RGBColor(0, 0, 0);

/// Boards up to this many cells across show F, G, H and arrows in stills.
pub(crate) const TEXT_MAX_SIDE: u32 = 32;
/// The same for animation frames, which are kept smaller.
const ANIMATION_TEXT_MAX_SIDE: u32 = 16;
/// At most this many frames, however many expansions (sampled evenly).
pub const MAX_FRAMES: usize = 200;

/// The family `plot::register_font` registers the embedded font under.
const FONT: &str = "sans-serif";
const MARGIN: u32 = 16;
const GAP: u32 = 32;
const TITLE_H: u32 = 52;
const MIN_WIDTH: u32 = 760;

/// Where everything goes in a frame.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Board width and height in cells.
    cells: (u32, u32),
    /// Board width and height in pixels.
    board: (u32, u32),
    /// Whether cells show F, G, H and an arrow.
    text: bool,
    /// Whole frame.
    size: (u32, u32),
}

impl Layout {
    fn new(grid: &Grid, panels: u32, still: bool) -> Layout {
        let (w, h) = (grid.width(), grid.height());
        let side = w.max(h);
        let (budget, text_max, min_cell) = if still {
            (960.0, TEXT_MAX_SIDE, 48.0)
        } else {
            (640.0, ANIMATION_TEXT_MAX_SIDE, 40.0)
        };
        let text = side <= text_max;
        let scale = if text {
            (budget / side as f64).clamp(min_cell, 96.0)
        } else {
            budget / side as f64
        };
        let board = (
            ((w as f64 * scale).round() as u32).max(1),
            ((h as f64 * scale).round() as u32).max(1),
        );
        let legend_h = if text { 96 } else { 44 };
        let width = (2 * MARGIN + panels * board.0 + (panels - 1) * GAP).max(MIN_WIDTH);
        let height = 2 * MARGIN + TITLE_H + board.1 + 12 + legend_h;
        Layout {
            cells: (w, h),
            board,
            text,
            size: (width, height),
        }
    }

    /// Pixels per cell across and down.
    fn scale(&self) -> (f64, f64) {
        (
            self.board.0 as f64 / self.cells.0 as f64,
            self.board.1 as f64 / self.cells.1 as f64,
        )
    }
}

/// One board as drawn: its top-left pixel and its layout.
struct Board {
    origin: (i32, i32),
    lay: Layout,
}

impl Board {
    /// Pixel of a point given in (fractional) cells.
    fn px(&self, x: f64, y: f64) -> (i32, i32) {
        let (sx, sy) = self.lay.scale();
        (
            self.origin.0 + (x * sx).round() as i32,
            self.origin.1 + (y * sy).round() as i32,
        )
    }

    fn centre(&self, p: Point) -> (i32, i32) {
        self.px(p.x as f64 + 0.5, p.y as f64 + 0.5)
    }

    /// Top-left and bottom-right pixels of a cell.
    fn rect(&self, p: Point) -> ((i32, i32), (i32, i32)) {
        (
            self.px(p.x as f64, p.y as f64),
            self.px(p.x as f64 + 1.0, p.y as f64 + 1.0),
        )
    }
}

fn cell_colour(grid: &Grid, rec: &Recording, snap: &Snapshot, p: Point) -> RGBColor {
    if p == rec.start {
        START
    } else if p == rec.goal {
        GOAL
    } else if !grid.is_passable_at(p) {
        WALL
    } else {
        match snap.at(p).state {
            NodeState::Closed => CLOSED,
            NodeState::Open => OPEN,
            NodeState::New => EMPTY,
        }
    }
}

fn text_style(size: f64, colour: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    TextStyle {
        font: (FONT, size).into_font(),
        color: colour.to_backend_color(),
        pos: Pos::new(h, v),
    }
}

/// A panel: one recording at one moment, with the second title line.
struct Panel<'a> {
    rec: &'a Recording,
    snap: &'a Snapshot,
    status: String,
}

fn rules_line(rec: &Recording) -> String {
    let r = &rec.rules;
    format!(
        "{} · costs {}/{} · {} moves{} · ties {}",
        rec.label,
        r.costs.straight,
        r.costs.diagonal,
        r.moves,
        if r.corner_cutting {
            " · corner cutting"
        } else {
            ""
        },
        r.tie
    )
}

fn final_status(rec: &Recording) -> String {
    let (open, closed) = rec.last.counts();
    let what = match (rec.report.outcome, rec.report.cost) {
        (Outcome::Found, Some(cost)) => format!("path cost {cost}"),
        (outcome, _) => outcome.name().to_string(),
    };
    format!(
        "{} to {} · {what} · {} expansions · {open} open, {closed} closed",
        rec.start, rec.goal, rec.report.counters.expansions
    )
}

/// Draws one frame: every panel and the legend.
fn draw_frame<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lay: Layout,
    grid: &Grid,
    panels: &[Panel<'_>],
) -> Result<()> {
    // The charts' embedded font, registered once for every picture.
    astar_present::charts::register_font().map_err(|e| Error::draw("the font", e))?;
    root.fill(&WHITE).map_err(draw_error)?;
    for (i, panel) in panels.iter().enumerate() {
        let left = (MARGIN + i as u32 * (lay.board.0 + GAP)) as i32;
        let top = MARGIN as i32;
        root.draw(&Text::new(
            rules_line(panel.rec),
            (left, top),
            text_style(17.0, INK, HPos::Left, VPos::Top),
        ))
        .map_err(draw_error)?;
        root.draw(&Text::new(
            panel.status.clone(),
            (left, top + 24),
            text_style(14.0, INK, HPos::Left, VPos::Top),
        ))
        .map_err(draw_error)?;
        let board = Board {
            origin: (left, top + TITLE_H as i32),
            lay,
        };
        draw_board(root, &board, grid, panel).map_err(draw_error)?;
    }
    let legend_top = (MARGIN + TITLE_H + lay.board.1 + 12) as i32;
    let costs = panels
        .first()
        .map_or(CostModel::Seed.costs(), |p| p.rec.rules.costs);
    draw_legend(root, lay, legend_top, costs).map_err(draw_error)?;
    Ok(())
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn draw_board<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    board: &Board,
    grid: &Grid,
    panel: &Panel<'_>,
) -> DrawResult<DB> {
    let lay = board.lay;
    let (w, h) = lay.cells;
    let (rec, snap) = (panel.rec, panel.snap);
    // Fill runs of same-coloured cells: one rectangle per run keeps SVGs small,
    // and on boards larger than the picture each pixel samples one cell.
    let units = (w.min(lay.board.0), h.min(lay.board.1));
    let cell_of = |u: u32, n: u32, units: u32| (u as u64 * n as u64 / units as u64) as u32;
    let edge = |u: u32, px: u32, units: u32| (u as u64 * px as u64 / units as u64) as i32;
    for uy in 0..units.1 {
        let y = cell_of(uy, h, units.1);
        let (y0, y1) = (
            edge(uy, lay.board.1, units.1),
            edge(uy + 1, lay.board.1, units.1),
        );
        let mut run_start = 0;
        let mut run_colour = None;
        for ux in 0..=units.0 {
            let colour = (ux < units.0)
                .then(|| cell_colour(grid, rec, snap, Point::new(cell_of(ux, w, units.0), y)));
            if colour != run_colour {
                if let Some(c) = run_colour {
                    let x0 = edge(run_start, lay.board.0, units.0);
                    let x1 = edge(ux, lay.board.0, units.0);
                    root.draw(&Rectangle::new(
                        [
                            (board.origin.0 + x0, board.origin.1 + y0),
                            (board.origin.0 + x1, board.origin.1 + y1),
                        ],
                        c.filled(),
                    ))?;
                }
                run_start = ux;
                run_colour = colour;
            }
        }
    }
    let (sx, _) = lay.scale();
    if sx >= 6.0 {
        for x in 0..=w {
            let (a, b) = (board.px(x as f64, 0.0), board.px(x as f64, h as f64));
            root.draw(&PathElement::new(vec![a, b], LINES.stroke_width(1)))?;
        }
        for y in 0..=h {
            let (a, b) = (board.px(0.0, y as f64), board.px(w as f64, y as f64));
            root.draw(&PathElement::new(vec![a, b], LINES.stroke_width(1)))?;
        }
    }
    if let Some(p) = snap.current {
        let (a, b) = board.rect(p);
        let width = (sx / 12.0).clamp(2.0, 5.0) as u32;
        root.draw(&Rectangle::new([a, b], INK.stroke_width(width)))?;
    }
    if let Some(path) = &snap.path {
        let width = if lay.text { sx * 0.12 } else { sx * 0.5 };
        let points: Vec<_> = path.iter().map(|&p| board.centre(p)).collect();
        root.draw(&PathElement::new(
            points,
            PATH.mix(0.45).stroke_width(width.clamp(2.0, 12.0) as u32),
        ))?;
    }
    if lay.text {
        draw_cell_texts(root, board, grid, rec, snap)?;
    } else {
        // Start and goal stay visible however small the cells.
        let side = sx.max(7.0);
        for (p, c) in [(rec.start, START), (rec.goal, GOAL)] {
            let (cx, cy) = board.centre(p);
            let r = (side / 2.0).round() as i32;
            root.draw(&Rectangle::new(
                [(cx - r, cy - r), (cx + r, cy + r)],
                c.filled(),
            ))?;
            root.draw(&Rectangle::new(
                [(cx - r, cy - r), (cx + r, cy + r)],
                WHITE.stroke_width(1),
            ))?;
        }
    }
    let (a, b) = (board.px(0.0, 0.0), board.px(w as f64, h as f64));
    root.draw(&Rectangle::new([a, b], INK.stroke_width(1)))?;
    Ok(())
}

/// The largest number of decimal digits any F on the board has.
fn widest_number(rec: &Recording, snap: &Snapshot) -> usize {
    let mut widest = 1;
    for (i, cell) in snap.cells.iter().enumerate() {
        if let Some(g) = cell.g {
            let p = Point::new(i as u32 % snap.width, i as u32 / snap.width);
            widest = widest.max((u64::from(g) + rec.h(p)).to_string().len());
        }
    }
    widest
}

fn draw_cell_texts<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    board: &Board,
    grid: &Grid,
    rec: &Recording,
    snap: &Snapshot,
) -> DrawResult<DB> {
    let (s, _) = board.lay.scale();
    // Two numbers share the bottom edge: each may take under half the cell.
    let size = (s * 0.22).min(0.75 * s / widest_number(rec, snap) as f64);
    let pad = (s * 0.07).round() as i32;
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let p = Point::new(x, y);
            let cell = snap.at(p);
            let Some(g) = cell.g else { continue };
            let (g, hv) = (u64::from(g), rec.h(p));
            let ink = if p == rec.start || p == rec.goal {
                WHITE
            } else {
                INK
            };
            let ((x0, y0), (x1, y1)) = board.rect(p);
            if let Some(parent) = cell.parent {
                draw_arrow(root, board, p, parent, ink)?;
            }
            let corners = [
                (Some(g + hv), (x0 + pad, y0 + pad), HPos::Left, VPos::Top),
                (Some(g), (x0 + pad, y1 - pad), HPos::Left, VPos::Bottom),
                (Some(hv), (x1 - pad, y1 - pad), HPos::Right, VPos::Bottom),
            ];
            for (value, at, hp, vp) in corners {
                if let Some(v) = value {
                    root.draw(&Text::new(v.to_string(), at, text_style(size, ink, hp, vp)))?;
                }
            }
            if let Some(n) = cell.order {
                root.draw(&Text::new(
                    format!("#{n}"),
                    (x1 - pad, y0 + pad),
                    text_style(size * 0.75, ink, HPos::Right, VPos::Top),
                ))?;
            }
        }
    }
    Ok(())
}

/// An arrow in the middle of cell `p` pointing toward its parent, as in the
/// seed's figures.
fn draw_arrow<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    board: &Board,
    p: Point,
    parent: Point,
    colour: RGBColor,
) -> DrawResult<DB> {
    let (s, _) = board.lay.scale();
    let (cx, cy) = board.centre(p);
    let (dx, dy) = (parent.x as f64 - p.x as f64, parent.y as f64 - p.y as f64);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let at = |along: f64, across: f64| {
        (
            cx + (s * (ux * along - uy * across)).round() as i32,
            cy + (s * (uy * along + ux * across)).round() as i32,
        )
    };
    let width = (s / 40.0).max(1.0).round() as u32;
    root.draw(&PathElement::new(
        vec![at(-0.2, 0.0), at(0.14, 0.0)],
        colour.stroke_width(width),
    ))?;
    root.draw(&Polygon::new(
        vec![at(0.24, 0.0), at(0.1, 0.08), at(0.1, -0.08)],
        colour.filled(),
    ))?;
    Ok(())
}

fn draw_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    lay: Layout,
    top: i32,
    costs: Costs,
) -> DrawResult<DB> {
    let style = text_style(14.0, INK, HPos::Left, VPos::Center);
    let mut x = MARGIN as i32;
    let y = top + 14;
    let swatches: [(&str, Option<RGBColor>); 6] = [
        ("start", Some(START)),
        ("goal", Some(GOAL)),
        ("wall", Some(WALL)),
        ("open", Some(OPEN)),
        ("closed", Some(CLOSED)),
        ("path", None),
    ];
    for (name, colour) in swatches {
        match colour {
            Some(c) => {
                root.draw(&Rectangle::new([(x, y - 9), (x + 18, y + 9)], c.filled()))?;
                root.draw(&Rectangle::new(
                    [(x, y - 9), (x + 18, y + 9)],
                    LINES.stroke_width(1),
                ))?;
            }
            None => {
                root.draw(&PathElement::new(
                    vec![(x, y), (x + 18, y)],
                    PATH.mix(0.45).stroke_width(5),
                ))?;
            }
        }
        root.draw(&Text::new(name, (x + 26, y), style.clone()))?;
        x += 100;
    }
    if lay.text {
        // A key cell: what each corner of a cell says.
        let (kx, ky, k) = (MARGIN as i32, top + 34, 56);
        root.draw(&Rectangle::new([(kx, ky), (kx + k, ky + k)], OPEN.filled()))?;
        root.draw(&Rectangle::new(
            [(kx, ky), (kx + k, ky + k)],
            LINES.stroke_width(1),
        ))?;
        let small = |h, v| text_style(13.0, INK, h, v);
        root.draw(&Text::new(
            "F",
            (kx + 4, ky + 4),
            small(HPos::Left, VPos::Top),
        ))?;
        root.draw(&Text::new(
            "#n",
            (kx + k - 4, ky + 4),
            small(HPos::Right, VPos::Top),
        ))?;
        root.draw(&Text::new(
            "G",
            (kx + 4, ky + k - 4),
            small(HPos::Left, VPos::Bottom),
        ))?;
        root.draw(&Text::new(
            "H",
            (kx + k - 4, ky + k - 4),
            small(HPos::Right, VPos::Bottom),
        ))?;
        let lines = [
            "F = G + H: G is the cost from the start, H the estimate to the goal".to_string(),
            "#n: the n-th cell taken from OPEN; the arrow points to the parent".to_string(),
            format!(
                "a straight step costs {}, a diagonal one {}",
                costs.straight, costs.diagonal
            ),
        ];
        for (i, line) in lines.iter().enumerate() {
            root.draw(&Text::new(
                line.as_str(),
                (kx + k + 14, ky + 8 + 18 * i as i32),
                text_style(13.0, INK, HPos::Left, VPos::Center),
            ))?;
        }
    }
    Ok(())
}

/// The picture of the finished searches, side by side, as file bytes.
/// With `after`, each search is drawn as it stood after that many
/// expansions (seed 000's step-by-step figures) instead of at its end.
pub fn still(
    grid: &Grid,
    recs: &[Recording],
    format: StillFormat,
    after: Option<u64>,
) -> Result<Vec<u8>> {
    let lay = Layout::new(grid, recs.len() as u32, true);
    let midway: Vec<Option<Snapshot>> = recs
        .iter()
        .map(|rec| {
            after
                .filter(|&k| k < rec.report.counters.expansions)
                .map(|k| rec.replay().after(k).clone())
        })
        .collect();
    let panels: Vec<Panel<'_>> = recs
        .iter()
        .zip(&midway)
        .map(|(rec, snap)| match snap {
            Some(snap) => {
                let (open, closed) = snap.counts();
                Panel {
                    rec,
                    snap,
                    status: format!(
                        "after {} of {} expansions · {open} open, {closed} closed",
                        snap.expansions, rec.report.counters.expansions
                    ),
                }
            }
            None => Panel {
                rec,
                snap: &rec.last,
                status: final_status(rec),
            },
        })
        .collect();
    match format {
        StillFormat::Svg => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, lay.size).into_drawing_area();
                draw_frame(&root, lay, grid, &panels)?;
                root.present().map_err(draw_error)?;
            }
            Ok(svg.into_bytes())
        }
        StillFormat::Png => {
            let (w, h) = lay.size;
            let mut rgb = vec![0; 3 * w as usize * h as usize];
            {
                let root = BitMapBackend::with_buffer(&mut rgb, lay.size).into_drawing_area();
                draw_frame(&root, lay, grid, &panels)?;
                root.present().map_err(draw_error)?;
            }
            let image = image::RgbImage::from_raw(w, h, rgb)
                .ok_or_else(|| Error::draw("a picture", "bitmap of the wrong size"))?;
            let mut png = std::io::Cursor::new(Vec::new());
            image
                .write_to(&mut png, image::ImageFormat::Png)
                .map_err(|e| Error::draw("a picture", e))?;
            Ok(png.into_inner())
        }
    }
}

/// Which expansion counts get a frame: all of `0..=total`, or `max` of them
/// spread evenly, always the first and the last.
pub(crate) fn frame_steps(total: u64, max: usize) -> Vec<u64> {
    let max = max.max(2);
    if total < max as u64 {
        return (0..=total).collect();
    }
    let mut steps: Vec<u64> = (0..max as u64)
        .map(|i| ((i as u128 * total as u128) / (max as u128 - 1)) as u64)
        .collect();
    steps.dedup();
    steps
}

/// How long the last frame of an animation stays up.
pub(crate) const HOLD_MS: u32 = 2500;

/// The searches frame by frame as GIF bytes, and the number of frames.
pub fn animation(grid: &Grid, recs: &[Recording]) -> Result<(Vec<u8>, usize)> {
    let lay = Layout::new(grid, recs.len() as u32, false);
    let (w, h) = lay.size;
    let (gw, gh) = (
        u16::try_from(w)
            .map_err(|_| astar_runs::invalid!("animation {w} pixels wide is too wide"))?,
        u16::try_from(h)
            .map_err(|_| astar_runs::invalid!("animation {h} pixels high is too high"))?,
    );
    let most = recs
        .iter()
        .map(|r| r.report.counters.expansions)
        .max()
        .unwrap_or(0);
    let steps = frame_steps(most, MAX_FRAMES);
    // About six seconds for the search, then the final picture held.
    let delay_ms = (6000 / steps.len() as u32).clamp(40, 600);
    let mut gif_bytes = Vec::new();
    let gif_error = |e: gif::EncodingError| Error::draw("an animation", e);
    let mut encoder = gif::Encoder::new(&mut gif_bytes, gw, gh, &[]).map_err(gif_error)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(gif_error)?;
    let mut replays: Vec<_> = recs.iter().map(|r| r.replay()).collect();
    let mut rgb = vec![0; 3 * w as usize * h as usize];
    for &k in &steps {
        let panels: Vec<Panel<'_>> = recs
            .iter()
            .zip(replays.iter_mut())
            .map(|(rec, replay)| {
                let total = rec.report.counters.expansions;
                if k >= total {
                    Panel {
                        rec,
                        snap: &rec.last,
                        status: final_status(rec),
                    }
                } else {
                    let snap = replay.after(k);
                    let (open, closed) = snap.counts();
                    Panel {
                        rec,
                        snap,
                        status: format!("expansion {k} of {total} · {open} open, {closed} closed"),
                    }
                }
            })
            .collect();
        {
            let root = BitMapBackend::with_buffer(&mut rgb, lay.size).into_drawing_area();
            draw_frame(&root, lay, grid, &panels)?;
            root.present().map_err(draw_error)?;
        }
        // Speed 20 of 30: the pictures have few colours, so a coarse
        // quantiser loses nothing visible and keeps large maps quick.
        let mut frame = gif::Frame::from_rgb_speed(gw, gh, &rgb, 20);
        let ms = if k == most { HOLD_MS } else { delay_ms };
        frame.delay = (ms / 10) as u16;
        encoder.write_frame(&frame).map_err(gif_error)?;
    }
    encoder
        .into_inner()
        .map_err(|e| Error::draw("an animation", e))?;
    Ok((gif_bytes, steps.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_steps_are_bounded_and_cover_the_search() {
        assert_eq!(frame_steps(3, 200), vec![0, 1, 2, 3]);
        for total in [0, 1, 199, 200, 201, 12_345] {
            let s = frame_steps(total, 200);
            assert!(s.len() <= 200, "{total}: {} frames", s.len());
            assert_eq!((s[0], *s.last().unwrap()), (0, total));
            assert!(s.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
