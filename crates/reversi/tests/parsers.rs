//! Parsers of outside input never panic.

use proptest::prelude::*;
use tabula_core::Game;
use tabula_reversi::Reversi;

proptest! {
    #[test]
    fn positions_never_panic(text in ".{0,80}") {
        let _ = Reversi::parse_position(&text);
    }

    #[test]
    fn board_like_positions_never_panic(text in "[XOxo.\\- *BW]{60,70}") {
        if let Ok(pos) = Reversi::parse_position(&text) {
            prop_assert_eq!(Reversi::parse_position(&pos.position_string()), Ok(pos));
        }
    }

    #[test]
    fn moves_never_panic(text in ".{0,8}") {
        let _ = Reversi::initial().parse_move(&text);
    }

    #[test]
    fn transcripts_never_panic(text in "([a-hp1-9 ,]|pass|ps|.){0,40}") {
        let _ = Reversi::initial().parse_moves(&text);
    }
}
