//! The exact endgame solver: final disc difference under perfect play.
//!
//! Negamax with principal-variation (null-window) search, fail-soft. Near the root a
//! transposition table (with enhanced transposition cut-offs) and fastest-first ordering (the
//! move leaving the opponent fewest replies first), with a shallow search over the pattern
//! evaluation added to that when many squares are empty;
//! stable discs bound the result (stability cut-off); the last few empties are searched square
//! by square in parity order (odd quadrants first) without generating moves, and the last
//! square is counted directly.

use crate::bitboard::{flips, moves, neighbours, stable, CORNERS};
use crate::board::score_for;

use super::last;
use super::midgame::Midgame;
use super::table::{Probe, Table};

/// At most this many empties are searched square by square, without ordering or table, by
/// [`last::solve`].
const SHALLOW: u32 = 5;
const _: () = assert!(SHALLOW <= last::MAX_EMPTIES);
/// At least this many empties use the transposition table.
const TABLE_MIN: u32 = 7;
/// At least this many empties look for a child in the table that refutes the window
/// (enhanced transposition cut-off).
const ETC_MIN: u32 = 11;
/// At least this many empties order moves with an evaluated search, of depth
/// `(empties - EVAL_ORDER_BASE) / 3`.
const EVAL_ORDER_MIN: u32 = 14;
/// See [`EVAL_ORDER_MIN`].
const EVAL_ORDER_BASE: u32 = 10;
/// Weight of the opponent's replies (corners twice) against the evaluated search's value, in
/// hundredths of a disc per reply.
const EVAL_ORDER_MOBILITY: i32 = 250;
/// Weight of the opponent's potential mobility against its mobility (16) in fastest-first.
const POTENTIAL_WEIGHT: i32 = 2;

/// The four quadrants, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The quadrants holding an odd number of empties: moves there tend to get the last move of
/// the region.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() & 1 == 1)
        .fold(0, |acc, q| acc | q)
}

/// An exact solver with its table and node count.
pub struct Solver {
    table: Table,
    /// Positions visited by the exact search (see [`Solver::nodes`] for the total).
    nodes: u64,
    ordering: Midgame,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a 2^21-entry table (about 64 MB with the ordering search's).
    pub fn new() -> Self {
        Solver::with_table_bits(21, 18)
    }

    /// A solver with a `2^bits`-entry table and a `2^ordering_bits`-entry table for its
    /// ordering searches: small ones for the shallow solves of low levels, which would spend
    /// longer clearing big tables than searching.
    pub fn with_table_bits(bits: u32, ordering_bits: u32) -> Self {
        Solver {
            table: Table::new(bits),
            nodes: 0,
            ordering: Midgame::new(ordering_bits),
        }
    }

    /// Positions visited since the last [`Solver::reset_nodes`], the ordering searches' included.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.ordering.nodes
    }

    /// Restarts the node count.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.ordering.nodes = 0;
    }

    /// Forgets stored results (between unrelated positions).
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering.clear();
    }

    /// The exact value for the side to move within `(alpha, beta)`: exact inside the window, a
    /// bound (fail-soft) outside it.
    pub fn solve(&mut self, own: u64, opp: u64, alpha: i32, beta: i32) -> i32 {
        let empties = (!(own | opp)).count_ones();
        self.search(own, opp, moves(own, opp), alpha, beta, empties)
    }

    /// The search of a position whose side to move has the moves `mask`.
    fn search(
        &mut self,
        own: u64,
        opp: u64,
        mut mask: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if empties <= SHALLOW {
            return last::solve(own, opp, alpha, beta, &mut self.nodes);
        }
        self.nodes += 1;
        if mask == 0 {
            let replies = moves(opp, own);
            if replies == 0 {
                return score_for(own, opp);
            }
            return -self.search(opp, own, replies, -beta, -alpha, empties);
        }
        // Stable opponent discs cap what the side to move can reach.
        if 64 - 2 * opp.count_ones() as i32 <= alpha {
            let upper = 64 - 2 * stable(opp, own).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let use_table = empties >= TABLE_MIN;
        let mut hint = 64u8;
        if use_table {
            match self.table.narrow(own, opp, empties as u8, alpha, beta) {
                Probe::Cut(value) => return value,
                Probe::Window {
                    alpha: a,
                    beta: b,
                    hint: h,
                } => (alpha, beta, hint) = (a, b, h),
            }
        }
        let (alpha0, beta0) = (alpha, beta);

        // Collect and order the moves.
        let mut list = [(0i32, 0u8, 0u64, 0u64); 32];
        let mut n = 0;
        let odd = odd_quadrants(!(own | opp));
        while mask != 0 {
            let sq = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let f = flips(own, opp, sq);
            let bit = 1u64 << sq;
            let (child_own, child_opp) = (opp & !f, own | f | bit);
            if empties > TABLE_MIN {
                self.table.prefetch(child_own, child_opp);
            }
            let replies = moves(child_own, child_opp);
            // The opponent's replies, corners counted twice.
            let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            let key = if sq as u8 == hint {
                i32::MAX
            } else if empties >= EVAL_ORDER_MIN {
                let depth = (empties - EVAL_ORDER_BASE) / 3;
                -self.ordering.value(child_own, child_opp, depth) - EVAL_ORDER_MOBILITY * mobility
            } else {
                // The opponent's potential moves: empties next to my discs.
                let potential =
                    (neighbours(child_opp) & !(child_own | child_opp)).count_ones() as i32;
                -mobility * 16 - potential * POTENTIAL_WEIGHT + if odd & bit != 0 { 4 } else { 0 }
            };
            list[n] = (key, sq as u8, f, replies);
            n += 1;
        }
        let list = &mut list[..n];
        // Enhanced transposition cut-off: a child already known to refute the window.
        if empties >= ETC_MIN {
            for &(_, sq, f, _) in list.iter() {
                if let Some(hit) =
                    self.table
                        .probe(opp & !f, own | f | (1u64 << sq), empties as u8 - 1)
                {
                    if hit.upper != i32::MAX && -hit.upper >= beta {
                        return -hit.upper;
                    }
                }
            }
        }
        list.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));

        let mut best = -65;
        let mut best_sq = 64u8;
        for (i, &(_, sq, f, replies)) in list.iter().enumerate() {
            let (co, cp) = (opp & !f, own | f | (1u64 << sq));
            let value = if i == 0 {
                -self.search(co, cp, replies, -beta, -alpha, empties - 1)
            } else {
                let v = -self.search(co, cp, replies, -alpha - 1, -alpha, empties - 1);
                if v > alpha && v < beta {
                    -self.search(co, cp, replies, -beta, -v, empties - 1)
                } else {
                    v
                }
            };
            if value > best {
                best = value;
                best_sq = sq;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if use_table {
            self.table
                .store(own, opp, empties as u8, alpha0, beta0, best, best_sq);
        }
        best
    }
}
