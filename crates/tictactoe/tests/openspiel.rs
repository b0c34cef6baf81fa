//! Replays OpenSpiel's tic-tac-toe playthrough (`data/openspiel_tic_tac_toe.txt`): at every
//! state the board, the player to move, the legal actions and the returns must agree.
//! OpenSpiel's action `3 * row + column` is our cell number; its board rows are ours.

use tabula_core::openspiel::parse_playthrough;
use tabula_core::{Game, Outcome, Turn};
use tabula_tictactoe::TicTacToe;

#[test]
fn replays_the_openspiel_playthrough() {
    let states = parse_playthrough(include_str!("data/openspiel_tic_tac_toe.txt"));
    let mut checked = 0;
    for expected in states.iter().filter(|s| s.history.is_some()) {
        let mut state = TicTacToe::initial();
        for &action in expected.history.as_ref().unwrap() {
            state
                .try_play(action as u8)
                .expect("the playthrough's moves are legal");
        }
        let board: String = state
            .position_string()
            .chars()
            .map(|c| c.to_ascii_lowercase())
            .collect();
        assert_eq!(board, expected.board.concat(), "state {}", expected.index);
        let player = match state.turn() {
            Turn::Player(p) => p as i64,
            Turn::Over(_) => -4,
            Turn::Chance => -1,
        };
        assert_eq!(
            Some(player),
            expected.current_player,
            "state {}",
            expected.index
        );
        if let Some(legal) = &expected.legal_actions {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let moves: Vec<i64> = moves.into_iter().map(i64::from).collect();
            assert_eq!(&moves, legal, "state {}", expected.index);
        }
        if let Some(returns) = &expected.returns {
            let ours = match state.turn() {
                Turn::Over(Outcome::Win(0)) => vec![1.0, -1.0],
                Turn::Over(Outcome::Win(_)) => vec![-1.0, 1.0],
                _ => vec![0.0, 0.0],
            };
            assert_eq!(&ours, returns, "state {}", expected.index);
        }
        checked += 1;
    }
    assert_eq!(
        checked, 7,
        "the playthrough has seven states with a history"
    );
}
