//! What a game shows: the per-game half of the view model. Each game implements [`Present`] in
//! its own module under `games/`; the controller builds a [`crate::View`] from it without knowing
//! any rules.

use tabula_core::{AgentCatalog, Player};
use tabula_games::{GameKind, Rules, RulesError};

use crate::view::{ChangeView, ForbiddenView, Piece};

/// A game's board as a front end draws it. Cells are numbered row-major from the top-left.
pub trait Present: AgentCatalog {
    /// Which game this is.
    const KIND: GameKind;

    /// A new game's start position under `rules`, with `first` to move where the game lets
    /// either side start (tic-tac-toe, reversi); elsewhere the standard first player moves.
    fn start(rules: &Rules, first: Player) -> Result<Self, RulesError>;

    /// Columns and rows of the board.
    fn grid(&self) -> (usize, usize);

    /// What stands on `cell`.
    fn piece(&self, cell: usize) -> Piece;

    /// The cell's name in the game's notation.
    fn cell_name(&self, cell: usize) -> String;

    /// The labels of the columns, left to right, and of the rows, top to bottom.
    fn labels(&self) -> (Vec<String>, Vec<String>);

    /// The cell a move is played on; `None` for moves without one (a pass, a slide, a tile).
    fn move_cell(&self, mv: Self::Move) -> Option<usize>;

    /// The cells of the winning line once the game is won on the board, in order.
    fn winning_line(&self) -> Vec<usize>;

    /// What `mv` changed from `before` to `after`, for animations.
    fn change(before: &Self, mv: Self::Move, after: &Self) -> ChangeView;

    /// Disc or stone counts per player, or the score of a one-player game.
    fn scores(&self) -> Vec<u64>;

    /// Whether the goal of `rules` is reached (2048's goal tile); `false` for other games.
    fn goal_reached(&self, _rules: &Rules) -> bool {
        false
    }

    /// The empty points the player to move may not play, with the reason (renju's forbidden
    /// points while black is to move); empty for other games and rules.
    fn forbidden(&self) -> Vec<ForbiddenView> {
        Vec::new()
    }

    /// The ways a computer player may place the next `stones` stones of a swap opening, each
    /// the moves in order; the controller plays the one its engine values nearest to even.
    /// Empty for games without swap openings.
    fn opening_candidates(&self, _stones: usize) -> Vec<Vec<Self::Move>> {
        Vec::new()
    }
}

/// The letters `a`, `b`, … of `n` columns.
pub(crate) fn letters(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| char::from(b'a' + i as u8).to_string())
        .collect()
}

/// Row numbers `1`…`n` from the top, or `n`…`1` when rows count from the bottom.
pub(crate) fn numbers(n: usize, from_bottom: bool) -> Vec<String> {
    (0..n)
        .map(|i| if from_bottom { n - i } else { i + 1 }.to_string())
        .collect()
}
