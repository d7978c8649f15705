//! `astar-lab`: measure how the open list changes the speed of A* on grid maps.
//!
//! The command layer: each subcommand is one file in [`cmd`] (its arguments
//! beside its `run`), parsed with the shared parsers in [`args`], calling the
//! harness's experiments and presentation. This file only dispatches, and is
//! the one place where an error becomes an exit code: a bad input prints one
//! line `error: …` and exits 2.

mod args;
mod cmd;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
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
    Solve(cmd::solve::SolveArgs),
    /// Run a MovingAI scenario file and check every optimal length.
    Scen(cmd::scen::ScenArgs),
    /// Draw a search like seed 000's figures: SVG, PNG or an animated GIF.
    Render(cmd::render::RenderArgs),
    /// Time every strategy on random maps; write a run folder and the report.
    Sweep(cmd::sweep::SweepArgs),
    /// Redraw the charts of a sweep from its run folders (SVG and PNG).
    Plot(cmd::plot::PlotArgs),
    /// Write the tables and the writeup's generated sections from run folders.
    Report(cmd::report::ReportArgs),
    /// Measure the seeds' quirks on random maps; write reports/seeds and the writeup's seeds section.
    Seeds(cmd::seeds::SeedsArgs),
    /// Where the heap's 2–3× claim holds: one run folder per condition; writes the claim-conditions section.
    Claim(cmd::claim::ClaimArgs),
    /// The real-map tables (per family, and per tie policy) from `sweep --scen` run folders.
    RealMapsReport(cmd::real_maps_report::RealMapsReportArgs),
    /// One configuration timed on one worker thread and on several, ratio by ratio; writes the threads section.
    Threads(cmd::threads::ThreadsArgs),
    /// Which crate should a Rust user reach for: writes the writeup's which-crate section and the README's answer.
    WhichCrate(cmd::which_crate::WhichCrateArgs),
}

fn main() -> ExitCode {
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m).map(|cli| (cli, m)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
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
    let sub = matches
        .subcommand()
        .map(|(_, m)| m)
        .expect("clap requires a subcommand");
    let result = match cli.command {
        Command::Solve(args) => args.run(),
        Command::Scen(args) => args.run(),
        Command::Render(args) => args.run(),
        Command::Sweep(args) => args.run(sub),
        Command::Plot(args) => args.run(),
        Command::Report(args) => args.run(),
        Command::Seeds(args) => args.run(),
        Command::Claim(args) => args.run(),
        Command::RealMapsReport(args) => args.run(),
        Command::Threads(args) => args.run(),
        Command::WhichCrate(args) => args.run(),
    };
    result.unwrap_or_else(|e| {
        eprintln!("{}", error_line(&e));
        ExitCode::from(2)
    })
}

/// Turns an error into the one line the binary prints: the whole chain of
/// causes, on one line.
fn error_line(e: &anyhow::Error) -> String {
    let mut line = format!("error: {e:#}");
    line.retain(|c| c != '\n');
    line
}
