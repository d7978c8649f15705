//! The performance targets of the faster lists, checked against a run.
//!
//! The targets are stated for 1024×1024 maps with 25% random obstacles, the
//! octile heuristic, 8 moves and no corner cutting: the fastest open list
//! within 1.25× of the floor, the indexed binary heap at least 3× and the
//! fastest at least 6× faster than the `pathfinding` crate's `astar` (and
//! than `petgraph`'s, checked when the run measured it), and at most 10
//! bytes of search state per cell for the fastest. This module turns
//! a run into the writeup's `targets` section: each target, what the run
//! measured (paired medians per query, as every ratio of the report, with
//! their 95% bootstrap intervals) and whether it is met — met or not only
//! when the whole interval agrees, followed by the per-strategy figures behind them. A run
//! under other conditions still gets the section, saying how it differs.
//!
//! The fastest list is the one with the lowest median of its time ÷ the
//! floor's, paired per query, among the lists with no row over budget or
//! wrong at that size (`fastest_list`), as the real-map section picks one
//! per family; by median time only when the run has no floor.
//!
//! On MovingAI maps the targets are, on every map: the fastest list within
//! 1.5× of the floor, the heap within 2×, and the fastest list not slower
//! than the heap. [`random_checks`] and [`real_map_checks`] judge one
//! side-by-side measurement against either set by its point values (the
//! `targets` example's verdicts); the thresholds are the constants below.

use crate::format::{ci_text, ci_text_fine, ratio_text};
use astar_core::{Heuristic, Moves};
use astar_registry::{Kind, Strategy};
use astar_runs::stats::{Group, Ratio, Summary};
use astar_runs::LoadedRuns;
use std::fmt::Write as _;

/// The map side the targets are stated for.
pub const TARGET_SIZE: u32 = 1024;
/// The obstacle density the targets are stated for.
pub const TARGET_DENSITY: f64 = 0.25;
/// The fastest list's time over the floor's, at most.
pub const FLOOR_RATIO: f64 = 1.25;
/// The peer's time over the indexed binary heap's, at least.
pub const HEAP_OVER_PEER: f64 = 3.0;
/// The peer's time over the fastest list's, at least.
pub const FASTEST_OVER_PEER: f64 = 6.0;
/// Bytes of search state per cell of the fastest list, at most.
pub const BYTES_PER_CELL: f64 = 10.0;
/// The peer the targets are stated against. The other peer, `petgraph`'s
/// A*, is checked too when the run measured it.
pub const PEER: Strategy = Strategy::Pathfinding;
/// On MovingAI maps (under `Rules::movingai()`), on every map: the fastest
/// list's time over the floor's, at most.
pub const REAL_FLOOR_RATIO: f64 = 1.5;
/// On MovingAI maps, on every map: the indexed binary heap's time over the
/// floor's, at most.
pub const REAL_HEAP_FLOOR_RATIO: f64 = 2.0;

/// The group and size the targets are checked on: the density closest to
/// 25%, and the targets' own size when the run has it, else its largest.
fn chosen(summary: &Summary) -> Option<(&Group, u32)> {
    let g = summary.groups.iter().min_by(|a, b| {
        (a.density - TARGET_DENSITY)
            .abs()
            .total_cmp(&(b.density - TARGET_DENSITY).abs())
    })?;
    let size = if g.sizes.contains(&TARGET_SIZE) {
        TARGET_SIZE
    } else {
        *g.sizes.last()?
    };
    Some((g, size))
}

/// Whether a strategy of a run is an open list: a name the registry knows as
/// one. A name it does not know (a run from another build) is not judged as
/// a list, since it could as well be a peer. The one rule for sweeps and
/// real-map runs.
pub(crate) fn is_list(name: &str) -> bool {
    Kind::of_name(name) == Some(Kind::OpenList)
}

/// The fastest open list at `size`, with its paired time ÷ the floor's when
/// the run has the floor: the list with the lowest median of that ratio
/// among those whose every row there is ok (none over budget or wrong), so
/// the choice is made on the figure the targets judge. Without the floor,
/// the list with the lowest median time, and no ratio.
pub(crate) fn fastest_list<'s>(
    g: &Group,
    size: u32,
    strategies: &'s [String],
) -> Option<(&'s str, Option<Ratio>)> {
    let lists = strategies.iter().map(String::as_str).filter(|n| {
        is_list(n)
            && g.cell(size, n)
                .is_some_and(|c| c.time.is_some() && c.bad == 0 && c.over_budget == 0)
    });
    let floor = Strategy::Floor.name();
    if g.cell(size, floor).is_some_and(|c| c.time.is_some()) {
        // Chosen on the plain median; only the choice gets its interval.
        let (n, _) = lists
            .filter_map(|n| Some((n, g.ratio(size, n, floor)?.median)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        Some((n, Some(g.ratio_ci(size, n, floor)?)))
    } else {
        lists
            .filter_map(|n| Some((n, g.cell(size, n)?.time?.median)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| (n, None))
    }
}

/// Which side of its threshold a target's measurement must be on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// At most this.
    AtMost(f64),
    /// At least this.
    AtLeast(f64),
}

impl Bound {
    /// Whether `v` meets the bound (NaN never does).
    pub fn met(self, v: f64) -> bool {
        match self {
            Bound::AtMost(b) => v <= b,
            Bound::AtLeast(b) => v >= b,
        }
    }

    /// Whether `a` is further on the wrong side than `b`: the larger of two
    /// values under [`Bound::AtMost`], the smaller under [`Bound::AtLeast`].
    pub fn worse(self, a: f64, b: f64) -> bool {
        match self {
            Bound::AtMost(_) => a > b,
            Bound::AtLeast(_) => a < b,
        }
    }
}

/// One strategy's figures in a side-by-side measurement (every strategy on
/// the same queries in one run): its time summed over the queries and its
/// bytes of search state per cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// The strategy.
    pub strategy: Strategy,
    /// Its time over all the queries, in seconds.
    pub seconds: f64,
    /// Its bytes of search state per cell.
    pub bytes_per_cell: f64,
}

/// One target judged on one side-by-side measurement by its point value,
/// with no interval: a quick look between runs, not the writeup's verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The target in words (the same whatever it is judged on).
    pub target: String,
    /// Its threshold.
    pub bound: Bound,
    /// The list it was judged on, when it names the fastest one.
    pub subject: Option<&'static str>,
    /// The measured ratio (bytes for the memory target); `None` when a
    /// strategy it needs was not measured.
    pub value: Option<f64>,
    /// Whether `value` is bytes per cell rather than a ratio.
    pub bytes: bool,
}

impl Check {
    /// Whether the measurement meets the target (never when not measured).
    pub fn met(&self) -> bool {
        self.value.is_some_and(|v| self.bound.met(v))
    }

    /// The measured value as it reads, with the list it is about:
    /// `1.32× (bucket)`, `10.00 B (bucket)`, or `not measured`.
    pub fn value_text(&self) -> String {
        let Some(v) = self.value else {
            return "not measured".into();
        };
        let value = if self.bytes {
            format!("{v:.2} B")
        } else {
            format!("{}×", ratio_text(v))
        };
        match self.subject {
            Some(s) => format!("{value} ({s})"),
            None => value,
        }
    }
}

impl std::fmt::Display for Check {
    /// `fastest list within 1.25× of the floor: 1.32× (bucket) — not met`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verdict = match (self.value, self.met()) {
            (None, _) => "not judged",
            (_, true) => "met",
            (_, false) => "not met",
        };
        write!(f, "{}: {} — {verdict}", self.target, self.value_text())
    }
}

/// The fastest open list of a measurement, and the time of a strategy.
fn fastest_and_time(m: &[Measured]) -> (Option<&Measured>, impl Fn(Strategy) -> Option<f64> + '_) {
    let fastest = m
        .iter()
        .filter(|x| x.strategy.kind() == Kind::OpenList)
        .min_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let time = move |s: Strategy| m.iter().find(|x| x.strategy == s).map(|x| x.seconds);
    (fastest, time)
}

fn check(target: String, bound: Bound, subject: Option<&Measured>, value: Option<f64>) -> Check {
    Check {
        target,
        bound,
        subject: subject.map(|s| s.strategy.name()),
        value,
        bytes: false,
    }
}

/// `a ÷ b` when both were measured.
fn quotient(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    Some(a? / b?)
}

/// The random-map targets (stated for 1024², 25% obstacles, default rules)
/// judged on a side-by-side measurement of that workload: the fastest list
/// against the floor, the heap and the fastest list against each peer, and
/// the fastest list's bytes per cell.
pub fn random_checks(m: &[Measured]) -> Vec<Check> {
    let (fastest, time) = fastest_and_time(m);
    let fastest_time = fastest.map(|f| f.seconds);
    let mut checks = vec![check(
        format!("fastest list within {FLOOR_RATIO}× of the floor"),
        Bound::AtMost(FLOOR_RATIO),
        fastest,
        quotient(fastest_time, time(Strategy::Floor)),
    )];
    let heap = Strategy::Heap;
    for peer in [PEER, Strategy::Petgraph] {
        checks.push(check(
            format!("{heap} at least {HEAP_OVER_PEER}× faster than {peer}"),
            Bound::AtLeast(HEAP_OVER_PEER),
            None,
            quotient(time(peer), time(heap)),
        ));
        checks.push(check(
            format!("fastest list at least {FASTEST_OVER_PEER}× faster than {peer}"),
            Bound::AtLeast(FASTEST_OVER_PEER),
            fastest,
            quotient(time(peer), fastest_time),
        ));
    }
    checks.push(Check {
        bytes: true,
        ..check(
            format!("fastest list at most {BYTES_PER_CELL} bytes of search state per cell"),
            Bound::AtMost(BYTES_PER_CELL),
            fastest,
            fastest.map(|f| f.bytes_per_cell),
        )
    });
    checks
}

/// The real-map targets (MovingAI maps under `Rules::movingai()`, each on
/// every map) judged on a side-by-side measurement of one map's queries: the
/// fastest list and the heap against the floor, and the fastest list not
/// slower than the heap.
pub fn real_map_checks(m: &[Measured]) -> Vec<Check> {
    let (fastest, time) = fastest_and_time(m);
    let fastest_time = fastest.map(|f| f.seconds);
    let heap = Strategy::Heap;
    vec![
        check(
            format!("fastest list within {REAL_FLOOR_RATIO}× of the floor"),
            Bound::AtMost(REAL_FLOOR_RATIO),
            fastest,
            quotient(fastest_time, time(Strategy::Floor)),
        ),
        check(
            format!("{heap} within {REAL_HEAP_FLOOR_RATIO}× of the floor"),
            Bound::AtMost(REAL_HEAP_FLOOR_RATIO),
            None,
            quotient(time(heap), time(Strategy::Floor)),
        ),
        check(
            format!("fastest list not slower than {heap}"),
            Bound::AtMost(1.0),
            fastest,
            quotient(fastest_time, time(heap)),
        ),
    ]
}

fn verdict(met: bool) -> &'static str {
    if met {
        "met"
    } else {
        "**not met**"
    }
}

/// The verdict on an interval that crosses its target.
pub(crate) const UNDECIDED: &str = "undecided: the interval crosses the target";

/// The verdict on a ratio too few for an interval.
pub(crate) const TOO_FEW: &str = "undecided: too few for an interval";

/// The verdict on a ratio by its 95% interval: met or not met only when
/// both ends agree, otherwise [`UNDECIDED`] (or [`TOO_FEW`], no interval).
pub(crate) fn ratio_verdict(r: &Ratio, bound: Bound) -> &'static str {
    let Some(ci) = r.ci else {
        return TOO_FEW;
    };
    match (bound.met(ci.lo), bound.met(ci.hi)) {
        (true, true) => "met",
        (false, false) => "**not met**",
        _ => UNDECIDED,
    }
}

/// The `targets` section of the writeup.
pub fn targets_section(runs: &LoadedRuns, summary: &Summary) -> String {
    let mut s = String::new();
    let Some((g, size)) = chosen(summary) else {
        return "This run has no rows to check the targets against.\n".into();
    };
    let c = &runs.config;
    let mut differs = Vec::new();
    if size != TARGET_SIZE {
        differs.push(format!("its largest map is {size}², not {TARGET_SIZE}²"));
    }
    if g.density != TARGET_DENSITY {
        differs.push(format!(
            "the density is {}, not {TARGET_DENSITY}",
            g.density
        ));
    }
    if c.heuristic != Heuristic::Octile || c.moves != Moves::Eight || c.corner_cutting {
        differs.push(format!(
            "the rules are {} with {} moves{}, not octile with 8 moves and no corner cutting",
            c.heuristic,
            c.moves,
            if c.corner_cutting {
                " and corner cutting"
            } else {
                ""
            }
        ));
    }
    let _ = writeln!(
        s,
        "Checked on the {size}² maps at density {} of this run ({} maps × {} queries, cost model `{}`).",
        g.density,
        c.maps,
        c.queries_at(size),
        c.costs
    );
    if !differs.is_empty() {
        let _ = writeln!(
            s,
            "The targets are stated for other conditions: {}; read the verdicts accordingly.",
            differs.join("; ")
        );
    }
    s.push('\n');

    let (floor, heap, peer) = (Strategy::Floor.name(), Strategy::Heap.name(), PEER.name());
    let over_floor = |n: &str| g.ratio_ci(size, n, floor);
    let peer_over = |n: &str| g.ratio_ci(size, peer, n);
    // The second peer only when the run has its times at this size.
    let petgraph =
        Some(Strategy::Petgraph.name()).filter(|&p| g.cell(size, p).and_then(|c| c.time).is_some());
    let fastest = fastest_list(g, size, &summary.strategies).map(|(n, _)| n);

    let _ = writeln!(s, "| target | measured | verdict |\n|---|---:|---|");
    let missing = |what: &str| format!("| {what} | not measured in this run | — |");
    let row = |what: String, value: Option<Ratio>, bound: Bound| match value {
        Some(r) => format!(
            "| {what} | {} | {} |",
            ci_text_fine(&r),
            ratio_verdict(&r, bound)
        ),
        None => missing(&what),
    };
    let fastest_name = fastest.unwrap_or("the fastest list");
    let mut lines = vec![row(
        format!("fastest list ({fastest_name}) within {FLOOR_RATIO}× of the floor"),
        fastest.and_then(over_floor),
        Bound::AtMost(FLOOR_RATIO),
    )];
    for peer in std::iter::once(peer).chain(petgraph) {
        let over = |n: &str| g.ratio_ci(size, peer, n);
        lines.push(row(
            format!("`{heap}` at least {HEAP_OVER_PEER}× faster than `{peer}`"),
            over(heap),
            Bound::AtLeast(HEAP_OVER_PEER),
        ));
        lines.push(row(
            format!(
                "fastest list ({fastest_name}) at least {FASTEST_OVER_PEER}× faster than `{peer}`"
            ),
            fastest.and_then(over),
            Bound::AtLeast(FASTEST_OVER_PEER),
        ));
    }
    lines.push(match fastest.and_then(|n| g.cell(size, n)?.bytes_per_cell) {
        Some(b) => format!(
            "| fastest list ({fastest_name}) at most {BYTES_PER_CELL} bytes of search state per cell | {b:.2} B | {} |",
            verdict(Bound::AtMost(BYTES_PER_CELL).met(b))
        ),
        None => missing(&format!("at most {BYTES_PER_CELL} bytes per cell")),
    });
    for line in lines {
        let _ = writeln!(s, "{line}");
    }
    if let Some(p) = over_floor(peer) {
        let _ = writeln!(
            s,
            "\nThe peer takes {} the floor's time, so a list with no cost at all would be {}× faster than the peer: that bounds every peer ratio above.",
            ci_text(&p),
            ratio_text(p.median)
        );
        // What each peer target asks of a list in the figure the lists are
        // measured by (paired medians do not divide exactly, hence "about").
        let takes = |n: Option<&str>| {
            n.and_then(|n| Some((n, over_floor(n)?)))
                .map_or(String::new(), |(n, r)| {
                    format!(" (`{n}` takes {}×)", ratio_text(r.median))
                })
        };
        let _ = writeln!(
            s,
            "At that bound, {HEAP_OVER_PEER}× faster than the peer means about {}× the floor's time{}, and {FASTEST_OVER_PEER}× faster about {}×{}.",
            ratio_text(p.median / HEAP_OVER_PEER),
            takes(Some(heap)),
            ratio_text(p.median / FASTEST_OVER_PEER),
            takes(fastest),
        );
    }
    if let Some(p) = petgraph.and_then(over_floor) {
        let _ = writeln!(
            s,
            "\n`{}` takes {} the floor's time, which bounds every ratio to `{}` above in the same way.",
            Strategy::Petgraph,
            ci_text(&p),
            Strategy::Petgraph,
        );
    }

    let petgraph_head = petgraph.map_or(String::new(), |p| format!(" `{p}` ÷ this |"));
    let _ = writeln!(
        s,
        "\n| strategy | median time per search | × floor | `{peer}` ÷ this |{petgraph_head} bytes per cell (largest) |\n|---|---:|---:|---:|{}---:|",
        if petgraph.is_some() { "---:|" } else { "" }
    );
    let names = summary.strategies.iter().map(String::as_str);
    for n in names.filter(|n| g.cell(size, n).is_some()) {
        let cell = g.cell(size, n).expect("filtered");
        let time = cell
            .time
            .map(|q| format!("{:.2} ms", q.median / 1e6))
            .unwrap_or_else(|| "—".into());
        let opt = |v: Option<Ratio>| v.map(|r| ci_text(&r)).unwrap_or_else(|| "—".into());
        let bytes = cell
            .bytes_per_cell
            .map(|b| format!("{b:.2}"))
            .unwrap_or_else(|| "—".into());
        let petgraph_cell = match petgraph {
            Some(p) if p == n => " 1 |".to_string(),
            Some(p) => format!(" {} |", opt(g.ratio_ci(size, p, n))),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "| {n} | {time} | {} | {} |{petgraph_cell} {bytes} |",
            if n == floor {
                "1".into()
            } else {
                opt(over_floor(n))
            },
            if n == peer {
                "1".into()
            } else {
                opt(peer_over(n))
            },
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(times: &[(&str, f64)]) -> Vec<Measured> {
        times
            .iter()
            .map(|&(name, seconds)| Measured {
                strategy: name.parse().expect("a strategy"),
                seconds,
                bytes_per_cell: if name == "bucket" { 9.5 } else { 12.0 },
            })
            .collect()
    }

    fn values(checks: &[Check]) -> Vec<(Option<&str>, Option<f64>, bool)> {
        checks
            .iter()
            .map(|c| (c.subject, c.value.map(|v| (v * 1e6).round() / 1e6), c.met()))
            .collect()
    }

    #[test]
    fn random_checks_judge_the_fastest_list_and_the_heap_against_floor_and_peers() {
        // The floor is fastest of all and the peers are not lists: the
        // fastest list is bucket.
        let m = run(&[
            ("floor", 1.0),
            ("heap", 2.0),
            ("bucket", 1.25),
            ("radix", 1.5),
            ("pathfinding", 6.0),
            ("petgraph", 0.5),
        ]);
        let checks = random_checks(&m);
        assert_eq!(
            values(&checks),
            vec![
                (Some("bucket"), Some(1.25), true), // 1.25 × floor: at the bound
                (None, Some(3.0), true),            // pathfinding 6 ÷ heap 2
                (Some("bucket"), Some(4.8), false), // pathfinding 6 ÷ bucket 1.25
                (None, Some(0.25), false),          // petgraph 0.5 ÷ heap 2
                (Some("bucket"), Some(0.4), false), // petgraph 0.5 ÷ bucket 1.25
                (Some("bucket"), Some(9.5), true),  // bucket's bytes, not the others'
            ]
        );
        assert_eq!(
            checks[0].to_string(),
            "fastest list within 1.25× of the floor: 1.25× (bucket) — met"
        );
        assert_eq!(
            checks[5].to_string(),
            "fastest list at most 10 bytes of search state per cell: 9.50 B (bucket) — met"
        );
    }

    #[test]
    fn a_target_whose_strategy_was_not_measured_is_not_met() {
        let checks = random_checks(&run(&[("floor", 1.0), ("heap", 1.1)]));
        assert_eq!(checks[1].value, None);
        assert!(!checks[1].met());
        assert_eq!(
            checks[1].to_string(),
            "heap at least 3× faster than pathfinding: not measured — not judged"
        );
    }

    #[test]
    fn real_map_checks_judge_fastest_and_heap_against_the_floor_and_each_other() {
        let slow_heap = run(&[("floor", 2.0), ("heap", 4.8), ("radix", 3.0)]);
        assert_eq!(
            values(&real_map_checks(&slow_heap)),
            vec![
                (Some("radix"), Some(1.5), true),
                (None, Some(2.4), false),
                (Some("radix"), Some(0.625), true),
            ]
        );
        // The heap fastest: the best list is the heap, never slower than itself.
        let heap_best = run(&[("floor", 2.0), ("heap", 3.0), ("bucket", 3.5)]);
        assert_eq!(
            values(&real_map_checks(&heap_best))[2],
            (Some("heap"), Some(1.0), true)
        );
    }

    #[test]
    fn only_names_the_registry_knows_as_open_lists_are_lists() {
        assert!(is_list("two-level") && is_list("heap") && is_list("linear"));
        for not_a_list in ["floor", "pathfinding", "petgraph", "a-future-peer", ""] {
            assert!(!is_list(not_a_list), "{not_a_list:?}");
        }
    }

    #[test]
    fn the_worse_of_two_values_is_the_one_further_on_the_wrong_side() {
        assert!(Bound::AtMost(1.5).worse(1.7, 1.6));
        assert!(!Bound::AtMost(1.5).worse(1.2, 1.6));
        assert!(Bound::AtLeast(3.0).worse(1.9, 2.4));
        assert!(!Bound::AtLeast(3.0).worse(4.0, 2.4));
        assert!(!Bound::AtMost(1.5).met(f64::NAN));
    }
}
