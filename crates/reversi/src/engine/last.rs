//! The exact solver of the last few empty squares, where most of an endgame search's nodes lie.
//!
//! No move list, ordering search or table: the empty squares are passed down as a bitboard, and
//! each node tries them in parity order (squares of the quadrants holding an odd number of
//! empties first: they tend to get the last move of their region). From four empties on, the
//! legal moves are generated at once and only they are tried, corners first and X-squares
//! last within a parity group; with fewer, a square is tried only when an opponent disc lies
//! next to it. With two empties left each move leads to a position whose one empty square is
//! scored without playing it: the board being otherwise full, the discs a move there flips
//! depend only on the mover's discs along the square's four lines, and a table per line counts
//! them ([`last_flip_count`]). The other side's flips are
//! counted only when they can change the result against the window (a lazy cut: losing the
//! last square already leaves the mover at or below `alpha`). From four empties on, a node
//! whose opponent's stable discs already hold the mover to `alpha` is cut (stability
//! cut-off).

use crate::bitboard::{flips, moves, neighbours, stable_at_least, CORNERS, X_SQUARES};
use crate::lines::last_flip_count;
use crate::rules::score_for;

/// At least this many empties look for a stability cut-off: with fewer, the search is
/// cheaper than the stable discs.
const STABILITY_MIN: u32 = 4;

/// At least this many empties generate the legal moves before trying them: with fewer, testing
/// each empty square on its own is cheaper.
const MOVES_MIN: u32 = 4;

/// The most empty squares [`solve`] takes.
pub(super) const MAX_EMPTIES: u32 = 6;

/// The board's four quadrants, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The quadrants holding an odd number of the `empty` squares: a move there tends to get the
/// last move of its region.
#[inline]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() & 1 == 1)
        .fold(0, |acc, q| acc | q)
}

/// The exact value of the position for the side to move (`own` against `opp`, with the legal
/// moves `legal`) with at most [`MAX_EMPTIES`] empty squares, within `(alpha, beta)`: exact
/// inside the window, a bound (fail-soft) outside it. Adds one to `nodes` per position visited,
/// the last empty square's positions included.
pub(super) fn solve(own: u64, opp: u64, legal: u64, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
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
        2 => node::<Empties<2>>(own, opp, alpha, beta, empty.into(), legal, nodes),
        3 => node::<Empties<3>>(own, opp, alpha, beta, empty.into(), legal, nodes),
        4 => node::<Empties<4>>(own, opp, alpha, beta, empty.into(), legal, nodes),
        5 => node::<Empties<5>>(own, opp, alpha, beta, empty.into(), legal, nodes),
        6 => node::<Empties<6>>(own, opp, alpha, beta, empty.into(), legal, nodes),
        n => panic!("{n} empty squares: the last-empties solver takes at most {MAX_EMPTIES}"),
    }
}

/// The empty squares, `N` of them, and their quadrants' parity, kept from move to move: each
/// count has its own code, loops unrolled.
#[derive(Clone, Copy)]
struct Empties<const N: u32> {
    /// The empty squares.
    squares: u64,
    /// The quadrants holding an odd number of them.
    odd: u64,
}

impl<const N: u32> From<u64> for Empties<N> {
    /// The empty squares `squares`, their parity counted.
    #[inline(always)]
    fn from(squares: u64) -> Self {
        Empties {
            squares,
            odd: odd_quadrants(squares),
        }
    }
}

/// The quadrant of `sq`: a move there changes its parity.
#[inline(always)]
fn quadrant(sq: u8) -> u64 {
    QUADRANTS[usize::from((sq >> 4 & 2) | (sq >> 2 & 1))]
}

/// The moves of a position on its empty squares.
trait Moves: Copy {
    /// How many squares are empty.
    const COUNT: u32;

    /// The squares worth trying for the side to move (`own` against `opp`): its legal moves
    /// from [`MOVES_MIN`] empties on, else every empty square, each tested when tried.
    #[inline(always)]
    fn candidates(self, own: u64, opp: u64) -> u64 {
        if Self::COUNT >= MOVES_MIN {
            moves(own, opp)
        } else {
            !(own | opp)
        }
    }

    /// The best value of the side to move's moves on the `candidates` among these squares
    /// (`own` against `opp`, within `(alpha, beta)`), or `None` when it has none.
    fn best_move(
        self,
        own: u64,
        opp: u64,
        candidates: u64,
        alpha: i32,
        beta: i32,
        nodes: &mut u64,
    ) -> Option<i32>;
}

impl Moves for Empties<2> {
    const COUNT: u32 = 2;
    #[inline(always)]
    fn best_move(
        self,
        own: u64,
        opp: u64,
        _: u64,
        _: i32,
        beta: i32,
        nodes: &mut u64,
    ) -> Option<i32> {
        two(own, opp, beta, self.squares, nodes)
    }
}

/// [`Moves`] for three empty squares or more, by [`more`].
macro_rules! more_empties {
    ($($n:literal)*) => {$(
        impl Moves for Empties<$n> {
            const COUNT: u32 = $n;
            #[inline(always)]
            fn best_move(
                self,
                own: u64,
                opp: u64,
                candidates: u64,
                alpha: i32,
                beta: i32,
                nodes: &mut u64,
            ) -> Option<i32> {
                more::<$n, { $n - 1 }>(own, opp, alpha, beta, self, candidates, nodes)
            }
        }
    )*};
}

more_empties!(3 4 5 6);

/// The value of a position with the empty `squares` (at least two) and the side to move's
/// [`Moves::candidates`]: the node is counted, and when the side to move has no move the other
/// side moves (the position after the pass counted too), or the game is over. With many
/// empties, the opponent's stable discs may settle it first.
fn node<E: Moves>(
    own: u64,
    opp: u64,
    alpha: i32,
    beta: i32,
    squares: E,
    candidates: u64,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if E::COUNT >= STABILITY_MIN {
        if let Some(upper) = stability_cut(own, opp, alpha) {
            return upper;
        }
    }
    if let Some(value) = squares.best_move(own, opp, candidates, alpha, beta, nodes) {
        return value;
    }
    *nodes += 1;
    let replies = squares.candidates(opp, own);
    match squares.best_move(opp, own, replies, -beta, -alpha, nodes) {
        Some(value) => -value,
        None => score_for(own, opp),
    }
}

/// The stability cut-off: an upper bound at or below `alpha` on the value for the side to move
/// (`own` against `opp`) when the opponent's stable discs already hold it there. Stable discs
/// are looked for only when the opponent's discs alone could: they cost more than a node.
#[inline(always)]
pub(super) fn stability_cut(own: u64, opp: u64, alpha: i32) -> Option<i32> {
    if 64 - 2 * opp.count_ones() as i32 > alpha {
        return None;
    }
    // At least `(64 - alpha) / 2` stable discs (rounded up) settle it.
    let enough = (65 - alpha).max(0) as u32 / 2;
    let upper = 64 - 2 * stable_at_least(opp, own, enough).count_ones() as i32;
    (upper <= alpha).then_some(upper)
}

/// The best of the moves on the last two empty squares, `empty` (`None` when neither is
/// legal), the lower square first. The opponent then plays the last square, which needs only
/// `beta`.
#[inline(always)]
fn two(own: u64, opp: u64, beta: i32, empty: u64, nodes: &mut u64) -> Option<i32> {
    let (x, y) = (
        empty.trailing_zeros() as u8,
        63 - empty.leading_zeros() as u8,
    );
    let first = before_last(own, opp, beta, x, y, nodes);
    if first.is_some_and(|v| v >= beta) {
        return first;
    }
    match (first, before_last(own, opp, beta, y, x, nodes)) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// The value of the move on `sq` with `other` the last empty square after it (`None` when the
/// move is not legal).
#[inline(always)]
fn before_last(own: u64, opp: u64, beta: i32, sq: u8, other: u8, nodes: &mut u64) -> Option<i32> {
    let f = flips_near(own, opp, sq);
    if f == 0 {
        return None;
    }
    *nodes += 1;
    Some(-last(opp & !f, -beta, other))
}

/// The best of the moves on the `tried` squares among the `empty` ones (`N` >= 3 of them, `M` =
/// `N - 1` left after a move), in parity order: the squares of odd quadrants first, then in
/// square order, from [`MOVES_MIN`] empties on each group by [`SQUARE_CLASSES`] first (`None`
/// when none is legal). With fewer empties, where every empty square is a candidate, sorting
/// them into classes costs more time than it saves nodes.
#[inline(always)]
fn more<const N: u32, const M: u32>(
    own: u64,
    opp: u64,
    mut alpha: i32,
    beta: i32,
    empty: Empties<N>,
    tried: u64,
    nodes: &mut u64,
) -> Option<i32>
where
    Empties<M>: Moves,
{
    const { assert!(M + 1 == N) };
    let odd = empty.odd;
    let mut best = None;
    for group in [odd, !odd] {
        let classes: &[u64] = if N >= MOVES_MIN {
            &SQUARE_CLASSES
        } else {
            &[u64::MAX]
        };
        for &class in classes {
            let mut squares = tried & group & class;
            while squares != 0 {
                let sq = squares.trailing_zeros() as u8;
                squares &= squares - 1;
                // Legal moves flip something; other candidates are tested.
                let f = if M + 1 < MOVES_MIN {
                    flips_near(own, opp, sq)
                } else {
                    flips(own, opp, usize::from(sq))
                };
                if f == 0 {
                    continue;
                }
                let bit = 1u64 << sq;
                let (child_own, child_opp) = (opp & !f, own | f | bit);
                let rest = Empties::<M> {
                    squares: empty.squares ^ bit,
                    odd: odd ^ quadrant(sq),
                };
                let replies = rest.candidates(child_own, child_opp);
                let value = -node(child_own, child_opp, -beta, -alpha, rest, replies, nodes);
                if best.is_none_or(|b| value > b) {
                    best = Some(value);
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
    }
    best
}

/// The squares in the order the last empties are tried within a parity group: corners first,
/// the squares diagonally next to them (X-squares) last, the others between.
const SQUARE_CLASSES: [u64; 3] = [CORNERS, !(CORNERS | X_SQUARES), X_SQUARES];

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

/// The final score for the side to move, whose discs are `own`, with one empty square `sq`
/// (every other square holds a disc of one side or the other): the side to move plays it, or
/// else the other side does, or nobody can. When the side to move cannot play there and its
/// value without the square is already at most `alpha`, that value is returned as it is: an
/// upper bound, the other side's move could only lower it.
#[inline(always)]
fn last(own: u64, alpha: i32, sq: u8) -> i32 {
    // The disc difference if the side to move gets the square and flips nothing.
    let base = 2 * own.count_ones() as i32 - 62;
    let f = last_flip_count(own, usize::from(sq));
    if f != 0 {
        return base + 2 * f;
    }
    // Nobody playing gives the square to the winner (63 discs: no draw).
    let unplayed = if base > 0 { base } else { base - 2 };
    if unplayed <= alpha {
        return unplayed;
    }
    match last_flip_count(!own, usize::from(sq)) {
        0 => unplayed,
        g => base - 2 - 2 * g,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            let value = solve(own, opp, moves(own, opp), alpha, beta, &mut nodes);
            prop_assert!(
                sound(value, truth, alpha, beta),
                "{value} in ({alpha}, {beta}), truth {truth}"
            );
            prop_assert_eq!(solve(own, opp, moves(own, opp), -65, 65, &mut nodes), truth);
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
                let value = solve(own, opp, moves(own, opp), alpha, beta, &mut 0);
                assert!(sound(value, truth, alpha, beta), "{own:x} {opp:x}");
            }
        }
        assert!(passes > 100 && ends > 20, "{passes} passes, {ends} ends");
    }

    #[test]
    fn a_full_board_and_a_last_square_count_one_node() {
        let mut nodes = 0;
        assert_eq!(solve(u64::MAX, 0, 0, -65, 65, &mut nodes), 64);
        // a1 empty, black owns the first row: playing a1 flips nothing, so white plays it and
        // flips b1..g1.
        let own = 0xfe;
        let opp = !own & !1;
        assert_eq!(
            solve(own, opp, moves(own, opp), -65, 65, &mut nodes),
            reference(own, opp)
        );
        assert_eq!(nodes, 2);
    }
}
