//! 2048's autoplay: the computer takes the player's seat (the controller's
//! [`tabula_match::Command::SetSeat`] with [`SPEC`]), and the UI holds it back with
//! [`tabula_match::Command::Pause`] between moves, so that the game goes at the pace `+` and `-`
//! choose. Autoplay is on exactly while the 2048 seat is a computer's, so a game watched from
//! the launcher, or resumed with the computer playing, goes at the same pace.

use std::time::{Duration, Instant};

/// The computer player of autoplay: expectimax with 40 ms a move, as the earlier 2048 screen
/// had.
pub const SPEC: &str = "expectimax:time=40";

/// The paces, milliseconds between moves; `+` goes left, `-` right.
pub const PACES_MS: [u64; 8] = [0, 15, 30, 60, 125, 250, 500, 1000];

/// The pace at the start: 125 ms.
const DEFAULT_PACE: usize = 4;

/// The pace and when the next move may come.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    index: usize,
    next: Instant,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            index: DEFAULT_PACE,
            next: Instant::now(),
        }
    }
}

impl Pace {
    /// The wait between moves.
    pub fn delay(self) -> Duration {
        Duration::from_millis(PACES_MS[self.index])
    }

    /// Shorter waits (`+`).
    pub fn faster(&mut self) {
        self.index = self.index.saturating_sub(1);
    }

    /// Longer waits (`-`).
    pub fn slower(&mut self) {
        self.index = (self.index + 1).min(PACES_MS.len() - 1);
    }

    /// The computer just moved: the next move waits a pace from `now`.
    pub fn moved(&mut self, now: Instant) {
        self.next = now + self.delay();
    }

    /// Whether the next move may come at `now`.
    pub fn due(self, now: Instant) -> bool {
        now >= self.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_stays_in_its_range_and_spaces_the_moves() {
        let mut pace = Pace::default();
        assert_eq!(pace.delay(), Duration::from_millis(125));
        for _ in 0..10 {
            pace.faster();
        }
        assert_eq!(pace.delay(), Duration::ZERO);
        for _ in 0..10 {
            pace.slower();
        }
        assert_eq!(pace.delay(), Duration::from_secs(1));
        let now = Instant::now();
        pace.moved(now);
        assert!(!pace.due(now));
        assert!(pace.due(now + Duration::from_secs(1)));
    }
}
