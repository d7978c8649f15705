//! What a chart shows, built from a run's summary: panels of series in data
//! coordinates, with the look of every strategy. Nothing here knows how a
//! chart is drawn.

use super::style::{look_of, Look};
use super::CLAIM;
use astar_registry::Strategy;
use astar_runs::stats::{Group, Summary};
use astar_runs::LoadedRuns;

/// One line: points (x = map side, y) and an optional band (x, low, high).
#[derive(Clone, Debug)]
pub(crate) struct Series {
    pub(crate) label: String,
    pub(crate) look: Look,
    pub(crate) points: Vec<(f64, f64)>,
    pub(crate) band: Vec<(f64, f64, f64)>,
    /// The line stops because a search it needs went over the run's time
    /// budget: drawn with an end mark after its last point.
    pub(crate) over_budget: bool,
}

/// The legend's words for a line's end mark.
pub(crate) const OVER_BUDGET_NOTE: &str = "end mark: over the time budget, larger sizes not run";

/// One plotting area.
#[derive(Clone, Debug)]
pub(crate) struct Panel {
    pub(crate) title: Option<String>,
    pub(crate) y_label: String,
    /// Force a log y axis; otherwise chosen from the data's span.
    pub(crate) y_log: Option<bool>,
    /// How the y values read as tick labels.
    pub(crate) y_format: Format,
    pub(crate) series: Vec<Series>,
    /// A shaded horizontal band, with its legend text.
    pub(crate) shade: Option<(f64, f64, String)>,
    /// A dashed horizontal reference line, with its legend text.
    pub(crate) reference: Option<(f64, String)>,
}

/// How a panel's y values read as tick labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// A plain number.
    Number,
    /// A time given in ns, labelled in ns, µs, ms or s.
    Duration,
    /// A count, labelled with k and M past ten thousand.
    Count,
}

/// What the x values of a line chart are, and so how its axis reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum XScale {
    /// A map side: log₂, a tick at every power of two.
    Side,
    /// A count spanning decades (expansions): log₁₀, ticks at 1-2-5 × 10^k.
    Count,
}

impl XScale {
    /// The transformed value the axis is linear in.
    pub(crate) fn t(self, v: f64) -> f64 {
        match self {
            XScale::Side => v.log2(),
            XScale::Count => v.max(f64::MIN_POSITIVE).log10(),
        }
    }

    /// The value of a transformed one.
    pub(crate) fn inverse(self, t: f64) -> f64 {
        match self {
            XScale::Side => 2f64.powf(t),
            XScale::Count => 10f64.powf(t),
        }
    }
}

/// What names a chart, whatever it draws: its files' stem, the title block
/// over it and its x axis's label.
#[derive(Clone, Debug)]
pub(crate) struct Titles {
    pub(crate) stem: String,
    pub(crate) title: String,
    pub(crate) subtitle: String,
    pub(crate) x_label: String,
}

/// A whole chart: a title, panels side by side, one legend.
#[derive(Clone, Debug)]
pub(crate) struct Chart {
    pub(crate) titles: Titles,
    /// The x axis's scale.
    pub(crate) x_scale: XScale,
    pub(crate) panels: Vec<Panel>,
    /// Legend note for the bands, when the series have bands.
    pub(crate) band_note: Option<String>,
}

/// A dot chart: panels in a grid, each a column of labelled rows with a
/// dot (the median) and a whisker (its interval) on a shared value axis.
#[derive(Clone, Debug)]
pub(crate) struct DotChart {
    /// The value axis is the x axis.
    pub(crate) titles: Titles,
    /// Panels per row of the grid.
    pub(crate) columns: usize,
    /// Height of the whole chart, pixels.
    pub(crate) height: u32,
    pub(crate) panels: Vec<DotPanel>,
    /// A dashed vertical reference line.
    pub(crate) reference: Option<f64>,
}

/// One panel of a [`DotChart`]: rows top to bottom.
#[derive(Clone, Debug)]
pub(crate) struct DotPanel {
    pub(crate) title: String,
    pub(crate) rows: Vec<Dot>,
}

/// One row of a dot panel.
#[derive(Clone, Debug)]
pub(crate) struct Dot {
    pub(crate) label: String,
    pub(crate) look: Look,
    /// The median, if measured.
    pub(crate) value: Option<f64>,
    /// Its interval (low, high).
    pub(crate) interval: Option<(f64, f64)>,
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
                .map(|c| c.ok + c.bad + c.over_budget)
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
    for base in [Strategy::Linear, Strategy::Sorted].map(Strategy::name) {
        if !strategies.iter().any(|s| s == base) {
            continue;
        }
        let series: Vec<Series> = strategies
            .iter()
            .filter(|s| *s != base)
            .filter_map(|s| {
                let qs: Vec<(f64, astar_runs::stats::Ratio)> = group
                    .sizes
                    .iter()
                    .filter_map(|&size| group.ratio_ci(size, base, s).map(|r| (f64::from(size), r)))
                    .collect();
                (!qs.is_empty()).then(|| Series {
                    label: series_label(s),
                    look: look_of(strategies, s),
                    points: qs.iter().map(|(x, q)| (*x, q.median)).collect(),
                    band: qs
                        .iter()
                        .filter_map(|(x, r)| r.ci.map(|ci| (*x, ci.lo, ci.hi)))
                        .collect(),
                    // Only the strategy that went over the budget ends
                    // with a mark; the base's own end is said in the
                    // subtitle.
                    over_budget: group.over_budget_from(s).is_some(),
                })
            })
            .collect();
        let series = by_hue(series);
        let title = format!("Speedup over the {} vs map size", base_name(base));
        out.push(Chart {
            titles: Titles {
                stem: format!("speedup-vs-{base}"),
                title,
                subtitle: format!(
                    "per query: {base} time ÷ strategy time, same query; line: median over queries.{} {conditions}",
                    group.over_budget_from(base).map_or(String::new(), |size| format!(
                        " {base} over budget from {size}²: ratios there over the queries it finished."
                    ))
                ),
                x_label: x_label.clone(),
            },
            x_scale: XScale::Side,
            panels: vec![Panel {
                title: None,
                y_label: format!("speedup over {base} (×)"),
                // A speedup is a ratio: log, whatever its span, so that every
        // chart of one kind reads alike.
        y_log: Some(true),
                y_format: Format::Number,
                series,
                shade: (base == Strategy::Linear.name()).then(|| {
                    (CLAIM.0, CLAIM.1, "seeds' claim for the heap: 2–3×".to_string())
                }),
                reference: Some((1.0, format!("1× (as fast as {base})"))),
            }],
            band_note: Some(
                "shaded: 95% bootstrap interval of the median (maps, then queries resampled)"
                    .into(),
            ),
        });
    }

    // Time per search in ns; the axis labels each tick in its own unit.
    let time_series = per_strategy(strategies, group, |c| {
        c.time.map(|q| (q.median, Some((q.q1, q.q3))))
    });
    out.push(Chart {
        titles: Titles {
            stem: "time-per-search".into(),
            title: "Time per search vs map size".into(),
            subtitle: format!("median over queries of each query's median time; {conditions}"),
            x_label: x_label.clone(),
        },
        x_scale: XScale::Side,
        panels: vec![Panel {
            title: None,
            y_label: "time per search (log scale)".into(),
            y_log: Some(true),
            y_format: Format::Duration,
            series: time_series,
            shade: None,
            reference: None,
        }],
        band_note: Some("shaded: interquartile range over queries".into()),
    });

    out.push(Chart {
        titles: Titles {
            stem: "ns-per-expansion".into(),
            title: "Time per expansion vs map size".into(),
            subtitle: format!(
                "median over queries of time per search ÷ expansions; how each list's cost per step grows. {conditions}"
            ),
            x_label: x_label.clone(),
        },
        x_scale: XScale::Side,
        panels: vec![Panel {
            title: None,
            y_label: "time per expansion".into(),
            y_log: None,
            y_format: Format::Duration,
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
        titles: Titles {
            stem: "open-and-operations".into(),
            title: "OPEN size and open-list operations vs map size".into(),
            subtitle: format!(
                "medians over queries; strategies that performed the same search share a line. {conditions}"
            ),
            x_label,
        },
        x_scale: XScale::Side,
        panels: vec![
            Panel {
                title: Some("largest OPEN".into()),
                y_label: "largest OPEN (nodes, log scale)".into(),
                y_log: Some(true),
                y_format: Format::Count,
                series: max_open,
                shade: None,
                reference: None,
            },
            Panel {
                title: Some("pushes per expansion".into()),
                y_label: "pushes per expansion".into(),
                y_log: Some(false),
                y_format: Format::Number,
                series: pushes,
                shade: None,
                reference: None,
            },
            Panel {
                title: Some("decreases per expansion".into()),
                y_label: "decrease-keys per expansion".into(),
                y_log: Some(false),
                y_format: Format::Number,
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
    match Strategy::named(base) {
        Some(Strategy::Linear) => "linear scan",
        Some(Strategy::Sorted) => "sorted vector",
        _ => base,
    }
}

/// A series' legend label on a speedup chart: the strategy's name, the
/// floor's marked as the bound it is there (no list's speedup can exceed
/// the floor's, as no list's time can be below it).
pub(crate) fn series_label(name: &str) -> String {
    if Strategy::named(name) == Some(Strategy::Floor) {
        format!("{name} (upper bound)")
    } else {
        name.to_string()
    }
}

/// The low and high edge of an interquartile band.
type Band = (f64, f64);

/// One series per strategy with a value at some size.
fn per_strategy(
    strategies: &[String],
    group: &Group,
    value: impl Fn(&astar_runs::stats::Cell) -> Option<(f64, Option<Band>)>,
) -> Vec<Series> {
    let series = strategies
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
                look: look_of(strategies, s),
                points: vals.iter().map(|(x, v, _)| (*x, *v)).collect(),
                band: vals
                    .iter()
                    .filter_map(|(x, _, b)| b.map(|(lo, hi)| (*x, lo, hi)))
                    .collect(),
                over_budget: group.over_budget_from(s).is_some(),
            })
        })
        .collect();
    by_hue(series)
}

/// The series in legend groups (lists, heaps, monotone queues,
/// references), in the run's order within a group.
pub(crate) fn by_hue(mut series: Vec<Series>) -> Vec<Series> {
    series.sort_by_key(|s| s.look.hue);
    series
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
