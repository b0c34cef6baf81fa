//! Counting move sequences: the standard check of a move generator.

use crate::game::{Game, Turn};

/// The number of move sequences of exactly `depth` plies from `state`. Passes and chance
/// outcomes count as plies; a finished game is not continued, so it counts only at depth 0.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    count(state, depth, &mut buffers)
}

fn count<G: Game>(state: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    match state.turn() {
        Turn::Over(_) => return 0,
        Turn::Player(_) => state.legal_moves(moves),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            moves.extend(outcomes.into_iter().map(|(m, _)| m));
        }
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = state.clone();
        child.play(mv);
        total += count(&child, depth - 1, rest);
    }
    total
}
