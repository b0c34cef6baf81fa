//! Renju: black's forbidden points against published positions and against a brute-force
//! reference on random boards, who wins with what, and how forbidden points are refused.

use proptest::prelude::*;
use tabula_core::{Game, Outcome, Player, Turn};
use tabula_gomoku::{Forbidden, Gomoku, Point, Rule};

/// A board from rows (top first) of `.`, `X`, `O` and forbidden marks `3`, `4`, `6` (left
/// empty), black to move, with the marked points and their reasons.
fn marked_board(rows: &[&str]) -> (Gomoku, Vec<(Point, Forbidden)>) {
    let size = rows.len();
    let mut stones = Vec::new();
    let mut marks = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), size, "row {y} of {rows:?}");
        for (x, c) in row.chars().enumerate() {
            let p = (y * size + x) as Point;
            match c {
                'X' => stones.push((p, 0)),
                'O' => stones.push((p, 1)),
                '3' => marks.push((p, Forbidden::DoubleThree)),
                '4' => marks.push((p, Forbidden::DoubleFour)),
                '6' => marks.push((p, Forbidden::Overline)),
                '.' => {}
                other => panic!("unexpected {other:?} in {rows:?}"),
            }
        }
    }
    let game = Gomoku::from_stones(size, Rule::Renju, &stones, 0).expect("a valid board");
    (game, marks)
}

/// The cases of `data/renju_forbidden.txt`: name and rows.
fn data_cases() -> Vec<(String, Vec<&'static str>)> {
    let text = include_str!("data/renju_forbidden.txt");
    let mut cases: Vec<(String, Vec<&str>)> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        if let Some(name) = line.strip_prefix("case ") {
            cases.push((name.to_string(), Vec::new()));
        } else {
            cases.last_mut().expect("a case line first").1.push(line);
        }
    }
    cases
}

fn names(game: &Gomoku, points: &[(Point, Forbidden)]) -> Vec<String> {
    points
        .iter()
        .map(|&(p, why)| format!("{} {}", game.move_string(p), why.name()))
        .collect()
}

#[test]
fn published_positions_have_exactly_their_forbidden_points() {
    let cases = data_cases();
    assert!(cases.len() >= 15, "{} cases", cases.len());
    for (name, rows) in cases {
        let (game, mut marks) = marked_board(&rows);
        marks.sort_by_key(|m| m.0);
        let found = game.forbidden_points();
        assert_eq!(names(&game, &found), names(&game, &marks), "{name}");
        for (p, why) in marks {
            assert_eq!(game.forbidden(p), Some(why), "{name}");
        }
    }
}

/// A renju position from a move list.
fn renju(moves: &str) -> Gomoku {
    Gomoku::parse_position(&format!("renju {moves}")).expect("valid moves")
}

#[test]
fn forbidden_points_are_not_legal_for_black_and_are_refused_with_the_reason() {
    // Black h10 i9 (diagonal h10 i9 . k7) and l7 m7 (row 7: k7 l7 m7): k7 makes two open
    // threes. White's stones are far away.
    let game = renju("h10 a1 i9 a3 l7 a5 m7 a7");
    let k7 = game.parse_move("k7").unwrap();
    assert_eq!(game.forbidden(k7), Some(Forbidden::DoubleThree));
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    assert!(!legal.contains(&k7));
    assert!(!game.is_legal(k7));
    assert_eq!(
        game.illegal_reason(k7).to_string(),
        "forbidden to black under renju: a double three"
    );
    let err = game.parse_moves("k7").unwrap_err().to_string();
    assert!(err.contains("double three"), "{err}");
    // The same point is fine for white, and under the other rules.
    let mut white = game;
    white.play(game.parse_move("o15").unwrap());
    assert!(white.is_legal(k7));
    let free = Gomoku::parse_position("h10 a1 i9 a3 l7 a5 m7 a7").unwrap();
    assert_eq!(free.forbidden(k7), None);
    assert!(free.forbidden_points().is_empty());
}

#[test]
fn white_wins_with_an_overline_and_black_with_exactly_five_only() {
    // White: a2 b2 c2 e2 f2, then d2 makes six.
    let mut game = renju("h8 a2 h9 b2 j12 c2 l12 e2 n12 f2 a15");
    assert!(!game.is_over());
    game.play(game.parse_move("d2").unwrap());
    assert_eq!(game.turn(), Turn::Over(Outcome::Win(1)));
    assert_eq!(game.winning_line().map(|l| l.len()), Some(6));
    // Black with exactly five wins.
    let mut game = renju("a8 o1 b8 o3 c8 o5 d8 o7");
    game.play(game.parse_move("e8").unwrap());
    assert_eq!(game.turn(), Turn::Over(Outcome::Win(0)));
    // A black six on a board string is no win (black cannot play it, but a board may hold it).
    let six = Gomoku::from_stones(
        15,
        Rule::Renju,
        &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
        1,
    )
    .unwrap();
    assert_eq!(six.turn(), Turn::Player(1));
}

#[test]
fn the_rule_is_written_and_read_in_positions() {
    let game = renju("h8 h9");
    let text = game.position_string();
    assert!(text.ends_with(" X renju"), "{text}");
    let back = Gomoku::parse_position(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.rule(), Rule::Renju);
    assert_eq!(Rule::from_name("RENJU"), Some(Rule::Renju));
    assert_eq!(Rule::Renju.name(), "renju");
    let err = Gomoku::parse_position(".../... X renjo")
        .unwrap_err()
        .to_string();
    assert!(err.contains("renju"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// The reference: the RIF definitions applied by brute force over whole lines of a plain grid.

/// A plain grid: `cells[y][x]`, 0 empty, 1 black, 2 white.
#[derive(Clone)]
struct Plain {
    cells: Vec<Vec<u8>>,
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Plain {
    /// The whole line through `(x, y)` along `d` as (x, y) points, in order, and the index of
    /// `(x, y)` in it.
    fn line(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> (Vec<(usize, usize)>, usize) {
        let n = self.cells.len() as i32;
        let inside = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
        let mut back = 0;
        while inside(x - (back + 1) * dx, y - (back + 1) * dy) {
            back += 1;
        }
        let mut points = Vec::new();
        let mut k = -back;
        while inside(x + k * dx, y + k * dy) {
            points.push(((x + k * dx) as usize, (y + k * dy) as usize));
            k += 1;
        }
        (points, back as usize)
    }

    fn get(&self, (x, y): (usize, usize)) -> u8 {
        self.cells[y][x]
    }

    /// The maximal black run containing index `i` of `line`: its bounds (inclusive).
    fn run(&self, line: &[(usize, usize)], i: usize) -> (usize, usize) {
        let (mut a, mut b) = (i, i);
        while a > 0 && self.get(line[a - 1]) == 1 {
            a -= 1;
        }
        while b + 1 < line.len() && self.get(line[b + 1]) == 1 {
            b += 1;
        }
        (a, b)
    }

    fn black_at(&self, line: &[(usize, usize)], i: isize) -> bool {
        i >= 0 && (i as usize) < line.len() && self.get(line[i as usize]) == 1
    }

    /// Fours through index `i` (black) of `line`: distinct sets of four black stones that lie
    /// in a five-point window with one empty point, filling which makes exactly five.
    fn fours(&self, line: &[(usize, usize)], i: usize) -> usize {
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for start in 0..line.len().saturating_sub(4) {
            let window = start..start + 5;
            if !window.contains(&i) {
                continue;
            }
            let blacks: Vec<usize> = window.clone().filter(|&j| self.get(line[j]) == 1).collect();
            let empties = window.clone().filter(|&j| self.get(line[j]) == 0).count();
            let exact = !self.black_at(line, start as isize - 1)
                && !self.black_at(line, start as isize + 5);
            if blacks.len() == 4 && empties == 1 && exact && !sets.contains(&blacks) {
                sets.push(blacks);
            }
        }
        sets.len()
    }

    /// Whether index `i` of `line` lies in a straight four: six points `.XXXX.` with no black
    /// stone just beyond either end.
    fn in_straight_four(&self, line: &[(usize, usize)], i: usize) -> bool {
        (0..line.len().saturating_sub(5)).any(|a| {
            (a + 1..a + 5).contains(&i)
                && self.get(line[a]) == 0
                && self.get(line[a + 5]) == 0
                && (a + 1..a + 5).all(|j| self.get(line[j]) == 1)
                && !self.black_at(line, a as isize - 1)
                && !self.black_at(line, a as isize + 6)
        })
    }

    fn forbidden(&mut self, x: usize, y: usize) -> Option<Forbidden> {
        assert_eq!(self.cells[y][x], 0);
        self.cells[y][x] = 1;
        let verdict = self.verdict(x, y);
        self.cells[y][x] = 0;
        verdict
    }

    fn verdict(&mut self, x: usize, y: usize) -> Option<Forbidden> {
        let lines: Vec<_> = DIRS
            .iter()
            .map(|&d| self.line(x as i32, y as i32, d))
            .collect();
        let lengths: Vec<usize> = lines
            .iter()
            .map(|(line, i)| {
                let (a, b) = self.run(line, *i);
                b - a + 1
            })
            .collect();
        if lengths.contains(&5) {
            return None;
        }
        if lengths.iter().any(|&l| l >= 6) {
            return Some(Forbidden::Overline);
        }
        let fours: Vec<usize> = lines.iter().map(|(line, i)| self.fours(line, *i)).collect();
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut threes = 0;
        for (d, (line, i)) in lines.iter().enumerate() {
            if fours[d] > 0 {
                continue;
            }
            let three = (0..line.len()).any(|j| {
                let (jx, jy) = line[j];
                if self.cells[jy][jx] != 0 {
                    return false;
                }
                self.cells[jy][jx] = 1;
                let straight = self.in_straight_four(line, *i) && self.in_straight_four(line, j);
                self.cells[jy][jx] = 0;
                straight && self.forbidden(jx, jy).is_none()
            });
            threes += three as usize;
        }
        (threes >= 2).then_some(Forbidden::DoubleThree)
    }
}

/// Random boards: for every empty point the renju check agrees with the reference.
fn check_against_reference(size: usize, cells: &[u8]) -> Result<(), TestCaseError> {
    let stones: Vec<(Point, Player)> = cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(p, &c)| (p as Point, c as Player - 1))
        .collect();
    let Ok(game) = Gomoku::from_stones(size, Rule::Renju, &stones, 0) else {
        return Ok(()); // fives of both colours: not a position
    };
    let mut plain = Plain {
        cells: cells.chunks(size).map(<[u8]>::to_vec).collect(),
    };
    for p in 0..(size * size) as Point {
        if cells[p as usize] == 0 {
            let expected = plain.forbidden(p as usize % size, p as usize / size);
            prop_assert_eq!(
                game.forbidden(p),
                expected,
                "at {} on {}",
                game.move_string(p),
                game.position_string()
            );
        }
    }
    Ok(())
}

fn cell() -> impl Strategy<Value = u8> {
    prop_oneof![5 => Just(0u8), 4 => Just(1u8), 2 => Just(2u8)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn forbidden_points_agree_with_the_brute_force_reference(
        cells in proptest::collection::vec(cell(), 100)
    ) {
        check_against_reference(10, &cells)?;
    }
}

/// Positions from random renju play-outs (legal moves only): the check agrees with the
/// reference at every empty point, and black never had a forbidden point among its moves.
#[test]
fn random_playouts_agree_with_the_reference() {
    use rand::seq::IndexedRandom;
    use rand::SeedableRng;
    let mut rng = tabula_core::GameRng::seed_from_u64(29);
    let mut checked = 0;
    for _ in 0..40 {
        let mut game = Gomoku::new(9, Rule::Renju).unwrap();
        let mut moves = Vec::new();
        while !game.is_over() {
            moves.clear();
            game.legal_moves(&mut moves);
            if game.to_move() == 0 {
                assert!(moves.iter().all(|&m| game.forbidden(m).is_none()));
            }
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            game.play(mv);
            let cells: Vec<u8> = (0..81)
                .map(|p| match game.cell(p) {
                    tabula_gomoku::Cell::Empty => 0,
                    tabula_gomoku::Cell::Stone(c) => c as u8 + 1,
                })
                .collect();
            check_against_reference(9, &cells).unwrap();
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked} positions");
}
