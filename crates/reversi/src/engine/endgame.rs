//! The exact endgame solver: final disc difference under perfect play.
//!
//! Negamax with principal-variation (null-window) search, fail-soft. Near the root a
//! transposition table (with enhanced transposition cut-offs) and fastest-first ordering (the
//! move leaving the opponent fewest replies first), with a shallow search over the pattern
//! evaluation added to that when many squares are empty (move by move in fastest-first order,
//! until one looks so strong that it is tried before the rest are searched);
//! stable discs bound the result (stability cut-off); the last few empties are searched square
//! by square in parity order (odd quadrants first, corners first and X-squares last within
//! each) without generating moves, and the last square is counted directly.
//!
//! The positions of a few empties have a small table of their own, which stays in the
//! processor's cache.
//!
//! A selective search (ProbCut) can go first: positions of many empties that a shallow
//! evaluated search puts far outside the window are cut on that guess. Its moves, kept in a
//! table of their own, are tried first by the exact search that follows.

use tabula_core::SearchControl;

use crate::bitboard::{corner_stable, flips, moves, neighbours};
use crate::rules::score_for;

use super::eval::{Evaluation, DISC};
use super::last::{self, odd_quadrants};
use super::midgame::{reply_count, Midgame, INFINITY};
use super::slots::Slots;
use super::table::{Probe, Table};
use super::MoveList;

/// How many nodes pass between looks at the stop signal (read in the interior search only, so
/// never in the last empties' solver).
const STOP_INTERVAL: u64 = 4096;

/// At most this many empties are searched square by square, without ordering or table, by
/// [`last::solve`].
const SHALLOW: u32 = 5;
const _: () = assert!(SHALLOW <= last::MAX_EMPTIES);
/// At least this many empties use the transposition table.
const TABLE_MIN: u32 = 7;
/// At most this many empties use a table of their own, small enough to stay in the processor's
/// cache: these positions are most of those with a table, each one's subtree is cheap to
/// search again, and waiting for memory on each would cost more than the few it forgets.
const NEAR_END_MAX: u32 = 8;
/// The near-end table holds `2^NEAR_END_BITS` entries (half a megabyte).
const NEAR_END_BITS: u32 = 14;
/// At least this many empties look for a child in the table that refutes the window
/// (enhanced transposition cut-off). Below, the cut-offs it finds save less time than waiting
/// for every child's table entry costs.
const ETC_MIN: u32 = 13;
/// At least this many empties order moves with an evaluated search, of depth
/// `(empties - EVAL_ORDER_BASE) / 3` (at depth 0, the evaluation alone).
const EVAL_ORDER_MIN: u32 = 14;
/// See [`EVAL_ORDER_MIN`].
const EVAL_ORDER_BASE: u32 = 12;
/// Weight of the opponent's replies (corners twice) against the evaluated search's value, in
/// hundredths of a disc per reply.
const EVAL_ORDER_MOBILITY: i32 = 175;
/// At least this many empties rate moves on every fastest-first term; fewer rate them on the
/// opponent's replies and parity alone, as the other terms cost more time than the nodes they
/// save there.
const FULL_RATING_MIN: u32 = 8;
/// Weight of the opponent's potential mobility against its mobility (16) in fastest-first.
const POTENTIAL_WEIGHT: i32 = 2;

/// Weight of the mover's discs at and beside owned corners against the opponent's mobility
/// (16) in fastest-first.
const CORNER_STABLE_WEIGHT: i32 = 5;
/// Weight of the mover's own moves in the position after its move (as if the opponent
/// passed) against the opponent's mobility (16) in fastest-first.
const ROOM_WEIGHT: i32 = 4;

/// At least this many empties are cut by ProbCut in a selective search.
const PROBCUT_MIN: u32 = 11;
/// ProbCut's shallow search has depth `(empties - PROBCUT_BASE) / 2`.
const PROBCUT_BASE: u32 = 8;

/// How far below alpha, in discs, the ordering search still tells moves apart.
const SORT_MARGIN: i32 = 8;
/// How far above alpha, in discs, an ordering search puts a move that is tried before the
/// other moves are rated.
const SURE_CUT: i32 = 40;

/// A move of the searched position: the child position it leads to, and what ordering found.
#[derive(Clone, Copy)]
struct Child {
    /// The square played.
    sq: u8,
    /// The child's side to move (the opponent) and the other side.
    own: u64,
    opp: u64,
    /// The child's moves, once ordered (or the table's move).
    replies: u64,
    /// The ordering key, higher first.
    key: i32,
}

impl Child {
    /// The child reached by playing `sq` in the position (`own`, `opp`).
    #[inline]
    fn new(own: u64, opp: u64, sq: u8) -> Self {
        let f = flips(own, opp, sq as usize);
        Child {
            sq,
            own: opp & !f,
            opp: own | f | (1u64 << sq),
            replies: 0,
            key: 0,
        }
    }
}

/// An exact solver with its tables and node count.
pub struct Solver {
    /// The results at positions of more than [`NEAR_END_MAX`] empties.
    table: Table,
    /// The results of the selective search at positions of at least [`PROBCUT_MIN`] empties,
    /// kept apart: their bounds are guesses, their moves good first tries for the exact search.
    guesses: Table,
    /// The results at positions of at most [`NEAR_END_MAX`] empties.
    near_end: Table,
    /// While searching selectively: how many discs beyond the window ProbCut's shallow search
    /// must put a position to cut it.
    margin: Option<i32>,
    /// Positions visited by the exact search (see [`Solver::nodes`] for the total).
    nodes: u64,
    ordering: Midgame,
    /// Read every [`STOP_INTERVAL`] nodes.
    control: SearchControl,
    /// The node count when the stop signal was last read.
    checked_at: u64,
    /// Set once a stop came: every value since is meaningless, and no more are stored.
    aborted: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a 2^21-entry table (about 88 MB with the selective, near-end and ordering
    /// searches' tables).
    pub fn new() -> Self {
        Solver::with_table_bits(21, 18)
    }

    /// A solver with a `2^bits`-entry table (a quarter of that for the selective search) and a
    /// `2^ordering_bits`-entry table for its ordering searches: small ones for the shallow
    /// solves of low levels, which would spend longer clearing big tables than searching.
    pub fn with_table_bits(bits: u32, ordering_bits: u32) -> Self {
        Solver {
            table: Table::new(bits),
            guesses: Table::new(bits - 2),
            near_end: Table::new(NEAR_END_BITS),
            margin: None,
            nodes: 0,
            ordering: Midgame::new(ordering_bits),
            control: SearchControl::new(),
            checked_at: 0,
            aborted: false,
        }
    }

    /// Orders moves by searches with `evaluation` from now on (the shipped weights until then).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.ordering.set_evaluation(evaluation);
    }

    /// Makes the following solves (and their ordering searches) abort at `control`'s stop
    /// signal, and clears the abort flags.
    pub fn set_control(&mut self, control: &SearchControl) {
        self.control = control.clone();
        self.aborted = false;
        self.ordering.set_control(control);
        self.ordering.set_deadline(None);
    }

    /// Whether a solve was stopped since [`Solver::set_control`]: its value is meaningless.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The best move the exact search's tables remember for the position, if it is legal
    /// there.
    pub fn table_move(&mut self, own: u64, opp: u64) -> Option<u8> {
        let empties = (!(own | opp)).count_ones();
        let best = self.table_at(empties).probe(own, opp, 0)?.best;
        (best < 64 && moves(own, opp) >> best & 1 != 0).then_some(best)
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

    /// Starts afresh (between unrelated positions): stored results give way to new ones.
    pub fn clear(&mut self) {
        self.table.clear();
        self.guesses.clear();
        self.near_end.clear();
        self.ordering.clear();
    }

    /// Makes the following searches selective (ProbCut): a position of many empties is cut when
    /// a shallow search puts it `margin` discs beyond the window; `None` makes them exact again.
    /// A selective search returns a guess, not a bound; what it learns orders the exact search.
    pub fn set_margin(&mut self, margin: Option<i32>) {
        self.margin = margin;
    }

    /// Whether a position of `empties` is searched selectively: its results are guesses.
    #[inline]
    fn guessing(&self, empties: u32) -> bool {
        self.margin.is_some() && empties >= PROBCUT_MIN
    }

    /// The table for positions of `empties`.
    #[inline]
    fn table_at(&mut self, empties: u32) -> &mut Table {
        if self.guessing(empties) {
            &mut self.guesses
        } else if empties <= NEAR_END_MAX {
            &mut self.near_end
        } else {
            &mut self.table
        }
    }

    /// ProbCut: the end of the window `(alpha, beta)` that a shallow search of the position
    /// (with `empties`) clears by the margin, if any.
    fn probcut(&mut self, own: u64, opp: u64, alpha: i32, beta: i32, empties: u32) -> Option<i32> {
        let margin = self.margin?;
        let depth = (empties - PROBCUT_BASE) / 2;
        let (low, high) = ((alpha - margin) * DISC, (beta + margin) * DISC);
        let value = self.ordering.search(own, opp, low, high, depth, false);
        if self.ordering.aborted {
            self.aborted = true;
            return None;
        }
        if value >= high {
            Some(beta)
        } else if value <= low {
            Some(alpha)
        } else {
            None
        }
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
            return last::solve(own, opp, mask, alpha, beta, &mut self.nodes);
        }
        self.nodes += 1;
        if self.nodes.wrapping_sub(self.checked_at) >= STOP_INTERVAL {
            self.checked_at = self.nodes;
            self.aborted |= self.control.is_stopped();
        }
        if self.aborted {
            return 0;
        }
        if mask == 0 {
            let replies = moves(opp, own);
            if replies == 0 {
                return score_for(own, opp);
            }
            return -self.search(opp, own, replies, -beta, -alpha, empties);
        }
        // Collect the moves first, so that their table entries load while this position's is
        // looked up; their order is settled only once it matters.
        let mut list: MoveList<Child> = MoveList::new();
        while mask != 0 {
            let sq = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let child = Child::new(own, opp, sq);
            if empties > TABLE_MIN {
                self.table_at(empties - 1).prefetch(child.own, child.opp);
                // An exact search may also look for the selective search's move there.
                if empties > PROBCUT_MIN && self.margin.is_none() {
                    self.guesses.prefetch(child.own, child.opp);
                }
            }
            list.push(child);
        }
        // Stable opponent discs cap what the side to move can reach.
        if let Some(upper) = last::stability_cut(own, opp, alpha) {
            return upper;
        }
        let use_table = empties >= TABLE_MIN;
        let mut hint = 64u8;
        if use_table {
            match self
                .table_at(empties)
                .narrow(own, opp, empties as u8, alpha, beta)
            {
                Probe::Cut(value) => return value,
                Probe::Window {
                    alpha: a,
                    beta: b,
                    hint: h,
                } => (alpha, beta, hint) = (a, b, h),
            }
        }
        if self.guessing(empties) {
            if let Some(value) = self.probcut(own, opp, alpha, beta, empties) {
                return value;
            }
        } else if hint == 64 && empties >= PROBCUT_MIN {
            // The selective search's move, if it saw the position.
            if let Some(guess) = self.guesses.probe(own, opp, 0) {
                hint = guess.best;
            }
        }
        let (alpha0, beta0) = (alpha, beta);

        let n = list.len();
        // Enhanced transposition cut-off: a child already known to refute the window.
        if empties >= ETC_MIN {
            for child in list.iter() {
                let table = self.table_at(empties - 1);
                if let Some(hit) = table.probe(child.own, child.opp, empties as u8 - 1) {
                    if hit.upper != i32::MAX && -hit.upper >= beta {
                        return -hit.upper;
                    }
                }
            }
        }
        // The table's move first, alone: when it refutes the window, as it mostly does, the
        // other moves are never ordered.
        let mut unordered = 0;
        if let Some(i) = list.iter().position(|c| c.sq == hint) {
            list.swap(0, i);
            list[0].replies = moves(list[0].own, list[0].opp);
            unordered = 1;
        }

        let mut best = -65;
        let mut best_sq = 64u8;
        // The moves before `rated` carry their final keys.
        let mut rated = n;
        for i in 0..n {
            if i == unordered {
                if empties >= FULL_RATING_MIN {
                    rate_fastest_first(&mut list[i..], own, opp);
                } else {
                    rate_by_replies(&mut list[i..], own, opp);
                }
                if empties >= EVAL_ORDER_MIN {
                    // Evaluated searches refine the keys, the fastest first first.
                    list[i..].sort_unstable_by_key(|c| std::cmp::Reverse(c.key));
                    rated = i;
                }
            }
            let c = if i >= unordered {
                if rated < n {
                    rated = self.rate_evaluated(&mut list, rated, own, opp, alpha);
                }
                // The best rated of the rest: most nodes cut on their first move, so picking
                // beats sorting. The move at `i` takes the picked one's place (`i` is not read
                // again).
                let next = (i..rated).max_by_key(|&j| list[j].key).unwrap_or(i);
                let picked = list[next];
                list[next] = list[i];
                picked
            } else {
                list[i]
            };
            let value = if i == 0 {
                -self.search(c.own, c.opp, c.replies, -beta, -alpha, empties - 1)
            } else {
                let v = -self.search(c.own, c.opp, c.replies, -alpha - 1, -alpha, empties - 1);
                if v > alpha && v < beta {
                    -self.search(c.own, c.opp, c.replies, -beta, -v, empties - 1)
                } else {
                    v
                }
            };
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_sq = c.sq;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if use_table {
            self.table_at(empties)
                .store(own, opp, empties as u8, alpha0, beta0, best, best_sq);
        }
        best
    }

    /// Rates `children[from..]` (of the position (`own`, `opp`) searched above `alpha`) by an
    /// evaluated search, higher to be tried first, in their order until one looks like a sure
    /// cut: one that far above `alpha` is tried at once, and the others' searches wait until it
    /// fails. Returns where the rated children end.
    fn rate_evaluated(
        &mut self,
        children: &mut [Child],
        from: usize,
        own: u64,
        opp: u64,
        alpha: i32,
    ) -> usize {
        let empties = (!(own | opp)).count_ones();
        let depth = (empties - EVAL_ORDER_BASE) / 3;
        if depth >= 2 {
            for c in &children[from..] {
                self.ordering.prefetch(c.own, c.opp);
            }
        }
        // A move worse than alpha by the margin needs no exact value: the reply's search stops
        // once it proves the move that bad.
        let hi = -(alpha - SORT_MARGIN) * DISC + 1;
        // Each child's evaluation slots follow from the position's by its move.
        let slots = Slots::new(own, opp);
        for (i, c) in children.iter_mut().enumerate().skip(from) {
            let flips = opp & !c.own;
            let value = -self.ordering.search_slots(
                c.own,
                c.opp,
                &slots.play(usize::from(c.sq), flips),
                -INFINITY,
                hi,
                depth,
                false,
            );
            c.key = value - EVAL_ORDER_MOBILITY * reply_count(c.replies);
            if self.ordering.aborted {
                // Stopped: the keys no longer matter, as the search returns at once.
                self.aborted = true;
                return children.len();
            }
            if value >= (alpha + SURE_CUT) * DISC {
                return i + 1;
            }
        }
        children.len()
    }
}

/// Rates `children` of the position (`own`, `opp`), higher to be tried first: the opponent's
/// fewest replies, then parity.
fn rate_by_replies(children: &mut [Child], own: u64, opp: u64) {
    let odd = odd_quadrants(!(own | opp));
    for c in children.iter_mut() {
        c.replies = moves(c.own, c.opp);
        c.key = -16 * reply_count(c.replies) + parity_bonus(odd, c.sq);
    }
}

/// The ordering bonus of a move on `sq` when `odd` holds the quadrants of an odd number of
/// empties.
#[inline]
fn parity_bonus(odd: u64, sq: u8) -> i32 {
    if odd >> sq & 1 != 0 {
        4
    } else {
        0
    }
}

/// Rates `children` of the position (`own`, `opp`), higher to be tried first: fastest first
/// (the opponent's fewest replies), then the opponent's fewest potential moves, the mover's
/// most moves of its own, parity and safe discs.
fn rate_fastest_first(children: &mut [Child], own: u64, opp: u64) {
    let odd = odd_quadrants(!(own | opp));
    for c in children.iter_mut() {
        c.replies = moves(c.own, c.opp);
        // The opponent's potential moves: empties next to my discs.
        let potential = (neighbours(c.opp) & !(c.own | c.opp)).count_ones() as i32;
        // My moves, were the opponent to pass: the room I keep.
        let room = moves(c.opp, c.own).count_ones() as i32;
        // The mover's discs made safe next to corners.
        let safe = corner_stable(c.opp).count_ones() as i32;
        c.key = -16 * reply_count(c.replies) - POTENTIAL_WEIGHT * potential
            + ROOM_WEIGHT * room
            + parity_bonus(odd, c.sq)
            + CORNER_STABLE_WEIGHT * safe;
    }
}
