//! How each strategy looks: a hue family per group of strategies, and
//! within a group a shade, a marker and a dash pattern of its own, so that
//! every line can be told apart in colour, in grey-scale and without colour
//! vision.
//!
//! Colours are Paul Tol's and Okabe–Ito's colour-blind-safe ones: the
//! seeds' linear-time lists in purples and reds, the heaps in blues, the
//! monotone queues in greens, the open lists built on crates.io's queues in
//! yellows, the reference peers in orange and brown, the floors black and
//! dark grey, another algorithm (jump point search) reddish purple. A name
//! no strategy of the registry has (a
//! run folder's strategy since removed) is drawn grey, dotted, with a marker
//! of its own among such names.

use astar_registry::{Kind, Strategy};

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

/// A group of strategies that share a hue family (a legend heading).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Hue {
    /// The seeds' lists, linear-time per operation.
    Lists,
    /// The binary, d-ary, lazy and pairing heaps.
    Heaps,
    /// The monotone (bucket and radix) queues.
    Monotone,
    /// The open lists built on published crates' queues.
    Crates,
    /// The floors and the reference peers.
    References,
    /// Another algorithm than A* (jump point search): apart from the rest.
    Algorithms,
    /// A name no strategy of the registry has (one since removed).
    Other,
}

impl Hue {
    /// The legend heading of the group.
    pub(crate) fn heading(self) -> &'static str {
        match self {
            Hue::Lists => "lists (linear time)",
            Hue::Heaps => "heaps",
            Hue::Monotone => "monotone queues",
            Hue::Crates => "crates.io queues",
            Hue::References => "references",
            Hue::Algorithms => "another algorithm",
            Hue::Other => "others",
        }
    }
}

/// How one series looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Look {
    pub(crate) hue: Hue,
    pub(crate) colour: Rgb,
    pub(crate) marker: Marker,
    pub(crate) dash: Dash,
    /// Line width in pixels.
    pub(crate) width: u32,
}

/// The look of a strategy. The match has no catch-all arm, so a strategy
/// added to the registry does not compile until it is given a look.
pub(crate) fn look(strategy: Strategy) -> Look {
    use Dash::*;
    use Hue::*;
    use Marker::*;
    let (hue, colour, marker, dash) = match strategy {
        Strategy::Linear => (Lists, Rgb(136, 34, 85), Circle, Solid),
        Strategy::Sorted => (Lists, Rgb(204, 102, 119), Triangle, Dashed),
        Strategy::Linked => (Lists, Rgb(170, 68, 153), Square, Dotted),
        Strategy::HeapScan => (Lists, Rgb(204, 51, 17), Diamond, Chain),
        Strategy::Heap => (Heaps, Rgb(0, 90, 181), Diamond, Solid),
        Strategy::LazyHeap => (Heaps, Rgb(86, 180, 233), Circle, Dashed),
        Strategy::Dary2 => (Heaps, Rgb(51, 34, 136), Triangle, Solid),
        Strategy::Dary4 => (Heaps, Rgb(68, 119, 170), Square, Dashed),
        Strategy::Dary8 => (Heaps, Rgb(51, 187, 238), Cross, Dotted),
        Strategy::Pairing => (Heaps, Rgb(0, 68, 136), Star, Chain),
        Strategy::Bucket => (Monotone, Rgb(17, 119, 51), Square, Solid),
        Strategy::Radix => (Monotone, Rgb(68, 170, 153), Triangle, Dashed),
        Strategy::SparseBucket => (Monotone, Rgb(153, 153, 51), Circle, Dotted),
        Strategy::TwoLevel => (Monotone, Rgb(102, 153, 204), Diamond, Chain),
        // Paul Tol's yellows; the marker of the project's list of the same
        // shape (the indexed heap's diamond, the lazy heap's circle).
        Strategy::CratePriorityQueue => (Crates, Rgb(153, 119, 0), Diamond, Solid),
        Strategy::CrateKeyedPq => (Crates, Rgb(204, 187, 68), Diamond, Dashed),
        Strategy::CrateDaryHeap => (Crates, Rgb(238, 204, 102), Circle, Dotted),
        Strategy::Floor => (References, Rgb(0, 0, 0), Marker::None, Dashed),
        // The floor of lazy lists: a bound like the floor, so drawn near it
        // (dark grey, unmarked), dash-dotted to tell the two apart in grey.
        Strategy::LazyFloor => (References, Rgb(85, 85, 85), Marker::None, Chain),
        Strategy::Pathfinding => (References, Rgb(230, 159, 0), Cross, Chain),
        Strategy::Petgraph => (References, Rgb(153, 85, 0), Star, Dotted),
        // Okabe–Ito's reddish purple, a hue no list or peer uses.
        Strategy::GridJps => (Algorithms, Rgb(204, 121, 167), Star, Dashed),
    };
    // The floors are bounds, not lists: thinner. The heap, whose speedup the
    // seeds claim, thicker.
    let width = match strategy.kind() {
        Kind::Floor => 2,
        _ if strategy == Strategy::Heap => 5,
        _ => 3,
    };
    Look {
        hue,
        colour,
        marker,
        dash,
        width,
    }
}

/// Markers for names no strategy has, in turn.
const OTHER_MARKERS: [Marker; 6] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Diamond,
    Marker::Cross,
    Marker::Star,
];
/// Greys for names no strategy has, in turn.
const OTHER_COLOURS: [Rgb; 2] = [Rgb(102, 102, 102), Rgb(153, 153, 153)];

/// The look of the series named `name`: its strategy's, or, for a name no
/// strategy has (a run folder may name one since removed), grey and dotted,
/// told apart by its place among such names in `names`.
pub(crate) fn look_of(names: &[String], name: &str) -> Look {
    if let Some(s) = Strategy::named(name) {
        return look(s);
    }
    let i = names
        .iter()
        .filter(|n| Strategy::named(n).is_none())
        .position(|n| n == name)
        .unwrap_or(0);
    Look {
        hue: Hue::Other,
        colour: OTHER_COLOURS[(i / OTHER_MARKERS.len()) % OTHER_COLOURS.len()],
        marker: OTHER_MARKERS[i % OTHER_MARKERS.len()],
        dash: Dash::Dotted,
        width: 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_has_a_look_of_its_own() {
        for (i, &a) in Strategy::ALL.iter().enumerate() {
            let la = look(a);
            assert_ne!(la.hue, Hue::Other, "{a} is drawn as unknown");
            assert_eq!(look_of(&[], a.name()), la, "{a} looked up by name");
            for &b in &Strategy::ALL[i + 1..] {
                let lb = look(b);
                assert!(
                    (la.colour, la.marker, la.dash) != (lb.colour, lb.marker, lb.dash),
                    "{a} and {b} look the same: {la:?}"
                );
                assert_ne!(la.colour, lb.colour, "{a} and {b} share a colour");
            }
        }
    }

    #[test]
    fn names_no_strategy_has_are_grey_dotted_and_told_apart() {
        let mut names: Vec<String> = Strategy::ALL.iter().map(|s| s.name().into()).collect();
        names.extend((0..12).map(|i| format!("removed-list-{i}")));
        let looks: Vec<(&String, Look)> = names.iter().map(|n| (n, look_of(&names, n))).collect();
        for (i, (a, la)) in looks.iter().enumerate() {
            if Strategy::named(a).is_none() {
                assert_eq!((la.hue, la.dash), (Hue::Other, Dash::Dotted), "{a}");
            }
            for (b, lb) in &looks[i + 1..] {
                assert!(
                    (la.colour, la.marker, la.dash) != (lb.colour, lb.marker, lb.dash),
                    "{a} and {b} look the same: {la:?}"
                );
            }
        }
    }

    #[test]
    fn hues_gather_the_strategies() {
        let hue = |s: Strategy| look(s).hue;
        assert_eq!(hue(Strategy::Linear), Hue::Lists);
        assert_eq!(hue(Strategy::HeapScan), Hue::Lists);
        assert_eq!(hue(Strategy::Dary8), Hue::Heaps);
        assert_eq!(hue(Strategy::Radix), Hue::Monotone);
        assert_eq!(hue(Strategy::SparseBucket), Hue::Monotone);
        assert_eq!(hue(Strategy::CratePriorityQueue), Hue::Crates);
        assert_eq!(hue(Strategy::Petgraph), Hue::References);
        assert_eq!(hue(Strategy::LazyFloor), Hue::References);
        assert_eq!(look(Strategy::Floor).colour, Rgb(0, 0, 0));
    }
}
