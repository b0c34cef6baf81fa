//! Notation, position strings and their validation, and the generic property checks.

use proptest::prelude::*;
use tabula_core::testing::{check_session_history, random_playouts};
use tabula_core::{Game, Outcome, Turn};
use tabula_tictactoe::{Mark, TicTacToe};

#[test]
fn moves_read_in_every_notation() {
    let state = TicTacToe::initial();
    for (text, cell) in [
        ("a1", 0),
        ("A1", 0),
        ("1a", 0),
        ("b2", 4),
        ("2b", 4),
        ("c3", 8),
        ("3c", 8),
        ("c1", 2),
    ] {
        assert_eq!(state.parse_move(text), Ok(cell), "{text}");
    }
    // Keypad: 7 8 9 on the top row.
    for (digit, cell) in [
        ("7", 0),
        ("8", 1),
        ("9", 2),
        ("4", 3),
        ("5", 4),
        ("6", 5),
        ("1", 6),
        ("2", 7),
        ("3", 8),
    ] {
        assert_eq!(state.parse_move(digit), Ok(cell), "{digit}");
    }
    for bad in ["", "0", "d1", "a4", "b", "b22", "xx", "é"] {
        assert!(state.parse_move(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn positions_read_with_and_without_side_to_move() {
    let state = TicTacToe::parse_position("X...O....").unwrap();
    assert_eq!(state.to_move(), Mark::X);
    assert_eq!(state.first(), Mark::X);
    let state = TicTacToe::parse_position("......... O").unwrap();
    assert_eq!((state.first(), state.to_move()), (Mark::O, Mark::O));
    let state = TicTacToe::parse_position("----O---- X").unwrap();
    assert_eq!((state.first(), state.to_move()), (Mark::O, Mark::X));
    let state = TicTacToe::parse_position("X  O     ").unwrap();
    assert_eq!(state.position_string(), "X..O.....");
    let won = TicTacToe::parse_position("XXXOO....").unwrap();
    assert_eq!(won.turn(), Turn::Over(Outcome::Win(0)));
    assert_eq!(won.winning_cells(), 0b111);
    let drawn = TicTacToe::parse_position("XOXXOOOXX").unwrap();
    assert_eq!(drawn.turn(), Turn::Over(Outcome::Draw));
}

#[test]
fn impossible_positions_are_rejected_with_reasons() {
    let cases = [
        ("XX.......", "wrong number"),
        ("OOXO.....", "wrong number"),
        ("OOX......", ""),
        ("XXXOOO...", "both X and O"),
        ("XXXOOOX..", "both X and O"),
        (
            "XXXOO.O..",
            "X has three in a row but could not have moved last",
        ),
        (
            "OOOXX.X.. O",
            "O has three in a row but could not have moved last",
        ),
        ("X........ X", "wrong starting mark"),
        ("O........ O", "wrong starting mark"),
        ("XO.......", ""),
        ("XO....... X", ""),
        ("XO.......O", "a position is 9 cells"),
        ("XO..Z....", "a position is 9 cells"),
        ("XO......", "a position is 9 cells"),
    ];
    for (text, reason) in cases {
        match TicTacToe::parse_position(text) {
            Ok(_) => assert!(reason.is_empty(), "{text:?} should be rejected"),
            Err(e) => assert!(
                !reason.is_empty() && e.message.contains(reason),
                "{text:?}: {e}"
            ),
        }
    }
}

#[test]
fn occupied_cells_and_finished_games_are_illegal() {
    let mut state = TicTacToe::parse_position("X........").unwrap();
    let err = state.try_play(0).unwrap_err();
    assert!(err.to_string().contains("a1 is already taken"));
    let mut won = TicTacToe::parse_position("XXXOO....").unwrap();
    assert!(won
        .try_play(8)
        .unwrap_err()
        .reason
        .english()
        .contains("over"));
}

#[test]
fn random_games_keep_the_invariants() {
    for first in [Mark::X, Mark::O] {
        random_playouts(&TicTacToe::new(first), 2000, 7, 9, |before, cell, after| {
            assert_eq!(before.cell(cell), None, "a move fills an empty cell");
            assert_eq!(after.cell(cell), Some(before.to_move()));
            assert_eq!(after.empty().count_ones() + 1, before.empty().count_ones());
        });
    }
}

#[test]
fn session_history_undoes_redoes_and_saves() {
    for seed in 0..50 {
        check_session_history(
            &TicTacToe::new(if seed % 2 == 0 { Mark::X } else { Mark::O }),
            seed,
        );
    }
}

proptest! {
    #[test]
    fn parsers_never_panic(text in ".{0,16}") {
        let _ = TicTacToe::parse_position(&text);
        let _ = TicTacToe::initial().parse_move(&text);
        let _ = TicTacToe::initial().parse_moves(&text);
    }

    #[test]
    fn board_like_strings_never_panic(text in "[XOxo. -]{9}( [XOxoZ])?") {
        if let Ok(state) = TicTacToe::parse_position(&text) {
            prop_assert_eq!(TicTacToe::parse_position(&state.position_string()), Ok(state));
        }
    }
}
