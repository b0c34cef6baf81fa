//! The rules against the original game: its own slide results, an independent model of its
//! move, the 65536 escape path, game over and winning.

mod common;

use rand::{Rng, SeedableRng};
use tabula_2048::{Direction, Game2048, Move};
use tabula_core::{Game, GameRng, Outcome, Turn};

use common::{reference_slide, tiles};

fn position(tiles: &[u64]) -> Game2048 {
    let text: Vec<String> = tiles.iter().map(u64::to_string).collect();
    Game2048::parse_position(&text.join(",")).expect("a valid board")
}

fn direction(letter: &str) -> Direction {
    match letter {
        "L" => Direction::Left,
        "R" => Direction::Right,
        "U" => Direction::Up,
        "D" => Direction::Down,
        _ => panic!("unknown direction {letter}"),
    }
}

/// The board that `slide_steps` describes: each tile moved to its step's end, a merge doubling
/// the tile already there; every tile is moved exactly once.
fn replay_steps(state: &Game2048, dir: Direction) -> Vec<u64> {
    let before = tiles(state);
    let mut after = vec![0; 16];
    let mut moved = [false; 16];
    for step in state.slide_steps(dir) {
        assert!(!moved[step.from], "a tile moved twice");
        moved[step.from] = true;
        if step.merged {
            assert_eq!(
                after[step.to], before[step.from],
                "a merge of unequal tiles"
            );
            after[step.to] *= 2;
        } else {
            assert_eq!(after[step.to], 0, "two tiles landed in one cell");
            after[step.to] = before[step.from];
        }
    }
    for (cell, &tile) in before.iter().enumerate() {
        assert_eq!(
            moved[cell],
            tile != 0,
            "cell {cell} moved or stayed wrongly"
        );
    }
    after
}

/// Every vector made by the original JavaScript: the board after the slide, the points, and
/// whether the move counts at all.
#[test]
fn original_game_vectors() {
    let data = include_str!("data/moves.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 34, "malformed vector {line}");
        let before: Vec<u64> = words[..16].iter().map(|w| w.parse().unwrap()).collect();
        let dir = direction(words[16]);
        let after: Vec<u64> = words[17..33].iter().map(|w| w.parse().unwrap()).collect();
        let gained: u64 = words[33].parse().unwrap();

        let state = position(&before);
        let legal = state.is_legal(Move::Slide(dir));
        assert_eq!(legal, before != after, "legality of {line}");
        if legal {
            assert_eq!(replay_steps(&state, dir), after, "slide steps of {line}");
            let mut next = state;
            next.play(Move::Slide(dir));
            assert_eq!(tiles(&next).to_vec(), after, "{line}");
            assert_eq!(next.score(), gained, "{line}");
            assert_eq!(
                next.turn(),
                Turn::Chance,
                "a real move is followed by a new tile"
            );
        } else {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            assert!(!moves.contains(&Move::Slide(dir)));
        }
        checked += 1;
    }
    assert_eq!(checked, 47, "every vector in the file");
}

/// Random boards (tiles up to 2^17, so the escape path is exercised) slide as the model of the
/// original game's move says, in all four directions.
#[test]
fn slides_match_the_original_move_on_random_boards() {
    let mut rng = GameRng::seed_from_u64(2048);
    for round in 0..20_000 {
        let top = if round % 10 == 0 { 17 } else { 12 };
        let board: Vec<u64> = (0..16)
            .map(|_| match rng.random_range(0..top + 4) {
                e if e > top => 0,
                0 => 0,
                e => 1 << e,
            })
            .collect();
        let state = position(&board);
        for dir in Direction::ALL {
            let (expected, gained) = reference_slide(tiles(&state), dir);
            let changes = expected != tiles(&state);
            assert_eq!(state.slide_changes(dir), changes, "{board:?} {dir:?}");
            if changes {
                let mut next = state;
                next.play(Move::Slide(dir));
                assert_eq!(tiles(&next), expected, "{board:?} {dir:?}");
                assert_eq!(next.score(), gained, "{board:?} {dir:?}");
            }
        }
    }
}

#[test]
fn tiles_above_32768_merge_exactly_and_round_trip() {
    let mut state = position(&[
        32768, 32768, 0, 0, 65536, 65536, 0, 0, 65536, 32768, 0, 0, 2, 0, 0, 0,
    ]);
    state.play(Move::Slide(Direction::Left));
    assert_eq!(
        tiles(&state),
        [65536, 0, 0, 0, 131072, 0, 0, 0, 65536, 32768, 0, 0, 2, 0, 0, 0]
    );
    assert_eq!(state.score(), 65536 + 131072);
    assert_eq!(state.max_tile(), 131072);
    let text = state.position_string();
    assert_eq!(Game2048::parse_position(&text), Ok(state));
    // 65536 next to 32768 does not merge, though both show as 32768 on the search board.
    let state = position(&[65536, 32768, 4, 8, 8, 4, 8, 4, 4, 8, 4, 8, 8, 4, 8, 4]);
    assert_eq!(state.turn(), Turn::Over(Outcome::Score(0)));
}

#[test]
fn game_over_when_no_slide_changes_the_board() {
    let state = Game2048::parse_position("2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2 score=1234").unwrap();
    assert_eq!(state.turn(), Turn::Over(Outcome::Score(1234)));
    assert_eq!(state.margin(0), 1234);
    let err = state
        .clone()
        .try_play(Move::Slide(Direction::Up))
        .unwrap_err();
    assert!(err.reason.english().contains("over"), "{err}");
    // The same board with one pair to merge is not over.
    let state = Game2048::parse_position("2,2,2,4,4,2,4,2,2,4,2,4,4,2,4,2").unwrap();
    assert_eq!(state.turn(), Turn::Player(0));
}

#[test]
fn reaching_2048_wins_and_play_goes_on() {
    let mut state = position(&[1024, 1024, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert!(!state.has_won());
    state.play(Move::Slide(Direction::Left));
    assert!(state.has_won());
    assert_eq!(state.turn(), Turn::Chance);
    state.play(Move::Spawn { cell: 15, value: 2 });
    assert!(matches!(state.turn(), Turn::Player(0)));
}

#[test]
fn chance_deals_two_starting_tiles_then_one_per_move() {
    let mut state = Game2048::initial();
    assert_eq!(state.turn(), Turn::Chance);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 32);
    assert!((outcomes[0].1 - 0.9 / 16.0).abs() < 1e-12);
    assert!((outcomes[1].1 - 0.1 / 16.0).abs() < 1e-12);
    state.play(Move::Spawn { cell: 5, value: 2 });
    assert_eq!(state.turn(), Turn::Chance, "the second starting tile");
    state.play(Move::Spawn { cell: 10, value: 4 });
    assert_eq!(state.turn(), Turn::Player(0));
    assert_eq!(state.tile_sum(), 6);
    // A spawn at the player's turn, on a full cell or of a 3 is refused with a reason.
    let err = state
        .clone()
        .try_play(Move::Spawn { cell: 0, value: 2 })
        .unwrap_err();
    assert!(err.reason.english().contains("after a slide"), "{err}");
    let mut after = state;
    after.play(Move::Slide(Direction::Up));
    let err = after
        .clone()
        .try_play(Move::Spawn { cell: 1, value: 2 })
        .unwrap_err();
    assert!(err.reason.english().contains("not empty"), "{err}");
    let err = after
        .clone()
        .try_play(Move::Spawn { cell: 15, value: 8 })
        .unwrap_err();
    assert!(err.reason.english().contains("2 or a 4"), "{err}");
    let err = after
        .clone()
        .try_play(Move::Slide(Direction::Up))
        .unwrap_err();
    assert!(err.reason.english().contains("must appear"), "{err}");
}

#[test]
fn notation_reads_slides_and_tiles() {
    let state = Game2048::initial();
    for (text, mv) in [
        ("up", Move::Slide(Direction::Up)),
        ("U", Move::Slide(Direction::Up)),
        ("w", Move::Slide(Direction::Up)),
        ("down", Move::Slide(Direction::Down)),
        ("d", Move::Slide(Direction::Down)),
        ("s", Move::Slide(Direction::Down)),
        ("Left", Move::Slide(Direction::Left)),
        ("a", Move::Slide(Direction::Left)),
        ("r", Move::Slide(Direction::Right)),
        ("2@a1", Move::Spawn { cell: 0, value: 2 }),
        ("4@c3", Move::Spawn { cell: 10, value: 4 }),
        ("4@D4", Move::Spawn { cell: 15, value: 4 }),
    ] {
        assert_eq!(state.parse_move(text), Ok(mv), "{text}");
    }
    assert_eq!(state.move_string(Move::Spawn { cell: 7, value: 2 }), "2@d2");
    for bad in ["", "x", "3@a1", "2@e1", "2@a5", "2@", "@a1", "upp"] {
        assert!(state.parse_move(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn positions_round_trip_and_bad_ones_are_explained() {
    let start = Game2048::initial();
    assert_eq!(
        start.position_string(),
        "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 chance score=0"
    );
    let state =
        Game2048::parse_position("2 4 0 0  0 0 8 0  0 0 0 0  0 0 0 2048, score=12 player").unwrap();
    assert_eq!(
        state.position_string(),
        "2,4,0,0,0,0,8,0,0,0,0,0,0,0,0,2048 player score=12"
    );
    for (bad, why) in [
        ("2,2", "16 tile values"),
        ("3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "not a tile"),
        ("1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "not a tile"),
        ("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "more than 16"),
        ("2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2 chance", "no empty cell"),
        ("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 score=x", "whole number"),
        ("0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 player chance", "twice"),
        ("2097152,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "not a tile"),
    ] {
        let err = Game2048::parse_position(bad).unwrap_err();
        assert!(err.message.contains(why), "{bad:?}: {err}");
    }
}
