//! The engine under renju: black's threats leave out forbidden points, white wins by forcing
//! black onto one, and engine-against-engine games never see black play one.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use tabula_core::{Game, GameRng, Player, Verdict};
use tabula_gomoku::engine::{think, Board, Effort, Searcher};
use tabula_gomoku::{Gomoku, Point, Rule};

/// A position from stones given as points (`h8`), with `to_move` to move.
fn position(rule: Rule, black: &[&str], white: &[&str], to_move: Player) -> Gomoku {
    let empty = Gomoku::new(15, rule).unwrap();
    let mut stones: Vec<(Point, Player)> = Vec::new();
    for (list, colour) in [(black, 0), (white, 1)] {
        stones.extend(list.iter().map(|p| (empty.parse_move(p).unwrap(), colour)));
    }
    Gomoku::from_stones(15, rule, &stones, to_move).unwrap()
}

/// The VCF the threat search finds for the side to move, as a point.
fn vcf(game: &Gomoku) -> Option<Point> {
    let mut searcher = Searcher::new(Board::new(game));
    let sq = searcher.vcf(24)?;
    Some(searcher.board.point(sq))
}

/// Black's f8 makes two fours (c8-f8 and f8-f11): a win in freestyle, forbidden in renju.
const DOUBLE_FOUR: (&[&str], &[&str]) = (&["c8", "d8", "e8", "f9", "f10", "f11"], &["b8", "f12"]);

#[test]
fn black_does_not_win_through_a_forbidden_double_four() {
    let (black, white) = DOUBLE_FOUR;
    let free = position(Rule::Freestyle, black, white, 0);
    let f8 = free.parse_move("f8").unwrap();
    assert_eq!(vcf(&free), Some(f8));
    let thought = think(&free, Effort::Nodes(20_000));
    assert_eq!((thought.best, thought.verdict), (f8, Some(Verdict::Win)));

    let renju = position(Rule::Renju, black, white, 0);
    assert!(renju.forbidden(f8).is_some());
    assert_ne!(vcf(&renju), Some(f8));
    let thought = think(&renju, Effort::Nodes(20_000));
    assert_ne!(thought.best, f8);
    assert!(renju.is_legal(thought.best));
    assert!(thought.values.iter().all(|v| v.0 != f8));
}

/// White's b3 c3 d3 (black a3 closes the left end): white e3 makes a four whose only
/// completion, f3, is a double three for black (column f3 . f5 f6, diagonal f3 g4 h5).
const FORCED_ONTO_FORBIDDEN: (&[&str], &[&str]) = (
    &["a3", "f5", "f6", "g4", "h5", "m12"],
    &["b3", "c3", "d3", "n1", "n14"],
);

#[test]
fn white_wins_by_a_four_black_may_not_block() {
    let (black, white) = FORCED_ONTO_FORBIDDEN;
    let free = position(Rule::Freestyle, black, white, 1);
    assert_eq!(vcf(&free), None);

    let renju = position(Rule::Renju, black, white, 1);
    let (e3, f3) = (
        renju.parse_move("e3").unwrap(),
        renju.parse_move("f3").unwrap(),
    );
    assert_eq!(
        renju.forbidden(f3),
        Some(tabula_gomoku::Forbidden::DoubleThree)
    );
    assert_eq!(vcf(&renju), Some(e3));
    let thought = think(&renju, Effort::Nodes(20_000));
    assert_eq!((thought.best, thought.verdict), (e3, Some(Verdict::Win)));

    // After e3, black is lost: the engine knows it and still answers a legal move.
    let mut after = renju;
    after.play(e3);
    let thought = think(&after, Effort::Nodes(20_000));
    assert_eq!(thought.verdict, Some(Verdict::Loss));
    assert_ne!(thought.best, f3);
    assert!(after.is_legal(thought.best));
}

/// Engine against engine at a low node budget from random openings: black never plays a
/// forbidden point, and the games did reach positions where black had forbidden points.
#[test]
fn engine_games_never_play_a_forbidden_point() {
    let mut black_turns_with_forbidden = 0;
    for seed in 0..3 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Gomoku::parse_position("renju h8").unwrap();
        let mut moves = Vec::new();
        for _ in 0..3 {
            moves.clear();
            game.legal_moves(&mut moves);
            let near: Vec<Point> = moves
                .iter()
                .copied()
                .filter(|&p| {
                    let (x, y) = game.coords(p);
                    (x - 7).abs() <= 2 && (y - 7).abs() <= 2
                })
                .collect();
            game.play(*near.choose(&mut rng).unwrap());
        }
        for _ in 0..120 {
            if game.is_over() {
                break;
            }
            let mv = think(&game, Effort::level(1)).best;
            if game.to_move() == 0 {
                if !game.forbidden_points().is_empty() {
                    black_turns_with_forbidden += 1;
                }
                assert_eq!(
                    game.forbidden(mv),
                    None,
                    "{game:?} {}",
                    game.move_string(mv)
                );
            }
            assert!(game.is_legal(mv), "{game:?} {}", game.move_string(mv));
            game.play(mv);
        }
    }
    assert!(black_turns_with_forbidden > 0);
}
