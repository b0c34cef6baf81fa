//! Gomoku in the console: the board with its coordinates, the last move marked, optional move
//! numbers, the winning row shown.

use clap::Args;
use rand::Rng;
use tabula_core::{quote, AgentCatalog, Game, Outcome, Session};
use tabula_gomoku::{Cell, Gomoku, Rule};

use crate::console::style::codes;
use crate::console::{self, seat_from_arg, BoardView, ConsoleOptions, Io, Style};
use crate::error::{CliError, Result};

/// `tabula play gomoku` options.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays black (X, moves first): `human` (the default) or an agent spec.
    #[arg(short = 'X', visible_short_alias = 'B', value_name = "SEAT")]
    pub black: Option<String>,
    /// Who plays white (O): `human` or an agent spec (default: engine).
    #[arg(short = 'O', visible_short_alias = 'W', value_name = "SEAT")]
    pub white: Option<String>,
    /// Board size, 5 to 22.
    #[arg(long, default_value_t = 15)]
    pub size: usize,
    /// `freestyle` (five or more wins) or `standard` (exactly five).
    #[arg(long, default_value = "freestyle")]
    pub rule: String,
    /// Two people at one keyboard (both seats human).
    #[arg(long)]
    pub two_player: bool,
    /// Show move numbers on the stones from the start.
    #[arg(long)]
    pub numbers: bool,
    /// Ask nothing when a game ends.
    #[arg(long)]
    pub once: bool,
}

impl PlayArgs {
    /// The seats' specs: black and white, a person against the engine by default.
    pub fn seats(&self) -> Result<[&str; 2]> {
        console::seat_specs(
            self.two_player,
            [
                ("-X/-B", self.black.as_deref(), "human"),
                ("-O/-W", self.white.as_deref(), Gomoku::OPPONENT),
            ],
        )
    }
}

/// Plays gomoku in the console.
pub fn play(args: PlayArgs) -> Result<()> {
    let rule = Rule::from_name(&args.rule).ok_or_else(|| {
        CliError::usage(format!(
            "--rule takes freestyle, standard or renju, not {}",
            quote(&args.rule)
        ))
    })?;
    let start = Gomoku::new(args.size, rule)?;
    let [black, white] = args.seats()?;
    let seats = vec![seat_from_arg(black)?, seat_from_arg(white)?];
    let mut session = Session::new(start, seats, rand::rng().random());
    let options = ConsoleOptions::for_stdout(std::time::Duration::ZERO, args.once);
    let mut io = Io::stdio();
    let mut view = GomokuView {
        numbers: args.numbers,
    };
    console::run(&mut session, &mut view, &mut io, &options, &mut || start)
}

/// The gomoku board view.
pub struct GomokuView {
    /// Show move numbers instead of plain stones.
    pub numbers: bool,
}

impl GomokuView {
    /// The symbol of a stone of `player`.
    fn stone(player: usize, style: &Style) -> &'static str {
        match (player, style.unicode) {
            (0, true) => "●",
            (_, true) => "○",
            (0, false) => "X",
            (_, false) => "O",
        }
    }
}

impl BoardView<Gomoku> for GomokuView {
    fn draw(&self, session: &Session<Gomoku>, style: &Style) -> String {
        let state = session.state();
        let size = state.size();
        let last = session.moves().last().copied();
        let winning = state.winning_line().unwrap_or_default();
        // Each point is a separator (a bracket around the last move) and `width` characters:
        // one for a stone, or room for the highest move number and the stone.
        let width = if self.numbers {
            session.moves().len().max(1).to_string().len() + 1
        } else {
            1
        };
        let letters: String = (0..size)
            .map(|x| format!(" {:>width$}", tabula_gomoku::notation::column_letter(x)))
            .collect();
        let header = style.paint(&format!("   {letters}"), codes::DIM);
        let mut lines = vec![header.clone()];
        for y in 0..size {
            let row = size - y;
            let mut line = style.paint(&format!("{row:>3}"), codes::DIM);
            let mut after_last = false;
            for x in 0..size {
                let p = (y * size + x) as u16;
                let is_last = last == Some(p);
                line.push(if is_last {
                    '['
                } else if after_last {
                    ']'
                } else {
                    ' '
                });
                after_last = is_last;
                let text = match state.cell(p) {
                    Cell::Empty => ".".to_string(),
                    Cell::Stone(player) => {
                        let stone = Self::stone(player, style);
                        match session.moves().iter().position(|&m| m == p) {
                            Some(i) if self.numbers => format!("{}{stone}", i + 1),
                            _ => stone.to_string(),
                        }
                    }
                };
                line.push_str(&" ".repeat(width.saturating_sub(text.chars().count())));
                line.push_str(&if is_last {
                    style.paint(&text, codes::LAST)
                } else if winning.contains(&p) {
                    style.paint(&text, codes::WIN)
                } else {
                    text
                });
            }
            line.push(if after_last { ']' } else { ' ' });
            line.push_str(&style.paint(&row.to_string(), codes::DIM));
            lines.push(line);
        }
        lines.push(header);
        lines.join("\n")
    }

    fn move_help(&self) -> &'static str {
        "a point like h8: column letter, row number from the bottom"
    }

    fn command(&mut self, word: &str, _session: &mut Session<Gomoku>) -> Option<String> {
        (word == "numbers").then(|| {
            self.numbers = !self.numbers;
            format!(
                "Move numbers {}.",
                if self.numbers { "shown" } else { "hidden" }
            )
        })
    }

    fn command_help(&self) -> &'static str {
        "  numbers         show or hide move numbers"
    }

    fn outcome(&self, state: &Gomoku, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(p) => {
                // The row from its left (or lower) end, as a person reads it.
                let mut points = state.winning_line().unwrap_or_default();
                points.sort_by_key(|&q| {
                    let (x, y) = state.coords(q);
                    (x, -y)
                });
                let line: Vec<String> = points.iter().map(|&q| state.move_string(q)).collect();
                format!("{} wins with {}!", Gomoku::player_name(p), line.join(" "))
            }
            _ => "The board is full: it's a draw.".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Seat;

    #[test]
    fn draws_coordinates_the_last_move_and_numbers() {
        let start = Gomoku::new(5, Rule::Freestyle).unwrap();
        let mut session = Session::new(start, vec![Seat::Human, Seat::Human], 0);
        session.play_text("c3").unwrap();
        session.play_text("d4").unwrap();
        let mut view = GomokuView { numbers: false };
        let plain = view.draw(&session, &Style::default());
        assert_eq!(
            plain,
            "    a b c d e\n  5 . . . . . 5\n  4 . . .[O]. 4\n  3 . . X . . 3\n  2 . . . . . 2\n  1 . . . . . 1\n    a b c d e"
        );
        assert_eq!(
            view.command("numbers", &mut session).as_deref(),
            Some("Move numbers shown.")
        );
        let numbered = view.draw(&session, &Style::default());
        assert!(numbered.contains(" 1X"), "{numbered}");
        assert!(numbered.contains("[2O]"), "{numbered}");
        let unicode = GomokuView { numbers: false }.draw(
            &session,
            &Style {
                color: false,
                unicode: true,
            },
        );
        assert!(unicode.contains('●') && unicode.contains('○'));
    }
}
