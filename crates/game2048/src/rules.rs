//! The game state and its rules: [`Game2048`] implements [`tabula_core::Game`].

use tabula_core::{Game, Outcome, ParseError, Player, Reason, Turn};

use crate::board::{Board, Direction, ESCAPE, MAX_NIBBLE};
use crate::line::slide_line;
use crate::notation;

/// The exponent of the tile that wins (2048).
pub const WIN_EXPONENT: u8 = 11;

/// The largest exponent a position string may hold (the tile 2^20); no 4×4 game gets near it.
pub const MAX_EXPONENT: u8 = 20;

/// A move: the player's slide or chance's new tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The player slides every tile one way.
    Slide(Direction),
    /// Chance puts a tile of `value` (2 or 4) in empty cell `cell` (0..16, row-major from the
    /// top-left).
    Spawn {
        /// The cell, `4 * row + column`.
        cell: u8,
        /// The tile's value: 2 or 4.
        value: u8,
    },
}

/// A 2048 position: the tiles, the score and whether chance or the player moves next.
///
/// The tiles live on a [`Board`] (one `u64`, nibbles saturating at 32768) plus an `overflow`
/// plane that holds, for each cell above 32768, how far above (exponent − 15). The plane is zero
/// in all but the rarest games; while it is, a slide is the board's four table look-ups, and only
/// a slide whose tables flag [`ESCAPE`] or a position already past 32768 takes the exact path
/// through [`slide_line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game2048 {
    board: Board,
    overflow: u64,
    score: u64,
    chance: bool,
}

impl Game2048 {
    /// A position from sixteen exponents (row-major from the top-left, `0` empty), the score and
    /// whether chance moves next. A chance node needs an empty cell.
    pub fn from_exponents(
        exponents: [u8; 16],
        score: u64,
        chance: bool,
    ) -> Result<Self, ParseError> {
        if let Some(&e) = exponents.iter().find(|&&e| e > MAX_EXPONENT) {
            return Err(ParseError::new(format!(
                "the tile 2^{e} is too large (the largest allowed is {})",
                1u64 << MAX_EXPONENT
            )));
        }
        if chance && !exponents.contains(&0) {
            return Err(ParseError::new(
                "a new tile cannot appear: the board has no empty cell",
            ));
        }
        let mut state = Game2048 {
            board: Board::EMPTY,
            overflow: 0,
            score,
            chance,
        };
        state.set_exponents(&exponents);
        Ok(state)
    }

    /// The tiles as exponents (`0` empty, `k` the tile `2^k`), row-major from the top-left.
    pub fn exponents(&self) -> [u8; 16] {
        std::array::from_fn(|c| self.board.exponent(c) + ((self.overflow >> (4 * c)) & 0xf) as u8)
    }

    fn set_exponents(&mut self, exponents: &[u8; 16]) {
        self.board = Board::from_exponents(exponents);
        self.overflow = exponents.iter().enumerate().fold(0, |plane, (c, &e)| {
            plane | u64::from(e.saturating_sub(MAX_NIBBLE)) << (4 * c)
        });
    }

    /// The value of the tile in `cell` (0 where empty).
    pub fn tile(&self, cell: usize) -> u64 {
        tile_value(self.exponents()[cell])
    }

    /// The board as search sees it: exact up to 32768, larger tiles shown as 32768.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The points scored so far.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// The largest tile on the board (0 on an empty board).
    pub fn max_tile(&self) -> u64 {
        tile_value(self.exponents().into_iter().max().unwrap_or(0))
    }

    /// The sum of all tiles.
    pub fn tile_sum(&self) -> u64 {
        self.exponents().into_iter().map(tile_value).sum()
    }

    /// Whether a 2048 tile (or larger) has been made: the game is won, and play may go on.
    pub fn has_won(&self) -> bool {
        self.board.max_exponent() >= WIN_EXPONENT
    }

    /// Whether chance places a tile next.
    pub fn is_chance(&self) -> bool {
        self.chance
    }

    /// Whether sliding `direction` would change the board (the player's turn assumed).
    pub fn slide_changes(&self, direction: Direction) -> bool {
        if self.overflow == 0 {
            self.board.slide(direction).0 != self.board
        } else {
            self.slide_exact(direction).0 != self.exponents()
        }
    }

    /// Where every tile goes when the player slides `direction` (the player's turn assumed),
    /// for front ends that animate the slide: each tile's cell before and after, and whether it
    /// merged into the tile ahead of it there. Tiles that stay put are listed too, with
    /// `from == to`.
    pub fn slide_steps(&self, direction: Direction) -> Vec<TileStep> {
        let exponents = self.exponents();
        let mut steps = Vec::with_capacity(16);
        for k in 0..4 {
            let cells = line_cells(direction, k);
            // The next free slot, and whether the tile last placed may still take a merge.
            let (mut slot, mut open): (usize, Option<u8>) = (0, None);
            for &cell in &cells {
                let e = exponents[cell];
                if e == 0 {
                    continue;
                }
                if open == Some(e) {
                    steps.push(TileStep {
                        from: cell,
                        to: cells[slot - 1],
                        merged: true,
                    });
                    open = None;
                } else {
                    steps.push(TileStep {
                        from: cell,
                        to: cells[slot],
                        merged: false,
                    });
                    open = Some(e);
                    slot += 1;
                }
            }
        }
        steps
    }

    /// Whether the player has a move that changes the board.
    fn can_slide(&self) -> bool {
        // A board with a tile and an empty cell can always slide somewhere.
        (self.board != Board::EMPTY && self.board.empty_cells() > 0)
            || Direction::ALL.into_iter().any(|d| self.slide_changes(d))
    }

    /// The slide on exact exponents: the path for tiles above 32768.
    fn slide_exact(&self, direction: Direction) -> ([u8; 16], u64) {
        let mut exponents = self.exponents();
        let mut score = 0;
        for k in 0..4 {
            let cells = line_cells(direction, k);
            let (line, gained) = slide_line(cells.map(|c| exponents[c]));
            for (c, e) in cells.into_iter().zip(line) {
                exponents[c] = e;
            }
            score += gained;
        }
        (exponents, score)
    }

    fn slide(&mut self, direction: Direction) {
        if self.overflow == 0 {
            let (board, gained) = self.board.slide(direction);
            if gained & ESCAPE == 0 {
                self.board = board;
                self.score += u64::from(gained);
                self.chance = true;
                return;
            }
        }
        let (exponents, gained) = self.slide_exact(direction);
        self.set_exponents(&exponents);
        self.score += gained;
        self.chance = true;
    }

    fn spawn(&mut self, cell: usize, value: u8) {
        // The first of the two starting tiles leaves chance to move again.
        self.chance = self.board == Board::EMPTY;
        self.board = self.board.with(cell, if value == 4 { 2 } else { 1 });
    }
}

/// One tile's path in a slide: [`Game2048::slide_steps`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileStep {
    /// The cell it starts in (0..16, row-major from the top-left).
    pub from: usize,
    /// The cell it ends in.
    pub to: usize,
    /// Whether it merged there with the tile that arrived first.
    pub merged: bool,
}

/// The cells of line `k` for a slide, listed from the side the tiles move toward.
fn line_cells(direction: Direction, k: usize) -> [usize; 4] {
    match direction {
        Direction::Left => [4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3],
        Direction::Right => [4 * k + 3, 4 * k + 2, 4 * k + 1, 4 * k],
        Direction::Up => [k, 4 + k, 8 + k, 12 + k],
        Direction::Down => [12 + k, 8 + k, 4 + k, k],
    }
}

/// The tile of exponent `e` (0 for an empty cell).
pub fn tile_value(e: u8) -> u64 {
    if e == 0 {
        0
    } else {
        1 << e
    }
}

impl Game for Game2048 {
    type Move = Move;

    const NAME: &'static str = "2048";
    const PLAYERS: usize = 1;

    /// The empty board at a chance node: the two starting tiles are chance's first two moves.
    fn initial() -> Self {
        Game2048 {
            board: Board::EMPTY,
            overflow: 0,
            score: 0,
            chance: true,
        }
    }

    fn turn(&self) -> Turn {
        if self.chance {
            Turn::Chance
        } else if self.can_slide() {
            Turn::Player(0)
        } else {
            Turn::Over(Outcome::Score(self.score))
        }
    }

    /// The slides that change the board, in OpenSpiel's order: up, right, down, left.
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.chance {
            return;
        }
        moves.extend(
            Direction::ALL
                .into_iter()
                .filter(|&d| self.slide_changes(d))
                .map(Move::Slide),
        );
    }

    /// Each empty cell with a 2 (probability 0.9) or a 4 (0.1), shared equally among the empty
    /// cells; cells in row-major order, the 2 before the 4 (OpenSpiel's order).
    fn chance_outcomes(&self, outcomes: &mut Vec<(Move, f64)>) {
        if !self.chance {
            return;
        }
        let empty = self.board.empty_mask();
        let n = f64::from(empty.count_ones());
        for cell in 0..16u8 {
            if empty >> (4 * cell) & 1 != 0 {
                outcomes.push((Move::Spawn { cell, value: 2 }, 0.9 / n));
                outcomes.push((Move::Spawn { cell, value: 4 }, 0.1 / n));
            }
        }
    }

    fn play(&mut self, mv: Move) {
        match mv {
            Move::Slide(direction) => self.slide(direction),
            Move::Spawn { cell, value } => self.spawn(usize::from(cell), value),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        notation::parse_move(text)
    }

    fn move_string(&self, mv: Move) -> String {
        notation::move_string(mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn position_string(&self) -> String {
        notation::position_string(self)
    }

    fn player_name(_player: Player) -> &'static str {
        "player"
    }

    /// The score.
    fn margin(&self, _player: Player) -> i64 {
        i64::try_from(self.score).unwrap_or(i64::MAX)
    }

    /// The largest tile: the arena reports how often each was reached.
    fn achievement(&self) -> Option<u64> {
        Some(self.max_tile())
    }

    fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Slide(direction) => !self.chance && self.slide_changes(direction),
            Move::Spawn { cell, value } => {
                self.chance
                    && cell < 16
                    && (value == 2 || value == 4)
                    && self.board.exponent(usize::from(cell)) == 0
            }
        }
    }

    fn illegal_reason(&self, mv: Move) -> Reason {
        match (mv, self.turn()) {
            (_, Turn::Over(_)) => Reason::new(
                "reason-2048-over",
                "the game is over: no slide changes the board",
            ),
            (Move::Slide(_), Turn::Chance) => {
                Reason::new("reason-2048-tile-first", "a new tile must appear first")
            }
            (Move::Slide(d), _) => Reason::new(
                "reason-2048-slide-nothing",
                format!("sliding {} changes nothing", d.name()),
            )
            .arg("direction", d.name()),
            (Move::Spawn { .. }, Turn::Player(_)) => Reason::new(
                "reason-2048-slide-first",
                "a tile appears only after a slide",
            ),
            (Move::Spawn { value, .. }, _) if value != 2 && value != 4 => {
                Reason::new("reason-2048-two-or-four", "only a 2 or a 4 appears")
            }
            (Move::Spawn { cell, .. }, _) if cell >= 16 => {
                Reason::new("reason-2048-no-cell", "no such cell")
            }
            (Move::Spawn { cell, .. }, _) => {
                let cell = notation::cell_name(usize::from(cell));
                Reason::new("reason-2048-cell-full", format!("cell {cell} is not empty"))
                    .arg("cell", cell)
            }
        }
    }
}
