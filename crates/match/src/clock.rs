//! The players' clocks under a [`TimeControl`].

use std::time::{Duration, Instant};

use tabula_core::Player;

use crate::settings::TimeControl;
use crate::view::ClockView;

/// Each player's time, and whose clock runs since when.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Time left when each clock last stopped.
    banked: Vec<Duration>,
    running: Option<(Player, Instant)>,
    /// A player whose time left was set from outside: their per-move clock is not filled
    /// again when it next starts.
    kept: Option<Player>,
}

impl Clocks {
    /// Full clocks for `players`, none running.
    pub fn new(control: TimeControl, players: usize) -> Clocks {
        let full = match control {
            TimeControl::PerMove { per_move_ms } => per_move_ms,
            TimeControl::Fischer { base_ms, .. } => base_ms,
        };
        Clocks {
            control,
            banked: vec![full; players],
            running: None,
            kept: None,
        }
    }

    /// Starts `player`'s clock (stopping any other without credit); a per-move clock is full
    /// again unless its time left was just set ([`Clocks::set_remaining`]).
    pub fn start(&mut self, player: Player, now: Instant) {
        let kept = self.kept.take() == Some(player);
        if let TimeControl::PerMove { per_move_ms } = self.control {
            if !kept {
                self.banked[player] = per_move_ms;
            }
        }
        self.running = Some((player, now));
    }

    /// Sets `player`'s time left to `left` at `now`, for a front end that keeps the clock that
    /// counts (a server whose games wait for a free engine): a running clock runs on from
    /// there, a stopped one starts from there next time, even a per-move one.
    pub fn set_remaining(&mut self, player: Player, left: Duration, now: Instant) {
        self.banked[player] = left;
        match &mut self.running {
            Some((p, since)) if *p == player => *since = now,
            _ => self.kept = Some(player),
        }
    }

    /// Stops the running clock after its player moved, adding the increment.
    pub fn moved(&mut self, now: Instant) {
        if let Some((player, since)) = self.running.take() {
            let left = self.banked[player].saturating_sub(now - since);
            let increment = match self.control {
                TimeControl::Fischer { increment_ms, .. } => increment_ms,
                TimeControl::PerMove { .. } => Duration::ZERO,
            };
            self.banked[player] = left + increment;
        }
    }

    /// Stops the running clock without credit (pause, undo, game over).
    pub fn halt(&mut self, now: Instant) {
        if let Some((player, since)) = self.running.take() {
            self.banked[player] = self.banked[player].saturating_sub(now - since);
        }
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Player> {
        self.running.map(|(p, _)| p)
    }

    /// Time left for `player` at `now`.
    pub fn remaining(&self, player: Player, now: Instant) -> Duration {
        match self.running {
            Some((p, since)) if p == player => self.banked[p].saturating_sub(now - since),
            _ => self.banked[player],
        }
    }

    /// The player whose time ran out, if any.
    pub fn flagged(&self, now: Instant) -> Option<Player> {
        let (player, _) = self.running?;
        self.remaining(player, now).is_zero().then_some(player)
    }

    /// How long a computer player may think on its move: a share of its bank (a twentieth plus
    /// most of the increment), never more than what is left less a safety margin.
    pub fn budget(&self, player: Player, now: Instant) -> Duration {
        let left = self.remaining(player, now);
        let margin = Duration::from_millis(50).min(left / 4);
        let share = match self.control {
            TimeControl::PerMove { .. } => left,
            TimeControl::Fischer { increment_ms, .. } => left / 20 + increment_ms * 3 / 4,
        };
        share.min(left.saturating_sub(margin))
    }

    /// The clocks as the view shows them.
    pub fn view(&self, now: Instant) -> Vec<ClockView> {
        (0..self.banked.len())
            .map(|p| ClockView {
                remaining: self.remaining(p, now),
                running: self.running() == Some(p),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn fischer_clock_runs_and_adds_the_increment() {
        let control = TimeControl::Fischer {
            base_ms: 10 * SECOND,
            increment_ms: 2 * SECOND,
        };
        let mut clocks = Clocks::new(control, 2);
        let t0 = Instant::now();
        clocks.start(0, t0);
        assert_eq!(clocks.remaining(0, t0 + 3 * SECOND), 7 * SECOND);
        assert_eq!(clocks.remaining(1, t0 + 3 * SECOND), 10 * SECOND);
        clocks.moved(t0 + 3 * SECOND);
        assert_eq!(clocks.remaining(0, t0 + 9 * SECOND), 9 * SECOND);
        clocks.start(1, t0 + 3 * SECOND);
        assert_eq!(clocks.flagged(t0 + 12 * SECOND), None);
        assert_eq!(clocks.flagged(t0 + 13 * SECOND), Some(1));
        let view = clocks.view(t0 + 4 * SECOND);
        assert!(view[1].running && !view[0].running);
        assert_eq!(view[1].remaining, 9 * SECOND);
    }

    #[test]
    fn per_move_clock_refills_and_budget_stays_inside() {
        let control = TimeControl::PerMove {
            per_move_ms: 2 * SECOND,
        };
        let mut clocks = Clocks::new(control, 2);
        let t0 = Instant::now();
        clocks.start(0, t0);
        clocks.halt(t0 + SECOND);
        assert_eq!(clocks.remaining(0, t0 + 5 * SECOND), SECOND);
        clocks.start(0, t0 + 5 * SECOND);
        assert_eq!(clocks.remaining(0, t0 + 5 * SECOND), 2 * SECOND);
        let budget = clocks.budget(0, t0 + 5 * SECOND);
        assert!(budget < 2 * SECOND && budget > SECOND, "{budget:?}");
    }

    #[test]
    fn a_time_set_from_outside_holds_even_for_a_per_move_clock() {
        let control = TimeControl::PerMove {
            per_move_ms: 2 * SECOND,
        };
        let mut clocks = Clocks::new(control, 2);
        let t0 = Instant::now();
        clocks.set_remaining(1, SECOND / 2, t0);
        clocks.start(1, t0 + SECOND);
        assert_eq!(clocks.remaining(1, t0 + SECOND), SECOND / 2);
        assert!(clocks.budget(1, t0 + SECOND) < SECOND / 2);
        clocks.set_remaining(1, SECOND / 4, t0 + 2 * SECOND);
        assert_eq!(
            clocks.remaining(1, t0 + 2 * SECOND),
            SECOND / 4,
            "while running"
        );
        clocks.moved(t0 + 2 * SECOND);
        clocks.start(1, t0 + 3 * SECOND);
        assert_eq!(
            clocks.remaining(1, t0 + 3 * SECOND),
            2 * SECOND,
            "the next turn is full again"
        );
        let fischer = TimeControl::Fischer {
            base_ms: 60 * SECOND,
            increment_ms: 10 * SECOND,
        };
        let mut clocks = Clocks::new(fischer, 2);
        clocks.set_remaining(0, SECOND, t0);
        clocks.start(0, t0);
        assert!(
            clocks.budget(0, t0) < SECOND,
            "the budget follows the time set"
        );
    }
}
