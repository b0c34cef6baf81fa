//! The game solved once: a table of every position's value with perfect play.
//!
//! Values are from the side to move's point of view and prefer quick wins and slow losses:
//! `1 + e` for a win with `e` cells still empty at its end, `0` for a draw, `-(1 + e)` for a
//! loss. The table covers every position reachable from the empty board with either mark
//! starting (every position [`TicTacToe::from_masks`] accepts), and is built on first use in
//! well under a millisecond.
//!
//! The player that plays by these values is [`crate::agents::PerfectAgent`].

use std::sync::OnceLock;

use tabula_core::Game;

use crate::rules::{Mark, TicTacToe};

const UNSOLVED: i8 = i8::MIN;

fn key(state: &TicTacToe) -> usize {
    let to_move = (state.to_move() == Mark::O) as usize;
    state.mask(Mark::X) as usize | (state.mask(Mark::O) as usize) << 9 | to_move << 18
}

fn table() -> &'static [i8] {
    static TABLE: OnceLock<Vec<i8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![UNSOLVED; 1 << 19];
        solve(&TicTacToe::new(Mark::X), &mut table);
        solve(&TicTacToe::new(Mark::O), &mut table);
        table
    })
}

fn solve(state: &TicTacToe, table: &mut [i8]) -> i8 {
    let k = key(state);
    if table[k] != UNSOLVED {
        return table[k];
    }
    let empties = state.empty().count_ones() as i8;
    let value = if state.winner().is_some() {
        // The side that just moved made three in a row.
        -(1 + empties)
    } else if empties == 0 {
        0
    } else {
        let mut best = i8::MIN + 1;
        let mut free = state.empty();
        while free != 0 {
            let cell = free.trailing_zeros() as u8;
            free &= free - 1;
            let mut child = *state;
            child.play(cell);
            best = best.max(-solve(&child, table));
        }
        best
    };
    table[k] = value;
    value
}

/// The value of `state` with perfect play, from the side to move's point of view (positive: a
/// win, larger when sooner; zero: a draw; negative: a loss).
pub fn value(state: &TicTacToe) -> i8 {
    let value = table()[key(state)];
    debug_assert_ne!(value, UNSOLVED, "every valid position is in the table");
    value
}

/// The value of playing `cell` in `state`, from the mover's point of view.
pub fn move_value(state: &TicTacToe, cell: u8) -> i8 {
    let mut child = *state;
    child.play(cell);
    -value(&child)
}
