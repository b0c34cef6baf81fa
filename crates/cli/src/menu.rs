//! `tabula` with no arguments: on a terminal, a small menu to pick a game and a mode; otherwise
//! the usage.

use std::io::{self, IsTerminal, Write};

use clap::CommandFactory;
use tabula_i18n::{tr, Catalog};

use crate::cli::Cli;
use crate::error::Result;
use crate::games::PlayGame;

/// The menu's entries: a label's catalog key and the `tabula play` arguments it stands for.
const ENTRIES: &[(&str, &[&str])] = &[
    ("console-menu-ttt-computer", &["tictactoe"]),
    ("console-menu-ttt-people", &["tictactoe", "--two-player"]),
    ("console-menu-reversi-computer", &["reversi"]),
    ("console-menu-reversi-people", &["reversi", "--two-player"]),
    ("console-menu-gomoku-computer", &["gomoku"]),
    ("console-menu-gomoku-people", &["gomoku", "--two-player"]),
    ("console-menu-2048", &["2048"]),
];

/// Shows the menu and plays the choices, coming back to it after each game, until `q` or the
/// end of input. The texts come from `cat`.
pub fn run(cat: &Catalog) -> Result<()> {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        Cli::command().print_help()?;
        return Ok(());
    }
    // Standard input is locked a line at a time: the games lock it while they run.
    choose_and_play(
        &mut |line| io::stdin().read_line(line),
        &mut io::stdout(),
        cat,
        &mut |game| game.run(cat),
    )
}

/// Reads one line into the string, as `BufRead::read_line`.
type ReadLine<'a> = &'a mut dyn FnMut(&mut String) -> io::Result<usize>;

/// The menu loop: shows the entries, reads a choice with `input` and passes the game to
/// `play`; a game that fails is reported and the menu comes back.
fn choose_and_play(
    input: ReadLine,
    output: &mut dyn Write,
    cat: &Catalog,
    play: &mut dyn FnMut(PlayGame) -> Result<()>,
) -> Result<()> {
    writeln!(output, "{}", tr!(cat, "console-menu-title"))?;
    loop {
        writeln!(output)?;
        for (i, (label, _)) in ENTRIES.iter().enumerate() {
            writeln!(output, "  {}) {}", i + 1, cat.text(label))?;
        }
        writeln!(output, "  q) {}", tr!(cat, "console-menu-quit"))?;
        let Some(game) = read_choice(&mut *input, output, cat)? else {
            return Ok(());
        };
        if let Err(e) = play(game) {
            writeln!(output, "tabula: {}", e.render(cat))?;
        }
    }
}

/// Asks for an entry until one is chosen; `None` for `q` or the end of input.
fn read_choice(input: ReadLine, output: &mut dyn Write, cat: &Catalog) -> Result<Option<PlayGame>> {
    loop {
        write!(output, "\n{}", tr!(cat, "console-menu-choose"))?;
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
            None => writeln!(
                output,
                "{}",
                tr!(cat, "console-menu-bad-choice", count = ENTRIES.len())
            )?,
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
            &Catalog::new(tabula_i18n::Lang::En),
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

    #[test]
    fn the_menu_speaks_the_catalogs_language() {
        let mut script = "x\n2\nq\n".as_bytes();
        let mut output = Vec::new();
        let mut played = 0;
        choose_and_play(
            &mut |line| script.read_line(line),
            &mut output,
            &Catalog::new(tabula_i18n::Lang::ZhCn),
            &mut |_| {
                played += 1;
                Err(crate::error::CliError::usage_key(
                    "cli-error-first",
                    &[("value", "\"Z\"".to_string())],
                ))
            },
        )
        .unwrap();
        assert_eq!(played, 1);
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("  1) 井字棋：对战电脑"), "{text}");
        assert!(text.contains("  q) 退出"), "{text}");
        assert!(text.contains("请选择："), "{text}");
        assert!(text.contains("请输入 1 到 7 的数字，或 q。"), "{text}");
        assert!(
            text.contains("tabula: --first 只接受 X、O 或 random，而不是 \"Z\""),
            "a failed game is reported in the same language: {text}"
        );
    }
}
