//! The seed's score-table AI: scores on built positions equal sums worked out by hand from the
//! table (empty 7; own 35/800/15000/800000; opponent 15/400/8000/100000; mixed 0), and the
//! choice rule (centre first, random among near-equal best points).

use rand::SeedableRng;
use tabula_core::{Agent, Game, GameRng};
use tabula_gomoku::score_table::{point_score, ranked_points};
use tabula_gomoku::{Gomoku, ScoreTable};

fn at(g: &Gomoku, text: &str) -> u16 {
    g.parse_move(text).unwrap()
}

#[test]
fn empty_board_scores_count_windows() {
    let g = Gomoku::initial();
    // The centre lies in 5 windows per direction: 20 × 7.
    assert_eq!(point_score(&g, at(&g, "h8"), 0), 140);
    // A corner: one horizontal, one vertical, one diagonal window: 3 × 7.
    assert_eq!(point_score(&g, at(&g, "a1"), 0), 21);
    // b1: horizontal 2, vertical 1, the rising diagonal 1, the falling one 0.
    assert_eq!(point_score(&g, at(&g, "b1"), 0), 4 * 7);
}

#[test]
fn a_neighbour_of_one_opponent_stone() {
    // Black h8, white to move; i8 is next to it on the row.
    let g = Gomoku::parse_position("h8").unwrap();
    // Row: four windows hold the black stone (4 × 15), one is empty (7); the other three
    // lines are empty (15 × 7).
    assert_eq!(point_score(&g, at(&g, "i8"), 1), 4 * 15 + 7 + 15 * 7);
    // For black the same point would count the stone as its own: 4 × 35 + 7 + 105.
    assert_eq!(point_score(&g, at(&g, "i8"), 0), 4 * 35 + 7 + 15 * 7);
}

#[test]
fn mixed_windows_score_nothing() {
    // Row 8: black h8 i8, white k8; white a15 far away; black to move. Point j8 (x = 9):
    // windows starting at f (x=5) hold two black stones (800); at g, h, i they hold both
    // colours (0); at j only white k8 (15). Other lines are empty: 15 × 7.
    let rows = [
        "O..............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......XX.O....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ];
    let g = Gomoku::parse_position(&format!("{} X", rows.join("/"))).unwrap();
    assert_eq!(point_score(&g, at(&g, "j8"), 0), 800 + 15 + 15 * 7);
}

#[test]
fn threes_and_fours_dominate() {
    // Black d4 e4 f4 g4 (a four on row 4), white d5 e5 f5 (three on row 5); black to move.
    let g = Gomoku::parse_position("d4 d5 e4 e5 f4 f5 g4").unwrap();
    let g = {
        // White closes the four at c4, so that only h4 completes it; black to move.
        let mut g = g;
        g.try_play(at(&g, "c4")).unwrap();
        g
    };
    // h4 completes black's row: window d4–h4 holds four black stones (800000); windows e–i,
    // f–j, g–k hold 3, 2, 1 black stones (15000, 800, 35); h–l is empty (7). Column h: four
    // windows fit on the board (h1–h5 … h4–h8), all empty. Rising diagonal e1 f2 g3 h4 i5 j6
    // k7 l8: four windows fit (none may start below e1), all empty. Falling diagonal d8 e7 f6
    // g5 h4 i3 j2 k1: four windows fit, all empty.
    let expected = (800_000 + 15_000 + 800 + 35 + 7) + 3 * (4 * 7);
    assert_eq!(point_score(&g, at(&g, "h4"), 0), expected);
    assert_eq!(ranked_points(&g)[0].0, at(&g, "h4"));
}

#[test]
fn plays_the_centre_first_and_a_clear_best_point() {
    let mut agent = ScoreTable::new(GameRng::seed_from_u64(1));
    let g = Gomoku::initial();
    assert_eq!(agent.choose(&g), at(&g, "h8"));
    let mut g = Gomoku::parse_position("d4 d5 e4 e5 f4 f5 g4").unwrap();
    g.try_play(at(&g, "c4")).unwrap();
    for _ in 0..20 {
        assert_eq!(agent.choose(&g), at(&g, "h4"));
    }
}

#[test]
fn picks_among_near_equal_best_points() {
    // After h8 the eight neighbours score alike for white; the top three (by score, then
    // point order) are within 50 points, so each is played for some seed, and nothing else.
    let g = Gomoku::parse_position("h8").unwrap();
    let ranked = ranked_points(&g);
    assert!(ranked[0].1 - ranked[2].1 < 50);
    let top: Vec<u16> = ranked[..3].iter().map(|r| r.0).collect();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..60 {
        let mv = ScoreTable::new(GameRng::seed_from_u64(seed)).choose(&g);
        assert!(top.contains(&mv));
        seen.insert(mv);
    }
    assert_eq!(seen.len(), 3);
}
