//! The board as one `u64`: sixteen 4-bit cells, each the log2 of its tile (`0` empty, `1` the
//! tile 2, …, `15` the tile 32768). Cell `i = 4 * row + column` (row 0 at the top, column 0 at
//! the left) lives in bits `4i..4i + 4`, so row `r` is the 16-bit word at bit `16r`.
//!
//! A slide is four look-ups in 65,536-entry row tables built once from
//! [`crate::line::slide_line`]; up and down transpose the board first. A nibble stops at 32768:
//! the tables saturate a 32768 + 32768 merge at 15 and flag its score with [`ESCAPE`], which the
//! rules ([`crate::Game2048`]) check once per move to take their exact path. Search code works on
//! the saturated board, where a 65536 tile plays as 32768.

use std::sync::OnceLock;

use crate::line::{slide_line, Line};

/// Set in a slide's score when a merge went past 32768 and the board saturated.
pub const ESCAPE: u32 = 1 << 31;

/// The largest exponent a nibble holds (the tile 32768).
pub const MAX_NIBBLE: u8 = 15;

/// One bit per cell at the cell's lowest bit.
const LOW_BITS: u64 = 0x1111_1111_1111_1111;

/// A direction to slide the tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Toward the top row.
    Up,
    /// Toward the right column.
    Right,
    /// Toward the bottom row.
    Down,
    /// Toward the left column.
    Left,
}

impl Direction {
    /// All four, in OpenSpiel's action order (0 up, 1 right, 2 down, 3 left).
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// The direction's name in move notation.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Right => "right",
            Direction::Down => "down",
            Direction::Left => "left",
        }
    }
}

/// A 4×4 board of tile exponents packed in a `u64` (see the module docs for the layout).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board(pub u64);

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board(0);

    /// Packs sixteen exponents (row-major from the top-left), saturating each at 15.
    pub fn from_exponents(exponents: &[u8; 16]) -> Board {
        let mut bits = 0;
        for (i, &e) in exponents.iter().enumerate() {
            bits |= u64::from(e.min(MAX_NIBBLE)) << (4 * i);
        }
        Board(bits)
    }

    /// The exponent in cell `cell` (0..16).
    pub fn exponent(self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 0xf) as u8
    }

    /// The board with cell `cell` set to `exponent` (which must be at most 15).
    pub fn with(self, cell: usize, exponent: u8) -> Board {
        let shift = 4 * cell;
        Board(self.0 & !(0xf << shift) | u64::from(exponent) << shift)
    }

    /// A bit at position `4 * cell` for every empty cell.
    pub fn empty_mask(self) -> u64 {
        let x = self.0;
        !(x | x >> 1 | x >> 2 | x >> 3) & LOW_BITS
    }

    /// The number of empty cells.
    pub fn empty_cells(self) -> u32 {
        self.empty_mask().count_ones()
    }

    /// The largest exponent on the board.
    pub fn max_exponent(self) -> u8 {
        (0..16).map(|c| self.exponent(c)).max().unwrap_or(0)
    }

    /// The sum of the tiles' values (empty cells count nothing). Every slide keeps it and every
    /// new tile adds 2 or 4, so it measures how far a game has come.
    pub fn tile_sum(self) -> u64 {
        (0..16)
            .map(|c| match self.exponent(c) {
                0 => 0,
                e => 1u64 << e,
            })
            .sum()
    }

    /// The board mirrored in its main diagonal (rows become columns).
    pub fn transpose(self) -> Board {
        let x = self.0;
        // Swap the off-diagonal cells inside each 2×2 block (12 bits apart)...
        let a = x & 0xF0F0_0F0F_F0F0_0F0F
            | (x & 0x0000_F0F0_0000_F0F0) << 12
            | (x & 0x0F0F_0000_0F0F_0000) >> 12;
        // ...then the off-diagonal 2×2 blocks (24 bits apart).
        Board(
            a & 0xFF00_FF00_00FF_00FF
                | (a & 0x00FF_00FF_0000_0000) >> 24
                | (a & 0x0000_0000_FF00_FF00) << 24,
        )
    }

    /// Slides the tiles; returns the new board and the points scored, with [`ESCAPE`] set when a
    /// merge went past 32768 (the board then holds a saturated 32768 there).
    #[inline]
    pub fn slide(self, direction: Direction) -> (Board, u32) {
        self.slide_with(tables(), direction)
    }

    /// [`Board::slide`] with the tables passed in (search loops fetch them once).
    #[inline]
    pub fn slide_with(self, tables: &Tables, direction: Direction) -> (Board, u32) {
        match direction {
            Direction::Left => tables.left.apply(self),
            Direction::Right => tables.right.apply(self),
            Direction::Up => {
                let (board, score) = tables.left.apply(self.transpose());
                (board.transpose(), score)
            }
            Direction::Down => {
                let (board, score) = tables.right.apply(self.transpose());
                (board.transpose(), score)
            }
        }
    }

    /// The boards after the four slides in [`Direction::ALL`] order, scores dropped: what search
    /// needs, transposing once for both up and down.
    #[inline]
    pub fn children(self, tables: &Tables) -> [Board; 4] {
        let t = self.transpose();
        [
            tables.left.apply(t).0.transpose(),
            tables.right.apply(self).0,
            tables.right.apply(t).0.transpose(),
            tables.left.apply(self).0,
        ]
    }

    /// Row `r` (0..4, from the top) as a 16-bit word: cells `4r..4r + 4`, column 0 lowest.
    pub fn row(self, r: usize) -> u16 {
        (self.0 >> (16 * r)) as u16
    }
}

/// The result and score of sliding every possible row one way.
pub struct RowTable {
    result: Box<[u16; 1 << 16]>,
    score: Box<[u32; 1 << 16]>,
}

impl RowTable {
    fn build(reversed: bool) -> RowTable {
        let mut result = vec![0u16; 1 << 16];
        let mut score = vec![0u32; 1 << 16];
        for row in 0..=u16::MAX {
            let mut line = unpack_row(row);
            if reversed {
                line.reverse();
            }
            let (mut out, gained) = slide_line(line);
            let escaped = out.iter().any(|&e| e > MAX_NIBBLE);
            if reversed {
                out.reverse();
            }
            result[usize::from(row)] = pack_row(out.map(|e| e.min(MAX_NIBBLE)));
            let flag = if escaped { ESCAPE } else { 0 };
            score[usize::from(row)] =
                u32::try_from(gained).expect("a row scores at most 2^17") | flag;
        }
        RowTable {
            result: result.into_boxed_slice().try_into().expect("65,536 rows"),
            score: score.into_boxed_slice().try_into().expect("65,536 rows"),
        }
    }

    /// Slides all four rows of `board`.
    #[inline]
    fn apply(&self, board: Board) -> (Board, u32) {
        let mut out = 0u64;
        let mut sum = 0u32;
        let mut flags = 0u32;
        for r in 0..4 {
            let row = usize::from(board.row(r));
            out |= u64::from(self.result[row]) << (16 * r);
            let s = self.score[row];
            sum = sum.wrapping_add(s);
            flags |= s;
        }
        (Board(out), sum & !ESCAPE | flags & ESCAPE)
    }
}

/// The row tables for sliding left (toward column 0) and right.
pub struct Tables {
    left: RowTable,
    right: RowTable,
}

/// The slide tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        left: RowTable::build(false),
        right: RowTable::build(true),
    })
}

/// The four exponents of a 16-bit row, column 0 first.
pub fn unpack_row(row: u16) -> Line {
    [0, 4, 8, 12].map(|shift| ((row >> shift) & 0xf) as u8)
}

/// Packs four exponents (each at most 15), column 0 first.
pub fn pack_row(line: Line) -> u16 {
    line.iter()
        .enumerate()
        .fold(0, |row, (i, &e)| row | u16::from(e) << (4 * i))
}

#[cfg(test)]
impl Board {
    /// A board holding the tiles of `exponents` from the top-left, the rest empty (for tests).
    pub(crate) fn leading(exponents: &[u8]) -> Board {
        let mut cells = [0; 16];
        cells[..exponents.len()].copy_from_slice(exponents);
        Board::from_exponents(&cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exponents(board: Board) -> [u8; 16] {
        std::array::from_fn(|c| board.exponent(c))
    }

    #[test]
    fn transpose_swaps_rows_and_columns() {
        let board = Board(0x0123_4567_89ab_cdef);
        let t = board.transpose();
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(t.exponent(4 * c + r), board.exponent(4 * r + c));
            }
        }
        assert_eq!(t.transpose(), board);
    }

    #[test]
    fn the_tile_sum_counts_values_and_slides_keep_it() {
        let board = Board::from_exponents(&[1, 1, 0, 3, 0, 0, 0, 0, 14, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(board.tile_sum(), 2 + 2 + 8 + 16384 + 4);
        assert_eq!(Board::EMPTY.tile_sum(), 0);
        for direction in Direction::ALL {
            assert_eq!(board.slide(direction).0.tile_sum(), board.tile_sum());
        }
    }

    #[test]
    fn tables_agree_with_the_line_rule_on_every_row() {
        let t = tables();
        for row in 0..=u16::MAX {
            let line = unpack_row(row);
            let (left, score) = slide_line(line);
            let board = Board(u64::from(row));
            let (slid, gained) = board.slide_with(t, Direction::Left);
            assert_eq!(
                unpack_row(slid.row(0)),
                left.map(|e| e.min(MAX_NIBBLE)),
                "{line:?}"
            );
            let escaped = left.iter().any(|&e| e > MAX_NIBBLE);
            assert_eq!(gained & ESCAPE != 0, escaped);
            assert_eq!(u64::from(gained & !ESCAPE), score);
        }
    }

    #[test]
    fn children_are_the_four_slides() {
        let board = Board(0x1021_0330_2102_0011);
        let slides = Direction::ALL.map(|d| board.slide(d).0);
        assert_eq!(board.children(tables()), slides);
    }

    #[test]
    fn empty_cells_counts_zero_nibbles() {
        assert_eq!(Board::EMPTY.empty_cells(), 16);
        let board = Board::EMPTY.with(3, 1).with(9, 15);
        assert_eq!(board.empty_cells(), 14);
        assert_eq!(exponents(board)[9], 15);
        assert_eq!(board.max_exponent(), 15);
    }
}
