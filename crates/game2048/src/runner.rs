//! Headless play: many games by one agent, each reproducible from its seed, and their summary.
//!
//! Game `i` of a run with seed `s` deals its tiles from seed `s + i` and gives the agent that
//! seed too (unless the spec names one), exactly as a [`tabula_core::Session`] with that seed
//! would, so any game of a run can be replayed on its own.

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use serde::Serialize;
use tabula_core::text::plural;
use tabula_core::{sample_chance, Agent, AgentCatalog, AgentError, AgentSpec, Game, GameRng, Turn};

use crate::rules::Game2048;

/// The tiles whose reaching the summary counts.
pub const MILESTONES: [u64; 5] = [2048, 4096, 8192, 16384, 32768];

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The game's number in the run, from 1.
    pub game: usize,
    /// The seed that replays it.
    pub seed: u64,
    /// The final score.
    pub score: u64,
    /// The largest tile made.
    pub max_tile: u64,
    /// The player's slides.
    pub moves: u64,
    /// The agent's mean thinking time per slide, in milliseconds.
    pub ms_per_move: f64,
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {:>3}  seed {:<20} score {:>7}  max tile {:>5}  moves {:>5}  {:.3} ms/move",
            self.game, self.seed, self.score, self.max_tile, self.moves, self.ms_per_move
        )
    }
}

/// A run's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// For each of [`MILESTONES`], the fraction of games whose largest tile reached it.
    pub reached: BTreeMap<u64, f64>,
    /// The mean final score.
    pub mean_score: f64,
    /// The median final score.
    pub median_score: f64,
    /// Thinking time per slide over all games, in milliseconds.
    pub ms_per_move: f64,
}

impl Summary {
    /// Sums up `reports`.
    pub fn of(reports: &[GameReport]) -> Summary {
        let games = reports.len();
        let share = |count: usize| {
            if games == 0 {
                0.0
            } else {
                count as f64 / games as f64
            }
        };
        let reached = MILESTONES
            .iter()
            .map(|&tile| {
                (
                    tile,
                    share(reports.iter().filter(|r| r.max_tile >= tile).count()),
                )
            })
            .collect();
        let mut scores: Vec<u64> = reports.iter().map(|r| r.score).collect();
        scores.sort_unstable();
        let median_score = match games {
            0 => 0.0,
            n if n % 2 == 1 => scores[n / 2] as f64,
            n => (scores[n / 2 - 1] + scores[n / 2]) as f64 / 2.0,
        };
        let moves: u64 = reports.iter().map(|r| r.moves).sum();
        let ms: f64 = reports.iter().map(|r| r.ms_per_move * r.moves as f64).sum();
        Summary {
            games,
            reached,
            mean_score: if games == 0 {
                0.0
            } else {
                scores.iter().sum::<u64>() as f64 / games as f64
            },
            median_score,
            ms_per_move: if moves == 0 { 0.0 } else { ms / moves as f64 },
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", plural(self.games as u64, "game", "games"))?;
        for (tile, rate) in &self.reached {
            write!(f, "  {tile} {:.1}%", rate * 100.0)?;
        }
        write!(
            f,
            "  | mean score {:.0}  median {:.0}  {:.3} ms/move",
            self.mean_score, self.median_score, self.ms_per_move
        )
    }
}

/// Plays one game from the start, chance dealt from `seed`.
pub fn play_game(agent: &mut dyn Agent<Game2048>, seed: u64) -> (Game2048, u64, Duration) {
    play_until(Game2048::initial(), agent, seed, |_| false)
}

/// Plays from `state` with `agent`, chance dealt from `seed`, until the game ends or `stop`
/// holds on the player's turn; returns the last position, the player's moves and the time
/// they took.
pub fn play_until(
    mut state: Game2048,
    agent: &mut dyn Agent<Game2048>,
    seed: u64,
    stop: impl Fn(&Game2048) -> bool,
) -> (Game2048, u64, Duration) {
    let mut dealer = GameRng::seed_from_u64(seed);
    let mut moves = 0;
    let mut thinking = Duration::ZERO;
    loop {
        let mv = match state.turn() {
            Turn::Over(_) => break,
            Turn::Chance => sample_chance(&state, &mut dealer).expect("a chance node has outcomes"),
            Turn::Player(_) if stop(&state) => break,
            Turn::Player(_) => {
                let start = Instant::now();
                let mv = agent.choose(&state);
                thinking += start.elapsed();
                moves += 1;
                mv
            }
        };
        state.play(mv);
    }
    (state, moves, thinking)
}

/// Plays `games` games with the agent `spec`, the first from `seed`, calling `on_game` after
/// each; returns the reports.
pub fn play_games(
    spec: &AgentSpec,
    games: usize,
    seed: u64,
    mut on_game: impl FnMut(&GameReport),
) -> Result<Vec<GameReport>, AgentError> {
    let mut reports = Vec::with_capacity(games);
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let mut agent = Game2048::build_agent(&spec.with_default_seed(game_seed))?;
        let (end, moves, thinking) = play_game(agent.as_mut(), game_seed);
        let report = GameReport {
            game: i + 1,
            seed: game_seed,
            score: end.score(),
            max_tile: end.max_tile(),
            moves,
            ms_per_move: if moves == 0 {
                0.0
            } else {
                thinking.as_secs_f64() * 1000.0 / moves as f64
            },
        };
        on_game(&report);
        reports.push(report);
    }
    Ok(reports)
}
