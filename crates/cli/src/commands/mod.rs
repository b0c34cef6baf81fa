//! The subcommands, each generic over the game and dispatched by name.

mod agents;
mod analyze;
mod perft;

use crate::cli::{Cli, Command};
use crate::error::Result;

/// Runs what the command line asked for.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => crate::menu::run(),
        Some(Command::Play(args)) => args.game.run(),
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Agents(args)) => agents::run(&args),
    }
}
