//! Checks every game's test suite runs: random play-outs with invariants, notation round-trips,
//! undo and redo, and save files. They panic with a description of the first failure, as test
//! assertions do.

pub mod stop;

use rand::seq::IndexedRandom;
use rand::SeedableRng;

use crate::chance::{sample_chance, GameRng};
use crate::game::{Game, Turn};
use crate::save::{parse_saved, SaveFile};
use crate::session::{Seat, Session};

/// Plays `games` random games from `start`, checking at every position that
/// - the position string reads back to an equal position;
/// - every legal move's notation reads back to the same move, and the move is legal;
/// - a player's turn offers at least one move, and chance outcomes have probabilities summing
///   to one;
/// - the game ends within `max_plies`;
/// - `invariant(before, move, after)` holds (it asserts what the game wants checked).
///
/// Returns the number of plies played in all.
pub fn random_playouts<G: Game>(
    start: &G,
    games: usize,
    seed: u64,
    max_plies: usize,
    mut invariant: impl FnMut(&G, G::Move, &G),
) -> usize {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut plies = 0;
    let mut moves = Vec::new();
    for game in 0..games {
        let mut state = start.clone();
        let mut ply = 0;
        loop {
            check_position_round_trip(&state);
            let mv = match state.turn() {
                Turn::Over(_) => break,
                Turn::Chance => {
                    let mut outcomes = Vec::new();
                    state.chance_outcomes(&mut outcomes);
                    let total: f64 = outcomes.iter().map(|o| o.1).sum();
                    assert!(
                        (total - 1.0).abs() < 1e-9,
                        "chance probabilities sum to {total} in {state:?}"
                    );
                    sample_chance(&state, &mut rng).expect("a chance node has outcomes")
                }
                Turn::Player(_) => {
                    moves.clear();
                    state.legal_moves(&mut moves);
                    assert!(
                        !moves.is_empty(),
                        "no legal move at a player's turn in {state:?}"
                    );
                    for &mv in &moves {
                        let text = state.move_string(mv);
                        assert_eq!(
                            state.parse_move(&text),
                            Ok(mv),
                            "notation {text:?} does not read back"
                        );
                        assert!(state.is_legal(mv), "offered move {text} is not legal");
                    }
                    *moves.choose(&mut rng).expect("non-empty")
                }
            };
            let before = state.clone();
            state
                .try_play(mv)
                .unwrap_or_else(|e| panic!("game {game}: {e}"));
            invariant(&before, mv, &state);
            ply += 1;
            assert!(ply <= max_plies, "game {game} ran past {max_plies} plies");
        }
        plies += ply;
    }
    plies
}

/// Checks that the position string of `state` reads back to an equal position.
pub fn check_position_round_trip<G: Game>(state: &G) {
    let text = state.position_string();
    match G::parse_position(&text) {
        Ok(back) => assert_eq!(&back, state, "position {text:?} reads back differently"),
        Err(e) => panic!("position {text:?} does not read back: {e}"),
    }
}

/// Plays a random game in a session where every seat is human, then undoes it ply by ply
/// checking each earlier position comes back, redoes it all, and round-trips it through a save
/// file.
pub fn check_session_history<G: Game>(start: &G, seed: u64) {
    let seats = (0..G::PLAYERS).map(|_| Seat::Human).collect();
    let mut session = Session::new(start.clone(), seats, seed);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while !session.state().is_over() {
        if session.step().is_some() {
            continue;
        }
        moves.clear();
        session.state().legal_moves(&mut moves);
        let mv = *moves.choose(&mut rng).expect("a player's turn has moves");
        session.play(mv).expect("a legal move is accepted");
    }
    let history: Vec<G> = session.positions().to_vec();
    let file = session.to_save_file();
    let text = serde_json::to_string(&file).expect("serialises");
    let loaded = parse_saved::<G>(&text).expect("a saved game loads");
    assert_eq!(loaded.start, *start);
    assert_eq!(loaded.moves, session.moves());
    assert_eq!(
        SaveFile::new(&loaded.start, &loaded.moves, file.seats.clone()),
        file
    );

    // Undo stops where a person decided, taking chance plies back with the move before them.
    let decisions = history[..history.len() - 1]
        .iter()
        .filter(|p| matches!(p.turn(), Turn::Player(_)));
    for expected in decisions.rev() {
        assert!(session.undo(), "undo refused with moves left");
        assert_eq!(
            session.state(),
            expected,
            "undo lands on the previous decision"
        );
    }
    assert!(
        !session.undo(),
        "undo before the first decision does nothing"
    );
    let first_decision = history.iter().find(|p| matches!(p.turn(), Turn::Player(_)));
    assert_eq!(session.state(), first_decision.unwrap_or(start));
    while session.redo() {}
    assert_eq!(
        session.positions(),
        &history[..],
        "redo restores the whole game"
    );
}
