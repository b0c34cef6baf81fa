//! The rules of tic-tac-toe on two 9-bit masks.
//!
//! Cells are numbered 0–8 row-major from the top-left: cell `3 * row + column`, written `a1`
//! (top-left) to `c3` (bottom-right), column letter first, rows counted from the top (see
//! [`crate::notation`]).

use std::fmt;

use tabula_core::{game_over, quote, Game, Outcome, ParseError, Player, Reason, Turn};

use crate::notation;

/// A mark, which is also the player who places it: X is player 0, O player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// X, player 0.
    X,
    /// O, player 1.
    O,
}

impl Mark {
    /// The other mark.
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// The player index of this mark.
    pub fn player(self) -> Player {
        self as Player
    }

    /// The mark of a player index.
    pub fn of_player(player: Player) -> Mark {
        if player == 0 {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// Reads `X` or `O` (either case).
    pub fn parse(text: &str) -> Option<Mark> {
        match text {
            "X" | "x" => Some(Mark::X),
            "O" | "o" => Some(Mark::O),
            _ => None,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// The eight lines of three, as cell masks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0x1ff;

/// A tic-tac-toe position: where each mark stands and who started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
    first: Mark,
}

/// Why a position string describes no position that play could reach.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPosition {
    /// Not nine cells of X, O and empty.
    #[error("a position is 9 cells of X, O or empty ('.', '-' or space), optionally followed by a space and the side to move; got {}", quote(.0))]
    Format(String),
    /// The counts of the marks differ by more than one.
    #[error("wrong number of Xs and Os ({x} X, {o} O): they take turns")]
    Counts {
        /// Xs on the board.
        x: u32,
        /// Os on the board.
        o: u32,
    },
    /// The side to move does not fit the counts.
    #[error("wrong starting mark: with {x} X and {o} O, {to_move} cannot be to move")]
    SideToMove {
        /// Xs on the board.
        x: u32,
        /// Os on the board.
        o: u32,
        /// The side to move given.
        to_move: Mark,
    },
    /// Both marks have three in a row.
    #[error("both X and O have three in a row")]
    TwoWinners,
    /// The winner could not have moved last.
    #[error("{winner} has three in a row but could not have moved last")]
    WinnerDidNotMoveLast {
        /// The mark with three in a row.
        winner: Mark,
    },
}

impl From<InvalidPosition> for ParseError {
    fn from(e: InvalidPosition) -> Self {
        ParseError::new(e.to_string())
    }
}

fn has_line(mask: u16) -> bool {
    LINES.iter().any(|line| line & !mask == 0)
}

impl TicTacToe {
    /// The empty board with `first` to move.
    pub fn new(first: Mark) -> Self {
        TicTacToe { x: 0, o: 0, first }
    }

    /// Builds a position from masks, checking that play could reach it.
    pub fn from_masks(x: u16, o: u16, first: Mark) -> Result<Self, InvalidPosition> {
        let (xs, os) = (x.count_ones(), o.count_ones());
        let state = TicTacToe { x, o, first };
        let (starter, follower) = match first {
            Mark::X => (xs, os),
            Mark::O => (os, xs),
        };
        if xs.abs_diff(os) > 1 {
            return Err(InvalidPosition::Counts { x: xs, o: os });
        }
        if starter != follower && starter != follower + 1 {
            return Err(InvalidPosition::SideToMove {
                x: xs,
                o: os,
                to_move: first.other(),
            });
        }
        match (has_line(x), has_line(o)) {
            (true, true) => Err(InvalidPosition::TwoWinners),
            (true, false) | (false, true) => {
                let winner = if has_line(x) { Mark::X } else { Mark::O };
                // The winner moved last, so the other side is to move.
                if state.to_move() == winner {
                    Err(InvalidPosition::WinnerDidNotMoveLast { winner })
                } else {
                    Ok(state)
                }
            }
            (false, false) => Ok(state),
        }
    }

    /// The mark that started the game.
    pub fn first(&self) -> Mark {
        self.first
    }

    /// The mark to move (also defined once the game is over: the one that would move next).
    pub fn to_move(&self) -> Mark {
        if (self.x | self.o).count_ones().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// The mark in a cell, if any.
    pub fn cell(&self, cell: u8) -> Option<Mark> {
        let bit = 1 << cell;
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The cells of `mark`, as a mask.
    pub fn mask(&self, mark: Mark) -> u16 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// The empty cells, as a mask.
    pub fn empty(&self) -> u16 {
        !(self.x | self.o) & FULL
    }

    /// The mark with three in a row, if any.
    pub fn winner(&self) -> Option<Mark> {
        if has_line(self.x) {
            Some(Mark::X)
        } else if has_line(self.o) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The cells of the winner's lines (all of them, if a move made two).
    pub fn winning_cells(&self) -> u16 {
        let Some(winner) = self.winner() else {
            return 0;
        };
        let mask = self.mask(winner);
        LINES
            .iter()
            .filter(|&&line| mask & line == line)
            .fold(0, |cells, line| cells | line)
    }

    /// The cell at `column` (0–2 from the left) and `row` (0–2 from the top).
    pub fn cell_at(column: u8, row: u8) -> u8 {
        3 * row + column
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const NAME: &'static str = "tictactoe";
    const PLAYERS: usize = 2;

    fn initial() -> Self {
        TicTacToe::new(Mark::X)
    }

    fn turn(&self) -> Turn {
        if let Some(winner) = self.winner() {
            Turn::Over(Outcome::Win(winner.player()))
        } else if self.empty() == 0 {
            Turn::Over(Outcome::Draw)
        } else {
            Turn::Player(self.to_move().player())
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        if self.winner().is_some() {
            return;
        }
        let mut empty = self.empty();
        while empty != 0 {
            moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    fn chance_outcomes(&self, _outcomes: &mut Vec<(u8, f64)>) {}

    fn play(&mut self, cell: u8) {
        let bit = 1 << cell;
        match self.to_move() {
            Mark::X => self.x |= bit,
            Mark::O => self.o |= bit,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        notation::parse_cell(text)
    }

    fn move_string(&self, cell: u8) -> String {
        notation::cell_name(cell)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn position_string(&self) -> String {
        notation::position_string(self)
    }

    fn player_name(player: Player) -> &'static str {
        match Mark::of_player(player) {
            Mark::X => "X",
            Mark::O => "O",
        }
    }

    fn illegal_reason(&self, cell: u8) -> Reason {
        if self.is_over() {
            game_over()
        } else if cell > 8 {
            Reason::new("reason-ttt-no-cell", "there is no such cell")
        } else {
            let cell = notation::cell_name(cell);
            Reason::new("reason-ttt-taken", format!("{cell} is already taken")).arg("cell", cell)
        }
    }
}
