//! The agent every game has: a uniformly random legal move.

use rand::seq::IndexedRandom;

use crate::agent::{Agent, AgentEntry, AgentError, AgentSpec};
use crate::chance::GameRng;
use crate::game::Game;

/// Plays a uniformly random legal move.
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    /// A random agent driven by `rng`.
    pub fn new(rng: GameRng) -> Self {
        RandomAgent { rng }
    }

    /// The catalogue entry for game `G`.
    pub fn entry<G: Game>() -> AgentEntry<G> {
        AgentEntry {
            name: "random",
            summary: "a uniformly random legal move",
            keys: &[],
            build: build::<G>,
        }
    }
}

fn build<G: Game>(spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError> {
    Ok(Box::new(RandomAgent::new(spec.rng()?)))
}

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(&mut self, state: &G) -> G::Move {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        *moves
            .choose(&mut self.rng)
            .expect("choose is called only where a legal move exists")
    }
}
