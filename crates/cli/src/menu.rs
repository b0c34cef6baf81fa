//! `tabula` with no arguments: on a terminal, a small menu to pick a game and a mode; otherwise
//! the usage.

use std::io::{self, IsTerminal, Write};

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

/// Shows the menu and plays the choices, coming back to it after each game, until `q` or the
/// end of input.
pub fn run() -> Result<()> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        Cli::command().print_help()?;
        return Ok(());
    }
    // Standard input is locked a line at a time: the games lock it while they run.
    choose_and_play(
        &mut |line| io::stdin().read_line(line),
        &mut io::stdout(),
        &mut |game| game.run(),
    )
}

/// Reads one line into the string, as `BufRead::read_line`.
type ReadLine<'a> = &'a mut dyn FnMut(&mut String) -> io::Result<usize>;

/// The menu loop: shows the entries, reads a choice with `input` and passes the game to
/// `play`; a game that fails is reported and the menu comes back.
fn choose_and_play(
    input: ReadLine,
    output: &mut dyn Write,
    play: &mut dyn FnMut(PlayGame) -> Result<()>,
) -> Result<()> {
    writeln!(output, "Tabula — classic games with computer players")?;
    loop {
        writeln!(output)?;
        for (i, (label, _)) in ENTRIES.iter().enumerate() {
            writeln!(output, "  {}) {label}", i + 1)?;
        }
        writeln!(output, "  q) quit")?;
        let Some(game) = read_choice(&mut *input, output)? else {
            return Ok(());
        };
        if let Err(e) = play(game) {
            writeln!(output, "tabula: {e}")?;
        }
    }
}

/// Asks for an entry until one is chosen; `None` for `q` or the end of input.
fn read_choice(input: ReadLine, output: &mut dyn Write) -> Result<Option<PlayGame>> {
    loop {
        write!(output, "\nChoose: ")?;
        output.flush()?;
        let mut line = String::new();
        if input(&mut line)? == 0 {
            return Ok(None);
        }
        let choice = line.trim();
        if choice.eq_ignore_ascii_case("q") {
            return Ok(None);
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
                return Ok(Some(game));
            }
            None => writeln!(output, "Type a number from 1 to {}, or q.", ENTRIES.len())?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufRead;

    #[test]
    fn the_menu_comes_back_after_each_game() {
        let mut script = "1\nx\n7\nq\n1\n".as_bytes();
        let mut output = Vec::new();
        let mut played = Vec::new();
        choose_and_play(
            &mut |line| script.read_line(line),
            &mut output,
            &mut |game| {
                played.push(matches!(game, PlayGame::TicTacToe(_)));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(played, [true, false], "two games, then q");
        let text = String::from_utf8(output).unwrap();
        assert_eq!(text.matches("q) quit").count(), 3, "{text}");
        assert!(text.contains("Type a number from 1 to 7, or q."));
    }
}
