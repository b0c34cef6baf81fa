//! The four strategies of the classic teaching program (Reversegam's AI simulation chapter),
//! the arena's reference opponents.
//!
//! The book shuffles the legal moves and takes the first that fits its rule, so ties break
//! uniformly at random. Here each rule builds the bitboard of the moves that fit and picks one of
//! them uniformly with a single random draw: the same distribution, with no allocation.
//!
//! - `corner-best`: a corner if any; else a move leaving the most of its own discs.
//! - `corner-side-best`: a corner if any; else a side square; else as `corner-best`.
//! - `worst`: a move leaving the fewest of its own discs. (The book starts its search at 64 and
//!   keeps strictly smaller scores, so it would fail where every move fills the board with its
//!   own discs; here such a move is simply played.)
//! - `random`: any legal move.

use rand::{Rng, SeedableRng};
use tabula_core::{Agent, AgentEntry, AgentError, AgentSpec, GameRng};

use crate::bitboard::{self, CORNERS, EDGES};
use crate::notation::Move;
use crate::rules::Reversi;

/// Which of the four rules a [`Classic`] agent follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// A corner, else the most discs.
    CornerBest,
    /// A corner, else a side square, else the most discs.
    CornerSideBest,
    /// The fewest discs.
    Worst,
    /// Any legal move.
    Random,
}

impl Strategy {
    /// The name used in agent specs.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::CornerBest => "corner-best",
            Strategy::CornerSideBest => "corner-side-best",
            Strategy::Worst => "worst",
            Strategy::Random => "random",
        }
    }

    /// The squares of the legal moves `mask` this rule would choose among, uniformly.
    pub fn candidates(self, state: &Reversi, mask: u64) -> u64 {
        let corners = mask & CORNERS;
        let sides = mask & EDGES;
        match self {
            Strategy::Random => mask,
            Strategy::CornerBest | Strategy::CornerSideBest if corners != 0 => corners,
            Strategy::CornerSideBest if sides != 0 => sides,
            Strategy::CornerBest | Strategy::CornerSideBest => extreme_flips(state, mask, true),
            Strategy::Worst => extreme_flips(state, mask, false),
        }
    }
}

/// The moves among `mask` that flip the most (`most`) or the fewest discs: the discs a move
/// leaves its player are the player's discs plus one plus the flips.
fn extreme_flips(state: &Reversi, mut mask: u64, most: bool) -> u64 {
    let (own, opp) = (state.own(), state.opp());
    let mut best_count = if most { 0 } else { u32::MAX };
    let mut best = 0u64;
    while mask != 0 {
        let sq = mask.trailing_zeros() as usize;
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        let count = bitboard::flips(own, opp, sq).count_ones();
        if count == best_count {
            best |= bit;
        } else if (count > best_count) == most {
            best_count = count;
            best = bit;
        }
    }
    best
}

/// The `k`-th (from 0) set bit's index in `mask`.
fn nth_bit(mut mask: u64, k: u32) -> usize {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// An agent playing one of the classic rules.
pub struct Classic {
    strategy: Strategy,
    rng: GameRng,
}

impl Classic {
    /// An agent following `strategy`, breaking ties with `rng`.
    pub fn new(strategy: Strategy, rng: GameRng) -> Self {
        Classic { strategy, rng }
    }

    /// The move this agent plays now: a pass when the side to move has no square.
    #[inline]
    pub fn pick(&mut self, state: &Reversi) -> Move {
        let mask = state.move_mask();
        if mask == 0 {
            return Move::PASS;
        }
        let candidates = self.strategy.candidates(state, mask);
        let n = candidates.count_ones();
        let k = if n == 1 {
            0
        } else {
            self.rng.random_range(0..n)
        };
        Move::square(nth_bit(candidates, k))
    }

    /// The catalogue entries of the four strategies.
    pub fn entries() -> [AgentEntry<Reversi>; 4] {
        [
            AgentEntry {
                name: "corner-best",
                summary: "classic: a corner if it can, else the move that flips the most",
                argument: None,
                keys: &[],
                build: |spec| build(spec, Strategy::CornerBest),
            },
            AgentEntry {
                name: "corner-side-best",
                summary: "classic: a corner, else a side square, else the move that flips the most",
                argument: None,
                keys: &[],
                build: |spec| build(spec, Strategy::CornerSideBest),
            },
            AgentEntry {
                name: "worst",
                summary: "classic: the move that flips the fewest discs",
                argument: None,
                keys: &[],
                build: |spec| build(spec, Strategy::Worst),
            },
            AgentEntry {
                name: "random",
                summary: "a uniformly random legal move",
                argument: None,
                keys: &[],
                build: |spec| build(spec, Strategy::Random),
            },
        ]
    }
}

fn build(spec: &AgentSpec, strategy: Strategy) -> Result<Box<dyn Agent<Reversi>>, AgentError> {
    Ok(Box::new(Classic::new(strategy, spec.rng()?)))
}

impl Agent<Reversi> for Classic {
    fn choose(&mut self, state: &Reversi) -> Move {
        self.pick(state)
    }

    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = GameRng::seed_from_u64(seed);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use tabula_core::Game;

    fn position(text: &str) -> Reversi {
        Reversi::parse_position(text).unwrap()
    }

    /// Every move `strategy` plays from `state` over many seeds.
    fn chosen(strategy: Strategy, state: &Reversi) -> HashSet<String> {
        (0..200)
            .map(|seed| {
                let mut agent = Classic::new(strategy, GameRng::seed_from_u64(seed));
                agent.pick(state).to_string()
            })
            .collect()
    }

    #[test]
    fn a_reseeded_agent_plays_as_a_new_one() {
        let state = Reversi::initial();
        let mut reused = Classic::new(Strategy::Random, GameRng::seed_from_u64(1));
        for seed in 0..50 {
            assert!(reused.reseed(seed));
            let mut fresh = Classic::new(Strategy::Random, GameRng::seed_from_u64(seed));
            assert_eq!(reused.choose(&state), fresh.choose(&state));
        }
    }

    fn set(moves: &[&str]) -> HashSet<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    /// Black to move. Row 1 `-OX-----`: a1 is a corner move flipping one. Rows 3 and 4
    /// (`-OOOOX--`, `XOOOO---`): a3 and f4 flip four each, the most.
    const CORNER_AND_BEST: &str =
        "-OX----- -------- -OOOOX-- XOOOO--- -------- -------- -------- -------- X";

    #[test]
    fn corner_strategies_take_a_corner_when_one_is_legal() {
        let pos = position(CORNER_AND_BEST);
        assert!(pos.move_mask() & 1 == 1, "a1 is legal");
        assert_eq!(chosen(Strategy::CornerBest, &pos), set(&["a1"]));
        assert_eq!(chosen(Strategy::CornerSideBest, &pos), set(&["a1"]));
    }

    #[test]
    fn corner_best_takes_the_most_flips_breaking_ties_at_random() {
        // Without the corner: b1 becomes black, so a1 flips nothing.
        let pos = position(&CORNER_AND_BEST.replacen("-OX", "-XX", 1));
        let mut most = 0;
        let mut best = HashSet::new();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for m in &moves {
            let n = pos.flips(m.to_square().unwrap()).count_ones();
            if n > most {
                most = n;
                best.clear();
            }
            if n == most {
                best.insert(m.to_string());
            }
        }
        assert!(best.len() >= 2, "the position has a tie: {best:?}");
        assert_eq!(chosen(Strategy::CornerBest, &pos), best);
    }

    #[test]
    fn corner_side_best_prefers_any_side_square_to_more_flips() {
        // Black to move: a4 is a side move flipping three (b4..d4); d2 flips four (d3..d6).
        let pos =
            position("-------- -------- ---O---- -OOOX--- ---O---- ---O---- ---X---- -------- X");
        let side: HashSet<String> = {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .filter(|m| crate::is_edge(m.to_square().unwrap()))
                .map(|m| m.to_string())
                .collect()
        };
        assert!(!side.is_empty());
        assert_eq!(side, set(&["a4"]));
        assert_eq!(chosen(Strategy::CornerSideBest, &pos), side);
        assert_eq!(chosen(Strategy::CornerBest, &pos), set(&["d2"]));
    }

    #[test]
    fn worst_takes_the_fewest_flips_even_over_a_corner() {
        let pos = position(CORNER_AND_BEST);
        let mut fewest = u32::MAX;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for m in &moves {
            fewest = fewest.min(pos.flips(m.to_square().unwrap()).count_ones());
        }
        let expected: HashSet<String> = moves
            .iter()
            .filter(|m| pos.flips(m.to_square().unwrap()).count_ones() == fewest)
            .map(|m| m.to_string())
            .collect();
        assert_eq!(chosen(Strategy::Worst, &pos), expected);
    }

    #[test]
    fn random_plays_every_legal_move_and_passes_when_it_must() {
        let pos = Reversi::initial();
        assert_eq!(
            chosen(Strategy::Random, &pos),
            set(&["d3", "c4", "f5", "e6"])
        );
        let stuck = position(&format!("XXO{}O O", "-".repeat(60)));
        for strategy in [
            Strategy::CornerBest,
            Strategy::CornerSideBest,
            Strategy::Worst,
            Strategy::Random,
        ] {
            assert_eq!(chosen(strategy, &stuck), set(&["pass"]));
        }
    }
}
