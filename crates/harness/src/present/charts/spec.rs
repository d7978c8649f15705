//! What a chart shows, built from a run's summary: panels of series in data
//! coordinates, with the look of every strategy. Nothing here knows how a
//! chart is drawn.

use super::{time_unit, CLAIM, FLOOR};
use crate::runs::LoadedRuns;
use crate::stats::{Group, Summary};

/// A colour as red, green and blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub(crate) u8, pub(crate) u8, pub(crate) u8);

/// Black, for the floor.
const BLACK: Rgb = Rgb(0, 0, 0);

/// A marker shape; with the colour it tells strategies apart without colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Marker {
    Circle,
    Triangle,
    Square,
    Diamond,
    Cross,
    None,
}

/// How one series looks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Look {
    pub(crate) colour: Rgb,
    pub(crate) marker: Marker,
    pub(crate) dashed: bool,
    /// Line width in pixels.
    pub(crate) width: u32,
}

/// Okabe–Ito's colour-blind-safe colours (yellow left out: unreadable on
/// white), then three of Paul Tol's muted ones for longer lists; vermillion
/// is kept for the heap and black for the floor.
const PALETTE: [Rgb; 8] = [
    Rgb(0, 114, 178),   // blue
    Rgb(0, 158, 115),   // bluish green
    Rgb(204, 121, 167), // reddish purple
    Rgb(230, 159, 0),   // orange
    Rgb(86, 180, 233),  // sky blue
    Rgb(136, 34, 85),   // wine
    Rgb(153, 153, 51),  // olive
    Rgb(51, 34, 136),   // indigo
];
/// The heap, whose speedup the seeds claim.
pub(crate) const HEAP: &str = "heap";
const HEAP_COLOUR: Rgb = Rgb(213, 94, 0); // Okabe–Ito vermillion
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
pub(crate) struct Series {
    pub(crate) label: String,
    pub(crate) look: Look,
    pub(crate) points: Vec<(f64, f64)>,
    pub(crate) band: Vec<(f64, f64, f64)>,
}

/// One plotting area.
#[derive(Clone, Debug)]
pub(crate) struct Panel {
    pub(crate) title: Option<String>,
    pub(crate) y_label: String,
    /// Force a log y axis; otherwise chosen from the data's span.
    pub(crate) y_log: Option<bool>,
    pub(crate) series: Vec<Series>,
    /// A shaded horizontal band, with its legend text.
    pub(crate) shade: Option<(f64, f64, String)>,
    /// A dashed horizontal reference line, with its legend text.
    pub(crate) reference: Option<(f64, String)>,
}

/// A whole chart: a title, panels side by side, one legend.
#[derive(Clone, Debug)]
pub(crate) struct Chart {
    pub(crate) stem: String,
    pub(crate) title: String,
    pub(crate) subtitle: String,
    pub(crate) x_label: String,
    pub(crate) panels: Vec<Panel>,
    /// Legend note for the bands, when the series have bands.
    pub(crate) band_note: Option<String>,
}

/// The charts of one density.
pub(crate) fn charts(runs: &LoadedRuns, summary: &Summary, group: &Group) -> Vec<Chart> {
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
