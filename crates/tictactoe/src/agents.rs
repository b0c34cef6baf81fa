//! The tic-tac-toe agents: `random`, the classic `rules` strategy and the perfect `minimax`.

use rand::seq::IndexedRandom;
use tabula_core::{
    Agent, AgentCatalog, AgentEntry, AgentError, AgentSpec, Analysis, Game, GameRng, MoveValue,
    RandomAgent, SearchLimits, Verdict,
};

use crate::engine;
use crate::rules::{TicTacToe, LINES};

const CORNERS: u16 = 0b101_000_101;
const CENTRE: u16 = 0b000_010_000;
const SIDES: u16 = 0b010_101_010;

impl AgentCatalog for TicTacToe {
    const ANALYZER: &'static str = "minimax";
    const OPPONENT: &'static str = "minimax";

    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            RandomAgent::entry(),
            AgentEntry {
                name: "rules",
                summary: "the classic strategy: win, else block, else a corner, else the centre, else a side",
                argument: None,
                keys: &[],
                build: |spec| Ok(Box::new(RulesAgent::new(spec.rng()?))),
            },
            AgentEntry {
                name: "minimax",
                summary: "perfect play from the solved game, random among equally good moves",
                argument: None,
                keys: &[],
                build: |spec: &AgentSpec| -> Result<Box<dyn Agent<TicTacToe>>, AgentError> {
                    Ok(Box::new(PerfectAgent::new(spec.rng()?)))
                },
            },
        ]
    }
}

fn cells(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            cell
        })
    })
}

/// The empty cells where `own` would complete a line.
fn completing_cells(own: u16, empty: u16) -> u16 {
    LINES
        .iter()
        .filter(|&&line| (own & line).count_ones() == 2 && empty & line != 0)
        .fold(0, |cells, &line| cells | (line & empty))
}

/// The strategy of the classic teaching program: win if possible, else block the opponent's
/// win, else a random free corner, else the centre, else a random side.
pub struct RulesAgent {
    rng: GameRng,
}

impl RulesAgent {
    /// The strategy, breaking ties with `rng`.
    pub fn new(rng: GameRng) -> Self {
        RulesAgent { rng }
    }

    fn pick(&mut self, mask: u16) -> Option<u8> {
        let choices: Vec<u8> = cells(mask).collect();
        choices.choose(&mut self.rng).copied()
    }
}

impl Agent<TicTacToe> for RulesAgent {
    fn choose(&mut self, state: &TicTacToe) -> u8 {
        let me = state.to_move();
        let empty = state.empty();
        [
            completing_cells(state.mask(me), empty),
            completing_cells(state.mask(me.other()), empty),
            CORNERS & empty,
            CENTRE & empty,
            SIDES & empty,
        ]
        .into_iter()
        .find_map(|mask| self.pick(mask))
        .expect("choose is called only where a cell is free")
    }
}

/// Perfect play: every move's value comes from the solved game; ties break at random.
pub struct PerfectAgent {
    rng: GameRng,
}

impl PerfectAgent {
    /// The perfect player, breaking ties with `rng`.
    pub fn new(rng: GameRng) -> Self {
        PerfectAgent { rng }
    }
}

impl Agent<TicTacToe> for PerfectAgent {
    fn choose(&mut self, state: &TicTacToe) -> u8 {
        let mut best = [0u8; 9];
        let (mut count, mut best_value) = (0, i8::MIN);
        for cell in cells(state.empty()) {
            let value = engine::move_value(state, cell);
            if value > best_value {
                (best_value, count) = (value, 0);
            }
            if value == best_value {
                best[count] = cell;
                count += 1;
            }
        }
        *best[..count]
            .choose(&mut self.rng)
            .expect("choose is called only where a cell is free")
    }

    fn solves_exactly(&self) -> Result<(), &'static str> {
        Ok(())
    }

    fn analyze(&mut self, state: &TicTacToe, _limits: &SearchLimits) -> Option<Analysis<u8>> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let values = moves
            .into_iter()
            .map(|cell| {
                let value = engine::move_value(state, cell);
                let (score, verdict) = match value.signum() {
                    1 => (1.0, Verdict::Win),
                    0 => (0.0, Verdict::Draw),
                    _ => (-1.0, Verdict::Loss),
                };
                (value, MoveValue::exact(cell, score, verdict))
            })
            .collect::<Vec<_>>();
        // Sort by the distance-aware value so that the quickest win comes first.
        let mut values = values;
        values.sort_by_key(|(value, _)| -value);
        Some(Analysis::new(values.into_iter().map(|(_, m)| m).collect()))
    }
}
