//! The engine against the seed's score-table AI, alternating colours.

use rand::SeedableRng;
use tabula_core::{Agent, Game, GameRng, Outcome, Turn};
use tabula_gomoku::engine::{Effort, Engine};
use tabula_gomoku::{Gomoku, ScoreTable};

/// Plays `games` games (the engine black in even games) and returns the engine's wins, draws
/// and losses.
fn match_score(games: u64, effort: Effort) -> (u32, u32, u32) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..games {
        let mut engine = Engine::new(effort);
        let mut table = ScoreTable::new(GameRng::seed_from_u64(game));
        let engine_colour = (game % 2) as usize;
        let mut state = Gomoku::initial();
        let outcome = loop {
            match state.turn() {
                Turn::Over(outcome) => break outcome,
                Turn::Player(p) => {
                    let mv = if p == engine_colour {
                        engine.choose(&state)
                    } else {
                        table.choose(&state)
                    };
                    state.try_play(mv).expect("agents play legal moves");
                }
                Turn::Chance => unreachable!("gomoku has no chance"),
            }
        };
        match outcome {
            Outcome::Win(p) if p == engine_colour => wins += 1,
            Outcome::Win(_) => {
                losses += 1;
                println!("lost game {game}: {}", state.position_string());
            }
            _ => draws += 1,
        }
    }
    println!("engine vs score-table: {wins} wins, {draws} draws, {losses} losses");
    (wins, draws, losses)
}

/// A short match for `cargo test`.
#[test]
fn engine_beats_the_score_table() {
    let (wins, _, _) = match_score(6, Effort::level(2));
    assert_eq!(wins, 6);
}

/// The full match: `cargo test --release -p tabula-gomoku --test versus -- --ignored --nocapture`.
#[test]
#[ignore]
fn engine_beats_the_score_table_in_a_hundred_games() {
    let (wins, _, _) = match_score(100, Effort::level(3));
    assert_eq!(wins, 100);
}
