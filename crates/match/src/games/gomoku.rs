//! Gomoku's board: `size` × `size` points, rows numbered from the bottom as renju books do.

use tabula_core::Turn;
use tabula_core::{Game, Player};
use tabula_games::{GameKind, Rules, RulesError};
use tabula_gomoku::{Cell, Forbidden, Gomoku, Point, Rule};

use crate::present::{letters, numbers, Present};
use crate::view::{ChangeView, ForbiddenReason, ForbiddenView, Piece};

impl Present for Gomoku {
    const KIND: GameKind = GameKind::Gomoku;

    fn start(rules: &Rules, _first: Player) -> Result<Self, RulesError> {
        let (size, rule) = match *rules {
            Rules::Gomoku { size, rule, .. } => (size, rule),
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

    fn forbidden(&self) -> Vec<ForbiddenView> {
        if self.turn() != Turn::Player(0) {
            return Vec::new();
        }
        self.forbidden_points()
            .into_iter()
            .map(|(p, why)| ForbiddenView {
                cell: p as usize,
                reason: match why {
                    Forbidden::DoubleThree => ForbiddenReason::DoubleThree,
                    Forbidden::DoubleFour => ForbiddenReason::DoubleFour,
                    Forbidden::Overline => ForbiddenReason::Overline,
                },
            })
            .collect()
    }

    /// Openings are shaped the way the renju opening catalogue shapes them: every stone in the
    /// 5 × 5 square around the centre; the stone before the last touches the centre stone
    /// straight or diagonally (the catalogue's "direct" and "indirect" families); the last may
    /// go on any free point of the square. Stones before those go nearest the centre.
    fn opening_candidates(&self, stones: usize) -> Vec<Vec<Point>> {
        if stones == 0 {
            return Vec::new();
        }
        let centre = (self.size() / 2) as i32;
        let mut square: Vec<(i32, i32)> = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| (dx, dy)))
            .collect();
        square.sort_by_key(|&(dx, dy)| (dx.abs().max(dy.abs()), dx.abs() + dy.abs()));
        let at = |(dx, dy): (i32, i32)| self.point(centre + dx, centre + dy);
        let mut board = *self;
        let mut prefix = Vec::new();
        let free = |board: &Gomoku, offsets: &[(i32, i32)]| -> Vec<Point> {
            offsets
                .iter()
                .filter_map(|&o| at(o))
                .filter(|&p| board.cell(p) == Cell::Empty)
                .collect()
        };
        for _ in 2..stones {
            let Some(&p) = free(&board, &square).first() else {
                return Vec::new();
            };
            board.play(p);
            prefix.push(p);
        }
        let seconds: Vec<Point> = if stones >= 2 {
            let straight = free(&board, &[(0, -1), (1, 0), (0, 1), (-1, 0)]);
            let diagonal = free(&board, &[(1, -1), (1, 1), (-1, 1), (-1, -1)]);
            let mut picks: Vec<Point> = straight.first().into_iter().copied().collect();
            picks.extend(diagonal.first().copied());
            if picks.is_empty() {
                picks.extend(free(&board, &square).first().copied());
            }
            picks
        } else {
            Vec::new()
        };
        let mut candidates = Vec::new();
        let mut finish = |board: &Gomoku, start: Vec<Point>| {
            for last in free(board, &square) {
                let mut line = start.clone();
                line.push(last);
                candidates.push(line);
            }
        };
        if stones == 1 {
            finish(&board, prefix);
        } else {
            for second in seconds {
                let mut next = board;
                next.play(second);
                let mut start = prefix.clone();
                start.push(second);
                finish(&next, start);
            }
        }
        candidates
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

    #[test]
    fn opening_candidates_stay_in_the_centre_square() {
        let empty = Gomoku::initial();
        let three = empty.opening_candidates(3);
        // Centre, one of two neighbours, then any of the 23 free points of the square.
        assert_eq!(three.len(), 2 * 23);
        for line in &three {
            assert_eq!(empty.move_string(line[0]), "h8");
            let mut board = empty;
            for &p in line {
                assert!(board.try_play(p).is_ok());
                let (x, y) = board.coords(p);
                assert!((5..=9).contains(&x) && (5..=9).contains(&y));
            }
        }
        let seconds: std::collections::HashSet<String> =
            three.iter().map(|l| empty.move_string(l[1])).collect();
        assert_eq!(seconds.len(), 2);
        let after_two = Gomoku::parse_position("h8 h9").unwrap();
        assert_eq!(after_two.opening_candidates(1).len(), 23);
        assert!(after_two.opening_candidates(0).is_empty());
        let small = Gomoku::new(5, Rule::Freestyle).unwrap();
        assert_eq!(small.opening_candidates(3).len(), 2 * 23);
    }
}
