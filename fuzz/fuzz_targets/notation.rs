//! Every game's position, move, transcript and save-file readers, and agent spec strings, on
//! arbitrary text: they must return a value or an error, never panic, and a position that reads
//! must write back to a string that reads to the same position.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula_core::save::parse_saved;
use tabula_core::{AgentSpec, Game};

fn check<G: Game>(text: &str) {
    if let Ok(state) = G::parse_position(text) {
        let written = state.position_string();
        assert_eq!(G::parse_position(&written).as_ref(), Ok(&state), "{written:?}");
        let _ = state.parse_move(text);
        let _ = state.parse_moves(text);
    }
    let start = G::initial();
    if let Ok(mv) = start.parse_move(text) {
        let _ = start.clone().try_play(mv);
    }
    let _ = start.parse_moves(text);
    let _ = parse_saved::<G>(text);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check::<tabula_tictactoe::TicTacToe>(text);
    check::<tabula_reversi::Reversi>(text);
    check::<tabula_gomoku::Gomoku>(text);
    check::<tabula_2048::Game2048>(text);
    if let Ok(spec) = text.parse::<AgentSpec>() {
        let _ = (spec.time_ms(), spec.depth(), spec.level(), spec.seed());
    }
});
