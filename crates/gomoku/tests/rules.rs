//! The rules against OpenSpiel's playthrough, win detection in every direction and at the
//! edges under both rules, random play-outs with invariants, sessions, and parser fuzzing.

use proptest::prelude::*;
use tabula_core::testing::{check_position_round_trip, check_session_history, random_playouts};
use tabula_core::{Game, Outcome, Turn};
use tabula_gomoku::rules::DIRECTIONS;
use tabula_gomoku::{Cell, Gomoku, Rule};

/// OpenSpiel's observation string: side to move, then the rows with `.`, `b`, `w`.
fn observation(g: &Gomoku) -> String {
    let mut s = String::from(if g.to_move() == 0 { "B\n" } else { "W\n" });
    for y in 0..g.size() as i32 {
        for x in 0..g.size() as i32 {
            s.push(match g.cell(g.point(x, y).unwrap()) {
                Cell::Empty => '.',
                Cell::Stone(0) => 'b',
                Cell::Stone(_) => 'w',
            });
        }
        s.push('\n');
    }
    s
}

fn list_after(line: &str, prefix: &str) -> Option<Vec<i64>> {
    let rest = line.strip_prefix(prefix)?.trim_end_matches(']');
    Some(
        rest.split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect(),
    )
}

#[test]
fn openspiel_playthrough_replays() {
    let text = include_str!("data/openspiel_gomoku.txt");
    let mut state = Gomoku::initial();
    let mut checked = 0;
    let mut actions = 0;
    for block in text.split("\n# State ").skip(1) {
        let mut legal = None;
        for line in block.lines() {
            if let Some(list) = list_after(line, "LegalActions() = [") {
                legal = Some(list);
            } else if let Some(obs) = line.strip_prefix("ObservationString(0) = \"") {
                let expected = obs.trim_end_matches('"').replace("\\n", "\n");
                assert_eq!(
                    observation(&state),
                    expected,
                    "observation at action {actions}"
                );
                checked += 1;
            } else if let Some(terminal) = line.strip_prefix("IsTerminal() = ") {
                assert_eq!(state.is_over(), terminal == "True");
            } else if let Some(player) = line.strip_prefix("CurrentPlayer() = ") {
                let expected = match state.turn() {
                    Turn::Player(p) => p as i64,
                    _ => -4,
                };
                assert_eq!(expected, player.parse::<i64>().unwrap());
            } else if let Some(returns) = list_after(line, "Returns() = [") {
                let ours = match state.turn() {
                    Turn::Over(Outcome::Win(0)) => vec![1, -1],
                    Turn::Over(Outcome::Win(_)) => vec![-1, 1],
                    _ => vec![0, 0],
                };
                assert_eq!(returns, ours, "returns after {actions} actions");
            } else if let Some(action) = line.strip_prefix("action: ") {
                if let Some(expected) = legal.take() {
                    let mut moves = Vec::new();
                    state.legal_moves(&mut moves);
                    let ours: Vec<i64> = moves.iter().map(|&m| m as i64).collect();
                    assert_eq!(ours, expected, "legal actions after {actions} actions");
                }
                let mv: u16 = action.parse().unwrap();
                state.try_play(mv).expect("playthrough moves are legal");
                actions += 1;
            }
        }
    }
    assert_eq!(actions, 115);
    assert!(checked >= 10, "only {checked} observations compared");
    assert_eq!(state.turn(), Turn::Over(Outcome::Win(0)));
}

/// Plays stones for black (`b`) at the given points with white answering far away, and
/// returns the position after black's last stone.
fn build(size: usize, rule: Rule, black: &[(i32, i32)]) -> Gomoku {
    let mut g = Gomoku::new(size, rule).unwrap();
    // White's stones go on a spare row chosen away from black's points.
    let spare_row = (0..size as i32)
        .find(|&y| black.iter().all(|&(_, by)| (by - y).abs() > 1))
        .unwrap();
    let mut spare = (0..size as i32)
        .filter(|x| x % 3 != 2)
        .map(|x| g.point(x, spare_row).unwrap())
        .collect::<Vec<_>>()
        .into_iter();
    for (i, &(x, y)) in black.iter().enumerate() {
        g.try_play(g.point(x, y).unwrap()).unwrap();
        if i + 1 < black.len() {
            assert!(!g.is_over(), "over too early at {x},{y}");
            g.try_play(spare.next().unwrap()).unwrap();
        }
    }
    g
}

/// Runs of `length` stones in direction `(dx, dy)` starting at `(x, y)`, with the stones in an
/// order that completes the run last in the middle.
fn run(x: i32, y: i32, (dx, dy): (i32, i32), length: i32) -> Vec<(i32, i32)> {
    let mut points: Vec<(i32, i32)> = (0..length).map(|k| (x + k * dx, y + k * dy)).collect();
    let middle = points.remove(length as usize / 2);
    points.push(middle);
    points
}

#[test]
fn five_wins_in_every_direction_and_at_the_edges_under_both_rules() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        for size in [9usize, 15] {
            let n = size as i32;
            for (dx, dy) in DIRECTIONS {
                // Starting points such that the five touches the board's edges.
                let starts: Vec<(i32, i32)> = match (dx, dy) {
                    (1, 0) => vec![(0, 0), (n - 5, n - 1), (2, 4)],
                    (0, 1) => vec![(0, 0), (n - 1, n - 5), (4, 2)],
                    (1, 1) => vec![(0, 0), (n - 5, n - 5), (1, 2)],
                    _ => vec![(0, n - 1), (n - 5, 4), (2, 6)],
                };
                for (x, y) in starts {
                    let g = build(size, rule, &run(x, y, (dx, dy), 5));
                    assert_eq!(
                        g.turn(),
                        Turn::Over(Outcome::Win(0)),
                        "{rule:?} {size} five from {x},{y} dir {dx},{dy}"
                    );
                    let line = g.winning_line().unwrap();
                    assert_eq!(line.len(), 5);
                    assert_eq!(line[0], g.point(x, y).unwrap());
                    check_position_round_trip(&g);
                    // Four is not enough.
                    let g = build(size, rule, &run(x, y, (dx, dy), 4));
                    assert!(!g.is_over());
                }
            }
        }
    }
}

#[test]
fn overline_wins_only_under_freestyle() {
    for (dx, dy) in DIRECTIONS {
        let (x, y) = if dy < 0 { (0, 14) } else { (0, 0) };
        for length in [6, 7] {
            let stones = run(x, y, (dx, dy), length);
            let free = build(15, Rule::Freestyle, &stones);
            assert_eq!(free.turn(), Turn::Over(Outcome::Win(0)));
            assert_eq!(free.winning_line().unwrap().len(), length as usize);
            let standard = build(15, Rule::Standard, &stones);
            assert_eq!(
                standard.turn(),
                Turn::Player(1),
                "{length} in dir {dx},{dy}"
            );
            assert!(standard.winning_line().is_none());
            check_position_round_trip(&standard);
        }
    }
}

#[test]
fn standard_five_next_to_a_gap_wins() {
    // x x x x x . x: exactly five with a gap before the sixth stone.
    let mut stones = run(0, 3, (1, 0), 5);
    stones.insert(0, (6, 3));
    let g = build(15, Rule::Standard, &stones);
    assert_eq!(g.turn(), Turn::Over(Outcome::Win(0)));
}

#[test]
fn full_board_is_a_draw() {
    // On 5x5 fill columns in a pattern that never makes five: colour by (x + 2y) mod 4 < 2.
    let mut g = Gomoku::new(5, Rule::Freestyle).unwrap();
    let mut blacks: Vec<u16> = Vec::new();
    let mut whites: Vec<u16> = Vec::new();
    for y in 0..5 {
        for x in 0..5 {
            let p = g.point(x, y).unwrap();
            if (x + 2 * y) % 4 < 2 {
                blacks.push(p);
            } else {
                whites.push(p);
            }
        }
    }
    assert_eq!(blacks.len(), 13);
    for i in 0..25 {
        let p = if i % 2 == 0 {
            blacks[i / 2]
        } else {
            whites[i / 2]
        };
        assert!(!g.is_over());
        g.try_play(p).unwrap();
    }
    assert_eq!(g.turn(), Turn::Over(Outcome::Draw));
    check_position_round_trip(&g);
}

#[test]
fn notation_counts_rows_from_the_bottom() {
    let g = Gomoku::initial();
    let h8 = g.parse_move("h8").unwrap();
    assert_eq!(g.coords(h8), (7, 7));
    assert_eq!(g.coords(g.parse_move("a1").unwrap()), (0, 14));
    assert_eq!(g.coords(g.parse_move("O15").unwrap()), (14, 0));
    assert_eq!(g.parse_move("8h"), Ok(h8));
    for bad in ["", "p1", "a0", "a16", "h", "8", "hh8", "h8h", "h-8", "é8"] {
        assert!(g.parse_move(bad).is_err(), "{bad:?}");
    }
    assert_eq!(g.move_string(h8), "h8");
    let small = Gomoku::new(5, Rule::Freestyle).unwrap();
    assert!(small.parse_move("f1").is_err());
    assert_eq!(small.move_string(small.parse_move("c3").unwrap()), "c3");
}

#[test]
fn positions_read_as_move_lists_or_boards_and_round_trip() {
    let g = Gomoku::parse_position("h8 i9 h9").unwrap();
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.stones(), 3);
    let text = g.position_string();
    assert!(text.ends_with(" O"), "{text}");
    assert_eq!(Gomoku::parse_position(&text).unwrap(), g);

    let board = "...../...../..X../...O./..... X standard";
    let g = Gomoku::parse_position(board).unwrap();
    assert_eq!((g.size(), g.rule(), g.to_move()), (5, Rule::Standard, 0));
    assert_eq!(g.position_string(), board);
    let same = Gomoku::parse_position("...../...../..b../...w./..... B standard").unwrap();
    assert_eq!(same, g);

    let listed = Gomoku::parse_position("size=7 standard d4 e5").unwrap();
    assert_eq!(
        (listed.size(), listed.rule(), listed.stones()),
        (7, Rule::Standard, 2)
    );
    let listed2 = Gomoku::parse_position("7x7 d4, e5 standard").unwrap();
    assert_eq!(listed, listed2);
    assert_eq!(Gomoku::parse_position("").unwrap(), Gomoku::initial());

    // A finished game reads back finished.
    let won = Gomoku::parse_position("XXXXX/OOOO./...../...../..... O").unwrap();
    assert_eq!(won.turn(), Turn::Over(Outcome::Win(0)));
    // A six made by a stone joining two and three: one last stone made the row.
    let six = "XXXXXX./O.O.O.O/O....../......./......./......./....... O";
    let six = Gomoku::parse_position(six).unwrap();
    assert_eq!(six.turn(), Turn::Over(Outcome::Win(0)));

    for bad in [
        "..../..../..../.... X",
        "...../...../...../...../..... Z",
        "...../...../...../...../....* X",
        "...../...../...../...../.... X",
        "...../...../...../...../..... X caro",
        "XXXXX/OOOOO/...../...../..... X",
        // Positions no game reaches: black two stones ahead or behind, the wrong side to
        // move, a five followed by a move of the other side, two separate fives.
        "XX.../...../...../...../..... O",
        "O..../...../...../...../..... X",
        "X..../...../...../...../..... X",
        "...../...../...../...../..... O",
        "XXXXX./O.O.O./O.O.../....../....../...... X",
        "XXXXX./....../XXXXX./O.O.O./O.O.O./O.O.O. O",
        "h8 h8",
        "size=4",
        "size=23 a1",
        "h8 zz",
        "3x4 a1",
    ] {
        assert!(Gomoku::parse_position(bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn random_playouts_keep_the_invariants() {
    for (start, games) in [
        (Gomoku::initial(), 20),
        (Gomoku::new(5, Rule::Standard).unwrap(), 40),
        (Gomoku::new(22, Rule::Freestyle).unwrap(), 3),
        (Gomoku::new(7, Rule::Standard).unwrap(), 30),
        (Gomoku::new(7, Rule::Renju).unwrap(), 30),
        (Gomoku::new(15, Rule::Renju).unwrap(), 10),
    ] {
        let plies = random_playouts(&start, games, 7, 22 * 22, |before, mv, after| {
            assert_eq!(after.stones(), before.stones() + 1);
            assert_eq!(after.cell(mv), Cell::Stone(before.to_move()));
            assert_eq!(after.to_move(), 1 - before.to_move());
            match after.turn() {
                Turn::Over(Outcome::Win(p)) => {
                    assert_eq!(p, before.to_move());
                    assert!(after.winning_line().unwrap().contains(&mv));
                }
                Turn::Over(Outcome::Draw) => {
                    // A full board, or under renju a black turn with every point forbidden.
                    assert!(
                        after.stones() == after.points()
                            || (after.rule() == Rule::Renju
                                && after.to_move() == 0
                                && after.forbidden_points().len()
                                    == after.points() - after.stones())
                    );
                }
                _ => assert!(after.winning_line_at(mv).is_none()),
            }
        });
        assert!(plies > games * 5);
    }
}

#[test]
fn sessions_undo_redo_and_save() {
    for seed in 0..4 {
        check_session_history(&Gomoku::initial(), seed);
        check_session_history(&Gomoku::new(6, Rule::Standard).unwrap(), seed);
        check_session_history(&Gomoku::new(9, Rule::Renju).unwrap(), seed);
    }
}

proptest! {
    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = Gomoku::parse_position(&text);
        let _ = Gomoku::initial().parse_move(&text);
        let _ = Gomoku::initial().parse_moves(&text);
    }

    #[test]
    fn board_like_strings_never_panic(text in "([.XOBWxo]{5,8}/){4,7}[.XOBW]{5,8} [XOBWZ]( standard| freestyle| renju| x)?") {
        if let Ok(g) = Gomoku::parse_position(&text) {
            check_position_round_trip(&g);
        }
    }

    #[test]
    fn move_lists_round_trip(moves in proptest::collection::vec(0u16..225, 0..40)) {
        let mut g = Gomoku::initial();
        let mut played = Vec::new();
        for m in moves {
            if g.is_legal(m) {
                played.push(g.move_string(m));
                g.play(m);
            }
        }
        let again = Gomoku::parse_position(&played.join(" ")).unwrap();
        prop_assert_eq!(&again, &g);
        check_position_round_trip(&g);
    }
}
