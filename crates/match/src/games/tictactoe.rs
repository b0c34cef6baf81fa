//! Tic-tac-toe's board: nine cells, `a1` top-left.

use tabula_core::Player;
use tabula_games::{GameKind, Rules, RulesError};
use tabula_tictactoe::{Mark, TicTacToe};

use crate::present::{letters, numbers, Present};
use crate::view::{ChangeView, Piece};

impl Present for TicTacToe {
    const KIND: GameKind = GameKind::TicTacToe;

    fn start(_rules: &Rules, first: Player) -> Result<Self, RulesError> {
        Ok(TicTacToe::new(Mark::of_player(first)))
    }

    fn grid(&self) -> (usize, usize) {
        (3, 3)
    }

    fn piece(&self, cell: usize) -> Piece {
        match self.cell(cell as u8) {
            Some(mark) => Piece::Player(mark.player()),
            None => Piece::Empty,
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        tabula_tictactoe::notation::cell_name(cell as u8)
    }

    fn labels(&self) -> (Vec<String>, Vec<String>) {
        (letters(3), numbers(3, false))
    }

    fn move_cell(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }

    fn winning_line(&self) -> Vec<usize> {
        let cells = self.winning_cells();
        (0..9).filter(|c| cells >> c & 1 == 1).collect()
    }

    fn change(_before: &Self, mv: u8, _after: &Self) -> ChangeView {
        ChangeView {
            placed: Some(mv as usize),
            ..ChangeView::default()
        }
    }

    fn scores(&self) -> Vec<u64> {
        [Mark::X, Mark::O]
            .map(|m| u64::from(self.mask(m).count_ones()))
            .to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;

    #[test]
    fn cells_names_and_line() {
        let game = TicTacToe::parse_position("XXXOO.... O").unwrap();
        assert_eq!(game.piece(0), Piece::Player(0));
        assert_eq!(game.piece(3), Piece::Player(1));
        assert_eq!(game.piece(8), Piece::Empty);
        assert_eq!(game.cell_name(0), "a1");
        assert_eq!(game.cell_name(5), "c2");
        assert_eq!(game.winning_line(), vec![0, 1, 2]);
        assert_eq!(game.scores(), vec![3, 2]);
    }
}
