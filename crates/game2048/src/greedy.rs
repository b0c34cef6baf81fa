//! The greedy player: the slide that scores most right now, ties broken at random.

use rand::seq::IndexedRandom;
use tabula_core::{Agent, Game, GameRng};

use crate::rules::{Game2048, Move};

/// Takes the slide with the best immediate score.
pub struct Greedy {
    rng: GameRng,
}

impl Greedy {
    /// A greedy player breaking ties with `rng`.
    pub fn new(rng: GameRng) -> Self {
        Greedy { rng }
    }
}

impl Agent<Game2048> for Greedy {
    fn choose(&mut self, state: &Game2048) -> Move {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let gains: Vec<(Move, u64)> = moves
            .into_iter()
            .map(|mv| {
                let mut next = *state;
                next.play(mv);
                (mv, next.score() - state.score())
            })
            .collect();
        let best = gains.iter().map(|&(_, g)| g).max().unwrap_or(0);
        let ties: Vec<Move> = gains
            .into_iter()
            .filter(|&(_, g)| g == best)
            .map(|(mv, _)| mv)
            .collect();
        *ties
            .choose(&mut self.rng)
            .expect("choose is called only where a legal move exists")
    }
}
