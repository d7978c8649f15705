//! How each strategy looks: a hue family per group of strategies, and
//! within a family a shade, a marker and a dash pattern of its own, so that
//! every line can be told apart in colour, in grey-scale and without colour
//! vision.
//!
//! Colours are Paul Tol's and Okabe–Ito's colour-blind-safe ones: the
//! seeds' linear-time lists in purples and reds, the heaps in blues, the
//! monotone queues in greens, the reference peers in orange and brown, the
//! floor black. A strategy this table does not know is drawn grey, dotted,
//! with a marker of its own among the unknown ones.

use super::FLOOR;

/// A colour as red, green and blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub(crate) u8, pub(crate) u8, pub(crate) u8);

/// A marker shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    Circle,
    Triangle,
    Square,
    Diamond,
    Cross,
    Star,
    None,
}

/// A line's dash pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dash {
    Solid,
    Dashed,
    Dotted,
    /// Dash and dot in turn.
    Chain,
}

impl Dash {
    /// Alternating lengths drawn and skipped, in pixels; empty when solid.
    pub(crate) fn pattern(self) -> &'static [i32] {
        match self {
            Dash::Solid => &[],
            Dash::Dashed => &[10, 6],
            Dash::Dotted => &[3, 5],
            Dash::Chain => &[12, 5, 3, 5],
        }
    }
}

/// A group of strategies that share a hue family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Family {
    /// The seeds' lists, linear-time per operation.
    Lists,
    /// The binary, d-ary, lazy and pairing heaps.
    Heaps,
    /// The monotone (bucket and radix) queues.
    Monotone,
    /// The floor and the reference peers.
    References,
    /// A strategy this table does not know.
    Other,
}

impl Family {
    /// The legend heading of the family.
    pub(crate) fn heading(self) -> &'static str {
        match self {
            Family::Lists => "lists (linear time)",
            Family::Heaps => "heaps",
            Family::Monotone => "monotone queues",
            Family::References => "references",
            Family::Other => "others",
        }
    }
}

/// How one series looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Look {
    pub(crate) family: Family,
    pub(crate) colour: Rgb,
    pub(crate) marker: Marker,
    pub(crate) dash: Dash,
    /// Line width in pixels.
    pub(crate) width: u32,
}

/// The heap, whose speedup the seeds claim: drawn thicker than the rest.
pub(crate) const HEAP: &str = "heap";

/// Every known strategy: its family, colour, marker and dash.
const KNOWN: [(&str, Family, Rgb, Marker, Dash); 16] = [
    (
        "linear",
        Family::Lists,
        Rgb(136, 34, 85),
        Marker::Circle,
        Dash::Solid,
    ),
    (
        "sorted",
        Family::Lists,
        Rgb(204, 102, 119),
        Marker::Triangle,
        Dash::Dashed,
    ),
    (
        "linked",
        Family::Lists,
        Rgb(170, 68, 153),
        Marker::Square,
        Dash::Dotted,
    ),
    (
        "heap-scan",
        Family::Lists,
        Rgb(204, 51, 17),
        Marker::Diamond,
        Dash::Chain,
    ),
    (
        "heap",
        Family::Heaps,
        Rgb(0, 90, 181),
        Marker::Diamond,
        Dash::Solid,
    ),
    (
        "lazy-heap",
        Family::Heaps,
        Rgb(86, 180, 233),
        Marker::Circle,
        Dash::Dashed,
    ),
    (
        "dary2",
        Family::Heaps,
        Rgb(51, 34, 136),
        Marker::Triangle,
        Dash::Solid,
    ),
    (
        "dary4",
        Family::Heaps,
        Rgb(68, 119, 170),
        Marker::Square,
        Dash::Dashed,
    ),
    (
        "dary8",
        Family::Heaps,
        Rgb(51, 187, 238),
        Marker::Cross,
        Dash::Dotted,
    ),
    (
        "pairing",
        Family::Heaps,
        Rgb(0, 68, 136),
        Marker::Star,
        Dash::Chain,
    ),
    (
        "bucket",
        Family::Monotone,
        Rgb(17, 119, 51),
        Marker::Square,
        Dash::Solid,
    ),
    (
        "radix",
        Family::Monotone,
        Rgb(68, 170, 153),
        Marker::Triangle,
        Dash::Dashed,
    ),
    (
        "sparse-bucket",
        Family::Monotone,
        Rgb(153, 153, 51),
        Marker::Circle,
        Dash::Dotted,
    ),
    (
        "two-level",
        Family::Monotone,
        Rgb(102, 153, 204),
        Marker::Diamond,
        Dash::Chain,
    ),
    (
        FLOOR,
        Family::References,
        Rgb(0, 0, 0),
        Marker::None,
        Dash::Dashed,
    ),
    (
        "pathfinding",
        Family::References,
        Rgb(230, 159, 0),
        Marker::Cross,
        Dash::Chain,
    ),
];

/// Reference peers without a row of their own (`petgraph`, …): browns.
const PEERS: [&str; 2] = ["petgraph", "fast_paths"];
const PEER_COLOURS: [Rgb; 2] = [Rgb(153, 85, 0), Rgb(187, 119, 34)];

/// Markers for strategies the table does not know, in turn.
const OTHER_MARKERS: [Marker; 6] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Diamond,
    Marker::Cross,
    Marker::Star,
];
/// Greys for strategies the table does not know, in turn.
const OTHER_COLOURS: [Rgb; 2] = [Rgb(102, 102, 102), Rgb(153, 153, 153)];

/// The look of a strategy. Strategies the table does not know are told
/// apart by their place among the unknown ones in `strategies`.
pub(crate) fn look(strategies: &[String], name: &str) -> Look {
    if let Some(&(_, family, colour, marker, dash)) = KNOWN.iter().find(|k| k.0 == name) {
        let width = match name {
            FLOOR => 2,
            HEAP => 5,
            _ => 3,
        };
        return Look {
            family,
            colour,
            marker,
            dash,
            width,
        };
    }
    if let Some(i) = PEERS.iter().position(|p| *p == name) {
        return Look {
            family: Family::References,
            colour: PEER_COLOURS[i],
            marker: [Marker::Star, Marker::Circle][i],
            dash: [Dash::Dotted, Dash::Dashed][i],
            width: 3,
        };
    }
    let i = strategies
        .iter()
        .filter(|s| !is_known(s))
        .position(|s| s == name)
        .unwrap_or(0);
    Look {
        family: Family::Other,
        colour: OTHER_COLOURS[(i / OTHER_MARKERS.len()) % OTHER_COLOURS.len()],
        marker: OTHER_MARKERS[i % OTHER_MARKERS.len()],
        dash: Dash::Dotted,
        width: 3,
    }
}

fn is_known(name: &str) -> bool {
    KNOWN.iter().any(|k| k.0 == name) || PEERS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_strategies_share_colour_marker_and_dash() {
        let mut names: Vec<String> = KNOWN.iter().map(|k| k.0.to_string()).collect();
        names.extend(PEERS.iter().map(|p| p.to_string()));
        names.extend((0..12).map(|i| format!("new-list-{i}")));
        let looks: Vec<(&String, Look)> = names.iter().map(|n| (n, look(&names, n))).collect();
        for (i, (a, la)) in looks.iter().enumerate() {
            for (b, lb) in &looks[i + 1..] {
                assert!(
                    (la.colour, la.marker, la.dash) != (lb.colour, lb.marker, lb.dash),
                    "{a} and {b} look the same: {la:?}"
                );
            }
        }
        // Every known strategy also has a colour of its own.
        for (i, a) in KNOWN.iter().enumerate() {
            for b in &KNOWN[i + 1..] {
                assert_ne!(a.2, b.2, "{} and {} share a colour", a.0, b.0);
            }
        }
    }

    #[test]
    fn families_group_the_strategies() {
        let names: Vec<String> = Vec::new();
        let family = |n: &str| look(&names, n).family;
        assert_eq!(family("linear"), Family::Lists);
        assert_eq!(family("heap-scan"), Family::Lists);
        assert_eq!(family("dary8"), Family::Heaps);
        assert_eq!(family("radix"), Family::Monotone);
        assert_eq!(family("sparse-bucket"), Family::Monotone);
        assert_eq!(family("petgraph"), Family::References);
        assert_eq!(family("something-new"), Family::Other);
        assert_eq!(look(&names, FLOOR).colour, Rgb(0, 0, 0));
    }
}
