//! `astar-lab`: measure how the open list changes the speed of A* on grid maps.

use astar_lab::cli::{error_line, ScenArgs, SolveArgs};
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
            // One line, not clap's usage block: the first line names the problem.
            let text = e.to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Solve(args) => args.run(),
        Command::Scen(args) => args.run(),
    };
    result.unwrap_or_else(|e| {
        eprintln!("{}", error_line(&e));
        ExitCode::from(2)
    })
}
