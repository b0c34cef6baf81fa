//! TD(0) learning of afterstate values (Szubert & Jaśkowski, 2014): the player takes the slide
//! with the best reward plus network value, and the value of the previous afterstate moves
//! toward that reward plus value (toward 0 when the game ends). With an optimistic initial
//! value ([`super::Network::new`]) this is the optimistic TD learning of Guei et al. (2022):
//! every value starts high and falls where play has been, so unvisited states are tried.
//!
//! Games are played on the bitboard directly, with their own fast random generator, under the
//! original rules (a 2 with probability 0.9, else a 4, on a uniformly chosen empty cell).
//! [`train_in_parallel`] plays them on several threads at once, all learning into one network
//! without locks (see the `table` module).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::coherence::Coherence;
use super::Network;
use crate::board::{tables, Board, Direction, ESCAPE};

/// The learning rate used unless told otherwise: each update moves a value a tenth of the way
/// to its target.
pub const DEFAULT_ALPHA: f32 = 0.1;

/// What one training game came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainedGame {
    /// The final score.
    pub score: u64,
    /// The largest tile (32768 at most: the board saturates there).
    pub max_tile: u64,
    /// The slides played.
    pub moves: u64,
}

/// Plays training games and learns from them.
pub struct Trainer<'c> {
    rng: SmallRng,
    alpha: f32,
    /// Each weight's own rate, when learning by temporal coherence.
    coherence: Option<&'c Coherence>,
}

impl<'c> Trainer<'c> {
    /// A trainer whose tiles come from `seed`, learning at rate `alpha`.
    pub fn new(seed: u64, alpha: f32) -> Trainer<'c> {
        Trainer {
            rng: SmallRng::seed_from_u64(seed),
            alpha,
            coherence: None,
        }
    }

    /// This trainer learning by temporal coherence ([`Coherence`]): each weight's step is
    /// `alpha` times its own rate.
    pub fn with_coherence(self, coherence: &'c Coherence) -> Trainer<'c> {
        Trainer {
            coherence: Some(coherence),
            ..self
        }
    }

    /// Moves the value of `board` toward `target` from `estimate`.
    fn learn(&self, network: &Network, board: Board, estimate: f32, target: f32) {
        let error = target - estimate;
        match self.coherence {
            None => network.update(board, self.alpha * error),
            Some(coherence) => {
                let step = self.alpha * error / network.features() as f32;
                network.adjust(board, |tuple, weight| {
                    step * coherence.rate_then_record(tuple, weight, error)
                });
            }
        }
    }

    /// Plays one game with `network`, updating it after every slide.
    pub fn play(&mut self, network: &Network) -> TrainedGame {
        let tables = tables();
        let first = self.spawn(Board::EMPTY);
        let mut board = self.spawn(first);
        // The previous afterstate and its value when it was chosen (later updates rarely
        // touch it, so it is not looked up again).
        let mut previous: Option<(Board, f32)> = None;
        let mut score = 0u64;
        let mut moves = 0u64;
        loop {
            let mut best: Option<(Board, u32, f32)> = None;
            for direction in Direction::ALL {
                let (after, reward) = board.slide_with(tables, direction);
                if after == board {
                    continue;
                }
                let reward = reward & !ESCAPE;
                let value = reward as f32 + network.evaluate(after);
                if best.is_none_or(|(_, _, b)| value > b) {
                    best = Some((after, reward, value));
                }
            }
            let target = best.map_or(0.0, |(_, _, value)| value);
            if let Some((before, estimate)) = previous {
                self.learn(network, before, estimate, target);
            }
            let Some((after, reward, value)) = best else {
                break;
            };
            previous = Some((after, value - reward as f32));
            score += u64::from(reward);
            moves += 1;
            board = self.spawn(after);
        }
        network.count_game();
        TrainedGame {
            score,
            max_tile: 1 << board.max_exponent(),
            moves,
        }
    }

    /// `board` with a new tile on a random empty cell (which must exist).
    fn spawn(&mut self, board: Board) -> Board {
        let mut empty = board.empty_mask();
        let n = empty.count_ones();
        for _ in 0..self.rng.random_range(0..n) {
            empty &= empty - 1;
        }
        let bit = empty & empty.wrapping_neg();
        let tile = if self.rng.random_bool(0.9) {
            bit
        } else {
            bit << 1
        };
        Board(board.0 | tile)
    }
}

/// Plays `games` training games on `threads` threads (at least one), each with its own
/// [`Trainer`] (seeded from `seed` and its number, learning at `alpha`, by temporal coherence
/// with `coherence` where given), all learning into `network` at once.
/// Every finished game is handed to `on_game` on the calling thread, in the order they end;
/// when it returns an error, no game is started any more and the error is returned once the
/// games under way have ended. With one thread the run is the same as one [`Trainer`]'s.
pub fn train_in_parallel<E>(
    network: &Network,
    games: u64,
    threads: usize,
    seed: u64,
    alpha: f32,
    coherence: Option<&Coherence>,
    mut on_game: impl FnMut(TrainedGame) -> Result<(), E>,
) -> Result<(), E> {
    let started = AtomicU64::new(0);
    std::thread::scope(|scope| {
        // A game or two waiting per thread at most, so that the threads never run far ahead
        // of `on_game` (which saves and reports).
        let threads = threads.max(1);
        let (sender, receiver) = mpsc::sync_channel(threads);
        for thread in 0..threads as u64 {
            let (sender, started) = (sender.clone(), &started);
            let seed = match thread {
                0 => seed,
                _ => seed ^ thread.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            };
            scope.spawn(move || {
                let mut trainer = Trainer::new(seed, alpha);
                if let Some(coherence) = coherence {
                    trainer = trainer.with_coherence(coherence);
                }
                while started.fetch_add(1, Relaxed) < games {
                    if sender.send(trainer.play(network)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let outcome = receiver.iter().try_for_each(&mut on_game);
        // Whatever happened, start no more games (the receiver is dropped on return, so a
        // thread finishing its game stops at its send).
        started.store(games, Relaxed);
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_and_counts() {
        let net = Network::new(&[vec![0, 1, 2, 3]], 0.0).unwrap();
        let game = Trainer::new(7, DEFAULT_ALPHA).play(&net);
        assert!(
            game.moves > 10 && game.score > 0 && game.max_tile >= 8,
            "{game:?}"
        );
        assert_eq!(net.games(), 1);
        // Learning touched the tables: the empty board's value moved off zero... or some
        // board's did; the start position's rows hold small tiles.
        assert_ne!(net, Network::new(&[vec![0, 1, 2, 3]], 0.0).unwrap());
    }

    #[test]
    fn parallel_training_plays_every_game_once() {
        let net = Network::new(&[vec![0, 1, 2, 3], vec![4, 5, 6, 7]], 0.0).unwrap();
        let mut ended = 0;
        let outcome: Result<(), ()> =
            train_in_parallel(&net, 50, 2, 7, DEFAULT_ALPHA, None, |game| {
                assert!(game.moves > 0);
                ended += 1;
                Ok(())
            });
        assert_eq!((outcome, ended, net.games()), (Ok(()), 50, 50));
    }

    #[test]
    fn one_thread_is_one_trainer() {
        let shapes = [vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        let (alone, shared) = (
            Network::new(&shapes, 0.0).unwrap(),
            Network::new(&shapes, 0.0).unwrap(),
        );
        let mut trainer = Trainer::new(11, DEFAULT_ALPHA);
        let games: Vec<_> = (0..20).map(|_| trainer.play(&alone)).collect();
        let mut seen = Vec::new();
        let outcome: Result<(), ()> =
            train_in_parallel(&shared, 20, 1, 11, DEFAULT_ALPHA, None, |g| {
                seen.push(g);
                Ok(())
            });
        assert_eq!((outcome, seen), (Ok(()), games));
        assert_eq!(alone, shared);
    }

    #[test]
    fn an_error_stops_the_run() {
        let net = Network::new(&[vec![0, 1, 2, 3]], 0.0).unwrap();
        let mut ended = 0;
        let outcome = train_in_parallel(&net, 1_000_000, 2, 7, DEFAULT_ALPHA, None, |_| {
            ended += 1;
            if ended == 10 {
                Err("disk full")
            } else {
                Ok(())
            }
        });
        assert_eq!(outcome, Err("disk full"));
        assert!(net.games() < 100, "{} games", net.games());
    }
}
