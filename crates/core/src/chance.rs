//! Randomness: the one generator type Tabula uses, and sampling a chance node.

use rand::Rng;

use crate::game::Game;

/// The random generator used by agents and by the dealer of chance events: fast, seedable and
/// identical on every platform.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Picks a chance outcome at a chance node with its probability. Returns `None` where the
/// position is not a chance node.
pub fn sample_chance<G: Game>(state: &G, rng: &mut GameRng) -> Option<G::Move> {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let last = outcomes.last()?.0;
    let mut x: f64 = rng.random();
    for (mv, p) in outcomes {
        if x < p {
            return Some(mv);
        }
        x -= p;
    }
    Some(last)
}
