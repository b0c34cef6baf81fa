//! Whole games: random play-outs with the game's invariants, undo/redo and save files, seeded
//! replay, and perft against an independent count.

mod common;

use tabula_2048::engine::Expectimax;
use tabula_2048::runner::{play_game, play_until};
use tabula_2048::{Direction, Game2048, Move};
use tabula_core::save::parse_saved;
use tabula_core::testing::{check_session_history, random_playouts};
use tabula_core::{Game, Seat, Session};

use common::{reference_slide, tiles};

/// A new tile adds exactly its value to the tile sum and nothing to the score; a slide keeps the
/// tile sum and adds to the score exactly what the original game's move scores.
#[test]
fn random_playouts_keep_the_invariants() {
    let plies = random_playouts(
        &Game2048::initial(),
        200,
        7,
        100_000,
        |before, mv, after| match mv {
            Move::Spawn { value, .. } => {
                assert_eq!(after.tile_sum(), before.tile_sum() + u64::from(value));
                assert_eq!(after.score(), before.score());
            }
            Move::Slide(dir) => {
                let (expected, gained) = reference_slide(tiles(before), dir);
                assert_eq!(tiles(after), expected);
                assert_eq!(after.tile_sum(), before.tile_sum());
                assert_eq!(after.score(), before.score() + gained);
            }
        },
    );
    assert!(plies > 200 * 100, "random games last a while: {plies}");
}

#[test]
fn session_history_undo_redo_and_save_files() {
    for seed in 0..5 {
        check_session_history(&Game2048::initial(), seed);
    }
}

fn expectimax_seat(depth: u32) -> Seat<Game2048> {
    Seat::Agent {
        spec: format!("expectimax:depth={depth}"),
        agent: Box::new(Expectimax::new(Some(depth), None)),
    }
}

/// A session with a seed deals the same tiles, so the same player makes the same game; its save
/// file replays it to the same end; and the headless runner's game with that seed is the same.
#[test]
fn a_seeded_game_replays_exactly() {
    let play = |seed| {
        let mut session = Session::new(Game2048::initial(), vec![expectimax_seat(3)], seed);
        while session.step().is_some() {}
        session
    };
    let first = play(42);
    let second = play(42);
    assert!(first.state().is_over());
    assert_eq!(first.moves(), second.moves());
    assert_eq!(first.state(), second.state());
    assert_ne!(
        first.moves(),
        play(43).moves(),
        "another seed, another game"
    );

    let text = serde_json::to_string(&first.to_save_file()).unwrap();
    assert!(
        text.contains("\"2@") || text.contains("\"4@"),
        "tiles are saved"
    );
    let loaded = parse_saved::<Game2048>(&text).unwrap();
    let mut replay = loaded.start;
    for mv in loaded.moves {
        replay.play(mv);
    }
    assert_eq!(&replay, first.state());

    let (end, moves, _) = play_game(&mut Expectimax::new(Some(3), None), 42);
    assert_eq!(&end, first.state());
    let slides = first.moves().iter().filter(|m| matches!(m, Move::Slide(_)));
    assert_eq!(moves, slides.count() as u64);
}

#[test]
fn a_game_played_until_a_tile_stops_where_the_whole_game_first_has_it() {
    let (whole, _, _) = play_game(&mut Expectimax::new(Some(3), None), 42);
    assert!(whole.max_tile() >= 512, "the whole game gets past 256");
    let reached = |s: &Game2048| s.max_tile() >= 256;
    let (stopped, moves, _) = play_until(
        Game2048::initial(),
        &mut Expectimax::new(Some(3), None),
        42,
        reached,
    );
    // Replaying the whole game with the same seed: the first position where the player is to
    // move with a 256 on the board is where the shorter game stopped, after as many slides.
    let mut session = Session::new(Game2048::initial(), vec![expectimax_seat(3)], 42);
    let mut slides = 0;
    while session.state().is_chance() || !reached(session.state()) {
        if matches!(session.step(), Some(Move::Slide(_))) {
            slides += 1;
        }
    }
    assert_eq!(session.state(), &stopped);
    assert_eq!(slides, moves);
}

/// Perft on the independent model of the original game: slides that change the board, then
/// every empty cell with a 2 and with a 4.
fn reference_perft(board: [u64; 16], chance: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if chance {
        let mut total = 0;
        for cell in (0..16).filter(|&c| board[c] == 0) {
            for value in [2, 4] {
                let mut next = board;
                next[cell] = value;
                // The first starting tile leaves chance to move again.
                let again = board.iter().all(|&t| t == 0);
                total += reference_perft(next, again, depth - 1);
            }
        }
        total
    } else {
        Direction::ALL
            .into_iter()
            .map(|d| reference_slide(board, d).0)
            .filter(|next| *next != board)
            .map(|next| reference_perft(next, true, depth - 1))
            .sum()
    }
}

#[test]
fn perft_counts_slides_and_tiles_as_plies() {
    let start = Game2048::initial();
    // OpenSpiel's playthrough: 32 outcomes on the empty board, 30 after the first tile.
    assert_eq!(start.perft(1), 32);
    assert_eq!(start.perft(2), 32 * 30);
    for depth in 3..=5 {
        assert_eq!(
            start.perft(depth),
            reference_perft([0; 16], true, depth),
            "depth {depth}"
        );
    }
    let middle = Game2048::parse_position("2,4,8,16,0,2,0,4,0,0,2,0,0,0,0,2").unwrap();
    for depth in 1..=4 {
        assert_eq!(
            middle.perft(depth),
            reference_perft(tiles(&middle), false, depth),
            "depth {depth}"
        );
    }
}
