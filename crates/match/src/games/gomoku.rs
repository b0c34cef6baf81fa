//! Gomoku's board: `size` × `size` points, rows numbered from the bottom as renju books do.

use tabula_core::{Game, Player};
use tabula_games::{GameKind, Rules, RulesError};
use tabula_gomoku::{Cell, Gomoku, Point, Rule};

use crate::present::{letters, numbers, Present};
use crate::view::{ChangeView, Piece};

impl Present for Gomoku {
    const KIND: GameKind = GameKind::Gomoku;

    fn start(rules: &Rules, _first: Player) -> Result<Self, RulesError> {
        let (size, rule) = match *rules {
            Rules::Gomoku { size, rule } => (size, rule),
            _ => (tabula_gomoku::rules::DEFAULT_SIZE, Rule::Freestyle),
        };
        Gomoku::new(size, rule).map_err(|_| RulesError::Size(size))
    }

    fn grid(&self) -> (usize, usize) {
        (self.size(), self.size())
    }

    fn piece(&self, cell: usize) -> Piece {
        match self.cell(cell as Point) {
            Cell::Stone(p) => Piece::Player(p),
            Cell::Empty => Piece::Empty,
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        self.move_string(cell as Point)
    }

    fn labels(&self) -> (Vec<String>, Vec<String>) {
        (letters(self.size()), numbers(self.size(), true))
    }

    fn move_cell(&self, mv: Point) -> Option<usize> {
        Some(mv as usize)
    }

    fn winning_line(&self) -> Vec<usize> {
        self.winning_line()
            .map(|line| line.into_iter().map(usize::from).collect())
            .unwrap_or_default()
    }

    fn change(_before: &Self, mv: Point, _after: &Self) -> ChangeView {
        ChangeView {
            placed: Some(mv as usize),
            ..ChangeView::default()
        }
    }

    fn scores(&self) -> Vec<u64> {
        let mut counts = vec![0; 2];
        for (_, player) in self.occupied() {
            counts[player] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_count_from_the_bottom() {
        let game = Gomoku::parse_position("h8 i9 h9 i10 h10 i11 h11 i12 h12").unwrap();
        assert_eq!(game.grid(), (15, 15));
        let (columns, rows) = game.labels();
        assert_eq!(columns[7], "h");
        assert_eq!(rows[0], "15");
        assert_eq!(rows[14], "1");
        // h8 is the centre: row 8 from the bottom is the 8th row from the top on 15x15.
        let centre = 7 * 15 + 7;
        assert_eq!(game.cell_name(centre), "h8");
        assert_eq!(game.piece(centre), Piece::Player(0));
        let line = Present::winning_line(&game);
        let names: Vec<String> = line.iter().map(|&c| game.cell_name(c)).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, ["h10", "h11", "h12", "h8", "h9"]);
        assert_eq!(game.scores(), vec![5, 4]);
    }
}
