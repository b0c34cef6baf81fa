//! The midgame search: negamax alpha-beta with principal-variation search, a transposition
//! table, move ordering (table move, then fewest replies and most own moves) and the
//! evaluation at the leaves, whose pattern slots ([`super::slots`]) each move updates.

use std::time::Instant;

use tabula_core::SearchControl;

use crate::bitboard::{flips, moves, CORNERS};
use crate::rules::score_for;

use super::eval::{Evaluation, DISC};
use super::slots::Slots;
use super::table::{Probe, Table};
use super::MoveList;

/// Larger than any evaluation: finished games score `WIN + disc difference`.
const WIN: i32 = 1_000_000;
/// Outside every value.
pub const INFINITY: i32 = 2 * WIN;

/// The midgame searcher: evaluation, table, node count, deadline and stop signal.
pub struct Midgame {
    evaluation: Evaluation,
    table: Table,
    /// Positions visited.
    pub nodes: u64,
    /// The node count when the clock was last read.
    checked_at: u64,
    deadline: Option<Instant>,
    /// Read with the clock: a stop aborts the search as the deadline does.
    control: SearchControl,
    /// Set once the deadline passed or a stop came: every value since is meaningless.
    pub aborted: bool,
    /// ProbCut's margins by empty squares, in evaluation units (none: every search exact to
    /// its depth).
    probcut: Option<[i32; 65]>,
}

/// The value of a finished game for the side owning `own`, beyond any evaluation.
pub fn final_value(own: u64, opp: u64) -> i32 {
    let score = score_for(own, opp);
    score * DISC + score.signum() * WIN
}

/// Converts a search value back to discs (finished games give their exact difference).
pub fn to_discs(value: i32) -> f64 {
    if value.abs() >= WIN {
        f64::from((value.abs() - WIN) / DISC * value.signum())
    } else {
        f64::from(value) / f64::from(DISC)
    }
}

impl Midgame {
    /// A searcher with a `2^bits`-entry table.
    pub fn new(bits: u32) -> Self {
        Midgame {
            evaluation: Evaluation::shipped(),
            table: Table::new(bits),
            nodes: 0,
            checked_at: 0,
            deadline: None,
            control: SearchControl::new(),
            aborted: false,
            probcut: None,
        }
    }

    /// Makes the searches selective: a node of depth [`PROBCUT_MIN_DEPTH`] or more searched with
    /// a null window is cut when a search of [`probcut_depth`] plies puts it `confidence`
    /// standard deviations ([`probcut_sigma`]) beyond the window. `None`: no cuts.
    pub fn set_probcut(&mut self, confidence: Option<f64>) {
        self.probcut = confidence.map(|t| {
            std::array::from_fn(|empties| {
                (t * probcut_sigma(empties as u32) * f64::from(DISC)).round() as i32
            })
        });
        self.table.clear();
    }

    /// Values the leaves with `evaluation` from now on (the shipped weights until then).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.evaluation = evaluation;
        self.table.clear();
    }

    /// Starts afresh (between unrelated positions): stored results give way to new ones.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Starts fetching the table entry of a position searched soon to a depth of at least 2
    /// (shallower searches do not look themselves up).
    #[inline]
    pub fn prefetch(&self, own: u64, opp: u64) {
        self.table.prefetch(own, opp);
    }

    /// Makes the searches abort at `control`'s stop signal too (read when the clock is).
    pub fn set_control(&mut self, control: &SearchControl) {
        self.control = control.clone();
    }

    /// The best move the table remembers for the position, if it is legal there.
    pub fn table_move(&self, own: u64, opp: u64) -> Option<u8> {
        let best = self.table.probe(own, opp, 0)?.best;
        (best < 64 && moves(own, opp) >> best & 1 != 0).then_some(best)
    }

    /// Sets (or lifts) the deadline and clears the abort flag.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.aborted = false;
    }

    /// The value of the position searched `depth` plies with a full window.
    pub fn value(&mut self, own: u64, opp: u64, depth: u32) -> i32 {
        self.search(own, opp, -INFINITY, INFINITY, depth, false)
    }

    /// Fail-soft PVS. `passed` is set when the previous ply was a pass.
    pub fn search(
        &mut self,
        own: u64,
        opp: u64,
        alpha: i32,
        beta: i32,
        depth: u32,
        passed: bool,
    ) -> i32 {
        let slots = Slots::new(own, opp);
        self.search_slots(own, opp, &slots, alpha, beta, depth, passed)
    }

    /// [`Midgame::search`] of the position whose evaluation slots are `slots`: each child's
    /// follow from them by its move.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_slots(
        &mut self,
        own: u64,
        opp: u64,
        slots: &Slots,
        mut alpha: i32,
        mut beta: i32,
        depth: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        // The clock and the stop signal are read every few thousand nodes (leaves, counted
        // by their parents, and a reset count included).
        if self.nodes.wrapping_sub(self.checked_at) >= 4096 {
            self.checked_at = self.nodes;
            if self.control.is_stopped() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        if self.aborted {
            return 0;
        }
        if depth == 0 {
            return self.evaluation.evaluate_view(slots.to_move(), own, opp);
        }
        let mut mask = moves(own, opp);
        if mask == 0 {
            if passed || moves(opp, own) == 0 {
                return final_value(own, opp);
            }
            return -self.search_slots(opp, own, &slots.pass(), -beta, -alpha, depth, true);
        }
        let mut hint = 64u8;
        if depth >= 2 {
            match self.table.narrow(own, opp, depth as u8, alpha, beta) {
                Probe::Cut(value) => return value,
                Probe::Window {
                    alpha: a,
                    beta: b,
                    hint: h,
                } => (alpha, beta, hint) = (a, b, h),
            }
        }
        if let Some(margins) = &self.probcut {
            if depth >= PROBCUT_MIN_DEPTH && beta - alpha == 1 {
                let margin = margins[(!(own | opp)).count_ones() as usize];
                if let Some(value) = self.probcut(own, opp, slots, alpha, beta, depth, margin) {
                    return value;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut list: MoveList<(i32, u8, u64)> = MoveList::new();
        while mask != 0 {
            let sq = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let f = flips(own, opp, sq);
            if depth > 2 {
                // The child will look itself up: start fetching its entry now.
                self.table.prefetch(opp & !f, own | f | (1u64 << sq));
            }
            let key = if sq as u8 == hint {
                i32::MAX
            } else if depth >= 2 {
                order_key(own, opp, sq, f)
            } else {
                0
            };
            list.push((key, sq as u8, f));
        }
        if depth >= 2 {
            list.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
        }
        let mut best = -INFINITY;
        let mut best_sq = 64u8;
        for (i, &(_, sq, f)) in list.iter().enumerate() {
            let (co, cp) = (opp & !f, own | f | (1u64 << sq));
            let value = if depth == 1 {
                // A leaf's value is its evaluation, exact whatever the window: only the side
                // to move's view of its slots is needed.
                self.nodes += 1;
                -self
                    .evaluation
                    .evaluate_view(&slots.play_to_move(usize::from(sq), f), co, cp)
            } else if i == 0 {
                let cs = slots.play(usize::from(sq), f);
                -self.search_slots(co, cp, &cs, -beta, -alpha, depth - 1, false)
            } else {
                let cs = slots.play(usize::from(sq), f);
                let v = -self.search_slots(co, cp, &cs, -alpha - 1, -alpha, depth - 1, false);
                if v > alpha && v < beta {
                    -self.search_slots(co, cp, &cs, -beta, -v, depth - 1, false)
                } else {
                    v
                }
            };
            if self.aborted {
                return 0;
            }
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
        if depth >= 2 {
            self.table
                .store(own, opp, depth as u8, alpha0, beta0, best, best_sq);
        }
        best
    }

    /// ProbCut: the end of the null window `(alpha, beta)` that a search of
    /// [`probcut_depth`] plies clears by `margin`, if any.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        own: u64,
        opp: u64,
        slots: &Slots,
        alpha: i32,
        beta: i32,
        depth: u32,
        margin: i32,
    ) -> Option<i32> {
        let shallow = probcut_depth(depth);
        let high = beta + margin;
        if high < WIN && self.search_slots(own, opp, slots, high - 1, high, shallow, false) >= high
        {
            return Some(beta);
        }
        let low = alpha - margin;
        if low > -WIN && self.search_slots(own, opp, slots, low, low + 1, shallow, false) <= low {
            return Some(alpha);
        }
        None
    }
}

/// Nodes with at least this many plies left may be cut by ProbCut.
pub const PROBCUT_MIN_DEPTH: u32 = 3;

/// The standard deviation, in discs, of a midgame search's value less the value of a search
/// [`probcut_depth`] plies deep of the same position with `empties` empty squares. Fitted by
/// `examples/probcut_calibrate.rs` on 2,000 positions of self-play (depths 2 to 12): it hardly
/// depends on the depth, and falls with the empties (positions near the start are close).
pub fn probcut_sigma(empties: u32) -> f64 {
    5.45 - 0.05 * f64::from(empties)
}

/// The depth of ProbCut's shallow search for a search of `depth` plies: about half of it, of
/// the same parity (an odd depth ends on the mover's own move, which the evaluation favours).
pub fn probcut_depth(depth: u32) -> u32 {
    2 * (depth / 4) + (depth & 1)
}

/// Move ordering: corners first, then the moves leaving the opponent fewest replies (corners
/// twice) and the mover most moves of its own (at half weight).
#[inline]
pub fn order_key(own: u64, opp: u64, sq: usize, f: u64) -> i32 {
    let bit = 1u64 << sq;
    let (mine, theirs) = (own | f | bit, opp & !f);
    let replies = moves(theirs, mine);
    let room = moves(mine, theirs).count_ones() as i32;
    let corner = if CORNERS & bit != 0 { 64 } else { 0 };
    corner - 4 * reply_count(replies) + 2 * room
}

/// The opponent's replies, corners counted twice.
#[inline]
pub(super) fn reply_count(replies: u64) -> i32 {
    (replies.count_ones() + (replies & CORNERS).count_ones()) as i32
}
