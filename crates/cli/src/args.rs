//! Arguments every command shares, parsed one way: points, sizes,
//! densities, counts and the search rules.

use astar_core::{
    ClosedNodes, CostModel, GoalTest, Heuristic, Moves, NeighbourOrder, Point, Rules, TiePolicy,
};
use clap::Args;

/// Parses `X,Y`.
pub fn parse_point(text: &str) -> Result<Point, String> {
    let bad = || format!("expected a cell as X,Y (two whole numbers), got {text:?}");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok(Point::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// Map sides as given to `--sizes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub Vec<u32>);

/// Densities as given to `--densities`.
#[derive(Clone, Debug, PartialEq)]
pub struct Densities(pub Vec<f64>);

/// Parses map sides `N,N,…`: whole numbers from 4 (a map with room for a
/// query) up to the largest side the core accepts.
pub fn parse_sizes(text: &str) -> Result<Sizes, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let size: u32 = part
            .parse()
            .map_err(|_| format!("map size {part:?} is not a whole number"))?;
        if size < MIN_SIDE {
            return Err(format!("map size {size} is below {MIN_SIDE}"));
        }
        astar_core::grid::check_size(size.into(), size.into()).map_err(|e| e.to_string())?;
        out.push(size);
    }
    if out.is_empty() {
        return Err("empty size list".into());
    }
    Ok(Sizes(out))
}

/// The smallest map side a sweep or the seeds accept.
pub const MIN_SIDE: u32 = 4;

/// Parses one obstacle density in `[0, 1)`.
pub fn parse_density(text: &str) -> Result<f64, String> {
    let d: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("density {text:?} is not a number"))?;
    if !(0.0..1.0).contains(&d) {
        return Err(format!("obstacle density {d} is outside [0, 1)"));
    }
    Ok(d)
}

/// Parses obstacle densities `D,D,…`, each in `[0, 1)`.
pub fn parse_densities(text: &str) -> Result<Densities, String> {
    let out = text
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(parse_density)
        .collect::<Result<Vec<f64>, String>>()?;
    if out.is_empty() {
        return Err("empty density list".into());
    }
    Ok(Densities(out))
}

/// Parses a whole number of at least 1.
pub fn parse_positive(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "expected a whole number of at least 1, got {text:?}"
        )),
    }
}

/// Parses milliseconds, at least 0.
pub fn parse_min_time(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(ms) if ms.is_finite() && ms >= 0.0 => Ok(ms),
        _ => Err(format!("expected milliseconds >= 0, got {text:?}")),
    }
}

/// A time budget of one search, ms: finite and above zero.
pub fn parse_budget(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(ms) if ms.is_finite() && ms > 0.0 => Ok(ms),
        _ => Err(format!("expected milliseconds > 0, got {text:?}")),
    }
}

/// The search rules as flags, shared by every command that searches.
#[derive(Args, Clone, Debug)]
pub struct RuleArgs {
    /// Heuristic: octile, manhattan, chebyshev, euclidean or zero.
    #[arg(long, default_value = "octile")]
    pub heuristic: Heuristic,
    /// Step costs: seed (10/14), movingai (√2 diagonals) or seed001-slip
    /// (seed 001's precedence slip: a new G is 10, or 14 for the start's diagonals).
    #[arg(long, default_value = "seed")]
    pub costs: CostModel,
    /// Stop when the goal is closed (optimal) or as soon as it is opened (seed 000's quicker option).
    #[arg(long, default_value = "closed")]
    pub goal_test: GoalTest,
    /// 4- or 8-connected moves.
    #[arg(long, default_value = "8")]
    pub moves: Moves,
    /// Let diagonals pass a blocked orthogonal neighbour.
    #[arg(long)]
    pub corner_cutting: bool,
    /// Order among equal F: lifo (seed 000), fifo or larger-g.
    #[arg(long, default_value = "lifo")]
    pub tie: TiePolicy,
    /// Order the eight neighbours are generated in: default (↖↑↗→↘↓↙←, the
    /// Amit port's) or seed (→↓←↑ then ↘↙↖↗, as seeds 000 and 001 number them).
    #[arg(long, default_value = "default")]
    pub neighbours: NeighbourOrder,
    /// A closed node that gets a cheaper G: reopen it, or keep it final as
    /// seeds 000 and 001 do (they skip closed neighbours).
    #[arg(long, default_value = "reopen")]
    pub closed: ClosedNodes,
}

impl RuleArgs {
    /// The rules these flags describe.
    pub fn rules(&self) -> Rules {
        Rules {
            goal_test: self.goal_test,
            moves: self.moves,
            corner_cutting: self.corner_cutting,
            heuristic: self.heuristic,
            tie: self.tie,
            neighbour_order: self.neighbours,
            closed: self.closed,
            ..Rules::with_cost_model(self.costs)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::StepRule;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        rules: RuleArgs,
    }

    fn rules(flags: &[&str]) -> Rules {
        let args = std::iter::once("astar-lab").chain(flags.iter().copied());
        Flags::try_parse_from(args).unwrap().rules.rules()
    }

    /// No flag: the project's default rules.
    #[test]
    fn no_flag_gives_the_default_rules() {
        assert_eq!(rules(&[]), Rules::default());
    }

    /// Every rule flag reaches the rules it names, each away from its
    /// default: a flag parsed and then dropped (a search in the default
    /// neighbour order while the run says "seed") fails here.
    #[test]
    fn every_rule_flag_reaches_the_rules() {
        let got = rules(&[
            "--heuristic",
            "manhattan",
            "--costs",
            "seed001-slip",
            "--goal-test",
            "opened",
            "--moves",
            "4",
            "--corner-cutting",
            "--tie",
            "fifo",
            "--neighbours",
            "seed",
            "--closed",
            "final",
        ]);
        let want = Rules {
            heuristic: Heuristic::Manhattan,
            costs: CostModel::Seed001Slip.costs(),
            step_rule: StepRule::Seed001Slip,
            goal_test: GoalTest::Opened,
            moves: Moves::Four,
            corner_cutting: true,
            tie: TiePolicy::Fifo,
            neighbour_order: NeighbourOrder::Seed,
            closed: ClosedNodes::Final,
            ..Rules::default()
        };
        assert_eq!(got, want);
        assert_eq!(
            rules(&["--costs", "movingai"]).costs,
            CostModel::MovingAi.costs()
        );
    }
}
