//! The subcommands, each generic over the game and dispatched by name.

mod agents;
mod analyze;
pub mod arena;
mod desktop;
mod perft;
pub mod replay;
pub mod serve;
mod solve;
pub mod train;

use tabula_i18n::Catalog;

use crate::cli::{Cli, Command};
use crate::error::Result;

/// Runs what the command line asked for; the console and the menu speak `cat`'s language.
pub fn run(cli: Cli, cat: &Catalog) -> Result<()> {
    if let Some(code) = &cli.lang {
        crate::tui::lang(Some(code))?;
    }
    match cli.command {
        None if crate::tui::wanted(cli.ui) => {
            crate::tui::launcher(crate::tui::lang(cli.lang.as_deref())?)
        }
        None => crate::menu::run(cat),
        Some(Command::Play(args)) => {
            if crate::tui::wanted(cli.ui)
                && crate::tui::play(&args.game, crate::tui::lang(cli.lang.as_deref())?)?
            {
                return Ok(());
            }
            args.game.run(cat)
        }
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Agents(args)) => agents::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Arena(args)) => arena::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Train(args)) => train::run(&args, cat),
        Some(Command::Desktop(args)) => desktop::run(&args.args, cli.lang.as_deref()),
    }
}
