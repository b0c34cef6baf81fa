//! TD(0) learning of afterstate values (Szubert & Jaśkowski, 2014): the player takes the slide
//! with the best reward plus network value, and the value of the previous afterstate moves
//! toward that reward plus value (toward 0 when the game ends). With an optimistic initial
//! value ([`super::Network::new`]) this is the optimistic TD learning of Guei et al. (2022):
//! every value starts high and falls where play has been, so unvisited states are tried.
//!
//! Games are played on the bitboard directly, with their own fast random generator, under the
//! original rules (a 2 with probability 0.9, else a 4, on a uniformly chosen empty cell).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

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
pub struct Trainer {
    rng: SmallRng,
    alpha: f32,
}

impl Trainer {
    /// A trainer whose tiles come from `seed`, learning at rate `alpha`.
    pub fn new(seed: u64, alpha: f32) -> Trainer {
        Trainer {
            rng: SmallRng::seed_from_u64(seed),
            alpha,
        }
    }

    /// Plays one game with `network`, updating it after every slide.
    pub fn play(&mut self, network: &mut Network) -> TrainedGame {
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
                network.update(before, self.alpha * (target - estimate));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_and_counts() {
        let mut net = Network::new(&[vec![0, 1, 2, 3]], 0.0).unwrap();
        let game = Trainer::new(7, DEFAULT_ALPHA).play(&mut net);
        assert!(
            game.moves > 10 && game.score > 0 && game.max_tile >= 8,
            "{game:?}"
        );
        assert_eq!(net.games(), 1);
        // Learning touched the tables: the empty board's value moved off zero... or some
        // board's did; the start position's rows hold small tiles.
        assert_ne!(net, Network::new(&[vec![0, 1, 2, 3]], 0.0).unwrap());
    }
}
