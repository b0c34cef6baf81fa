//! 2048's board: sixteen tiles, `a1` top-left.

use tabula_2048::{Game2048, Move};
use tabula_core::{Game, Player};
use tabula_games::{GameKind, Rules, RulesError};

use crate::present::{letters, numbers, Present};
use crate::view::{ChangeView, Piece, SlideView};

impl Present for Game2048 {
    const KIND: GameKind = GameKind::Game2048;

    fn start(rules: &Rules, _first: Player) -> Result<Self, RulesError> {
        rules.validate()?;
        Ok(Game2048::initial())
    }

    fn grid(&self) -> (usize, usize) {
        (4, 4)
    }

    fn piece(&self, cell: usize) -> Piece {
        match self.tile(cell) {
            0 => Piece::Empty,
            value => Piece::Tile(value),
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        format!("{}{}", char::from(b'a' + (cell % 4) as u8), cell / 4 + 1)
    }

    fn labels(&self) -> (Vec<String>, Vec<String>) {
        (letters(4), numbers(4, false))
    }

    fn move_cell(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Slide(_) => None,
            Move::Spawn { cell, .. } => Some(cell as usize),
        }
    }

    fn winning_line(&self) -> Vec<usize> {
        Vec::new()
    }

    fn change(before: &Self, mv: Move, _after: &Self) -> ChangeView {
        match mv {
            Move::Slide(direction) => {
                let slides: Vec<SlideView> = before
                    .slide_steps(direction)
                    .into_iter()
                    .map(|s| SlideView {
                        from: s.from,
                        to: s.to,
                        value: before.tile(s.from),
                        merged: s.merged,
                    })
                    .collect();
                let merged = slides.iter().filter(|s| s.merged).map(|s| s.to).collect();
                ChangeView {
                    slides,
                    merged,
                    ..ChangeView::default()
                }
            }
            Move::Spawn { cell, .. } => ChangeView {
                spawned: vec![cell as usize],
                ..ChangeView::default()
            },
        }
    }

    fn scores(&self) -> Vec<u64> {
        vec![self.score()]
    }

    fn goal_reached(&self, rules: &Rules) -> bool {
        let goal = match *rules {
            Rules::Game2048 { goal } => goal,
            _ => tabula_games::DEFAULT_GOAL,
        };
        self.max_tile() >= goal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_2048::Direction;

    #[test]
    fn a_slide_lists_paths_and_merges() {
        let before = Game2048::parse_position("2,2,0,4,0,0,0,0,0,0,0,0,0,0,0,0").unwrap();
        let mv = Move::Slide(Direction::Left);
        let mut after = before;
        after.play(mv);
        let change = Game2048::change(&before, mv, &after);
        assert_eq!(change.merged, vec![0]);
        assert_eq!(change.slides.len(), 3);
        assert!(change
            .slides
            .iter()
            .any(|s| s.from == 3 && s.to == 1 && !s.merged && s.value == 4));
        assert_eq!(after.piece(0), Piece::Tile(4));
        assert_eq!(after.scores(), vec![4]);
        assert!(!after.goal_reached(&Rules::Game2048 { goal: 8 }));
        assert!(after.goal_reached(&Rules::Game2048 { goal: 4 }));
    }
}
