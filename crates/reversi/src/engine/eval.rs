//! The midgame evaluation, in hundredths of a disc from the side to move's point of view:
//! mobility, potential mobility (frontier), corners, the squares next to empty corners, and
//! stable discs, weighted by the stage of the game.

use crate::bitboard::{frontier, moves, stable, CORNERS};

/// The X-squares (diagonally next to a corner), in corner order a1, h1, a8, h8.
const X_SQUARES: [u64; 4] = [1 << 9, 1 << 14, 1 << 49, 1 << 54];
/// The C-squares (next to a corner along an edge), in the same corner order.
const C_SQUARES: [u64; 4] = [
    (1 << 1) | (1 << 8),
    (1 << 6) | (1 << 15),
    (1 << 48) | (1 << 57),
    (1 << 55) | (1 << 62),
];
/// The corners, in the same order.
const CORNER_LIST: [u64; 4] = [1, 1 << 7, 1 << 56, 1 << 63];

/// The score unit: one disc is worth this much.
pub const DISC: i32 = 100;

/// Estimates the position for the side owning `own`.
pub fn evaluate(own: u64, opp: u64) -> i32 {
    let empty = !(own | opp);
    let empties = empty.count_ones() as i32;
    let my_moves = moves(own, opp);
    let their_moves = moves(opp, own);
    let mobility = weighted_count(my_moves) - weighted_count(their_moves);
    // Empty squares next to the opponent's discs are where I may later play.
    let potential =
        frontier(opp, empty).count_ones() as i32 - frontier(own, empty).count_ones() as i32;
    let corners = (own & CORNERS).count_ones() as i32 - (opp & CORNERS).count_ones() as i32;
    let mut danger = 0;
    for i in 0..4 {
        if empty & CORNER_LIST[i] != 0 {
            danger += 3
                * ((opp & X_SQUARES[i]).count_ones() as i32
                    - (own & X_SQUARES[i]).count_ones() as i32);
            danger +=
                (opp & C_SQUARES[i]).count_ones() as i32 - (own & C_SQUARES[i]).count_ones() as i32;
        }
    }
    let stability = if (own | opp) & CORNERS != 0 {
        stable(own, opp).count_ones() as i32 - stable(opp, own).count_ones() as i32
    } else {
        0
    };
    let discs = own.count_ones() as i32 - opp.count_ones() as i32;
    // Late in the game discs count more and mobility less.
    let late = (60 - empties).clamp(0, 60);
    mobility * (90 - late)
        + potential * 30
        + corners * 700
        + danger * 120
        + stability * 90
        + discs * late / 4
}

/// A move count with corners counted twice.
#[inline]
fn weighted_count(m: u64) -> i32 {
    (m.count_ones() + (m & CORNERS).count_ones()) as i32
}
