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
//!
//! With [`Restarts`], part of the games start from boards that earlier games reached late
//! (Matsuzaki 2016's restarts, Jaśkowski 2016's carousel shaping): a game from the empty board
//! spends thousands of slides before it meets the boards of 16384 and 32768 that decide the
//! long games, so a network trained only from the start sees them rarely.
//!
//! With [`Trainer::with_downgrading`], the late boards are played and learnt as the `ntuple`
//! agent values them, by tile downgrading ([`super::downgrade`]): a game past 16384 is played
//! as the smaller game of building 16384 it resembles, which the network knows, and what it
//! learns there goes into those tables.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{mpsc, Mutex};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::coherence::Coherence;
use super::downgrade::downgrade;
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
    /// Whether it started from a board of an earlier game ([`Restarts`]) rather than empty.
    pub restarted: bool,
}

/// Late boards of training games, kept to start later games from (see the module docs): the
/// boards on which a game's largest tile first grew to a given tile or more, and after that one
/// each time the sum of its tiles passed another sixteenth of that tile, so that the pool
/// covers the whole late game up to where it ends. Shared by the threads.
pub struct Restarts {
    /// The tile exponent from which boards are kept.
    from: u8,
    /// The share of games started from a kept board (once there is one).
    share: f64,
    boards: Mutex<Vec<Board>>,
}

impl Restarts {
    /// The most boards kept: a new one then replaces a random one.
    pub const CAPACITY: usize = 4096;

    /// Keeps the boards on which a game's largest tile first reaches each tile from
    /// 2^`from_exponent` up and, once it has, a board each time the tiles' sum passes a
    /// multiple of 2^`from_exponent` / 16; starts a share `share` (0 to 1) of the games from
    /// one of them.
    pub fn new(from_exponent: u8, share: f64) -> Restarts {
        Restarts {
            from: from_exponent,
            share: share.clamp(0.0, 1.0),
            boards: Mutex::new(Vec::new()),
        }
    }

    fn keep(&self, board: Board, rng: &mut SmallRng) {
        if let Ok(mut boards) = self.boards.lock() {
            if boards.len() < Self::CAPACITY {
                boards.push(board);
            } else {
                let i = rng.random_range(0..boards.len());
                boards[i] = board;
            }
        }
    }

    /// The steps of the tiles' sum at which a late game's boards are kept.
    fn sum_step(&self) -> u64 {
        (1u64 << self.from >> 4).max(1)
    }

    fn pick(&self, rng: &mut SmallRng) -> Option<Board> {
        if !rng.random_bool(self.share) {
            return None;
        }
        let boards = self.boards.lock().ok()?;
        (!boards.is_empty()).then(|| boards[rng.random_range(0..boards.len())])
    }
}

/// Plays training games and learns from them.
pub struct Trainer<'c> {
    rng: SmallRng,
    alpha: f32,
    /// Each weight's own rate, when learning by temporal coherence.
    coherence: Option<&'c Coherence>,
    /// Late boards to start games from.
    restarts: Option<&'c Restarts>,
    /// The tile exponent from which boards are valued and learnt as downgraded boards.
    downgrade: Option<u8>,
}

impl<'c> Trainer<'c> {
    /// A trainer whose tiles come from `seed`, learning at rate `alpha`.
    pub fn new(seed: u64, alpha: f32) -> Trainer<'c> {
        Trainer {
            rng: SmallRng::seed_from_u64(seed),
            alpha,
            coherence: None,
            restarts: None,
            downgrade: None,
        }
    }

    /// This trainer valuing and learning late boards by tile downgrading from the exponent
    /// `from` ([`super::downgrade`]): a downgraded board's weights hold half its value, the
    /// game being the smaller one whose points are half as large.
    pub fn with_downgrading(self, from: u8) -> Trainer<'c> {
        Trainer {
            downgrade: Some(from),
            ..self
        }
    }

    /// The board whose weights value `board`, and how many times their value `board` is worth.
    #[inline]
    fn valued(&self, board: Board) -> (Board, f32) {
        match self.downgrade.map(|from| downgrade(board, from)) {
            Some(smaller) if smaller != board => (smaller, 2.0),
            _ => (board, 1.0),
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

    /// This trainer keeping late boards in `restarts` and starting part of its games from them.
    pub fn with_restarts(self, restarts: &'c Restarts) -> Trainer<'c> {
        Trainer {
            restarts: Some(restarts),
            ..self
        }
    }

    /// Moves the value of `board` (a board the weights value, worth `scale` times their
    /// value) toward `target` from `estimate`.
    fn learn(&self, network: &Network, (board, scale): (Board, f32), estimate: f32, target: f32) {
        let error = (target - estimate) / scale;
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
        let restart = self.restarts.and_then(|r| r.pick(&mut self.rng));
        let mut board = match restart {
            Some(board) => board,
            None => {
                let first = self.spawn(Board::EMPTY);
                self.spawn(first)
            }
        };
        let mut milestones = self.restarts.map(|r| Milestones::new(r, board));
        // The previous afterstate, as the board whose weights value it and their scale
        // (`Trainer::valued`), and its value when it was chosen (later updates rarely touch
        // it, so it is not looked up again).
        let mut previous: Option<((Board, f32), f32)> = None;
        let mut score = 0u64;
        let mut moves = 0u64;
        loop {
            let slides = Direction::ALL.map(|direction| board.slide_with(tables, direction));
            // Every weight below lies somewhere new in tables far larger than the caches: ask
            // for them all first (the sums the previous afterstate will learn by, then the
            // weights of each afterstate) so that their loads from memory overlap.
            if let (Some(((before, _), _)), Some(coherence)) = (previous, self.coherence) {
                network.for_each_weight(before, |tuple, weight| {
                    coherence.prefetch(tuple, weight);
                });
            }
            let valued_slides = slides.map(|(after, _)| self.valued(after));
            for (&(after, _), &(weights, _)) in slides.iter().zip(&valued_slides) {
                if after != board {
                    network.prefetch(weights);
                }
            }
            let mut best: Option<(Board, u32, f32, (Board, f32))> = None;
            for ((after, reward), (weights, scale)) in slides.into_iter().zip(valued_slides) {
                if after == board {
                    continue;
                }
                let reward = reward & !ESCAPE;
                let value = reward as f32 + scale * network.evaluate(weights);
                if best.is_none_or(|(_, _, b, _)| value > b) {
                    best = Some((after, reward, value, (weights, scale)));
                }
            }
            let target = best.map_or(0.0, |(_, _, value, _)| value);
            if let Some((before, estimate)) = previous {
                self.learn(network, before, estimate, target);
            }
            let Some((after, reward, value, chosen)) = best else {
                break;
            };
            previous = Some((chosen, value - reward as f32));
            score += u64::from(reward);
            moves += 1;
            board = self.spawn(after);
            if let Some(milestones) = &mut milestones {
                if milestones.passed(board, reward > 0) {
                    milestones.restarts.keep(board, &mut self.rng);
                }
            }
        }
        network.count_game();
        TrainedGame {
            score,
            max_tile: 1 << board.max_exponent(),
            moves,
            restarted: restart.is_some(),
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

/// Where a game stands against the boards [`Restarts`] keeps: its largest tile and the tiles'
/// sum at which the next late board is kept.
struct Milestones<'c> {
    restarts: &'c Restarts,
    largest: u8,
    next_sum: u64,
}

impl<'c> Milestones<'c> {
    fn new(restarts: &'c Restarts, start: Board) -> Milestones<'c> {
        Milestones {
            restarts,
            largest: start.max_exponent(),
            next_sum: next_multiple(start.tile_sum(), restarts.sum_step()),
        }
    }

    /// Whether `board`, reached after a slide (`merged` if it joined tiles), is one to keep:
    /// its largest tile just grew to the restarts' tile or more, or it is that late and its
    /// tiles' sum has passed the next step.
    fn passed(&mut self, board: Board, merged: bool) -> bool {
        let grew = merged && board.max_exponent() > self.largest;
        if grew {
            self.largest = board.max_exponent();
        }
        if self.largest < self.restarts.from {
            return false;
        }
        let sum = board.tile_sum();
        let keep = grew || sum >= self.next_sum;
        if keep {
            self.next_sum = next_multiple(sum, self.restarts.sum_step());
        }
        keep
    }
}

/// The least multiple of `step` above `sum`.
fn next_multiple(sum: u64, step: u64) -> u64 {
    (sum / step + 1) * step
}

/// Plays `games` training games on `threads` threads (at least one), each with its own
/// [`Trainer`] made by `trainer` from a seed (`seed` for the first thread, mixed with their
/// number for the others), all learning into `network` at once.
/// Every finished game is handed to `on_game` on the calling thread, in the order they end;
/// when it returns an error, no game is started any more and the error is returned once the
/// games under way have ended. With one thread the run is the same as one [`Trainer`]'s.
pub fn train_in_parallel<'c, E>(
    network: &Network,
    games: u64,
    threads: usize,
    seed: u64,
    trainer: impl Fn(u64) -> Trainer<'c> + Sync,
    mut on_game: impl FnMut(TrainedGame) -> Result<(), E>,
) -> Result<(), E> {
    let started = AtomicU64::new(0);
    std::thread::scope(|scope| {
        // A game or two waiting per thread at most, so that the threads never run far ahead
        // of `on_game` (which saves and reports).
        let threads = threads.max(1);
        let (sender, receiver) = mpsc::sync_channel(threads);
        for thread in 0..threads as u64 {
            let (sender, started, trainer) = (sender.clone(), &started, &trainer);
            let seed = match thread {
                0 => seed,
                _ => seed ^ thread.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            };
            scope.spawn(move || {
                let mut trainer = trainer(seed);
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
        let outcome: Result<(), ()> = train_in_parallel(
            &net,
            50,
            2,
            7,
            |seed| Trainer::new(seed, DEFAULT_ALPHA),
            |game| {
                assert!(game.moves > 0);
                ended += 1;
                Ok(())
            },
        );
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
        let outcome: Result<(), ()> = train_in_parallel(
            &shared,
            20,
            1,
            11,
            |s| Trainer::new(s, DEFAULT_ALPHA),
            |g| {
                seen.push(g);
                Ok(())
            },
        );
        assert_eq!((outcome, seen), (Ok(()), games));
        assert_eq!(alone, shared);
    }

    #[test]
    fn an_error_stops_the_run() {
        let net = Network::new(&[vec![0, 1, 2, 3]], 0.0).unwrap();
        let mut ended = 0;
        let outcome = train_in_parallel(
            &net,
            1_000_000,
            2,
            7,
            |seed| Trainer::new(seed, DEFAULT_ALPHA),
            |_| {
                ended += 1;
                if ended == 10 {
                    Err("disk full")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(outcome, Err("disk full"));
        assert!(net.games() < 100, "{} games", net.games());
    }

    #[test]
    fn a_downgraded_board_is_learnt_in_the_smaller_boards_weights_at_half_the_value() {
        let net = Network::new(&[vec![0, 1, 2, 3], vec![4, 5, 6, 7]], 0.0).unwrap();
        let trainer = Trainer::new(3, 0.5).with_downgrading(6);
        // 64 and 16 with 32 missing: valued as 32 and 16, at twice their value.
        let (late, smaller) = (Board::leading(&[6, 4, 1]), Board::leading(&[5, 4, 1]));
        assert_eq!(trainer.valued(late), (smaller, 2.0));
        // Below 64, and 64 with nothing missing under it, are valued as they are.
        let early = Board::leading(&[5, 4, 1]);
        assert_eq!(trainer.valued(early), (early, 1.0));
        let whole = Board::leading(&[6, 5, 4, 3, 2, 1]);
        assert_eq!(trainer.valued(whole), (whole, 1.0));
        // An error of 100 on the late board is an error of 50 on the smaller board's weights
        // (they hold half its value), and no other weight moves.
        trainer.learn(&net, trainer.valued(late), 0.0, 100.0);
        let expected = Network::new(&[vec![0, 1, 2, 3], vec![4, 5, 6, 7]], 0.0).unwrap();
        Trainer::new(3, 0.5).learn(&expected, (smaller, 1.0), 0.0, 50.0);
        assert!(net.evaluate(smaller) > 0.0);
        assert_eq!(net, expected);
    }

    #[test]
    fn late_boards_are_kept_as_the_largest_tile_grows_and_at_each_step_of_the_sum() {
        // From 256 on, every 16 of the tiles' sum.
        let restarts = Restarts::new(8, 0.5);
        // The game starts at 128 + 64 + 4; below 256 nothing is kept, whatever the sum.
        let mut milestones = Milestones::new(&restarts, Board::leading(&[7, 6, 2]));
        assert!(!milestones.passed(Board::leading(&[7, 6, 4]), false));
        // 256 appears: kept; the sum is 256 + 32 = 288, so the next is kept at 304.
        assert!(milestones.passed(Board::leading(&[8, 5]), true));
        // 296: short of the step.
        assert!(!milestones.passed(Board::leading(&[8, 5, 3]), false));
        // 304: the step.
        assert!(milestones.passed(Board::leading(&[8, 5, 3, 3]), false));
        // 308: a merge, but no new largest tile.
        assert!(!milestones.passed(Board::leading(&[8, 5, 4, 1, 1]), true));
        // 320: the next step of the sum.
        assert!(milestones.passed(Board::leading(&[8, 5, 4, 3, 2, 2]), false));
        // 512 appears with the sum short of the next step: kept all the same.
        assert!(milestones.passed(Board::leading(&[9, 1, 1]), true));
    }

    #[test]
    fn restarts_keep_late_boards_and_start_games_from_them() {
        let net = Network::new(&[vec![0, 1, 2, 3], vec![4, 5, 6, 7]], 0.0).unwrap();
        // From 256 on: a tiny network's games reach it often.
        let restarts = Restarts::new(8, 0.5);
        let mut trainer = Trainer::new(5, DEFAULT_ALPHA).with_restarts(&restarts);
        let games: Vec<_> = (0..200).map(|_| trainer.play(&net)).collect();
        let kept = restarts.boards.lock().unwrap().clone();
        assert!(!kept.is_empty() && kept.len() <= Restarts::CAPACITY);
        assert!(kept.iter().all(|b| b.max_exponent() >= 8));
        let restarted = games.iter().filter(|g| g.restarted).count();
        assert!(
            (50..150).contains(&restarted),
            "{restarted} of 200 restarted"
        );
        // A restarted game begins with a tile of 256 or more, so it ends with one.
        assert!(games
            .iter()
            .filter(|g| g.restarted)
            .all(|g| g.max_tile >= 256));
    }
}
