//! A fast perft on raw bitboards, counting the last ply in bulk.

use crate::bitboard::moves;

/// The number of move sequences of `depth` plies from the position where `own` is to move
/// (passes count as plies; finished games are not continued). Equals the generic
/// [`tabula_core::perft::perft`].
pub fn perft(own: u64, opp: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut mask = moves(own, opp);
    if mask == 0 {
        if moves(opp, own) == 0 {
            return 0;
        }
        return if depth == 1 {
            1
        } else {
            perft(opp, own, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(mask.count_ones());
    }
    let mut total = 0;
    while mask != 0 {
        let sq = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let flips = crate::bitboard::flips(own, opp, sq);
        total += perft(opp & !flips, own | flips | (1u64 << sq), depth - 1);
    }
    total
}
