//! The agent every game has: a uniformly random legal move.

use rand::seq::IndexedRandom;
use rand::SeedableRng;

use crate::agent::{Agent, AgentEntry, AgentError, AgentSpec};
use crate::chance::GameRng;
use crate::game::Game;

/// Plays a uniformly random legal move.
pub struct RandomAgent<G: Game> {
    rng: GameRng,
    /// Reused for every move, so that choosing allocates nothing.
    moves: Vec<G::Move>,
}

impl<G: Game> RandomAgent<G> {
    /// A random agent driven by `rng`.
    pub fn new(rng: GameRng) -> Self {
        RandomAgent {
            rng,
            moves: Vec::new(),
        }
    }

    /// The catalogue entry for game `G`.
    pub fn entry() -> AgentEntry<G> {
        AgentEntry {
            name: "random",
            summary: "a uniformly random legal move",
            argument: None,
            keys: &[],
            build: build::<G>,
        }
    }
}

fn build<G: Game>(spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError> {
    Ok(Box::new(RandomAgent::<G>::new(spec.rng()?)))
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn choose(&mut self, state: &G) -> G::Move {
        self.moves.clear();
        state.legal_moves(&mut self.moves);
        *self
            .moves
            .choose(&mut self.rng)
            .expect("choose is called only where a legal move exists")
    }

    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = GameRng::seed_from_u64(seed);
        true
    }
}
