//! Tile downgrading (Guei, Chen, Wu and Wu 2022): valuing a board of the late game as the
//! board one tile smaller that a network knows far better.
//!
//! Every game passes through the boards of building 8192, far fewer reach those of building
//! 32768, so a network trained on its own games values the second kind much worse than the
//! first, while the two look alike: a chain of large tiles in a corner with the small tiles
//! around it. A board whose largest tile is at least a threshold and which lacks some smaller
//! tile is valued as if every tile above its largest missing one were half as large: the
//! chain 16384, 8192, 2048, 1024, … (4096 missing) is valued as 8192, 4096, 2048, 1024, ….
//! The halving keeps which cells are empty and the order of the tiles, so the search sees the
//! same shapes; only the tables consulted change.

use std::sync::Arc;

use crate::board::Board;
use crate::engine::Evaluator;

use super::Network;

/// The tile exponent from which [`Downgrading`] downgrades by default: 16384, where the
/// networks trained here stop knowing the game well (they reach it in about a third of their
/// own training games, 32768 in none). Measured with `examples/late_game.rs`
/// (docs/2048-strength.md): from 80 boards at the wall before 32768, 11 made it with
/// downgrading and 1 without; from 80 boards at the wall before 16384, downgrading from 8192
/// made it from 57 where the tables of 8192 alone made it from 74.
pub const DEFAULT_FROM: u8 = 14;

/// `board` with every tile above its largest missing one halved, if its largest tile has at
/// least the exponent `from` and some smaller tile (from 2 up) is missing; otherwise `board`
/// itself.
pub fn downgrade(board: Board, from: u8) -> Board {
    // Most boards a search values are below the threshold: a few word operations say so.
    if lanes_at_least(board, from) == 0 {
        return board;
    }
    let mut present = 0u32;
    let mut largest = 0;
    for cell in 0..16 {
        let e = board.exponent(cell);
        present |= 1 << e;
        largest = largest.max(e);
    }
    let Some(missing) = (1..largest).rev().find(|&e| present & 1 << e == 0) else {
        return board;
    };
    Board(board.0 - lanes_at_least(board, missing + 1))
}

/// A 1 at the lowest bit of every cell of `board` whose exponent is at least `e` (1 to 15):
/// each cell is widened to a byte (even and odd cells apart), where adding `128 - e` carries
/// into the byte's top bit exactly when the exponent is at least `e`.
#[inline]
fn lanes_at_least(board: Board, e: u8) -> u64 {
    const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let add = u64::from(128 - e) * 0x0101_0101_0101_0101;
    let even = ((board.0 & NIBBLES) + add) & TOPS;
    let odd = (((board.0 >> 4) & NIBBLES) + add) & TOPS;
    (even >> 7) | (odd >> 3)
}

/// A network's values with tile downgrading from a threshold (see the module docs), or
/// without it.
#[derive(Clone)]
pub struct Downgrading {
    network: Arc<Network>,
    from: Option<u8>,
}

impl Downgrading {
    /// `network`, downgrading boards whose largest tile has at least the exponent `from`
    /// (`None`: never).
    pub fn new(network: Arc<Network>, from: Option<u8>) -> Downgrading {
        Downgrading { network, from }
    }
}

impl Evaluator for Downgrading {
    const COUNTS_SCORE: bool = true;

    #[inline]
    fn evaluate(&self, board: Board) -> f32 {
        match self.from {
            Some(from) => self.network.evaluate(downgrade(board, from)),
            None => self.network.evaluate(board),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A board from sixteen tile values, row-major from the top-left (0 empty).
    fn board(tiles: [u32; 16]) -> Board {
        Board::from_exponents(&tiles.map(|t| if t == 0 { 0 } else { t.trailing_zeros() as u8 }))
    }

    #[test]
    fn tiles_above_the_largest_missing_one_are_halved() {
        // 4096 is missing: 16384 and 8192 become 8192 and 4096, the rest stays.
        let wall = board([
            2, 2, 16, 1024, //
            0, 4, 512, 2048, //
            0, 32, 256, 8192, //
            8, 64, 128, 16384,
        ]);
        let seen = board([
            2, 2, 16, 1024, //
            0, 4, 512, 2048, //
            0, 32, 256, 4096, //
            8, 64, 128, 8192,
        ]);
        assert_eq!(downgrade(wall, DEFAULT_FROM), seen);
        // Only 2 is missing: every other tile is halved, and two 16s stay equal.
        let no_two = board([
            4, 8, 16, 32, //
            64, 128, 256, 512, //
            1024, 2048, 4096, 8192, //
            16384, 16, 0, 0,
        ]);
        let halved = board([
            2, 4, 8, 16, //
            32, 64, 128, 256, //
            512, 1024, 2048, 4096, //
            8192, 8, 0, 0,
        ]);
        assert_eq!(downgrade(no_two, DEFAULT_FROM), halved);
    }

    #[test]
    fn small_boards_and_complete_chains_are_kept() {
        let building_8192 = board([
            0, 0, 2, 4, //
            0, 0, 8, 64, //
            0, 2, 128, 1024, //
            4, 16, 512, 8192,
        ]);
        assert_eq!(downgrade(building_8192, DEFAULT_FROM), building_8192);
        // The same board is downgraded once the threshold is 8192.
        assert_ne!(downgrade(building_8192, 13), building_8192);
        // Every tile from 2 to 16384: nothing is missing.
        let complete = board([
            2, 4, 8, 16, //
            256, 128, 64, 32, //
            512, 1024, 2048, 4096, //
            0, 0, 8192, 16384,
        ]);
        assert_eq!(downgrade(complete, DEFAULT_FROM), complete);
    }

    proptest! {
        #[test]
        fn downgrading_keeps_the_empty_cells_and_the_order_of_the_tiles(
            cells in proptest::array::uniform16(0u8..16),
            from in 1u8..16,
        ) {
            let original = Board::from_exponents(&cells);
            let lowered = downgrade(original, from);
            prop_assert_eq!(lowered.empty_mask(), original.empty_mask());
            for a in 0..16 {
                let (ea, la) = (original.exponent(a), lowered.exponent(a));
                prop_assert!(la == ea || la + 1 == ea);
                for b in 0..16 {
                    let (eb, lb) = (original.exponent(b), lowered.exponent(b));
                    prop_assert_eq!(ea.cmp(&eb), la.cmp(&lb));
                }
            }
            if lowered != original {
                prop_assert!(original.max_exponent() >= from);
                prop_assert_eq!(lowered.max_exponent() + 1, original.max_exponent());
            }
        }
    }
}
