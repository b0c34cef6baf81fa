//! The exact solver of the last few empty squares, where most of an endgame search's nodes lie.
//!
//! No move generation, ordering or table: the empty squares are listed once and passed down,
//! each node tries them in parity order (squares of the quadrants holding an odd number of
//! empties first: they tend to get the last move of their region), and a square is tried only
//! when an opponent disc lies next to it. With two empties left each move leads to a position
//! whose one empty square is scored without playing it: the board being otherwise full, the
//! discs a move there flips depend only on the mover's discs along the square's four lines,
//! and a table per line position counts them ([`last_flip_count`]). The other side's flips are
//! counted only when they can change the result against the window (a lazy cut: losing the
//! last square already leaves the mover at or below `alpha`).

use crate::bitboard::{flips, neighbours};
use crate::board::score_for;

/// The most empty squares [`solve`] takes.
pub(super) const MAX_EMPTIES: u32 = 6;

/// The exact value of the position for the side to move (`own` against `opp`) with at most
/// [`MAX_EMPTIES`] empty squares, within `(alpha, beta)`: exact inside the window, a bound
/// (fail-soft) outside it. Adds one to `nodes` per position visited, the last empty square's
/// positions included.
pub(super) fn solve(own: u64, opp: u64, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    let empty = !(own | opp);
    match empty.count_ones() {
        0 => {
            *nodes += 1;
            score_for(own, opp)
        }
        1 => {
            *nodes += 1;
            last(own, alpha, empty.trailing_zeros() as u8)
        }
        2 => node(own, opp, alpha, beta, listed::<2>(empty), nodes),
        3 => node(own, opp, alpha, beta, listed::<3>(empty), nodes),
        4 => node(own, opp, alpha, beta, listed::<4>(empty), nodes),
        5 => node(own, opp, alpha, beta, listed::<5>(empty), nodes),
        6 => node(own, opp, alpha, beta, listed::<6>(empty), nodes),
        n => panic!("{n} empty squares: the last-empties solver takes at most {MAX_EMPTIES}"),
    }
}

/// The `N` squares of `empty` (which has `N`), in square order.
fn listed<const N: usize>(mut empty: u64) -> [u8; N] {
    std::array::from_fn(|_| {
        let sq = empty.trailing_zeros() as u8;
        empty &= empty.wrapping_sub(1);
        sq
    })
}

/// A list of the empty squares whose length is known at compile time: each length has its own
/// code, loops unrolled.
trait Empties: Copy {
    /// The best value of the side to move's moves on these squares (`own` against `opp`,
    /// within `(alpha, beta)`), or `None` when it has none.
    fn best_move(self, own: u64, opp: u64, alpha: i32, beta: i32, nodes: &mut u64) -> Option<i32>;
}

impl Empties for [u8; 2] {
    #[inline(always)]
    fn best_move(self, own: u64, opp: u64, _: i32, beta: i32, nodes: &mut u64) -> Option<i32> {
        two(own, opp, beta, self, nodes)
    }
}

/// [`Empties`] for lists of three squares or more, by [`more`].
macro_rules! more_empties {
    ($($n:literal)*) => {$(
        impl Empties for [u8; $n] {
            #[inline(always)]
            fn best_move(
                self,
                own: u64,
                opp: u64,
                alpha: i32,
                beta: i32,
                nodes: &mut u64,
            ) -> Option<i32> {
                more::<$n, { $n - 1 }>(own, opp, alpha, beta, self, nodes)
            }
        }
    )*};
}

more_empties!(3 4 5 6);

/// The value of a position with the empty `squares` (at least two): the node is counted, and
/// when the side to move has no move the other side moves (the position after the pass counted
/// too), or the game is over.
fn node<E: Empties>(own: u64, opp: u64, alpha: i32, beta: i32, squares: E, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if let Some(value) = squares.best_move(own, opp, alpha, beta, nodes) {
        return value;
    }
    *nodes += 1;
    match squares.best_move(opp, own, -beta, -alpha, nodes) {
        Some(value) => -value,
        None => score_for(own, opp),
    }
}

/// The best of the moves on the last two empty squares, `squares` (`None` when neither is
/// legal). The opponent then plays the last square, which needs only `beta`.
#[inline(always)]
fn two(own: u64, opp: u64, beta: i32, squares: [u8; 2], nodes: &mut u64) -> Option<i32> {
    let [x, y] = squares;
    let mut try_move = |sq: u8, other: u8| {
        let f = flips_near(own, opp, sq);
        (f != 0).then(|| {
            *nodes += 1;
            -last(opp & !f, -beta, other)
        })
    };
    let first = try_move(x, y);
    if first.is_some_and(|v| v >= beta) {
        return first;
    }
    match (first, try_move(y, x)) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// The best of the moves on the empty `squares` (`N` >= 3 of them; `M` = `N - 1`), in parity
/// order (`None` when none is legal).
#[inline(always)]
fn more<const N: usize, const M: usize>(
    own: u64,
    opp: u64,
    mut alpha: i32,
    beta: i32,
    squares: [u8; N],
    nodes: &mut u64,
) -> Option<i32>
where
    [u8; M]: Empties,
{
    let odd = squares.iter().fold(0, |odd, &sq| odd ^ quadrant(sq));
    // The squares of odd quadrants first, each group in the order given.
    let mut order = squares;
    let mut k = 0;
    for want in [true, false] {
        for sq in squares {
            if (odd & quadrant(sq) != 0) == want {
                order[k] = sq;
                k += 1;
            }
        }
    }
    let mut best = None;
    for (i, &sq) in order.iter().enumerate() {
        let f = flips_near(own, opp, sq);
        if f == 0 {
            continue;
        }
        // The other empties, in the same order.
        let rest: [u8; M] = std::array::from_fn(|j| order[j + usize::from(j >= i)]);
        let bit = 1u64 << sq;
        let value = -node(opp & !f, own | f | bit, -beta, -alpha, rest, nodes);
        if best.is_none_or(|b| value > b) {
            best = Some(value);
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The discs a move on the empty square `sq` flips, found only when an opponent disc lies next
/// to it (else none).
#[inline(always)]
fn flips_near(own: u64, opp: u64, sq: u8) -> u64 {
    if NEIGHBOURS[sq as usize] & opp == 0 {
        return 0;
    }
    flips(own, opp, sq as usize)
}

/// The squares next to each square.
static NEIGHBOURS: [u64; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = neighbours(1 << sq);
        sq += 1;
    }
    table
};

/// The bit of the quadrant holding square `sq` (one of four bits).
#[inline(always)]
fn quadrant(sq: u8) -> u8 {
    1 << (((sq >> 4) & 2) | ((sq >> 2) & 1))
}

/// The final score for the side to move, whose discs are `own`, with one empty square `sq`
/// (every other square holds a disc of one side or the other): the side to move plays it, or
/// else the other side does, or nobody can. When the side to move cannot play there and its
/// value without the square is already at most `alpha`, that value is returned as it is: an
/// upper bound, the other side's move could only lower it.
#[inline(always)]
fn last(own: u64, alpha: i32, sq: u8) -> i32 {
    // The disc difference if the side to move gets the square and flips nothing.
    let base = 2 * own.count_ones() as i32 - 62;
    let f = last_flip_count(own, sq);
    if f != 0 {
        return base + 2 * f;
    }
    // Nobody playing gives the square to the winner (63 discs: no draw).
    let unplayed = if base > 0 { base } else { base - 2 };
    if unplayed <= alpha {
        return unplayed;
    }
    match last_flip_count(!own, sq) {
        0 => unplayed,
        g => base - 2 - 2 * g,
    }
}

/// How many discs a move on square `sq` flips for the side owning `own` when `sq` is the only
/// empty square (every square but `sq` not in `own` belongs to the other side; whether `own`
/// holds `sq` does not matter).
#[inline(always)]
pub(super) fn last_flip_count(own: u64, sq: u8) -> i32 {
    let lines = &LINES[sq as usize];
    let mut count = 0;
    for line in 0..4 {
        let pattern = gather(own, sq, line, lines.masks[line]);
        count += FLIP_COUNTS[lines.at[line] as usize][pattern];
    }
    i32::from(count)
}

/// The four lines through a square: row, column, down-right diagonal (a1-h8 direction) and
/// down-left diagonal (h1-a8 direction).
struct Lines {
    /// Each line's squares.
    masks: [u64; 4],
    /// The bit of the square itself in each line's gathered pattern (see [`gather`]).
    at: [u8; 4],
}

/// Every square's lines.
static LINES: [Lines; 64] = {
    const EMPTY: Lines = Lines {
        masks: [0; 4],
        at: [0; 4],
    };
    let mut table = [EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        let mut masks = [0u64; 4];
        let mut other = 0;
        while other < 64 {
            let (r, c) = (other / 8, other % 8);
            let on = [r == row, c == col, r + col == row + c, r + c == row + col];
            let mut line = 0;
            while line < 4 {
                if on[line] {
                    masks[line] |= 1 << other;
                }
                line += 1;
            }
            other += 1;
        }
        let (row, col) = (row as u8, col as u8);
        table[sq] = Lines {
            masks,
            at: [col, row, col, col],
        };
        sq += 1;
    }
    table
};

/// The a-file: one bit per row.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The discs of `own` on line `line` (see [`Lines`]) through square `sq`, as an 8-bit pattern:
/// rows and diagonals indexed by column, the column by row.
#[inline(always)]
fn gather(own: u64, sq: u8, line: usize, mask: u64) -> usize {
    let bits = match line {
        0 => own >> (sq & 56),
        // Bit 8r of the column moves to bit 56 + r: the products' bits never overlap.
        1 => ((own >> (sq & 7)) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56,
        // One disc per column: summing the rows into the top byte keeps each in its column.
        _ => (own & mask).wrapping_mul(FILE_A) >> 56,
    };
    (bits & 0xff) as usize
}

/// `FLIP_COUNTS[at][pattern]`: the discs flipped on a line of eight squares by a move on square
/// `at` when the mover holds the squares of `pattern` (bit `at` ignored) and the other side
/// all the others.
static FLIP_COUNTS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            table[at][pattern] = run(pattern, at, 1) + run(pattern, at, -1);
            pattern += 1;
        }
        at += 1;
    }
    table
};

/// The other side's squares flipped from square `at` towards `step` (±1) on a line whose
/// mover's squares are `pattern`: the run up to the first mover's square, if there is one.
const fn run(pattern: usize, at: usize, step: i32) -> u8 {
    let mut i = at as i32 + step;
    let mut count = 0;
    while i >= 0 && i < 8 {
        if pattern >> i & 1 == 1 {
            return count;
        }
        count += 1;
        i += step;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::moves;
    use proptest::prelude::*;

    /// The exact value by plain negamax over every empty square, with no window.
    fn reference(own: u64, opp: u64) -> i32 {
        let empty = !(own | opp);
        let children: Vec<i32> = (0..64)
            .filter(|&sq| empty >> sq & 1 == 1)
            .filter_map(|sq| {
                let f = flips(own, opp, sq);
                (f != 0).then(|| -reference(opp & !f, own | f | 1 << sq))
            })
            .collect();
        match children.iter().max() {
            Some(&best) => best,
            None if moves(opp, own) == 0 => score_for(own, opp),
            None => -reference(opp, own),
        }
    }

    /// Whether `value`, found in `(alpha, beta)`, is what [`solve`] promises about `truth`.
    fn sound(value: i32, truth: i32, alpha: i32, beta: i32) -> bool {
        if value <= alpha {
            truth <= value
        } else if value >= beta {
            truth >= value
        } else {
            truth == value
        }
    }

    /// A board with the given empty squares, the others shared out by `mine` (own where set).
    fn board(mine: u64, empties: &[u8]) -> (u64, u64) {
        let empty = empties.iter().fold(0u64, |e, &sq| e | 1 << sq);
        (mine & !empty, !mine & !empty)
    }

    proptest! {
        #[test]
        fn solve_agrees_with_plain_negamax_within_any_window(
            a in any::<u64>(),
            b in any::<u64>(),
            // Half, a quarter or three quarters of the discs to the side to move: lopsided
            // boards bring passes and games that end with empty squares left.
            mix in 0..3u8,
            empties in prop::sample::subsequence((0..64u8).collect::<Vec<_>>(), 1..=6),
            alpha in -65..65i32,
            width in 1..40i32,
        ) {
            let mine = [a, a & b, a | b][usize::from(mix)];
            let (own, opp) = board(mine, &empties);
            let beta = (alpha + width).min(65);
            let truth = reference(own, opp);
            let mut nodes = 0;
            let value = solve(own, opp, alpha, beta, &mut nodes);
            prop_assert!(
                sound(value, truth, alpha, beta),
                "{value} in ({alpha}, {beta}), truth {truth}"
            );
            prop_assert_eq!(solve(own, opp, -65, 65, &mut nodes), truth);
            prop_assert!(nodes >= 2);
        }
    }

    #[test]
    fn passes_and_early_ends_are_solved() {
        let (mut passes, mut ends) = (0, 0);
        let mut x: u64 = 0x853c_49e6_748f_ea9b;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for i in 0..4000 {
            let n = 1 + i % 6;
            let empties: Vec<u8> = (0..n).map(|_| (next() % 64) as u8).collect();
            // Lopsided boards: an eighth or seven eighths of the discs to the side to move.
            let (a, b, c) = (next(), next(), next());
            let (own, opp) = board(if i % 2 == 0 { a & b & c } else { a | b | c }, &empties);
            if moves(own, opp) == 0 {
                if moves(opp, own) == 0 {
                    ends += 1;
                } else {
                    passes += 1;
                }
            }
            let truth = reference(own, opp);
            for (alpha, beta) in [(-65, 65), (truth - 1, truth), (truth, truth + 1)] {
                let value = solve(own, opp, alpha, beta, &mut 0);
                assert!(sound(value, truth, alpha, beta), "{own:x} {opp:x}");
            }
        }
        assert!(passes > 100 && ends > 20, "{passes} passes, {ends} ends");
    }

    #[test]
    fn a_full_board_and_a_last_square_count_one_node() {
        let mut nodes = 0;
        assert_eq!(solve(u64::MAX, 0, -65, 65, &mut nodes), 64);
        // a1 empty, black owns the first row: playing a1 flips nothing, so white plays it and
        // flips b1..g1.
        let own = 0xfe;
        let opp = !own & !1;
        assert_eq!(solve(own, opp, -65, 65, &mut nodes), reference(own, opp));
        assert_eq!(nodes, 2);
    }

    #[test]
    fn last_flip_count_matches_the_flips_on_every_square() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..500 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for sq in 0..64u8 {
                let bit = 1u64 << sq;
                let own = x & !bit;
                let opp = !own & !bit;
                for (mover, other) in [(own, opp), (opp, own)] {
                    let expected = flips(mover, other, sq as usize).count_ones() as i32;
                    assert_eq!(
                        last_flip_count(mover, sq),
                        expected,
                        "square {sq}, {mover:x}"
                    );
                    // The square itself may be given to either side.
                    assert_eq!(last_flip_count(mover | bit, sq), expected);
                }
            }
        }
    }
}
