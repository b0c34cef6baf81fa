//! Tic-tac-toe in the console: the board with its coordinates, the winning line blinking.

use clap::Args;
use rand::Rng;
use tabula_core::{AgentCatalog, Session};
use tabula_i18n::{tr, Catalog};
use tabula_tictactoe::{Mark, TicTacToe};

use crate::console::style::codes;
use crate::console::{self, seat_from_arg, BoardView, ConsoleOptions, Io, Style};
use crate::error::Result;

/// `tabula play tictactoe` options.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays X: `human` (the default) or an agent spec.
    #[arg(short = 'X', value_name = "SEAT")]
    pub x: Option<String>,
    /// Who plays O: `human` or an agent spec (default: minimax).
    #[arg(short = 'O', value_name = "SEAT")]
    pub o: Option<String>,
    /// Who moves first: X, O or random.
    #[arg(
        long,
        visible_alias = "starting",
        value_name = "X|O|random",
        default_value = "X"
    )]
    pub first: String,
    /// Two people at one keyboard (both seats human).
    #[arg(long)]
    pub two_player: bool,
    /// Ask nothing when a game ends.
    #[arg(long)]
    pub once: bool,
}

impl PlayArgs {
    /// The seats' specs: `-X` and `-O`, a person against the perfect player by default.
    pub fn seats(&self) -> Result<[&str; 2]> {
        console::seat_specs(
            self.two_player,
            [
                ("-X", self.x.as_deref(), "human"),
                ("-O", self.o.as_deref(), TicTacToe::OPPONENT),
            ],
        )
    }
}

/// Plays tic-tac-toe in the console, its texts from `cat`.
pub fn play(args: PlayArgs, cat: &Catalog) -> Result<()> {
    let first = console::first_mover(&args.first)?;
    let [x, o] = args.seats()?;
    let seats = vec![seat_from_arg(x)?, seat_from_arg(o)?];
    let mut session = Session::new(
        TicTacToe::new(Mark::of_player(console::pick_first(first))),
        seats,
        rand::rng().random(),
    );
    let options = ConsoleOptions::for_stdout(std::time::Duration::ZERO, args.once);
    let mut io = Io::stdio();
    console::run(
        &mut session,
        &mut TicTacToeView,
        &mut io,
        &options,
        cat,
        &mut || TicTacToe::new(Mark::of_player(console::pick_first(first))),
    )
}

/// The tic-tac-toe board view.
pub struct TicTacToeView;

impl BoardView<TicTacToe> for TicTacToeView {
    fn draw(&self, session: &Session<TicTacToe>, style: &Style, _cat: &Catalog) -> String {
        let state = session.state();
        let winning = state.winning_cells();
        let last = session.moves().last().copied();
        let mut lines = vec![style.paint("    a   b   c", codes::DIM)];
        for row in 0..3u8 {
            let cells: Vec<String> = (0..3u8)
                .map(|column| {
                    let cell = TicTacToe::cell_at(column, row);
                    let text = state.cell(cell).map_or(" ".to_string(), |m| m.to_string());
                    if winning & (1 << cell) != 0 {
                        style.paint(&text, codes::WIN)
                    } else if last == Some(cell) {
                        style.paint(&text, codes::LAST)
                    } else {
                        text
                    }
                })
                .collect();
            lines.push(format!(
                "{}   {} | {} | {}",
                style.paint(&(row + 1).to_string(), codes::DIM),
                cells[0],
                cells[1],
                cells[2]
            ));
            if row < 2 {
                lines.push("   ---+---+---".to_string());
            }
        }
        lines.join("\n")
    }

    fn move_help(&self, cat: &Catalog) -> String {
        tr!(cat, "console-ttt-move-help")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::{Game, Seat};
    use tabula_i18n::Lang;

    #[test]
    fn draws_the_board_with_coordinates_and_no_colour_when_plain() {
        let start = TicTacToe::parse_position("XXXOO....").unwrap();
        let session = Session::new(start, vec![Seat::Human, Seat::Human], 0);
        let en = Catalog::new(Lang::En);
        let plain = TicTacToeView.draw(&session, &Style::default(), &en);
        assert_eq!(plain, "    a   b   c\n1   X | X | X\n   ---+---+---\n2   O | O |  \n   ---+---+---\n3     |   |  ");
        let coloured = TicTacToeView.draw(
            &session,
            &Style {
                color: true,
                unicode: false,
            },
            &en,
        );
        assert_eq!(
            coloured.matches("\x1b[1;5mX").count(),
            3,
            "the winning line blinks"
        );
    }
}
