//! `astar-lab`: measure how the open list changes the speed of A* on grid maps.

use astar_harness::cli::{error_line, ScenArgs, SolveArgs};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "astar-lab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one query on a map with one or all strategies.
    Solve(SolveArgs),
    /// Run a MovingAI scenario file and check every optimal length.
    Scen(ScenArgs),
    /// Draw a search like seed 000's figures: SVG, PNG or an animated GIF.
    Render(astar_harness::present::pictures::RenderArgs),
    /// Time every strategy on random maps; write a run folder and the report.
    Sweep(astar_harness::experiments::sweep::SweepArgs),
    /// Redraw the charts of a sweep from its run folders (SVG and PNG).
    Plot(astar_harness::present::charts::PlotArgs),
    /// Write the tables and the writeup's generated sections from run folders.
    Report(astar_harness::present::report::ReportArgs),
    /// Measure the seeds' quirks on random maps; write reports/seeds and the writeup's seeds section.
    Seeds(astar_harness::experiments::seeds::SeedsArgs),
    /// Where the heap's 2–3× claim holds: one run folder per condition; writes the claim-conditions section.
    Claim(astar_harness::present::claim::ClaimArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print them as clap would.
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One line, not clap's usage block: the lines before the first
            // blank one name the problem (a missing flag comes on the second).
            let text = e.to_string();
            let head: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
                .collect();
            let line = head.join(" ");
            eprintln!(
                "{}",
                if line.is_empty() {
                    "error: bad arguments"
                } else {
                    &line
                }
            );
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Solve(args) => args.run(),
        Command::Scen(args) => args.run(),
        Command::Render(args) => args.run(),
        Command::Sweep(args) => args.run(),
        Command::Plot(args) => args.run(),
        Command::Report(args) => args.run(),
        Command::Seeds(args) => args.run(),
        Command::Claim(args) => args.run(),
    };
    result.unwrap_or_else(|e| {
        eprintln!("{}", error_line(&e));
        ExitCode::from(2)
    })
}
