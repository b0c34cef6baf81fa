//! Outside input never panics: any string gives a position or a move, or an error.

use proptest::prelude::*;
use tabula_2048::Game2048;
use tabula_core::save::parse_saved;
use tabula_core::Game;

proptest! {
    #[test]
    fn positions_never_panic(text in "\\PC*") {
        let _ = Game2048::parse_position(&text);
    }

    #[test]
    fn position_like_text_never_panics_and_round_trips(
        text in "((0|2|4|1024|131072|3|[0-9]{1,7})[, ]){15,17}( chance| player)?( score=[0-9]{1,21})?"
    ) {
        if let Ok(state) = Game2048::parse_position(&text) {
            prop_assert_eq!(Game2048::parse_position(&state.position_string()), Ok(state));
        }
    }

    #[test]
    fn moves_never_panic(text in "\\PC*") {
        let _ = Game2048::initial().parse_move(&text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[0-9a-zA-Z@]{0,6}") {
        if let Ok(mv) = Game2048::initial().parse_move(&text) {
            let state = Game2048::initial();
            prop_assert_eq!(state.parse_move(&state.move_string(mv)), Ok(mv));
        }
    }

    #[test]
    fn transcripts_never_panic(text in "((up|down|left|right|[24]@[a-e][0-5]) ){0,12}") {
        let _ = parse_saved::<Game2048>(&text);
    }
}

#[test]
fn cells_far_past_the_board_are_errors() {
    // "2@Aq" once overflowed the cell arithmetic (found by move_like_text_never_panics).
    let state = Game2048::initial();
    for text in ["2@Aq", "2@a~", "4@z9", "2@e1", "2@a5", "2@a0"] {
        assert!(state.parse_move(text).is_err(), "{text}");
    }
    assert!(state.parse_move("2@d4").is_ok());
}
