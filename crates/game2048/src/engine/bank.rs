//! A time budget kept as a mean over the game rather than a limit on every move.
//!
//! With a fixed time a move, the search stops deepening when the next iteration would not
//! finish in time: on an open board expectimax completes depth 7 in a few milliseconds and
//! depth 9 would take several times the budget, so half the time is never used. A bank keeps
//! what a move leaves unspent for later moves, so the search goes deeper where it can: on a
//! crowded board, where a deeper search costs least (few empty cells to average over) and
//! matters most (a game is lost on such boards). The mean over the game stays within the
//! budget, give or take the last move.
//!
//! A bank may also save for the late game ([`TimeBank::saving_for_late_game`]): a long game is
//! decided at its walls, where the board holds a full chain of large tiles and the next one
//! needs the chain to collapse merge by merge, and hardly at all on the open boards before them,
//! where a search of a millisecond finds what one of ten does. Moves before the late game then
//! take a third of the mean and save the rest without a limit, and the moves after share the
//! saving.

use std::time::Duration;

use crate::board::Board;

/// How many moves' worth of budget the bank holds at most, so that time saved early in a long
/// game is not all spent on a few very long searches.
pub const MAX_SAVED_MOVES: u32 = 10;

/// The share of the mean the bank keeps in hand (one fiftieth) for the time a move takes
/// outside the search and for the last move's overrun, so that a game's mean stays within it.
const MARGIN_DIVISOR: u32 = 50;

/// With a late game saved for: the share of the mean a move before it is allowed (a third).
const EARLY_DIVISOR: u32 = 3;

/// With a late game saved for: the most a move may take, in means (twenty), so that a bank
/// saved over thousands of moves is not spent on a few.
const LATE_MOST: u32 = 20;

/// A time budget per move kept as a mean over the game (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeBank {
    /// What a move is budgeted: the mean less the margin.
    target: Duration,
    /// Time saved by earlier moves, in nanoseconds; negative after a move ran over.
    saved: i128,
    /// The tiles' sum from which the late game begins, when the bank saves for it.
    late_from: Option<u64>,
}

impl TimeBank {
    /// A bank for `mean` per move, empty.
    pub fn new(mean: Duration) -> TimeBank {
        TimeBank {
            target: mean - mean / MARGIN_DIVISOR,
            saved: 0,
            late_from: None,
        }
    }

    /// This bank saving for the late game: moves on boards whose tiles' sum is under
    /// `late_from` are allowed a third of the mean, without a limit on what they save, and later
    /// moves share what is saved over the moves expected before the sum nears twice `late_from`
    /// (at most twenty means a move).
    pub fn saving_for_late_game(self, late_from: u64) -> TimeBank {
        TimeBank {
            late_from: Some(late_from),
            ..self
        }
    }

    /// The time the next move, on `board`, may take: the mean (less a fiftieth kept in hand)
    /// plus what is saved, at least a quarter of that (a move that ran over is paid back over
    /// several moves). When saving for the late game: a third of that before it, and after it
    /// the mean plus the saving's share for one of the moves left
    /// ([`TimeBank::saving_for_late_game`]).
    pub fn allowance(&self, board: Board) -> Duration {
        let target = self.target.as_nanos() as i128;
        let nanos = match self.late_from {
            Some(from) if board.tile_sum() < from => target / i128::from(EARLY_DIVISOR),
            Some(from) if self.saved > 0 => (target
                + self.saved / moves_left_in_late_game(board, from))
            .min(target * i128::from(LATE_MOST)),
            _ => (target + self.saved).max(target / 4),
        };
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// Records a move that took `spent`.
    pub fn spend(&mut self, spent: Duration) {
        let target = self.target.as_nanos() as i128;
        let saved = self.saved + target - spent.as_nanos() as i128;
        self.saved = match self.late_from {
            Some(_) => saved,
            None => saved.min(target * i128::from(MAX_SAVED_MOVES)),
        };
    }
}

/// About how many moves are left in the late game that begins at a tiles' sum of `late_from`,
/// taken to end a sixteenth short of twice that (with `late_from` 16384, at 31,744, where games
/// that do not make 32768 end): each move adds 2.2 to the sum on average. At least a
/// thirty-second of `late_from`'s worth is left, so that what remains at the end is spent over
/// some hundreds of moves.
fn moves_left_in_late_game(board: Board, late_from: u64) -> i128 {
    let late_from = i128::from(late_from);
    let sum_left = (2 * late_from - late_from / 16 - board.tile_sum() as i128).max(late_from / 32);
    (sum_left * 10 / 22).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn quick_moves_save_time_for_later_ones_up_to_a_limit() {
        // A mean of 50 ms budgets 49 a move.
        let mut bank = TimeBank::new(50 * MS);
        assert_eq!(bank.allowance(Board::EMPTY), 49 * MS);
        bank.spend(20 * MS);
        bank.spend(20 * MS);
        assert_eq!(bank.allowance(Board::EMPTY), 107 * MS);
        for _ in 0..100 {
            bank.spend(Duration::ZERO);
        }
        assert_eq!(
            bank.allowance(Board::EMPTY),
            (49 + 49 * MAX_SAVED_MOVES) * MS
        );
    }

    #[test]
    fn a_move_that_ran_over_is_paid_back() {
        let mut bank = TimeBank::new(50 * MS);
        bank.spend(80 * MS);
        assert_eq!(bank.allowance(Board::EMPTY), 18 * MS);
        bank.spend(200 * MS);
        assert_eq!(bank.allowance(Board::EMPTY), Duration::from_micros(12_250));
        // Moves at the allowance bring the bank back.
        for _ in 0..20 {
            let allowed = bank.allowance(Board::EMPTY);
            bank.spend(allowed);
        }
        assert!(
            bank.allowance(Board::EMPTY) >= 45 * MS,
            "{:?}",
            bank.allowance(Board::EMPTY)
        );
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
                bank.allowance(Board::EMPTY) + Duration::from_micros(50)
            };
            total += spent;
            bank.spend(spent);
        }
        assert!(total <= 200 * 10 * MS, "{total:?}");
    }

    #[test]
    fn saving_for_the_late_game_spends_little_early_and_the_saving_after() {
        let mut bank = TimeBank::new(50 * MS).saving_for_late_game(16384);
        // Sum 8192 + 4096 + 4: early, a third of the budget of 49 ms.
        let early = Board::leading(&[13, 12, 2]);
        assert_eq!(bank.allowance(early), Duration::from_nanos(49_000_000 / 3));
        for _ in 0..1000 {
            bank.spend(5 * MS);
        }
        // No limit on the saving: 1,000 moves saved 44 ms each.
        assert_eq!(bank.saved, 44_000 * 1_000_000);
        // Sum 16384 + 4: the late game is taken to end at a sum of 31,744, 15,356 more, about
        // 6,980 moves: the saving is shared over them.
        let late = Board::leading(&[14, 2]);
        assert_eq!(moves_left_in_late_game(late, 16384), 6_980);
        let share = Duration::from_nanos(44_000_000_000 / 6_980);
        assert_eq!(bank.allowance(late), 49 * MS + share);
        // Near the end the estimate keeps a floor of a thirty-second of `late_from`.
        let walled = Board::leading(&[14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1]);
        assert_eq!(moves_left_in_late_game(walled, 16384), 512 * 10 / 22);
        // A large saving is spent at most twenty means a move.
        for _ in 0..100_000 {
            bank.spend(Duration::ZERO);
        }
        assert_eq!(bank.allowance(walled), 49 * LATE_MOST * MS);
        // A move that ran over is paid back as without the late game.
        bank.spend(Duration::from_secs(10_000));
        assert_eq!(bank.allowance(late), Duration::from_micros(12_250));
    }

    #[test]
    fn saving_for_the_late_game_keeps_within_the_mean() {
        let mut bank = TimeBank::new(10 * MS).saving_for_late_game(1000);
        let mut total = Duration::ZERO;
        // A game whose tiles' sum grows by 2 a move, each move taking what it is allowed.
        for i in 0..3000u32 {
            let sum_board = Board::leading(&[10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1]);
            let board = if i < 500 {
                Board::leading(&[9])
            } else {
                sum_board
            };
            let spent = bank.allowance(board) + Duration::from_micros(50);
            total += spent;
            bank.spend(spent);
        }
        assert!(total <= 3000 * 10 * MS, "{total:?}");
        assert!(total >= 2900 * 10 * MS, "{total:?}");
    }
}
