//! `tabula` with no arguments: on a terminal, a small menu to pick a game and a mode; otherwise
//! the usage.

use std::io::{self, BufRead, IsTerminal, Write};

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::Result;
use crate::games::PlayGame;

/// The menu's entries: a label and the `tabula play` arguments it stands for.
const ENTRIES: &[(&str, &[&str])] = &[
    ("Tic-tac-toe against the computer", &["tictactoe"]),
    ("Tic-tac-toe, two players", &["tictactoe", "--two-player"]),
    ("Reversi against the computer", &["reversi"]),
    ("Reversi, two players", &["reversi", "--two-player"]),
    ("Gomoku against the computer", &["gomoku"]),
    ("Gomoku, two players", &["gomoku", "--two-player"]),
    ("2048", &["2048"]),
];

/// Shows the menu and plays the choice.
pub fn run() -> Result<()> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        Cli::command().print_help()?;
        return Ok(());
    }
    println!("Tabula — classic games with computer players\n");
    for (i, (label, _)) in ENTRIES.iter().enumerate() {
        println!("  {}) {label}", i + 1);
    }
    println!("  q) quit");
    loop {
        print!("\nChoose: ");
        io::stdout().flush()?;
        let mut line = String::new();
        if io::stdin().lock().read_line(&mut line)? == 0 {
            return Ok(());
        }
        let choice = line.trim();
        if choice.eq_ignore_ascii_case("q") {
            return Ok(());
        }
        match choice
            .parse::<usize>()
            .ok()
            .and_then(|n| ENTRIES.get(n.wrapping_sub(1)))
        {
            Some((_, args)) => {
                let argv = ["tabula-play"].iter().chain(args.iter());
                let game = <PlayGame as clap::Subcommand>::augment_subcommands(clap::Command::new(
                    "tabula-play",
                ))
                .try_get_matches_from(argv)
                .and_then(|m| <PlayGame as clap::FromArgMatches>::from_arg_matches(&m))
                .expect("menu entries are valid play arguments");
                return game.run();
            }
            None => println!("Type a number from 1 to {}, or q.", ENTRIES.len()),
        }
    }
}
