//! Reversi's board: 64 squares, `a1` top-left.

use tabula_core::{Game, Player};
use tabula_games::{GameKind, Rules, RulesError};
use tabula_reversi::{Move, Reversi};

use crate::present::{letters, numbers, Present};
use crate::view::{ChangeView, Piece};

impl Present for Reversi {
    const KIND: GameKind = GameKind::Reversi;

    fn start(_rules: &Rules, first: Player) -> Result<Self, RulesError> {
        Ok(Reversi::start(first))
    }

    fn grid(&self) -> (usize, usize) {
        (8, 8)
    }

    fn piece(&self, cell: usize) -> Piece {
        (0..2)
            .find(|&p| self.discs(p) >> cell & 1 == 1)
            .map_or(Piece::Empty, Piece::Player)
    }

    fn cell_name(&self, cell: usize) -> String {
        self.move_string(Move::square(cell))
    }

    fn labels(&self) -> (Vec<String>, Vec<String>) {
        (letters(8), numbers(8, false))
    }

    fn move_cell(&self, mv: Move) -> Option<usize> {
        mv.to_square()
    }

    fn winning_line(&self) -> Vec<usize> {
        Vec::new()
    }

    fn change(before: &Self, mv: Move, after: &Self) -> ChangeView {
        let Some(placed) = mv.to_square() else {
            return ChangeView::default();
        };
        let mover = before.to_move();
        let turned = after.discs(mover) & before.discs(mover ^ 1);
        let mut flipped: Vec<usize> = (0..64).filter(|sq| turned >> sq & 1 == 1).collect();
        let distance = |sq: usize| {
            let (r, c) = (sq / 8, sq % 8);
            r.abs_diff(placed / 8).max(c.abs_diff(placed % 8))
        };
        flipped.sort_by_key(|&sq| (distance(sq), sq));
        ChangeView {
            placed: Some(placed),
            flipped,
            ..ChangeView::default()
        }
    }

    fn scores(&self) -> Vec<u64> {
        (0..2)
            .map(|p| u64::from(self.discs(p).count_ones()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_flips_one_disc() {
        let start = Reversi::initial();
        let mv = start.parse_move("f5").unwrap();
        let mut after = start;
        after.play(mv);
        let change = Reversi::change(&start, mv, &after);
        assert_eq!(change.placed, Some(37));
        assert_eq!(change.flipped.len(), 1);
        assert_eq!(after.cell_name(change.flipped[0]), "e5");
        assert_eq!(after.scores(), vec![4, 1]);
        assert_eq!(after.piece(37), Piece::Player(0));
    }
}
