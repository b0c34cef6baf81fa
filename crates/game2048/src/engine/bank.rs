//! A time budget kept as a mean over the game rather than a limit on every move.
//!
//! With a fixed time a move, the search stops deepening when the next iteration would not
//! finish in time: on an open board expectimax completes depth 7 in a few milliseconds and
//! depth 9 would take several times the budget, so half the time is never used. A bank keeps
//! what a move leaves unspent for later moves, so the search goes deeper where it can: on a
//! crowded board, where a deeper search costs least (few empty cells to average over) and
//! matters most (a game is lost on such boards). The mean over the game stays within the
//! budget, give or take the last move.

use std::time::Duration;

/// How many moves' worth of budget the bank holds at most, so that time saved early in a long
/// game is not all spent on a few very long searches.
pub const MAX_SAVED_MOVES: u32 = 10;

/// The share of the mean the bank keeps in hand (one fiftieth) for the time a move takes
/// outside the search and for the last move's overrun, so that a game's mean stays within it.
const MARGIN_DIVISOR: u32 = 50;

/// A time budget per move kept as a mean over the game (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeBank {
    /// What a move is budgeted: the mean less the margin.
    target: Duration,
    /// Time saved by earlier moves, in nanoseconds; negative after a move ran over.
    saved: i128,
}

impl TimeBank {
    /// A bank for `mean` per move, empty.
    pub fn new(mean: Duration) -> TimeBank {
        TimeBank {
            target: mean - mean / MARGIN_DIVISOR,
            saved: 0,
        }
    }

    /// The time the next move may take: the mean (less a fiftieth kept in hand) plus what is
    /// saved, at least a quarter of that (a move that ran over is paid back over several
    /// moves).
    pub fn allowance(&self) -> Duration {
        let target = self.target.as_nanos() as i128;
        let nanos = (target + self.saved).max(target / 4);
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// Records a move that took `spent`.
    pub fn spend(&mut self, spent: Duration) {
        let target = self.target.as_nanos() as i128;
        self.saved = (self.saved + target - spent.as_nanos() as i128)
            .min(target * i128::from(MAX_SAVED_MOVES));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn quick_moves_save_time_for_later_ones_up_to_a_limit() {
        // A mean of 50 ms budgets 49 a move.
        let mut bank = TimeBank::new(50 * MS);
        assert_eq!(bank.allowance(), 49 * MS);
        bank.spend(20 * MS);
        bank.spend(20 * MS);
        assert_eq!(bank.allowance(), 107 * MS);
        for _ in 0..100 {
            bank.spend(Duration::ZERO);
        }
        assert_eq!(bank.allowance(), (49 + 49 * MAX_SAVED_MOVES) * MS);
    }

    #[test]
    fn a_move_that_ran_over_is_paid_back() {
        let mut bank = TimeBank::new(50 * MS);
        bank.spend(80 * MS);
        assert_eq!(bank.allowance(), 18 * MS);
        bank.spend(200 * MS);
        assert_eq!(bank.allowance(), Duration::from_micros(12_250));
        // Moves at the allowance bring the bank back.
        for _ in 0..20 {
            let allowed = bank.allowance();
            bank.spend(allowed);
        }
        assert!(bank.allowance() >= 45 * MS, "{:?}", bank.allowance());
    }

    #[test]
    fn spending_every_allowance_keeps_within_the_mean() {
        let mut bank = TimeBank::new(10 * MS);
        let mut total = Duration::ZERO;
        // Quick moves, then moves that take all they are allowed, and a little more.
        for i in 0..200u32 {
            let spent = if i % 7 == 0 {
                2 * MS
            } else {
                bank.allowance() + Duration::from_micros(50)
            };
            total += spent;
            bank.spend(spent);
        }
        assert!(total <= 200 * 10 * MS, "{total:?}");
    }
}
